//! Hunts for hostile families: every unit made of a prefix, a core and a
//! suffix from the lists below (10 x 12 x 28 = 3,360 units), repeated to
//! 64 KiB, is timed through `Finder::links` (best of 3, one thread) beside
//! 64 KiB of mail text. Prints the units slower than a given fraction of
//! mail text's throughput, slowest first, and how many there are. A unit
//! whose every trigger scans the rest of its run up to the URL cap costs
//! about the cap in bytes per trigger: one or two thousand times mail text.
//!
//! `cargo run --release --example hunt -- [--max-url-len N] [--below F] [--email]
//! [--join-breaks] [MAIL_FILE]`
//! (`F` defaults to 0.01; the mail text defaults to the bundled sample.)

use std::hint::black_box;
use std::time::Instant;

const PREFIXES: &[&str] = &["", "(", "*", "<", "\"", "'", "[", "_", "\u{201c}", "> "];
const CORES: &[&str] = &[
    "www.1",
    "www.a",
    "http://1",
    "http://a",
    "sip:1",
    "mailto:a",
    "news:a",
    "URL:www.1",
    "ftp://1",
    "www.a.1",
    "http://a.1",
    "a@b",
];
const SUFFIXES: &[&str] = &[
    "", ")", ":", ":)", ".", ")*", "-", "@", "%", "]", "?", "!", ":1)", "@)", "'", "\"", ").",
    ":x", "*", "_", ")(", ";", "\u{e9}", "\u{201d}", "\n", " ", "-\n", "\u{a0}",
];
const SIZE: usize = 64 * 1024;

/// Best throughput in MB/s of 3 passes over `text`.
fn rate(f: &urlx::Finder, text: &[u8]) -> f64 {
    let mut best = f64::MAX;
    for _ in 0..3 {
        let t = Instant::now();
        black_box(f.links(black_box(text)).count());
        best = best.min(t.elapsed().as_secs_f64());
    }
    text.len() as f64 / 1e6 / best
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .map(String::as_str)
    };
    let below: f64 = value("--below").map_or(0.01, |v| v.parse().expect("--below F"));
    let mut b = urlx::FinderBuilder::new();
    b.email(args.iter().any(|a| a == "--email"));
    b.join_unhyphenated_breaks(args.iter().any(|a| a == "--join-breaks"));
    if let Some(n) = value("--max-url-len") {
        b.max_url_len(n.parse().expect("--max-url-len N"));
    }
    let finder = b.build().expect("limits");
    let mail_path = args
        .iter()
        .enumerate()
        .filter(|(i, a)| {
            !a.starts_with("--")
                && (*i == 0 || !matches!(args[i - 1].as_str(), "--max-url-len" | "--below"))
        })
        .map(|(_, a)| a.clone())
        .next_back()
        .unwrap_or_else(|| concat!(env!("CARGO_MANIFEST_DIR"), "/corpora/sample.mbox").into());
    let mail = std::fs::read(&mail_path).unwrap_or_else(|e| panic!("{mail_path}: {e}"));
    let mail: Vec<u8> = mail.iter().copied().cycle().take(SIZE).collect();
    let mail_rate = rate(&finder, &mail);
    let mut slow = Vec::new();
    let mut n = 0;
    for p in PREFIXES {
        for c in CORES {
            for s in SUFFIXES {
                let unit = format!("{p}{c}{s}");
                let text: Vec<u8> = unit.bytes().cycle().take(SIZE).collect();
                let r = rate(&finder, &text);
                n += 1;
                if r < mail_rate * below {
                    slow.push((r, unit));
                }
            }
        }
    }
    slow.sort_by(|a, b| a.0.total_cmp(&b.0));
    println!("mail text: {mail_rate:.0} MB/s ({mail_path}, {SIZE} bytes)");
    for (r, unit) in &slow {
        println!("{r:9.2} MB/s  {:7.4} of mail  {unit}", r / mail_rate);
    }
    println!(
        "{} of {n} units below {below} of mail text's throughput",
        slow.len()
    );
}
