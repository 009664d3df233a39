//! Typed views of the ten schemes of RFC 1738 §3 (rule C-P5), their
//! default ports, and a check of each scheme's own syntax (RFC 1738 §5).
//!
//! A view never fails to build: it decomposes what the generic parser
//! found. [`Rfc1738::check`] then says whether the URL also follows the
//! scheme's RFC 1738 grammar, and where it does not. Where the drafts and
//! RFC 1738 differ, RFC 1738 governs; two draft-era forms are accepted
//! because they are harmless and common: `~` anywhere a 1738 `uchar` may
//! stand (RFC 1738 §2.2 calls it unsafe) and `http://host?query` without a
//! path (RFC 1738 §3.3 writes a path before `?`).
//!
//! ```
//! use urlx::uri::{self, scheme::{Rfc1738, FtpType}};
//! let u = uri::parse("ftp://info.cern.ch/pub/www/doc;type=d").unwrap();
//! let Some(Rfc1738::Ftp(ftp)) = u.rfc1738() else { panic!() };
//! assert_eq!(ftp.cwd().collect::<Vec<_>>(), ["pub", "www"]);
//! assert_eq!(ftp.name(), "doc");
//! assert_eq!(ftp.transfer_type(), Some(FtpType::Directory));
//! assert!(ftp.check().is_ok());
//! ```

mod file;
mod ftp;
mod gopher;
mod http;
mod mailto;
mod news;
mod nntp;
mod prospero;
mod rules;
mod telnet;
mod wais;

pub use file::File;
pub use ftp::{Ftp, FtpType};
pub use gopher::Gopher;
pub use http::Http;
pub use mailto::Mailto;
pub use news::{News, NewsTarget};
pub use nntp::Nntp;
pub use prospero::Prospero;
pub use telnet::Telnet;
pub use wais::{Wais, WaisTarget};

use super::Uri;
use std::fmt;

/// The default port of a scheme (compared case-insensitively): the seven
/// of RFC 1738 §3 and those of later schemes that use the generic syntax.
///
/// ```
/// assert_eq!(urlx::uri::scheme::default_port("HTTP"), Some(80));
/// assert_eq!(urlx::uri::scheme::default_port("prospero"), Some(1525));
/// assert_eq!(urlx::uri::scheme::default_port("mailto"), None);
/// ```
pub fn default_port(scheme: &str) -> Option<u16> {
    const PORTS: &[(&str, u16)] = &[
        ("http", 80),
        ("https", 443),
        ("ftp", 21),
        ("gopher", 70),
        ("nntp", 119),
        ("telnet", 23),
        ("wais", 210),
        ("prospero", 1525),
        ("ws", 80),
        ("wss", 443),
        ("ftps", 990),
        ("sftp", 22),
        ("ssh", 22),
        ("nntps", 563),
        ("news", 119),
        ("ldap", 389),
        ("ldaps", 636),
        ("rtsp", 554),
        ("git", 9418),
        ("svn", 3690),
        ("irc", 6667),
        ("ircs", 6697),
        ("sip", 5060),
        ("sips", 5061),
    ];
    PORTS
        .iter()
        .find(|(s, _)| s.eq_ignore_ascii_case(scheme))
        .map(|&(_, p)| p)
}

/// A URL of one of the RFC 1738 schemes, seen through its scheme's
/// components.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Rfc1738<'a> {
    /// `ftp://` (§3.2)
    Ftp(Ftp<'a>),
    /// `http://` (§3.3); `https://` shares it.
    Http(Http<'a>),
    /// `gopher://` (§3.4)
    Gopher(Gopher<'a>),
    /// `mailto:` (§3.5)
    Mailto(Mailto<'a>),
    /// `news:` (§3.6)
    News(News<'a>),
    /// `nntp://` (§3.7)
    Nntp(Nntp<'a>),
    /// `telnet://` (§3.8)
    Telnet(Telnet<'a>),
    /// `wais://` (§3.9)
    Wais(Wais<'a>),
    /// `file://` (§3.10)
    File(File<'a>),
    /// `prospero://` (§3.11)
    Prospero(Prospero<'a>),
}

impl<'a> Rfc1738<'a> {
    /// The view for `u`'s scheme, or `None` when it is not one of the ten
    /// (or https).
    pub fn of(u: &Uri<'a>) -> Option<Self> {
        let s = u.scheme()?;
        let u = *u;
        let v = if s.eq_ignore_ascii_case("ftp") {
            Rfc1738::Ftp(Ftp(u))
        } else if s.eq_ignore_ascii_case("http") || s.eq_ignore_ascii_case("https") {
            Rfc1738::Http(Http(u))
        } else if s.eq_ignore_ascii_case("gopher") {
            Rfc1738::Gopher(Gopher(u))
        } else if s.eq_ignore_ascii_case("mailto") {
            Rfc1738::Mailto(Mailto(u))
        } else if s.eq_ignore_ascii_case("news") {
            Rfc1738::News(News(u))
        } else if s.eq_ignore_ascii_case("nntp") {
            Rfc1738::Nntp(Nntp(u))
        } else if s.eq_ignore_ascii_case("telnet") {
            Rfc1738::Telnet(Telnet(u))
        } else if s.eq_ignore_ascii_case("wais") {
            Rfc1738::Wais(Wais(u))
        } else if s.eq_ignore_ascii_case("file") {
            Rfc1738::File(File(u))
        } else if s.eq_ignore_ascii_case("prospero") {
            Rfc1738::Prospero(Prospero(u))
        } else {
            return None;
        };
        Some(v)
    }

    /// Checks the URL against its scheme's RFC 1738 grammar; the error
    /// names the first place where it departs.
    pub fn check(&self) -> Result<(), SchemeError> {
        match self {
            Rfc1738::Ftp(v) => v.check(),
            Rfc1738::Http(v) => v.check(),
            Rfc1738::Gopher(v) => v.check(),
            Rfc1738::Mailto(v) => v.check(),
            Rfc1738::News(v) => v.check(),
            Rfc1738::Nntp(v) => v.check(),
            Rfc1738::Telnet(v) => v.check(),
            Rfc1738::Wais(v) => v.check(),
            Rfc1738::File(v) => v.check(),
            Rfc1738::Prospero(v) => v.check(),
        }
    }

    /// The generic parse underneath.
    pub fn uri(&self) -> Uri<'a> {
        match *self {
            Rfc1738::Ftp(v) => v.0,
            Rfc1738::Http(v) => v.0,
            Rfc1738::Gopher(v) => v.0,
            Rfc1738::Mailto(v) => v.0,
            Rfc1738::News(v) => v.0,
            Rfc1738::Nntp(v) => v.0,
            Rfc1738::Telnet(v) => v.0,
            Rfc1738::Wais(v) => v.0,
            Rfc1738::File(v) => v.0,
            Rfc1738::Prospero(v) => v.0,
        }
    }
}

/// Where a URL departs from its scheme's RFC 1738 syntax.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SchemeError {
    index: usize,
    kind: SchemeErrorKind,
}

/// The kinds of [`SchemeError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SchemeErrorKind {
    /// A character the scheme's grammar does not allow at this place.
    InvalidChar,
    /// The host is neither an RFC 1738 hostname nor a hostnumber.
    InvalidHost,
    /// A `:` with no port after it ("If the port is omitted, the colon is
    /// as well", §3.1).
    EmptyPort,
    /// A user name or password where the scheme allows none (http,
    /// gopher, nntp, wais, file, prospero).
    UserinfoNotAllowed,
    /// The scheme needs `//host` and the URL has none.
    MissingAuthority,
    /// A required part is missing (a news group, an nntp group, a wais
    /// database, a mailto address, a file path).
    MissingPart,
    /// Something after the end of what the scheme allows (a telnet path, an
    /// nntp query, a port on a file URL).
    UnexpectedPart,
    /// An ftp `;type=` code other than `a`, `i` or `d`.
    InvalidTypeCode,
}

impl SchemeError {
    pub(crate) fn new(index: usize, kind: SchemeErrorKind) -> Self {
        SchemeError { index, kind }
    }

    /// The byte index in the URL.
    #[must_use]
    pub fn index(&self) -> usize {
        self.index
    }

    /// What is wrong.
    #[must_use]
    pub fn kind(&self) -> SchemeErrorKind {
        self.kind
    }
}

impl SchemeErrorKind {
    /// A short name for machine-readable output.
    pub fn as_str(self) -> &'static str {
        match self {
            SchemeErrorKind::InvalidChar => "invalid-char",
            SchemeErrorKind::InvalidHost => "invalid-host",
            SchemeErrorKind::EmptyPort => "empty-port",
            SchemeErrorKind::UserinfoNotAllowed => "userinfo-not-allowed",
            SchemeErrorKind::MissingAuthority => "missing-authority",
            SchemeErrorKind::MissingPart => "missing-part",
            SchemeErrorKind::UnexpectedPart => "unexpected-part",
            SchemeErrorKind::InvalidTypeCode => "invalid-type-code",
        }
    }
}

impl fmt::Display for SchemeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            SchemeErrorKind::InvalidChar => "character not allowed by the scheme's RFC 1738 syntax",
            SchemeErrorKind::InvalidHost => "not an RFC 1738 hostname or host number",
            SchemeErrorKind::EmptyPort => "':' without a port",
            SchemeErrorKind::UserinfoNotAllowed => {
                "no user name or password is allowed for this scheme"
            }
            SchemeErrorKind::MissingAuthority => "the scheme needs '//host'",
            SchemeErrorKind::MissingPart => "a required part is missing",
            SchemeErrorKind::UnexpectedPart => "more than the scheme allows",
            SchemeErrorKind::InvalidTypeCode => "ftp type code is not a, i or d",
        };
        write!(f, "{what} at byte {}", self.index)
    }
}

impl std::error::Error for SchemeError {}
