//! The decoders on streams made by the encoders of the same crates, and on
//! hostile ones made here by hand (rule C-S8).

use std::io::{Read, Write};

use super::*;

const TEXT: &[u8] = b"see http://a.example/x and <http://b.example/y> now\n";

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

fn bzip2(data: &[u8]) -> Vec<u8> {
    let mut e = ::bzip2::write::BzEncoder::new(Vec::new(), ::bzip2::Compression::default());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

fn xz(data: &[u8]) -> Vec<u8> {
    let opts = lzma_rust2::XzOptions::with_preset(1);
    let mut e = lzma_rust2::XzWriter::new(Vec::new(), opts).unwrap();
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

fn zstd(data: &[u8]) -> Vec<u8> {
    ruzstd::encoding::compress_to_vec(data, ruzstd::encoding::CompressionLevel::Fastest)
}

/// What `p` decodes `bytes` to, and the error that ended it, if any.
fn decode(p: Packing, bytes: &[u8], limits: &Limits) -> (Vec<u8>, Option<io::Error>) {
    let mut out = Vec::new();
    let mut d = p.decoder(bytes, limits);
    let mut buf = [0u8; 1000];
    loop {
        match d.read(&mut buf) {
            Ok(0) => return (out, None),
            Ok(n) => out.extend_from_slice(&buf[..n]),
            Err(e) => return (out, Some(e)),
        }
    }
}

/// An encoder of a format.
type Encode = fn(&[u8]) -> Vec<u8>;

fn encoders() -> [(Packing, Encode); 4] {
    [
        (Packing::Gzip, gzip),
        (Packing::Bzip2, bzip2),
        (Packing::Xz, xz),
        (Packing::Zstd, zstd),
    ]
}

/// Streams one after another, empty ones among them, decode to all their
/// texts, each format known by its first bytes.
#[test]
fn c_s8_concatenated_streams_decode_to_all_their_texts() {
    for (p, encode) in encoders() {
        let mut bytes = encode(TEXT);
        bytes.extend(encode(b""));
        bytes.extend(encode(TEXT));
        if p == Packing::Xz {
            // Stream padding between xz streams.
            bytes.extend([0u8; 8]);
            bytes.extend(encode(TEXT));
        }
        assert_eq!(Packing::sniff(&bytes), Some(p));
        let (out, e) = decode(p, &bytes, &Limits::default());
        assert!(e.is_none(), "{p:?}: {e:?}");
        let copies = if p == Packing::Xz { 3 } else { 2 };
        assert_eq!(out, TEXT.repeat(copies), "{p:?}");
    }
}

/// Thousands of empty streams cost their own bytes: no recursion per
/// stream (an xz reader that recursed overflowed its stack at about 250),
/// no decoder made per empty bzip2 stream.
#[test]
fn c_s8_ten_thousand_empty_streams_are_read_in_a_loop() {
    for (p, encode) in encoders() {
        let one = encode(b"");
        let mut bytes = one.repeat(10_000);
        bytes.extend(encode(TEXT));
        let (out, e) = decode(p, &bytes, &Limits::default());
        assert!(e.is_none(), "{p:?}: {e:?}");
        assert_eq!(out, TEXT, "{p:?}");
    }
}

/// The error kind of a decoder's error.
fn kind(e: &Option<io::Error>) -> Option<ErrorKind> {
    e.as_ref().and_then(Error::kind_of)
}

/// A stream cut short gives every byte it holds, then "truncated"; a
/// stream whose check fails gives its bytes, then "corrupt".
#[test]
fn c_s8_a_cut_or_corrupt_stream_keeps_what_it_decoded() {
    let text = TEXT.repeat(2000);
    for (p, encode) in encoders() {
        let whole = encode(&text);
        let (out, e) = decode(p, &whole[..whole.len() - 20], &Limits::default());
        assert_eq!(kind(&e), Some(ErrorKind::Truncated), "{p:?}: {e:?}");
        assert!(text.starts_with(&out), "{p:?}");
        let msg = e.unwrap().to_string();
        assert_eq!(msg, format!("{} data truncated", p.name()), "{p:?}");
    }
    // The trailer's CRC flipped: all the text, then the error.
    let mut g = gzip(&text);
    let n = g.len();
    g[n - 8] ^= 0xff;
    let (out, e) = decode(Packing::Gzip, &g, &Limits::default());
    assert_eq!(out, text);
    assert_eq!(kind(&e), Some(ErrorKind::Corrupt));
    assert_eq!(
        e.unwrap().to_string(),
        "gzip data corrupt (CRC-32 mismatch)"
    );
}

/// A fault in the middle of deflate data: what was decoded before it is
/// given (a prefix of the text), not lost with the read that met it.
#[test]
fn c_s8_a_fault_mid_stream_gives_what_came_before_it() {
    let text: Vec<u8> = (0..20_000u32)
        .flat_map(|i| format!("line {i} http://h{i}.example/\n").into_bytes())
        .collect();
    let mut g = gzip(&text);
    let n = g.len();
    for b in &mut g[n / 2..n / 2 + 16] {
        *b = 0xff;
    }
    let (out, e) = decode(Packing::Gzip, &g, &Limits::default());
    assert!(e.is_some());
    // A decoder that lost its last read would end a read (1000 bytes here,
    // tens of KB in a whole-file read) short of the fault.
    let good = out.iter().zip(&text).take_while(|(a, b)| a == b).count();
    assert!(good > text.len() / 3, "{good} of {}", text.len());
    assert!(out.len() >= good);
}

/// A zstd frame cut in its middle gives the text of its whole blocks,
/// though `ruzstd` keeps a window's worth back until a frame ends: the
/// frame is decoded again to its last whole block.
#[test]
fn c_s8_a_cut_zstd_frame_gives_its_last_window() {
    let text: Vec<u8> = (0..60_000u32)
        .flat_map(|i| format!("line {i} http://h{i}.example/\n").into_bytes())
        .collect();
    let z = zstd(&text);
    let (out, e) = decode(Packing::Zstd, &z[..z.len() * 2 / 3], &Limits::default());
    assert_eq!(kind(&e), Some(ErrorKind::Truncated));
    assert!(text.starts_with(&out));
    // The text compresses evenly: two thirds of the frame hold about two
    // thirds of it, less at most the block the cut breaks (128 KiB);
    // without the decoding again, its window (128 KiB more) would be
    // lost too.
    let share = text.len() * 2 / 3;
    assert!(out.len() + (128 << 10) > share, "{} of {share}", out.len());
}

/// Sets the LZMA2 dictionary of the first block of an xz stream to
/// `dict_byte` (40: 4 GiB), fixing the header's CRC.
fn xz_with_dictionary(dict_byte: u8) -> Vec<u8> {
    let mut x = xz(TEXT);
    let h = 12;
    let size = (usize::from(x[h]) + 1) * 4;
    let flags = x[h + 1];
    let mut i = h + 2;
    for present in [flags & 0x40 != 0, flags & 0x80 != 0] {
        if present {
            while x[i] & 0x80 != 0 {
                i += 1;
            }
            i += 1;
        }
    }
    assert_eq!(x[i], 0x21, "the LZMA2 filter");
    assert_eq!(x[i + 1], 1);
    x[i + 2] = dict_byte;
    let mut crc = flate2::Crc::new();
    crc.update(&x[h..h + size - 4]);
    x[h + size - 4..h + size].copy_from_slice(&crc.sum().to_le_bytes());
    x
}

/// A header that asks for a dictionary or window past the limit is
/// refused before anything is allocated, with the size in words.
#[test]
fn c_s8_a_dictionary_or_window_past_the_limit_is_refused() {
    let x = xz_with_dictionary(40);
    let (out, e) = decode(Packing::Xz, &x, &Limits::default());
    assert!(out.is_empty());
    assert_eq!(kind(&e), Some(ErrorKind::Limit));
    assert_eq!(
        e.unwrap().to_string(),
        "xz data asks for a dictionary of 4294967295 bytes, more than the limit of 64 MiB \
         (--max-dictionary raises it)"
    );
    let x = xz_with_dictionary(39);
    let (_, e) = decode(Packing::Xz, &x, &Limits::default());
    assert_eq!(
        e.unwrap().to_string(),
        "xz data asks for a dictionary of 3 GiB, more than the limit of 64 MiB \
         (--max-dictionary raises it)"
    );
    // Under a raised limit the same header's dictionary is allowed (this
    // one is small).
    let small = xz_with_dictionary(16);
    let (out, e) = decode(Packing::Xz, &small, &Limits::default());
    assert!(e.is_none(), "{e:?}");
    assert_eq!(out, TEXT);
    // A zstd frame (no single segment) whose window descriptor says 2 GiB,
    // holding one empty raw block.
    let frame = [0x28, 0xb5, 0x2f, 0xfd, 0x00, 21 << 3, 0x01, 0x00, 0x00];
    let (_, e) = decode(Packing::Zstd, &frame, &Limits::default());
    assert_eq!(kind(&e), Some(ErrorKind::Limit), "{e:?}");
    assert_eq!(
        e.unwrap().to_string(),
        "zstd data asks for a window of 2 GiB, more than the limit of 64 MiB \
         (--max-dictionary raises it)"
    );
    let tight = Limits {
        dictionary: 1 << 10,
        ..Limits::default()
    };
    let (_, e) = decode(Packing::Xz, &xz(TEXT), &tight);
    assert_eq!(kind(&e), Some(ErrorKind::Limit));
}

/// Readers sharing a budget stop together: a second reader over the cap
/// that the first left fails; a stream that ends at the cap does not.
#[test]
fn c_s8_the_cap_is_shared_and_exact() {
    let cap = |n| Rc::new(Cell::new(n));
    let mut out = Vec::new();
    Capped::new(&b"12345"[..], cap(5), 5, "--cap")
        .read_to_end(&mut out)
        .unwrap();
    assert_eq!(out, b"12345");
    let mut out = Vec::new();
    let e = Capped::new(&b"123456"[..], cap(5), 5, "--cap")
        .read_to_end(&mut out)
        .unwrap_err();
    assert_eq!(e.to_string(), "decompressed past 5 bytes (--cap); stopped");
    assert_eq!(out, b"12345");
    let left = cap(5);
    let mut out = Vec::new();
    Capped::new(&b"123"[..], Rc::clone(&left), 5, "--cap")
        .read_to_end(&mut out)
        .unwrap();
    assert!(Capped::new(&b"456"[..], left, 5, "--cap")
        .read_to_end(&mut out)
        .is_err());
}

/// A tar header block: name, size, type, ustar magic and checksum.
fn tar_header(name: &[u8], size: u64, kind: u8) -> [u8; 512] {
    let mut h = [0u8; 512];
    h[..name.len().min(100)].copy_from_slice(&name[..name.len().min(100)]);
    h[100..108].copy_from_slice(b"0000644\0");
    h[124..136].copy_from_slice(format!("{size:011o}\0").as_bytes());
    h[136..148].copy_from_slice(b"00000000000\0");
    h[156] = kind;
    h[257..263].copy_from_slice(b"ustar\0");
    h[263..265].copy_from_slice(b"00");
    h[148..156].copy_from_slice(b"        ");
    let sum: u32 = h.iter().map(|&b| u32::from(b)).sum();
    h[148..156].copy_from_slice(format!("{sum:06o}\0 ").as_bytes());
    h
}

/// An entry: its header, its data, padding.
fn tar_entry(out: &mut Vec<u8>, name: &[u8], data: &[u8], kind: u8) {
    out.extend(tar_header(name, data.len() as u64, kind));
    out.extend(data);
    out.resize(out.len().div_ceil(512) * 512, 0);
}

fn tar_names(bytes: &[u8], limits: &Limits) -> (Vec<(String, Vec<u8>)>, Option<io::Error>) {
    let mut got = Vec::new();
    let r = tar_members(bytes, limits, |mut m| {
        let mut data = Vec::new();
        m.reader.read_to_end(&mut data)?;
        got.push((m.name, data));
        Ok(true)
    });
    (got, r.err())
}

/// Members by their long names (GNU, pax), links and folders passed
/// over, a second archive after the end blocks read too, a long name past
/// the limit refused before it is read.
#[test]
fn c_s8_tar_members_names_and_limits() {
    let mut t = Vec::new();
    tar_entry(&mut t, b"a.txt", TEXT, b'0');
    tar_entry(&mut t, b"dir/", b"", b'5');
    tar_entry(&mut t, b"link", b"", b'2');
    let long = "x/".repeat(150) + "long.txt";
    tar_entry(
        &mut t,
        b"././@LongLink",
        format!("{long}\0").as_bytes(),
        b'L',
    );
    tar_entry(&mut t, b"short", TEXT, b'0');
    let pax = "23 path=pax/named/file\n";
    tar_entry(&mut t, b"PaxHeader", pax.as_bytes(), b'x');
    tar_entry(&mut t, b"other", TEXT, b'0');
    t.extend([0u8; 1024]);
    tar_entry(&mut t, b"after-the-end.txt", TEXT, b'0');
    t.extend([0u8; 1024]);
    let (got, e) = tar_names(&t, &Limits::default());
    assert!(e.is_none(), "{e:?}");
    let names: Vec<&str> = got.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "a.txt",
            long.as_str(),
            "pax/named/file",
            "after-the-end.txt"
        ]
    );
    assert!(got.iter().all(|(_, d)| d == TEXT));
    // A long name of 1 MiB under a 64 KiB limit: refused, not read.
    let mut t = Vec::new();
    tar_entry(&mut t, b"a.txt", TEXT, b'0');
    t.extend(tar_header(b"././@LongLink", 1 << 20, b'L'));
    let (got, e) = tar_names(&t, &Limits::default());
    assert_eq!(got.len(), 1);
    assert_eq!(kind(&e), Some(ErrorKind::Limit));
    assert_eq!(
        e.unwrap().to_string(),
        "tar archive has a long name of 1 MiB at byte 1024, more than 64 KiB (the name limit)"
    );
    // Cut inside a member, and a header whose checksum is wrong.
    let mut t = Vec::new();
    tar_entry(&mut t, b"a.txt", &TEXT.repeat(20), b'0');
    let (got, e) = tar_names(&t[..700], &Limits::default());
    assert!(got.is_empty());
    assert_eq!(kind(&e), Some(ErrorKind::Truncated));
    t[0] = b'b';
    let (_, e) = tar_names(&t, &Limits::default());
    assert_eq!(
        e.unwrap().to_string(),
        "tar archive corrupt (bad header checksum at byte 0)"
    );
}

/// A zip built by hand: stored entries (a folder's name and a link's
/// mode hide nothing), central directory, end record.
fn zip(entries: &[(&str, &[u8], u32)]) -> Vec<u8> {
    let mut z = Vec::new();
    let mut central = Vec::new();
    for (name, data, mode) in entries {
        let mut crc = flate2::Crc::new();
        crc.update(data);
        let offset = z.len() as u32;
        let common = |v: &mut Vec<u8>| {
            v.extend(20u16.to_le_bytes());
            v.extend(0u16.to_le_bytes());
            v.extend(0u16.to_le_bytes());
            v.extend([0u8; 4]);
            v.extend(crc.sum().to_le_bytes());
            v.extend((data.len() as u32).to_le_bytes());
            v.extend((data.len() as u32).to_le_bytes());
            v.extend((name.len() as u16).to_le_bytes());
            v.extend(0u16.to_le_bytes());
        };
        z.extend(b"PK\x03\x04");
        common(&mut z);
        z.extend(name.as_bytes());
        z.extend(*data);
        central.extend(b"PK\x01\x02");
        central.extend((3u16 << 8 | 20).to_le_bytes());
        common(&mut central);
        central.extend([0u8; 6]);
        central.extend((mode << 16).to_le_bytes());
        central.extend(offset.to_le_bytes());
        central.extend(name.as_bytes());
    }
    let (start, size) = (z.len() as u32, central.len() as u32);
    z.extend(&central);
    z.extend(b"PK\x05\x06\0\0\0\0");
    z.extend((entries.len() as u16).to_le_bytes());
    z.extend((entries.len() as u16).to_le_bytes());
    z.extend(size.to_le_bytes());
    z.extend(start.to_le_bytes());
    z.extend(0u16.to_le_bytes());
    z
}

fn zip_names(bytes: &[u8], seekable: bool) -> (Vec<(String, Vec<u8>)>, Option<io::Error>) {
    let mut got = Vec::new();
    let each = |mut m: Member<'_>| {
        let mut data = Vec::new();
        m.reader.read_to_end(&mut data)?;
        got.push((m.name, data));
        Ok(true)
    };
    let r = if seekable {
        zip_members_seekable(io::Cursor::new(bytes), &Limits::default(), each)
    } else {
        zip_members(bytes, &Limits::default(), each)
    };
    (got, r.err())
}

/// From a file and from a pipe, the same members: every entry with data,
/// a name ending in `/` and a symbolic link's mode included; a CRC that
/// does not match is an error naming the member.
#[test]
fn c_s8_zip_entries_alike_from_a_file_and_a_stream() {
    let z = zip(&[
        ("a.txt", TEXT, 0o100644),
        ("hidden/", TEXT, 0o040755),
        ("link", b"http://link.example/target", 0o120777),
        ("empty", b"", 0o100644),
    ]);
    let file = zip_names(&z, true);
    let pipe = zip_names(&z, false);
    assert!(
        file.1.is_none() && pipe.1.is_none(),
        "{:?} {:?}",
        file.1,
        pipe.1
    );
    assert_eq!(file.0, pipe.0);
    let names: Vec<&str> = file.0.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["a.txt", "hidden/", "link"]);
    // The first entry's data altered: its CRC no longer matches.
    let mut bad = z.clone();
    bad[30 + 5] ^= 0x20;
    for seekable in [true, false] {
        let (got, e) = zip_names(&bad, seekable);
        assert!(got.is_empty());
        assert_eq!(
            e.unwrap().to_string(),
            "zip member a.txt corrupt (CRC-32 mismatch)"
        );
    }
}
