//! Stage 4: text with its URLs made links, for pipelines and mail clients.
//!
//! - [`html`] / [`write_html`]: every byte of text HTML-escaped, each link
//!   `<a href="...">text</a>` where the href is the extracted URL (wrapped
//!   URLs rejoined, `http://` before `www.`) escaped for an attribute, and
//!   the text is what the reader saw. A URL wrapped across lines is one
//!   anchor a line ([`Link::segments`]), all to the same URL: the line
//!   break, a quote prefix and indentation stay outside the anchors, so a
//!   client that puts each quote level in a blockquote can.
//! - [`write_osc8`]: the text as it was, with terminal hyperlinks (OSC 8)
//!   for pagers such as `less -R`; the text's own control characters are
//!   shown, not obeyed ([`write_visible`], C-S5), so that the only escape
//!   sequences written are the hyperlinks'.
//! - `write_message_html` / `write_message_osc8` (feature `mail`): a
//!   message as a reader sees it (`mail::read`): its From, To,
//!   Date and Subject, then its text part, or its HTML part as text with
//!   each link's href after its text, and a warning where that text shows
//!   another host ([`shown_elsewhere`]).
//!
//! Only an allow-list of schemes becomes a link (rule C-S1);
//! `javascript:`, `data:` and `vbscript:` never do, whatever the list
//! says. Deceptive links (C-S2) get a `title` with the real host and the
//! class `urlx-deceptive`, and a warning a reader sees without hovering:
//! in HTML a `<span class="urlx-warning" role="note">` after the link,
//! "⚠ goes to …"; in OSC 8 output "[⚠ goes to …]" after its text.
//! Escaped CR/LF (`%0D%0A`) are never decoded (C-S3): the href is the
//! URL as written.

#![forbid(unsafe_code)]

mod deceptive;
#[cfg(feature = "html-input")]
mod html_input;
#[cfg(feature = "mail")]
mod message;
mod stream;
mod terminal;

use std::io::{self, Write};
use std::sync::Arc;

use crate::{Finder, Link, LINKABLE};

pub use deceptive::{deception, deception_with, shown_elsewhere, Deception};
#[cfg(feature = "html-input")]
pub use html_input::{html_document, write_html_document, HtmlInput, HtmlInputError, DEFAULT_SKIP};
#[cfg(feature = "mail")]
pub use message::{write_body_html, write_body_osc8, write_message_html, write_message_osc8};
pub use stream::{write_html_from, write_osc8_from};
pub use terminal::{is_bidi_control, write_visible, write_visible_line};

/// Schemes that never become links, whatever the options say.
const NEVER: &[&str] = &["javascript", "data", "vbscript"];

/// What the render callback ([`Options::render`]) is given for a link.
#[derive(Debug)]
pub struct Rendered<'a> {
    /// The link.
    pub link: &'a Link<'a>,
    /// Its number among the links written: 1, 2, ... in the text's order
    /// (a URL the scheme list refuses is not written and has none).
    pub number: usize,
    /// The href, escaped for an attribute.
    pub href: &'a str,
    /// The text of this line of the link (see [`Link::segments`]) as the
    /// reader saw it, HTML-escaped.
    pub text: &'a str,
    /// Which line of the link this is: 0 for its first. A link wrapped
    /// over lines is rendered once for each, with the same number.
    pub segment: usize,
    /// Why the link is deceptive (C-S2), if it is: its own verdict (of
    /// the URL a protection redirect leads to, C-S7).
    pub deception: Option<&'a Deception>,
    /// In a message's reading view ([`write_message_html`],
    /// [`write_body_html`]): the link is an HTML link's href whose text
    /// shows another host ([`Deception::TextShows`]). The callback owns
    /// the warning: nothing is written after what it writes.
    pub text_shows: Option<&'a Deception>,
}

/// A render callback: writes a link in place of `<a href=...>text</a>`.
pub type Render = Arc<dyn Fn(&Rendered<'_>, &mut dyn Write) -> io::Result<()> + Send + Sync>;

/// A link filter ([`Options::keep`]): whether a link is written as one.
pub type Keep = Arc<dyn Fn(&Link<'_>) -> bool + Send + Sync>;

/// How links are written.
#[derive(Clone)]
pub struct Options {
    /// Schemes that may become links (lower case). Default: http, https,
    /// ftp, ftps, mailto, news, nntp, gopher, telnet, wais; `file` is off.
    pub schemes: Vec<String>,
    /// The `rel` attribute, if any (default `nofollow noopener`).
    pub rel: Option<String>,
    /// The `target` attribute, if any.
    pub target: Option<String>,
    /// The `class` attribute, if any.
    pub class: Option<String>,
    /// Renders a link itself ([`write_html`]): gets the link, its number,
    /// the escaped href and text and the deception verdict, and writes
    /// whatever it wants in place of the whole `<a ...>text</a>`; the
    /// class, rel, target and title are then the callback's to write.
    pub render: Option<Render>,
    /// [`write_osc8`] writes the text's control characters as they are,
    /// escape sequences included: only for text known to be trusted (text
    /// urlx's caller wrote itself). Default `false`: they are shown
    /// ([`write_visible`]).
    pub raw_controls: bool,
    /// Which links to write as links, of those the scheme list allows; the
    /// others stay text (not counted, no number). Default `None`: all. A
    /// mail client's own rule, or a filter of links (feature `filter`:
    /// `Arc::new(move |l| filter.keeps(l))`).
    pub keep: Option<Keep>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            schemes: LINKABLE.iter().map(|s| s.to_string()).collect(),
            rel: Some("nofollow noopener".into()),
            target: None,
            class: None,
            render: None,
            raw_controls: false,
            keep: None,
        }
    }
}

impl std::fmt::Debug for Options {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Options")
            .field("schemes", &self.schemes)
            .field("rel", &self.rel)
            .field("target", &self.target)
            .field("class", &self.class)
            .field("render", &self.render.as_ref().map(|_| "Fn"))
            .field("raw_controls", &self.raw_controls)
            .field("keep", &self.keep.as_ref().map(|_| "Fn"))
            .finish()
    }
}

impl Options {
    /// Whether this link may be written as a link: its scheme is allowed
    /// and [`Options::keep`] keeps it.
    ///
    /// ```
    /// use std::sync::Arc;
    /// let opts = urlx::linkify::Options {
    ///     keep: Some(Arc::new(|l| l.uri().host() != Some("ads.example"))),
    ///     ..Default::default()
    /// };
    /// let h = urlx::linkify::html("http://ads.example/ http://ok.example/", &opts);
    /// assert_eq!(h, "http://ads.example/ <a href=\"http://ok.example/\" rel=\"nofollow noopener\">http://ok.example/</a>");
    /// ```
    pub fn allows_link(&self, link: &Link<'_>) -> bool {
        self.allows(link.uri().scheme().unwrap_or(""))
            && self.keep.as_ref().is_none_or(|keep| keep(link))
    }

    /// Whether a URL with this scheme may be written as a link.
    pub fn allows(&self, scheme: &str) -> bool {
        !NEVER.iter().any(|n| n.eq_ignore_ascii_case(scheme))
            && self.schemes.iter().any(|s| s.eq_ignore_ascii_case(scheme))
    }
}

/// The text as HTML with its URLs as links (the default [`Finder`]).
///
/// ```
/// let h = urlx::linkify::html("see <http://a.example/x?a=1&b=2> & more", &Default::default());
/// assert_eq!(
///     h,
///     "see &lt;<a href=\"http://a.example/x?a=1&amp;b=2\" rel=\"nofollow noopener\">http://a.example/x?a=1&amp;b=2</a>&gt; &amp; more"
/// );
/// ```
pub fn html(text: &str, opts: &Options) -> String {
    html_with(Finder::default_ref(), text, opts)
}

/// [`html`] with links found by `finder` (e-mail addresses, caps, schemes
/// of its own).
///
/// ```
/// let finder = urlx::FinderBuilder::new().email(true).build().unwrap();
/// let h = urlx::linkify::html_with(&finder, "ask a@b.example", &Default::default());
/// assert_eq!(h, "ask <a href=\"mailto:a@b.example\" rel=\"nofollow noopener\">a@b.example</a>");
/// ```
pub fn html_with(finder: &Finder, text: &str, opts: &Options) -> String {
    let mut out = Vec::with_capacity(text.len() + text.len() / 4);
    // Writing to a Vec cannot fail.
    let _ = write_html(&mut out, finder, text.as_bytes(), opts);
    String::from_utf8(out).unwrap_or_default()
}

/// Streams `text` as HTML into `w`, links found by `finder`. Invalid UTF-8
/// is written as U+FFFD. Returns how many links were written: a URL whose
/// scheme the options refuse stays text and is not counted, so the count
/// and the numbers the render callback gets are those a reader sees.
pub fn write_html(
    w: &mut dyn Write,
    finder: &Finder,
    text: &[u8],
    opts: &Options,
) -> io::Result<usize> {
    write_html_noted(w, finder, text, opts, &[])
}

/// [`write_html`], with a warning written at each note's offset.
fn write_html_noted(
    w: &mut dyn Write,
    finder: &Finder,
    text: &[u8],
    opts: &Options,
    notes: &[Note],
) -> io::Result<usize> {
    let mut written = 0;
    let style = Html(opts);
    interleave(
        w,
        &style,
        text,
        finder.links(text),
        0..text.len(),
        notes,
        &mut written,
    )?;
    Ok(written)
}

/// How a writer writes the text between links, a link, and a note.
trait Style {
    fn options(&self) -> &Options;
    fn plain(&self, w: &mut dyn Write, bytes: &[u8]) -> io::Result<()>;
    fn note(&self, w: &mut dyn Write, d: &Deception) -> io::Result<()>;
    /// Writes link number `number`, whose offsets are into `text`;
    /// `text_shows` is the note the link's render callback takes (see
    /// `interleave`).
    fn link(
        &self,
        w: &mut dyn Write,
        text: &[u8],
        l: &Link<'_>,
        number: usize,
        text_shows: Option<&Deception>,
    ) -> io::Result<()>;
}

/// [`write_html`]'s way.
struct Html<'o>(&'o Options);

impl Style for Html<'_> {
    fn options(&self) -> &Options {
        self.0
    }

    fn plain(&self, w: &mut dyn Write, bytes: &[u8]) -> io::Result<()> {
        escape_text(w, bytes)
    }

    fn note(&self, w: &mut dyn Write, d: &Deception) -> io::Result<()> {
        warning_html(w, d)
    }

    fn link(
        &self,
        w: &mut dyn Write,
        text: &[u8],
        l: &Link<'_>,
        number: usize,
        text_shows: Option<&Deception>,
    ) -> io::Result<()> {
        let opts = self.0;
        let Anchor {
            href,
            open,
            deceptive,
        } = Anchor::of(l, opts);
        // One anchor a line: the break, the quote prefix and the
        // indentation between them stay text.
        let mut at = l.start();
        for (segment, seg) in l.segments(text).into_iter().enumerate() {
            escape_text(w, &text[at..seg.start])?;
            // A direction control is shown, not obeyed: it would reorder
            // the link's text and what follows it.
            let mut shown = Vec::new();
            shown_bidi(
                &mut shown,
                &String::from_utf8_lossy(&text[seg.clone()]),
                |w, s| escape_text(w, s.as_bytes()),
                ("&lt;", "&gt;"),
            )?;
            let shown = String::from_utf8_lossy(&shown);
            match &opts.render {
                Some(render) => {
                    let r = Rendered {
                        link: l,
                        number,
                        href: &href,
                        text: &shown,
                        segment,
                        deception: deceptive.as_ref(),
                        text_shows,
                    };
                    render(&r, w)?;
                }
                None => write!(w, "{open}{shown}</a>")?,
            }
            at = seg.end;
        }
        escape_text(w, &text[at..l.end()])?;
        // C-S2: the warning is text a reader sees, not a colour or a
        // tooltip alone. A render callback writes its own (it gets the
        // verdict).
        match (&deceptive, &opts.render) {
            (Some(d), None) => warning_html(w, d),
            _ => Ok(()),
        }
    }
}

/// The opening tag of a link's anchor, as every HTML writer writes it.
struct Anchor {
    /// The href, escaped for the attribute.
    href: String,
    /// `<a href=... title=... class=... rel=... target=...>`.
    open: String,
    /// Why the link is deceptive, if it is (C-S2).
    deceptive: Option<Deception>,
}

impl Anchor {
    fn of(l: &Link<'_>, opts: &Options) -> Anchor {
        // A direction control stays out of the page even in an attribute
        // (a status bar shows the href): its ASCII form, percent-encoded.
        let href = if l.as_str().chars().any(is_bidi_control) {
            escape_attr_string(&l.uri().to_ascii())
        } else {
            escape_attr_string(l.as_str())
        };
        let deceptive = deception(&l.uri());
        let mut open = format!("<a href=\"{href}\"");
        let mut class = opts.class.clone();
        if let Some(d) = &deceptive {
            class = Some(match class {
                Some(c) => format!("{c} urlx-deceptive"),
                None => "urlx-deceptive".into(),
            });
            open.push_str(&format!(
                " title=\"{}\"",
                escape_attr_string(&d.to_string())
            ));
        }
        for (name, value) in [
            ("class", &class),
            ("rel", &opts.rel),
            ("target", &opts.target),
        ] {
            if let Some(v) = value {
                open.push_str(&format!(" {name}=\"{}\"", escape_attr_string(v)));
            }
        }
        open.push('>');
        Anchor {
            href,
            open,
            deceptive,
        }
    }
}

/// Writes `value` through `text`, each direction control in it shown as
/// its code point (`<U+202E>`, between the `brackets` as the output
/// escapes them) rather than obeyed: a subject or a link's text cannot
/// reorder the text after the control.
fn shown_bidi(
    w: &mut dyn Write,
    value: &str,
    mut text: impl FnMut(&mut dyn Write, &str) -> io::Result<()>,
    (open, close): (&str, &str),
) -> io::Result<()> {
    let mut start = 0;
    for (i, c) in value.char_indices() {
        if is_bidi_control(c) {
            text(w, &value[start..i])?;
            write!(w, "{open}U+{:04X}{close}", u32::from(c))?;
            start = i + c.len_utf8();
        }
    }
    text(w, &value[start..])
}

/// C-S2: a warning a reader sees, in words.
fn warning_html(w: &mut dyn Write, d: &Deception) -> io::Result<()> {
    w.write_all(b"<span class=\"urlx-warning\" role=\"note\"> \xe2\x9a\xa0 ")?;
    escape_text(w, d.to_string().as_bytes())?;
    w.write_all(b"</span>")
}

/// C-S2 in OSC 8 output: the warning after a link's text, its host's
/// characters shown, not obeyed.
fn warning_osc8(w: &mut dyn Write, d: &Deception) -> io::Result<()> {
    w.write_all(" [\u{26a0} ".as_bytes())?;
    write_visible(w, d.to_string().as_bytes())?;
    w.write_all(b"]")
}

/// Writes `text` back as it was, each link an OSC 8 terminal hyperlink to
/// its URL (for `less -R` and terminals that follow them). Returns how many
/// links were written (as [`write_html`] counts them).
///
/// The only escape sequences written are the hyperlinks' (rule C-S5):
/// the text's control characters other than tab and line ends are shown
/// ([`write_visible`]: ESC as `^[`), unless [`Options::raw_controls`]. The
/// target is the URL's ASCII form (an IRI's non-ASCII characters
/// percent-encoded, its host in punycode), and each link has an `id`
/// (`urlx-1`, `urlx-2`, ... in the text's order), so that a terminal takes
/// a link wrapped over lines as one.
///
/// ```
/// let mut out = Vec::new();
/// // A forged hyperlink in the text is shown, and its URL is a link to itself.
/// let text = "see http://例え.jp/ \x1b]8;;http://evil/\x1b\\bank\x1b]8;;\x1b\\";
/// urlx::linkify::write_osc8(&mut out, &urlx::Finder::new(), text.as_bytes(), &Default::default()).unwrap();
/// assert_eq!(
///     String::from_utf8(out).unwrap(),
///     "see \x1b]8;id=urlx-1;http://xn--r8jz45g.jp/\x1b\\http://例え.jp/\x1b]8;;\x1b\\ \
///      ^[]8;;\x1b]8;id=urlx-2;http://evil/\x1b\\http://evil/\x1b]8;;\x1b\\^[\\bank^[]8;;^[\\"
/// );
/// ```
pub fn write_osc8(
    w: &mut dyn Write,
    finder: &Finder,
    text: &[u8],
    opts: &Options,
) -> io::Result<usize> {
    write_osc8_noted(w, finder, text, opts, &[])
}

/// [`write_osc8`], with a warning written at each note's offset.
fn write_osc8_noted(
    w: &mut dyn Write,
    finder: &Finder,
    text: &[u8],
    opts: &Options,
    notes: &[Note],
) -> io::Result<usize> {
    let mut written = 0;
    let style = Osc8(opts);
    interleave(
        w,
        &style,
        text,
        finder.links(text),
        0..text.len(),
        notes,
        &mut written,
    )?;
    Ok(written)
}

/// [`write_osc8`]'s way.
struct Osc8<'o>(&'o Options);

impl Osc8<'_> {
    /// Text as the options say: its controls shown, or as it is.
    fn shown(&self, w: &mut dyn Write, bytes: &[u8]) -> io::Result<()> {
        if self.0.raw_controls {
            w.write_all(bytes)
        } else {
            write_visible(w, bytes)
        }
    }
}

impl Style for Osc8<'_> {
    fn options(&self) -> &Options {
        self.0
    }

    fn plain(&self, w: &mut dyn Write, bytes: &[u8]) -> io::Result<()> {
        self.shown(w, bytes)
    }

    fn note(&self, w: &mut dyn Write, d: &Deception) -> io::Result<()> {
        warning_osc8(w, d)
    }

    fn link(
        &self,
        w: &mut dyn Write,
        text: &[u8],
        l: &Link<'_>,
        n: usize,
        _: Option<&Deception>,
    ) -> io::Result<()> {
        // The ASCII form holds no control character nor space (the parser
        // refuses them), so nothing in it can end the sequence early.
        let target = l.uri().to_ascii();
        // A hyperlink a line, one id: the terminal takes them as one link,
        // and the break and quote prefix between them are not linked.
        let mut at = l.start();
        for seg in l.segments(text) {
            self.shown(w, &text[at..seg.start])?;
            write!(w, "\x1b]8;id=urlx-{n};{target}\x1b\\")?;
            // A direction control in the link's text is shown, not obeyed.
            shown_bidi(
                w,
                &String::from_utf8_lossy(&text[seg.clone()]),
                |w, s| self.shown(w, s.as_bytes()),
                ("<", ">"),
            )?;
            w.write_all(b"\x1b]8;;\x1b\\")?;
            at = seg.end;
        }
        self.shown(w, &text[at..l.end()])?;
        // C-S2: a deceptive link is marked after its text, where it is
        // seen, with where it goes (through `write_visible`: a host's
        // characters cannot drive the terminal).
        match deception(&l.uri()) {
            Some(d) => warning_osc8(w, &d),
            None => Ok(()),
        }
    }
}

/// A warning to write at an offset of the text, outside any link (a link
/// of an HTML part whose text shows another host).
type Note = (usize, Deception);

/// The walk both writers share, over `text[span]`: the text between links
/// through the style's `plain`, each link the options allow (`links`, in
/// order, their offsets into `text`) through its `link` with its number
/// (counted on from `written`; a refused one stays text), each note
/// (sorted by offset) where the text between links reaches it. Returns
/// where the writing stopped: the span's end, or the end of a link that
/// runs past it.
fn interleave<'t>(
    w: &mut dyn Write,
    style: &dyn Style,
    text: &[u8],
    links: impl IntoIterator<Item = Link<'t>>,
    span: std::ops::Range<usize>,
    notes: &[Note],
    written: &mut usize,
) -> io::Result<usize> {
    let mut pos = span.start;
    let mut notes = notes.iter().peekable();
    // The text from `pos` to `to`, with the notes up to `to`.
    let gap = |w: &mut dyn Write,
               notes: &mut std::iter::Peekable<std::slice::Iter<'_, Note>>,
               mut pos: usize,
               to: usize|
     -> io::Result<()> {
        while let Some((at, d)) = notes.next_if(|(at, _)| *at <= to) {
            let at = (*at).max(pos);
            style.plain(w, &text[pos..at])?;
            style.note(w, d)?;
            pos = at;
        }
        style.plain(w, &text[pos..to])
    };
    let render = style.options().render.is_some();
    for l in links {
        if !style.options().allows_link(&l) {
            continue;
        }
        *written += 1;
        gap(w, &mut notes, pos, l.start())?;
        // A note right after the link (after the `>` of a reading view's
        // ` <href>`) is the link's own: a render callback gets it and
        // writes the warning as it likes, none is written after it.
        let closes = |at: usize| {
            at >= l.end()
                && text
                    .get(l.end()..at)
                    .is_some_and(|t| t.iter().all(|&b| b == b'>'))
        };
        let own = if render {
            notes.next_if(|(at, _)| closes(*at)).map(|(_, d)| d)
        } else {
            None
        };
        style.link(w, text, &l, *written, own)?;
        pos = l.end();
    }
    if pos < span.end {
        gap(w, &mut notes, pos, span.end)?;
        pos = span.end;
    }
    Ok(pos)
}

/// HTML-escapes text: `&`, `<`, `>`, `"`, `'`; control characters other
/// than tab and line breaks become U+FFFD; invalid UTF-8 too.
pub fn escape_text(w: &mut dyn Write, bytes: &[u8]) -> io::Result<()> {
    for chunk in bytes.utf8_chunks() {
        let s = chunk.valid();
        let mut start = 0;
        for (i, c) in s.char_indices() {
            let rep: &str = match c {
                '&' => "&amp;",
                '<' => "&lt;",
                '>' => "&gt;",
                '"' => "&quot;",
                '\'' => "&#39;",
                '\t' | '\n' | '\r' => continue,
                c if c.is_control() => "\u{fffd}",
                _ => continue,
            };
            w.write_all(&s.as_bytes()[start..i])?;
            w.write_all(rep.as_bytes())?;
            start = i + c.len_utf8();
        }
        w.write_all(&s.as_bytes()[start..])?;
        if !chunk.invalid().is_empty() {
            w.write_all("\u{fffd}".as_bytes())?;
        }
    }
    Ok(())
}

/// Escapes a string for a double-quoted attribute value.
pub fn escape_attr_string(s: &str) -> String {
    let mut out = Vec::with_capacity(s.len() + 8);
    let _ = escape_text(&mut out, s.as_bytes());
    String::from_utf8(out).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c_s1_every_special_byte_escaped() {
        let mut o = Vec::new();
        escape_text(&mut o, b"<>&\"'\x00\x07\xff ok\n").unwrap();
        assert_eq!(
            String::from_utf8(o).unwrap(),
            "&lt;&gt;&amp;&quot;&#39;\u{fffd}\u{fffd}\u{fffd} ok\n"
        );
    }

    #[test]
    fn c_s1_never_script_schemes() {
        let mut opts = Options::default();
        opts.schemes
            .extend(["javascript".into(), "data".into(), "vbscript".into()]);
        assert!(!opts.allows("JavaScript"));
        assert!(!opts.allows("data"));
        assert!(opts.allows("HTTPS"));
        assert!(!Options::default().allows("file"));
    }
}
