//! One long text scanned as pieces, each on its own (on as many threads as
//! the caller has), joined into the links the whole text gives.
//!
//! A piece's scan cannot know how the scan of the text before it ended: a
//! link may run over the cut, or end just before it and so bound how far
//! back the next candidate may reach. So each piece is scanned on a guess:
//! its scan starts a stretch before the cut (the overlap, twice the
//! look-ahead: longer than any link), where it falls into step with the
//! whole text's scan, and notes the state it reaches at the cut. Joining
//! the pieces in order compares that state with the state the piece before
//! really ended in; where they differ (rarely: a link longer than the
//! overlap, or one that runs over the cut), the piece is scanned again from
//! the real state. Either way the links are the whole text's.

#![forbid(unsafe_code)]

use std::ops::Range;

use crate::find::{Finder, Link, State};
use crate::scan::bytes::count_and_last;

/// One piece of a long text: the bytes around it, and which triggers are
/// its own. Made with [`Piece::new`], scanned with [`Finder::scan_piece`]
/// (in any thread), joined in order with [`Piece::join`].
#[derive(Debug)]
pub struct Piece {
    window: Vec<u8>,
    base: usize,
    cut: Range<usize>,
    at_end: bool,
    base_line_start: usize,
    scan: Option<Scan>,
}

/// What a piece's scan found.
#[derive(Debug)]
struct Scan {
    /// Where the search stood at the cut's start, reached from the
    /// overlap.
    entry: Spot,
    exit: Spot,
    /// Placed, with their lines counted from the window's start (0).
    links: Vec<Link<'static>>,
    lines_before_cut: u64,
    lines_in_cut: u64,
}

/// What [`Piece::join`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Joined {
    /// The line the window's first line is in the text: the line of each
    /// of [`Piece::links`] is this plus the line it gives.
    pub first_line: u64,
    /// Whether the piece was scanned again, so that its links are not
    /// those its own scan found.
    pub rescanned: bool,
}

/// Where the scan of the text before a piece ended: its state and the line
/// the next piece's cut starts on. [`Seam::default`] is the text's start.
#[derive(Clone, Copy, Debug)]
pub struct Seam {
    st: Spot,
    line: u64,
}

/// Where a search stands, in the text's offsets (`State` without what it
/// learnt, which no result depends on).
#[derive(Clone, Copy, Debug, Default)]
struct Spot {
    pos: usize,
    floor: usize,
}

impl Default for Seam {
    fn default() -> Self {
        Seam {
            st: Spot::default(),
            line: 1,
        }
    }
}

impl Finder {
    /// How many bytes a piece's window must hold before its cut and after
    /// it (fewer only where the text starts or ends).
    ///
    /// ```
    /// let (before, after) = urlx::Finder::new().piece_margins();
    /// assert!(before > 0 && after > 0);
    /// ```
    pub fn piece_margins(&self) -> (usize, usize) {
        (self.overlap() + self.back() + 1024, self.forward() + 1024)
    }

    /// Where a piece's scan starts before its cut.
    fn overlap(&self) -> usize {
        2 * self.forward()
    }

    /// Scans `piece` on its own; [`Piece::join`] then makes its links the
    /// whole text's. Costs the piece's length and the overlap.
    pub fn scan_piece(&self, piece: &mut Piece) {
        let base = piece.base;
        let from = piece.cut.start.saturating_sub(self.overlap()).max(base);
        let mut st = State::at(from - base, 0);
        // The overlap: its links are the piece before's.
        self.scan_window(piece, &mut st, piece.cut.start, false);
        let entry = absolute(st, base);
        let links = self.scan_window(piece, &mut st, piece.cut.end, true);
        let exit = absolute(st, base);
        let w = &piece.window;
        let lines_before_cut = count_and_last(&w[..piece.cut.start - base], b'\n').0 as u64;
        let lines_in_cut =
            count_and_last(&w[piece.cut.start - base..piece.cut.end - base], b'\n').0 as u64;
        piece.scan = Some(Scan {
            entry,
            exit,
            links,
            lines_before_cut,
            lines_in_cut,
        });
    }

    /// Runs the search over the piece's window from `st` to the trigger at
    /// `stop` (an offset in the text); the links are placed in the text,
    /// their lines counted from the window's start, when `keep`.
    fn scan_window(
        &self,
        piece: &Piece,
        st: &mut State,
        stop: usize,
        keep: bool,
    ) -> Vec<Link<'static>> {
        let base = piece.base;
        let w = &piece.window[..];
        let eof = piece.at_end;
        let mut links = Vec::new();
        let (mut at, mut line, mut line_start) = (base, 0u64, piece.base_line_start);
        let mut outs: [Option<Link<'_>>; 8] = Default::default();
        loop {
            let n = self.next_into(w, st, stop - base, eof, &mut outs);
            if keep {
                for out in outs.iter_mut().take(n) {
                    let Some(l) = out.take() else { continue };
                    let mut l = l.into_owned().shift(base);
                    let start = l.start();
                    if start > at {
                        let (k, last) = count_and_last(&w[at - base..start - base], b'\n');
                        line += k as u64;
                        if let Some(i) = last {
                            line_start = at + i + 1;
                        }
                        at = start;
                    }
                    l.set_position(line, (start - line_start) as u64 + 1);
                    links.push(l);
                }
            }
            if n < outs.len() {
                return links;
            }
        }
    }
}

/// Where a search over a window from `base` stands, in the text.
fn absolute(st: State, base: usize) -> Spot {
    Spot {
        pos: st.pos + base,
        floor: st.floor + base,
    }
}

impl Piece {
    /// A piece whose own triggers are those starting in `cut` (offsets in
    /// the text). `window` holds the text's bytes from offset `base`: at
    /// least [`Finder::piece_margins`] before the cut (or from the text's
    /// start) and after it (or to the text's end, then `at_end`).
    /// `base_line_start` is where the line holding `base` starts.
    ///
    /// # Panics
    ///
    /// If `cut` is not within the window.
    pub fn new(
        window: Vec<u8>,
        base: usize,
        cut: Range<usize>,
        at_end: bool,
        base_line_start: usize,
    ) -> Piece {
        assert!(
            base <= cut.start && cut.start <= cut.end && cut.end <= base + window.len(),
            "a piece's cut lies in its window"
        );
        Piece {
            window,
            base,
            cut,
            at_end,
            base_line_start,
            scan: None,
        }
    }

    /// Makes the piece's links the whole text's, given where the scan of
    /// the text before it ended; `seam` becomes where this piece's scan
    /// ends. Pieces are joined in order, the first with
    /// [`Seam::default`]. A piece whose guessed start was wrong (or that
    /// was not scanned) is scanned here again, from `seam`.
    pub fn join(&mut self, finder: &Finder, seam: &mut Seam) -> Joined {
        let agrees = |s: &Scan| same(finder, s.entry, seam.st);
        let (scan, rescanned) = match self.scan.take() {
            Some(s) if agrees(&s) => (s, false),
            other => {
                let lines = other.map(|s| (s.lines_before_cut, s.lines_in_cut));
                (self.rescan(finder, seam.st, lines), true)
            }
        };
        let first_line = seam.line - scan.lines_before_cut;
        seam.st = scan.exit;
        seam.line += scan.lines_in_cut;
        self.scan = Some(scan);
        Joined {
            first_line,
            rescanned,
        }
    }

    /// The links found (by [`Finder::scan_piece`], or by [`Piece::join`]
    /// when it scanned again), with their spans in the text, their
    /// columns, and their lines counted from 0 at the window's first line:
    /// add [`Joined::first_line`].
    pub fn links(&self) -> &[Link<'static>] {
        self.scan.as_ref().map_or(&[], |s| &s.links)
    }

    /// The scan from the state the text before really ended in.
    fn rescan(&self, finder: &Finder, from: Spot, lines: Option<(u64, u64)>) -> Scan {
        let mut st = State::at(from.pos - self.base, from.floor.saturating_sub(self.base));
        let links = finder.scan_window(self, &mut st, self.cut.end, true);
        let w = &self.window;
        let (lines_before_cut, lines_in_cut) = lines.unwrap_or_else(|| {
            let c = self.cut.start - self.base..self.cut.end - self.base;
            (
                count_and_last(&w[..c.start], b'\n').0 as u64,
                count_and_last(&w[c], b'\n').0 as u64,
            )
        });
        Scan {
            entry: from,
            exit: absolute(st, self.base),
            links,
            lines_before_cut,
            lines_in_cut,
        }
    }
}

/// Whether a search goes on alike from `a` and from `b`: at the same
/// place, with the same floor or with floors that no decision ahead can
/// reach back to (each looks back at most `Finder::back`).
fn same(finder: &Finder, a: Spot, b: Spot) -> bool {
    let reach = finder.back() + 1024;
    let stale = |s: Spot| s.floor + reach <= s.pos;
    a.pos == b.pos && (a.floor == b.floor || (stale(a) && stale(b)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// `text` cut every `size` bytes, each piece scanned on its own and
    /// joined: the links as (url, start, end, line, column).
    fn by_pieces(f: &Finder, text: &[u8], size: usize) -> Vec<(String, usize, usize, u64, u64)> {
        let (before, after) = f.piece_margins();
        let mut seam = Seam::default();
        let mut out = Vec::new();
        let mut c = 0;
        loop {
            let end = (c + size).min(text.len());
            let base = c.saturating_sub(before);
            let top = (end + after).min(text.len());
            let line_start = text[..base]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
            let mut p = Piece::new(
                text[base..top].to_vec(),
                base,
                c..end,
                top == text.len(),
                line_start,
            );
            f.scan_piece(&mut p);
            let j = p.join(f, &mut seam);
            out.extend(p.links().iter().map(|l| {
                let (url, start, end, line, column) = key(l);
                (url, start, end, line + j.first_line, column)
            }));
            if end == text.len() {
                return out;
            }
            c = end;
        }
    }

    fn key(l: &Link<'_>) -> (String, usize, usize, u64, u64) {
        (
            l.as_str().to_owned(),
            l.start(),
            l.end(),
            l.line(),
            l.column(),
        )
    }

    fn whole(f: &Finder, text: &[u8]) -> Vec<(String, usize, usize, u64, u64)> {
        f.links(text).map(|l| key(&l)).collect()
    }

    /// Text with links on every kind of seam: wrapped, quoted, hyphenated,
    /// long lines, links back to back.
    fn sample() -> Vec<u8> {
        let mut t = Vec::new();
        for k in 0..40 {
            t.extend_from_slice(
                format!(
                    "line {k} see <URL:http://a{k}.example/long/\n   path/{k}> and http://b.example/x-\n\
                     y{k} then www.c{k}.example.org/p?q={k}, \"mailto:u{k}@d.example\"\n\
                     > <http://quoted.example/a/\n> b/c{k}>http://e.example/{k}http://f.example/\n"
                )
                .as_bytes(),
            );
            if k % 7 == 0 {
                t.extend(std::iter::repeat_n(b'x', 3000));
                t.extend_from_slice(b" http://long.example/");
                t.extend(std::iter::repeat_n(b'y', 9000));
                t.push(b'\n');
            }
        }
        t
    }

    #[test]
    fn pieces_give_the_whole_texts_links_at_every_size() {
        let f = Finder::new();
        let text = sample();
        let want = whole(&f, &text);
        assert!(want.len() > 200);
        for size in [1, 2, 3, 7, 64, 999, 4096, 20_000, text.len()] {
            assert_eq!(by_pieces(&f, &text, size), want, "pieces of {size} bytes");
        }
    }

    #[test]
    fn a_link_longer_than_the_overlap_is_found_once() {
        let f = Finder::new();
        let mut text = b"start http://a.example/".to_vec();
        text.extend(std::iter::repeat_n(b'p', f.overlap() * 3));
        text.extend_from_slice(b" end http://b.example/\n");
        let want = whole(&f, &text);
        for size in [100, 5000, 30_000] {
            assert_eq!(by_pieces(&f, &text, size), want, "pieces of {size} bytes");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]
        #[test]
        fn pieces_agree_with_the_whole_text(
            parts in proptest::collection::vec(prop_oneof![
                Just("http://a.example/p"), Just("www.b.example"), Just(" "), Just("\n"),
                Just("> "), Just("-\n"), Just("<"), Just(">"), Just("\""), Just("URL:"),
                Just("x@y.example"), Just("é"), Just("("), Just(")"), Just("."),
            ], 0..400),
            size in 1usize..300,
        ) {
            let text = parts.concat().into_bytes();
            let f = crate::FinderBuilder::new().email(true).build().unwrap();
            prop_assert_eq!(by_pieces(&f, &text, size), whole(&f, &text));
            // Small caps: an overlap shorter than the text.
            let f = crate::FinderBuilder::new()
                .email(true)
                .max_url_len(24)
                .max_wrapper_bytes(16)
                .build()
                .unwrap();
            prop_assert_eq!(by_pieces(&f, &text, size), whole(&f, &text));
        }
    }
}
