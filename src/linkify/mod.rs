//! Stage 4: text with its URLs made links, for pipelines and mail clients.
//!
//! - [`html`] / [`write_html`]: every byte of text HTML-escaped, each link
//!   `<a href="...">text</a>` where the href is the extracted URL (wrapped
//!   URLs rejoined, `http://` before `www.`) escaped for an attribute, and
//!   the text is what the reader saw, line breaks included: a URL wrapped
//!   across lines is one link.
//! - [`write_osc8`]: the text as it was, with terminal hyperlinks (OSC 8)
//!   for pagers such as `less -R`; the text's own control characters are
//!   shown, not obeyed ([`write_visible`], C-S5), so that the only escape
//!   sequences written are the hyperlinks'.
//!
//! Only an allow-list of schemes becomes a link (CONTRACT C-S1);
//! `javascript:`, `data:` and `vbscript:` never do, whatever the list
//! says. Deceptive links (C-S2) get a `title` with the real host and the
//! class `urlx-deceptive`. Escaped CR/LF (`%0D%0A`) are never decoded
//! (C-S3): the href is the URL as written.

#![forbid(unsafe_code)]

mod deceptive;
mod terminal;

use std::io::{self, Write};

use crate::{Finder, Link};

pub use deceptive::{deception, Deception};
pub use terminal::write_visible;

/// Schemes that never become links, whatever the options say.
const NEVER: &[&str] = &["javascript", "data", "vbscript"];

/// How links are written.
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
    /// Renders a link itself: gets the link, the escaped href and the
    /// escaped text, and writes whatever it wants in their place.
    #[allow(clippy::type_complexity)]
    pub render:
        Option<Box<dyn Fn(&Link<'_>, &str, &str, &mut dyn Write) -> io::Result<()> + Send + Sync>>,
    /// [`write_osc8`] writes the text's control characters as they are,
    /// escape sequences included: only for text known to be trusted (text
    /// urlx's caller wrote itself). Default `false`: they are shown
    /// ([`write_visible`]).
    pub raw_controls: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            schemes: [
                "http", "https", "ftp", "ftps", "mailto", "news", "nntp", "gopher", "telnet",
                "wais",
            ]
            .iter()
            .map(|s| s.to_string())
            .collect(),
            rel: Some("nofollow noopener".into()),
            target: None,
            class: None,
            render: None,
            raw_controls: false,
        }
    }
}

impl Options {
    /// Whether this link may be written as a link.
    pub fn allows_link(&self, link: &Link<'_>) -> bool {
        self.allows(link.uri().scheme().unwrap_or(""))
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
    let mut out = Vec::with_capacity(text.len() + text.len() / 4);
    // Writing to a Vec cannot fail.
    let _ = write_html(&mut out, Finder::default_ref(), text.as_bytes(), opts);
    String::from_utf8(out).unwrap_or_default()
}

/// Streams `text` as HTML into `w`, links found by `finder`. Invalid UTF-8
/// is written as U+FFFD. Returns how many URLs the text holds, linked or
/// refused.
pub fn write_html(
    w: &mut dyn Write,
    finder: &Finder,
    text: &[u8],
    opts: &Options,
) -> io::Result<usize> {
    interleave(w, finder, text, opts, escape_text, |w, l| {
        let href = escape_attr_string(l.as_str());
        let mut shown = Vec::new();
        escape_text(&mut shown, &text[l.span()])?;
        let shown = String::from_utf8_lossy(&shown).into_owned();
        if let Some(render) = &opts.render {
            return render(l, &href, &shown, w);
        }
        write!(w, "<a href=\"{href}\"")?;
        let mut class = opts.class.clone();
        if let Some(d) = deception(&l.uri()) {
            class = Some(match class {
                Some(c) => format!("{c} urlx-deceptive"),
                None => "urlx-deceptive".into(),
            });
            write!(w, " title=\"{}\"", escape_attr_string(&d.to_string()))?;
        }
        for (name, value) in [
            ("class", &class),
            ("rel", &opts.rel),
            ("target", &opts.target),
        ] {
            if let Some(v) = value {
                write!(w, " {name}=\"{}\"", escape_attr_string(v))?;
            }
        }
        write!(w, ">{shown}</a>")
    })
}

/// Writes `text` back as it was, each link an OSC 8 terminal hyperlink to
/// its URL (for `less -R` and terminals that follow them). Returns how many
/// URLs the text holds.
///
/// The only escape sequences written are the hyperlinks' (CONTRACT C-S5):
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
    let shown = |w: &mut dyn Write, bytes: &[u8]| {
        if opts.raw_controls {
            w.write_all(bytes)
        } else {
            write_visible(w, bytes)
        }
    };
    let mut n = 0;
    interleave(w, finder, text, opts, shown, |w, l| {
        n += 1;
        // The ASCII form holds no control character nor space (the parser
        // refuses them), so nothing in it can end the sequence early.
        write!(w, "\x1b]8;id=urlx-{n};{}\x1b\\", l.uri().to_ascii())?;
        shown(w, &text[l.span()])?;
        w.write_all(b"\x1b]8;;\x1b\\")
    })
}

/// The walk both writers share: the text between links through `plain`,
/// each link the options allow through `link` (a refused one stays text).
/// Returns the number of links found.
fn interleave(
    w: &mut dyn Write,
    finder: &Finder,
    text: &[u8],
    opts: &Options,
    mut plain: impl FnMut(&mut dyn Write, &[u8]) -> io::Result<()>,
    mut link: impl FnMut(&mut dyn Write, &Link<'_>) -> io::Result<()>,
) -> io::Result<usize> {
    let mut pos = 0;
    let mut found = 0;
    for l in finder.links(text) {
        found += 1;
        if !opts.allows_link(&l) {
            continue;
        }
        plain(w, &text[pos..l.start()])?;
        link(w, &l)?;
        pos = l.end();
    }
    plain(w, &text[pos..])?;
    Ok(found)
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
