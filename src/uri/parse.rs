//! The single-pass parser for RFC 3986 URI references (and RFC 3987 IRI
//! references).
//!
//! # Invariants
//!
//! `pos <= s.len()`, `pos` only grows, and it always stands on a UTF-8
//! boundary (multi-byte characters are decoded and stepped over whole; a
//! byte that starts no valid character stops a scan as a character outside
//! its set does). Every component recorded in [`Meta`] is a span of the
//! input. The input is bytes, so that a caller with a long candidate need
//! not check all of it as UTF-8 before the parser stops early in it.
//!
//! # Errors and prefixes
//!
//! An error's `index` is the leftmost byte at which the input stops being a
//! prefix of any valid reference *with the components seen so far*, and the
//! parser is built so that `&s[..index]` is itself valid (for the same
//! syntax and the same absolute/relative requirement). [`parse_prefix`]
//! relies on this: the longest valid prefix is one re-parse away.

use super::host::{self, HostKind};
use super::table::{
    self, Set, PATH_SET, QUERY_SET, REG_NAME_SET, SCHEME, SEGMENT_NC_SET, USERINFO_SET,
};
use super::{off, Meta, Opt, Syntax, Uri, MAX_LEN};
use std::fmt;

/// Where and why a string is not a URI.
///
/// `index` is a byte offset into the input. For every kind, the input up to
/// `index` is itself a valid URI reference of the same syntax, which is
/// what [`parse_prefix`](super::parse_prefix) returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseError {
    index: usize,
    kind: ParseErrorKind,
}

/// The kinds of [`ParseError`]; each says where its index points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A character that the grammar does not allow here. The index points
    /// at it.
    UnexpectedChar,
    /// A `%` not followed by two hex digits. The index points at the `%`.
    InvalidPercentEncoding,
    /// A bracketed host that is neither an IPv6 address nor IPvFuture, or
    /// has no closing `]`. The index points at the `[`.
    InvalidIpLiteral,
    /// A port that is not all digits. The index points at the first
    /// character that is not a digit.
    InvalidPort,
    /// The first segment of a relative path holds a `:` (RFC 3986 §4.2:
    /// it would be taken for a scheme). The index points at the `:`.
    ColonInFirstSegment,
    /// An absolute URI was required and there is no scheme. The index is 0.
    MissingScheme,
    /// The text is longer than the parser takes (4 GiB less two bytes).
    /// The index is that length: the longest prefix it would look at.
    TooLong,
}

impl ParseError {
    pub(crate) fn new(index: usize, kind: ParseErrorKind) -> Self {
        ParseError { index, kind }
    }

    /// The byte index of the error in the input.
    #[inline]
    #[must_use]
    pub fn index(&self) -> usize {
        self.index
    }

    /// What is wrong.
    #[inline]
    #[must_use]
    pub fn kind(&self) -> ParseErrorKind {
        self.kind
    }
}

impl ParseErrorKind {
    /// A short name for machine-readable output (`unexpected-char`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            ParseErrorKind::UnexpectedChar => "unexpected-char",
            ParseErrorKind::InvalidPercentEncoding => "invalid-percent-encoding",
            ParseErrorKind::InvalidIpLiteral => "invalid-ip-literal",
            ParseErrorKind::InvalidPort => "invalid-port",
            ParseErrorKind::ColonInFirstSegment => "colon-in-first-segment",
            ParseErrorKind::MissingScheme => "missing-scheme",
            ParseErrorKind::TooLong => "too-long",
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            ParseErrorKind::UnexpectedChar => "character not allowed here",
            ParseErrorKind::InvalidPercentEncoding => "'%' not followed by two hex digits",
            ParseErrorKind::InvalidIpLiteral => "invalid IP literal in brackets",
            ParseErrorKind::InvalidPort => "port is not a number",
            ParseErrorKind::ColonInFirstSegment => {
                "':' in the first segment of a relative path (RFC 3986 section 4.2)"
            }
            ParseErrorKind::MissingScheme => "no scheme: not an absolute URI",
            ParseErrorKind::TooLong => "text longer than the parser takes",
        };
        write!(f, "{what} at byte {}", self.index)
    }
}

impl std::error::Error for ParseError {}

/// Why a scan over a component's characters stopped.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stop {
    /// At a character outside the set, or at the end (`pos == len`).
    Char,
    /// At a `%` without two hex digits after it.
    BadPct,
}

struct Parser<'a> {
    s: &'a [u8],
    pos: usize,
    iri: bool,
    /// `Syntax::Link`: `[` and `]` in a path, query or fragment.
    link: bool,
}

impl<'a> Parser<'a> {
    #[inline]
    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }

    /// Advances over characters in `mask`, valid percent-encodings and (for
    /// IRIs) `ucschar`, plus `iprivate` when `private` is set.
    #[inline]
    fn scan(&mut self, set: &Set, private: bool) -> Stop {
        let s = self.s;
        let mut i = self.pos;
        loop {
            i += table::run(set, s, i);
            if i == s.len() {
                break;
            }
            let b = s[i];
            if b == b'%' {
                if i + 2 < s.len()
                    && table::hex_val(s[i + 1]).is_some()
                    && table::hex_val(s[i + 2]).is_some()
                {
                    i += 3;
                    continue;
                }
                self.pos = i;
                return Stop::BadPct;
            }
            if self.link && (b == b'[' || b == b']') {
                i += 1;
                continue;
            }
            if b >= 0x80 && self.iri {
                // The characters of a non-ASCII stretch in one loop (the
                // table's run would stop at each at once).
                let from = i;
                while s.get(i).is_some_and(|&b| b >= 0x80) {
                    match crate::bytes::char_at(s, i) {
                        Some((c, len))
                            if table::is_ucschar(c) || (private && table::is_iprivate(c)) =>
                        {
                            i += len;
                        }
                        _ => break,
                    }
                }
                if i > from {
                    continue;
                }
            }
            break;
        }
        self.pos = i;
        Stop::Char
    }

    fn err<T>(&self, kind: ParseErrorKind) -> Result<T, ParseError> {
        Err(ParseError::new(self.pos, kind))
    }

    /// The error for a scan that stopped where the component had to end.
    fn stop_err<T>(&self, stop: Stop) -> Result<T, ParseError> {
        match stop {
            Stop::BadPct => self.err(ParseErrorKind::InvalidPercentEncoding),
            Stop::Char => self.err(ParseErrorKind::UnexpectedChar),
        }
    }

    fn parse(&mut self, require_scheme: bool) -> Result<Meta, ParseError> {
        let s = self.s;
        let mut m = Meta::default();

        // scheme ":" — a scheme only if a ':' ends a run of scheme chars
        // that starts with a letter.
        if s.first().is_some_and(|b| b.is_ascii_alphabetic()) {
            // Schemes are short: a byte loop beats `table::run` here.
            let mut i = 1;
            while i < s.len() && table::is(s[i], SCHEME) {
                i += 1;
            }
            if s.get(i) == Some(&b':') {
                m.scheme_end = off(i);
                self.pos = i + 1;
            }
        }
        if require_scheme && m.scheme_end == 0 {
            return Err(ParseError::new(0, ParseErrorKind::MissingScheme));
        }

        if s[self.pos..].starts_with(b"//") {
            self.pos += 2;
            self.authority(&mut m)?;
            self.no_bracket_after_authority()?;
            m.path_start = off(self.pos);
            let stop = self.scan(&PATH_SET, false);
            m.path_end = off(self.pos);
            self.tail(&mut m, stop)?;
        } else {
            m.path_start = off(self.pos);
            let stop = if m.scheme_end == 0 && self.peek() != Some(b'/') {
                // path-noscheme: the first segment may not hold ':'.
                let stop = self.scan(&SEGMENT_NC_SET, false);
                if stop == Stop::Char && self.peek() == Some(b':') {
                    return self.err(ParseErrorKind::ColonInFirstSegment);
                }
                if stop == Stop::Char && self.peek() == Some(b'/') {
                    self.scan(&PATH_SET, false)
                } else {
                    stop
                }
            } else {
                self.scan(&PATH_SET, false)
            };
            m.path_end = off(self.pos);
            self.tail(&mut m, stop)?;
        }
        Ok(m)
    }

    /// A path after an authority starts with `/` (or is empty): a `[` right
    /// after the authority is no path's, though `Syntax::Link` takes it
    /// inside one.
    fn no_bracket_after_authority(&self) -> Result<(), ParseError> {
        if self.link && self.peek() == Some(b'[') {
            return self.err(ParseErrorKind::UnexpectedChar);
        }
        Ok(())
    }

    /// Query, fragment and the end of input, after the path.
    fn tail(&mut self, m: &mut Meta, mut stop: Stop) -> Result<(), ParseError> {
        if stop == Stop::Char && self.peek() == Some(b'?') {
            self.pos += 1;
            m.query_start = Opt::some(self.pos);
            stop = self.scan(&QUERY_SET, true);
            m.query_end = off(self.pos);
        }
        if stop == Stop::Char && self.peek() == Some(b'#') {
            self.pos += 1;
            m.fragment_start = Opt::some(self.pos);
            stop = self.scan(&QUERY_SET, false);
        }
        if stop == Stop::Char && self.pos == self.s.len() {
            Ok(())
        } else {
            self.stop_err(stop)
        }
    }

    /// `authority = [ userinfo "@" ] host [ ":" port ]`, from just after `//`.
    /// Leaves `pos` at the end of the authority. (No `[` or `]` in it but an
    /// IP literal's, in every syntax.)
    fn authority(&mut self, m: &mut Meta) -> Result<(), ParseError> {
        let link = std::mem::replace(&mut self.link, false);
        let r = self.authority_parts(m);
        self.link = link;
        r
    }

    fn authority_parts(&mut self, m: &mut Meta) -> Result<(), ParseError> {
        let start = self.pos;
        m.has_authority = true;
        // Scan what may be userinfo; without an '@' after it, the same text
        // is host [":" port].
        let stop = self.scan(&USERINFO_SET, false);
        if stop == Stop::Char && self.peek() == Some(b'@') {
            m.userinfo_end = Opt::some(self.pos);
            self.pos += 1;
            return self.host_port(m);
        }
        let end = self.pos;
        // No userinfo: host is up to the first ':', the port after it.
        let colon = memchr_colon(&self.s[start..end]).map(|c| start + c);
        let host_end = colon.unwrap_or(end);
        if start == end && stop == Stop::Char && self.peek() == Some(b'[') {
            return self.host_port(m);
        }
        m.host_start = off(start);
        m.host_end = off(host_end);
        m.host_kind = classify_reg_name(&self.s[start..host_end]);
        if let Some(c) = colon {
            m.port_start = Opt::some(c + 1);
            if let Some(bad) = self.s[c + 1..end].iter().position(|b| !b.is_ascii_digit()) {
                self.pos = c + 1 + bad;
                return self.err(ParseErrorKind::InvalidPort);
            }
        }
        self.authority_end(stop)
    }

    /// After the authority only '/', '?', '#' or the end may follow.
    fn authority_end(&self, stop: Stop) -> Result<(), ParseError> {
        match (stop, self.peek()) {
            (Stop::Char, None | Some(b'/' | b'?' | b'#')) => Ok(()),
            _ => self.stop_err(stop),
        }
    }

    /// `host [ ":" port ]` after a userinfo, or a bracketed host.
    fn host_port(&mut self, m: &mut Meta) -> Result<(), ParseError> {
        let start = self.pos;
        if self.peek() == Some(b'[') {
            // It closes at the first byte no literal holds (searching on
            // to any `]` read hostile text to its end at every `[`).
            let close = super::ip_literal_end(&self.s[start..]);
            if self.s.get(start + close) != Some(&b']') {
                return self.err(ParseErrorKind::InvalidIpLiteral);
            }
            let inner = &self.s[start + 1..start + close];
            m.host_kind = if host::parse_ipv6(inner).is_some() {
                HostKind::Ipv6
            } else if host::is_ipv_future(inner) {
                HostKind::IpvFuture
            } else {
                return self.err(ParseErrorKind::InvalidIpLiteral);
            };
            m.host_start = off(start);
            self.pos = start + close + 1;
            m.host_end = off(self.pos);
        } else {
            let stop = self.scan(&REG_NAME_SET, false);
            m.host_start = off(start);
            m.host_end = off(self.pos);
            m.host_kind = classify_reg_name(&self.s[start..self.pos]);
            if stop == Stop::BadPct {
                return self.stop_err(stop);
            }
        }
        if self.peek() == Some(b':') {
            self.pos += 1;
            m.port_start = Opt::some(self.pos);
            while self.peek().is_some_and(|b| b.is_ascii_digit()) {
                self.pos += 1;
            }
            if !matches!(self.peek(), None | Some(b'/' | b'?' | b'#')) {
                return self.err(ParseErrorKind::InvalidPort);
            }
        }
        self.authority_end(Stop::Char)
    }
}

#[inline]
fn memchr_colon(s: &[u8]) -> Option<usize> {
    s.iter().position(|&b| b == b':')
}

/// `IPv4address` if the text is four dec-octets, else `reg-name`.
#[inline(always)]
fn classify_reg_name(s: &[u8]) -> HostKind {
    // Cheap first test: an IPv4address starts and ends with a digit.
    if s.len() >= 7
        && s[0].is_ascii_digit()
        && s[s.len() - 1].is_ascii_digit()
        && host::parse_ipv4(s).is_some()
    {
        HostKind::Ipv4
    } else {
        HostKind::RegName
    }
}

/// The common shapes of a URL found in text, in one pass: ASCII
/// `scheme://host[:port][path][?query][#fragment]` whose host is a
/// reg-name or an IPv4 address, with no userinfo and no percent-encoding
/// in the authority; and `scheme:path[?query][#fragment]` (`mailto:`,
/// `news:`, `urn:`). `None` for anything else (or an error), which the
/// general parser decides; where this answers, it answers as the general
/// parser does (a differential test holds it).
///
/// The general parser scans component by component with a set-up for
/// each; URLs in mail are short, and that set-up would be most of their
/// cost. PERF: `cargo bench --bench parse`.
#[inline(always)]
pub(crate) fn parse_common(s: &[u8]) -> Option<Meta> {
    let n = s.len();
    if n > MAX_LEN {
        return None;
    }
    // scheme "://"
    if !s.first()?.is_ascii_alphabetic() {
        return None;
    }
    let mut i = 1;
    while i < n && table::is(s[i], SCHEME) {
        i += 1;
    }
    if s.get(i) != Some(&b':') {
        return None;
    }
    if s.get(i + 1..i + 3) != Some(b"//") {
        // An absolute URI without an authority: its path is `pchar`s and
        // slashes from the colon on.
        let mut m = Meta {
            scheme_end: off(i),
            path_start: off(i + 1),
            ..Meta::default()
        };
        return common_tail(s, i + 1, &mut m).then_some(m);
    }
    let mut m = Meta {
        scheme_end: off(i),
        has_authority: true,
        ..Meta::default()
    };
    // host [":" port]
    i += 3;
    m.host_start = off(i);
    i += table::run(&REG_NAME_SET, s, i);
    m.host_end = off(i);
    if i < n && s[i] == b':' {
        i += 1;
        m.port_start = Opt::some(i);
        while i < n && s[i].is_ascii_digit() {
            i += 1;
        }
    }
    if i < n && !matches!(s[i], b'/' | b'?' | b'#') {
        return None; // userinfo, an IP literal, `%`, a bad port: general
    }
    m.host_kind = classify_reg_name(&s[m.host_start as usize..m.host_end as usize]);
    m.path_start = off(i);
    common_tail(s, i, &mut m).then_some(m)
}

/// What [`parse_common`] gives the ASCII text `s` of the shape
/// `scheme://host[path][?query][#fragment]`, from where its parts are:
/// the scheme ends at `scheme_end` (then `//`), the host (reg-name bytes)
/// at `host_end`; `query` is the first `?` before the `#`, `hash` the one
/// `#`; the other bytes after the host are path, query or fragment bytes
/// without `%`. For a finder that classified the bytes as it found the
/// text's end; the debug build parses it again to compare.
#[inline(always)]
pub(crate) fn authority_meta(
    s: &[u8],
    scheme_end: usize,
    host_end: usize,
    query: Option<usize>,
    hash: Option<usize>,
) -> Meta {
    let fragment = hash.unwrap_or(s.len());
    let mut m = Meta {
        scheme_end: off(scheme_end),
        has_authority: true,
        host_kind: classify_reg_name(&s[scheme_end + 3..host_end]),
        host_start: off(scheme_end + 3),
        host_end: off(host_end),
        path_start: off(host_end),
        path_end: off(query.unwrap_or(fragment)),
        ..Meta::default()
    };
    if let Some(q) = query {
        m.query_start = Opt::some(q + 1);
        m.query_end = off(fragment);
    }
    if let Some(f) = hash {
        m.fragment_start = Opt::some(f + 1);
    }
    debug_assert_eq!(Some(m), parse_common(s), "{:?}", String::from_utf8_lossy(s));
    m
}

/// The path from `i`, then the query and fragment, to the end of `s`;
/// whether all of it is of the common shape.
#[inline(always)]
fn common_tail(s: &[u8], i: usize, m: &mut Meta) -> bool {
    let n = s.len();
    let Some(mut i) = common_run(s, i, &PATH_SET) else {
        return false;
    };
    m.path_end = off(i);
    if i < n && s[i] == b'?' {
        i += 1;
        m.query_start = Opt::some(i);
        let Some(j) = common_run(s, i, &QUERY_SET) else {
            return false;
        };
        i = j;
        m.query_end = off(i);
    }
    if i < n && s[i] == b'#' {
        i += 1;
        m.fragment_start = Opt::some(i);
        let Some(j) = common_run(s, i, &QUERY_SET) else {
            return false;
        };
        i = j;
    }
    i == n
}

/// The run of `set` bytes and valid percent-encodings at `i`; `None` at
/// a `%` without two hex digits.
#[inline(always)]
fn common_run(s: &[u8], mut i: usize, set: &Set) -> Option<usize> {
    loop {
        i += table::run(set, s, i);
        if s.get(i) != Some(&b'%') {
            return Some(i);
        }
        if !(i + 2 < s.len() && s[i + 1].is_ascii_hexdigit() && s[i + 2].is_ascii_hexdigit()) {
            return None;
        }
        i += 3;
    }
}

/// Parses `s` as a URI reference (or an absolute URI when `require_scheme`).
pub(crate) fn parse_meta(
    s: &str,
    syntax: Syntax,
    require_scheme: bool,
) -> Result<Meta, ParseError> {
    parse_meta_bytes(s.as_bytes(), syntax, require_scheme)
}

/// [`parse_meta`] on bytes: a byte that starts no valid UTF-8 character
/// is where the parser stops.
fn parse_meta_bytes(s: &[u8], syntax: Syntax, require_scheme: bool) -> Result<Meta, ParseError> {
    // The common shape is the same in both syntaxes (it is ASCII).
    if let Some(m) = parse_common(s) {
        return Ok(m);
    }
    if s.len() > MAX_LEN {
        return Err(ParseError::new(MAX_LEN, ParseErrorKind::TooLong));
    }
    let mut p = Parser {
        s,
        pos: 0,
        iri: syntax != Syntax::Uri,
        link: syntax == Syntax::Link,
    };
    p.parse(require_scheme)
}

/// The general parser alone, for the tests that compare it with
/// `parse_common`.
#[cfg(test)]
pub(crate) fn parse_meta_general(s: &str, syntax: Syntax) -> Result<Meta, ParseError> {
    let mut p = Parser {
        s: s.as_bytes(),
        pos: 0,
        iri: syntax != Syntax::Uri,
        link: syntax == Syntax::Link,
    };
    p.parse(false)
}

/// The longest prefix of `s` that is an absolute URI (or IRI).
pub(crate) fn parse_prefix(s: &str, syntax: Syntax) -> Option<Uri<'_>> {
    let (n, m) = parse_prefix_bytes(s.as_bytes(), syntax)?;
    // `n` is on a character boundary (module invariants).
    Some(Uri::from_parts(s.get(..n)?, m))
}

/// [`parse_prefix`] on bytes: the length of the longest prefix of `s` that
/// is an absolute URI (or IRI), and its components. The prefix is valid
/// UTF-8; the bytes after it are not looked at past where the parser
/// stopped.
pub(crate) fn parse_prefix_bytes(s: &[u8], syntax: Syntax) -> Option<(usize, Meta)> {
    match parse_meta_bytes(s, syntax, true) {
        Ok(m) => Some((s.len(), m)),
        Err(e) if e.kind() == ParseErrorKind::MissingScheme => None,
        // Longer than the parser takes: the longest prefix it takes of
        // the first `MAX_LEN` bytes.
        Err(e) if e.kind() == ParseErrorKind::TooLong => parse_prefix_bytes(&s[..MAX_LEN], syntax),
        Err(e) => {
            let n = e.index();
            match parse_meta_bytes(&s[..n], syntax, true) {
                Ok(m) => Some((n, m)),
                // Unreachable by the invariant in the module docs; a
                // property test holds it. Never panic on input.
                Err(_) => None,
            }
        }
    }
}

/// How many bytes of `s` go on a fragment that holds `#`: fragment
/// characters, valid percent-encodings, and `#` itself, which RFC 3986
/// leaves out of a fragment but browsers take in it (Matrix and
/// single-page application links: `…/#/room/#ops:example.org`).
pub(crate) fn fragment_run(s: &[u8], syntax: Syntax) -> usize {
    let mut p = Parser {
        s,
        pos: 0,
        iri: syntax != Syntax::Uri,
        link: syntax == Syntax::Link,
    };
    loop {
        p.scan(&QUERY_SET, false);
        if p.peek() != Some(b'#') {
            return p.pos;
        }
        p.pos += 1;
    }
}

/// The length of the longest prefix of `rest` that makes an absolute URI
/// (or IRI) after `scheme://`: a bare `www.` candidate is parsed after
/// `http://` in place, without a copy of a long text the parser stops
/// early in.
pub(crate) fn prefix_after_slashes(rest: &[u8], syntax: Syntax) -> usize {
    // As `parse_prefix_bytes`: no more than the parser takes.
    let rest = &rest[..rest.len().min(MAX_LEN)];
    let mut p = Parser {
        s: rest,
        pos: 0,
        iri: syntax != Syntax::Uri,
        link: syntax == Syntax::Link,
    };
    let mut m = Meta::default();
    // What `Parser::parse` does after `scheme://`.
    let parsed = p.authority(&mut m).and_then(|()| {
        p.no_bracket_after_authority()?;
        m.path_start = off(p.pos);
        let stop = p.scan(&PATH_SET, false);
        m.path_end = off(p.pos);
        p.tail(&mut m, stop)
    });
    match parsed {
        Ok(()) => rest.len(),
        Err(e) => e.index(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// URIs made of the bytes that decide between the common shape and the
    /// general parser.
    fn uri_text() -> impl Strategy<Value = String> {
        const TOKENS: &[&str] = &[
            "http", "mailto", "://", ":", "/", "//", "?", "#", "@", "[", "]", "::1", "%", "%4",
            "%41", "a", "Z", "0", "9", "255", "256", ".", "-", "_", "~", "!", "$", "&", "'", "(",
            ")", "*", "+", ",", ";", "=", " ", "\u{e9}", "\u{e000}", "\u{7f}",
        ];
        prop::collection::vec(prop::sample::select(TOKENS), 0..24).prop_map(|v| v.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]

        /// Where the one-pass parser answers, the general one gives the
        /// same components.
        #[test]
        fn parse_common_agrees_with_the_general_parser(t in uri_text()) {
            if let Some(m) = parse_common(t.as_bytes()) {
                prop_assert_eq!(Ok(m), parse_meta_general(&t, Syntax::Uri));
                prop_assert_eq!(Ok(m), parse_meta_general(&t, Syntax::Iri));
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(50_000))]

        /// C-S4: where the parser stops in a text, more than two bytes
        /// before its end, it stops in any longer text that adds neither
        /// `@` nor `]` (the only bytes it looks ahead for: a userinfo's
        /// end, an IP literal's; a `%` looks two bytes on). The finder
        /// decides a long chain of joined lines from its first pieces by
        /// this (`find::chain`).
        #[test]
        fn c_s4_a_stop_before_the_end_stays_where_no_at_or_bracket_follows(
            head in prop::sample::select(vec!["", "http://", "http://a", "http://[::1", "mailto:", "x:"]),
            t in uri_text(),
            more in prop::collection::vec(prop::sample::select(vec![
                "a", "0", ":", "/", "?", "#", "[", "%", "%4", "%41", "-", ".", "\u{e9}", "=",
            ]), 0..12),
        ) {
            let more = more.concat();
            let t = format!("{head}{t}");
            for syntax in [Syntax::Uri, Syntax::Iri] {
                let Some((n, m)) = parse_prefix_bytes(t.as_bytes(), syntax) else {
                    continue;
                };
                if n + 2 < t.len() {
                    let longer = format!("{t}{more}");
                    prop_assert_eq!(parse_prefix_bytes(longer.as_bytes(), syntax), Some((n, m)));
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(5_000))]

        /// On UTF-8 text the byte parser is the `&str` parser; past a byte
        /// that starts no character it never goes, and what it takes is a
        /// URI that is valid UTF-8 (`Finder` parses long candidates in
        /// place, C-S4).
        #[test]
        fn c_s4_the_parser_on_bytes_stops_at_invalid_utf8(
            t in uri_text(),
            bad in prop::sample::select(vec![&b"\xff"[..], b"\xc3", b"\xe2\x80", b"\x80"]),
            at in 0usize..64,
        ) {
            for syntax in [Syntax::Uri, Syntax::Iri] {
                let whole = parse_prefix(&t, syntax).map(|u| (u.as_str().len(), u.m));
                prop_assert_eq!(parse_prefix_bytes(t.as_bytes(), syntax), whole);
                let mut b = t.as_bytes().to_vec();
                let mut at = at.min(b.len());
                while !t.is_char_boundary(at) {
                    at -= 1;
                }
                b.splice(at..at, bad.iter().copied());
                if let Some((n, m)) = parse_prefix_bytes(&b, syntax) {
                    prop_assert!(n <= at);
                    let p = std::str::from_utf8(&b[..n]).unwrap();
                    prop_assert_eq!(parse_meta(p, syntax, true), Ok(m));
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(5_000))]

        /// After `scheme://`, the parser stops where it stops in the whole
        /// text.
        #[test]
        fn c_s4_the_parser_after_slashes_stops_where_it_stops_whole(t in uri_text()) {
            for syntax in [Syntax::Uri, Syntax::Iri] {
                let whole = format!("http://{t}");
                let n = parse_prefix(&whole, syntax).map_or(0, |u| u.as_str().len());
                prop_assert_eq!(prefix_after_slashes(t.as_bytes(), syntax), n.saturating_sub(7));
            }
        }
    }

    #[test]
    fn parse_common_takes_the_common_shape() {
        for t in [
            "http://a.example/x",
            "https://a.example:8080/p/q?x=1&y=%41#f",
            "ftp://192.0.2.1/",
            "http://a.example",
            "http://a.example?q",
            "http:///x",
            "http://a.example:/",
        ] {
            let m = parse_common(t.as_bytes()).expect(t);
            assert_eq!(Ok(m), parse_meta_general(t, Syntax::Uri), "{t}");
        }
        for t in [
            "mailto:a@b?subject=x",
            "news:comp.x",
            "urn:a:b",
            "x:/p",
            "x:",
        ] {
            let m = parse_common(t.as_bytes()).expect(t);
            assert_eq!(Ok(m), parse_meta_general(t, Syntax::Uri), "{t}");
        }
        for t in [
            "http://u@a/",
            "http://[::1]/",
            "http://a%41/",
            "http://a/\u{e9}",
            "//a/b",
            "http://a/%zz",
            "a/b:c",
        ] {
            assert!(parse_common(t.as_bytes()).is_none(), "{t}");
        }
    }
}
