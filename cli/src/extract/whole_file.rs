//! A file read whole by a file worker: a regular file up to
//! `Ctx::whole_max` bytes (a compressed one too, when what it decodes to
//! fits and is not an archive). Anything else is left to be streamed.

use std::fs::File;
use std::io::{self, Read};

use rayon::prelude::*;
use urlx::mail::{self, Kind};

use super::context::{Ctx, Found};
use super::piece_work::{self, REC_BUDGET};
use super::stream::PROBE;
use crate::printer::Rec;
use crate::walk::{reason, Input};

/// Reads a file whole and finds its links (in a worker thread). A panic
/// (a bug: no input should cause one) is the file's error, not the end
/// of the run.
pub fn read_whole(inp: &Input, ctx: &Ctx<'_>) -> Found {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| read(inp, ctx))).unwrap_or_else(|_| {
        Found {
            error: Some(crate::extract::PANICKED.to_owned()),
            ..Found::default()
        }
    })
}

fn read(inp: &Input, ctx: &Ctx<'_>) -> Found {
    let Input::File {
        path,
        regular: true,
        ..
    } = inp
    else {
        return deferred();
    };
    let failed = |e: io::Error| Found {
        error: Some(reason(&e)),
        ..Found::default()
    };
    let mut file = match File::open(path) {
        Ok(f) => f,
        Err(e) => return failed(e),
    };
    let len = match file.metadata() {
        Ok(m) if m.is_file() && m.len() <= ctx.reading.whole_max => m.len(),
        Ok(_) => return deferred(),
        Err(e) => return failed(e),
    };
    let bytes = match read_sized(&mut file, len) {
        Ok(b) => b,
        Err(e) => return failed(e),
    };
    found_in(bytes, ctx)
}

/// Standard input read whole (--refang), up to `Ctx::whole_max` bytes: a
/// larger one is refused, named.
pub fn read_stdin(ctx: &Ctx<'_>) -> Found {
    let mut bytes = Vec::new();
    let read = io::stdin()
        .lock()
        .take(ctx.reading.whole_max + 1)
        .read_to_end(&mut bytes);
    match read {
        Err(e) => Found {
            error: Some(reason(&e)),
            ..Found::default()
        },
        Ok(_) if bytes.len() as u64 > ctx.reading.whole_max => Found {
            error: Some(refang_refusal()),
            ..Found::default()
        },
        Ok(_) => found_in(bytes, ctx),
    }
}

/// Why --refang does not read an input: it reads inputs whole.
pub fn refang_refusal() -> String {
    format!(
        "--refang reads each input whole, as plain text, up to {} MiB: this one is larger, or an archive",
        crate::config::REFANG_MAX >> 20
    )
}

/// A file to be streamed rather than read whole.
fn deferred() -> Found {
    Found {
        deferred: true,
        ..Found::default()
    }
}

/// The links of an input's bytes, read whole.
fn found_in(bytes: Vec<u8>, ctx: &Ctx<'_>) -> Found {
    let mut found = Found {
        bytes: bytes.len() as u64,
        ..Found::default()
    };
    #[cfg(feature = "compressed")]
    let bytes = match decoded(bytes, ctx) {
        Decoded::Plain(b) => b,
        Decoded::Whole(b) => {
            found.bytes = b.len() as u64;
            b
        }
        Decoded::Partial(b, e) => {
            found.bytes = b.len() as u64;
            found.error = Some(e);
            b
        }
        Decoded::Stream => return deferred(),
    };
    let head = &bytes[..bytes.len().min(PROBE)];
    if ctx.is_binary(head) {
        found.binary = true;
        return found;
    }
    let kind = ctx.kind(head);
    if ctx.reading.refang {
        if kind != Kind::Text {
            found.error = Some(
                "--refang reads plain text, and this input is mail (--no-mail reads it as text)"
                    .to_owned(),
            );
            return found;
        }
        for l in urlx::refang::links(ctx.finder, &bytes) {
            if ctx.keep.text(&l) {
                found.recs.push(Rec::from_link(&l, 0));
            }
        }
        return found;
    }
    if kind == Kind::Text {
        for l in ctx.finder.links(&bytes).filter(|l| ctx.keep.text(l)) {
            if found.recs.len() == REC_BUDGET {
                // Dense: streamed, in pieces of bounded records.
                return deferred();
            }
            found.recs.push(Rec::from_link(&l, 0));
        }
        return found;
    }
    mail_in(&bytes, kind == Kind::Mbox, ctx, found)
}

/// The links of mail read whole: the line each message starts on, then
/// the messages in parallel (in this worker's pool; in this thread with
/// one thread or one message), results in order. A message past
/// --max-message, or links past the records a file may hold, and the file
/// is streamed instead.
fn mail_in(bytes: &[u8], mbox: bool, ctx: &Ctx<'_>, mut found: Found) -> Found {
    let messages = mail::messages(bytes, mbox, 1);
    if messages
        .iter()
        .any(|(r, _)| r.len() > ctx.reading.max_message)
    {
        return deferred();
    }
    let scan = |(r, line): &(std::ops::Range<usize>, u64)| {
        let mut recs = Vec::new();
        let done = piece_work::mail_links(
            ctx,
            &bytes[r.clone()],
            r.start as u64,
            false,
            false,
            &mut |rec| {
                recs.push(rec);
                recs.len() < REC_BUDGET
            },
        );
        done.map(|d| (d, recs, *line))
    };
    let per_message: Vec<_> = if ctx.parallel && messages.len() > 1 {
        messages.par_iter().map(scan).collect()
    } else {
        messages.iter().map(scan).collect()
    };
    let mut held = 0;
    for m in &per_message {
        held += m.as_ref().map_or(REC_BUDGET, |(_, recs, _)| recs.len());
    }
    if held >= REC_BUDGET {
        return deferred();
    }
    found.messages = per_message.len() as u64;
    for (done, recs, line) in per_message.into_iter().flatten() {
        found.skipped_parts += done.skipped;
        found.warnings.extend(done.warnings);
        found.unread.extend(done.unread);
        found.recs.extend(recs.into_iter().map(|mut r| {
            r.line += line - 1;
            r
        }));
    }
    found
}

/// Reads `file`, of `len` bytes by fstat, into a buffer of that size (one
/// byte more to see the end): `read_to_end` would ask the size again and
/// seek.
fn read_sized(file: &mut File, len: u64) -> io::Result<Vec<u8>> {
    let mut bytes = vec![0u8; len as usize + 1];
    let mut n = 0;
    loop {
        match file.read(&mut bytes[n..]) {
            Ok(0) => break,
            Ok(k) => {
                n += k;
                if n == bytes.len() {
                    // The file grew while we read it: take the rest too.
                    file.read_to_end(&mut bytes)?;
                    n = bytes.len();
                    break;
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    bytes.truncate(n);
    Ok(bytes)
}

/// What a file read whole holds once decoded.
#[cfg(feature = "compressed")]
enum Decoded {
    /// Not compressed.
    Plain(Vec<u8>),
    /// Compressed: what it decodes to.
    Whole(Vec<u8>),
    /// Compressed, and broken after what it decoded to: that, and why.
    Partial(Vec<u8>, String),
    /// An archive, or too large decoded: to be streamed.
    Stream,
}

#[cfg(feature = "compressed")]
fn decoded(bytes: Vec<u8>, ctx: &Ctx<'_>) -> Decoded {
    use urlx::unpack::{Archive, Capped, Packing};
    if !ctx.reading.decompress {
        return Decoded::Plain(bytes);
    }
    let head = &bytes[..bytes.len().min(PROBE)];
    if Archive::sniff(head).is_some() {
        return Decoded::Stream;
    }
    let Some(p) = Packing::sniff(head) else {
        return Decoded::Plain(bytes);
    };
    let budget = std::rc::Rc::new(std::cell::Cell::new(ctx.reading.max_decompressed));
    let max = ctx.reading.max_decompressed;
    let decoder = Capped::new(
        p.decoder(&bytes[..], &ctx.reading.limits),
        budget,
        max,
        "--max-decompressed",
    );
    let mut out = Vec::new();
    let read = decoder
        .take(ctx.reading.whole_max + 1)
        .read_to_end(&mut out);
    if out.len() as u64 > ctx.reading.whole_max {
        return Decoded::Stream;
    }
    let head = &out[..out.len().min(PROBE)];
    if Archive::sniff(head).is_some() || Packing::sniff(head).is_some() {
        return Decoded::Stream;
    }
    match read {
        Ok(_) => Decoded::Whole(out),
        Err(e) => Decoded::Partial(out, reason(&e)),
    }
}
