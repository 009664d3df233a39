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

use crate::find::{Finder, LineCounter, Link, State};

/// One piece of a long text: the bytes around it (in any holder of bytes,
/// `W`: a buffer, a memory map), and which triggers are its own. Made with
/// [`Piece::new`], scanned with [`Finder::scan_piece`] (in any thread),
/// joined in order with [`Piece::join`].
///
/// ```
/// let text = b"see <http://a.example/long/\n   path> and\nhttp://b.example/x-\ny end\n";
/// let finder = urlx::Finder::new();
/// let (before, after) = finder.piece_margins();
/// // Cut every 10 bytes; each window holds the margins around its cut.
/// let mut pieces: Vec<urlx::Piece> = (0..text.len())
///     .step_by(10)
///     .map(|c| {
///         let end = (c + 10).min(text.len());
///         let (base, top) = (c.saturating_sub(before), (end + after).min(text.len()));
///         urlx::Piece::new(text[base..top].to_vec(), base, c..end, top == text.len())
///     })
///     .collect();
/// for p in &mut pieces {
///     finder.scan_piece(p); // on any thread
/// }
/// let mut seam = urlx::Seam::default();
/// let mut urls = Vec::new();
/// for mut p in pieces {
///     let joined = p.join(&finder, &mut seam); // in order
///     for l in p.links() {
///         let (line, _column) = joined.place(l.line(), l.column(), l.start());
///         urls.push((line, l.as_str().to_owned()));
///     }
/// }
/// assert_eq!(urls, [
///     (1, "http://a.example/long/path".to_owned()),
///     (3, "http://b.example/x-y".to_owned()),
/// ]);
/// ```
#[derive(Debug)]
pub struct Piece<W = Vec<u8>> {
    window: W,
    base: usize,
    cut: Range<usize>,
    at_end: bool,
    scan: Option<Scan>,
}

/// What a piece's scan found.
#[derive(Debug)]
struct Scan {
    /// Where the search stood at the cut's start, reached from the
    /// overlap.
    entry: Spot,
    exit: Spot,
    /// Placed, with their lines counted from the window's start (0), and
    /// column 0 where the line starts before the window.
    links: Vec<Link<'static>>,
    lines_before_cut: u64,
    lines_in_cut: u64,
}

/// What [`Piece::join`] did, and how to place the piece's links.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Joined {
    /// The line the window's first line is in the text.
    first_line: u64,
    /// Where the line holding the first link starts, when no line end
    /// before it is in the window.
    line_start: usize,
    /// Whether the piece was scanned again, so that its links are not
    /// those its own scan found.
    pub rescanned: bool,
}

impl Joined {
    /// The line and column in the text of a link of [`Piece::links`] that
    /// gives `line`, `column` and `start`.
    pub fn place(&self, line: u64, column: u64, start: usize) -> (u64, u64) {
        let column = if column == 0 {
            start.saturating_sub(self.line_start) as u64 + 1
        } else {
            column
        };
        (self.first_line + line, column)
    }
}

/// Where the scan of the text before a piece ended: its state, the line
/// the next piece's cut starts on, and where the line holding the next
/// piece's `reach_back` point starts. [`Seam::default`] is the text's
/// start.
#[derive(Clone, Copy, Debug)]
pub struct Seam {
    st: Spot,
    line: u64,
    line_start: usize,
}

/// Where a search stands, in the text's offsets (`State` without what it
/// learnt, which no result depends on).
#[derive(Clone, Copy, Debug, Default)]
struct Spot {
    pos: usize,
    floor: usize,
}

impl Seam {
    /// The line the text after the pieces joined so far starts on: 1 plus
    /// the line ends they hold.
    ///
    /// ```
    /// assert_eq!(urlx::Seam::default().line(), 1);
    /// ```
    pub fn line(&self) -> u64 {
        self.line
    }
}

impl Default for Seam {
    fn default() -> Self {
        Seam {
            st: Spot::default(),
            line: 1,
            line_start: 0,
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

    /// How far before its cut a piece's links may start: no link of the
    /// piece starts before the cut minus this.
    fn reach_back(&self) -> usize {
        self.back() + 1024
    }

    /// Scans `piece` on its own; [`Piece::join`] then makes its links the
    /// whole text's. Costs the piece's length and the overlap.
    pub fn scan_piece<W: AsRef<[u8]>>(&self, piece: &mut Piece<W>) {
        let base = piece.base;
        let from = piece.cut.start.saturating_sub(self.overlap()).max(base);
        let mut st = State::at(from - base, 0);
        // The overlap: its links are the piece before's.
        let mut lines = LineCounter::starting_at(base, 0);
        self.scan_window(piece, &mut st, piece.cut.start, None);
        let entry = absolute(st, base);
        let links = self.scan_window(piece, &mut st, piece.cut.end, Some(&mut lines));
        piece.scan = Some(piece.scanned(entry, absolute(st, base), links, lines));
    }

    /// Runs the search over the piece's window from `st` to the trigger at
    /// `stop` (an offset in the text). With `lines`, the links are kept,
    /// placed in the text, their lines counted from the window's start.
    fn scan_window<W: AsRef<[u8]>>(
        &self,
        piece: &Piece<W>,
        st: &mut State,
        stop: usize,
        mut lines: Option<&mut LineCounter>,
    ) -> Vec<Link<'static>> {
        let base = piece.base;
        let w = piece.window.as_ref();
        let eof = piece.at_end;
        let mut links = Vec::new();
        let mut outs: [Option<Link<'_>>; 8] = Default::default();
        loop {
            let n = self.next_into(w, st, stop - base, eof, &mut outs);
            if let Some(lines) = lines.as_deref_mut() {
                for out in outs.iter_mut().take(n) {
                    let Some(l) = out.take() else { continue };
                    let mut l = l.into_owned().shift(base);
                    let start = l.start();
                    let (line, column) = lines.advance(w, base, start);
                    // Column 0: no line end before it in the window, so
                    // its line starts before (`Joined::place`).
                    l.set_position(line, if line == 0 { 0 } else { column });
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

impl<W: AsRef<[u8]>> Piece<W> {
    /// A piece whose own triggers are those starting in `cut` (offsets in
    /// the text). `window` holds the text's bytes from offset `base`: at
    /// least [`Finder::piece_margins`] before the cut (or from the text's
    /// start) and after it (or to the text's end, then `at_end`).
    ///
    /// # Panics
    ///
    /// If `cut` is not within the window.
    pub fn new(window: W, base: usize, cut: Range<usize>, at_end: bool) -> Piece<W> {
        let len = window.as_ref().len();
        assert!(
            base <= cut.start && cut.start <= cut.end && cut.end <= base + len,
            "a piece's cut lies in its window"
        );
        Piece {
            window,
            base,
            cut,
            at_end,
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
            _ => (self.rescan(finder, seam.st), true),
        };
        let joined = Joined {
            first_line: seam.line - scan.lines_before_cut,
            line_start: seam.line_start,
            rescanned,
        };
        // The next piece's links start after `next`: where its line starts
        // is the last line end before it here, or, with none in the window
        // before it, where this piece's line started.
        let next = self.cut.end.saturating_sub(finder.reach_back());
        let before_next = &self.window.as_ref()[..next.saturating_sub(self.base)];
        if let Some(i) = memchr::memrchr(b'\n', before_next) {
            seam.line_start = self.base + i + 1;
        }
        seam.st = scan.exit;
        seam.line += scan.lines_in_cut;
        self.scan = Some(scan);
        joined
    }

    /// Takes the links [`Piece::links`] gives (a scan's own, to be placed
    /// when joined; if the join scans again, `links` then gives its).
    pub fn take_links(&mut self) -> Vec<Link<'static>> {
        self.scan
            .as_mut()
            .map_or_else(Vec::new, |s| std::mem::take(&mut s.links))
    }

    /// The offsets of the text whose triggers are the piece's own.
    pub fn cut(&self) -> Range<usize> {
        self.cut.clone()
    }

    /// The window's holder (a buffer to be used for the next piece's
    /// bytes).
    pub fn into_bytes(self) -> W {
        self.window
    }

    /// The links found (by [`Finder::scan_piece`], or by [`Piece::join`]
    /// when it scanned again), with their spans in the text; their lines
    /// and columns are the window's, which [`Joined::place`] makes the
    /// text's.
    pub fn links(&self) -> &[Link<'static>] {
        self.scan.as_ref().map_or(&[], |s| &s.links)
    }

    /// The scan from the state the text before really ended in.
    fn rescan(&self, finder: &Finder, from: Spot) -> Scan {
        let mut st = State::at(from.pos - self.base, from.floor.saturating_sub(self.base));
        let mut lines = LineCounter::starting_at(self.base, 0);
        let links = finder.scan_window(self, &mut st, self.cut.end, Some(&mut lines));
        self.scanned(from, absolute(st, self.base), links, lines)
    }

    /// A scan's results, with the lines before and in the cut counted on
    /// from where the links left `lines`.
    fn scanned(
        &self,
        entry: Spot,
        exit: Spot,
        links: Vec<Link<'static>>,
        mut lines: LineCounter,
    ) -> Scan {
        let (w, base) = (self.window.as_ref(), self.base);
        let lines_before_cut = lines.line_at(w, base, self.cut.start);
        Scan {
            entry,
            exit,
            links,
            lines_before_cut,
            lines_in_cut: lines.line_at(w, base, self.cut.end) - lines_before_cut,
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
            let mut p = Piece::new(text[base..top].to_vec(), base, c..end, top == text.len());
            f.scan_piece(&mut p);
            let j = p.join(f, &mut seam);
            out.extend(p.links().iter().map(|l| {
                let (url, start, end, line, column) = key(l);
                let (line, column) = j.place(line, column, start);
                (url, start, end, line, column)
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
            if k % 13 == 5 {
                // A line longer than a piece's window, links all along it.
                for j in 0..40 {
                    t.extend(std::iter::repeat_n(b'z', 2000));
                    t.extend_from_slice(
                        format!(" http://w{j}.example/ <www.v{j}.example> ").as_bytes(),
                    );
                }
                t.push(b'\n');
            }
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

    /// Links glued end to end, each cut by the URL cap: where the scan
    /// starts decides which `http` starts a link, so a piece's guess from
    /// its overlap is out of step as often as not, and must be scanned
    /// again.
    #[test]
    fn a_guess_out_of_step_is_scanned_again() {
        let f = crate::FinderBuilder::new()
            .max_url_len(24)
            .max_wrapper_bytes(16)
            .build()
            .unwrap();
        let text = "http://a.example/".repeat(3000).into_bytes();
        let want = whole(&f, &text);
        assert!(want.len() > 1000);
        for size in [100, 997, 5000] {
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

        #[test]
        fn pieces_agree_with_the_whole_text_in_uts58_mode(
            parts in proptest::collection::vec(prop_oneof![
                Just("example.com"), Just("a.みんな"), Just("."), Just("\u{3002}"), Just("@"),
                Just("/"), Just("?"), Just("#"), Just("("), Just(")"), Just("["), Just("]"),
                Just(" "), Just("\n"), Just("https://"), Just("mailto:"), Just("x"), Just("-"),
                Just(":80"), Just("é"), Just("\u{FF0E}"), Just("b.org"),
            ], 0..400),
            size in 1usize..300,
        ) {
            let text = parts.concat().into_bytes();
            let f = crate::FinderBuilder::new().uts58(true).build().unwrap();
            prop_assert_eq!(by_pieces(&f, &text, size), whole(&f, &text));
            let f = crate::FinderBuilder::new().uts58(true).max_url_len(24).build().unwrap();
            prop_assert_eq!(by_pieces(&f, &text, size), whole(&f, &text));
        }
    }
}
