//! A `www.` abbreviation (C-F4), read as `http://` and the host.

use super::candidate::{BareText, Candidate, Context, Rules};
use super::head::{self, Head};
use super::{Finder, Link};
use crate::delimit::rejoin::Depth;
use crate::delimit::wrapper;
use crate::delimit::Form;

impl Finder {
    /// A `www.` candidate at `p`; `depth` is the quote depth of its line
    /// (`with_depth`).
    pub(super) fn at_www<'h>(
        &self,
        cand: &mut Candidate<'h, '_>,
        p: usize,
        depth: &Depth,
    ) -> Option<(Link<'h>, usize)> {
        let h = cand.h;
        let op = wrapper::opener(h, p, cand.floor, self.back);
        if op.is_wrapper() {
            let (limits, wrap) = (&self.limits, &mut cand.memo.wrap);
            if let Some(mut d) = wrapper::delimit(h, p, op, limits, cand.end_limit, depth, wrap) {
                d.form = Form::Abbreviated;
                let rules = Rules {
                    ctx: Context::of(op),
                    ..WWW
                };
                if let Some(found) = self.finish_wrapped(h, d, &rules) {
                    return Some(found);
                }
            }
        }
        let bare = BareText {
            s: p,
            cap: self.url_cap(cand, p),
            form: Form::Abbreviated,
            rules: WWW,
        };
        let verdict = if crate::switches::head_checks() {
            head::www(h, p, bare.cap, cand.memo)
        } else {
            Head::Pass
        };
        if self.refused_by_head(cand, &bare, verdict) {
            return None;
        }
        let mut cut = None;
        let d = self.delimit_bare(cand, &bare, depth, &mut cut)?;
        let (first, last) = (d.pieces.first, d.pieces.last());
        // (Cut by a cap, or a joint the cap kept from looking: a later
        // trigger's cap is later.)
        let capped = d.truncated || d.joint_capped;
        // (A chain decided from its first pieces: not its whole text.)
        let probed = cut.is_some();
        let found = self.finish_bare(cand, d, &bare.rules, cut);
        if found.is_none() && crate::switches::head_checks() && !probed {
            // Refused by the full path (the head could not tell: a join, a
            // non-ASCII end): later `www.` triggers in its host learn it.
            cand.memo.refused_www_text(h, bare.cap, first, last, capped);
        }
        found
    }
}

/// The rules of a bare `www.` text: read as `http://` and the text.
const WWW: Rules = Rules {
    class: None,
    slashes: true,
    ctx: Context::Bare,
    prefix: Some("http://"),
};
