//! zip (PKWARE's APPNOTE, zip64 included): from a file, the entries of
//! its central directory, each read at its local header; from a stream,
//! the local headers one after another. Both give every entry that holds
//! data, whatever its name or mode says (a folder's name or a link's mode
//! hides nothing), decoded by this module's decoders (stored, deflate,
//! bzip2, LZMA, zstd, xz) under the same [`Limits`], and check its CRC-32
//! and size at its end. No size a header declares is allocated.

use std::cell::Cell;
use std::io::{self, BufRead, BufReader, Read, Seek, SeekFrom};
use std::rc::Rc;

use flate2::{Crc, Decompress};

use super::deflate::{self, Step};
use super::{
    bzip2, corrupt, drain, read_exact_or, too_large, truncated, xz, zstd, Error, ErrorKind, Limits,
    Member, Pending,
};

const NAME: &str = "zip archive";

const LOCAL: [u8; 4] = *b"PK\x03\x04";
const CENTRAL: [u8; 4] = *b"PK\x01\x02";
const END: [u8; 4] = *b"PK\x05\x06";
const END64: [u8; 4] = *b"PK\x06\x06";
const LOCATOR64: [u8; 4] = *b"PK\x06\x07";
const DESCRIPTOR: [u8; 4] = *b"PK\x07\x08";

/// An entry, as its headers describe it.
struct Entry {
    name: String,
    flags: u16,
    method: u16,
    crc: u32,
    compressed: u64,
    size: u64,
}

impl Entry {
    fn encrypted(&self) -> bool {
        self.flags & 1 != 0
    }

    /// Its sizes and CRC follow its data (general purpose bit 3).
    fn descriptor(&self) -> bool {
        self.flags & 8 != 0
    }
}

fn u16_at(b: &[u8], i: usize) -> u16 {
    u16::from_le_bytes([b[i], b[i + 1]])
}

fn u32_at(b: &[u8], i: usize) -> u32 {
    u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]])
}

fn u64_at(b: &[u8], i: usize) -> u64 {
    let mut a = [0u8; 8];
    a.copy_from_slice(&b[i..i + 8]);
    u64::from_le_bytes(a)
}

/// The zip64 extra field's values for the fields a header gave as
/// `0xFFFFFFFF` (`wanted`, in order: size, compressed size, offset).
fn zip64(extra: &[u8], wanted: [bool; 3]) -> [Option<u64>; 3] {
    let mut out = [None; 3];
    let mut rest = extra;
    while rest.len() >= 4 {
        let (id, len) = (u16_at(rest, 0), usize::from(u16_at(rest, 2)));
        let Some(data) = rest.get(4..4 + len) else {
            break;
        };
        if id == 1 {
            let mut at = 0;
            for (k, w) in wanted.iter().enumerate() {
                if *w && at + 8 <= data.len() {
                    out[k] = Some(u64_at(data, at));
                    at += 8;
                }
            }
        }
        rest = &rest[4 + len..];
    }
    out
}

/// Calls `each` for every entry of the zip archive `r` read as a stream
/// (local headers one after another), in order, until it returns
/// `false`; then reads `r` to its end. An entry whose sizes follow its
/// data can be read only when its data ends by itself (deflate, bzip2,
/// zstd, xz).
pub fn zip_members(
    r: impl Read,
    limits: &Limits,
    mut each: impl FnMut(Member<'_>) -> io::Result<bool>,
) -> io::Result<()> {
    let mut r = BufReader::with_capacity(64 << 10, r);
    let mut at = 0u64;
    loop {
        let mut sig = [0u8; 4];
        let got = (&mut r).take(4).read(&mut sig)?;
        let got = if got > 0 && got < 4 {
            got + (&mut r).take(4 - got as u64).read(&mut sig[got..])?
        } else {
            got
        };
        if got == 0 && at > 0 {
            return Ok(());
        }
        if got < 4 {
            return Err(truncated(NAME));
        }
        if at == 0 && sig == DESCRIPTOR {
            // The mark of a split archive's first part.
            at += 4;
            continue;
        }
        if sig == CENTRAL || sig == END || sig == END64 {
            // The directory after the entries: read, not needed.
            return drain(&mut r);
        }
        if sig != LOCAL {
            return Err(corrupt(NAME, format!("no entry header at byte {at}")));
        }
        let (e, header_len) = local_header(&mut r)?;
        at += 4 + header_len;
        let unknown_size = e.descriptor() && e.compressed == 0;
        if unknown_size && matches!(e.method, 0 | 14) {
            return Err(Error::new(
                ErrorKind::Unsupported,
                format!(
                    "zip member {}: its size is written after its data, which a stream \
                     cannot find ({}); read the archive from a file",
                    e.name,
                    if e.method == 0 { "stored" } else { "LZMA" }
                ),
            )
            .into());
        }
        if !unknown_size && e.compressed == 0 && e.size == 0 {
            if e.descriptor() {
                at += descriptor_check(&mut r, &e, 0, 0)?;
            }
            continue;
        }
        let sums = Rc::new(Cell::new((0u32, 0u64, false)));
        let check = (!e.descriptor()).then_some((e.crc, e.size));
        let mut known = (&mut r).take(if unknown_size { 0 } else { e.compressed });
        let more = {
            let data: Box<dyn BufRead + '_> = if unknown_size {
                // The decoder finds the data's end; it takes no byte more.
                Box::new(known.get_mut())
            } else {
                Box::new(&mut known)
            };
            give(&e, data, check, &sums, limits, &mut each)?
        };
        if !more {
            return Ok(());
        }
        // Compressed bytes the decoder left, had it ended early.
        drain(&mut known)?;
        at += e.compressed;
        if e.descriptor() {
            let (crc, size, _) = sums.get();
            at += descriptor_check(&mut r, &e, crc, size)?;
        }
    }
}

/// Reads a local header after its signature: the entry, and the header's
/// length (after the signature).
fn local_header(r: &mut impl Read) -> io::Result<(Entry, u64)> {
    let mut h = [0u8; 26];
    read_exact_or(r, &mut h, NAME)?;
    let (name_len, extra_len) = (usize::from(u16_at(&h, 22)), usize::from(u16_at(&h, 24)));
    let mut name = vec![0u8; name_len];
    read_exact_or(r, &mut name, NAME)?;
    let mut extra = vec![0u8; extra_len];
    read_exact_or(r, &mut extra, NAME)?;
    let (mut compressed, mut size) = (u64::from(u32_at(&h, 14)), u64::from(u32_at(&h, 18)));
    let [s64, c64, _] = zip64(
        &extra,
        [size == 0xffff_ffff, compressed == 0xffff_ffff, false],
    );
    size = s64.unwrap_or(size);
    compressed = c64.unwrap_or(compressed);
    let e = Entry {
        name: String::from_utf8_lossy(&name).into_owned(),
        flags: u16_at(&h, 2),
        method: u16_at(&h, 4),
        crc: u32_at(&h, 10),
        compressed,
        size,
    };
    Ok((e, 26 + name_len as u64 + extra_len as u64))
}

/// Reads a data descriptor and compares it with what the data gave;
/// returns its length.
fn descriptor_check(r: &mut impl Read, e: &Entry, crc: u32, size: u64) -> io::Result<u64> {
    // Optional signature, CRC-32, sizes of 4 bytes (8 in zip64: told by
    // the 24 bytes that then follow the signature).
    let mut d = [0u8; 4];
    read_exact_or(r, &mut d, NAME)?;
    let mut len = 12;
    if d == DESCRIPTOR {
        read_exact_or(r, &mut d, NAME)?;
        len += 4;
    }
    let want_crc = u32::from_le_bytes(d);
    let mut sizes = [0u8; 8];
    read_exact_or(r, &mut sizes, NAME)?;
    let mut want_size = u64::from(u32_at(&sizes, 4));
    let zip64 = e.size == 0xffff_ffff || e.compressed == 0xffff_ffff;
    if zip64 {
        let mut more = [0u8; 8];
        read_exact_or(r, &mut more, NAME)?;
        want_size = u64_at(&more, 0);
        len += 8;
    }
    if want_crc != crc {
        return Err(member_corrupt(&e.name, "CRC-32 mismatch"));
    }
    if want_size != size & if zip64 { u64::MAX } else { 0xffff_ffff } {
        return Err(member_corrupt(&e.name, "length mismatch"));
    }
    Ok(len)
}

fn member_corrupt(name: &str, why: &str) -> io::Error {
    Error::new(
        ErrorKind::Corrupt,
        format!("zip member {name} corrupt ({why})"),
    )
    .into()
}

/// The entries of a zip file, by its central directory: `each` is called
/// for every entry that holds data, in the directory's order, until it
/// returns `false`. A file with no end record (cut short) is read as a
/// stream from its start.
pub fn zip_members_seekable<R: Read + Seek>(
    r: R,
    limits: &Limits,
    mut each: impl FnMut(Member<'_>) -> io::Result<bool>,
) -> io::Result<()> {
    let mut r = BufReader::with_capacity(64 << 10, r);
    let len = r.seek(SeekFrom::End(0))?;
    let Some(dir) = directory(&mut r, len)? else {
        r.seek(SeekFrom::Start(0))?;
        return zip_members(r, limits, each);
    };
    let mut next = dir.start;
    for k in 0..dir.entries {
        if next >= dir.end {
            return Err(corrupt(
                NAME,
                format!("{} entries of {} in its directory", k, dir.entries),
            ));
        }
        r.seek(SeekFrom::Start(next))?;
        let mut h = [0u8; 46];
        read_exact_or(&mut r, &mut h, NAME)?;
        if h[..4] != CENTRAL {
            return Err(corrupt(NAME, format!("no directory entry at byte {next}")));
        }
        let (name_len, extra_len, comment_len) = (
            usize::from(u16_at(&h, 28)),
            usize::from(u16_at(&h, 30)),
            usize::from(u16_at(&h, 32)),
        );
        let mut name = vec![0u8; name_len];
        read_exact_or(&mut r, &mut name, NAME)?;
        let mut extra = vec![0u8; extra_len];
        read_exact_or(&mut r, &mut extra, NAME)?;
        next += 46 + (name_len + extra_len + comment_len) as u64;
        let (mut compressed, mut size) = (u64::from(u32_at(&h, 20)), u64::from(u32_at(&h, 24)));
        let mut offset = u64::from(u32_at(&h, 42));
        let [s64, c64, o64] = zip64(
            &extra,
            [
                size == 0xffff_ffff,
                compressed == 0xffff_ffff,
                offset == 0xffff_ffff,
            ],
        );
        size = s64.unwrap_or(size);
        compressed = c64.unwrap_or(compressed);
        offset = o64.unwrap_or(offset);
        let e = Entry {
            name: String::from_utf8_lossy(&name).into_owned(),
            flags: u16_at(&h, 8),
            method: u16_at(&h, 10),
            crc: u32_at(&h, 16),
            compressed,
            size,
        };
        if compressed == 0 && size == 0 {
            continue;
        }
        // The data starts after the local header, whose name and extra
        // field may differ in length from the directory's.
        r.seek(SeekFrom::Start(offset))?;
        let mut sig = [0u8; 4];
        read_exact_or(&mut r, &mut sig, NAME)?;
        if sig != LOCAL {
            return Err(corrupt(NAME, format!("no entry header at byte {offset}")));
        }
        let (_, header_len) = local_header(&mut r)?;
        if offset
            .checked_add(4 + header_len)
            .and_then(|s| s.checked_add(compressed))
            .is_none_or(|end| end > len)
        {
            return Err(member_corrupt(
                &e.name,
                "its data runs past the end of the file",
            ));
        }
        let data = Box::new((&mut r).take(compressed));
        let sums = Rc::new(Cell::new((0, 0, false)));
        if !give(&e, data, Some((e.crc, e.size)), &sums, limits, &mut each)? {
            return Ok(());
        }
    }
    Ok(())
}

/// Gives an entry to `each`, its data decoded and checked, and reads what
/// `each` left of it, checked too: whether `each` wants more.
fn give<'a>(
    e: &Entry,
    data: Box<dyn BufRead + 'a>,
    check: Option<(u32, u64)>,
    sums: &Rc<Cell<(u32, u64, bool)>>,
    limits: &Limits,
    each: &mut impl FnMut(Member<'_>) -> io::Result<bool>,
) -> io::Result<bool> {
    let mut reader = Checked::new(decoder(e, data, limits)?, check, sums, &e.name);
    let more = each(Member {
        name: e.name.clone(),
        reader: Box::new(&mut reader),
        decoded: true,
    })?;
    if more {
        // What the caller did not read: read to the end, checked.
        drain(&mut reader)?;
    }
    Ok(more)
}

/// Where a zip file's central directory is.
struct Directory {
    start: u64,
    end: u64,
    entries: u64,
}

/// Finds the end record (and the zip64 one it points to) in the last
/// 64 KiB of the file; `None` when there is none.
fn directory<R: Read + Seek>(r: &mut R, len: u64) -> io::Result<Option<Directory>> {
    let tail_len = len.min(22 + 0xffff);
    r.seek(SeekFrom::Start(len - tail_len))?;
    let mut tail = vec![0u8; tail_len as usize];
    r.read_exact(&mut tail)?;
    let Some(i) = memchr::memmem::rfind_iter(&tail, &END).find(|&i| {
        i + 22 <= tail.len() && i + 22 + usize::from(u16_at(&tail, i + 20)) <= tail.len()
    }) else {
        return Ok(None);
    };
    let e = &tail[i..];
    let mut entries = u64::from(u16_at(e, 10));
    let mut size = u64::from(u32_at(e, 12));
    let mut start = u64::from(u32_at(e, 16));
    let end_at = len - tail_len + i as u64;
    if (entries == 0xffff || size == 0xffff_ffff || start == 0xffff_ffff) && i >= 20 {
        let loc = &tail[i - 20..i];
        if loc[..4] == LOCATOR64 {
            let at = u64_at(loc, 8);
            if at + 56 <= len {
                r.seek(SeekFrom::Start(at))?;
                let mut z = [0u8; 56];
                r.read_exact(&mut z)?;
                if z[..4] != END64 {
                    return Err(corrupt(NAME, "bad zip64 end record"));
                }
                entries = u64_at(&z, 32);
                size = u64_at(&z, 40);
                start = u64_at(&z, 48);
            }
        }
    }
    let end = start.checked_add(size).filter(|&e| e <= end_at);
    let Some(end) = end else {
        return Err(corrupt(NAME, "its directory lies outside the file"));
    };
    // An entry's directory record is 46 bytes at least.
    if entries > size / 46 {
        return Err(corrupt(
            NAME,
            format!("{entries} entries in a directory of {size} bytes"),
        ));
    }
    Ok(Some(Directory {
        start,
        end,
        entries,
    }))
}

/// The reader of an entry's data, by its method.
fn decoder<'a>(
    e: &Entry,
    data: Box<dyn BufRead + 'a>,
    limits: &Limits,
) -> io::Result<Box<dyn Read + 'a>> {
    if e.encrypted() {
        return Err(Error::new(
            ErrorKind::Unsupported,
            format!("zip member {} is encrypted: not read", e.name),
        )
        .into());
    }
    Ok(match e.method {
        0 => Box::new(data),
        8 => Box::new(Inflate {
            src: data,
            d: Decompress::new(false),
            done: false,
            pending: Pending::default(),
        }),
        12 => Box::new(bzip2::Streams::new(data, true)),
        14 => lzma(e, data, limits)?,
        93 => Box::new(zstd::Frames::new(data, limits.dictionary, true)),
        95 => Box::new(xz::Streams::new(data, limits.dictionary, true)),
        m => {
            return Err(Error::new(
                ErrorKind::Unsupported,
                format!(
                    "zip member {}: compression method {m} is not one urlx reads",
                    e.name
                ),
            )
            .into())
        }
    })
}

/// An LZMA entry (method 14): a version, the properties' length, the
/// properties (with the dictionary size, checked against the limit and
/// cut to what the entry's size can need), then LZMA data.
fn lzma<'a>(
    e: &Entry,
    mut data: Box<dyn BufRead + 'a>,
    limits: &Limits,
) -> io::Result<Box<dyn Read + 'a>> {
    let mut h = [0u8; 9];
    read_exact_or(&mut data, &mut h, NAME)?;
    if u16_at(&h, 2) != 5 {
        return Err(member_corrupt(&e.name, "bad LZMA properties"));
    }
    let props = h[4];
    let dict = u32_at(&h, 5);
    // A dictionary larger than the data is never used past its size.
    let need = u64::from(dict).min(e.size.max(4096));
    if need > limits.dictionary {
        return Err(too_large(
            &format!("zip member {}", e.name),
            "dictionary",
            need,
            limits.dictionary,
        ));
    }
    // General purpose bit 1: an end marker; else the size ends the data.
    let size = if e.flags & 2 != 0 { u64::MAX } else { e.size };
    let reader = lzma_rust2::LzmaReader::new_with_props(data, size, props, need as u32, None)
        .map_err(|_| member_corrupt(&e.name, "bad LZMA properties"))?;
    let name = e.name.clone();
    Ok(Box::new(LzmaErrors {
        inner: reader,
        name,
    }))
}

/// LZMA's errors, worded as this module's.
struct LzmaErrors<R> {
    inner: R,
    name: String,
}

impl<R: Read> Read for LzmaErrors<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.inner.read(buf).map_err(|e| {
            if e.kind() == io::ErrorKind::UnexpectedEof {
                truncated(NAME)
            } else {
                member_corrupt(&self.name, "invalid LZMA data")
            }
        })
    }
}

/// A deflated entry.
struct Inflate<R> {
    src: R,
    d: Decompress,
    done: bool,
    pending: Pending,
}

impl<R: BufRead> Read for Inflate<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.pending.take()?;
        if self.done {
            return Ok(0);
        }
        match deflate::step(&mut self.d, &mut self.src, buf, NAME) {
            Step::Data(n) => Ok(n),
            Step::End(n) => {
                self.done = true;
                Ok(n)
            }
            Step::Fault(n, e) => {
                self.done = true;
                self.pending.after(n, e)
            }
        }
    }
}

/// An entry's bytes with their CRC-32 and count: compared at the end
/// with `check`, or kept in `sums` (CRC, size, ended) for the data
/// descriptor that follows the data.
struct Checked<'a> {
    inner: Box<dyn Read + 'a>,
    crc: Crc,
    count: u64,
    check: Option<(u32, u64)>,
    sums: Rc<Cell<(u32, u64, bool)>>,
    name: String,
}

impl<'a> Checked<'a> {
    fn new(
        inner: Box<dyn Read + 'a>,
        check: Option<(u32, u64)>,
        sums: &Rc<Cell<(u32, u64, bool)>>,
        name: &str,
    ) -> Self {
        Checked {
            inner,
            crc: Crc::new(),
            count: 0,
            check,
            sums: Rc::clone(sums),
            name: name.to_owned(),
        }
    }
}

impl Read for Checked<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.crc.update(&buf[..n]);
        self.count += n as u64;
        if n == 0 && !buf.is_empty() && !self.sums.get().2 {
            let crc = self.crc.sum();
            self.sums.set((crc, self.count, true));
            if let Some((want_crc, want_size)) = self.check {
                if self.count != want_size {
                    return Err(member_corrupt(&self.name, "length mismatch"));
                }
                if crc != want_crc {
                    return Err(member_corrupt(&self.name, "CRC-32 mismatch"));
                }
            }
        }
        Ok(n)
    }
}
