//! Non-ASCII characters at the edge of a bare URL (C-F8): letters, digits,
//! marks and symbols may be part of an IRI; Unicode whitespace and
//! punctuation end it; a URL never ends inside a grapheme cluster.

use unicode_segmentation::GraphemeCursor;

pub(crate) use crate::bytes::char_at;

/// Whether a non-ASCII character ends a bare URL: whitespace (NBSP
/// included), C1 controls, and the punctuation blocks that follow URLs in
/// real text (CJK `。，「」`, curly quotes, dashes, ellipsis, fullwidth forms,
/// format characters such as zero-width spaces).
pub(crate) fn ends_bare_url(c: char) -> bool {
    if c.is_whitespace() {
        return true;
    }
    let u = c as u32;
    matches!(u,
        0x80..=0x9F // C1 controls
        | 0xA1..=0xA9 | 0xAB..=0xB1 | 0xB4 | 0xB6..=0xB8 | 0xBB | 0xBF // Latin-1 punctuation and signs
        | 0xD7 | 0xF7
        | 0x37E | 0x387 | 0x55A..=0x55F | 0x589 | 0x5BE | 0x5C0 | 0x5C3 | 0x5C6 | 0x5F3 | 0x5F4
        | 0x60C | 0x60D | 0x61B | 0x61E | 0x61F | 0x66A..=0x66D | 0x6D4
        | 0x964 | 0x965 | 0x970 | 0xE4F | 0xE5A | 0xE5B | 0x104A..=0x104F | 0x10FB
        | 0x1360..=0x1368 | 0x166E | 0x1802..=0x180A
        | 0x2000..=0x206F // General Punctuation: spaces, dashes, quotes, ellipsis, ZW*
        | 0x2E00..=0x2E7F // Supplemental Punctuation
        | 0x3000..=0x3004 | 0x3008..=0x3020 | 0x3030 | 0x303D..=0x303F // CJK punctuation
        | 0x30FB // katakana middle dot
        | 0xFD3E | 0xFD3F
        | 0xFE10..=0xFE1F | 0xFE30..=0xFE6F // vertical, compatibility and small forms
        | 0xFEFF // byte-order mark
        | 0xFF01..=0xFF0F | 0xFF1A..=0xFF20 | 0xFF3B..=0xFF40 | 0xFF5B..=0xFF65 // fullwidth
        | 0xFFF9..=0xFFFF
    )
}

/// Moves `end` back to the nearest grapheme-cluster boundary at or before
/// it, so that a URL never keeps half of a cluster (C-F8). `text` is the
/// URL text from its start; `after` is what follows `end` in the input (a
/// few bytes are enough: clusters that cross a URL end are short).
pub(crate) fn grapheme_floor(text: &str, end: usize, after: &[u8]) -> usize {
    let next_ascii = after.first().is_none_or(|&b| b < 0x80);
    let prev_ascii = text.as_bytes()[..end].last().is_none_or(|&b| b < 0x80);
    if next_ascii && prev_ascii {
        // ASCII on both sides is a boundary, except CR LF (never in a URL).
        return end;
    }
    // The cursor needs the text on both sides as one chunk.
    let tail_len = after.len().min(32);
    let tail = match std::str::from_utf8(&after[..tail_len]) {
        Ok(t) => t,
        Err(e) => std::str::from_utf8(&after[..e.valid_up_to()]).unwrap_or(""),
    };
    let mut joined = String::with_capacity(end + tail.len());
    joined.push_str(&text[..end]);
    joined.push_str(tail);
    let mut cursor = GraphemeCursor::new(end, joined.len(), true);
    match cursor.is_boundary(&joined, 0) {
        Ok(false) => match cursor.prev_boundary(&joined, 0) {
            Ok(Some(b)) => b,
            _ => 0,
        },
        // A boundary, or a cursor that wants more context than a URL has.
        _ => end,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c_f8_cjk_full_stop_and_nbsp_end_a_url() {
        assert!(ends_bare_url('。'));
        assert!(ends_bare_url('\u{a0}'));
        assert!(ends_bare_url('“'));
        assert!(ends_bare_url('，'));
        assert!(!ends_bare_url('é'));
        assert!(!ends_bare_url('例'));
        assert!(!ends_bare_url('\u{301}'));
    }

    #[test]
    fn c_f8_never_split_a_grapheme() {
        // "e" + COMBINING ACUTE: ending between them moves back before "e".
        let text = "http://x/e";
        assert_eq!(grapheme_floor(text, text.len(), "\u{301}".as_bytes()), 9);
        assert_eq!(grapheme_floor(text, text.len(), b" "), 10);
        assert_eq!(char_at(b"\xff", 0), None);
        assert_eq!(char_at("é".as_bytes(), 0), Some(('é', 2)));
    }
}
