//! Chains of joined lines (C-W3; C-W6 as an option). A bare URL broken
//! after a hyphen goes on on the next line, and a chain of such lines may
//! run to its span (`max_wrapper_lines`) or the length cap. A chain the
//! finder refuses was delimited, copied and parsed again by every trigger
//! in it, to its end each: `URL:www.1-` on each line, whose host goes on
//! past the first line so that the head checks cannot tell (C-S4).
//!
//! So the finder first delimits a chain's first two pieces only (the probe
//! of `bare_end::delimit`), and decides from them where the parser stops the
//! whole text. Where the parser stops in the first pieces more than two
//! bytes before their end, and no `@` or `]` follows up to the cap, it
//! stops there in any longer text: it looks ahead only for a userinfo's
//! `@`, an IP literal's `]`, and two bytes past a `%` (a property test of
//! the parser holds this). And the whole text keeps the first pieces
//! through C-F7 and C-F8 (and a cut at the span): they end in a hyphen,
//! which trimming never drops, and a further line follows it. Where the
//! first pieces do not tell, `bare_end::resume` goes on from them to the
//! chain's end.

use super::with_prefix;
use crate::delimit::host_end::host_ends_before_cut;
use crate::delimit::Delimited;

/// `h[lo..hi]` holds neither `@` nor `]`: what the triggers of one chain
/// ask, each from a little further on, up to its cap. Offsets are into the
/// current window.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct ClearMemo {
    lo: usize,
    hi: usize,
}

impl ClearMemo {
    /// Whether `h[from..to]` holds neither `@` nor `]`. Each byte is
    /// searched once while the queries move forward.
    pub(crate) fn clear(&mut self, h: &[u8], from: usize, to: usize) -> bool {
        let to = to.min(h.len());
        if from >= to {
            return true;
        }
        let known = self.lo <= from && from <= self.hi;
        let (lo, start) = if known {
            (self.lo, self.hi)
        } else {
            (from, from)
        };
        if start >= to {
            return true;
        }
        let found = memchr::memchr2(b'@', b']', &h[start..to]);
        self.lo = lo;
        self.hi = found.map_or(to, |k| start + k);
        found.is_none()
    }
}

/// Where the parser stops the whole text of a chain, as its first pieces
/// tell (`probe_cut`).
pub(super) enum ProbeCut {
    /// It keeps this many bytes of the text (after the prefix).
    Keep(usize),
    /// It stops inside the authority: the candidate is refused (C-P3).
    InAuthority,
}

/// Where the parser stops the whole text of the chain whose first pieces
/// `d` holds (`d.more`). `None` where the first pieces do not tell. `cap`
/// is the furthest byte the chain may reach.
pub(super) fn probe_cut(
    h: &[u8],
    d: &Delimited,
    prefix: Option<&str>,
    cap: usize,
    memo: &mut ClearMemo,
) -> Option<ProbeCut> {
    debug_assert!(d.more);
    let text = d.pieces.text(h)?;
    // A hyphen ends the pieces (and a further line follows): trimming the
    // whole text never reaches into them.
    if !text.ends_with('-') {
        return None;
    }
    let plen = prefix.map_or(0, str::len);
    let url = with_prefix(text, prefix);
    let (n, m) = crate::uri::prefix_taking_hashes(url.as_bytes())?;
    if n + 2 >= url.len() || !memo.clear(h, d.pieces.end(), cap) {
        return None;
    }
    if crate::uri::stopped_in_authority(m, n)
        && !host_ends_before_cut(url.as_bytes(), m.host_span(), n)
    {
        return Some(ProbeCut::InAuthority);
    }
    Some(ProbeCut::Keep(n.saturating_sub(plen)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::replay;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(5_000))]

        /// C-S4: the memo answers as a fresh search does, the queries in
        /// order and out of order, the window losing its first bytes.
        #[test]
        fn c_s4_the_clear_memo_answers_as_a_fresh_search_does(
            h in prop::collection::vec(prop::sample::select(b"a@]-x".to_vec()), 0..400),
            queries in prop::collection::vec((0usize..400, 0usize..300), 1..30),
        ) {
            replay(&h, &queries, |memo: &mut ClearMemo, h, (from, len)| {
                let from = from.min(h.len());
                let to = (from + len).min(h.len());
                let fresh = !h[from..to].iter().any(|&b| b == b'@' || b == b']');
                prop_assert_eq!(memo.clear(h, from, from + len), fresh);
                Ok(())
            })?;
        }
    }
}
