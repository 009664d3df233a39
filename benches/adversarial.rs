//! Linear time on hostile input (issue 7, CONTRACT C-S4): throughput of the
//! extractor on each adversarial family at 1 MB and at 16 MB, beside
//! ordinary mail text of the same sizes, in one run. A family is fine when
//! it is no slower than a third of mail text's throughput and does not get
//! slower per byte from 1 MB to 16 MB.
//!
//! Mail text: the SpamAssassin mbox (`corpora/fetch.sh`), repeated to the
//! size; without it, the shared forms corpus; without that, the bundled
//! sample. Each figure is the best of 5 passes.
//!
//! Run: `cargo bench --bench adversarial`.

use std::hint::black_box;
use std::time::Instant;

/// Makes `n` bytes of a family.
type Gen = Box<dyn Fn(usize) -> Vec<u8>>;

fn families() -> Vec<(&'static str, Gen)> {
    fn rep(unit: &'static [u8]) -> Gen {
        Box::new(move |n| unit.iter().copied().cycle().take(n).collect())
    }
    vec![
        ("http:// repeated", rep(b"http://")),
        ("<URL: repeated, no >", rep(b"<URL:")),
        ("(((( )))) around URLs", rep(b"((((http://a.example/x)))) ")),
        ("-\\n breaks", rep(b"-\n")),
        ("URL -\\n breaks", rep(b"http://a.example/a-\n")),
        ("one line, no newline", rep(b"abcdefghij")),
        ("URLs on one 10 MB line", rep(b"see http://a.example/path?q=1 and ")),
        ("www. repeated", rep(b"www.")),
        ("a@b.c repeated", rep(b"a@b.c ")),
        ("deep quote prefixes", rep(b">>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>> <http://a.example/\n")),
        ("% repeated", rep(b"%")),
        ("<http:// unclosed", rep(b"<http://a.example/x ")),
        ("\"http:// unclosed", rep(b"\"http://a.example/x")),
        ("mailto: repeated", rep(b"mailto:")),
        ("http:/// repeated", rep(b"http:///")),
        ("[http://[ repeated", rep(b"http://[")),
    ]
}

fn mail(n: usize) -> Vec<u8> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let base = std::fs::read(root.join("corpora/fetched/spamassassin.mbox"))
        .or_else(|_| {
            let mut all = Vec::new();
            for d in std::fs::read_dir(root.join("../shared/corpora/forms"))?.flatten() {
                for f in std::fs::read_dir(d.path())?.flatten() {
                    all.extend(std::fs::read(f.path())?);
                }
            }
            Ok::<_, std::io::Error>(all)
        })
        .unwrap_or_else(|_| std::fs::read(root.join("corpora/sample.mbox")).unwrap());
    base.iter().copied().cycle().take(n).collect()
}

/// Best throughput in MB/s of 5 passes, and the link count.
fn measure(f: &urlx::Finder, text: &[u8]) -> (f64, usize) {
    let mut best = f64::MAX;
    let mut n = 0;
    for _ in 0..5 {
        let t = Instant::now();
        n = f.links(black_box(text)).count();
        best = best.min(t.elapsed().as_secs_f64());
    }
    (text.len() as f64 / 1e6 / best, n)
}

fn main() {
    // `cargo bench` passes --bench; a filter argument picks families.
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let f = urlx::Finder::new();
    let sizes = [1_000_000usize, 16_000_000];
    let base: Vec<f64> = sizes.iter().map(|&n| measure(&f, &mail(n)).0).collect();
    println!("| input | 1 MB MB/s | 16 MB MB/s | links at 16 MB | vs mail at 16 MB |");
    println!("|---|---|---|---|---|");
    println!("| mail text | {:.0} | {:.0} | | 1.00 |", base[0], base[1]);
    let mut worst: f64 = 1.0;
    for (name, gen) in families() {
        if filter.as_deref().is_some_and(|p| !name.contains(p)) {
            continue;
        }
        let mut row = Vec::new();
        let mut links = 0;
        for &n in &sizes {
            let (mbs, l) = measure(&f, &gen(n));
            row.push(mbs);
            links = l;
        }
        let ratio = row[1] / base[1];
        worst = worst.min(ratio);
        println!(
            "| {name} | {:.0} | {:.0} | {links} | {:.2} |",
            row[0], row[1], ratio
        );
    }
    println!(
        "\nslowest family at 16 MB: {worst:.2} of mail text's throughput (goal: at least 0.33)"
    );
}
