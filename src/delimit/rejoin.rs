//! Line breaks, whitespace and mail quote prefixes: what the appendix
//! rules remove from a URL that was broken across lines (C-W1 to C-W4,
//! C-W6).

use std::cell::Cell;

use super::unicode::char_at;
use crate::bytes::quote_run;

/// The quote prefix of a line, measured after the line break before it:
/// its `>` and blanks span `line..end`, and hold `levels` `>`. A URL on the
/// next line of quoted mail has the depth of the line whose prefix the
/// last URL's whitespace run skipped; with this memo it is not measured
/// again (deep quotes, a URL a line, measured each line twice).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct LinePrefix {
    line: usize,
    end: usize,
    levels: usize,
}

impl LinePrefix {
    /// The depth `quote_depth(h, at, back)` finds, when this prefix's line
    /// holds `at` and its start is within `back` bytes (no line break
    /// between the prefix's end and `at`); `None` when it cannot tell.
    #[inline]
    fn depth_at(&self, h: &[u8], at: usize, back: usize) -> Option<usize> {
        // `levels == 0`: nothing measured (a line start is never 0: a
        // break stands before it).
        if self.levels == 0 || self.end > at || at - self.end > 16 || at - (self.line - 1) > back {
            return None;
        }
        if h[self.end..at].iter().any(|&b| b == b'\n' || b == b'\r') {
            return None;
        }
        Some(self.levels)
    }
}

/// The quote depth of a URL's first line, found only when a line break
/// asks for it (most URLs have none, and the look-back costs).
#[derive(Debug)]
pub(crate) struct Depth {
    at: usize,
    back: usize,
    value: Cell<Option<usize>>,
    /// A line prefix measured earlier, which may be this line's, until
    /// the depth is known; then the last line prefix a whitespace run
    /// skipped (runs ask for the depth before they skip).
    prefix: Cell<LinePrefix>,
}

impl Depth {
    /// The depth of the line that holds `at`, looking back at most `back`
    /// bytes for its start; `known` is a line prefix measured before.
    pub(crate) fn of_line(at: usize, back: usize, known: LinePrefix) -> Depth {
        Depth {
            at,
            back,
            value: Cell::new(None),
            prefix: Cell::new(known),
        }
    }

    /// A known depth.
    #[cfg(test)]
    pub(crate) fn fixed(depth: usize) -> Depth {
        Depth {
            at: 0,
            back: 0,
            value: Cell::new(Some(depth)),
            prefix: Cell::new(LinePrefix::default()),
        }
    }

    pub(crate) fn get(&self, h: &[u8]) -> usize {
        if let Some(v) = self.value.get() {
            return v;
        }
        let v = match self.prefix.get().depth_at(h, self.at, self.back) {
            Some(v) => v,
            None => quote_depth(h, self.at, self.back),
        };
        self.value.set(Some(v));
        v
    }

    /// The last line prefix measured, for the next URL's `Depth`; `None`
    /// when no whitespace run asked for the depth (nothing was learnt).
    pub(crate) fn learned(&self) -> Option<LinePrefix> {
        self.value.get().map(|_| self.prefix.get())
    }
}

/// How two pieces of a rejoined URL were separated in the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Joint {
    /// A line break (with its quote prefix and indentation): removed.
    Break,
    /// A line break right after a hyphen (C-W3): removed, hyphen kept; the
    /// alternative drops the hyphen.
    HyphenBreak,
    /// Spaces or tabs inside `<…>` that are not at a line break (C-W4):
    /// removed; the alternative has `%20` for each.
    Spaces(u32),
}

/// A whitespace character at `i` (ASCII or Unicode White_Space, NBSP
/// included): its length and whether it is a line break (LF, CR; CRLF is
/// two characters, one break).
#[inline]
pub(crate) fn ws_at(h: &[u8], i: usize) -> Option<(usize, bool)> {
    match *h.get(i)? {
        b' ' | b'\t' | 0x0B | 0x0C => Some((1, false)),
        b'\n' => Some((1, true)),
        b'\r' => {
            if h.get(i + 1) == Some(&b'\n') {
                Some((2, true))
            } else {
                Some((1, true))
            }
        }
        b if b >= 0x80 => {
            let (c, len) = char_at(h, i)?;
            if c.is_whitespace() {
                Some((len, matches!(c, '\u{85}' | '\u{2028}' | '\u{2029}')))
            } else {
                None
            }
        }
        _ => None,
    }
}

/// Skips a mail quote prefix of at most `depth` levels (`>`, `> >`, `>>`,
/// each `>` followed by optional blanks) at `i`, the start of a line
/// (C-W2); `i < end` and `h[i]` is `>`. A whole prefix that ends before
/// `end` after an LF or CR is remembered in `memo`.
#[inline]
fn skip_prefix(h: &[u8], mut i: usize, end: usize, depth: usize, memo: &Depth) -> usize {
    // The whole run at once when it has no more levels than asked for.
    let (run_end, levels) =
        same_prefix(h, i, end, memo.prefix.get()).unwrap_or_else(|| quote_run(h, i, end));
    if run_end < end && matches!(h[i - 1], b'\n' | b'\r') {
        debug_assert!(memo.value.get().is_some());
        memo.prefix.set(LinePrefix {
            line: i,
            end: run_end,
            levels,
        });
    }
    if levels <= depth {
        return run_end;
    }
    let mut n = 0;
    while n < depth && i < end && h[i] == b'>' {
        i += 1;
        n += 1;
        while i < end && (h[i] == b' ' || h[i] == b'\t') {
            i += 1;
        }
    }
    i
}

/// `quote_run(h, i, end)` where the line at `i` starts with the same
/// prefix as the one `known` measured (quoted mail: every line of a reply
/// has its prefix): those bytes are all `>` and blanks, and the run ends
/// where a byte that is neither follows them. One comparison instead of a
/// count. `None` where they differ.
#[inline]
fn same_prefix(h: &[u8], i: usize, end: usize, known: LinePrefix) -> Option<(usize, usize)> {
    let len = known.end.checked_sub(known.line)?;
    if known.levels == 0 || i + len >= end.min(h.len()) || known.end > h.len() {
        return None;
    }
    if h[i..i + len] != h[known.line..known.end] || matches!(h[i + len], b'>' | b' ' | b'\t') {
        return None;
    }
    Some((i + len, known.levels))
}

/// The quote depth of the line that holds `at`: the number of `>` in the
/// prefix of its line. The line start is looked for at most `back` bytes
/// before `at`; a line that starts further back counts as unquoted, so the
/// answer depends only on a bounded window (the streaming API relies on
/// it).
pub(crate) fn quote_depth(h: &[u8], at: usize, back: usize) -> usize {
    let lo = at.saturating_sub(back);
    let line_start = match crate::bytes::rfind2(&h[lo..at], b'\n', b'\r') {
        Some(k) => lo + k + 1,
        None if lo == 0 => 0,
        None => return 0,
    };
    if h.get(line_start) != Some(&b'>') || line_start >= at {
        return 0;
    }
    quote_run(h, line_start, at).1
}

/// The run of whitespace at `i`, line breaks included, with the quote
/// prefix after each break skipped (at most `depth` levels). Returns the
/// end of the run and the number of line breaks in it.
pub(crate) fn whitespace_run(h: &[u8], mut i: usize, end: usize, depth: &Depth) -> (usize, usize) {
    let mut breaks = 0;
    while i < end {
        match ws_at(h, i) {
            Some((len, is_break)) => {
                i += len;
                if is_break {
                    breaks += 1;
                    // The depth only matters where a prefix follows.
                    if i < end && h[i] == b'>' {
                        let d = depth.get(h);
                        if d > 0 {
                            i = skip_prefix(h, i, end, d, depth);
                        }
                    }
                }
            }
            None => break,
        }
    }
    (i.min(end), breaks)
}

/// Walks back from `at` over whitespace, line breaks and the quote
/// prefixes of the lines crossed, not below `floor`. Returns the position
/// just after the last non-blank byte before `at`, and the line breaks
/// crossed.
#[inline]
pub(crate) fn whitespace_back(h: &[u8], at: usize, floor: usize) -> (usize, usize) {
    // Nearly always the byte before is no blank: return before the loop,
    // and without a call.
    if at <= floor
        || !matches!(
            h[at - 1],
            b' ' | b'\t' | 0x0B | 0x0C | b'\n' | b'\r' | b'>' | 0x80..=0xBF
        )
    {
        return (at, 0);
    }
    whitespace_back_loop(h, at, floor)
}

#[inline(never)]
fn whitespace_back_loop(h: &[u8], at: usize, floor: usize) -> (usize, usize) {
    let mut i = at;
    let mut breaks = 0;
    while i > floor {
        let b = h[i - 1];
        match b {
            b' ' | b'\t' | 0x0B | 0x0C => i -= 1,
            b'\n' => {
                i -= 1;
                if i > floor && h[i - 1] == b'\r' {
                    i -= 1;
                }
                breaks += 1;
            }
            b'\r' => {
                i -= 1;
                breaks += 1;
            }
            b'>' => {
                // A `>` is blank only as part of the quote prefix of its line:
                // everything from the line start to here is `>` and blanks.
                let mut j = i - 1;
                while j > floor && matches!(h[j - 1], b'>' | b' ' | b'\t') {
                    j -= 1;
                }
                let at_line_start = j == 0 || matches!(h[j - 1], b'\n' | b'\r');
                if at_line_start {
                    i = j;
                } else {
                    break;
                }
            }
            0xA0 if i >= 2 && h[i - 2] == 0xC2 => i -= 2, // NBSP
            0x80..=0xBF => {
                // Another non-ASCII whitespace character (U+2000 spaces, U+3000, ...).
                let mut k = i - 1;
                while k > floor && i - k < 4 && (h[k] & 0xC0) == 0x80 {
                    k -= 1;
                }
                match char_at(h, k) {
                    Some((c, len)) if k + len == i && c.is_whitespace() => i = k,
                    _ => break,
                }
            }
            _ => break,
        }
    }
    (i, breaks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(5_000))]

        /// C-W2: a quote prefix measured by comparison with one measured
        /// before (`same_prefix`) is the one `quote_run` measures, wherever
        /// the two lines' prefixes differ and wherever the text ends.
        #[test]
        fn same_prefix_agrees_with_quote_run(
            first in prop::collection::vec(prop::sample::select(vec![b'>', b' ', b'\t']), 0..12),
            second in prop::collection::vec(prop::sample::select(vec![b'>', b' ', b'\t']), 0..12),
            after in prop::sample::select(vec![b'x', b'<', b'\n', b'>', b' ']),
            cut in 0usize..30,
        ) {
            let mut h = first.clone();
            h.extend_from_slice(b"x\n");
            let i = h.len();
            h.extend_from_slice(&second);
            h.push(after);
            h.extend_from_slice(b"yz");
            let (run_end, levels) = quote_run(&h, 0, h.len());
            let known = LinePrefix { line: 0, end: run_end, levels };
            let end = (i + cut).min(h.len());
            if let Some(got) = same_prefix(&h, i, end, known) {
                prop_assert_eq!(got, quote_run(&h, i, end));
            }
            // Identical prefixes are found by comparison where the text
            // goes on past them.
            let ends = !matches!(after, b'>' | b' ' | b'\t');
            if second == first && ends && levels > 0 && i + first.len() < end {
                prop_assert!(same_prefix(&h, i, end, known).is_some());
            }
        }
    }

    #[test]
    fn c_w1_breaks_lf_crlf_cr_and_nbsp() {
        assert_eq!(ws_at(b"\r\n", 0), Some((2, true)));
        assert_eq!(ws_at(b"\r", 0), Some((1, true)));
        assert_eq!(ws_at("\u{a0}".as_bytes(), 0), Some((2, false)));
        assert_eq!(ws_at(b"x", 0), None);
    }

    #[test]
    fn c_w2_quote_prefixes() {
        let t = b"> > see <http://a/\n> > b>";
        assert_eq!(quote_depth(t, 8, 100), 2);
        let (end, breaks) = whitespace_run(t, 18, t.len(), &Depth::fixed(2));
        assert_eq!((end, breaks), (23, 1));
        assert_eq!(&t[end..end + 1], b"b");
        // Back over "\n> > " from "b".
        assert_eq!(whitespace_back(t, 23, 0), (18, 1));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]

        /// C-W2, C-S4: a depth taken from the line prefix an earlier
        /// whitespace run skipped is the depth measured afresh, whatever
        /// the line breaks (LF, CR, CRLF, U+2028) and the window's back
        /// limit.
        #[test]
        fn c_s4_a_remembered_line_prefix_gives_the_measured_depth(
            t in prop::collection::vec(prop::sample::select(vec![
                ">", "> ", ">>", " ", "\t", "\n", "\r", "\r\n", "\u{2028}", "a", "<", "-",
            ]), 0..80),
            steps in prop::collection::vec(
                (0usize..200, 0usize..200, 1usize..120, 0usize..200), 1..12),
        ) {
            let h = t.concat().into_bytes();
            let mut memo = LinePrefix::default();
            for &(run, at, back, len) in &steps {
                let at = at.min(h.len());
                let d = Depth::of_line(at, back, memo);
                prop_assert_eq!(d.get(&h), quote_depth(&h, at, back));
                // A run from some place, up to some cap, learns the next
                // prefix.
                let run = run.min(h.len());
                whitespace_run(&h, run, h.len().min(run + len), &d);
                memo = d.learned().unwrap_or(memo);
            }
        }
    }
}
