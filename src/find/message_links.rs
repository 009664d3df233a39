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
    /// What was not read because a limit stopped it (MIME nesting deeper
    /// than 32), in words, with byte offsets in the input: a place a URL
    /// may be in, to be reported.
    pub unread: Vec<String>,
}

/// Links a message holds to decide C-W7 before any is given; a message
/// with more is read in three passes ([`Finder::for_each_message_link`]).
const HELD: usize = 1 << 14;

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
        let mut links = Vec::new();
        let mut m = self.for_each_message_link(raw, range, first_line, |_, l| links.push(l));
        m.links = links;
        m
    }

    /// [`Finder::message_links`] with each link given to `each` as it is
    /// placed, in input order, with the message's fields, none kept: the
    /// memory a message takes does not grow with its links. The
    /// `MessageLinks` returned has the message's fields, skipped parts and
    /// warnings, and no links.
    ///
    /// C-W7 joins a link re-wrapped in a quoted reply where the message
    /// writes the joined URL whole, anywhere in it, so a link can be given
    /// only once the whole message is read: up to 16,384 links are held
    /// for that; a message with more is scanned three times (the links
    /// that may be joined, which of them are written whole, then the
    /// links given), holding hashes of a few texts, not the links.
    ///
    /// ```
    /// let raw = b"Subject: hi\n\nsee http://a.example/ and http://b.example/\n";
    /// let mut urls = Vec::new();
    /// let m = urlx::Finder::new().for_each_message_link(raw, 0..raw.len(), 1, |info, l| {
    ///     assert_eq!(info.subject.as_deref(), Some("hi"));
    ///     urls.push(l.link.as_str().to_owned())
    /// });
    /// assert_eq!(urls, ["http://a.example/", "http://b.example/"]);
    /// assert_eq!(m.info.subject.as_deref(), Some("hi"));
    /// assert!(m.links.is_empty());
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "mail")))]
    pub fn for_each_message_link(
        &self,
        raw: &[u8],
        range: Range<usize>,
        first_line: u64,
        mut each: impl FnMut(&Info, MailLink),
    ) -> MessageLinks {
        let base = range.start;
        let message = mail::parse(raw, range);
        let mut lines = super::LineCounter::starting_at(base, first_line);
        match self.held(&message.parts, HELD) {
            Some(links) => {
                // Lines and columns in the raw input, counted once over the
                // message.
                for mut m in links {
                    let (line, column) = lines.advance(raw, 0, m.link.start());
                    m.link.set_position(line, column);
                    each(&message.info, m);
                }
            }
            None => self.each_of_many(raw, &message.parts, &mut lines, &mut |l| {
                each(&message.info, l)
            }),
        }
        MessageLinks {
            info: message.info,
            links: Vec::new(),
            skipped: message.skipped,
            warnings: message.warnings,
            unread: message.unread,
        }
    }

    /// The links of a message's parts, C-W7 decided, in input order, if
    /// they are `limit` at most.
    fn held(&self, parts: &[mail::Part<'_>], limit: usize) -> Option<Vec<MailLink>> {
        let mut links = Vec::new();
        // C-W7: the links that may be joined with the next line's text, and
        // where that ends in the raw input.
        let mut rewraps: Vec<(usize, usize)> = Vec::new();
        let whole = self.part_links(parts, |l, part, text| {
            if links.len() == limit {
                return false;
            }
            if let Some(rewrap) = l.rewrap_end().map(|e| part.map.raw_end(e)) {
                rewraps.push((links.len(), rewrap));
            }
            links.push(mail_link(l, part, text));
            true
        });
        if !whole {
            return None;
        }
        join_written(&mut links, rewraps);
        // Headers come first in `parts`; the order in the input is by start.
        links.sort_by_key(|m| m.link.start());
        Some(links)
    }

    /// The links of a message too rich in links to hold, in three passes:
    /// the texts of the links that may be joined (C-W7), which of them
    /// the message writes whole, then each link given, in order.
    fn each_of_many(
        &self,
        raw: &[u8],
        parts: &[mail::Part<'_>],
        lines: &mut super::LineCounter,
        each: &mut dyn FnMut(MailLink),
    ) {
        use std::collections::HashSet;
        let hasher = std::collections::hash_map::RandomState::new();
        let hash = |s: &str| std::hash::BuildHasher::hash_one(&hasher, s);
        // The joined texts, and their lengths.
        let mut wanted: HashSet<u64> = HashSet::new();
        let mut lengths: HashSet<usize> = HashSet::new();
        self.part_links(parts, |l, _, _| {
            if let (Some(_), Some(alt)) = (l.rewrap_end(), l.alt()) {
                wanted.insert(hash(alt));
                lengths.insert(alt.len());
            }
            true
        });
        let mut written: HashSet<u64> = HashSet::new();
        if !wanted.is_empty() {
            self.part_links(parts, |l, _, _| {
                let u = l.as_str();
                let mut note = |s: &str| {
                    let h = hash(s);
                    if wanted.contains(&h) {
                        written.insert(h);
                    }
                };
                note(u);
                for (i, b) in u.bytes().enumerate() {
                    if matches!(b, b'?' | b'#' | b'&') && lengths.contains(&i) {
                        note(&u[..i]);
                    }
                }
                true
            });
        }
        let mut last = 0;
        self.part_links(parts, |l, part, text| {
            let rewrap = l.rewrap_end().map(|e| part.map.raw_end(e));
            let mut m = mail_link(l, part, text);
            if let Some(end) = rewrap {
                if m.link.alt().is_some_and(|a| written.contains(&hash(a))) {
                    m.link.join_rewrap(end);
                }
            }
            let start = m.link.start();
            // Parts are in input order, and so their links.
            debug_assert!(start >= last, "links out of order");
            last = start;
            let (line, column) = lines.advance(raw, 0, start);
            m.link.set_position(line, column);
            each(m);
            true
        });
    }

    /// Calls `f` for each link of each part, with the part and the text
    /// its HTML link shows, until `f` returns `false`; returns whether
    /// every link was given.
    fn part_links(
        &self,
        parts: &[mail::Part<'_>],
        mut f: impl FnMut(Link<'_>, &mail::Part<'_>, Option<String>) -> bool,
    ) -> bool {
        for part in parts {
            // The texts an HTML part's links show, asked at each link.
            let mut shown = (part.source == Source::Html).then(|| mail::LinkTexts::new(&part.text));
            for l in self.links(&part.text[..]) {
                // Host names in ordinary fields are no abbreviated URLs.
                if part.source == Source::Field && l.form() == Form::Abbreviated {
                    continue;
                }
                let text = shown.as_mut().and_then(|t| t.at(l.start()));
                if !f(l, part, text) {
                    return false;
                }
            }
        }
        true
    }
}

/// A link of a part, placed on the raw input.
fn mail_link(l: Link<'_>, part: &mail::Part<'_>, shown: Option<String>) -> MailLink {
    let start = part.map.raw(l.start());
    let end = part.map.raw_end(l.end()).max(start);
    MailLink {
        link: l.into_owned().placed(start, end),
        source: part.source,
        encoding: part.encoding,
        shown,
    }
}

/// C-W7: a URL a mail client re-wrapped in a quoted reply is joined where
/// the message writes the joined URL whole elsewhere (an HTML part's link,
/// a `<…>` copy, another occurrence). `rewraps`: the links that may be
/// joined, and where the joined text ends in the raw input.
fn join_written(links: &mut [MailLink], rewraps: Vec<(usize, usize)>) {
    if rewraps.is_empty() {
        return;
    }
    let mut whole: Vec<&str> = links.iter().map(|m| m.link.as_str()).collect();
    whole.sort_unstable();
    let written = |joined: &str| {
        let k = whole.partition_point(|u| *u < joined);
        whole[k..]
            .iter()
            .take_while(|u| u.starts_with(joined))
            .any(|u| {
                u.len() == joined.len() || matches!(u.as_bytes()[joined.len()], b'?' | b'#' | b'&')
            })
    };
    let joins: Vec<(usize, usize)> = rewraps
        .into_iter()
        .filter(|&(k, _)| links[k].link.alt().is_some_and(written))
        .collect();
    for (k, end) in joins {
        links[k].link.join_rewrap(end);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A message of more links than are held gives, in three passes, the
    /// links of one read whole: a C-W7 join decided by a copy written
    /// after 20,000 other links.
    #[test]
    fn a_message_of_many_links_gives_what_one_held_whole_gives() {
        let mut raw = b"Subject: re\n\n\
            > The config is at https://github.com/siemens/jailhouse/blob/master/configs/arm64\n\
            > /rpi4.c#L14 and more.\n\n"
            .to_vec();
        for i in 0..20_000 {
            raw.extend_from_slice(format!("see http://h{i}.example/a?b=c\n").as_bytes());
        }
        raw.extend_from_slice(
            b"Seen at <https://github.com/siemens/jailhouse/blob/master/configs/arm64/rpi4.c#L14?plain=1>.\n",
        );
        let f = Finder::new();
        let mut given = Vec::new();
        f.for_each_message_link(&raw, 0..raw.len(), 1, |_, l| given.push(l));
        let m = mail::parse(&raw, 0..raw.len());
        let mut whole = f.held(&m.parts, usize::MAX).unwrap();
        let mut lines = crate::find::LineCounter::starting_at(0, 1);
        for l in &mut whole {
            let (line, column) = lines.advance(&raw, 0, l.link.start());
            l.link.set_position(line, column);
        }
        assert!(whole.len() > HELD);
        assert_eq!(given.len(), whole.len());
        assert!(
            given[0].link.as_str().ends_with("/rpi4.c#L14"),
            "{}",
            given[0].link.as_str()
        );
        for (g, w) in given.iter().zip(&whole) {
            assert_eq!(
                (
                    g.link.as_str(),
                    g.link.alt(),
                    g.link.span(),
                    g.link.line(),
                    g.link.column()
                ),
                (
                    w.link.as_str(),
                    w.link.alt(),
                    w.link.span(),
                    w.link.line(),
                    w.link.column()
                )
            );
        }
    }
}
