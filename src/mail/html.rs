//! HTML parts: character references decoded, so that `href="...&amp;..."`
//! and text read as the reader sees them. Tags stay: an `href="..."` value
//! is then a quoted URL and text between tags is bare text, which the
//! extractor finds as it finds them in plain text.

use super::map::Stretch;

/// Decodes the character references of `text`; the stretches say that
/// each reference's character came from the whole reference, and that
/// bytes between references are copied as they are (so the caller's finer
/// map carries over).
pub fn decode_entities(text: &[u8]) -> (Vec<u8>, Vec<Stretch>) {
    let mut out = Vec::with_capacity(text.len());
    let mut points = vec![(0, 0, true)];
    let mut i = 0;
    while let Some(k) = memchr::memchr(b'&', &text[i..]) {
        let amp = i + k;
        out.extend_from_slice(&text[i..amp]);
        match reference(&text[amp..]) {
            Some((c, len)) => {
                let mut buf = [0; 4];
                points.push((out.len(), amp, false));
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                i = amp + len;
                points.push((out.len(), i, true));
            }
            None => {
                out.push(b'&');
                i = amp + 1;
            }
        }
    }
    out.extend_from_slice(&text[i..]);
    (out, points)
}

/// The character a reference at the start of `s` stands for, and its
/// length. Named references: the ones that matter around URLs.
fn reference(s: &[u8]) -> Option<(char, usize)> {
    let end = s.iter().take(12).position(|&b| b == b';')?;
    let name = &s[1..end];
    let c = if let Some(num) = name.strip_prefix(b"#") {
        let v = if let Some(h) = num.strip_prefix(b"x").or_else(|| num.strip_prefix(b"X")) {
            u32::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok()?
        } else {
            std::str::from_utf8(num).ok()?.parse::<u32>().ok()?
        };
        char::from_u32(v)?
    } else {
        match name {
            b"amp" => '&',
            b"lt" => '<',
            b"gt" => '>',
            b"quot" => '"',
            b"apos" => '\'',
            b"nbsp" => '\u{a0}',
            b"shy" => '\u{ad}',
            b"ndash" => '\u{2013}',
            b"mdash" => '\u{2014}',
            b"laquo" => '\u{ab}',
            b"raquo" => '\u{bb}',
            b"hellip" => '\u{2026}',
            b"copy" => '\u{a9}',
            _ => return None,
        }
    };
    Some((c, end + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references() {
        let (o, _) = decode_entities(
            b"<a href=\"http://e.example/?a=1&amp;b=2\">x&#47;y&#x2F;&nbsp;&bogus;</a>",
        );
        assert_eq!(
            std::str::from_utf8(&o).unwrap(),
            "<a href=\"http://e.example/?a=1&b=2\">x/y/\u{a0}&bogus;</a>"
        );
    }
}
