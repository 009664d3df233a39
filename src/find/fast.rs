//! The fast paths: the common bare `scheme://` URL (`fast_bare`) and the
//! common `<…>` or quoted one (`wrapped_common`, most links in mail), each
//! one run of ASCII URL bytes of a shape the parser's one-pass path takes.
//! They take the same steps as the general path (`bare_end::delimit` or
//! `wrapper::delimit`, then `finish_bare` or `finish_wrapped`): the run's
//! end, C-F7 trimming, the parse, `acceptable`; and hand every other case
//! to it. The general machinery (pieces, joints, alternatives, retrimming)
//! is most of a link's cost where it is not needed. Property tests compare
//! the links found with and without these paths (`find::head` tests).

use std::borrow::Cow;

use super::candidate::{Candidate, Context, Rules};
use super::general::cut_by_host;
use super::{Finder, Link};
use crate::delimit::bare_end;
use crate::delimit::bracket_cut::{closer_cut, closer_may_cut};
use crate::delimit::host_end::host_end_cut;
use crate::delimit::rejoin::{ws_at, Depth};
use crate::delimit::wrapper::{self, Opener};
use crate::delimit::Form;
use crate::scan::scheme::SchemeClass;
use crate::uri;

/// The longest run of URL bytes the fast path parses (`short_run`): most
/// URLs of mail text are shorter, and a longer one, parsed by the general
/// path, costs little more beside its length.
const SHORT_RUN: usize = 128;

impl Finder {
    /// A wrapped candidate from `s` after the opener `op` in the common case:
    /// one run of ASCII URL bytes that ends at the closer, of a shape the
    /// one-pass parser takes. The same steps as `wrapper::delimit` and
    /// `finish_wrapped` without their generality (most links in mail are
    /// `<…>`). `None` when the general path must decide: whitespace or a
    /// non-ASCII character inside, no closer right after the run, line
    /// breaks between the opener and the URL, a text the one-pass parser
    /// does not take. `Some(Some(end))`: the link is in `out`, and its
    /// wrapper ends at `end`; `Some(None)`: the general path would find no
    /// URL in this wrapper either.
    // PERF: `cargo bench --bench extract` (mail text: without it, the
    // general wrapper path costs a tenth more instructions on the
    // SpamAssassin corpus).
    pub(super) fn wrapped_common(
        &self,
        cand: &mut Candidate<'_, '_>,
        s: usize,
        op: Opener,
        rules: &Rules,
        depth: &Depth,
    ) -> Option<Option<usize>> {
        let (h, end_limit) = (cand.h, cand.end_limit);
        if !crate::switches::fast_path() {
            return None;
        }
        let (close, spaces, form, open_at, breaks) = wrapper::shape(op)?;
        if breaks > 0 {
            return None;
        }
        let cap = end_limit
            .min(open_at + self.limits.max_wrapper_bytes)
            .min(h.len());
        let e = crate::bytes::url_run(h, s, cap, close[0]);
        if e == s || e >= cap {
            return None;
        }
        if !crate::bytes::has_at(h, e, close) {
            // Whitespace, then a byte that ends the wrapper (or the cap):
            // no URL in it (quoted mail: `<http://a/` at a line's end, a
            // `<` after the next line's prefix). `wrapper::delimit` takes
            // the same steps.
            if ws_at(h, e).is_some() {
                match wrapper::blank(h, e, cap, close, spaces, depth) {
                    wrapper::Blank::Refused => return Some(None),
                    // (Too many lines would refuse it too.)
                    wrapper::Blank::Joint { j, .. } if j >= cap || wrapper::ends_wrapper(h[j]) => {
                        return Some(None)
                    }
                    _ => {}
                }
            }
            return None;
        }
        if e - s > self.limits.max_url_len {
            return Some(None);
        }
        let found = self.common_link(&h[s..e], s, form, rules, false, cand.out)?;
        Some(found.then_some(e + close.len()))
    }

    /// The fast path for a bare `scheme://` text of a scheme the finder
    /// takes bare, whose host starts with a letter or digit: one look
    /// (`one_look`) decides most; else a run of ASCII URL bytes of at most
    /// `SHORT_RUN` bytes, of a shape the one-pass parser takes
    /// (`short_run`). The same steps as the general path (`bare_end::delimit`
    /// and `finish_bare`: the run's end, C-F7 trimming, the parse,
    /// `acceptable`) without its generality, which is most of a link's
    /// cost. `None`: the general path decides.
    // PERF: `cargo bench --bench extract` (mail text) and `cargo bench
    // --bench adversarial` (the link-dense families).
    #[inline(always)]
    pub(super) fn fast_bare(
        &self,
        cand: &mut Candidate<'_, '_>,
        s: usize,
        c: usize,
        cap: usize,
        class: SchemeClass,
    ) -> Option<Option<usize>> {
        if !crate::switches::fast_path() {
            return None;
        }
        if let Some(found) = self.one_look(cand, s, c, cap) {
            return Some(found);
        }
        self.short_run(cand, s, c, cap, class)
    }

    /// `fast_bare` where the look did not decide: the run of ASCII URL
    /// bytes from `s` (not past `cap`), when it is at most `SHORT_RUN`
    /// bytes (a longer run goes to the general path, whose head checks
    /// refuse a hostile run from its first bytes, where this would parse it
    /// for every trigger in it). `None` when the general path must decide:
    /// a longer run, a non-ASCII character at the end (it may go on the
    /// URL, or end it inside a grapheme) unless it ends the URL at a
    /// cluster boundary, a hyphen or line end that may be joined (C-W3,
    /// C-W6), a text the parser cuts or does not take in one pass, a text
    /// that ends where the text around it says so (`bracket_cut::closer_cut`,
    /// `host_end::host_end_cut`), or at a line's end before a quoted line
    /// (`may_rewrap`).
    #[inline(always)]
    fn short_run(
        &self,
        cand: &mut Candidate<'_, '_>,
        s: usize,
        c: usize,
        cap: usize,
        class: SchemeClass,
    ) -> Option<Option<usize>> {
        let (h, memo) = (cand.h, &mut *cand.memo);
        let cap = cap.min(h.len());
        let e = memo
            .bare
            .ascii
            .end(h, s, cap, |h, i, cap| crate::bytes::url_run(h, i, cap, 0));
        if e - s > SHORT_RUN {
            return None;
        }
        let truncated = e >= cap && cap < h.len();
        // (A `\` after the run may fold it, RFC 8792: C-W8.)
        if e == s
            || (!truncated
                && (h[e - 1] == b'-' || self.bare.join_unhyphenated || h.get(e) == Some(&b'\\')))
        {
            return None;
        }
        // A non-ASCII character after the run may go on the URL (an IRI,
        // or `。` `»` `）` that C-F7 drops), or end it inside a grapheme
        // cluster: the general path decides, unless it plainly ends it (a
        // space, a bidirectional control).
        if h.get(e).is_some_and(|&b| b >= 0x80) && (truncated || !plain_end(h, e)) {
            return if truncated {
                None
            } else {
                self.non_ascii_run(cand, s, c, e, cap, class)
            };
        }
        let t = bare_end::trimmed_end(h, s, e, &mut memo.bare.brackets);
        if t == s || closer_cut(h, s, &h[s..t]).is_some() || may_rewrap(h, t) {
            return None;
        }
        let text = &h[s..t];
        let found = self.common_link(text, s, Form::Bare, &bare(class), truncated, cand.out)?;
        Some(found.then_some(t))
    }

    /// `short_run` where the run of ASCII bytes (to `ascii_end`) stops at a character
    /// beyond ASCII that may go on the URL (`https://пример.рф/страница`,
    /// `http://d.example/日本語`): the run of URL characters (C-F8) of at
    /// most `SHORT_RUN` bytes, ending at a cluster boundary and followed by
    /// no joint (C-W3, C-W8), trimmed (C-F7), parsed whole as an IRI and
    /// cut by none of the rules on hosts, brackets and the text around it.
    /// The same steps as the general path (`bare_end::delimit` and
    /// `finish_bare` on one piece) without its memos, joints and cuts:
    /// `None` wherever one of those would act, and the general path
    /// decides.
    // PERF: `valgrind --tool=callgrind target/profiling/examples/count`
    // over lines ending in `https://пример.рф/страница` (and `cargo bench
    // --bench extract -- intl`).
    #[inline(never)]
    fn non_ascii_run(
        &self,
        cand: &mut Candidate<'_, '_>,
        s: usize,
        c: usize,
        ascii_end: usize,
        cap: usize,
        class: SchemeClass,
    ) -> Option<Option<usize>> {
        let (h, memo) = (cand.h, &mut *cand.memo);
        // Where the ASCII text of the host holds a byte no host does
        // (`http://a)@/é`), the general path's head checks decide at once.
        let plain_host = h[c + 3..ascii_end]
            .iter()
            .take_while(|&&b| b != b'/')
            .all(|&b| b.is_ascii_alphanumeric() || b == b'.' || b == b'-');
        if !plain_host {
            return None;
        }
        // Through the general path's memo: the triggers of one long run
        // scan it once (C-S4).
        let cap = cap.min(h.len());
        let e = memo.bare.run.end(h, s, cap, bare_end::run_end);
        if e - s > SHORT_RUN || e >= cap || h[e - 1] == b'-' || h[e] == b'\\' {
            return None;
        }
        // A bracket opened before the URL that may close in it, a `]`
        // that may cut it (C-F7): the general path.
        if closer_may_cut(h, s) || memchr::memchr(b']', &h[s..e]).is_some() {
            return None;
        }
        let mut pieces = crate::delimit::Pieces::one(s, e);
        crate::delimit::trim::trim_end(h, &mut pieces, &mut memo.bare.brackets);
        let t = pieces.end();
        if t == s || may_rewrap(h, t) {
            return None;
        }
        // C-F8: the end is a cluster boundary.
        if (h[t - 1] >= 0x80 || h[t] >= 0x80)
            && crate::delimit::unicode::grapheme_floor(&h[s..t], t - s, &h[t..cap.min(t + 32)])
                < t - s
        {
            return None;
        }
        let (n, m) = uri::prefix_taking_hashes(&h[s..t])?;
        if n < t - s {
            return None;
        }
        let text = crate::bytes::as_str(&h[s..t])?;
        if cut_by_host(text, m).is_some() {
            return None;
        }
        let u = uri::Uri::from_parts(text, m);
        if !u.is_absolute() || !self.acceptable(&u, &bare(class), Form::Bare) {
            return None;
        }
        put_common(cand.out, text, s, Form::Bare, m, false);
        Some(Some(t))
    }

    /// The link whose text `text` starts at `start`, written into `out`,
    /// when the one-pass parser takes it: `Some(true)`; `Some(false)` when
    /// it is no absolute URL that `acceptable` takes; `None`: the general
    /// path decides. The parser goes first: a long text it does not take
    /// is not checked as UTF-8.
    // Always inlined, and written into `out`: built in its callers' place,
    // the link is not moved through an `Option`.
    // PERF: `cargo bench --bench extract` (mail text) and `cargo bench
    // --bench adversarial` (link-dense text).
    #[inline(always)]
    fn common_link<'h>(
        &self,
        text: &'h [u8],
        start: usize,
        form: Form,
        rules: &Rules,
        truncated: bool,
        out: &mut Option<Link<'h>>,
    ) -> Option<bool> {
        let (slashes, ctx) = (rules.slashes, rules.ctx);
        let m = uri::parse_common_meta(text)?;
        // A bare text that ends in its host on a byte no host ends with:
        // the general path cuts it (`host_end::host_end_cut`).
        if ctx == Context::Bare
            && m.host_at_end(text.len())
                .is_some_and(|host| host_end_cut(text, host).is_some())
        {
            return None;
        }
        // ASCII: the one-pass parser takes nothing else.
        let text = crate::bytes::as_str(text)?;
        let u = uri::Uri::from_parts(text, m);
        // `acceptable`'s answer for most links, from the components while
        // they are in registers (a call would read them back from memory
        // right after they were stored): a host after `//` that starts
        // with a letter or digit names something.
        // (Bytes, not the host's `str`: a `str` range is checked at char
        // boundaries by a call.)
        let named = slashes
            && m.has_authority
            && m.host_end > m.host_start
            && text.as_bytes()[m.host_start as usize].is_ascii_alphanumeric();
        if !u.is_absolute() || !(named || self.acceptable(&u, rules, form)) {
            return Some(false);
        }
        put_common(out, text, start, form, u.meta(), truncated);
        Some(true)
    }

    /// `fast_bare` for a `scheme://` text (`c` is the colon) that one
    /// [`bytes::look`](crate::bytes::look) reads whole before `cap`: a host
    /// that starts with a letter or digit, no byte that asks for the
    /// general rules (`% [ ] @ ( :`: percent-encodings, IP literals,
    /// userinfo, brackets, a port), at most one `#`, no emphasis mark, a
    /// byte no host ends with or hyphen at its end, no bracket opened right
    /// before it that closes in it, and after it a byte that ends a URL or
    /// a non-ASCII character that plainly does (`。`, `»`). Its end, the
    /// C-F7 trimming (every `)` unmatched, no `(` in it) and the parse
    /// come from the look's masks: a few steps for the whole text, where
    /// the run, the trimming and the parse would each walk it. `None`:
    /// `short_run` decides.
    #[inline(always)]
    fn one_look(
        &self,
        cand: &mut Candidate<'_, '_>,
        s: usize,
        c: usize,
        cap: usize,
    ) -> Option<Option<usize>> {
        let h = cand.h;
        let form = Form::Bare;
        let a = c + 3;
        if !h.get(a)?.is_ascii_alphanumeric() || self.bare.join_unhyphenated {
            return None;
        }
        let look = crate::bytes::look(h, a)?;
        let e = a + look.len;
        // Not cut by a cap; ended by a byte that ends a URL (not one that
        // asks for the general rules), or by a non-ASCII character that
        // plainly ends it (as in `short_run`), not one that may go on the
        // run; not a hyphen that
        // a line break may follow.
        if e >= cap
            || crate::bytes::URL_BYTE[usize::from(h[e])]
            || h[e - 1] == b'-'
            || h[e] == b'\\'
            || (h[e] >= 0x80 && !plain_end(h, e))
        {
            return None;
        }
        // C-F7 (`bare_end::trimmed_end`): no `(` or `[` in the text, no emphasis
        // mark before it, so every byte it may drop does, from the end: the
        // top run of the look's droppable bytes (below its first byte, a
        // letter or digit), without a byte loop.
        debug_assert!(1 <= look.len && look.len < 64);
        let drops = (look.drop | look.query) << (64 - look.len);
        let t = e - (!drops).leading_zeros() as usize;
        // An emphasis mark left at the end: dropped or kept as the text
        // before the URL says (`bare_end::emphasis_open`), which the general
        // path reads.
        if matches!(h[t - 1], b'*' | b'_') {
            return None;
        }
        // A `;` dropped may have ended an HTML reference (`&gt;`), which
        // the general path drops whole.
        if memchr::memchr(b';', &h[t..e]).is_some() {
            return None;
        }
        debug_assert_eq!(t, bare_end::trim_unbracketed(h, a, e));
        // The parts, as offsets from `a`, then from `s`.
        let k = t - a;
        let below = (1u64 << k) - 1;
        let hash = look.hash & below;
        if hash & hash.wrapping_sub(1) != 0 {
            // A second `#`: the general parse decides.
            return None;
        }
        let first = |mask: u64| (mask != 0).then(|| mask.trailing_zeros() as usize);
        let fragment = first(hash);
        let host_end = first((look.slash | look.query | hash) & below).unwrap_or(k);
        // C-F7 by the text around it: a host that ends on a byte no host
        // ends with, a bracket opened right before the URL that closes in
        // it (`host_end::host_end_cut`, `bracket_cut::closer_cut`): the general path.
        if (host_end == k && !h[t - 1].is_ascii_alphanumeric())
            || closer_cut(h, s, &h[s..t]).is_some()
            || may_rewrap(h, t)
        {
            return None;
        }
        let query = first(look.query & below & ((1u64 << fragment.unwrap_or(k)) - 1));
        let from_s = |at: usize| a - s + at;
        let text = &h[s..t];
        let meta = uri::authority_meta(
            text,
            c - s,
            from_s(host_end),
            query.map(from_s),
            fragment.map(from_s),
        );
        // ASCII (the scheme's bytes, `://`, and bytes the look took, which
        // ends at every other byte), but the conversion checks it.
        let text = crate::bytes::as_str(text)?;
        put_common(cand.out, text, s, form, meta, false);
        Some(Some(t))
    }
}

/// The rules of a bare `scheme://` URL of the class `class`.
#[inline(always)]
fn bare(class: SchemeClass) -> Rules {
    Rules {
        class: Some(class),
        slashes: true,
        ctx: Context::Bare,
        prefix: None,
    }
}

/// Whether the non-ASCII character at `e`, after the ASCII text of a bare
/// URL, plainly ends it: a character that ends URLs, at a cluster
/// boundary (C-F8), or sentence punctuation or a closer that C-F7 drops
/// before whitespace (`…/x。 `, `（…/z） `).
// PERF: without the second, every URL before `。` or `）` takes the general
// path: `urlx -j1 --no-mail -o` over Russian and Japanese lines
// (benches/extract.rs `intl_text`) took 1.3 times as long.
#[inline]
fn plain_end(h: &[u8], e: usize) -> bool {
    bare_end::ends_at_boundary(h, e) || bare_end::dropped_at_end(h, e)
}

/// Whether a bare URL that ends at `t` ends its line and a quoted line
/// follows: a mail client may have re-wrapped it there (C-W7), which the
/// general path looks at.
#[inline]
fn may_rewrap(h: &[u8], t: usize) -> bool {
    match h.get(t) {
        Some(b'\n') => h.get(t + 1) == Some(&b'>'),
        Some(b'\r') => match h.get(t + 1) {
            Some(b'\n') => h.get(t + 2) == Some(&b'>'),
            next => next == Some(&b'>'),
        },
        _ => false,
    }
}

/// Writes the common paths' link into `out`.
#[inline(always)]
fn put_common<'h>(
    out: &mut Option<Link<'h>>,
    text: &'h str,
    start: usize,
    form: Form,
    meta: uri::Meta,
    truncated: bool,
) {
    *out = Some(Link {
        url: Cow::Borrowed(text),
        start,
        end: start + text.len(),
        line: 0,
        column: 0,
        form,
        alt: None,
        meta,
        truncated,
        rewrap: 0,
    });
}
