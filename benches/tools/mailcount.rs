//! Counts links in an mbox in mail mode, for profiling:
//! `cargo run --release --example mailcount -- FILE`.

fn main() {
    let path = std::env::args().nth(1).expect("an mbox");
    let bytes = std::fs::read(&path).expect("readable");
    let f = urlx::Finder::new();
    let n: usize = urlx::mail::mbox_messages(&bytes)
        .into_iter()
        .map(|r| f.message_links(&bytes, r, 1).links.len())
        .sum();
    println!("{n}");
}
