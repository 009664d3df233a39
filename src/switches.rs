//! The optional steps of the search: the head checks, the fast path, the
//! memos, the scanner's refusal of an empty path, the AVX2 search. Each is
//! an optimisation that must not change a link, so each always runs; the
//! property tests turn one off at a time (`crate::testing::Switches`, for
//! the thread they run on) and compare the links found.

#![forbid(unsafe_code)]

macro_rules! switch {
    ($($(#[$doc:meta])+ $name:ident)*) => {$(
        $(#[$doc])+
        #[inline(always)]
        pub(crate) fn $name() -> bool {
            #[cfg(test)]
            return crate::testing::switches().$name;
            #[cfg(not(test))]
            true
        }
    )*};
}

switch! {
    /// `find::head`'s refusals from a bare candidate's first bytes.
    head_checks
    /// `find::common`, the fast paths: the bare one (the look and the short
    /// run) and the wrapped one.
    fast_path
    /// What earlier triggers learnt of the run they are in (`head::Memo`).
    memos
    /// The scanner's refusal of a `name:` followed by an empty path.
    empty_path_refusal
    /// The 32-byte AVX2 steps of the trigger search, where the CPU has them.
    avx2
}
