//! Properties of the extractor on generated text: every span
//! lies in the input on char boundaries; the URL is the span's text less
//! wrapper and break whitespace (plus `http://` or `mailto:`); links come
//! in order without overlap; the streaming API gives the whole-buffer
//! API's links for every chunk size (C-S4's bounded window).

use proptest::prelude::*;
use std::io::Read;
use urlx::{Finder, FinderBuilder, Form, Link};

/// Pieces of mail-like text, chosen to meet every rule often.
const VOCAB: &[&str] = &[
    "http://a.example/x",
    "https://b.example:8080/p?q=1#f",
    "ftp://h.example/a-",
    "<",
    ">",
    "<URL:",
    "URL:",
    "\"",
    "“",
    "”",
    "'",
    " ",
    "  ",
    "\t",
    "\n",
    "\r\n",
    "\r",
    "> ",
    ">> ",
    "-",
    "-\n",
    "www.",
    "example.com",
    "/",
    "?q",
    "#f",
    "(",
    ")",
    ".",
    ",",
    ";",
    "mailto:joe@a.example",
    "news:comp.lang.c",
    "\u{a0}",
    "。",
    "é",
    "\u{301}",
    "joe@a.example",
    "%20",
    "%zz",
    "[",
    "]",
    "[::1]",
    "http://",
    "foo://x.example",
    "urn:isbn:1",
    "<urn:x:y>",
    "a",
    "Z",
    "0",
    "例え",
    "http://例え.jp/パス",
    "&",
    "=",
    "~",
    "|",
    "{",
    "\n\n",
    "gopher://g.example/1%09x",
    "tel:+1",
    // The edges of other projects' suites and of real mail.
    "github.com",
    "setup.py",
    "v1.2.3",
    "¢",
    "\u{200d}",
    "\u{200c}",
    "–",
    "日本",
    "*",
    "_",
    "https://\n",
    "#/#x",
    "](",
    "> https://a.example/long/path/to/a/page/that/a/client/wrapped/at/width_",
];

fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(VOCAB), 0..120).prop_map(|v| v.concat())
}

/// Bytes that are no UTF-8, or controls.
const BAD: &[&[u8]] = &[b"\xff", b"\xc3", b"\xe2\x80", b"\0", b"\x1b["];

fn bytes() -> impl Strategy<Value = Vec<u8>> {
    let piece = prop_oneof![
        8 => prop::sample::select(VOCAB).prop_map(|s| s.as_bytes().to_vec()),
        1 => prop::sample::select(BAD).prop_map(|b| b.to_vec()),
    ];
    prop::collection::vec(piece, 0..120).prop_map(|v| v.concat())
}

fn finders() -> Vec<Finder> {
    vec![
        Finder::new(),
        FinderBuilder::new()
            .email(true)
            .join_unhyphenated_breaks(true)
            .build()
            .unwrap(),
        // Small caps, so that the streaming window moves on short inputs.
        FinderBuilder::new()
            .max_url_len(40)
            .max_wrapper_bytes(30)
            .max_wrapper_lines(3)
            .email(true)
            .build()
            .unwrap(),
        // A line cap, and its window.
        FinderBuilder::new()
            .max_line_len(25)
            .max_url_len(40)
            .max_wrapper_bytes(30)
            .build()
            .unwrap(),
        #[cfg(feature = "domains")]
        FinderBuilder::new()
            .domains(true)
            .email(true)
            .max_url_len(40)
            .max_wrapper_bytes(30)
            .build()
            .unwrap(),
    ]
}

/// The URL text a span stands for: whitespace and quote-prefix `>` taken
/// out (neither can be part of a URL).
fn strip_breaks(span: &str) -> String {
    span.chars()
        .filter(|c| !c.is_whitespace() && *c != '>')
        .collect()
}

fn check_link(text: &str, l: &Link<'_>) -> Result<(), TestCaseError> {
    let r = l.span();
    prop_assert!(r.start < r.end && r.end <= text.len());
    prop_assert!(text.is_char_boundary(r.start) && text.is_char_boundary(r.end));
    let core = match l.form() {
        Form::Abbreviated | Form::Domain => l.as_str().strip_prefix("http://"),
        Form::Email => l.as_str().strip_prefix("mailto:"),
        _ => Some(l.as_str()),
    };
    prop_assert!(core.is_some(), "prefix missing on {:?}", l);
    prop_assert_eq!(core.unwrap(), strip_breaks(&text[r.clone()]));
    // The URL parses (as a link: a fragment may hold `#`), absolute, and
    // is what uri() gives back.
    let u = urlx::uri::parse_link(l.as_str());
    prop_assert!(u.is_ok(), "{:?}", l.as_str());
    let u = u.unwrap();
    prop_assert!(u.is_absolute(), "{:?}", l.as_str());
    prop_assert_eq!(l.uri().as_str(), l.as_str());
    // Its components are the parser's, wherever the finder found them.
    prop_assert_eq!(
        format!("{:?} {:?}", l.uri(), l.uri().host_kind()),
        format!("{:?} {:?}", u, u.host_kind())
    );
    Ok(())
}

/// A reader that gives at most `n` bytes a call.
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

fn summary(l: &Link<'_>) -> (String, usize, usize, u64, u64, Form, Option<String>, bool) {
    (
        l.as_str().to_owned(),
        l.start(),
        l.end(),
        l.line(),
        l.column(),
        l.form(),
        l.alt().map(str::to_owned),
        l.is_truncated(),
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn spans_and_urls_agree(t in text()) {
        for f in finders() {
            let mut last_end = 0;
            for l in f.links(&t) {
                check_link(&t, &l)?;
                prop_assert!(l.start() >= last_end, "overlap or disorder");
                last_end = l.end();
                // Line and column point at the span's start.
                let before = &t[..l.start()];
                prop_assert_eq!(l.line(), 1 + before.matches('\n').count() as u64);
                let line_start = before.rfind('\n').map_or(0, |i| i + 1);
                prop_assert_eq!(l.column(), (l.start() - line_start) as u64 + 1);
            }
        }
    }

    #[test]
    fn bytes_never_panic_and_spans_are_valid_utf8(b in bytes()) {
        for f in finders() {
            for l in f.links(&b) {
                let span = &b[l.span()];
                prop_assert!(std::str::from_utf8(span).is_ok());
            }
        }
    }

    #[test]
    fn streaming_equals_whole_buffer(b in bytes(), n in 1usize..50, chunk in 1usize..200) {
        for f in finders() {
            let whole: Vec<_> = f.links(&b).map(|l| summary(&l)).collect();
            let streamed: Vec<_> = f
                .stream(Trickle { data: &b, n })
                .chunk_size(chunk)
                .map(|l| summary(&l.unwrap()))
                .collect();
            prop_assert_eq!(whole, streamed);
        }
    }
}

/// Real text, default caps, window sizes from 1 byte to 64 KiB: the forms
/// corpus (`corpora/forms/`) concatenated.
#[test]
fn streaming_equals_whole_buffer_on_the_forms_corpus() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpora/forms");
    let forms = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e} (the forms corpus is missing)", dir.display()));
    let mut all = Vec::new();
    let mut folders: Vec<_> = forms.flatten().map(|e| e.path()).collect();
    folders.sort();
    for d in folders {
        let mut files: Vec<_> = std::fs::read_dir(&d)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .collect();
        files.sort();
        for p in files {
            all.extend(std::fs::read(&p).unwrap());
        }
    }
    let f = Finder::new();
    let whole: Vec<_> = f.links(&all).map(|l| summary(&l)).collect();
    assert!(whole.len() > 1000, "{} links", whole.len());
    for (n, chunk) in [
        (1, 1),
        (7, 100),
        (4093, 4096),
        (65536, 65536),
        (usize::MAX, 8192),
    ] {
        let streamed: Vec<_> = f
            .stream(Trickle { data: &all, n })
            .chunk_size(chunk)
            .map(|l| summary(&l.unwrap()))
            .collect();
        assert_eq!(whole, streamed, "read size {n}, chunk {chunk}");
    }
}
