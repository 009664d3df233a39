//! A piece's work, done in a pool thread: the links of a text piece
//! (`urlx::Piece`) or of whole mail messages, as records. A piece of a
//! regular file reads its own bytes (positional reads, so that the pieces
//! read in parallel and the reading thread only hands out offsets); each
//! finds its cuts from the bytes alone, so that two neighbours agree on
//! the cut between them.

use std::fs::File;
use std::io;
use std::sync::Arc;

use urlx::mail::{self, Separator};
use urlx::Piece;

use super::context::Ctx;
use crate::printer::{Message, Rec, Source};
use crate::walk::reason;

/// How far past a piece's size its cut may move to reach a line end.
pub const LINE_SLACK: usize = 4096;
/// Bytes read at a time past a piece's end, looking for its last
/// message's end.
const READ_ON: usize = 64 << 10;

/// A piece's work.
pub enum Job {
    Text(Piece),
    /// Whole messages of an mbox (or one message: `mbox` false), from byte
    /// `start` of the input.
    Mail {
        bytes: Vec<u8>,
        start: u64,
        mbox: bool,
    },
    /// Bytes `from..to` of a regular file of `len` bytes, cut where the
    /// kind of input is cut (`mbox`: at `From ` lines; else text), read
    /// into `buf` (a buffer given back by an earlier piece).
    #[cfg(unix)]
    At {
        file: Arc<File>,
        len: u64,
        from: u64,
        to: u64,
        mbox: bool,
        buf: Vec<u8>,
    },
}

/// A piece's results, or a mark between inputs, in input order.
pub enum Done {
    /// What follows is `Source`'s.
    Begin(Source),
    /// A text piece and its records; none when its links are more than a
    /// piece may hold as records ([`REC_BUDGET`]): they are made from the
    /// piece's links one by one as they are printed.
    Text {
        piece: Piece,
        recs: Vec<Rec>,
        dense: bool,
    },
    Mail(MailDone),
    /// The source was skipped as binary.
    Binary,
    /// Reading the source failed here, after the pieces before; what
    /// follows of it is not read.
    Failed(String),
    /// Whole messages with more links than a piece may hold
    /// ([`REC_BUDGET`]): read again when printed, each record printed as it
    /// is found.
    Dense {
        buf: Vec<u8>,
        at: std::ops::Range<usize>,
        start: u64,
        mbox: bool,
    },
    /// A message past --max-message starts at this offset: the text pieces
    /// up to `RegionEnd` are its bytes.
    Region(u64),
    RegionEnd,
    /// The source ended, after `bytes` bytes.
    End {
        bytes: u64,
    },
}

/// The links of a mail piece, lines counted from its first line (1).
#[derive(Default)]
pub struct MailDone {
    pub recs: Vec<Rec>,
    pub newlines: u64,
    /// The piece's length.
    pub bytes: u64,
    pub messages: u64,
    pub skipped: u64,
    pub warnings: Vec<String>,
    /// What a limit left unread (MIME nesting), to be said.
    pub unread: Vec<String>,
    /// The piece's buffer, to be used again.
    pub buf: Vec<u8>,
    /// A message past --max-message after the piece, in a regular file:
    /// read as text where the piece is printed.
    #[cfg(unix)]
    pub oversize: Option<Oversize>,
}

/// Messages of a regular mbox file of `len` bytes, from `start` (a
/// message past --max-message) to the first `From ` line at or after
/// `to`: read one by one where the piece before them is printed.
#[cfg(unix)]
pub struct Oversize {
    pub file: Arc<File>,
    pub start: u64,
    pub to: u64,
    pub len: u64,
}

/// Reads a file from an offset by positional reads (the file's handle is
/// shared with the pieces).
#[cfg(unix)]
pub struct FileAt {
    pub file: Arc<File>,
    pub pos: u64,
    pub len: u64,
}

#[cfg(unix)]
impl io::Read for FileAt {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        use std::os::unix::fs::FileExt;
        let n = (buf.len() as u64).min(self.len.saturating_sub(self.pos)) as usize;
        let n = self.file.read_at(&mut buf[..n], self.pos)?;
        self.pos += n as u64;
        Ok(n)
    }
}

/// Records a piece of mail may hold (about 10 MB): past them, its links
/// are found again when it is printed, and printed as they come.
pub const REC_BUDGET: usize = 1 << 16;

/// Does a piece's work.
pub fn run(ctx: &Ctx<'_>, job: Job) -> Done {
    match job {
        Job::Text(piece) => text(ctx, piece),
        Job::Mail { bytes, start, mbox } => {
            let all = 0..bytes.len();
            mail_piece(ctx, bytes, all, start, mbox)
        }
        #[cfg(unix)]
        Job::At {
            file,
            len,
            from,
            to,
            mbox,
            buf,
        } => {
            let read = if mbox {
                mbox_at(&file, len, from, to, buf, ctx.reading.max_message).map(|p| {
                    let done = mail_piece(ctx, p.buf, p.at, p.start, true);
                    match (done, p.past_cap) {
                        (Done::Mail(mut m), Some(start)) => {
                            m.oversize = Some(Oversize {
                                file,
                                start,
                                to,
                                len,
                            });
                            Done::Mail(m)
                        }
                        (done, _) => done,
                    }
                })
            } else {
                text_at(ctx, &file, len, from, to, buf).map(|piece| text(ctx, piece))
            };
            read.unwrap_or_else(|e| Done::Failed(reason(&e)))
        }
    }
}

fn text(ctx: &Ctx<'_>, mut piece: Piece) -> Done {
    ctx.finder.scan_piece(&mut piece);
    let dense = piece.links().len() > REC_BUDGET;
    let recs = if dense {
        Vec::new()
    } else {
        text_recs(ctx, &mut piece)
    };
    Done::Text { piece, recs, dense }
}

/// Where a text piece is cut near offset `x`: after the first line end
/// within `LINE_SLACK` bytes from `x`, else at `x`. `bytes` are the text's
/// from offset `base`, and hold `x` and what of the slack the text has.
pub fn line_cut(bytes: &[u8], base: usize, x: usize) -> usize {
    let near = &bytes[x - base..(x + LINE_SLACK).min(base + bytes.len()) - base];
    memchr::memchr(b'\n', near).map_or(x, |i| x + i + 1)
}

/// A text piece's links as records, taken from it (their URLs move into
/// the records), placed in its window.
pub fn text_recs(ctx: &Ctx<'_>, piece: &mut Piece) -> Vec<Rec> {
    piece
        .take_links()
        .into_iter()
        .filter(|l| ctx.keep.text(l))
        .map(|l| Rec::from_owned_link(l, 0))
        .collect()
}

/// The links of whole messages, `buf[at]`, placed at `start` in the input:
/// `Done::Mail`, or `Done::Dense` past [`REC_BUDGET`] records.
fn mail_piece(
    ctx: &Ctx<'_>,
    buf: Vec<u8>,
    at: std::ops::Range<usize>,
    start: u64,
    mbox: bool,
) -> Done {
    let mut recs = Vec::new();
    let done = mail_links(ctx, &buf[at.clone()], start, mbox, false, &mut |r| {
        recs.push(r);
        recs.len() < REC_BUDGET
    });
    match done {
        Some(mut done) => {
            done.recs = recs;
            done.buf = buf;
            Done::Mail(done)
        }
        None => Done::Dense {
            buf,
            at,
            start,
            mbox,
        },
    }
}

/// The links of whole messages, `bytes`, placed at `start` in the input,
/// each record given to `emit` as it is found, until `emit` returns
/// `false` (then `None`). Lines count from the first line (1). `now`:
/// the records are printed as they come, so that their message's fields
/// are needed at once, not when the message is read.
pub fn mail_links(
    ctx: &Ctx<'_>,
    bytes: &[u8],
    start: u64,
    mbox: bool,
    now: bool,
    emit: &mut dyn FnMut(Rec) -> bool,
) -> Option<MailDone> {
    let messages = mail::messages(bytes, mbox, 1);
    let mut done = MailDone {
        bytes: bytes.len() as u64,
        messages: messages.len() as u64,
        ..MailDone::default()
    };
    // The line ends: those before the last message (counted by
    // `messages`), and those in it (one message: all, which a file read
    // whole needs not).
    if mbox {
        let (last_start, last_line) = messages.last().map_or((0, 1), |(r, l)| (r.start, *l));
        let last = memchr::memchr_iter(b'\n', &bytes[last_start..]).count() as u64;
        done.newlines = last_line - 1 + last;
    }
    let mut open = true;
    for (r, line) in messages {
        // The message's fields, shared by its records: moved in once the
        // message is read, or copied at its first record when that is
        // printed at once.
        let fields: Message = Arc::default();
        let m = ctx
            .finder
            .for_each_message_link(bytes, r, line, |info, link| {
                if open && ctx.keep.mail(&link.link, link.source) {
                    if now {
                        fields.get_or_init(|| info.clone());
                    }
                    open = emit(Rec::from_mail(link, start, &fields));
                }
            });
        let _ = fields.set(m.info);
        done.skipped += m.skipped as u64;
        let shifted = |w: &String| shift_byte_offset(w, start);
        done.warnings.extend(m.warnings.iter().map(shifted));
        done.unread.extend(m.unread.iter().map(shifted));
        if !open {
            return None;
        }
    }
    Some(done)
}

/// A mail warning ("... at byte N ...", N an offset in the buffer it was
/// read from) with N moved by `by`, the buffer's offset in the input.
pub fn shift_byte_offset(w: &str, by: u64) -> String {
    const AT: &str = "at byte ";
    let Some(i) = w.find(AT) else {
        return w.to_owned();
    };
    let digits = &w[i + AT.len()..];
    let n = digits.bytes().take_while(u8::is_ascii_digit).count();
    match digits[..n].parse::<u64>() {
        Ok(v) => format!("{}{}{}", &w[..i + AT.len()], v + by, &digits[n..]),
        Err(_) => w.to_owned(),
    }
}

/// The text piece of a file whose nominal bytes are `from..to`: its cuts
/// are the first line ends at or after `from` and `to` (within
/// `LINE_SLACK`), and its window what `Finder::piece_margins` asks.
#[cfg(unix)]
fn text_at(
    ctx: &Ctx<'_>,
    file: &File,
    len: u64,
    from: u64,
    to: u64,
    mut window: Vec<u8>,
) -> io::Result<Piece> {
    let (before, after) = ctx.finder.piece_margins();
    let base = from.saturating_sub(before as u64);
    let top = (to + (LINE_SLACK + after) as u64).min(len);
    read_at(file, base, top - base, &mut window)?;
    let bytes = &window[..];
    let cut = |x: u64| -> usize {
        let x = x as usize;
        if x == 0 || x >= len as usize {
            return x.min(len as usize);
        }
        line_cut(bytes, base as usize, x)
    };
    let (start, end) = (cut(from), cut(to));
    Ok(Piece::new(window, base as usize, start..end, top == len))
}

/// A piece of an mbox file: whole messages, `buf[at]` from offset
/// `start`, then, where a message past --max-message is met, the offset
/// it starts at (the piece's messages from there are read where it is
/// printed, one by one).
#[cfg(unix)]
struct MboxPiece {
    buf: Vec<u8>,
    at: std::ops::Range<usize>,
    start: u64,
    past_cap: Option<u64>,
}

/// The mbox piece of a file whose nominal bytes are `from..to`: from the
/// first `From ` line at or after `from` (the file's start for the first)
/// to the first at or after `to`, so whole messages. A piece with no
/// `From ` line before `to` is empty: the message running over it is the
/// piece before's. No more than `max` bytes of a message are read: the
/// piece stops before a message past it.
#[cfg(unix)]
fn mbox_at(
    file: &File,
    len: u64,
    from: u64,
    to: u64,
    mut buf: Vec<u8>,
    max: usize,
) -> io::Result<MboxPiece> {
    // One byte before `from` tells whether a line starts at it.
    let r0 = from.saturating_sub(1);
    read_at(file, r0, (to + READ_ON as u64).min(len) - r0, &mut buf)?;
    let start = if from == 0 {
        Found::At(0)
    } else {
        from_line(file, len, r0, &mut buf, from, Some(to), None)?
    };
    let Found::At(start) = start else {
        buf.clear();
        return Ok(MboxPiece {
            buf,
            at: 0..0,
            start: to,
            past_cap: None,
        });
    };
    let max = max as u64;
    let piece = |buf, end: u64, past_cap| MboxPiece {
        buf,
        at: (start - r0) as usize..(end - r0) as usize,
        start,
        past_cap,
    };
    // Its end, read no further than a message's cap past `to`.
    let from = to.max(start + 1);
    let found = from_line(file, len, r0, &mut buf, from, None, Some(from + max))?;
    let end = match found {
        // No message of the piece can be past the cap.
        Found::At(end) if end - start <= max => return Ok(piece(buf, end, None)),
        Found::None if len - start <= max => return Ok(piece(buf, len, None)),
        Found::At(end) => Some(end),
        Found::None => Some(len),
        Found::Capped => None,
    };
    // One may be: the messages, each checked (`buf` holds them all, the
    // last but where the search was capped).
    let whole = r0 + buf.len() as u64 == len;
    let mut message = start;
    let mut i = (start - r0) as usize;
    while let Separator::At(s) = mail::next_separator(&buf, i, whole) {
        let s_at = r0 + s as u64;
        if end.is_some_and(|e| s_at >= e) {
            break;
        }
        if s_at - message > max {
            return Ok(piece(buf, message, Some(message)));
        }
        message = s_at;
        i = s;
    }
    match end {
        Some(end) if end - message <= max => Ok(piece(buf, end, None)),
        _ => Ok(piece(buf, message, Some(message))),
    }
}

/// What [`from_line`] found.
#[cfg(unix)]
enum Found {
    At(u64),
    None,
    /// The search read past its cap first.
    Capped,
}

/// The first `From ` line starting at or after `at` (and before `limit`),
/// in `buf` (the file's bytes from `r0`), read on as far as it takes, or
/// to `cap`.
#[cfg(unix)]
fn from_line(
    file: &File,
    len: u64,
    r0: u64,
    buf: &mut Vec<u8>,
    at: u64,
    limit: Option<u64>,
    cap: Option<u64>,
) -> io::Result<Found> {
    let past = |s: u64| limit.is_some_and(|l| s >= l);
    // Line starts follow a line end: search from the byte before `at`.
    let mut i = (at - 1 - r0) as usize;
    loop {
        let end = r0 + buf.len() as u64;
        match mail::next_separator(buf, i, end == len) {
            Separator::At(s) if past(r0 + s as u64) => return Ok(Found::None),
            Separator::At(s) => return Ok(Found::At(r0 + s as u64)),
            Separator::Cut(s) if past(r0 + s as u64) => return Ok(Found::None),
            // The line goes on past what is read: read on.
            Separator::Cut(s) => i = s - 1,
            Separator::NotFound if end == len || past(end) => return Ok(Found::None),
            // A separator may start in the last bytes read.
            Separator::NotFound => i = buf.len().saturating_sub(5).max(i),
        }
        if cap.is_some_and(|c| end > c) {
            return Ok(Found::Capped);
        }
        let mut more = Vec::new();
        read_at(file, end, (READ_ON as u64).min(len - end), &mut more)?;
        buf.extend_from_slice(&more);
    }
}

/// `n` bytes of `file` from `offset`, into `buf` (whose bytes are
/// overwritten, not cleared first).
#[cfg(unix)]
fn read_at(file: &File, offset: u64, n: u64, buf: &mut Vec<u8>) -> io::Result<()> {
    use std::os::unix::fs::FileExt;
    let n = n as usize;
    if buf.len() < n {
        buf.resize(n, 0);
    }
    buf.truncate(n);
    file.read_exact_at(buf, offset).map_err(|e| {
        if e.kind() == io::ErrorKind::UnexpectedEof {
            io::Error::new(e.kind(), "the file shrank while it was read")
        } else {
            e
        }
    })
}

#[cfg(test)]
mod tests {
    use super::shift_byte_offset;

    #[test]
    fn mail_warnings_are_placed_in_the_input() {
        assert_eq!(
            shift_byte_offset("multipart at byte 123 not closed: x", 1000),
            "multipart at byte 1123 not closed: x"
        );
        assert_eq!(
            shift_byte_offset("bad base64 at byte 7", 3),
            "bad base64 at byte 10"
        );
        assert_eq!(shift_byte_offset("no offset", 3), "no offset");
    }
}
