//! One input of any size read in pieces that a pool of threads scans,
//! printed in input order: a file too large to read whole, standard input,
//! a compressed stream, an archive's members. Memory is bounded by the
//! pieces in flight. Plain text is cut at a line end near every piece's
//! size, and `urlx::Piece` makes the links across each cut those of the
//! whole text; an mbox is cut at its `From ` lines, so each piece is whole
//! messages (a message larger than a piece is one piece).

use std::collections::VecDeque;
use std::io::{self, Read};
use std::sync::mpsc;

use urlx::mail::{self, Separator};
use urlx::{Piece, Seam};

use super::ctx::{Ctx, Sink};
use super::work::{self, Done, Job, LINE_SLACK};
use crate::printer::{Rec, Source};

/// Bytes asked of the reader at a time.
const READ: usize = 256 << 10;

/// Where the pieces go: a pool's threads (or this thread), and back in
/// order to the printer.
pub struct Pipeline<'p, 's> {
    ctx: &'s Ctx<'s>,
    scope: Option<&'p rayon::Scope<'s>>,
    tx: mpsc::Sender<(u64, Done)>,
    rx: mpsc::Receiver<(u64, Done)>,
    /// Results in order from `head`; `None` while a piece is in work.
    queue: VecDeque<Option<Done>>,
    head: u64,
    limit: usize,
    /// The source being printed, and where its links stand.
    src: Option<Source>,
    seam: Seam,
    line: u64,
    printed: u64,
    /// Reading the source failed: the rest of its pieces are not printed.
    broken: bool,
    /// The source was skipped as binary.
    binary: bool,
    /// Links of the source found (before filters of the printer).
    seen: u64,
    /// Buffers of pieces printed, for the next pieces' bytes.
    spare: Vec<Vec<u8>>,
    /// Bytes of the source printed, and where they are told.
    done: u64,
    tick: &'p mut dyn FnMut(u64),
    /// The reader of our output has gone: read no further.
    pub closed: bool,
}

impl<'p, 's> Pipeline<'p, 's> {
    /// A pipeline that scans on `scope`'s pool (`threads` threads), or in
    /// this thread.
    pub fn new(
        ctx: &'s Ctx<'s>,
        scope: Option<&'p rayon::Scope<'s>>,
        threads: usize,
        tick: &'p mut dyn FnMut(u64),
    ) -> Self {
        let (tx, rx) = mpsc::channel();
        Pipeline {
            ctx,
            scope,
            tx,
            rx,
            queue: VecDeque::new(),
            head: 0,
            // Two pieces a thread keep every thread busy while this one
            // reads and prints.
            limit: (2 * threads).clamp(2, 16),
            src: None,
            seam: Seam::default(),
            line: 1,
            printed: 0,
            broken: false,
            binary: false,
            seen: 0,
            spare: Vec::new(),
            done: 0,
            tick,
            closed: false,
        }
    }

    pub fn begin(&mut self, sink: &mut Sink<'_, '_>, src: Source) -> io::Result<()> {
        self.mark(sink, Done::Begin(src))
    }

    pub fn binary(&mut self, sink: &mut Sink<'_, '_>, explicit: bool) -> io::Result<()> {
        self.mark(sink, Done::Binary { explicit })
    }

    pub fn failed(&mut self, sink: &mut Sink<'_, '_>, why: String) -> io::Result<()> {
        self.mark(sink, Done::Failed(why))
    }

    pub fn end(&mut self, sink: &mut Sink<'_, '_>, bytes: u64) -> io::Result<()> {
        self.mark(sink, Done::End { bytes })
    }

    /// Waits for every piece and prints what is left.
    pub fn finish(&mut self, sink: &mut Sink<'_, '_>) -> io::Result<()> {
        while !self.queue.is_empty() {
            self.wait_one(sink)?;
        }
        Ok(())
    }

    /// Plain text: `buf` (what was read of it) and the rest of `r`, cut
    /// into pieces. Returns the bytes read, or them and the error that
    /// stopped the reading (the text before it is scanned).
    pub fn text(
        &mut self,
        sink: &mut Sink<'_, '_>,
        mut buf: Vec<u8>,
        r: &mut dyn Read,
    ) -> io::Result<Outcome> {
        let (before, after) = self.ctx.finder.piece_margins();
        let size = self.ctx.piece_size;
        // `buf[0]` is at offset `buf_start`.
        let mut buf_start = 0usize;
        let mut cut = 0usize;
        let mut input = Input::default();
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
                work::line_cut(&buf, buf_start, target)
            };
            let top = (cut_end + after).min(end);
            let base = cut.saturating_sub(before);
            let mut window = self.spare.pop().unwrap_or_default();
            window.clear();
            window.extend_from_slice(&buf[base - buf_start..top - buf_start]);
            let at_end = input.eof && top == end;
            let piece = Piece::new(window, base, cut..cut_end, at_end);
            self.submit(sink, Job::Text(piece))?;
            if cut_end == end && input.eof || self.closed {
                return Ok(input.result(end as u64));
            }
            cut = cut_end;
            // Drop what no later window holds.
            let keep_from = cut.saturating_sub(before);
            if keep_from > buf_start {
                buf.drain(..keep_from - buf_start);
                buf_start = keep_from;
            }
        }
    }

    /// Mail: `buf` and the rest of `r`, an mbox cut at `From ` lines into
    /// pieces of whole messages (or one message, read whole).
    pub fn mail(
        &mut self,
        sink: &mut Sink<'_, '_>,
        mut buf: Vec<u8>,
        r: &mut dyn Read,
        mbox: bool,
    ) -> io::Result<Outcome> {
        let size = self.ctx.piece_size;
        let mut input = Input::default();
        let mut start = 0u64;
        loop {
            while !input.eof && (buf.len() < size || !mbox) {
                input.read_more(r, &mut buf);
            }
            let cut = if mbox {
                next_from_line(&mut buf, size, r, &mut input)
            } else {
                None
            };
            let end = cut.unwrap_or(buf.len());
            let rest = buf.split_off(end);
            let bytes = std::mem::replace(&mut buf, rest);
            let len = bytes.len() as u64;
            self.submit(sink, Job::Mail { bytes, start, mbox })?;
            start += len;
            if cut.is_none() || self.closed {
                return Ok(input.result(start + buf.len() as u64));
            }
        }
    }

    /// A regular file of `len` bytes, as text or as an mbox: the pieces
    /// read their own bytes, in parallel; this thread hands out offsets.
    #[cfg(unix)]
    pub fn file(
        &mut self,
        sink: &mut Sink<'_, '_>,
        file: std::sync::Arc<std::fs::File>,
        len: u64,
        mbox: bool,
    ) -> io::Result<()> {
        let size = self.ctx.piece_size as u64;
        let mut from = 0;
        loop {
            let to = (from + size).min(len);
            let file = std::sync::Arc::clone(&file);
            // PERF: a buffer used again is not faulted in and zeroed again
            // (`benches/pieces.sh`: plain text on all cores).
            let buf = self.spare.pop().unwrap_or_default();
            self.submit(
                sink,
                Job::At {
                    file,
                    len,
                    from,
                    to,
                    mbox,
                    buf,
                },
            )?;
            if to == len || self.closed {
                return Ok(());
            }
            from = to;
        }
    }

    /// Hands a piece to the pool (or does it here), then prints what is
    /// done in order.
    fn submit(&mut self, sink: &mut Sink<'_, '_>, job: Job) -> io::Result<()> {
        // Pieces done but not yet printed (behind a slow one) hold their
        // buffers too: the bound is on all pieces not yet printed.
        while self.queue.len() >= self.limit {
            self.wait_one(sink)?;
        }
        let seq = self.head + self.queue.len() as u64;
        self.queue.push_back(None);
        match self.scope {
            Some(scope) => {
                let (ctx, tx) = (self.ctx, self.tx.clone());
                scope.spawn(move |_| {
                    // (The receiver outlives the scope's work.)
                    let _ = tx.send((seq, run(ctx, job)));
                });
                while let Ok((seq, done)) = self.rx.try_recv() {
                    self.place(seq, done);
                }
            }
            None => {
                let done = run(self.ctx, job);
                self.queue[(seq - self.head) as usize] = Some(done);
            }
        }
        self.drain(sink)
    }

    fn mark(&mut self, sink: &mut Sink<'_, '_>, done: Done) -> io::Result<()> {
        self.queue.push_back(Some(done));
        self.drain(sink)
    }

    fn place(&mut self, seq: u64, done: Done) {
        self.queue[(seq - self.head) as usize] = Some(done);
    }

    /// Waits for the next piece in order, unless it is done.
    fn wait_one(&mut self, sink: &mut Sink<'_, '_>) -> io::Result<()> {
        if matches!(self.queue.front(), Some(None)) {
            let (seq, done) = self
                .rx
                .recv()
                .map_err(|_| io::Error::other("a scanning thread stopped without a result"))?;
            self.place(seq, done);
        }
        self.drain(sink)
    }

    /// Prints the results at the queue's front that are done.
    fn drain(&mut self, sink: &mut Sink<'_, '_>) -> io::Result<()> {
        while let Some(Some(_)) = self.queue.front() {
            let Some(Some(done)) = self.queue.pop_front() else {
                break;
            };
            self.head += 1;
            self.apply(sink, done)?;
        }
        Ok(())
    }

    fn apply(&mut self, sink: &mut Sink<'_, '_>, done: Done) -> io::Result<()> {
        if self.broken && matches!(done, Done::Text { .. } | Done::Mail(_) | Done::Failed(_)) {
            return Ok(());
        }
        match done {
            Done::Begin(src) => {
                self.src = Some(src);
                self.seam = Seam::default();
                self.line = 1;
                self.printed = 0;
                self.broken = false;
                self.binary = false;
                self.seen = 0;
                self.done = 0;
            }
            Done::Text { mut piece, recs } => {
                let j = piece.join(self.ctx.finder, &mut self.seam);
                let recs = if j.rescanned {
                    work::text_recs(self.ctx, &mut piece)
                } else {
                    recs
                };
                let mut recs = recs;
                for r in &mut recs {
                    (r.line, r.column) = j.place(r.line, r.column, r.start as usize);
                    self.print(sink, r)?;
                }
                self.done += piece.cut().len() as u64;
                (self.tick)(sink.tally.bytes + self.done);
                self.recycle(piece.into_bytes());
                self.discard(recs);
            }
            Done::Mail(m) => {
                if let Some(src) = &self.src {
                    sink.warn(&src.shown, &m.warnings);
                }
                sink.tally.messages += m.messages;
                sink.tally.skipped_parts += m.skipped;
                for mut r in m.recs {
                    r.line += self.line - 1;
                    self.print(sink, &r)?;
                }
                self.line += m.newlines;
                self.done += m.bytes;
                (self.tick)(sink.tally.bytes + self.done);
                self.recycle(m.buf);
            }
            Done::Binary { explicit } => {
                let name = self.src.as_ref().map_or("", |s| &s.shown);
                sink.binary(explicit, name);
                self.binary = true;
            }
            Done::Failed(why) => {
                let name = self.src.as_ref().map_or("", |s| &s.shown);
                sink.error(name, &why);
                self.broken = true;
            }
            Done::End { bytes } => {
                // Counted as a file read whole is: not when binary, nor
                // when it failed before any link.
                if !self.binary && (!self.broken || self.seen > 0) {
                    sink.tally.files += 1;
                    sink.tally.bytes += bytes;
                }
                if let Some(src) = &self.src {
                    if !self.closed && !sink.printer.end_file(sink.out, src, self.printed)? {
                        self.closed = true;
                    }
                }
            }
        }
        Ok(())
    }

    /// Drops what a piece left in a pool thread, not this one.
    // PERF: a piece's records were allocated in a pool thread; freeing them
    // here made this thread the bottleneck (`benches/pieces.sh`: plain text
    // on all cores).
    fn discard<T: Send + 's>(&mut self, garbage: T) {
        match self.scope {
            Some(scope) => scope.spawn(move |_| drop(garbage)),
            None => drop(garbage),
        }
    }

    fn recycle(&mut self, buf: Vec<u8>) {
        if self.spare.len() < self.limit {
            self.spare.push(buf);
        }
    }

    fn print(&mut self, sink: &mut Sink<'_, '_>, r: &Rec) -> io::Result<()> {
        self.seen += 1;
        let Some(src) = &self.src else {
            return Ok(());
        };
        if self.closed {
            return Ok(());
        }
        match sink.printer.one(sink.out, src, r)? {
            None => self.closed = true,
            Some(counted) => self.printed += u64::from(counted),
        }
        Ok(())
    }
}

/// Where the next piece of an mbox starts: the first `From ` line at or
/// after `size` bytes (reading on to see one whole), or `None` at the
/// input's end.
fn next_from_line(
    buf: &mut Vec<u8>,
    size: usize,
    r: &mut dyn Read,
    input: &mut Input,
) -> Option<usize> {
    let mut i = size.min(buf.len()).saturating_sub(1);
    loop {
        match mail::next_separator(buf, i, input.eof) {
            Separator::At(s) => return Some(s),
            // The line goes on past what is read: search it again.
            Separator::Cut(s) => i = s - 1,
            Separator::NotFound if input.eof => return None,
            // A separator may start in the last bytes read.
            Separator::NotFound => i = buf.len().saturating_sub(5).max(i),
        }
        input.read_more(r, buf);
    }
}

/// How reading one input ended: the bytes read, or them and the error
/// that stopped the reading (the text before it was scanned). An error in
/// writing the output is not this: it ends the run.
pub type Outcome = Result<u64, (u64, io::Error)>;

/// A piece's work; a panic in it (a bug: the library never panics on
/// input) is the input's error, not a hang of the printing thread.
fn run(ctx: &Ctx<'_>, job: Job) -> Done {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work::run(ctx, job)))
        .unwrap_or_else(|_| Done::Failed("a scanning thread panicked (a bug in urlx)".into()))
}

/// The reading of one input: at its end, or stopped by an error.
#[derive(Default)]
struct Input {
    eof: bool,
    error: Option<io::Error>,
}

impl Input {
    /// Reads up to `READ` more bytes onto `buf`; an error ends the input
    /// (what was read before it is scanned) and is kept to be reported.
    fn read_more(&mut self, r: &mut dyn Read, buf: &mut Vec<u8>) {
        let len = buf.len();
        buf.resize(len + READ, 0);
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

    fn result(self, bytes: u64) -> Outcome {
        match self.error {
            None => Ok(bytes),
            Some(e) => Err((bytes, e)),
        }
    }
}
