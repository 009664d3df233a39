//! xz: streams one after another, with the zero padding between them
//! (a multiple of 4 bytes), decoded by `xz4rust` (a port of XZ Embedded),
//! one stream at a time in a loop of this module's: it allocates a
//! block's LZMA2 dictionary only after comparing it with the limit, and
//! checks each block (CRC-32, CRC-64 or SHA-256), the index and the
//! footer.

use std::io::{self, BufRead, Read};

use xz4rust::{XzDecoder, XzError, XzNextBlockResult};

use super::{corrupt, too_large, truncated, Error, ErrorKind, Pending};

const NAME: &str = "xz data";

/// A stream's first bytes.
pub const MAGIC: [u8; 6] = [0xfd, b'7', b'z', b'X', b'Z', 0];

/// Bytes a decoder call may give: what a fault in a block can take with
/// it before the error is known.
const CALL: usize = 4 << 10;

/// The streams of xz data, decoded.
pub struct Streams<R> {
    src: R,
    decoder: Box<XzDecoder<'static>>,
    limit: u64,
    /// A stream is open.
    open: bool,
    /// One stream only (a zip entry): what follows it is not looked at.
    single: bool,
    streams: u64,
    done: bool,
    pending: Pending,
}

impl<R: BufRead> Streams<R> {
    pub fn new(src: R, limit: u64, single: bool) -> Self {
        let max = usize::try_from(limit).unwrap_or(usize::MAX);
        Streams {
            src,
            decoder: XzDecoder::in_heap_with_alloc_dict_size(0, max),
            limit,
            open: false,
            single,
            streams: 0,
            done: false,
            pending: Pending::default(),
        }
    }

    /// Finds the next stream past the padding: `false` at the end of the
    /// input.
    fn start(&mut self) -> io::Result<bool> {
        if self.single && self.streams == 1 {
            return Ok(false);
        }
        let mut zeros = 0u64;
        loop {
            let buf = self.src.fill_buf()?;
            if buf.is_empty() {
                if self.streams == 0 {
                    return Err(truncated(NAME));
                }
                if !zeros.is_multiple_of(4) {
                    return Err(corrupt(NAME, "stream padding not a multiple of 4 bytes"));
                }
                return Ok(false);
            }
            let n = buf.iter().take_while(|&&b| b == 0).count();
            if n == buf.len() {
                zeros += n as u64;
                self.src.consume(n);
                continue;
            }
            zeros += n as u64;
            self.src.consume(n);
            if self.streams == 0 && zeros > 0 || !zeros.is_multiple_of(4) {
                return Err(corrupt(NAME, "stream padding not a multiple of 4 bytes"));
            }
            // The decoder checks the magic bytes.
            self.decoder.reset();
            self.open = true;
            return Ok(true);
        }
    }

    fn decode(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let room = buf.len().min(CALL);
        loop {
            let input = self.src.fill_buf()?;
            if input.is_empty() {
                self.done = true;
                return Err(truncated(NAME));
            }
            match self.decoder.decode(input, &mut buf[..room]) {
                Ok(XzNextBlockResult::NeedMoreData(used, n)) => {
                    self.src.consume(used);
                    if n > 0 || room == 0 {
                        return Ok(n);
                    }
                }
                Ok(XzNextBlockResult::EndOfStream(used, n)) => {
                    self.src.consume(used);
                    self.open = false;
                    self.streams += 1;
                    return Ok(n);
                }
                Err(e) => {
                    self.done = true;
                    return Err(self.error(e));
                }
            }
        }
    }

    fn error(&self, e: XzError) -> io::Error {
        match e {
            XzError::DictionaryTooLarge(n) => too_large(NAME, "dictionary", n, self.limit),
            // The largest dictionary the format has (4 GiB less a byte),
            // which XZ Embedded does not take at all.
            XzError::UnsupportedLzmaProperties(40) => {
                too_large(NAME, "dictionary", u64::from(u32::MAX), self.limit)
            }
            XzError::NeedsLargerInputBuffer => truncated(NAME),
            XzError::ContentCrc32Mismatch(..)
            | XzError::ContentCrc64Mismatch(..)
            | XzError::ContentSha256Mismatch(..) => corrupt(NAME, "a block's check fails"),
            XzError::StreamHeaderMagicNumberMismatch => corrupt(NAME, "not xz data after a stream"),
            XzError::UnsupportedStreamHeaderOption
            | XzError::UnsupportedBlockHeaderOption
            | XzError::UnsupportedLzmaProperties(_)
            | XzError::UnsupportedCheckType(_)
            | XzError::UnsupportedBcjFilter(_) => Error::new(
                ErrorKind::Unsupported,
                format!("xz data uses a filter, check or option urlx does not read ({e})"),
            )
            .into(),
            XzError::IndexCrc32Mismatch(..)
            | XzError::StreamHeaderCrc32Mismatch(..)
            | XzError::BlockHeaderCrc32Mismatch(..)
            | XzError::FooterCrc32Mismatch(..)
            | XzError::FooterMagicNumberMismatch
            | XzError::FooterCheckTypeMismatch(..)
            | XzError::FooterDecoderIndexMismatch(..)
            | XzError::CorruptedDataInBlockIndex => corrupt(NAME, "damaged headers or index"),
            _ => corrupt(NAME, "invalid compressed data"),
        }
    }
}

impl<R: BufRead> Read for Streams<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.pending.take()?;
        loop {
            if self.done {
                return Ok(0);
            }
            if !self.open {
                match self.start() {
                    Ok(true) => {}
                    Ok(false) => {
                        self.done = true;
                        return Ok(0);
                    }
                    Err(e) => {
                        self.done = true;
                        return Err(e);
                    }
                }
            }
            let n = self.decode(buf)?;
            if n > 0 || buf.is_empty() {
                return Ok(n);
            }
        }
    }
}
