//! A bare candidate: the head checks, its end (`bare::delimit`, a chain of
//! joined lines probed first), and its longest prefix that is a URI.

use std::borrow::Cow;

use super::candidate::Context;
use super::head::{self, Head};
use super::{chain, make_link, put, with_prefix, Finder, Link};
use crate::delimit::bare::{self, BracketMemo};
use crate::delimit::rejoin::Depth;
use crate::delimit::{Delimited, Form, Pieces};
use crate::scan::scheme::SchemeClass;
use crate::uri::{self, Syntax, Uri};

impl Finder {
    /// The general path of a bare candidate at `s` (scheme `h[s..c]` of
    /// class `class`, which the finder takes bare; `cap` its cap) once
    /// urlx's own rules took it: the head checks, the end of its text
    /// (`delimit_bare`), its longest prefix that is a URI (`finish_bare`).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn at_bare<'h>(
        &self,
        h: &'h [u8],
        s: usize,
        c: usize,
        cap: usize,
        form: Form,
        class: SchemeClass,
        slashes: bool,
        mailto: bool,
        file: bool,
        memo: &mut head::Memo,
        depth: &Depth,
        out: &mut Option<Link<'h>>,
    ) -> Option<usize> {
        let verdict = if file || !crate::switches::head_checks() {
            Head::Pass
        } else if slashes {
            head::authority(h, s, c, cap, memo)
        } else if head::opaque_ok(h, c, mailto, memo) {
            Head::Pass
        } else {
            Head::Refuse
        };
        if self.refused_by_head(
            h,
            s,
            form,
            verdict,
            Some(class),
            slashes,
            None,
            &mut memo.bare.brackets,
        ) {
            return None;
        }
        let mut cut = verdict.parser_cut().map(Cut::At);
        let d = self.delimit_bare(h, s, cap, depth, form, None, memo, &mut cut)?;
        let brackets = &mut memo.bare.brackets;
        put(
            out,
            self.finish_bare(h, d, Some(class), slashes, None, brackets, cut),
        )
    }

    /// `bare::delimit`, a chain of joined lines first as a probe of its
    /// first pieces (`chain`). `cut` is where the parser stops the text, if
    /// known: from the head check (`Cut::At`), or from the probe.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn delimit_bare(
        &self,
        h: &[u8],
        s: usize,
        cap: usize,
        depth: &Depth,
        form: Form,
        prefix: Option<&str>,
        memo: &mut head::Memo,
        cut: &mut Option<Cut>,
    ) -> Option<Delimited> {
        let probe = crate::switches::head_checks();
        let mut d = bare::delimit(h, s, cap, depth, form, self.bare, &mut memo.bare, probe)?;
        if d.more {
            if let Some(keep) = chain::probe_cut(h, &d, prefix, cap, &mut memo.clear) {
                d.more = false;
                *cut = Some(Cut::Keep(keep));
            } else {
                d = bare::resume(h, d, cap, depth, self.bare, &mut memo.bare)?;
            }
        }
        Some(d)
    }

    /// Whether a head check's verdict refuses the bare candidate at `s`
    /// (`Head::Decide`: the acceptance of the candidate cut at the head).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn refused_by_head(
        &self,
        h: &[u8],
        s: usize,
        form: Form,
        verdict: Head,
        class: Option<SchemeClass>,
        slashes: bool,
        prefix: Option<&str>,
        brackets: &mut BracketMemo,
    ) -> bool {
        match verdict {
            Head::Pass | Head::Cut(_) => false,
            Head::Refuse => true,
            Head::Decide(end) => {
                let d = Delimited {
                    form,
                    pieces: Pieces::one(s, end),
                    consumed: end,
                    truncated: false,
                    joint_capped: false,
                    more: false,
                };
                self.finish_bare(h, d, class, slashes, prefix, brackets, None)
                    .is_none()
            }
        }
    }

    /// Checks a bare candidate: its longest prefix that is a URI, trimmed
    /// again by C-F7 where the parser cut it (at `cut`, where the head
    /// check knows).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn finish_bare<'h>(
        &self,
        h: &'h [u8],
        mut d: Delimited,
        class: Option<SchemeClass>,
        slashes: bool,
        prefix: Option<&str>,
        brackets: &mut BracketMemo,
        mut cut: Option<Cut>,
    ) -> Option<(Link<'h>, usize)> {
        let plen = prefix.map_or(0, str::len);
        for _ in 0..3 {
            // Where the head check or a chain's probe found where the
            // parser stops the text, the first parse is that cut.
            match cut.take() {
                Some(Cut::At(q)) => {
                    let (s, e) = d.pieces.first;
                    if d.pieces.rest.is_empty() && s < q && q < e {
                        cut_text(h, &mut d, q - s, brackets)?;
                        continue;
                    }
                }
                Some(Cut::Keep(keep)) => {
                    cut_text(h, &mut d, keep, brackets)?;
                    continue;
                }
                None => {}
            }
            let one = d.pieces.rest.is_empty();
            let (url, meta) = if one && prefix.is_none() {
                // One piece, no prefix: parsed in place, so that a long text
                // the parser stops early in is not first checked whole as
                // UTF-8 (every trigger in a long run has one).
                let (s, e) = d.pieces.first;
                let (n, m) = uri::parse_prefix_bytes(&h[s..e], Syntax::Iri)?;
                if n < e - s {
                    cut_text(h, &mut d, n, brackets)?;
                    continue;
                }
                (Cow::Borrowed(crate::scan::bytes::as_str(&h[s..e])?), m)
            } else {
                if one && prefix.is_some_and(|p| p.ends_with("://")) {
                    // A `www.` text: where the parser stops in it after
                    // `http://`, found in place (no copy of a long text).
                    let (s, e) = d.pieces.first;
                    let n = uri::prefix_after_slashes(&h[s..e], Syntax::Iri);
                    if n < e - s {
                        cut_text(h, &mut d, n, brackets)?;
                        continue;
                    }
                }
                let url = with_prefix(d.pieces.text(h)?, prefix);
                let u = uri::parse_prefix(&url, Syntax::Iri)?;
                let n = u.as_str().len();
                if n < url.len() {
                    cut_text(h, &mut d, n.saturating_sub(plen), brackets)?;
                    continue;
                }
                let m = u.meta();
                (url, m)
            };
            let u = Uri::from_parts(&url, meta);
            if !u.is_absolute()
                || !self.acceptable(&u, class, slashes, Context::Bare, prefix.is_some())
            {
                return None;
            }
            let alt = d.pieces.alt(h).map(|a| match prefix {
                Some(p) => p.to_owned() + &a,
                None => a,
            });
            d.consumed = d.pieces.end();
            return Some((make_link(url, &d, meta, alt), d.consumed));
        }
        None
    }
}

/// Where the parser stops a candidate's text, known before it is parsed.
#[derive(Clone, Copy, Debug)]
pub(super) enum Cut {
    /// At this byte of the input, in a one-piece text (`Head::Cut`).
    At(usize),
    /// After this many bytes of the text (a chain's probe, `chain`).
    Keep(usize),
}

/// The parser took only the first `keep` bytes of the text: what is left
/// is trimmed by C-F7 again, and no longer cut by a cap. `None` where
/// nothing is left.
pub(super) fn cut_text(
    h: &[u8],
    d: &mut Delimited,
    keep: usize,
    brackets: &mut BracketMemo,
) -> Option<()> {
    if keep == 0 {
        return None;
    }
    bare::retrim(h, &mut d.pieces, keep, brackets);
    d.truncated = false;
    (d.pieces.len() > 0).then_some(())
}
