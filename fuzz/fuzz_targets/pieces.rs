//! A text scanned as pieces against the whole-buffer finder: the text is
//! cut at positions the input chooses (inside URLs, wrappers and lines as
//! well as at line ends), each piece scanned on its own with the window
//! `Finder::piece_margins` asks for, in an order the input chooses, and
//! joined in text order. The joined links equal `Finder::links` on the
//! whole text: span, form, URL, alternative, truncation, line and column.
//!
//! Input layout: 8 bytes of settings, a cut schedule length `n` (0 to 31),
//! `n` schedule bytes (each the length of the next piece), then the body,
//! repeated with filler until the text is several overlaps long.
#![no_main]

use libfuzzer_sys::fuzz_target;

/// Filler between the body's copies: words and line breaks, no trigger.
const FILLER: &[u8] = b"lorem ipsum dolor sit amet\nconsectetur adipiscing elit\n";

#[path = "../common/seen.rs"]
mod seen;
use seen::Seen;

fuzz_target!(|data: &[u8]| {
    if data.len() < 9 {
        return;
    }
    let (settings, rest) = data.split_at(8);
    let n = usize::from(rest[0] % 32).min(rest.len() - 1);
    let schedule: &[u8] = if n == 0 { &[7, 200, 1] } else { &rest[1..=n] };
    let body = &rest[n + 1..];
    let flags = settings[0];
    let max_line_len = if flags & 8 != 0 {
        32 + usize::from(settings[3] >> 3) * 32
    } else {
        0
    };
    let f = urlx::FinderBuilder::new()
        .email(flags & 1 != 0)
        .join_unhyphenated_breaks(flags & 2 != 0)
        .abbreviated(flags & 4 == 0)
        .max_url_len(16 + usize::from(settings[1]))
        .max_wrapper_bytes(16 + usize::from(settings[2]))
        .max_wrapper_lines(usize::from(settings[3] % 8) + 1)
        .max_line_len(max_line_len)
        .build()
        .unwrap();
    let (before, after) = f.piece_margins();
    // A few overlaps long, so that pieces' guesses start inside the text.
    let min_len = 3 * before + after;
    let mut text = Vec::with_capacity(min_len + body.len() + FILLER.len());
    while text.len() < min_len {
        text.extend_from_slice(body);
        text.extend_from_slice(&FILLER[..usize::from(settings[7] % 8) * 7]);
        if body.is_empty() {
            text.extend_from_slice(FILLER);
        }
    }
    let scale = 1 + usize::from(settings[5] % 64) * 16;

    let whole: Vec<Seen> = f.links(&text).map(|l| Seen::of(&l)).collect();

    // The pieces, cut by the schedule.
    let mut pieces = Vec::new();
    let (mut c, mut step) = (0, 0);
    loop {
        let len = (usize::from(schedule[step % schedule.len()]) * scale).max(1);
        step += 1;
        let end = (c + len).min(text.len());
        let base = c.saturating_sub(before);
        let top = (end + after).min(text.len());
        pieces.push(urlx::Piece::new(
            text[base..top].to_vec(),
            base,
            c..end,
            top == text.len(),
        ));
        if end == text.len() {
            break;
        }
        c = end;
    }
    // Scanned in an order of the input's (every other one left to the
    // join, which scans it there), joined in text order.
    let skip = settings[6];
    for (k, p) in pieces.iter_mut().enumerate().rev() {
        if skip & (1 << (k % 8)) == 0 {
            f.scan_piece(p);
        }
    }
    let mut seam = urlx::Seam::default();
    let mut joined = Vec::new();
    for mut p in pieces {
        let j = p.join(&f, &mut seam);
        for l in p.links() {
            joined.push(Seen::placed(l, j.place(l.line(), l.column(), l.start())));
        }
    }
    assert_eq!(whole.len(), joined.len(), "link count");
    for (w, j) in whole.iter().zip(&joined) {
        assert_eq!(w, j);
    }
});
