//! Text bound for a terminal: its control characters shown, never obeyed
//! (rule C-S5). A message can hold escape sequences of its own (a
//! forged hyperlink, a cleared screen, a window title, a clipboard write);
//! written as they are, the terminal would run them.

use std::io::{self, Write};

pub use crate::delimit::unicode::is_bidi_control;

/// Writes `bytes` with every control character that is not a tab or a
/// line end shown as `less` shows it:
/// - a C0 control or DEL in caret notation (ESC is `^[`, BEL `^G`, DEL
///   `^?`);
/// - a C1 control (U+0080 to U+009F, which some terminals obey as ESC
///   sequences: U+009B is CSI) as `<U+009B>`, and such a byte that is not
///   part of UTF-8 (a terminal in an 8-bit mode obeys it too) as `<9B>`.
///
/// A CR is kept before a LF (a line end); a lone CR is shown (`^M`), since
/// it would let the text after it overwrite the line. Other bytes that are
/// not UTF-8 are written as they are.
///
/// ```
/// let mut out = Vec::new();
/// urlx::linkify::write_visible(&mut out, b"a\x1b]0;title\x07b\r\nc\xc2\x9bd").unwrap();
/// assert_eq!(out, b"a^[]0;title^Gb\r\nc<U+009B>d");
/// ```
pub fn write_visible(w: &mut dyn Write, bytes: &[u8]) -> io::Result<()> {
    visible(w, bytes, true)
}

/// [`write_visible`] for text that must stay on one line (a header field
/// of a message, decoded): its line ends are shown too (`^J`, `^M`), so
/// that it cannot start a line of its own.
///
/// ```
/// let mut out = Vec::new();
/// urlx::linkify::write_visible_line(&mut out, b"a@b\nFrom: PayPal\r\n").unwrap();
/// assert_eq!(out, b"a@b^JFrom: PayPal^M^J");
/// ```
pub fn write_visible_line(w: &mut dyn Write, bytes: &[u8]) -> io::Result<()> {
    visible(w, bytes, false)
}

/// Writes `bytes` with its controls shown; `line_ends`: LF, and CR before
/// LF, kept.
fn visible(w: &mut dyn Write, bytes: &[u8], line_ends: bool) -> io::Result<()> {
    let mut at = 0;
    for chunk in bytes.utf8_chunks() {
        let valid = chunk.valid();
        let mut start = 0;
        for (i, c) in valid.char_indices() {
            let u = u32::from(c);
            let shown = match c {
                '\t' => continue,
                '\n' if line_ends => continue,
                '\r' if line_ends && bytes.get(at + i + 1) == Some(&b'\n') => continue,
                '\x00'..='\x1f' => Shown::Caret(b'@' + u as u8),
                '\x7f' => Shown::Caret(b'?'),
                '\u{80}'..='\u{9f}' => Shown::Code(u),
                _ => continue,
            };
            w.write_all(&valid.as_bytes()[start..i])?;
            shown.write(w)?;
            start = i + c.len_utf8();
        }
        w.write_all(&valid.as_bytes()[start..])?;
        at += valid.len();
        for &b in chunk.invalid() {
            if (0x80..=0x9f).contains(&b) {
                write!(w, "<{b:02X}>")?;
            } else {
                w.write_all(&[b])?;
            }
        }
        at += chunk.invalid().len();
    }
    Ok(())
}

/// How a control character is shown.
enum Shown {
    /// `^` and a letter.
    Caret(u8),
    /// `<U+XXXX>`.
    Code(u32),
}

impl Shown {
    fn write(&self, w: &mut dyn Write) -> io::Result<()> {
        match *self {
            Shown::Caret(b) => w.write_all(&[b'^', b]),
            Shown::Code(u) => write!(w, "<U+{u:04X}>"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(b: &[u8]) -> String {
        let mut out = Vec::new();
        write_visible(&mut out, b).unwrap();
        String::from_utf8_lossy(&out).into_owned()
    }

    #[test]
    fn c_s5_controls_are_shown_not_obeyed() {
        // Forged OSC 8, CSI, OSC 0/2/52, DCS, bell, DEL.
        assert_eq!(
            shown(b"\x1b]8;;https://evil/\x1b\\https://bank/\x1b]8;;\x1b\\"),
            "^[]8;;https://evil/^[\\https://bank/^[]8;;^[\\"
        );
        assert_eq!(
            shown(b"\x1b[2J\x1b]0;t\x07\x1b]52;c;eA==\x07\x1bP1$r\x1b\\\x7f"),
            "^[[2J^[]0;t^G^[]52;c;eA==^G^[P1$r^[\\^?"
        );
        // C1 as characters and as bytes that are not UTF-8; a UTF-8
        // character whose bytes include 0x80 to 0x9F is no control.
        assert_eq!(shown("a\u{9b}2Jb\u{90}".as_bytes()), "a<U+009B>2Jb<U+0090>");
        assert_eq!(shown(b"a\x9b2Jb\x85"), "a<9B>2Jb<85>");
        assert_eq!(shown("€ é".as_bytes()), "€ é");
        // Tab and line ends stay; a lone CR does not; ESC at the end.
        assert_eq!(shown(b"a\tb\r\nc\nd\re\x1b"), "a\tb\r\nc\nd^Me^[");
        assert_eq!(shown(b"\x00\x01"), "^@^A");
    }
}
