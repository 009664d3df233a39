//! Wrapped forms (C-F1): `<URL:…>`, `<…>`, `"…"`, `“…”`, `'…'`. The
//! opener is found by looking back from the URL's first byte, the closer by
//! looking forward within the caps of C-W5; whitespace with a line break
//! inside is removed (C-W1, C-W2), a hyphen before a break is kept and the
//! alternative drops it (C-W3), spaces inside `<…>` are removed with a
//! `%20` alternative (C-W4). A wrapper that does not close within the caps
//! or holds a character no URL may contain is no wrapper (C-W5): the caller
//! then scans the text as bare.

use super::rejoin::{whitespace_back, whitespace_run, ws_at, Depth, Joint};
use super::unicode::char_at;
use super::{Delimited, Form, Limits, Pieces};
use crate::bytes::url_run;
use crate::scan::scheme::is_scheme_byte;

/// What stands before a URL's first byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Opener {
    /// Nothing that delimits it: a bare URL.
    None,
    /// `URL:` directly before the URL, without `<` (C-F1, `在URL:http://…`).
    BarePrefix,
    /// `<URL:` with optional whitespace after `<` and after `URL:`.
    UrlAngle { lt: usize, breaks: usize },
    /// `<` with optional whitespace after it.
    Angle { lt: usize, breaks: usize },
    /// A quote directly before the URL, and the quote that closes it.
    Quote { at: usize, close: &'static [u8] },
}

impl Opener {
    pub(crate) fn is_wrapper(self) -> bool {
        !matches!(self, Opener::None | Opener::BarePrefix)
    }
}

/// Whether the four bytes are `URL:` in any case (bit 5 lower-cases a
/// letter, and only a letter lower-cases to one).
#[inline]
fn is_url_prefix(b: &[u8]) -> bool {
    b[3] == b':' && b[0] | 0x20 == b'u' && b[1] | 0x20 == b'r' && b[2] | 0x20 == b'l'
}

/// Looks back from `s`, the first byte of a URL, for its opener; never
/// below `floor` (the end of the previous link) nor more than `back` bytes.
// The byte before the URL decides most cases, inlined (a call with the
// look-back's register saves was most of a bare link's cost here); the
// look back over blanks and prefixes is `opener_back`.
#[inline(always)]
pub(crate) fn opener(h: &[u8], s: usize, floor: usize, back: usize) -> Opener {
    let lo = floor.max(s.saturating_sub(back));
    // Only these bytes can end an opener or the blanks after one; any
    // other byte before the URL (a letter, `(`, `/`, ...) makes it bare.
    if s <= lo {
        return Opener::None;
    }
    match h[s - 1] {
        // Right after the opener (most wrapped URLs): what the look back
        // below comes to, without it.
        b'<' => Opener::Angle {
            lt: s - 1,
            breaks: 0,
        },
        b'"' => Opener::Quote {
            at: s - 1,
            close: b"\"",
        },
        b' ' | b'\t' | 0x0B | 0x0C | b'\n' | b'\r' | b'>' | b'\'' | 0x80..=0xBF => {
            opener_back(h, s, lo)
        }
        // Right after a `:`, only `URL:` can be an opener.
        b':' if s >= lo + 4 && is_url_prefix(&h[s - 4..s]) => opener_back(h, s, lo),
        _ => Opener::None,
    }
}

/// `opener` where blanks, a quote prefix, `URL:` or a non-ASCII quote
/// may stand between the opener and `s`; not below `lo`.
#[inline(never)]
fn opener_back(h: &[u8], s: usize, lo: usize) -> Opener {
    let (p, b1) = whitespace_back(h, s, lo);
    if p >= lo + 4 && is_url_prefix(&h[p - 4..p]) {
        let u = p - 4;
        // C-F3 for the prefix: `curl:` is no `URL:` (ASCII classes only, so
        // `在URL:` is one).
        if u == 0 || !is_scheme_byte(h[u - 1]) {
            let (q, b2) = whitespace_back(h, u, lo);
            if q > lo && h[q - 1] == b'<' {
                return Opener::UrlAngle {
                    lt: q - 1,
                    breaks: b1 + b2,
                };
            }
            if p == s {
                return Opener::BarePrefix;
            }
        }
        return Opener::None;
    }
    if p > lo && h[p - 1] == b'<' {
        return Opener::Angle {
            lt: p - 1,
            breaks: b1,
        };
    }
    if p == s && s > lo {
        match h[s - 1] {
            b'"' => {
                return Opener::Quote {
                    at: s - 1,
                    close: b"\"",
                }
            }
            b'\'' => {
                return Opener::Quote {
                    at: s - 1,
                    close: b"'",
                }
            }
            0x9C if s >= lo + 3 && h[s - 3..s] == [0xE2, 0x80, 0x9C] => {
                return Opener::Quote {
                    at: s - 3,
                    close: "\u{201d}".as_bytes(),
                }
            }
            _ => {}
        }
    }
    Opener::None
}

/// What a wrapper opener asks of its URL: the closer, whether spaces may
/// stand inside (C-W4), the form, where the opener is, and the line breaks
/// between it and the URL. `None` for no wrapper.
pub(crate) fn shape(opener: Opener) -> Option<(&'static [u8], bool, Form, usize, usize)> {
    match opener {
        Opener::UrlAngle { lt, breaks } => Some((b">", true, Form::UrlPrefix, lt, breaks)),
        Opener::Angle { lt, breaks } => Some((b">", true, Form::Angle, lt, breaks)),
        Opener::Quote { at, close } => Some((close, false, Form::Quoted, at, 0)),
        Opener::None | Opener::BarePrefix => None,
    }
}

/// Collects pieces as the wrapper scan meets whitespace.
struct Builder {
    first: Option<(usize, usize)>,
    rest: Vec<(Joint, usize, usize)>,
    pending: Joint,
}

impl Builder {
    fn piece(&mut self, s: usize, e: usize) {
        match self.first {
            None => self.first = Some((s, e)),
            Some(_) => self.rest.push((self.pending, s, e)),
        }
    }
}

/// Scans a wrapped URL that starts at `s` after `opener`, up to its closer.
/// `end_limit` bounds the look-ahead (the caller's window); `depth` is the
/// quote depth of the line where the URL starts (C-W2).
pub(crate) fn delimit(
    h: &[u8],
    s: usize,
    opener: Opener,
    limits: &Limits,
    end_limit: usize,
    depth: &Depth,
    memo: &mut WrapMemo,
) -> Option<Delimited> {
    let (close, spaces_allowed, form, open_at, breaks_before) = shape(opener)?;
    let cap = end_limit.min(open_at + limits.max_wrapper_bytes);
    let mut lines = 1 + breaks_before;
    if lines > limits.max_wrapper_lines {
        return None;
    }
    let mut b = Builder {
        first: None,
        rest: Vec::new(),
        pending: Joint::Break,
    };
    let mut cur = s;
    let mut i = s;
    while i < cap {
        i = memo.plain_end(h, i, cap, close);
        if i >= cap {
            break;
        }
        if crate::bytes::has_at(h, i, close) {
            if i > cur {
                b.piece(cur, i);
            }
            let first = b.first?;
            return Some(Delimited {
                form,
                pieces: Pieces {
                    first,
                    rest: b.rest,
                },
                consumed: i + close.len(),
                truncated: false,
                joint_capped: false,
                more: false,
                rewrap: None,
            });
        }
        // C-W8: an RFC 8792 fold, in text that declares the wrapping: the
        // `\`, the line break and what the strategy removes after it.
        if h[i] == b'\\' {
            let declared = memo.fold.declared(h, s);
            let j = declared.and_then(|st| super::fold::continuation(h, i, st))?;
            lines += 1;
            if lines > limits.max_wrapper_lines || j >= cap {
                return None;
            }
            b.piece(cur, i);
            b.pending = Joint::Break;
            cur = j;
            i = j;
            continue;
        }
        // Else a byte or character that ends the wrapper.
        ws_at(h, i)?;
        let run_start = i;
        let (j, breaks, joint) = match blank(h, i, cap, close, spaces_allowed, depth) {
            Blank::Refused => return None,
            Blank::Closer { j, breaks } => (j, breaks, None),
            Blank::Joint { j, breaks, joint } => (j, breaks, Some(joint)),
        };
        lines += breaks;
        if lines > limits.max_wrapper_lines {
            return None;
        }
        b.piece(cur, run_start);
        if let Some(joint) = joint {
            b.pending = joint;
        }
        cur = j;
        i = j;
    }
    None
}

/// The end of the stretch of plain characters at `i` inside a wrapper
/// that closes with `close`, not looking past `cap`: characters a URL may
/// hold, no whitespace, no start of the closer. Where it stops (at or past
/// `cap`, or before a byte the caller decides on) is a character boundary.
#[inline]
fn plain_end(h: &[u8], mut i: usize, cap: usize, close: &[u8]) -> usize {
    let close0 = close[0];
    while i < cap {
        // Most bytes are plain URL characters: skip them without the
        // checks below.
        i = url_run(h, i, cap, close0);
        if i >= cap {
            break;
        }
        let byte = h[i];
        if byte == close0 && crate::bytes::has_at(h, i, close) || ws_at(h, i).is_some() {
            break;
        }
        match byte {
            b if ends_wrapper(b) => break,
            0x80.. => match char_at(h, i) {
                Some((c, len)) if (c as u32) > 0x9F => i += len,
                _ => break,
            },
            _ => i += 1,
        }
    }
    i
}

/// What an earlier wrapper learnt of the bytes ahead: `h[lo..hi]` is a
/// stretch of plain characters (`plain_end`) for a wrapper whose closer
/// starts with `close0`. The triggers inside one long stretch
/// (`“http://a“http://a…`, every one a quote opener) do not each scan it
/// again up to the wrapper cap (C-S4). Offsets are into the current window.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct WrapMemo {
    close0: u8,
    lo: usize,
    hi: usize,
    /// The RFC 8792 header before the wrappers (C-W8).
    fold: super::fold::FoldMemo,
}

impl WrapMemo {
    /// `plain_end(h, i, cap, close)` through the memo.
    #[inline]
    pub(crate) fn plain_end(&mut self, h: &[u8], i: usize, cap: usize, close: &[u8]) -> usize {
        // (Inside a character a scan stops at once: the stretch's places
        // are characters.)
        let known = self.close0 == close[0] && self.lo <= i && i < self.hi && h[i] & 0xC0 != 0x80;
        if known && self.hi >= cap {
            return self.hi;
        }
        let (lo, from) = if known { (self.lo, self.hi) } else { (i, i) };
        let e = plain_end(h, from, cap, close);
        // A short stretch costs less to scan again than to remember.
        if e - lo >= 64 {
            *self = WrapMemo {
                close0: close[0],
                lo,
                hi: e,
                fold: self.fold,
            };
        }
        e
    }
}

/// What a run of whitespace inside a wrapper leads to.
pub(crate) enum Blank {
    /// No wrapper (C-W5): a blank line, or spaces where none may stand.
    Refused,
    /// The closer follows at `j`: the whitespace is not part of the URL.
    Closer { j: usize, breaks: usize },
    /// The URL goes on at `j`; `joint` is what the whitespace was.
    Joint {
        j: usize,
        breaks: usize,
        joint: Joint,
    },
}

/// The run of whitespace at `i` inside a wrapper that closes with `close`,
/// not past `cap` (C-W1 to C-W5); `depth` is the quote depth of the
/// wrapper's first line.
pub(crate) fn blank(
    h: &[u8],
    i: usize,
    cap: usize,
    close: &[u8],
    spaces_allowed: bool,
    depth: &Depth,
) -> Blank {
    let (j, breaks) = whitespace_run(h, i, cap, depth);
    if breaks >= 2 {
        return Blank::Refused; // a blank line ends any wrapper (C-W5)
    }
    if crate::bytes::has_at(h, j, close) {
        return Blank::Closer { j, breaks };
    }
    let joint = if breaks == 0 {
        if !spaces_allowed {
            return Blank::Refused;
        }
        let mut n = 0;
        let mut k = i;
        while let Some((len, _)) = ws_at(h, k) {
            if k >= j {
                break;
            }
            k += len;
            n += 1;
        }
        Joint::Spaces(n)
    } else if h[i - 1] == b'-' {
        Joint::HyphenBreak
    } else {
        Joint::Break
    };
    Blank::Joint { j, breaks, joint }
}

/// Whether `b`, met inside a wrapper where its closer does not start,
/// means there is no wrapper: a control byte, a byte no URL may contain,
/// or another wrapper's closer.
#[inline]
pub(crate) fn ends_wrapper(b: u8) -> bool {
    matches!(
        b,
        0x00..=0x1F | 0x7F | b'<' | b'{' | b'}' | b'|' | b'\\' | b'^' | b'`' | b'>' | b'"'
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: Limits = Limits {
        max_url_len: 8192,
        max_wrapper_bytes: 2048,
        max_wrapper_lines: 8,
        max_line_len: None,
    };

    fn wrapped(t: &str) -> Option<(String, Option<String>)> {
        let h = t.as_bytes();
        let s = t.find("http").or_else(|| t.find("ftp"))?;
        let o = opener(h, s, 0, 4096);
        let d = delimit(
            h,
            s,
            o,
            &LIMITS,
            h.len(),
            &Depth::fixed(0),
            &mut WrapMemo::default(),
        )?;
        Some((d.pieces.text(h)?.into_owned(), d.pieces.alt(h)))
    }

    use crate::testing::replay;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(5_000))]

        /// C-S4: the wrapper memo finds the stretch ends a fresh scan
        /// finds, for each closer, the queries in order and out of order,
        /// the window losing its first bytes partway.
        #[test]
        fn c_s4_the_wrapper_memo_ends_stretches_as_a_fresh_scan_does(
            unit in prop::collection::vec(prop::sample::select(vec![
                "a", "1", "/", "'", "\"", ">", "<", " ", "\n", "\u{201c}", "\u{201d}",
                "\u{e9}", "\u{a0}", "\u{85}", "\u{2028}", "\u{e2}",
            ]), 1..12),
            n in 1usize..80,
            queries in prop::collection::vec((0usize..1000, 0usize..400, 0usize..4), 1..30),
        ) {
            let mut h = unit.concat().repeat(n).into_bytes();
            // A stray continuation byte sometimes.
            if n % 7 == 3 {
                let at = h.len() / 2;
                h.insert(at, 0x80);
            }
            let closes: [&[u8]; 4] = [b">", b"\"", b"'", "\u{201d}".as_bytes()];
            replay(&h, &queries, |memo: &mut WrapMemo, h, (i, len, c)| {
                // Scans start on characters (a trigger's first byte).
                let mut i = i.min(h.len());
                while i > 0 && i < h.len() && h[i] & 0xC0 == 0x80 {
                    i -= 1;
                }
                let cap = h.len().min(i + len);
                let close = closes[c];
                let fresh = plain_end(h, i, cap, close);
                let got = memo.plain_end(h, i, cap, close);
                // Past the cap, any place means the same.
                prop_assert_eq!(got.min(cap), fresh.min(cap));
                Ok(())
            })?;
        }
    }

    #[test]
    fn c_f1_openers() {
        let h = b"x <URL: http://a/>";
        assert_eq!(opener(h, 8, 0, 100), Opener::UrlAngle { lt: 2, breaks: 0 });
        let h = "在URL:http://a/".as_bytes();
        assert_eq!(opener(h, 7, 0, 100), Opener::BarePrefix);
        let h = b"curl:http://a/";
        assert_eq!(opener(h, 5, 0, 100), Opener::None);
        let h = b"\"http://a/\"";
        assert_eq!(
            opener(h, 1, 0, 100),
            Opener::Quote {
                at: 0,
                close: b"\""
            }
        );
    }

    #[test]
    fn c_w1_c_w3_c_w4_rejoin() {
        assert_eq!(
            wrapped("<URL:http://www.example.\n   com/a/b>"),
            Some(("http://www.example.com/a/b".into(), None))
        );
        assert_eq!(
            wrapped("<URL:ftp://ds.internic.net/internet-\n   drafts/x.txt>"),
            Some((
                "ftp://ds.internic.net/internet-drafts/x.txt".into(),
                Some("ftp://ds.internic.net/internetdrafts/x.txt".into())
            ))
        );
        assert_eq!(
            wrapped("<http://a/b c>"),
            Some(("http://a/bc".into(), Some("http://a/b%20c".into())))
        );
        assert_eq!(wrapped("<URL:http://a.b/c\n\nd>"), None);
        assert_eq!(wrapped("\"http://a/b c\""), None);
        assert_eq!(wrapped("<http://a/b"), None);
    }
}
