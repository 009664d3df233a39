//! Hostile input (CONTRACT C-S8, C-S5, C-S2): each input of the attack
//! trial made here, small (bombs of a few MB), and checked for the exit
//! status, the message, the URLs kept, and no raw control in stdout or
//! stderr. Memory is measured by `benches/hostile.sh`, not here. The
//! compressors (gzip, bzip2, xz, zstd) make the streams and are the
//! reference decoders a fault is compared with.

#![cfg(feature = "compressed")]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

mod common;
use common::{urlx, urlx_stdin};

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A folder of this test's own.
fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("urlx-hostile-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p.to_str().unwrap().to_owned()
}

/// A compressor's output (`tool` with `args`) for `input`. The tools are
/// needed: `.ci/run` installs them.
fn tool(tool: &str, args: &[&str], input: &[u8]) -> Vec<u8> {
    let mut child = Command::new(tool)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("{tool} is needed by these tests: {e}"));
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let feed = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let o = child.wait_with_output().unwrap();
    feed.join().unwrap();
    o.stdout
}

fn gz(b: &[u8]) -> Vec<u8> {
    tool("gzip", &["-c"], b)
}

fn crc32(data: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in data {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xedb8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// Checks that a stream carries no control but tab and line feed (and
/// CR before LF): nothing of the input's reaches a terminal raw.
fn no_raw_controls(what: &str, bytes: &[u8]) {
    let s = String::from_utf8_lossy(bytes);
    for (i, c) in s.char_indices() {
        let ok =
            !c.is_control() || c == '\t' || c == '\n' || c == '\r' && s[i + 1..].starts_with('\n');
        assert!(ok, "{what}: the control {c:?} at {i} in {s:?}");
        assert!(
            !urlx::linkify::is_bidi_control(c),
            "{what}: a direction control in {s:?}"
        );
    }
}

/// URLs one a line: `n` of them.
fn urls(n: usize) -> String {
    (0..n)
        .map(|i| format!("see http://h{i}.example/p\n"))
        .collect()
}

/// Hundreds of empty xz streams crashed the run (a decoder that recursed
/// once per stream overflowed its stack): now they cost their bytes, and
/// the other inputs of the run are read.
#[test]
fn c_s8_hundreds_of_empty_streams_do_not_end_the_run() {
    let d = dir("empty");
    let empty_xz = tool("xz", &["-c"], b"");
    let mut many = empty_xz.repeat(300);
    many.extend(tool("xz", &["-c"], b"http://after-xz.example/\n"));
    write(&d, "a.xz", &many);
    let empty_bz = tool("bzip2", &["-c"], b"");
    let mut many = empty_bz.repeat(8000);
    many.extend(tool("bzip2", &["-c"], b"http://after-bz.example/\n"));
    write(&d, "b.bz2", &many);
    write(&d, "c.txt", b"http://other.example/\n");
    let o = urlx(&["-o", d.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(
        out(&o),
        "http://after-xz.example/\nhttp://after-bz.example/\nhttp://other.example/\n"
    );
}

/// An xz stream made by `xz`, its first block's LZMA2 dictionary set to
/// `dict_byte` (40: 4 GiB) and the header's CRC made right.
fn xz_asking(dict_byte: u8, text: &[u8]) -> Vec<u8> {
    let mut x = tool("xz", &["-c", "-0"], text);
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
    assert_eq!((x[i], x[i + 1]), (0x21, 1), "an LZMA2 filter");
    x[i + 2] = dict_byte;
    let crc = crc32(&x[h..h + size - 4]);
    x[h + size - 4..h + size].copy_from_slice(&crc.to_le_bytes());
    x
}

/// A zip of stored entries (name, data, unix mode, method), each
/// entry's bytes given as they are stored.
fn zip(entries: &[(&str, &[u8], u32, u16)]) -> Vec<u8> {
    let mut z = Vec::new();
    let mut central = Vec::new();
    for &(name, data, mode, method) in entries {
        let offset = z.len() as u32;
        let common = |v: &mut Vec<u8>| {
            v.extend(20u16.to_le_bytes());
            v.extend(0u16.to_le_bytes());
            v.extend(method.to_le_bytes());
            v.extend([0u8; 4]);
            v.extend(crc32(data).to_le_bytes());
            v.extend((data.len() as u32).to_le_bytes());
            v.extend((data.len() as u32).to_le_bytes());
            v.extend((name.len() as u16).to_le_bytes());
            v.extend(0u16.to_le_bytes());
        };
        z.extend(b"PK\x03\x04");
        common(&mut z);
        z.extend(name.as_bytes());
        z.extend(data);
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

/// A header that asks for a 4 GiB dictionary (xz, an xz or LZMA zip
/// entry) or a 2 GiB window (zstd) is refused before the memory is taken,
/// in words, the input named; the run goes on.
#[test]
fn c_s8_a_dictionary_or_window_past_the_limit_is_refused() {
    let d = dir("dict");
    let xz = write(&d, "big-dict.xz", &xz_asking(40, b"http://x.example/\n"));
    let zst = write(
        &d,
        "big-window.zst",
        &[0x28, 0xb5, 0x2f, 0xfd, 0x00, 21 << 3, 0x01, 0x00, 0x00],
    );
    // LZMA in zip: version, properties' length 5, properties (lc/lp/pb
    // and a dictionary of 4 GiB less a byte), then data never read.
    let lzma = [&[9, 4, 5, 0, 0x5d][..], &u32::MAX.to_le_bytes(), b"junk"].concat();
    let z = zip(&[
        (
            "x.txt",
            &xz_asking(40, b"http://y.example/\n"),
            0o100644,
            95,
        ),
        ("l.txt", &lzma, 0o100644, 14),
    ]);
    let zip_path = write(&d, "big.zip", &z);
    let ok = write(&d, "ok.txt", b"http://fine.example/\n");
    let o = urlx(&["-o", &xz, &zst, &zip_path, &ok]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(out(&o), "http://fine.example/\n");
    let e = err(&o);
    for line in [
        format!("urlx: {xz}: xz data asks for a dictionary of 4294967295 bytes, more than the limit of 64 MiB (--max-dictionary raises it)"),
        format!("urlx: {zst}: zstd data asks for a window of 2 GiB, more than the limit of 64 MiB (--max-dictionary raises it)"),
        format!("urlx: {zip_path}:x.txt: xz data asks for a dictionary of 4294967295 bytes, more than the limit of 64 MiB (--max-dictionary raises it)"),
    ] {
        assert!(e.lines().any(|l| l == line), "{line}\nin\n{e}");
    }
    // The LZMA entry, once the zip is read past its first entry. The
    // dictionary is never larger than the entry's size: it asks 4 GiB, its
    // size is said to be 1 GiB, and 1 GiB is past the limit.
    let mut z = zip(&[("l.txt", &lzma, 0o100644, 14)]);
    let central = z.len() - 22 - 46 - 5;
    for at in [22, central + 24] {
        z[at..at + 4].copy_from_slice(&(1u32 << 30).to_le_bytes());
    }
    let o = urlx(&["-o", &write(&d, "lzma.zip", &z)]);
    assert!(
        err(&o).contains(
            "zip member l.txt asks for a dictionary of 1 GiB, more than the limit of 64 MiB"
        ),
        "{}",
        err(&o)
    );
    // A limit under the stream's own dictionary refuses it too; a raised
    // one reads it.
    let small = write(
        &d,
        "small.xz",
        &tool("xz", &["-c", "-0"], b"http://z.example/\n"),
    );
    let o = urlx(&["-o", "--max-dictionary", "64K", &small]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err(&o).contains("more than the limit of 64 KiB"),
        "{}",
        err(&o)
    );
    let o = urlx(&["-o", "--max-dictionary", "1G", &small]);
    assert_eq!(out(&o), "http://z.example/\n");
}

/// One message larger than --max-message, from a file, a pipe, and an
/// mbox read in pieces: every plain URL is found (read as text), the
/// messages after it as mail, and a warning names it.
#[test]
fn c_s8_a_message_past_the_cap_is_read_as_text() {
    let d = dir("message");
    let n = 60_000;
    let big = format!("From: a@b.example\n\n{}", urls(n));
    let path = write(&d, "big.eml", big.as_bytes());
    let warning = "the message at byte 0 is larger than --max-message (1 MiB): \
                   read as plain text, its encoded parts not decoded";
    for piped in [false, true] {
        let o = if piped {
            urlx_stdin(&["-c", "--max-message", "1M", "-"], big.as_bytes())
        } else {
            urlx(&["-c", "--max-message", "1M", &path])
        };
        assert_eq!(o.status.code(), Some(2), "{}", err(&o));
        assert_eq!(out(&o).trim(), n.to_string(), "piped: {piped}");
        let name = if piped { "<stdin>" } else { &path };
        assert_eq!(err(&o), format!("urlx: {name}: {warning}\n"));
    }
    // An mbox: a small message, a large one, a small one with an encoded
    // URL (so, read as mail); lines and offsets are those of the file.
    let sep = "From a@b.example Thu Aug 22 12:36:23 2002\n";
    let small = "Subject: s\nContent-Transfer-Encoding: quoted-printable\n\n\
                 see http://qp.example/a=3Db\n";
    let mbox = format!("{sep}{small}{sep}Subject: big\n\n{}{sep}{small}", urls(n));
    let path = write(&d, "mix.mbox", mbox.as_bytes());
    let plain = urlx(&["--json", &path]);
    let plain: Vec<String> = out(&plain).lines().map(str::to_owned).collect();
    assert_eq!(plain.len(), n + 2);
    for args in [
        &["--json", "--max-message", "1M"][..],
        &["--json", "--max-message", "1M", "--piece-size", "100000"],
        &["--json", "--max-message", "1M", "-j1"],
    ] {
        let o = urlx(&[args, &[path.as_str()][..]].concat());
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", err(&o));
        assert!(
            err(&o).contains("the message at byte 126 is larger than --max-message (1 MiB)"),
            "{args:?}: {}",
            err(&o)
        );
        let got = out(&o);
        let got: Vec<&str> = got.lines().collect();
        assert_eq!(got.len(), plain.len(), "{args:?}");
        // The mail fields are not read in the large message (it is text);
        // lines, columns, spans and URLs are those of the file.
        for (g, p) in got.iter().zip(&plain) {
            let field = |s: &str, f: &str| -> serde_json::Value {
                let v: serde_json::Value = serde_json::from_str(s).unwrap();
                v[f].clone()
            };
            for f in ["url", "line", "column", "start", "end"] {
                assert_eq!(field(g, f), field(p, f), "{args:?} {f}: {g} / {p}");
            }
        }
        assert!(got
            .last()
            .unwrap()
            .contains("\"url\":\"http://qp.example/a=b\""));
    }
}

/// A message that never ends, on a pipe: read past the cap as text, its
/// URLs all found as they come (the memory it takes is the cap's:
/// `benches/hostile.sh`).
#[test]
fn c_s8_a_message_that_never_ends_is_read_as_it_comes() {
    let n = 200_000;
    let input = format!("From: a@b\n\n{}", "http://a.example/\n".repeat(n));
    let o = urlx_stdin(&["-c", "--max-message", "1M"], input.as_bytes());
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert_eq!(out(&o).trim(), n.to_string());
}

/// The reading view (--html, --hyperlink) is streamed and under the same
/// caps: --max-decompressed stops a bomb, --max-message sends a large
/// message to the text writer; what came before is written.
#[test]
fn c_s8_the_reading_view_streams_under_the_caps() {
    let d = dir("view");
    let bomb = "cli/tests/data/packed/expands.txt.gz";
    for mode in ["--html", "--hyperlink"] {
        let o = urlx(&[mode, "--max-decompressed", "1M", bomb]);
        assert_eq!(o.status.code(), Some(2), "{mode}");
        assert_eq!(
            err(&o),
            format!("urlx: {bomb}: decompressed past 1 MiB (--max-decompressed); stopped\n")
        );
        // The first MiB, linkified: a link a line of 47 bytes.
        let links = out(&o).matches("http://expands.example/").count();
        assert!(links >= 2 * ((1 << 20) / 47) - 2, "{mode}: {links}");
        no_raw_controls(mode, err(&o).as_bytes());
    }
    // Text longer than a piece, linkified in pieces: the same output as
    // a small text's, line for line.
    let text = urls(100_000);
    let o = urlx_stdin(&["--hyperlink", "-"], text.as_bytes());
    assert_eq!(o.status.code(), Some(0));
    let printed = out(&o);
    let lines: Vec<&str> = printed.lines().collect();
    assert_eq!(lines.len(), 100_000);
    for (i, l) in lines.iter().enumerate() {
        let url = format!("http://h{i}.example/p");
        assert_eq!(
            *l,
            format!(
                "see \x1b]8;id=urlx-{};{url}\x1b\\{url}\x1b]8;;\x1b\\",
                i + 1
            )
        );
    }
    // A message past the cap is written as text, with the warning.
    let big = format!("From: a@b\nSubject: big\n\n{}", urls(60_000));
    let path = write(&d, "big.eml", big.as_bytes());
    let o = urlx(&["--hyperlink", "--max-message", "1M", &path]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err(&o).contains("larger than --max-message (1 MiB)"),
        "{}",
        err(&o)
    );
    assert!(out(&o).starts_with("From: a@b\nSubject: big\n\nsee "));
    assert_eq!(out(&o).matches("\x1b]8;;").count(), 60_000);
}

/// A tar header block (ustar) with a checksum.
fn tar_header(name: &[u8], size: u64, kind: u8) -> [u8; 512] {
    let mut h = [0u8; 512];
    h[..name.len()].copy_from_slice(name);
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

fn tar_entry(t: &mut Vec<u8>, name: &str, data: &[u8]) {
    t.extend(tar_header(name.as_bytes(), data.len() as u64, b'0'));
    t.extend(data);
    t.resize(t.len().div_ceil(512) * 512, 0);
}

/// A tar whose member name is 1 GiB long (GNU long name) is refused at
/// the header, before the name is read; members before it are kept.
#[test]
fn c_s8_a_tar_long_name_past_the_limit_is_refused() {
    let d = dir("tar");
    let mut t = Vec::new();
    tar_entry(&mut t, "first.txt", b"http://first.example/\n");
    t.extend(tar_header(b"././@LongLink", 1 << 30, b'L'));
    t.extend(vec![b'n'; 4096]);
    let path = write(&d, "long.tar.gz", &gz(&t));
    let o = urlx(&["-o", &path]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(out(&o), "http://first.example/\n");
    assert_eq!(
        err(&o),
        format!(
            "urlx: {path}: tar archive has a long name of 1 GiB at byte 1024, \
             more than 64 KiB (the name limit)\n"
        )
    );
}

/// A compressed tar is read to the end of its stream: a bad CRC or
/// length in the gzip trailer is an error, after the members' URLs.
#[test]
fn c_s8_a_compressed_tars_trailer_is_checked() {
    let d = dir("trailer");
    let mut t = Vec::new();
    tar_entry(&mut t, "a.txt", b"http://a.example/\n");
    t.extend([0u8; 1024]);
    let good = gz(&t);
    for (what, at, says) in [
        ("crc", good.len() - 8, "gzip data corrupt (CRC-32 mismatch)"),
        (
            "length",
            good.len() - 4,
            "gzip data corrupt (length mismatch)",
        ),
    ] {
        let mut bad = good.clone();
        bad[at] ^= 1;
        let path = write(&d, &format!("{what}.tar.gz"), &bad);
        let o = urlx(&["-o", &path]);
        assert_eq!(o.status.code(), Some(2), "{what}");
        assert_eq!(out(&o), "http://a.example/\n", "{what}");
        assert_eq!(err(&o), format!("urlx: {path}: {says}\n"), "{what}");
    }
}

/// The URLs kept against a reference decoder's, up to a fault: one list
/// a prefix of the other, in order, but for the last line of the shorter,
/// which the fault may cut a few bytes apart (decoders give the last bits
/// before it at different points). `floor`: the fewest lines allowed
/// (those of the reference on the stream cut where this decoder must
/// have stopped at the latest); the reference may give less than these
/// decoders (`bzip2 -dc` drops the last 5,000-byte buffer it decoded
/// before an error): at a cut, a few hundred lines more, no more. Data
/// made corrupt may decode on as other text where the format has no check
/// before the next (ruzstd checks less than zstd): there, more is allowed.
fn same_lines(got: &str, want: &str, floor: usize, cut: bool, what: &str) {
    let (g, w): (Vec<&str>, Vec<&str>) = (got.lines().collect(), want.lines().collect());
    let (short, long) = if g.len() <= w.len() {
        (&g, &w)
    } else {
        (&w, &g)
    };
    if let Some(i) = short.iter().zip(long.iter()).position(|(a, b)| a != b) {
        let cut = |a: &str, b: &str| b.starts_with(a) || a.starts_with(b);
        if !(i + 1 == short.len() && cut(short[i], long[i])) {
            panic!(
                "{what}: line {i}: {:?} where the reference has {:?}",
                g[i], w[i]
            );
        }
    }
    assert!(
        g.len() + 1 >= floor && (!cut || g.len() <= w.len() + 300),
        "{what}: {} lines where the reference has {} and the floor is {floor}",
        g.len(),
        w.len(),
    );
}

/// What each compressor's own decoder gives of a broken stream (`-dc`,
/// its error ignored).
fn reference(format: &str, bytes: &[u8]) -> Vec<u8> {
    tool(format, &["-dc"], bytes)
}

/// A stream cut short or corrupt in its middle: the URLs kept are those
/// the reference decoder's output gives up to the fault, read whole,
/// streamed in pieces and from a pipe alike.
#[test]
fn c_s8_the_urls_before_a_fault_are_those_a_reference_decoder_gives() {
    let d = dir("fault");
    // Three bzip2 blocks of 900 kB: bzip2 gives a block only whole.
    let text = urls(100_000);
    for format in ["gzip", "bzip2", "xz", "zstd"] {
        let whole = tool(format, &["-c"], text.as_bytes());
        let mut corrupt = whole.clone();
        let mid = whole.len() / 2;
        for b in &mut corrupt[mid..mid + 8] {
            *b ^= 0x5a;
        }
        let cut_at = whole.len() * 2 / 3;
        for (kind, bytes, fault) in [
            ("cut", &whole[..cut_at], cut_at),
            ("corrupt", &corrupt[..], mid),
        ] {
            let what = format!("{format} {kind}");
            let urls_of =
                |b: &[u8]| out(&urlx_stdin(&["-o", "--no-mail", "-"], reference(format, b)));
            let want = urls_of(bytes);
            assert!(want.lines().count() > 1000, "{what}");
            // XZ Embedded decodes a chunk once 21 bytes of it are in: what
            // the last 21 bytes before the fault hold may be left out.
            let lookahead = if format == "xz" { 21 } else { 0 };
            let floor = urls_of(&bytes[..fault - lookahead]).lines().count();
            let path = write(&d, &format!("{kind}.{format}"), bytes);
            for args in [&["-o"][..], &["-o", "--piece-size", "4096"], &["-o", "-j1"]] {
                let o = urlx(&[args, &[path.as_str()][..]].concat());
                assert_eq!(o.status.code(), Some(2), "{what} {args:?}");
                let what = format!("{what} {args:?}: {}", err(&o));
                same_lines(&out(&o), &want, floor, kind == "cut", &what);
                assert!(err(&o).starts_with(&format!("urlx: {path}: {format} data ")));
            }
            let o = urlx_stdin(&["-o", "-"], bytes);
            same_lines(
                &out(&o),
                &want,
                floor,
                kind == "cut",
                &format!("{what} piped"),
            );
        }
    }
}

/// File names with ESC, BEL and a newline: escaped in `path:line:url`
/// lines, counts and stderr, so that they neither drive the terminal nor
/// forge an output line; `--json` has them JSON-escaped.
#[test]
fn c_s5_file_names_with_controls_are_shown_escaped() {
    let d = dir("names");
    let name = "a\x1b]0;owned\x07\nfake.txt:1:http:forged.example";
    write(&d, name, b"http://real.example/\n");
    write(&d, "\u{202e}txt.exe", b"http://rtl.example/\n");
    let folder = d.to_str().unwrap();
    for args in [&[][..], &["-c"], &["--format", "{path} {url}"]] {
        let o = urlx(&[args, &[folder][..]].concat());
        no_raw_controls(&format!("{args:?} stdout"), &o.stdout);
        assert!(
            out(&o).contains("a\\u{1b}]0;owned\\u{7}\\u{a}fake.txt"),
            "{}",
            out(&o)
        );
        assert!(out(&o).contains("\\u{202e}txt.exe"), "{}", out(&o));
        assert!(!out(&o).lines().any(|l| l.starts_with("fake")), "{args:?}");
    }
    let o = urlx(&["--json", folder]);
    assert!(
        out(&o).contains("a\\u001b]0;owned\\u0007\\nfake.txt"),
        "{}",
        out(&o)
    );
    // A file that cannot be read: named on stderr, escaped.
    let missing = d.join("gone\x1b[2J\nurlx: forged");
    let o = urlx(&[missing.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    no_raw_controls("stderr", &o.stderr);
    assert_eq!(err(&o).lines().count(), 1, "{}", err(&o));
}

/// A From field whose encoded word decodes to line feeds, in the reading
/// view on a terminal: its line breaks shown (`^J`), no forged header
/// line.
#[test]
fn c_s8_a_decoded_header_field_cannot_forge_header_lines() {
    let raw = "From: =?utf-8?q?a@b.example=0AFrom:_PayPal_<service@paypal.com>=0D=0ASubject:_x?=\n\
               Subject: hi\n\nsee http://a.example/\n";
    let o = urlx_stdin(&["--hyperlink", "-"], raw.as_bytes());
    let text = out(&o);
    let from: Vec<&str> = text.lines().filter(|l| l.starts_with("From:")).collect();
    assert_eq!(
        from,
        ["From: a@b.example^JFrom: PayPal <service@paypal.com>^M^JSubject: x"],
        "{text}"
    );
    assert_eq!(
        text.lines().filter(|l| l.starts_with("Subject:")).count(),
        1
    );
}

/// A direction control inside a URL (in a wrapper, where it does not
/// end it): shown in the link's text, and the link flagged.
#[test]
fn c_s2_a_direction_control_in_a_link_is_shown_and_flagged() {
    let text = "see <http://a.example/\u{202e}gpj.exe> now\n";
    let o = urlx_stdin(&["--hyperlink", "-"], text.as_bytes());
    let t = out(&o);
    assert!(!t.contains('\u{202e}'), "{t:?}");
    assert!(
        t.contains("http://a.example/<U+202E>gpj.exe\x1b]8;;"),
        "{t:?}"
    );
    assert!(t.contains("holds a direction control"), "{t:?}");
    let o = urlx_stdin(&["--html", "-"], text.as_bytes());
    let t = out(&o);
    assert!(!t.contains('\u{202e}'), "{t:?}");
    assert!(
        t.contains(">http://a.example/&lt;U+202E&gt;gpj.exe</a>"),
        "{t:?}"
    );
    assert!(t.contains("class=\"urlx-deceptive\""), "{t:?}");
    let o = urlx_stdin(&["--json", "-"], text.as_bytes());
    assert!(out(&o).contains("\"deceptive\":\"goes to a.example; it holds a direction control"));
}

/// MIME nested past the limit: said without --verbose, naming the
/// message's place, and the exit status says so; nesting under it is
/// followed.
#[test]
fn c_s8_mime_nested_past_the_limit_is_reported() {
    let nested = |n: usize| {
        let mut s = String::from("From: a@b\nSubject: deep\n");
        for i in 0..n {
            s.push_str(&format!(
                "Content-Type: multipart/mixed; boundary=b{i}\n\n--b{i}\n"
            ));
        }
        s.push_str("\nhttp://deep.example/\n");
        s
    };
    let o = urlx_stdin(&["-o", "-"], nested(31).as_bytes());
    assert_eq!(
        (o.status.code(), out(&o)),
        (Some(0), "http://deep.example/\n".into())
    );
    let o = urlx_stdin(&["-o", "-"], nested(40).as_bytes());
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        err(&o),
        "urlx: <stdin>: MIME parts nested deeper than 32 at byte 1681: not read\n"
    );
}

/// Zip entries read alike from a file and a pipe: a name ending in `/`
/// and a symbolic link's mode hide nothing.
#[test]
fn c_s8_zip_entries_alike_from_a_file_and_a_pipe() {
    let d = dir("zip");
    let z = zip(&[
        ("notes/", b"http://in-a-folder-name.example/\n", 0o040755, 0),
        ("link", b"http://link-target.example/\n", 0o120777, 0),
        ("a.txt", b"http://a.example/\n", 0o100644, 0),
    ]);
    let path = write(&d, "x.zip", &z);
    let file = urlx(&["-o", &path]);
    let pipe = urlx_stdin(&["-o", "-"], &z);
    assert_eq!(file.status.code(), Some(0), "{}", err(&file));
    assert_eq!(out(&file), out(&pipe));
    assert_eq!(
        out(&file),
        "http://in-a-folder-name.example/\nhttp://link-target.example/\nhttp://a.example/\n"
    );
}

/// The decompression cap is one for the archive, not one a member: two
/// members each under it, together over it, stop.
#[test]
fn c_s8_the_cap_covers_the_archive_not_each_member() {
    let d = dir("cap");
    let half = urls(100);
    assert!(half.len() > 2048 && half.len() < 3072);
    let z = zip(&[
        ("a.txt", half.as_bytes(), 0o100644, 0),
        ("b.txt", half.as_bytes(), 0o100644, 0),
    ]);
    let path = write(&d, "two.zip", &z);
    let o = urlx(&["-c", "--max-decompressed", "3K", &path]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err(&o).contains("decompressed past 3 KiB (--max-decompressed)"),
        "{}",
        err(&o)
    );
    let o = urlx(&["-c", "--max-decompressed", "6K", &path]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
}

/// --mail on text that is no message: a first line that is no header
/// field (a name with `<`) is text, and its URL is found.
#[test]
fn c_s8_mail_on_text_keeps_its_first_line() {
    let o = urlx_stdin(
        &["--mail", "-o", "-"],
        "<http://a.org/x>\nmore text\n".as_bytes(),
    );
    assert_eq!(out(&o), "http://a.org/x\n");
}

/// The picker holds what it reads: an input past --max-message is
/// refused, named, before any terminal is asked for.
#[cfg(feature = "pick")]
#[test]
fn c_s8_the_picker_reads_no_more_than_the_cap() {
    let d = dir("pick");
    let big = write(&d, "big.eml", urls(2000).as_bytes());
    let o = urlx(&["pick", "--max-message", "1K", &big]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        err(&o),
        format!("urlx: {big}: larger than --max-message (1 KiB): not read\n")
    );
}
