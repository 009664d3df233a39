//! UTS #58 (Unicode link detection and formatting) through the library:
//! the standard's own test files, copied with their licence into
//! `tests/data/uts58/`.

use urlx::{Finder, FinderBuilder};

const DETECTION: &str = include_str!("data/uts58/LinkDetectionTest.txt");

/// The test lines of `LinkDetectionTest.txt`: not blank, not a comment.
fn detection_lines() -> impl Iterator<Item = &'static str> {
    DETECTION
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
}

/// `line` without its marks, then marked where `finder` finds links.
fn marked(finder: &Finder, line: &str) -> String {
    let text: String = line.chars().filter(|&c| c != '⸠' && c != '⸡').collect();
    let mut out = String::new();
    let mut at = 0;
    for link in finder.links(&text) {
        out.push_str(&text[at..link.start()]);
        out.push('⸠');
        out.push_str(&text[link.span()]);
        out.push('⸡');
        at = link.end();
    }
    out.push_str(&text[at..]);
    out
}

fn uts58() -> Finder {
    FinderBuilder::new().uts58(true).build().unwrap()
}

/// C-F10: every line of the standard's detection test, in UTS #58 mode.
#[test]
fn c_f10_link_detection_test_every_line() {
    let f = uts58();
    let mut failed = Vec::new();
    let mut n = 0;
    for line in detection_lines() {
        n += 1;
        let got = marked(&f, line);
        if got != line {
            failed.push(format!("want {line}\n got {got}"));
        }
    }
    assert_eq!(n, 344, "the file's test lines");
    assert!(
        failed.is_empty(),
        "{} of {n} lines fail:\n{}",
        failed.len(),
        failed.join("\n")
    );
}

/// C-F10 in a stream: the links of the detection test, all lines in one
/// text, read a few bytes at a time, are those of the whole text.
#[test]
fn c_f10_the_stream_equals_the_buffer() {
    for f in [
        uts58(),
        FinderBuilder::new()
            .uts58(true)
            .max_url_len(40)
            .build()
            .unwrap(),
    ] {
        let text: String = DETECTION
            .chars()
            .filter(|&c| c != '⸠' && c != '⸡')
            .collect();
        let key = |l: urlx::Link<'_>| (l.as_str().to_owned(), l.span(), l.line(), l.column());
        let want: Vec<_> = f.links(&text).map(key).collect();
        assert!(want.len() > 150, "{}", want.len());
        for chunk in [1, 7, 100, 4096] {
            let got: Vec<_> = f
                .stream(text.as_bytes())
                .chunk_size(chunk)
                .map(|l| key(l.unwrap()))
                .collect();
            assert_eq!(got, want, "chunks of {chunk}");
        }
    }
}
