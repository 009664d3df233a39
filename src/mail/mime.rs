//! The MIME walk: a message's fields and parts, each text part decoded
//! (transfer encoding, charset, format=flowed, HTML references) with its
//! map back to the raw bytes. The fields of every entity are ranges in one
//! list that the walk keeps (an entity's fields after its parent's), so
//! that no field and no part's header costs an allocation.

use std::borrow::Cow;
use std::ops::Range;

use super::header::{
    fields, last, lowered, starts_with_ignore_case, trace_field, unfold, url_header, ContentType,
    Field,
};
use super::{base64, charset, decode_words, flowed, html, qp};
use super::{Encoding, Info, Message, OffsetMap, Part, Source};

/// The deepest nesting of multiparts and attached messages followed.
const MAX_DEPTH: usize = 32;

/// Takes apart the message in `raw[range]` (offsets stay those of `raw`).
///
/// ```
/// let raw = b"Subject: hi\nContent-Type: text/plain; charset=utf-8\n\nsee http://a.example/\n";
/// let m = urlx::mail::parse(raw, 0..raw.len());
/// assert_eq!(m.info.subject.as_deref(), Some("hi"));
/// assert_eq!(&m.parts[0].text[..], b"see http://a.example/\n");
/// ```
pub fn parse(raw: &[u8], range: Range<usize>) -> Message<'_> {
    parse_as(raw, range, false)
}

/// [`parse`], for a reader when `reading`.
pub(super) fn parse_as(raw: &[u8], range: Range<usize>, reading: bool) -> Message<'_> {
    let mut w = Walk {
        raw,
        m: Message {
            reading,
            ..Message::default()
        },
        fields: Vec::new(),
    };
    let body = fields(raw, range.start, range.end, &mut w.fields);
    w.m.info = info(raw, &w.fields);
    w.entity(0..w.fields.len(), body, range.end, 0, true);
    w.m
}

/// The fields a reader knows a message by.
fn info(raw: &[u8], fs: &[Field<'_>]) -> Info {
    let mut info = Info::default();
    for f in fs {
        let n = f.name;
        let value = || unfold(raw, &f.value);
        if n.eq_ignore_ascii_case(b"message-id") {
            let v = value();
            info.message_id = Some(v.trim_start_matches('<').trim_end_matches('>').to_owned());
        } else if n.eq_ignore_ascii_case(b"subject") {
            info.subject = Some(decoded(value()));
        } else if n.eq_ignore_ascii_case(b"date") {
            info.date = Some(value().into_owned());
        } else if n.eq_ignore_ascii_case(b"from") {
            info.from = Some(decoded(value()));
        } else if n.eq_ignore_ascii_case(b"to") {
            info.to = Some(decoded(value()));
        }
    }
    info
}

/// A field's value with its encoded words decoded.
fn decoded(v: Cow<'_, str>) -> String {
    match decode_words(&v) {
        Cow::Borrowed(_) => v.into_owned(),
        Cow::Owned(d) => d,
    }
}

/// A part's `Content-Transfer-Encoding`, as far as it is decoded.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Transfer {
    QuotedPrintable,
    Base64,
    /// 7bit, 8bit, binary, or anything else: the bytes as they are.
    Identity,
}

/// A text part's type: what its text is decoded by after the transfer
/// encoding.
struct TextType<'c> {
    charset: Option<&'c str>,
    html: bool,
    flowed: bool,
    delsp: bool,
}

/// The walk of one message.
struct Walk<'a> {
    raw: &'a [u8],
    m: Message<'a>,
    /// The fields of the entities being walked, outer ones first.
    fields: Vec<Field<'a>>,
}

impl<'a> Walk<'a> {
    /// One MIME entity: its fields `self.fields[fs]`, its body `body..end`.
    fn entity(&mut self, fs: Range<usize>, body: usize, end: usize, depth: usize, top: bool) {
        let raw = self.raw;
        for k in fs.clone() {
            let f = &self.fields[k];
            // PERF: the name is lowered once and matched by length and
            // bytes, not compared with each listed name; a colon is one
            // byte, not a substring search (`cargo run --release --example
            // mailcount`: these two lines were a tenth of mail mode's time).
            let mut lower = [0u8; 32];
            let has_colon = || memchr::memchr(b':', &raw[f.value.clone()]).is_some();
            let source = match lowered(f.name, &mut lower) {
                Some(name) if url_header(name) => Source::Header,
                Some(name) if !trace_field(name) && (top || depth > 0) && has_colon() => {
                    Source::Field
                }
                Some(_) => continue,
                None => {
                    // No listed name is this long; trace fields by their
                    // prefix.
                    let head = &f.name[..11];
                    let trace = head[..4].eq_ignore_ascii_case(b"arc-")
                        || head.eq_ignore_ascii_case(b"x-ms-exchan");
                    if trace || !(top || depth > 0) || !has_colon() {
                        continue;
                    }
                    Source::Field
                }
            };
            let whole = f.whole.clone();
            self.m.parts.push(Part {
                text: Cow::Borrowed(&raw[whole.clone()]),
                map: OffsetMap::exact(whole.start),
                source,
                encoding: Encoding::Plain,
            });
        }
        let own = &self.fields[fs.clone()];
        let ct = ContentType::new(
            last(own, b"content-type")
                .map_or(Cow::Borrowed("text/plain"), |f| unfold(raw, &f.value)),
        );
        let transfer = match last(own, b"content-transfer-encoding").map(|f| unfold(raw, &f.value))
        {
            Some(v) if v.eq_ignore_ascii_case("quoted-printable") => Transfer::QuotedPrintable,
            Some(v) if v.eq_ignore_ascii_case("base64") => Transfer::Base64,
            _ => Transfer::Identity,
        };
        if depth >= MAX_DEPTH {
            self.m.unread.push(format!(
                "MIME parts nested deeper than {MAX_DEPTH} at byte {body}: not read"
            ));
            return;
        }
        let mime = ct.mime();
        let plain = TextType {
            charset: None,
            html: false,
            flowed: false,
            delsp: false,
        };
        if starts_with_ignore_case(mime, "multipart/") {
            match ct.param("boundary") {
                Some(b) if !b.is_empty() => self.multipart(b.as_bytes(), body, end, depth),
                _ => {
                    self.m.warnings.push(format!(
                        "{} without a boundary at byte {body}: read as text",
                        mime.to_ascii_lowercase()
                    ));
                    self.text(body, end, transfer, &plain);
                }
            }
            return;
        }
        let is = |t: &str| mime.eq_ignore_ascii_case(t);
        if is("message/rfc822") || is("message/news") || is("message/global") {
            let mark = self.fields.len();
            let inner_body = fields(raw, body, end, &mut self.fields);
            self.entity(mark..self.fields.len(), inner_body, end, depth + 1, false);
            self.fields.truncate(mark);
            return;
        }
        let (major, minor) = mime.split_once('/').unwrap_or((mime, ""));
        // ASCII-armored keys and signatures and delivery reports are text a
        // person reads, whatever their type says.
        let text_like = is("application/pgp-signature")
            || is("application/pgp-keys")
            || is("message/delivery-status")
            || is("message/disposition-notification");
        if major.eq_ignore_ascii_case("text") || mime.is_empty() || text_like {
            let t = TextType {
                charset: ct.param("charset"),
                html: minor.eq_ignore_ascii_case("html"),
                flowed: ct
                    .param("format")
                    .is_some_and(|f| f.eq_ignore_ascii_case("flowed")),
                delsp: ct
                    .param("delsp")
                    .is_some_and(|f| f.eq_ignore_ascii_case("yes")),
            };
            self.text(body, end, transfer, &t);
        } else {
            self.m.skipped += 1;
        }
    }

    fn multipart(&mut self, boundary: &[u8], body: usize, end: usize, depth: usize) {
        let raw = self.raw;
        let mut delim = Vec::with_capacity(boundary.len() + 2);
        delim.extend_from_slice(b"--");
        delim.extend_from_slice(boundary);
        // Part starts: the line after each delimiter line; a close delimiter
        // (`--boundary--`) ends the list.
        let mut part_start: Option<usize> = None;
        let mut closed = false;
        // PERF: the delimiter is searched for, not each line tested
        // (`cargo run --release --example mailcount`: the lines of base64
        // attachments cost a call each).
        let finder = memchr::memmem::Finder::new(&delim);
        let mut from = body;
        while let Some(k) = finder.find(&raw[from..end]) {
            let pos = from + k;
            from = pos + 1;
            if pos > body && raw[pos - 1] != b'\n' {
                continue;
            }
            let nl = memchr::memchr(b'\n', &raw[pos..end]).map_or(end, |k| pos + k);
            let line = &raw[pos..nl];
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            if line.starts_with(&delim) {
                let rest = &line[delim.len()..];
                let is_close = rest.starts_with(b"--");
                if rest
                    .iter()
                    .skip(if is_close { 2 } else { 0 })
                    .all(|&b| b == b' ' || b == b'\t')
                {
                    if part_start.is_none() && pos > body {
                        // The preamble: most clients hide it, but some text
                        // before the first part is meant to be read.
                        self.plain(body, pos);
                    }
                    if let Some(s) = part_start {
                        // The line break before a delimiter belongs to it.
                        let mut e = pos;
                        if e > s && raw[e - 1] == b'\n' {
                            e -= 1;
                            if e > s && raw[e - 1] == b'\r' {
                                e -= 1;
                            }
                        }
                        self.one_part(s, e, depth);
                    }
                    if is_close {
                        closed = true;
                        // The epilogue: mailing lists add their footer there.
                        let after = (nl + 1).min(end);
                        if after < end {
                            self.plain(after, end);
                        }
                        break;
                    }
                    part_start = Some((nl + 1).min(end));
                }
            }
            from = from.max(nl + 1);
            if from >= end {
                break;
            }
        }
        let plain = TextType {
            charset: None,
            html: false,
            flowed: false,
            delsp: false,
        };
        match part_start {
            None => {
                self.m.warnings.push(format!(
                    "no boundary line \"--{}\" in the multipart at byte {body}: read as text",
                    String::from_utf8_lossy(boundary)
                ));
                self.text(body, end, Transfer::Identity, &plain);
            }
            Some(s) if !closed => {
                self.m.warnings.push(format!(
                    "multipart at byte {body} not closed: its last part runs to the end"
                ));
                self.one_part(s, end, depth);
            }
            _ => {}
        }
    }

    /// Raw text outside any part (preamble, epilogue), when it holds more
    /// than blanks.
    fn plain(&mut self, start: usize, end: usize) {
        // Mail clients do not show it.
        if self.m.reading {
            return;
        }
        let raw = self.raw;
        if raw[start..end].iter().any(|b| !b.is_ascii_whitespace()) {
            self.m.parts.push(Part {
                text: Cow::Borrowed(&raw[start..end]),
                map: OffsetMap::exact(start),
                source: Source::Text,
                encoding: Encoding::Plain,
            });
        }
    }

    fn one_part(&mut self, start: usize, end: usize, depth: usize) {
        let mark = self.fields.len();
        let body = fields(self.raw, start, end, &mut self.fields);
        self.entity(mark..self.fields.len(), body, end, depth + 1, false);
        self.fields.truncate(mark);
    }

    /// A text part: transfer encoding, charset, then flowed or HTML.
    fn text(&mut self, body: usize, end: usize, transfer: Transfer, t: &TextType<'_>) {
        let raw = self.raw;
        let m = &mut self.m;
        let slice = &raw[body..end];
        let (mut bytes, mut map, encoding): (Cow<'a, [u8]>, OffsetMap, Encoding) = match transfer {
            Transfer::QuotedPrintable => {
                let (b, map) = qp::decode(slice, body);
                (Cow::Owned(b), map, Encoding::QuotedPrintable)
            }
            Transfer::Base64 => {
                let (b, map, bad) = base64::decode(slice, body);
                if bad {
                    m.warnings
                        .push(format!("bad base64 at byte {body}: decoded what could be"));
                }
                (Cow::Owned(b), map, Encoding::Base64)
            }
            Transfer::Identity => (
                Cow::Borrowed(slice),
                OffsetMap::exact(body),
                Encoding::Plain,
            ),
        };
        if let Some(cs) = t.charset {
            let cs = cs.trim();
            let utf8 = cs.eq_ignore_ascii_case("utf-8")
                || cs.eq_ignore_ascii_case("us-ascii")
                || cs.eq_ignore_ascii_case("utf8");
            if !utf8 {
                use charset::Charset;
                match charset::lookup(cs) {
                    // Text in ASCII reads the same in every charset that
                    // keeps ASCII; it stays as it is, placed byte for byte.
                    Some(Charset::Encoding(enc))
                        if enc == encoding_rs::UTF_8
                            || (enc.is_ascii_compatible() && bytes.is_ascii()) => {}
                    Some(c) => {
                        let (b, points) = charset::convert(&bytes, c);
                        map = map.compose(&points, bytes.len());
                        bytes = Cow::Owned(b);
                    }
                    None => m.warnings.push(format!(
                        "unknown charset {cs:?} at byte {body}: read as UTF-8"
                    )),
                }
            }
        }
        let source = if t.html {
            // (With no `&`, the text and the map would come out as they
            // are.)
            if !m.reading && memchr::memchr(b'&', &bytes).is_some() {
                let (b, points) = html::decode_entities(&bytes);
                map = map.compose(&points, bytes.len());
                bytes = Cow::Owned(b);
            }
            // A break a mail client put inside a URL of a link's text
            // joins it again.
            if !m.reading {
                if let Some((b, points)) = html::drop_wbr(&bytes) {
                    map = map.compose(&points, bytes.len());
                    bytes = Cow::Owned(b);
                }
            }
            Source::Html
        } else {
            if t.flowed {
                let (b, points) = flowed::unwrap(&bytes, t.delsp);
                map = map.compose(&points, bytes.len());
                bytes = Cow::Owned(b);
            }
            Source::Text
        };
        m.parts.push(Part {
            text: bytes,
            map,
            source,
            encoding,
        });
    }
}
