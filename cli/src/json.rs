//! JSON Lines output: one object a line, written by serde_json with the
//! escaping below.
//!
//! serde_json's compact formatter writes `\b` and `\f` and leaves U+007F
//! raw. Here U+0000-U+001F, U+007F and the C1 controls U+0080-U+009F are
//! written as `\u00XX` (only `\n`, `\r` and `\t` keep their short form),
//! so no control character reaches a terminal raw, and each has one
//! spelling to grep for; so are the bidirectional controls
//! (`urlx::linkify::is_bidi_control`: U+202A-U+202E, U+2066-U+2069 and the
//! marks LRM, RLM and ALM), which would reorder what a terminal shows after
//! them (a subject's). Everything else, U+2028 and U+2029 included, is written
//! as it is: the output is UTF-8 and valid JSON either way.

use std::io;

use serde::Serialize;

use serde_json::ser::{CharEscape, CompactFormatter, Formatter};
use urlx::linkify::is_bidi_control;

/// Writes `v` as one compact JSON object into `w` (no line end).
pub fn write<W: io::Write, T: Serialize + ?Sized>(w: &mut W, v: &T) -> io::Result<()> {
    let mut ser = serde_json::Serializer::with_formatter(w, Escapes);
    v.serialize(&mut ser).map_err(io::Error::from)
}

/// Serde_json's compact formatter with the escaping in the module doc.
struct Escapes;

impl Formatter for Escapes {
    fn write_string_fragment<W: ?Sized + io::Write>(
        &mut self,
        w: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        let bytes = fragment.as_bytes();
        // DEL, and the C1 controls and bidirectional controls (whose UTF-8
        // starts with 0xC2 or 0xE2), are written as \uXXXX.
        if memchr::memchr3(0x7f, 0xc2, 0xe2, bytes).is_none() {
            return w.write_all(bytes);
        }
        let mut at = 0;
        for (i, c) in fragment.char_indices() {
            if c == '\u{7f}' || ('\u{80}'..='\u{9f}').contains(&c) || is_bidi_control(c) {
                w.write_all(&bytes[at..i])?;
                write!(w, "\\u{:04x}", c as u32)?;
                at = i + c.len_utf8();
            }
        }
        w.write_all(&bytes[at..])
    }

    fn write_char_escape<W: ?Sized + io::Write>(
        &mut self,
        w: &mut W,
        escape: CharEscape,
    ) -> io::Result<()> {
        match escape {
            CharEscape::Backspace => w.write_all(b"\\u0008"),
            CharEscape::FormFeed => w.write_all(b"\\u000c"),
            other => CompactFormatter.write_char_escape(w, other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn to_string<T: Serialize>(v: &T) -> String {
        let mut out = Vec::new();
        write(&mut out, v).unwrap();
        String::from_utf8(out).unwrap()
    }

    /// The escaping the module doc describes, one character at a time.
    fn expected(c: char) -> String {
        match c {
            '"' => "\\\"".into(),
            '\\' => "\\\\".into(),
            '\n' => "\\n".into(),
            '\r' => "\\r".into(),
            '\t' => "\\t".into(),
            '\0'..='\x1f' | '\x7f'..='\u{9f}' => format!("\\u{:04x}", c as u32),
            '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' => format!("\\u{:04x}", c as u32),
            _ => c.into(),
        }
    }

    #[test]
    fn escapes_controls_and_bidi_controls_as_uxxxx() {
        let mut chars: Vec<char> = (0u8..0x80).map(char::from).collect();
        chars.extend([
            'é', '\u{80}', '\u{9f}', '\u{a0}', '\u{2028}', '\u{2029}', '\u{fffd}', '😀',
            '\u{202a}', '\u{202e}', '\u{202f}', '\u{2066}', '\u{2069}', '\u{206a}', '\u{e000}',
        ]);
        for &c in &chars {
            let got = to_string(&c.to_string());
            assert_eq!(got, format!("\"{}\"", expected(c)), "{:?}", c);
        }
        // Runs between escapes, and escapes at either end.
        let s: String = chars.iter().chain(chars.iter().rev()).collect();
        let want: String = s.chars().map(expected).collect();
        let got = to_string(&s);
        assert_eq!(got, format!("\"{want}\""));
        let back: String = serde_json::from_str(&got).unwrap();
        assert_eq!(back, s);
    }

    #[test]
    fn fields_in_declared_order_with_nulls() {
        #[derive(Serialize)]
        struct R<'a> {
            k: &'a str,
            n: Option<&'a str>,
            b: bool,
            x: u64,
            #[serde(skip_serializing_if = "Option::is_none")]
            absent: Option<u64>,
        }
        let r = R {
            k: "a\"b\\c\nd\u{1}é\u{7f}",
            n: None,
            b: true,
            x: 3,
            absent: None,
        };
        assert_eq!(
            to_string(&r),
            r#"{"k":"a\"b\\c\nd\u0001é\u007f","n":null,"b":true,"x":3}"#
        );
    }
}
