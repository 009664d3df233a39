//! An input that is not read whole by a file worker (standard input, a
//! pipe, a file too large to read whole, a compressed file, an archive),
//! read as a stream: decoded when compressed, opened member by member when
//! an archive, then scanned in pieces (`pieces`) as text or mail.

use std::fs::File;
use std::io::{self, BufReader, Read};
use std::sync::Arc;

use urlx::mail::Kind;

use super::context::{Ctx, Sink};
use super::pieces::Pipeline;
use crate::printer::Source;
use crate::walk::{reason, Input};

/// The first bytes looked at for a NUL (a binary file), for mail, and for
/// compression and archives.
pub const PROBE: usize = 8 << 10;

/// Nested compression and archives are opened this deep (a `.tar.gz` is
/// two levels), no deeper.
#[cfg(feature = "compressed")]
const MAX_DEPTH: u32 = 4;

/// Streams one input, printing its links in order as its pieces are done
/// (on `pool`'s threads, or in this thread), telling `tick` the bytes read
/// (of all inputs) as pieces are printed. Returns `false` once the reader
/// of our output has gone.
pub fn stream(
    inp: &Input,
    ctx: &Ctx<'_>,
    sink: &mut Sink<'_, '_>,
    pool: Option<&rayon::ThreadPool>,
    tick: &mut dyn FnMut(u64),
) -> io::Result<bool> {
    match pool {
        Some(pool) => pool.in_place_scope(|scope| {
            let mut pipe = Pipeline::new(ctx, Some(scope), pool.current_num_threads(), tick);
            stream_into(&mut pipe, inp, ctx, sink)
        }),
        None => stream_into(&mut Pipeline::new(ctx, None, 1, tick), inp, ctx, sink),
    }
}

fn stream_into(
    pipe: &mut Pipeline<'_, '_>,
    inp: &Input,
    ctx: &Ctx<'_>,
    sink: &mut Sink<'_, '_>,
) -> io::Result<bool> {
    let src = Source::file(inp.display());
    // A regular file is read from its start by its pieces (or by a zip's
    // central directory); a FIFO or a device, and stdin, as a stream.
    let (stream, regular): (Option<File>, Option<Regular>) = match inp {
        Input::Stdin => (None, None),
        Input::File { path, regular, .. } => {
            let opened = File::open(path).and_then(|file| {
                if !regular {
                    return Ok((Some(file), None));
                }
                let len = file.metadata()?.len();
                let file = Arc::new(file);
                Ok((None, Some(Regular { file, len })))
            });
            match opened {
                Ok(o) => o,
                Err(e) => {
                    sink.error(&src.shown, &reason(&e));
                    return Ok(true);
                }
            }
        }
    };
    let reader: Box<dyn Read + '_> = match (stream, &regular) {
        (Some(f), _) => Box::new(f),
        (None, Some(r)) => Box::new(&*r.file),
        (None, None) => Box::new(io::stdin().lock()),
    };
    let mut reading = Reading {
        ctx,
        #[cfg(feature = "compressed")]
        budget: std::rc::Rc::new(std::cell::Cell::new(ctx.reading.max_decompressed)),
    };
    let at = At {
        src,
        regular: regular.as_ref(),
        depth: 0,
    };
    reading.source(pipe, sink, at, reader)?;
    pipe.finish(sink)?;
    Ok(!pipe.closed)
}

/// A regular file named on the command line or found in a folder: read
/// from its start by the pieces themselves, or by a zip's central
/// directory.
struct Regular {
    file: Arc<File>,
    len: u64,
}

/// One input's reading: what decoding it may still do.
struct Reading<'c> {
    ctx: &'c Ctx<'c>,
    /// Bytes the decoders of this input may still give
    /// (--max-decompressed).
    #[cfg(feature = "compressed")]
    budget: std::rc::Rc<std::cell::Cell<u64>>,
}

impl Reading<'_> {
    /// A decoder's output, drawn on the input's budget.
    #[cfg(feature = "compressed")]
    fn capped<R>(&self, r: R) -> urlx::unpack::Capped<R> {
        let budget = std::rc::Rc::clone(&self.budget);
        let max = self.ctx.reading.max_decompressed;
        urlx::unpack::Capped::new(r, budget, max, "--max-decompressed")
    }

    /// Reads one source: decodes it, opens its members, or scans it.
    /// Returns whether it was read to its end (else an error was
    /// reported).
    fn source(
        &mut self,
        pipe: &mut Pipeline<'_, '_>,
        sink: &mut Sink<'_, '_>,
        at: At<'_>,
        reader: Box<dyn Read + '_>,
    ) -> io::Result<bool> {
        let mut reader = BufReader::with_capacity(64 << 10, reader);
        // An error in the first bytes comes after what was read before it.
        let (head, broken) = fill_probe(&mut reader);
        let r: Box<dyn Read + '_> = match broken {
            None => Box::new(reader),
            Some(e) => Box::new(Failing(Some(e))),
        };
        #[cfg(feature = "compressed")]
        if self.ctx.reading.decompress && at.depth < MAX_DEPTH {
            use urlx::unpack::{Archive, Packing};
            if let Some(p) = Packing::sniff(&head) {
                let whole = io::Cursor::new(head).chain(r);
                let limits = &self.ctx.reading.limits;
                let decoded = self.capped(p.decoder(BufReader::new(whole), limits));
                let inner = At {
                    regular: None,
                    depth: at.depth + 1,
                    ..at
                };
                return self.source(pipe, sink, inner, Box::new(decoded));
            }
            if let Some(a) = Archive::sniff(&head) {
                let whole = io::Cursor::new(head).chain(r);
                return self.archive(pipe, sink, at, a, Box::new(whole));
            }
        }
        self.scan(pipe, sink, at, head, r)
    }

    /// An archive's members, each a source of its own.
    #[cfg(feature = "compressed")]
    fn archive(
        &mut self,
        pipe: &mut Pipeline<'_, '_>,
        sink: &mut Sink<'_, '_>,
        at: At<'_>,
        a: urlx::unpack::Archive,
        whole: Box<dyn Read + '_>,
    ) -> io::Result<bool> {
        use urlx::unpack::{tar_members, zip_members, zip_members_seekable};
        use urlx::unpack::{Archive, Member};
        let limits = &self.ctx.reading.limits;
        let each = |m: Member<'_>| -> io::Result<bool> {
            let inner = At {
                src: at.src.member(&m.name),
                regular: None,
                depth: at.depth + 1,
            };
            // What the archive decoded counts against the budget; a tar
            // member's bytes were counted by the decoder of a compressed
            // tar, if any.
            let reader: Box<dyn Read + '_> = if m.decoded {
                Box::new(self.capped(m.reader))
            } else {
                m.reader
            };
            let read = self.source(pipe, sink, inner, reader)?;
            // A member cut short leaves the archive's stream broken: its
            // error was the archive's.
            Ok(read && !pipe.closed)
        };
        let read = match a {
            Archive::Tar => tar_members(whole, limits, each),
            // A file is read through its central directory, on a handle of
            // its own (the zip reader seeks).
            Archive::Zip => match at.regular.map(|r| r.file.try_clone()).transpose() {
                Ok(Some(file)) => zip_members_seekable(file, limits, each),
                Ok(None) => zip_members(whole, limits, each),
                Err(e) => Err(e),
            },
        };
        if let Err(e) = read {
            // After the members read before it.
            pipe.begin(sink, at.src)?;
            pipe.failed(sink, reason(&e))?;
            pipe.end(sink, 0)?;
            return Ok(false);
        }
        Ok(true)
    }

    /// A source that is neither compressed nor an archive: skipped when
    /// binary, else scanned as text or mail. `head` is what was read of it.
    fn scan(
        &mut self,
        pipe: &mut Pipeline<'_, '_>,
        sink: &mut Sink<'_, '_>,
        at: At<'_>,
        head: Vec<u8>,
        mut r: Box<dyn Read + '_>,
    ) -> io::Result<bool> {
        pipe.begin(sink, at.src)?;
        if self.ctx.is_binary(&head) {
            pipe.binary(sink)?;
            pipe.end(sink, 0)?;
            return Ok(true);
        }
        let kind = self.ctx.kind(&head);
        #[cfg(unix)]
        if let (Some(f), Kind::Text | Kind::Mbox) = (at.regular, kind) {
            pipe.file(sink, Arc::clone(&f.file), f.len, kind == Kind::Mbox)?;
            pipe.end(sink, f.len)?;
            return Ok(true);
        }
        let read = match kind {
            Kind::Text => pipe.text(sink, head, &mut r),
            Kind::Mbox => pipe.mail(sink, head, &mut r, true),
            Kind::Message => pipe.mail(sink, head, &mut r, false),
        };
        match read? {
            Ok(bytes) => {
                pipe.end(sink, bytes)?;
                Ok(true)
            }
            Err((bytes, e)) => {
                pipe.failed(sink, reason(&e))?;
                pipe.end(sink, bytes)?;
                Ok(false)
            }
        }
    }
}

/// Where a source stands: its name, its file when it is a regular file
/// read from its start, and how deep in decoders and archives it is.
struct At<'r> {
    src: Source,
    regular: Option<&'r Regular>,
    #[cfg_attr(not(feature = "compressed"), allow(dead_code))]
    depth: u32,
}

/// Reads the first `PROBE` bytes (fewer at the end of the input); the
/// bytes before an error, and the error.
pub fn fill_probe(r: &mut impl Read) -> (Vec<u8>, Option<io::Error>) {
    let mut head = Vec::with_capacity(PROBE);
    let e = r.by_ref().take(PROBE as u64).read_to_end(&mut head).err();
    (head, e)
}

/// A reader whose next read gives the error that stopped the one it
/// stands for; then the end.
struct Failing(Option<io::Error>);

impl Read for Failing {
    fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
        match self.0.take() {
            Some(e) => Err(e),
            None => Ok(0),
        }
    }
}
