//! Number formatting and parsing with CPython semantics.
