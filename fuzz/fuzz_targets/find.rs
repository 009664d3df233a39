//! The extractor on any bytes: no panic; every link's span is valid UTF-8
//! inside the input and its URL parses; links come in order; each link's
//! line and column (1-based, bytes) match a count made here; and the
//! streaming API, fed in small reads with a small window, gives the
//! whole-buffer API's links (URL, span, line, column, alternative, form,
//! truncation).
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::io::Read;

struct Trickle<'a> {
    data: &'a [u8],
    n: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let k = self.n.min(buf.len()).min(self.data.len());
        buf[..k].copy_from_slice(&self.data[..k]);
        self.data = &self.data[k..];
        Ok(k)
    }
}

/// What the whole-buffer and the streamed links must agree on.
#[path = "../common/seen.rs"]
mod seen;
use seen::Seen;

fuzz_target!(|data: &[u8]| {
    let (n, text) = match data.split_first() {
        Some((&n, rest)) => (usize::from(n % 64) + 1, rest),
        None => return,
    };
    let f = urlx::FinderBuilder::new()
        .email(n % 2 == 0)
        .join_unhyphenated_breaks(n % 3 == 0)
        .max_url_len(64)
        .max_wrapper_bytes(48)
        .max_wrapper_lines(3)
        .build()
        .unwrap();
    // Line and column of the last link, and where the count stands.
    let (mut line, mut line_start, mut counted) = (1u64, 0usize, 0usize);
    let mut last = 0;
    let whole: Vec<_> = f
        .links(text)
        .map(|l| {
            assert!(l.start() >= last && l.end() <= text.len());
            last = l.end();
            assert!(std::str::from_utf8(&text[l.span()]).is_ok());
            // A valid IRI, but for a fragment that holds `#` (as browsers take
            // it), which the normal form writes as `%23`.
            let u = urlx::uri::parse_link(l.as_str()).expect("a link parses");
            assert!(urlx::parse_iri(u.normalize().as_str()).is_ok());
            for (i, &b) in text[counted..l.start()].iter().enumerate() {
                if b == b'\n' {
                    line += 1;
                    line_start = counted + i + 1;
                }
            }
            counted = l.start();
            let column = (l.start() - line_start) as u64 + 1;
            assert_eq!(
                (l.line(), l.column()),
                (line, column),
                "line and column of {l:?}"
            );
            Seen::of(&l)
        })
        .collect();
    let streamed: Vec<_> = f
        .stream(Trickle { data: text, n })
        .chunk_size(n)
        .map(|l| {
            let l = l.unwrap();
            Seen::of(&l)
        })
        .collect();
    assert_eq!(whole, streamed);
});
