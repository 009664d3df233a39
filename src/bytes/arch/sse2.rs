//! SSE2 (in the x86_64 baseline, so no feature detection): the byte
//! searches of `crate::bytes`, 16 bytes a step. Each returns its answer, or
//! where the caller's byte loop goes on (fewer than 16 bytes left).

use super::{Hits, Look, LOOK_MAX};
use std::arch::x86_64::{
    __m128i, _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi8, _mm_cmpgt_epi8, _mm_cmplt_epi8,
    _mm_cvtsi128_si64, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_sad_epu8,
    _mm_set1_epi8, _mm_setzero_si128, _mm_sub_epi8, _mm_unpackhi_epi64,
};

/// 16 bytes a step while 16 remain before `end`: the run's end, or
/// where the scalar loop must go on.
#[inline]
pub(crate) fn url_run(h: &[u8], mut i: usize, end: usize, stop: u8) -> Result<usize, usize> {
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

/// The bytes of `v` that are no URL byte, as a
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

/// `bytes::scheme_bytes_before`.
#[inline(always)]
pub(crate) fn scheme_bytes_before(h: &[u8], c: usize) -> Option<usize> {
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

/// `bytes::look`: 16 bytes a step.
#[inline(always)]
pub(crate) fn look(h: &[u8], i: usize) -> Option<Look> {
    let (mut slash, mut query, mut hash, mut drop) = (0u64, 0u64, 0u64, 0u64);
    // SAFETY: SSE2 is in the x86_64 baseline; each load reads the 16
    // bytes at `i + k`, and runs only where `i + k + 16 <= h.len()`.
    unsafe {
        let mut k = 0;
        while k < LOOK_MAX {
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
                return Some(Look {
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
pub(crate) fn quote_run(
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
pub(crate) fn count(h: &[u8], b: u8) -> (usize, usize) {
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
pub(crate) fn count_and_last(h: &[u8], b: u8) -> (usize, Option<usize>) {
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
pub(crate) fn brackets(t: &[u8]) -> ((isize, isize), usize) {
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
pub(crate) fn run_back(h: &[u8], lo: usize, mut hi: usize, b: u8) -> Result<usize, usize> {
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
pub(crate) fn rfind2(h: &[u8], a: u8, b: u8) -> Result<Option<usize>, usize> {
    let mut end = h.len();
    // SAFETY: SSE2 is in the x86_64 baseline; every load reads the 16
    // bytes at `end - 16`, and the loop runs only while `end >= 16`.
    unsafe {
        let va = _mm_set1_epi8(a as i8);
        let vb = _mm_set1_epi8(b as i8);
        while end >= 16 {
            let v = _mm_loadu_si128(h.as_ptr().add(end - 16).cast::<__m128i>());
            let m = _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(v, va), _mm_cmpeq_epi8(v, vb)))
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
pub(crate) fn contains2(h: &[u8], a: u8, b: u8) -> bool {
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

/// The trigger search's loop with 16-byte steps from `i` (at least 1):
/// `on_hit.hit(step, mask)` for each step with a hit, bit `k` of `mask` set
/// where `h[step + k]` is a `:`, an `at` byte, or a `dot` byte after a `w`
/// or `W` (`Scanner::hit_bytes`), until it returns a value; or `Err` where
/// fewer than 16 bytes are left.
#[inline(always)]
pub(crate) fn steps<T>(
    h: &[u8],
    mut i: usize,
    dot: u8,
    at: u8,
    mut on_hit: impl Hits<Out = T>,
) -> Result<T, usize> {
    assert!(i >= 1);
    // SAFETY: SSE2 is in the x86_64 baseline; the loads read the 16 bytes
    // at `i` and at `i - 1`, inside `h` since `1 <= i` and
    // `i + 16 <= h.len()`.
    unsafe {
        let c_colon = _mm_set1_epi8(b':' as i8);
        let c_dot = _mm_set1_epi8(dot as i8);
        let c_at = _mm_set1_epi8(at as i8);
        let case = _mm_set1_epi8(0x20);
        let w = _mm_set1_epi8(b'w' as i8);
        loop {
            // The steps with no hit, in a loop of their own (as in
            // `avx2::steps`).
            let mask = loop {
                if i + 16 > h.len() {
                    return Err(i);
                }
                let v = _mm_loadu_si128(h.as_ptr().add(i).cast::<__m128i>());
                let prev = _mm_loadu_si128(h.as_ptr().add(i - 1).cast::<__m128i>());
                // `.` only after `w` or `W`: most dots end sentences.
                let d = _mm_and_si128(
                    _mm_cmpeq_epi8(v, c_dot),
                    _mm_cmpeq_epi8(_mm_or_si128(prev, case), w),
                );
                let hits = _mm_or_si128(
                    _mm_or_si128(_mm_cmpeq_epi8(v, c_colon), _mm_cmpeq_epi8(v, c_at)),
                    d,
                );
                let mask = _mm_movemask_epi8(hits) as u32;
                if mask != 0 {
                    break mask;
                }
                i += 16;
            };
            i = std::hint::black_box(i);
            if let Some(t) = on_hit.hit(i, mask) {
                return Ok(t);
            }
            i += 16;
        }
    }
}

/// Whether every byte of `b` is ASCII: 16 bytes a step (the last step
/// overlapping the one before), or a byte loop under 16 bytes.
#[inline(always)]
pub(crate) fn is_ascii(b: &[u8]) -> bool {
    let n = b.len();
    if n < 16 {
        return b.iter().all(|&x| x < 0x80);
    }
    // SAFETY: SSE2 is in the x86_64 baseline; every load reads 16 bytes at
    // an offset `k <= n - 16`, inside `b`.
    unsafe {
        let p = b.as_ptr();
        let mut acc = _mm_loadu_si128(p.add(n - 16).cast::<__m128i>());
        let mut k = 0;
        while k + 16 < n {
            acc = _mm_or_si128(acc, _mm_loadu_si128(p.add(k).cast::<__m128i>()));
            k += 16;
        }
        _mm_movemask_epi8(acc) == 0
    }
}
