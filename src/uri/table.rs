//! Byte-class tables for the RFC 3986 grammar.
//!
//! One 256-entry table of bit flags; each component's character set is a
//! mask over it. `%` is not in any mask: the scanners treat it specially,
//! because a percent sign is only valid as the start of `pct-encoded`.

/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`
pub(crate) const UNRESERVED: u16 = 1 << 0;
/// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="`
pub(crate) const SUB_DELIM: u16 = 1 << 1;
/// `":"`
pub(crate) const COLON: u16 = 1 << 2;
/// `"@"`
pub(crate) const AT: u16 = 1 << 3;
/// `"/"`
pub(crate) const SLASH: u16 = 1 << 4;
/// `"?"`
pub(crate) const QUESTION: u16 = 1 << 5;
/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`: the non-initial characters.
pub(crate) const SCHEME: u16 = 1 << 6;
/// `HEXDIG`
pub(crate) const HEX: u16 = 1 << 7;
/// `ALPHA`
pub(crate) const ALPHA: u16 = 1 << 8;
/// `DIGIT`
pub(crate) const DIGIT: u16 = 1 << 9;

/// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )`
pub(crate) const USERINFO: u16 = UNRESERVED | SUB_DELIM | COLON;
/// `reg-name = *( unreserved / pct-encoded / sub-delims )`
pub(crate) const REG_NAME: u16 = UNRESERVED | SUB_DELIM;
/// `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"`
pub(crate) const PCHAR: u16 = UNRESERVED | SUB_DELIM | COLON | AT;
/// `segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )`
pub(crate) const SEGMENT_NC: u16 = UNRESERVED | SUB_DELIM | AT;
/// path characters: `pchar / "/"`
pub(crate) const PATH: u16 = PCHAR | SLASH;
/// `query = *( pchar / "/" / "?" )`, and `fragment`, which is the same set.
pub(crate) const QUERY: u16 = PCHAR | SLASH | QUESTION;
/// `IPvFuture` tail: `1*( unreserved / sub-delims / ":" )`
pub(crate) const IPV_FUTURE: u16 = UNRESERVED | SUB_DELIM | COLON;

const fn build() -> [u16; 256] {
    let mut t = [0u16; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        let mut f = 0;
        if b.is_ascii_alphabetic() {
            f |= ALPHA | UNRESERVED | SCHEME;
        }
        if b.is_ascii_digit() {
            f |= DIGIT | UNRESERVED | SCHEME;
        }
        if b.is_ascii_hexdigit() {
            f |= HEX;
        }
        match b {
            b'-' | b'.' => f |= UNRESERVED | SCHEME,
            b'_' | b'~' => f |= UNRESERVED,
            b'+' => f |= SUB_DELIM | SCHEME,
            b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b',' | b';' | b'=' => f |= SUB_DELIM,
            b':' => f |= COLON,
            b'@' => f |= AT,
            b'/' => f |= SLASH,
            b'?' => f |= QUESTION,
            _ => {}
        }
        t[i] = f;
        i += 1;
    }
    t
}

/// The class table, indexed by byte.
pub(crate) static TABLE: [u16; 256] = build();

/// One character set as a 256-entry table of 0 or 1, for scanning: eight
/// lookups ANDed together test eight bytes with one branch.
pub(crate) type Set = [u8; 256];

const fn set(mask: u16) -> Set {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        if TABLE[i] & mask != 0 {
            t[i] = 1;
        }
        i += 1;
    }
    t
}

pub(crate) static USERINFO_SET: Set = set(USERINFO);
pub(crate) static REG_NAME_SET: Set = set(REG_NAME);
pub(crate) static SEGMENT_NC_SET: Set = set(SEGMENT_NC);
pub(crate) static PATH_SET: Set = set(PATH);
pub(crate) static QUERY_SET: Set = set(QUERY);

/// The length of the run of bytes from `s[i..]` that are in `set`.
#[inline(always)]
pub(crate) fn run(set: &Set, s: &[u8], mut i: usize) -> usize {
    let start = i;
    // PERF: eight bytes per branch, against a byte-at-a-time `position`:
    // `cargo bench --bench parse`, or instructions per URL under
    // `valgrind --tool=callgrind target/release/examples/parse_count urlx
    // corpora/urls/kasztp.txt 3` less the `none` baseline.
    while let Some(c) = s.get(i..i + 8) {
        let all = set[c[0] as usize]
            & set[c[1] as usize]
            & set[c[2] as usize]
            & set[c[3] as usize]
            & set[c[4] as usize]
            & set[c[5] as usize]
            & set[c[6] as usize]
            & set[c[7] as usize];
        if all == 0 {
            break;
        }
        i += 8;
    }
    while let Some(&b) = s.get(i) {
        if set[b as usize] == 0 {
            break;
        }
        i += 1;
    }
    i - start
}

/// Whether byte `b` is in the set `mask`.
#[inline(always)]
pub(crate) fn is(b: u8, mask: u16) -> bool {
    TABLE[b as usize] & mask != 0
}

/// The value of an ASCII hex digit, or `None`.
#[inline]
pub(crate) fn hex_val(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// RFC 3987 `ucschar`: the non-ASCII characters an IRI may hold in any
/// component.
#[inline]
pub(crate) fn is_ucschar(c: char) -> bool {
    let c = c as u32;
    matches!(c,
        0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF)
        || ((0x10000..=0xEFFFD).contains(&c) && (c & 0xFFFF) <= 0xFFFD)
}

/// RFC 3987 `iprivate`: allowed only in the query of an IRI.
#[inline]
pub(crate) fn is_iprivate(c: char) -> bool {
    let c = c as u32;
    matches!(c, 0xE000..=0xF8FF | 0xF0000..=0xFFFFD | 0x100000..=0x10FFFD)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_match_the_abnf() {
        for b in 0..=255u8 {
            let c = b as char;
            let unreserved = c.is_ascii_alphanumeric() || "-._~".contains(c);
            let sub = "!$&'()*+,;=".contains(c) && b < 128;
            assert_eq!(is(b, UNRESERVED), unreserved, "{b}");
            assert_eq!(is(b, SUB_DELIM), sub, "{b}");
            assert_eq!(
                is(b, PCHAR),
                unreserved || sub || c == ':' || c == '@',
                "{b}"
            );
        }
    }

    #[test]
    fn ucschar_ranges() {
        assert!(is_ucschar('é'));
        assert!(is_ucschar('例'));
        assert!(!is_ucschar('\u{9f}'));
        assert!(!is_ucschar('\u{FFFE}'));
        assert!(!is_ucschar('\u{E000}'));
        assert!(is_iprivate('\u{E000}'));
        assert!(!is_ucschar('\u{1FFFE}'));
        assert!(is_ucschar('\u{1F600}'));
    }
}
