//! The end of a bare URL: the characters a URL may hold (C-F8, C-F9), the
//! trailing punctuation that belongs to the sentence (C-F7), and a bare URL
//! broken after a hyphen (C-W3) or, as an option, before `/`, `?`, ...
//! (C-W6).

use super::rejoin::{whitespace_run, Depth, Joint};
use super::unicode::{char_at, ends_bare_url, grapheme_floor};
use super::{Delimited, Form, Pieces};
use crate::bytes::{contains2, url_run};

/// Options for bare URLs.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct BareOptions {
    /// C-W6: join a URL that ends exactly at a line end with a next line
    /// that begins with `/`, `?`, `&`, `=`, `#` or `%`.
    pub(crate) join_unhyphenated: bool,
}

/// End of the run of URL characters that starts at `i`, not past `cap`.
#[inline]
pub(crate) fn run_end(h: &[u8], mut i: usize, cap: usize) -> usize {
    loop {
        i = url_run(h, i, cap, 0);
        if i >= cap.min(h.len()) || h[i] < 0x80 {
            return i;
        }
        match char_at(h, i) {
            Some((c, len)) if !ends_bare_url(c) && i + len <= cap => i += len,
            _ => return i,
        }
    }
}

/// Whether the token at `j` can continue a URL broken after a hyphen: URL
/// text that starts like the rest of a word or path, so that a signature
/// line (`-- `) or a list dash does not.
fn continues(h: &[u8], j: usize) -> bool {
    match h.get(j) {
        Some(&b) if b < 0x80 => {
            b.is_ascii_alphanumeric()
                || matches!(
                    b,
                    b'/' | b'?' | b'#' | b'%' | b'&' | b'=' | b'_' | b'~' | b'.'
                )
        }
        Some(_) => char_at(h, j).is_some_and(|(c, _)| !ends_bare_url(c)),
        None => false,
    }
}

/// Delimits a bare URL that starts at `s`, with `cap` the furthest byte it
/// may reach and `depth` the quote depth of its line.
pub(crate) fn delimit(
    h: &[u8],
    s: usize,
    cap: usize,
    depth: &Depth,
    form: Form,
    opts: BareOptions,
) -> Option<Delimited> {
    let mut e = run_end(h, s, cap);
    if e == s {
        return None;
    }
    let mut pieces = Pieces::one(s, e);
    let mut truncated = e >= cap && cap < h.len();
    while !truncated {
        let hyphen = h[e - 1] == b'-';
        if !hyphen && !opts.join_unhyphenated {
            break;
        }
        let (j, breaks) = whitespace_run(h, e, cap, depth);
        if breaks != 1 || j >= cap {
            break;
        }
        let joint = if hyphen {
            if !continues(h, j) {
                break;
            }
            Joint::HyphenBreak
        } else {
            // C-W6: the URL ends exactly at the line end.
            let at_line_end = matches!(h[e], b'\n' | b'\r');
            if !at_line_end || !matches!(h[j], b'/' | b'?' | b'&' | b'=' | b'#' | b'%') {
                break;
            }
            Joint::Break
        };
        let e2 = run_end(h, j, cap);
        if e2 == j {
            break;
        }
        pieces.rest.push((joint, j, e2));
        e = e2;
        truncated = e >= cap && cap < h.len();
    }
    trim_trailing(h, &mut pieces);
    if pieces.len() == 0 {
        return None;
    }
    // C-F8: the end never splits a grapheme cluster.
    let (ls, le) = pieces.last();
    if h[le - 1] >= 0x80 || h.get(le).is_some_and(|&b| b >= 0x80) {
        let last = std::str::from_utf8(&h[ls..le]).ok()?;
        let after = &h[le..cap.min(le + 32)];
        let keep = grapheme_floor(last, last.len(), after);
        if keep < last.len() {
            let total = pieces.len() - (last.len() - keep);
            pieces.truncate(total);
            trim_trailing(h, &mut pieces);
            if pieces.len() == 0 {
                return None;
            }
        }
    }
    Some(Delimited {
        form,
        consumed: pieces.end(),
        pieces,
        truncated,
    })
}

/// C-F7: drops the sentence punctuation after a bare URL (`. , ; : ! ? '`
/// and `...`), and a closing `)` or `]` that no opener inside the URL
/// balances.
pub(crate) fn trim_trailing(h: &[u8], pieces: &mut Pieces) {
    if pieces.rest.is_empty() {
        // One piece, nearly every URL: the same rule on a slice.
        let (s, e) = pieces.first;
        pieces.first.1 = trimmed_end(h, s, e);
        return;
    }
    // Emphasis in plain-text mail: `*http://x/*` and `_http://x/_`; the
    // mark closes what the byte before the URL opened.
    let start = pieces.start();
    if start > 0
        && matches!(h[start - 1], b'*' | b'_')
        && pieces.last_byte(h) == Some(h[start - 1])
        && pieces.len() > 1
    {
        pieces.pop();
    }
    // Brackets are counted only when a closing one must be decided: most
    // URLs end in a letter, digit or `/`.
    let mut open: Option<(isize, isize)> = None;
    while let Some(b) = pieces.last_byte(h) {
        let count = || {
            if !pieces
                .iter()
                .any(|(_, s, e)| contains2(&h[s..e], b'(', b'['))
            {
                return (UNMATCHED, UNMATCHED);
            }
            pieces
                .iter()
                .map(|(_, s, e)| count_brackets(&h[s..e]))
                .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
        };
        if !drops(b, &mut open, count) {
            break;
        }
        pieces.pop();
    }
}

/// [`trim_trailing`] for the URL text `h[s..e]`: its new end.
pub(crate) fn trimmed_end(h: &[u8], s: usize, mut e: usize) -> usize {
    if s > 0 && matches!(h[s - 1], b'*' | b'_') && e - s > 1 && h[e - 1] == h[s - 1] {
        e -= 1;
    }
    let mut open: Option<(isize, isize)> = None;
    // Counted on the text as it stands now: what the loop drops before a
    // bracket is asked about is no bracket.
    let count = move || {
        let t = &h[s..e];
        if contains2(t, b'(', b'[') {
            count_brackets(t)
        } else {
            (UNMATCHED, UNMATCHED)
        }
    };
    while e > s && drops(h[e - 1], &mut open, count) {
        e -= 1;
    }
    e
}

/// The bytes C-F7 may drop at a bare URL's end: sentence punctuation
/// (always) and `)` and `]` (when unmatched). Emphasis marks aside.
#[inline]
pub(crate) fn may_drop(b: u8) -> bool {
    matches!(
        b,
        b'.' | b',' | b';' | b':' | b'!' | b'?' | b'\'' | b'"' | b')' | b']'
    )
}

/// Whether the last byte `b` of a URL is dropped (C-F7); `open` is the
/// bracket balance of the text, counted by `count` when first needed.
#[inline]
fn drops(b: u8, open: &mut Option<(isize, isize)>, count: impl FnOnce() -> (isize, isize)) -> bool {
    match b {
        b')' | b']' => {
            let (p, q) = open.get_or_insert_with(count);
            let n = if b == b')' { p } else { q };
            if *n >= 0 {
                return false;
            }
            *n += 1;
            true
        }
        _ => may_drop(b),
    }
}

/// The bracket balance of a text with no opener: whichever closer is asked
/// about is unmatched (most URLs hold no bracket, and are not counted).
const UNMATCHED: isize = isize::MIN / 2;

/// Opened minus closed parentheses, and the same for square brackets.
pub(crate) fn count_brackets(t: &[u8]) -> (isize, isize) {
    let (mut p, mut q) = (0isize, 0isize);
    for &b in t {
        match b {
            b'(' => p += 1,
            b')' => p -= 1,
            b'[' => q += 1,
            b']' => q -= 1,
            _ => {}
        }
    }
    (p, q)
}

/// Trims a text that the parser cut short, by the same rule.
pub(crate) fn retrim(h: &[u8], pieces: &mut Pieces, keep: usize) {
    pieces.truncate(keep);
    trim_trailing(h, pieces);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bare(t: &str, opts: BareOptions) -> Option<(String, Option<String>)> {
        let h = t.as_bytes();
        let s = t.find("http")?;
        let d = delimit(h, s, h.len(), &Depth::fixed(0), Form::Bare, opts)?;
        Some((d.pieces.text(h)?.into_owned(), d.pieces.alt(h)))
    }

    fn one(t: &str) -> String {
        bare(t, BareOptions::default()).unwrap().0
    }

    #[test]
    fn c_f7_trailing_punctuation() {
        assert_eq!(one("see http://a.example/x."), "http://a.example/x");
        assert_eq!(one("(see http://a.example/x)."), "http://a.example/x");
        assert_eq!(
            one("http://en.wikipedia.org/wiki/Foo_(bar))."),
            "http://en.wikipedia.org/wiki/Foo_(bar)"
        );
        assert_eq!(one("http://a/b...' "), "http://a/b");
        assert_eq!(one("[http://a/b]"), "http://a/b");
    }

    #[test]
    fn c_f8_c_f9_ends() {
        assert_eq!(one("http://a/b<c"), "http://a/b");
        assert_eq!(one("http://a/b|c"), "http://a/b");
        assert_eq!(one("http://a/~b"), "http://a/~b");
        assert_eq!(one("http://a/caf\u{e9}。x"), "http://a/caf\u{e9}");
        assert_eq!(one("http://a/b\u{a0}c"), "http://a/b");
        assert_eq!(one("http://a/b\u{ff}"), "http://a/b\u{ff}");
    }

    #[test]
    fn c_w3_c_w6_bare_breaks() {
        assert_eq!(
            bare(
                "see http://www.example-\ncorp.com/ now",
                BareOptions::default()
            ),
            Some((
                "http://www.example-corp.com/".into(),
                Some("http://www.examplecorp.com/".into())
            ))
        );
        assert_eq!(one("http://a/b-\n-- \nsig"), "http://a/b-");
        assert_eq!(one("http://a/b\n/c"), "http://a/b");
        let o = BareOptions {
            join_unhyphenated: true,
        };
        assert_eq!(
            bare("http://a/b\n/c d", o),
            Some(("http://a/b/c".into(), None))
        );
        assert_eq!(bare("http://a/b\nc", o), Some(("http://a/b".into(), None)));
    }
}
