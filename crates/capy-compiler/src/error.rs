use std::fmt;

/// Which Python exception a compile error becomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompileErrorKind {
    SyntaxError,
    IndentationError,
    TabError,
    /// Nesting too deep to compile (CPython: "too many nested parentheses" or
    /// RecursionError during compilation).
    TooDeep,
}

impl CompileErrorKind {
    /// The Python exception class name.
    pub fn exception_name(self) -> &'static str {
        match self {
            CompileErrorKind::SyntaxError | CompileErrorKind::TooDeep => "SyntaxError",
            CompileErrorKind::IndentationError => "IndentationError",
            CompileErrorKind::TabError => "TabError",
        }
    }
}

/// A syntax error with its location. Lines and columns are 1-based; `text`
/// is the offending source line (without its newline) when known.
#[derive(Clone, Debug, PartialEq)]
pub struct CompileError {
    pub kind: CompileErrorKind,
    pub msg: String,
    pub filename: String,
    pub line: u32,
    pub col: u32,
    pub text: Option<String>,
}

impl fmt::Display for CompileError {
    /// CPython's layout:
    /// ```text
    ///   File "x.py", line 3
    ///     x = = 1
    ///         ^
    /// SyntaxError: invalid syntax
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "  File \"{}\", line {}", self.filename, self.line)?;
        if let Some(text) = &self.text {
            let trimmed = text.trim_start();
            let indent = text.len() - trimmed.len();
            writeln!(f, "    {}", trimmed.trim_end())?;
            // `col` counts characters (1-based); `indent` is leading
            // whitespace, one byte per character.
            let col = (self.col as usize).saturating_sub(1).saturating_sub(indent);
            let caret_col = trimmed.chars().take(col).count();
            writeln!(f, "    {}^", " ".repeat(caret_col))?;
        }
        write!(f, "{}: {}", self.kind.exception_name(), self.msg)
    }
}

impl std::error::Error for CompileError {}
