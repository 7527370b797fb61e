//! Source positions: byte offset → (line, column) and source-line text, and
//! the translation of `rustpython-parser` errors into CPython-style
//! [`CompileError`]s.

use crate::error::{CompileError, CompileErrorKind};
use rustpython_parser::lexer::{lex, LexicalErrorType};
use rustpython_parser::{ParseError, ParseErrorType, Tok};

/// A source file with a line-start table, used to turn byte offsets (what
/// the AST carries) into 1-based lines and columns.
pub struct SourceMap<'s> {
    pub source: &'s str,
    pub filename: String,
    /// Byte offset at which each line starts; `line_starts[0] == 0`.
    line_starts: Vec<usize>,
}

impl<'s> SourceMap<'s> {
    pub fn new(source: &'s str, filename: &str) -> Self {
        let mut line_starts = vec![0];
        for (i, b) in source.bytes().enumerate() {
            if b == b'\n' {
                line_starts.push(i + 1);
            }
        }
        SourceMap {
            source,
            filename: filename.to_string(),
            line_starts,
        }
    }

    /// 1-based line containing byte `offset` (offsets past the end map to
    /// the last line).
    pub fn line_of(&self, offset: usize) -> u32 {
        let idx = match self.line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        };
        idx as u32 + 1
    }

    /// 1-based (line, column); the column counts characters, like CPython's
    /// `SyntaxError.offset`.
    pub fn line_col(&self, offset: usize) -> (u32, u32) {
        let line = self.line_of(offset);
        let start = self
            .line_starts
            .get(line as usize - 1)
            .copied()
            .unwrap_or(0);
        let end = offset.min(self.source.len());
        let col = self
            .source
            .get(start..end)
            .map(|s| s.chars().count())
            .unwrap_or(end.saturating_sub(start));
        (line, col as u32 + 1)
    }

    /// Text of 1-based `line`, without its line terminator.
    pub fn line_text(&self, line: u32) -> Option<String> {
        let start = *self.line_starts.get((line as usize).checked_sub(1)?)?;
        let end = self
            .line_starts
            .get(line as usize)
            .copied()
            .unwrap_or(self.source.len());
        let text = self.source.get(start..end)?;
        Some(text.trim_end_matches(['\n', '\r']).to_string())
    }

    pub fn error(
        &self,
        kind: CompileErrorKind,
        msg: impl Into<String>,
        offset: usize,
    ) -> CompileError {
        let (line, col) = self.line_col(offset);
        CompileError {
            kind,
            msg: msg.into(),
            filename: self.filename.clone(),
            line,
            col,
            text: self.line_text(line),
        }
    }

    pub fn syntax_error(&self, msg: impl Into<String>, offset: usize) -> CompileError {
        self.error(CompileErrorKind::SyntaxError, msg, offset)
    }

    /// Translate a parser error into CPython's wording.
    pub fn parse_error(&self, err: &ParseError, lex_mode: rustpython_parser::Mode) -> CompileError {
        use CompileErrorKind::*;
        let offset = usize::from(err.offset);
        match &err.error {
            ParseErrorType::Eof => self.eof_error(offset, lex_mode),
            ParseErrorType::UnrecognizedToken(Tok::Indent, _) => {
                self.error(IndentationError, "unexpected indent", offset)
            }
            ParseErrorType::UnrecognizedToken(_, Some(expected)) if expected.contains("Indent") => {
                self.error(
                    IndentationError,
                    self.expected_block_message(offset),
                    offset,
                )
            }
            ParseErrorType::UnrecognizedToken(Tok::Dedent, _) => {
                self.error(IndentationError, "unexpected unindent", offset)
            }
            ParseErrorType::UnrecognizedToken(Tok::EndOfFile, _) => {
                self.eof_error(offset, lex_mode)
            }
            ParseErrorType::UnrecognizedToken(Tok::Newline, _)
                if self.compound_header_without_colon(offset) =>
            {
                self.syntax_error("expected ':'", offset)
            }
            ParseErrorType::UnrecognizedToken(..) if self.looks_like_print_statement(offset) => {
                let line = self.line_of(offset);
                let text = self.line_text(line).unwrap_or_default();
                let indent = text.len() - text.trim_start().len();
                let start = self
                    .line_starts
                    .get(line as usize - 1)
                    .copied()
                    .unwrap_or(0)
                    + indent;
                self.syntax_error(
                    "Missing parentheses in call to 'print'. Did you mean print(...)?",
                    start,
                )
            }
            ParseErrorType::UnrecognizedToken(..)
            | ParseErrorType::ExtraToken(_)
            | ParseErrorType::InvalidToken => self.syntax_error("invalid syntax", offset),
            ParseErrorType::Lexical(lex_err) => self.lexical_error(lex_err, offset, lex_mode),
        }
    }

    fn lexical_error(
        &self,
        err: &LexicalErrorType,
        offset: usize,
        lex_mode: rustpython_parser::Mode,
    ) -> CompileError {
        use CompileErrorKind::*;
        use LexicalErrorType as L;
        let msg = match err {
            L::IndentationError
                if self
                    .source
                    .get(offset..)
                    .is_none_or(|rest| rest.trim().is_empty()) =>
            {
                // End of input where a block should start (`if x:` then EOF).
                let at = self.source.trim_end().len();
                let msg = self.expected_block_before_line(self.line_of(at) + 1);
                return self.error(IndentationError, msg, at);
            }
            L::IndentationError => {
                return self.error(
                    IndentationError,
                    "unindent does not match any outer indentation level",
                    offset,
                )
            }
            L::TabError | L::TabsAfterSpaces => {
                return self.error(
                    TabError,
                    "inconsistent use of tabs and spaces in indentation",
                    offset,
                )
            }
            L::Eof => return self.eof_error(offset, lex_mode),
            L::StringError => {
                let start = self.bad_token_start(offset, lex_mode);
                return self.syntax_error(self.string_error_message(start), start);
            }
            L::UnicodeError => "(unicode error) malformed escape sequence".to_string(),
            L::NestingError => {
                // The lexer reports the position after the closing bracket.
                let at = offset.saturating_sub(1);
                return match self.source.get(at..offset) {
                    Some(c @ (")" | "]" | "}")) => {
                        self.syntax_error(format!("unmatched '{c}'"), at)
                    }
                    _ => self.syntax_error("unmatched bracket", offset),
                };
            }
            L::DefaultArgumentError => "non-default argument follows default argument".to_string(),
            L::DuplicateArgumentError(name) => {
                format!("duplicate argument '{name}' in function definition")
            }
            L::PositionalArgumentError => {
                "positional argument follows keyword argument".to_string()
            }
            L::UnpackedArgumentError => {
                "iterable argument unpacking follows keyword argument unpacking".to_string()
            }
            L::DuplicateKeywordArgumentError(name) => format!("keyword argument repeated: {name}"),
            L::UnrecognizedToken { tok } => {
                // Point at the character itself when the lexer is past it.
                let before = offset.saturating_sub(tok.len_utf8());
                let at = if self
                    .source
                    .get(before..offset)
                    .is_some_and(|s| s.starts_with(*tok))
                {
                    before
                } else {
                    offset
                };
                let msg = if tok.is_ascii() {
                    "invalid syntax".to_string()
                } else {
                    format!("invalid character '{tok}' (U+{:04X})", *tok as u32)
                };
                return self.syntax_error(msg, at);
            }
            L::FStringError(e) => format!("f-string: {e}"),
            L::LineContinuationError => {
                "unexpected character after line continuation character".to_string()
            }
            L::OtherError(s) => s.clone(),
        };
        self.syntax_error(msg, offset)
    }

    /// A string-literal lexing error is almost always an unterminated literal.
    fn string_error_message(&self, offset: usize) -> String {
        let line = self.line_of(offset);
        let rest = self.source.get(offset..).unwrap_or("");
        let triple = rest.trim_start_matches(|c: char| c.is_ascii_alphabetic());
        if triple.starts_with("\"\"\"") || triple.starts_with("'''") {
            format!("unterminated triple-quoted string literal (detected at line {line})")
        } else {
            format!("unterminated string literal (detected at line {line})")
        }
    }

    /// End of input inside an open bracket reports the bracket, as CPython does.
    fn eof_error(&self, offset: usize, lex_mode: rustpython_parser::Mode) -> CompileError {
        let mut open: Vec<(char, usize)> = Vec::new();
        let mut last_end = 0;
        for tok in lex(self.source, lex_mode) {
            let (tok, range) = match tok {
                Ok(t) => t,
                Err(e) => {
                    if let Some(err) = self.unterminated_triple_quote(&e.error, last_end) {
                        return err;
                    }
                    break;
                }
            };
            let start = usize::from(range.start());
            last_end = usize::from(range.end());
            match tok {
                Tok::Lpar => open.push(('(', start)),
                Tok::Lsqb => open.push(('[', start)),
                Tok::Lbrace => open.push(('{', start)),
                Tok::Rpar | Tok::Rsqb | Tok::Rbrace => {
                    open.pop();
                }
                _ => {}
            }
        }
        match open.last() {
            Some(&(c, at)) => self.syntax_error(format!("'{c}' was never closed"), at),
            None => self.syntax_error("unexpected EOF while parsing", offset),
        }
    }

    /// The lexer reports an unterminated triple-quoted string as a bare EOF;
    /// recognise it from the text after the last good token.
    fn unterminated_triple_quote(
        &self,
        err: &LexicalErrorType,
        last_end: usize,
    ) -> Option<CompileError> {
        if !matches!(err, LexicalErrorType::Eof) {
            return None;
        }
        let rest = self.source.get(last_end..)?;
        let trimmed = rest.trim_start();
        let start = last_end + (rest.len() - trimmed.len());
        let body = trimmed.trim_start_matches(|c: char| c.is_ascii_alphabetic());
        if !(body.starts_with("\"\"\"") || body.starts_with("'''")) {
            return None;
        }
        let last_line = self.line_of(self.source.len().saturating_sub(1));
        Some(self.syntax_error(
            format!("unterminated triple-quoted string literal (detected at line {last_line})"),
            start,
        ))
    }

    /// Start of the token the lexer failed on: the first non-blank byte
    /// after the last token it produced before `offset`.
    fn bad_token_start(&self, offset: usize, lex_mode: rustpython_parser::Mode) -> usize {
        let mut last_end = 0;
        for tok in lex(self.source, lex_mode) {
            match tok {
                Ok((_, range)) if usize::from(range.end()) <= offset => {
                    last_end = usize::from(range.end())
                }
                _ => break,
            }
        }
        let rest = self.source.get(last_end..offset).unwrap_or("");
        last_end + (rest.len() - rest.trim_start().len())
    }

    /// CPython names the statement that lacks its indented block.
    fn expected_block_message(&self, offset: usize) -> String {
        self.expected_block_before_line(self.line_of(offset))
    }

    /// The message for a missing block whose header is on a line before `line`.
    fn expected_block_before_line(&self, line: u32) -> String {
        let header = (1..line).rev().find_map(|l| {
            let text = self.line_text(l)?;
            let t = text.trim_start();
            (!t.is_empty() && !t.starts_with('#')).then(|| (l, t.to_string()))
        });
        let Some((hline, text)) = header else {
            return "expected an indented block".to_string();
        };
        let text = text.strip_prefix("async ").unwrap_or(&text);
        let word: String = text
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let what = match word.as_str() {
            "def" => "function definition".to_string(),
            "class" => "class definition".to_string(),
            "if" | "elif" | "else" | "while" | "for" | "try" | "except" | "finally" | "with" => {
                format!("'{word}' statement")
            }
            _ => return "expected an indented block".to_string(),
        };
        format!("expected an indented block after {what} on line {hline}")
    }

    /// Python 2's `print x` statement.
    fn looks_like_print_statement(&self, offset: usize) -> bool {
        let text = self.line_text(self.line_of(offset)).unwrap_or_default();
        let Some(rest) = text.trim_start().strip_prefix("print") else {
            return false;
        };
        rest.starts_with([' ', '\t'])
            && !rest
                .trim_start()
                .starts_with(['(', '=', '.', '[', ',', ')', ';'])
            && !rest.trim_start().is_empty()
    }

    /// A line that starts a compound statement ended before its `:`
    /// (a heuristic: the parser does not say which token it wanted).
    fn compound_header_without_colon(&self, offset: usize) -> bool {
        let text = self.line_text(self.line_of(offset)).unwrap_or_default();
        let t = text.trim_start();
        let t = t.strip_prefix("async ").unwrap_or(t);
        let word: String = t
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let keyword = matches!(
            word.as_str(),
            "if" | "elif"
                | "else"
                | "while"
                | "for"
                | "def"
                | "class"
                | "try"
                | "except"
                | "finally"
                | "with"
        );
        keyword && !t.trim_end().ends_with(':')
    }
}
