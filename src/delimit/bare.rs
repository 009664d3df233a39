//! The end of a bare URL: the characters a URL may hold (C-F8, C-F9), the
//! trailing punctuation that belongs to the sentence (C-F7), and a bare URL
//! broken after a hyphen (C-W3) or, as an option, before `/`, `?`, ...
//! (C-W6).

use super::rejoin::{whitespace_run, Depth, Joint};
use super::unicode::{char_at, ends_bare_url, grapheme_floor};
use super::{Delimited, Form, Pieces};

/// ASCII bytes that may stand in a bare URL: RFC 3986 unreserved, reserved
/// and `%`. Space, controls, `<`, `>`, `"`, `{`, `}`, `|`, `\`, `^` and the
/// backquote end it (C-F9).
pub(crate) static URL_ASCII: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 128 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric()
            || matches!(
                b,
                b'-' | b'.'
                    | b'_'
                    | b'~'
                    | b':'
                    | b'/'
                    | b'?'
                    | b'#'
                    | b'['
                    | b']'
                    | b'@'
                    | b'!'
                    | b'$'
                    | b'&'
                    | b'\''
                    | b'('
                    | b')'
                    | b'*'
                    | b'+'
                    | b','
                    | b';'
                    | b'='
                    | b'%'
            );
        c += 1;
    }
    t
};

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
        i = plain_run(h, i, cap, 0);
        if i >= cap || h[i] < 0x80 {
            return i;
        }
        match char_at(h, i) {
            Some((c, len)) if !ends_bare_url(c) && i + len <= cap => i += len,
            _ => return i,
        }
    }
}

/// The end of the run of ASCII URL bytes at `i`, not past `cap`, that
/// holds no `stop` byte (0 for none). The hot loop of every scan.
#[inline]
pub(crate) fn plain_run(h: &[u8], mut i: usize, cap: usize, stop: u8) -> usize {
    let hc = &h[..cap.min(h.len())];
    while let Some(&b) = hc.get(i) {
        if !URL_ASCII[b as usize] || b == stop {
            break;
        }
        i += 1;
    }
    i
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
    let (ls, le) = pieces.rest.last().map_or(pieces.first, |p| (p.1, p.2));
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
    // Emphasis in plain-text mail: `*http://x/*` and `_http://x/_`; the
    // mark closes what the byte before the URL opened.
    let start = pieces.start();
    if start > 0
        && matches!(h[start - 1], b'*' | b'_')
        && pieces.last_byte(h) == Some(h[start - 1])
        && pieces.len() > 1
    {
        let n = pieces.len() - 1;
        pieces.truncate(n);
    }
    // Most URLs end in a letter, digit or `/`: nothing to do, and no need
    // to count brackets.
    if !matches!(
        pieces.last_byte(h),
        Some(b'.' | b',' | b';' | b':' | b'!' | b'?' | b'\'' | b'"' | b')' | b']')
    ) {
        return;
    }
    let mut open_p = 0isize;
    let mut open_b = 0isize;
    for (s, e) in std::iter::once(pieces.first).chain(pieces.rest.iter().map(|p| (p.1, p.2))) {
        for &b in &h[s..e] {
            match b {
                b'(' => open_p += 1,
                b')' => open_p -= 1,
                b'[' => open_b += 1,
                b']' => open_b -= 1,
                _ => {}
            }
        }
    }
    while let Some(b) = pieces.last_byte(h) {
        let drop = match b {
            b'.' | b',' | b';' | b':' | b'!' | b'?' | b'\'' | b'"' => true,
            b')' => open_p < 0,
            b']' => open_b < 0,
            _ => false,
        };
        if !drop {
            break;
        }
        match b {
            b')' => open_p += 1,
            b']' => open_b += 1,
            _ => {}
        }
        let n = pieces.len() - 1;
        pieces.truncate(n);
    }
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
