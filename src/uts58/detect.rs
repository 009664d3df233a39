//! UTS #58 link detection, on bytes: a link starts from a top-level domain
//! of IANA's list after a `.` or `。`; the domain name before it is scanned
//! back over the host characters (UTS #46), an `@` before it makes an
//! e-mail address (its local part by `Link_Email`, `mailto:` taken in),
//! else `https://` or `http://` before it is taken in and a path, query
//! and fragment after it are read by the standard's part state machine
//! (`Link_Term`, brackets paired by `Link_Bracket` within a component).
//!
//! Where the reference implementation (unicodetools' `LinkUtilities`) and
//! the standard's text leave a case open, this module says what it does:
//! ASCII TLDs match in any case; `:` followed by no digit is no port; the
//! end of the text ends a link as a Hard character does (a trailing dot
//! after the TLD is dropped there too). Bytes that are not UTF-8 end a
//! link as Hard characters do.
//!
//! Linear time: the run of host characters a dot stands in, and where its
//! last malformed label boundary is, are kept in [`Memo`] and carried on
//! from dot to dot; every scan back stops at the floor (the end of the last
//! link or refused address) and at the URL cap; brackets nest at most
//! [`MAX_NESTING`] deep.

use super::{is_dot, is_tld, link_bracket, link_email, link_term, valid_host, valid_label};
use super::{LinkTerm, MAX_TLD_LEN};

/// The deepest brackets nest in one component: an Open past it ends the
/// link, as a Hard character does.
pub(crate) const MAX_NESTING: usize = 64;

/// What was found: a URL or an e-mail address, and where its parts are (all
/// offsets into the text).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Detected {
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) kind: Kind,
    /// The domain name: for a URL with a trailing dot, the dot included.
    pub(crate) host: (usize, usize),
    /// The port's digits, after the `:`.
    pub(crate) port: Option<(usize, usize)>,
    /// After the `?` of the query, and after the `#` of the fragment.
    pub(crate) query: Option<usize>,
    pub(crate) fragment: Option<usize>,
    /// The URL reached the URL cap and was cut there.
    pub(crate) truncated: bool,
}

/// What a detected link is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A URL: `http://` or `https://` written (the scheme's length with
    /// `://`: 7 or 8), or none (a domain name alone).
    Url { scheme_len: usize },
    /// An e-mail address, `mailto:` written or not.
    Email { mailto: bool },
}

/// The caps a detection works within.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Caps {
    /// The longest link in bytes, and the most looked back from a dot.
    pub(crate) url: usize,
    /// The most bytes of a line looked at.
    pub(crate) line: Option<usize>,
}

/// What the detection learnt of the run of host characters the last dot
/// stood in: `[lo, hi)` holds host characters only, and `lo` is where the
/// run starts (or the floor when the run started before it); `bad` is the
/// first character of the last malformed label boundary in it (`..`,
/// `.-`, `-.`). Offsets are into the current buffer: forgotten when the
/// buffer moves (`search::State::shift`).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Memo {
    lo: usize,
    hi: usize,
    bad: Option<usize>,
    /// The last character before `hi`: where it starts, and whether it is a
    /// dot or `-`.
    last: Option<(usize, Edge)>,
    used: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Edge {
    Dot,
    Dash,
    Other,
}

impl Edge {
    fn of(c: char) -> Edge {
        if is_dot(c) {
            Edge::Dot
        } else if c == '-' {
            Edge::Dash
        } else {
            Edge::Other
        }
    }
}

impl Memo {
    /// Takes the run on to `to` (a character boundary past `hi`).
    fn extend(&mut self, h: &[u8], to: usize) {
        let mut p = self.hi;
        while p < to {
            let Some((c, n)) = char_at(h, p) else {
                // Not UTF-8: no host's.
                p += 1;
                self.restart(p);
                continue;
            };
            if !valid_host(c) {
                self.restart(p + n);
            } else {
                let e = Edge::of(c);
                if let Some((q, prev)) = self.last {
                    let malformed = matches!(
                        (prev, e),
                        (Edge::Dot, Edge::Dot | Edge::Dash) | (Edge::Dash, Edge::Dot)
                    );
                    if malformed {
                        self.bad = Some(q);
                    }
                }
                self.last = Some((p, e));
            }
            p += n;
        }
        self.hi = p;
    }

    fn restart(&mut self, at: usize) {
        self.lo = at;
        self.bad = None;
        self.last = None;
    }

    /// A run learnt from `from` (the floor: nothing before it counts).
    fn start_at(&mut self, from: usize) {
        *self = Memo {
            lo: from,
            hi: from,
            bad: None,
            last: None,
            used: true,
        };
    }
}

/// The character at `i` and its length; `None` at the end or where the
/// bytes are not UTF-8.
#[inline]
pub(crate) fn char_at(h: &[u8], i: usize) -> Option<(char, usize)> {
    let b = *h.get(i)?;
    if b < 0x80 {
        return Some((b as char, 1));
    }
    let n = match b {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return None,
    };
    let c = std::str::from_utf8(h.get(i..i + n)?).ok()?.chars().next()?;
    Some((c, n))
}

/// The character that ends at `i` and its length; `None` at the start or
/// where the bytes are not UTF-8.
#[inline]
pub(crate) fn char_before(h: &[u8], i: usize) -> Option<(char, usize)> {
    let b = *h.get(i.checked_sub(1)?)?;
    if b < 0x80 {
        return Some((b as char, 1));
    }
    let mut k = i - 1;
    while k > 0 && i - k < 4 && h[k] & 0xC0 == 0x80 {
        k -= 1;
    }
    let (c, n) = char_at(h, k)?;
    (k + n == i).then_some((c, n))
}

/// The next dot (`.` or `。`) at or after `from`: where it starts and its
/// length.
#[inline]
fn next_dot(h: &[u8], mut from: usize) -> Option<(usize, usize)> {
    loop {
        let k = from + memchr::memchr2(b'.', 0xE3, h.get(from..)?)?;
        if h[k] == b'.' {
            return Some((k, 1));
        }
        if h.get(k + 1..k + 3) == Some(&[0x80, 0x82]) {
            return Some((k, 3));
        }
        from = k + 1;
    }
}

/// The next link whose dot starts before `stop`, searching from `*pos`
/// with nothing before `*floor` taken; both are moved on. `eof`: the text
/// ends at `h.len()` (else the caller keeps the look-ahead after `stop`).
pub(crate) fn next(
    h: &[u8],
    pos: &mut usize,
    floor: &mut usize,
    memo: &mut Memo,
    stop: usize,
    eof: bool,
    caps: Caps,
) -> Option<Detected> {
    loop {
        let Some((d, dl)) = next_dot(h, *pos) else {
            *pos = if eof {
                h.len()
            } else {
                (*pos).max(h.len().saturating_sub(2))
            };
            return None;
        };
        if d >= stop {
            *pos = d;
            return None;
        }
        *pos = d + dl;
        // The line cap: past it nothing is looked for, and a link is cut
        // there.
        let line_end = match caps.line {
            None => h.len(),
            Some(n) => {
                let lo = d.saturating_sub(n);
                match memchr::memrchr(b'\n', &h[lo..d]) {
                    Some(k) => (lo + k + 1 + n).min(h.len()),
                    None if lo == 0 => n.min(h.len()),
                    None => {
                        *pos = match memchr::memchr(b'\n', &h[d..]) {
                            Some(k) => d + k,
                            None if eof => h.len(),
                            None => (*pos).max(h.len().saturating_sub(2)),
                        };
                        continue;
                    }
                }
            }
        };
        if let Some(found) = at_dot(h, d, dl, floor, memo, caps, line_end) {
            *pos = (*pos).max(*floor);
            return Some(found);
        }
        *pos = (*pos).max(*floor);
    }
}

/// The link the dot at `d` (`dl` bytes) ends the domain name of, if any.
fn at_dot(
    h: &[u8],
    d: usize,
    dl: usize,
    floor: &mut usize,
    memo: &mut Memo,
    caps: Caps,
    line_end: usize,
) -> Option<Detected> {
    let tld_end = tld_after(h, d + dl, line_end)?;
    let mut link_end = tld_end;
    let mut next = char_at(h, tld_end).filter(|_| tld_end < line_end);
    if let Some((c, n)) = next {
        if is_dot(c) {
            // A fully qualified name's trailing dot.
            link_end += n;
            next = char_at(h, link_end).filter(|_| link_end < line_end);
        }
    }
    let host_end = link_end;
    let mut port = None;
    match next {
        Some((c, _)) if valid_label(c) => return None,
        Some((':', _)) => {
            let from = link_end + 1;
            let digits = h[from..line_end.min(from + 6)]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            if digits == 6 {
                return None;
            }
            if digits > 0 {
                let value = h[from..from + digits]
                    .iter()
                    .fold(0u32, |v, b| v * 10 + u32::from(b - b'0'));
                if value > 0xFFFF {
                    return None;
                }
                link_end = from + digits;
                port = Some((from, link_end));
            }
        }
        _ => {}
    }
    // The domain name: back from the dot over host characters, as the
    // memo knows them from the floor or from the run's start.
    if !memo.used || memo.hi > d || *floor >= memo.hi {
        memo.start_at(*floor);
    }
    memo.extend(h, d + dl);
    let host_start = memo.lo.max(*floor);
    if host_start >= d || d - host_start > caps.url {
        return None;
    }
    let first = char_at(h, host_start).map(|(c, _)| c);
    if first.is_some_and(|c| is_dot(c) || c == '-') || memo.bad.is_some_and(|b| b >= host_start) {
        return None;
    }
    if host_start > *floor && h[host_start - 1] == b'@' {
        return email(h, host_start, tld_end, link_end, floor, caps);
    }
    let after = |p: &[u8]| host_start >= *floor + p.len() && h[..host_start].ends_with(p);
    let scheme_len = if after(b"https://") {
        8
    } else if after(b"http://") {
        7
    } else {
        0
    };
    let start = host_start - scheme_len;
    let cap = line_end.min(start.saturating_add(caps.url)).min(h.len());
    if link_end > cap {
        return None;
    }
    let mut found = Detected {
        start,
        end: link_end,
        kind: Kind::Url { scheme_len },
        host: (host_start, host_end),
        port,
        query: None,
        fragment: None,
        truncated: false,
    };
    let parts = parts(h, link_end, cap);
    if parts.end != link_end {
        found.end = parts.end;
        found.query = parts.query;
        found.fragment = parts.fragment;
        found.truncated = parts.truncated;
    } else if port.is_none() && host_end > tld_end {
        // No path, query or fragment: a trailing dot may end a sentence.
        found.end = tld_end;
        found.host.1 = tld_end;
    }
    *floor = found.end;
    Some(found)
}

/// The end of the top-level domain whose label starts at `at`: the whole
/// label, which must be one of IANA's TLDs.
fn tld_after(h: &[u8], at: usize, line_end: usize) -> Option<usize> {
    let mut buf = [0u8; MAX_TLD_LEN];
    let mut len = 0;
    let mut p = at;
    while p < line_end {
        let Some((c, n)) = char_at(h, p) else { break };
        if !valid_label(c) {
            break;
        }
        for l in c.to_lowercase() {
            let w = l.len_utf8();
            if len + w > MAX_TLD_LEN {
                return None;
            }
            l.encode_utf8(&mut buf[len..len + w]);
            len += w;
        }
        p += n;
    }
    let label = std::str::from_utf8(&buf[..len]).ok()?;
    (len > 0 && is_tld(label)).then_some(p)
}

/// The e-mail address whose domain starts at `host_start`, after an `@`.
/// Refused (and nothing before `link_end` looked at again) when its local
/// part is empty, starts or ends with a dot or holds two in a row, or
/// follows `scheme:` as `//user` does.
fn email(
    h: &[u8],
    host_start: usize,
    tld_end: usize,
    link_end: usize,
    floor: &mut usize,
    caps: Caps,
) -> Option<Detected> {
    let before = *floor;
    *floor = link_end;
    let at = host_start - 1;
    let mut p = at;
    while p > before {
        match char_before(h, p) {
            Some((c, n)) if link_email(c) => p -= n,
            _ => break,
        }
        if at - p > caps.url {
            return None;
        }
    }
    let local = &h[p..at];
    if local.is_empty()
        || local[0] == b'.'
        || local[local.len() - 1] == b'.'
        || memchr::memmem::find(local, b"..").is_some()
    {
        return None;
    }
    if p > before && local.starts_with(b"//") && h[p - 1] == b':' {
        return None;
    }
    let mailto = p >= before + 7 && h[..p].ends_with(b"mailto:");
    Some(Detected {
        start: if mailto { p - 7 } else { p },
        end: tld_end,
        kind: Kind::Email { mailto },
        host: (host_start, tld_end),
        port: None,
        query: None,
        fragment: None,
        truncated: false,
    })
}

/// A path, query and fragment read from `at`.
struct Parts {
    end: usize,
    query: Option<usize>,
    fragment: Option<usize>,
    truncated: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    Path,
    Query,
    Fragment,
}

impl Part {
    fn of_initiator(c: char) -> Option<Part> {
        match c {
            '/' => Some(Part::Path),
            '?' => Some(Part::Query),
            '#' => Some(Part::Fragment),
            _ => None,
        }
    }

    /// A character that ends this part (and starts the next).
    fn ended_by(self, c: char) -> bool {
        match self {
            Part::Path => c == '?' || c == '#',
            Part::Query => c == '#',
            Part::Fragment => false,
        }
    }

    /// A character that starts a new component, where brackets pair anew.
    fn clears_at(self, h: &[u8], i: usize, c: char) -> bool {
        match self {
            Part::Path => c == '/',
            Part::Query => c == '=' || c == '&',
            Part::Fragment => h[i..].starts_with(b":~:"),
        }
    }
}

/// The standard's path, query and fragment state machine from `at` (before
/// `cap`): Include goes on, Soft only before Include, Hard ends, Close only
/// when it pairs with the last Open of its component.
fn parts(h: &[u8], at: usize, cap: usize) -> Parts {
    let mut out = Parts {
        end: at,
        query: None,
        fragment: None,
        truncated: false,
    };
    let Some((first, n)) = char_at(h, at).filter(|_| at < cap) else {
        return out;
    };
    let Some(mut part) = Part::of_initiator(first) else {
        return out;
    };
    let mark = |part: Part, after: usize, out: &mut Parts| match part {
        Part::Query => out.query = Some(after),
        Part::Fragment => out.fragment = Some(after),
        Part::Path => {}
    };
    mark(part, at + n, &mut out);
    let mut safe = at + n;
    let mut stack = [0u32; MAX_NESTING];
    let mut depth = 0;
    let mut i = at + n;
    while i < cap {
        let Some((c, n)) = char_at(h, i) else {
            out.end = safe;
            return out;
        };
        if part.ended_by(c) {
            part = Part::of_initiator(c).unwrap_or(part);
            mark(part, i + n, &mut out);
            safe = i + n;
            i += n;
            depth = 0;
            continue;
        }
        if part.clears_at(h, i, c) {
            depth = 0;
        }
        match link_term(c) {
            LinkTerm::Include => safe = i + n,
            LinkTerm::Soft => {}
            LinkTerm::Hard => {
                out.end = safe;
                return out;
            }
            LinkTerm::Open => {
                if depth == MAX_NESTING {
                    out.end = safe;
                    return out;
                }
                stack[depth] = c as u32;
                depth += 1;
                safe = i + n;
            }
            LinkTerm::Close => {
                if depth == 0 || link_bracket(c).map(|o| o as u32) != Some(stack[depth - 1]) {
                    out.end = safe;
                    return out;
                }
                depth -= 1;
                safe = i + n;
            }
        }
        i += n;
    }
    out.end = safe;
    // Stopped by the cap, not by the text: cut there.
    out.truncated =
        i < h.len() && char_at(h, i).is_some_and(|(c, _)| link_term(c) != LinkTerm::Hard);
    out
}
