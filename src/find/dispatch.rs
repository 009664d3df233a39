//! What a trigger starts: `URL:` and its URL, a `scheme:` in a wrapper or
//! bare, a `www.` abbreviation, an e-mail address, a domain name. A bare
//! `scheme://` meets the fast path first, inlined into the trigger loop;
//! everything else takes the general path of its form, out of line.

use super::candidate::{BareText, Candidate, Context, Rules, Scheme};
use super::{head, Finder};
use crate::delimit::bare_end::Bounds;
use crate::delimit::rejoin::{whitespace_run, Depth};
use crate::delimit::wrapper::{self, Opener};
use crate::delimit::Form;
use crate::scan::scheme::{self, is_scheme_byte, KEY_FILE, KEY_MAILTO, KEY_URL, MAX_SCHEME_LEN};
use crate::scan::TriggerKind;
impl Finder {
    /// The candidate at trigger `cand.t`: its link written into
    /// `cand.out`, and where the text it took ends. Inlined into the
    /// trigger loop, with the fast path; the general paths are out of
    /// line, which keeps the loop's set-up small.
    // PERF: `cargo bench --bench adversarial` (the link-dense families).
    #[inline(always)]
    pub(super) fn candidate(&self, mut cand: Candidate<'_, '_>) -> Option<usize> {
        let t = cand.t;
        match t.kind {
            TriggerKind::Colon => {
                let (h, c) = (cand.h, t.colon);
                let (s, key) = scheme::scheme_start(h, c, cand.floor)?;
                if key == KEY_URL {
                    return self.after_url_prefix(&mut cand, c);
                }
                let class = self.class(&h[s..c], key, h, c);
                let op = wrapper::opener(h, s, cand.floor, self.back);
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
                            let cap = self.url_cap(&cand, s);
                            if let Some(found) = self.fast_bare(&mut cand, s, c, cap, bare) {
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
                self.general_scheme(&mut cand, at)
            }
            // The scanner refused a `www.` inside a word, path or address.
            TriggerKind::Www => self.general_www(&mut cand, t.start),
            TriggerKind::At => {
                let found = self.at_email(&cand);
                cand.put(found)
            }
            TriggerKind::Domain => self.general_domain(&mut cand),
        }
    }

    /// The furthest a URL that starts at `s` may reach: the URL cap, the
    /// look-ahead and the line cap, whichever comes first.
    #[inline(always)]
    pub(super) fn url_cap(&self, cand: &Candidate<'_, '_>, s: usize) -> usize {
        cand.end_limit
            .min(s + self.limits.max_url_len)
            .min(cand.line_cap)
    }

    /// The general path of a `scheme:` candidate, out of the trigger loop:
    /// `at_scheme` with the quote depth of its line.
    #[inline(never)]
    fn general_scheme(&self, cand: &mut Candidate<'_, '_>, at: Scheme) -> Option<usize> {
        self.with_depth(cand, at.s, |cand, depth| self.at_scheme(cand, at, depth))
    }

    /// A `www.` candidate at `p`, out of the trigger loop: `at_www` with
    /// the quote depth of its line.
    #[inline(never)]
    fn general_www(&self, cand: &mut Candidate<'_, '_>, p: usize) -> Option<usize> {
        let found = self.with_depth(cand, p, |cand, depth| self.at_www(cand, p, depth));
        cand.put(found)
    }

    /// Runs `f` with the quote depth of the line that holds `at` (the line
    /// prefix an earlier whitespace run skipped may tell it), and keeps
    /// the last line prefix `f`'s whitespace runs skip, for the next
    /// candidate.
    #[inline(always)]
    pub(super) fn with_depth<'h, 'r, R>(
        &self,
        cand: &mut Candidate<'h, 'r>,
        at: usize,
        f: impl FnOnce(&mut Candidate<'h, 'r>, &Depth) -> R,
    ) -> R {
        let depth = Depth::of_line(at, self.back, cand.memo.prefix);
        let r = f(cand, &depth);
        if let Some(learned) = depth.learned() {
            cand.memo.prefix = learned;
        }
        r
    }

    /// `URL:` (its colon at `c`) followed, after optional whitespace, by a
    /// scheme or `www.`.
    pub(super) fn after_url_prefix(&self, cand: &mut Candidate<'_, '_>, c: usize) -> Option<usize> {
        let (h, end_limit) = (cand.h, cand.end_limit);
        // The scanner refused `URL:` followed by neither blank nor letter.
        let blank_end = end_limit.min(c + 1 + self.limits.max_wrapper_bytes);
        let (j, _) = self.with_depth(cand, c, |_, depth| {
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
                op: wrapper::opener(h, j, cand.floor, self.back),
            };
            return self.with_depth(cand, j, |cand, depth| self.at_scheme(cand, at, depth));
        }
        if h.len() >= j + 4 && h[j..j + 4].eq_ignore_ascii_case(b"www.") {
            let found = self.with_depth(cand, j, |cand, depth| self.at_www(cand, j, depth));
            return cand.put(found);
        }
        None
    }

    /// The general path of a candidate at the scheme `at`; `depth` is the
    /// quote depth of its first line (`with_depth`): in a wrapper (its fast
    /// path `wrapped_common`, else `wrapper::delimit` and `finish_wrapped`),
    /// else bare (`at_bare`).
    pub(super) fn at_scheme(
        &self,
        cand: &mut Candidate<'_, '_>,
        at: Scheme,
        depth: &Depth,
    ) -> Option<usize> {
        let Scheme {
            s,
            c,
            key,
            class,
            op,
        } = at;
        let h = cand.h;
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
                let rules = Rules {
                    class,
                    slashes,
                    ctx,
                    prefix: None,
                };
                match self.wrapped_common(cand, s, op, &rules, depth) {
                    Some(Some(consumed)) => return Some(consumed),
                    // No URL in this wrapper: on to the bare rules.
                    Some(None) => {}
                    None => {
                        let limits = &self.limits;
                        let wrap = &mut cand.memo.wrap;
                        let d = wrapper::delimit(h, s, op, limits, cand.end_limit, depth, wrap);
                        if let Some(found) = d.and_then(|d| self.finish_wrapped(h, d, &rules)) {
                            return cand.put(Some(found));
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
        let mailto = key == KEY_MAILTO;
        let bare = BareText {
            s,
            cap: self.url_cap(cand, s),
            form: if op == Opener::BarePrefix {
                Form::UrlPrefix
            } else {
                Form::Bare
            },
            rules: Rules {
                class: Some(class),
                slashes,
                ctx: Context::Bare,
                prefix: None,
            },
        };
        // urlx's own rules first: they are cheap, and no path may take
        // what they refuse.
        let policy = file
            || if slashes {
                head::authority_policy(h, c).is_some()
            } else {
                !mailto || head::mailto_policy(h, c, cand.memo).is_some()
            };
        if !policy {
            // C-W7: `scheme://` alone at a line's end, its host on the
            // next line: nothing but the joined URL can be meant.
            if slashes && !file && slashes_at_break(h, c) {
                return self.at_slashes_break(cand, &bare, c, depth);
            }
            return None;
        }
        // A wrapper that was none: its text is bare, and the fast path (which
        // `candidate` tried where no wrapper opens) decides most.
        if slashes && !file && !mailto && bare.form == Form::Bare && op.is_wrapper() {
            if let Some(found) = self.fast_bare(cand, s, c, bare.cap, class) {
                return found;
            }
        }
        self.at_bare(cand, &bare, at, depth)
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
    /// C-W7: a bare `scheme://` (its colon at `c`) alone at a line's end,
    /// joined with its host on the next line (after the quote prefix of a
    /// reply, C-W2), then delimited and checked as any bare URL.
    fn at_slashes_break(
        &self,
        cand: &mut Candidate<'_, '_>,
        bare: &BareText,
        c: usize,
        depth: &Depth,
    ) -> Option<usize> {
        let (h, cap) = (cand.h, bare.cap);
        let (j, breaks) = whitespace_run(h, c + 3, cap, depth);
        if breaks != 1 || j >= cap || !(h[j].is_ascii_alphanumeric() || h[j] >= 0x80) {
            return None;
        }
        let bounds = Bounds {
            h,
            cap,
            depth,
            form: bare.form,
            opts: self.bare,
            probe: false,
        };
        let d = bounds.delimit_from_break((bare.s, c + 3), j, &mut cand.memo.bare)?;
        let found = self.finish_bare(cand, d, &bare.rules, None);
        cand.put(found)
    }
}
