//! Mail input read as a stream, message by message: runs of whole
//! messages cut at mbox `From ` lines, each message at most `--max-message`
//! bytes; a larger one is handed over as a reader of its bytes up to the
//! next separator, to be read as text in pieces. Memory holds one run and
//! one message under the cap, never a message past it.

use std::io::{self, Read};

use urlx::mail::{self, Separator};

/// Bytes asked of the reader at a time.
const READ: usize = 256 << 10;

/// An input's messages.
pub struct Messages<'r> {
    r: &'r mut dyn Read,
    /// What is read and not handed out; `buf[pos]` is at offset `at` of
    /// the input, and starts a message.
    buf: Vec<u8>,
    pos: usize,
    at: u64,
    eof: bool,
    error: Option<io::Error>,
    /// An mbox (cut at `From ` lines), else one message.
    mbox: bool,
    max: usize,
    /// The message at `buf[pos]` is known to be past the cap.
    oversize: bool,
}

/// What [`Messages::next`] hands out.
pub enum Next {
    /// Whole messages, `bytes`, from offset `start` of the input.
    Whole {
        bytes: Vec<u8>,
        start: u64,
    },
    /// A message longer than the cap starts at offset `start`: its bytes
    /// come from [`Messages::oversize`].
    Oversize {
        start: u64,
    },
    End,
}

impl<'r> Messages<'r> {
    /// The messages of `head` (the input's first bytes, read already) and
    /// the rest of `r`.
    pub fn new(head: Vec<u8>, r: &'r mut dyn Read, mbox: bool, max: usize) -> Self {
        Messages {
            r,
            buf: head,
            pos: 0,
            at: 0,
            eof: false,
            error: None,
            mbox,
            max,
            oversize: false,
        }
    }

    /// The bytes read, and the error that stopped the reading, if one
    /// did (what was read before it is handed out).
    pub fn finish(self) -> (u64, Option<io::Error>) {
        (self.at + (self.buf.len() - self.pos) as u64, self.error)
    }

    /// Reads more onto `buf` (after dropping what was handed out); an
    /// error ends the input and is kept.
    fn read_more(&mut self) {
        if self.pos > 0 {
            self.buf.drain(..self.pos);
            self.pos = 0;
        }
        let len = self.buf.len();
        self.buf.resize(len + READ, 0);
        loop {
            match self.r.read(&mut self.buf[len..]) {
                Ok(n) => {
                    self.buf.truncate(len + n);
                    self.eof |= n == 0;
                    return;
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.buf.truncate(len);
                    self.eof = true;
                    self.error = Some(e);
                    return;
                }
            }
        }
    }

    /// Hands out `n` bytes from `pos`.
    fn take(&mut self, n: usize) -> Next {
        let start = self.at;
        let bytes = self.buf[self.pos..self.pos + n].to_vec();
        self.pos += n;
        self.at += n as u64;
        Next::Whole { bytes, start }
    }

    /// The next messages: at least `want` bytes of them, unless the input
    /// ends or the next message is past the cap.
    pub fn next(&mut self, want: usize) -> Next {
        if self.oversize {
            self.oversize = false;
            return Next::Oversize { start: self.at };
        }
        while self.pos == self.buf.len() && !self.eof {
            self.read_more();
        }
        if self.pos == self.buf.len() {
            return Next::End;
        }
        if !self.mbox {
            while !self.eof && self.buf.len() - self.pos <= self.max {
                self.read_more();
            }
            let n = self.buf.len() - self.pos;
            if n > self.max {
                return Next::Oversize { start: self.at };
            }
            return self.take(n);
        }
        // Offsets from `pos`: where the last message found starts, and
        // where to look for the next separator.
        let mut message = 0usize;
        let mut from = 0usize;
        loop {
            let len = self.buf.len() - self.pos;
            let found = mail::next_separator(&self.buf[self.pos..], from, self.eof);
            match found {
                Separator::At(s) if s - message > self.max => return self.past_cap(message),
                Separator::At(s) if s >= want => return self.take(s),
                Separator::At(s) => {
                    message = s;
                    from = s;
                    continue;
                }
                Separator::NotFound if self.eof => {
                    if len - message > self.max {
                        return self.past_cap(message);
                    }
                    return self.take(len);
                }
                // The line goes on past what is read: look at it again.
                Separator::Cut(s) => from = s - 1,
                // A separator may start in the last bytes read.
                Separator::NotFound => from = len.saturating_sub(5).max(from),
            }
            if len - message > self.max {
                return self.past_cap(message);
            }
            // (Offsets from `pos` stay: `read_more` moves what is left to
            // the front.)
            self.read_more();
        }
    }

    /// The message at `message` bytes from `pos` is past the cap: the
    /// messages before it first, if any.
    fn past_cap(&mut self, message: usize) -> Next {
        if message == 0 {
            return Next::Oversize { start: self.at };
        }
        self.oversize = true;
        self.take(message)
    }

    /// The bytes of the message past the cap that [`Messages::next`] gave
    /// as `Oversize`, to the next separator (or the input's end); then the
    /// messages after it come from `next` again. A read error ends it and
    /// is kept for [`Messages::finish`].
    pub fn oversize(&mut self) -> Oversize<'_, 'r> {
        Oversize {
            m: self,
            limit: None,
        }
    }
}

/// A message past the cap, read as a stream.
pub struct Oversize<'a, 'r> {
    m: &'a mut Messages<'r>,
    /// Where the message ends in `buf`, once a separator is found.
    limit: Option<usize>,
}

impl Read for Oversize<'_, '_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let m = &mut *self.m;
        loop {
            // What may be handed out: up to the separator, or short of a
            // line that may be one.
            let safe = match self.limit {
                Some(l) => l,
                None if !m.mbox => m.buf.len(),
                None => {
                    // `buf[pos]` is no separator's start: the message's
                    // own first line, or a byte after a line end kept.
                    let data = &m.buf[m.pos..];
                    let len = data.len();
                    match mail::next_separator(data, 0, m.eof) {
                        Separator::At(s) => {
                            self.limit = Some(m.pos + s);
                            m.pos + s
                        }
                        // Keep the line end before the line in doubt.
                        Separator::Cut(s) => m.pos + s - 1,
                        Separator::NotFound if m.eof => m.buf.len(),
                        Separator::NotFound => m.pos + len.saturating_sub(5),
                    }
                }
            };
            if safe > m.pos {
                let n = (safe - m.pos).min(out.len());
                out[..n].copy_from_slice(&m.buf[m.pos..m.pos + n]);
                m.pos += n;
                m.at += n as u64;
                return Ok(n);
            }
            if self.limit.is_some() || m.eof {
                return Ok(0);
            }
            m.read_more();
            // What the message held before it was known to be past the
            // cap is handed out: its room is given back.
            if m.buf.capacity() > 16 * READ && m.buf.len() < 4 * READ {
                m.buf.shrink_to(8 * READ);
            }
            self.limit = None;
        }
    }
}

/// What a message past --max-message becomes, in words.
pub fn too_large(start: u64, max: usize) -> String {
    format!(
        "the message at byte {start} is larger than --max-message ({}): \
         read as plain text, its encoded parts not decoded",
        crate::size::human(max as u64)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEP: &str = "From a@b Thu Aug 22 12:36:23 2002\n";

    /// Every way of reading the messages gives back the input, with the
    /// message past the cap read whole through `oversize` and no more.
    #[test]
    fn messages_and_one_past_the_cap_give_back_the_input() {
        let small = format!("{SEP}Subject: a\n\nhi\n");
        let big = format!("{SEP}Subject: big\n\n{}", "From me, a line\n".repeat(200));
        let input = format!("{small}{small}{big}{small}{big}");
        for want in [1, 10, 100, 5000] {
            let mut r = input.as_bytes();
            let mut m = Messages::new(Vec::new(), &mut r, true, 1000);
            let mut back = Vec::new();
            let mut kinds = String::new();
            loop {
                match m.next(want) {
                    Next::Whole { bytes, start } => {
                        assert_eq!(start as usize, back.len());
                        back.extend_from_slice(&bytes);
                        kinds.push('w');
                    }
                    Next::Oversize { start } => {
                        assert_eq!(start as usize, back.len());
                        let mut o = Vec::new();
                        m.oversize().read_to_end(&mut o).unwrap();
                        assert_eq!(o, big.as_bytes(), "want {want}");
                        back.extend_from_slice(&o);
                        kinds.push('o');
                    }
                    Next::End => break,
                }
            }
            assert_eq!(back, input.as_bytes(), "want {want}");
            assert_eq!(kinds.matches('o').count(), 2, "{kinds}");
            assert_eq!(m.finish().0 as usize, input.len());
        }
    }

    /// One message (no mbox) past the cap is read through `oversize` to
    /// the end, `From ` lines and all.
    #[test]
    fn one_message_past_the_cap_is_read_to_the_end() {
        let input = format!("Subject: x\n\n{}", SEP.repeat(100));
        let mut r = input.as_bytes();
        let mut m = Messages::new(b"Subj".to_vec(), &mut r, false, 100);
        // The head was read already: the rest follows it.
        let input = format!("Subj{input}");
        assert!(matches!(m.next(10), Next::Oversize { start: 0 }));
        let mut o = Vec::new();
        m.oversize().read_to_end(&mut o).unwrap();
        assert_eq!(o, input.as_bytes());
        assert!(matches!(m.next(10), Next::End));
    }
}
