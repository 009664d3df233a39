//! AVX2, where the CPU has it: the trigger search's 32-byte step, and the
//! search loop compiled with AVX2 so that the step is inlined into it.

use super::Job;
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

    /// The trigger search's hits in the 32 bytes at `i` (as
    /// `sse2::trigger_mask`): bit `k` is set where `h[i + k]` is a `:`, an
    /// `at` byte, or a `dot` byte after a `w` or `W`. Needs `1 <= i` and
    /// `i + 32 <= h.len()`.
    #[inline(always)]
    pub(crate) fn trigger_mask(self, h: &[u8], i: usize, dot: u8, at: u8) -> u32 {
        let w = &h[i - 1..i + 32];
        // SAFETY: `self` exists only where the CPU has AVX2; `w` holds the
        // 33 bytes the two loads read.
        unsafe { trigger_mask(w, dot, at) }
    }
}

#[target_feature(enable = "avx2")]
unsafe fn run<J: Job>(job: J) -> J::Out {
    job.call()
}

/// `Avx2::trigger_mask` on `w`, the byte before the step and its 32 bytes.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn trigger_mask(w: &[u8], dot: u8, at: u8) -> u32 {
    debug_assert!(w.len() == 33);
    let prev = _mm256_loadu_si256(w.as_ptr().cast::<__m256i>());
    let v = _mm256_loadu_si256(w.as_ptr().add(1).cast::<__m256i>());
    // `.` only after `w` or `W`: most dots end sentences.
    let d = _mm256_and_si256(
        _mm256_cmpeq_epi8(v, _mm256_set1_epi8(dot as i8)),
        _mm256_cmpeq_epi8(
            _mm256_or_si256(prev, _mm256_set1_epi8(0x20)),
            _mm256_set1_epi8(b'w' as i8),
        ),
    );
    let hits = _mm256_or_si256(
        _mm256_or_si256(
            _mm256_cmpeq_epi8(v, _mm256_set1_epi8(b':' as i8)),
            _mm256_cmpeq_epi8(v, _mm256_set1_epi8(at as i8)),
        ),
        d,
    );
    _mm256_movemask_epi8(hits) as u32
}
