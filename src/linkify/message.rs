//! A message linkified as a reader sees it ([`crate::mail::read`]): From,
//! To, Date and Subject, then the body's text with its links. A link of an
//! HTML part whose text shows one host while it goes to another gets a
//! warning after it (C-S2).

use std::io::{self, Write};

use super::{
    escape_text, shown_bidi, shown_elsewhere, write_html_noted, write_osc8_noted,
    write_visible_line, Note, Options,
};
use crate::mail::Reading;
use crate::Finder;

/// The header fields shown, by name, those the message has.
fn fields(r: &Reading) -> Vec<(&'static str, &str)> {
    let i = &r.info;
    [
        ("From", &i.from),
        ("To", &i.to),
        ("Date", &i.date),
        ("Subject", &i.subject),
    ]
    .into_iter()
    .filter_map(|(n, v)| Some((n, v.as_deref()?)))
    .collect()
}

/// The options for the body: an HTML link's text is not a link of its
/// own (its href, written after it, is the link), so that a text showing
/// one URL cannot be followed there while the message's link goes
/// elsewhere.
fn body_options(r: &Reading, opts: &Options) -> Options {
    if r.anchors.is_empty() {
        return opts.clone();
    }
    let texts: Vec<std::ops::Range<usize>> = r.anchors.iter().map(|a| a.text.clone()).collect();
    let keep = opts.keep.clone();
    Options {
        keep: Some(std::sync::Arc::new(move |l: &crate::Link<'_>| {
            // The texts are in order and apart: the last that starts at or
            // before the link is the only one that may hold it.
            let k = texts.partition_point(|t| t.start <= l.start());
            let inside = k > 0 && texts[k - 1].contains(&l.start());
            !inside && keep.as_ref().is_none_or(|k| k(l))
        })),
        ..opts.clone()
    }
}

/// The warnings of an HTML body's links: after each link whose text shows
/// another host than its href's.
fn notes(r: &Reading) -> Vec<Note> {
    r.anchors
        .iter()
        .filter_map(|a| {
            let d = shown_elsewhere(r.body.get(a.text.clone())?, &a.href)?;
            Some((a.end, d))
        })
        .collect()
}

/// Writes a message for a reader as HTML: an `<article
/// class="urlx-message">` with its header fields (each value in a `<bdi>`,
/// its direction controls shown as `<U+202E>`, so that it cannot reorder
/// itself nor what follows) and its body in a `<pre>`, linkified as
/// [`super::write_html`] does. Returns how many links were written.
///
/// ```
/// let raw = b"From: a@example.org\nSubject: hi\nContent-Type: text/html\n\n<a href=\"http://203.0.113.9/\">www.bank.example</a>";
/// let reading = urlx::mail::read(raw, 0..raw.len());
/// let mut out = Vec::new();
/// let n = urlx::linkify::write_message_html(&mut out, &urlx::Finder::new(), &reading, &Default::default()).unwrap();
/// let html = String::from_utf8(out).unwrap();
/// assert!(html.contains("<b>Subject:</b> <bdi>hi</bdi>"));
/// assert!(html.contains("&lt;<a href=\"http://203.0.113.9/\""));
/// assert!(html.contains("\u{26a0} the text shows www.bank.example but the link goes to 203.0.113.9</span>"));
/// // The link's text is not a link of its own.
/// assert!(!html.contains("href=\"http://www.bank.example"));
/// assert_eq!(n, 1);
/// ```
pub fn write_message_html(
    w: &mut dyn Write,
    finder: &Finder,
    r: &Reading,
    opts: &Options,
) -> io::Result<usize> {
    w.write_all(b"<article class=\"urlx-message\">\n<div class=\"urlx-headers\">\n")?;
    for (name, value) in fields(r) {
        write!(w, "<div><b>{name}:</b> <bdi>")?;
        shown_bidi(
            w,
            value,
            |w, s| escape_text(w, s.as_bytes()),
            ("&lt;", "&gt;"),
        )?;
        w.write_all(b"</bdi></div>\n")?;
    }
    w.write_all(b"</div>\n<pre class=\"urlx-body\">")?;
    let n = write_body_html(w, finder, r, opts)?;
    w.write_all(b"</pre>\n</article>\n")?;
    Ok(n)
}

/// Writes the body of a message's reading view as HTML, with no header
/// block and no element around it (a mail client that shows the header
/// fields its own way puts it in its own `<pre>` or `white-space: pre`
/// block): the text as [`write_message_html`] writes it. An HTML link's
/// text stays text and its href, written after it, is the link; where
/// the text shows another host than the href goes to (C-S2, judged by the
/// URL a protection redirect leads to, C-S7), a warning follows, or, with
/// a render callback, the callback gets the verdict
/// ([`Rendered::text_shows`](super::Rendered::text_shows)) and writes
/// what it likes. Returns how many links were written.
///
/// ```
/// use std::sync::Arc;
/// let raw = b"Content-Type: text/html\n\n<a href=\"http://203.0.113.9/\">www.bank.example</a>";
/// let reading = urlx::mail::read(raw, 0..raw.len());
/// let opts = urlx::linkify::Options {
///     render: Some(Arc::new(|r: &urlx::linkify::Rendered<'_>, w: &mut dyn std::io::Write| {
///         let warn = if r.text_shows.is_some() { " class=\"lure\"" } else { "" };
///         write!(w, "<a href=\"{}\"{warn}>{}</a>", r.href, r.text)
///     })),
///     ..Default::default()
/// };
/// let mut out = Vec::new();
/// urlx::linkify::write_body_html(&mut out, &urlx::Finder::new(), &reading, &opts).unwrap();
/// assert_eq!(
///     String::from_utf8(out).unwrap(),
///     "www.bank.example &lt;<a href=\"http://203.0.113.9/\" class=\"lure\">http://203.0.113.9/</a>&gt;\n"
/// );
/// ```
pub fn write_body_html(
    w: &mut dyn Write,
    finder: &Finder,
    r: &Reading,
    opts: &Options,
) -> io::Result<usize> {
    write_html_noted(
        w,
        finder,
        r.body.as_bytes(),
        &body_options(r, opts),
        &notes(r),
    )
}

/// Writes a message for a reader on a terminal: its header fields, a
/// blank line and its body, linkified as [`super::write_osc8`] does. A
/// field's control characters, its line breaks among them, are shown
/// ([`super::write_visible_line`]: a field decoded to several lines cannot
/// forge header lines) and so are its bidirectional controls
/// (`<U+202E>`), which would reorder the rest of the line. Returns how
/// many links were written.
///
/// ```
/// let raw = b"Subject: =?utf-8?b?4oCuZXhl?=\n\nsee http://a.example/\n";
/// let reading = urlx::mail::read(raw, 0..raw.len());
/// let mut out = Vec::new();
/// urlx::linkify::write_message_osc8(&mut out, &urlx::Finder::new(), &reading, &Default::default()).unwrap();
/// assert_eq!(
///     String::from_utf8(out).unwrap(),
///     "Subject: <U+202E>exe\n\nsee \x1b]8;id=urlx-1;http://a.example/\x1b\\http://a.example/\x1b]8;;\x1b\\\n"
/// );
/// ```
pub fn write_message_osc8(
    w: &mut dyn Write,
    finder: &Finder,
    r: &Reading,
    opts: &Options,
) -> io::Result<usize> {
    for (name, value) in fields(r) {
        write!(w, "{name}: ")?;
        // Its line breaks too: a field decoded to several lines would
        // forge header lines of its own.
        shown_bidi(
            w,
            value,
            |w, s| write_visible_line(w, s.as_bytes()),
            ("<", ">"),
        )?;
        w.write_all(b"\n")?;
    }
    w.write_all(b"\n")?;
    write_body_osc8(w, finder, r, opts)
}

/// Writes the body of a message's reading view for a terminal, with no
/// header fields: the text as [`write_message_osc8`] writes it, each
/// warning where an HTML link's text shows another host than it goes to.
/// Returns how many links were written.
///
/// ```
/// let raw = b"Subject: hi\n\nsee http://a.example/\n";
/// let reading = urlx::mail::read(raw, 0..raw.len());
/// let mut out = Vec::new();
/// urlx::linkify::write_body_osc8(&mut out, &urlx::Finder::new(), &reading, &Default::default()).unwrap();
/// assert_eq!(
///     String::from_utf8(out).unwrap(),
///     "see \x1b]8;id=urlx-1;http://a.example/\x1b\\http://a.example/\x1b]8;;\x1b\\\n"
/// );
/// ```
pub fn write_body_osc8(
    w: &mut dyn Write,
    finder: &Finder,
    r: &Reading,
    opts: &Options,
) -> io::Result<usize> {
    write_osc8_noted(
        w,
        finder,
        r.body.as_bytes(),
        &body_options(r, opts),
        &notes(r),
    )
}
