//! A bare candidate: the head checks, its end (`bare_end::delimit`, a chain of
//! joined lines probed first), and its longest prefix that is a URI.

use std::borrow::Cow;

use super::candidate::{BareText, Candidate, Rules, Scheme};
use super::chain::{self, ProbeCut};
use super::head::{self, Head};
use super::{make_link, with_prefix, Finder, Link};
use crate::delimit::bare_end::{self, Bounds, BracketMemo};
use crate::delimit::bracket_cut::{
    closer, closer_in_pieces, closer_may_cut, square_bracket_cut, square_bracket_cut_as_written,
};
use crate::delimit::host_end::{host_char_cut, host_end_cut, host_ends_before_cut};
use crate::delimit::rejoin::Depth;
use crate::delimit::{Delimited, Form, Pieces};
use crate::scan::scheme::{KEY_FILE, KEY_MAILTO};
use crate::uri::{self, Meta, Uri};

impl Finder {
    /// The general path of a bare candidate at the scheme `at` (of a class
    /// the finder takes bare; `bare` its text) once urlx's own rules took
    /// it: the head checks, the end of its text (`delimit_bare`), its
    /// longest prefix that is a URI (`finish_bare`).
    #[inline(always)]
    pub(super) fn at_bare(
        &self,
        cand: &mut Candidate<'_, '_>,
        bare: &BareText,
        at: Scheme,
        depth: &Depth,
    ) -> Option<usize> {
        let (h, s, c, cap) = (cand.h, bare.s, at.c, bare.cap);
        let verdict = if at.key == KEY_FILE || !crate::switches::head_checks() {
            Head::Pass
        } else if bare.rules.slashes {
            head::authority(h, s, c, cap, cand.memo)
        } else if head::opaque_ok(h, c, at.key == KEY_MAILTO, cand.memo) {
            Head::Pass
        } else {
            Head::Refuse
        };
        if self.refused_by_head(cand, bare, verdict) {
            return None;
        }
        let mut cut = None;
        let d = self.delimit_bare(cand, bare, depth, &mut cut)?;
        let found = self.finish_bare(cand, d, &bare.rules, cut);
        cand.put(found)
    }

    /// `bare_end::delimit`, a chain of joined lines first as a probe of its
    /// first pieces (`chain`). `cut` is how many bytes of the text the
    /// parser keeps, where the probe tells; `None` where the parser stops
    /// the text inside its authority (C-P3).
    pub(super) fn delimit_bare(
        &self,
        cand: &mut Candidate<'_, '_>,
        bare: &BareText,
        depth: &Depth,
        cut: &mut Option<usize>,
    ) -> Option<Delimited> {
        let (h, s, cap) = (cand.h, bare.s, bare.cap);
        let bounds = Bounds {
            h,
            cap,
            depth,
            form: bare.form,
            opts: self.bare,
            probe: crate::switches::head_checks(),
        };
        let memo = &mut *cand.memo;
        let mut d = bounds.delimit(s, &mut memo.bare)?;
        if d.more {
            match chain::probe_cut(h, &d, bare.rules.prefix, cap, &mut memo.clear) {
                Some(ProbeCut::Keep(keep)) => {
                    d.more = false;
                    *cut = Some(keep);
                }
                // (Unless a bracket opened right before it may end it
                // first, C-F7: the whole text tells.)
                Some(ProbeCut::InAuthority) if !closer_may_cut(h, s) => return None,
                _ => d = bounds.resume(d, &mut memo.bare)?,
            }
        }
        Some(d)
    }

    /// Whether a head check's verdict refuses the bare candidate `bare`
    /// (`Head::Decide`: the acceptance of the candidate cut at the head).
    pub(super) fn refused_by_head(
        &self,
        cand: &mut Candidate<'_, '_>,
        bare: &BareText,
        verdict: Head,
    ) -> bool {
        match verdict {
            Head::Pass => false,
            Head::Refuse => true,
            Head::Decide(end) => {
                let d = Delimited {
                    form: bare.form,
                    pieces: Pieces::one(bare.s, end),
                    consumed: end,
                    truncated: false,
                    joint_capped: false,
                    more: false,
                    rewrap: None,
                };
                self.finish_bare(cand, d, &bare.rules, None).is_none()
            }
        }
    }

    /// Checks a bare candidate: its longest prefix that is a URI, trimmed
    /// again by C-F7 where the parser cut it (after `cut` bytes, where a
    /// chain's probe knows), and cut where the text around it says the URL
    /// ends (`bracket_cut`, `host_end`). `None` where the parser cannot
    /// take its authority whole (C-P3: no host the writer did not write).
    pub(super) fn finish_bare<'h>(
        &self,
        cand: &mut Candidate<'h, '_>,
        mut d: Delimited,
        rules: &Rules,
        mut cut: Option<usize>,
    ) -> Option<(Link<'h>, usize)> {
        let h = cand.h;
        let brackets = &mut cand.memo.bare.brackets;
        let prefix = rules.prefix;
        let plen = prefix.map_or(0, str::len);
        // The bracket opened right before the URL is looked for once: a
        // cut moves the text's end, not its start.
        let opened = closer(h, d.pieces.start());
        // Each round cuts the text shorter, or ends.
        for _ in 0..MAX_ROUNDS {
            if let Some(keep) = cut.take() {
                cut_text(h, &mut d, keep, brackets)?;
                continue;
            }
            // A bracket that closes the one opened right before the URL
            // ends it, whatever follows (C-F7), before the parser sees it.
            if let Some(q) = opened.and_then(|c| closer_in_pieces(h, &d.pieces, c)) {
                cut_text(h, &mut d, q, brackets)?;
                continue;
            }
            let one = d.pieces.rest.is_empty();
            let (url, meta) = if one && prefix.is_none() {
                // One piece, no prefix: parsed in place, so that a long text
                // the parser stops early in is not first checked whole as
                // UTF-8 (every trigger in a long run has one).
                let (s, e) = d.pieces.first;
                if let Some(k) = square_bracket_cut_as_written(&h[s..e]) {
                    cut_text(h, &mut d, k, brackets)?;
                    continue;
                }
                let (n, m) = uri::prefix_taking_hashes(&h[s..e])?;
                if n < e - s {
                    if uri::stopped_in_authority(m, n)
                        && !host_ends_before_cut(&h[s..e], m.host_span(), n)
                    {
                        return None;
                    }
                    cut_text(h, &mut d, n, brackets)?;
                    continue;
                }
                (Cow::Borrowed(crate::bytes::as_str(&h[s..e])?), m)
            } else {
                if one && prefix.is_some_and(|p| p.ends_with("://")) {
                    // A `www.` text: where the parser stops in it after
                    // `http://`, found in place (no copy of a long text);
                    // inside the authority, it is not taken whole.
                    let (s, e) = d.pieces.first;
                    let n = uri::after_slashes_taking_hashes(&h[s..e]);
                    if n < e - s {
                        if h[s + n] != b'[' {
                            memchr::memchr3(b'/', b'?', b'#', &h[s..s + n])?;
                        }
                        cut_text(h, &mut d, n, brackets)?;
                        continue;
                    }
                }
                let url = with_prefix(d.pieces.text(h)?, prefix);
                let (n, m) = uri::prefix_taking_hashes(url.as_bytes())?;
                if n < url.len() {
                    if uri::stopped_in_authority(m, n)
                        && !host_ends_before_cut(url.as_bytes(), m.host_span(), n)
                    {
                        return None;
                    }
                    cut_text(h, &mut d, n.saturating_sub(plen), brackets)?;
                    continue;
                }
                (url, m)
            };
            let cut_at = cut_by_host(&url, meta)
                .or_else(|| square_bracket_cut(url.as_bytes(), meta.path_start as usize));
            if let Some(keep) = cut_at {
                cut_text(h, &mut d, keep.checked_sub(plen)?, brackets)?;
                continue;
            }
            let u = Uri::from_parts(&url, meta);
            if !u.is_absolute() || !self.acceptable(&u, rules, d.form) {
                return None;
            }
            let mut alt = d.pieces.alt(h).map(|a| match prefix {
                Some(p) => p.to_owned() + &a,
                None => a,
            });
            d.consumed = d.pieces.end();
            // C-W7: the URL joined with the next line's text, where a mail
            // client may have re-wrapped it: the alternative, when it is a
            // URL whole.
            let mut rewrap = 0;
            if let (Some((j, e2)), None) = (d.rewrap, &alt) {
                if let Some(joined) = self.joined_reading(h, &url, j..e2, rules, d.form) {
                    alt = Some(joined);
                    rewrap = u32::try_from(e2 - d.consumed).unwrap_or(0);
                }
            }
            let mut link = make_link(url, &d, meta, alt);
            link.rewrap = rewrap;
            return Some((link, d.consumed));
        }
        None
    }
}

impl Finder {
    /// C-W7: `url` joined with the next line's text `h[next]` (trimmed by
    /// C-F7), where that is a URL whole and one the finder takes.
    fn joined_reading(
        &self,
        h: &[u8],
        url: &str,
        next: std::ops::Range<usize>,
        rules: &Rules,
        form: Form,
    ) -> Option<String> {
        let (j, e2) = (next.start, next.end);
        let t = bare_end::trimmed_end(h, j, e2, &mut BracketMemo::default());
        let more = crate::bytes::as_str(&h[j..t])?;
        if more.is_empty() {
            return None;
        }
        let joined = format!("{url}{more}");
        let (n, m) = uri::prefix_taking_hashes(joined.as_bytes())?;
        let u = Uri::from_parts(&joined, m);
        let whole = n == joined.len() && u.is_absolute();
        (whole && self.acceptable(&u, rules, form)).then_some(joined)
    }
}

/// How many times `finish_bare` cuts a text at most: the parser, C-F7,
/// a closing bracket, a host's end; each cut is shorter.
const MAX_ROUNDS: usize = 8;

/// Where its host ends the URL `url` (parsed as `m`): at a character no
/// domain name holds (C-F8), at the last byte a host may end with (C-F7),
/// or where a `mailto:` address ends (`accept::mailto_cut`). How many bytes
/// of `url` to keep.
// PERF: inlined into `finish_bare`, which asks it of every candidate (a
// call copied the components each time): `valgrind --tool=callgrind
// target/release/urlx -j1 --no-mail` over link-dense text.
#[inline(always)]
pub(super) fn cut_by_host(url: &str, m: Meta) -> Option<usize> {
    m.host()
        .and_then(|host| host_char_cut(url, host))
        .or_else(|| {
            let host = m.host_at_end(url.len())?;
            host_end_cut(url.as_bytes(), host)
        })
        .or_else(|| super::accept::mailto_cut(url, m))
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
    bare_end::retrim(h, &mut d.pieces, keep, brackets);
    d.truncated = false;
    (d.pieces.len() > 0).then_some(())
}
