//! The authority-like region after a bare candidate's `//` (or its `www.`),
//! scanned once per run of text ([`RegionMemo`]).

use super::*;

/// Byte classes of the authority scan, one load a byte.
pub(super) const END: u8 = 1;
pub(super) const ALNUM: u8 = 2;
pub(super) const AT: u8 = 4;
pub(super) const SPECIAL: u8 = 8;

/// `END`: `/`, `?`, `#` and every byte that is no URL byte (non-ASCII
/// included: such a head is not decided here); `ALNUM`; `AT`; `SPECIAL`:
/// `:`, `%`, `[` and `]`.
pub(super) static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = if !URL_BYTE[c] || matches!(b, b'/' | b'?' | b'#') {
            END
        } else if b.is_ascii_alphanumeric() {
            ALNUM
        } else if b == b'@' {
            AT
        } else if matches!(b, b':' | b'%' | b'[' | b']') {
            SPECIAL
        } else {
            0
        };
        c += 1;
    }
    t
};

/// The authority-like run at `a`: its end (at most `cap`) and what it
/// holds.
#[cfg_attr(test, derive(Debug, PartialEq, Eq))]
pub(super) struct Region {
    pub(super) end: usize,
    /// It ends at a byte where the parser cuts the URL (`cuts`).
    pub(super) cut: bool,
    /// An ASCII letter or digit anywhere in it.
    pub(super) content: bool,
    /// Its first `@`: what is before it is userinfo.
    pub(super) at: Option<usize>,
    /// A `:`: a port may follow the host.
    pub(super) colon: bool,
    /// It ends at a `]` that C-F7 may trim before the parser sees it.
    pub(super) open_end: bool,
}

/// The region scan stops at the first byte where the parser cuts an
/// authority short (`[` or `]` inside it, a `%` without two hex digits, a
/// second `@`): what follows cannot change the verdict, and a run of
/// hostile bytes is not scanned to its end for every trigger in it.
#[cfg(test)]
pub(super) fn region(h: &[u8], a: usize, cap: usize) -> Region {
    region_from(h, a, a, 0, cap)
}

/// The region that starts at `a`, scanned from `i` with the classes `seen`
/// of `h[a..i]` (and `at`, `colon` of that stretch left to the caller).
#[inline(always)]
pub(super) fn region_from(h: &[u8], a: usize, mut i: usize, mut seen: u8, cap: usize) -> Region {
    let mut r = Region {
        end: a,
        cut: false,
        content: false,
        at: None,
        colon: false,
        open_end: false,
    };
    let hh = &h[..cap.min(h.len())];
    loop {
        // The hot loop: host bytes. Ends and special bytes leave it.
        while let Some(&b) = hh.get(i) {
            let c = CLASS[b as usize];
            if c & (END | AT | SPECIAL) != 0 {
                break;
            }
            seen |= c;
            i += 1;
        }
        let Some(&b) = hh.get(i) else { break };
        if b >= 0x80 {
            // A character the bare URL goes on with (C-F8) is host text
            // where the parser takes it (IRI `ucschar`) and where it cuts
            // the URL else; one that ends the URL ends the region.
            match char_at(h, i) {
                Some((ch, len)) if !ends_bare_url(ch) && i + len <= hh.len() => {
                    // No host holds it: the full path ends the URL at it,
                    // or takes it into a userinfo (`host_end::host_char_cut`),
                    // or refuses it before an `@` (`host_end::host_ends_before_cut`).
                    if !crate::uts58::valid_host(ch) {
                        r.open_end = true;
                        break;
                    }
                    seen |= ALNUM;
                    i += len;
                    continue;
                }
                _ => break,
            }
        }
        let c = CLASS[b as usize];
        if c & END != 0 || cuts(h, i, seen) {
            r.cut = c & END == 0;
            // A `[` right after the `@` opens the host's IP literal, which
            // the parser may take (`http://www.@[::1]`): the full path
            // decides, unless a byte no literal holds comes before any `]`
            // (within 64 bytes: a longer IPvFuture is left to it too).
            if b == b'[' && i > a && h[i - 1] == b'@' {
                let lit = &hh[i..hh.len().min(i + 64)];
                let k = uri::ip_literal_end(lit);
                r.open_end |= k == lit.len() || lit[k] == b']';
            }
            // The full path trims the run's end before it parses: a `]`
            // there may go (unmatched) and the parser never cut at it. It
            // stays when a byte trimming never drops follows it.
            if b == b']' {
                // Within the cap: past it the text ends, and the `]` with it.
                let k = past_trimmable(hh, i + 1, true);
                r.open_end = !hh.get(k).is_some_and(|&n| kept(n));
            }
            break;
        }
        if c & AT != 0 {
            r.at = Some(i);
        }
        r.colon |= b == b':';
        seen |= c;
        i += 1;
    }
    r.end = i;
    r.content = seen & ALNUM != 0;
    r
}

/// What the last region scan learnt, so that the triggers of one long run
/// (`www.1:)www.1:)...`) do not each scan it again up to their cap: from
/// any start in `lo..=at` (`lo..=hi` without an `@`), the region goes over
/// `lo..hi` alike. Where `closed`, it stops at `hi` for a reason that
/// neither the start nor a later cap changes (`SETTLED`), with `cut` and
/// `open_end`; else the cap stopped it, and the scan goes on from `hi`.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct RegionMemo {
    pub(super) valid: bool,
    pub(super) lo: usize,
    pub(super) hi: usize,
    pub(super) closed: bool,
    pub(super) cut: bool,
    pub(super) open_end: bool,
    /// The first `@` in `lo..hi`: a later start sees another userinfo.
    pub(super) at: Option<usize>,
    /// The first `:` in `colon_from..hi` (`lo <= colon_from <= hi`).
    pub(super) colon_from: usize,
    pub(super) colon_next: Option<usize>,
    /// The last letter, digit or non-ASCII character in `lo..hi`.
    pub(super) last_alnum: Option<usize>,
}

/// How far before the cap a region's stop is decided by the bytes before
/// the cap alone: a character of up to 4 bytes that must fit, and the
/// look past a `]` (`past_trimmable`, 64 bytes).
pub(super) const SETTLED: usize = 68;

/// The first `:` in `h[lo..hi]`, where `any` says there is one.
#[inline]
pub(super) fn first_colon(h: &[u8], lo: usize, hi: usize, any: bool) -> Option<usize> {
    if !any {
        return None;
    }
    h[lo..hi].iter().position(|&b| b == b':').map(|k| lo + k)
}

/// The last letter, digit or non-ASCII byte (a region holds only
/// `ucschar` ones) in `h[lo..hi]`. From the end: a host's last byte is
/// nearly always one.
#[inline]
pub(super) fn last_alnum(h: &[u8], lo: usize, hi: usize) -> Option<usize> {
    h[lo..hi]
        .iter()
        .rposition(|&b| CLASS[b as usize] & ALNUM != 0 || b >= 0x80)
        .map(|k| lo + k)
}

impl RegionMemo {
    /// The region at `a`, not past `cap` (`region`), through the memo.
    #[inline]
    pub(super) fn region(&mut self, h: &[u8], a: usize, cap: usize) -> Region {
        let cap = cap.min(h.len());
        if self.valid {
            if let Some(r) = self.recall(h, a, cap) {
                return r;
            }
        }
        let r = region_from(h, a, a, 0, cap);
        // A short region costs less to scan again than to remember.
        if r.end - a >= 64 {
            self.remember(h, a, cap, &r);
        }
        r
    }

    /// The region at `a` from the memo, where it holds `a` and `cap` does
    /// not cut it shorter.
    #[inline(never)]
    pub(super) fn recall(&mut self, h: &[u8], a: usize, cap: usize) -> Option<Region> {
        let usable = self.lo <= a
            && a <= self.at.unwrap_or(self.hi)
            && a < self.hi
            && a < cap
            && h[a] & 0xC0 != 0x80;
        if !usable || (self.closed && self.hi + SETTLED > cap) || (!self.closed && self.hi > cap) {
            return None;
        }
        if !self.closed {
            // The cap stopped the scan (or may have): go on from there, up
            // to this cap (at once, where it is the same).
            let seen = if self.at.is_some() { AT } else { 0 };
            let r = region_from(h, a, self.hi, seen, cap);
            if self.colon_next.is_none() {
                self.colon_next = first_colon(h, self.hi, r.end, r.colon);
            }
            self.last_alnum = last_alnum(h, self.hi, r.end).or(self.last_alnum);
            self.hi = r.end;
            self.closed = r.end + SETTLED <= cap;
            self.cut = r.cut;
            self.open_end = r.open_end;
            self.at = self.at.or(r.at);
        }
        let colon = self.colon_after(h, a, self.hi).is_some();
        Some(Region {
            end: self.hi,
            cut: self.cut,
            content: self.last_alnum.is_some_and(|k| k >= a),
            at: self.at,
            colon,
            open_end: self.open_end,
        })
    }

    /// Remembers the region `r` scanned from `a`.
    #[inline(never)]
    pub(super) fn remember(&mut self, h: &[u8], a: usize, cap: usize, r: &Region) {
        *self = RegionMemo {
            valid: true,
            lo: a,
            hi: r.end,
            closed: r.end + SETTLED <= cap,
            cut: r.cut,
            open_end: r.open_end,
            at: r.at,
            colon_from: a,
            colon_next: first_colon(h, a, r.end, r.colon),
            last_alnum: last_alnum(h, a, r.end),
        };
    }

    /// The first `:` in `h[from..end]`, within the region `r` (`any`: it
    /// holds one at or after `from`). Amortized constant time over the
    /// triggers of one remembered region, whose `from` grows.
    pub(super) fn colon_in(
        &mut self,
        h: &[u8],
        from: usize,
        end: usize,
        any: bool,
    ) -> Option<usize> {
        if !any {
            return None;
        }
        if self.valid && self.lo <= from && end <= self.hi {
            return self.colon_after(h, from, end);
        }
        first_colon(h, from, end, true)
    }

    /// The first `:` in `h[from..end]`, with `lo <= from` and `end <=
    /// hi`: each byte searched once while `from` grows.
    pub(super) fn colon_after(&mut self, h: &[u8], from: usize, end: usize) -> Option<usize> {
        let known = match self.colon_next {
            Some(k) if k >= from && self.colon_from <= from => Some(Some(k)),
            None if self.colon_from <= from => Some(None),
            _ => None,
        };
        let k = known.unwrap_or_else(|| {
            let k = first_colon(h, from, self.hi, true);
            self.colon_from = from;
            self.colon_next = k;
            k
        });
        k.filter(|&k| k < end)
    }
}
