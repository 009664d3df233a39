//! Compressed inputs and archives, known by their first bytes: gzip,
//! bzip2, xz and zstd streams are decoded as they are read; a tar or zip
//! archive's members are read one by one, each as an input of its own. A
//! member's path is only a name: nothing is ever written to or opened on
//! disk by it.

use std::cell::Cell;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::rc::Rc;

use crate::walk::reason;

/// A compression format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Packing {
    Gzip,
    Bzip2,
    Xz,
    Zstd,
}

impl Packing {
    /// The format whose magic bytes `head` starts with.
    pub fn sniff(head: &[u8]) -> Option<Packing> {
        if head.starts_with(&[0x1f, 0x8b]) {
            Some(Packing::Gzip)
        } else if head.len() >= 4 && head.starts_with(b"BZh") && (b'1'..=b'9').contains(&head[3]) {
            Some(Packing::Bzip2)
        } else if head.starts_with(&[0xfd, b'7', b'z', b'X', b'Z', 0]) {
            Some(Packing::Xz)
        } else if head.starts_with(&[0x28, 0xb5, 0x2f, 0xfd])
            || head.len() >= 4 && head[0] & 0xf0 == 0x50 && head[1..4] == [0x2a, 0x4d, 0x18]
        {
            // A zstd frame, or a skippable frame (pzstd and the seekable
            // format start or end with one).
            Some(Packing::Zstd)
        } else {
            None
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Packing::Gzip => "gzip",
            Packing::Bzip2 => "bzip2",
            Packing::Xz => "xz",
            Packing::Zstd => "zstd",
        }
    }

    /// A reader of what `r` decodes to; its errors name the format.
    pub fn decoder<'a>(self, r: impl BufRead + 'a) -> Box<dyn Read + 'a> {
        let inner: Box<dyn Read + 'a> = match self {
            // Concatenated members are one stream (as `zcat` reads them).
            Packing::Gzip => Box::new(flate2::bufread::MultiGzDecoder::new(r)),
            Packing::Bzip2 => Box::new(bzip2::bufread::MultiBzDecoder::new(r)),
            Packing::Xz => Box::new(lzma_rust2::XzReader::new(r, true)),
            Packing::Zstd => Box::new(ZstdFrames {
                source: r,
                decoder: ruzstd::decoding::FrameDecoder::new(),
                in_frame: false,
            }),
        };
        Box::new(Named {
            inner,
            format: self.name(),
        })
    }
}

/// An archive format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Archive {
    Tar,
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

/// Maps a decoder's errors to errors that say what was being decoded, and
/// an end of input inside the stream to "truncated".
struct Named<R> {
    inner: R,
    format: &'static str,
}

impl<R: Read> Read for Named<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.inner.read(buf).map_err(|e| {
            let what = if e.kind() == io::ErrorKind::UnexpectedEof {
                "truncated".to_owned()
            } else {
                format!("corrupt ({})", reason(&e))
            };
            io::Error::new(
                io::ErrorKind::InvalidData,
                Decoding(format!("{} data {what}", self.format)),
            )
        })
    }
}

/// A decoder's error, worded.
#[derive(Debug)]
struct Decoding(String);

impl std::fmt::Display for Decoding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Decoding {}

/// zstd frames one after another (as `zstd -d` reads them); ruzstd's
/// frame decoder is driven here a block at a time.
struct ZstdFrames<R> {
    source: R,
    decoder: ruzstd::decoding::FrameDecoder,
    in_frame: bool,
}

impl<R: BufRead> Read for ZstdFrames<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let bad = |e: &dyn std::fmt::Display| io::Error::other(e.to_string());
        loop {
            if self.in_frame {
                if self.decoder.can_collect() > 0 {
                    return self.decoder.read(buf);
                }
                if self.decoder.is_finished() {
                    self.in_frame = false;
                    continue;
                }
                let one = ruzstd::decoding::BlockDecodingStrategy::UptoBlocks(1);
                if let Err(e) = self.decoder.decode_blocks(&mut self.source, one) {
                    // A frame cut short fails as a malformed block.
                    if self.source.fill_buf()?.is_empty() {
                        return Err(io::ErrorKind::UnexpectedEof.into());
                    }
                    return Err(bad(&e));
                }
                continue;
            }
            if buf.is_empty() || self.source.fill_buf()?.is_empty() {
                return Ok(0);
            }
            use ruzstd::decoding::errors::{FrameDecoderError, ReadFrameHeaderError};
            match self.decoder.reset(&mut self.source) {
                Ok(()) => self.in_frame = true,
                // A skippable frame: its header is read, its content passed over.
                Err(FrameDecoderError::ReadFrameHeaderError(ReadFrameHeaderError::SkipFrame {
                    length,
                    ..
                })) => {
                    let skipped = io::copy(
                        &mut (&mut self.source).take(u64::from(length)),
                        &mut io::sink(),
                    )?;
                    if skipped < u64::from(length) {
                        return Err(io::ErrorKind::UnexpectedEof.into());
                    }
                }
                // A frame header cut short fails as a malformed one.
                Err(_) if self.source.fill_buf()?.is_empty() => {
                    return Err(io::ErrorKind::UnexpectedEof.into());
                }
                Err(e) => return Err(bad(&e)),
            }
        }
    }
}

/// Stops with an error once the decoders of one input have given more
/// than `--max-decompressed` bytes between them: a small file that
/// expands without bound (a "zip bomb") ends at the cap.
pub struct Capped<R> {
    inner: R,
    /// What the input's decoders may still give, shared between them.
    left: Rc<Cell<u64>>,
    max: u64,
}

impl<R> Capped<R> {
    pub fn new(inner: R, left: Rc<Cell<u64>>, max: u64) -> Self {
        Capped { inner, left, max }
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
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "decompressed past {} (--max-decompressed); stopped",
                    human(self.max)
                ),
            ));
        }
        let room = left.min(buf.len() as u64) as usize;
        let n = self.inner.read(&mut buf[..room])?;
        self.left.set(left - n as u64);
        Ok(n)
    }
}

/// A byte count as the user wrote it (`4G`) where it is a round one.
pub fn human(n: u64) -> String {
    for (unit, shift) in [("G", 30), ("M", 20), ("K", 10)] {
        if n >= 1 << shift && n.is_multiple_of(1 << shift) {
            return format!("{} {unit}iB", n >> shift);
        }
    }
    format!("{n} bytes")
}

/// `bytes` decoded while its first bytes say it is compressed (a `.tar.gz`
/// is decoded to the tar), within `max` bytes. An error keeps what was
/// decoded before it.
pub fn decode_all(mut bytes: Vec<u8>, max: u64) -> Result<Vec<u8>, (Vec<u8>, io::Error)> {
    let left = Rc::new(Cell::new(max));
    while let Some(p) = Packing::sniff(&bytes) {
        let mut out = Vec::new();
        let read = Capped::new(p.decoder(&bytes[..]), Rc::clone(&left), max).read_to_end(&mut out);
        bytes = out;
        if let Err(e) = read {
            return Err((bytes, e));
        }
    }
    Ok(bytes)
}

/// One member of an archive, as the caller reads it.
pub struct Member<'a> {
    pub name: String,
    pub reader: Box<dyn Read + 'a>,
    /// The archive decompresses the member (zip), so its bytes count
    /// against `--max-decompressed`.
    pub decoded: bool,
}

/// Calls `each` for every regular file in a tar archive, in order.
/// Directories, links and devices have no content and are passed over.
pub fn tar_members(
    r: impl Read,
    mut each: impl FnMut(Member<'_>) -> io::Result<bool>,
) -> io::Result<()> {
    let mut archive = tar::Archive::new(r);
    for entry in archive.entries()? {
        let entry = entry.map_err(|e| tar_error(&e))?;
        let kind = entry.header().entry_type();
        if !(kind.is_file() || kind == tar::EntryType::Continuous) {
            continue;
        }
        let name = String::from_utf8_lossy(&entry.path_bytes()).into_owned();
        let member = Member {
            name,
            reader: Box::new(TarReads(entry)),
            decoded: false,
        };
        if !each(member)? {
            break;
        }
    }
    Ok(())
}

/// A tar member whose read errors say they are the archive's.
struct TarReads<R>(R);

impl<R: Read> Read for TarReads<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.0.read(buf).map_err(|e| tar_error(&e))
    }
}

fn tar_error(e: &io::Error) -> io::Error {
    if e.get_ref().is_some_and(|inner| inner.is::<Decoding>()) {
        // A decoder's error under the archive: it says what it is.
        return io::Error::new(e.kind(), e.to_string());
    }
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("tar archive corrupt or truncated ({})", reason(e)),
    )
}

/// Calls `each` for every file in a zip archive, in order: read through
/// its central directory when it is a file, else entry by entry from the
/// stream.
pub fn zip_members(
    file: Option<File>,
    stream: impl Read,
    mut each: impl FnMut(Member<'_>) -> io::Result<bool>,
) -> io::Result<()> {
    if let Some(file) = file {
        let mut z = zip::ZipArchive::new(BufReader::new(file)).map_err(zip_error)?;
        for i in 0..z.len() {
            let m = z.by_index(i).map_err(zip_error)?;
            if m.is_file() && !each(zip_member(m))? {
                break;
            }
        }
        return Ok(());
    }
    let mut stream = stream;
    while let Some(m) = zip::read::read_zipfile_from_stream(&mut stream).map_err(zip_error)? {
        if m.is_file() && !each(zip_member(m))? {
            break;
        }
    }
    Ok(())
}

/// A zip entry as a member: the zip reader decompresses it.
fn zip_member<'a, R: Read + 'a>(m: zip::read::ZipFile<'a, R>) -> Member<'a> {
    Member {
        name: m.name().to_owned(),
        reader: Box::new(ZipReads(m)),
        decoded: true,
    }
}

struct ZipReads<R>(R);

impl<R: Read> Read for ZipReads<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.0.read(buf).map_err(|e| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("zip member corrupt ({})", reason(&e)),
            )
        })
    }
}

fn zip_error(e: zip::result::ZipError) -> io::Error {
    match e {
        zip::result::ZipError::Io(e) => {
            io::Error::new(e.kind(), format!("zip archive unreadable ({})", reason(&e)))
        }
        e => io::Error::new(io::ErrorKind::InvalidData, format!("zip archive: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_with_their_units() {
        use crate::flags::parse_size;
        assert_eq!(parse_size("4G"), Ok(4 << 30));
        assert_eq!(parse_size("512m"), Ok(512 << 20));
        assert_eq!(parse_size("100"), Ok(100));
        assert!(parse_size("0").is_err());
        assert!(parse_size("lots").is_err());
        assert!(parse_size("99999999999T").is_err());
        assert_eq!(human(4 << 30), "4 GiB");
        assert_eq!(human(1000), "1000 bytes");
    }

    #[test]
    fn the_cap_lets_a_stream_end_at_it_and_stops_one_past_it() {
        let cap = |n| Rc::new(Cell::new(n));
        let mut out = Vec::new();
        Capped::new(&b"12345"[..], cap(5), 5)
            .read_to_end(&mut out)
            .unwrap();
        assert_eq!(out, b"12345");
        let mut out = Vec::new();
        let e = Capped::new(&b"123456"[..], cap(5), 5)
            .read_to_end(&mut out)
            .unwrap_err();
        assert!(e.to_string().contains("--max-decompressed"), "{e}");
        assert_eq!(out, b"12345");
        // Two decoders of one input share the cap.
        let left = cap(5);
        let mut out = Vec::new();
        Capped::new(&b"123"[..], Rc::clone(&left), 5)
            .read_to_end(&mut out)
            .unwrap();
        assert!(Capped::new(&b"456"[..], left, 5)
            .read_to_end(&mut out)
            .is_err());
    }
}
