//! Stage 0 for packed input: compressed streams (gzip, bzip2, xz, zstd)
//! decoded as they are read, and archives (tar, zip) read member by member.
//! Every decoder is written for hostile input:
//!
//! - **No header sizes an allocation.** An xz or LZMA dictionary and a
//!   zstd window are checked against [`Limits::dictionary`] before anything
//!   is allocated; a tar long name or pax header against
//!   [`Limits::name`]; a zip entry's declared sizes are only compared with
//!   what its data gives.
//! - **Concatenated streams in a loop.** Any number of gzip members,
//!   bzip2, xz or zstd streams, each at the cost of its own bytes (an empty
//!   bzip2 stream is passed over without a decoder).
//! - **Every byte before a fault.** A decoder that meets corrupt data
//!   first gives what it decoded before it, then the error; a stream cut
//!   short gives all it holds, then "truncated".
//! - **Integrity checked to the end.** CRCs and lengths of gzip members,
//!   bzip2 blocks, xz blocks and indexes, zstd checksums and zip entries
//!   are compared; an archive is read to the end of its stream, so that
//!   a compressed tar's trailer is checked too.
//!
//! Errors are `io::Error`s whose inner error is an [`Error`], worded as a
//! sentence that names the format.
//!
//! ```
//! use std::io::Read;
//! use urlx::unpack::{Limits, Packing};
//!
//! // `gzip -c` of "see http://example.com/\n".
//! let gz = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\x03\x2b\x4e\x4d\x55\xc8\x28\x29\x29\xb0\xd2\xd7\x4f\xad\x48\xcc\x2d\xc8\x49\xd5\x4b\xce\xcf\xd5\xe7\x02\x00\x3f\xa6\x32\x81\x18\x00\x00\x00";
//! assert_eq!(Packing::sniff(gz), Some(Packing::Gzip));
//! let mut text = String::new();
//! Packing::Gzip.decoder(&gz[..], &Limits::default()).read_to_string(&mut text).unwrap();
//! assert_eq!(text, "see http://example.com/\n");
//! ```
#![forbid(unsafe_code)]

mod bzip2;
mod deflate;
mod gzip;
mod tar;
mod xz;
mod zip;
mod zstd;

use std::cell::Cell;
use std::fmt;
use std::io::{self, BufRead, Read};
use std::rc::Rc;

pub use tar::tar_members;
pub use zip::{zip_members, zip_members_seekable};

/// What a compressed stream or an archive may ask of memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The largest dictionary (xz, LZMA) or window (zstd) a stream may
    /// declare; a larger one is refused before anything is allocated.
    /// Default 64 MiB, what `xz -9` uses (`zstd -19` uses 8 MiB).
    pub dictionary: u64,
    /// The longest member name an archive may give (a tar long name or
    /// pax `path`); a pax header may be 16 times as long (other records).
    /// Default 64 KiB.
    pub name: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            dictionary: 64 << 20,
            name: 64 << 10,
        }
    }
}

/// Why a stream or an archive could not be read (to its end): the inner
/// error of the `io::Error`s the readers of this module give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    message: String,
}

/// What kind of fault an [`Error`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input ended inside a stream or an archive.
    Truncated,
    /// The data breaks the format, or a check (CRC, length) fails.
    Corrupt,
    /// A header asks for more than a [`Limits`] allows.
    Limit,
    /// A valid feature this module does not read (an encrypted zip
    /// entry, an unknown compression method).
    Unsupported,
}

impl Error {
    fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error {
            kind,
            message: message.into(),
        }
    }

    /// What kind of fault it is.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The `ErrorKind` of an `io::Error` this module gave, if it gave it.
    pub fn kind_of(e: &io::Error) -> Option<ErrorKind> {
        e.get_ref()
            .and_then(|inner| inner.downcast_ref::<Error>())
            .map(Error::kind)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

impl From<Error> for io::Error {
    fn from(e: Error) -> io::Error {
        let kind = match e.kind {
            ErrorKind::Truncated => io::ErrorKind::UnexpectedEof,
            _ => io::ErrorKind::InvalidData,
        };
        io::Error::new(kind, e)
    }
}

/// `what truncated` (`what`: "gzip data", "tar archive").
fn truncated(what: &str) -> io::Error {
    Error::new(ErrorKind::Truncated, format!("{what} truncated")).into()
}

/// `what corrupt (why)`.
fn corrupt(what: &str, why: impl fmt::Display) -> io::Error {
    Error::new(ErrorKind::Corrupt, format!("{what} corrupt ({why})")).into()
}

/// A dictionary or window past [`Limits::dictionary`].
fn too_large(data: &str, what: &str, asked: u64, limit: u64) -> io::Error {
    Error::new(
        ErrorKind::Limit,
        format!(
            "{data} asks for a {what} of {}, more than the limit of {} \
             (--max-dictionary raises it)",
            human(asked),
            human(limit)
        ),
    )
    .into()
}

/// A byte count in words: `4 GiB` where it is a round one, else bytes.
fn human(n: u64) -> String {
    for (unit, shift) in [("T", 40), ("G", 30), ("M", 20), ("K", 10)] {
        if n >= 1 << shift && n.is_multiple_of(1 << shift) {
            return format!("{} {unit}iB", n >> shift);
        }
    }
    format!("{n} bytes")
}

/// A compression format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Packing {
    /// RFC 1952 (`gzip`), members one after another.
    Gzip,
    /// `bzip2`, streams one after another.
    Bzip2,
    /// `xz`, streams one after another with their padding.
    Xz,
    /// Zstandard frames (`zstd`), skippable frames passed over.
    Zstd,
}

impl Packing {
    /// The format whose magic bytes `head` starts with.
    ///
    /// ```
    /// use urlx::unpack::Packing;
    /// assert_eq!(Packing::sniff(b"BZh91AY&SY"), Some(Packing::Bzip2));
    /// assert_eq!(Packing::sniff(b"From a@b"), None);
    /// ```
    pub fn sniff(head: &[u8]) -> Option<Packing> {
        if head.starts_with(&[0x1f, 0x8b]) {
            Some(Packing::Gzip)
        } else if head.len() >= 4 && head.starts_with(b"BZh") && (b'1'..=b'9').contains(&head[3]) {
            Some(Packing::Bzip2)
        } else if head.starts_with(&xz::MAGIC) {
            Some(Packing::Xz)
        } else if head.starts_with(&zstd::MAGIC) || zstd::skippable(head) {
            // A zstd frame, or a skippable frame (pzstd and the seekable
            // format start or end with one).
            Some(Packing::Zstd)
        } else {
            None
        }
    }

    /// The format's name, as errors give it.
    pub fn name(self) -> &'static str {
        match self {
            Packing::Gzip => "gzip",
            Packing::Bzip2 => "bzip2",
            Packing::Xz => "xz",
            Packing::Zstd => "zstd",
        }
    }

    /// A reader of what `r` decodes to, every stream of it to the end.
    pub fn decoder<'a>(self, r: impl BufRead + 'a, limits: &Limits) -> Box<dyn Read + 'a> {
        match self {
            Packing::Gzip => Box::new(gzip::Members::new(r)),
            Packing::Bzip2 => Box::new(bzip2::Streams::new(r, false)),
            Packing::Xz => Box::new(xz::Streams::new(r, limits.dictionary, false)),
            Packing::Zstd => Box::new(zstd::Frames::new(r, limits.dictionary, false)),
        }
    }
}

/// An archive format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Archive {
    /// POSIX (ustar, pax) or GNU tar.
    Tar,
    /// PKWARE zip (zip64 included).
    Zip,
}

impl Archive {
    /// The archive `head` starts (a POSIX or GNU tar header; a zip's first
    /// local file header or the end record of an empty zip).
    pub fn sniff(head: &[u8]) -> Option<Archive> {
        if head.len() >= 262 && &head[257..262] == b"ustar" {
            Some(Archive::Tar)
        } else if head.starts_with(b"PK\x03\x04") || head.starts_with(b"PK\x05\x06") {
            Some(Archive::Zip)
        } else {
            None
        }
    }
}

/// One member of an archive, as the caller reads it.
pub struct Member<'a> {
    /// Its name in the archive, as the archive wrote it (UTF-8, lossy): a
    /// name only, never a path to open.
    pub name: String,
    /// Its bytes, decoded when the archive compresses them (zip); the
    /// archive's checks (CRC, size) are made at their end.
    pub reader: Box<dyn Read + 'a>,
    /// The archive decompresses the member (zip), so that its bytes count
    /// against a cap on decoded bytes.
    pub decoded: bool,
}

/// A reader that stops with an error once the readers sharing its budget
/// have given more than `max` bytes between them: a small file that
/// expands without bound (a "zip bomb") ends at the cap.
pub struct Capped<R> {
    inner: R,
    /// What the readers may still give, shared between them.
    left: Rc<Cell<u64>>,
    max: u64,
    /// The flag the error names.
    flag: &'static str,
}

impl<R> Capped<R> {
    /// `inner`, drawing on `left`, a budget of `max` bytes in all that the
    /// error names with `flag` (`--max-decompressed`).
    pub fn new(inner: R, left: Rc<Cell<u64>>, max: u64, flag: &'static str) -> Self {
        Capped {
            inner,
            left,
            max,
            flag,
        }
    }
}

impl<R: Read> Read for Capped<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let left = self.left.get();
        if left == 0 {
            // One byte more than the cap tells a stream that ends at it
            // from one that goes on.
            let mut one = [0u8];
            if self.inner.read(&mut one)? == 0 {
                return Ok(0);
            }
            return Err(Error::new(
                ErrorKind::Limit,
                format!(
                    "decompressed past {} ({}); stopped",
                    human(self.max),
                    self.flag
                ),
            )
            .into());
        }
        let room = left.min(buf.len() as u64) as usize;
        let n = self.inner.read(&mut buf[..room])?;
        self.left.set(left - n as u64);
        Ok(n)
    }
}

/// `bytes` decoded while its first bytes say it is compressed (a `.tar.gz`
/// is decoded to the tar), within `max` decoded bytes. An error keeps what
/// was decoded before it.
pub fn decode_all(
    mut bytes: Vec<u8>,
    max: u64,
    limits: &Limits,
) -> Result<Vec<u8>, (Vec<u8>, io::Error)> {
    let left = Rc::new(Cell::new(max));
    while let Some(p) = Packing::sniff(&bytes) {
        let mut out = Vec::new();
        let decoder = p.decoder(&bytes[..], limits);
        let read =
            Capped::new(decoder, Rc::clone(&left), max, "--max-decompressed").read_to_end(&mut out);
        bytes = out;
        if let Err(e) = read {
            return Err((bytes, e));
        }
    }
    Ok(bytes)
}

/// The error a decoder met after it had given bytes in the same call:
/// those bytes are returned first, the error by the next read.
#[derive(Default)]
struct Pending(Option<io::Error>);

impl Pending {
    /// The error kept, if any (then the reader stays at its end).
    fn take(&mut self) -> io::Result<()> {
        match self.0.take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// `n` bytes given before `e`: those now, the error next.
    fn after(&mut self, n: usize, e: io::Error) -> io::Result<usize> {
        if n == 0 {
            return Err(e);
        }
        self.0 = Some(e);
        Ok(n)
    }
}

/// Reads exactly `buf.len()` bytes, or says the format's data is
/// truncated.
fn read_exact_or(r: &mut impl Read, buf: &mut [u8], format: &str) -> io::Result<()> {
    r.read_exact(buf).map_err(|e| {
        if e.kind() == io::ErrorKind::UnexpectedEof {
            truncated(format)
        } else {
            e
        }
    })
}

/// Reads to the end of `r`, the bytes dropped: what an archive's stream
/// holds past its last member is read so that the decoders under it
/// check their trailers.
fn drain(r: &mut impl Read) -> io::Result<()> {
    io::copy(r, &mut io::sink()).map(|_| ())
}

#[cfg(test)]
mod tests;
