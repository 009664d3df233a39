//! AVX2, where the CPU has it: the trigger search's 32-byte step, and the
//! search loop compiled with AVX2 so that the step is inlined into it.

use super::{Hits, Job};
use std::arch::x86_64::{
    __m256i, _mm256_and_si256, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_movemask_epi8,
    _mm256_or_si256, _mm256_set1_epi8,
};

/// Proof that the CPU has AVX2: only [`Avx2::detect`] makes one.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx2(());

impl Avx2 {
    /// The token, where the CPU has AVX2.
    pub(crate) fn detect() -> Option<Avx2> {
        std::is_x86_feature_detected!("avx2").then_some(Avx2(()))
    }

    /// Runs `job` compiled with AVX2: the trigger search loop inside it
    /// (`Search::next`) is inlined with its 32-byte steps.
    #[inline]
    pub(crate) fn run<J: Job>(self, job: J) -> J::Out {
        // SAFETY: `self` exists only where the CPU has AVX2.
        unsafe { run(job) }
    }

    /// The trigger search's loop with 32-byte steps from `i` (at least 1),
    /// as `sse2::steps`: `on_hit.hit(step, mask)` for each step with a hit, bit
    /// `k` of `mask` set where `h[step + k]` is a `:`, an `at` byte, or a
    /// `dot` byte after a `w` or `W`, until it returns a value; or `Err`
    /// where fewer than 32 bytes are left.
    #[inline(always)]
    pub(crate) fn steps<T>(
        self,
        h: &[u8],
        i: usize,
        dot: u8,
        at: u8,
        on_hit: impl Hits<Out = T>,
    ) -> Result<T, usize> {
        assert!(i >= 1);
        // SAFETY: `self` exists only where the CPU has AVX2.
        unsafe { steps(h, i, dot, at, on_hit) }
    }
}

#[target_feature(enable = "avx2")]
unsafe fn run<J: Job>(job: J) -> J::Out {
    job.call()
}

/// `Avx2::steps`; `i >= 1`.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn steps<T>(
    h: &[u8],
    mut i: usize,
    dot: u8,
    at: u8,
    mut on_hit: impl Hits<Out = T>,
) -> Result<T, usize> {
    let c_colon = _mm256_set1_epi8(b':' as i8);
    let c_dot = _mm256_set1_epi8(dot as i8);
    let c_at = _mm256_set1_epi8(at as i8);
    let case = _mm256_set1_epi8(0x20);
    let w = _mm256_set1_epi8(b'w' as i8);
    loop {
        // The steps with no hit, in a loop of their own: with the hits'
        // checks in it, LLVM keeps more induction variables, on the stack,
        // incremented at every step.
        // PERF: `cargo bench --bench extract` (mail text).
        let mask = loop {
            if i + 32 > h.len() {
                return Err(i);
            }
            // SAFETY (the caller's, and): the loads read the 32 bytes at
            // `i` and at `i - 1`, inside `h` since `1 <= i` and
            // `i + 32 <= h.len()`.
            let v = _mm256_loadu_si256(h.as_ptr().add(i).cast::<__m256i>());
            let prev = _mm256_loadu_si256(h.as_ptr().add(i - 1).cast::<__m256i>());
            // `.` only after `w` or `W`: most dots end sentences.
            let d = _mm256_and_si256(
                _mm256_cmpeq_epi8(v, c_dot),
                _mm256_cmpeq_epi8(_mm256_or_si256(prev, case), w),
            );
            let hits = _mm256_or_si256(
                _mm256_or_si256(_mm256_cmpeq_epi8(v, c_colon), _mm256_cmpeq_epi8(v, c_at)),
                d,
            );
            let mask = _mm256_movemask_epi8(hits) as u32;
            if mask != 0 {
                break mask;
            }
            i += 32;
        };
        // (Opaque to the loop above, so that nothing derived from `i` is
        // carried through it. A hint only; no answer depends on it.)
        i = std::hint::black_box(i);
        if let Some(t) = on_hit.hit(i, mask) {
            return Ok(t);
        }
        i += 32;
    }
}
