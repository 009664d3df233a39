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
//! `Memo` keeps what one trigger learnt about the bytes ahead, so the
//! triggers of one run never scan the same bytes again.

use crate::bytes::URL_BYTE;
use crate::delimit::bare::trimmed_end;

/// What earlier triggers learnt about the bytes ahead. Offsets are into the
/// current window; the streaming reader shifts them when it drops bytes.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Memo {
    /// No `@` in `at_lo..at_hi`; with `at_hit`, there is one at `at_hi`.
    at_lo: usize,
    at_hi: usize,
    at_hit: bool,
    /// A `www.` trigger in `www_lo..www_hi` is refused: it lies in the
    /// host of a refused one, whose verdict it shares.
    www_lo: usize,
    www_hi: usize,
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
        if self.www_hi < by {
            self.www_lo = 0;
            self.www_hi = 0;
        } else {
            self.www_lo = self.www_lo.saturating_sub(by);
            self.www_hi -= by;
        }
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
/// `:`, `%`, `[` and `]`, a port, a percent-encoding or an IP literal,
/// which only the parser decides.
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
struct Region {
    end: usize,
    /// An ASCII letter or digit anywhere in it.
    content: bool,
    /// An ASCII letter or digit after its first `@` (anywhere, without one).
    content_after_at: bool,
    /// An `@`: what is before it may be userinfo.
    has_at: bool,
    /// `:`, `%`, `[` or `]`.
    special: bool,
}

fn region(h: &[u8], a: usize, cap: usize) -> Region {
    let mut seen = 0u8;
    let mut i = a;
    while i < cap {
        let c = CLASS[h[i] as usize];
        if c & END != 0 {
            break;
        }
        seen |= c;
        i += 1;
    }
    let has_at = seen & AT != 0;
    // Rare: what follows the first `@` is looked at again.
    let content_after_at = if has_at {
        let at = a + memchr::memchr(b'@', &h[a..i]).unwrap_or(0);
        h[at..i].iter().any(u8::is_ascii_alphanumeric)
    } else {
        seen & ALNUM != 0
    };
    Region {
        end: i,
        content: seen & ALNUM != 0,
        content_after_at,
        has_at,
        special: seen & SPECIAL != 0,
    }
}

/// Whether the full path may see more than the region: it ends at a
/// non-ASCII character (which may go on the URL), or may be joined with
/// the next line (a hyphen at its end, C-W3; a line end, C-W6). A region
/// that reaches the cap is decided: the full path cuts the URL there too.
fn undecided(h: &[u8], r: &Region, a: usize, cap: usize) -> bool {
    if r.end >= cap {
        return false;
    }
    let next = h[r.end];
    next >= 0x80 || matches!(next, b'\n' | b'\r') || (r.end > a && h[r.end - 1] == b'-')
}

/// A bare `scheme://` candidate (`c` is the colon) whose scheme is not
/// `file`: the host, a part of the authority after `//`, must hold a letter
/// or digit (`Finder::acceptable`). Plus two rules of urlx's own that keep
/// refusals cheap: the authority starts with a letter, digit, `%`, `_`,
/// `~` or non-ASCII character, and an IP literal closes within 64 bytes.
pub(crate) fn authority_ok(h: &[u8], c: usize, cap: usize) -> bool {
    let a = c + 3;
    match h.get(a) {
        // An IP literal: its `]` close by, hex digits, `:` and `.` (or an
        // IPvFuture) between. Else `http://[http://[...` would be scanned
        // to the length cap at every trigger.
        Some(b'[') => {
            let lit = &h[a + 1..h.len().min(a + 1 + 64)];
            let closed = match memchr::memchr(b']', lit) {
                Some(k) => lit[..k].iter().all(|&b| {
                    b.is_ascii_alphanumeric() || matches!(b, b':' | b'.' | b'-' | b'_' | b'~' | b'%')
                }),
                None => false,
            };
            if !closed {
                return false;
            }
        }
        Some(&b) if b.is_ascii_alphanumeric() || matches!(b, b'%' | b'_' | b'~') || b >= 0x80 => {}
        _ => return false,
    }
    let cap = cap.min(h.len());
    let r = region(h, a, cap);
    if undecided(h, &r, a, cap) {
        return true;
    }
    // The host lies in the region: without a letter or digit in the
    // region it names nothing. When nothing but an `@` splits the region,
    // the host is what follows the `@`.
    r.content && (r.special || r.content_after_at)
}

/// A bare `www.` candidate at `p`: `www.` and one more label, the last not
/// a number (`Finder::acceptable`).
pub(crate) fn www_ok(h: &[u8], p: usize, cap: usize, memo: &mut Memo) -> bool {
    if memo.www_lo < p && p < memo.www_hi {
        return false;
    }
    let cap = cap.min(h.len());
    let r = region(h, p, cap);
    if r.special || r.has_at || undecided(h, &r, p, cap) {
        return true;
    }
    // The host: the region, less the sentence punctuation the full path
    // trims when the URL ends with it (C-F7).
    let delimited = matches!(h.get(r.end), Some(b'/' | b'?' | b'#'));
    let end = if delimited {
        r.end
    } else {
        trimmed_end(h, p, r.end)
    };
    let rest = &h[(p + 4).min(end)..end];
    let ok = match memchr::memrchr(b'.', rest) {
        Some(k) => {
            let last = &rest[k + 1..];
            !last.is_empty() && !last.iter().all(u8::is_ascii_digit)
        }
        None => false,
    };
    if !ok {
        // A later `www.` in this host ends at the same place and has the
        // same last label, so the same verdict, unless its trimming could
        // differ: brackets are balanced from the candidate's start, and
        // emphasis depends on the byte before it.
        let tail = &h[end.saturating_sub(1)..r.end];
        let same_trim = delimited
            || !tail
                .iter()
                .any(|&b| matches!(b, b')' | b']' | b'*' | b'_'));
        // Past the cap, a later trigger's host may go on (its cap is later).
        if same_trim && r.end < cap {
            memo.www_lo = p;
            memo.www_hi = r.end;
        }
    }
    ok
}

/// A bare candidate of a scheme without `//` (`c` is the colon): its path
/// starts with a letter, digit, `*`, `%`, `_`, `~` or `+`; a `mailto:`
/// path holds an `@` (`Finder::acceptable`), and, a rule of urlx's own, it
/// is within 192 bytes (64 octets of local part, percent-encoded).
pub(crate) fn opaque_ok(h: &[u8], c: usize, mailto: bool, memo: &mut Memo) -> bool {
    let first_ok = match h.get(c + 1) {
        Some(b'%') => h.get(c + 2..c + 4).is_some_and(|x| x.iter().all(u8::is_ascii_hexdigit)),
        Some(&b) => b.is_ascii_alphanumeric() || matches!(b, b'*' | b'_' | b'~' | b'+'),
        None => false,
    };
    if !first_ok {
        return false;
    }
    if !mailto {
        return true;
    }
    let hi = h.len().min(c + 1 + 192);
    let Some(at) = memo.next_at(h, c + 1, hi) else {
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
            b'%' if !h[i + 1..at.min(i + 3)].iter().all(u8::is_ascii_hexdigit) || i + 3 > at => {
                return false
            }
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

    #[test]
    fn c_s4_authority_heads() {
        let ok = |t: &str| authority_ok(t.as_bytes(), 4, t.len());
        assert!(ok("http://example.org/"));
        assert!(ok("http://a@b.example/"));
        assert!(!ok("http://a@!/"), "a host of punctuation");
        assert!(ok("http://a:b@!x/"));
        assert!(!ok("http://!/"), "the first byte");
        assert!(!ok("http://_!$/"));
        assert!(ok("http://_-\ncorp.example/"), "joined after the hyphen (C-W3)");
        assert!(!ok("http://[::1/"), "an IP literal that does not close");
        assert!(ok("http://[::1]/"));
    }

    #[test]
    fn c_s4_www_heads() {
        let ok = |t: &str| www_ok(t.as_bytes(), 0, t.len(), &mut Memo::default());
        assert!(ok("www.example.org"));
        assert!(ok("www.example.org."));
        assert!(!ok("www.1?"));
        assert!(!ok("www.x "));
        assert!(!ok("www.x. "));
        assert!(ok("www.a.b(c) "));
        let h = b"www.1!www.2!www.3 x";
        let mut m = Memo::default();
        assert!(!www_ok(h, 0, h.len(), &mut m));
        assert!(!www_ok(h, 6, h.len(), &mut m), "memo");
        assert_eq!((m.www_lo, m.www_hi), (0, 17));
    }

    #[test]
    fn c_s4_opaque_heads() {
        let ok = |t: &str| {
            let c = t.find(':').unwrap();
            opaque_ok(t.as_bytes(), c, t.starts_with("mailto"), &mut Memo::default())
        };
        assert!(ok("news:comp.infosystems.www"));
        assert!(!ok("news:-x"));
        assert!(!ok("sip:%zz"));
        assert!(ok("sip:%41"));
        assert!(ok("mailto:a@b.example"));
        assert!(!ok("mailto:a?to=b@c.example"));
        assert!(!ok("mailto:a%zz@b.example"));
        assert!(ok("mailto:a b@c.example"), "whitespace is left to the full path");
        assert!(ok("mailto:first-\n  last@b.example"));
        assert!(!ok("mailto:nobody"));
    }
}
