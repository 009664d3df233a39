//! gzip (RFC 1952): members one after another, each a header, raw
//! deflate (`deflate`) and a trailer of CRC-32 and length, checked.

use std::io::{self, BufRead, Read};

use flate2::{Crc, Decompress};

use super::deflate::{self, Step};
use super::{corrupt, read_exact_or, truncated, Pending};

const NAME: &str = "gzip data";

/// The members of a gzip stream, decoded.
pub struct Members<R> {
    src: R,
    inflate: Decompress,
    crc: Crc,
    state: State,
    /// Members read to their trailer.
    members: u64,
    pending: Pending,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// Before a member's header (or the end).
    Header,
    Body,
    Done,
}

impl<R: BufRead> Members<R> {
    pub fn new(src: R) -> Self {
        Members {
            src,
            inflate: Decompress::new(false),
            crc: Crc::new(),
            state: State::Header,
            members: 0,
            pending: Pending::default(),
        }
    }

    /// Reads a member's header, or finds the end of the stream: `false`
    /// at the end.
    fn header(&mut self) -> io::Result<bool> {
        let first = self.src.fill_buf()?;
        if first.is_empty() {
            if self.members == 0 {
                return Err(truncated(NAME));
            }
            return Ok(false);
        }
        if self.members > 0 && first[0] == 0 {
            // Zeros after the last member (a tape's padding): what gzip
            // itself passes over.
            return skip_zeros(&mut self.src).map(|()| false);
        }
        let mut fixed = [0u8; 10];
        read_exact_or(&mut self.src, &mut fixed, NAME)?;
        if fixed[..2] != [0x1f, 0x8b] {
            return Err(corrupt(NAME, "not gzip data after a member"));
        }
        if fixed[2] != 8 {
            return Err(corrupt(NAME, format!("compression method {}", fixed[2])));
        }
        let flags = fixed[3];
        if flags & 0xe0 != 0 {
            return Err(corrupt(NAME, "reserved header flags set"));
        }
        if flags & 4 != 0 {
            // FEXTRA: a length, then that many bytes.
            let mut len = [0u8; 2];
            read_exact_or(&mut self.src, &mut len, NAME)?;
            let len = u64::from(u16::from_le_bytes(len));
            let skipped = io::copy(&mut (&mut self.src).take(len), &mut io::sink())?;
            if skipped < len {
                return Err(truncated(NAME));
            }
        }
        // FNAME, FCOMMENT: zero-terminated, passed over without a copy.
        for flag in [8, 16] {
            if flags & flag != 0 && !skip_past_zero(&mut self.src)? {
                return Err(truncated(NAME));
            }
        }
        if flags & 2 != 0 {
            let mut hcrc = [0u8; 2];
            read_exact_or(&mut self.src, &mut hcrc, NAME)?;
        }
        self.inflate.reset(false);
        self.crc.reset();
        Ok(true)
    }

    /// Checks a member's trailer against what its body gave.
    fn trailer(&mut self) -> io::Result<()> {
        let mut t = [0u8; 8];
        read_exact_or(&mut self.src, &mut t, NAME)?;
        let crc = u32::from_le_bytes([t[0], t[1], t[2], t[3]]);
        let len = u32::from_le_bytes([t[4], t[5], t[6], t[7]]);
        if crc != self.crc.sum() {
            return Err(corrupt(NAME, "CRC-32 mismatch"));
        }
        if len != self.crc.amount() {
            return Err(corrupt(NAME, "length mismatch"));
        }
        self.members += 1;
        Ok(())
    }

    fn body(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let (n, ended) = match deflate::step(&mut self.inflate, &mut self.src, buf, NAME) {
            Step::Data(n) => (n, false),
            Step::End(n) => (n, true),
            Step::Fault(n, e) => {
                self.crc.update(&buf[..n]);
                self.state = State::Done;
                return self.pending.after(n, e);
            }
        };
        self.crc.update(&buf[..n]);
        if ended {
            if let Err(e) = self.trailer() {
                self.state = State::Done;
                return self.pending.after(n, e);
            }
            // The next member's bytes, if none came of this one, are
            // read by the caller's loop.
            self.state = State::Header;
        }
        Ok(n)
    }
}

impl<R: BufRead> Read for Members<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.pending.take()?;
        loop {
            match self.state {
                State::Done => return Ok(0),
                State::Header => match self.header() {
                    Ok(true) => self.state = State::Body,
                    Ok(false) => {
                        self.state = State::Done;
                        return Ok(0);
                    }
                    Err(e) => {
                        self.state = State::Done;
                        return Err(e);
                    }
                },
                State::Body => {
                    let n = self.body(buf)?;
                    if n > 0 || buf.is_empty() || self.state != State::Header {
                        return Ok(n);
                    }
                }
            }
        }
    }
}

/// Passes over bytes up to and including a zero; `false` if the input
/// ended first.
fn skip_past_zero(r: &mut impl BufRead) -> io::Result<bool> {
    loop {
        let buf = r.fill_buf()?;
        if buf.is_empty() {
            return Ok(false);
        }
        if let Some(i) = memchr::memchr(0, buf) {
            r.consume(i + 1);
            return Ok(true);
        }
        let n = buf.len();
        r.consume(n);
    }
}

/// Passes over zeros to the end of the input; anything else is an error.
fn skip_zeros(r: &mut impl BufRead) -> io::Result<()> {
    loop {
        let buf = r.fill_buf()?;
        if buf.is_empty() {
            return Ok(());
        }
        if buf.iter().any(|&b| b != 0) {
            return Err(corrupt(NAME, "not gzip data after a member"));
        }
        let n = buf.len();
        r.consume(n);
    }
}
