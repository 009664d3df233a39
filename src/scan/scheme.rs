//! Schemes: the backward walk from a `:` to the scheme's first byte under
//! the ASCII word-boundary rule (C-F3), and which schemes count in which
//! form (C-F2).

/// The longest scheme name the backward walk accepts; longer runs are no
/// scheme (registered names are far shorter), which keeps the walk bounded.
pub(crate) const MAX_SCHEME_LEN: usize = 32;

#[inline]
pub(crate) fn is_scheme_byte(b: u8) -> bool {
    SCHEME_BYTE[b as usize]
}

/// `ALPHA / DIGIT / "+" / "-" / "."`: one load instead of five compares in
/// the backward walk every colon trigger makes.
static SCHEME_BYTE: [bool; 256] = {
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
/// so the run cannot be cut short). `None` below `floor` or past the cap.
pub(crate) fn scheme_start(h: &[u8], colon: usize, floor: usize) -> Option<usize> {
    let lo = floor.max(colon.saturating_sub(MAX_SCHEME_LEN + 1));
    let mut s = colon;
    while s > lo && is_scheme_byte(h[s - 1]) {
        s -= 1;
    }
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
    Some(s)
}

/// What urlx knows about a scheme.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SchemeClass {
    /// Found bare (C-F2).
    pub(crate) bare: bool,
    /// Found inside `<…>` and quotes without `//`.
    pub(crate) wrapped: bool,
    /// Its URLs have an authority (`//host`), so one without is no URL.
    pub(crate) authority: bool,
}

/// Schemes with an authority that are found bare by default: the RFC 1738
/// ones with `//` and the common ones of C-F2.
pub(crate) const BARE_AUTHORITY: &[&str] = &[
    "http", "https", "ftp", "ftps", "sftp", "ssh", "git", "svn", "irc", "ircs", "gopher", "nntp",
    "telnet", "wais", "file", "prospero", "rtsp", "ldap", "ldaps",
];

/// Schemes without `//` that are found bare by default.
pub(crate) const BARE_OPAQUE: &[&str] = &["mailto", "news", "xmpp", "sip", "sips"];

/// Schemes without `//` found only inside a wrapper by default (C-F2:
/// `urn:`-style ones, and `tel:`, which signatures write as a label).
pub(crate) const WRAPPED_OPAQUE: &[&str] = &["urn", "tel"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c_f3_word_boundary() {
        let h = b"xhttp://a see http://a 3http://a";
        assert_eq!(scheme_start(h, 5, 0), Some(0)); // "xhttp": unknown, checked later
        assert_eq!(scheme_start(h, 18, 0), Some(14));
        assert_eq!(scheme_start(h, 29, 0), None); // starts with a digit
        assert_eq!(scheme_start(b"a.http://", 6, 0), Some(0));
        assert_eq!(scheme_start(b"://", 0, 0), None);
    }
}
