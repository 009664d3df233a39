//! [`Links`], the iterator over one input's links, and the line count that
//! places each.

use super::search::State;
use super::{Finder, Link};

/// Counts lines up to each link, incrementally.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LineCounter {
    pos: usize,
    line: u64,
    line_start: usize,
}

impl Default for LineCounter {
    fn default() -> Self {
        LineCounter {
            pos: 0,
            line: 1,
            line_start: 0,
        }
    }
}

impl LineCounter {
    /// A counter whose offset `pos` starts line `line`.
    pub(crate) fn starting_at(pos: usize, line: u64) -> Self {
        LineCounter {
            pos,
            line,
            line_start: pos,
        }
    }

    /// Advances to `at` over `h` (whose first byte is at offset `base` of
    /// the stream); returns the line and column of `at`.
    #[inline]
    pub(crate) fn advance(&mut self, h: &[u8], base: usize, at: usize) -> (u64, u64) {
        if at > self.pos {
            let part = &h[self.pos - base..at - base];
            if let (n, Some(i)) = crate::bytes::count_and_last(part, b'\n') {
                self.line += n as u64;
                self.line_start = self.pos + i + 1;
            }
            self.pos = at;
        }
        // Links come in order, so `at` is never before the last line start
        // when a link asks; compaction asks only for the count.
        (self.line, at.saturating_sub(self.line_start) as u64 + 1)
    }

    /// The line of `at`, which may lie before where the counter stands
    /// (its line ends are then counted back); moves on to `at` when it is
    /// ahead.
    pub(crate) fn line_at(&mut self, h: &[u8], base: usize, at: usize) -> u64 {
        if at >= self.pos {
            return self.advance(h, base, at).0;
        }
        let back = &h[at - base..self.pos - base];
        self.line - crate::bytes::count_and_last(back, b'\n').0 as u64
    }
}

/// The links in one input, in order. Made by [`Finder::links`] and
/// [`find`](super::find).
#[derive(Clone, Debug)]
pub struct Links<'f, 'h> {
    pub(super) finder: &'f Finder,
    pub(super) h: &'h [u8],
    pub(super) st: State,
    pub(super) lines: LineCounter,
    /// Links found ahead: `found[at..len]` are next.
    pub(super) found: [Option<Link<'h>>; BATCH],
    pub(super) at: usize,
    pub(super) len: usize,
}

/// How many links one search finds ahead for [`Links`]: one call of the
/// search per link would pay its loop's set-up (the loop's invariants,
/// spilled to the stack) at every link.
// PERF: `cargo bench --bench adversarial -- '(((('` (link-dense text).
pub(super) const BATCH: usize = 8;

impl<'f, 'h> Iterator for Links<'f, 'h> {
    type Item = Link<'h>;

    #[inline]
    fn next(&mut self) -> Option<Link<'h>> {
        if self.at == self.len {
            self.len =
                self.finder
                    .next_into(self.h, &mut self.st, self.h.len(), true, &mut self.found);
            self.at = 0;
        }
        if self.at >= self.len {
            // (No link left: the search is at the end.)
            return None;
        }
        let mut link = self.found[self.at].take()?;
        self.at += 1;
        let (line, col) = self.lines.advance(self.h, 0, link.start);
        link.set_position(line, col);
        Some(link)
    }
}

impl std::iter::FusedIterator for Links<'_, '_> {}
