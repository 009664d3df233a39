//! Linkifying HTML: the URLs in a document's text linked, every other byte
//! copied as it was (feature `html-input`).
//!
//! The document is read by `lol_html`, Cloudflare's streaming rewriter,
//! so tags, attributes, comments, CDATA and the raw text of `script`,
//! `style`, `textarea` and `title` are the tokenizer's to tell apart,
//! never a pattern's. Only text nodes are linked, and not those inside an
//! `a` or an element of the skip list ([`HtmlInput::skip`]). The text of
//! a node arrives in chunks: they are held until the node ends (so a URL
//! split between chunks is found whole), then written back with its links
//! added. Memory is bounded by the longest text node, up to
//! [`HtmlInput::max_text_node`], not by the document.
//!
//! In a text node, character references are decoded for the finder
//! (`&amp;` in a query is `&`), and the node's text is copied as it was
//! written, references and all: a link's anchor wraps the very bytes the
//! URL was written with, and its href is the URL, escaped (C-S1).
//! Numeric references and the named ones that occur around URLs are
//! decoded; any other stays as written.

use std::cell::{Cell, RefCell};
use std::fmt;
use std::io::{self, Read, Write};
use std::rc::Rc;

use lol_html::html_content::{ContentType, TextType};
use lol_html::{doc_text, element, end_tag, HtmlRewriter, MemorySettings, Settings};

use super::{warning_html, Anchor, Options, Rendered};
use crate::mail::html::decode_entities;
use crate::{Finder, Link};

/// The elements whose text is not linked by default, besides `a`: code
/// and preformatted text, and elements whose content is not text a reader
/// follows links in.
pub const DEFAULT_SKIP: &[&str] = &["pre", "code", "script", "style", "textarea", "title"];

/// Elements whose content the tokenizer reads as raw text or RCDATA and
/// that exist only in HTML: their text is never `Data`, so never linked.
/// (`script`, `style` and `title` are also SVG elements, whose text is.)
const RAW_TEXT: &[&str] = &[
    "textarea",
    "xmp",
    "iframe",
    "noembed",
    "noframes",
    "plaintext",
];

/// How an HTML document is linkified.
#[derive(Clone, Debug)]
pub struct HtmlInput {
    /// How links are written: schemes, attributes, the render callback
    /// (which may change the href, the attributes and the text, or write
    /// the text alone to drop the link), the keep filter.
    pub linkify: Options,
    /// Elements (lower-case names) whose text is not linked; `a` never is.
    /// Default [`DEFAULT_SKIP`].
    pub skip: Vec<String>,
    /// The longest text node that is linked (default 16 MiB): a longer
    /// one is copied as it is, without links, so that memory stays
    /// bounded whatever the document holds.
    pub max_text_node: usize,
    /// The most memory the tokenizer may take for one construct, a tag or
    /// a comment (default 64 MiB): past it the document is refused.
    pub max_memory: usize,
}

impl Default for HtmlInput {
    fn default() -> Self {
        HtmlInput {
            linkify: Options::default(),
            skip: DEFAULT_SKIP.iter().map(|s| s.to_string()).collect(),
            max_text_node: 16 << 20,
            max_memory: 64 << 20,
        }
    }
}

/// Why an HTML document could not be linkified to its end.
#[derive(Debug)]
pub enum HtmlInputError {
    /// Reading the input or writing the output failed.
    Io(io::Error),
    /// The tokenizer gave up: a construct larger than
    /// [`HtmlInput::max_memory`], or markup it cannot rewrite.
    Rewriting(String),
}

impl fmt::Display for HtmlInputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HtmlInputError::Io(e) => write!(f, "{e}"),
            HtmlInputError::Rewriting(e) => write!(f, "the HTML could not be read: {e}"),
        }
    }
}

impl std::error::Error for HtmlInputError {}

impl From<io::Error> for HtmlInputError {
    fn from(e: io::Error) -> Self {
        HtmlInputError::Io(e)
    }
}

/// Linkifies an HTML document or fragment (UTF-8) into a `String`.
///
/// ```
/// let page = r#"<p title="http://no.example/">see http://a.example/?x=1&amp;y=2</p><a href="/">http://b.example/</a>"#;
/// let out = urlx::linkify::html_document(page, &Default::default()).unwrap();
/// assert_eq!(
///     out,
///     r#"<p title="http://no.example/">see <a href="http://a.example/?x=1&amp;y=2" rel="nofollow noopener">http://a.example/?x=1&amp;y=2</a></p><a href="/">http://b.example/</a>"#
/// );
/// ```
pub fn html_document(html: &str, opts: &HtmlInput) -> Result<String, HtmlInputError> {
    let mut out = Vec::with_capacity(html.len() + html.len() / 8);
    write_html_document(&mut out, Finder::default_ref(), html.as_bytes(), opts)?;
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// Reads an HTML document from `input` and writes it to `w` with the URLs
/// of its text linked (see the module's doc); returns how many links were
/// written.
pub fn write_html_document(
    w: &mut dyn Write,
    finder: &Finder,
    mut input: impl Read,
    opts: &HtmlInput,
) -> Result<usize, HtmlInputError> {
    let state = Rc::new(RefCell::new(Text::new(finder, opts)));
    // How many skipped elements (`a` and the skip list) are open; the
    // end tag handlers that count down must own it.
    let skipping: Rc<Cell<usize>> = Rc::default();
    let failed: Rc<RefCell<Option<io::Error>>> = Rc::default();
    let sink_failed = Rc::clone(&failed);
    // The elements whose text the tokenizer already tells apart need no
    // handler.
    let mut skip: Vec<String> = opts
        .skip
        .iter()
        .map(|t| t.to_ascii_lowercase())
        .filter(|t| !RAW_TEXT.contains(&t.as_str()))
        .collect();
    skip.push("a".into());
    skip.sort();
    skip.dedup();
    let mut handlers = Vec::new();
    for name in skip {
        let open = Rc::clone(&skipping);
        // PERF: a selector for each skipped element, not `*` and a test of
        // the name: the tokenizer then builds elements for those tags
        // only; `*` took 1.3 times as long on mail's HTML parts (`python
        // python/bench/html.py`).
        handlers.push(element!(name, move |el| {
            if !el.can_have_content() {
                return Ok(());
            }
            open.set(open.get() + 1);
            let open = Rc::clone(&open);
            // An element the parser closes without its end tag stays open
            // here: what follows is not linked, never wrongly linked.
            el.on_end_tag(end_tag!(move |_| {
                open.set(open.get().saturating_sub(1));
                Ok(())
            }))
        }));
    }
    let st = Rc::clone(&state);
    let open = Rc::clone(&skipping);
    let text = doc_text!(move |chunk| {
        let mut s = st.borrow_mut();
        if chunk.text_type() != TextType::Data || open.get() > 0 {
            return Ok(());
        }
        if s.too_long || s.held.len() + chunk.as_str().len() > s.max {
            // Past the cap: what was held goes out as it was, and the rest
            // of the node passes through.
            if !s.too_long {
                let held = std::mem::take(&mut s.held);
                chunk.before(&held, ContentType::Html);
                s.too_long = true;
            }
            if chunk.last_in_text_node() {
                s.too_long = false;
            }
            return Ok(());
        }
        if s.held.is_empty() && chunk.last_in_text_node() {
            // A node in one chunk, the most: left alone when it has no link.
            if let Some(linked) = s.link(chunk.as_str())? {
                chunk.replace(&linked, ContentType::Html);
            }
            return Ok(());
        }
        s.held.push_str(chunk.as_str());
        if !chunk.last_in_text_node() {
            chunk.remove();
            return Ok(());
        }
        let held = std::mem::take(&mut s.held);
        let linked = s.link(&held)?;
        chunk.replace(linked.as_deref().unwrap_or(&held), ContentType::Html);
        Ok(())
    });
    // Not strict: where the tokenizer cannot tell a text's kind without a
    // tree (a `<title>` inside `<select>`, ...), it guesses rather than
    // refusing the page. A wrong guess is safe either way: text read as
    // raw is not linked, and an anchor put in what a browser reads as raw
    // text is shown as text (or breaks a script), never run.
    let mut settings = Settings::new()
        .with_strict(false)
        .with_memory_settings(MemorySettings::new().with_max_allowed_memory_usage(opts.max_memory))
        .append_document_content_handler(text);
    for h in handlers {
        settings = settings.append_element_content_handler(h);
    }
    let mut rewriter = HtmlRewriter::new(settings, |bytes: &[u8]| {
        let mut f = sink_failed.borrow_mut();
        if f.is_none() {
            if let Err(e) = w.write_all(bytes) {
                *f = Some(e);
            }
        }
    });
    let mut buf = vec![0; 64 << 10];
    loop {
        let n = match input.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e.into()),
        };
        rewriter
            .write(&buf[..n])
            .map_err(|e| HtmlInputError::Rewriting(e.to_string()))?;
        if let Some(e) = failed.borrow_mut().take() {
            return Err(e.into());
        }
    }
    rewriter
        .end()
        .map_err(|e| HtmlInputError::Rewriting(e.to_string()))?;
    if let Some(e) = failed.borrow_mut().take() {
        return Err(e.into());
    }
    let written = state.borrow().written;
    Ok(written)
}

/// The text handler's state.
struct Text<'f> {
    finder: &'f Finder,
    opts: Options,
    /// The chunks of the text node so far.
    held: String,
    max: usize,
    /// The node is past [`HtmlInput::max_text_node`].
    too_long: bool,
    /// Links written.
    written: usize,
}

impl<'f> Text<'f> {
    fn new(finder: &'f Finder, opts: &HtmlInput) -> Self {
        Text {
            finder,
            opts: opts.linkify.clone(),
            held: String::new(),
            max: opts.max_text_node,
            too_long: false,
            written: 0,
        }
    }

    /// One text node as written in the source, its URLs linked; None
    /// when it has none.
    fn link(&mut self, raw: &str) -> io::Result<Option<String>> {
        // References decoded for the finder: copied stretches map byte for
        // byte, a reference's character to the reference's start.
        let decoded;
        let (text, points): (&[u8], _) = if raw.contains('&') {
            let (d, points) = decode_entities(raw.as_bytes());
            decoded = d;
            (&decoded, points)
        } else {
            (raw.as_bytes(), vec![(0, 0, true)])
        };
        let to_raw = |d: usize| -> usize {
            let k = points.partition_point(|p| p.0 <= d) - 1;
            let (out, inp, copied) = points[k];
            if copied {
                inp + (d - out)
            } else {
                inp
            }
        };
        let mut out = Vec::new();
        let mut at = 0;
        for l in self.finder.links(text) {
            if !self.opts.allows_link(&l) {
                continue;
            }
            let (start, end) = (to_raw(l.start()), to_raw(l.end()));
            if start < at || end <= start {
                continue;
            }
            out.extend_from_slice(&raw.as_bytes()[at..start]);
            self.written += 1;
            self.anchor(&mut out, &l, &raw[start..end])?;
            at = end;
        }
        if at == 0 && out.is_empty() {
            return Ok(None);
        }
        out.extend_from_slice(&raw.as_bytes()[at..]);
        Ok(Some(String::from_utf8_lossy(&out).into_owned()))
    }

    /// A link's anchor around `shown`, the text it was written with.
    fn anchor(&self, out: &mut Vec<u8>, l: &Link<'_>, shown: &str) -> io::Result<()> {
        let a = Anchor::of(l, &self.opts);
        match &self.opts.render {
            Some(render) => {
                let r = Rendered {
                    link: l,
                    number: self.written,
                    href: &a.href,
                    text: shown,
                    segment: 0,
                    deception: a.deceptive.as_ref(),
                    text_shows: None,
                };
                render(&r, out as &mut dyn Write)
            }
            None => {
                write!(out, "{}{shown}</a>", a.open)?;
                match &a.deceptive {
                    Some(d) => warning_html(out, d),
                    None => Ok(()),
                }
            }
        }
    }
}
