//! Quoted-printable (RFC 2045 §6.7): `=XX` decoded, soft line breaks (`=`
//! at the end of a line) removed, so a URL broken by the encoder is whole
//! again and `=3D` is `=`. Malformed escapes stay as they are.

use super::map::OffsetMap;

fn hex(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'A'..=b'F' => Some(b - b'A' + 10),
        b'a'..=b'f' => Some(b - b'a' + 10),
        _ => None,
    }
}

/// Decodes `raw` (which starts at `base` in the message); the map places
/// each decoded byte: copied bytes byte for byte, an escape on its three
/// raw bytes.
pub fn decode(raw: &[u8], base: usize) -> (Vec<u8>, OffsetMap) {
    let mut out = Vec::with_capacity(raw.len());
    let mut map = OffsetMap::new();
    let mut line_start = 0;
    while line_start < raw.len() {
        let nl = memchr::memchr(b'\n', &raw[line_start..]).map(|k| line_start + k);
        let line_end = nl.unwrap_or(raw.len());
        map.push_exact(out.len(), base + line_start);
        let mut line = &raw[line_start..line_end];
        if line.last() == Some(&b'\r') {
            line = &line[..line.len() - 1];
        }
        // Trailing blanks are transport padding (§6.7 rule 3).
        while let Some((&b, rest)) = line.split_last() {
            if b == b' ' || b == b'\t' {
                line = rest;
            } else {
                break;
            }
        }
        let soft = line.last() == Some(&b'=');
        if soft {
            line = &line[..line.len() - 1];
        }
        let mut i = 0;
        while let Some(k) = memchr::memchr(b'=', &line[i..]) {
            let eq = i + k;
            out.extend_from_slice(&line[i..eq]);
            match (
                line.get(eq + 1).and_then(|&c| hex(c)),
                line.get(eq + 2).and_then(|&c| hex(c)),
            ) {
                (Some(h), Some(l)) => {
                    let at = base + line_start + eq;
                    map.push_whole(out.len(), at, at + 3);
                    out.push(h << 4 | l);
                    map.push_exact(out.len(), at + 3);
                    i = eq + 3;
                }
                // A malformed escape stays as it is.
                _ => {
                    out.push(b'=');
                    i = eq + 1;
                }
            }
        }
        out.extend_from_slice(&line[i..]);
        if let Some(nl) = nl.filter(|_| !soft) {
            // The line end is the raw one (a CR before it, or blanks
            // dropped, are passed over).
            map.push_exact(out.len(), base + nl);
            out.push(b'\n');
        }
        line_start = line_end + 1;
    }
    (out, map)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn soft_breaks_and_escapes() {
        let (d, m) = decode(
            b"see https://example.com/?a=3Db&c=\n=3Dd and http://x.exa=\r\nmple/ =\nend\n",
            1000,
        );
        assert_eq!(
            std::str::from_utf8(&d).unwrap(),
            "see https://example.com/?a=b&c=d and http://x.example/ end\n"
        );
        assert_eq!(m.raw(0), 1000);
        // Each decoded byte has its raw place: `=3D` is three raw bytes,
        // and a soft break lies inside the range of text across it.
        let at = d.windows(4).position(|w| w == b" and").unwrap();
        assert_eq!(m.raw(at), 1038);
        assert_eq!((m.raw(at - 2), m.raw_end(at - 1)), (1034, 1037));
        let url = d.windows(5).position(|w| w == b"https").unwrap();
        assert_eq!(
            (m.raw(url), m.raw_end(at)),
            (1004, 1038),
            "the URL's raw range runs across the soft break"
        );
        let x = d.windows(4).position(|w| w == b"x.ex").unwrap();
        assert_eq!((m.raw(x + 4), m.raw(x + 5)), (1054, 1058));
        let (d, _) = decode(b"100%=ZZ =4", 0);
        assert_eq!(d, b"100%=ZZ =4");
    }
}
