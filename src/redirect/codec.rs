//! The encodings redirectors put a URL in: percent-encoding and base64.

use crate::uri::table::hex_val;

/// `s` percent-decoded (`%41` to `A`), as UTF-8; `None` for a `%` not
/// followed by two hex digits, or bytes that are not UTF-8. A `+` stays a
/// `+`: the redirectors encode a space in the target as `%20`, and a `+`
/// read as a space would make the target no URL.
pub(super) fn percent_decode(s: &str) -> Option<String> {
    if !s.contains('%') {
        return Some(s.to_owned());
    }
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hi = hex_val(*b.get(i + 1)?)?;
            let lo = hex_val(*b.get(i + 2)?)?;
            out.push(hi << 4 | lo);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// Base64 (RFC 4648) in either alphabet, `+/` or the URL-safe `-_`, the
/// padding optional; `None` for any other byte, a length no encoding has,
/// or bits left over that are not zero (a text cut or altered).
pub(super) fn base64_decode(s: &str) -> Option<Vec<u8>> {
    let s = s.trim_end_matches('=');
    if s.len() % 4 == 1 {
        return None;
    }
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for &c in s.as_bytes() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            _ => return None,
        };
        acc = acc << 6 | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    (acc == 0).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent() {
        assert_eq!(
            percent_decode("https%3A%2F%2Fa.example%2Fx%3Fy%3D1").as_deref(),
            Some("https://a.example/x?y=1")
        );
        assert_eq!(percent_decode("a+b").as_deref(), Some("a+b"));
        assert_eq!(percent_decode("%zz"), None);
        assert_eq!(percent_decode("%4"), None);
        assert_eq!(percent_decode("%FF"), None);
        assert_eq!(percent_decode("%C3%A9").as_deref(), Some("é"));
    }

    #[test]
    fn base64() {
        assert_eq!(
            base64_decode("aHR0cHM6Ly9hLmV4YW1wbGUv").as_deref(),
            Some(&b"https://a.example/"[..])
        );
        assert_eq!(base64_decode("YQ==").as_deref(), Some(&b"a"[..]));
        assert_eq!(base64_decode("YQ").as_deref(), Some(&b"a"[..]));
        assert_eq!(base64_decode("-_8").as_deref(), Some(&[0xfb, 0xff][..]));
        assert_eq!(base64_decode("+/8").as_deref(), Some(&[0xfb, 0xff][..]));
        assert_eq!(base64_decode("Y"), None);
        assert_eq!(base64_decode("YR"), None, "bits left over");
        assert_eq!(base64_decode("Y Q"), None);
    }
}
