//! Unicode's link detection standard, UTS #58 ("Unicode Link Detection
//! and Formatting", Unicode 17): the `Link_Term`, `Link_Bracket` and
//! `Link_Email` properties, the host characters of UTS #46 and IANA's
//! TLDs, as tables generated from the data files
//! (`tests/data/uts58/generate.py`), looked up per code point; the
//! standard's detection algorithm (`detect`); and its minimal escaping of
//! a URL (`minimal`).

#![forbid(unsafe_code)]

pub(crate) mod detect;

pub(crate) mod minimal;
mod tables;

pub(crate) use detect::char_before;
pub(crate) use tables::MAX_TLD_LEN;

/// The `Link_Term` property: how a code point ends (or not) a link.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum LinkTerm {
    /// Ends a link: whitespace, controls, unassigned code points.
    Hard,
    /// Goes on a link only when an Include character follows it
    /// (punctuation that may end a sentence).
    Soft,
    /// A closing bracket: on the link when it closes an Open one.
    Close,
    /// An opening bracket.
    Open,
    /// Goes on a link.
    Include,
}

/// `Link_Term` of `c`.
///
/// A table of the Basic Multilingual Plane for text of every script,
/// else a binary search of the generated ranges.
#[inline]
pub(crate) fn link_term(c: char) -> LinkTerm {
    let u = c as u32;
    if let Some(&b) = BMP.get(u as usize) {
        return TERMS[(b & TERM_BITS) as usize];
    }
    let t = tables::LINK_TERM;
    let k = t.partition_point(|&(_, hi, _)| hi < u);
    match t.get(k) {
        Some(&(lo, _, v)) if lo <= u => v,
        _ => LinkTerm::Hard,
    }
}

/// The values of `LinkTerm` by their `repr(u8)`.
const TERMS: [LinkTerm; 5] = [
    LinkTerm::Hard,
    LinkTerm::Soft,
    LinkTerm::Close,
    LinkTerm::Open,
    LinkTerm::Include,
];
const TERM_BITS: u8 = 0b111;
const VALID_HOST_BIT: u8 = 0b1000;
const LINK_EMAIL_BIT: u8 = 0b1_0000;

/// Each code point of the Basic Multilingual Plane: its `Link_Term` (the
/// low three bits), whether UTS #46 takes it in a host and whether
/// `Link_Email` does. Built from the generated ranges when compiled.
// PERF: a lookup in place of a binary search of 1,116 ranges for every
// character beyond ASCII that a URL's end is decided on: `urlx -j1
// --no-mail -o` over Russian and Japanese lines (benches/extract.rs
// `intl_text`) took 1.33 times as long with the search.
static BMP: [u8; 0x10000] = {
    let mut a = [0u8; 0x10000];
    let t = tables::LINK_TERM;
    let mut i = 0;
    while i < t.len() && t[i].0 < 0x10000 {
        let (lo, hi, v) = t[i];
        let mut c = lo;
        while c <= hi && c < 0x10000 {
            a[c as usize] = v as u8;
            c += 1;
        }
        i += 1;
    }
    let sets = [
        (tables::VALID_HOST, VALID_HOST_BIT),
        (tables::LINK_EMAIL, LINK_EMAIL_BIT),
    ];
    let mut s = 0;
    while s < sets.len() {
        let (t, bit) = sets[s];
        let mut i = 0;
        while i < t.len() && t[i].0 < 0x10000 {
            let (lo, hi) = t[i];
            let mut c = lo;
            while c <= hi && c < 0x10000 {
                a[c as usize] |= bit;
                c += 1;
            }
            i += 1;
        }
        s += 1;
    }
    a
};

/// Whether `c` is in one of the generated range sets, by the BMP table's
/// `bit` or a binary search of `t` above it.
#[inline]
fn in_set(c: char, bit: u8, t: &[(u32, u32)]) -> bool {
    let u = c as u32;
    if let Some(&b) = BMP.get(u as usize) {
        return b & bit != 0;
    }
    let k = t.partition_point(|&(_, hi)| hi < u);
    t.get(k).is_some_and(|&(lo, _)| lo <= u)
}

/// The opening bracket `Link_Bracket` pairs with the closing `c`.
pub(crate) fn link_bracket(c: char) -> Option<char> {
    let t = tables::LINK_BRACKET;
    let u = c as u32;
    let k = t.binary_search_by_key(&u, |&(close, _)| close).ok()?;
    char::from_u32(t[k].1)
}

/// Whether `c` may be in an e-mail local part (`Link_Email`).
pub(crate) fn link_email(c: char) -> bool {
    in_set(c, LINK_EMAIL_BIT, tables::LINK_EMAIL)
}

/// Whether `c` may be in a domain name as the standard scans one: ASCII
/// letters, digits, `-` and the dots `.` `．` `。`, and above ASCII what
/// UTS #46 takes (status valid, or mapped to letters, digits and dots).
#[inline]
pub(crate) fn valid_host(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphanumeric() || c == '-' || c == '.';
    }
    in_set(c, VALID_HOST_BIT, tables::VALID_HOST)
}

/// [`valid_host`] without the dots (`.`, `．`, `。`): a label's characters.
#[inline]
pub(crate) fn valid_label(c: char) -> bool {
    !matches!(c, '.' | '\u{FF0E}' | '\u{3002}') && valid_host(c)
}

/// Whether `c` may be in a domain label as the default finder reads one
/// (addresses in e-mail mode, domain names without a scheme): an ASCII
/// letter, digit or `-`, or beyond ASCII a [`valid_label`] character that
/// `Link_Term` takes (no Soft punctuation, no bracket).
#[inline]
pub(crate) fn label_char(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphanumeric() || c == '-';
    }
    valid_label(c) && link_term(c) == LinkTerm::Include
}

/// Whether the last label of a domain name may end an address or a name:
/// two or more ASCII letters, or beyond ASCII one of IANA's top-level
/// domains (`みんな`; not `xyϸ`, a word of another alphabet after a
/// name).
pub(crate) fn last_label_ok(label: &str) -> bool {
    if label.is_ascii() {
        return label.len() >= 2 && label.bytes().all(|b| b.is_ascii_alphabetic());
    }
    is_tld(&label.to_lowercase())
}

/// Whether `c` separates labels as the standard splits them (`.`, `。`).
#[inline]
pub(crate) fn is_dot(c: char) -> bool {
    c == '.' || c == '\u{3002}'
}

/// Whether `label` (lower case) is a top-level domain in IANA's list, in
/// its ASCII or its Unicode form.
pub(crate) fn is_tld(label: &str) -> bool {
    tables::TLDS.binary_search(&label).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c_f8_link_term_of_the_data() {
        use LinkTerm::*;
        for (c, t) in [
            (' ', Hard),
            ('\n', Hard),
            ('.', Soft),
            (',', Soft),
            ('(', Open),
            (')', Close),
            ('<', Open),
            ('>', Close),
            ('a', Include),
            ('/', Include),
            ('@', Include),
            ('\u{3002}', Soft),
            ('み', Include),
            ('\u{a0}', Hard),
            ('\u{10ffff}', Hard),
        ] {
            assert_eq!(link_term(c), t, "{c:?}");
        }
        assert_eq!(link_bracket(')'), Some('('));
        assert_eq!(link_bracket('>'), Some('<'));
        assert_eq!(link_bracket('a'), None);
        assert!(link_email('a') && link_email('.') && !link_email('@') && !link_email(' '));
        assert!(is_tld("com") && is_tld("みんな") && is_tld("xn--11b4c3d") && !is_tld("invalid"));
        assert!(valid_host('a') && valid_host('.') && valid_host('ö') && valid_host('Ö'));
        assert!(valid_host('\u{3002}') && valid_host('\u{FF0E}') && valid_host('み'));
        assert!(!valid_host('_') && !valid_host('\u{a0}') && !valid_host('ß'));
        // UTS #46 valid, though IDNA2008 refuses it: the standard's scan
        // takes it into a domain name.
        assert!(valid_host('😎'));
        assert!(valid_label('a') && !valid_label('.') && !valid_label('\u{FF0E}'));
    }

    /// The table of the Basic Multilingual Plane says what the generated
    /// ranges say, for every code point.
    #[test]
    fn c_f8_the_bmp_table_is_the_ranges() {
        let term = |u: u32| {
            let t = tables::LINK_TERM;
            t.iter()
                .find(|&&(lo, hi, _)| lo <= u && u <= hi)
                .map_or(LinkTerm::Hard, |&(_, _, v)| v)
        };
        let set = |t: &[(u32, u32)], u: u32| t.iter().any(|&(lo, hi)| lo <= u && u <= hi);
        for c in (0..0x10000).filter_map(char::from_u32) {
            let u = c as u32;
            assert_eq!(link_term(c), term(u), "{u:04X}");
            assert_eq!(link_email(c), set(tables::LINK_EMAIL, u), "{u:04X}");
            if !c.is_ascii() {
                assert_eq!(valid_host(c), set(tables::VALID_HOST, u), "{u:04X}");
            }
        }
    }
}
