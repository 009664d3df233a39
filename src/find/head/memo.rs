//! What earlier triggers learnt about the bytes ahead ([`Memo`]): the next
//! `@`, a refused `www.` host, and the memos of the stages it holds.

use super::*;
use crate::delimit::bracket_cut::closer_may_cut;

/// What earlier triggers learnt about the bytes ahead. Offsets are into the
/// current window; the streaming reader forgets the memo when it drops
/// bytes (`State::shift`).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Memo {
    /// No `@` in `at_lo..at_hi`; with `at_hit`, there is one at `at_hi`.
    at_lo: usize,
    at_hi: usize,
    at_hit: bool,
    /// A `www.` trigger in `www_lo..www_hi` is refused: it lies in the
    /// host of a refused one, whose verdict it shares, if the trimming of
    /// the end (C-F7) drops the same bytes for both (`www_trim`);
    /// `www_open` is the bracket balance from `www_lo` to `www_pos`.
    pub(super) www_lo: usize,
    pub(super) www_hi: usize,
    www_trim: Trim,
    www_pos: usize,
    www_open: (isize, isize),
    /// Runs and bracket counts of the last bare candidates.
    pub(crate) bare: BareMemo,
    /// The last head check's region.
    pub(super) region: RegionMemo,
    /// The last quote prefix a whitespace run skipped.
    pub(crate) prefix: LinePrefix,
    /// The last long stretch of plain characters in a wrapper.
    pub(crate) wrap: WrapMemo,
    /// Where no `@` or `]` follows a chain's first pieces.
    pub(crate) clear: crate::find::chain::ClearMemo,
}

/// When a later `www.` trigger's text, which ends where a refused one's
/// ends, is trimmed as that one's was (`bare_end::trimmed_end`: sentence
/// punctuation, and a `)` or `]` while more of its kind close than open in
/// the text; texts whose end holds an emphasis mark are not memoized).
#[derive(Clone, Copy, Debug, Default)]
pub(super) enum Trim {
    /// Always: the URL goes on past what trimming looks at.
    #[default]
    Same,
    /// Only across a stretch where as many brackets open as close.
    Balanced,
    /// The end's run of droppable bytes (no emphasis mark in it) holds
    /// `closers` of `)`. Parentheses are counted from the start, so the
    /// later text's balance is `balance` less the stretch's; its trimming
    /// is the same where that drops as many of the run's `)`. (No `[` or
    /// `]` lies in a region: the parser cuts there.)
    Counted { balance: isize, closers: isize },
}

/// How many of `closers` trailing `)` a trimming drops where the text's
/// balance of parentheses is `balance` (`bare_end::trimmed_end`).
pub(super) fn dropped(balance: isize, closers: isize) -> isize {
    (-balance).clamp(0, closers)
}

impl Memo {
    /// Later `www.` triggers in `lo..hi` share the verdict of the refused
    /// one at `lo` where `trim` says they are trimmed alike.
    pub(super) fn set_www(&mut self, lo: usize, hi: usize, trim: Trim) {
        self.www_lo = lo;
        self.www_hi = hi;
        self.www_trim = trim;
        self.www_pos = lo;
        self.www_open = (0, 0);
    }

    /// Whether the memo refuses the `www.` trigger at `p`. Triggers come in
    /// order, so the bracket count moves forward only: each byte once.
    pub(super) fn www_refused(&mut self, h: &[u8], p: usize) -> bool {
        // (A bracket opened right before a candidate may end it, C-F7: its
        // verdict is then not a later trigger's.)
        if !(self.www_lo < p && p < self.www_hi) || closer_may_cut(h, p) {
            return false;
        }
        let (balance, closers) = match self.www_trim {
            Trim::Same => return true,
            Trim::Balanced => (0, None),
            Trim::Counted { balance, closers } => (balance, Some(closers)),
        };
        // No `)` at the end to drop: the brackets do not matter.
        if closers == Some(0) {
            return true;
        }
        if p < self.www_pos {
            return false;
        }
        let (a, b) = count_brackets(&h[self.www_pos..p]);
        self.www_open = (self.www_open.0 + a, self.www_open.1 + b);
        self.www_pos = p;
        match closers {
            None => self.www_open == (0, 0),
            Some(n) => dropped(balance - self.www_open.0, n) == dropped(balance, n),
        }
    }

    /// The `www.` candidate at `p`, with the head `r`, was refused; the
    /// full path's text ends at `end`. A later `www.` in the same host ends
    /// at the same place and has the same last label: the same verdict. So
    /// does one before the first `@`, which has the same host. Unless a
    /// port follows the host, or the trimming of the text's end could
    /// differ (emphasis depends on the byte before the start; brackets are
    /// counted from the start, so across a balanced stretch only), or the
    /// cap cut the region (a later trigger's cap is later).
    pub(super) fn refused_www(
        &mut self,
        h: &[u8],
        p: usize,
        r: &Region,
        end: usize,
        near_cap: bool,
        cap: usize,
    ) {
        // Cut by the cap, or a text end that `text_end` decided by bytes
        // up to it: a later trigger's cap is later. (Where the text ends
        // first, every later trigger's region ends there too.) A bracket
        // opened right before this one may have ended it (C-F7).
        if (cap < h.len() && r.end >= cap) || near_cap || closer_may_cut(h, p) {
            return;
        }
        // A `:` ends the host, and where a bad port cuts the URL the
        // trimming may depend on the start too: no memo.
        if r.colon {
            return;
        }
        let same = r.at.unwrap_or(end);
        // The text's end does not depend on the candidate's start where the
        // URL goes on past the region; else it does only through the
        // brackets and emphasis marks that trimming looks at.
        let goes_on = !r.cut && end == r.end && matches!(h.get(r.end), Some(b'/' | b'?' | b'#'));
        if goes_on {
            self.set_www(p, same, Trim::Same);
            return;
        }
        // The trimming of `p..r.end`, as `bare_end::trimmed_end` does it. An
        // emphasis mark among the bytes it may drop is dropped as the text
        // before the candidate says (`bare_end::emphasis_open`): no memo.
        let e = r.end;
        if h[p..e]
            .iter()
            .rev()
            .take_while(|&&b| may_drop(b) || matches!(b, b'*' | b'_'))
            .any(|&b| matches!(b, b'*' | b'_' | b';'))
        {
            return;
        }
        // Nor where it drops more than these bytes: a character beyond
        // ASCII (Soft, a closing bracket) before them, or an HTML reference
        // that a `;` among them ends.
        let tail = h[p..e]
            .iter()
            .rev()
            .take_while(|&&b| may_drop(b) || matches!(b, b'*' | b'_'))
            .count();
        if e - tail > p && h[e - tail - 1] >= 0x80 {
            return;
        }
        let run = h[p..e]
            .iter()
            .rev()
            .take_while(|&&b| may_drop(b))
            .filter(|&&b| b == b')')
            .count();
        self.set_www(
            p,
            same,
            Trim::Counted {
                // With no `)` to drop, the balance is not asked for.
                balance: if run > 0 {
                    count_brackets(&h[p..e]).0
                } else {
                    0
                },
                closers: run as isize,
            },
        );
    }

    /// The full path refused the `www.` candidate whose text is `first`
    /// (the piece on its line, from the trigger) and more pieces up to
    /// `last` (lines joined after a hyphen, C-W3); `capped`: a cap cut the
    /// text, or kept a joint after it from being looked for (no memo: a
    /// later trigger's cap is later). A later `www.` in its
    /// host on this line (the head check's region), before any `@` or `:`,
    /// has a host that is a suffix of this one's with the same continuation
    /// and end: the same last label, the same verdict (as `refused_www`).
    /// Unless a trimming could depend on the start (emphasis; brackets,
    /// across a balanced stretch only; a grapheme cluster after a
    /// non-ASCII last byte), or the cap cut the text.
    pub(crate) fn refused_www_text(
        &mut self,
        h: &[u8],
        cap: usize,
        first: (usize, usize),
        last: (usize, usize),
        capped: bool,
    ) {
        let p = first.0;
        let (ls, le) = last;
        // A bracket opened right before this one may have ended it (C-F7).
        if closer_may_cut(h, p) {
            return;
        }
        // Where the cluster rules looked at the end (C-F8: a non-ASCII
        // byte on either side), they may have moved it by what follows it
        // (a prepended letter before `)`, which this one's start dropped):
        // no memo.
        if capped || le <= ls || h[le - 1] >= 0x80 || h.get(le).is_some_and(|&b| b >= 0x80) {
            return;
        }
        // Near the cap, a character that did not fit under it ended the
        // text (unflagged); a later trigger's cap is later.
        let cap = cap.min(h.len());
        if cap < h.len() && le + 4 > cap {
            return;
        }
        // The full path trims the text at its end, and again wherever the
        // parser cuts it (anywhere in it, on any of its lines), counting
        // brackets from the start and looking at the byte before it for
        // emphasis. A later trigger's text is trimmed alike where the text,
        // with what the trimming dropped after its end, holds no emphasis
        // mark, and, where it holds a closing bracket, across a balanced
        // stretch.
        let mut k = le;
        while k < h.len() && (may_drop(h[k]) || matches!(h[k], b'*' | b'_')) {
            k += 1;
        }
        // What the trimming dropped ends at a non-ASCII character that may
        // have been in the run: the cluster rules may have dropped it and
        // more after it (a prepended letter, then an emphasis mark that
        // this one's start dropped first): no memo.
        if h.get(k).is_some_and(|&b| b >= 0x80) && !ends_at_boundary(h, k) {
            return;
        }
        let text = &h[p..k];
        // (An HTML reference the trimming dropped whole ends at `k`.)
        if contains2(text, b'*', b'_') || h.get(le) == Some(&b'&') {
            return;
        }
        // A text that is a host alone (`www.1(www.1(…)`) ends at the host's
        // last letter or digit whatever the trimming kept (`host_end_cut`):
        // its brackets do not matter.
        let host_alone = !text
            .iter()
            .any(|&b| matches!(b, b'/' | b'?' | b'#' | b'@' | b':' | b'[' | b']'));
        let trim = if contains2(text, b')', b']') && !host_alone {
            Trim::Balanced
        } else {
            Trim::Same
        };
        // Within this one's host, as the head check finds it (up to a
        // `/ ? #` or where the parser cuts it), and before an `@` or `:`.
        let r = self.region.region(h, p, cap);
        if cap < h.len() && r.end + 4 > cap {
            return;
        }
        let hi = h[p..r.end]
            .iter()
            .position(|&b| b == b'@' || b == b':')
            .map_or(r.end, |k| p + k);
        self.set_www(p, hi, trim);
    }

    /// The first `@` in `h[lo..hi]`. Amortized constant time over queries
    /// whose `lo` grows: each byte is searched once.
    pub(super) fn next_at(&mut self, h: &[u8], lo: usize, hi: usize) -> Option<usize> {
        let mut from = lo;
        if self.at_lo <= lo && lo <= self.at_hi {
            if self.at_hit {
                return (self.at_hi < hi).then_some(self.at_hi);
            }
            from = self.at_hi;
            if from >= hi {
                return None;
            }
        }
        // Search ahead of what was asked (a `memchr` call costs more to
        // start than a few bytes cost to search); what is learnt holds for
        // the later queries.
        let ahead = hi.max(from + 1024).min(h.len());
        match memchr::memchr(b'@', &h[from..ahead]) {
            Some(k) => {
                *self = Memo {
                    at_lo: lo,
                    at_hi: from + k,
                    at_hit: true,
                    ..*self
                };
                (from + k < hi).then_some(from + k)
            }
            None => {
                *self = Memo {
                    at_lo: lo,
                    at_hi: ahead,
                    at_hit: false,
                    ..*self
                };
                None
            }
        }
    }
}
