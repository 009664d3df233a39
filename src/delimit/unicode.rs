//! Non-ASCII characters at the edge of a bare URL (C-F8): letters, digits,
//! marks, symbols and the joiners may be part of an IRI; Unicode
//! whitespace, punctuation and format characters end it; a URL never ends
//! inside a grapheme cluster.

use unicode_segmentation::{GraphemeCursor, GraphemeIncomplete};

pub(crate) use crate::scan::bytes::char_at;

/// The non-ASCII characters that end a bare URL (C-F8), as sorted,
/// disjoint ranges: Unicode's punctuation (P*), separators (Z*), controls
/// (Cc) and format characters (Cf), and the specials U+FFF9..U+FFFF; made
/// from the general categories of Unicode 14.0. Not in it, so that a bare
/// URL goes on through them: letters, marks, digits, symbols (`¢ © ° ±
/// € →`, emoji), the joiners ZWNJ and ZWJ that words of Persian, Indic
/// scripts and emoji sequences hold, the tag characters of emoji flags,
/// and the en dash U+2013 of compound names and ranges
/// (`Hatfield–McCoy`), which C-F7 drops from a URL's end instead.
#[rustfmt::skip]
const ENDS_BARE_URL: &[(u32, u32)] = &[
    (0x80, 0xA1), (0xA7, 0xA7), (0xAB, 0xAB), (0xAD, 0xAD), (0xB6, 0xB7), (0xBB, 0xBB),
    (0xBF, 0xBF), (0x37E, 0x37E), (0x387, 0x387), (0x55A, 0x55F), (0x589, 0x58A),
    (0x5BE, 0x5BE), (0x5C0, 0x5C0), (0x5C3, 0x5C3), (0x5C6, 0x5C6), (0x5F3, 0x5F4),
    (0x600, 0x605), (0x609, 0x60A), (0x60C, 0x60D), (0x61B, 0x61F), (0x66A, 0x66D),
    (0x6D4, 0x6D4), (0x6DD, 0x6DD), (0x700, 0x70D), (0x70F, 0x70F), (0x7F7, 0x7F9),
    (0x830, 0x83E), (0x85E, 0x85E), (0x890, 0x891), (0x8E2, 0x8E2), (0x964, 0x965),
    (0x970, 0x970), (0x9FD, 0x9FD), (0xA76, 0xA76), (0xAF0, 0xAF0), (0xC77, 0xC77),
    (0xC84, 0xC84), (0xDF4, 0xDF4), (0xE4F, 0xE4F), (0xE5A, 0xE5B), (0xF04, 0xF12),
    (0xF14, 0xF14), (0xF3A, 0xF3D), (0xF85, 0xF85), (0xFD0, 0xFD4), (0xFD9, 0xFDA),
    (0x104A, 0x104F), (0x10FB, 0x10FB), (0x1360, 0x1368), (0x1400, 0x1400), (0x166E, 0x166E),
    (0x1680, 0x1680), (0x169B, 0x169C), (0x16EB, 0x16ED), (0x1735, 0x1736), (0x17D4, 0x17D6),
    (0x17D8, 0x17DA), (0x1800, 0x180A), (0x180E, 0x180E), (0x1944, 0x1945), (0x1A1E, 0x1A1F),
    (0x1AA0, 0x1AA6), (0x1AA8, 0x1AAD), (0x1B5A, 0x1B60), (0x1B7D, 0x1B7E), (0x1BFC, 0x1BFF),
    (0x1C3B, 0x1C3F), (0x1C7E, 0x1C7F), (0x1CC0, 0x1CC7), (0x1CD3, 0x1CD3), (0x2000, 0x200B),
    (0x200E, 0x2012), (0x2014, 0x2043), (0x2045, 0x2051), (0x2053, 0x2064), (0x2066, 0x206F), (0x207D, 0x207E),
    (0x208D, 0x208E), (0x2308, 0x230B), (0x2329, 0x232A), (0x2768, 0x2775), (0x27C5, 0x27C6),
    (0x27E6, 0x27EF), (0x2983, 0x2998), (0x29D8, 0x29DB), (0x29FC, 0x29FD), (0x2CF9, 0x2CFC),
    (0x2CFE, 0x2CFF), (0x2D70, 0x2D70), (0x2E00, 0x2E2E), (0x2E30, 0x2E4F), (0x2E52, 0x2E5D),
    (0x3000, 0x3003), (0x3008, 0x3011), (0x3014, 0x301F), (0x3030, 0x3030), (0x303D, 0x303D),
    (0x30A0, 0x30A0), (0x30FB, 0x30FB), (0xA4FE, 0xA4FF), (0xA60D, 0xA60F), (0xA673, 0xA673),
    (0xA67E, 0xA67E), (0xA6F2, 0xA6F7), (0xA874, 0xA877), (0xA8CE, 0xA8CF), (0xA8F8, 0xA8FA),
    (0xA8FC, 0xA8FC), (0xA92E, 0xA92F), (0xA95F, 0xA95F), (0xA9C1, 0xA9CD), (0xA9DE, 0xA9DF),
    (0xAA5C, 0xAA5F), (0xAADE, 0xAADF), (0xAAF0, 0xAAF1), (0xABEB, 0xABEB), (0xFD3E, 0xFD3F),
    (0xFE10, 0xFE19), (0xFE30, 0xFE52), (0xFE54, 0xFE61), (0xFE63, 0xFE63), (0xFE68, 0xFE68),
    (0xFE6A, 0xFE6B), (0xFEFF, 0xFEFF), (0xFF01, 0xFF03), (0xFF05, 0xFF0A), (0xFF0C, 0xFF0F),
    (0xFF1A, 0xFF1B), (0xFF1F, 0xFF20), (0xFF3B, 0xFF3D), (0xFF3F, 0xFF3F), (0xFF5B, 0xFF5B),
    (0xFF5D, 0xFF5D), (0xFF5F, 0xFF65), (0xFFF9, 0xFFFF), (0x10100, 0x10102),
    (0x1039F, 0x1039F), (0x103D0, 0x103D0), (0x1056F, 0x1056F), (0x10857, 0x10857),
    (0x1091F, 0x1091F), (0x1093F, 0x1093F), (0x10A50, 0x10A58), (0x10A7F, 0x10A7F),
    (0x10AF0, 0x10AF6), (0x10B39, 0x10B3F), (0x10B99, 0x10B9C), (0x10EAD, 0x10EAD),
    (0x10F55, 0x10F59), (0x10F86, 0x10F89), (0x11047, 0x1104D), (0x110BB, 0x110C1),
    (0x110CD, 0x110CD), (0x11140, 0x11143), (0x11174, 0x11175), (0x111C5, 0x111C8),
    (0x111CD, 0x111CD), (0x111DB, 0x111DB), (0x111DD, 0x111DF), (0x11238, 0x1123D),
    (0x112A9, 0x112A9), (0x1144B, 0x1144F), (0x1145A, 0x1145B), (0x1145D, 0x1145D),
    (0x114C6, 0x114C6), (0x115C1, 0x115D7), (0x11641, 0x11643), (0x11660, 0x1166C),
    (0x116B9, 0x116B9), (0x1173C, 0x1173E), (0x1183B, 0x1183B), (0x11944, 0x11946),
    (0x119E2, 0x119E2), (0x11A3F, 0x11A46), (0x11A9A, 0x11A9C), (0x11A9E, 0x11AA2),
    (0x11C41, 0x11C45), (0x11C70, 0x11C71), (0x11EF7, 0x11EF8), (0x11FFF, 0x11FFF),
    (0x12470, 0x12474), (0x12FF1, 0x12FF2), (0x13430, 0x13438), (0x16A6E, 0x16A6F),
    (0x16AF5, 0x16AF5), (0x16B37, 0x16B3B), (0x16B44, 0x16B44), (0x16E97, 0x16E9A),
    (0x16FE2, 0x16FE2), (0x1BC9F, 0x1BCA3), (0x1D173, 0x1D17A), (0x1DA87, 0x1DA8B),
    (0x1E95E, 0x1E95F), (0xE0001, 0xE0001),
];

/// Whether a non-ASCII character ends a bare URL ([`ENDS_BARE_URL`]).
/// A binary search: the letters of an IRI, the most asked, fall past most
/// of the ranges.
pub(crate) fn ends_bare_url(c: char) -> bool {
    let u = c as u32;
    let k = ENDS_BARE_URL.partition_point(|&(_, hi)| hi < u);
    ENDS_BARE_URL.get(k).is_some_and(|&(lo, _)| lo <= u)
}

/// Whether `c` is of a script written without spaces between words, so
/// that a sentence may go on right after a URL: Han, Hiragana, Katakana,
/// Hangul (with their compatibility and fullwidth forms).
pub(crate) fn spaceless_script(c: char) -> bool {
    matches!(c as u32,
        0x1100..=0x11FF | 0x2E80..=0x2FDF | 0x3040..=0x30FF | 0x3100..=0x312F
        | 0x3130..=0x318F | 0x31A0..=0x31FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF
        | 0xA960..=0xA97F | 0xAC00..=0xD7FF | 0xF900..=0xFAFF | 0xFF66..=0xFFDC
        | 0x20000..=0x3FFFF)
}

/// C-F8: whether a character of a script written without spaces starts at
/// `i` right after an ASCII byte: where a bare URL ends, unless the URL's
/// own text starts there (`http://例え.jp/`), so that the sentence after it
/// is not taken (`http://example.com/をご覧ください`).
#[inline]
pub(crate) fn script_transition(h: &[u8], i: usize) -> bool {
    // (Every such character is U+1100 or above: three bytes or four.)
    i > 0
        && h[i - 1] < 0x80
        && h.get(i).is_some_and(|&b| b >= 0xE1)
        && char_at(h, i).is_some_and(|(c, _)| spaceless_script(c))
}

/// Blocks of characters none of which is Extend, ZWJ or SpacingMark (a
/// test checks every one against the cluster rules): Latin-1 and Latin
/// letters, Greek and Cyrillic letters, dashes, quotes and the ellipsis,
/// CJK punctuation, ideographs, fullwidth forms.
pub(crate) fn never_joins_ascii(c: char) -> bool {
    matches!(c as u32,
        0xA0..=0x2FF | 0x370..=0x482 | 0x2010..=0x2027 | 0x3000..=0x3029
        | 0x4E00..=0x9FFF | 0xFF01..=0xFF9D)
}

/// How much text before a URL's end the cluster rules get at first (most
/// clusters are shorter); they ask for more where they need it (a run of
/// regional indicators, an emoji sequence), a chunk of this size at a
/// time.
const CONTEXT: usize = 16;

/// `i` moved back to the start of its character in the UTF-8 text `t`.
fn char_floor(t: &[u8], mut i: usize) -> usize {
    while i > 0 && t[i] & 0xC0 == 0x80 {
        i -= 1;
    }
    i
}

/// Moves `end` back to the nearest grapheme-cluster boundary at or before
/// it, so that a URL never keeps half of a cluster (C-F8). `text` is the
/// URL text from its start (UTF-8 up to `end`); `after` is what follows
/// `end` in the input (a few bytes are enough: clusters that cross a URL
/// end are short). The rules see the text before `end` a chunk at a time
/// as they ask for it: the text of a long run is not copied or checked
/// whole for each trigger in it (C-S4).
pub(crate) fn grapheme_floor(text: &[u8], end: usize, after: &[u8]) -> usize {
    let next_ascii = after.first().is_none_or(|&b| b < 0x80);
    let prev_ascii = text[..end].last().is_none_or(|&b| b < 0x80);
    if next_ascii && prev_ascii {
        // ASCII on both sides is a boundary, except CR LF (never in a URL).
        return end;
    }
    // After an ASCII character, only Extend, ZWJ and SpacingMark join
    // (UAX #29 GB9, GB9a): the punctuation and letters that follow URLs in
    // text join nothing, and need no cursor.
    if prev_ascii && char_at(after, 0).is_some_and(|(c, _)| never_joins_ascii(c)) {
        return end;
    }
    let str_of = |lo: usize, hi: usize| std::str::from_utf8(&text[lo..hi]).ok();
    // The cursor's chunk: the end of the text and the character that
    // follows (whether `end` is a boundary depends on the text before it
    // and that one character; none where the bytes are no character).
    let tail = match after.first() {
        Some(&b) if b < 0x80 => 1,
        Some(_) => char_at(after, 0).map_or(0, |(_, len)| len),
        None => 0,
    };
    // After an ASCII character the chunk starts with it: that pair alone
    // decides nearly every URL next to non-ASCII text (only marks and
    // joiners join an ASCII character to the next; `http://a.example/。`).
    let start = if prev_ascii {
        end.saturating_sub(1)
    } else {
        char_floor(text, end.saturating_sub(CONTEXT))
    };
    let mut buf = [0u8; CONTEXT + 4 + 4];
    let n = end - start;
    buf[..n].copy_from_slice(&text[start..end]);
    buf[n..n + tail].copy_from_slice(&after[..tail]);
    let Ok(chunk) = std::str::from_utf8(&buf[..n + tail]) else {
        return end;
    };
    let mut cursor = GraphemeCursor::new(end, end + tail, true);
    // More text before a place, as the rules ask for it.
    let context = |cursor: &mut GraphemeCursor, k: usize| -> Option<()> {
        let lo = char_floor(text, k.saturating_sub(CONTEXT));
        cursor.provide_context(str_of(lo, k)?, lo);
        Some(())
    };
    let at_boundary = loop {
        match cursor.is_boundary(chunk, start) {
            Ok(b) => break b,
            Err(GraphemeIncomplete::PreContext(k)) => {
                if context(&mut cursor, k).is_none() {
                    return end;
                }
            }
            // A cursor that wants more than the URL has.
            Err(_) => return end,
        }
    };
    if at_boundary {
        return end;
    }
    let (mut c, mut c_start) = (chunk, start);
    loop {
        match cursor.prev_boundary(c, c_start) {
            Ok(Some(b)) => return b,
            Err(GraphemeIncomplete::PrevChunk) => {
                let lo = char_floor(text, c_start.saturating_sub(CONTEXT));
                let Some(prev) = str_of(lo, c_start) else {
                    return 0;
                };
                (c, c_start) = (prev, lo);
            }
            Err(GraphemeIncomplete::PreContext(k)) => {
                if context(&mut cursor, k).is_none() {
                    return 0;
                }
            }
            Ok(None) | Err(_) => return 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cluster rules with the whole text at once (the implementation
    /// before chunks).
    fn whole_text_floor(text: &str, end: usize, after: &[u8]) -> usize {
        let next_ascii = after.first().is_none_or(|&b| b < 0x80);
        let prev_ascii = text.as_bytes()[..end].last().is_none_or(|&b| b < 0x80);
        if next_ascii && prev_ascii {
            return end;
        }
        let tail_len = after.len().min(32);
        let tail = match std::str::from_utf8(&after[..tail_len]) {
            Ok(t) => t,
            Err(e) => std::str::from_utf8(&after[..e.valid_up_to()]).unwrap_or(""),
        };
        let joined = format!("{}{tail}", &text[..end]);
        let mut cursor = GraphemeCursor::new(end, joined.len(), true);
        match cursor.is_boundary(&joined, 0) {
            Ok(false) => match cursor.prev_boundary(&joined, 0) {
                Ok(Some(b)) => b,
                _ => 0,
            },
            _ => end,
        }
    }

    /// C-F8: whitespace, controls and punctuation end a URL; letters,
    /// digits, symbols and the joiners do not (checked against Rust's own
    /// Unicode properties where it has them); the ranges are sorted and
    /// disjoint.
    #[test]
    fn c_f8_ends_bare_url_is_whitespace_punctuation_and_format() {
        for c in (0x80..=0x10FFFFu32).filter_map(char::from_u32) {
            if c.is_whitespace() || c.is_control() {
                assert!(ends_bare_url(c), "U+{:04X}", c as u32);
            }
            if c.is_alphanumeric() {
                assert!(!ends_bare_url(c), "U+{:04X}", c as u32);
            }
        }
        // Symbols (Sc, Sm, So, Sk), joiners, an emoji tag, the en dash.
        for c in "¢£¥©®°±×÷¬¨¯´€→™♥∑😀\u{200c}\u{200d}\u{e0067}\u{2013}\u{fe0f}".chars()
        {
            assert!(!ends_bare_url(c), "U+{:04X}", c as u32);
        }
        // Punctuation (P*) and format characters (Cf) but the joiners.
        for c in
            "¡§¶·¿«»。、「」“”—…‹›\u{200b}\u{200e}\u{202e}\u{2066}\u{feff}\u{ad}\u{fffd}".chars()
        {
            assert!(ends_bare_url(c), "U+{:04X}", c as u32);
        }
        assert!(ENDS_BARE_URL.windows(2).all(|w| w[0].1 < w[1].0));
        assert!(ENDS_BARE_URL.iter().all(|&(lo, hi)| lo <= hi));
    }

    /// C-F8: every character of the blocks `never_joins_ascii` names makes
    /// a cluster boundary after every ASCII character, by the cluster
    /// rules themselves (so the short cut in `grapheme_floor` gives what
    /// the cursor gives).
    #[test]
    fn c_f8_never_joins_ascii_holds_for_every_character_it_names() {
        let mut n = 0;
        for c in (0x80..=0x10FFFFu32).filter_map(char::from_u32) {
            if !never_joins_ascii(c) {
                continue;
            }
            n += 1;
            for prev in [b'a', b'/', b'0', b'-', 0x01] {
                let t = format!("{}{c}", prev as char);
                let mut cursor = GraphemeCursor::new(1, t.len(), true);
                assert_eq!(
                    cursor.is_boundary(&t, 0),
                    Ok(true),
                    "{:?} U+{:04X}",
                    prev as char,
                    c as u32
                );
            }
            assert_eq!(whole_text_floor("a", 1, c.to_string().as_bytes()), 1);
        }
        assert!(n > 20_000, "{n}");
    }

    /// C-F8, C-S4: long runs of what the rules look back over (regional
    /// indicators pair from the run's start; an emoji sequence joins over
    /// its extenders), past several chunks of context.
    #[test]
    fn c_f8_chunked_cluster_rules_look_back_far_enough() {
        for unit in ["\u{1f1e9}", "\u{1f468}\u{200d}", "\u{301}", "\u{1f3fb}"] {
            for n in [1usize, 15, 16, 17, 33, 64, 65, 100] {
                for head in ["", "a", "\u{1f1ea}", "\u{1f468}"] {
                    for tail in [
                        "",
                        "\u{1f1e9}",
                        "\u{200d}\u{1f468}",
                        "\u{301}",
                        "a",
                        "\u{3002}",
                    ] {
                        let text = format!("{head}{}{tail}", unit.repeat(n));
                        let b = text.as_bytes();
                        for end in (0..=b.len()).filter(|&e| text.is_char_boundary(e)) {
                            assert_eq!(
                                grapheme_floor(b, end, &b[end..]),
                                whole_text_floor(&text, end, &b[end..]),
                                "{text:?} {end}"
                            );
                        }
                    }
                }
            }
        }
    }

    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]

        /// C-F8, C-S4: the rules given the text a chunk at a time find
        /// the boundary they find with the whole text: across regional
        /// indicators, emoji sequences, marks, Hangul, prepended and
        /// Indic letters, long runs of each.
        #[test]
        fn c_f8_chunked_cluster_rules_agree_with_the_whole_text(
            pieces in prop::collection::vec(prop::sample::select(vec![
                "a", "1", "/", ".", "\u{e9}", "e\u{301}", "\u{301}", "\u{1f1e9}", "\u{1f1ea}",
                "\u{1f468}", "\u{200d}", "\u{2764}\u{fe0f}", "\u{1f3fb}", "\u{1100}",
                "\u{1161}", "\u{11a8}", "\u{ac00}", "\u{600}", "\u{915}", "\u{94d}",
                "\u{937}", "\u{93f}", "\u{3002}", "\u{201d}", "\u{a0}", "\r", "\n",
            ]), 0..60),
            runs in 1usize..40,
            split in 0usize..200,
        ) {
            let text = pieces.concat().repeat(runs % 5 + 1);
            let bytes = text.as_bytes();
            let mut cut = split.min(bytes.len());
            while !text.is_char_boundary(cut) {
                cut -= 1;
            }
            // Any end at a character, with what follows it.
            let mut end = (cut * 7 + runs) % (bytes.len() + 1);
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            let after = &bytes[end..];
            prop_assert_eq!(
                grapheme_floor(bytes, end, after),
                whole_text_floor(&text, end, after)
            );
            // The same with the text cut at `cut` (after: what the cut left).
            let e2 = end.min(cut);
            prop_assert_eq!(
                grapheme_floor(&bytes[..cut], e2, &bytes[e2..cut]),
                whole_text_floor(&text[..cut], e2, &bytes[e2..cut])
            );
        }
    }

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
        assert_eq!(
            grapheme_floor(text.as_bytes(), text.len(), "\u{301}".as_bytes()),
            9
        );
        assert_eq!(grapheme_floor(text.as_bytes(), text.len(), b" "), 10);
        assert_eq!(char_at(b"\xff", 0), None);
        assert_eq!(char_at("é".as_bytes(), 0), Some(('é', 2)));
    }
}
