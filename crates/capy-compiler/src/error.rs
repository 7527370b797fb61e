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
        let text = self.text.as_deref();
        f.write_str(&location_block(&self.filename, self.line, self.col, text))?;
        write!(f, "{}: {}", self.kind.exception_name(), self.msg)
    }
}

/// The lines CPython prints above a syntax error's message: the file and
/// line, then the source line with a caret under column `col` (1-based,
/// in characters). The traceback of a SyntaxError raised at run time
/// (`compile`, `exec`, an import) shows the same block.
pub fn location_block(filename: &str, line: u32, col: u32, text: Option<&str>) -> String {
    let mut out = format!("  File \"{filename}\", line {line}\n");
    if let Some(text) = text {
        let trimmed = text.trim_start();
        let indent = text.chars().count() - trimmed.chars().count();
        out.push_str(&format!("    {}\n", trimmed.trim_end()));
        let col = (col as usize).saturating_sub(1).saturating_sub(indent);
        let caret_col = col.min(trimmed.chars().count());
        out.push_str(&format!("    {}^\n", " ".repeat(caret_col)));
    }
    out
}

impl std::error::Error for CompileError {}
