//! Parse speed on 48,009 real URLs (`corpora/urls/kasztp.txt`,
//! from ada-url/url-various-datasets), urlx beside the `fluent-uri` crate
//! in the same run. Criterion reports time per pass over the whole list
//! and throughput in URLs per second; ns per URL is 1e9 divided by it.
//!
//! Each pass also counts the valid URLs, and the count is checked before
//! timing starts, so the benchmark measures work whose answer is right.
//!
//! Run: `cargo bench --bench parse`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

fn corpus() -> Vec<String> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/corpora/urls/kasztp.txt");
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{path}: {e} (the URL list is missing)"));
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    text.lines()
        .map(|l| l.strip_suffix('\r').unwrap_or(l).to_owned())
        .collect()
}

fn urlx_valid(urls: &[String]) -> usize {
    urls.iter()
        .filter(|u| urlx::uri::parse(black_box(u)).is_ok())
        .count()
}

fn fluent_valid(urls: &[String]) -> usize {
    urls.iter()
        .filter(|u| fluent_uri::UriRef::parse(black_box(u.as_str())).is_ok())
        .count()
}

fn urlx_iri_valid(urls: &[String]) -> usize {
    urls.iter()
        .filter(|u| urlx::uri::parse_iri(black_box(u)).is_ok())
        .count()
}

fn fluent_iri_valid(urls: &[String]) -> usize {
    urls.iter()
        .filter(|u| fluent_uri::IriRef::parse(black_box(u.as_str())).is_ok())
        .count()
}

fn bench(c: &mut Criterion) {
    let urls = corpus();
    // 48,009 newline-terminated lines and a last, unterminated "https://".
    assert_eq!(urls.len(), 48_010);
    // Both parsers must agree on which URLs are valid before we time them.
    let (a, b) = (urlx_valid(&urls), fluent_valid(&urls));
    assert_eq!(a, b, "urlx and fluent-uri disagree on validity");
    let (ai, bi) = (urlx_iri_valid(&urls), fluent_iri_valid(&urls));
    assert_eq!(ai, bi, "urlx and fluent-uri disagree on IRI validity");
    eprintln!(
        "{} URLs; {a} valid URI references, {ai} valid IRI references",
        urls.len()
    );

    let mut g = c.benchmark_group("parse-uri");
    g.throughput(Throughput::Elements(urls.len() as u64));
    g.bench_function("urlx", |bch| bch.iter(|| assert_eq!(urlx_valid(&urls), a)));
    g.bench_function("fluent-uri", |bch| {
        bch.iter(|| assert_eq!(fluent_valid(&urls), a))
    });
    g.finish();

    let mut g = c.benchmark_group("parse-iri");
    g.throughput(Throughput::Elements(urls.len() as u64));
    g.bench_function("urlx", |bch| {
        bch.iter(|| assert_eq!(urlx_iri_valid(&urls), ai))
    });
    g.bench_function("fluent-uri", |bch| {
        bch.iter(|| assert_eq!(fluent_iri_valid(&urls), ai))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
