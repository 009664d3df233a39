//! The reading view on a terminal (`mail::read`, then
//! `linkify::write_message_osc8`) on any message: only the writer's own
//! escape sequences (CONTRACT C-S5), and a header field, however it
//! decodes, stays on its one line: the lines before the blank line are
//! the fields shown, each `Name: value` (C-S8).
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../common/osc8.rs"]
mod osc8;

fuzz_target!(|data: &[u8]| {
    let reading = urlx::mail::read(data, 0..data.len());
    let mut out = Vec::new();
    let finder = urlx::Finder::new();
    urlx::linkify::write_message_osc8(&mut out, &finder, &reading, &Default::default()).unwrap();
    osc8::strip(&out);
    let i = &reading.info;
    let fields = [&i.from, &i.to, &i.date, &i.subject]
        .iter()
        .filter(|f| f.is_some())
        .count();
    // The lines up to the first empty one: the header.
    let lines: Vec<&[u8]> = out
        .split(|&b| b == b'\n')
        .take_while(|l| !l.is_empty())
        .collect();
    assert_eq!(lines.len(), fields, "{:?}", String::from_utf8_lossy(&out));
    for l in lines {
        assert!(
            [&b"From: "[..], b"To: ", b"Date: ", b"Subject: "]
                .iter()
                .any(|n| l.starts_with(n)),
            "{:?}",
            String::from_utf8_lossy(l)
        );
        assert!(!l.contains(&b'\r'));
    }
});
