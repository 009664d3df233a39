//! Counts the links in the files named (folders recursively, in sorted
//! order, one thread), with urlx or (`--linkify`) the `linkify` crate (URLs
//! only): for profiling, and for the command-line benchmark, which times
//! the linkify crate through this binary. The linkify crate reads a file
//! in chunks of `CHUNK` bytes cut at line ends (its best case: no copy of
//! a whole large file, no page faults for it); urlx reads each file whole.
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
            if linkify {
                total += linkify_chunks(&lf, &p);
                continue;
            }
            let bytes = match std::fs::read(&p) {
                Ok(b) => b,
                Err(e) => {
                    eprintln!("{}: {e}", p.display());
                    std::process::exit(2);
                }
            };
            total += finder.links(&bytes).count();
        }
    }
    println!("{total}");
}

/// Bytes the linkify crate is given at a time.
const CHUNK: usize = 8 << 20;

/// The linkify crate's links in the file at `p`, read in chunks cut at line
/// ends (text not UTF-8 made so, as linkify needs `&str`).
fn linkify_chunks(lf: &linkify::LinkFinder, p: &std::path::Path) -> usize {
    use std::io::Read;
    let mut f = std::fs::File::open(p).unwrap_or_else(|e| {
        eprintln!("{}: {e}", p.display());
        std::process::exit(2)
    });
    let (mut buf, mut n) = (Vec::new(), 0);
    let mut keep = 0;
    loop {
        // Read into the vector's spare room, not a zeroed chunk: zeroing
        // 8 MiB for each small file of a tree would cost more than the
        // finder.
        buf.truncate(keep);
        let got = (&mut f).take(CHUNK as u64).read_to_end(&mut buf).unwrap();
        let end = keep + got;
        let cut = if got == 0 {
            end
        } else {
            buf[..end]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(end, |i| i + 1)
        };
        n += lf.links(&String::from_utf8_lossy(&buf[..cut])).count();
        if got == 0 {
            return n;
        }
        buf.copy_within(cut..end, 0);
        keep = end - cut;
    }
}
