//! Parses every line of a URL list with one parser, for instruction
//! counts under `valgrind --tool=callgrind` (repeatable on a noisy
//! machine, unlike wall time).
//!
//! `cargo run --release --example parse_count -- urlx|fluent|none FILE [REPEAT]`

fn main() {
    let mut args = std::env::args().skip(1);
    let which = args.next().unwrap_or_else(|| "urlx".into());
    let path = args.next().expect("a file of URLs, one a line");
    let repeat: usize = args.next().map_or(1, |r| r.parse().expect("a number"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let lines: Vec<&str> = text.trim_start_matches('\u{feff}').lines().collect();
    let mut valid = 0;
    for _ in 0..repeat {
        for l in &lines {
            let l = std::hint::black_box(*l);
            valid += usize::from(match which.as_str() {
                "urlx" => urlx::uri::parse(l).is_ok(),
                "urlx-iri" => urlx::uri::parse_iri(l).is_ok(),
                "fluent" => fluent_uri::UriRef::parse(l).is_ok(),
                "fluent-iri" => fluent_uri::IriRef::parse(l).is_ok(),
                _ => !l.is_empty(),
            });
        }
    }
    println!("{valid} valid of {} lines x {repeat}", lines.len());
}
