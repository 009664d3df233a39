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

use urlx::{Piece, Seam};

use super::context::{Ctx, Sink};
use super::piece_work::{self, Done, Job, LINE_SLACK};
use crate::mail_stream::{Messages, Next};
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
    /// The text pieces being printed are a message past --max-message:
    /// where it starts, and the lines before it.
    region: Option<(u64, u64)>,
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
            region: None,
            tick,
            closed: false,
        }
    }

    pub fn begin(&mut self, sink: &mut Sink<'_, '_>, src: Source) -> io::Result<()> {
        self.mark(sink, Done::Begin(src))
    }

    pub fn binary(&mut self, sink: &mut Sink<'_, '_>) -> io::Result<()> {
        self.mark(sink, Done::Binary)
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
        let size = self.ctx.reading.piece_size;
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
                piece_work::line_cut(&buf, buf_start, target)
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
    /// pieces of whole messages (or one message), each message at most
    /// --max-message; a larger one is read as text, in pieces.
    pub fn mail(
        &mut self,
        sink: &mut Sink<'_, '_>,
        buf: Vec<u8>,
        r: &mut dyn Read,
        mbox: bool,
    ) -> io::Result<Outcome> {
        let size = self.ctx.reading.piece_size;
        let mut m = Messages::new(buf, r, mbox, self.ctx.reading.max_message);
        while !self.closed {
            match m.next(size) {
                Next::Whole { bytes, start } => {
                    self.submit(sink, Job::Mail { bytes, start, mbox })?;
                }
                Next::Oversize { start } => {
                    self.mark(sink, Done::Region(start))?;
                    // Its read errors are kept by `m`.
                    let _ = self.text(sink, Vec::new(), &mut m.oversize())?;
                    self.mark(sink, Done::RegionEnd)?;
                }
                Next::End => break,
            }
        }
        let (bytes, error) = m.finish();
        Ok(match error {
            None => Ok(bytes),
            Some(e) => Err((bytes, e)),
        })
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
        let size = self.ctx.reading.piece_size as u64;
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

    /// Prints what a piece gave, in its turn.
    fn apply(&mut self, sink: &mut Sink<'_, '_>, done: Done) -> io::Result<()> {
        if self.broken
            && matches!(
                done,
                Done::Text { .. } | Done::Mail(_) | Done::Dense { .. } | Done::Failed(_)
            )
        {
            return Ok(());
        }
        match done {
            Done::Begin(src) => self.begin_source(src),
            Done::Text { piece, recs, dense } => self.text_done(sink, piece, recs, dense)?,
            Done::Mail(mut m) => {
                for mut r in std::mem::take(&mut m.recs) {
                    r.line += self.line - 1;
                    self.print(sink, &r)?;
                }
                self.mail_done(sink, &m);
                self.recycle(std::mem::take(&mut m.buf));
                #[cfg(unix)]
                if let Some(o) = m.oversize {
                    self.messages_inline(sink, o)?;
                }
            }
            Done::Dense {
                buf,
                at,
                start,
                mbox,
            } => {
                self.dense_done(sink, &buf[at], start, mbox)?;
                self.recycle(buf);
            }
            Done::Region(start) => {
                self.past_cap(sink, start);
                self.region = Some((start, self.line - 1));
                self.seam = Seam::default();
            }
            Done::RegionEnd => {
                self.line += self.seam.line() - 1;
                self.region = None;
                self.seam = Seam::default();
            }
            Done::Binary => {
                let name = self.src.as_ref().map_or("", |s| &s.shown);
                sink.binary(name);
                self.binary = true;
            }
            Done::Failed(why) => {
                let name = self.src.as_ref().map_or("", |s| &s.shown);
                sink.error(name, &why);
                self.broken = true;
            }
            Done::End { bytes } => self.end_source(sink, bytes)?,
        }
        Ok(())
    }

    /// A source starts: its links are placed from its start.
    fn begin_source(&mut self, src: Source) {
        self.src = Some(src);
        self.seam = Seam::default();
        self.line = 1;
        self.printed = 0;
        self.broken = false;
        self.binary = false;
        self.seen = 0;
        self.done = 0;
    }

    /// A text piece's links, placed in the whole text.
    fn text_done(
        &mut self,
        sink: &mut Sink<'_, '_>,
        mut piece: Piece,
        mut recs: Vec<Rec>,
        dense: bool,
    ) -> io::Result<()> {
        let j = piece.join(self.ctx.finder, &mut self.seam);
        let (offset, lines) = self.region.unwrap_or((0, 0));
        let mut put = |this: &mut Self, r: &mut Rec| {
            (r.line, r.column) = j.place(r.line, r.column, r.start as usize);
            r.line += lines;
            r.start += offset;
            r.end += offset;
            this.print(sink, r)
        };
        if j.rescanned || dense {
            // The piece's own links (those of its scan again): records
            // made one at a time.
            recs.clear();
            for l in piece.take_links() {
                if self.ctx.keep.text(&l) {
                    put(self, &mut Rec::from_owned_link(l, 0))?;
                }
            }
        } else {
            for r in &mut recs {
                put(self, r)?;
            }
        }
        self.done += piece.cut().len() as u64;
        (self.tick)(sink.tally.bytes + self.done);
        self.recycle(piece.into_bytes());
        self.discard(recs);
        Ok(())
    }

    /// Whole messages with more links than a piece may hold: scanned
    /// here, each record printed as it is found.
    fn dense_done(
        &mut self,
        sink: &mut Sink<'_, '_>,
        bytes: &[u8],
        start: u64,
        mbox: bool,
    ) -> io::Result<()> {
        let ctx = self.ctx;
        let lines = self.line - 1;
        let mut failed = None;
        let done = piece_work::mail_links(ctx, bytes, start, mbox, true, &mut |mut r| {
            r.line += lines;
            if let Err(e) = self.print(sink, &r) {
                failed = Some(e);
            }
            failed.is_none() && !self.closed
        });
        if let Some(e) = failed {
            return Err(e);
        }
        if let Some(m) = done {
            self.mail_done(sink, &m);
        }
        Ok(())
    }

    /// A source ends: counted, and its file's end printed.
    fn end_source(&mut self, sink: &mut Sink<'_, '_>, bytes: u64) -> io::Result<()> {
        // Counted as a file read whole is: not when binary, nor when it
        // failed before any link.
        if !self.binary && (!self.broken || self.seen > 0) {
            sink.tally.files += 1;
            sink.tally.bytes += bytes;
        }
        if let Some(src) = &self.src {
            if !self.closed && !sink.printer.end_file(sink.out, src, self.printed)? {
                self.closed = true;
            }
        }
        Ok(())
    }

    /// Accounts for a piece of mail printed.
    fn mail_done(&mut self, sink: &mut Sink<'_, '_>, m: &piece_work::MailDone) {
        if let Some(src) = &self.src {
            sink.warn(&src.shown, &m.warnings);
            sink.unread(&src.shown, &m.unread);
        }
        sink.tally.messages += m.messages;
        sink.tally.skipped_parts += m.skipped;
        self.line += m.newlines;
        self.done += m.bytes;
        (self.tick)(sink.tally.bytes + self.done);
    }

    /// Says that the message at `start` is past --max-message.
    fn past_cap(&mut self, sink: &mut Sink<'_, '_>, start: u64) {
        let name = self.src.as_ref().map_or("", |s| &s.shown).to_owned();
        let why = crate::mail_stream::too_large(start, self.ctx.reading.max_message);
        sink.unread(&name, &[why]);
    }

    /// The messages of a regular mbox file from a message past
    /// --max-message to the next piece, read here one by one: those under
    /// the cap as mail, each record printed as it is found; those past it
    /// as text, in pieces.
    #[cfg(unix)]
    fn messages_inline(
        &mut self,
        sink: &mut Sink<'_, '_>,
        o: piece_work::Oversize,
    ) -> io::Result<()> {
        let mut file = piece_work::FileAt {
            file: o.file,
            pos: o.start,
            len: o.len,
        };
        let mut m = Messages::new(Vec::new(), &mut file, true, self.ctx.reading.max_message);
        while !self.closed {
            match m.next(1) {
                Next::Whole { bytes, start } if o.start + start < o.to => {
                    let at = 0..bytes.len();
                    self.apply(
                        sink,
                        Done::Dense {
                            buf: bytes,
                            at,
                            start: o.start + start,
                            mbox: true,
                        },
                    )?;
                }
                Next::Oversize { start } if o.start + start < o.to => {
                    let start = o.start + start;
                    self.past_cap(sink, start);
                    let ctx = self.ctx;
                    let mut tick = |_| {};
                    let mut inner = Pipeline::new(ctx, None, 1, &mut tick);
                    inner.src = self.src.clone();
                    inner.region = Some((start, self.line - 1));
                    let _ = inner.text(sink, Vec::new(), &mut m.oversize())?;
                    inner.finish(sink)?;
                    self.printed += inner.printed;
                    self.seen += inner.seen;
                    self.closed |= inner.closed;
                    self.line += inner.seam.line() - 1;
                    self.done += inner.done;
                }
                _ => break,
            }
        }
        match m.finish().1 {
            Some(e) => Err(e),
            None => Ok(()),
        }
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

/// How reading one input ended: the bytes read, or them and the error
/// that stopped the reading (the text before it was scanned). An error in
/// writing the output is not this: it ends the run.
pub type Outcome = Result<u64, (u64, io::Error)>;

/// A piece's work; a panic in it (a bug: the library never panics on
/// input) is the input's error, not a hang of the printing thread.
fn run(ctx: &Ctx<'_>, job: Job) -> Done {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| piece_work::run(ctx, job)))
        .unwrap_or_else(|_| Done::Failed(super::PANICKED.into()))
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
