//! The writers over a reader: text of any length linkified with memory
//! bounded by a piece, not by the text. The text is read in pieces of
//! about 1 MiB cut at line ends; each is scanned as a [`Piece`] and joined
//! to the one before, so that the links are those of the whole text (a
//! URL wrapped over a cut is one link), and written as it comes.

use std::io::{self, Read, Write};

use super::{interleave, Html, Options, Osc8, Style};
use crate::{Finder, Piece, Seam};

/// The size of a piece.
const PIECE: usize = 1 << 20;
/// How far past a piece's size its cut may move to reach a line end.
const LINE_SLACK: usize = 4096;

/// [`super::write_html`] over a reader, in pieces: the output is the same
/// as for the whole text at once. A read error ends the text: what was
/// read before it is written, then the error is returned.
///
/// ```
/// let text = "see <http://a.example/long/\n  path> & more\n".repeat(3);
/// let (finder, opts) = (urlx::Finder::new(), Default::default());
/// let mut streamed = Vec::new();
/// urlx::linkify::write_html_from(&mut streamed, &finder, &mut text.as_bytes(), &opts).unwrap();
/// assert_eq!(String::from_utf8(streamed).unwrap(), urlx::linkify::html(&text, &opts));
/// ```
pub fn write_html_from(
    w: &mut dyn Write,
    finder: &Finder,
    r: &mut dyn Read,
    opts: &Options,
) -> io::Result<usize> {
    stream(w, finder, r, &Html(opts), PIECE)
}

/// [`super::write_osc8`] over a reader, in pieces, as
/// [`write_html_from`] does.
pub fn write_osc8_from(
    w: &mut dyn Write,
    finder: &Finder,
    r: &mut dyn Read,
    opts: &Options,
) -> io::Result<usize> {
    stream(w, finder, r, &Osc8(opts), PIECE)
}

fn stream(
    w: &mut dyn Write,
    finder: &Finder,
    r: &mut dyn Read,
    style: &dyn Style,
    size: usize,
) -> io::Result<usize> {
    let (before, after) = finder.piece_margins();
    // `buf[0]` is at offset `buf_start` of the text.
    let mut buf: Vec<u8> = Vec::new();
    let mut buf_start = 0usize;
    let mut cut = 0usize;
    let mut input = Input::default();
    let mut seam = Seam::default();
    // Where the writing stands (a link may run past its piece's cut).
    let mut pos = 0usize;
    let mut written = 0usize;
    loop {
        let want = cut + size + after + LINE_SLACK - buf_start;
        while !input.eof && buf.len() < want {
            input.read_more(r, &mut buf);
        }
        let end = buf_start + buf.len();
        let target = cut + size;
        let cut_end = if input.eof && end <= target {
            end
        } else {
            let near = &buf[target - buf_start..(target + LINE_SLACK).min(end) - buf_start];
            memchr::memchr(b'\n', near).map_or(target, |i| target + i + 1)
        };
        let top = (cut_end + after).min(end);
        let base = cut.saturating_sub(before);
        let window = &buf[base - buf_start..top - buf_start];
        let mut piece = Piece::new(window, base, cut..cut_end, input.eof && top == end);
        finder.scan_piece(&mut piece);
        piece.join(finder, &mut seam);
        let links = piece
            .links()
            .iter()
            .map(|l| l.clone().placed(l.start() - base, l.end() - base));
        let reached = interleave(
            w,
            style,
            window,
            links,
            pos - base..cut_end - base,
            &[],
            &mut written,
        )?;
        pos = base + reached;
        if cut_end == end && input.eof {
            break;
        }
        cut = cut_end;
        // Drop what no later window holds.
        let keep_from = cut.saturating_sub(before);
        if keep_from > buf_start {
            buf.drain(..keep_from - buf_start);
            buf_start = keep_from;
        }
    }
    match input.error {
        Some(e) => Err(e),
        None => Ok(written),
    }
}

/// The reading of the text: at its end, or stopped by an error.
#[derive(Default)]
struct Input {
    eof: bool,
    error: Option<io::Error>,
}

impl Input {
    /// Reads more bytes onto `buf`; an error ends the text (what was read
    /// before it is written) and is kept to be returned.
    fn read_more(&mut self, r: &mut dyn Read, buf: &mut Vec<u8>) {
        let len = buf.len();
        buf.resize(len + (256 << 10), 0);
        loop {
            match r.read(&mut buf[len..]) {
                Ok(n) => {
                    buf.truncate(len + n);
                    self.eof |= n == 0;
                    return;
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    buf.truncate(len);
                    self.eof = true;
                    self.error = Some(e);
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pieces of every size give what the whole text gives: links wrapped
    /// over a cut, numbered on across pieces.
    #[test]
    fn pieces_write_what_the_whole_text_writes() {
        let text =
            "a <http://a.example/long/\n  path> b http://b.example/x-\ny c \u{1b}[2J\n".repeat(40);
        let finder = Finder::new();
        let opts = Options::default();
        for style in [&Html(&opts) as &dyn Style, &Osc8(&opts)] {
            let mut whole = Vec::new();
            stream(
                &mut whole,
                &finder,
                &mut text.as_bytes(),
                style,
                usize::MAX / 4,
            )
            .unwrap();
            for size in [1, 7, 64, 500, 3000] {
                let mut out = Vec::new();
                stream(&mut out, &finder, &mut text.as_bytes(), style, size).unwrap();
                assert_eq!(
                    String::from_utf8_lossy(&out),
                    String::from_utf8_lossy(&whole),
                    "piece size {size}"
                );
            }
        }
    }
}
