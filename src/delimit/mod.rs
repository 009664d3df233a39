//! Stage 2: from a candidate position to the text of a URL. Knows the
//! delimiting forms of the appendices (C-F1), the end of a bare URL (C-F7
//! to C-F9) and the rejoining of wrapped lines (C-W1 to C-W6); knows
//! nothing of URI syntax, which the caller checks afterwards.
#![forbid(unsafe_code)]

pub(crate) mod bare_end;
pub(crate) mod bracket_cut;
pub(crate) mod fold;
pub(crate) mod host_end;
pub(crate) mod rejoin;
pub(crate) mod trim;
pub(crate) mod unicode;
pub(crate) mod wrapper;

use std::borrow::Cow;

use crate::bytes::as_str;
use rejoin::Joint;

/// How a URL was written in the text (C-O1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Form {
    /// `<URL:…>`, or `URL:` directly before the URL.
    UrlPrefix,
    /// `<…>`.
    Angle,
    /// `"…"`, `“…”` or `'…'`.
    Quoted,
    /// Bare, delimited by whitespace and punctuation.
    Bare,
    /// A `www.` host without a scheme, reported with `http://` (RFC 3986
    /// §4.5: a suffix reference).
    Abbreviated,
    /// A bare e-mail address reported as `mailto:` (off by default).
    Email,
    /// A domain name without a scheme (`example.com/path`), reported with
    /// `http://` (off by default: `FinderBuilder::domains`).
    Domain,
    /// A defanged indicator (`hxxps://example[.]com/x`), reported refanged
    /// (only by [`refang::links`](crate::refang::links), an option).
    Defanged,
}

impl Form {
    /// Every form, in the order of this enum.
    pub const ALL: [Form; 8] = [
        Form::UrlPrefix,
        Form::Angle,
        Form::Quoted,
        Form::Bare,
        Form::Abbreviated,
        Form::Email,
        Form::Domain,
        Form::Defanged,
    ];

    /// The form with this name ([`Form::as_str`]).
    ///
    /// ```
    /// assert_eq!(urlx::Form::from_name("url-prefix"), Some(urlx::Form::UrlPrefix));
    /// assert_eq!(urlx::Form::from_name("nope"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Form> {
        Form::ALL.into_iter().find(|f| f.as_str() == name)
    }

    /// The name used in JSON output: `url-prefix`, `angle`, `quoted`,
    /// `bare`, `abbreviated`, `email`, `domain`.
    pub fn as_str(self) -> &'static str {
        match self {
            Form::UrlPrefix => "url-prefix",
            Form::Angle => "angle",
            Form::Quoted => "quoted",
            Form::Bare => "bare",
            Form::Abbreviated => "abbreviated",
            Form::Email => "email",
            Form::Domain => "domain",
            Form::Defanged => "defanged",
        }
    }
}

impl std::fmt::Display for Form {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The pieces of the input whose concatenation is the URL text, and how
/// each later piece was joined to the one before. One piece, the common
/// case, needs no allocation.
#[derive(Clone, Debug)]
pub(crate) struct Pieces {
    pub(crate) first: (usize, usize),
    pub(crate) rest: Vec<(Joint, usize, usize)>,
}

impl Pieces {
    pub(crate) fn one(start: usize, end: usize) -> Self {
        Pieces {
            first: (start, end),
            rest: Vec::new(),
        }
    }

    pub(crate) fn start(&self) -> usize {
        self.first.0
    }

    /// The last piece's range in the input.
    pub(crate) fn last(&self) -> (usize, usize) {
        self.rest.last().map_or(self.first, |p| (p.1, p.2))
    }

    /// End of the last piece in the input.
    pub(crate) fn end(&self) -> usize {
        self.last().1
    }

    pub(crate) fn len(&self) -> usize {
        (self.first.1 - self.first.0) + self.rest.iter().map(|p| p.2 - p.1).sum::<usize>()
    }

    pub(crate) fn iter(&self) -> impl Iterator<Item = (Option<Joint>, usize, usize)> + '_ {
        std::iter::once((None, self.first.0, self.first.1))
            .chain(self.rest.iter().map(|&(j, s, e)| (Some(j), s, e)))
    }

    /// The URL text: borrowed from the input when it is one piece. `None`
    /// when the pieces are not UTF-8 (the scanners only take whole
    /// characters, so this is a guard, not a path).
    pub(crate) fn text<'h>(&self, h: &'h [u8]) -> Option<Cow<'h, str>> {
        if self.rest.is_empty() {
            return as_str(&h[self.first.0..self.first.1]).map(Cow::Borrowed);
        }
        let mut out = String::with_capacity(self.len());
        for (_, s, e) in self.iter() {
            out.push_str(as_str(&h[s..e])?);
        }
        Some(Cow::Owned(out))
    }

    /// The alternative reading (C-W3, C-W4): the hyphen before each hyphen
    /// break dropped, `%20` for each removed space. `None` when no joint
    /// makes one.
    pub(crate) fn alt(&self, h: &[u8]) -> Option<String> {
        if !self.rest.iter().any(|p| p.0 != Joint::Break) {
            return None;
        }
        let mut out = String::with_capacity(self.len() + 8);
        for (joint, s, e) in self.iter() {
            match joint {
                Some(Joint::HyphenBreak) if out.ends_with('-') => {
                    out.pop();
                }
                Some(Joint::Spaces(n)) => {
                    for _ in 0..n {
                        out.push_str("%20");
                    }
                }
                _ => {}
            }
            out.push_str(as_str(&h[s..e])?);
        }
        Some(out)
    }

    /// Keeps the first `n` bytes of the URL text.
    pub(crate) fn truncate(&mut self, mut n: usize) {
        let first_len = self.first.1 - self.first.0;
        if n <= first_len {
            self.first.1 = self.first.0 + n;
            self.rest.clear();
            return;
        }
        n -= first_len;
        let mut keep = 0;
        for p in self.rest.iter_mut() {
            keep += 1;
            let len = p.2 - p.1;
            if n <= len {
                p.2 = p.1 + n;
                break;
            }
            n -= len;
        }
        self.rest.truncate(keep);
        // A joint with nothing after it is no joint.
        while self.rest.last().is_some_and(|p| p.1 == p.2) {
            self.rest.pop();
        }
    }
}

/// A delimited candidate: its form, its text, and how far in the input the
/// form reached (a wrapper's closer included).
#[derive(Clone, Debug)]
pub(crate) struct Delimited {
    pub(crate) form: Form,
    pub(crate) pieces: Pieces,
    /// End of everything this candidate used in the input: the closing
    /// `>` or quote of a wrapper, or the end of a bare URL.
    pub(crate) consumed: usize,
    /// A bare URL cut by a cap: the length cap (or the line cap, which
    /// the caller folds into it), or the lines a joined URL may span.
    pub(crate) truncated: bool,
    /// A bare URL whose look for a joint after its last line stopped at
    /// the cap: a later cap might have joined the next line (what a memo
    /// of this candidate's verdict must know; the URL is not flagged, as
    /// what lies past the cap is not looked at).
    pub(crate) joint_capped: bool,
    /// A probe of a chain of joined lines that goes on past these pieces
    /// (`bare_end::delimit`): untrimmed, and not the URL's whole text.
    pub(crate) more: bool,
    /// C-W7: the text on the next line of a quoted reply that may go on
    /// this bare URL, which a mail client re-wrapped (`bare_end::rewrap`).
    pub(crate) rewrap: Option<(usize, usize)>,
}

/// The limits every candidate works within (C-W5, C-S4).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    pub(crate) max_url_len: usize,
    pub(crate) max_wrapper_bytes: usize,
    pub(crate) max_wrapper_lines: usize,
    /// Bytes of a line looked at; `None`: all.
    pub(crate) max_line_len: Option<usize>,
}

impl Limits {
    /// How far before a candidate any decision looks.
    #[inline]
    pub(crate) fn back(&self) -> usize {
        (self.max_wrapper_bytes + 256).max(self.max_line_len.map_or(0, |n| n + 64))
    }

    /// How far after a trigger any decision looks.
    #[inline]
    pub(crate) fn forward(&self) -> usize {
        self.max_url_len + self.max_wrapper_bytes + 256
    }
}
