//! Standard output that ends quietly on a broken pipe (`urlx ... | head`).

use std::io::{self, BufWriter, Write};

/// Buffered stdout. A broken pipe is not an error for a filter: the reader
/// has what it wanted, so the command stops and exits 0.
pub struct Out {
    w: BufWriter<io::StdoutLock<'static>>,
    pub closed: bool,
}

impl Out {
    pub fn new() -> Self {
        Out {
            w: BufWriter::with_capacity(64 * 1024, io::stdout().lock()),
            closed: false,
        }
    }

    /// Writes a line; returns `false` once the reader has gone away.
    pub fn line(&mut self, s: &str) -> io::Result<bool> {
        if self.closed {
            return Ok(false);
        }
        let r = self
            .w
            .write_all(s.as_bytes())
            .and_then(|()| self.w.write_all(b"\n"));
        self.check(r)
    }

    /// Writes a record and its terminator (newline, or NUL for `-0`).
    pub fn record(&mut self, s: &[u8], term: u8) -> io::Result<bool> {
        if self.closed {
            return Ok(false);
        }
        let r = self.w.write_all(s).and_then(|()| self.w.write_all(&[term]));
        self.check(r)
    }

    /// Writes `v` as one JSON object and the terminator; returns `false`
    /// once the reader has gone away.
    pub fn json<T: serde::Serialize + ?Sized>(&mut self, v: &T, term: u8) -> io::Result<bool> {
        if self.closed {
            return Ok(false);
        }
        let r = super::json::write(&mut self.w, v).and_then(|()| self.w.write_all(&[term]));
        self.check(r)
    }

    pub fn flush(&mut self) -> io::Result<bool> {
        if self.closed {
            return Ok(false);
        }
        let r = self.w.flush();
        self.check(r)
    }

    fn check(&mut self, r: io::Result<()>) -> io::Result<bool> {
        match r {
            Ok(()) => Ok(true),
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(false)
            }
            Err(e) => Err(e),
        }
    }
}
