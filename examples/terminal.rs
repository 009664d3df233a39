//! Text written to a terminal with its URLs as hyperlinks (OSC 8), for
//! `less -R` and terminals that follow them. The text's own escape
//! sequences are shown (`^[`), never passed on: a message cannot forge a
//! link, clear the screen or set the title.
//!
//! `cargo run --example terminal < message.txt | less -R`

use std::io::{self, Read, Write};

fn main() -> io::Result<()> {
    let mut text = Vec::new();
    io::stdin().read_to_end(&mut text)?;
    let mut out = io::stdout().lock();
    urlx::linkify::write_osc8(&mut out, &urlx::Finder::new(), &text, &Default::default())?;
    out.flush()
}
