//! Every intrinsic and every `unsafe` block of the library, in one place
//! (as `memchr` keeps its own in `arch/`): the SSE2 byte searches of
//! `crate::bytes` and of the trigger search, and the AVX2 trigger search
//! with the token that proves the CPU has AVX2. Each function here is safe
//! to call: it checks the bounds of its loads, and the AVX2 ones take an
//! [`Avx2`], which only a CPU with AVX2 gives.
//!
//! Off x86_64 only the portable items are compiled ([`Look`], `LOOK_MAX`,
//! [`Job`], [`ascii_str`]); the callers fall back to byte loops and
//! `memchr`.

#![allow(unsafe_code)]

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
pub(crate) mod sse2;

#[cfg(target_arch = "x86_64")]
pub(crate) use avx2::Avx2;

/// What the trigger search's loop (`sse2::steps`, `Avx2::steps`) does
/// with a step that has hits: `hit` is always inlined into the loop (a
/// closure's body would be a function of its own, called at every hit).
pub(crate) trait Hits {
    /// What a hit gives.
    type Out;
    /// The step at `step` has hits `mask` (bit `k`: the byte at
    /// `step + k`): `Some` ends the search.
    fn hit(&mut self, step: usize, mask: u32) -> Option<Self::Out>;
}

/// Work run under [`Avx2::run`]: a closure would do, but LLVM inlines the
/// AVX2 steps only into code compiled with AVX2, and a closure's body is a
/// function of its own, compiled without; `call` is always inlined.
pub(crate) trait Job {
    /// What the work returns.
    type Out;
    /// Does the work.
    fn call(self) -> Self::Out;
}

/// `b` as text, when it is ASCII (a delimited URL nearly always is, and for
/// 20 to 100 bytes `str::from_utf8` costs more to start than an ASCII
/// test; on x86_64 the test takes 16 bytes a step, inline, where
/// `<[u8]>::is_ascii` is a call).
// PERF: `cargo bench --bench adversarial -- '(((('` (a link every 26 bytes).
#[inline(always)]
pub(crate) fn ascii_str(b: &[u8]) -> Option<&str> {
    #[cfg(target_arch = "x86_64")]
    let ascii = sse2::is_ascii(b);
    #[cfg(not(target_arch = "x86_64"))]
    let ascii = b.is_ascii();
    if ascii {
        // SAFETY: ASCII is UTF-8.
        return Some(unsafe { std::str::from_utf8_unchecked(b) });
    }
    None
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
    /// C-F7 may drop at a URL's end (`bare_end::may_drop`; its `:` `]` `"`
    /// end a look).
    pub(crate) drop: u64,
}

/// How far `bytes::look` looks: most URLs of mail text end within
/// 64 bytes, and a longer run is looked at for nothing and then scanned
/// again (which links wrapped in 64 brackets each pay).
// PERF: `cargo bench --bench extract` (mail text) against
// `cargo bench --bench adversarial` (64-deep brackets), with 32 and 64.
pub(crate) const LOOK_MAX: usize = 64;
