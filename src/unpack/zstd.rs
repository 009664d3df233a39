//! Zstandard: frames one after another (as `zstd -d` reads them), skippable
//! frames passed over, each frame's window compared with the limit before
//! `ruzstd` allocates it, and its content checksum, when it has one,
//! compared at its end. The frame decoder is driven a block at a time, so
//! that what was decoded before a broken block is given first.

use std::io::{self, BufRead, Read};

use ruzstd::decoding::errors::{FrameDecoderError, FrameHeaderError, ReadFrameHeaderError};
use ruzstd::decoding::{BlockDecodingStrategy, FrameDecoder};

use super::{corrupt, too_large, truncated, Pending};

const NAME: &str = "zstd data";

/// A frame's first bytes.
pub const MAGIC: [u8; 4] = [0x28, 0xb5, 0x2f, 0xfd];

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

    fn step(&mut self, buf: &mut [u8]) -> io::Result<Option<usize>> {
        if self.in_frame {
            if self.decoder.can_collect() > 0 {
                return self.decoder.read(buf).map(Some);
            }
            if self.decoder.is_finished() {
                self.end_frame()?;
                return Ok(None);
            }
            let one = BlockDecodingStrategy::UptoBlocks(1);
            if let Err(e) = self.decoder.decode_blocks(&mut self.source, one) {
                // A frame cut short fails as a malformed block.
                if self.source.fill_buf()?.is_empty() {
                    return Err(truncated(NAME));
                }
                return Err(self.error(e));
            }
            return Ok(None);
        }
        if self.single && self.frames == 1 || self.source.fill_buf()?.is_empty() {
            if self.frames == 0 {
                return Err(truncated(NAME));
            }
            self.done = true;
            return Ok(Some(0));
        }
        match self.decoder.reset(&mut self.source) {
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

impl<R: BufRead> Read for Frames<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.pending.take()?;
        if buf.is_empty() {
            return Ok(0);
        }
        while !self.done {
            match self.step(buf) {
                Ok(Some(n)) if n > 0 || self.done => return Ok(n),
                Ok(_) => {}
                Err(e) => {
                    self.done = true;
                    return Err(e);
                }
            }
        }
        Ok(0)
    }
}
