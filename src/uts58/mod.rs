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
/// An ASCII table for the common case, else a binary search of the
/// generated ranges.
#[inline]
pub(crate) fn link_term(c: char) -> LinkTerm {
    let u = c as u32;
    if u < 0x80 {
        return ASCII_TERM[u as usize];
    }
    let t = tables::LINK_TERM;
    let k = t.partition_point(|&(_, hi, _)| hi < u);
    match t.get(k) {
        Some(&(lo, _, v)) if lo <= u => v,
        _ => LinkTerm::Hard,
    }
}

/// `Link_Term` of the ASCII code points.
static ASCII_TERM: [LinkTerm; 128] = {
    let mut a = [LinkTerm::Hard; 128];
    let t = tables::LINK_TERM;
    let mut i = 0;
    while i < t.len() && t[i].0 < 0x80 {
        let (lo, hi, v) = t[i];
        let mut c = lo;
        while c <= hi && c < 0x80 {
            a[c as usize] = v;
            c += 1;
        }
        i += 1;
    }
    a
};

/// The opening bracket `Link_Bracket` pairs with the closing `c`.
pub(crate) fn link_bracket(c: char) -> Option<char> {
    let t = tables::LINK_BRACKET;
    let u = c as u32;
    let k = t.binary_search_by_key(&u, |&(close, _)| close).ok()?;
    char::from_u32(t[k].1)
}

/// Whether `c` may be in an e-mail local part (`Link_Email`).
pub(crate) fn link_email(c: char) -> bool {
    let t = tables::LINK_EMAIL;
    let u = c as u32;
    let k = t.partition_point(|&(_, hi)| hi < u);
    t.get(k).is_some_and(|&(lo, _)| lo <= u)
}

/// Whether `c` may be in a domain name as the standard scans one: ASCII
/// letters, digits, `-` and the dots `.` `．` `。`, and above ASCII what
/// UTS #46 takes (status valid, or mapped to letters, digits and dots).
#[inline]
pub(crate) fn valid_host(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphanumeric() || c == '-' || c == '.';
    }
    let t = tables::VALID_HOST;
    let u = c as u32;
    let k = t.partition_point(|&(_, hi)| hi < u);
    t.get(k).is_some_and(|&(lo, _)| lo <= u)
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
}
