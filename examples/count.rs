//! Counts the links in the files named, with urlx or (`--linkify`) the
//! `linkify` crate (URLs only): for profiling and for the command-line
//! benchmark, which times the linkify crate through this binary.
//!
//! `cargo run --release --example count -- [--linkify] FILE...`

fn main() {
    let mut linkify = false;
    let mut total = 0usize;
    let finder = urlx::Finder::new();
    let mut lf = linkify::LinkFinder::new();
    lf.kinds(&[linkify::LinkKind::Url]);
    for arg in std::env::args().skip(1) {
        if arg == "--linkify" {
            linkify = true;
            continue;
        }
        let bytes = match std::fs::read(&arg) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{arg}: {e}");
                std::process::exit(2);
            }
        };
        total += if linkify {
            lf.links(&String::from_utf8_lossy(&bytes)).count()
        } else {
            finder.links(&bytes).count()
        };
    }
    println!("{total}");
}
