//! HTML as the linkifier's input (C-S1): no panic, and the output, read by
//! the same tokenizer, is the input's tokens plus the anchors (and
//! deceptive-link warnings) added, and nothing else; no added href has a
//! scheme the options refuse. The first byte chooses how the document is
//! fed: whole, or in pieces of 1 to 255 bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../tests/support/html_tokens.rs"]
mod html_tokens;

struct Pieces<'a>(&'a [u8], usize);

impl std::io::Read for Pieces<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.0.len().min(self.1).min(buf.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&k, rest)) = data.split_first() else {
        return;
    };
    let page = String::from_utf8_lossy(rest);
    let opts = urlx::linkify::HtmlInput {
        linkify: urlx::linkify::Options {
            class: Some(html_tokens::ADDED.into()),
            ..Default::default()
        },
        ..Default::default()
    };
    let piece = if k == 0 { usize::MAX } else { usize::from(k) };
    let mut out = Vec::new();
    let finder = urlx::Finder::new();
    if urlx::linkify::write_html_document(&mut out, &finder, Pieces(page.as_bytes(), piece), &opts).is_err() {
        return;
    }
    if let Err(e) = html_tokens::check(page.as_bytes(), &out, |s| opts.linkify.allows(s)) {
        panic!("{e}\ninput:  {page:?}\noutput: {:?}", String::from_utf8_lossy(&out));
    }
});
