//! A file read whole by a file worker: a regular file up to
//! `Ctx::whole_max` bytes (a compressed one too, when what it decodes to
//! fits and is not an archive). Anything else is left to be streamed.

use std::fs::File;
use std::io::{self, Read};
use std::sync::Arc;

use rayon::prelude::*;
use urlx::mail::{self, Kind};

use super::ctx::{Ctx, Found};
use super::input::PROBE;
use crate::keep::Keep;
use crate::printer::Rec;
use crate::walk::{reason, Input};

/// Reads a file whole and finds its links (in a worker thread).
pub fn read_whole(inp: &Input, ctx: &Ctx<'_>) -> Found {
    let deferred = || Found {
        deferred: true,
        ..Found::default()
    };
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
        Ok(m) if m.is_file() && m.len() <= ctx.whole_max => m.len(),
        Ok(_) => return deferred(),
        Err(e) => return failed(e),
    };
    let bytes = match read_sized(&mut file, len) {
        Ok(b) => b,
        Err(e) => return failed(e),
    };
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
    match ctx.kind(head) {
        Kind::Text => {
            found.recs = ctx
                .finder
                .links(&bytes)
                .filter(|l| ctx.keep.text(l))
                .map(|l| Rec::from_link(&l, 0))
                .collect();
        }
        kind => {
            // The line each message starts on, then the messages in parallel
            // (in this worker's pool; in this thread with one thread or one
            // message), results in order.
            let messages = mail::messages(&bytes, kind == Kind::Mbox, 1);
            let scan = |(r, line): &(std::ops::Range<usize>, u64)| {
                ctx.finder.message_links(&bytes, r.clone(), *line)
            };
            let per_message: Vec<_> = if ctx.parallel && messages.len() > 1 {
                messages.par_iter().map(scan).collect()
            } else {
                messages.iter().map(scan).collect()
            };
            found.messages = per_message.len() as u64;
            for m in per_message {
                absorb(&mut found, m, ctx.keep);
            }
        }
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
    use crate::unpack::{Archive, Capped, Packing};
    if !ctx.decompress {
        return Decoded::Plain(bytes);
    }
    let head = &bytes[..bytes.len().min(PROBE)];
    if Archive::sniff(head).is_some() {
        return Decoded::Stream;
    }
    let Some(p) = Packing::sniff(head) else {
        return Decoded::Plain(bytes);
    };
    let budget = std::rc::Rc::new(std::cell::Cell::new(ctx.max_decompressed));
    let decoder = Capped::new(p.decoder(&bytes[..]), budget, ctx.max_decompressed);
    let mut out = Vec::new();
    let read = decoder.take(ctx.whole_max + 1).read_to_end(&mut out);
    if out.len() as u64 > ctx.whole_max {
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

/// Adds one message's links to `found`.
fn absorb(found: &mut Found, m: urlx::MessageLinks, keep: &Keep) {
    found.skipped_parts += m.skipped as u64;
    found.warnings.extend(m.warnings);
    let info = Arc::new(m.info);
    for link in m.links {
        if keep.mail(&link.link, link.source) {
            found.recs.push(Rec::from_mail(link, 0, &info));
        }
    }
}
