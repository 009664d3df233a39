//! Refusals a bare candidate gets from its first bytes, before its end is
//! looked for (C-S4).
//!
//! A bare candidate refused only after its run was delimited and parsed
//! would be delimited and parsed again by every later trigger in the same
//! run: `www.1?www.1?…` or `(sip:-(sip:-…` would cost up to the 8 KiB
//! length cap per trigger, thousands of times the cost of mail text. The
//! checks here
//! look at the head of the candidate only (the authority, the first byte
//! of an opaque path, the `@` of a `mailto:` address) and refuse only what
//! the full path (`bare_end::delimit`, the parser, `Finder::acceptable`) would
//! refuse too; whatever they cannot decide from the head they pass. The
//! host is located as the parser locates it (after the first `@`, up to a
//! port; cut where the parser cuts an authority, then trimmed as the full
//! path trims); an IP literal is decided by the full path's own acceptance
//! run on the head alone ([`Head::Decide`]). The parser's decisions inside
//! an authority depend on its bytes only, so both agree with the full path.
//! An authority the parser cannot take whole (a port that is no number, a
//! second `@`, a `%` without its digits) is refused, as the full path
//! refuses it (C-P3: no host the writer did not write).
//!
//! The `Memo` keeps what one trigger learnt about the bytes ahead: the
//! next `@`, a refused `www.` host, the region (`RegionMemo`), the runs
//! and bracket counts of the delimiting (`bare_end::BareMemo`), the last quote
//! prefix skipped (`rejoin::LinePrefix`), a wrapper's plain stretch
//! (`wrapper::WrapMemo`), and where no `@` or `]` follows a chain's first
//! pieces (`chain::ClearMemo`). So the triggers of one run do not scan the
//! same bytes again up to their cap.
//!
//! Property tests hold each claim: the links found with and without the
//! head checks (and with and without the fast paths, `Finder::fast_bare`
//! and `Finder::wrapped_common`, and the memos) are the same on texts made of
//! hostile pieces, and each memo answers as a fresh scan does.

use crate::bytes::{contains2, URL_BYTE};
use crate::delimit::bare_end::{
    boundary_after_ascii, count_brackets, ends_at_boundary, may_drop, sentence_mark_at_end,
    trimmed_end, BareMemo, BracketMemo,
};
use crate::delimit::bracket_cut::{closer, Closer};
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
}

impl Head {
    fn of(ok: bool) -> Head {
        if ok {
            Head::Pass
        } else {
            Head::Refuse
        }
    }
}

mod memo;
mod region;
#[cfg(test)]
mod tests;

pub(crate) use memo::Memo;
use region::*;

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

/// Whether the parser cuts an authority at the special byte `h[i]`, having
/// seen the classes `seen` in it before `i`.
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

/// C-F7: where the bracket opened right before the candidate at `s`
/// closes in its run (within `CLOSER_REACH` bytes, as the full path looks
/// for it, `bracket_cut::closer_cut`, whatever the parser does after it; not
/// past the candidate's cap `cap`): the
/// full path ends the URL there, so its acceptance on the text up to
/// there, trimmed, decides it.
fn closer_at(h: &[u8], s: usize, cap: usize, brackets: &mut BracketMemo) -> Option<Head> {
    // (Past a line break, the full path decides.)
    let Closer::At(q) = closer(h, s)? else {
        return None;
    };
    // The run, up to the closing bracket (not scanned to the reach at
    // every trigger of a run without spaces), must hold it.
    let reach = cap.min(h.len()).min(s + q + 1);
    let e = crate::delimit::bare_end::run_end(h, s, reach);
    if e <= s + q {
        return None;
    }
    // Cut there and trimmed as the full path cuts a text (C-F7, C-F8).
    let mut pieces = crate::delimit::Pieces::one(s, s + q);
    crate::delimit::bare_end::retrim(h, &mut pieces, q, brackets);
    Some(Head::Decide(pieces.end()))
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
        if let Some(d) = closer_at(h, s, cap, &mut memo.bare.brackets) {
            return d;
        }
        return text_end(h, s, &r, cap, &mut memo.bare.brackets)
            .end
            .map_or(Head::Pass, Head::Decide);
    }
    let r = memo.region.region(h, a, cap);
    if undecided(h, &r, a, cap) {
        return Head::Pass;
    }
    if let Some(d) = closer_at(h, s, cap, &mut memo.bare.brackets) {
        return d;
    }
    // The host lies in the region: without a letter or digit in the region
    // it names nothing. Where the parser cuts the authority, it is not
    // taken whole, but at a `[` after the host (a footnote's mark), where
    // the full path ends the URL (`host_end::host_ends_before_cut`).
    if !r.content {
        return Head::Refuse;
    }
    if r.cut {
        return if h[r.end] == b'[' {
            Head::Pass
        } else {
            Head::Refuse
        };
    }
    if r.at.is_none() && !r.colon {
        // The host is the region, which holds a letter or digit.
        return Head::Pass;
    }
    match text_end(h, s, &r, cap, &mut memo.bare.brackets).end {
        Some(end) => {
            let (host, cut) = host(h, s, a, &r, end, memo);
            // A letter, digit or non-ASCII character, as `Finder::acceptable`;
            // a port the parser cuts is an authority not taken whole.
            Head::of(cut.is_none() && host.iter().any(|&b| b.is_ascii_alphanumeric() || b >= 0x80))
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
    // giving up at every non-ASCII byte would send hostile runs
    // (`www.1/é`) to the full path, to the URL cap at every trigger.
    let goes_on = |k: usize| h.get(k + 1).is_none_or(|&b| b < 0x80) || boundary_after_ascii(h, k);
    match h.get(r.end) {
        Some(b'/' | b'#') if r.end < cap => far(goes_on(r.end).then_some(r.end)),
        Some(b'?') if r.end < cap => {
            // The query goes on to a byte that C-F7 never drops (`[`
            // among them), past bytes it may drop: the text ends past the
            // host. Or it is cut first, by the parser (a `%` without its
            // digits) or by a `]` that closes no `[` of the query's first
            // component (C-F7, `bracket_cut::square_bracket_cut`), and the full
            // path trims the rest.
            let hh = &h[..cap];
            let k = past_trimmable(hh, r.end + 1, false);
            let end = match hh.get(k) {
                Some(b'%') if !escaped(hh, k) => Some(trimmed_end(h, start, k, brackets)),
                Some(b']') => Some(trimmed_end(h, start, k, brackets)),
                Some(&b) if kept(b) => goes_on(k).then_some(r.end),
                _ => None,
            };
            TextEnd {
                end,
                near_cap: cap < h.len() && k + 3 > cap,
            }
        }
        _ => {
            // The full path looks at grapheme clusters where the URL ends
            // next to a non-ASCII character (C-F8), with the same look at
            // the same bytes; where it moves the end back, that is not
            // decided here.
            let t = trimmed_end(h, start, r.end, brackets);
            // (After an ASCII last character the region's end decides, as
            // above: see `undecided`.)
            let kept = |t: usize| {
                // (An en dash, em dash or ellipsis at the end: the full
                // path drops it, C-F7.)
                t <= cap && sentence_mark_at_end(&h[start..t]).is_none() && {
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
    if let Some(d) = closer_at(h, p, cap, &mut memo.bare.brackets) {
        // A text of host bytes that ends in a letter or digit is its host
        // whole, which the full path would look at as below.
        // PERF: `(www.1)` repeated refused without the full path for each
        // (`cargo bench --bench adversarial -- '(www.1)'`).
        return match d {
            Head::Decide(end)
                if h[p..end].last().is_some_and(u8::is_ascii_alphanumeric)
                    && h[p..end]
                        .iter()
                        .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-'))
                    && !www_host_names(&h[p..end]) =>
            {
                Head::Refuse
            }
            _ => d,
        };
    }
    // An authority the parser cuts is not taken whole (but at a `[` after
    // the host, as in `authority`).
    if r.cut {
        return if h[r.end] == b'[' {
            Head::Pass
        } else {
            Head::Refuse
        };
    }
    let t = text_end(h, p, &r, cap, &mut memo.bare.brackets);
    let Some(end) = t.end else {
        return Head::Pass;
    };
    // As `Finder::acceptable` takes it: the host is the text's (no
    // userinfo: `www.info@example.org` is an address), and its part after
    // `www.` holds a dot and ends in a label that is no number; a port the
    // parser cuts is an authority not taken whole.
    let (host, cut) = host(h, p, p, &r, end, memo);
    let ok = cut.is_none() && r.at.is_none_or(|at| at >= end) && www_host_names(host);
    if !ok {
        memo.refused_www(h, p, &r, end, t.near_cap, cap);
    }
    Head::of(ok)
}

/// Whether the host of a `www.` text names one as `Finder::acceptable`
/// takes it (C-F4): after `www.`, a dot and a last label that is no number.
fn www_host_names(host: &[u8]) -> bool {
    let rest = host.get(4..).unwrap_or(&[]);
    match rest.iter().rposition(|&b| b == b'.') {
        Some(k) => {
            let last = &rest[k + 1..];
            !last.is_empty() && !last.iter().all(u8::is_ascii_digit)
        }
        None => false,
    }
}

/// urlx's own rule for a bare `mailto:` (`c` is the colon): an `@` within
/// 192 bytes (64 octets of local part, percent-encoded). Its position.
pub(crate) fn mailto_policy(h: &[u8], c: usize, memo: &mut Memo) -> Option<usize> {
    let hi = h.len().min(c + 1 + 192);
    memo.next_at(h, c + 1, hi)
}

/// A bare candidate of a scheme without `//` (`c` is the colon): its path
/// starts with a letter, digit, `*`, `%`, `_`, `~` or `+` (a `mailto:`
/// path with any character beyond ASCII too); a `mailto:` path holds an
/// `@` (`Finder::acceptable`), within [`mailto_policy`].
pub(crate) fn opaque_ok(h: &[u8], c: usize, mailto: bool, memo: &mut Memo) -> bool {
    let first_ok = match h.get(c + 1) {
        // A line end may be joined with the next line (C-W6).
        Some(b'\n' | b'\r') => return true,
        Some(b'%') => escaped(h, c + 1),
        Some(&b) => {
            b.is_ascii_alphanumeric()
                || matches!(b, b'*' | b'_' | b'~' | b'+')
                || (mailto && b >= 0x80)
        }
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
    // The path reaches the `@` unless a `?` or `#` ends it first, a byte
    // the parser refuses (a `%` without two hex digits) cuts the URL there,
    // or a byte no local part holds (`[`, `]`) comes first. Whitespace (a line break may be joined) and non-ASCII
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
