//! Stage 1: bytes to candidates. A SIMD byte search (16 bytes a step with
//! SSE2, 32 with AVX2 where the CPU has it, `memchr2`/`memchr3` off x86_64)
//! jumps to the bytes every URL has at a fixed place: the `:` after its
//! scheme, the `.` of `www.`, the `@` of an e-mail address (e-mail mode
//! only). A few byte comparisons then decide whether the hit is a trigger:
//! `://`, `url:`, one of the schemes without `//` (`mailto:`, `news:`,
//! ...), or `www.` (ASCII case-insensitive).
//!
//! No false negatives: every URL the later stages accept contains one of
//! these triggers. (Not an Aho-Corasick automaton over the same patterns:
//! with case-insensitive patterns that share common bytes its prefilter
//! does not apply and it runs the automaton byte by byte, several times
//! the instructions a byte of this search, which runs at memory speed
//! between hits.)

#![forbid(unsafe_code)]

pub(crate) mod address_domain;
pub(crate) mod scheme;

use crate::bytes::arch;
#[cfg(target_arch = "x86_64")]
use crate::bytes::arch::Avx2;
pub(crate) use crate::bytes::arch::Job;
use crate::bytes::{self, URL_BYTE};
use scheme::{key, KEY_URL};

/// What a trigger is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TriggerKind {
    /// A `:` after a possible scheme (`://`, `url:`, `mailto:`, ...).
    Colon,
    /// `www.` at the trigger's start.
    Www,
    /// `@` of a possible e-mail address.
    At,
    /// The first `.` of a word that may be a domain name without a scheme
    /// (`example.com/x`; an option): the word starts at the trigger.
    Domain,
}

/// A trigger hit: where the pattern starts and ends, and what it is.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Trigger {
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) kind: TriggerKind,
    /// The trigger byte the search hit: the `:` of a `Colon`, the `.` of a
    /// `Www`, the `@` of an `At`.
    pub(crate) colon: usize,
    /// For `At`: the end of the address's domain, where the scanner found
    /// it (`address_domain::domain`, with the finder's limit); else 0.
    pub(crate) domain: usize,
}

/// The trigger search for this CPU ([`Scanner::search`]): 16-byte SSE2
/// steps, or 32-byte AVX2 steps for code that [`Search::run`] runs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Search<'s> {
    scanner: &'s Scanner,
    #[cfg(target_arch = "x86_64")]
    avx2: Option<Avx2>,
    /// `Scanner::hit_bytes`, read once a search loop (so that the SIMD
    /// constants made of them are made once, not at every search).
    hit_bytes: (u8, u8),
}

impl Search<'_> {
    /// Runs `job` compiled for this search: with AVX2 where the search
    /// takes AVX2 steps, so that the whole search loop is inlined into the
    /// job's loop, with no call at each search (in trigger-dense text a
    /// call at every search costs more than the wider steps save).
    // PERF: `cargo bench --bench extract` (link-dense and mail text).
    #[inline(always)]
    pub(crate) fn run<J: Job>(self, job: J) -> J::Out {
        #[cfg(target_arch = "x86_64")]
        if let Some(avx2) = self.avx2 {
            return avx2.run(job);
        }
        job.call()
    }

    /// The first trigger that starts at or after `from`; `floor` is the end
    /// of the last link (a `www.` right after a word byte starts nothing,
    /// unless that byte belongs to the link). With AVX2 steps, it is
    /// inlined only inside `run`.
    /// With `DOMAINS` (`Scanner::domains`, which the caller reads once), the
    /// search of domain names without a scheme (`Scanner::next_scalar`).
    #[inline(always)]
    pub(crate) fn next<const DOMAINS: bool>(
        &self,
        h: &[u8],
        from: usize,
        floor: usize,
    ) -> Option<Trigger> {
        if DOMAINS {
            return self.scanner.next_scalar(h, from, floor);
        }
        #[cfg(target_arch = "x86_64")]
        return self
            .scanner
            .next_with(h, from, floor, self.avx2, self.hit_bytes);
        #[cfg(not(target_arch = "x86_64"))]
        self.scanner.next_with(h, from, floor, None, self.hit_bytes)
    }
}

/// The trigger search, built once per finder.
#[derive(Clone, Debug)]
pub(crate) struct Scanner {
    /// The keys (`scheme::key`) of `url` and the schemes without `//`.
    keys: Vec<u64>,
    /// Those names longer than a key holds, lower case.
    long_names: Vec<Vec<u8>>,
    www: bool,
    email: bool,
    /// Domain names without a scheme (`Finder` option).
    pub(crate) domains: bool,
    /// Where an `@` trigger's domain is refused in the search loop: the
    /// bytes the finder would read (0: not in the loop, where a line cap
    /// may cut the domain shorter).
    pub(crate) email_reach: usize,
    max_len: usize,
    /// The longest name.
    longest: usize,
    /// A bit for each letter a name ends with (`letter_bit`).
    last_letters: u32,
    /// Where the CPU has AVX2 (asked once, when the finder is built): the
    /// search takes 32 bytes a step.
    #[cfg(target_arch = "x86_64")]
    avx2: Option<Avx2>,
}

/// A bit for an ASCII letter, either case; 0 for anything else.
#[inline]
fn letter_bit(b: u8) -> u32 {
    let l = b | 0x20;
    if l.is_ascii_lowercase() {
        1 << (l - b'a')
    } else {
        0
    }
}

impl Scanner {
    /// `opaque` are the schemes without `//` to look for (each as
    /// `name:`); `www` and `email` add those triggers.
    pub(crate) fn new(opaque: &[String], www: bool, email: bool, line_cap: bool) -> Scanner {
        let mut names: Vec<Vec<u8>> = vec![b"url".to_vec()];
        for n in opaque {
            let n = n.to_ascii_lowercase().into_bytes();
            if !names.contains(&n) {
                names.push(n);
            }
        }
        // A trigger is decided by at most the longest name and the letter
        // before it, its colon and the two slashes after it.
        let longest = names.iter().map(Vec::len).max().unwrap_or(0);
        let last_letters = names
            .iter()
            .filter_map(|n| n.last())
            .fold(0, |m, &b| m | letter_bit(b));
        Scanner {
            keys: names.iter().map(|n| key(n)).filter(|&k| k != 0).collect(),
            long_names: names.iter().filter(|n| key(n) == 0).cloned().collect(),
            www,
            email,
            domains: false,
            email_reach: if line_cap {
                0
            } else {
                address_domain::DOMAIN_REACH
            },
            max_len: longest + 4,
            longest,
            last_letters,
            #[cfg(target_arch = "x86_64")]
            avx2: Avx2::detect(),
        }
    }

    /// The same search, with domain names without a scheme as triggers (the
    /// first `.` of a word, `Finder` option): a trigger is then decided by
    /// up to a domain label before its `.`.
    pub(crate) fn with_domains(mut self, domains: bool) -> Scanner {
        self.domains = domains;
        if domains {
            self.max_len = self.max_len.max(DOMAIN_LABEL + 2);
        }
        self
    }

    /// Whether the search may take AVX2 steps: the CPU has them (and a
    /// test did not turn them off, to compare with what a CPU without
    /// them runs).
    #[cfg(target_arch = "x86_64")]
    pub(crate) fn avx2(&self) -> Option<Avx2> {
        self.avx2.filter(|_| crate::switches::avx2())
    }

    /// How many bytes decide a trigger: a search that found none in a
    /// window may resume this far before the window's end.
    pub(crate) fn max_pattern_len(&self) -> usize {
        self.max_len
    }

    /// The search for this CPU: with AVX2 steps where it has them.
    #[inline]
    pub(crate) fn search(&self) -> Search<'_> {
        Search {
            scanner: self,
            #[cfg(target_arch = "x86_64")]
            avx2: self.avx2(),
            hit_bytes: self.hit_bytes(),
        }
    }

    /// The search of `Search::next`; `avx2` is known where each
    /// is inlined, so each is compiled with one search loop of its own.
    #[inline(always)]
    fn next_with(
        &self,
        h: &[u8],
        from: usize,
        floor: usize,
        #[cfg(target_arch = "x86_64")] avx2: Option<Avx2>,
        #[cfg(not(target_arch = "x86_64"))] avx2: Option<()>,
        hit_bytes: (u8, u8),
    ) -> Option<Trigger> {
        // A `.` hit needs the byte before it, so the search starts at 1 (a
        // trigger byte at 0 starts nothing: no scheme, no `www`, no local
        // part before it).
        #[cfg(target_arch = "x86_64")]
        let i = {
            let mut i = from.max(1);
            if avx2.is_some() {
                match self.steps(h, from, floor, i, avx2, hit_bytes) {
                    Ok(t) => return Some(t),
                    Err(tail) => i = tail,
                }
            }
            match self.steps(h, from, floor, i, None, hit_bytes) {
                Ok(t) => return Some(t),
                Err(tail) => tail,
            }
        };
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (avx2, hit_bytes);
        #[cfg(not(target_arch = "x86_64"))]
        let i = from;
        self.scan_bytes(h, from, floor, i)
    }

    /// The search with `memchr` from `i` (the tail of a SIMD search, or
    /// every search off x86_64).
    #[inline(always)]
    fn scan_bytes(&self, h: &[u8], from: usize, floor: usize, mut i: usize) -> Option<Trigger> {
        while i < h.len() {
            let rest = &h[i..];
            let k = match (self.www || self.domains, self.email) {
                (true, true) => memchr::memchr3(b':', b'.', b'@', rest),
                (true, false) => memchr::memchr2(b':', b'.', rest),
                (false, true) => memchr::memchr2(b':', b'@', rest),
                (false, false) => memchr::memchr(b':', rest),
            }?;
            let p = i + k;
            i = p + 1;
            if let Some(t) = self.check(h, from, floor, p) {
                return Some(t);
            }
        }
        None
    }

    /// The search where domain names without a scheme are triggers: every
    /// `.` is a hit, which the SIMD steps take only after `w`; an option,
    /// searched with `memchr3`, so that the default search keeps its
    /// steps as they are.
    #[inline(never)]
    fn next_scalar(&self, h: &[u8], from: usize, floor: usize) -> Option<Trigger> {
        self.scan_bytes(h, from, floor, from)
    }

    /// The search loop from `i` (at least 1) in 32-byte AVX2 steps, or
    /// 16-byte SSE2 steps (every x86_64 CPU has them), each step's hits
    /// checked from one mask (`first_hit`); `memchr2` would return at each
    /// hit, and in mail a `:` or `.` comes every 30 bytes. Returns the
    /// trigger, or where the next search goes on (fewer than a step's bytes
    /// before the end).
    // PERF: `cargo bench --bench extract` (mail, forms: the trigger search
    // is most of a byte's cost between links).
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn steps(
        &self,
        h: &[u8],
        from: usize,
        floor: usize,
        i: usize,
        avx2: Option<Avx2>,
        (dot, at): (u8, u8),
    ) -> Result<Trigger, usize> {
        let on_hit = FirstHit {
            scanner: self,
            h,
            from,
            floor,
        };
        match avx2 {
            Some(avx2) => avx2.steps(h, i, dot, at, on_hit),
            None => arch::sse2::steps(h, i, dot, at, on_hit),
        }
    }

    /// The bytes the SIMD searches compare with besides `:`: the `.` of
    /// `www.` and the `@` of an address. Classes not asked for are searched
    /// as a second `:`.
    #[inline(always)]
    fn hit_bytes(&self) -> (u8, u8) {
        (
            if self.www || self.domains { b'.' } else { b':' },
            if self.email { b'@' } else { b':' },
        )
    }

    /// The first trigger among a step's hits: bit `k` of `mask` is the
    /// byte at `i + k`.
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn first_hit(
        &self,
        h: &[u8],
        from: usize,
        floor: usize,
        i: usize,
        mut mask: u32,
    ) -> Option<Trigger> {
        while mask != 0 {
            let p = i + mask.trailing_zeros() as usize;
            if let Some(t) = self.check(h, from, floor, p) {
                return Some(t);
            }
            mask &= mask - 1;
        }
        None
    }

    /// Whether the `:`, `.` or `@` at `p` makes a trigger that starts at or
    /// after `from`. Triggers the finder would refuse from their first
    /// bytes are refused here, without leaving the search loop.
    // Always inlined into the search loops: most hits are no trigger (the
    // colons of header lines and prose), and a call at each is a fifth of
    // a hit's cost.
    // PERF: `cargo bench --bench extract` (mail text).
    #[inline(always)]
    fn check(&self, h: &[u8], from: usize, floor: usize, p: usize) -> Option<Trigger> {
        match h[p] {
            b':' => {
                if h.get(p + 1..p + 3) == Some(b"//") {
                    return Some(Trigger {
                        start: p,
                        end: p + 3,
                        kind: TriggerKind::Colon,
                        colon: p,
                        domain: 0,
                    });
                }
                // Most colons in mail end a header name or a word: only a
                // name from the list makes a trigger. A longer run of
                // letters would make another scheme, which the later stages
                // refuse anyway, so the run must be the name. The last
                // letter rules most words out at once.
                if p == 0 || self.last_letters & letter_bit(h[p - 1]) == 0 {
                    return None;
                }
                // A name's path starts after the colon: with neither a URL
                // byte, nor a blank (wrappers rejoin across it), nor a
                // non-ASCII character (IRIs) there, it is empty, which
                // every form refuses (`<URL:<URL:...`). At a window's end
                // the search resumes before this colon.
                let refuse = crate::switches::empty_path_refusal();
                match h.get(p + 1) {
                    Some(&b)
                        if URL_BYTE[b as usize]
                            || matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C)
                            || b >= 0x80 => {}
                    _ if refuse => return None,
                    _ => {}
                }
                // Walk back over the letters, folding them into their key
                // (`scheme::key`: the first letter ends up lowest). Bit 5
                // makes a lower-case letter of a letter and of nothing else.
                let lo = from.max(p.saturating_sub(self.longest + 1));
                let mut s = p;
                let mut k = 0u64;
                while s > lo {
                    let l = h[s - 1] | 0x20;
                    if !l.is_ascii_lowercase() {
                        break;
                    }
                    k = k << 8 | u64::from(l);
                    s -= 1;
                }
                let run = &h[s..p];
                if run.is_empty() || run.len() > self.longest {
                    return None;
                }
                if run.len() > 8 {
                    k = 0;
                }
                let known = if k != 0 {
                    self.keys.contains(&k)
                } else {
                    self.long_names.iter().any(|n| run.eq_ignore_ascii_case(n))
                };
                // `URL:` then neither blank nor letter (`<URL:<URL:...`)
                // starts nothing.
                if known && k == KEY_URL {
                    match h.get(p + 1) {
                        Some(&b)
                            if b.is_ascii_alphabetic() || b.is_ascii_whitespace() || b >= 0x80 => {}
                        _ => return None,
                    }
                }
                if known {
                    return Some(Trigger {
                        start: s,
                        end: p + 1,
                        kind: TriggerKind::Colon,
                        colon: p,
                        domain: 0,
                    });
                }
                None
            }
            b'.' if self.www || self.domains => {
                // `www.` inside a word, a path or an address (`xwww.`,
                // `/www.`, `a@www.`) is part of something else. (One load
                // for the four bytes and one table look-up for the byte
                // before, without a branch each: runs of `www.` make a hit
                // every four bytes.)
                // PERF: `cargo bench --bench adversarial -- www`.
                let four = |at: usize| h.get(at..at + 4)?.try_into().ok().map(u32::from_le_bytes);
                if self.www
                    && p >= from + 3
                    && four(p - 3).is_some_and(|x| x | 0x0020_2020 == u32::from_le_bytes(*b"www."))
                    && !(p - 3 > floor && BEFORE_WWW_IN_WORD[usize::from(h[p - 4])])
                {
                    return Some(Trigger {
                        start: p - 3,
                        end: p + 1,
                        kind: TriggerKind::Www,
                        colon: p,
                        domain: 0,
                    });
                }
                if self.domains {
                    return domain_word(h, from, floor, p);
                }
                None
            }
            b'@' if self.email => {
                // Most `@` in mail are refused by their domain (message
                // ids, `a@b.c`): here, without leaving the loop, where the
                // finder would read the same bytes.
                let mut domain = 0;
                if self.email_reach > 0 {
                    let limit = h.len().min(p + self.email_reach);
                    match address_domain::domain(h, p, limit) {
                        Ok(e) => domain = e,
                        Err(seen) if seen <= limit => return None,
                        Err(_) => {}
                    }
                }
                Some(Trigger {
                    start: p,
                    end: p + 1,
                    kind: TriggerKind::At,
                    colon: p,
                    domain,
                })
            }
            _ => None,
        }
    }
}

/// The longest domain label (RFC 1035), in characters: how far back from
/// its first `.` a domain name's first label may start.
const DOMAIN_LABEL: usize = 63;

/// The longest domain name (RFC 1035): how far a domain trigger's check
/// reads (within the look-ahead every trigger has).
const DOMAIN_NAME: usize = 253;

/// A domain name without a scheme whose first `.` is at `p`: the word
/// starts with a label of letters, digits and hyphens of any script
/// (`uts58::label_char`; not a hyphen first), of at most `DOMAIN_LABEL`
/// characters, after a byte that no word, path or address holds (or the
/// end of the last link, `floor`), a label's character follows the `.`,
/// and the name ends where a URL's host may end. Only a word's first `.`
/// makes the trigger, so a run of labels is one (C-S4); the finder decides
/// the rest.
#[inline]
fn domain_word(h: &[u8], from: usize, floor: usize, p: usize) -> Option<Trigger> {
    let label_before = |i: usize| -> Option<usize> {
        match *h.get(i.checked_sub(1)?)? {
            b if b < 0x80 => (b.is_ascii_alphanumeric() || b == b'-').then_some(1),
            _ => crate::uts58::char_before(h, i)
                .filter(|&(c, _)| crate::uts58::label_char(c))
                .map(|(_, n)| n),
        }
    };
    let label_at = |i: usize| -> Option<usize> {
        match *h.get(i)? {
            b if b < 0x80 => b.is_ascii_alphanumeric().then_some(1),
            _ => bytes::char_at(h, i)
                .filter(|&(c, _)| c != '-' && crate::uts58::label_char(c))
                .map(|(_, n)| n),
        }
    };
    if p == 0 || h[p - 1] == b'-' || label_before(p).is_none() || label_at(p + 1).is_none() {
        return None;
    }
    let mut s = p;
    let mut chars = 0;
    while chars <= DOMAIN_LABEL {
        match label_before(s) {
            Some(n) => {
                s -= n;
                chars += 1;
            }
            None => break,
        }
    }
    let whole = s == 0
        || s <= floor
        || (h[s - 1] < 0x80 && !BEFORE_DOMAIN_IN_WORD[usize::from(h[s - 1])])
        || (h[s - 1] >= 0x80 && !before_domain_in_word(h, s));
    if s < from || chars > DOMAIN_LABEL || h[s] == b'-' || !whole {
        return None;
    }
    // The name's end: a path, query, fragment or port after it, or the
    // URL's end (past punctuation the finder drops); any other URL byte
    // makes no domain name (`x.foo(`), which is refused here, from the
    // name's bytes alone, so that a run of such words is not delimited
    // and parsed at every one of them (C-S4).
    let hi = h.len().min(s + DOMAIN_NAME);
    let mut q = p + 1;
    while q < hi {
        match h[q] {
            b if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.') => q += 1,
            b if b >= 0x80 => match label_at(q) {
                Some(n) if q + n <= hi => q += n,
                _ => break,
            },
            _ => break,
        }
    }
    if q == hi && hi < h.len() {
        return None;
    }
    if !matches!(h.get(q), Some(b'/' | b'?' | b'#' | b':')) {
        let mut r = q;
        while r < h.len()
            && r < q + 16
            && matches!(
                h[r],
                b'.' | b',' | b';' | b':' | b'!' | b'?' | b'\'' | b'"' | b')' | b']' | b'*' | b'_'
            )
        {
            r += 1;
        }
        if h.get(r)
            .is_some_and(|&b| b < 0x80 && URL_BYTE[usize::from(b)])
        {
            return None;
        }
    }
    Some(Trigger {
        start: s,
        end: p + 1,
        kind: TriggerKind::Domain,
        colon: p,
        domain: 0,
    })
}

/// Whether the character beyond ASCII that ends at `s` puts a domain
/// name's first label inside a word: one the URL's run goes on through
/// (a letter of another alphabet, a symbol), not a space or Soft
/// punctuation (`«`, `。`).
fn before_domain_in_word(h: &[u8], s: usize) -> bool {
    crate::uts58::char_before(h, s)
        .is_some_and(|(c, _)| crate::uts58::link_term(c) == crate::uts58::LinkTerm::Include)
}

/// The bytes after which a domain name's first label is inside a word, a
/// path, an address or a longer name: letters, digits, `-`, `.`, `_`,
/// `@`, `/`, `:`, `%`, `~`, `+`, `=`, `&`, `?`, `#`, `\\`.
static BEFORE_DOMAIN_IN_WORD: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 128 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric()
            || matches!(
                b,
                b'-' | b'.'
                    | b'_'
                    | b'@'
                    | b'/'
                    | b':'
                    | b'%'
                    | b'~'
                    | b'+'
                    | b'='
                    | b'&'
                    | b'?'
                    | b'#'
                    | b'\\'
            );
        c += 1;
    }
    t
};

/// `Scanner::first_hit` as the search loop's [`arch::Hits`].
#[cfg(target_arch = "x86_64")]
struct FirstHit<'s, 'h> {
    scanner: &'s Scanner,
    h: &'h [u8],
    from: usize,
    floor: usize,
}

#[cfg(target_arch = "x86_64")]
impl arch::Hits for FirstHit<'_, '_> {
    type Out = Trigger;

    #[inline(always)]
    fn hit(&mut self, step: usize, mask: u32) -> Option<Trigger> {
        self.scanner
            .first_hit(self.h, self.from, self.floor, step, mask)
    }
}

/// The bytes after which a `www.` is inside a word, a path or an address:
/// the scheme bytes (`ALPHA / DIGIT / "+" / "-" / "."`), `@`, `/`, `:`, `_`.
static BEFORE_WWW_IN_WORD: [bool; 256] = {
    let mut t = scheme::SCHEME_BYTE;
    t[b'@' as usize] = true;
    t[b'/' as usize] = true;
    t[b':' as usize] = true;
    t[b'_' as usize] = true;
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn before_www_in_word_is_the_scheme_bytes_and_four_more() {
        for b in 0..=255u8 {
            let want = scheme::is_scheme_byte(b) || matches!(b, b'@' | b'/' | b':' | b'_');
            assert_eq!(BEFORE_WWW_IN_WORD[usize::from(b)], want, "byte {b:#04x}");
        }
    }

    /// C-F4, C-F3: a `www.` trigger in any case, not inside a word, a path or an
    /// address, unless the byte before it ends the last link (`floor`); and
    /// none that starts before the search does.
    #[test]
    fn www_triggers() {
        let s = Scanner::new(&[], true, false, false);
        let at = |h: &[u8], from: usize, floor: usize| {
            s.check(h, from, floor, h.len() - 1)
                .map(|t| (t.start, t.end, t.kind))
        };
        let www = |start| Some((start, start + 4, TriggerKind::Www));
        for h in [
            &b"www."[..],
            b"WwW.",
            b"WWW.",
            b" www.",
            b"(www.",
            b"\nwww.",
            b"<www.",
        ] {
            assert_eq!(at(h, 0, 0), www(h.len() - 4), "{h:?}");
        }
        for h in [
            &b"ww."[..],
            b"wwv.",
            b"vww.",
            b"w w.",
            b"xwww.",
            b"1www.",
            b"-www.",
            b"/www.",
            b"@www.",
            b":www.",
            b"_www.",
            b".www.",
            b"+www.",
        ] {
            assert_eq!(at(h, 0, 0), None, "{h:?}");
        }
        // After the last link's end, the byte before does not count.
        assert_eq!(at(b"xwww.", 0, 1), www(1));
        assert_eq!(at(b"xxwww.", 0, 1), None);
        // Not before the search's start.
        assert_eq!(at(b" www.", 2, 0), None);
        assert_eq!(at(b" www.", 1, 0), www(1));
    }

    fn kinds(s: &Scanner, h: &[u8]) -> Vec<(usize, TriggerKind)> {
        let mut out = Vec::new();
        let mut pos = 0;
        while let Some(t) = s.search().next::<false>(h, pos, 0) {
            out.push((t.start, t.kind));
            pos = t.end;
        }
        out
    }

    #[test]
    fn triggers() {
        let s = Scanner::new(&["mailto".into(), "news".into()], true, false, false);
        let h = b"Subject: see http://x, URL:y, MAILTO:z, a.b, WWW.c, news:d, e@f";
        assert_eq!(
            kinds(&s, h),
            [
                (17, TriggerKind::Colon),
                (23, TriggerKind::Colon),
                (30, TriggerKind::Colon),
                (45, TriggerKind::Www),
                (52, TriggerKind::Colon)
            ]
        );
        let s = Scanner::new(&[], false, true, false);
        assert_eq!(kinds(&s, b"a@b.org www.x"), [(1, TriggerKind::At)]);
        // C-F5: an `@` whose domain the finder refuses makes no trigger
        // (but where a line cap may cut the domain shorter).
        assert_eq!(kinds(&s, b"a@b www.x a@b.c x"), []);
        let s = Scanner::new(&[], false, true, true);
        assert_eq!(kinds(&s, b"a@b"), [(1, TriggerKind::At)]);
    }

    /// Every trigger, from every starting place, as a byte-by-byte check
    /// finds it (the search steps skip nothing and report in order).
    fn each_place(s: &Scanner, h: &[u8]) -> Vec<Option<(usize, usize, TriggerKind)>> {
        (0..=h.len())
            .map(|from| {
                s.search()
                    .next::<false>(h, from, 0)
                    .map(|t| (t.start, t.end, t.kind))
            })
            .collect()
    }

    fn by_check(s: &Scanner, h: &[u8]) -> Vec<Option<(usize, usize, TriggerKind)>> {
        (0..=h.len())
            .map(|from| {
                (from.max(1)..h.len())
                    .filter(|&p| matches!(h[p], b':' | b'.' | b'@'))
                    .find_map(|p| s.check(h, from, 0, p))
                    .map(|t| (t.start, t.end, t.kind))
            })
            .collect()
    }

    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// The AVX2, SSE2 and scalar searches find the same triggers as a
        /// check at every byte, around their 32- and 16-byte steps.
        #[test]
        fn searches_agree_with_a_byte_check(
            toks in prop::collection::vec(
                prop::sample::select(vec![
                    "http://", "www.", "WWW.", "a@b.c", "mailto:", "url:", "x", " ", ":", ".",
                    "@", "w", "news:", "é", "\n",
                ]),
                0..40,
            ),
            www in any::<bool>(),
            email in any::<bool>(),
        ) {
            let h = toks.concat().into_bytes();
            let s = Scanner::new(&["mailto".into(), "news".into()], www, email, false);
            let want = by_check(&s, &h);
            prop_assert_eq!(each_place(&s, &h), want.clone());
            #[cfg(target_arch = "x86_64")]
            {
                use crate::testing::{with_switches, Switches};
                let sse2 = Switches { avx2: false, ..Switches::ALL };
                prop_assert_eq!(with_switches(sse2, || each_place(&s, &h)), want);
            }
        }
    }
}
