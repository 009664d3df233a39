//! Links from an `io::Read`, in chunks, with bounded memory. The window
//! keeps what any decision can look at: the caps' look-back before the
//! next trigger, and the look-ahead after it (see `Limits`), so a link is
//! the same whether its bytes arrived in one read or in many.

#![forbid(unsafe_code)]

use std::io::{self, Read};

use crate::find::{Finder, LineCounter, Link, State};

impl Finder {
    /// The links in everything `reader` yields, read in chunks: memory stays
    /// bounded by the caps whatever the input's size, and the links are
    /// those [`Finder::links`] gives for the whole input (a URL across a
    /// chunk boundary included). Spans, lines and columns count from the
    /// start of the stream.
    ///
    /// ```
    /// let text = "see <http://a.example/long/\n   path> and http://b.example/";
    /// let finder = urlx::Finder::new();
    /// let urls: Vec<String> = finder
    ///     .stream(text.as_bytes())
    ///     .map(|l| l.map(|l| l.as_str().to_owned()))
    ///     .collect::<Result<_, _>>()
    ///     .unwrap();
    /// assert_eq!(urls, ["http://a.example/long/path", "http://b.example/"]);
    /// ```
    pub fn stream<R: std::io::Read>(&self, reader: R) -> StreamLinks<'_, R> {
        StreamLinks::new(self, reader)
    }
}

/// Bytes asked of the reader at a time, by default.
const CHUNK: usize = 64 * 1024;

/// The links in a stream; made by [`Finder::stream`]. Yields an error
/// when the reader fails, then ends.
#[derive(Debug)]
pub struct StreamLinks<'f, R> {
    finder: &'f Finder,
    reader: R,
    buf: Vec<u8>,
    /// Offset in the stream of `buf[0]`.
    base: usize,
    st: State,
    lines: LineCounter,
    eof: bool,
    failed: bool,
    chunk: usize,
}

impl<'f, R: Read> StreamLinks<'f, R> {
    pub(crate) fn new(finder: &'f Finder, reader: R) -> Self {
        StreamLinks {
            finder,
            reader,
            buf: Vec::new(),
            base: 0,
            st: State::default(),
            lines: LineCounter::default(),
            eof: false,
            failed: false,
            chunk: CHUNK,
        }
    }

    /// Sets how many bytes to ask of the reader at a time (default 64 KiB,
    /// at least 1). Memory is about this plus the caps' look-ahead.
    pub fn chunk_size(mut self, bytes: usize) -> Self {
        self.chunk = bytes.max(1);
        self
    }

    /// Bytes read so far.
    pub fn bytes_read(&self) -> usize {
        self.base + self.buf.len()
    }

    /// Drops the bytes no later decision can look at.
    fn compact(&mut self) {
        let keep_from = self
            .st
            .pos
            .min(self.buf.len())
            .saturating_sub(self.finder.back() + 128);
        // Moving the window costs its length, and forgets what triggers
        // learnt of the bytes ahead (`State::shift`), which may cost up to
        // the look-ahead to learn again: do it once a chunk, at least 4 KiB
        // and the look-ahead can go, so that reading stays linear.
        if keep_from < self.chunk.max(4096).max(self.finder.forward()) {
            return;
        }
        // Lines are counted before their bytes go.
        self.lines
            .advance(&self.buf, self.base, self.base + keep_from);
        self.buf.drain(..keep_from);
        self.base += keep_from;
        self.st.shift(keep_from);
    }

    /// Reads until the window holds a chunk past the look-ahead, or the
    /// input ends.
    fn fill(&mut self) -> io::Result<()> {
        let want = self.st.pos + self.finder.forward() + 64 + self.chunk;
        while !self.eof && self.buf.len() < want {
            let len = self.buf.len();
            self.buf.resize(len + self.chunk, 0);
            match self.reader.read(&mut self.buf[len..]) {
                Ok(0) => {
                    self.buf.truncate(len);
                    self.eof = true;
                }
                Ok(n) => self.buf.truncate(len + n),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => self.buf.truncate(len),
                Err(e) => {
                    self.buf.truncate(len);
                    return Err(e);
                }
            }
        }
        Ok(())
    }
}

impl<R: Read> Iterator for StreamLinks<'_, R> {
    type Item = io::Result<Link<'static>>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        loop {
            let len = self.buf.len();
            if let Some(link) = self.finder.next_in(&self.buf, &mut self.st, len, self.eof) {
                let mut link = link.into_owned().shift(self.base);
                let (line, col) = self.lines.advance(&self.buf, self.base, link.start());
                link.set_position(line, col);
                return Some(Ok(link));
            }
            if self.eof {
                return None;
            }
            self.compact();
            if let Err(e) = self.fill() {
                self.failed = true;
                return Some(Err(e));
            }
        }
    }
}
