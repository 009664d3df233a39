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
    /// The text line it starts in (decoded mail text), trimmed, safe to
    /// print.
    pub context: String,
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
        let kind = mail::sniff(&bytes[..crate::scan::PROBE.min(bytes.len())]);
        if kind == Kind::Text {
            for link in finder.links(bytes) {
                if keep(&link) {
                    self.add(bytes, &link, false, None, None);
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
                for link in finder.links(&part.text[..]) {
                    // As `Finder::message_links` does: a host name in an
                    // ordinary field (`X-Mailer: foo.example`) is no URL.
                    if part.source == Source::Field && link.form() == urlx::Form::Abbreviated {
                        continue;
                    }
                    let text = shown.as_mut().and_then(|t| t.at(link.start()));
                    if keep(&link) {
                        self.add(
                            &part.text,
                            &link,
                            header,
                            subject.as_deref(),
                            text.as_deref(),
                        );
                    }
                }
            }
        }
    }

    /// Adds a link found in `text`; `shown`, the text an HTML link showed.
    fn add(
        &mut self,
        text: &[u8],
        link: &urlx::Link<'_>,
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
        self.list.push(Entry {
            url: url.to_owned(),
            context: context(text, link.start()),
            subject: subject.map(str::to_owned),
            header,
            deception: urlx::linkify::deception(&link.uri())
                .or_else(|| urlx::linkify::shown_elsewhere(shown?, url))
                .map(|d| printable(&d.to_string())),
            linkable: link.is_linkable(),
        });
    }
}

/// The line of `text` that holds byte `at`, trimmed, cut to a window
/// around `at` when long, safe to print.
pub fn context(text: &[u8], at: usize) -> String {
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
    let mut out = String::new();
    if lo > start {
        out.push('…');
    }
    out.push_str(&printable(line.trim()));
    if hi < end {
        out.push('…');
    }
    out
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
