//! Composition of the stages: a [`Finder`] runs the trigger scan, delimits
//! each candidate, checks it with the URI parser, and yields [`Link`]s.

use std::borrow::Cow;
use std::ops::Range;
use std::sync::OnceLock;

use crate::delimit::bare::{self, BareOptions, BracketMemo};
use crate::delimit::rejoin::{whitespace_run, Depth};
use crate::delimit::wrapper::{self, Opener};
use crate::delimit::{Delimited, Form, Limits, Pieces};
use crate::scan::scheme::{
    self, is_scheme_byte, SchemeClass, KEY_FILE, KEY_MAILTO, KEY_URL, MAX_SCHEME_LEN,
};
use crate::scan::{email, Scanner, Trigger, TriggerKind};
use crate::uri::{self, Meta, Syntax, Uri};

mod chain;
mod common;
mod head;
use head::Head;
#[cfg(feature = "mail")]
mod mail;
use common::Common;
#[cfg(feature = "mail")]
pub use mail::MessageLinks;

/// A URL found in text.
///
/// ```
/// let text = "See <URL:ftp://ds.in\n  ternic.net/rfc>.";
/// let link = urlx::find(text).next().unwrap();
/// assert_eq!(link.as_str(), "ftp://ds.internic.net/rfc");
/// assert_eq!(link.form(), urlx::Form::UrlPrefix);
/// assert_eq!(&text[link.span()], "ftp://ds.in\n  ternic.net/rfc");
/// assert_eq!((link.line(), link.column()), (1, 10));
/// assert_eq!(link.uri().host(), Some("ds.internic.net"));
/// ```
#[derive(Clone, Debug)]
pub struct Link<'h> {
    url: Cow<'h, str>,
    start: usize,
    end: usize,
    line: u64,
    column: u64,
    form: Form,
    alt: Option<Box<str>>,
    meta: Meta,
    truncated: bool,
}

impl<'h> Link<'h> {
    /// The URL as written, with wrappers, `URL:` and the whitespace of
    /// line breaks removed (C-O1, C-O2); `http://` before an abbreviated
    /// `www.` URL, `mailto:` before an e-mail address.
    pub fn as_str(&self) -> &str {
        &self.url
    }

    /// The URL, borrowed from the input when nothing had to be removed.
    pub fn into_url(self) -> Cow<'h, str> {
        self.url
    }

    /// The byte range of the URL's text in the input: from its first to its
    /// last byte, wrapper and `URL:` excluded, line breaks inside included.
    pub fn span(&self) -> Range<usize> {
        self.start..self.end
    }

    /// The first byte of the span.
    pub fn start(&self) -> usize {
        self.start
    }

    /// The byte after the span.
    pub fn end(&self) -> usize {
        self.end
    }

    /// The 1-based line of the span's start (lines end at LF).
    pub fn line(&self) -> u64 {
        self.line
    }

    /// The 1-based byte column of the span's start.
    pub fn column(&self) -> u64 {
        self.column
    }

    /// How the URL was written.
    pub fn form(&self) -> Form {
        self.form
    }

    /// The other reading where the text is ambiguous: the URL without the
    /// hyphen before a line break (C-W3), or with `%20` for the spaces that
    /// were removed inside `<…>` (C-W4).
    pub fn alt(&self) -> Option<&str> {
        self.alt.as_deref()
    }

    /// Whether the URL reached a cap and was cut there: the URL length, the
    /// line length looked at, or the lines a URL joined across line breaks
    /// may span ([`FinderBuilder::max_wrapper_lines`]).
    pub fn is_truncated(&self) -> bool {
        self.truncated
    }

    /// The parsed URL (RFC 3987 syntax, so non-ASCII stays as typed).
    pub fn uri(&self) -> Uri<'_> {
        Uri::from_parts(&self.url, self.meta)
    }

    /// A copy that owns its URL.
    pub fn into_owned(self) -> Link<'static> {
        Link {
            url: Cow::Owned(self.url.into_owned()),
            ..self
        }
    }

    pub(crate) fn shift(mut self, by: usize) -> Self {
        self.start += by;
        self.end += by;
        self
    }

    /// The same link at another place in the input (mail: raw offsets).
    #[cfg(feature = "mail")]
    pub(crate) fn placed(mut self, start: usize, end: usize) -> Self {
        self.start = start;
        self.end = end;
        self
    }

    pub(crate) fn set_position(&mut self, line: u64, column: u64) {
        self.line = line;
        self.column = column;
    }
}

/// Errors in a finder's configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BuildError {
    /// A scheme name that is not `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
    InvalidScheme(String),
    /// A cap of zero.
    ZeroLimit(&'static str),
}

impl std::fmt::Display for BuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BuildError::InvalidScheme(s) => write!(f, "invalid scheme name {s:?}"),
            BuildError::ZeroLimit(what) => write!(f, "{what} must be at least 1"),
        }
    }
}

impl std::error::Error for BuildError {}

/// Configures a [`Finder`].
///
/// ```
/// let finder = urlx::FinderBuilder::new()
///     .email(true)
///     .bare_schemes(["http", "https"])
///     .build()
///     .unwrap();
/// let urls: Vec<_> = finder
///     .links("ftp://a.example/ or https://b.example/, or me@c.example.")
///     .map(|l| l.as_str().to_owned())
///     .collect();
/// assert_eq!(urls, ["https://b.example/", "mailto:me@c.example"]);
/// ```
#[derive(Clone, Debug)]
pub struct FinderBuilder {
    bare: Vec<String>,
    wrapped: Vec<String>,
    email: bool,
    www: bool,
    join_unhyphenated: bool,
    limits: Limits,
}

impl Default for FinderBuilder {
    fn default() -> Self {
        Self::new()
    }
}

impl FinderBuilder {
    /// The defaults: the schemes of C-F2 bare, `urn:` and `tel:` inside
    /// wrappers, `www.` abbreviations on, e-mail addresses off, C-W6 off,
    /// URLs up to 8 KiB, wrappers up to 2 KiB and 8 lines.
    pub fn new() -> Self {
        let bare = scheme::BARE_AUTHORITY
            .iter()
            .chain(scheme::BARE_OPAQUE)
            .map(|s| s.to_string())
            .collect();
        let wrapped = scheme::WRAPPED_OPAQUE
            .iter()
            .map(|s| s.to_string())
            .collect();
        FinderBuilder {
            bare,
            wrapped,
            email: false,
            www: true,
            join_unhyphenated: false,
            limits: Limits {
                max_url_len: 8192,
                max_wrapper_bytes: 2048,
                max_wrapper_lines: 8,
                max_line_len: None,
            },
        }
    }

    /// The schemes found in bare text (replaces the default list). Inside
    /// `<…>` and quotes, these and any scheme followed by `//` count;
    /// inside `<URL:…>`, any scheme.
    pub fn bare_schemes<I, S>(&mut self, schemes: I) -> &mut Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        self.bare = schemes
            .into_iter()
            .map(|s| s.as_ref().to_ascii_lowercase())
            .collect();
        self
    }

    /// Schemes without `//` found only inside `<…>` and quotes (replaces
    /// the default `urn`, `tel`).
    pub fn wrapped_schemes<I, S>(&mut self, schemes: I) -> &mut Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        self.wrapped = schemes
            .into_iter()
            .map(|s| s.as_ref().to_ascii_lowercase())
            .collect();
        self
    }

    /// Report bare e-mail addresses as `mailto:` links (C-F5; off by
    /// default). Addresses in `<…>` (Message-IDs, `From:` lines) never are.
    pub fn email(&mut self, yes: bool) -> &mut Self {
        self.email = yes;
        self
    }

    /// Report `www.` hosts as `http://` URLs (C-F4; on by default).
    pub fn abbreviated(&mut self, yes: bool) -> &mut Self {
        self.www = yes;
        self
    }

    /// C-W6: join a bare URL that ends exactly at a line end with the next
    /// line when that begins with `/`, `?`, `&`, `=`, `#` or `%` (off by
    /// default).
    pub fn join_unhyphenated_breaks(&mut self, yes: bool) -> &mut Self {
        self.join_unhyphenated = yes;
        self
    }

    /// The longest URL in bytes of text (default 8192); a longer one is
    /// cut there and flagged ([`Link::is_truncated`]).
    pub fn max_url_len(&mut self, bytes: usize) -> &mut Self {
        self.limits.max_url_len = bytes;
        self
    }

    /// The most bytes a wrapper may span, opener to closer (default 2048).
    pub fn max_wrapper_bytes(&mut self, bytes: usize) -> &mut Self {
        self.limits.max_wrapper_bytes = bytes;
        self
    }

    /// The most bytes of a line looked at (default: no cap; 0 means no
    /// cap). Past it nothing is looked for in that line, and a URL that
    /// reaches it is cut there and flagged ([`Link::is_truncated`]): for
    /// inputs with huge lines (base64 blobs, minified HTML) that should
    /// cost no more than their cap.
    pub fn max_line_len(&mut self, bytes: usize) -> &mut Self {
        self.limits.max_line_len = (bytes > 0).then_some(bytes);
        self
    }

    /// The most lines a wrapper may span (default 8, C-W5), and a bare URL
    /// joined across line breaks (C-W3, C-W6): such a URL is cut at the
    /// last line break it may cross, and flagged ([`Link::is_truncated`]).
    /// A wrapper that would span more is no wrapper (its text is read as
    /// bare text).
    pub fn max_wrapper_lines(&mut self, lines: usize) -> &mut Self {
        self.limits.max_wrapper_lines = lines;
        self
    }

    /// Builds the finder.
    pub fn build(&self) -> Result<Finder, BuildError> {
        for s in self.bare.iter().chain(&self.wrapped) {
            let b = s.as_bytes();
            if b.is_empty()
                || !b[0].is_ascii_alphabetic()
                || !b.iter().all(|&c| is_scheme_byte(c))
                || b.len() > MAX_SCHEME_LEN
            {
                return Err(BuildError::InvalidScheme(s.clone()));
            }
        }
        let l = &self.limits;
        if l.max_url_len == 0 {
            return Err(BuildError::ZeroLimit("max_url_len"));
        }
        if l.max_wrapper_bytes == 0 {
            return Err(BuildError::ZeroLimit("max_wrapper_bytes"));
        }
        if l.max_wrapper_lines == 0 {
            return Err(BuildError::ZeroLimit("max_wrapper_lines"));
        }
        let mut classes: Vec<(String, SchemeClass)> = Vec::new();
        let mut opaque = Vec::new();
        for (name, bare) in self
            .bare
            .iter()
            .map(|s| (s, true))
            .chain(self.wrapped.iter().map(|s| (s, false)))
        {
            let authority = scheme::BARE_AUTHORITY.contains(&name.as_str());
            if !authority && !opaque.contains(name) {
                opaque.push(name.clone());
            }
            match classes.iter_mut().find(|(n, _)| n == name) {
                Some((_, c)) => {
                    *c = SchemeClass::new(c.bare() || bare, c.wrapped() || !bare, c.authority());
                }
                None => classes.push((name.clone(), SchemeClass::new(bare, !bare, authority))),
            }
        }
        Ok(Finder {
            #[cfg(test)]
            head_checks: true,
            #[cfg(test)]
            common_path: true,
            #[cfg(test)]
            memos: true,
            scanner: Scanner::new(
                &opaque,
                self.www,
                self.email,
                self.limits.max_line_len.is_some(),
            ),
            classes: ClassTable::new(
                classes
                    .into_iter()
                    .map(|(n, c)| (scheme::key(n.as_bytes()), n, c))
                    .collect(),
            ),
            limits: self.limits,
            bare: BareOptions {
                join_unhyphenated: self.join_unhyphenated,
                max_lines: self.limits.max_wrapper_lines,
            },
        })
    }
}

/// The schemes a finder knows, looked up by `scheme::key` in a small
/// open-addressing table (every colon trigger asks; a list scan cost more
/// than the rest of a refused trigger).
#[derive(Clone, Debug)]
struct ClassTable {
    /// Each scheme's key (0 for names over 8 bytes), name and class.
    all: Vec<(u64, String, SchemeClass)>,
    /// Each slot's key (0 for none) and class: one load a probe (an index
    /// into `all` made the key's load wait on the index's, at every
    /// trigger). Empty when the keys would fill more than half of it.
    slots: Vec<(u64, Option<SchemeClass>)>,
}

impl ClassTable {
    const SLOTS: usize = 64;

    fn slot(key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58) as usize
    }

    fn new(all: Vec<(u64, String, SchemeClass)>) -> Self {
        let mut slots = vec![(0u64, None); Self::SLOTS];
        if all.len() > Self::SLOTS / 2 {
            slots.clear();
        }
        for &(k, _, c) in &all {
            if k == 0 || slots.is_empty() {
                continue;
            }
            let mut j = Self::slot(k);
            while slots[j].0 != 0 {
                j = (j + 1) % Self::SLOTS;
            }
            slots[j] = (k, Some(c));
        }
        ClassTable { all, slots }
    }

    // Always inlined: every `scheme://` link asks, and the first probe
    // answers most.
    #[inline(always)]
    fn get(&self, name: &[u8], key: u64) -> Option<SchemeClass> {
        if key != 0 && !self.slots.is_empty() {
            let j = Self::slot(key);
            let (k, c) = self.slots[j];
            if k == key {
                return c;
            }
            if k == 0 {
                return None;
            }
            return self.probe_from(key, (j + 1) % Self::SLOTS);
        }
        self.get_listed(name, key)
    }

    /// `get` past a first probe that met another key: the slots from `j`.
    #[inline(never)]
    fn probe_from(&self, key: u64, mut j: usize) -> Option<SchemeClass> {
        loop {
            let (k, c) = self.slots[j];
            if k == key {
                return c;
            }
            if k == 0 {
                return None;
            }
            j = (j + 1) % Self::SLOTS;
        }
    }

    /// `get` where the slots do not answer: a name over 8 bytes (key 0),
    /// or too many schemes for the slots.
    #[inline(never)]
    fn get_listed(&self, name: &[u8], key: u64) -> Option<SchemeClass> {
        self.all
            .iter()
            .find(|(k, n, _)| {
                if key != 0 {
                    *k == key
                } else {
                    n.as_bytes().eq_ignore_ascii_case(name)
                }
            })
            .map(|&(_, _, c)| c)
    }
}

/// Finds URLs in text. Build one with [`FinderBuilder`] (or take the
/// defaults with [`Finder::new`]) and reuse it: building compiles the
/// trigger automaton.
#[derive(Clone, Debug)]
pub struct Finder {
    #[cfg(test)]
    pub(crate) head_checks: bool,
    /// `bare_common` runs (always, but in the tests that compare).
    #[cfg(test)]
    pub(crate) common_path: bool,
    /// What earlier triggers learnt is kept (always, but in the tests that
    /// compare).
    #[cfg(test)]
    pub(crate) memos: bool,
    scanner: Scanner,
    classes: ClassTable,
    limits: Limits,
    bare: BareOptions,
}

impl Default for Finder {
    fn default() -> Self {
        Self::new()
    }
}

/// Finds URLs with the default [`Finder`].
///
/// ```
/// let urls: Vec<_> = urlx::find("Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n\
///     but you can probably pick it up from <ftp://ds.internic.\n    net/rfc/>.")
///     .map(|l| l.as_str().to_owned())
///     .collect();
/// assert_eq!(urls, ["http://www.w3.org/Addressing/", "ftp://ds.internic.net/rfc/"]);
/// ```
pub fn find<H: AsRef<[u8]> + ?Sized>(text: &H) -> Links<'static, '_> {
    Finder::default_ref().links(text)
}

/// The longest run of URL bytes after a `scheme://` trigger that the
/// common path takes before the head checks (`Finder::at_scheme`).
const COMMON_FIRST: usize = 128;

/// Where a search stands: the next byte to look for a trigger at, and the
/// end of what the last link used (no later candidate reaches back past
/// it).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct State {
    pub(crate) pos: usize,
    pub(crate) floor: usize,
    /// What earlier triggers learnt of the bytes ahead.
    memo: head::Memo,
}

impl State {
    /// The window lost its first `by` bytes (`by <= pos`).
    pub(crate) fn shift(&mut self, by: usize) {
        self.pos -= by;
        self.floor = self.floor.saturating_sub(by);
        self.memo.shift(by);
    }
}

/// Counts lines up to each link, incrementally.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LineCounter {
    pos: usize,
    line: u64,
    line_start: usize,
}

impl Default for LineCounter {
    fn default() -> Self {
        LineCounter {
            pos: 0,
            line: 1,
            line_start: 0,
        }
    }
}

impl LineCounter {
    /// A counter whose offset `pos` starts line `line`.
    #[cfg(feature = "mail")]
    pub(crate) fn starting_at(pos: usize, line: u64) -> Self {
        LineCounter {
            pos,
            line,
            line_start: pos,
        }
    }

    /// Advances to `at` over `h` (whose first byte is at offset `base` of
    /// the stream); returns the line and column of `at`.
    #[inline]
    pub(crate) fn advance(&mut self, h: &[u8], base: usize, at: usize) -> (u64, u64) {
        if at > self.pos {
            let part = &h[self.pos - base..at - base];
            if let (n, Some(i)) = crate::bytes::count_and_last(part, b'\n') {
                self.line += n as u64;
                self.line_start = self.pos + i + 1;
            }
            self.pos = at;
        }
        // Links come in order, so `at` is never before the last line start
        // when a link asks; compaction asks only for the count.
        (self.line, at.saturating_sub(self.line_start) as u64 + 1)
    }
}

/// The links in one input, in order. Made by [`Finder::links`] and
/// [`find`].
#[derive(Clone, Debug)]
pub struct Links<'f, 'h> {
    finder: &'f Finder,
    h: &'h [u8],
    st: State,
    lines: LineCounter,
    /// Links found ahead: `found[at..len]` are next.
    found: [Option<Link<'h>>; BATCH],
    at: usize,
    len: usize,
}

/// How many links one search finds ahead for [`Links`]: one call of the
/// search per link paid its loop's set-up at every link (the loop's
/// invariants, spilled to the stack: a sixth of a link's instructions in
/// link-dense text; 4-deep links ran 13-18% slower with one a search).
const BATCH: usize = 8;

impl<'f, 'h> Iterator for Links<'f, 'h> {
    type Item = Link<'h>;

    #[inline]
    fn next(&mut self) -> Option<Link<'h>> {
        if self.at == self.len {
            self.len =
                self.finder
                    .next_into(self.h, &mut self.st, self.h.len(), true, &mut self.found);
            self.at = 0;
        }
        if self.at >= self.len {
            // (No link left: the search is at the end.)
            return None;
        }
        let mut link = self.found[self.at].take()?;
        self.at += 1;
        let (line, col) = self.lines.advance(self.h, 0, link.start);
        link.set_position(line, col);
        Some(link)
    }
}

impl std::iter::FusedIterator for Links<'_, '_> {}

/// Which rules a candidate's scheme meets.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Context {
    /// `<URL:…>`: any absolute URI.
    UrlAngle,
    /// `<…>` or quotes: known schemes, and any scheme with `//`.
    Wrapped,
    /// Bare, or after a bare `URL:`: the bare schemes only.
    Bare,
}

impl Context {
    /// The rules for a URL after this wrapper opener.
    fn of(op: Opener) -> Context {
        if matches!(op, Opener::UrlAngle { .. }) {
            Context::UrlAngle
        } else {
            Context::Wrapped
        }
    }
}

impl Finder {
    /// The default finder, built once.
    pub(crate) fn default_ref() -> &'static Finder {
        static DEFAULT: OnceLock<Finder> = OnceLock::new();
        DEFAULT.get_or_init(Finder::new)
    }

    /// A finder with the default configuration ([`FinderBuilder::new`]).
    pub fn new() -> Finder {
        FinderBuilder::new()
            .build()
            .expect("the default configuration is valid")
    }

    /// The links in `text`, which may be `&str` or bytes (invalid UTF-8
    /// ends a URL and is otherwise skipped).
    pub fn links<'f, 'h, H: AsRef<[u8]> + ?Sized>(&'f self, text: &'h H) -> Links<'f, 'h> {
        Links {
            finder: self,
            h: text.as_ref(),
            st: State::default(),
            lines: LineCounter::default(),
            found: Default::default(),
            at: 0,
            len: 0,
        }
    }

    pub(crate) fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The links in everything `reader` yields, read in chunks: memory stays
    /// bounded by the caps whatever the input's size, and the links are
    /// those [`Finder::links`] gives for the whole input (a URL across a
    /// chunk boundary included). Spans, lines and columns count from the
    /// start of the stream.
    ///
    /// ```
    /// let text = "see <http://a.example/long/\n   path> and http://b.example/";
    /// let finder = urlx::Finder::new();
    /// let urls: Vec<String> = finder
    ///     .stream(text.as_bytes())
    ///     .map(|l| l.map(|l| l.as_str().to_owned()))
    ///     .collect::<Result<_, _>>()
    ///     .unwrap();
    /// assert_eq!(urls, ["http://a.example/long/path", "http://b.example/"]);
    /// ```
    pub fn stream<R: std::io::Read>(&self, reader: R) -> crate::stream::StreamLinks<'_, R> {
        crate::stream::StreamLinks::new(self, reader)
    }

    /// The class of the scheme `name`, whose `scheme::key` is `key`.
    #[inline(always)]
    fn class(&self, name: &[u8], key: u64) -> Option<SchemeClass> {
        self.classes.get(name, key)
    }

    /// The next link whose trigger starts before `stop`, in the window `h`.
    /// Without `eof`, triggers must start before `h.len()` minus the
    /// forward look-ahead, so that every decision sees all the bytes it
    /// would see in the whole input.
    #[inline]
    pub(crate) fn next_in<'h>(
        &self,
        h: &'h [u8],
        st: &mut State,
        stop: usize,
        eof: bool,
    ) -> Option<Link<'h>> {
        let mut out = [None];
        self.next_into(h, st, stop, eof, &mut out);
        let [out] = out;
        out
    }

    /// [`Finder::next_in`] for up to `outs.len()` links, written into
    /// `outs` in order; returns how many (the other slots hold what they
    /// held, or a link no one asked for). A link is built where the caller
    /// keeps it: one returned up the calls was copied at each return right
    /// after it was written field by field, a load the store buffer cannot
    /// serve (sampled: a fifth of the iterator's time in link-dense text).
    #[inline]
    pub(crate) fn next_into<'h>(
        &self,
        h: &'h [u8],
        st: &mut State,
        stop: usize,
        eof: bool,
        outs: &mut [Option<Link<'h>>],
    ) -> usize {
        #[cfg(target_arch = "x86_64")]
        if self.scanner.avx2() {
            // SAFETY: the CPU has AVX2 (`Scanner::new` asked).
            #[allow(unsafe_code)]
            return unsafe { self.next_into_avx2(h, st, stop, eof, outs) };
        }
        self.next_into_with(h, st, stop, eof, outs, |h, pos, floor| {
            self.scanner.next(h, pos, floor)
        })
    }

    /// `next_into` compiled with AVX2: the trigger search inside it takes
    /// 32 bytes a step, with no call at each search.
    ///
    /// # Safety
    ///
    /// The CPU must have AVX2.
    #[cfg(target_arch = "x86_64")]
    #[allow(unsafe_code)]
    #[target_feature(enable = "avx2")]
    unsafe fn next_into_avx2<'h>(
        &self,
        h: &'h [u8],
        st: &mut State,
        stop: usize,
        eof: bool,
        outs: &mut [Option<Link<'h>>],
    ) -> usize {
        self.next_into_with(h, st, stop, eof, outs, |h, pos, floor| {
            // SAFETY: this function's caller checked that the CPU has AVX2.
            unsafe { self.scanner.next_avx2_ctx(h, pos, floor) }
        })
    }

    /// `next_into`'s loop, with the trigger search `search`.
    #[inline(always)]
    fn next_into_with<'h>(
        &self,
        h: &'h [u8],
        st: &mut State,
        stop: usize,
        eof: bool,
        outs: &mut [Option<Link<'h>>],
        search: impl Fn(&[u8], usize, usize) -> Option<Trigger>,
    ) -> usize {
        let mut n = 0;
        // Without the end of the input, keep a margin past the look-ahead
        // for the few bytes a check reads beyond its cap (a 3-byte closing
        // quote, CR LF, a grapheme's neighbour).
        let stop = if eof {
            stop
        } else {
            stop.min(h.len().saturating_sub(self.limits.forward() + 64))
        };
        while let Some(t) = search(h, st.pos, st.floor) {
            if t.start >= stop {
                // No trigger starts before it: searching again from here
                // finds the same ones.
                st.pos = t.start;
                return n;
            }
            st.pos = t.end;
            // The line cap: past `max_line_len` bytes of a line nothing is
            // looked for, and a URL is cut (and flagged) there.
            let line_cap = match self.limits.max_line_len {
                None => usize::MAX,
                Some(n) => {
                    let lo = t.start.saturating_sub(n);
                    match memchr::memrchr(b'\n', &h[lo..t.start]) {
                        Some(k) => lo + k + 1 + n,
                        None if lo == 0 => n,
                        None => {
                            // Beyond the cap: on to the next line.
                            st.pos = match memchr::memchr(b'\n', &h[t.start..]) {
                                Some(k) => t.start + k,
                                None if eof => h.len(),
                                None => st
                                    .pos
                                    .max(h.len().saturating_sub(self.scanner.max_pattern_len())),
                            };
                            continue;
                        }
                    }
                }
            };
            #[cfg(test)]
            if !self.memos {
                st.memo = head::Memo::default();
            }
            // (`n < outs.len()`: the loop returns when they are full.)
            let out = &mut outs[n];
            let found = if t.start == t.colon && t.kind == TriggerKind::Colon {
                self.slashes_candidate(h, t.colon, st.floor, line_cap, &mut st.memo, out)
            } else {
                self.candidate(h, t, st.floor, line_cap, &mut st.memo, out)
            };
            if let Some(consumed) = found {
                st.floor = consumed;
                st.pos = st.pos.max(consumed);
                n += 1;
                if n == outs.len() {
                    return n;
                }
            }
        }
        // No trigger lies wholly in the rest; one may still end past it.
        st.pos = if eof {
            h.len()
        } else {
            st.pos
                .max(h.len().saturating_sub(self.scanner.max_pattern_len()))
        };
        n
    }

    /// The candidate at trigger `t`: its link written into `out`, and
    /// where the text it took ends.
    #[inline]
    fn candidate<'h>(
        &self,
        h: &'h [u8],
        t: Trigger,
        floor: usize,
        line_cap: usize,
        memo: &mut head::Memo,
        out: &mut Option<Link<'h>>,
    ) -> Option<usize> {
        let end_limit = h.len().min(t.start + self.limits.forward());
        match t.kind {
            TriggerKind::Colon => {
                let c = t.colon;
                let (s, key) = scheme::scheme_start(h, c, floor)?;
                if key == KEY_URL {
                    return self.after_url_prefix(h, c, floor, end_limit, line_cap, memo, out);
                }
                self.with_depth(s, memo, |memo, depth| {
                    self.at_scheme(h, s, c, key, floor, end_limit, line_cap, memo, depth, out)
                })
            }
            // The scanner refused a `www.` inside a word, path or address.
            TriggerKind::Www => put(
                out,
                self.with_depth(t.start, memo, |memo, depth| {
                    self.at_www(h, t.start, floor, end_limit, line_cap, memo, depth)
                }),
            ),
            TriggerKind::At => put(out, self.at_email(h, t, floor, end_limit, line_cap)),
        }
    }

    /// Runs `f` with the quote depth of the line that holds `at` (the line
    /// prefix an earlier whitespace run skipped may tell it), and keeps
    /// the last line prefix `f`'s whitespace runs skip, for the next
    /// candidate.
    #[inline(always)]
    fn with_depth<R>(
        &self,
        at: usize,
        memo: &mut head::Memo,
        f: impl FnOnce(&mut head::Memo, &Depth) -> R,
    ) -> R {
        let depth = Depth::of_line(at, self.limits.back(), memo.prefix);
        let r = f(memo, &depth);
        if let Some(learned) = depth.learned() {
            memo.prefix = learned;
        }
        r
    }

    /// `URL:` followed, after optional whitespace, by a scheme or `www.`.
    #[allow(clippy::too_many_arguments)]
    fn after_url_prefix<'h>(
        &self,
        h: &'h [u8],
        c: usize,
        floor: usize,
        end_limit: usize,
        line_cap: usize,
        memo: &mut head::Memo,
        out: &mut Option<Link<'h>>,
    ) -> Option<usize> {
        // The scanner refused `URL:` followed by neither blank nor letter.
        let blank_end = end_limit.min(c + 1 + self.limits.max_wrapper_bytes);
        let (j, _) = self.with_depth(c, memo, |_, depth| {
            whitespace_run(h, c + 1, blank_end, depth)
        });
        if j >= end_limit || !h[j].is_ascii_alphabetic() {
            return None;
        }
        let mut k = j;
        while k < end_limit && k - j <= MAX_SCHEME_LEN && is_scheme_byte(h[k]) {
            k += 1;
        }
        if h.get(k) == Some(&b':') {
            let key = scheme::key(&h[j..k]);
            return self.with_depth(j, memo, |memo, depth| {
                self.at_scheme(h, j, k, key, floor, end_limit, line_cap, memo, depth, out)
            });
        }
        if h.len() >= j + 4 && h[j..j + 4].eq_ignore_ascii_case(b"www.") {
            return put(
                out,
                self.with_depth(j, memo, |memo, depth| {
                    self.at_www(h, j, floor, end_limit, line_cap, memo, depth)
                }),
            );
        }
        None
    }

    /// `candidate` for a trigger `scheme://` whose `:` is at `c`. The
    /// common bare link (a scheme the finder takes bare, neither wrapper
    /// nor `URL:` before it, a text that `one_look` reads whole) is decided
    /// here, with none of the calls and arguments of the general steps,
    /// which were most of its cost in link-dense text.
    #[inline(always)]
    fn slashes_candidate<'h>(
        &self,
        h: &'h [u8],
        c: usize,
        floor: usize,
        line_cap: usize,
        memo: &mut head::Memo,
        out: &mut Option<Link<'h>>,
    ) -> Option<usize> {
        let (s, key) = scheme::scheme_start(h, c, floor)?;
        let end_limit = h.len().min(c + self.limits.forward());
        if key == KEY_URL {
            return self.after_url_prefix(h, c, floor, end_limit, line_cap, memo, out);
        }
        let class = self.class(&h[s..c], key);
        let bare = class.filter(|c| c.bare());
        let op = wrapper::opener(h, s, floor, self.limits.back());
        let (Some(class), Opener::None, false) = (bare, op, key == KEY_FILE) else {
            return self.with_depth(s, memo, |memo, depth| {
                self.at_scheme(h, s, c, key, floor, end_limit, line_cap, memo, depth, out)
            });
        };
        // `at_scheme`'s steps for a bare `scheme://` text: urlx's policy for
        // the authority (which refuses `scheme:///`; a host that starts
        // with a letter or digit, as `one_look` asks, meets it), the look,
        // the rest.
        let named = h.get(c + 3).is_some_and(u8::is_ascii_alphanumeric);
        debug_assert!(!named || head::authority_policy(h, c).is_some());
        if !named {
            head::authority_policy(h, c)?;
        }
        let cap = end_limit.min(s + self.limits.max_url_len).min(line_cap);
        if let Some(found) = self.one_look(h, s, c, cap, Form::Bare, out) {
            return found;
        }
        self.bare_slashes_general(h, s, c, cap, class, memo, out)
    }

    /// `at_bare` for the lane's bare `scheme://` text that the look did not
    /// decide: out of the lane's loop, with `at_bare` inlined as in
    /// `at_scheme` (a call more a trigger cost hostile text a tenth).
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn bare_slashes_general<'h>(
        &self,
        h: &'h [u8],
        s: usize,
        c: usize,
        cap: usize,
        class: SchemeClass,
        memo: &mut head::Memo,
        out: &mut Option<Link<'h>>,
    ) -> Option<usize> {
        // (`//`; neither `mailto:` nor `file:`; no wrapper's run.)
        let (slashes, mailto, file, run) = (true, false, false, 0);
        self.with_depth(s, memo, |memo, depth| {
            let form = Form::Bare;
            self.at_bare(
                h, s, c, cap, form, class, slashes, mailto, file, memo, depth, run, out,
            )
        })
    }

    /// A candidate whose scheme `h[s..c]` has the `scheme::key` `key`;
    /// `depth` is the quote depth of its first line (`with_depth`).
    #[allow(clippy::too_many_arguments)]
    fn at_scheme<'h>(
        &self,
        h: &'h [u8],
        s: usize,
        c: usize,
        key: u64,
        floor: usize,
        end_limit: usize,
        line_cap: usize,
        memo: &mut head::Memo,
        depth: &Depth,
        out: &mut Option<Link<'h>>,
    ) -> Option<usize> {
        let slashes = h.get(c + 1..c + 3) == Some(b"//");
        let file = key == KEY_FILE;
        // `scheme:///`, `scheme://?`: an empty authority, refused in every
        // form (`acceptable`), but `file:///`.
        if slashes
            && matches!(h.get(c + 3), Some(b'/' | b'?' | b'#'))
            && !file
            && self.head_checks()
        {
            return None;
        }
        let class = self.class(&h[s..c], key);
        let op = wrapper::opener(h, s, floor, self.limits.back());
        // (Known where past `s`.)
        let mut run = 0;
        if op.is_wrapper() {
            let ctx = Context::of(op);
            let known = class.is_some_and(|c| c.bare() || c.wrapped());
            if ctx == Context::UrlAngle || known || slashes {
                match self.wrapped_common(
                    h, s, op, end_limit, class, slashes, ctx, depth, &mut run, out,
                ) {
                    Some(Some(consumed)) => return Some(consumed),
                    // No URL in this wrapper: on to the bare rules.
                    Some(None) => {}
                    None => {
                        if let Some(d) = wrapper::delimit(
                            h,
                            s,
                            op,
                            &self.limits,
                            end_limit,
                            depth,
                            &mut memo.wrap,
                        ) {
                            if let Some(found) =
                                self.finish_wrapped(h, d, class, slashes, ctx, None)
                            {
                                return put(out, Some(found));
                            }
                        }
                    }
                }
            }
        }
        // Bare, or a wrapper that was none (C-W5).
        let class = class.filter(|c| c.bare())?;
        if class.authority() && !slashes {
            return None;
        }
        let cap = end_limit.min(s + self.limits.max_url_len).min(line_cap);
        let form = if op == Opener::BarePrefix {
            Form::UrlPrefix
        } else {
            Form::Bare
        };
        let mailto = key == KEY_MAILTO;
        // urlx's own rules first: they are cheap, and no path may take
        // what they refuse.
        let policy = file
            || if slashes {
                head::authority_policy(h, c).is_some()
            } else {
                !mailto || head::mailto_policy(h, c, memo).is_some()
            };
        if !policy {
            return None;
        }
        if slashes {
            if let Some(found) = self.one_look(h, s, c, cap, form, out) {
                return found;
            }
        }
        self.at_bare(
            h, s, c, cap, form, class, slashes, mailto, file, memo, depth, run, out,
        )
    }

    /// The bare candidate at `s` (scheme `h[s..c]` of class `class`, which
    /// the finder takes bare; `cap` its cap) once urlx's own rules took it
    /// and `one_look`, for a `scheme://` text, did not decide it: the
    /// common path for a short text, the head checks, then the general
    /// path.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn at_bare<'h>(
        &self,
        h: &'h [u8],
        s: usize,
        c: usize,
        cap: usize,
        form: Form,
        class: SchemeClass,
        slashes: bool,
        mailto: bool,
        file: bool,
        memo: &mut head::Memo,
        depth: &Depth,
        run: usize,
        out: &mut Option<Link<'h>>,
    ) -> Option<usize> {
        // The common case, a short `scheme://` text: one parse decides it,
        // before the head checks (which would cost a link more). A long
        // text, or one without `//` (whose head check costs a byte or two),
        // has the head checks first: a hostile run would be parsed long for
        // every trigger in it, and is refused from its head.
        let mut common_tried = false;
        if slashes {
            match self.bare_common(
                h,
                s,
                cap,
                form,
                class,
                slashes,
                memo,
                COMMON_FIRST,
                run,
                out,
            ) {
                Common::Decided(found) => return found,
                Common::General => common_tried = true,
                Common::Long => {}
            }
        }
        let verdict = if file || !self.head_checks() {
            Head::Pass
        } else if slashes {
            head::authority(h, s, c, cap, memo)
        } else if head::opaque_ok(h, c, mailto, memo) {
            Head::Pass
        } else {
            Head::Refuse
        };
        if self.refused_by_head(
            h,
            s,
            form,
            verdict,
            Some(class),
            slashes,
            None,
            &mut memo.bare.brackets,
        ) {
            return None;
        }
        // Where the head knows where the parser stops the text, the common
        // path (which takes only texts it parses whole) has nothing to add.
        let cut = verdict.parser_cut();
        if !common_tried && cut.is_none() {
            let max = usize::MAX;
            if let Common::Decided(found) =
                self.bare_common(h, s, cap, form, class, slashes, memo, max, run, out)
            {
                return found;
            }
        }
        let mut cut = cut.map(Cut::At);
        let d = self.delimit_bare(h, s, cap, depth, form, None, memo, &mut cut)?;
        let brackets = &mut memo.bare.brackets;
        put(
            out,
            self.finish_bare(h, d, Some(class), slashes, None, brackets, cut),
        )
    }

    /// `bare::delimit`, a chain of joined lines first as a probe of its
    /// first pieces (`chain`). `cut` is where the parser stops the text, if
    /// known: from the head check (`Cut::At`), or from the probe.
    #[allow(clippy::too_many_arguments)]
    fn delimit_bare(
        &self,
        h: &[u8],
        s: usize,
        cap: usize,
        depth: &Depth,
        form: Form,
        prefix: Option<&str>,
        memo: &mut head::Memo,
        cut: &mut Option<Cut>,
    ) -> Option<Delimited> {
        let probe = self.head_checks();
        let mut d = bare::delimit(h, s, cap, depth, form, self.bare, &mut memo.bare, probe)?;
        if d.more {
            if let Some(keep) = chain::probe_cut(h, &d, prefix, cap, &mut memo.clear) {
                d.more = false;
                *cut = Some(Cut::Keep(keep));
            } else {
                d = bare::resume(h, d, cap, depth, self.bare, &mut memo.bare)?;
            }
        }
        Some(d)
    }

    /// A `www.` candidate at `p`; `depth` is the quote depth of its line
    /// (`with_depth`).
    #[allow(clippy::too_many_arguments)]
    fn at_www<'h>(
        &self,
        h: &'h [u8],
        p: usize,
        floor: usize,
        end_limit: usize,
        line_cap: usize,
        memo: &mut head::Memo,
        depth: &Depth,
    ) -> Option<(Link<'h>, usize)> {
        let op = wrapper::opener(h, p, floor, self.limits.back());
        if op.is_wrapper() {
            if let Some(mut d) =
                wrapper::delimit(h, p, op, &self.limits, end_limit, depth, &mut memo.wrap)
            {
                d.form = Form::Abbreviated;
                let ctx = Context::of(op);
                if let Some(found) = self.finish_wrapped(h, d, None, true, ctx, Some("http://")) {
                    return Some(found);
                }
            }
        }
        let cap = end_limit.min(p + self.limits.max_url_len).min(line_cap);
        let verdict = if self.head_checks() {
            head::www(h, p, cap, memo)
        } else {
            Head::Pass
        };
        if self.refused_by_head(
            h,
            p,
            Form::Abbreviated,
            verdict,
            None,
            true,
            Some("http://"),
            &mut memo.bare.brackets,
        ) {
            return None;
        }
        let prefix = Some("http://");
        let mut cut = verdict.parser_cut().map(Cut::At);
        let form = Form::Abbreviated;
        let d = self.delimit_bare(h, p, cap, depth, form, prefix, memo, &mut cut)?;
        let (first, last) = (d.pieces.first, d.pieces.last());
        // (Cut by a cap, or a joint the cap kept from looking: a later
        // trigger's cap is later.)
        let capped = d.truncated || d.joint_capped;
        // (A chain decided from its first pieces: not its whole text.)
        let probed = matches!(cut, Some(Cut::Keep(_)));
        let brackets = &mut memo.bare.brackets;
        let found = self.finish_bare(h, d, None, true, prefix, brackets, cut);
        if found.is_none() && self.head_checks() && !probed {
            // Refused by the full path (the head could not tell: a join, a
            // non-ASCII end): later `www.` triggers in its host learn it.
            memo.refused_www_text(h, cap, first, last, capped);
        }
        found
    }

    /// A bare e-mail address around the `@` of `t` (C-F5, e-mail mode).
    fn at_email<'h>(
        &self,
        h: &'h [u8],
        t: Trigger,
        floor: usize,
        end_limit: usize,
        line_cap: usize,
    ) -> Option<(Link<'h>, usize)> {
        let a = t.start;
        // Every `@` in e-mail mode comes here, but those the scanner
        // refused by the same rule; where it found the domain (with the
        // same limit), it says so. The domain first: its rules refuse most.
        let e = if t.domain > 0 {
            t.domain
        } else {
            let limit = end_limit
                .min(a + email::DOMAIN_REACH)
                .min(line_cap)
                .min(h.len());
            email::domain(h, a, limit).ok()?
        };
        // The local part.
        let is_local = |b: u8| EMAIL_LOCAL[b as usize];
        let lo = floor.max(a.saturating_sub(64));
        let mut s = a;
        while s > lo && is_local(h[s - 1]) {
            s -= 1;
        }
        if s == a || h[s] == b'.' || h[a - 1] == b'.' {
            return None;
        }
        // Not inside `<…>`, a URL, or a longer word.
        if s > 0 && (is_local(h[s - 1]) || matches!(h[s - 1], b'<' | b'/' | b':' | b'@' | b'=')) {
            return None;
        }
        if h.get(e)
            .is_some_and(|&b| b == b'@' || b.is_ascii_alphanumeric())
        {
            return None;
        }
        let d = Delimited {
            form: Form::Email,
            pieces: Pieces::one(s, e),
            consumed: e,
            truncated: false,
            joint_capped: false,
            more: false,
        };
        self.finish_wrapped(h, d, None, false, Context::UrlAngle, Some("mailto:"))
    }

    /// Checks a wrapped candidate: the whole text must be a URI.
    fn finish_wrapped<'h>(
        &self,
        h: &'h [u8],
        d: Delimited,
        class: Option<SchemeClass>,
        slashes: bool,
        ctx: Context,
        prefix: Option<&str>,
    ) -> Option<(Link<'h>, usize)> {
        let text = d.pieces.text(h)?;
        if text.len() > self.limits.max_url_len {
            return None;
        }
        let url = with_prefix(text, prefix);
        let u = uri::parse_iri(&url).ok()?;
        if !u.is_absolute() || !self.acceptable(&u, class, slashes, ctx, prefix.is_some()) {
            return None;
        }
        let meta = u.meta();
        let alt = d.pieces.alt(h).map(|a| match prefix {
            Some(p) => format!("{p}{a}"),
            None => a,
        });
        Some((make_link(url, &d, meta, alt), d.consumed))
    }

    /// Whether the head checks run (always, but in the tests that compare
    /// the links found with and without them).
    #[cfg(not(test))]
    #[inline(always)]
    fn head_checks(&self) -> bool {
        true
    }

    #[cfg(test)]
    fn head_checks(&self) -> bool {
        self.head_checks
    }

    /// Whether a head check's verdict refuses the bare candidate at `s`
    /// (`Head::Decide`: the acceptance of the candidate cut at the head).
    #[allow(clippy::too_many_arguments)]
    fn refused_by_head(
        &self,
        h: &[u8],
        s: usize,
        form: Form,
        verdict: Head,
        class: Option<SchemeClass>,
        slashes: bool,
        prefix: Option<&str>,
        brackets: &mut BracketMemo,
    ) -> bool {
        match verdict {
            Head::Pass | Head::Cut(_) => false,
            Head::Refuse => true,
            Head::Decide(end) => {
                let d = Delimited {
                    form,
                    pieces: Pieces::one(s, end),
                    consumed: end,
                    truncated: false,
                    joint_capped: false,
                    more: false,
                };
                self.finish_bare(h, d, class, slashes, prefix, brackets, None)
                    .is_none()
            }
        }
    }

    /// Checks a bare candidate: its longest prefix that is a URI, trimmed
    /// again by C-F7 where the parser cut it (at `cut`, where the head
    /// check knows).
    #[allow(clippy::too_many_arguments)]
    fn finish_bare<'h>(
        &self,
        h: &'h [u8],
        mut d: Delimited,
        class: Option<SchemeClass>,
        slashes: bool,
        prefix: Option<&str>,
        brackets: &mut BracketMemo,
        mut cut: Option<Cut>,
    ) -> Option<(Link<'h>, usize)> {
        let plen = prefix.map_or(0, str::len);
        for _ in 0..3 {
            // Where the head check or a chain's probe found where the
            // parser stops the text, the first parse is that cut.
            match cut.take() {
                Some(Cut::At(q)) => {
                    let (s, e) = d.pieces.first;
                    if d.pieces.rest.is_empty() && s < q && q < e {
                        cut_text(h, &mut d, q - s, brackets)?;
                        continue;
                    }
                }
                Some(Cut::Keep(keep)) => {
                    cut_text(h, &mut d, keep, brackets)?;
                    continue;
                }
                None => {}
            }
            let one = d.pieces.rest.is_empty();
            let (url, meta) = if one && prefix.is_none() {
                // One piece, no prefix: parsed in place, so that a long text
                // the parser stops early in is not first checked whole as
                // UTF-8 (every trigger in a long run has one).
                let (s, e) = d.pieces.first;
                let (n, m) = uri::parse_prefix_bytes(&h[s..e], Syntax::Iri)?;
                if n < e - s {
                    cut_text(h, &mut d, n, brackets)?;
                    continue;
                }
                (Cow::Borrowed(crate::bytes::as_str(&h[s..e])?), m)
            } else {
                if one && prefix.is_some_and(|p| p.ends_with("://")) {
                    // A `www.` text: where the parser stops in it after
                    // `http://`, found in place (no copy of a long text).
                    let (s, e) = d.pieces.first;
                    let n = uri::prefix_after_slashes(&h[s..e], Syntax::Iri);
                    if n < e - s {
                        cut_text(h, &mut d, n, brackets)?;
                        continue;
                    }
                }
                let url = with_prefix(d.pieces.text(h)?, prefix);
                let u = uri::parse_prefix(&url, Syntax::Iri)?;
                let n = u.as_str().len();
                if n < url.len() {
                    cut_text(h, &mut d, n.saturating_sub(plen), brackets)?;
                    continue;
                }
                let m = u.meta();
                (url, m)
            };
            let u = Uri::from_parts(&url, meta);
            if !u.is_absolute()
                || !self.acceptable(&u, class, slashes, Context::Bare, prefix.is_some())
            {
                return None;
            }
            let alt = d.pieces.alt(h).map(|a| match prefix {
                Some(p) => p.to_owned() + &a,
                None => a,
            });
            d.consumed = d.pieces.end();
            return Some((make_link(url, &d, meta, alt), d.consumed));
        }
        None
    }

    /// The structural rules of C-F2 and C-F3 beyond syntax.
    fn acceptable(
        &self,
        u: &Uri<'_>,
        class: Option<SchemeClass>,
        slashes: bool,
        ctx: Context,
        abbreviated: bool,
    ) -> bool {
        let scheme = || u.scheme().unwrap_or("");
        if abbreviated {
            if scheme().eq_ignore_ascii_case("mailto") {
                return !u.path().is_empty();
            }
            // `www.` + at least one more label, not a bare number.
            let host = u.host().unwrap_or("");
            let rest = host.get(4..).unwrap_or("");
            let last = rest.rsplit('.').next().unwrap_or("");
            return rest.contains('.')
                && !last.is_empty()
                && !last.bytes().all(|b| b.is_ascii_digit());
        }
        if slashes || class.is_some_and(|c| c.authority()) {
            // (A host is there exactly when an authority is.)
            let Some(host) = u.host() else {
                return false;
            };
            // A host of punctuation alone (`https://=` where quoted-printable
            // broke a line) names nothing.
            return host.bytes().any(|b| b.is_ascii_alphanumeric() || b >= 0x80)
                || (scheme().eq_ignore_ascii_case("file") && u.path().len() > 1);
        }
        let path = u.path();
        if path.is_empty() {
            return false;
        }
        // In running text a word such as `news:` is followed by prose: a
        // bare opaque URL starts with ASCII (`的news:形式…` is no URL).
        let first = path.as_bytes()[0];
        if ctx == Context::Bare
            && !(first.is_ascii_alphanumeric() || matches!(first, b'*' | b'%' | b'_' | b'~' | b'+'))
        {
            return false;
        }
        if scheme().eq_ignore_ascii_case("mailto") && ctx == Context::Bare && !path.contains('@') {
            return false;
        }
        if scheme().eq_ignore_ascii_case("urn") && !path.contains(':') {
            return false;
        }
        true
    }
}

/// Bytes of the local part of a bare e-mail address (C-F5).
static EMAIL_LOCAL: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 128 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'%' | b'+' | b'-');
        c += 1;
    }
    t
};

/// Where the parser stops a candidate's text, known before it is parsed.
#[derive(Clone, Copy, Debug)]
enum Cut {
    /// At this byte of the input, in a one-piece text (`Head::Cut`).
    At(usize),
    /// After this many bytes of the text (a chain's probe, `chain`).
    Keep(usize),
}

/// The parser took only the first `keep` bytes of the text: what is left
/// is trimmed by C-F7 again, and no longer cut by a cap. `None` where
/// nothing is left.
fn cut_text(h: &[u8], d: &mut Delimited, keep: usize, brackets: &mut BracketMemo) -> Option<()> {
    if keep == 0 {
        return None;
    }
    bare::retrim(h, &mut d.pieces, keep, brackets);
    d.truncated = false;
    (d.pieces.len() > 0).then_some(())
}

/// Writes a link found into `out` (`Finder::next_into`) and returns where
/// its text ends.
#[inline]
fn put<'h>(out: &mut Option<Link<'h>>, found: Option<(Link<'h>, usize)>) -> Option<usize> {
    let (link, consumed) = found?;
    *out = Some(link);
    Some(consumed)
}

fn with_prefix<'h>(text: Cow<'h, str>, prefix: Option<&str>) -> Cow<'h, str> {
    match prefix {
        None => text,
        Some(p) => {
            let mut s = String::with_capacity(p.len() + text.len());
            s.push_str(p);
            s.push_str(&text);
            Cow::Owned(s)
        }
    }
}

fn make_link<'h>(url: Cow<'h, str>, d: &Delimited, meta: Meta, alt: Option<String>) -> Link<'h> {
    Link {
        url,
        start: d.pieces.start(),
        end: d.pieces.end(),
        line: 0,
        column: 0,
        form: d.form,
        alt: alt.map(String::into_boxed_str),
        meta,
        truncated: d.truncated,
    }
}
