//! The core parser: RFC 3986 generic syntax, RFC 3987 IRIs, resolution,
//! normalization, and typed views of the ten RFC 1738 schemes.
//!
//! This module knows nothing of text scanning: it takes a string that
//! should be a URI and says what it is.
//!
//! * [`Uri`] borrows its input: every component is a slice of it, and
//!   parsing allocates nothing.
//! * [`UriBuf`] owns its text; resolution and normalization return it.
//!
//! # Example
//!
//! ```
//! use urlx::uri::{self, HostKind};
//!
//! let u = uri::parse("http://user@[::1]:8080/a/b?q#f").unwrap();
//! assert_eq!(u.scheme(), Some("http"));
//! assert_eq!(u.userinfo(), Some("user"));
//! assert_eq!(u.host(), Some("[::1]"));
//! assert_eq!(u.host_kind(), Some(HostKind::Ipv6));
//! assert_eq!(u.port(), Some("8080"));
//! assert_eq!(u.path(), "/a/b");
//! assert_eq!(u.query(), Some("q"));
//! assert_eq!(u.fragment(), Some("f"));
//!
//! let e = uri::parse("http://a/b c").unwrap_err();
//! assert_eq!(e.index(), 10);
//! ```

#![forbid(unsafe_code)]

mod host;
mod iri;
mod minimal;
pub(crate) use iri::compared_host;
#[cfg(not(feature = "confusables"))]
pub(crate) use iri::punycode_decode;
mod normalize;
mod parse;
mod resolve;
pub mod scheme;
pub(crate) mod table;

pub use host::HostKind;
pub use minimal::minimal_url;
pub(crate) use parse::authority_meta;
pub use parse::{ParseError, ParseErrorKind};
pub use resolve::{remove_dot_segments, Compat};

use std::borrow::Cow;
use std::fmt;
use std::net::{Ipv4Addr, Ipv6Addr};

/// Which grammar a parse follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Syntax {
    /// RFC 3986: ASCII only.
    #[default]
    Uri,
    /// RFC 3987: non-ASCII letters and the like (`ucschar`) are allowed
    /// where RFC 3986 allows unreserved characters, and `iprivate` in the
    /// query.
    Iri,
    /// A URL as browsers take it from text: an IRI whose path, query and
    /// fragment may also hold `[` and `]` (`?page[number]=2`), which
    /// [`Uri::to_ascii`] and [`Uri::normalize`] write `%5B` and `%5D`.
    Link,
}

/// Component offsets of a parsed reference. Undefined components are
/// `Opt::NONE` (or `0` for `scheme_end`, since a scheme is never empty).
/// Offsets are 32 bits (texts over `MAX_LEN` bytes are not parsed): every
/// `Link` carries one, and a smaller link is moved with a few register
/// moves instead of a `memcpy` call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Meta {
    pub(crate) scheme_end: u32,
    pub(crate) has_authority: bool,
    pub(crate) host_kind: HostKind,
    /// Index of the `@` that ends the userinfo.
    pub(crate) userinfo_end: Opt,
    pub(crate) host_start: u32,
    pub(crate) host_end: u32,
    /// Index just after the `:` before the port.
    pub(crate) port_start: Opt,
    pub(crate) path_start: u32,
    pub(crate) path_end: u32,
    /// Index just after the `?`.
    pub(crate) query_start: Opt,
    pub(crate) query_end: u32,
    /// Index just after the `#`.
    pub(crate) fragment_start: Opt,
}

/// The longest text the parser parses: its offsets fit `Meta`'s 32 bits,
/// with `u32::MAX` left for `Opt::NONE`.
pub(crate) const MAX_LEN: usize = u32::MAX as usize - 1;

/// An offset in a text of at most `MAX_LEN` bytes, as `Meta` keeps it.
#[inline(always)]
pub(crate) fn off(at: usize) -> u32 {
    debug_assert!(at <= MAX_LEN);
    at as u32
}

/// An optional offset: `u32::MAX` for none (no offset reaches it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Opt(u32);

impl Opt {
    pub(crate) const NONE: Opt = Opt(u32::MAX);

    #[inline(always)]
    pub(crate) fn some(at: usize) -> Opt {
        Opt(off(at))
    }

    #[inline(always)]
    pub(crate) fn get(self) -> Option<usize> {
        (self.0 != u32::MAX).then_some(self.0 as usize)
    }
}

impl Meta {
    /// The host's byte range, where the reference has an authority.
    #[inline(always)]
    pub(crate) fn host(&self) -> Option<std::ops::Range<usize>> {
        self.has_authority.then(|| self.host_span())
    }

    /// The host's byte range as the parser left it, with or without an
    /// authority (empty without one).
    #[inline(always)]
    pub(crate) fn host_span(&self) -> std::ops::Range<usize> {
        self.host_start as usize..self.host_end as usize
    }

    /// The host's byte range where a text of `len` bytes ends in it: no
    /// port, path, query or fragment after it.
    #[inline(always)]
    pub(crate) fn host_at_end(&self, len: usize) -> Option<std::ops::Range<usize>> {
        (self.port_start.get().is_none() && self.host_end as usize == len)
            .then(|| self.host())
            .flatten()
    }
}

impl Default for Meta {
    fn default() -> Self {
        Meta {
            scheme_end: 0,
            has_authority: false,
            host_kind: HostKind::RegName,
            userinfo_end: Opt::NONE,
            host_start: 0,
            host_end: 0,
            port_start: Opt::NONE,
            path_start: 0,
            path_end: 0,
            query_start: Opt::NONE,
            query_end: 0,
            fragment_start: Opt::NONE,
        }
    }
}

/// A parsed URI reference that borrows its text: an absolute URI
/// (`http://a/b`) or a relative reference (`../b?q`).
///
/// Every accessor returns a slice of the input with the input's lifetime,
/// so components outlive the `Uri` value itself.
#[derive(Clone, Copy)]
pub struct Uri<'a> {
    s: &'a str,
    m: Meta,
}

/// Parses a URI reference (RFC 3986 §4.1): an absolute URI or a relative
/// reference, ASCII only.
///
/// ```
/// assert!(urlx::uri::parse("../a?b").is_ok());
/// assert!(urlx::uri::parse("http://例え.jp/").is_err());
/// ```
pub fn parse(s: &str) -> Result<Uri<'_>, ParseError> {
    Uri::parse_with(s, Syntax::Uri)
}

/// Parses an IRI reference (RFC 3987): as [`parse`], and non-ASCII letters
/// and the like are kept as typed.
///
/// ```
/// let u = urlx::uri::parse_iri("http://例え.jp/パス").unwrap();
/// assert_eq!(u.host(), Some("例え.jp"));
/// assert_eq!(u.to_ascii(), "http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9");
/// ```
pub fn parse_iri(s: &str) -> Result<Uri<'_>, ParseError> {
    Uri::parse_with(s, Syntax::Iri)
}

/// Parses a URL as the finder reports it ([`crate::Link::as_str`]): an IRI
/// whose path, query and fragment may hold `[` and `]` ([`Syntax::Link`])
/// and whose fragment may hold `#`, as browsers take them (Matrix and
/// single-page application links); [`Uri::normalize`] and
/// [`Uri::to_ascii`] write them `%5B`, `%5D` and `%23`.
///
/// ```
/// let u = urlx::uri::parse_link("https://api.example/articles?page[number]=2").unwrap();
/// assert_eq!(u.query(), Some("page[number]=2"));
/// assert_eq!(u.to_ascii(), "https://api.example/articles?page%5Bnumber%5D=2");
/// ```
///
/// ```
/// let u = urlx::uri::parse_link("https://matrix.to/#/#urlx:example.org").unwrap();
/// assert_eq!(u.fragment(), Some("/#urlx:example.org"));
/// assert_eq!(u.normalize().as_str(), "https://matrix.to/#/%23urlx:example.org");
/// assert!(urlx::uri::parse_iri("https://matrix.to/#/#urlx:example.org").is_err());
/// ```
pub fn parse_link(s: &str) -> Result<Uri<'_>, ParseError> {
    let strict = Uri::parse_with(s, Syntax::Link);
    if strict.is_ok() {
        return strict;
    }
    match prefix_taking_hashes(s.as_bytes()) {
        Some((n, m)) if n == s.len() => Ok(Uri::from_parts(s, m)),
        _ => strict,
    }
}

/// The longest prefix of `text` that is an absolute URI or IRI
/// ([`parse_prefix_bytes`]), with a fragment that holds `#` taken whole, as
/// browsers take it: its length and components.
pub(crate) fn prefix_taking_hashes(text: &[u8]) -> Option<(usize, Meta)> {
    let (mut n, m) = parse_prefix_bytes(text, Syntax::Link)?;
    if m.fragment_start.get().is_some() && text[n..].starts_with(b"#") {
        n += parse::fragment_run(&text[n..], Syntax::Link);
    }
    Some((n, m))
}

/// Parses an absolute URI (a reference with a scheme; a fragment is
/// allowed).
///
/// ```
/// use urlx::uri::{parse_absolute, ParseErrorKind, Syntax};
/// assert!(parse_absolute("mailto:a@b", Syntax::Uri).is_ok());
/// let e = parse_absolute("//host/x", Syntax::Uri).unwrap_err();
/// assert_eq!(e.kind(), ParseErrorKind::MissingScheme);
/// ```
pub fn parse_absolute(s: &str, syntax: Syntax) -> Result<Uri<'_>, ParseError> {
    parse::parse_meta(s, syntax, true).map(|m| Uri { s, m })
}

/// The longest prefix of `s` that is an absolute URI, or `None` when `s`
/// does not start with a scheme and a colon. This is what a text scanner
/// needs: it hands over the most the text could be, and gets back the part
/// that is a URI.
///
/// ```
/// use urlx::uri::{parse_prefix, Syntax};
/// let u = parse_prefix("http://a/b%zz", Syntax::Uri).unwrap();
/// assert_eq!(u.as_str(), "http://a/b");
/// let u = parse_prefix("http://[::1/x", Syntax::Uri).unwrap();
/// assert_eq!(u.as_str(), "http://");
/// assert!(parse_prefix("12:30", Syntax::Uri).is_none());
/// ```
pub fn parse_prefix(s: &str, syntax: Syntax) -> Option<Uri<'_>> {
    parse::parse_prefix(s, syntax)
}

/// [`parse_prefix`] on bytes, which need not be UTF-8 past the prefix: the
/// prefix's length and components.
pub(crate) fn parse_prefix_bytes(s: &[u8], syntax: Syntax) -> Option<(usize, Meta)> {
    parse::parse_prefix_bytes(s, syntax)
}

/// The length of the longest prefix of `rest` that makes an absolute URI
/// (or IRI) after `scheme://`.
pub(crate) fn prefix_after_slashes(rest: &[u8], syntax: Syntax) -> usize {
    parse::prefix_after_slashes(rest, syntax)
}

/// Whether a prefix of `n` bytes with the components `m` (from
/// [`prefix_taking_hashes`]) ends inside the authority: where a finder
/// takes no URL (C-P3: no host the writer did not write).
pub(crate) fn stopped_in_authority(m: Meta, n: usize) -> bool {
    m.has_authority && m.path_start as usize == n
}

/// [`prefix_after_slashes`] in an IRI, with a fragment that holds `#`
/// taken whole, as [`prefix_taking_hashes`] takes it.
pub(crate) fn after_slashes_taking_hashes(rest: &[u8]) -> usize {
    let mut n = prefix_after_slashes(rest, Syntax::Link);
    // (After `scheme://`, the first `#` starts the fragment.)
    if rest[n..].starts_with(b"#") && memchr::memchr(b'#', &rest[..n]).is_some() {
        n += parse::fragment_run(&rest[n..], Syntax::Link);
    }
    n
}

/// Where an IP literal whose `[` is `s[0]` must close: the first byte
/// after the `[` that no literal holds (`IPvFuture` bytes hold those of
/// `IPv6address`; `]` is none), or `s.len()`. The literal is valid only
/// if that byte is its `]`.
#[inline]
pub(crate) fn ip_literal_end(s: &[u8]) -> usize {
    s.iter()
        .skip(1)
        .position(|&b| !table::is(b, table::IPV_FUTURE))
        .map_or(s.len(), |k| k + 1)
}

/// The components of `s` when it is of the common shape the one-pass
/// parser takes (`parse::parse_common`; `s` is then ASCII); `None` says
/// nothing about the general parser's verdict.
#[inline(always)]
pub(crate) fn parse_common_meta(s: &[u8]) -> Option<Meta> {
    parse::parse_common(s)
}

impl<'a> Uri<'a> {
    pub(crate) fn from_parts(s: &'a str, m: Meta) -> Self {
        Uri { s, m }
    }

    /// The component offsets, for callers that keep the text elsewhere.
    pub(crate) fn meta(&self) -> Meta {
        self.m
    }

    /// Parses a URI reference with the given syntax.
    pub fn parse_with(s: &'a str, syntax: Syntax) -> Result<Self, ParseError> {
        parse::parse_meta(s, syntax, false).map(|m| Uri { s, m })
    }

    /// The whole text.
    #[inline]
    #[must_use]
    pub fn as_str(&self) -> &'a str {
        self.s
    }

    /// The scheme, as typed (`HTTP` stays `HTTP`).
    #[inline]
    #[must_use]
    pub fn scheme(&self) -> Option<&'a str> {
        (self.m.scheme_end > 0).then(|| &self.s[..self.m.scheme_end as usize])
    }

    /// Whether the scheme is `name`, compared case-insensitively.
    #[inline]
    #[must_use]
    pub fn scheme_is(&self, name: &str) -> bool {
        self.scheme().is_some_and(|s| s.eq_ignore_ascii_case(name))
    }

    /// Whether the reference has a scheme (RFC 3986 §4.3 "absolute URI",
    /// allowing a fragment).
    #[inline]
    #[must_use]
    pub fn is_absolute(&self) -> bool {
        self.m.scheme_end > 0
    }

    /// Whether the reference is relative (has no scheme).
    #[inline]
    #[must_use]
    pub fn is_relative(&self) -> bool {
        !self.is_absolute()
    }

    /// Whether the text holds any non-ASCII character (it is an IRI, not a
    /// URI).
    #[inline]
    #[must_use]
    pub fn is_iri(&self) -> bool {
        !self.s.is_ascii()
    }

    /// The authority (between `//` and the path), if there is one. It may
    /// be empty (`file:///x`).
    #[inline]
    #[must_use]
    pub fn authority(&self) -> Option<&'a str> {
        self.m.has_authority.then(|| {
            let start = if self.m.scheme_end > 0 {
                self.m.scheme_end as usize + 3
            } else {
                2
            };
            &self.s[start..self.m.path_start as usize]
        })
    }

    /// The userinfo, before the `@`. `ftp://@h/` has an empty userinfo;
    /// `ftp://h/` has none.
    #[inline]
    #[must_use]
    pub fn userinfo(&self) -> Option<&'a str> {
        let end = self.m.userinfo_end.get()?;
        let start = if self.m.scheme_end > 0 {
            self.m.scheme_end as usize + 3
        } else {
            2
        };
        Some(&self.s[start..end])
    }

    /// The host, as typed; IP literals keep their brackets. `None` without
    /// an authority; empty for `file:///x`.
    #[inline]
    #[must_use]
    pub fn host(&self) -> Option<&'a str> {
        self.m
            .has_authority
            .then(|| &self.s[self.m.host_start as usize..self.m.host_end as usize])
    }

    /// What kind of host it is.
    #[inline]
    #[must_use]
    pub fn host_kind(&self) -> Option<HostKind> {
        self.m.has_authority.then_some(self.m.host_kind)
    }

    /// The IPv4 address, when the host is one.
    #[must_use]
    pub fn ipv4(&self) -> Option<Ipv4Addr> {
        match self.host_kind()? {
            HostKind::Ipv4 => host::parse_ipv4(self.host()?.as_bytes()),
            _ => None,
        }
    }

    /// The IPv6 address, when the host is one.
    #[must_use]
    pub fn ipv6(&self) -> Option<Ipv6Addr> {
        match self.host_kind()? {
            HostKind::Ipv6 => {
                let h = self.host()?;
                host::parse_ipv6(&h.as_bytes()[1..h.len() - 1])
            }
            _ => None,
        }
    }

    /// The port text after `:`; `Some("")` for `http://a:/`.
    #[inline]
    #[must_use]
    pub fn port(&self) -> Option<&'a str> {
        self.m
            .port_start
            .get()
            .map(|p| &self.s[p..self.m.path_start as usize])
    }

    /// The port as a number, when there is one and it fits in 16 bits.
    #[must_use]
    pub fn port_number(&self) -> Option<u16> {
        self.port().and_then(|p| p.parse().ok())
    }

    /// The path, never undefined (it may be empty).
    #[inline]
    #[must_use]
    pub fn path(&self) -> &'a str {
        &self.s[self.m.path_start as usize..self.m.path_end as usize]
    }

    /// The query, after `?` (which may be empty).
    #[inline]
    #[must_use]
    pub fn query(&self) -> Option<&'a str> {
        self.m
            .query_start
            .get()
            .map(|q| &self.s[q..self.m.query_end as usize])
    }

    /// The fragment, after `#` (which may be empty).
    #[inline]
    #[must_use]
    pub fn fragment(&self) -> Option<&'a str> {
        self.m.fragment_start.get().map(|f| &self.s[f..])
    }

    /// The reference without its fragment.
    #[must_use]
    pub fn without_fragment(&self) -> Uri<'a> {
        match self.m.fragment_start.get() {
            None => *self,
            Some(f) => {
                let mut m = self.m;
                m.fragment_start = Opt::NONE;
                Uri {
                    s: &self.s[..f - 1],
                    m,
                }
            }
        }
    }

    /// An owned copy.
    #[must_use]
    pub fn to_owned(&self) -> UriBuf {
        UriBuf {
            s: self.s.to_owned(),
            m: self.m,
        }
    }

    /// The RFC 3986 form of an IRI (RFC 3987 §3.1): non-ASCII characters
    /// percent-encoded as UTF-8, and a non-ASCII host in IDNA (punycode)
    /// form. Borrowed when the text is already ASCII.
    #[must_use]
    pub fn to_ascii(&self) -> Cow<'a, str> {
        iri::to_ascii(self)
    }

    /// Resolves `reference` against this URI as base, by RFC 3986 §5.2.
    ///
    /// ```
    /// let base = urlx::uri::parse("http://a/b/c/d;p?q").unwrap();
    /// let r = urlx::uri::parse("../g").unwrap();
    /// assert_eq!(base.resolve(&r).unwrap().as_str(), "http://a/b/g");
    /// ```
    pub fn resolve(&self, reference: &Uri<'_>) -> Result<UriBuf, ResolveError> {
        resolve::resolve(self, reference, Compat::Rfc3986)
    }

    /// Resolves `reference` against this base with a chosen algorithm: RFC
    /// 3986, or one of the drafts whose published examples it reproduces.
    pub fn resolve_with(
        &self,
        reference: &Uri<'_>,
        compat: Compat,
    ) -> Result<UriBuf, ResolveError> {
        resolve::resolve(self, reference, compat)
    }

    /// The normal form of RFC 3986 §6.2.2 and §6.2.3: scheme and host in
    /// lower case, percent-encodings in upper case and decoded where they
    /// stand for unreserved characters, dot segments removed, a default
    /// port dropped, and an empty http(s) path written `/`.
    ///
    /// ```
    /// let u = urlx::uri::parse("HTTP://www.EXAMPLE.com:80/a/./b/../%7euser").unwrap();
    /// assert_eq!(u.normalize().as_str(), "http://www.example.com/a/~user");
    /// ```
    #[must_use]
    pub fn normalize(&self) -> UriBuf {
        normalize::normalize(self)
    }

    /// Whether two references are equivalent after normalization (RFC 3986
    /// §6.2: no false positives, some false negatives).
    #[must_use]
    pub fn equivalent(&self, other: &Uri<'_>) -> bool {
        self.normalize().as_str() == other.normalize().as_str()
    }

    /// The typed view of one of the ten RFC 1738 schemes (https shares
    /// http's), or `None` for other schemes.
    #[must_use]
    pub fn rfc1738(&self) -> Option<scheme::Rfc1738<'a>> {
        scheme::Rfc1738::of(self)
    }
}

impl PartialEq for Uri<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.s == other.s
    }
}

impl Eq for Uri<'_> {}

impl fmt::Debug for Uri<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Uri")
            .field("scheme", &self.scheme())
            .field("userinfo", &self.userinfo())
            .field("host", &self.host())
            .field("port", &self.port())
            .field("path", &self.path())
            .field("query", &self.query())
            .field("fragment", &self.fragment())
            .finish()
    }
}

/// Writes the reference recomposed from its components (RFC 3986 §5.3),
/// which gives back the parsed text exactly.
impl fmt::Display for Uri<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(s) = self.scheme() {
            write!(f, "{s}:")?;
        }
        if self.m.has_authority {
            f.write_str("//")?;
            if let Some(u) = self.userinfo() {
                write!(f, "{u}@")?;
            }
            f.write_str(self.host().unwrap_or(""))?;
            if let Some(p) = self.port() {
                write!(f, ":{p}")?;
            }
        }
        f.write_str(self.path())?;
        if let Some(q) = self.query() {
            write!(f, "?{q}")?;
        }
        if let Some(fr) = self.fragment() {
            write!(f, "#{fr}")?;
        }
        Ok(())
    }
}

/// A URI reference that owns its text: the result of resolution and
/// normalization, or an owned copy of a [`Uri`].
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct UriBuf {
    s: String,
    m: Meta,
}

impl UriBuf {
    /// Parses an owned string as an IRI reference; on failure the string
    /// comes back with the error.
    pub fn parse(s: String) -> Result<UriBuf, (ParseError, String)> {
        match parse::parse_meta(&s, Syntax::Iri, false) {
            Ok(m) => Ok(UriBuf { s, m }),
            Err(e) => Err((e, s)),
        }
    }

    /// Builds from text the crate composed itself, which is valid by
    /// construction (property tests hold this).
    pub(crate) fn from_composed(s: String) -> UriBuf {
        match parse::parse_meta(&s, Syntax::Iri, false) {
            Ok(m) => UriBuf { s, m },
            Err(e) => {
                // (A text the parser does not take for its length alone,
                // over `MAX_LEN` bytes, can be composed from valid ones.)
                debug_assert!(s.len() > MAX_LEN, "composed an invalid URI {s:?}: {e}");
                // Never panic on input: keep the text, as a path-only
                // reference; over `MAX_LEN` bytes, the path is its longest
                // prefix that ends on a character and fits the offsets.
                let mut end = s.len().min(MAX_LEN);
                while !s.is_char_boundary(end) {
                    end -= 1;
                }
                let m = Meta {
                    path_end: off(end),
                    ..Meta::default()
                };
                UriBuf { s, m }
            }
        }
    }

    /// The borrowed view, with every accessor.
    #[inline]
    #[must_use]
    pub fn as_uri(&self) -> Uri<'_> {
        Uri {
            s: &self.s,
            m: self.m,
        }
    }

    /// The text.
    #[inline]
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.s
    }

    /// The text, owned.
    #[must_use]
    pub fn into_string(self) -> String {
        self.s
    }
}

impl fmt::Display for UriBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.as_uri(), f)
    }
}

impl fmt::Debug for UriBuf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.as_uri(), f)
    }
}

impl From<Uri<'_>> for UriBuf {
    fn from(u: Uri<'_>) -> Self {
        u.to_owned()
    }
}

/// Why a reference could not be resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ResolveError {
    /// The base has no scheme; RFC 3986 §5.1 requires an absolute base.
    BaseNotAbsolute,
    /// [`Compat::Draft1997`] only: a relative path against a base with an
    /// authority and an empty path. The 1997 draft's step 6a copies
    /// nothing and glues the path onto the authority (`http://a` + `g`
    /// gives `http://ag`, another host; `http://a:80` + `g` gives no URI
    /// at all). The 2003 draft fixed this (its §G.2); urlx reports it
    /// rather than return a URI that names something else.
    Draft1997EmptyBasePath,
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResolveError::BaseNotAbsolute => {
                f.write_str("the base URI has no scheme (RFC 3986 section 5.1 requires an absolute base)")
            }
            ResolveError::Draft1997EmptyBasePath => f.write_str(
                "the 1997 draft's merge (step 6a) cannot resolve a relative path against a base with an authority and an empty path",
            ),
        }
    }
}

impl std::error::Error for ResolveError {}
