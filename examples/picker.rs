//! The list a URL picker shows (for mutt's `<pipe-message>`, say): each
//! link numbered, with its line and column in characters, whether it is
//! safe to open, and where a deceptive one really goes. In mail the links
//! of the headers come with the body's; a picker may keep the body's.
//!
//! `cargo run --example picker < message.eml`

use std::io::{self, Read};

fn main() -> io::Result<()> {
    let mut raw = Vec::new();
    io::stdin().read_to_end(&mut raw)?;
    let finder = urlx::Finder::new();
    // The message taken apart: quoted-printable, base64 and charsets
    // decoded, each link placed on the raw bytes.
    let message = finder.message_links(&raw, 0..raw.len(), 1);
    let body = message.links.iter().filter(|m| {
        !matches!(
            m.source,
            urlx::mail::Source::Header | urlx::mail::Source::Field
        )
    });
    for (n, link) in body.map(|m| &m.link).enumerate() {
        let uri = link.uri();
        let warning = match urlx::linkify::deception(&uri) {
            Some(d) => format!("  [{d}]"),
            None if !link.is_linkable() => "  [not opened: unsafe scheme]".to_owned(),
            None => String::new(),
        };
        println!(
            "{:3}  {}:{}  {}{warning}",
            n + 1,
            link.line(),
            link.char_column(&raw),
            link.as_str(),
        );
    }
    Ok(())
}
