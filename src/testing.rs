//! Test support: the memos' replay, and the switches that turn each
//! optional step off (`crate::switches`) for the property tests.

#![forbid(unsafe_code)]

/// Replays `queries` against a fresh memo twice: in the order given, and
/// sorted (the finder asks in order; a memo must also answer out of
/// order). `check` answers one query.
pub(crate) fn replay<Q: Ord + Copy, M: Default, E>(
    h: &[u8],
    queries: &[Q],
    mut check: impl FnMut(&mut M, &[u8], Q) -> Result<(), E>,
) -> Result<(), E> {
    let mut sorted = queries.to_vec();
    sorted.sort();
    for qs in [queries, &sorted[..]] {
        let mut memo = M::default();
        for &q in qs {
            check(&mut memo, h, q)?;
        }
    }
    Ok(())
}

/// Which optional steps run on this thread (`crate::switches`): all, but
/// where a test turns one off to compare the links found with and without
/// it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Switches {
    pub(crate) head_checks: bool,
    pub(crate) fast_path: bool,
    pub(crate) memos: bool,
    pub(crate) empty_path_refusal: bool,
    pub(crate) avx2: bool,
}

impl Switches {
    /// Every step on.
    pub(crate) const ALL: Switches = Switches {
        head_checks: true,
        fast_path: true,
        memos: true,
        empty_path_refusal: true,
        avx2: true,
    };
}

thread_local! {
    static SWITCHES: std::cell::Cell<Switches> = const { std::cell::Cell::new(Switches::ALL) };
}

/// The switches of this thread.
pub(crate) fn switches() -> Switches {
    SWITCHES.with(|s| s.get())
}

/// Runs `f` with `s` as this thread's switches.
pub(crate) fn with_switches<R>(s: Switches, f: impl FnOnce() -> R) -> R {
    /// Puts the switches back even when `f` panics (proptest goes on to
    /// shrink the failing case on the same thread).
    struct Restore(Switches);
    impl Drop for Restore {
        fn drop(&mut self) {
            SWITCHES.with(|c| c.set(self.0));
        }
    }
    let _restore = Restore(SWITCHES.with(|c| c.replace(s)));
    f()
}
