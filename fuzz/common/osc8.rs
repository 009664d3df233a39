//! The OSC 8 writer's output read back: its own sequences taken out, any
//! other escape sequence or control a failure.

/// The output with the writer's sequences taken out; panics on any other
/// escape sequence or control. Returns it and the number of opens.
pub fn strip(out: &[u8]) -> (Vec<u8>, usize) {
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

