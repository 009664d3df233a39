//! C-F7: where a bracket ends a bare URL. A bracket opened right before
//! the URL ends it where it closes (`(http://a.example/)(…`), whatever
//! follows; a `]` that closes no `[` of its component ends it there.
//! Each gives how many bytes of the text to keep; the finder cuts the
//! text and parses it again.

use super::Pieces;

/// How far into a URL written right after a bracket the bracket that
/// closes it is looked for (`closer_cut`): a constant a trigger, however
/// many triggers a run of brackets holds (C-S4).
pub(crate) const CLOSER_REACH: usize = 256;

/// C-F7: a URL written right after `(` or `[` (the byte before `start` in
/// `h`) ends at the bracket that closes it, whatever follows
/// (`(http://a.example/)(…`, `[x](mailto:a@b.example)**`), where that
/// bracket is within [`CLOSER_REACH`] bytes of the URL's start. `bytes`
/// gives the URL's text from its start; the bracket's offset in it.
pub(crate) fn closer_cut<'a>(
    h: &[u8],
    start: usize,
    bytes: impl IntoIterator<Item = &'a u8>,
) -> Option<usize> {
    let (open, close) = brackets_around(h, start)?;
    closing(bytes.into_iter().take(CLOSER_REACH), open, close)
}

/// The offset in `bytes` of the `close` that closes an `open` before them.
fn closing<'a>(bytes: impl IntoIterator<Item = &'a u8>, open: u8, close: u8) -> Option<usize> {
    let mut depth = 0usize;
    for (i, &c) in bytes.into_iter().enumerate() {
        if c == open {
            depth += 1;
        } else if c == close {
            if depth == 0 {
                return Some(i);
            }
            depth -= 1;
        }
    }
    None
}

/// The bracket opened right before `start` in `h`, and the one that
/// closes it.
fn brackets_around(h: &[u8], start: usize) -> Option<(u8, u8)> {
    match start.checked_sub(1).map(|k| h[k]) {
        Some(b'(') => Some((b'(', b')')),
        Some(b'[') => Some((b'[', b']')),
        _ => None,
    }
}

/// Where the bracket opened right before a URL may close it ([`closer`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Closer {
    /// At this offset from the URL's start, before any blank or line
    /// break: where [`closer_cut`] cuts any text that reaches it.
    At(usize),
    /// Not on the URL's line: past a line break, in a joined line, if at
    /// all.
    PastBreak,
}

/// Where [`closer_cut`] may cut a URL that starts at `start` in `h`, from
/// the bytes that follow it (within [`CLOSER_REACH`]): `None` where no
/// bracket is opened right before it, or none closes it before a blank
/// that no line break follows. Then the bracket before a URL changes
/// nothing: the URL is found as the same text without the bracket is.
// PERF: a `memchr` over the reach, and a count of brackets only where a
// closing one is there, for each trigger of a run that opens brackets and
// closes them far away (`cargo bench --bench adversarial -- '(www'`).
pub(crate) fn closer(h: &[u8], start: usize) -> Option<Closer> {
    let (open, close) = brackets_around(h, start)?;
    let reach = &h[start..h.len().min(start + CLOSER_REACH)];
    memchr::memchr3(close, b'\n', b'\r', reach)?;
    let blank = |b: &u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r');
    if let Some(i) = closing(reach.iter().take_while(|b| !blank(b)), open, close) {
        return Some(Closer::At(i));
    }
    let line = reach.iter().position(blank).unwrap_or(reach.len());
    // A text goes on past blanks only where a line break after them joins
    // the next line.
    let after = reach[line..].iter().find(|&&b| !matches!(b, b' ' | b'\t'));
    (line < reach.len() && matches!(after, Some(b'\n' | b'\r') | None)).then_some(Closer::PastBreak)
}

/// Whether [`closer_cut`] may cut a URL that starts at `start` in `h`
/// ([`closer`]).
pub(crate) fn closer_may_cut(h: &[u8], start: usize) -> bool {
    closer(h, start).is_some()
}

/// [`closer_cut`] on the text of `pieces`, where [`closer`] found `c`.
pub(crate) fn closer_in_pieces(h: &[u8], pieces: &Pieces, c: Closer) -> Option<usize> {
    let start = pieces.start();
    match c {
        // (The first piece is the bytes from the start, up to the line's
        // end at least where more pieces follow it.)
        Closer::At(i) if start + i < pieces.first.1 => Some(i),
        _ => closer_cut(h, start, pieces.iter().flat_map(|(_, s, e)| &h[s..e])),
    }
}

/// C-F7: a `]` in a path, query or fragment that closes no `[` of its
/// component (UTS #58's components: a path segment, a query key or value,
/// a fragment's `:~:` piece) ends a bare URL there, as the standard ends
/// it; balanced `[ ]` are URL text (`?page[number]=2`). How many bytes of
/// `url` to keep; its path starts at `path_start`.
pub(crate) fn square_bracket_cut(url: &[u8], path_start: usize) -> Option<usize> {
    first_unmatched_square(url, path_start)
}

/// [`square_bracket_cut`] on a text not yet parsed, its components as
/// written (the path after `scheme://` and the authority, or after
/// `scheme:`): a long run whose link ends at an early `]` is cut there
/// before the parser reads it whole.
// PERF: `cargo bench --bench adversarial -- '(sip:1]'`: without it, every
// trigger of a run the parser takes whole (`[ ]` being path text) parsed
// the run to its cap.
pub(crate) fn square_bracket_cut_as_written(url: &[u8]) -> Option<usize> {
    let close = memchr::memchr(b']', url)?;
    let colon = memchr::memchr(b':', &url[..close])?;
    let from = match url[colon + 1..].strip_prefix(b"//") {
        Some(rest) => {
            let a = url.len() - rest.len();
            a + memchr::memchr3(b'/', b'?', b'#', rest)?
        }
        None => colon + 1,
    };
    first_unmatched_square(url, from)
}

/// The first `]` of `url` from `from` (where its path starts) that closes
/// no `[` of its component; the query starts at the first `?`, the
/// fragment at the first `#`, as the parser reads them.
fn first_unmatched_square(url: &[u8], from: usize) -> Option<usize> {
    let tail = url.get(from..)?;
    memchr::memchr(b']', tail)?;
    // 0: the path, 1: the query, 2: the fragment.
    let mut part = 0u8;
    let mut depth = 0usize;
    for (k, &b) in tail.iter().enumerate() {
        let i = from + k;
        let separates = match (part, b) {
            (0 | 1, b'#') => {
                part = 2;
                true
            }
            (0, b'?') => {
                part = 1;
                true
            }
            (0, b'/') | (1, b'=' | b'&') => true,
            (2, b':') => url[i..].starts_with(b":~:"),
            _ => false,
        };
        match b {
            _ if separates => depth = 0,
            b'[' => depth += 1,
            b']' if depth == 0 => return Some(i),
            b']' => depth -= 1,
            _ => {}
        }
    }
    None
}
