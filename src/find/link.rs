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

    /// Whether the URL reached a cap and was cut there: the URL length, the
    /// line length looked at, or the lines a URL joined across line breaks
    /// may span ([`FinderBuilder::max_wrapper_lines`](super::FinderBuilder::max_wrapper_lines)).
    pub fn is_truncated(&self) -> bool {
        self.truncated
    }

    /// The parsed URL (RFC 3987 syntax, so non-ASCII stays as typed).
    pub fn uri(&self) -> Uri<'_> {
        Uri::from_parts(&self.url, self.meta)
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

    /// The same link at another place in the input (mail: raw offsets).
    #[cfg(feature = "mail")]
    pub(crate) fn placed(mut self, start: usize, end: usize) -> Self {
        self.start = start;
        self.end = end;
        self
    }

    pub(crate) fn set_position(&mut self, line: u64, column: u64) {
        self.line = line;
        self.column = column;
    }
}

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
    }
}
