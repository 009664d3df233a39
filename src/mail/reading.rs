//! A message as a reader sees it: a few header fields, and the text of its
//! body (the text parts, else the HTML part as text), for the linkifier.

use std::ops::Range;

use super::html::{self, Anchor};
use super::mime::parse_as;
use super::{Info, Source};

/// A message for a reader ([`read`]).
#[derive(Clone, Debug, Default)]
pub struct Reading {
    /// Subject, Date, From and To, encoded words decoded.
    pub info: Info,
    /// The body's text: its text parts one after another, or where it has
    /// none, its HTML parts as text.
    pub body: String,
    /// Whether the body is HTML written as text.
    pub html: bool,
    /// The links of an HTML body.
    pub anchors: Vec<Anchor>,
    /// Parts not shown (attachments, images).
    pub skipped: usize,
    /// What was malformed, in words.
    pub warnings: Vec<String>,
    /// What was not read because a limit stopped it (MIME nesting), in
    /// words: to be reported.
    pub unread: Vec<String>,
}

/// The message at `raw[range]` as a reader sees it: the text parts
/// decoded (transfer encoding, charset, format=flowed), else the HTML
/// parts as text with each link's href after its text; the text outside a
/// multipart's parts (preamble, epilogue) left out, as mail clients do.
///
/// ```
/// let raw = b"Subject: =?utf-8?q?caf=C3=A9?=\nContent-Type: text/html\nContent-Transfer-Encoding: quoted-printable\n\n<p>Pay <a href=3D\"http://203.0.113.9/\">paypal.com</a> &amp; go</p>\n";
/// let r = urlx::mail::read(raw, 0..raw.len());
/// assert_eq!(r.info.subject.as_deref(), Some("café"));
/// assert_eq!(r.body, "Pay paypal.com <http://203.0.113.9/> & go\n");
/// assert_eq!(&r.body[r.anchors[0].text.clone()], "paypal.com");
/// ```
pub fn read(raw: &[u8], range: Range<usize>) -> Reading {
    let m = parse_as(raw, range, true);
    let mut body = String::new();
    let texts: Vec<_> = m
        .parts
        .iter()
        .filter(|p| p.source == Source::Text)
        .collect();
    let mut anchors = Vec::new();
    let mut html = false;
    if texts.is_empty() {
        for p in m.parts.iter().filter(|p| p.source == Source::Html) {
            html = true;
            separate(&mut body);
            let (text, found) = html::to_text(&String::from_utf8_lossy(&p.text));
            let at = body.len();
            body.push_str(&text);
            anchors.extend(found.into_iter().map(|a| Anchor {
                text: a.text.start + at..a.text.end + at,
                end: a.end + at,
                ..a
            }));
        }
    } else {
        for p in texts {
            separate(&mut body);
            body.push_str(&String::from_utf8_lossy(&p.text));
        }
    }
    separate(&mut body);
    Reading {
        info: m.info,
        body,
        html,
        anchors,
        skipped: m.skipped,
        warnings: m.warnings,
        unread: m.unread,
    }
}

/// A line break after a part's text, where it has none.
fn separate(body: &mut String) {
    if !body.is_empty() && !body.ends_with('\n') {
        body.push('\n');
    }
}
