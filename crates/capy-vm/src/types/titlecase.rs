//! Unicode title case, for `str.title` and `str.capitalize`.
//!
//! Rust's `char` knows upper and lower case but not title case; for all
//! but about 130 characters the two agree. Those are listed here from the
//! Unicode data (UnicodeData.txt's titlecase column and SpecialCasing.txt):
//! the digraphs (`ǆ` → `ǅ`), Greek letters with a subscript iota, Latin
//! and Armenian ligatures (`ﬁ` → `Fi`), `ß` (→ `Ss`), and Georgian
//! Mkhedruli, whose title case is itself.

/// The title case of `c` (one to three characters).
pub fn to_title(c: char) -> TitleCase {
    let u = c as u32;
    let fixed: Option<&'static [u32]> = match u {
        0xdf => Some(&[0x53, 0x73]),
        0x1c4..=0x1c6 => Some(&[0x1c5]),
        0x1c7..=0x1c9 => Some(&[0x1c8]),
        0x1ca..=0x1cc => Some(&[0x1cb]),
        0x1f1..=0x1f3 => Some(&[0x1f2]),
        0x587 => Some(&[0x535, 0x582]),
        0x1fb2 => Some(&[0x1fba, 0x345]),
        0x1fb3 | 0x1fbc => Some(&[0x1fbc]),
        0x1fb4 => Some(&[0x386, 0x345]),
        0x1fb7 => Some(&[0x391, 0x342, 0x345]),
        0x1fc2 => Some(&[0x1fca, 0x345]),
        0x1fc3 | 0x1fcc => Some(&[0x1fcc]),
        0x1fc4 => Some(&[0x389, 0x345]),
        0x1fc7 => Some(&[0x397, 0x342, 0x345]),
        0x1ff2 => Some(&[0x1ffa, 0x345]),
        0x1ff3 | 0x1ffc => Some(&[0x1ffc]),
        0x1ff4 => Some(&[0x38f, 0x345]),
        0x1ff7 => Some(&[0x3a9, 0x342, 0x345]),
        0xfb00 => Some(&[0x46, 0x66]),
        0xfb01 => Some(&[0x46, 0x69]),
        0xfb02 => Some(&[0x46, 0x6c]),
        0xfb03 => Some(&[0x46, 0x66, 0x69]),
        0xfb04 => Some(&[0x46, 0x66, 0x6c]),
        0xfb05 | 0xfb06 => Some(&[0x53, 0x74]),
        0xfb13 => Some(&[0x544, 0x576]),
        0xfb14 => Some(&[0x544, 0x565]),
        0xfb15 => Some(&[0x544, 0x56b]),
        0xfb16 => Some(&[0x54e, 0x576]),
        0xfb17 => Some(&[0x544, 0x56d]),
        _ => None,
    };
    if let Some(cs) = fixed {
        return TitleCase::Chars(cs.iter());
    }
    // Greek with subscript iota: the lower forms (…0-…7) take the capital
    // with prosgegrammeni (…8-…F), which are their own title case.
    let single = match u {
        0x1f80..=0x1faf if u & 0xf < 8 => char::from_u32(u + 8),
        0x1f80..=0x1faf => Some(c),
        0x10d0..=0x10fa | 0x10fd..=0x10ff => Some(c),
        _ => None,
    };
    match single {
        Some(t) => TitleCase::One(Some(t)),
        None => TitleCase::Upper(c.to_uppercase()),
    }
}

/// Whether `c` is a title-case letter (category Lt), which is neither
/// upper nor lower case but is cased.
pub fn is_titlecase(c: char) -> bool {
    let u = c as u32;
    matches!(u, 0x1c5 | 0x1c8 | 0x1cb | 0x1f2 | 0x1fbc | 0x1fcc | 0x1ffc)
        || (0x1f88..=0x1faf).contains(&u) && u & 0xf >= 8
}

/// Whether `c` has case (upper, lower or title), as `str.title` asks of
/// the character before a letter.
pub fn is_cased(c: char) -> bool {
    c.is_uppercase() || c.is_lowercase() || is_titlecase(c)
}

pub enum TitleCase {
    Chars(std::slice::Iter<'static, u32>),
    One(Option<char>),
    Upper(std::char::ToUppercase),
}

impl Iterator for TitleCase {
    type Item = char;
    fn next(&mut self) -> Option<char> {
        match self {
            TitleCase::Chars(it) => it.next().and_then(|&u| char::from_u32(u)),
            TitleCase::One(c) => c.take(),
            TitleCase::Upper(it) => it.next(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn title(c: char) -> String {
        to_title(c).collect()
    }

    #[test]
    fn title_case_differs_from_upper_case_where_unicode_says() {
        assert_eq!(title('ǆ'), "ǅ");
        assert_eq!(title('ß'), "Ss");
        assert_eq!(title('ﬁ'), "Fi");
        assert_eq!(title('\u{1f80}'), "\u{1f88}");
        assert_eq!(title('\u{1f88}'), "\u{1f88}");
        assert_eq!(title('ა'), "ა");
        assert_eq!(title('a'), "A");
        assert_eq!(title('ǅ'), "ǅ");
        assert!(is_cased('ǅ') && !is_cased('1'));
    }
}
