//! The picker's list, gathered from the inputs: one entry per URL, with
//! what the user needs to choose it (the line it sits in, the message's
//! subject, whether a header holds it, where a deceptive one really goes).
//! Pure: bytes in, entries out, so it is tested without a terminal.

use std::collections::HashMap;

use urlx::mail::{self, Kind, Source};

/// One URL the picker lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The URL as found: what is opened or copied.
    pub url: String,
    /// The text line it starts in (decoded mail text; for a link of an
    /// HTML part, the text a reader sees around it), trimmed, safe to
    /// print.
    pub context: String,
    /// Where the link is in `context`, in characters (the picker keeps it
    /// in view however narrow the screen).
    pub at: std::ops::Range<usize>,
    /// The URL a link-protection redirect leads to, safe to print.
    pub unwrapped: Option<String>,
    /// The subject of its message, safe to print; none outside mail.
    pub subject: Option<String>,
    /// Found in a header field (`List-Unsubscribe`, ...), not the body.
    pub header: bool,
    /// Where a deceptive link really goes, in words, safe to print.
    pub deception: Option<String>,
    /// Its scheme is one urlx links (`http`, `mailto`, ...); others
    /// (`javascript:`, `file:`) are opened only after a question.
    pub linkable: bool,
}

/// The entries of all inputs, each URL once, in input order.
#[derive(Default)]
pub struct Entries {
    pub list: Vec<Entry>,
    index: HashMap<String, usize>,
}

/// Bytes of a long line shown before and after a link's start: an HTML
/// part or a minified text can be one line of megabytes.
const BEFORE: usize = 120;
const AFTER: usize = 400;

impl Entries {
    /// Adds the URLs of one input, read whole, that `keep` keeps.
    pub fn add_input(
        &mut self,
        bytes: &[u8],
        finder: &urlx::Finder,
        keep: &dyn Fn(&urlx::Link<'_>) -> bool,
    ) {
        // Sniffed as `urlx` itself sniffs an input.
        let kind = mail::sniff(&bytes[..crate::extract::PROBE.min(bytes.len())]);
        if kind == Kind::Text {
            for link in finder.links(bytes) {
                if keep(&link) {
                    let (ctx, at) = context(bytes, link.start()..link.end());
                    self.add(&link, ctx, at, false, None, None);
                }
            }
            return;
        }
        for (range, _) in mail::messages(bytes, kind == Kind::Mbox, 1) {
            let message = mail::parse(bytes, range);
            let subject = message.info.subject.as_deref().map(printable);
            for part in &message.parts {
                let header = matches!(part.source, Source::Header | Source::Field);
                // The texts an HTML part's links show: a text that shows
                // another host than the href is a deception too.
                let mut shown =
                    (part.source == Source::Html).then(|| mail::LinkTexts::new(&part.text));
                // The text a reader sees of an HTML part, for the context:
                // the HTML source is no text to choose a link by.
                let reading = (part.source == Source::Html)
                    .then(|| mail::html_to_text(&String::from_utf8_lossy(&part.text)));
                let mut used = vec![false; reading.as_ref().map_or(0, |r| r.1.len())];
                for link in finder.links(&part.text[..]) {
                    // As `Finder::message_links` does: a host name in an
                    // ordinary field (`X-Mailer: foo.example`) is no URL.
                    if part.source == Source::Field && link.form() == urlx::Form::Abbreviated {
                        continue;
                    }
                    let text = shown.as_mut().and_then(|t| t.at(link.start()));
                    if keep(&link) {
                        let place = match &reading {
                            Some((rtext, anchors)) => {
                                read_place(rtext, anchors, &mut used, link.as_str())
                            }
                            None => None,
                        };
                        let (ctx, at) =
                            place.unwrap_or_else(|| context(&part.text, link.start()..link.end()));
                        self.add(&link, ctx, at, header, subject.as_deref(), text.as_deref());
                    }
                }
            }
        }
    }

    /// Adds a link, in its context (`at`: where it is there); `shown`, the
    /// text an HTML link showed.
    fn add(
        &mut self,
        link: &urlx::Link<'_>,
        context: String,
        at: std::ops::Range<usize>,
        header: bool,
        subject: Option<&str>,
        shown: Option<&str>,
    ) {
        let url = link.as_str();
        if let Some(&k) = self.index.get(url) {
            // A URL met in a header and then in the body is a body URL,
            // listed where the body has it: hidden with the headers, it
            // would be lost, and the body's order is what the reader sees.
            if header || !self.list[k].header {
                return;
            }
            self.list.remove(k);
            for i in self.index.values_mut() {
                if *i > k {
                    *i -= 1;
                }
            }
        }
        self.index.insert(url.to_owned(), self.list.len());
        let redirect = link.redirect();
        self.list.push(Entry {
            url: url.to_owned(),
            context,
            at,
            subject: subject.map(str::to_owned),
            header,
            deception: urlx::linkify::deception_with(&link.uri(), redirect.as_ref())
                .or_else(|| urlx::linkify::shown_elsewhere(shown?, url))
                .map(|d| printable(&d.to_string())),
            linkable: link.is_linkable(),
            unwrapped: redirect
                .and_then(urlx::redirect::Redirect::into_target)
                .map(|t| printable(&t)),
        });
    }
}

/// Where a link found in an HTML part's source is in the text a reader
/// sees (`rtext`, with its `anchors`): the first anchor not yet used whose
/// href is the URL (its text and the ` <href>` after it), else where the
/// text shows the URL itself; `None` for a URL the reader does not see
/// (an image's `src`).
fn read_place(
    rtext: &str,
    anchors: &[mail::Anchor],
    used: &mut [bool],
    url: &str,
) -> Option<(String, std::ops::Range<usize>)> {
    let k = (0..anchors.len()).find(|&k| !used[k] && anchors[k].href == url);
    let span = match k {
        Some(k) => {
            used[k] = true;
            anchors[k].text.start..anchors[k].end.max(anchors[k].text.end)
        }
        None => {
            let i = memchr::memmem::find(rtext.as_bytes(), url.as_bytes())?;
            i..i + url.len()
        }
    };
    Some(context(rtext.as_bytes(), span))
}

/// The line of `text` that holds the link at `link` (byte offsets),
/// trimmed, cut to a window around it when long, safe to print; and where
/// the link is in it, in characters.
pub fn context(text: &[u8], link: std::ops::Range<usize>) -> (String, std::ops::Range<usize>) {
    let at = link.start;
    let start = memchr::memrchr(b'\n', &text[..at]).map_or(0, |i| i + 1);
    let end = memchr::memchr(b'\n', &text[at..]).map_or(text.len(), |i| at + i);
    let mut lo = start.max(at.saturating_sub(BEFORE));
    let mut hi = end.min(at + AFTER);
    // Not inside a UTF-8 sequence, so no U+FFFD is made at the cuts.
    while lo > start && lo < text.len() && text[lo] & 0xc0 == 0x80 {
        lo -= 1;
    }
    while hi < end && text[hi] & 0xc0 == 0x80 {
        hi -= 1;
    }
    let line = String::from_utf8_lossy(&text[lo..hi]);
    let trimmed = line.trim();
    let lead = line.len() - line.trim_start().len();
    // The link's bytes in `trimmed`, then in characters after the `…`.
    let from = (at.max(lo) - lo).saturating_sub(lead).min(trimmed.len());
    let to = (link.end.min(hi).max(at) - lo)
        .saturating_sub(lead)
        .clamp(from, trimmed.len());
    let chars = |b: usize| trimmed.get(..b).map_or(0, |s| s.chars().count());
    let mut out = String::new();
    let mut shift = 0;
    if lo > start {
        out.push('…');
        shift = 1;
    }
    out.push_str(&printable(trimmed));
    if hi < end {
        out.push('…');
    }
    (out, shift + chars(from)..shift + chars(to))
}

/// `s` with every character a terminal would obey rather than show
/// replaced by U+FFFD: C0 and C1 controls and DEL (an ESC would start a
/// sequence of the message's choosing), and the bidirectional formatting
/// characters (which reorder what follows them on the line). A tab is a
/// space.
pub fn printable(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '\t' => ' ',
            c if c.is_control() || urlx::linkify::is_bidi_control(c) => '\u{fffd}',
            c => c,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gather(input: &[u8]) -> Vec<Entry> {
        let mut e = Entries::default();
        e.add_input(input, &urlx::Finder::new(), &|_| true);
        e.list
    }

    fn urls(list: &[Entry]) -> Vec<(&str, bool)> {
        list.iter().map(|e| (e.url.as_str(), e.header)).collect()
    }

    /// The context of an HTML part's link is the text a reader sees around
    /// the anchor (its text, then its href), not the HTML source; a
    /// protection redirect carries where it leads.
    #[test]
    fn html_links_in_the_text_a_reader_sees() {
        let sl = "https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Flore.kernel.org%2Fx&amp;data=05";
        let msg = format!(
            "Subject: s\nContent-Type: text/html\n\n<html><body><table><tr><td style=\"x\">Read <a href=\"{sl}\"><b>the patch</b></a> today</td></tr></table></body></html>\n"
        );
        let list = gather(msg.as_bytes());
        assert_eq!(list.len(), 1, "{list:?}");
        let e = &list[0];
        assert!(
            e.context.starts_with("Read the patch <https://nam12."),
            "{}",
            e.context
        );
        assert!(e.context.ends_with("> today"), "{}", e.context);
        assert!(!e.context.contains("<td"), "{}", e.context);
        let shown: String = e
            .context
            .chars()
            .skip(e.at.start)
            .take(e.at.len())
            .collect();
        assert!(shown.starts_with("the patch <https://"), "{shown}");
        assert_eq!(e.unwrapped.as_deref(), Some("https://lore.kernel.org/x"));
    }

    #[test]
    fn plain_text_in_order_with_context() {
        let list = gather(b"intro\n  see https://a.example/x and\n<http://b.example/>\n");
        assert_eq!(
            urls(&list),
            [("https://a.example/x", false), ("http://b.example/", false)]
        );
        assert_eq!(list[0].context, "see https://a.example/x and");
        assert_eq!(list[1].context, "<http://b.example/>");
        assert_eq!(list[0].subject, None);
        assert!(list[0].deception.is_none() && list[0].linkable);
    }

    #[test]
    fn each_url_once_first_kept() {
        let list =
            gather(b"one https://a.example/ two\nhttps://b.example/\nthree https://a.example/\n");
        assert_eq!(
            urls(&list),
            [("https://a.example/", false), ("https://b.example/", false)]
        );
        assert_eq!(list[0].context, "one https://a.example/ two");
    }

    const MBOX: &[u8] = b"From a@example.org Mon Jan  1 00:00:00 2024\n\
Subject: first\n\
List-Unsubscribe: <https://lists.example.org/unsub>\n\
Content-Type: text/plain; charset=utf-8\n\
Content-Transfer-Encoding: quoted-printable\n\
\n\
Read https://docs.example.org/page?a=3Db&c=3Dd now.\n\
Long https://docs.example.org/very/long/path/th=\n\
at/wraps\n\
\n\
From b@example.org Tue Jan  2 00:00:00 2024\n\
Subject: second\n\
\n\
Again https://docs.example.org/page?a=b&c=d and https://lists.example.org/unsub\n";

    #[test]
    fn mbox_headers_flagged_body_decoded() {
        let list = gather(MBOX);
        assert_eq!(
            urls(&list),
            [
                ("https://docs.example.org/page?a=b&c=d", false),
                ("https://docs.example.org/very/long/path/that/wraps", false),
                // In a header in the first message, then in the body of
                // the second: a body URL, where the body has it.
                ("https://lists.example.org/unsub", false),
            ]
        );
        assert_eq!(
            list[0].context,
            "Read https://docs.example.org/page?a=b&c=d now."
        );
        assert_eq!(list[0].subject.as_deref(), Some("first"));
        assert_eq!(list[2].subject.as_deref(), Some("second"));
        assert!(list[2].context.starts_with("Again "));
    }

    #[test]
    fn header_url_flagged() {
        let msg = b"Subject: s\nList-Archive: <https://lists.example.org/archive>\n\nbody https://body.example/\n";
        let list = gather(msg);
        assert_eq!(
            urls(&list),
            [
                ("https://lists.example.org/archive", true),
                ("https://body.example/", false)
            ]
        );
        assert_eq!(list[0].subject.as_deref(), Some("s"));
    }

    #[test]
    fn keep_decides() {
        let mut e = Entries::default();
        let keep = |l: &urlx::Link<'_>| l.uri().host() != Some("a.example");
        e.add_input(
            b"https://a.example/ https://b.example/",
            &urlx::Finder::new(),
            &keep,
        );
        assert_eq!(urls(&e.list), [("https://b.example/", false)]);
    }

    #[test]
    fn deceptive_and_unsafe_flagged() {
        let list = gather(b"<http://bank.example@10.0.0.1/login> <URL:javascript:alert(1)>\n");
        assert_eq!(
            list[0].deception.as_deref(),
            Some("goes to 10.0.0.1 (the part before @ is not the host)")
        );
        assert!(list[0].linkable);
        assert!(!list[1].linkable && list[1].deception.is_none());
        // An HTML link whose text shows another host than its href.
        let list = gather(
            b"Content-Type: text/html\n\n<a href=\"http://203.0.113.9/x\">www.paypal.com</a>\n",
        );
        assert_eq!(
            list[0].deception.as_deref(),
            Some("the text shows www.paypal.com but the link goes to 203.0.113.9")
        );
    }

    #[test]
    fn controls_never_reach_the_context() {
        let list = gather(b"\x1b]0;pwned\x07 see\x9b https://a.example/ \xe2\x80\xae!\r\n");
        let c = &list[0].context;
        assert!(
            !c.chars().any(|c| c.is_control() || c == '\u{202e}'),
            "{c:?}"
        );
        assert_eq!(
            c,
            "\u{fffd}]0;pwned\u{fffd} see\u{fffd} https://a.example/ \u{fffd}!"
        );
    }

    #[test]
    fn long_line_cut_around_the_link() {
        let mut t = vec![b'a'; 1000];
        t.extend_from_slice(" é https://a.example/ ".as_bytes());
        t.extend(vec![b'b'; 1000]);
        let list = gather(&t);
        let c = &list[0].context;
        assert!(c.starts_with('…') && c.ends_with('…'), "{c}");
        assert!(c.contains(" é https://a.example/ "));
        assert!(c.chars().count() < BEFORE + AFTER + 3);
        assert!(!c.contains('\u{fffd}'));
    }
}
