//! A message body to HTML, as a mail client shows it: every byte escaped,
//! URLs and e-mail addresses as links (only safe schemes), deceptive links
//! flagged with a title and the class `urlx-deceptive`, and a wrapped URL
//! an anchor a line.
//!
//! `cargo run --example html_with_email < body.txt > body.html`

use std::io::{self, Read, Write};

fn main() -> io::Result<()> {
    let mut body = Vec::new();
    io::stdin().read_to_end(&mut body)?;
    // Addresses are links too: the finder is configured once and reused.
    let finder = urlx::FinderBuilder::new()
        .email(true)
        .build()
        .expect("a valid configuration");
    let opts = urlx::linkify::Options {
        target: Some("_blank".into()),
        ..Default::default()
    };
    let mut out = io::stdout().lock();
    out.write_all(b"<pre>")?;
    let n = urlx::linkify::write_html(&mut out, &finder, &body, &opts)?;
    out.write_all(b"</pre>\n")?;
    eprintln!("{n} links");
    Ok(())
}
