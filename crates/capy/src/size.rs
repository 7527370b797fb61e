//! Byte sizes as the command line and policy files write them: `"64K"`,
//! `"8M"`, `"2G"` or a plain number of bytes, parsed by the VM crate's
//! one parser (`capy_vm::budget::parse_size`), so `--heap 8M`, `heap =
//! "8M"` in a policy and `Compartment(heap="8M")` can never disagree.

pub use capy_vm::budget::parse_size;

/// `n` bytes written back the short way (`"4G"`, `"8M"`, `"64K"`) when a
/// unit divides it, else as a number: how `capy audit` prints quotas.
pub fn format_size(n: usize) -> String {
    const UNITS: [(usize, &str); 3] = [(1 << 30, "G"), (1 << 20, "M"), (1 << 10, "K")];
    for (unit, suffix) in UNITS {
        if n != 0 && n.is_multiple_of(unit) {
            return format!("{}{suffix}", n / unit);
        }
    }
    n.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(parse_size("64K"), Some(64 << 10));
        assert_eq!(parse_size(" 8m "), Some(8 << 20));
        assert_eq!(parse_size("2G"), Some(2 << 30));
        assert_eq!(parse_size("123"), Some(123));
        assert_eq!(parse_size(""), None);
        assert_eq!(parse_size("M"), None);
        assert_eq!(parse_size("1.5M"), None);
        assert_eq!(parse_size("-1K"), None);
        assert_eq!(parse_size("99999999999999999999G"), None);
        assert_eq!(parse_size("8é"), None);
        assert_eq!(format_size(4 << 30), "4G");
        assert_eq!(format_size(8 << 20), "8M");
        assert_eq!(format_size(1536), "1536");
        assert_eq!(format_size(3 << 10), "3K");
        assert_eq!(format_size(0), "0");
    }
}
