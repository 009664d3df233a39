//! Every link of the mail corpora (`corpora/mail`, the real list mail of
//! `corpora/forms`, `tests/data/mail`) is placed on the raw bytes that hold it:
//! its span, decoded by an independent MIME library (mail-parser finds
//! the part and its charset, its decoders undo quoted-printable and
//! base64), then by the part's charset, gives the link's text.

use std::path::{Path, PathBuf};

use mail_parser::{MessageParser, MimeHeaders, PartType};
use urlx::mail::{self, Encoding, Source};
use urlx::Finder;

/// A leaf part as mail-parser sees it: its raw body and its charset.
struct Leaf {
    body: std::ops::Range<usize>,
    charset: Option<String>,
}

fn leaves(m: &mail_parser::Message<'_>, base: usize, out: &mut Vec<Leaf>) {
    for p in &m.parts {
        match &p.body {
            PartType::Text(_) | PartType::Html(_) | PartType::Binary(_) => out.push(Leaf {
                body: base + p.offset_body as usize..base + p.offset_end as usize,
                charset: p
                    .content_type()
                    .and_then(|c| c.attribute("charset"))
                    .map(str::to_owned),
            }),
            PartType::Message(inner) => leaves(inner, base, out),
            _ => {}
        }
    }
}

/// Quoted-printable with each `=` that starts neither an escape nor a soft
/// line break written as `=3D`: urlx leaves a malformed escape as it is
/// written, the oracle refuses the text.
fn malformed_escapes_escaped(qp: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(qp.len());
    for (i, &b) in qp.iter().enumerate() {
        let rest = &qp[i + 1..];
        let blanks = rest
            .iter()
            .take_while(|&&c| c == b' ' || c == b'\t')
            .count();
        let escape = rest.len() >= 2 && rest[..2].iter().all(u8::is_ascii_hexdigit);
        let soft = matches!(rest.get(blanks), Some(b'\r' | b'\n'));
        if b == b'=' && !escape && !soft {
            out.extend_from_slice(b"=3D");
        } else {
            out.push(b);
        }
    }
    out
}

/// The character references an HTML part's links hold.
fn html_references(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(k) = rest.find('&') {
        out.push_str(&rest[..k]);
        rest = &rest[k..];
        let end = rest.find(';').filter(|&e| e <= 10);
        let c = end.and_then(|e| match &rest[1..e] {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            n => n
                .strip_prefix("#x")
                .or_else(|| n.strip_prefix("#X"))
                .and_then(|h| u32::from_str_radix(h, 16).ok())
                .or_else(|| n.strip_prefix('#').and_then(|d| d.parse().ok()))
                .and_then(char::from_u32),
        });
        match (c, end) {
            (Some(c), Some(e)) => {
                out.push(c);
                rest = &rest[e + 1..];
            }
            _ => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// A text without what a wrapped URL's line breaks bring: blanks and the
/// `>` of quoted lines.
fn joined(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_whitespace() && *c != '>')
        .collect()
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, out);
        } else {
            out.push(p);
        }
    }
}

/// C-O4: in mail mode a link's span is the raw bytes of its encoded text,
/// from the first to the last, with its encoding where it is encoded.
#[test]
fn every_mail_link_has_the_raw_span_of_its_encoded_text() {
    let top = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = Vec::new();
    files(&top.join("corpora/mail"), &mut paths);
    assert!(
        paths.len() > 100,
        "corpora/mail: the mail corpus is missing"
    );
    // Real list mail (usrp-users, quoted-printable HTML parts among it).
    let mut forms = Vec::new();
    files(&top.join("corpora/forms"), &mut forms);
    paths.extend(
        forms
            .into_iter()
            .filter(|p| p.extension().is_some_and(|e| e == "eml")),
    );
    // Quoted-printable HTML, charsets of one and two bytes a character,
    // base64 lines of 30 characters, format=flowed.
    files(&top.join("tests/data/mail"), &mut paths);
    let finder = Finder::new();
    let (mut checked, mut encoded, mut base64) = (0, 0, 0);
    let mut failures = Vec::new();
    for path in &paths {
        let raw = std::fs::read(path).unwrap();
        let mbox = mail::sniff(&raw) == mail::Kind::Mbox;
        for (range, line) in mail::messages(&raw, mbox, 1) {
            // The oracle reads a message without its mbox `From ` line.
            let mut at = range.start;
            if raw[at..].starts_with(b"From ") {
                at += raw[at..range.end]
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(0, |k| k + 1);
            }
            let oracle = MessageParser::default().parse(&raw[at..range.end]);
            let mut parts = Vec::new();
            if let Some(m) = &oracle {
                leaves(m, at, &mut parts);
            }
            for m in finder.message_links(&raw, range.clone(), line).links {
                let l = &m.link;
                let span = &raw[l.span()];
                // The smallest part of the oracle's that holds the span.
                let leaf = parts
                    .iter()
                    .filter(|p| p.body.start <= l.start() && l.end() <= p.body.end)
                    .min_by_key(|p| p.body.len());
                let text = match (m.source, leaf) {
                    (Source::Text | Source::Html, Some(p)) => {
                        // Decoded as the link says its text is written, by the
                        // oracle's decoders.
                        let bytes = match m.encoding {
                            Encoding::QuotedPrintable => {
                                mail_parser::decoders::quoted_printable::quoted_printable_decode(
                                    &malformed_escapes_escaped(span),
                                )
                                .unwrap_or_default()
                            }
                            Encoding::Base64 => mail_parser::decoders::base64::base64_decode(span)
                                .unwrap_or_default(),
                            Encoding::Plain => span.to_vec(),
                        };
                        // The charset by a whole decode of the span (urlx
                        // places each character by a streaming decode).
                        let text = match p
                            .charset
                            .as_deref()
                            .and_then(|c| encoding_rs::Encoding::for_label(c.trim().as_bytes()))
                        {
                            Some(e) => e.decode_without_bom_handling(&bytes).0.into_owned(),
                            None => String::from_utf8_lossy(&bytes).into_owned(),
                        };
                        if m.encoding != Encoding::Plain {
                            encoded += 1;
                        }
                        if m.source == Source::Html {
                            html_references(&text)
                        } else {
                            text
                        }
                    }
                    _ => String::from_utf8_lossy(span).into_owned(),
                };
                let url = l.as_str();
                // A `www.` or address link has the scheme it was given
                // before its text.
                let written = [
                    url,
                    url.trim_start_matches("http://"),
                    url.trim_start_matches("mailto:"),
                ];
                let (got, ok) = if m.encoding == Encoding::Base64 {
                    base64 += 1;
                    // Whole groups: the URL lies inside.
                    let got = joined(&text);
                    let ok = written.iter().any(|w| got.contains(&joined(w)));
                    (got, ok)
                } else {
                    let got = joined(&text);
                    let ok = written.iter().any(|w| got == joined(w));
                    (got, ok)
                };
                if !ok {
                    failures.push(format!(
                        "{}: {url}: span {:?} decodes to {got:?}",
                        path.display(),
                        l.span()
                    ));
                }
                checked += 1;
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} links:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        checked > 4000 && encoded > 2000 && base64 > 50,
        "{checked} links, {encoded} encoded, {base64} base64"
    );
}

/// C-S1 on real list mail (the usrp-users messages of `corpora/forms`,
/// quoted-printable HTML parts among them, and `corpora/mail`): a message
/// read as a reader sees it and linkified has hrefs that are links of the
/// message as mail mode finds them (decoded: no `=3D`, no soft break), and
/// its raw text never leaks a tag.
#[test]
fn real_messages_read_and_linkified_link_where_the_message_does() {
    let top = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = Vec::new();
    files(&top.join("corpora/forms"), &mut paths);
    files(&top.join("corpora/mail"), &mut paths);
    paths.retain(|p| p.extension().is_some_and(|e| e == "eml" || e == "txt"));
    let finder = Finder::new();
    let opts = urlx::linkify::Options::default();
    let (mut messages, mut hrefs) = (0, 0);
    let mut failures = Vec::new();
    for path in &paths {
        let raw = std::fs::read(path).unwrap();
        if mail::sniff(&raw) == mail::Kind::Text {
            continue;
        }
        let mbox = mail::sniff(&raw) == mail::Kind::Mbox;
        for (range, line) in mail::messages(&raw, mbox, 1) {
            let found: Vec<String> = finder
                .message_links(&raw, range.clone(), line)
                .links
                .iter()
                .map(|m| m.link.as_str().to_owned())
                .collect();
            let reading = mail::read(&raw, range);
            let mut out = Vec::new();
            urlx::linkify::write_message_html(&mut out, &finder, &reading, &opts).unwrap();
            let html = String::from_utf8(out).unwrap();
            for href in html.split("<a href=\"").skip(1) {
                let href = href[..href.find('"').unwrap()]
                    .replace("&amp;", "&")
                    .replace("&#39;", "'")
                    .replace("&quot;", "\"");
                hrefs += 1;
                if !found.contains(&href) {
                    failures.push(format!(
                        "{}: href {href} is no link of the message",
                        path.display()
                    ));
                }
            }
            messages += 1;
        }
    }
    assert!(
        failures.is_empty(),
        "{} hrefs:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(
        messages > 200 && hrefs > 500,
        "{messages} messages, {hrefs} hrefs"
    );
}
