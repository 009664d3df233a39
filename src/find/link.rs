//! [`Link`], what the finder yields: the URL's text, where it was found,
//! its form, and its parsed view.

use std::borrow::Cow;
use std::ops::Range;

use crate::delimit::{Delimited, Form};
use crate::uri::{Meta, Uri};

/// A URL found in text.
///
/// ```
/// let text = "See <URL:ftp://ds.in\n  ternic.net/rfc>.";
/// let link = urlx::find(text).next().unwrap();
/// assert_eq!(link.as_str(), "ftp://ds.internic.net/rfc");
/// assert_eq!(link.form(), urlx::Form::UrlPrefix);
/// assert_eq!(&text[link.span()], "ftp://ds.in\n  ternic.net/rfc");
/// assert_eq!((link.line(), link.column()), (1, 10));
/// assert_eq!(link.uri().host(), Some("ds.internic.net"));
/// ```
#[derive(Clone, Debug)]
pub struct Link<'h> {
    pub(super) url: Cow<'h, str>,
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) line: u64,
    pub(super) column: u64,
    pub(super) form: Form,
    pub(super) alt: Option<Box<str>>,
    pub(super) meta: Meta,
    pub(super) truncated: bool,
    /// C-W7: how far past `end` the text of the next line that may go on
    /// the URL (the alternative's) ends; 0 for none.
    pub(super) rewrap: u32,
}

impl<'h> Link<'h> {
    /// The URL as written, with wrappers, `URL:` and the whitespace of
    /// line breaks removed (C-O1, C-O2); `http://` before an abbreviated
    /// `www.` URL, `mailto:` before an e-mail address.
    pub fn as_str(&self) -> &str {
        &self.url
    }

    /// The URL, borrowed from the input when nothing had to be removed.
    pub fn into_url(self) -> Cow<'h, str> {
        self.url
    }

    /// The byte range of the URL's text in the input: from its first to its
    /// last byte, wrapper and `URL:` excluded, line breaks inside included.
    pub fn span(&self) -> Range<usize> {
        self.start..self.end
    }

    /// The first byte of the span.
    pub fn start(&self) -> usize {
        self.start
    }

    /// The byte after the span.
    pub fn end(&self) -> usize {
        self.end
    }

    /// The 1-based line of the span's start (lines end at LF).
    pub fn line(&self) -> u64 {
        self.line
    }

    /// The 1-based byte column of the span's start.
    pub fn column(&self) -> u64 {
        self.column
    }

    /// How the URL was written.
    pub fn form(&self) -> Form {
        self.form
    }

    /// The other reading where the text is ambiguous: the URL without the
    /// hyphen before a line break (C-W3), or with `%20` for the spaces that
    /// were removed inside `<…>` (C-W4).
    pub fn alt(&self) -> Option<&str> {
        self.alt.as_deref()
    }

    /// Whether the URL may be cut short: it reached a cap and was cut there
    /// (the URL length, the line length looked at, or the lines a URL
    /// joined across line breaks may span,
    /// [`FinderBuilder::max_wrapper_lines`](super::FinderBuilder::max_wrapper_lines)),
    /// or it ends where bytes that are not UTF-8 begin (text in another
    /// charset: decode it first, with `urlx::mail::decode`).
    pub fn is_truncated(&self) -> bool {
        self.truncated
    }

    /// The parsed URL (RFC 3987 syntax, so non-ASCII stays as typed; a
    /// fragment may hold `#`, as browsers take it, which
    /// [`Uri::normalize`](crate::Uri::normalize) and
    /// [`Uri::to_ascii`](crate::Uri::to_ascii) write `%23`): what
    /// [`uri::parse_link`](crate::uri::parse_link) gives for
    /// [`Link::as_str`].
    pub fn uri(&self) -> Uri<'_> {
        Uri::from_parts(&self.url, self.meta)
    }

    /// The link-protection redirect the URL is (rule C-S7), with the
    /// URL it leads to: [`redirect::unwrap_uri`](crate::redirect::unwrap_uri)
    /// on [`Link::uri`]. Read when asked, not by the finder. Host filters
    /// and the deceptive-link verdicts judge the target.
    ///
    /// ```
    /// let text = "https://www.google.com/url?q=https://kernel.org/doc/&sa=D";
    /// let link = urlx::find(text).next().unwrap();
    /// assert_eq!(link.as_str(), text);
    /// assert_eq!(link.redirect().unwrap().target(), Some("https://kernel.org/doc/"));
    /// ```
    pub fn redirect(&self) -> Option<crate::redirect::Redirect> {
        crate::redirect::unwrap_uri(&self.uri())
    }

    /// Whether the link is safe to open or to make a link of: its scheme is
    /// one of [`LINKABLE`] (the HTML writer's default list, rule C-S1).
    /// A picker or a client that opens links asks this: the finder reports
    /// every URL written, `javascript:` in `<URL:...>` too.
    ///
    /// ```
    /// let mut links = urlx::find("<URL:javascript:alert(1)> <https://ok.example/>");
    /// assert!(!links.next().unwrap().is_linkable());
    /// assert!(links.next().unwrap().is_linkable());
    /// ```
    pub fn is_linkable(&self) -> bool {
        let scheme = self.uri().scheme().unwrap_or("");
        LINKABLE.iter().any(|s| s.eq_ignore_ascii_case(scheme))
    }

    /// The link's text, line by line: one byte range per line its span
    /// covers, without the quote prefix (`>`), the indentation or the
    /// trailing blanks of a line a wrapped URL continues on, and without
    /// the line break. A client that renders quoted text line by line
    /// (a blockquote per quote level) makes one anchor of each, all to the
    /// same URL. `text` is the input the link was found in. A link on one
    /// line has one segment, its span.
    ///
    /// ```
    /// let text = "> see <http://a.example/long/\n>    path/x>\n";
    /// let link = urlx::find(text).next().unwrap();
    /// let parts: Vec<&str> = link.segments(text.as_bytes()).into_iter().map(|r| &text[r]).collect();
    /// assert_eq!(parts, ["http://a.example/long/", "path/x"]);
    /// ```
    pub fn segments(&self, text: &[u8]) -> Vec<Range<usize>> {
        let end = self.end.min(text.len());
        let mut out = Vec::new();
        let mut at = self.start.min(end);
        loop {
            let line_end = memchr::memchr(b'\n', &text[at..end]).map_or(end, |k| at + k);
            // Blanks (and a CR) before the break are the break's.
            let mut e = line_end;
            while e > at && matches!(text[e - 1], b' ' | b'\t' | b'\r') {
                e -= 1;
            }
            if e > at {
                out.push(at..e);
            }
            if line_end == end {
                return out;
            }
            // The next line's quote prefix and indentation: no URL holds
            // `>` or a blank.
            at = line_end + 1;
            while at < end && matches!(text[at], b'>' | b' ' | b'\t') {
                at += 1;
            }
        }
    }

    /// The column counted in characters, for a picker or a terminal: the
    /// characters of the link's line before it, plus one. `text` is the
    /// input the link was found in (its offsets are into it); a byte that
    /// is not UTF-8 counts as one character.
    ///
    /// ```
    /// let text = "café: http://a.example/";
    /// let link = urlx::find(text).next().unwrap();
    /// assert_eq!((link.column(), link.char_column(text.as_bytes())), (8, 7));
    /// ```
    pub fn char_column(&self, text: &[u8]) -> u64 {
        let start = self.start.min(text.len());
        let line_start = start.saturating_sub(self.column.saturating_sub(1) as usize);
        let before = &text[line_start..start];
        let mut n = 0u64;
        for chunk in before.utf8_chunks() {
            n += chunk.valid().chars().count() as u64 + chunk.invalid().len() as u64;
        }
        n + 1
    }

    /// A copy that owns its URL.
    pub fn into_owned(self) -> Link<'static> {
        Link {
            url: Cow::Owned(self.url.into_owned()),
            ..self
        }
    }

    pub(crate) fn shift(mut self, by: usize) -> Self {
        self.start += by;
        self.end += by;
        self
    }

    /// The same link at another place in the input (mail: raw offsets; a
    /// piece's window).
    pub(crate) fn placed(mut self, start: usize, end: usize) -> Self {
        self.start = start;
        self.end = end;
        self
    }

    /// C-W7: where the text ends that the alternative reading takes from
    /// the next line of a quoted reply a mail client re-wrapped (the
    /// alternative is the URL joined with it), if it does.
    #[cfg(feature = "mail")]
    pub(crate) fn rewrap_end(&self) -> Option<usize> {
        (self.rewrap > 0).then(|| self.end + self.rewrap as usize)
    }

    /// C-W7: takes the joined reading (the alternative, whose text ends at
    /// `end`), where the message writes it whole elsewhere: the URL it
    /// replaces becomes the alternative.
    #[cfg(feature = "mail")]
    pub(crate) fn join_rewrap(&mut self, end: usize) {
        let Some(meta) = self
            .alt
            .as_deref()
            .and_then(|a| crate::uri::parse_link(a).ok())
            .map(|u| u.meta())
        else {
            return;
        };
        let joined = self.alt.take().unwrap_or_default();
        let url = std::mem::replace(&mut self.url, Cow::Owned(joined.into()));
        self.alt = Some(url.into_owned().into_boxed_str());
        self.meta = meta;
        self.end = end;
        self.rewrap = 0;
    }

    /// A link of text urlx wrote itself (a refanged indicator), `url`
    /// parsed as a found URL is, placed at `start..end` of the input.
    pub(crate) fn made(
        url: String,
        start: usize,
        end: usize,
        (line, column): (u64, u64),
        form: Form,
    ) -> Option<Link<'static>> {
        let meta = crate::uri::parse_link(&url).ok()?.meta();
        Some(Link {
            url: Cow::Owned(url),
            start,
            end,
            line,
            column,
            form,
            alt: None,
            meta,
            truncated: false,
            rewrap: 0,
        })
    }

    /// The same link written in another form (a refanged indicator).
    pub(crate) fn with_form(mut self, form: Form) -> Self {
        self.form = form;
        self
    }

    pub(crate) fn set_position(&mut self, line: u64, column: u64) {
        self.line = line;
        self.column = column;
    }
}

/// The schemes a link may be followed by (lower case): the web, mail, news
/// and the RFC 1738 schemes that only fetch; never `javascript:`, `data:`,
/// `vbscript:` or `file:`. They are `http`, `https`, `ftp`, `ftps`,
/// `mailto`, `news`, `nntp`, `gopher`, `telnet` and `wais`: what the HTML
/// and terminal writers link by default, and what
/// [`Link::is_linkable`] asks.
pub const LINKABLE: &[&str] = &[
    "http", "https", "ftp", "ftps", "mailto", "news", "nntp", "gopher", "telnet", "wais",
];

/// Writes a link found into `out` (`Finder::next_into`) and returns where
/// its text ends.
#[inline]
pub(crate) fn put<'h>(
    out: &mut Option<Link<'h>>,
    found: Option<(Link<'h>, usize)>,
) -> Option<usize> {
    let (link, consumed) = found?;
    *out = Some(link);
    Some(consumed)
}

#[inline]
pub(crate) fn with_prefix<'h>(text: Cow<'h, str>, prefix: Option<&str>) -> Cow<'h, str> {
    match prefix {
        None => text,
        Some(p) => {
            let mut s = String::with_capacity(p.len() + text.len());
            s.push_str(p);
            s.push_str(&text);
            Cow::Owned(s)
        }
    }
}

#[inline]
pub(crate) fn make_link<'h>(
    url: Cow<'h, str>,
    d: &Delimited,
    meta: Meta,
    alt: Option<String>,
) -> Link<'h> {
    Link {
        url,
        start: d.pieces.start(),
        end: d.pieces.end(),
        line: 0,
        column: 0,
        form: d.form,
        alt: alt.map(String::into_boxed_str),
        meta,
        truncated: d.truncated,
        rewrap: 0,
    }
}
