//! Number formatting and parsing with CPython 3.11 semantics.
//!
//! Everything here is pure: functions take Rust values and return `String`s
//! or [`NumError`]s whose `Display` is exactly the message CPython would put in
//! the exception, and whose [`NumError::kind`] says which exception type to
//! raise.
//!
//! Overview:
//! * [`float_repr`], [`complex_repr`], [`float_hex`], [`float_fromhex`],
//!   [`round_float`], [`round_half_even`], [`float_is_integer`], [`round_int`],
//!   [`float_to_bigint`], [`bigint_to_f64`], [`float_as_integer_ratio`]
//! * format-spec mini-language: [`parse_format_spec`] + [`format_float`],
//!   [`format_int_i64`], [`format_bigint`], [`format_str`]; or the one-shot
//!   `__format__` equivalents [`float_dunder_format`], [`int_dunder_format`],
//!   [`i64_dunder_format`], [`str_dunder_format`]; complex: [`format_complex`],
//!   [`complex_dunder_format`]
//! * printf-style: [`percent_format_int`], [`percent_format_i64`],
//!   [`percent_format_float`]
//! * parsing: [`parse_int`], [`parse_int_with_limit`], [`parse_float`]
//! * int → text: [`int_to_decimal_string`], [`int_to_str_radix`], [`int_bin`],
//!   [`int_oct`], [`int_hex`]; digit limit: [`check_int_max_str_digits`]
//!
//! Notes for callers:
//! * No global state. CPython's `sys.int_max_str_digits` is passed explicitly
//!   to the `*_with_limit` functions; the plain ones use
//!   [`DEFAULT_MAX_STR_DIGITS`] (4300). Small-int (`i64`) paths never hit it.
//! * Widths/precisions above [`MAX_FORMAT_SIZE`] are refused with an error
//!   (CPython would try to allocate); nothing here panics on any input.
//! * Known deviations: format code `'c'` for a surrogate code point yields
//!   U+FFFD (Rust strings cannot hold lone surrogates); the printf
//!   "unsupported format character" error has no `at index N` suffix (the
//!   caller knows the index).
//! * `tests/cpython_diff.rs` checks ~19k cases against the local `python3`.

mod error;
mod floatfmt;
mod hexfloat;
mod intfmt;
mod parse;
mod percent;
mod printable_table;
mod pyrepr;
mod spec;
mod unicode;

pub use error::{ErrorKind, NumError};
pub use floatfmt::{complex_repr, float_is_integer, float_repr, round_float, round_half_even};
pub use hexfloat::{float_fromhex, float_hex};
pub use intfmt::{
    bigint_to_f64, check_int_max_str_digits, float_as_integer_ratio, float_to_bigint, int_bin,
    int_hex, int_oct, int_to_decimal_string, int_to_str_radix, round_int, IntValue,
    DEFAULT_MAX_STR_DIGITS,
};
pub use parse::{parse_float, parse_int, parse_int_with_limit};
pub use percent::{
    percent_format_float, percent_format_i64, percent_format_int, percent_format_int_with_limit,
    PercentFlags,
};
pub use pyrepr::py_str_repr;
pub use spec::{
    complex_dunder_format, float_dunder_format, format_bigint, format_bigint_with_limit,
    format_complex, format_float, format_int_i64, format_str, i64_dunder_format, int_dunder_format,
    int_dunder_format_with_limit, parse_format_spec, str_dunder_format, Align, FormatSpec,
    Grouping, Sign,
};

/// Upper bound on widths / precisions we agree to honour (characters).
/// Anything larger is rejected with an error instead of trying to allocate.
pub const MAX_FORMAT_SIZE: usize = 10_000_000;

/// Alias used by the format-spec functions.
pub type FmtError = NumError;
/// Alias used by the parsing functions.
pub type ParseError = NumError;
