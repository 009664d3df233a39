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
/// (each decoded byte to its group of 4 raw characters), and whether
/// anything was not base64.
pub fn decode(raw: &[u8], base: usize) -> (Vec<u8>, OffsetMap, bool) {
    let mut out = Vec::with_capacity(raw.len() / 4 * 3 + 3);
    let mut map = OffsetMap::new();
    let mut acc = 0u32;
    let mut n = 0;
    let mut bad = false;
    // Where the group being read starts, and where the next group would
    // start were the groups one after another since the last point.
    let mut group = 0;
    let mut next = usize::MAX;
    for (i, &b) in raw.iter().enumerate() {
        match value(b) {
            Some(v) => {
                if n == 0 {
                    group = i;
                }
                acc = acc << 6 | v;
                n += 1;
                if n == 4 {
                    if i == group + 3 {
                        if group != next {
                            map.push_base64(out.len(), base + group);
                        }
                        next = i + 1;
                    } else {
                        // A group split by a line break or a blank.
                        map.push_whole(out.len(), base + group, base + i + 1);
                        next = usize::MAX;
                    }
                    out.extend_from_slice(&[(acc >> 16) as u8, (acc >> 8) as u8, acc as u8]);
                    acc = 0;
                    n = 0;
                }
            }
            None => match b {
                b'\n' | b'\r' | b' ' | b'\t' | b'=' => {}
                _ => bad = true,
            },
        }
    }
    if n > 1 {
        // The group ends after its last character and its padding.
        let last = raw
            .iter()
            .rposition(|&b| value(b).is_some())
            .unwrap_or(group);
        let end = last + 1 + raw[last + 1..].iter().take_while(|&&b| b == b'=').count();
        map.push_whole(out.len(), base + group, base + end);
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
        // Each decoded byte lies in its group of 4; a URL's raw range
        // runs from its first group to its last, across the line break.
        assert_eq!((m.raw(0), m.raw(8), m.raw(9), m.raw(12)), (50, 58, 64, 68));
        assert_eq!(m.raw_end(19), 80);
        // A group split across lines, and a last group without padding.
        let (d, m, _) = decode(b"aHR0c\nDov\nL2E", 0);
        assert_eq!(d, b"http://a");
        assert_eq!(
            (m.raw(3), m.raw_end(4), m.raw(6), m.raw_end(8)),
            (4, 9, 10, 13)
        );
        let (d, _, bad) = decode(b"aHR0c!DovL2V4YW1wbGU", 0);
        assert_eq!(d, b"http://example");
        assert!(bad);
    }
}
