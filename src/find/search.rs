//! The trigger loop: the scanner's next trigger, the line cap, and the
//! candidate at each trigger, until a batch of links is found.

use super::candidate::Candidate;
use super::{head, Finder, Link};
use crate::scan::{Job, Search};

/// Where a search stands: the next byte to look for a trigger at, and the
/// end of what the last link used (no later candidate reaches back past
/// it).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct State {
    pub(crate) pos: usize,
    pub(crate) floor: usize,
    /// What earlier triggers learnt of the bytes ahead.
    pub(super) memo: head::Memo,
    /// In UTS #58 mode, what earlier dots learnt of the host run.
    pub(super) uts: crate::uts58::detect::Memo,
}

impl State {
    /// A search at `pos` whose floor is `floor`, having learnt nothing.
    pub(crate) fn at(pos: usize, floor: usize) -> State {
        State {
            pos,
            floor,
            memo: head::Memo::default(),
            uts: Default::default(),
        }
    }

    /// The window lost its first `by` bytes (`by <= pos`). What triggers
    /// learnt is forgotten (its offsets were into the bytes dropped): the
    /// window drops at least the look-ahead's worth of bytes at a time
    /// (`StreamLinks::compact`), so learning it again costs at most as much
    /// as the bytes dropped cost, and the memos need not follow the window.
    pub(crate) fn shift(&mut self, by: usize) {
        self.pos -= by;
        self.floor = self.floor.saturating_sub(by);
        self.memo = head::Memo::default();
        self.uts = Default::default();
    }
}

impl Finder {
    /// The next link whose trigger starts before `stop`, in the window `h`.
    /// Without `eof`, triggers must start before `h.len()` minus the
    /// forward look-ahead, so that every decision sees all the bytes it
    /// would see in the whole input.
    #[inline]
    pub(crate) fn next_in<'h>(
        &self,
        h: &'h [u8],
        st: &mut State,
        stop: usize,
        eof: bool,
    ) -> Option<Link<'h>> {
        let mut out = [None];
        self.next_into(h, st, stop, eof, &mut out);
        let [out] = out;
        out
    }

    /// [`Finder::next_in`] for up to `outs.len()` links, written into
    /// `outs` in order; returns how many (the other slots hold what they
    /// held, or a link no one asked for). A link is built where the caller
    /// keeps it: one returned up the calls would be copied at each return
    /// right after it was written field by field, a load the store buffer
    /// cannot serve.
    // PERF: `cargo bench --bench adversarial -- '(((('` (link-dense text).
    #[inline]
    pub(crate) fn next_into<'h>(
        &self,
        h: &'h [u8],
        st: &mut State,
        stop: usize,
        eof: bool,
        outs: &mut [Option<Link<'h>>],
    ) -> usize {
        if self.uts58 {
            return self.uts58_into(h, st, stop, eof, outs);
        }
        let search = self.scanner.search();
        // (One loop for each search, so that the default one has no branch
        // for the other.)
        if self.scanner.domains {
            return search.run(NextInto::<true> {
                finder: self,
                h,
                st,
                stop,
                eof,
                outs,
                search,
            });
        }
        search.run(NextInto::<false> {
            finder: self,
            h,
            st,
            stop,
            eof,
            outs,
            search,
        })
    }

    /// `next_into`'s loop, with the trigger search `search`.
    #[inline(always)]
    pub(super) fn next_into_with<'h, const DOMAINS: bool>(
        &self,
        h: &'h [u8],
        st: &mut State,
        stop: usize,
        eof: bool,
        outs: &mut [Option<Link<'h>>],
        search: Search<'_>,
    ) -> usize {
        let mut n = 0;
        // Without the end of the input, keep a margin past the look-ahead
        // for the few bytes a check reads beyond its cap (a 3-byte closing
        // quote, CR LF, a grapheme's neighbour).
        let stop = if eof {
            stop
        } else {
            stop.min(h.len().saturating_sub(self.forward + 64))
        };
        while let Some(t) = search.next::<DOMAINS>(h, st.pos, st.floor) {
            if t.start >= stop {
                // No trigger starts before it: searching again from here
                // finds the same ones.
                st.pos = t.start;
                return n;
            }
            st.pos = t.end;
            // The line cap: past `max_line_len` bytes of a line nothing is
            // looked for, and a URL is cut (and flagged) there.
            let line_cap = match self.limits.max_line_len {
                None => usize::MAX,
                Some(n) => {
                    let lo = t.start.saturating_sub(n);
                    match memchr::memrchr(b'\n', &h[lo..t.start]) {
                        Some(k) => lo + k + 1 + n,
                        None if lo == 0 => n,
                        None => {
                            // Beyond the cap: on to the next line.
                            st.pos = match memchr::memchr(b'\n', &h[t.start..]) {
                                Some(k) => t.start + k,
                                None if eof => h.len(),
                                None => st
                                    .pos
                                    .max(h.len().saturating_sub(self.scanner.max_pattern_len())),
                            };
                            continue;
                        }
                    }
                }
            };
            if !crate::switches::memos() {
                st.memo = head::Memo::default();
            }
            // (`n < outs.len()`: the loop returns when they are full.)
            let out = &mut outs[n];
            let found = self.candidate(Candidate {
                h,
                t,
                floor: st.floor,
                end_limit: h.len().min(t.start + self.forward),
                line_cap,
                memo: &mut st.memo,
                out,
            });
            if let Some(consumed) = found {
                // A URL that ends where bytes that are not UTF-8 begin (text
                // in another charset: `caf\xe9`) may have been cut by them:
                // flagged, never a silently shorter URL.
                if let Some(l) = out {
                    if h.get(l.end).is_some_and(|&b| b >= 0x80) && cut_by_unreadable(&h[l.end..]) {
                        l.truncated = true;
                    }
                }
                st.floor = consumed;
                st.pos = st.pos.max(consumed);
                n += 1;
                if n == outs.len() {
                    return n;
                }
            }
        }
        // No trigger lies wholly in the rest; one may still end past it.
        st.pos = if eof {
            h.len()
        } else {
            st.pos
                .max(h.len().saturating_sub(self.scanner.max_pattern_len()))
        };
        n
    }
}

/// `Finder::next_into_with` as a [`Job`], run by the search (compiled with
/// AVX2 where the search takes AVX2 steps).
struct NextInto<'a, 'h, const DOMAINS: bool> {
    finder: &'a Finder,
    h: &'h [u8],
    st: &'a mut State,
    stop: usize,
    eof: bool,
    outs: &'a mut [Option<Link<'h>>],
    search: Search<'a>,
}

impl<const DOMAINS: bool> Job for NextInto<'_, '_, DOMAINS> {
    type Out = usize;

    #[inline(always)]
    fn call(self) -> usize {
        let NextInto {
            finder,
            h,
            st,
            stop,
            eof,
            outs,
            search,
        } = self;
        finder.next_into_with::<DOMAINS>(h, st, stop, eof, outs, search)
    }
}

/// Whether `rest` starts with a byte that does not begin a UTF-8
/// character (or begins one that is broken).
#[cold]
fn cut_by_unreadable(rest: &[u8]) -> bool {
    let head = &rest[..rest.len().min(4)];
    match std::str::from_utf8(head) {
        Ok(_) => false,
        // Valid up to a later byte: the first character is whole.
        Err(e) => e.valid_up_to() == 0 && (e.error_len().is_some() || head.len() == rest.len()),
    }
}
