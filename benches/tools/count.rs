//! Counts the links in the files named (folders recursively, in sorted
//! order, one thread), with urlx or (`--linkify`) the `linkify` crate (URLs
//! only): for profiling, and for the command-line benchmark, which times
//! the linkify crate through this binary.
//!
//! `cargo run --release --example count -- [--linkify] [--email] PATH...`

fn files(p: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    if p.is_dir() {
        let mut v: Vec<_> = std::fs::read_dir(p)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .collect();
        v.sort();
        for c in v {
            files(&c, out);
        }
    } else {
        out.push(p.to_owned());
    }
}

fn main() {
    let mut linkify = false;
    let mut total = 0usize;
    let email = std::env::args().any(|a| a == "--email");
    let finder = urlx::FinderBuilder::new().email(email).build().unwrap();
    let mut lf = linkify::LinkFinder::new();
    lf.kinds(&[linkify::LinkKind::Url]);
    for arg in std::env::args().skip(1) {
        if arg == "--linkify" {
            linkify = true;
            continue;
        }
        if arg == "--email" {
            continue;
        }
        let mut paths = Vec::new();
        files(std::path::Path::new(&arg), &mut paths);
        for p in paths {
            let bytes = match std::fs::read(&p) {
                Ok(b) => b,
                Err(e) => {
                    eprintln!("{}: {e}", p.display());
                    std::process::exit(2);
                }
            };
            total += if linkify {
                lf.links(&String::from_utf8_lossy(&bytes)).count()
            } else {
                finder.links(&bytes).count()
            };
        }
    }
    println!("{total}");
}
