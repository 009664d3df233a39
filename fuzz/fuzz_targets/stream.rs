//! The streaming reader against the whole-buffer finder: text long enough
//! that `StreamLinks` drops the front of its window at least once, read
//! through a reader whose read sizes (1 byte to a few KiB) and
//! `Interrupted` errors follow the input. The stream gives the same links
//! as `Finder::links` on the whole text (span in absolute offsets, form,
//! URL, alternative, truncation), every line and column matches a count
//! made here, and a reader that fails yields a prefix of those links, one
//! error, then nothing.
//!
//! Input layout: 8 bytes of settings, a schedule length `n` (0 to 31), `n`
//! schedule bytes, then the body. The text is filler of a chosen length
//! followed by the body, repeated until the text is long enough.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::io::{self, Read};

/// Filler between the body's copies and before the first: words and line
/// breaks, no trigger of any kind.
const FILLER: &[u8] = b"lorem ipsum dolor sit amet\nconsectetur adipiscing elit sed do\n\
eiusmod tempor incididunt ut labore et dolore magna aliqua\n";

/// `StreamLinks::compact` drops bytes only when at least
/// `max(chunk, COMPACT_MIN, forward)` of them lie behind the look-back.
const COMPACT_MIN: usize = 4096;

/// A reader that hands out `data` in the sizes of `schedule` (cycled), with
/// an `Interrupted` error where the schedule says so, and optionally a hard
/// error once `fail_at` bytes are out.
struct Scheduled<'a> {
    data: &'a [u8],
    schedule: &'a [u8],
    step: usize,
    /// Never two `Interrupted` in a row, so that every retry makes progress.
    interrupted: bool,
    out: usize,
    fail_at: Option<usize>,
    failed: bool,
}

impl Read for Scheduled<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        assert!(!self.failed, "read again after a hard error");
        if self.fail_at.is_some_and(|at| self.out >= at) {
            self.failed = true;
            return Err(io::Error::other("scheduled failure"));
        }
        let s = self.schedule[self.step % self.schedule.len()];
        self.step += 1;
        let size = match s >> 6 {
            0 => usize::from(s & 7) + 1,
            1 => usize::from(s & 63) + 1,
            2 => usize::from(s & 63) * 64 + 1,
            _ if !self.interrupted && s & 1 == 1 => {
                self.interrupted = true;
                return Err(io::ErrorKind::Interrupted.into());
            }
            _ => usize::from(s & 63) * 16 + 1,
        };
        self.interrupted = false;
        let mut k = size.min(buf.len()).min(self.data.len());
        if let Some(at) = self.fail_at {
            k = k.min(at - self.out);
        }
        buf[..k].copy_from_slice(&self.data[..k]);
        self.data = &self.data[k..];
        self.out += k;
        Ok(k)
    }
}

/// Line (1 + line feeds before) and 1-based byte column of each offset,
/// from the offsets of the line feeds.
struct Lines(Vec<usize>);

impl Lines {
    fn new(text: &[u8]) -> Self {
        Lines(
            text.iter()
                .enumerate()
                .filter(|(_, &b)| b == b'\n')
                .map(|(i, _)| i)
                .collect(),
        )
    }

    fn at(&self, offset: usize) -> (u64, u64) {
        let before = self.0.partition_point(|&i| i < offset);
        let line_start = if before == 0 {
            0
        } else {
            self.0[before - 1] + 1
        };
        (before as u64 + 1, (offset - line_start) as u64 + 1)
    }
}

#[path = "../common/seen.rs"]
mod seen;
use seen::Seen;

fuzz_target!(|data: &[u8]| {
    if data.len() < 9 {
        return;
    }
    let (settings, rest) = data.split_at(8);
    let n = usize::from(rest[0] % 32).min(rest.len() - 1);
    let schedule: &[u8] = if n == 0 {
        &[0x47, 0x05, 0xff, 0x8a]
    } else {
        &rest[1..=n]
    };
    let body = &rest[n + 1..];

    let flags = settings[0];
    let max_url_len = 16 + usize::from(settings[1]) * 4;
    let max_wrapper_bytes = 16 + usize::from(settings[2]) * 2;
    let max_wrapper_lines = usize::from(settings[3] % 8) + 1;
    let max_line_len = if flags & 8 != 0 {
        32 + usize::from(settings[3] >> 3) * 32
    } else {
        0
    };
    let chunk = match settings[4] >> 6 {
        0 => usize::from(settings[4] & 63) + 1,
        1 => usize::from(settings[4] & 63) * 64 + 1,
        _ => usize::from(u16::from_le_bytes([settings[4], settings[5]]) % 6144) + 1,
    };
    let pad = usize::from(u16::from_le_bytes([settings[6], settings[5]])) % (COMPACT_MIN + 1024);

    let f = urlx::FinderBuilder::new()
        .email(flags & 1 != 0)
        .join_unhyphenated_breaks(flags & 2 != 0)
        .abbreviated(flags & 4 == 0)
        .max_url_len(max_url_len)
        .max_wrapper_bytes(max_wrapper_bytes)
        .max_wrapper_lines(max_wrapper_lines)
        .max_line_len(max_line_len)
        .build()
        .unwrap();

    // Long enough that the search position passes the compaction point
    // (a chunk, at least COMPACT_MIN and the look-ahead, behind the caps' look-back) before
    // the input ends, with the look-ahead and a chunk to spare.
    let back = (max_wrapper_bytes + 256).max(if max_line_len > 0 {
        max_line_len + 64
    } else {
        0
    });
    let forward = max_url_len + max_wrapper_bytes + 256;
    let min_len = 2 * (chunk.max(COMPACT_MIN).max(forward) + back + 128) + forward + 64 + chunk;
    let mut text = Vec::with_capacity(min_len + body.len() + FILLER.len());
    while text.len() < pad {
        text.extend_from_slice(&FILLER[..FILLER.len().min(pad - text.len())]);
    }
    while text.len() < min_len {
        text.extend_from_slice(body);
        let gap = usize::from(settings[7] % 8);
        text.extend_from_slice(&FILLER[..gap * 8]);
        if body.is_empty() && gap == 0 {
            text.extend_from_slice(FILLER);
        }
    }

    let lines = Lines::new(&text);
    let mut last = 0;
    let whole: Vec<Seen> = f
        .links(&text)
        .map(|l| {
            assert!(
                l.start() >= last && l.start() < l.end() && l.end() <= text.len(),
                "{l:?}"
            );
            last = l.end();
            assert!(std::str::from_utf8(&text[l.span()]).is_ok());
            assert_eq!(
                (l.line(), l.column()),
                lines.at(l.start()),
                "line and column of {l:?}"
            );
            Seen::of(&l)
        })
        .collect();

    let fail_at = (flags & 16 != 0).then(|| text.len() * usize::from(settings[7]) / 256);
    let reader = Scheduled {
        data: &text,
        schedule,
        step: 0,
        interrupted: false,
        out: 0,
        fail_at,
        failed: false,
    };
    let mut stream = f.stream(reader).chunk_size(chunk);
    let mut streamed = Vec::new();
    let mut error = false;
    for l in stream.by_ref() {
        assert!(!error, "a link after the error");
        match l {
            Ok(l) => streamed.push(Seen::of(&l)),
            Err(e) => {
                assert!(fail_at.is_some(), "unexpected error {e}");
                assert_ne!(
                    e.kind(),
                    io::ErrorKind::Interrupted,
                    "Interrupted passed on"
                );
                error = true;
            }
        }
    }
    assert!(stream.next().is_none(), "the stream ends for good");
    match fail_at {
        None => {
            assert_eq!(stream.bytes_read(), text.len());
            assert_eq!(whole.len(), streamed.len(), "link count");
            for (w, s) in whole.iter().zip(&streamed) {
                assert_eq!(w, s);
            }
        }
        Some(at) => {
            assert!(error, "the reader's error reaches the caller");
            assert!(stream.bytes_read() <= at);
            assert!(streamed.len() <= whole.len());
            for (w, s) in whole.iter().zip(&streamed) {
                assert_eq!(w, s);
            }
        }
    }
});
