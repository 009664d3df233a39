//! A `www.` abbreviation (C-F4), read as `http://` and the host.

use super::candidate::Context;
use super::head::{self, Head};
use super::{Finder, Link};
use crate::delimit::rejoin::Depth;
use crate::delimit::wrapper;
use crate::delimit::Form;

impl Finder {
    /// A `www.` candidate at `p`; `depth` is the quote depth of its line
    /// (`with_depth`).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn at_www<'h>(
        &self,
        h: &'h [u8],
        p: usize,
        floor: usize,
        end_limit: usize,
        line_cap: usize,
        memo: &mut head::Memo,
        depth: &Depth,
    ) -> Option<(Link<'h>, usize)> {
        let op = wrapper::opener(h, p, floor, self.back);
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
        let cap = self.url_cap(p, end_limit, line_cap);
        let verdict = if crate::switches::head_checks() {
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
        let mut cut = None;
        let form = Form::Abbreviated;
        let d = self.delimit_bare(h, p, cap, depth, form, prefix, memo, &mut cut)?;
        let (first, last) = (d.pieces.first, d.pieces.last());
        // (Cut by a cap, or a joint the cap kept from looking: a later
        // trigger's cap is later.)
        let capped = d.truncated || d.joint_capped;
        // (A chain decided from its first pieces: not its whole text.)
        let probed = cut.is_some();
        let brackets = &mut memo.bare.brackets;
        let found = self.finish_bare(h, d, None, true, prefix, brackets, cut);
        if found.is_none() && crate::switches::head_checks() && !probed {
            // Refused by the full path (the head could not tell: a join, a
            // non-ASCII end): later `www.` triggers in its host learn it.
            memo.refused_www_text(h, cap, first, last, capped);
        }
        found
    }
}
