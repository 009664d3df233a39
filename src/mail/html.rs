//! HTML parts: character references decoded, so that `href="...&amp;..."`
//! and text read as the reader sees them. Tags stay: an `href="..."` value
//! is then a quoted URL and text between tags is bare text, which the
//! extractor finds as it finds them in plain text.

use super::map::Stretch;

/// Decodes the character references of `text`; the stretches say that
/// each reference's character came from the whole reference, and that
/// bytes between references are copied as they are (so the caller's finer
/// map carries over).
pub fn decode_entities(text: &[u8]) -> (Vec<u8>, Vec<Stretch>) {
    let mut out = Vec::with_capacity(text.len());
    let mut points = vec![(0, 0, true)];
    let mut i = 0;
    while let Some(k) = memchr::memchr(b'&', &text[i..]) {
        let amp = i + k;
        out.extend_from_slice(&text[i..amp]);
        match reference(&text[amp..]) {
            Some((c, len)) => {
                let mut buf = [0; 4];
                points.push((out.len(), amp, false));
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                i = amp + len;
                points.push((out.len(), i, true));
            }
            None => {
                out.push(b'&');
                i = amp + 1;
            }
        }
    }
    out.extend_from_slice(&text[i..]);
    (out, points)
}

/// `text` without its `<wbr>` tags (`<wbr>`, `<wbr/>`, `</wbr>`, in
/// lower, upper or title case): a break opportunity a mail client puts inside a long word, a
/// URL among them (Gmail writes `https://groups.google.com/d/<wbr>msgid/…`
/// in a link's text), which a reader never sees. The stretches say that
/// the bytes kept are copied as they are. `None` when there is none.
pub fn drop_wbr(text: &[u8]) -> Option<(Vec<u8>, Vec<Stretch>)> {
    let tag_len = |s: &[u8]| -> Option<usize> {
        let s = s.strip_prefix(b"<")?;
        let close = s.first() == Some(&b'/');
        let s = if close { &s[1..] } else { s };
        if !s.get(..3)?.eq_ignore_ascii_case(b"wbr") {
            return None;
        }
        let rest = &s[3..];
        let blanks = rest.iter().take_while(|&&b| b == b' ' || b == b'/').count();
        (rest.get(blanks) == Some(&b'>')).then_some(1 + usize::from(close) + 3 + blanks + 1)
    };
    // PERF: most HTML has no `wbr` at all: a SIMD search for it in each
    // usual case first, then the tags by each `w` (`cargo run --release
    // --example mailcount`).
    if ["wbr", "WBR", "Wbr"]
        .iter()
        .all(|n| memchr::memmem::find(text, n.as_bytes()).is_none())
    {
        return None;
    }
    let mut out = Vec::new();
    let mut points = Vec::new();
    let mut i = 0;
    for w in memchr::memchr2_iter(b'w', b'W', text) {
        if w < i {
            continue;
        }
        let lt = match (w.checked_sub(1), w.checked_sub(2)) {
            (Some(a), _) if text[a] == b'<' => a,
            (Some(a), Some(b)) if text[a] == b'/' && text[b] == b'<' => b,
            _ => continue,
        };
        let Some(len) = tag_len(&text[lt..]) else {
            continue;
        };
        if points.is_empty() {
            out.reserve(text.len());
            points.push((0, 0, true));
        }
        out.extend_from_slice(&text[i..lt]);
        i = lt + len;
        points.push((out.len(), i, true));
    }
    if points.is_empty() {
        return None;
    }
    out.extend_from_slice(&text[i..]);
    Some((out, points))
}

/// The character a reference at the start of `s` stands for, and its
/// length. Named references: the ones that matter around URLs.
fn reference(s: &[u8]) -> Option<(char, usize)> {
    let end = s.iter().take(12).position(|&b| b == b';')?;
    let name = &s[1..end];
    let c = if let Some(num) = name.strip_prefix(b"#") {
        let v = if let Some(h) = num.strip_prefix(b"x").or_else(|| num.strip_prefix(b"X")) {
            u32::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok()?
        } else {
            std::str::from_utf8(num).ok()?.parse::<u32>().ok()?
        };
        char::from_u32(v)?
    } else {
        match name {
            b"amp" => '&',
            b"lt" => '<',
            b"gt" => '>',
            b"quot" => '"',
            b"apos" => '\'',
            b"nbsp" => '\u{a0}',
            b"shy" => '\u{ad}',
            b"ndash" => '\u{2013}',
            b"mdash" => '\u{2014}',
            b"laquo" => '\u{ab}',
            b"raquo" => '\u{bb}',
            b"hellip" => '\u{2026}',
            b"copy" => '\u{a9}',
            _ => return None,
        }
    };
    Some((c, end + 1))
}

/// A link of an HTML part written as text ([`super::read`]): the
/// text it showed, and where it went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Anchor {
    /// The text the link showed, in the text written.
    pub text: std::ops::Range<usize>,
    /// Its `href`, references decoded, as written.
    pub href: String,
    /// Where the link ends in the text written: after its text and, when
    /// the text is not the href, ` <href>` (so that a reader sees where
    /// it goes).
    pub end: usize,
}

/// Elements whose content a reader does not see.
const HIDDEN: &[&str] = &["script", "style", "head", "title", "template", "noscript"];

/// Elements that start a line of their own.
const BLOCKS: &[&str] = &[
    "p",
    "div",
    "br",
    "li",
    "tr",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "table",
    "ul",
    "ol",
    "blockquote",
    "hr",
    "pre",
    "dt",
    "dd",
    "dl",
    "section",
    "article",
    "header",
    "footer",
    "center",
    "form",
    "address",
    "body",
    "html",
];

/// HTML as the text a reader sees: tags dropped, hidden elements left
/// out, blanks collapsed (but in `<pre>`), block elements on lines of their
/// own, character references decoded, and each link's href written after
/// its text as `<href>` unless the text is the href (`mail::html_to_text`;
/// the reading view, [`super::read`], writes an HTML body so).
///
/// ```
/// let (text, anchors) = urlx::mail::html_to_text("<p>Pay at <a href=\"http://203.0.113.9/\">www.bank.example</a> now</p>");
/// assert_eq!(text.trim(), "Pay at www.bank.example <http://203.0.113.9/> now");
/// assert_eq!(&text[anchors[0].text.clone()], "www.bank.example");
/// ```
pub fn to_text(html: &str) -> (String, Vec<Anchor>) {
    let mut out = String::with_capacity(html.len() / 2);
    let mut anchors = Vec::new();
    // The open link: where its text starts, and its href.
    let mut open: Option<(usize, String)> = None;
    let mut pre = 0usize;
    let mut space = false;
    let mut rest = html;
    while !rest.is_empty() {
        let lt = rest.find('<').unwrap_or(rest.len());
        text(&mut out, &rest[..lt], pre > 0, &mut space);
        rest = &rest[lt..];
        if rest.is_empty() {
            break;
        }
        if let Some(after) = rest.strip_prefix("<!--") {
            rest = after.find("-->").map_or("", |k| &after[k + 3..]);
            continue;
        }
        let Some((tag, after)) = tag_at(rest) else {
            // A `<` that starts no tag is text.
            text(&mut out, "<", pre > 0, &mut space);
            rest = &rest[1..];
            continue;
        };
        rest = after;
        let name = tag.name.to_ascii_lowercase();
        if !tag.closing && HIDDEN.contains(&name.as_str()) {
            // Up to the element's end tag, whatever is inside.
            rest = match end_tag(rest, &name) {
                Some(k) => rest[k..].find('>').map_or("", |g| &rest[k + g + 1..]),
                None => "",
            };
            continue;
        }
        if name == "pre" {
            pre = if tag.closing {
                pre.saturating_sub(1)
            } else {
                pre + 1
            };
        }
        // What a link has written is never trimmed away.
        let floor = open
            .as_ref()
            .map_or(anchors.last().map_or(0, |a: &Anchor| a.end), |o| o.0);
        if BLOCKS.contains(&name.as_str()) {
            line_break(&mut out, if name == "br" { 1 } else { 2 }, floor);
            space = false;
            if name == "li" && !tag.closing {
                out.push_str("* ");
            }
        } else if matches!(name.as_str(), "td" | "th") && !tag.closing {
            space = true;
        }
        if name == "a" {
            if tag.closing {
                if let Some((start, href)) = open.take() {
                    anchors.push(shown(&mut out, start, href));
                }
            } else if let Some(href) = tag.attr("href") {
                if let Some((start, href)) = open.take() {
                    anchors.push(shown(&mut out, start, href));
                }
                if space && !out.is_empty() && !out.ends_with(['\n', ' ']) {
                    out.push(' ');
                }
                space = false;
                open = Some((out.len(), href));
            }
        }
    }
    if let Some((start, href)) = open.take() {
        anchors.push(shown(&mut out, start, href));
    }
    let floor = anchors.last().map_or(0, |a| a.end);
    let trimmed = out.trim_end().len().max(floor);
    out.truncate(trimmed);
    if !out.ends_with('\n') {
        out.push('\n');
    }
    (out, anchors)
}

/// Where `</name` (any case) first starts in `s`.
fn end_tag(s: &str, name: &str) -> Option<usize> {
    let b = s.as_bytes();
    memchr::memmem::find_iter(b, b"</").find(|&k| {
        b.get(k + 2..k + 2 + name.len())
            .is_some_and(|n| n.eq_ignore_ascii_case(name.as_bytes()))
    })
}

/// Ends a link: its href after its text, unless the text is the href.
fn shown(out: &mut String, start: usize, href: String) -> Anchor {
    let start = start.min(out.len());
    let text = out[start..].trim_end();
    let text = start..start + text.len();
    let shown = out[text.clone()].trim();
    let plain = |h: &str| {
        let h = h.trim_end_matches('/');
        ["http://", "https://", "mailto:"]
            .iter()
            .find_map(|p| {
                h.get(..p.len())
                    .filter(|s| s.eq_ignore_ascii_case(p))
                    .map(|_| &h[p.len()..])
            })
            .unwrap_or(h)
            .to_owned()
    };
    let same = shown == href || plain(shown) == plain(&href);
    if !same && !href.is_empty() && !href.starts_with('#') {
        out.truncate(text.end);
        out.push_str(" <");
        // The href as one angle-bracketed URL: what would end it early
        // is percent-encoded.
        for c in href.chars() {
            match c {
                '<' => out.push_str("%3C"),
                '>' => out.push_str("%3E"),
                '"' => out.push_str("%22"),
                c if c.is_whitespace() => {}
                c => out.push(c),
            }
        }
        out.push('>');
    }
    Anchor {
        text,
        href,
        end: out.len(),
    }
}

/// Appends text as a reader sees it: references decoded, and outside
/// `<pre>` runs of blanks as one space.
fn text(out: &mut String, s: &str, pre: bool, space: &mut bool) {
    if s.is_empty() {
        return;
    }
    let decoded;
    let s = if s.contains('&') {
        decoded = String::from_utf8_lossy(&decode_entities(s.as_bytes()).0).into_owned();
        decoded.as_str()
    } else {
        s
    };
    if pre {
        out.push_str(s);
        return;
    }
    for word in s.split_inclusive(|c: char| c.is_ascii_whitespace()) {
        let (w, blank) = match word.strip_suffix(|c: char| c.is_ascii_whitespace()) {
            Some(w) => (w, true),
            None => (word, false),
        };
        if !w.is_empty() {
            if *space && !out.is_empty() && !out.ends_with(['\n', ' ']) {
                out.push(' ');
            }
            out.push_str(w);
            *space = false;
        }
        *space |= blank;
    }
}

/// Ends the line, leaving at most `n` line ends in a row; blanks before
/// it are dropped, but none before `floor`.
fn line_break(out: &mut String, n: usize, floor: usize) {
    let trimmed = out.trim_end_matches(' ').len().max(floor.min(out.len()));
    out.truncate(trimmed);
    if out.is_empty() {
        return;
    }
    let have = out.len() - out.trim_end_matches('\n').len();
    for _ in have..n {
        out.push('\n');
    }
}

/// A tag: its name, whether it closes, its attributes' text.
struct Tag<'a> {
    name: &'a str,
    closing: bool,
    attrs: &'a str,
}

impl Tag<'_> {
    /// An attribute's value, references decoded.
    fn attr(&self, name: &str) -> Option<String> {
        let mut s = self.attrs;
        while !s.is_empty() {
            s = s.trim_start_matches(|c: char| c.is_ascii_whitespace() || c == '/');
            let n = s
                .find(|c: char| c.is_ascii_whitespace() || c == '=' || c == '>')
                .unwrap_or(s.len());
            let (key, after) = s.split_at(n);
            let after = after.trim_start();
            let (value, next) = match after.strip_prefix('=') {
                Some(v) => {
                    let v = v.trim_start();
                    match v.chars().next() {
                        Some(q @ ('"' | '\'')) => {
                            let close = v[1..].find(q).map_or(v.len(), |k| k + 1);
                            (&v[1..close], v.get(close + 1..).unwrap_or(""))
                        }
                        _ => {
                            let e = v.find(|c: char| c.is_ascii_whitespace()).unwrap_or(v.len());
                            (&v[..e], &v[e..])
                        }
                    }
                }
                None => ("", after),
            };
            if key.eq_ignore_ascii_case(name) {
                let v = decode_entities(value.as_bytes()).0;
                return Some(String::from_utf8_lossy(&v).trim().to_owned());
            }
            if key.is_empty() && next.len() == s.len() {
                break;
            }
            s = next;
        }
        None
    }
}

/// The tag at the start of `s` (which starts with `<`) and the text after
/// it; `None` when no tag starts there. A `>` inside a quoted attribute
/// value does not end the tag.
fn tag_at(s: &str) -> Option<(Tag<'_>, &str)> {
    let body = &s[1..];
    let closing = body.starts_with('/');
    let named = &body[usize::from(closing)..];
    let n = named
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '!' || c == '?'))
        .unwrap_or(named.len());
    if n == 0 {
        return None;
    }
    let mut quote = None;
    for (i, c) in named[n..].char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, '>') => {
                let end = 1 + usize::from(closing) + n + i;
                let tag = Tag {
                    name: &named[..n],
                    closing,
                    attrs: &named[n..n + i],
                };
                return Some((tag, &s[end + 1..]));
            }
            _ => {}
        }
    }
    // No end: the rest is the tag.
    Some((
        Tag {
            name: &named[..n],
            closing,
            attrs: &named[n..],
        },
        "",
    ))
}

/// How far an `<a>` tag, and its content, are read for a link's text.
const MAX_LINK_READ: usize = 4096;

/// The texts an HTML part's links show, asked link by link in the order
/// of the part (its references decoded): for a link whose text shows
/// another host than its href's (`linkify::shown_elsewhere`). Each byte
/// is read once: what one link's tag and content cover, the links after
/// it within them do not read again.
///
/// ```
/// let html = b"<p>Pay at <a href=\"http://203.0.113.9/\"><b>www.paypal.com</b></a></p>";
/// let mut texts = urlx::mail::LinkTexts::new(html);
/// assert_eq!(texts.at(19).as_deref(), Some("www.paypal.com"));
/// ```
pub struct LinkTexts<'a> {
    html: &'a [u8],
    /// Where the last tag or content read ends.
    done: usize,
}

impl<'a> LinkTexts<'a> {
    /// A reader of the links of `html`, an HTML part's text.
    pub fn new(html: &'a [u8]) -> Self {
        LinkTexts { html, done: 0 }
    }

    /// The text of the `<a>` element whose `href` value starts at `v`
    /// (tags dropped), when it is one word that may name a host (with a
    /// `.` or `://`); `None` for other texts, and where no `href` value of
    /// an `<a>` starts there.
    pub fn at(&mut self, v: usize) -> Option<String> {
        let h = self.html;
        if v < self.done || v > h.len() {
            return None;
        }
        // `href` `=` and maybe a quote right before `v`.
        let quote = v.checked_sub(1).filter(|&q| matches!(h[q], b'"' | b'\''));
        let blanks_before = |mut k: usize| {
            while k > 0 && h[k - 1].is_ascii_whitespace() {
                k -= 1;
            }
            k
        };
        let eq = blanks_before(quote.unwrap_or(v)).checked_sub(1)?;
        let name_end = blanks_before(eq);
        let name = name_end.checked_sub(4)?;
        if h[eq] != b'='
            || !h[name..name_end].eq_ignore_ascii_case(b"href")
            || !h
                .get(name.checked_sub(1)?)
                .is_some_and(u8::is_ascii_whitespace)
        {
            return None;
        }
        // The `<a` of the tag, with no `>` between it and the `href`.
        let from = name.saturating_sub(MAX_LINK_READ);
        let lt = from + memchr::memrchr(b'<', &h[from..name])?;
        let anchor = h.get(lt + 1).is_some_and(|b| b | 0x20 == b'a')
            && h.get(lt + 2).is_some_and(u8::is_ascii_whitespace);
        if !anchor || memchr::memchr(b'>', &h[lt..name]).is_some() {
            return None;
        }
        let gt = match tag_end(h, quote.unwrap_or(v)) {
            Ok(gt) => gt,
            Err(stop) => {
                self.done = stop;
                return None;
            }
        };
        let end = content_end(h, gt + 1);
        self.done = end;
        shown_word(&h[gt + 1..end])
    }
}

/// The `>` that ends a tag, read from `from` (outside quoted values but
/// for one opened at `from`); else where the reading stopped: a `<`
/// outside quotes, or [`MAX_LINK_READ`] bytes.
fn tag_end(html: &[u8], from: usize) -> Result<usize, usize> {
    let mut quote = None;
    let end = html.len().min(from + MAX_LINK_READ);
    for (k, &b) in html[from..end].iter().enumerate() {
        match (quote, b) {
            (None, b'"' | b'\'') => quote = Some(b),
            (Some(q), b) if b == q => quote = None,
            (None, b'>') => return Ok(from + k),
            (None, b'<') => return Err(from + k),
            _ => {}
        }
    }
    Err(end)
}

/// Where an `<a>` element's content, from `from`, ends: its `</a`, the
/// next `<a`, or [`MAX_LINK_READ`] bytes on.
fn content_end(html: &[u8], from: usize) -> usize {
    let end = html.len().min(from + MAX_LINK_READ);
    let mut i = from;
    while let Some(k) = memchr::memchr(b'<', &html[i..end]) {
        let lt = i + k;
        let next = |d: usize| html.get(lt + d).copied().unwrap_or(0);
        if (next(1) == b'/' && next(2) | 0x20 == b'a')
            || (next(1) | 0x20 == b'a' && next(2).is_ascii_whitespace())
        {
            return lt;
        }
        i = lt + 1;
    }
    end
}

/// An element's content as text, tags dropped, when it is one word that
/// may name a host: with a `.` or `://`. Words, sentences and images name
/// none, and take no allocation.
fn shown_word(content: &[u8]) -> Option<String> {
    let mut word = Vec::new();
    let mut in_tag = false;
    let mut ended = false;
    for &b in content {
        match b {
            b'<' => in_tag = true,
            b'>' if in_tag => in_tag = false,
            _ if in_tag => {}
            b if b.is_ascii_whitespace() => ended = !word.is_empty(),
            // A second word: no host name.
            _ if ended => return None,
            b => word.push(b),
        }
    }
    let named =
        memchr::memchr(b'.', &word).is_some() || memchr::memmem::find(&word, b"://").is_some();
    named.then(|| String::from_utf8_lossy(&word).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references() {
        let (o, _) = decode_entities(
            b"<a href=\"http://e.example/?a=1&amp;b=2\">x&#47;y&#x2F;&nbsp;&bogus;</a>",
        );
        assert_eq!(
            std::str::from_utf8(&o).unwrap(),
            "<a href=\"http://e.example/?a=1&b=2\">x/y/\u{a0}&bogus;</a>"
        );
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
        /// Any mix of links, blocks, blanks and text: every link's ranges
        /// lie in the text, on character boundaries, in order, apart.
        #[test]
        fn links_lie_in_the_text(pieces in proptest::collection::vec(0usize..22, 0..40)) {
            const PIECES: [&str; 22] = [
                "<a href=\"http://x.example/\">", "<a href=>", "<a href=' http://y.example/ '>",
                "</a>", "<br>", "<p>", "</p>", " ", "\n", "text", "\u{e9}", "&amp;", "<pre>",
                "</pre>", "<script>", "</script>", "<li>", "<td>", "www.e.example", "<", ">",
                "\u{3000}",
            ];
            let html: String = pieces.iter().map(|&k| PIECES[k]).collect();
            let (t, anchors) = to_text(&html);
            let mut after = 0;
            for a in &anchors {
                proptest::prop_assert!(after <= a.text.start && a.text.start <= a.text.end);
                proptest::prop_assert!(a.text.end <= a.end && a.end <= t.len(), "{html:?} {t:?}");
                for k in [a.text.start, a.text.end, a.end] {
                    proptest::prop_assert!(t.is_char_boundary(k), "{html:?}");
                }
                after = a.end;
            }
        }
    }

    #[test]
    fn the_text_each_link_shows() {
        let html: &[u8] =
            b"<p>Go <A class=x HREF = \"http://203.0.113.9/\"><b>www.bank</b>.example\n</a>, \
                     <a name=top href>top</a> <a href=http://ok.example/>ok</a> \
                     <a href='x'>one.example <a href=y>two words.example</a> href=z <a title='a>b' href=w>w</a>";
        let at = |s: &[u8]| html.windows(s.len()).position(|w| w == s).unwrap();
        let mut texts = LinkTexts::new(html);
        assert_eq!(
            texts.at(at(b"http://203")).as_deref(),
            Some("www.bank.example")
        );
        assert_eq!(texts.at(at(b"top")), None);
        // A text that names no host, and one of two words, give none.
        assert_eq!(texts.at(at(b"http://ok")), None);
        // A link's text ends at the next link.
        assert_eq!(texts.at(at(b"x'>")).as_deref(), Some("one.example"));
        assert_eq!(texts.at(at(b"y>")), None);
        // `href=` in text is no attribute; a `>` between `<a` and `href`,
        // even a quoted one, is read as the tag's end (no text, no verdict).
        assert_eq!(texts.at(at(b"z ")), None);
        assert_eq!(texts.at(at(b"w>")), None);
        // A tag that never ends gives nothing.
        let open = b"<a href=\"http://a.example/ ";
        assert_eq!(LinkTexts::new(open).at(9), None);
    }

    #[test]
    fn html_as_a_reader_sees_it() {
        let (t, a) = to_text(
            "<html><head><title>T</title><style>p{}</style></head><body>\n<p>Hello,\n  <b>world</b> &lt;3</p>\
             <p>Go <a href=\"http://203.0.113.9/x?a=1&amp;b=2\">https://www.bank.example/</a> now. \
             <a href='https://same.example/'>https://same.example</a><br>\
             <a href=\"#top\">top</a><script>alert('<a href=x>')</script></p><ul><li>one<li>two</ul>\
             <pre>a  b\n c</pre><!-- <a href=\"http://hidden.example/\">x</a> --></body></html>",
        );
        assert_eq!(
            t,
            "Hello, world <3\n\nGo https://www.bank.example/ <http://203.0.113.9/x?a=1&b=2> now. \
             https://same.example\ntop\n\n* one\n\n* two\n\na  b\n c\n"
        );
        assert_eq!(a.len(), 3);
        assert_eq!(&t[a[0].text.clone()], "https://www.bank.example/");
        assert_eq!(a[0].href, "http://203.0.113.9/x?a=1&b=2");
        assert_eq!(&t[a[0].end - 1..a[0].end], ">");
        assert_eq!(&t[a[1].text.clone()], "https://same.example");
        assert_eq!(a[1].end, a[1].text.end);
    }
}
