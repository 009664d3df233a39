//! Non-ASCII characters at the edge of a bare URL (C-F8), by Unicode's
//! link detection standard (UTS #58, `Link_Term`): Hard characters end
//! it (whitespace, controls, unassigned code points), and so do the
//! bidirectional controls (the one deviation, C-S5); every other goes on
//! the URL's run, and C-F7 drops what may not end it (Soft characters,
//! closing brackets that pair with nothing). A URL never ends inside a
//! grapheme cluster.

use unicode_segmentation::{GraphemeCursor, GraphemeIncomplete};

pub(crate) use crate::bytes::char_at;
use crate::uts58::{link_term, LinkTerm};

/// Whether a non-ASCII character ends a bare URL: `Link_Term` Hard, or a
/// bidirectional control (U+061C, U+200E, U+200F, U+202A-202E,
/// U+2066-2069), which UTS #58 takes into a link and urlx does not, so
/// that no link's text can reorder the text around it (C-S5, C-S2).
#[inline]
pub(crate) fn ends_bare_url(c: char) -> bool {
    is_bidi_control(c) || link_term(c) == LinkTerm::Hard
}

/// Whether a character changes the direction of the text after it (one
/// definition: a bare URL ends at one, and the output shows them;
/// `urlx::linkify` gives it to callers):
/// the embeddings and overrides (U+202A to U+202E), the isolates (U+2066
/// to U+2069) and the marks (LRM, RLM, ALM). Text from a message that
/// holds one can reorder what a terminal or page shows after it: output
/// for a reader shows them (`<U+202E>`, `\u202e`) or isolates them.
///
/// ```
/// assert!(urlx::linkify::is_bidi_control('\u{202e}'));
/// assert!(urlx::linkify::is_bidi_control('\u{200f}'));
/// assert!(!urlx::linkify::is_bidi_control('\u{5d0}'));
/// ```
#[inline]
pub fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}' | '\u{61c}'
    )
}

/// Whether a character may end a bare URL only when more URL text
/// follows it (`Link_Term` Soft: `.` `,` `。` `、` `»` …), so that C-F7
/// drops it at the end.
#[inline]
pub(crate) fn is_soft(c: char) -> bool {
    link_term(c) == LinkTerm::Soft
}

/// The opening bracket a closing bracket `c` pairs with (`Link_Bracket`),
/// or `None` for a character that closes nothing.
#[inline]
pub(crate) fn opener_of(c: char) -> Option<char> {
    if link_term(c) == LinkTerm::Close {
        crate::uts58::link_bracket(c)
    } else {
        None
    }
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
    // The end of the text, or a line break or other control after it: a
    // boundary whatever comes before (GB2, GB5), as at most URLs' ends.
    if after.first().is_none_or(|&b| b < 0x20 || b == 0x7F) {
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

    /// C-F8: what ends a bare URL is `Link_Term` Hard and the
    /// bidirectional controls; Soft, Open, Close and Include go on its run.
    #[test]
    fn c_f8_ends_bare_url_is_hard_and_bidi() {
        let mut deprecated = Vec::new();
        for c in (0x80..=0x10FFFFu32).filter_map(char::from_u32) {
            if c.is_whitespace() || c.is_control() {
                assert!(ends_bare_url(c), "U+{:04X}", c as u32);
            }
            if c.is_alphanumeric() && ends_bare_url(c) {
                deprecated.push(c as u32);
            }
        }
        // Letters end no URL but the few that Unicode deprecates (Hard).
        assert!(
            deprecated.contains(&0x149) && deprecated.len() < 16,
            "{deprecated:X?}"
        );
        for c in "\u{a0}\u{2028}\u{3000}\u{85}\u{202e}\u{2066}\u{200e}\u{61c}".chars() {
            assert!(ends_bare_url(c), "U+{:04X}", c as u32);
        }
        // Letters of every script, symbols, joiners, marks, Soft and
        // bracket characters: on the run (C-F7 decides an end).
        for c in "é例フ་€→😀\u{200c}\u{200d}\u{301}\u{2013}。、«»「」（）".chars()
        {
            assert!(!ends_bare_url(c), "U+{:04X}", c as u32);
        }
        assert!(is_soft('。') && is_soft('、') && is_soft('»') && !is_soft('フ'));
        assert_eq!(opener_of('）'), Some('（'));
        assert_eq!(opener_of('」'), Some('「'));
        assert_eq!(opener_of('a'), None);
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
