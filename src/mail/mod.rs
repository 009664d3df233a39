//! Stage 0 for mail and news: from the raw bytes of an mbox or a message to
//! the texts a reader sees, each with a map back to raw offsets. Knows
//! nothing of URLs: [`crate::Finder::message_links`] runs the extractor over
//! these texts.
//!
//! - mbox: split at `From ` lines (mboxo and mboxrd alike; `>From ` quoting
//!   cannot touch a URL and is left as it is);
//! - headers: the fields that carry URLs (`List-*`, `Archived-At`, ...)
//!   are given as they are in the raw bytes, folding included (the
//!   extractor's wrappers span folded lines);
//! - MIME: multipart trees and attached messages walked; text parts decoded
//!   (quoted-printable, base64, charset via `encoding_rs`, format=flowed,
//!   HTML character references); other parts counted and skipped.
//!
//! Malformed mail never stops the walk: a missing boundary, a truncated
//! part, an unknown charset or bad base64 give a warning and the best text
//! that can be had.
#![forbid(unsafe_code)]

mod base64;
mod charset;
mod flowed;
mod header;
pub(crate) mod html;
mod map;
mod mime;
mod qp;
mod reading;
mod words;

use std::borrow::Cow;
use std::ops::Range;

pub use html::{to_text as html_to_text, Anchor, LinkTexts};
pub use map::OffsetMap;
pub use mime::parse;
pub use reading::{read, Reading};
pub use words::decode_words;

/// What a piece of input looks like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Messages one after another, each after a `From ` line.
    Mbox,
    /// One message (RFC 5322 or a news article): headers, then a body.
    Message,
    /// Anything else.
    Text,
}

/// Header fields that a message starts with, one of which is enough to
/// call the input mail (with the `name: value` shape of the first line).
const TELLING_HEADERS: &[&[u8]] = &[
    b"from",
    b"to",
    b"subject",
    b"date",
    b"message-id",
    b"received",
    b"return-path",
    b"delivered-to",
    b"mime-version",
    b"content-type",
    b"path",
    b"newsgroups",
    b"x-original-to",
    b"reply-to",
    b"sender",
];

/// Looks at the start of an input: an mbox starts with `From `; a message
/// with header lines, one of them a field messages have.
///
/// ```
/// use urlx::mail::{sniff, Kind};
/// assert_eq!(sniff(b"From a@b Mon Jan  1 00:00:00 2001\nSubject: x\n"), Kind::Mbox);
/// assert_eq!(sniff(b"Return-Path: <a@b>\nSubject: x\n\nbody"), Kind::Message);
/// assert_eq!(sniff(b"Note: this is text\n"), Kind::Text);
/// ```
pub fn sniff(head: &[u8]) -> Kind {
    if head.starts_with(b"From ") {
        return Kind::Mbox;
    }
    let mut telling = false;
    for line in head.split(|&b| b == b'\n').take(40) {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.is_empty() {
            break;
        }
        if line[0] == b' ' || line[0] == b'\t' {
            continue;
        }
        let Some(colon) = memchr::memchr(b':', line) else {
            return Kind::Text;
        };
        let name = &line[..colon];
        if name.is_empty() || !name.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'-') {
            return Kind::Text;
        }
        telling |= TELLING_HEADERS.iter().any(|t| t.eq_ignore_ascii_case(name));
    }
    if telling {
        Kind::Message
    } else {
        Kind::Text
    }
}

/// The byte ranges of the messages of an mbox, each from its `From ` line.
///
/// ```
/// let mbox = b"From a@x Mon Jan  1 00:00:00 2024\nSubject: 1\n\nhi\n\nFrom b@x Tue Jan  2 00:00:00 2024\nSubject: 2\n\nho\n";
/// let m = urlx::mail::mbox_messages(mbox);
/// assert_eq!(m.len(), 2);
/// assert!(mbox[m[1].clone()].starts_with(b"From b"));
/// ```
pub fn mbox_messages(data: &[u8]) -> Vec<Range<usize>> {
    let mut starts = vec![0];
    let mut from = 0;
    while let Separator::At(s) = next_separator(data, from, true) {
        starts.push(s);
        from = s;
    }
    let mut out = Vec::with_capacity(starts.len());
    for (k, &s) in starts.iter().enumerate() {
        let e = starts.get(k + 1).copied().unwrap_or(data.len());
        if e > s {
            out.push(s..e);
        }
    }
    out
}

/// The messages of mail input, each with the line it starts on: an
/// mbox's messages (`mbox`), else the whole input as one message. The
/// lines count from `first_line`, the line of `data[0]` (a piece of a
/// larger file starts past line 1).
///
/// ```
/// let mbox = b"From a@x Mon Jan  1 00:00:00 2024\n\nhi\nFrom b@x Tue Jan  2 00:00:00 2024\n\nho\n";
/// let m = urlx::mail::messages(mbox, true, 10);
/// assert_eq!(m.iter().map(|(_, line)| *line).collect::<Vec<_>>(), [10, 13]);
/// assert_eq!(urlx::mail::messages(mbox, false, 1), [(0..mbox.len(), 1)]);
/// ```
pub fn messages(data: &[u8], mbox: bool, first_line: u64) -> Vec<(Range<usize>, u64)> {
    let ranges = if mbox {
        mbox_messages(data)
    } else {
        std::iter::once(0..data.len()).collect()
    };
    let (mut line, mut pos) = (first_line, 0usize);
    ranges
        .into_iter()
        .map(|r| {
            line += memchr::memchr_iter(b'\n', &data[pos..r.start]).count() as u64;
            pos = r.start;
            (r, line)
        })
        .collect()
}

/// Text in a known charset as UTF-8, to find its links: `label` is a
/// charset name as MIME gives it (`iso-8859-1`, `windows-1252`,
/// `shift_jis`, `utf-8`, ...; the WHATWG labels `encoding_rs` knows).
/// Bytes the charset cannot map become U+FFFD. `None` for a label no
/// charset has. Text already in UTF-8 (or ASCII) is borrowed.
///
/// ```
/// let latin1 = b"see http://example.fr/caf\xe9 now";
/// let text = urlx::mail::decode(latin1, "ISO-8859-1").unwrap();
/// assert_eq!(urlx::find(&*text).next().unwrap().as_str(), "http://example.fr/café");
/// assert!(urlx::mail::decode(latin1, "x-klingon").is_none());
/// ```
pub fn decode<'a>(bytes: &'a [u8], label: &str) -> Option<std::borrow::Cow<'a, str>> {
    Some(charset::decode(bytes, charset::lookup(label)?))
}

/// The longest mbox separator line, its line end left out: RFC 5322's
/// limit on a line (998 characters and CRLF). A stream reader need hold no
/// more of a line to know whether it is one.
pub const MAX_FROM_LINE: usize = 1000;

/// Where [`next_separator`] found the next mbox separator line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Separator {
    /// A separator line starts at this offset.
    At(usize),
    /// A line starting `From ` at this offset runs past the bytes given:
    /// whether it is a separator needs more of the input.
    Cut(usize),
    /// None in the bytes given (one may start in their last 5 bytes).
    NotFound,
}

/// The next mbox separator ([`is_from_line`]) in `data` that starts after
/// offset `from` (after a line end at `from` or later). `whole`: `data`
/// runs to the end of the input, so a last line without a line end is
/// whole.
///
/// ```
/// use urlx::mail::{next_separator, Separator};
/// let mbox = b"From a Thu Aug 22 12:36:23 2002\nx\nFrom b Thu Aug 22 12:36:24 2002\ny\n";
/// assert_eq!(next_separator(mbox, 0, true), Separator::At(34));
/// assert_eq!(next_separator(&mbox[..40], 0, false), Separator::Cut(34));
/// assert_eq!(next_separator(mbox, 34, true), Separator::NotFound);
/// ```
pub fn next_separator(data: &[u8], mut from: usize, whole: bool) -> Separator {
    while let Some(k) = memchr::memmem::find(&data[from..], b"\nFrom ") {
        let s = from + k + 1;
        match memchr::memchr(b'\n', &data[s..]) {
            Some(e) if is_from_line(&data[s..s + e]) => return Separator::At(s),
            Some(_) => from = s,
            None if whole && is_from_line(&data[s..]) => return Separator::At(s),
            None if whole => return Separator::NotFound,
            // Longer than a separator can be: not one, whatever follows.
            None if data.len() - s > MAX_FROM_LINE => from = s,
            None => return Separator::Cut(s),
        }
    }
    Separator::NotFound
}

/// Whether a line is an mbox separator: `From `, the envelope sender, and
/// a date with a time (`From a@b.example  Thu Aug 22 12:36:23 2002`), in
/// at most [`MAX_FROM_LINE`] bytes. A body line that starts with "From "
/// (in mboxo, unquoted) has no time.
///
/// ```
/// use urlx::mail::is_from_line;
/// assert!(is_from_line(b"From MAILER-DAEMON Fri Apr 06 16:46:09 2001"));
/// assert!(!is_from_line(b"From my point of view, no."));
/// ```
pub fn is_from_line(line: &[u8]) -> bool {
    if line.len() > MAX_FROM_LINE {
        return false;
    }
    let Some(rest) = line.strip_prefix(b"From ") else {
        return false;
    };
    let rest = rest.strip_suffix(b"\r").unwrap_or(rest);
    let sender_end = rest.iter().position(|&b| b == b' ').unwrap_or(rest.len());
    if sender_end == 0 {
        return false;
    }
    rest[sender_end..].windows(5).any(|w| {
        w[0].is_ascii_digit()
            && w[1].is_ascii_digit()
            && w[2] == b':'
            && w[3].is_ascii_digit()
            && w[4].is_ascii_digit()
    })
}

/// Where a message is: the fields a reader knows it by.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    /// `Message-ID`, without its angle brackets.
    pub message_id: Option<String>,
    /// `Subject`, unfolded, its RFC 2047 encoded words decoded
    /// ([`decode_words`]).
    pub subject: Option<String>,
    /// `Date`, unfolded.
    pub date: Option<String>,
    /// `From`, unfolded, encoded words decoded.
    pub from: Option<String>,
    /// `To`, unfolded, encoded words decoded.
    pub to: Option<String>,
}

/// Where a text came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// A header field that carries URLs (`List-*`, `Archived-At`, ...).
    Header,
    /// Another header field with a `:` in its value, not a trace field
    /// (`Received`, `DKIM-Signature`, ...): URLs with a scheme only.
    Field,
    /// A text part (text/plain, text/calendar, ...).
    Text,
    /// An HTML part.
    Html,
}

/// How a part's text is written in the raw message (its
/// `Content-Transfer-Encoding`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Encoding {
    /// As it is (7bit, 8bit, binary; header fields).
    #[default]
    Plain,
    /// Quoted-printable: `=XX` escapes and soft line breaks.
    QuotedPrintable,
    /// Base64: no raw substring is the text; its raw range covers whole
    /// groups of 4 characters.
    Base64,
}

impl Encoding {
    /// The name `Content-Transfer-Encoding` gives it (RFC 2045's
    /// `"identity"` for plain text).
    ///
    /// ```
    /// assert_eq!(urlx::mail::Encoding::Base64.name(), "base64");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Plain => "identity",
            Encoding::QuotedPrintable => "quoted-printable",
            Encoding::Base64 => "base64",
        }
    }
}

/// A text to scan, and its map back to the raw input.
#[derive(Clone, Debug)]
pub struct Part<'a> {
    /// UTF-8 where the charset was known; the raw bytes where nothing had
    /// to be decoded.
    pub text: Cow<'a, [u8]>,
    /// Offsets in `text` to offsets in the input, byte for byte: decoded
    /// `s..e` was written in raw `map.raw(s)..map.raw_end(e)`.
    pub map: OffsetMap,
    /// What the text is.
    pub source: Source,
    /// How the raw bytes encode it.
    pub encoding: Encoding,
}

/// A message taken apart.
#[derive(Clone, Debug, Default)]
pub struct Message<'a> {
    /// Message-ID, Subject, Date.
    pub info: Info,
    /// The texts to scan, headers first, in message order.
    pub parts: Vec<Part<'a>>,
    /// Parts that are not text (images, archives, signatures...).
    pub skipped: usize,
    /// What was malformed, in words.
    pub warnings: Vec<String>,
    /// What was not read because a limit stopped it (MIME nesting deeper
    /// than 32), in words: unlike a warning, a place a URL may be in.
    pub unread: Vec<String>,
    /// Taken apart for a reader ([`read`]): HTML keeps its character
    /// references, and the text outside a multipart's parts is left out.
    reading: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(m: &Message<'_>) -> Vec<String> {
        m.parts
            .iter()
            .map(|p| String::from_utf8_lossy(&p.text).into_owned())
            .collect()
    }

    #[test]
    fn reader_fields_have_their_encoded_words_decoded() {
        let raw = b"From: =?utf-8?b?w4lsaXNl?= <e@x.example>\nTo: =?ISO-8859-1?Q?Ren=E9?= <r@x.example>,\n b@x.example\nSubject: =?utf-8?b?w6k=?= and =?ISO-8859-1?Q?caf=E9?=\n =?utf-8?q?_more?=\n\nbody\n";
        let m = parse(raw, 0..raw.len());
        assert_eq!(m.info.from.as_deref(), Some("\u{c9}lise <e@x.example>"));
        assert_eq!(
            m.info.to.as_deref(),
            Some("Ren\u{e9} <r@x.example>, b@x.example")
        );
        assert_eq!(m.info.subject.as_deref(), Some("\u{e9} and caf\u{e9} more"));
    }

    #[test]
    fn multipart_qp_base64_charset_and_headers() {
        let raw = b"From x Mon\nSubject: Hi\nMessage-ID: <a@b>\nList-Archive: <https://l.example/\n archive/>\nContent-Type: multipart/mixed; boundary=\"XX\"\n\npreamble\n--XX\nContent-Type: text/plain; charset=iso-8859-1\nContent-Transfer-Encoding: quoted-printable\n\ncaf=E9 https://e.example/?a=3Db&c=\n=3Dd\n--XX\nContent-Type: text/plain\nContent-Transfer-Encoding: base64\n\naHR0cDovL2I2NC5leGFtcGxlLw==\n--XX\nContent-Type: image/png\n\nPNG\n--XX--\nepilogue\n";
        let m = parse(raw, 0..raw.len());
        assert_eq!(m.info.subject.as_deref(), Some("Hi"));
        assert_eq!(m.info.message_id.as_deref(), Some("a@b"));
        let t = texts(&m);
        assert_eq!(t[0], "List-Archive: <https://l.example/\n archive/>");
        // Preamble and epilogue are read as they are (list footers).
        assert_eq!(t[1], "preamble\n");
        assert_eq!(t[2], "caf\u{e9} https://e.example/?a=b&c=d");
        assert_eq!(t[3], "http://b64.example/");
        assert_eq!(t[4], "epilogue\n");
        assert_eq!(m.skipped, 1);
        assert!(m.warnings.is_empty(), "{:?}", m.warnings);
    }

    #[test]
    fn malformed_mail_is_read_as_well_as_it_can_be() {
        // No closing boundary, an unknown charset, bad base64.
        let raw = b"Content-Type: multipart/mixed; boundary=B\n\n--B\nContent-Type: text/plain; charset=x-klingon\n\nhttp://a.example/\n--B\nContent-Transfer-Encoding: base64\n\naHR0c!DovL2V4YW1wbGU\n";
        let m = parse(raw, 0..raw.len());
        let t = texts(&m);
        assert_eq!(t[0], "http://a.example/");
        assert_eq!(t[1], "http://example");
        assert_eq!(m.warnings.len(), 3, "{:?}", m.warnings);
        // A multipart without a boundary line at all: the body as text.
        let raw = b"Content-Type: multipart/mixed; boundary=B\n\nhttp://c.example/\n";
        let m = parse(raw, 0..raw.len());
        assert_eq!(texts(&m), ["http://c.example/\n"]);
    }
}
