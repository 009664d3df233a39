//! Text in a legacy charset to UTF-8, each character placed on the raw
//! bytes it came from.

use super::map::Stretch;
use encoding_rs::Encoding;

/// Converts `bytes` from `enc` to UTF-8. The stretches copy ASCII as it
/// is and take each other character from the bytes that encode it.
pub(super) fn convert(bytes: &[u8], enc: &'static Encoding) -> (Vec<u8>, Vec<Stretch>) {
    if enc.is_single_byte() {
        single_byte(bytes, enc)
    } else {
        multi_byte(bytes, enc)
    }
}

/// A charset of one byte a character, ASCII as itself: converted whole,
/// then placed run by run.
fn single_byte(bytes: &[u8], enc: &'static Encoding) -> (Vec<u8>, Vec<Stretch>) {
    let text = enc
        .decode_without_bom_handling(bytes)
        .0
        .into_owned()
        .into_bytes();
    let mut points = Vec::new();
    let (mut i, mut out) = (0, 0);
    while i < bytes.len() {
        let ascii = bytes[i..].iter().take_while(|b| b.is_ascii()).count();
        if ascii > 0 {
            points.push((out, i, true));
            i += ascii;
            out += ascii;
        }
        while i < bytes.len() && !bytes[i].is_ascii() {
            points.push((out, i, false));
            out += match text[out] {
                0..0xe0 => 2,
                0xe0..0xf0 => 3,
                _ => 4,
            };
            i += 1;
        }
    }
    (text, points)
}

/// A charset of several bytes a character (or a stateful one): ASCII
/// copied where no character is pending, other bytes fed to the decoder
/// one at a time, each output placed on the bytes read since the last.
fn multi_byte(bytes: &[u8], enc: &'static Encoding) -> (Vec<u8>, Vec<Stretch>) {
    let mut out = Vec::with_capacity(bytes.len() + bytes.len() / 2);
    let mut points = Vec::new();
    let mut decoder = enc.new_decoder_without_bom_handling();
    let ascii_is_ascii = enc.is_ascii_compatible();
    let mut buf = [0u8; 64];
    // The first byte not yet turned into output.
    let mut pending = 0;
    let mut i = 0;
    while i < bytes.len() {
        if ascii_is_ascii && pending == i && bytes[i].is_ascii() {
            let end = bytes[i..]
                .iter()
                .position(|b| !b.is_ascii())
                .map_or(bytes.len(), |k| i + k);
            points.push((out.len(), i, true));
            out.extend_from_slice(&bytes[i..end]);
            i = end;
            pending = end;
            continue;
        }
        let (_, read, written, _) = decoder.decode_to_utf8(&bytes[i..=i], &mut buf, false);
        // One byte never fills the buffer: it holds any output a pending
        // sequence and this byte can give.
        debug_assert_eq!(read, 1);
        i += read.max(1);
        if written > 0 {
            points.push((out.len(), pending, false));
            out.extend_from_slice(&buf[..written]);
            pending = i;
        }
    }
    let (_, _, written, _) = decoder.decode_to_utf8(&[], &mut buf, true);
    if written > 0 {
        points.push((out.len(), pending, false));
        out.extend_from_slice(&buf[..written]);
    }
    (out, points)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::OffsetMap;

    /// The raw range of each character of the converted text.
    fn places(bytes: &[u8], enc: &'static Encoding) -> (String, Vec<(char, usize, usize)>) {
        let (out, points) = convert(bytes, enc);
        let map = OffsetMap::exact(0).compose(&points, bytes.len());
        let text = String::from_utf8(out).unwrap();
        let places = text
            .char_indices()
            .map(|(k, c)| (c, map.raw(k), map.raw_end(k + c.len_utf8())))
            .collect();
        (text, places)
    }

    #[test]
    fn each_character_keeps_its_bytes() {
        let (t, p) = places(b"a\xe9b", encoding_rs::WINDOWS_1252);
        assert_eq!(t, "a\u{e9}b");
        assert_eq!(p, [('a', 0, 1), ('\u{e9}', 1, 2), ('b', 2, 3)]);
        // Shift_JIS: two bytes a character, the second one in ASCII's
        // range (0x5C).
        let (t, p) = places(b"x\x83\x5cy", encoding_rs::SHIFT_JIS);
        assert_eq!(t, "x\u{30bd}y");
        assert_eq!(p, [('x', 0, 1), ('\u{30bd}', 1, 3), ('y', 3, 4)]);
        let (t, p) = places(b"a\x00b\x00", encoding_rs::UTF_16LE);
        assert_eq!(t, "ab");
        assert_eq!(p, [('a', 0, 2), ('b', 2, 4)]);
        // A truncated sequence at the end is a replacement character on
        // its bytes.
        let (t, p) = places(b"z\x83", encoding_rs::SHIFT_JIS);
        assert_eq!(t, "z\u{fffd}");
        assert_eq!(p[1], ('\u{fffd}', 1, 2));
    }
}
