//! Base64 (RFC 2045 §6.8), forgiving: characters outside the alphabet are
//! skipped, and a truncated last quantum gives what it holds.

use super::map::OffsetMap;

/// A base64 character's value (RFC 2045's alphabet).
pub(super) fn value(b: u8) -> Option<u32> {
    match b {
        b'A'..=b'Z' => Some((b - b'A') as u32),
        b'a'..=b'z' => Some((b - b'a' + 26) as u32),
        b'0'..=b'9' => Some((b - b'0' + 52) as u32),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    }
}

/// Decodes `raw` (at `base` in the message). Returns the bytes, the map
/// (each encoded line's start), and whether anything was not base64.
pub fn decode(raw: &[u8], base: usize) -> (Vec<u8>, OffsetMap, bool) {
    let mut out = Vec::with_capacity(raw.len() / 4 * 3 + 3);
    let mut map = OffsetMap::new();
    let mut acc = 0u32;
    let mut n = 0;
    let mut bad = false;
    let mut line_start = true;
    for (i, &b) in raw.iter().enumerate() {
        if line_start {
            map.push(out.len(), base + i, false);
            line_start = false;
        }
        match value(b) {
            Some(v) => {
                acc = acc << 6 | v;
                n += 1;
                if n == 4 {
                    out.extend_from_slice(&[(acc >> 16) as u8, (acc >> 8) as u8, acc as u8]);
                    acc = 0;
                    n = 0;
                }
            }
            None => match b {
                b'\n' => line_start = true,
                b'\r' | b' ' | b'\t' | b'=' => {}
                _ => bad = true,
            },
        }
    }
    match n {
        2 => out.push((acc >> 4) as u8),
        3 => out.extend_from_slice(&[(acc >> 10) as u8, (acc >> 2) as u8]),
        1 => bad = true,
        _ => {}
    }
    (out, map, bad)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_and_forgives() {
        let (d, m, bad) = decode(b"aHR0cDovL2V4\r\nYW1wbGUuY29tLw==\r\n", 50);
        assert_eq!(d, b"http://example.com/");
        assert!(!bad);
        assert_eq!(m.raw(12), 64);
        let (d, _, bad) = decode(b"aHR0c!DovL2V4YW1wbGU", 0);
        assert_eq!(d, b"http://example");
        assert!(bad);
    }
}
