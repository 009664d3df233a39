//! Test support shared by the memos' property tests.

/// Replays `queries` against a fresh memo twice: in the order given, and
/// sorted (the finder asks in order; a memo must also answer out of
/// order). Before query `drop_at` the window loses its first `by` bytes,
/// as the streaming reader drops them, and `shift` tells the memo. `check`
/// answers one query on the window as it stands.
pub(crate) fn replay<Q: Ord + Copy, M: Default, E>(
    h: &[u8],
    queries: &[Q],
    drop_at: usize,
    by: usize,
    shift: impl Fn(&mut M, usize),
    mut check: impl FnMut(&mut M, &[u8], Q) -> Result<(), E>,
) -> Result<(), E> {
    let mut sorted = queries.to_vec();
    sorted.sort();
    for qs in [queries, &sorted[..]] {
        let mut memo = M::default();
        let mut h = h.to_vec();
        for (k, &q) in qs.iter().enumerate() {
            if k == drop_at {
                let by = by.min(h.len());
                h.drain(..by);
                shift(&mut memo, by);
            }
            check(&mut memo, &h, q)?;
        }
    }
    Ok(())
}
