use std::fmt;

/// Which Python exception a [`NumError`] corresponds to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    ValueError,
    OverflowError,
    TypeError,
}

impl ErrorKind {
    /// The Python exception class name.
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::ValueError => "ValueError",
            ErrorKind::OverflowError => "OverflowError",
            ErrorKind::TypeError => "TypeError",
        }
    }
}

/// An error from formatting or parsing; `Display` gives CPython's message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NumError {
    /// Raise `ValueError(msg)`.
    Value(String),
    /// Raise `OverflowError(msg)`.
    Overflow(String),
    /// Raise `TypeError(msg)`.
    Type(String),
}

impl NumError {
    pub fn kind(&self) -> ErrorKind {
        match self {
            NumError::Value(_) => ErrorKind::ValueError,
            NumError::Overflow(_) => ErrorKind::OverflowError,
            NumError::Type(_) => ErrorKind::TypeError,
        }
    }
    pub fn message(&self) -> &str {
        match self {
            NumError::Value(m) | NumError::Overflow(m) | NumError::Type(m) => m,
        }
    }
    pub(crate) fn value(m: impl Into<String>) -> Self {
        NumError::Value(m.into())
    }
    pub(crate) fn overflow(m: impl Into<String>) -> Self {
        NumError::Overflow(m.into())
    }
}

impl fmt::Display for NumError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for NumError {}
