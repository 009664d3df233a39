//! The byte searches on the hot paths of more than one stage: the run of
//! bytes a URL may hold (C-F9), a mail quote prefix, a newline count, the
//! last line break before a place, a bracket test, ASCII text as `&str`.
//! SSE2 on x86_64 (part of its baseline, so no feature detection), a byte
//! loop elsewhere and for the last bytes of a slice. The spans searched are
//! a URL or a line long: `memchr`'s set-up (dispatch, alignment) costs more
//! there than the search, which is why these are not `memchr` calls.

/// ASCII bytes that may stand in a URL: RFC 3986 unreserved, reserved and
/// `%`. Space, controls, DEL, `<`, `>`, `"`, `{`, `}`, `|`, `\`, `^` and the
/// backquote end it (C-F9); so does every byte from 0x80 (the callers
/// decide on non-ASCII characters whole).
pub(crate) static URL_BYTE: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 128 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric()
            || matches!(
                b,
                b'-' | b'.'
                    | b'_'
                    | b'~'
                    | b':'
                    | b'/'
                    | b'?'
                    | b'#'
                    | b'['
                    | b']'
                    | b'@'
                    | b'!'
                    | b'$'
                    | b'&'
                    | b'\''
                    | b'('
                    | b')'
                    | b'*'
                    | b'+'
                    | b','
                    | b';'
                    | b'='
                    | b'%'
            );
        c += 1;
    }
    t
};

/// The end of the run of [`URL_BYTE`]s that starts at `i`, not past `end`,
/// that holds no `stop` byte (0 for none).
///
/// A URL is 20 to 100 bytes, mail lines 70: a 16-byte step with one
/// branch beats a byte loop once a run is longer than a few bytes
/// (measured with callgrind on link-dense text: 290 instructions a link
/// for the byte loop).
#[inline]
pub(crate) fn url_run(h: &[u8], i: usize, end: usize, stop: u8) -> usize {
    let end = end.min(h.len());
    if i >= end {
        return i;
    }
    #[cfg(target_arch = "x86_64")]
    let i = match sse2::url_run(h, i, end, stop) {
        Ok(e) => return e,
        Err(tail) => tail,
    };
    url_run_scalar(h, i, end, stop)
}

/// What one look at the bytes from `i` tells of a short URL text there:
/// how far the run of [`URL_BYTE`]s goes before a byte that ends it, or
/// one of `% [ ] @ ( :` (which ask for the general parse and trimming
/// rules: percent-encodings, IP literals, userinfo, brackets, ports);
/// and, as bit masks over the bytes before that end, where the `/`, `?`
/// and `#` are, and the other bytes C-F7 may drop at a URL's end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Look {
    /// Bytes from `i` to the first byte that ends the look (below
    /// [`LOOK_MAX`]).
    pub(crate) len: usize,
    /// Bit `k`: `h[i + k]` is a `/`, for `k < len`.
    pub(crate) slash: u64,
    /// The same for `?`.
    pub(crate) query: u64,
    /// The same for `#`.
    pub(crate) hash: u64,
    /// The same for `. , ; ! ' )`: with `?`, the bytes of the look that
    /// C-F7 may drop at a URL's end (`bare::may_drop`; its `:` `]` `"`
    /// end a look).
    pub(crate) drop: u64,
}

/// How far [`look`] looks. A longer run is looked at for nothing and then
/// scanned again: links in 64 `(` and `)` each (the 64-deep family) ran
/// 15% slower than without the look (9% with 32 bytes); but with 32 the
/// URLs of mail text that end within 64 bytes took the general path
/// (SpamAssassin: 3.75 instructions a byte with 64, 3.89 with 32).
pub(crate) const LOOK_MAX: usize = 64;

/// [`Look`] at `i`, where the look ends within `LOOK_MAX` bytes and those bytes
/// lie in `h` in whole 16-byte steps; `None` otherwise (and off x86_64).
/// For the common bare URL, a handful of steps instead of a byte loop for
/// the run, another for the trimming and a third for the parse.
// Always inlined: the masks stay in registers (returned through memory,
// they were read back at once, a stall a link).
#[inline(always)]
pub(crate) fn look(h: &[u8], i: usize) -> Option<Look> {
    #[cfg(target_arch = "x86_64")]
    return sse2::look(h, i);
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (h, i);
        None
    }
}

/// How many scheme bytes (`ALPHA / DIGIT / "+" / "-" / "."`) end at `c`,
/// where fewer than 16 do and 16 bytes lie before `c`; `None` otherwise
/// (and off x86_64). One step for the backward walk every `scheme://`
/// trigger makes.
#[inline(always)]
pub(crate) fn scheme_bytes_before(h: &[u8], c: usize) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    return sse2::scheme_bytes_before(h, c);
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (h, c);
        None
    }
}

/// Whether `b` ends a [`Look`]: no URL byte, or one of `% [ ] @ ( :`.
#[cfg(test)]
pub(crate) fn ends_look(b: u8) -> bool {
    !URL_BYTE[b as usize] || matches!(b, b'%' | b'[' | b']' | b'@' | b'(' | b':')
}

/// Whether `h` holds `a` or `b`. For the few dozen bytes of a URL, where
/// `memchr2` costs more to set up than to search.
#[inline]
pub(crate) fn contains2(h: &[u8], a: u8, b: u8) -> bool {
    #[cfg(target_arch = "x86_64")]
    if h.len() >= 16 {
        return sse2::contains2(h, a, b);
    }
    h.iter().any(|&x| x == a || x == b)
}

/// The run of `>`, space and tab at `i` (a mail quote prefix), not past
/// `end`: its end and how many `>` it holds. Replies quoted 70 levels deep
/// exist (and are hostile input's favourite); a byte loop with an inner
/// loop for the blanks after each `>` cost 15 instructions a level.
#[inline]
pub(crate) fn quote_run(h: &[u8], i: usize, end: usize) -> (usize, usize) {
    let end = end.min(h.len());
    #[cfg(target_arch = "x86_64")]
    let (i, n) = match sse2::quote_run(h, i, end) {
        Ok(r) => return r,
        Err(r) => r,
    };
    #[cfg(not(target_arch = "x86_64"))]
    let n = 0;
    quote_run_scalar(h, i, end, n)
}

#[inline]
fn quote_run_scalar(h: &[u8], mut i: usize, end: usize, mut n: usize) -> (usize, usize) {
    while i < end {
        match h[i] {
            b'>' => n += 1,
            b' ' | b'\t' => {}
            _ => break,
        }
        i += 1;
    }
    (i, n)
}

/// How many times `b` occurs in `h` (line counting: every byte of the
/// input is counted once, so this is on the per-byte path).
#[inline]
pub(crate) fn count(h: &[u8], b: u8) -> usize {
    #[cfg(target_arch = "x86_64")]
    let (n, i) = sse2::count(h, b);
    #[cfg(not(target_arch = "x86_64"))]
    let (n, i) = (0, 0);
    n + h[i..].iter().filter(|&&x| x == b).count()
}

/// How many times `b` occurs in `h`, and where the last one is. Line
/// numbers of links a line or two apart (up to 128 bytes): one pass over
/// the few blocks between them, where a count and a search back cost two
/// (and the count its set-up); a longer stretch (mail text's links are
/// hundreds of bytes apart, with a line break every few blocks) is counted
/// 16 bytes a step without looking at each block's matches, then searched
/// back.
#[inline]
pub(crate) fn count_and_last(h: &[u8], b: u8) -> (usize, Option<usize>) {
    #[cfg(target_arch = "x86_64")]
    if h.len() >= 16 && h.len() <= 128 {
        return sse2::count_and_last(h, b);
    }
    // (Under 16 bytes, `count` and `rfind2` are their byte loops.)
    let n = count(h, b);
    (n, if n > 0 { rfind2(h, b, b) } else { None })
}

/// The last place in `h` of `a` or `b`. The searches that use it (a line's
/// start, a little before a URL) end within a line or two, where
/// `memchr::memrchr2`'s set-up costs more than the search.
#[inline]
pub(crate) fn rfind2(h: &[u8], a: u8, b: u8) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    let end = match sse2::rfind2(h, a, b) {
        Ok(found) => return found,
        Err(end) => end,
    };
    #[cfg(not(target_arch = "x86_64"))]
    let end = h.len();
    h[..end].iter().rposition(|&x| x == a || x == b)
}

/// `h[i..].starts_with(p)` for a pattern of a few bytes (a wrapper's
/// closer: `>`, `"`, `”`), without the call to `memcmp` that a slice
/// comparison of unknown length makes (7% of the time in quoted mail
/// with links in `<…>`, where it was asked at every link).
#[inline]
pub(crate) fn has_at(h: &[u8], i: usize, p: &[u8]) -> bool {
    match h.get(i..i + p.len()) {
        Some(t) => t.iter().zip(p).all(|(a, b)| a == b),
        None => false,
    }
}

/// Opened minus closed parentheses in `t`, and the same for square
/// brackets (C-F7 trimming counts them over a URL's whole text, and a
/// long run of hostile text is such a text).
#[inline]
pub(crate) fn brackets(t: &[u8]) -> (isize, isize) {
    #[cfg(target_arch = "x86_64")]
    let ((p, q), i) = sse2::brackets(t);
    #[cfg(not(target_arch = "x86_64"))]
    let ((p, q), i) = ((0, 0), 0);
    t[i..].iter().fold((p, q), |(p, q), &b| match b {
        b'(' => (p + 1, q),
        b')' => (p - 1, q),
        b'[' => (p, q + 1),
        b']' => (p, q - 1),
        _ => (p, q),
    })
}

/// Where the run of `b` that ends at `hi` starts, not below `lo`.
#[inline]
pub(crate) fn run_back(h: &[u8], lo: usize, mut hi: usize, b: u8) -> usize {
    #[cfg(target_arch = "x86_64")]
    match sse2::run_back(h, lo, hi, b) {
        Ok(k) => return k,
        Err(k) => hi = k,
    }
    while hi > lo && h[hi - 1] == b {
        hi -= 1;
    }
    hi
}

/// `b` as text, when it is UTF-8. A delimited URL is nearly always ASCII,
/// and for 20 to 100 bytes `str::from_utf8` costs more to start than an
/// ASCII test.
#[inline]
pub(crate) fn as_str(b: &[u8]) -> Option<&str> {
    if b.is_ascii() {
        // SAFETY: ASCII is UTF-8.
        #[allow(unsafe_code)]
        return Some(unsafe { std::str::from_utf8_unchecked(b) });
    }
    std::str::from_utf8(b).ok()
}

#[inline]
fn url_run_scalar(h: &[u8], mut i: usize, end: usize, stop: u8) -> usize {
    while i < end {
        let b = h[i];
        if !URL_BYTE[b as usize] || b == stop {
            break;
        }
        i += 1;
    }
    i
}

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod sse2 {
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi8, _mm_cmpgt_epi8, _mm_cmplt_epi8,
        _mm_cvtsi128_si64, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_sad_epu8,
        _mm_set1_epi8, _mm_setzero_si128, _mm_sub_epi8, _mm_unpackhi_epi64,
    };

    /// 16 bytes a step while 16 remain before `end`: the run's end, or
    /// where the scalar loop must go on.
    #[inline]
    pub(super) fn url_run(h: &[u8], mut i: usize, end: usize, stop: u8) -> Result<usize, usize> {
        debug_assert!(end <= h.len());
        // SAFETY: SSE2 is in the x86_64 baseline; every load reads the 16
        // bytes at `i`, and the loop runs only while `i + 16 <= end <=
        // h.len()`.
        unsafe {
            let stop = _mm_set1_epi8(stop as i8);
            while i + 16 <= end {
                let v = _mm_loadu_si128(h.as_ptr().add(i).cast::<__m128i>());
                let bad = _mm_or_si128(no_url_byte(v), _mm_cmpeq_epi8(v, stop));
                let m = _mm_movemask_epi8(bad) as u32;
                if m != 0 {
                    return Ok(i + m.trailing_zeros() as usize);
                }
                i += 16;
            }
        }
        Err(i)
    }

    /// The bytes of `v` that are no [`URL_BYTE`](super::URL_BYTE), as a
    /// mask (`url_run`, `look`).
    #[inline(always)]
    fn no_url_byte(v: __m128i) -> __m128i {
        // SAFETY: SSE2 is in the x86_64 baseline; no memory is read.
        unsafe {
            let eq = |b: u8| _mm_cmpeq_epi8(v, _mm_set1_epi8(b as i8));
            // Printable ASCII is 0x21..=0x7E; compared as signed bytes,
            // everything below 0x21 and every byte from 0x80 is "less".
            // 0x7B..=0x7F are `{ | } ~ DEL`; of them only `~` is a URL byte.
            let range = _mm_or_si128(
                _mm_cmplt_epi8(v, _mm_set1_epi8(0x21)),
                _mm_andnot_si128(eq(b'~'), _mm_cmpgt_epi8(v, _mm_set1_epi8(0x7A))),
            );
            let marks = _mm_or_si128(
                _mm_or_si128(
                    _mm_or_si128(eq(b'"'), eq(b'<')),
                    _mm_or_si128(eq(b'>'), eq(b'\\')),
                ),
                _mm_or_si128(eq(b'^'), eq(b'`')),
            );
            _mm_or_si128(range, marks)
        }
    }

    /// `super::scheme_bytes_before`.
    #[inline(always)]
    pub(super) fn scheme_bytes_before(h: &[u8], c: usize) -> Option<usize> {
        if c < 16 || c > h.len() {
            return None;
        }
        // SAFETY: SSE2 is in the x86_64 baseline; the load reads the 16
        // bytes before `c`, and `16 <= c <= h.len()`.
        let mask = unsafe {
            let v = _mm_loadu_si128(h.as_ptr().add(c - 16).cast::<__m128i>());
            let within = |v: __m128i, lo: u8, hi: u8| {
                // Signed compares: bytes from 0x80 are below every bound.
                _mm_and_si128(
                    _mm_cmpgt_epi8(v, _mm_set1_epi8(lo as i8 - 1)),
                    _mm_cmplt_epi8(v, _mm_set1_epi8(hi as i8 + 1)),
                )
            };
            let letter = within(_mm_or_si128(v, _mm_set1_epi8(0x20)), b'a', b'z');
            // `- . / 0-9`, less `/`; and `+`.
            let digit_etc = _mm_andnot_si128(
                _mm_cmpeq_epi8(v, _mm_set1_epi8(b'/' as i8)),
                within(v, b'-', b'9'),
            );
            let plus = _mm_cmpeq_epi8(v, _mm_set1_epi8(b'+' as i8));
            _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(letter, digit_etc), plus)) as u32
        };
        // Bit 15 is the byte before `c`: the run is the top run of ones.
        let n = (!(mask << 16)).leading_zeros() as usize;
        (n < 16).then_some(n)
    }

    /// `super::look`: 16 bytes a step.
    #[inline(always)]
    pub(super) fn look(h: &[u8], i: usize) -> Option<super::Look> {
        let (mut slash, mut query, mut hash, mut drop) = (0u64, 0u64, 0u64, 0u64);
        // SAFETY: SSE2 is in the x86_64 baseline; each load reads the 16
        // bytes at `i + k`, and runs only where `i + k + 16 <= h.len()`.
        unsafe {
            let mut k = 0;
            while k < super::LOOK_MAX {
                if i + k + 16 > h.len() {
                    return None;
                }
                let v = _mm_loadu_si128(h.as_ptr().add(i + k).cast::<__m128i>());
                let eq = |b: u8| _mm_cmpeq_epi8(v, _mm_set1_epi8(b as i8));
                // The bytes that end a URL, and those that ask for the
                // general path.
                let general = _mm_or_si128(
                    _mm_or_si128(
                        _mm_or_si128(eq(b'%'), eq(b'[')),
                        _mm_or_si128(eq(b']'), eq(b'@')),
                    ),
                    _mm_or_si128(eq(b'('), eq(b':')),
                );
                let end = _mm_movemask_epi8(_mm_or_si128(no_url_byte(v), general)) as u64;
                slash |= (_mm_movemask_epi8(eq(b'/')) as u64) << k;
                query |= (_mm_movemask_epi8(eq(b'?')) as u64) << k;
                hash |= (_mm_movemask_epi8(eq(b'#')) as u64) << k;
                let drops = _mm_or_si128(
                    _mm_or_si128(_mm_or_si128(eq(b'.'), eq(b',')), eq(b';')),
                    _mm_or_si128(_mm_or_si128(eq(b'!'), eq(b'\'')), eq(b')')),
                );
                drop |= (_mm_movemask_epi8(drops) as u64) << k;
                if end != 0 {
                    let len = k + end.trailing_zeros() as usize;
                    let below = (1u64 << len) - 1;
                    return Some(super::Look {
                        len,
                        slash: slash & below,
                        query: query & below,
                        hash: hash & below,
                        drop: drop & below,
                    });
                }
                k += 16;
            }
        }
        None
    }

    /// 16 bytes a step while 16 remain before `end`: the run's end and its
    /// `>` count, or where the scalar loop must go on and the count so far.
    #[inline]
    pub(super) fn quote_run(
        h: &[u8],
        mut i: usize,
        end: usize,
    ) -> Result<(usize, usize), (usize, usize)> {
        let mut n = 0;
        // SAFETY: SSE2 is in the x86_64 baseline; every load reads the 16
        // bytes at `i`, and the loop runs only while `i + 16 <= end <=
        // h.len()`.
        unsafe {
            let gt = _mm_set1_epi8(b'>' as i8);
            let sp = _mm_set1_epi8(b' ' as i8);
            let tab = _mm_set1_epi8(b'\t' as i8);
            let zero = _mm_setzero_si128();
            // `>` counted per byte lane (a match is -1, subtracted), summed
            // across lanes every 255 steps and at the end: there is no
            // `popcnt` in the x86_64 baseline.
            let mut lanes = zero;
            let mut steps = 0;
            let sum = |lanes: __m128i| {
                let s = _mm_sad_epu8(lanes, zero);
                (_mm_cvtsi128_si64(s) + _mm_cvtsi128_si64(_mm_unpackhi_epi64(s, s))) as usize
            };
            while i + 16 <= end {
                let v = _mm_loadu_si128(h.as_ptr().add(i).cast::<__m128i>());
                let g = _mm_cmpeq_epi8(v, gt);
                let blank = _mm_or_si128(_mm_cmpeq_epi8(v, sp), _mm_cmpeq_epi8(v, tab));
                let inside = _mm_movemask_epi8(_mm_or_si128(g, blank)) as u32;
                if inside != 0xFFFF {
                    let k = (!inside).trailing_zeros();
                    let gts = _mm_movemask_epi8(g) as u32;
                    n += sum(lanes) + (gts & ((1u32 << k) - 1)).count_ones() as usize;
                    return Ok((i + k as usize, n));
                }
                lanes = _mm_sub_epi8(lanes, g);
                steps += 1;
                if steps == 255 {
                    n += sum(lanes);
                    lanes = zero;
                    steps = 0;
                }
                i += 16;
            }
            n += sum(lanes);
        }
        Err((i, n))
    }

    /// The count of `b` in the 16-byte steps of `h`, and where they end.
    #[inline]
    pub(super) fn count(h: &[u8], b: u8) -> (usize, usize) {
        let mut n = 0;
        let mut i = 0;
        // SAFETY: SSE2 is in the x86_64 baseline; every load reads the 16
        // bytes at `i`, and the loops run only while `i + 16 <= h.len()`.
        unsafe {
            let vb = _mm_set1_epi8(b as i8);
            let zero = _mm_setzero_si128();
            while i + 16 <= h.len() {
                // Per-lane counts (a match is -1, subtracted) for at most
                // 255 steps, then summed across lanes.
                let stop = h.len().min(i + 16 * 255);
                let mut lanes = zero;
                // Four blocks a step (one branch for 64 bytes), into two
                // sums, then single blocks.
                let mut more = zero;
                while i + 64 <= stop {
                    let p = h.as_ptr().add(i);
                    let v0 = _mm_loadu_si128(p.cast::<__m128i>());
                    let v1 = _mm_loadu_si128(p.add(16).cast::<__m128i>());
                    let v2 = _mm_loadu_si128(p.add(32).cast::<__m128i>());
                    let v3 = _mm_loadu_si128(p.add(48).cast::<__m128i>());
                    lanes = _mm_sub_epi8(lanes, _mm_cmpeq_epi8(v0, vb));
                    more = _mm_sub_epi8(more, _mm_cmpeq_epi8(v1, vb));
                    lanes = _mm_sub_epi8(lanes, _mm_cmpeq_epi8(v2, vb));
                    more = _mm_sub_epi8(more, _mm_cmpeq_epi8(v3, vb));
                    i += 64;
                }
                while i + 16 <= stop {
                    let v = _mm_loadu_si128(h.as_ptr().add(i).cast::<__m128i>());
                    lanes = _mm_sub_epi8(lanes, _mm_cmpeq_epi8(v, vb));
                    i += 16;
                }
                // (The window is 255 blocks: neither sum passes 255 a
                // lane. Two sums, so that the steps' additions do not wait
                // on each other.)
                let more = _mm_sad_epu8(more, zero);
                n += (_mm_cvtsi128_si64(more) + _mm_cvtsi128_si64(_mm_unpackhi_epi64(more, more)))
                    as usize;
                let s = _mm_sad_epu8(lanes, zero);
                n += (_mm_cvtsi128_si64(s) + _mm_cvtsi128_si64(_mm_unpackhi_epi64(s, s))) as usize;
            }
            // The last bytes: one step over the last 16, less the lanes
            // already counted (no byte loop for up to 15 bytes).
            if i < h.len() && h.len() >= 16 {
                let v = _mm_loadu_si128(h.as_ptr().add(h.len() - 16).cast::<__m128i>());
                let m = _mm_movemask_epi8(_mm_cmpeq_epi8(v, vb)) as u32;
                let fresh = m >> (16 - (h.len() - i));
                n += fresh.count_ones() as usize;
                i = h.len();
            }
        }
        (n, i)
    }

    /// `16 <= h.len()`: each block's matches as a mask, counted and the
    /// last one kept; the last step overlaps the one before.
    #[inline]
    pub(super) fn count_and_last(h: &[u8], b: u8) -> (usize, Option<usize>) {
        debug_assert!(h.len() >= 16 && h.len() <= 16 * 255);
        // The count is summed across lanes once at the end (a match is -1,
        // subtracted): `count_ones` on each block's mask is a dozen
        // instructions on the x86_64 baseline, which has no POPCNT, and
        // the lines between links cost it at every link.
        let mut last = None;
        let mut i = 0;
        // SAFETY: SSE2 is in the x86_64 baseline; every load reads the 16
        // bytes at `i <= h.len() - 16`, and the tail's mask the 16 bytes at
        // `k` of a 32-byte table (`TOP[k..k + 16]`), `k` in 1..16.
        unsafe {
            let vb = _mm_set1_epi8(b as i8);
            let zero = _mm_setzero_si128();
            let mut lanes = zero;
            let mut step = |at: usize, fresh: __m128i| {
                let eq = _mm_and_si128(
                    _mm_cmpeq_epi8(_mm_loadu_si128(h.as_ptr().add(at).cast::<__m128i>()), vb),
                    fresh,
                );
                lanes = _mm_sub_epi8(lanes, eq);
                let m = _mm_movemask_epi8(eq) as u32;
                if m != 0 {
                    last = Some(at + 31 - m.leading_zeros() as usize);
                }
            };
            let all = _mm_set1_epi8(-1);
            while i + 16 <= h.len() {
                step(i, all);
                i += 16;
            }
            if i < h.len() {
                // The lanes from `i` on are the top `k` of the last 16 bytes.
                static TOP: [u8; 32] = {
                    let mut t = [0u8; 32];
                    let mut j = 16;
                    while j < 32 {
                        t[j] = 0xFF;
                        j += 1;
                    }
                    t
                };
                let k = h.len() - i;
                step(
                    h.len() - 16,
                    _mm_loadu_si128(TOP.as_ptr().add(k).cast::<__m128i>()),
                );
            }
            let s = _mm_sad_epu8(lanes, zero);
            let n = (_mm_cvtsi128_si64(s) + _mm_cvtsi128_si64(_mm_unpackhi_epi64(s, s))) as usize;
            (n, last)
        }
    }

    /// Parentheses and square brackets, opened minus closed, over the
    /// 16-byte steps of `t`, and where the steps end.
    #[inline]
    pub(super) fn brackets(t: &[u8]) -> ((isize, isize), usize) {
        let (mut p, mut q) = (0isize, 0isize);
        let mut i = 0;
        // SAFETY: SSE2 is in the x86_64 baseline; every load reads the 16
        // bytes at `i`, and the loops run only while `i + 16 <= t.len()`.
        unsafe {
            let zero = _mm_setzero_si128();
            let [po, pc, so, sc] = [b'(', b')', b'[', b']'].map(|b| _mm_set1_epi8(b as i8));
            let sum = |lanes: __m128i| {
                let s = _mm_sad_epu8(lanes, zero);
                (_mm_cvtsi128_si64(s) + _mm_cvtsi128_si64(_mm_unpackhi_epi64(s, s))) as isize
            };
            while i + 16 <= t.len() {
                // Per-lane counts (a match is -1, subtracted) for at most
                // 255 steps, then summed across lanes.
                let stop = t.len().min(i + 16 * 255);
                let [mut a, mut b, mut c, mut d] = [zero; 4];
                while i + 16 <= stop {
                    let v = _mm_loadu_si128(t.as_ptr().add(i).cast::<__m128i>());
                    a = _mm_sub_epi8(a, _mm_cmpeq_epi8(v, po));
                    b = _mm_sub_epi8(b, _mm_cmpeq_epi8(v, pc));
                    c = _mm_sub_epi8(c, _mm_cmpeq_epi8(v, so));
                    d = _mm_sub_epi8(d, _mm_cmpeq_epi8(v, sc));
                    i += 16;
                }
                p += sum(a) - sum(b);
                q += sum(c) - sum(d);
            }
        }
        ((p, q), i)
    }

    /// 16 bytes a step back from `hi` while 16 remain above `lo`: where
    /// the run of `b` that ends at `hi` starts (`Err`: it reaches the last
    /// step, and the scalar loop goes on from there).
    #[inline]
    pub(super) fn run_back(h: &[u8], lo: usize, mut hi: usize, b: u8) -> Result<usize, usize> {
        // SAFETY: SSE2 is in the x86_64 baseline; every load reads the 16
        // bytes at `hi - 16`, and the loop runs only while
        // `lo + 16 <= hi <= h.len()`.
        unsafe {
            let vb = _mm_set1_epi8(b as i8);
            while hi >= lo + 16 && hi <= h.len() {
                let v = _mm_loadu_si128(h.as_ptr().add(hi - 16).cast::<__m128i>());
                let miss = !(_mm_movemask_epi8(_mm_cmpeq_epi8(v, vb)) as u32) & 0xFFFF;
                if miss != 0 {
                    // The last byte that is not `b`, and the run after it.
                    return Ok(hi - 16 + (32 - miss.leading_zeros()) as usize);
                }
                hi -= 16;
            }
        }
        Err(hi)
    }

    /// 16 bytes a step from the end while 16 remain: the last `a` or `b`
    /// (`Ok(None)`: none in `h`), or the length of the head the scalar loop
    /// must search.
    #[inline]
    pub(super) fn rfind2(h: &[u8], a: u8, b: u8) -> Result<Option<usize>, usize> {
        let mut end = h.len();
        // SAFETY: SSE2 is in the x86_64 baseline; every load reads the 16
        // bytes at `end - 16`, and the loop runs only while `end >= 16`.
        unsafe {
            let va = _mm_set1_epi8(a as i8);
            let vb = _mm_set1_epi8(b as i8);
            while end >= 16 {
                let v = _mm_loadu_si128(h.as_ptr().add(end - 16).cast::<__m128i>());
                let m =
                    _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, va), _mm_cmpeq_epi8(v, vb)))
                        as u32;
                if m != 0 {
                    return Ok(Some(end - 16 + 31 - m.leading_zeros() as usize));
                }
                end -= 16;
            }
        }
        if end == 0 {
            return Ok(None);
        }
        Err(end)
    }

    /// `h.len() >= 16`: 16 bytes a step, the last step overlapping.
    #[inline]
    pub(super) fn contains2(h: &[u8], a: u8, b: u8) -> bool {
        debug_assert!(h.len() >= 16);
        // SAFETY: SSE2 is in the x86_64 baseline; the loads read the 16
        // bytes at `i <= h.len() - 16`.
        unsafe {
            let va = _mm_set1_epi8(a as i8);
            let vb = _mm_set1_epi8(b as i8);
            let hit = |i: usize| {
                let v = _mm_loadu_si128(h.as_ptr().add(i).cast::<__m128i>());
                _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, va), _mm_cmpeq_epi8(v, vb))) != 0
            };
            let mut i = 0;
            while i + 16 < h.len() {
                if hit(i) {
                    return true;
                }
                i += 16;
            }
            hit(h.len() - 16)
        }
    }
}

/// Decodes the UTF-8 character that starts at `i`, or `None` when the bytes
/// there are not valid UTF-8 (invalid input ends a URL, it never panics).
#[inline]
pub(crate) fn char_at(h: &[u8], i: usize) -> Option<(char, usize)> {
    let b0 = *h.get(i)?;
    if b0 < 0x80 {
        return Some((b0 as char, 1));
    }
    let len = match b0 {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return None,
    };
    let b = h.get(i..i + len)?;
    // Decoded by hand: `str::from_utf8` on two to four bytes costs a call
    // and its set-up, and text next to a non-ASCII character asks for it
    // several times a candidate. The checks are UTF-8's (RFC 3629):
    // continuation bytes, no overlong form (the shortest length for the
    // value), no surrogate and nothing past U+10FFFF (`char::from_u32`).
    let cont = |k: usize| (b[k] & 0xC0 == 0x80).then_some(u32::from(b[k] & 0x3F));
    let (u, min) = match *b {
        [_, _] => (u32::from(b0 & 0x1F) << 6 | cont(1)?, 0x80),
        [_, _, _] => (u32::from(b0 & 0x0F) << 12 | cont(1)? << 6 | cont(2)?, 0x800),
        _ => (
            u32::from(b0 & 0x07) << 18 | cont(1)? << 12 | cont(2)? << 6 | cont(3)?,
            0x1_0000,
        ),
    };
    if u < min {
        return None;
    }
    char::from_u32(u).map(|c| (c, len))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `char_at` as the standard library decodes: the first character of
    /// the longest valid prefix, where that prefix starts with one.
    fn std_char_at(b: &[u8]) -> Option<(char, usize)> {
        let valid = match std::str::from_utf8(b) {
            Ok(s) => s,
            Err(e) => std::str::from_utf8(&b[..e.valid_up_to()]).unwrap(),
        };
        valid.chars().next().map(|c| (c, c.len_utf8()))
    }

    /// C-S4 (invalid input ends a URL): the hand decoder takes exactly
    /// what `str::from_utf8` takes, for every sequence of two and three
    /// bytes, and for four bytes at every lead byte and every edge of the
    /// continuation range.
    #[test]
    fn char_at_decodes_as_the_standard_library() {
        for b0 in 0x80..=0xFFu8 {
            for b1 in 0..=0xFFu8 {
                assert_eq!(
                    char_at(&[b0, b1], 0),
                    std_char_at(&[b0, b1]),
                    "{b0:x} {b1:x}"
                );
                for b2 in 0..=0xFFu8 {
                    let t = [b0, b1, b2];
                    assert_eq!(char_at(&t, 0), std_char_at(&t), "{t:x?}");
                }
                let edges = [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF];
                for b2 in edges {
                    for b3 in edges {
                        let t = [b0, b1, b2, b3];
                        assert_eq!(char_at(&t, 0), std_char_at(&t), "{t:x?}");
                    }
                }
            }
        }
    }

    /// A closer is compared whole: `“` shares its first two bytes with `”`.
    #[test]
    fn has_at_compares_every_byte_of_the_pattern() {
        let h = "a\u{201d}b\u{201c}".as_bytes();
        let (close, open) = ("\u{201d}".as_bytes(), "\u{201c}".as_bytes());
        assert!(has_at(h, 1, close));
        assert!(!has_at(h, 5, close));
        assert!(has_at(h, 5, open));
        // Past the end, or the pattern running past it.
        assert!(!has_at(h, 6, open));
        assert!(!has_at(h, 100, b">"));
        assert!(has_at(h, 8, b""));
    }

    #[test]
    fn count_agrees_with_a_filter() {
        let mut h = Vec::new();
        for i in 0..10_000usize {
            h.push(if i % 7 == 0 || i % 300 < 40 {
                b'\n'
            } else {
                b'x'
            });
        }
        for len in [0, 1, 15, 16, 17, 255 * 16, 255 * 16 + 3, 10_000] {
            let want = h[..len].iter().filter(|&&b| b == b'\n').count();
            assert_eq!(count(&h[..len], b'\n'), want, "{len}");
        }
        // Every byte a match: no per-lane sum may overflow, in the 64-byte
        // steps, the single blocks after them, or the last bytes.
        let all = vec![b'\n'; 3 * 255 * 16 + 77];
        for len in (0..200).chain([4079, 4080, 4081, 4144, 4160, 8160, 8161, all.len()]) {
            assert_eq!(count(&all[..len], b'\n'), len, "{len}");
        }
    }

    #[test]
    fn rfind2_finds_the_last() {
        for len in 0..70usize {
            for at in [None, Some(0), Some(len / 2), Some(len.saturating_sub(1))] {
                let mut h = vec![b'x'; len];
                let mut want = None;
                if let Some(k) = at.filter(|&k| k < len) {
                    h[k] = if k % 2 == 0 { b'\n' } else { b'\r' };
                    want = Some(k);
                }
                assert_eq!(rfind2(&h, b'\n', b'\r'), want, "{len} {at:?}");
            }
        }
    }

    #[test]
    fn count_and_last_agree_with_a_byte_loop() {
        for len in [0usize, 1, 15, 16, 17, 31, 32, 33, 100, 512, 513, 2000] {
            for step in [1usize, 2, 7, 16, 17, 40, 1000] {
                for off in [0usize, 3, 15] {
                    let h: Vec<u8> = (0..len)
                        .map(|k| if k % step == off % step { b'\n' } else { b'x' })
                        .collect();
                    let n = h.iter().filter(|&&x| x == b'\n').count();
                    let last = h.iter().rposition(|&x| x == b'\n');
                    assert_eq!(count_and_last(&h, b'\n'), (n, last), "{len} {step} {off}");
                }
            }
        }
    }

    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        /// The hand decoder agrees with `str::from_utf8` on any bytes.
        #[test]
        fn char_at_agrees_with_from_utf8(b in prop::collection::vec(any::<u8>(), 0..6)) {
            let want = if b.first().is_some_and(|&x| x < 0x80) {
                Some((b[0] as char, 1))
            } else {
                std_char_at(&b)
            };
            prop_assert_eq!(char_at(&b, 0), want);
        }

        /// The 16-byte steps count brackets as a byte loop does, past 255
        /// steps too.
        #[test]
        fn brackets_agree_with_a_byte_loop(
            t in prop::collection::vec(prop::sample::select(b"(()[]]x".to_vec()), 0..200),
            copies in 1usize..40,
        ) {
            let t = t.repeat(copies);
            let mut want = (0isize, 0isize);
            for &b in &t {
                match b {
                    b'(' => want.0 += 1,
                    b')' => want.0 -= 1,
                    b'[' => want.1 += 1,
                    b']' => want.1 -= 1,
                    _ => {}
                }
            }
            prop_assert_eq!(brackets(&t), want);
        }

        /// The run of a byte back from a place, as a byte loop finds it.
        #[test]
        fn run_back_agrees_with_a_byte_loop(
            t in prop::collection::vec(prop::sample::select(b")))))x".to_vec()), 0..120),
            lo in 0usize..120,
            hi in 0usize..120,
        ) {
            let hi = hi.min(t.len());
            let lo = lo.min(hi);
            let mut want = hi;
            while want > lo && t[want - 1] == b')' {
                want -= 1;
            }
            prop_assert_eq!(run_back(&t, lo, hi, b')'), want);
        }
    }

    #[test]
    fn quote_run_counts_past_255_steps() {
        let mut h = vec![b'>'; 16 * 300 + 5];
        h.push(b'x');
        assert_eq!(quote_run(&h, 0, h.len()), (16 * 300 + 5, 16 * 300 + 5));
        assert_eq!(quote_run(&h, 3, h.len()), (16 * 300 + 5, 16 * 300 + 2));
    }

    #[test]
    fn quote_run_counts_levels() {
        for len in 0..70 {
            for stop in [b'x', b'\n'] {
                let mut h: Vec<u8> = (0..len)
                    .map(|i| if i % 3 == 2 { b' ' } else { b'>' })
                    .collect();
                let want_n = h.iter().filter(|&&b| b == b'>').count();
                h.push(stop);
                h.extend_from_slice(b">> x");
                assert_eq!(quote_run(&h, 0, h.len()), (len, want_n), "{len}");
                assert_eq!(
                    quote_run(&h, 0, len / 2),
                    (len / 2, h[..len / 2].iter().filter(|&&b| b == b'>').count())
                );
            }
        }
    }

    #[test]
    fn contains2_at_every_place() {
        for len in 0..50 {
            for at in 0..len {
                let mut h = vec![b'x'; len];
                assert!(!contains2(&h, b'(', b'['));
                h[at] = b'[';
                assert!(contains2(&h, b'(', b'['), "{len} {at}");
            }
        }
    }

    #[test]
    fn c_f9_url_bytes_are_those_of_rfc_3986() {
        let ends: Vec<u8> = (0u8..=255).filter(|&b| !URL_BYTE[b as usize]).collect();
        let printable_ends: Vec<u8> = ends
            .iter()
            .copied()
            .filter(|b| (0x21..0x7F).contains(b))
            .collect();
        assert_eq!(printable_ends, b"\"<>\\^`{|}");
        assert!(ends.contains(&b' ') && ends.contains(&0x7F) && ends.contains(&0x80));
    }

    /// The SIMD loop and the table agree on every byte, at every offset
    /// within a 16-byte step, with and without a stop byte.
    #[test]
    fn url_run_agrees_with_the_table() {
        for b in 0u8..=255 {
            for at in 0..40 {
                let mut h = vec![b'a'; 48];
                h[at] = b;
                for stop in [0u8, b'\'', b'a'] {
                    for start in [0, 1, 7, 16] {
                        let want = url_run_scalar(&h, start, h.len(), stop);
                        assert_eq!(
                            url_run(&h, start, h.len(), stop),
                            want,
                            "{b:#x} {at} {stop}"
                        );
                        assert_eq!(url_run(&h, start, 30, stop), want.min(30).max(start));
                    }
                }
            }
        }
    }

    /// `look`'s answer from a byte loop: the first byte that ends a look
    /// among the whole 16-byte steps from `i` (up to `LOOK_MAX`), and the
    /// `/`, `?`, `#` and droppable bytes before it.
    fn look_by_bytes(h: &[u8], i: usize) -> Option<Look> {
        let room = (h.len().saturating_sub(i) / 16 * 16).min(LOOK_MAX);
        let len = (0..room).find(|&k| ends_look(h[i + k]))?;
        let mask = |b: u8| {
            (0..len)
                .filter(|&k| h[i + k] == b)
                .fold(0u64, |m, k| m | 1 << k)
        };
        Some(Look {
            len,
            slash: mask(b'/'),
            query: mask(b'?'),
            hash: mask(b'#'),
            drop: [b'.', b',', b';', b'!', b'\'', b')']
                .into_iter()
                .fold(0, |m, b| m | mask(b)),
        })
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn look_ends_at_every_byte_that_ends_it() {
        for b in 0u8..=255 {
            for at in [0, 5, 15, 16, 31, 47, 63, 64, 70] {
                let mut h = b"a/b?c#d".repeat(12);
                h[at] = b;
                for i in [0, 1, 9] {
                    assert_eq!(look(&h, i), look_by_bytes(&h, i), "{b:#x} at {at} from {i}");
                }
            }
        }
        // The look takes whole steps only.
        assert_eq!(look(b"a.example ", 0), None);
        assert_eq!(
            look(b"a.example/x)))) ((((http://", 0).map(|l| l.len),
            Some(15)
        );
    }

    /// `scheme_bytes_before`'s answer from a byte loop.
    fn scheme_bytes_by_bytes(h: &[u8], c: usize) -> Option<usize> {
        if c < 16 || c > h.len() {
            return None;
        }
        let n = h[..c]
            .iter()
            .rev()
            .take_while(|&&b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
            .count();
        (n < 16).then_some(n)
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn scheme_bytes_before_stop_at_every_byte_that_is_none() {
        for b in 0u8..=255 {
            for at in [0, 3, 9, 14, 15, 16, 17, 19] {
                let mut h = b"aZ09+-.xyzhttpsQ:".repeat(2);
                h[at] = b;
                for c in [15, 16, 17, 18, 20, 33, 34] {
                    assert_eq!(
                        scheme_bytes_before(&h, c),
                        scheme_bytes_by_bytes(&h, c),
                        "{b:#x} at {at}, colon at {c}"
                    );
                }
            }
        }
        assert_eq!(scheme_bytes_before(b"see more ((((http://", 17), Some(4));
        assert_eq!(scheme_bytes_before(b"((((http://", 8), None);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(5_000))]

        #[test]
        #[cfg(target_arch = "x86_64")]
        fn scheme_bytes_before_agree_with_a_byte_loop(
            h in prop::collection::vec(
                prop::sample::select(b"aZz09+-./:@ (\x80\xff`{[".to_vec()),
                0..60,
            ),
            c in 0usize..60,
        ) {
            prop_assert_eq!(scheme_bytes_before(&h, c), scheme_bytes_by_bytes(&h, c));
        }

        #[test]
        #[cfg(target_arch = "x86_64")]
        fn look_agrees_with_a_byte_loop(
            h in prop::collection::vec(
                prop::sample::select(b"a1.-_~/?#%[]@():;,!'*+=&$ \n\"<>\xc3\xa9".to_vec()),
                0..100,
            ),
            i in 0usize..40,
        ) {
            let i = i.min(h.len());
            prop_assert_eq!(look(&h, i), look_by_bytes(&h, i));
        }
    }
}
