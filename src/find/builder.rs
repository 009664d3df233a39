//! [`FinderBuilder`]: the finder's configuration, checked once.

use super::schemes::ClassTable;
use super::Finder;
use crate::delimit::bare_end::BareOptions;
use crate::delimit::Limits;
use crate::scan::scheme::{self, is_scheme_byte, SchemeClass, MAX_SCHEME_LEN};
use crate::scan::Scanner;

/// The largest byte cap a finder takes (`usize::MAX / 64`: 2^58 bytes on
/// 64-bit targets, longer than any text); a larger one, `usize::MAX` for
/// "no cap", is taken as this. The windows the finder keeps around a
/// trigger are sums of a few caps, which must not overflow.
pub const MAX_CAP: usize = usize::MAX / 64;

/// Errors in a finder's configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BuildError {
    /// A scheme name that is not `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
    InvalidScheme(String),
    /// A cap of zero.
    ZeroLimit(&'static str),
}

impl std::fmt::Display for BuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BuildError::InvalidScheme(s) => write!(f, "invalid scheme name {s:?}"),
            BuildError::ZeroLimit(what) => write!(f, "{what} must be at least 1"),
        }
    }
}

impl std::error::Error for BuildError {}

/// Configures a [`Finder`].
///
/// ```
/// let finder = urlx::FinderBuilder::new()
///     .email(true)
///     .bare_schemes(["http", "https"])
///     .build()
///     .unwrap();
/// let urls: Vec<_> = finder
///     .links("ftp://a.example/ or https://b.example/, or me@c.example.")
///     .map(|l| l.as_str().to_owned())
///     .collect();
/// assert_eq!(urls, ["https://b.example/", "mailto:me@c.example"]);
/// ```
#[derive(Clone, Debug)]
pub struct FinderBuilder {
    bare: Vec<String>,
    wrapped: Vec<String>,
    email: bool,
    www: bool,
    domains: bool,
    join_unhyphenated: bool,
    uts58: bool,
    registered: bool,
    limits: Limits,
}

impl Default for FinderBuilder {
    fn default() -> Self {
        Self::new()
    }
}

impl FinderBuilder {
    /// The defaults: the schemes of C-F2 bare, `urn:` and `tel:` inside
    /// wrappers, `www.` abbreviations on, e-mail addresses off, C-W6 off,
    /// URLs up to 8 KiB, wrappers up to 2 KiB and 8 lines.
    ///
    /// The schemes found bare by default: `http`, `https`, `ftp`, `ftps`,
    /// `sftp`, `ssh`, `git`, `svn`, `irc`, `ircs`, `gopher`, `nntp`,
    /// `telnet`, `wais`, `file`, `prospero`, `rtsp`, `ldap`, `ldaps`,
    /// `git+https`, `git+ssh`, `svn+ssh` (each followed by `://`), and
    /// `mailto`, `news`, `xmpp`, `sip`, `sips` (without `//`); with
    /// [`registered_schemes`](Self::registered_schemes) on (the default),
    /// also any scheme in IANA's registry followed by `://`. Found does
    /// not mean linked: the HTML and terminal writers link
    /// [`LINKABLE`](crate::LINKABLE) schemes only.
    pub fn new() -> Self {
        let bare = scheme::BARE_AUTHORITY
            .iter()
            .chain(scheme::BARE_OPAQUE)
            .map(|s| s.to_string())
            .collect();
        let wrapped = scheme::WRAPPED_OPAQUE
            .iter()
            .map(|s| s.to_string())
            .collect();
        FinderBuilder {
            bare,
            wrapped,
            email: false,
            www: true,
            domains: false,
            join_unhyphenated: false,
            uts58: false,
            registered: true,
            limits: Limits {
                max_url_len: 8192,
                max_wrapper_bytes: 2048,
                max_wrapper_lines: 8,
                max_line_len: None,
            },
        }
    }

    /// The schemes found in bare text (replaces the default list, and
    /// turns [`registered_schemes`](Self::registered_schemes) off). Inside
    /// `<…>` and quotes, these and any scheme followed by `//` count;
    /// inside `<URL:…>`, any scheme.
    pub fn bare_schemes<I, S>(&mut self, schemes: I) -> &mut Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        self.bare = schemes
            .into_iter()
            .map(|s| s.as_ref().to_ascii_lowercase())
            .collect();
        self.registered = false;
        self
    }

    /// Also find bare `scheme://` URLs of every scheme in IANA's URI
    /// scheme registry, permanent and provisional (`wss://`, `coap://`,
    /// `rsync://`, `imap://`; C-F2; on by default). A scheme without `//`
    /// is found bare only when it is in [`bare_schemes`](Self::bare_schemes).
    /// Finding a scheme is not linking it: the linkifier's schemes are its
    /// own option.
    ///
    /// ```
    /// let f = urlx::Finder::new();
    /// let urls: Vec<_> = f.links("wss://example.org/chat or D://J").map(|l| l.as_str().to_owned()).collect();
    /// assert_eq!(urls, ["wss://example.org/chat"]);
    /// let f = urlx::FinderBuilder::new().registered_schemes(false).build().unwrap();
    /// assert_eq!(f.links("wss://example.org/chat").count(), 0);
    /// ```
    pub fn registered_schemes(&mut self, yes: bool) -> &mut Self {
        self.registered = yes;
        self
    }

    /// Schemes without `//` found only inside `<…>` and quotes (replaces
    /// the default `urn`, `tel`).
    pub fn wrapped_schemes<I, S>(&mut self, schemes: I) -> &mut Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        self.wrapped = schemes
            .into_iter()
            .map(|s| s.as_ref().to_ascii_lowercase())
            .collect();
        self
    }

    /// Report bare e-mail addresses as `mailto:` links (C-F5; off by
    /// default). Addresses in `<…>` (Message-IDs, `From:` lines) never are.
    pub fn email(&mut self, yes: bool) -> &mut Self {
        self.email = yes;
        self
    }

    /// Report `www.` hosts as `http://` URLs (C-F4; on by default).
    pub fn abbreviated(&mut self, yes: bool) -> &mut Self {
        self.www = yes;
        self
    }

    /// Report domain names without a scheme as `http://` URLs of the form
    /// [`Form::Domain`](crate::Form::Domain) (off by default, as the
    /// contract's forms have a scheme or `www.`): `example.com/path`,
    /// `github.com/foo`, whose last label is a top-level domain of the
    /// public suffix list; not part of an address or a longer word, not a
    /// file's name (`setup.py`, `README.md`), not a version (`v1.2.3`).
    ///
    /// ```
    /// let f = urlx::FinderBuilder::new().domains(true).build().unwrap();
    /// let urls: Vec<_> = f
    ///     .links("see github.com/foo or example.org. Not setup.py, v1.2.3 or a@b.example.")
    ///     .map(|l| l.as_str().to_owned())
    ///     .collect();
    /// assert_eq!(urls, ["http://github.com/foo", "http://example.org"]);
    /// ```
    #[cfg(feature = "domains")]
    #[cfg_attr(docsrs, doc(cfg(feature = "domains")))]
    pub fn domains(&mut self, yes: bool) -> &mut Self {
        self.domains = yes;
        self
    }

    /// C-W6: join a bare URL that ends exactly at a line end with the next
    /// line when that begins with `/`, `?`, `&`, `=`, `#` or `%` (off by
    /// default).
    pub fn join_unhyphenated_breaks(&mut self, yes: bool) -> &mut Self {
        self.join_unhyphenated = yes;
        self
    }

    /// UTS #58 mode (off by default, rule C-F10): find links as
    /// Unicode's link detection standard (UTS #58, Unicode 17) describes,
    /// and nothing else: a domain name whose last label is a top-level
    /// domain of IANA's list (in ASCII or Unicode) with `https://` or
    /// `http://` before it or none (reported with `https://`, form
    /// [`Form::Domain`](crate::Form::Domain)), host labels by UTS #46, the
    /// path, query and fragment by `Link_Term` with brackets paired per
    /// component, and e-mail addresses by `Link_Email` (reported as
    /// `mailto:` links, `mailto:` before one taken in; no userinfo). It
    /// passes every line of the standard's `LinkDetectionTest.txt`.
    ///
    /// The form options (schemes, `www.`, e-mail, domains, C-W6) do not
    /// apply in this mode, nor do wrappers and line breaks: a link ends at
    /// the end of its line. The caps do: [`FinderBuilder::max_url_len`]
    /// (also the most looked back from a dot) and
    /// [`FinderBuilder::max_line_len`].
    ///
    /// ```
    /// let f = urlx::FinderBuilder::new().uts58(true).build().unwrap();
    /// let urls: Vec<_> = f
    ///     .links("See example.com/αβγ/δεζ?θικ#λμν, mailto:jöhn@example.com and http://foobar.みんな/.")
    ///     .map(|l| l.as_str().to_owned())
    ///     .collect();
    /// assert_eq!(
    ///     urls,
    ///     [
    ///         "https://example.com/αβγ/δεζ?θικ#λμν",
    ///         "mailto:jöhn@example.com",
    ///         "http://foobar.みんな/"
    ///     ]
    /// );
    /// ```
    pub fn uts58(&mut self, yes: bool) -> &mut Self {
        self.uts58 = yes;
        self
    }

    /// The longest URL in bytes of text (default 8192); a longer one is
    /// cut there and flagged ([`Link::is_truncated`](super::Link::is_truncated)).
    /// Byte caps above [`MAX_CAP`] are taken as it.
    pub fn max_url_len(&mut self, bytes: usize) -> &mut Self {
        self.limits.max_url_len = bytes.min(MAX_CAP);
        self
    }

    /// The most bytes a wrapper may span, opener to closer (default 2048).
    pub fn max_wrapper_bytes(&mut self, bytes: usize) -> &mut Self {
        self.limits.max_wrapper_bytes = bytes.min(MAX_CAP);
        self
    }

    /// The most bytes of a line looked at (default: no cap; 0 means no
    /// cap). Past it nothing is looked for in that line, and a URL that
    /// reaches it is cut there and flagged ([`Link::is_truncated`](super::Link::is_truncated)): for
    /// inputs with huge lines (base64 blobs, minified HTML) that should
    /// cost no more than their cap.
    pub fn max_line_len(&mut self, bytes: usize) -> &mut Self {
        self.limits.max_line_len = (bytes > 0).then_some(bytes.min(MAX_CAP));
        self
    }

    /// The most lines a wrapper may span (default 8, C-W5), and a bare URL
    /// joined across line breaks (C-W3, C-W6): such a URL is cut at the
    /// last line break it may cross, and flagged ([`Link::is_truncated`](super::Link::is_truncated)).
    /// A wrapper that would span more is no wrapper (its text is read as
    /// bare text).
    pub fn max_wrapper_lines(&mut self, lines: usize) -> &mut Self {
        self.limits.max_wrapper_lines = lines;
        self
    }

    /// Builds the finder.
    pub fn build(&self) -> Result<Finder, BuildError> {
        for s in self.bare.iter().chain(&self.wrapped) {
            let b = s.as_bytes();
            if b.is_empty()
                || !b[0].is_ascii_alphabetic()
                || !b.iter().all(|&c| is_scheme_byte(c))
                || b.len() > MAX_SCHEME_LEN
            {
                return Err(BuildError::InvalidScheme(s.clone()));
            }
        }
        let l = &self.limits;
        if l.max_url_len == 0 {
            return Err(BuildError::ZeroLimit("max_url_len"));
        }
        if l.max_wrapper_bytes == 0 {
            return Err(BuildError::ZeroLimit("max_wrapper_bytes"));
        }
        if l.max_wrapper_lines == 0 {
            return Err(BuildError::ZeroLimit("max_wrapper_lines"));
        }
        let mut classes: Vec<(String, SchemeClass)> = Vec::new();
        let mut opaque = Vec::new();
        for (name, bare) in self
            .bare
            .iter()
            .map(|s| (s, true))
            .chain(self.wrapped.iter().map(|s| (s, false)))
        {
            let authority = scheme::BARE_AUTHORITY.contains(&name.as_str());
            if !authority && !opaque.contains(name) {
                opaque.push(name.clone());
            }
            match classes.iter_mut().find(|(n, _)| n == name) {
                Some((_, c)) => {
                    *c = SchemeClass::new(c.bare() || bare, c.wrapped() || !bare, c.authority());
                }
                None => classes.push((name.clone(), SchemeClass::new(bare, !bare, authority))),
            }
        }
        // UTS #58 mode looks back from a dot over a domain name and a local
        // part, and on over a path: each at most a URL long.
        let (back, forward) = if self.uts58 {
            let l = self.limits;
            (
                l.back().max(l.max_url_len + 64),
                l.forward().max(l.max_url_len + 128),
            )
        } else {
            (self.limits.back(), self.limits.forward())
        };
        // C-W8: an RFC 8792 header declares the folds after it, within its
        // reach.
        let back = back.max(crate::delimit::fold::HEADER_REACH + 64);
        Ok(Finder {
            scanner: Scanner::new(
                &opaque,
                self.www,
                self.email,
                self.limits.max_line_len.is_some(),
            )
            .with_domains(self.domains),
            classes: ClassTable::new(
                classes
                    .into_iter()
                    .map(|(n, c)| (scheme::key(n.as_bytes()), n, c))
                    .collect(),
            ),
            limits: self.limits,
            back,
            forward,
            bare: BareOptions {
                join_unhyphenated: self.join_unhyphenated,
                max_lines: self.limits.max_wrapper_lines,
            },
            uts58: self.uts58,
            registered: self.registered,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Caps of `usize::MAX` ("no cap") are taken as [`MAX_CAP`]: the
    /// windows built from them do not overflow, and the links are those of
    /// the default finder on text shorter than its caps.
    #[test]
    fn caps_of_usize_max_are_no_cap() {
        let text = "see <URL:http://a.exa\n  mple/> http://b.example/x-\ny www.c.example \
                    <http://d.example/ e> end\n"
            .repeat(50);
        let urls =
            |f: &Finder| -> Vec<String> { f.links(&text).map(|l| l.as_str().to_owned()).collect() };
        let huge = FinderBuilder::new()
            .max_url_len(usize::MAX)
            .max_wrapper_bytes(usize::MAX)
            .max_line_len(usize::MAX)
            .max_wrapper_lines(usize::MAX)
            .build()
            .unwrap();
        let want = urls(&Finder::new());
        assert_eq!(want.len(), 200);
        assert_eq!(urls(&huge), want);
        let streamed: Vec<String> = huge
            .stream(text.as_bytes())
            .chunk_size(100)
            .map(|l| l.unwrap().as_str().to_owned())
            .collect();
        assert_eq!(streamed, want);
        let (before, after) = huge.piece_margins();
        assert!(before > MAX_CAP && after > MAX_CAP);
    }
}
