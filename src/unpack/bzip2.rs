//! bzip2: streams one after another. A decoder is made per stream that
//! holds a block; an empty stream (its 14 bytes: header, end marker and a
//! zero CRC) is passed over without one, since making a decoder zeroes its
//! block buffer (3.6 MB at level 9): 8,000 empty streams would cost 28 GB
//! of writes.

use std::io::{self, BufRead, Read};

use bzip2::{Decompress, Status};

use super::{corrupt, truncated, Pending};

const NAME: &str = "bzip2 data";

/// The bytes of a stream with no block: `BZh`, a level, the end-of-stream
/// marker, a combined CRC of 0.
const EMPTY_LEN: usize = 14;
const END_MARKER: [u8; 6] = [0x17, 0x72, 0x45, 0x38, 0x50, 0x90];

/// The streams of bzip2 data, decoded.
pub struct Streams<R> {
    src: R,
    decoder: Option<Decompress>,
    /// A stream's first bytes, read to tell whether it is empty, still to
    /// be given to its decoder: `head[at..len]`.
    head: [u8; EMPTY_LEN],
    at: usize,
    len: usize,
    /// One stream only (a zip entry): what follows it is not looked at.
    single: bool,
    streams: u64,
    done: bool,
    pending: Pending,
}

impl<R: BufRead> Streams<R> {
    pub fn new(src: R, single: bool) -> Self {
        Streams {
            src,
            decoder: None,
            head: [0; EMPTY_LEN],
            at: 0,
            len: 0,
            single,
            streams: 0,
            done: false,
            pending: Pending::default(),
        }
    }

    /// Starts the next stream: `false` at the end of the input. Empty
    /// streams are passed over here.
    fn start(&mut self) -> io::Result<bool> {
        loop {
            if self.single && self.streams == 1 {
                return Ok(false);
            }
            self.len = 0;
            while self.len < EMPTY_LEN {
                let buf = self.src.fill_buf()?;
                if buf.is_empty() {
                    break;
                }
                let n = buf.len().min(EMPTY_LEN - self.len);
                self.head[self.len..self.len + n].copy_from_slice(&buf[..n]);
                self.src.consume(n);
                self.len += n;
            }
            self.at = 0;
            let head = &self.head[..self.len];
            if head.is_empty() {
                if self.streams == 0 {
                    return Err(truncated(NAME));
                }
                return Ok(false);
            }
            if self.streams > 0 && !head.starts_with(b"BZh") {
                return Err(corrupt(NAME, "not bzip2 data after a stream"));
            }
            let empty = head.len() == EMPTY_LEN
                && (b'1'..=b'9').contains(&head[3])
                && head[4..10] == END_MARKER
                && head[10..] == [0; 4];
            if !empty {
                self.decoder = Some(Decompress::new(false));
                return Ok(true);
            }
            self.streams += 1;
        }
    }

    /// Decodes into `buf` from the stream's decoder; `None` once the
    /// stream has ended with nothing more for `buf`.
    fn decode(&mut self, buf: &mut [u8]) -> io::Result<Option<usize>> {
        let Some(d) = self.decoder.as_mut() else {
            return Ok(None);
        };
        loop {
            let from_head = self.at < self.len;
            let input: &[u8] = if from_head {
                &self.head[self.at..self.len]
            } else {
                self.src.fill_buf()?
            };
            let eof = input.is_empty();
            let (in0, out0) = (d.total_in(), d.total_out());
            let status = d.decompress(input, buf);
            let consumed = (d.total_in() - in0) as usize;
            let n = (d.total_out() - out0) as usize;
            if from_head {
                self.at += consumed;
            } else {
                self.src.consume(consumed);
            }
            match status {
                Err(e) => {
                    self.done = true;
                    return self.pending.after(n, corrupt(NAME, e)).map(Some);
                }
                Ok(Status::StreamEnd) => {
                    self.decoder = None;
                    self.streams += 1;
                    return Ok((n > 0 || buf.is_empty()).then_some(n));
                }
                Ok(_) if n > 0 || buf.is_empty() => return Ok(Some(n)),
                Ok(_) if eof => {
                    self.done = true;
                    return Err(truncated(NAME));
                }
                Ok(_) if consumed == 0 && !from_head => {
                    self.done = true;
                    return Err(corrupt(NAME, "the data does not go on"));
                }
                Ok(_) => {}
            }
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
            if self.decoder.is_none() {
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
            if let Some(n) = self.decode(buf)? {
                return Ok(n);
            }
        }
    }
}
