//! The OSC 8 writer on any bytes (CONTRACT C-S5): every ESC it writes
//! starts one of its own sequences (an open `ESC ] 8 ; id=urlx-N ; URL
//! ESC \` with an ASCII URL, or the close `ESC ] 8 ; ; ESC \`), opens and
//! closes alternate, one open for each line of each link the options allow
//! (`Link::segments`), the lines of a link with one id, ids in order; no BEL, no C1 control (as a character or a byte) is left; and
//! the text, its sequences taken out and the shown controls read back, is
//! the input. The first byte switches e-mail links and the scheme list.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../common/osc8.rs"]
mod osc8;
use osc8::strip;

fuzz_target!(|data: &[u8]| {
    let Some((&flags, text)) = data.split_first() else {
        return;
    };
    let finder = urlx::FinderBuilder::new()
        .email(flags & 1 != 0)
        .max_url_len(64)
        .build()
        .unwrap();
    let mut opts = urlx::linkify::Options::default();
    if flags & 2 != 0 {
        opts.schemes.push("file".into());
    }
    let mut out = Vec::new();
    urlx::linkify::write_osc8(&mut out, &finder, text, &opts).unwrap();
    let (shown, opens) = strip(&out);
    let lines: usize = finder
        .links(text)
        .filter(|l| opts.allows_link(l))
        .map(|l| l.segments(text).len())
        .sum();
    assert_eq!(opens, lines);
    // The text between the sequences is the input as `write_visible`
    // shows it.
    let mut want = Vec::new();
    urlx::linkify::write_visible(&mut want, text).unwrap();
    assert_eq!(shown, want);
});
