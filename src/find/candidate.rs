//! What a trigger starts: `URL:` and its URL, a `scheme:` in a wrapper or
//! bare, a `www.` abbreviation, an e-mail address; which rules its
//! context applies ([`Context`]).

use super::{head, put, Finder, Link};
use crate::delimit::rejoin::{whitespace_run, Depth};
use crate::delimit::wrapper::{self, Opener};
use crate::delimit::Form;
use crate::scan::scheme::{
    self, is_scheme_byte, SchemeClass, KEY_FILE, KEY_MAILTO, KEY_URL, MAX_SCHEME_LEN,
};
use crate::scan::{Trigger, TriggerKind};

/// Which rules a candidate's scheme meets.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Context {
    /// `<URL:…>`: any absolute URI.
    UrlAngle,
    /// `<…>` or quotes: known schemes, and any scheme with `//`.
    Wrapped,
    /// Bare, or after a bare `URL:`: the bare schemes only.
    Bare,
}

impl Context {
    /// The rules for a URL after this wrapper opener.
    pub(super) fn of(op: Opener) -> Context {
        if matches!(op, Opener::UrlAngle { .. }) {
            Context::UrlAngle
        } else {
            Context::Wrapped
        }
    }
}

/// A `scheme:` in the text: the scheme's first byte `s`, its colon `c`,
/// its `scheme::key`, its class (`None`: a scheme the finder does not
/// know), and the wrapper opener before it.
#[derive(Clone, Copy)]
pub(super) struct Scheme {
    s: usize,
    c: usize,
    key: u64,
    class: Option<SchemeClass>,
    op: Opener,
}

impl Finder {
    /// The candidate at trigger `t`: its link written into `out`, and
    /// where the text it took ends. Inlined into the trigger loop, with the
    /// fast path; the general paths are out of line, which keeps the loop's
    /// set-up small.
    // PERF: `cargo bench --bench adversarial` (the link-dense families).
    #[inline(always)]
    pub(super) fn candidate<'h>(
        &self,
        h: &'h [u8],
        t: Trigger,
        floor: usize,
        line_cap: usize,
        memo: &mut head::Memo,
        out: &mut Option<Link<'h>>,
    ) -> Option<usize> {
        let end_limit = h.len().min(t.start + self.forward);
        match t.kind {
            TriggerKind::Colon => {
                let c = t.colon;
                let (s, key) = scheme::scheme_start(h, c, floor)?;
                if key == KEY_URL {
                    return self.after_url_prefix(h, c, floor, end_limit, line_cap, memo, out);
                }
                let class = self.class(&h[s..c], key, h, c);
                let op = wrapper::opener(h, s, floor, self.back);
                // A bare `scheme://` text of a scheme the finder takes bare:
                // urlx's policy for the authority, which the general path
                // applies too, refuses it here without the line's quote
                // depth; the fast path (`fast_bare`) decides most others.
                // Everything else, and whatever the fast path does not
                // decide, takes the general path: `file:`, and `mailto:`
                // (whose path must be addresses, `Finder::acceptable`).
                let bare = class.filter(|c| c.bare() && key != KEY_FILE && key != KEY_MAILTO);
                if let (Opener::None, Some(bare)) = (op, bare) {
                    if h.get(c + 1..c + 3) == Some(b"//") {
                        // (A host that starts with a letter or digit meets
                        // the policy.)
                        let named = h.get(c + 3).is_some_and(u8::is_ascii_alphanumeric);
                        debug_assert!(!named || head::authority_policy(h, c).is_some());
                        if named || head::authority_policy(h, c).is_some() {
                            let cap = self.url_cap(s, end_limit, line_cap);
                            if let Some(found) = self.fast_bare(h, s, c, cap, bare, memo, out) {
                                return found;
                            }
                        } else if !slashes_at_break(h, c) {
                            return None;
                        }
                    }
                }
                let at = Scheme {
                    s,
                    c,
                    key,
                    class,
                    op,
                };
                self.general_scheme(h, at, end_limit, line_cap, memo, out)
            }
            // The scanner refused a `www.` inside a word, path or address.
            TriggerKind::Www => self.general_www(h, t.start, floor, end_limit, line_cap, memo, out),
            TriggerKind::At => put(out, self.at_email(h, t, floor, end_limit, line_cap)),
            TriggerKind::Domain => self.general_domain(h, t.start, end_limit, line_cap, memo, out),
        }
    }

    /// The furthest a URL that starts at `s` may reach: the URL cap, the
    /// look-ahead (`end_limit`) and the line cap, whichever comes first.
    #[inline(always)]
    pub(super) fn url_cap(&self, s: usize, end_limit: usize, line_cap: usize) -> usize {
        end_limit.min(s + self.limits.max_url_len).min(line_cap)
    }

    /// The general path of a `scheme:` candidate, out of the trigger loop:
    /// `at_scheme` with the quote depth of its line.
    #[inline(never)]
    fn general_scheme<'h>(
        &self,
        h: &'h [u8],
        at: Scheme,
        end_limit: usize,
        line_cap: usize,
        memo: &mut head::Memo,
        out: &mut Option<Link<'h>>,
    ) -> Option<usize> {
        self.with_depth(at.s, memo, |memo, depth| {
            self.at_scheme(h, at, end_limit, line_cap, memo, depth, out)
        })
    }

    /// A `www.` candidate at `p`, out of the trigger loop: `at_www` with
    /// the quote depth of its line.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn general_www<'h>(
        &self,
        h: &'h [u8],
        p: usize,
        floor: usize,
        end_limit: usize,
        line_cap: usize,
        memo: &mut head::Memo,
        out: &mut Option<Link<'h>>,
    ) -> Option<usize> {
        let found = self.with_depth(p, memo, |memo, depth| {
            self.at_www(h, p, floor, end_limit, line_cap, memo, depth)
        });
        put(out, found)
    }

    /// Runs `f` with the quote depth of the line that holds `at` (the line
    /// prefix an earlier whitespace run skipped may tell it), and keeps
    /// the last line prefix `f`'s whitespace runs skip, for the next
    /// candidate.
    #[inline(always)]
    pub(super) fn with_depth<R>(
        &self,
        at: usize,
        memo: &mut head::Memo,
        f: impl FnOnce(&mut head::Memo, &Depth) -> R,
    ) -> R {
        let depth = Depth::of_line(at, self.back, memo.prefix);
        let r = f(memo, &depth);
        if let Some(learned) = depth.learned() {
            memo.prefix = learned;
        }
        r
    }

    /// `URL:` followed, after optional whitespace, by a scheme or `www.`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn after_url_prefix<'h>(
        &self,
        h: &'h [u8],
        c: usize,
        floor: usize,
        end_limit: usize,
        line_cap: usize,
        memo: &mut head::Memo,
        out: &mut Option<Link<'h>>,
    ) -> Option<usize> {
        // The scanner refused `URL:` followed by neither blank nor letter.
        let blank_end = end_limit.min(c + 1 + self.limits.max_wrapper_bytes);
        let (j, _) = self.with_depth(c, memo, |_, depth| {
            whitespace_run(h, c + 1, blank_end, depth)
        });
        if j >= end_limit || !h[j].is_ascii_alphabetic() {
            return None;
        }
        let mut k = j;
        while k < end_limit && k - j <= MAX_SCHEME_LEN && is_scheme_byte(h[k]) {
            k += 1;
        }
        if h.get(k) == Some(&b':') {
            let key = scheme::key(&h[j..k]);
            let at = Scheme {
                s: j,
                c: k,
                key,
                class: self.class(&h[j..k], key, h, k),
                op: wrapper::opener(h, j, floor, self.back),
            };
            return self.with_depth(j, memo, |memo, depth| {
                self.at_scheme(h, at, end_limit, line_cap, memo, depth, out)
            });
        }
        if h.len() >= j + 4 && h[j..j + 4].eq_ignore_ascii_case(b"www.") {
            return put(
                out,
                self.with_depth(j, memo, |memo, depth| {
                    self.at_www(h, j, floor, end_limit, line_cap, memo, depth)
                }),
            );
        }
        None
    }

    /// The general path of a candidate at the scheme `at`; `depth` is the
    /// quote depth of its first line (`with_depth`): in a wrapper (its fast
    /// path `wrapped_common`, else `wrapper::delimit` and `finish_wrapped`),
    /// else bare (`at_bare`).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn at_scheme<'h>(
        &self,
        h: &'h [u8],
        at: Scheme,
        end_limit: usize,
        line_cap: usize,
        memo: &mut head::Memo,
        depth: &Depth,
        out: &mut Option<Link<'h>>,
    ) -> Option<usize> {
        let Scheme {
            s,
            c,
            key,
            class,
            op,
        } = at;
        let slashes = h.get(c + 1..c + 3) == Some(b"//");
        let file = key == KEY_FILE;
        // `scheme:///`, `scheme://?`: an empty authority, refused in every
        // form (`acceptable`), but `file:///`.
        if slashes
            && matches!(h.get(c + 3), Some(b'/' | b'?' | b'#'))
            && !file
            && crate::switches::head_checks()
        {
            return None;
        }
        if op.is_wrapper() {
            let ctx = Context::of(op);
            let known = class.is_some_and(|c| c.bare() || c.wrapped());
            if ctx == Context::UrlAngle || known || slashes {
                match self.wrapped_common(h, s, op, end_limit, class, slashes, ctx, depth, out) {
                    Some(Some(consumed)) => return Some(consumed),
                    // No URL in this wrapper: on to the bare rules.
                    Some(None) => {}
                    None => {
                        if let Some(d) = wrapper::delimit(
                            h,
                            s,
                            op,
                            &self.limits,
                            end_limit,
                            depth,
                            &mut memo.wrap,
                        ) {
                            if let Some(found) =
                                self.finish_wrapped(h, d, class, slashes, ctx, None)
                            {
                                return put(out, Some(found));
                            }
                        }
                    }
                }
            }
        }
        // Bare, or a wrapper that was none (C-W5).
        let class = class.filter(|c| c.bare())?;
        if class.authority() && !slashes {
            return None;
        }
        let cap = self.url_cap(s, end_limit, line_cap);
        let form = if op == Opener::BarePrefix {
            Form::UrlPrefix
        } else {
            Form::Bare
        };
        let mailto = key == KEY_MAILTO;
        // urlx's own rules first: they are cheap, and no path may take
        // what they refuse.
        let policy = file
            || if slashes {
                head::authority_policy(h, c).is_some()
            } else {
                !mailto || head::mailto_policy(h, c, memo).is_some()
            };
        if !policy {
            // C-W7: `scheme://` alone at a line's end, its host on the
            // next line: nothing but the joined URL can be meant.
            if slashes && !file && slashes_at_break(h, c) {
                return self.at_slashes_break(h, s, c, cap, form, class, memo, depth, out);
            }
            return None;
        }
        // A wrapper that was none: its text is bare, and the fast path (which
        // `candidate` tried where no wrapper opens) decides most.
        if slashes && !file && !mailto && form == Form::Bare && op.is_wrapper() {
            if let Some(found) = self.fast_bare(h, s, c, cap, class, memo, out) {
                return found;
            }
        }
        self.at_bare(
            h, s, c, cap, form, class, slashes, mailto, file, memo, depth, out,
        )
    }
}

/// Whether `scheme://` (`c` is the colon) ends its line: blanks, then a
/// line break.
fn slashes_at_break(h: &[u8], c: usize) -> bool {
    let rest = h.get(c + 3..).unwrap_or(&[]);
    let k = rest
        .iter()
        .take_while(|&&b| matches!(b, b' ' | b'\t'))
        .count();
    matches!(rest.get(k), Some(b'\n' | b'\r'))
}

impl Finder {
    /// C-W7: a bare `scheme://` alone at a line's end, joined with its host
    /// on the next line (after the quote prefix of a reply, C-W2), then
    /// delimited and checked as any bare URL.
    #[allow(clippy::too_many_arguments)]
    fn at_slashes_break<'h>(
        &self,
        h: &'h [u8],
        s: usize,
        c: usize,
        cap: usize,
        form: Form,
        class: SchemeClass,
        memo: &mut head::Memo,
        depth: &Depth,
        out: &mut Option<Link<'h>>,
    ) -> Option<usize> {
        let (j, breaks) = whitespace_run(h, c + 3, cap, depth);
        if breaks != 1 || j >= cap || !(h[j].is_ascii_alphanumeric() || h[j] >= 0x80) {
            return None;
        }
        let d = crate::delimit::bare_end::delimit_from_break(
            h,
            (s, c + 3),
            j,
            cap,
            depth,
            form,
            self.bare,
            &mut memo.bare,
        )?;
        let brackets = &mut memo.bare.brackets;
        put(
            out,
            self.finish_bare(h, d, Some(class), true, None, brackets, None),
        )
    }
}
