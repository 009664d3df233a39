//! Text in a legacy charset to UTF-8, each character placed on the raw
//! bytes it came from; and the charset a label names, the labels mail
//! carries that the WHATWG list lacks included.

use std::borrow::Cow;

use super::map::Stretch;
use encoding_rs::Encoding;

/// A charset a label names: one `encoding_rs` decodes, or UTF-7 (RFC
/// 2152), which it does not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Charset {
    Encoding(&'static Encoding),
    Utf7,
}

/// Labels mail carries that the WHATWG list (`encoding_rs`) does not
/// know, and the label of the charset each means: Python's codec names
/// (`eucgb2312_cn`, `euc_kr`, `cp936`, written by its `email` package)
/// and the others Thunderbird and Python's `email` map. Lower case.
const ALIASES: &[(&str, &str)] = &[
    ("eucgb2312_cn", "gb2312"),
    ("euc_cn", "gb2312"),
    ("euccn", "gb2312"),
    ("gb2312_1980", "gb2312"),
    ("gb2312_80", "gb2312"),
    ("cp936", "gbk"),
    ("ms936", "gbk"),
    ("windows-936", "gbk"),
    ("euc_kr", "euc-kr"),
    ("euckr", "euc-kr"),
    ("ks_c_5601", "euc-kr"),
    ("ksc5601", "euc-kr"),
    ("ksc_5601", "euc-kr"),
    ("ks_x_1001", "euc-kr"),
    ("cp949", "euc-kr"),
    ("ms949", "euc-kr"),
    ("uhc", "euc-kr"),
    ("euc_jp", "euc-jp"),
    ("eucjp", "euc-jp"),
    ("ujis", "euc-jp"),
    ("u_jis", "euc-jp"),
    ("s_jis", "shift_jis"),
    ("shiftjis", "shift_jis"),
    ("shift-jis", "shift_jis"),
    ("cp932", "shift_jis"),
    ("mskanji", "shift_jis"),
    ("cp950", "big5"),
    ("ms950", "big5"),
    ("big5hkscs", "big5"),
    ("iso2022_jp", "iso-2022-jp"),
    ("iso_2022_jp", "iso-2022-jp"),
    ("latin_1", "iso-8859-1"),
    ("latin-1", "iso-8859-1"),
    ("iso_8859_1", "iso-8859-1"),
    ("iso8859_1", "iso-8859-1"),
    ("8859", "iso-8859-1"),
    ("cp819", "iso-8859-1"),
    ("latin_2", "iso-8859-2"),
    ("latin-2", "iso-8859-2"),
    ("iso_8859_2", "iso-8859-2"),
    ("iso8859_2", "iso-8859-2"),
    ("latin_9", "iso-8859-15"),
    ("latin-9", "iso-8859-15"),
    ("iso_8859_15", "iso-8859-15"),
    ("iso8859_15", "iso-8859-15"),
    ("koi8_r", "koi8-r"),
    ("koi8_u", "koi8-u"),
    ("utf_8", "utf-8"),
    ("u8", "utf-8"),
    ("utf", "utf-8"),
    ("utf8_ucs2", "utf-8"),
    ("utf8_ucs4", "utf-8"),
    ("ascii", "us-ascii"),
    ("us_ascii", "us-ascii"),
    ("646", "us-ascii"),
    ("cp367", "us-ascii"),
    ("ansi_x3.4_1968", "us-ascii"),
    ("windows_1250", "windows-1250"),
    ("windows_1251", "windows-1251"),
    ("windows_1252", "windows-1252"),
    ("windows_1253", "windows-1253"),
    ("windows_1254", "windows-1254"),
    ("windows_1255", "windows-1255"),
    ("windows_1256", "windows-1256"),
    ("windows_1257", "windows-1257"),
    ("windows_1258", "windows-1258"),
];

/// UTF-7's labels (RFC 2152, and the names mail clients give it).
const UTF7: &[&str] = &[
    "utf-7",
    "utf7",
    "utf_7",
    "unicode-1-1-utf-7",
    "unicode-2-0-utf-7",
    "x-unicode-2-0-utf-7",
    "csunicode11utf7",
];

/// The charset `label` names (any case, blanks around it ignored).
pub(super) fn lookup(label: &str) -> Option<Charset> {
    let label = label.trim();
    if let Some(enc) = Encoding::for_label(label.as_bytes()) {
        return Some(Charset::Encoding(enc));
    }
    let lower = label.to_ascii_lowercase();
    if UTF7.contains(&lower.as_str()) {
        return Some(Charset::Utf7);
    }
    let (_, to) = ALIASES.iter().find(|(from, _)| *from == lower)?;
    Encoding::for_label(to.as_bytes()).map(Charset::Encoding)
}

/// `bytes` in `cs`, as text; bytes the charset cannot map become U+FFFD.
pub(super) fn decode(bytes: &[u8], cs: Charset) -> Cow<'_, str> {
    match cs {
        Charset::Encoding(enc) => enc.decode_without_bom_handling(bytes).0,
        Charset::Utf7 => Cow::Owned(String::from_utf8(utf7(bytes).0).unwrap_or_default()),
    }
}

/// Converts `bytes` from `cs` to UTF-8. The stretches copy ASCII as it
/// is and take each other character from the bytes that encode it.
pub(super) fn convert(bytes: &[u8], cs: Charset) -> (Vec<u8>, Vec<Stretch>) {
    match cs {
        Charset::Encoding(enc) if enc.is_single_byte() => single_byte(bytes, enc),
        Charset::Encoding(enc) => multi_byte(bytes, enc),
        Charset::Utf7 => utf7(bytes),
    }
}

/// UTF-7 (RFC 2152): ASCII as itself; `+` then modified base64 of UTF-16
/// units, ended by any other byte (a `-` there is absorbed); `+-` is `+`.
/// Each character is placed on the bytes from where its first unit's
/// bits start; what is no character (a lone surrogate, a byte beyond
/// ASCII) becomes U+FFFD.
fn utf7(bytes: &[u8]) -> (Vec<u8>, Vec<Stretch>) {
    let mut out = Vec::with_capacity(bytes.len());
    let mut points = Vec::new();
    let push = |out: &mut Vec<u8>, points: &mut Vec<Stretch>, c: char, at: usize| {
        points.push((out.len(), at, false));
        let mut b = [0u8; 4];
        out.extend_from_slice(c.encode_utf8(&mut b).as_bytes());
    };
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b != b'+' {
            if b.is_ascii() {
                let end = bytes[i..]
                    .iter()
                    .position(|&c| c == b'+' || !c.is_ascii())
                    .map_or(bytes.len(), |k| i + k);
                points.push((out.len(), i, true));
                out.extend_from_slice(&bytes[i..end]);
                i = end;
            } else {
                push(&mut out, &mut points, '\u{fffd}', i);
                i += 1;
            }
            continue;
        }
        let plus = i;
        i += 1;
        if bytes.get(i) == Some(&b'-') {
            push(&mut out, &mut points, '+', plus);
            i += 1;
            continue;
        }
        let (mut acc, mut bits) = (0u32, 0u32);
        let mut high: Option<(u16, usize)> = None;
        let mut unit_at = plus;
        while let Some(v) = bytes.get(i).and_then(|&c| base64_value(c)) {
            acc = (acc << 6 | v) & 0x3F_FFFF;
            bits += 6;
            i += 1;
            if bits < 16 {
                continue;
            }
            bits -= 16;
            let unit = (acc >> bits) as u16;
            match (high.take(), unit) {
                (None, 0xD800..=0xDBFF) => high = Some((unit, unit_at)),
                (Some((h, at)), 0xDC00..=0xDFFF) => {
                    let c = 0x1_0000 + ((u32::from(h) - 0xD800) << 10 | (u32::from(unit) - 0xDC00));
                    push(
                        &mut out,
                        &mut points,
                        char::from_u32(c).unwrap_or('\u{fffd}'),
                        at,
                    );
                }
                (Some((_, at)), _) => {
                    push(&mut out, &mut points, '\u{fffd}', at);
                    let c = char::from_u32(u32::from(unit)).unwrap_or('\u{fffd}');
                    push(&mut out, &mut points, c, unit_at);
                }
                (None, u) => {
                    let c = char::from_u32(u32::from(u)).unwrap_or('\u{fffd}');
                    push(&mut out, &mut points, c, unit_at);
                }
            }
            unit_at = i;
        }
        if let Some((_, at)) = high {
            push(&mut out, &mut points, '\u{fffd}', at);
        }
        if bytes.get(i) == Some(&b'-') {
            i += 1;
        }
    }
    (out, points)
}

fn base64_value(c: u8) -> Option<u32> {
    Some(u32::from(match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => return None,
    }))
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
        places_in(bytes, Charset::Encoding(enc))
    }

    fn places_in(bytes: &[u8], cs: Charset) -> (String, Vec<(char, usize, usize)>) {
        let (out, points) = convert(bytes, cs);
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

    /// Labels mail carries beyond the WHATWG list: Python's codec names,
    /// and UTF-7.
    #[test]
    fn legacy_labels_mail_carries() {
        let enc = |l: &str| match lookup(l) {
            Some(Charset::Encoding(e)) => Some(e.name()),
            Some(Charset::Utf7) => Some("UTF-7"),
            None => None,
        };
        assert_eq!(enc("eucgb2312_cn"), Some("GBK"));
        assert_eq!(enc(" EUCGB2312_CN "), Some("GBK"));
        assert_eq!(enc("x-gbk"), Some("GBK"));
        assert_eq!(enc("ks_c_5601-1987"), Some("EUC-KR"));
        assert_eq!(enc("cp949"), Some("EUC-KR"));
        assert_eq!(enc("euc_jp"), Some("EUC-JP"));
        assert_eq!(enc("cp932"), Some("Shift_JIS"));
        assert_eq!(enc("latin_1"), Some("windows-1252"));
        assert_eq!(enc("unicode-1-1-utf-7"), Some("UTF-7"));
        assert_eq!(enc("x-klingon"), None);
        assert_eq!(
            decode(b"\xd6\xd0\xce\xc4", lookup("eucgb2312_cn").unwrap()),
            "中文"
        );
    }

    /// UTF-7 (RFC 2152's examples), each character on its bytes.
    #[test]
    fn utf7_decodes_and_places() {
        let (t, p) = places_in(b"Hi Mom -+Jjo--!", Charset::Utf7);
        assert_eq!(t, "Hi Mom -\u{263a}-!");
        // (The `-` that ends the base64 belongs to its character.)
        assert_eq!(p[8], ('\u{263a}', 8, 13));
        assert_eq!(places_in(b"+ZeVnLIqe-", Charset::Utf7).0, "日本語");
        assert_eq!(
            places_in(b"A+ImIDkQ.", Charset::Utf7).0,
            "A\u{2262}\u{391}."
        );
        assert_eq!(places_in(b"1 +- 1", Charset::Utf7).0, "1 + 1");
        // A surrogate pair, and a lone one.
        assert_eq!(places_in(b"+2D3eAA-", Charset::Utf7).0, "\u{1f600}");
        assert_eq!(places_in(b"+2D0-x", Charset::Utf7).0, "\u{fffd}x");
        assert_eq!(places_in(b"a\xffb", Charset::Utf7).0, "a\u{fffd}b");
    }
}
