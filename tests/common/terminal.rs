//! Hostile terminal text and the check that an OSC 8 writer's output
//! carries no escape sequence but its own: shared by the library's tests
//! (`tests/linkify.rs`) and the command's (`cli/tests/render.rs`).

/// Hostile terminal text (CONTRACT C-S5): escape sequences of every kind
/// a terminal obeys, raw and as C1 controls, around and inside links.
pub const HOSTILE: &[&[u8]] = &[
    // A forged hyperlink: the text says bank, the link goes elsewhere.
    b"pay at \x1b]8;;https://evil.example/\x1b\\https://bank.example/\x1b]8;;\x1b\\ today",
    // CSI: clear the screen, move the cursor, colour.
    b"\x1b[2J\x1b[1;1H\x1b[31m http://a.example/\x1b[0m \x1b[1mhttp://h.example/",
    // OSC 0 and 2 (titles, BEL and ST ends), OSC 52 (the clipboard).
    b"\x1b]0;pwned\x07 see http://b.example/ \x1b]2;t\x1b\\ \x1b]52;c;cm0gLXJmIH4=\x07",
    // DCS, and C1 controls as characters (UTF-8) and as bytes.
    b"\x1bP1$r\x1b\\ \xc2\x9b2J \xc2\x9d0;t\xc2\x9c \x9b2J \x9d0;t\x9c http://c.example/",
    // An escape sequence inside a wrapper, and ESC at the very end.
    b"<http://d.example/\x1b[2J\n  x> and <URL:http://e.exa\n  mple/>\x1b",
    // A lone CR (overwrites the line), BEL, DEL, NUL.
    b"http://f.example/\rhttp://g.example/\x07\x7f\x00 end",
    // Backspaces that rub out what a link shows, vertical tab, form feed,
    // a CR before a CR LF.
    b"http://good.example/\x08\x08\x08\x08evil \x0b\x0c http://h.example/\r\r\n",
];

/// Checks that every ESC in `out` starts one of the OSC 8 writer's own
/// sequences, an open (`ESC ] 8 ; id=urlx-N ; URL ESC \` with an ASCII
/// URL) or a close (`ESC ] 8 ; ; ESC \`), opens and closes alternating,
/// the lines of one link with one id and one URL; that no C1 control, no
/// C0 control but tab, line feed and those ESCs, no DEL, and no CR but
/// before a line feed is left; returns the links (ids).
pub fn own_sequences(out: &[u8]) -> usize {
    let s = String::from_utf8_lossy(out);
    for (i, &b) in out.iter().enumerate() {
        let allowed = matches!(b, b'\t' | b'\n' | 0x1b)
            || b == b'\r' && out.get(i + 1) == Some(&b'\n')
            || (0x20..0x7f).contains(&b)
            || b >= 0x80;
        assert!(allowed, "the control byte {b:#04x} at {i} is left in {s:?}");
    }
    assert!(
        !s.chars()
            .any(|c| ('\u{80}'..='\u{9f}').contains(&c) || c == '\x07'),
        "a control is left in {s:?}"
    );
    for chunk in out.utf8_chunks() {
        assert!(
            !chunk.invalid().iter().any(|b| (0x80..=0x9f).contains(b)),
            "a C1 byte is left in {s:?}"
        );
    }
    let (mut opens, mut open, mut last_url) = (0, false, String::new());
    let mut rest = out;
    while let Some(i) = rest.iter().position(|&b| b == 0x1b) {
        rest = &rest[i..];
        if let Some(r) = rest.strip_prefix(b"\x1b]8;;\x1b\\") {
            assert!(open, "a close without an open in {s:?}");
            open = false;
            rest = r;
            continue;
        }
        let r = rest
            .strip_prefix(b"\x1b]8;id=urlx-")
            .unwrap_or_else(|| panic!("an escape sequence of the text's own in {s:?}"));
        let end = r.windows(2).position(|w| w == b"\x1b\\").unwrap();
        let (id, url) = std::str::from_utf8(&r[..end])
            .unwrap()
            .split_once(';')
            .unwrap();
        assert!(!open, "an open inside a link in {s:?}");
        let id: usize = id.parse().unwrap();
        if id == opens && last_url == url {
            // The next line of the same link.
        } else {
            opens += 1;
            assert_eq!(id, opens, "ids in order in {s:?}");
            last_url = url.to_owned();
        }
        assert!(
            url.bytes().all(|b| b.is_ascii_graphic()),
            "the target {url:?} is not ASCII"
        );
        open = true;
        rest = &r[end + 2..];
    }
    assert!(!open, "a link left open in {s:?}");
    opens
}
