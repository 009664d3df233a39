//! The OSC 8 writer on any bytes (CONTRACT C-S5): every ESC it writes
//! starts one of its own sequences (an open `ESC ] 8 ; id=urlx-N ; URL
//! ESC \` with an ASCII URL, or the close `ESC ] 8 ; ; ESC \`), opens and
//! closes alternate, one open for each line of each link the options allow
//! (`Link::segments`), the lines of a link with one id, ids in order; no BEL, no C1 control (as a character or a byte) is left; and
//! the text, its sequences taken out and the shown controls read back, is
//! the input. The first byte switches e-mail links and the scheme list.
#![no_main]

use libfuzzer_sys::fuzz_target;

/// The output with the writer's sequences taken out; panics on any other
/// escape sequence or control. Returns it and the number of opens.
fn strip(out: &[u8]) -> (Vec<u8>, usize) {
    let s = String::from_utf8_lossy(out);
    assert!(!s
        .chars()
        .any(|c| ('\u{80}'..='\u{9f}').contains(&c) || c == '\x07'));
    for chunk in out.utf8_chunks() {
        assert!(!chunk.invalid().iter().any(|b| (0x80..=0x9f).contains(b)));
    }
    let (mut text, mut opens, mut open, mut ids) = (Vec::new(), 0, false, 0);
    let mut rest = out;
    while let Some(i) = rest.iter().position(|&b| b == 0x1b) {
        text.extend_from_slice(&rest[..i]);
        rest = &rest[i..];
        if let Some(r) = rest.strip_prefix(b"\x1b]8;;\x1b\\") {
            assert!(open);
            open = false;
            rest = r;
            continue;
        }
        let r = rest
            .strip_prefix(b"\x1b]8;id=urlx-")
            .expect("only the writer's sequences");
        let end = r
            .windows(2)
            .position(|w| w == b"\x1b\\")
            .expect("a closed open");
        let (id, url) = std::str::from_utf8(&r[..end])
            .unwrap()
            .split_once(';')
            .unwrap();
        assert!(!open);
        opens += 1;
        let id: usize = id.parse().unwrap();
        assert!(id == ids || id == ids + 1, "ids in order");
        ids = id;
        assert!(url.bytes().all(|b| b.is_ascii_graphic()), "{url:?}");
        open = true;
        rest = &r[end + 2..];
    }
    assert!(!open);
    text.extend_from_slice(rest);
    (text, opens)
}

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
