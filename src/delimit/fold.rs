//! C-W8: URLs folded by RFC 8792 ("Handling Long Lines in Content of
//! Internet-Drafts and RFCs"). A text that declares the wrapping (`NOTE:
//! '\' line wrapping per RFC 8792`, or `'\\'` for the double-backslash
//! strategy) ends a folded line with `\`; the continuation's leading spaces
//! are not content (§7.2.2), and in the double-backslash strategy a `\`
//! after them marks where it goes on (§8.2.2). Where the text declares it,
//! a URL is joined across the fold; where it does not, the joined reading
//! is the alternative only.

#![forbid(unsafe_code)]

/// How far before a URL the header that declares the wrapping is looked
/// for: RFC 8792 puts it at the top of each folded figure, and a figure
/// is rarely longer.
pub(crate) const HEADER_REACH: usize = 8192;

/// The header's words after `NOTE: '\'` or `NOTE: '\\'`.
const HEADER_TAIL: &[u8] = b"' line wrapping per RFC 8792";

/// RFC 8792's two strategies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Strategy {
    /// `\` at the end of a folded line; the continuation starts at its
    /// first character that is not a space (§7).
    Single,
    /// The same, and a `\` after the continuation's spaces (§8).
    Double,
}

/// Where the text goes on after a fold at `i` (a `\` right before a line
/// break) by `strategy`: the first byte of the next line that is not a
/// space, past a `\` there for `Double`. `None` where no line break
/// follows the `\`, or nothing but whitespace does on the next line.
pub(crate) fn continuation(h: &[u8], i: usize, strategy: Strategy) -> Option<usize> {
    if h.get(i) != Some(&b'\\') {
        return None;
    }
    let mut j = match super::rejoin::ws_at(h, i + 1)? {
        (len, true) => i + 1 + len,
        _ => return None,
    };
    while h.get(j) == Some(&b' ') {
        j += 1;
    }
    if strategy == Strategy::Double {
        if h.get(j) != Some(&b'\\') {
            return None;
        }
        j += 1;
    }
    h.get(j)
        .is_some_and(|b| !b.is_ascii_whitespace())
        .then_some(j)
}

/// Whether a fold at `i` looks like one in text that does not declare it:
/// a `\` right after URL text, a line break, and an indented line.
pub(crate) fn undeclared_continuation(h: &[u8], i: usize) -> Option<usize> {
    let j = continuation(h, i, Strategy::Single)?;
    // Indented: a space before the continuation on its line.
    (h[j - 1] == b' ').then_some(j)
}

/// The strategy that a header before `s` (within [`HEADER_REACH`])
/// declares, the nearest one: kept across the candidates of one text, so
/// that each byte is searched about once.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct FoldMemo {
    /// `h[from..to]` was searched; `found` is its last header.
    searched: Option<(usize, usize)>,
    found: Option<(usize, Strategy)>,
}

impl FoldMemo {
    /// The strategy declared by the last header that ends before `s`,
    /// starting at most [`HEADER_REACH`] bytes before it.
    pub(crate) fn declared(&mut self, h: &[u8], s: usize) -> Option<Strategy> {
        let lo = s.saturating_sub(HEADER_REACH);
        let found = match self.searched {
            Some((from, to)) if from <= lo && to <= s => {
                // (From a header's length before `to`: one across it.)
                last_header(h, to.saturating_sub(HEADER_TAIL.len() + 10).max(lo), s).or(self.found)
            }
            _ => last_header(h, lo, s),
        };
        self.searched = Some((lo, s));
        self.found = found;
        found
            .filter(|&(at, _)| at >= lo)
            .map(|(_, strategy)| strategy)
    }
}

/// The last header in `h[lo..s]`: where its `NOTE` starts, and its
/// strategy.
fn last_header(h: &[u8], lo: usize, s: usize) -> Option<(usize, Strategy)> {
    let mut end = s;
    while end > lo {
        let k = lo + memchr::memmem::rfind(&h[lo..end], HEADER_TAIL)?;
        let before = &h[lo..k];
        if before.ends_with(b"NOTE: '\\\\") && k >= lo + 9 {
            return Some((k - 9, Strategy::Double));
        }
        if before.ends_with(b"NOTE: '\\") && k >= lo + 8 {
            return Some((k - 8, Strategy::Single));
        }
        end = k;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c_w8_headers_and_continuations() {
        let single = b"=== NOTE: '\\' line wrapping per RFC 8792 ===\n\n  x\\\n     y";
        let double = b"=== NOTE: '\\\\' line wrapping per RFC 8792 ===\n\n  x\\\n     \\y";
        let mut m = FoldMemo::default();
        assert_eq!(m.declared(single, single.len()), Some(Strategy::Single));
        let mut m = FoldMemo::default();
        assert_eq!(m.declared(double, double.len()), Some(Strategy::Double));
        let mut m = FoldMemo::default();
        assert_eq!(m.declared(b"no header here\\\n  y", 18), None);
        // Single: the continuation's first non-space byte; double: past its `\`.
        let i = single.len() - 8;
        assert_eq!(
            continuation(single, i, Strategy::Single),
            Some(single.len() - 1)
        );
        let i = double.len() - 9;
        assert_eq!(
            continuation(double, i, Strategy::Double),
            Some(double.len() - 1)
        );
        assert_eq!(
            continuation(double, i, Strategy::Single),
            Some(double.len() - 2)
        );
        assert_eq!(continuation(b"x\\ y", 1, Strategy::Single), None);
        assert_eq!(continuation(b"x\\\n\n", 1, Strategy::Single), None);
        assert_eq!(undeclared_continuation(b"x\\\ny", 1), None);
        assert_eq!(undeclared_continuation(b"x\\\n y", 1), Some(4));
    }

    /// The memo gives what a search afresh gives, candidate after
    /// candidate, and forgets a header past its reach.
    #[test]
    fn c_w8_the_memo_is_a_search_afresh() {
        let mut h = b"x ".repeat(100);
        h.extend_from_slice(b"NOTE: '\\' line wrapping per RFC 8792\n\n");
        h.extend(b"y ".repeat(HEADER_REACH));
        let mut m = FoldMemo::default();
        for s in (0..h.len()).step_by(97) {
            let want = last_header(&h, s.saturating_sub(HEADER_REACH), s).map(|(_, st)| st);
            assert_eq!(m.declared(&h, s), want, "{s}");
        }
    }
}
