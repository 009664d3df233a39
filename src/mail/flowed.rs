//! format=flowed (RFC 3676): a line that ends in a space continues on the
//! next line of the same quote depth; with `DelSp=yes` that space was added
//! by the writer and goes. Space-stuffing is undone. A URL that the sender's
//! client flowed across lines is whole again.

use super::map::Stretch;

/// Unwraps `text`; returns the text and the stretches it copied: one at
/// each output line start and each joined line.
pub fn unwrap(text: &[u8], delsp: bool) -> (Vec<u8>, Vec<Stretch>) {
    let mut out = Vec::with_capacity(text.len());
    let mut points = Vec::new();
    let mut pos = 0;
    // The quote depth of the paragraph being joined, if the last line was
    // flowed.
    let mut open: Option<usize> = None;
    while pos < text.len() {
        let end = memchr::memchr(b'\n', &text[pos..]).map_or(text.len(), |k| pos + k);
        let mut line = &text[pos..end];
        if line.last() == Some(&b'\r') {
            line = &line[..line.len() - 1];
        }
        let depth = line.iter().take_while(|&&b| b == b'>').count();
        let mut body = &line[depth..];
        let mut body_at = pos + depth;
        // Space-stuffing (§4.4).
        if body.first() == Some(&b' ') {
            body = &body[1..];
            body_at += 1;
        }
        let signature = body == b"-- ";
        match open {
            Some(d) if d == depth => {}
            _ => {
                if open.is_some() {
                    out.push(b'\n');
                }
                points.push((out.len(), pos, true));
                out.extend(std::iter::repeat_n(b'>', depth));
                if depth > 0 {
                    out.push(b' ');
                }
            }
        }
        points.push((out.len(), body_at, true));
        let flowed = !signature && body.last() == Some(&b' ');
        if flowed && delsp {
            out.extend_from_slice(&body[..body.len() - 1]);
        } else {
            out.extend_from_slice(body);
        }
        if flowed {
            open = Some(depth);
        } else {
            out.push(b'\n');
            open = None;
        }
        pos = end + 1;
    }
    if open.is_some() {
        out.push(b'\n');
    }
    (out, points)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(b: &[u8]) -> &str {
        std::str::from_utf8(b).unwrap()
    }

    #[test]
    fn joins_flowed_lines() {
        let (o, _) = unwrap(b"see https://example.com/a/ \r\nb/c now\r\nnext\r\n", false);
        assert_eq!(s(&o), "see https://example.com/a/ b/c now\nnext\n");
        let (o, _) = unwrap(b"see https://example.com/a/ \r\nb/c now\r\n", true);
        assert_eq!(s(&o), "see https://example.com/a/b/c now\n");
        let (o, _) = unwrap(
            b"> quoted https://example.com/x \r\n> /y\r\n>> deeper\r\n",
            true,
        );
        assert_eq!(s(&o), "> quoted https://example.com/x/y\n>> deeper\n");
        let (o, _) = unwrap(b" From me\n-- \nsig\n", false);
        assert_eq!(s(&o), "From me\n-- \nsig\n");
    }
}
