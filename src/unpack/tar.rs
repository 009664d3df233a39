//! tar (POSIX ustar and pax, GNU): 512-byte headers, each checked by its
//! checksum, and the members' data. A GNU long name or a pax header is
//! read only after its size is compared with [`Limits::name`]; links,
//! folders and devices, which hold no data, are passed over; any other
//! entry with data is a member (nothing hidden). Blocks of zeros end an
//! archive; what follows is read on (concatenated archives, as `tar -i`
//! reads them) to the end of the stream, so that the decoder under the
//! archive checks its trailer.

use std::io::{self, Read};

use super::{corrupt, truncated, Error, ErrorKind, Limits, Member};

const NAME: &str = "tar archive";
const BLOCK: usize = 512;

/// Calls `each` for every member of the tar archive `r`, in order, until
/// it returns `false`; then reads `r` to its end.
pub fn tar_members(
    r: impl Read,
    limits: &Limits,
    mut each: impl FnMut(Member<'_>) -> io::Result<bool>,
) -> io::Result<()> {
    let mut r = r;
    let mut at = 0u64;
    // What the extended headers before an entry say of it.
    let mut long_name: Option<String> = None;
    let mut pax_name: Option<String> = None;
    let mut pax_size: Option<u64> = None;
    let mut ended = false;
    loop {
        let mut h = [0u8; BLOCK];
        let got = read_full(&mut r, &mut h)?;
        if got == 0 {
            if at == 0 {
                return Err(truncated(NAME));
            }
            // The end of the stream: with or without the end blocks.
            return Ok(());
        }
        if got < BLOCK {
            // Zeros short of a block after the end: padding.
            if ended && h.iter().all(|&b| b == 0) {
                return Ok(());
            }
            return Err(truncated(NAME));
        }
        let start = at;
        at += BLOCK as u64;
        if h.iter().all(|&b| b == 0) {
            ended = true;
            continue;
        }
        if !checksum_ok(&h) {
            if ended {
                return Err(corrupt(NAME, format!("data after its end at byte {start}")));
            }
            return Err(corrupt(
                NAME,
                format!("bad header checksum at byte {start}"),
            ));
        }
        ended = false;
        let size = pax_size
            .take()
            .map_or_else(|| number(&h[124..136]), Some)
            .ok_or_else(|| corrupt(NAME, format!("bad size field at byte {start}")))?;
        let kind = h[156];
        match kind {
            b'L' | b'x' => {
                let limit = if kind == b'L' {
                    limits.name as u64
                } else {
                    16 * limits.name as u64
                };
                if size > limit {
                    let what = if kind == b'L' {
                        "long name"
                    } else {
                        "pax header"
                    };
                    return Err(Error::new(
                        ErrorKind::Limit,
                        format!(
                            "tar archive has a {what} of {} at byte {start}, more than {} \
                             (the name limit)",
                            super::human(size),
                            super::human(limit)
                        ),
                    )
                    .into());
                }
                let mut data = vec![0u8; size as usize];
                if read_full(&mut r, &mut data)? < data.len() {
                    return Err(truncated(NAME));
                }
                skip(&mut r, padding(size))?;
                at += size + padding(size);
                if kind == b'L' {
                    let end = memchr::memchr(0, &data).unwrap_or(data.len());
                    long_name = Some(String::from_utf8_lossy(&data[..end]).into_owned());
                } else {
                    let (path, size) = pax_records(&data)
                        .ok_or_else(|| corrupt(NAME, format!("bad pax header at byte {start}")))?;
                    pax_name = path.or(pax_name);
                    pax_size = size;
                }
            }
            // A link's name, a global pax header, a folder's list (GNU
            // dumpdir), a volume label: header data, not a member.
            b'K' | b'g' | b'D' | b'V' | b'M' => {
                skip(&mut r, size + padding(size))?;
                at += size + padding(size);
                long_name = None;
                pax_name = None;
            }
            // Links, devices, folders, FIFOs: no data follows their header.
            b'1'..=b'6' => {
                long_name = None;
                pax_name = None;
            }
            _ => {
                let name = pax_name
                    .take()
                    .or(long_name.take())
                    .unwrap_or_else(|| header_name(&h));
                let mut member = Data {
                    inner: (&mut r).take(size),
                    left: size,
                };
                let more = each(Member {
                    name,
                    reader: Box::new(&mut member),
                    decoded: false,
                })?;
                if !more {
                    return Ok(());
                }
                // What the caller did not read of it, then the padding.
                let left = member.left;
                skip(&mut r, left + padding(size))?;
                at += size + padding(size);
            }
        }
    }
}

/// A member's data: `left` bytes, or "truncated".
struct Data<R> {
    inner: R,
    left: u64,
}

impl<R: Read> Read for Data<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.left == 0 || buf.is_empty() {
            return Ok(0);
        }
        let n = self.inner.read(buf)?;
        if n == 0 {
            return Err(truncated(NAME));
        }
        self.left -= n as u64;
        Ok(n)
    }
}

/// Reads into all of `buf` unless the input ends: the bytes read.
fn read_full(r: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match r.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

/// Passes over `n` bytes, or says the archive is truncated.
fn skip(r: &mut impl Read, n: u64) -> io::Result<()> {
    if io::copy(&mut r.take(n), &mut io::sink())? < n {
        return Err(truncated(NAME));
    }
    Ok(())
}

/// The zeros after `size` bytes of data, to the next block.
fn padding(size: u64) -> u64 {
    (BLOCK as u64 - size % BLOCK as u64) % BLOCK as u64
}

/// A header's checksum field against the sum of its bytes (the field
/// counted as spaces), unsigned as POSIX says or signed as old tars wrote.
fn checksum_ok(h: &[u8; BLOCK]) -> bool {
    let Some(want) = number(&h[148..156]) else {
        return false;
    };
    let field = 8 * u64::from(b' ');
    let unsigned: u64 = h[..148]
        .iter()
        .chain(&h[156..])
        .map(|&b| u64::from(b))
        .sum();
    let signed: i64 = h[..148]
        .iter()
        .chain(&h[156..])
        .map(|&b| i64::from(b as i8))
        .sum();
    want == unsigned + field || i64::try_from(want).is_ok_and(|w| w == signed + field as i64)
}

/// A numeric field: octal digits (after spaces, before a space or NUL),
/// or GNU's base-256 form (high bit of the first byte set).
fn number(f: &[u8]) -> Option<u64> {
    if f.first().is_some_and(|&b| b & 0x80 != 0) {
        if f[0] != 0x80 {
            // Negative, or a first byte with value bits: no size is that.
            return None;
        }
        let mut v = 0u64;
        for &b in &f[1..] {
            v = v.checked_mul(256)?.checked_add(u64::from(b))?;
        }
        return Some(v);
    }
    let digits = f.iter().skip_while(|&&b| b == b' ');
    let mut v = 0u64;
    let mut any = false;
    for &b in digits {
        match b {
            b'0'..=b'7' => {
                v = v.checked_mul(8)?.checked_add(u64::from(b - b'0'))?;
                any = true;
            }
            b' ' | 0 => break,
            _ => return None,
        }
    }
    // An empty field is 0 (old tars leave some numeric fields blank).
    Some(if any { v } else { 0 })
}

/// The name a header holds: ustar's prefix and name, or the name alone.
fn header_name(h: &[u8; BLOCK]) -> String {
    let field = |f: &[u8]| {
        let end = memchr::memchr(0, f).unwrap_or(f.len());
        String::from_utf8_lossy(&f[..end]).into_owned()
    };
    let name = field(&h[..100]);
    // POSIX ustar ("ustar\0"); GNU's "ustar  " has no prefix there.
    if &h[257..263] == b"ustar\0" {
        let prefix = field(&h[345..500]);
        if !prefix.is_empty() {
            return format!("{prefix}/{name}");
        }
    }
    name
}

/// The `path` and `size` records of a pax header (`LEN key=value\n`...),
/// or `None` when it is malformed.
fn pax_records(data: &[u8]) -> Option<(Option<String>, Option<u64>)> {
    let (mut path, mut size) = (None, None);
    let mut rest = data;
    while !rest.is_empty() {
        if rest.iter().all(|&b| b == 0) {
            break;
        }
        let sp = memchr::memchr(b' ', rest)?;
        let len: usize = std::str::from_utf8(&rest[..sp]).ok()?.parse().ok()?;
        if len <= sp + 1 || len > rest.len() || rest[len - 1] != b'\n' {
            return None;
        }
        let record = &rest[sp + 1..len - 1];
        let eq = memchr::memchr(b'=', record)?;
        let (key, value) = (&record[..eq], &record[eq + 1..]);
        match key {
            b"path" => path = Some(String::from_utf8_lossy(value).into_owned()),
            b"size" => size = Some(std::str::from_utf8(value).ok()?.parse().ok()?),
            _ => {}
        }
        rest = &rest[len..];
    }
    Some((path, size))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_in_octal_and_base_256() {
        assert_eq!(number(b"00000001750\0"), Some(1000));
        assert_eq!(number(b"   1750 \0\0\0\0"), Some(1000));
        assert_eq!(number(b"\0\0\0\0\0\0\0\0\0\0\0\0"), Some(0));
        assert_eq!(
            number(&[0x80, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0]),
            Some(1 << 16)
        );
        assert_eq!(number(&[0xff; 12]), None);
        assert_eq!(number(b"0009"), None);
    }

    #[test]
    fn pax_records_give_path_and_size() {
        let h = b"29 path=a/very/long/name.txt\n12 size=100\n17 mtime=12345.5\n";
        assert_eq!(
            pax_records(h),
            Some((Some("a/very/long/name.txt".into()), Some(100)))
        );
        assert_eq!(pax_records(b"99 path=x\n"), None);
    }
}
