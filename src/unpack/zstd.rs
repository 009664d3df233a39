//! Zstandard: frames one after another (as `zstd -d` reads them), skippable
//! frames passed over, each frame's window compared with the limit before
//! `ruzstd` allocates it, and its content checksum, when it has one,
//! compared at its end. The frame decoder is driven a block at a time.
//!
//! `ruzstd` gives a frame's bytes only once they leave its window (up to
//! the window's size, 8 MiB at `zstd -19`, stay back until the frame
//! ends), so a broken frame would lose its last window of text. The
//! frame's compressed bytes are kept as they are read (up to
//! [`KEPT`]): at a fault, a copy whose last whole block is marked the
//! frame's last is decoded again, and the bytes not yet given are given
//! before the error.

use std::io::{self, BufRead, Read};

use ruzstd::decoding::errors::{FrameDecoderError, FrameHeaderError, ReadFrameHeaderError};
use ruzstd::decoding::{BlockDecodingStrategy, FrameDecoder};

use super::{corrupt, too_large, truncated, Pending};

const NAME: &str = "zstd data";

/// A frame's first bytes.
pub const MAGIC: [u8; 4] = [0x28, 0xb5, 0x2f, 0xfd];

/// The most of a frame's compressed bytes kept to give its last window
/// at a fault; a larger frame's last window is lost with the fault.
const KEPT: usize = 16 << 20;

/// Whether `head` starts a skippable frame (magic `0x184D2A5?`).
pub fn skippable(head: &[u8]) -> bool {
    head.len() >= 4 && head[0] & 0xf0 == 0x50 && head[1..4] == [0x2a, 0x4d, 0x18]
}

/// The frames of zstd data, decoded.
pub struct Frames<R> {
    source: R,
    decoder: FrameDecoder,
    limit: u64,
    in_frame: bool,
    /// The current frame's compressed bytes, while they are under
    /// [`KEPT`] (cleared past it: `kept_all` false).
    kept: Vec<u8>,
    kept_all: bool,
    /// Where the last block decoded starts and ends in `kept`.
    block: (usize, usize),
    /// Bytes of the current frame given so far.
    given: u64,
    /// The bytes of a broken frame not given before its fault, to give
    /// before the error: `recovered[at..]`.
    recovered: Vec<u8>,
    at: usize,
    /// One frame only (a zip entry): what follows it is not looked at.
    single: bool,
    frames: u64,
    done: bool,
    pending: Pending,
}

impl<R: BufRead> Frames<R> {
    pub fn new(source: R, limit: u64, single: bool) -> Self {
        let mut decoder = FrameDecoder::new();
        decoder.set_max_window_size(limit);
        Frames {
            source,
            decoder,
            limit,
            in_frame: false,
            kept: Vec::new(),
            kept_all: true,
            block: (0, 0),
            given: 0,
            recovered: Vec::new(),
            at: 0,
            single,
            frames: 0,
            done: false,
            pending: Pending::default(),
        }
    }

    fn error(&self, e: FrameDecoderError) -> io::Error {
        match e {
            FrameDecoderError::WindowSizeTooBig { requested, .. } => {
                too_large(NAME, "window", requested, self.limit)
            }
            FrameDecoderError::FrameHeaderError(FrameHeaderError::WindowTooBig { got })
            | FrameDecoderError::FailedToInitialize(FrameHeaderError::WindowTooBig { got }) => {
                too_large(NAME, "window", got, self.limit)
            }
            FrameDecoderError::ReadFrameHeaderError(ReadFrameHeaderError::BadMagicNumber(_)) => {
                corrupt(NAME, "not zstd data after a frame")
            }
            FrameDecoderError::FailedToReadChecksum(_) => truncated(NAME),
            _ => corrupt(NAME, "invalid compressed data"),
        }
    }

    /// A frame ended: its checksum, if it has one.
    fn end_frame(&mut self) -> io::Result<()> {
        self.in_frame = false;
        self.frames += 1;
        if let (Some(want), Some(got)) = (
            self.decoder.get_checksum_from_data(),
            self.decoder.get_calculated_checksum(),
        ) {
            if want != got {
                return Err(corrupt(NAME, "content checksum mismatch"));
            }
        }
        Ok(())
    }

    /// The frame's bytes after its last whole block, decoded again from
    /// the kept compressed bytes with that block marked the last: those
    /// not given yet, to give before the fault's error.
    fn recover(&mut self) {
        let (start, end) = self.block;
        if !self.kept_all || end == 0 || end > self.kept.len() {
            return;
        }
        let mut copy = self.kept[..end].to_vec();
        // Bit 0 of a block's header: the last block.
        copy[start] |= 1;
        // A checksum the frame says follows its last block (not checked).
        if copy[4] & 4 != 0 {
            copy.extend([0; 4]);
        }
        let mut d = FrameDecoder::new();
        d.set_max_window_size(self.limit);
        let mut src = &copy[..];
        if d.reset(&mut src).is_err()
            || d.decode_blocks(&mut src, BlockDecodingStrategy::All)
                .is_err()
        {
            return;
        }
        let mut all = Vec::new();
        if d.read_to_end(&mut all).is_ok() && all.len() as u64 >= self.given {
            self.recovered = all.split_off(self.given as usize);
            self.at = 0;
        }
    }

    fn step(&mut self, buf: &mut [u8]) -> io::Result<Option<usize>> {
        if self.in_frame {
            if self.decoder.can_collect() > 0 {
                let n = self.decoder.read(buf)?;
                self.given += n as u64;
                return Ok(Some(n));
            }
            if self.decoder.is_finished() {
                self.end_frame()?;
                return Ok(None);
            }
            let one = BlockDecodingStrategy::UptoBlocks(1);
            let before = self.decoder.bytes_read_from_source() as usize;
            let mut source = Kept {
                inner: &mut self.source,
                kept: &mut self.kept,
                all: &mut self.kept_all,
            };
            if let Err(e) = self.decoder.decode_blocks(&mut source, one) {
                // A frame cut short fails as a malformed block.
                let e = if self.source.fill_buf()?.is_empty() {
                    truncated(NAME)
                } else {
                    self.error(e)
                };
                // What the frame decoded and kept back, then the error.
                self.recover();
                self.pending.0 = Some(e);
                self.done = true;
                return Ok(None);
            }
            self.block = (before, self.decoder.bytes_read_from_source() as usize);
            return Ok(None);
        }
        if self.single && self.frames == 1 || self.source.fill_buf()?.is_empty() {
            if self.frames == 0 {
                return Err(truncated(NAME));
            }
            self.done = true;
            return Ok(Some(0));
        }
        self.kept.clear();
        self.kept_all = true;
        self.block = (0, 0);
        self.given = 0;
        let mut source = Kept {
            inner: &mut self.source,
            kept: &mut self.kept,
            all: &mut self.kept_all,
        };
        match self.decoder.reset(&mut source) {
            Ok(()) => self.in_frame = true,
            // A skippable frame: its header is read, its content passed over.
            Err(FrameDecoderError::ReadFrameHeaderError(ReadFrameHeaderError::SkipFrame {
                length,
                ..
            })) => {
                let length = u64::from(length);
                let skipped = io::copy(&mut (&mut self.source).take(length), &mut io::sink())?;
                if skipped < length {
                    return Err(truncated(NAME));
                }
                self.frames += 1;
            }
            // A frame header cut short fails as a malformed one.
            Err(_) if self.source.fill_buf()?.is_empty() => return Err(truncated(NAME)),
            Err(e) => return Err(self.error(e)),
        }
        Ok(None)
    }
}

/// The source of a frame, its bytes kept while they are under [`KEPT`].
struct Kept<'a, R> {
    inner: &'a mut R,
    kept: &'a mut Vec<u8>,
    all: &'a mut bool,
}

impl<R: Read> Read for Kept<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        if *self.all {
            if self.kept.len() + n > KEPT {
                *self.all = false;
                *self.kept = Vec::new();
            } else {
                self.kept.extend_from_slice(&buf[..n]);
            }
        }
        Ok(n)
    }
}

impl<R: BufRead> Read for Frames<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        loop {
            if self.at < self.recovered.len() {
                let n = buf.len().min(self.recovered.len() - self.at);
                buf[..n].copy_from_slice(&self.recovered[self.at..self.at + n]);
                self.at += n;
                return Ok(n);
            }
            self.pending.take()?;
            if self.done {
                return Ok(0);
            }
            match self.step(buf) {
                Ok(Some(n)) if n > 0 => return Ok(n),
                Ok(_) => {}
                Err(e) => {
                    self.done = true;
                    return Err(e);
                }
            }
        }
    }
}
