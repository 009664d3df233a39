//! The extractor over mail: each text a message holds (URL-bearing header
//! fields, decoded text parts, HTML with references decoded), with every
//! link's position mapped back to the raw input.

use std::ops::Range;

use super::{Finder, Link};
use crate::delimit::Form;
use crate::mail::{self, Encoding, Info, Source};

/// A link of a message, and where in the message it is.
#[derive(Clone, Debug)]
#[cfg_attr(docsrs, doc(cfg(feature = "mail")))]
pub struct MailLink {
    /// The link. Its span is the raw bytes that hold its text, from the
    /// first to the last, across soft line breaks and base64 lines: they
    /// decode (by `encoding`, then the part's charset and, in HTML, its
    /// character references) to the link's text. `line` and `column` are
    /// those of its first raw byte.
    pub link: Link<'static>,
    /// The text it was found in.
    pub source: Source,
    /// How that text is written in the raw message: with
    /// [`Encoding::Base64`] no raw substring is the URL, and the span
    /// covers whole groups of 4 characters.
    pub encoding: Encoding,
    /// For the `href` of an HTML part's `<a>`: the text the element
    /// shows (tags dropped), when it is one word that may name a host
    /// (with a `.` or `://`), for [`crate::linkify::shown_elsewhere`].
    pub shown: Option<String>,
}

/// The links of one message.
#[derive(Clone, Debug, Default)]
#[cfg_attr(docsrs, doc(cfg(feature = "mail")))]
pub struct MessageLinks {
    /// The message's Message-ID, Subject, Date, From and To.
    pub info: Info,
    /// Its links, in input order, placed on the raw input.
    pub links: Vec<MailLink>,
    /// Parts that are not text, skipped.
    pub skipped: usize,
    /// What was malformed, in words, with byte offsets in the input.
    pub warnings: Vec<String>,
}

impl Finder {
    /// The links in the message at `raw[range]` (an mbox message from its
    /// `From ` line, or a whole `.eml`). `first_line` is the line number of
    /// `range.start` in `raw`, so that lines count from the start of the
    /// input.
    ///
    /// ```
    /// let raw = b"Subject: hi\nContent-Transfer-Encoding: quoted-printable\n\nsee https://example.com/?a=3Db&c=\n=3Dd now\n";
    /// let m = urlx::Finder::new().message_links(raw, 0..raw.len(), 1);
    /// let link = &m.links[0].link;
    /// assert_eq!(link.as_str(), "https://example.com/?a=b&c=d");
    /// // The raw bytes that hold it, across the soft line break.
    /// assert_eq!(&raw[link.span()], b"https://example.com/?a=3Db&c=\n=3Dd");
    /// assert_eq!((link.line(), link.column()), (4, 5));
    /// assert_eq!(m.info.subject.as_deref(), Some("hi"));
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "mail")))]
    pub fn message_links(&self, raw: &[u8], range: Range<usize>, first_line: u64) -> MessageLinks {
        let base = range.start;
        let m = mail::parse(raw, range);
        let mut links = Vec::new();
        // C-W7: the links that may be joined with the next line's text, and
        // where that ends in the raw input.
        let mut rewraps: Vec<(usize, usize)> = Vec::new();
        for part in &m.parts {
            // The texts an HTML part's links show, asked at each link.
            let mut shown = (part.source == Source::Html).then(|| mail::LinkTexts::new(&part.text));
            for l in self.links(&part.text[..]) {
                // Host names in ordinary fields are no abbreviated URLs.
                if part.source == Source::Field && l.form() == Form::Abbreviated {
                    continue;
                }
                let start = part.map.raw(l.start());
                let end = part.map.raw_end(l.end()).max(start);
                if let Some(rewrap) = l.rewrap_end().map(|e| part.map.raw_end(e)) {
                    rewraps.push((links.len(), rewrap));
                }
                let text = shown.as_mut().and_then(|t| t.at(l.start()));
                links.push(MailLink {
                    link: l.into_owned().placed(start, end),
                    source: part.source,
                    encoding: part.encoding,
                    shown: text,
                });
            }
        }
        // C-W7: a URL a mail client re-wrapped in a quoted reply is joined
        // where the message writes the joined URL whole elsewhere (an HTML
        // part's link, a `<…>` copy, another occurrence).
        if !rewraps.is_empty() {
            let mut whole: Vec<String> = links.iter().map(|m| m.link.as_str().to_owned()).collect();
            whole.sort_unstable();
            let written = |joined: &str| {
                let k = whole.partition_point(|u| u.as_str() < joined);
                whole[k..]
                    .iter()
                    .take_while(|u| u.starts_with(joined))
                    .any(|u| {
                        u.len() == joined.len()
                            || matches!(u.as_bytes()[joined.len()], b'?' | b'#' | b'&')
                    })
            };
            for (k, end) in rewraps {
                let l = &mut links[k].link;
                if l.alt().is_some_and(written) {
                    l.join_rewrap(end);
                }
            }
        }
        // Headers come first in `parts`; the order in the input is by start.
        links.sort_by_key(|m| m.link.start());
        // Lines and columns in the raw input, counted once over the message.
        let mut lines = super::LineCounter::starting_at(base, first_line);
        for m in links.iter_mut() {
            let (line, column) = lines.advance(raw, 0, m.link.start());
            m.link.set_position(line, column);
        }
        MessageLinks {
            info: m.info,
            links,
            skipped: m.skipped,
            warnings: m.warnings,
        }
    }
}
