//! Refusals a bare candidate gets from its first bytes, before its end is
//! looked for (C-S4).
//!
//! A bare candidate refused only after its run was delimited and parsed
//! would be delimited and parsed again by every later trigger in the same
//! run: `www.1?www.1?…` or `(sip:-(sip:-…` cost up to the 8 KiB length cap
//! per trigger, about 2,000 times the cost of mail text. The checks here
//! look at the head of the candidate only (the authority, the first byte
//! of an opaque path, the `@` of a `mailto:` address) and refuse only what
//! the full path (`bare::delimit`, the parser, `Finder::acceptable`) would
//! refuse too; whatever they cannot decide from the head they pass. The
//! host is located as the parser locates it (after the first `@`, up to a
//! port; cut where the parser cuts an authority, then trimmed as the full
//! path trims); an IP literal is decided by the full path's own acceptance
//! run on the head alone ([`Head::Decide`]). The parser's decisions inside
//! an authority depend on its bytes only, so both agree with the full path.
//! Where the head knows where the parser stops the text (a port that is
//! no number, with no userinfo), it says so ([`Head::Cut`]).
//!
//! The `Memo` keeps what one trigger learnt about the bytes ahead: the
//! next `@`, a refused `www.` host, the region (`RegionMemo`), the runs
//! and bracket counts of the delimiting (`bare::BareMemo`), the last quote
//! prefix skipped (`rejoin::LinePrefix`), a wrapper's plain stretch
//! (`wrapper::WrapMemo`), and where no `@` or `]` follows a chain's first
//! pieces (`chain::ClearMemo`). So the triggers of one run do not scan the
//! same bytes again up to their cap.
//!
//! Property tests hold each claim: the links found with and without the
//! head checks (and with and without `Finder::bare_common`,
//! `Finder::wrapped_common` and the memos) are the same on texts made of
//! hostile pieces, and each memo answers as a fresh scan does.

use crate::bytes::{contains2, URL_BYTE};
use crate::delimit::bare::{
    boundary_after_ascii, count_brackets, ends_at_boundary, may_drop, trimmed_end, BareMemo,
    BracketMemo,
};
use crate::delimit::rejoin::LinePrefix;
use crate::delimit::unicode::{char_at, ends_bare_url, grapheme_floor};
use crate::delimit::wrapper::WrapMemo;
use crate::uri;

/// A head check's verdict on a bare candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Head {
    /// The full path would refuse it.
    Refuse,
    /// The head does not decide it: delimit and parse it whole.
    Pass,
    /// The full path's acceptance run on the candidate's text up to here
    /// (its authority, trimmed as the full path trims it) decides it.
    Decide(usize),
    /// As `Pass`, and the parser stops the candidate's text at this byte
    /// (a port that is no number, with no userinfo): the full path need
    /// not parse the text to find it (which it would do to the end of the
    /// authority, looking for an `@`, for every trigger in a long run).
    Cut(usize),
}

impl Head {
    fn of(ok: bool) -> Head {
        if ok {
            Head::Pass
        } else {
            Head::Refuse
        }
    }

    /// `of(ok)`, with where the parser stops the text, if known.
    fn cut(ok: bool, cut: Option<usize>) -> Head {
        match cut {
            Some(q) if ok => Head::Cut(q),
            _ => Head::of(ok),
        }
    }

    /// Where the parser stops the text, if the head knows.
    pub(crate) fn parser_cut(self) -> Option<usize> {
        match self {
            Head::Cut(q) => Some(q),
            _ => None,
        }
    }
}

/// What earlier triggers learnt about the bytes ahead. Offsets are into the
/// current window; the streaming reader shifts them when it drops bytes.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Memo {
    /// No `@` in `at_lo..at_hi`; with `at_hit`, there is one at `at_hi`.
    at_lo: usize,
    at_hi: usize,
    at_hit: bool,
    /// A `www.` trigger in `www_lo..www_hi` is refused: it lies in the
    /// host of a refused one, whose verdict it shares, if the trimming of
    /// the end (C-F7) drops the same bytes for both (`www_trim`);
    /// `www_open` is the bracket balance from `www_lo` to `www_pos`.
    www_lo: usize,
    www_hi: usize,
    www_trim: Trim,
    www_pos: usize,
    www_open: (isize, isize),
    /// Runs and bracket counts of the last bare candidates.
    pub(crate) bare: BareMemo,
    /// The last head check's region.
    region: RegionMemo,
    /// The last quote prefix a whitespace run skipped.
    pub(crate) prefix: LinePrefix,
    /// The last long stretch of plain characters in a wrapper.
    pub(crate) wrap: WrapMemo,
    /// Where no `@` or `]` follows a chain's first pieces.
    pub(crate) clear: super::chain::ClearMemo,
}

/// When a later `www.` trigger's text, which ends where a refused one's
/// ends, is trimmed as that one's was (`bare::trimmed_end`: an emphasis mark
/// that closes the byte before the start; then sentence punctuation, and a
/// `)` or `]` while more of its kind close than open in the text).
#[derive(Clone, Copy, Debug, Default)]
enum Trim {
    /// Always: the URL goes on past what trimming looks at.
    #[default]
    Same,
    /// Only across a stretch where as many brackets open as close.
    Balanced,
    /// The last byte is emphasis mark `mark` or none, and the end's run of
    /// droppable bytes holds `closers` of `)`. Parentheses are counted from
    /// the start, so the later text's balance is `balance` less the
    /// stretch's; its trimming is the same where that drops as many of the
    /// run's `)`, and where the byte before it is `mark` exactly when the
    /// refused one's was (`before`). (No `[` or `]` lies in a region: the
    /// parser cuts there.)
    Counted {
        mark: Option<u8>,
        before: bool,
        balance: isize,
        closers: isize,
    },
}

/// How many of `closers` trailing `)` a trimming drops where the text's
/// balance of parentheses is `balance` (`bare::trimmed_end`).
fn dropped(balance: isize, closers: isize) -> isize {
    (-balance).clamp(0, closers)
}

impl Memo {
    /// The window lost its first `by` bytes.
    pub(crate) fn shift(&mut self, by: usize) {
        if self.at_hi < by {
            self.at_lo = 0;
            self.at_hi = 0;
            self.at_hit = false;
        } else {
            self.at_lo = self.at_lo.saturating_sub(by);
            self.at_hi -= by;
        }
        if self.www_hi < by || self.www_pos < by {
            self.www_lo = 0;
            self.www_hi = 0;
        } else {
            self.www_lo = self.www_lo.saturating_sub(by);
            self.www_hi -= by;
            self.www_pos -= by;
        }
        self.bare.shift(by);
        self.region.shift(by);
        self.prefix.shift(by);
        self.wrap.shift(by);
        self.clear.shift(by);
    }

    /// Later `www.` triggers in `lo..hi` share the verdict of the refused
    /// one at `lo` where `trim` says they are trimmed alike.
    fn set_www(&mut self, lo: usize, hi: usize, trim: Trim) {
        self.www_lo = lo;
        self.www_hi = hi;
        self.www_trim = trim;
        self.www_pos = lo;
        self.www_open = (0, 0);
    }

    /// Whether the memo refuses the `www.` trigger at `p`. Triggers come in
    /// order, so the bracket count moves forward only: each byte once.
    fn www_refused(&mut self, h: &[u8], p: usize) -> bool {
        if !(self.www_lo < p && p < self.www_hi) {
            return false;
        }
        let (mark, before, balance, closers) = match self.www_trim {
            Trim::Same => return true,
            Trim::Balanced => (None, false, 0, None),
            Trim::Counted {
                mark,
                before,
                balance,
                closers,
            } => (mark, before, balance, Some(closers)),
        };
        if mark.is_some_and(|m| (h[p - 1] == m) != before) {
            return false;
        }
        // No `)` at the end to drop: the brackets do not matter.
        if closers == Some(0) {
            return true;
        }
        if p < self.www_pos {
            return false;
        }
        let (a, b) = count_brackets(&h[self.www_pos..p]);
        self.www_open = (self.www_open.0 + a, self.www_open.1 + b);
        self.www_pos = p;
        match closers {
            None => self.www_open == (0, 0),
            Some(n) => dropped(balance - self.www_open.0, n) == dropped(balance, n),
        }
    }

    /// The `www.` candidate at `p`, with the head `r`, was refused; the
    /// full path's text ends at `end`. A later `www.` in the same host ends
    /// at the same place and has the same last label: the same verdict. So
    /// does one before the first `@`, which has the same host. Unless a
    /// port follows the host, or the trimming of the text's end could
    /// differ (emphasis depends on the byte before the start; brackets are
    /// counted from the start, so across a balanced stretch only), or the
    /// cap cut the region (a later trigger's cap is later).
    fn refused_www(
        &mut self,
        h: &[u8],
        p: usize,
        r: &Region,
        end: usize,
        near_cap: bool,
        cap: usize,
    ) {
        // Cut by the cap, or a text end that `text_end` decided by bytes
        // up to it: a later trigger's cap is later. (Where the text ends
        // first, every later trigger's region ends there too.)
        if (cap < h.len() && r.end >= cap) || near_cap {
            return;
        }
        // A `:` ends the host, and where a bad port cuts the URL the
        // trimming may depend on the start too: no memo.
        if r.colon {
            return;
        }
        let same = r.at.unwrap_or(end);
        // The text's end does not depend on the candidate's start where the
        // URL goes on past the region; else it does only through the
        // brackets and emphasis marks that trimming looks at.
        let goes_on = !r.cut && end == r.end && matches!(h.get(r.end), Some(b'/' | b'?' | b'#'));
        if goes_on {
            self.set_www(p, same, Trim::Same);
            return;
        }
        // The trimming of `p..r.end`, as `bare::trimmed_end` does it.
        let mut e = r.end;
        let mark = matches!(h[e - 1], b'*' | b'_').then_some(h[e - 1]);
        let before = p > 0 && Some(h[p - 1]) == mark;
        if before {
            e -= 1;
        }
        let run = h[p..e]
            .iter()
            .rev()
            .take_while(|&&b| may_drop(b))
            .filter(|&&b| b == b')')
            .count();
        self.set_www(
            p,
            same,
            Trim::Counted {
                mark,
                before,
                // With no `)` to drop, the balance is not asked for.
                balance: if run > 0 {
                    count_brackets(&h[p..e]).0
                } else {
                    0
                },
                closers: run as isize,
            },
        );
    }

    /// The full path refused the `www.` candidate whose text is `first`
    /// (the piece on its line, from the trigger) and more pieces up to
    /// `last` (lines joined after a hyphen, C-W3); `capped`: a cap cut the
    /// text, or kept a joint after it from being looked for (no memo: a
    /// later trigger's cap is later). A later `www.` in its
    /// host on this line (the head check's region), before any `@` or `:`,
    /// has a host that is a suffix of this one's with the same continuation
    /// and end: the same last label, the same verdict (as `refused_www`).
    /// Unless a trimming could depend on the start (emphasis; brackets,
    /// across a balanced stretch only; a grapheme cluster after a
    /// non-ASCII last byte), or the cap cut the text.
    pub(crate) fn refused_www_text(
        &mut self,
        h: &[u8],
        cap: usize,
        first: (usize, usize),
        last: (usize, usize),
        capped: bool,
    ) {
        let p = first.0;
        let (ls, le) = last;
        // Where the cluster rules looked at the end (C-F8: a non-ASCII
        // byte on either side), they may have moved it by what follows it
        // (a prepended letter before `)`, which this one's start dropped):
        // no memo.
        if capped || le <= ls || h[le - 1] >= 0x80 || h.get(le).is_some_and(|&b| b >= 0x80) {
            return;
        }
        // Near the cap, a character that did not fit under it ended the
        // text (unflagged); a later trigger's cap is later.
        let cap = cap.min(h.len());
        if cap < h.len() && le + 4 > cap {
            return;
        }
        // The full path trims the text at its end, and again wherever the
        // parser cuts it (anywhere in it, on any of its lines), counting
        // brackets from the start and looking at the byte before it for
        // emphasis. A later trigger's text is trimmed alike where the text,
        // with what the trimming dropped after its end, holds no emphasis
        // mark, and, where it holds a closing bracket, across a balanced
        // stretch.
        let mut k = le;
        while k < h.len() && (may_drop(h[k]) || matches!(h[k], b'*' | b'_')) {
            k += 1;
        }
        // What the trimming dropped ends at a non-ASCII character that may
        // have been in the run: the cluster rules may have dropped it and
        // more after it (a prepended letter, then an emphasis mark that
        // this one's start dropped first): no memo.
        if h.get(k).is_some_and(|&b| b >= 0x80) && !ends_at_boundary(h, k) {
            return;
        }
        let text = &h[p..k];
        if contains2(text, b'*', b'_') {
            return;
        }
        let trim = if contains2(text, b')', b']') {
            Trim::Balanced
        } else {
            Trim::Same
        };
        // Within this one's host, as the head check finds it (up to a
        // `/ ? #` or where the parser cuts it), and before an `@` or `:`.
        let r = self.region.region(h, p, cap);
        if cap < h.len() && r.end + 4 > cap {
            return;
        }
        let hi = h[p..r.end]
            .iter()
            .position(|&b| b == b'@' || b == b':')
            .map_or(r.end, |k| p + k);
        self.set_www(p, hi, trim);
    }

    /// The first `@` in `h[lo..hi]`. Amortized constant time over queries
    /// whose `lo` grows: each byte is searched once.
    fn next_at(&mut self, h: &[u8], lo: usize, hi: usize) -> Option<usize> {
        let mut from = lo;
        if self.at_lo <= lo && lo <= self.at_hi {
            if self.at_hit {
                return (self.at_hi < hi).then_some(self.at_hi);
            }
            from = self.at_hi;
            if from >= hi {
                return None;
            }
        }
        // Search ahead of what was asked (a `memchr` call costs more to
        // start than a few bytes cost to search); what is learnt holds for
        // the later queries.
        let ahead = hi.max(from + 1024).min(h.len());
        match memchr::memchr(b'@', &h[from..ahead]) {
            Some(k) => {
                *self = Memo {
                    at_lo: lo,
                    at_hi: from + k,
                    at_hit: true,
                    ..*self
                };
                (from + k < hi).then_some(from + k)
            }
            None => {
                *self = Memo {
                    at_lo: lo,
                    at_hi: ahead,
                    at_hit: false,
                    ..*self
                };
                None
            }
        }
    }
}

/// Byte classes of the authority scan, one load a byte.
const END: u8 = 1;
const ALNUM: u8 = 2;
const AT: u8 = 4;
const SPECIAL: u8 = 8;

/// `END`: `/`, `?`, `#` and every byte that is no URL byte (non-ASCII
/// included: such a head is not decided here); `ALNUM`; `AT`; `SPECIAL`:
/// `:`, `%`, `[` and `]`.
static CLASS: [u8; 256] = {
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
struct Region {
    end: usize,
    /// It ends at a byte where the parser cuts the URL (`cuts`).
    cut: bool,
    /// An ASCII letter or digit anywhere in it.
    content: bool,
    /// Its first `@`: what is before it is userinfo.
    at: Option<usize>,
    /// A `:`: a port may follow the host.
    colon: bool,
    /// It ends at a `]` that C-F7 may trim before the parser sees it.
    open_end: bool,
}

/// The region scan stops at the first byte where the parser cuts an
/// authority short (`[` or `]` inside it, a `%` without two hex digits, a
/// second `@`): what follows cannot change the verdict, and a run of
/// hostile bytes is not scanned to its end for every trigger in it.
#[cfg(test)]
fn region(h: &[u8], a: usize, cap: usize) -> Region {
    region_from(h, a, a, 0, cap)
}

/// The region that starts at `a`, scanned from `i` with the classes `seen`
/// of `h[a..i]` (and `at`, `colon` of that stretch left to the caller).
#[inline(always)]
fn region_from(h: &[u8], a: usize, mut i: usize, mut seen: u8, cap: usize) -> Region {
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
                    if !uri::is_ucschar(ch) {
                        r.cut = true;
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
struct RegionMemo {
    valid: bool,
    lo: usize,
    hi: usize,
    closed: bool,
    cut: bool,
    open_end: bool,
    /// The first `@` in `lo..hi`: a later start sees another userinfo.
    at: Option<usize>,
    /// The first `:` in `colon_from..hi` (`lo <= colon_from <= hi`).
    colon_from: usize,
    colon_next: Option<usize>,
    /// The last letter, digit or non-ASCII character in `lo..hi`.
    last_alnum: Option<usize>,
}

/// How far before the cap a region's stop is decided by the bytes before
/// the cap alone: a character of up to 4 bytes that must fit, and the
/// look past a `]` (`past_trimmable`, 64 bytes).
const SETTLED: usize = 68;

/// The first `:` in `h[lo..hi]`, where `any` says there is one.
#[inline]
fn first_colon(h: &[u8], lo: usize, hi: usize, any: bool) -> Option<usize> {
    if !any {
        return None;
    }
    h[lo..hi].iter().position(|&b| b == b':').map(|k| lo + k)
}

/// The last letter, digit or non-ASCII byte (a region holds only
/// `ucschar` ones) in `h[lo..hi]`. From the end: a host's last byte is
/// nearly always one.
#[inline]
fn last_alnum(h: &[u8], lo: usize, hi: usize) -> Option<usize> {
    h[lo..hi]
        .iter()
        .rposition(|&b| CLASS[b as usize] & ALNUM != 0 || b >= 0x80)
        .map(|k| lo + k)
}

impl RegionMemo {
    /// The region at `a`, not past `cap` (`region`), through the memo.
    #[inline]
    fn region(&mut self, h: &[u8], a: usize, cap: usize) -> Region {
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
    fn recall(&mut self, h: &[u8], a: usize, cap: usize) -> Option<Region> {
        let usable = self.lo <= a
            && a <= self.at.unwrap_or(self.hi)
            && a <= self.hi
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
    fn remember(&mut self, h: &[u8], a: usize, cap: usize, r: &Region) {
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
    fn colon_in(&mut self, h: &[u8], from: usize, end: usize, any: bool) -> Option<usize> {
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
    fn colon_after(&mut self, h: &[u8], from: usize, end: usize) -> Option<usize> {
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

    /// The window lost its first `by` bytes.
    fn shift(&mut self, by: usize) {
        if self.lo < by {
            self.valid = false;
        } else {
            self.lo -= by;
            self.hi -= by;
            self.at = self.at.map(|k| k - by);
            self.colon_from -= by;
            self.colon_next = self.colon_next.map(|k| k - by);
            self.last_alnum = self.last_alnum.map(|k| k - by);
        }
    }
}

/// A byte that C-F7 never drops from a text's end: a URL byte, neither
/// sentence punctuation, nor a closing bracket, nor an emphasis mark. A
/// text that goes on to one ends past it, whatever the trimming.
fn kept(b: u8) -> bool {
    URL_BYTE[b as usize] && !may_drop(b) && !matches!(b, b'*' | b'_')
}

/// The first byte at or after `i` (looking at most 64 bytes ahead, within
/// `hh`) that C-F7 would not drop at a text's end: past sentence
/// punctuation, `)`, emphasis marks and, with `brackets`, `]`. (Where a
/// kept byte follows such a run, the run stays in the text.)
fn past_trimmable(hh: &[u8], mut i: usize, brackets: bool) -> usize {
    let end = hh.len().min(i + 64);
    while i < end {
        let b = hh[i];
        let skip = match b {
            b'"' => false,
            b']' => brackets,
            b'*' | b'_' => true,
            _ => may_drop(b),
        };
        if !skip {
            break;
        }
        i += 1;
    }
    i
}

/// Whether the parser cuts an authority that starts at `a` at the special
/// byte `h[i]`, having seen the classes `seen` before it.
fn cuts(h: &[u8], i: usize, seen: u8) -> bool {
    match h[i] {
        b'@' => seen & AT != 0,
        // Outside an IP literal (which `authority` steps over), `[` and
        // `]` end an authority.
        b'[' | b']' => true,
        b'%' => !escaped(h, i),
        _ => false,
    }
}

/// Whether the `%` at `i` has two hex digits after it in `t` (else the
/// parser stops there).
fn escaped(t: &[u8], i: usize) -> bool {
    t.get(i + 1..i + 3)
        .is_some_and(|x| x.iter().all(u8::is_ascii_hexdigit))
}

/// Whether the full path may see more than the region: it may be joined
/// with the next line (a hyphen at its end, C-W3; a line end, C-W6), or it
/// ends at a non-ASCII byte where the URL's end may move back (C-F8: a
/// grapheme cluster across it). A region that reaches the cap is decided:
/// the full path cuts the URL there too.
fn undecided(h: &[u8], r: &Region, a: usize, cap: usize) -> bool {
    if r.open_end {
        return true;
    }
    if r.end >= cap {
        return false;
    }
    let next = h[r.end];
    // A hyphen joins across any blanks (non-ASCII ones too) and a break,
    // where the run ends (not where the parser cuts it).
    if matches!(next, b'\n' | b'\r') || (!r.cut && r.end > a && h[r.end - 1] == b'-') {
        return true;
    }
    next >= 0x80 && !ends_at_boundary(h, r.end)
}

/// urlx's own rules for a bare `scheme://` authority (`c` is the colon),
/// which keep refusals cheap: it starts with a letter, digit, `%`, `_`, `~`
/// or non-ASCII character, or is an IP literal that closes within 64
/// bytes. `None` refuses; else where the authority's region scan starts
/// (after the IP literal, which the parser decides).
pub(crate) fn authority_policy(h: &[u8], c: usize) -> Option<usize> {
    let a = c + 3;
    match h.get(a) {
        // An IP literal: its `]` close by, hex digits, `:` and `.` (or an
        // IPvFuture) between. Else `http://[http://[...` would be scanned
        // to the length cap at every trigger.
        Some(b'[') => {
            let lit = &h[a + 1..h.len().min(a + 1 + 64)];
            memchr::memchr(b']', lit)
                .filter(|&k| {
                    lit[..k].iter().all(|&b| {
                        b.is_ascii_alphanumeric()
                            || matches!(b, b':' | b'.' | b'-' | b'_' | b'~' | b'%')
                    })
                })
                .map(|k| a + 1 + k + 1)
        }
        Some(&b) if b.is_ascii_alphanumeric() || matches!(b, b'%' | b'_' | b'~') || b >= 0x80 => {
            Some(a)
        }
        _ => None,
    }
}

/// A bare `scheme://` candidate from `s` (`c` is the colon) whose scheme is
/// not `file`: [`authority_policy`], then the host, a part of the
/// authority, must hold a letter or digit (`Finder::acceptable`).
pub(crate) fn authority(h: &[u8], s: usize, c: usize, cap: usize, memo: &mut Memo) -> Head {
    let a = c + 3;
    let Some(from) = authority_policy(h, c) else {
        return Head::Refuse;
    };
    let cap = cap.min(h.len());
    if from > a {
        let r = memo.region.region(h, from, cap);
        if undecided(h, &r, from, cap) {
            return Head::Pass;
        }
        return text_end(h, s, &r, cap, &mut memo.bare.brackets)
            .end
            .map_or(Head::Pass, Head::Decide);
    }
    let r = memo.region.region(h, a, cap);
    if undecided(h, &r, a, cap) {
        return Head::Pass;
    }
    // The host lies in the region: without a letter or digit in the region
    // it names nothing.
    if !r.content {
        return Head::Refuse;
    }
    if r.at.is_none() && !r.colon {
        // The host is the region, which holds a letter or digit.
        return Head::Pass;
    }
    match text_end(h, s, &r, cap, &mut memo.bare.brackets).end {
        Some(end) => {
            let (host, cut) = host(h, s, a, &r, end, memo);
            // A letter, digit or non-ASCII character, as `Finder::acceptable`.
            Head::cut(
                host.iter().any(|&b| b.is_ascii_alphanumeric() || b >= 0x80),
                cut,
            )
        }
        None => Head::Pass,
    }
}

/// The host of a candidate from `start` whose authority starts at `a`,
/// with the head `r`, in a text that ends at `end`: after the first `@`,
/// up to a `:`. A port that is not all digits up to the authority's end is
/// where the parser cuts the URL, and the full path then trims what is
/// left (C-F7), which may reach back into the host (`www.a.b.:x`). With
/// the host, where the parser stops the text, where the head knows.
fn host<'h>(
    h: &'h [u8],
    start: usize,
    a: usize,
    r: &Region,
    end: usize,
    memo: &mut Memo,
) -> (&'h [u8], Option<usize>) {
    let hs = r.at.map_or(a, |at| at + 1).min(end);
    // The text ends within the region: without a `:` in it, none.
    let Some(colon) = memo.region.colon_in(h, hs, end, r.colon) else {
        return (&h[hs..end], None);
    };
    let digits = h[colon + 1..end]
        .iter()
        .position(|b| !b.is_ascii_digit())
        .map_or(end, |n| colon + 1 + n);
    if digits < end && !matches!(h[digits], b'/' | b'?' | b'#') {
        let he = colon.min(trimmed_end(h, start, digits, &mut memo.bare.brackets));
        // Without an `@` in the region (the run of userinfo bytes the
        // parser looks along for one), the parser stops at the port's
        // first byte that is no digit, inside the text.
        let cut = r.at.is_none().then_some(digits);
        (&h[hs..he.max(hs)], cut)
    } else {
        (&h[hs..colon], None)
    }
}

/// What `text_end` found.
struct TextEnd {
    /// Where the text ends, where the head tells.
    end: Option<usize>,
    /// Whether the answer rests on bytes within 3 of the cap (a query's
    /// `%` whose digits the cap cut off, a `]` and what follows it): a
    /// later trigger's cap is later, and may answer otherwise.
    near_cap: bool,
}

/// Where the text the full path parses ends, for a candidate from `start`
/// whose head is `r`, or `None` when the head does not tell: where the
/// parser cuts it, less what the full path then trims; the region's
/// end where the URL goes on past it (a `/` or `#`, which the full path
/// never trims; a `?` followed by a byte that neither the trimming nor the
/// parser removes), else the run's end less the punctuation the full path
/// trims (C-F7).
fn text_end(h: &[u8], start: usize, r: &Region, cap: usize, brackets: &mut BracketMemo) -> TextEnd {
    let far = |end| TextEnd {
        end,
        near_cap: false,
    };
    if r.cut {
        // The parser cuts the URL here, and the full path trims the rest.
        return far(Some(trimmed_end(h, start, r.end, brackets)));
    }
    // Where a byte the text goes on with is the run's last character and
    // a non-ASCII joiner follows it (C-F8), the full path moves the end
    // back before it, and the trimming may reach back into the host: the
    // head does not tell. (A cluster across the end takes at most the one
    // ASCII character before it.) Any other character after it keeps it:
    // giving up at every non-ASCII byte sent hostile runs (`www.1/é`) to
    // the full path, to the URL cap at every trigger.
    let goes_on = |k: usize| h.get(k + 1).is_none_or(|&b| b < 0x80) || boundary_after_ascii(h, k);
    match h.get(r.end) {
        Some(b'/' | b'#') if r.end < cap => far(goes_on(r.end).then_some(r.end)),
        Some(b'?') if r.end < cap => {
            // The query goes on to a byte that C-F7 never drops, past bytes
            // it may drop (which the parser takes in a query): the text ends
            // past the host. Or the parser cuts it first (a `[` or `]`, a
            // `%` without its digits), and the full path trims the rest.
            let hh = &h[..cap];
            let k = past_trimmable(hh, r.end + 1, false);
            let mut read = k;
            let end = match hh.get(k) {
                Some(b'[') => Some(trimmed_end(h, start, k, brackets)),
                Some(b']') => {
                    // (A `]` cuts it where the text goes on past it: else
                    // the trimming may drop it first.)
                    read = past_trimmable(hh, k + 1, true);
                    let stays = hh.get(read).is_some_and(|&b| kept(b));
                    (stays && goes_on(read)).then(|| trimmed_end(h, start, k, brackets))
                }
                Some(b'%') if !escaped(hh, k) => Some(trimmed_end(h, start, k, brackets)),
                Some(&b) if kept(b) => goes_on(k).then_some(r.end),
                _ => None,
            };
            TextEnd {
                end,
                near_cap: cap < h.len() && read + 3 > cap,
            }
        }
        _ => {
            // The full path looks at grapheme clusters where the URL ends
            // next to a non-ASCII character (C-F8), with the same look at
            // the same bytes; where it moves the end back, that is not
            // decided here.
            let t = trimmed_end(h, start, r.end, brackets);
            // (After an ASCII last character the region's end decides, as
            // before: see `undecided`.)
            let kept = |t: usize| {
                t <= cap && {
                    let after = &h[t..cap.min(t + 32)];
                    grapheme_floor(&h[start..t], t - start, after) == t - start
                }
            };
            far((t == start || h[t - 1] < 0x80 || kept(t)).then_some(t))
        }
    }
}

/// A bare `www.` candidate at `p`: `www.` and one more label, the last not
/// a number (`Finder::acceptable`).
pub(crate) fn www(h: &[u8], p: usize, cap: usize, memo: &mut Memo) -> Head {
    if memo.www_refused(h, p) {
        return Head::Refuse;
    }
    let cap = cap.min(h.len());
    let r = memo.region.region(h, p, cap);
    if undecided(h, &r, p, cap) {
        return Head::Pass;
    }
    let t = text_end(h, p, &r, cap, &mut memo.bare.brackets);
    let Some(end) = t.end else {
        return Head::Pass;
    };
    // `host.get(4..)`, as `Finder::acceptable` takes it (the host after an
    // `@` need not start with `www.`).
    let (host, cut) = host(h, p, p, &r, end, memo);
    let rest = host.get(4..).unwrap_or(&[]);
    let ok = match rest.iter().rposition(|&b| b == b'.') {
        Some(k) => {
            let last = &rest[k + 1..];
            !last.is_empty() && !last.iter().all(u8::is_ascii_digit)
        }
        None => false,
    };
    if !ok {
        memo.refused_www(h, p, &r, end, t.near_cap, cap);
    }
    Head::cut(ok, cut)
}

/// urlx's own rule for a bare `mailto:` (`c` is the colon): an `@` within
/// 192 bytes (64 octets of local part, percent-encoded). Its position.
pub(crate) fn mailto_policy(h: &[u8], c: usize, memo: &mut Memo) -> Option<usize> {
    let hi = h.len().min(c + 1 + 192);
    memo.next_at(h, c + 1, hi)
}

/// A bare candidate of a scheme without `//` (`c` is the colon): its path
/// starts with a letter, digit, `*`, `%`, `_`, `~` or `+`; a `mailto:`
/// path holds an `@` (`Finder::acceptable`), within [`mailto_policy`].
pub(crate) fn opaque_ok(h: &[u8], c: usize, mailto: bool, memo: &mut Memo) -> bool {
    let first_ok = match h.get(c + 1) {
        // A line end may be joined with the next line (C-W6).
        Some(b'\n' | b'\r') => return true,
        Some(b'%') => escaped(h, c + 1),
        Some(&b) => b.is_ascii_alphanumeric() || matches!(b, b'*' | b'_' | b'~' | b'+'),
        None => false,
    };
    if !first_ok {
        return false;
    }
    if !mailto {
        return true;
    }
    let Some(at) = mailto_policy(h, c, memo) else {
        return false;
    };
    // The path reaches the `@` unless a `?` or `#` ends it first, or a
    // byte the parser refuses (`[`, `]`, a `%` without two hex digits) cuts
    // the URL there. Whitespace (a line break may be joined) and non-ASCII
    // characters are left to the full path.
    let mut i = c + 1;
    while i < at {
        match h[i] {
            b'?' | b'#' | b'[' | b']' => return false,
            b'%' if !escaped(&h[..at], i) => return false,
            b if b >= 0x80 || b.is_ascii_whitespace() => return true,
            b if !URL_BYTE[b as usize] => return false,
            _ => {}
        }
        i += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::replay;
    use crate::FinderBuilder;
    use proptest::prelude::*;

    /// Text made of the pieces hostile input and real URLs are made of.
    fn hostile_text() -> impl Strategy<Value = String> {
        const TOKENS: &[&str] = &[
            "http://",
            "https://",
            "ftp://",
            "file:///",
            "www.",
            "WWW.",
            "mailto:",
            "sip:",
            "news:",
            "news://",
            "tel:",
            "urn:",
            "URL:",
            "<URL:",
            "<",
            ">",
            "\"",
            "'",
            "\u{201c}",
            "\u{201d}",
            "(",
            ")",
            "[",
            "]",
            "@",
            "a",
            "b",
            "1",
            "2",
            ".",
            "-",
            "_",
            "*",
            "!",
            "%",
            "%41",
            "%zz",
            "?",
            "#",
            "/",
            ":",
            "::1",
            "80",
            " ",
            "\n",
            "-\n",
            "- \n",
            "\n> ",
            "\r\n>> ",
            "> ",
            "\u{e9}",
            "\u{3002}",
            "\u{a0}",
            // A prepended letter: its cluster takes the next character.
            "\u{d4e}",
            // Punctuation that ends a URL, and what joins the character
            // before it: a combining mark (Extend), ZWJ, a SpacingMark.
            "\u{bb}",
            "\u{ff09}",
            "\u{301}",
            "\u{200d}",
            "\u{93f}",
            "x.example",
            "example.org",
            "=",
            "&",
            "(www.",
            "!www.",
            "www.1",
            "www.a.b",
            ".1",
            ".b",
            "*www.",
            "_www.",
            "www.1)",
            "(www.1)",
            ")*",
        ];
        prop::collection::vec(prop::sample::select(TOKENS), 0..40).prop_map(|v| v.concat())
    }

    fn links(
        f: &crate::Finder,
        t: &str,
    ) -> Vec<(String, usize, usize, String, Option<String>, bool)> {
        f.links(t)
            .map(|l| {
                let form = l.form().as_str().to_owned();
                let alt = l.alt().map(str::to_owned);
                (
                    l.as_str().to_owned(),
                    l.start(),
                    l.end(),
                    form,
                    alt,
                    l.is_truncated(),
                )
            })
            .collect()
    }

    /// The links with the head checks (and the chain probe and the
    /// scanner's refusals that go with them) and without; and with the
    /// SSE2 search where the CPU has AVX2 (what a CPU without it runs).
    fn head_checks_agree(b: &FinderBuilder, t: &str) -> Result<(), TestCaseError> {
        let with = b.build().unwrap();
        let mut without = with.clone();
        without.head_checks = false;
        without.scanner.empty_path_refusal = false;
        let found = links(&with, t);
        prop_assert_eq!(&found, &links(&without, t));
        #[cfg(target_arch = "x86_64")]
        if with.scanner.avx2() {
            let mut sse2 = with.clone();
            sse2.scanner.use_sse2();
            prop_assert_eq!(&found, &links(&sse2, t));
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]

        /// C-S4: the head checks refuse only what the full path refuses.
        /// (urlx's own rules, `authority_policy` and `mailto_policy`,
        /// hold either way.)
        #[test]
        fn c_s4_head_checks_refuse_only_what_the_full_path_refuses(t in hostile_text()) {
            for b in [
                FinderBuilder::new(),
                FinderBuilder::new()
                    .email(true)
                    .join_unhyphenated_breaks(true)
                    .max_url_len(24)
                    .max_line_len(40)
                    .max_wrapper_bytes(30)
                    .max_wrapper_lines(2)
                    .clone(),
            ] {
                head_checks_agree(&b, &t)?;
            }
        }
    }

    /// The default finder's links with the head checks and the memos, and
    /// with each of them off, are the same for `t`.
    fn all_paths_agree(t: &str) {
        let b = FinderBuilder::new();
        head_checks_agree(&b, t).unwrap_or_else(|e| panic!("{t:?}: {e}"));
        let f = b.build().unwrap();
        let mut without = f.clone();
        without.memos = false;
        assert_eq!(links(&f, t), links(&without, t), "{t:?}");
    }

    /// C-S4, C-F8: a `#`, `/` or kept query byte that the head takes for
    /// "the URL goes on past the host" is the run's last character, and a
    /// joiner after it (ZWJ, a combining mark, a SpacingMark) puts it in a
    /// cluster across the run's end: the full path moves the end back
    /// before it, and the trimming may then reach into the host.
    #[test]
    fn c_s4_head_checks_leave_a_cluster_across_the_end_to_the_full_path() {
        let b = FinderBuilder::new();
        for t in [
            "(www..(www.#\u{200d}",
            "(www..(www./\u{301}",
            "(www..(www.#\u{93f}",
            "www.a.(b.?x\u{200d}",
            "http://a.(b./\u{200d}",
            "(www..(www.#x\u{200d}",
            "www.a.b#\u{200d} www.a.(b.?x\u{301} www.c.d/",
        ] {
            all_paths_agree(t);
        }
        // The full path's answer, by the rules: the cluster `#` + ZWJ is
        // dropped, then the trailing dot.
        let f = b.build().unwrap();
        assert_eq!(links(&f, "(www..(www.#\u{200d}")[0].0, "http://www..(www");
    }

    /// C-S4, C-F8, C-F7 (found by review): a `]` the trimming drops once a
    /// cluster took the byte after it; a memo of a refusal whose trimming
    /// dropped a prepended letter and an emphasis mark past the end.
    #[test]
    fn c_s4_head_checks_and_memos_after_the_cluster_rules() {
        let b = FinderBuilder::new();
        for t in [
            "*www.a.1)?*]x\u{200d}",
            "*www.a.1)?*]x\u{200c}",
            "*www.a.1)?*]x\u{301}\u{200d}",
            "*www.a.1)?*]x\u{93f}",
            "*www.(www..\u{d4e}*",
            "*www.(www..\u{600}*",
            "*www.(www..\u{110bd}*",
        ] {
            all_paths_agree(t);
        }
        let f = b.build().unwrap();
        assert_eq!(links(&f, "*www.a.1)?*]x\u{200d}")[0].0, "http://www.a.1)?*");
        assert_eq!(
            links(&f, "*www.(www..\u{d4e}*")[0].0,
            "http://www..\u{d4e}*"
        );
    }

    /// C-S4, C-W3 (found by the 20x property test): a `www.` whose host
    /// the parser cuts at a non-ASCII letter before a `(` is refused; a
    /// later `www.` after the `(`, with the next line joined, is a link.
    #[test]
    fn c_s4_www_memo_after_a_joined_line() {
        let mut b = FinderBuilder::new();
        b.email(true)
            .join_unhyphenated_breaks(true)
            .max_url_len(24)
            .max_line_len(40)
            .max_wrapper_bytes(30)
            .max_wrapper_lines(2);
        let t = "\r\n>> www.\u{d4e}(www.80www.1\r\n>> =";
        head_checks_agree(&b, t).unwrap_or_else(|e| panic!("{t:?}: {e}"));
        let f = b.build().unwrap();
        assert_eq!(links(&f, t)[0].0, "http://www.80www.1=");
    }

    /// C-S4: an IP literal after the userinfo's `@` is a host the parser
    /// takes, not a cut (found by the property test; older than the
    /// seventh session).
    #[test]
    fn c_s4_head_checks_leave_an_ip_literal_after_userinfo_to_the_full_path() {
        let b = FinderBuilder::new();
        for t in [
            "http://www.@[::1]",
            "http://a@[::1]/x",
            "www.a@[::1]",
            "http://a@[x",
            "http://@[::1]",
        ] {
            all_paths_agree(t);
        }
        let f = b.build().unwrap();
        assert_eq!(
            links(&f, "see http://www.@[::1] now")[0].0,
            "http://www.@[::1]"
        );
    }

    /// Chains of joined lines: lines that begin with a trigger or go on
    /// with a letter or digit, of hostile pieces, nearly all ending in a
    /// hyphen (C-W3; a few before a `/`, C-W6), all quoted or none.
    fn chain_text() -> impl Strategy<Value = String> {
        const STARTS: &[&str] = &[
            "www.", "www.1", "www.a.", "http://", "http://a", "URL:www.", "a", "1", "b.", "x",
            "\u{e9}", "_", "/a", "?",
        ];
        const PIECES: &[&str] = &[
            "a", "b", "1", ".", ":", "x", "@", "]", "[", "%", "%4", "%41", "/", "?", "#", "(", ")",
            "_", "*", "'", "\u{e9}", "\u{301}", "-", "80", ".com",
        ];
        const ENDS: &[&str] = &["-\n", "-\n", "-\n", "-\n", "-\n", "-\r\n", "- \n", "\n"];
        let line = (
            prop::sample::select(STARTS),
            prop::collection::vec(prop::sample::select(PIECES), 0..3),
            prop::sample::select(ENDS),
        )
            .prop_map(|(s, p, e)| (format!("{s}{}", p.concat()), e));
        (
            prop::collection::vec(line, 4..24),
            prop::sample::select(vec!["", "> ", ">> "]),
            prop::sample::select(vec!["", ".", "\n", "www.1\n", ":x\n", "@a/\n"]),
            1usize..4,
        )
            .prop_map(|(lines, quote, end, n)| {
                let mut t = String::new();
                for (text, e) in lines {
                    t.push_str(quote);
                    t.push_str(&text);
                    t.push_str(e);
                }
                format!("{}{end}", t.repeat(n))
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]

        /// C-S4: a chain of joined lines decided from its first pieces
        /// (`find::chain`) gives the links the whole chain gives. (The
        /// probe takes one joint, so a span of 3 lines or more reaches it;
        /// the default span of 8 and a span of 3 also cut chains, one of
        /// 40 lines hardly any.)
        #[test]
        fn c_s4_a_chain_probe_finds_what_the_whole_chain_finds(t in chain_text()) {
            for b in [
                FinderBuilder::new(),
                FinderBuilder::new().max_wrapper_lines(40).clone(),
                FinderBuilder::new().max_wrapper_lines(3).clone(),
                FinderBuilder::new()
                    .email(true)
                    .join_unhyphenated_breaks(true)
                    .max_url_len(60)
                    .max_wrapper_lines(40)
                    .clone(),
            ] {
                head_checks_agree(&b, &t)?;
            }
        }
    }

    /// Long runs: a few hostile pieces repeated, so that one run holds
    /// many triggers (the memos remember runs of 64 bytes and more).
    fn repeated_text() -> impl Strategy<Value = String> {
        (hostile_text(), 1usize..60, hostile_text())
            .prop_map(|(unit, n, tail)| format!("{}{tail}", unit.repeat(n)))
    }

    /// Bytes of authorities and what ends or cuts them.
    fn region_text() -> impl Strategy<Value = Vec<u8>> {
        const TOKENS: &[&str] = &[
            "www.", "a", "1", ":", ")", "(", "@", "[", "]", "%", "%41", "\u{e9}", "\u{3002}",
            "\u{e000}", " ", "/", "-", "\n", "*", ".", "]a",
        ];
        // Region bytes, more often: long regions are what the memo keeps.
        const INSIDE: &[&str] = &[
            "www.", "a", "1", ":", ")", "(", "-", "*", ".", "%41", "\u{e9}",
        ];
        let piece =
            |t: &'static [&'static str]| prop::collection::vec(prop::sample::select(t), 0..8);
        (
            piece(TOKENS),
            piece(INSIDE),
            1usize..100,
            piece(TOKENS),
            piece(TOKENS),
        )
            .prop_map(|(head, unit, n, mid, tail)| {
                let unit = unit.concat();
                format!(
                    "{}{}{}{}{}",
                    head.concat(),
                    unit.repeat(n),
                    mid.concat(),
                    unit.repeat(n),
                    tail.concat()
                )
                .into_bytes()
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(5_000))]

        /// C-S4: the region memo answers as a fresh scan does, and its
        /// colons are the first ones, for triggers in order (each cap
        /// later), for any query, and after the window drops its first
        /// bytes.
        #[test]
        fn c_s4_region_memo_answers_as_the_scan_does(
            h in region_text(),
            queries in prop::collection::vec((0usize..2000, 0usize..200, 0usize..40), 1..40),
            drop_at in 0usize..40,
            by in 0usize..200,
        ) {
            let shift = |m: &mut RegionMemo, by| m.shift(by);
            replay(&h, &queries, drop_at, by, shift, |memo, h, (a, len, back)| {
                let mut a = a.min(h.len());
                while a > 0 && a < h.len() && h[a] & 0xC0 == 0x80 {
                    a -= 1;
                }
                let cap = a + len;
                let r = memo.region(h, a, cap);
                prop_assert_eq!(&r, &region(h, a, cap));
                // The host's colon, from a place in the region.
                let from = r.end.saturating_sub(back).max(a);
                let want = h[from..r.end].iter().position(|&b| b == b':').map(|k| from + k);
                let any = h[a..r.end].contains(&b':');
                prop_assert_eq!(memo.colon_in(h, from, r.end, any), want);
                Ok(())
            })?;
        }

        /// C-S4: the bracket memo trims as a fresh count does.
        #[test]
        fn c_s4_bracket_memo_trims_as_a_fresh_count_does(
            h in region_text(),
            queries in prop::collection::vec((0usize..2000, 0usize..300), 1..40),
            drop_at in 0usize..40,
            by in 0usize..200,
        ) {
            let shift = |m: &mut BracketMemo, by| m.shift(by);
            replay(&h, &queries, drop_at, by, shift, |memo, h, (s, len)| {
                let s = s.min(h.len());
                let e = h.len().min(s + len);
                let fresh = &mut BracketMemo::default();
                prop_assert_eq!(trimmed_end(h, s, e, memo), trimmed_end(h, s, e, fresh));
                if e - s >= 64 {
                    prop_assert_eq!(memo.count(h, s, e), count_brackets(&h[s..e]));
                }
                Ok(())
            })?;
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(5_000))]

        /// C-S4: the `@` triggers the scanner refuses in its loop are those
        /// the finder refuses: the same links without that refusal.
        #[test]
        fn c_s4_the_scanners_email_refusal_changes_no_link(t in repeated_text()) {
            let with = FinderBuilder::new().email(true).build().unwrap();
            let mut without = with.clone();
            without.scanner.email_reach = 0;
            prop_assert!(with.scanner.email_reach > 0);
            prop_assert_eq!(links(&with, &t), links(&without, &t));
        }

        /// C-S4: what earlier triggers learnt (runs, regions, colons,
        /// bracket counts, `@`s, refused hosts) changes no link: the same
        /// links as with every trigger starting afresh.
        #[test]
        fn c_s4_memos_change_no_link(t in repeated_text()) {
            for b in [
                FinderBuilder::new(),
                FinderBuilder::new()
                    .email(true)
                    .join_unhyphenated_breaks(true)
                    .max_url_len(100)
                    .max_line_len(300)
                    .max_wrapper_bytes(120)
                    .clone(),
            ] {
                let with = b.build().unwrap();
                let mut without = with.clone();
                without.memos = false;
                prop_assert_eq!(links(&with, &t), links(&without, &t));
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]

        /// The common paths (`bare_common`, `one_look`, and the bare
        /// `scheme://` lane `Finder::slashes_candidate` that tries it
        /// first) find what the general path finds.
        #[test]
        fn the_common_path_agrees_with_the_general_path(t in hostile_text()) {
            for b in [
                FinderBuilder::new(),
                FinderBuilder::new()
                    .email(true)
                    .join_unhyphenated_breaks(true)
                    .max_url_len(24)
                    .max_line_len(40)
                    .max_wrapper_bytes(30)
                    .max_wrapper_lines(2)
                    .clone(),
                FinderBuilder::new().max_wrapper_lines(1).clone(),
            ] {
                let fast = b.build().unwrap();
                let mut general = fast.clone();
                general.common_path = false;
                prop_assert_eq!(links(&fast, &t), links(&general, &t));
            }
        }
    }

    /// Texts where the common path must leave the decision to the general
    /// one (C-W5: a wrapper spans at most 8 lines, counted from its opener).
    #[test]
    fn c_w5_common_path_leaves_line_counts_to_the_general_path() {
        let f = FinderBuilder::new().build().unwrap();
        let mut general = f.clone();
        general.common_path = false;
        for breaks in [1, 7, 8, 9] {
            let t = format!("<{}http://a.example/>", "\n".repeat(breaks));
            assert_eq!(links(&f, &t), links(&general, &t), "{breaks}");
        }
        let t = format!("<{}http://a.example/>", "\n".repeat(8));
        assert_eq!(links(&f, &t)[0].3, "bare", "9 lines: no wrapper");
    }

    /// Texts where a memo would carry a refusal to a later trigger that
    /// the full path accepts, were it not for the conditions on it.
    #[test]
    fn c_s4_memo_conditions() {
        let f = FinderBuilder::new().build().unwrap();
        let mut without = f.clone();
        without.head_checks = false;
        for t in [
            // C-F8: a joiner after the last digit moves the URL's end back
            // before it (the full path then accepts `www.a.b`).
            "www.a.b.1\u{200d} ",
            "x http://a.b/c\u{200d} ",
            "(www.1\u{600}. ",
            // Brackets balanced from the second `www.` but not the first.
            "www.1)www.2(www.3) ",
            // The same at the end of a line joined after a hyphen (C-W3),
            // which the full path decides (`refused_www_text`).
            "www.1)www.2(www.a-\nb.3) ",
            // Emphasis closes what the second one's `*` opened.
            "www.1*www.2*",
            // Emphasis closes what the first one's `*` opened, not the
            // second one's (whose host then ends `1*`).
            "*www.a(www.b.1* ",
            "_www.1_(www.a.1_ ",
            // All the `)` at the end dropped from the first, one from the
            // second (`www.a(b.1)`).
            "www.1)www.a(b.1)) ",
            // The same before an emphasis mark that closes both.
            "*www.1)*www.a(b.1))* ",
            // A port cut trims back into the host.
            "www.1)www.a.b.:x ",
            // An `@`: the later one's host is another.
            "www.1@www.a.b ",
            // The parser cuts the first one's text at the `]`, and trims
            // it there by the brackets (found by the property test).
            "www.1)www.)((www.1)].@",
            // The same where the parser cuts past the region, and the
            // trimming comes back over the `?` (both found by the property
            // test).
            "www.1)!www.(www.1)?[http://",
            // The parser cuts in the joined line (C-W3), where the trimming
            // counts the brackets of the first line too.
            "(www.)!www.-\na(www.1)[http://http://",
        ] {
            assert_eq!(links(&f, t), links(&without, t), "{t}");
        }
        assert!(links(&f, "www.1)www.2(www.3) ")
            .iter()
            .any(|l| l.0 == "http://www.2(www.3)"));
        assert!(links(&f, "www.1)www.2(www.a-\nb.3) ")
            .iter()
            .any(|l| l.0 == "http://www.2(www.a-b.3)"));
        for (t, url) in [
            ("*www.a(www.b.1* ", "http://www.b.1*"),
            ("_www.1_(www.a.1_ ", "http://www.a.1_"),
            ("www.1)www.a(b.1)) ", "http://www.a(b.1)"),
            ("*www.1)*www.a(b.1))* ", "http://www.a(b.1)"),
        ] {
            assert!(links(&f, t).iter().any(|l| l.0 == url), "{t}");
        }
    }

    /// The runs that were quadratic within the cap (every trigger scanned
    /// the run to its end): after the first refusal, the memo refuses
    /// every later `www.` in the run, at the text's end too.
    #[test]
    fn c_s4_www_memo_covers_the_run() {
        for (unit, end) in [
            ("www.1)", " x"),
            ("www.1)", ""),
            ("(www.1)", ""),
            ("(www.1)", " x"),
            ("(www.1).", ""),
            ("(www.1),", " x"),
            ("*www.1*", ""),
            ("*www.1*", " x"),
            ("_www.1_", " x"),
            ("www.1!", ""),
        ] {
            let t = unit.repeat(50) + end;
            let h = t.as_bytes();
            let mut m = Memo::default();
            let triggers: Vec<usize> = (0..h.len())
                .filter(|&i| h[i..].starts_with(b"www."))
                .collect();
            for (k, &p) in triggers.iter().enumerate() {
                let mut probe = m;
                assert_eq!(
                    probe.www_refused(h, p),
                    k > 0,
                    "{unit:?} {end:?}: trigger {k}"
                );
                assert_eq!(www(h, p, h.len(), &mut m), Head::Refuse);
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// The memos are offsets into the streaming reader's window, which
        /// it shifts as it drops bytes: the links of a long hostile text are
        /// the same streamed in small chunks as found whole (C-S4).
        #[test]
        fn c_s4_memos_survive_streaming(t in hostile_text(), chunk in 1usize..3000) {
            let mut long = t.clone();
            while long.len() < 12_000 {
                long.push_str(&t);
                long.push_str(" mailto:");
            }
            let f = FinderBuilder::new().email(true).build().unwrap();
            let whole = links(&f, &long);
            let streamed: Vec<_> = f
                .stream(long.as_bytes())
                .chunk_size(chunk)
                .map(|l| {
                    let l = l.unwrap();
                    let form = l.form().as_str().to_owned();
                    let alt = l.alt().map(str::to_owned);
                    (l.as_str().to_owned(), l.start(), l.end(), form, alt, l.is_truncated())
                })
                .collect();
            prop_assert_eq!(whole, streamed);
        }
    }

    /// C-S4: an address whose domain the stream's window cuts is not
    /// refused by the scanner (which refuses only on bytes it has): found
    /// streamed as found whole, wherever the window ends.
    #[test]
    fn c_s4_an_address_across_the_windows_end_is_found() {
        let f = FinderBuilder::new().email(true).build().unwrap();
        let first_window = f.limits().forward() + 64 + 1;
        for back in 1..20 {
            let t = format!("{} a@b.example.org x", "z".repeat(first_window - back));
            let whole = links(&f, &t);
            assert_eq!(whole.len(), 1, "{back}");
            let streamed: Vec<_> = f
                .stream(t.as_bytes())
                .chunk_size(1)
                .map(|l| l.unwrap().as_str().to_owned())
                .collect();
            assert_eq!(streamed, ["mailto:a@b.example.org"], "{back}");
        }
    }

    #[test]
    fn next_at_is_the_first_at_and_searches_each_byte_once() {
        let h = b"mailto:a mailto:b mailto:c@x";
        let mut m = Memo::default();
        assert_eq!(m.next_at(h, 7, h.len()), Some(26));
        assert_eq!(m.next_at(h, 16, h.len()), Some(26));
        assert_eq!(m.next_at(h, 16, 20), None);
        assert_eq!(m.next_at(h, 27, h.len()), None);
        let mut m = Memo::default();
        assert_eq!(m.next_at(h, 0, 10), None);
        assert_eq!(m.next_at(h, 5, 28), Some(26));
    }

    /// The streaming reader drops the start of its window and shifts the
    /// memo: what it says holds for the same bytes at their new offsets.
    #[test]
    fn memo_offsets_follow_the_window() {
        let h = b"xxxx mailto:a xxxxxxxx @ yyyy www.1!www.2 z";
        let at = 23;
        let mut m = Memo::default();
        assert_eq!(m.next_at(h, 12, h.len()), Some(at));
        m.shift(4);
        let h = &h[4..];
        assert_eq!(m.next_at(h, 9, h.len()), Some(at - 4));
        assert_eq!(m.next_at(h, 20, h.len()), None, "past the only @");
        assert_eq!(www(h, 26, h.len(), &mut m), Head::Refuse);
        assert_eq!((m.www_lo, m.www_hi), (26, 37));
        m.shift(10);
        assert_eq!((m.www_lo, m.www_hi), (16, 27));
        m.shift(30);
        assert_eq!((m.www_lo, m.www_hi), (0, 0), "dropped: forgotten");
    }

    #[test]
    fn c_s4_authority_heads() {
        let head = |t: &str| authority(t.as_bytes(), 0, 4, t.len(), &mut Memo::default());
        assert_eq!(head("http://example.org/"), Head::Pass);
        assert_eq!(head("http://a@b.example/"), Head::Pass);
        assert_eq!(
            head("http://b.example@!/"),
            Head::Refuse,
            "the host is after the @"
        );
        assert_eq!(head("http://!:8080."), Head::Refuse);
        assert_eq!(head("http://a:8080."), Head::Pass);
        assert_eq!(head("http://!/"), Head::Refuse, "the first byte");
        assert_eq!(head("http://_!$/"), Head::Refuse, "no letter or digit");
        assert_eq!(head("http://%zz/"), Head::Refuse);
        assert_eq!(
            head("http://_-\ncorp.example/"),
            Head::Pass,
            "joined after the hyphen (C-W3)"
        );
        assert_eq!(
            head("http://[::1/"),
            Head::Refuse,
            "an IP literal that does not close"
        );
        assert_eq!(head("http://[::1]/"), Head::Decide(12));
        assert_eq!(head("http://[::1]:80/"), Head::Decide(15));
        assert_eq!(head("http://a@!@c/"), Head::Refuse, "cut at the second @");
    }

    #[test]
    fn c_s4_www_heads() {
        let head = |t: &str| www(t.as_bytes(), 0, t.len(), &mut Memo::default());
        assert_eq!(head("www.example.org"), Head::Pass);
        assert_eq!(head("www.example.org."), Head::Pass);
        assert_eq!(head("www.1?x"), Head::Refuse);
        assert_eq!(
            head("www.1?"),
            Head::Pass,
            "the ? may be trimmed: left to the full path"
        );
        assert_eq!(head("www.x "), Head::Refuse);
        assert_eq!(head("www.x. "), Head::Refuse);
        assert_eq!(head("www.a.b(c) "), Head::Pass);
        assert_eq!(
            head("www.a%zz "),
            Head::Refuse,
            "cut at the bad %: host www.a"
        );
        assert_eq!(head("www.a.b%zz "), Head::Pass);
        assert_eq!(head("www.a.b:80 "), Head::Pass);
        assert_eq!(head("www.a.1.:x "), Head::Refuse, "port cut, host www.a.1.");
        let h = b"www.1!www.2!www.3 x";
        let mut m = Memo::default();
        assert_eq!(www(h, 0, h.len(), &mut m), Head::Refuse);
        assert_eq!(www(h, 6, h.len(), &mut m), Head::Refuse, "memo");
        assert_eq!((m.www_lo, m.www_hi), (0, 17));
    }

    #[test]
    fn c_s4_opaque_heads() {
        let ok = |t: &str| {
            let c = t.find(':').unwrap();
            opaque_ok(
                t.as_bytes(),
                c,
                t.starts_with("mailto"),
                &mut Memo::default(),
            )
        };
        assert!(ok("news:comp.infosystems.www"));
        assert!(!ok("news:-x"));
        assert!(!ok("sip:%zz"));
        assert!(ok("sip:%41"));
        assert!(ok("mailto:a@b.example"));
        assert!(!ok("mailto:a?to=b@c.example"));
        assert!(!ok("mailto:a%zz@b.example"));
        assert!(
            ok("mailto:a b@c.example"),
            "whitespace is left to the full path"
        );
        assert!(ok("mailto:first-\n  last@b.example"));
        assert!(!ok("mailto:nobody"));
    }
}
