//! RFC 2047 encoded words in header fields (`=?utf-8?b?…?=`,
//! `=?ISO-8859-1?Q?caf=E9?=`): decoded in the fields a reader sees
//! (Subject, From, To), in every charset `encoding_rs` knows. Adjacent
//! encoded words, with only whitespace between them, are one text (RFC
//! 2047 §6.2); a malformed word, or one in an unknown charset, stays as
//! written.

use std::borrow::Cow;

/// `value` with its encoded words decoded.
///
/// ```
/// use urlx::mail::decode_words;
/// assert_eq!(decode_words("=?ISO-8859-1?Q?caf=E9?= au lait"), "café au lait");
/// assert_eq!(decode_words("=?utf-8?b?w6k=?= =?utf-8?b?w6k=?="), "éé");
/// assert_eq!(decode_words("=?nope?q?x?= and =?utf-8?x?y?="), "=?nope?q?x?= and =?utf-8?x?y?=");
/// ```
pub fn decode_words(value: &str) -> Cow<'_, str> {
    if !value.contains("=?") {
        return Cow::Borrowed(value);
    }
    let mut out = String::with_capacity(value.len());
    let mut rest = value;
    let mut after_word = false;
    while let Some(i) = rest.find("=?") {
        let (before, at) = rest.split_at(i);
        match word(at) {
            Some((text, len)) => {
                // Whitespace alone between two encoded words is dropped.
                if !(after_word && before.bytes().all(|b| b == b' ' || b == b'\t')) {
                    out.push_str(before);
                }
                out.push_str(&text);
                rest = &at[len..];
                after_word = true;
            }
            None => {
                out.push_str(before);
                out.push_str("=?");
                rest = &at[2..];
                after_word = false;
            }
        }
    }
    out.push_str(rest);
    Cow::Owned(out)
}

/// The encoded word at the start of `s` (`=?charset?enc?text?=`): its
/// decoded text and its length, or `None` where it is not one.
fn word(s: &str) -> Option<(String, usize)> {
    let body = s.strip_prefix("=?")?;
    let q1 = body.find('?')?;
    let charset = &body[..q1];
    let after = &body[q1 + 1..];
    let q2 = after.find('?')?;
    let enc = &after[..q2];
    let text_and_rest = &after[q2 + 1..];
    let end = text_and_rest.find("?=")?;
    let text = &text_and_rest[..end];
    // An encoded word holds no whitespace (RFC 2047 §2).
    if charset.is_empty() || text.contains(|c: char| c.is_ascii_whitespace()) {
        return None;
    }
    // RFC 2231 adds a language after `*`.
    let label = charset.split('*').next().unwrap_or(charset);
    let charset = super::charset::lookup(label)?;
    let bytes = if enc.eq_ignore_ascii_case("b") {
        base64(text)?
    } else if enc.eq_ignore_ascii_case("q") {
        q(text)?
    } else {
        return None;
    };
    let len = 2 + q1 + 1 + q2 + 1 + end + 2;
    Some((super::charset::decode(&bytes, charset).into_owned(), len))
}

/// The Q encoding: `_` is a space, `=XX` a byte.
fn q(text: &str) -> Option<Vec<u8>> {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'_' => out.push(b' '),
            b'=' => {
                let hex = std::str::from_utf8(b.get(i + 1..i + 3)?).ok()?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 2;
            }
            c => out.push(c),
        }
        i += 1;
    }
    Some(out)
}

/// Strict base64, unlike a part's (`base64::decode`, which skips what is
/// not base64): a word with a byte outside the alphabet is no encoded
/// word. Padding only at the end.
fn base64(text: &str) -> Option<Vec<u8>> {
    let body = text.trim_end_matches('=');
    if text.len() - body.len() > 2 {
        return None;
    }
    let mut out = Vec::with_capacity(body.len() * 3 / 4);
    let (mut acc, mut n) = (0u32, 0);
    for c in body.bytes() {
        acc = acc << 6 | super::base64::value(c)?;
        n += 1;
        if n == 4 {
            out.extend_from_slice(&[(acc >> 16) as u8, (acc >> 8) as u8, acc as u8]);
            (acc, n) = (0, 0);
        }
    }
    match n {
        0 => {}
        2 => out.push((acc >> 4) as u8),
        3 => out.extend_from_slice(&[(acc >> 10) as u8, (acc >> 2) as u8]),
        _ => return None,
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn b_and_q_in_any_charset() {
        assert_eq!(decode_words("=?utf-8?B?0J/RgNC40LLQtdGC?="), "Привет");
        assert_eq!(
            decode_words("=?iso-8859-1?q?caf=E9_cr=E8me?="),
            "café crème"
        );
        assert_eq!(decode_words("=?Shift_JIS?B?k/qWe4zq?="), "日本語");
        assert_eq!(
            decode_words("=?windows-1252?Q?=93quoted=94?="),
            "\u{201c}quoted\u{201d}"
        );
        assert_eq!(decode_words("=?utf-8*en?q?hi?="), "hi");
    }

    /// Labels mail carries that the WHATWG list lacks: Python's codec
    /// names, UTF-7.
    #[test]
    fn legacy_charset_labels() {
        assert_eq!(decode_words("=?eucgb2312_cn?B?1tDOxA==?="), "中文");
        assert_eq!(decode_words("=?ks_c_5601-1987?B?x9Gx27mu?="), "한글문");
        assert_eq!(decode_words("=?unicode-1-1-utf-7?Q?+ZeVnLIqe-?="), "日本語");
    }

    #[test]
    fn adjacent_words_join_and_other_space_stays() {
        assert_eq!(decode_words("=?utf-8?q?a?= =?utf-8?q?b?="), "ab");
        assert_eq!(decode_words("=?utf-8?q?a?=\t =?utf-8?q?b?= c"), "ab c");
        assert_eq!(decode_words("x =?utf-8?q?a?= y"), "x a y");
        assert_eq!(
            decode_words("=?utf-8?b?w6k=?= and =?ISO-8859-1?Q?caf=E9?="),
            "é and café"
        );
    }

    #[test]
    fn malformed_words_stay_as_written() {
        for s in [
            "=?utf-8?q?a b?=",
            "=?utf-8?b?w6k?=x",
            "=?utf-8?b?***?=",
            "=?utf-8?q?=ZZ?=",
            "=?unknown-charset?q?a?=",
            "=??q?a?=",
            "=?utf-8?q?unclosed",
            "price =? 5",
        ] {
            let d = decode_words(s);
            if s == "=?utf-8?b?w6k?=x" {
                // Three characters are a valid last quantum: decoded.
                assert_eq!(d, "éx");
            } else {
                assert_eq!(d, s, "{s:?}");
            }
        }
    }
}
