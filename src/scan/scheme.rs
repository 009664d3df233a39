//! Schemes: the backward walk from a `:` to the scheme's first byte under
//! the ASCII word-boundary rule (C-F3), and which schemes count in which
//! form (C-F2).

#![forbid(unsafe_code)]

/// The longest scheme name the backward walk accepts; longer runs are no
/// scheme (registered names are far shorter), which keeps the walk bounded.
pub(crate) const MAX_SCHEME_LEN: usize = 32;

#[inline]
pub(crate) fn is_scheme_byte(b: u8) -> bool {
    SCHEME_BYTE[b as usize]
}

/// `ALPHA / DIGIT / "+" / "-" / "."`: one load instead of five compares in
/// the backward walk every colon trigger makes.
pub(crate) static SCHEME_BYTE: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 128 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.');
        c += 1;
    }
    t
};

/// The first byte of the scheme that ends at `colon`: the maximal run of
/// scheme characters before it, which must start with a letter (C-F3: the
/// byte before a scheme is not an ASCII letter, digit, `+`, `-` or `.`,
/// so the run cannot be cut short), and the scheme's [`key`], folded in
/// the same walk. `None` below `floor` or past the cap.
#[inline(always)]
pub(crate) fn scheme_start(h: &[u8], colon: usize, floor: usize) -> Option<(usize, u64)> {
    if let Some(n) = crate::bytes::scheme_bytes_before(h, colon) {
        // The walk below, in one step: the run, not below the floor (nor
        // past `MAX_SCHEME_LEN`: it is under 16), and its key from one load
        // (the first byte lowest).
        let n = n.min(colon - floor.min(colon));
        let s = colon - n;
        if n == 0
            || !h[s].is_ascii_alphabetic()
            || (s > 0 && s == floor && is_scheme_byte(h[s - 1]))
        {
            return None;
        }
        let key = if n > 8 {
            0
        } else {
            let w = u64::from_le_bytes(h[colon - 8..colon].try_into().unwrap());
            let drop = 8 * (8 - n) as u32;
            (w >> drop) | (0x2020_2020_2020_2020u64 >> drop)
        };
        debug_assert_eq!(Some((s, key)), scheme_start_by_bytes(h, colon, floor));
        return Some((s, key));
    }
    scheme_start_by_bytes(h, colon, floor)
}

/// `scheme_start`, a byte a step.
#[inline(never)]
fn scheme_start_by_bytes(h: &[u8], colon: usize, floor: usize) -> Option<(usize, u64)> {
    let lo = floor.max(colon.saturating_sub(MAX_SCHEME_LEN + 1));
    let mut k = 0u64;
    let mut n = 0;
    // (An iterator: no bounds check a byte.)
    for &b in h[lo..colon].iter().rev() {
        if !is_scheme_byte(b) {
            break;
        }
        // Walking back and shifting left leaves the first byte lowest.
        k = k << 8 | u64::from(b | 0x20);
        n += 1;
    }
    let s = colon - n;
    if colon - s > MAX_SCHEME_LEN {
        return None;
    }
    if s == colon || !h[s].is_ascii_alphabetic() {
        return None;
    }
    // At the floor (the end of the previous link) the run may go on before
    // it, so the byte before must be checked too.
    if s > 0 && s == floor && is_scheme_byte(h[s - 1]) {
        return None;
    }
    Some((s, if colon - s > 8 { 0 } else { k }))
}

/// A scheme name of 1 to 8 bytes folded to lower case in one integer, so
/// that the trigger path compares names with one instruction (a byte-wise
/// `eq_ignore_ascii_case` was a tenth of the cost of a refused trigger).
/// 0 for other names, which are compared as bytes. For scheme bytes
/// (letters, digits, `+`, `-`, `.`) setting bit 5 is exactly lower-casing.
#[inline]
pub(crate) const fn key(name: &[u8]) -> u64 {
    if name.is_empty() || name.len() > 8 {
        return 0;
    }
    let mut k = 0u64;
    let mut i = 0;
    while i < name.len() {
        k |= ((name[i] | 0x20) as u64) << (8 * i);
        i += 1;
    }
    k
}

/// The keys of the names the trigger path asks about.
pub(crate) const KEY_URL: u64 = key(b"url");
pub(crate) const KEY_FILE: u64 = key(b"file");
pub(crate) const KEY_MAILTO: u64 = key(b"mailto");

/// What urlx knows about a scheme: three flags in one byte. (Three `bool`
/// fields were stored a byte at a time and read back as one word a few
/// instructions later, a load the store buffer cannot serve: a stall at
/// every trigger.) A bit always set makes `Option<SchemeClass>` one byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SchemeClass(std::num::NonZeroU8);

impl SchemeClass {
    const SET: u8 = 0x80;
    const BARE: u8 = 1;
    const WRAPPED: u8 = 2;
    const AUTHORITY: u8 = 4;

    /// A class from its three flags.
    pub(crate) const fn new(bare: bool, wrapped: bool, authority: bool) -> Self {
        let b = Self::SET
            | if bare { Self::BARE } else { 0 }
            | if wrapped { Self::WRAPPED } else { 0 }
            | if authority { Self::AUTHORITY } else { 0 };
        match std::num::NonZeroU8::new(b) {
            Some(n) => SchemeClass(n),
            None => unreachable!(),
        }
    }

    /// Found bare (C-F2).
    pub(crate) const fn bare(self) -> bool {
        self.0.get() & Self::BARE != 0
    }

    /// Found inside `<…>` and quotes without `//`.
    pub(crate) const fn wrapped(self) -> bool {
        self.0.get() & Self::WRAPPED != 0
    }

    /// Its URLs have an authority (`//host`), so one without is no URL.
    pub(crate) const fn authority(self) -> bool {
        self.0.get() & Self::AUTHORITY != 0
    }
}

/// Schemes with an authority that are found bare by default: the RFC 1738
/// ones with `//`, the common ones of C-F2, and the `+` forms version
/// control writes, which no registry lists. Every other scheme of IANA's
/// registry is found bare with `//` too (`FinderBuilder::registered_schemes`).
pub(crate) const BARE_AUTHORITY: &[&str] = &[
    "http",
    "https",
    "ftp",
    "ftps",
    "sftp",
    "ssh",
    "git",
    "svn",
    "irc",
    "ircs",
    "gopher",
    "nntp",
    "telnet",
    "wais",
    "file",
    "prospero",
    "rtsp",
    "ldap",
    "ldaps",
    "git+https",
    "git+ssh",
    "svn+ssh",
];

/// Schemes without `//` that are found bare by default: addresses and
/// identifiers that mail and news write bare (`mailto:`, `news:`,
/// `xmpp:`, `sip:`). Other schemes without `//` are not looked for in bare
/// text, registered or not: `tel:`, `urn:`, `data:`, `about:` and the like
/// are words followed by a colon far more often than URLs there.
pub(crate) const BARE_OPAQUE: &[&str] = &["mailto", "news", "xmpp", "sip", "sips"];

/// Schemes without `//` found only inside a wrapper by default (C-F2:
/// `urn:`-style ones, and `tel:`, which signatures write as a label).
pub(crate) const WRAPPED_OPAQUE: &[&str] = &["urn", "tel"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_fold_case_and_tell_lengths_apart() {
        assert_eq!(key(b"MailTo"), KEY_MAILTO);
        assert_ne!(key(b"url"), key(b"urls"));
        assert_ne!(key(b"svn+ssh"), key(b"svn+sh"));
        assert_eq!(key(b"a-very-long-name"), 0);
        assert_eq!(key(b"H323"), key(b"h323"));
    }

    #[test]
    fn c_f3_word_boundary() {
        let h = b"xhttp://a see HTTP://a 3http://a";
        let at = |h: &[u8], c| scheme_start(h, c, 0).map(|(s, _)| s);
        assert_eq!(at(h, 5), Some(0)); // "xhttp": unknown, checked later
        assert_eq!(scheme_start(h, 18, 0), Some((14, key(b"http"))));
        assert_eq!(at(h, 29), None); // starts with a digit
        assert_eq!(at(b"a.http://", 6), Some(0));
        assert_eq!(at(b"://", 0), None);
        assert_eq!(scheme_start(b"x-very-long-scheme:", 18, 0), Some((0, 0)));
    }
}
