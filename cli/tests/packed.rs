//! Compressed inputs and archives (`cli/tests/data/packed/`, made from
//! `corpora/sample.mbox` and `corpora/sample-urls.txt`): each format gives
//! the URLs of the plain input, archives give each member as an input of
//! its own, and broken or expanding streams stop with an error that names
//! the file, after the URLs before it.

#![cfg(feature = "compressed")]

use std::process::Output;
mod common;
use common::{urlx, urlx_stdin};

/// The fixtures, from the repository root (where `urlx` runs).
const PACKED: &str = "cli/tests/data/packed";

fn out(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn err(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn packed(name: &str) -> String {
    format!("{PACKED}/{name}")
}

#[test]
fn each_compression_gives_the_urls_of_the_plain_input() {
    let plain = urlx(&["--json", "corpora/sample.mbox"]);
    let want = out(&plain).replace("corpora/sample.mbox", "X");
    assert!(want.lines().count() > 10, "{want}");
    for ext in ["gz", "bz2", "xz", "zst"] {
        let path = packed(&format!("sample.mbox.{ext}"));
        let o = urlx(&["--json", &path]);
        assert_eq!(o.status.code(), Some(0), "{ext}: {}", err(&o));
        assert_eq!(out(&o).replace(&path, "X"), want, "{ext}");
        // Read from a pipe, known by the same first bytes.
        let bytes = common::read(&path);
        let o = urlx_stdin(&["--json", "-"], bytes);
        assert_eq!(out(&o).replace("<stdin>", "X"), want, "{ext} piped");
    }
}

#[test]
fn no_decompress_reads_the_bytes_as_they_are() {
    let o = urlx(&["--no-decompress", &packed("sample.mbox.gz")]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        err(&o).contains("sample.mbox.gz: binary file skipped"),
        "{}",
        err(&o)
    );
}

#[test]
fn archive_members_are_inputs_of_their_own() {
    let mbox = out(&urlx(&["-o", "corpora/sample.mbox"]));
    let urls = out(&urlx(&["-o", "corpora/sample-urls.txt"]));
    for archive in ["sample.tar", "sample.tar.gz", "sample.zip"] {
        let path = packed(archive);
        let o = urlx(&[&path]);
        assert_eq!(o.status.code(), Some(0), "{archive}: {}", err(&o));
        let text = out(&o);
        // Each line is `archive:member:line:url`; the members' URLs are the
        // files' own, in the archive's order.
        let member = |name: &str| -> String {
            let prefix = format!("{path}:{name}:");
            text.lines()
                .filter_map(|l| l.strip_prefix(&prefix))
                .map(|l| l.split_once(':').unwrap().1.to_owned() + "\n")
                .collect()
        };
        assert_eq!(member("sample.mbox"), mbox, "{archive}");
        assert_eq!(member("notes/sample-urls.txt"), urls, "{archive}");
        assert_eq!(
            text.lines().count(),
            mbox.lines().count() + urls.lines().count(),
            "{archive}: only the two files' URLs, no directory entry"
        );
        // --json names the archive in `path` and the member in `member`.
        let o = urlx(&["--json", &path]);
        let first: serde_json::Value =
            serde_json::from_str(out(&o).lines().next().unwrap()).unwrap();
        assert_eq!(first["path"], path.as_str());
        assert!(first["member"].is_string(), "{first}");
        // Counted per member.
        let o = urlx(&["-c", &path]);
        assert!(
            out(&o).contains(&format!("{path}:sample.mbox:")),
            "{}",
            out(&o)
        );
    }
    // A zip read from a pipe, entry by entry.
    let bytes = common::read(&packed("sample.zip"));
    let o = urlx_stdin(&["-o", "-"], bytes);
    assert_eq!(out(&o), format!("{mbox}{urls}"), "{}", err(&o));
}

#[test]
fn member_paths_are_names_never_paths_on_disk() {
    let o = urlx(&[&packed("names.tar")]);
    let text = out(&o);
    assert!(
        text.contains("names.tar:../../outside.txt:1:http://dotdot.example/"),
        "{text}"
    );
    assert!(
        text.contains("names.tar:/etc/absolute.txt:1:http://absolute.example/"),
        "{text}"
    );
    // The binary member is skipped by the binary rule, and named.
    assert!(!text.contains("binary.example"), "{text}");
    assert!(
        err(&o).contains("names.tar:bin.dat: binary file skipped (--binary reads it)"),
        "{}",
        err(&o)
    );
    assert!(!std::path::Path::new("../../outside.txt").exists());
    assert!(!std::path::Path::new("tests/outside.txt").exists());
}

#[test]
fn a_truncated_or_corrupt_stream_keeps_the_urls_before_it_and_names_the_file() {
    let whole = out(&urlx(&["-o", &packed("many-urls.txt.gz")]));
    assert_eq!(whole.lines().count(), 2500);
    for (name, says) in [
        ("many-urls-truncated.txt.gz", "gzip data truncated"),
        ("many-urls-corrupt.txt.gz", "gzip data corrupt"),
    ] {
        let path = packed(name);
        let o = urlx(&["-o", &path]);
        assert_eq!(o.status.code(), Some(2), "{name}");
        assert!(err(&o).contains(&format!("{path}: {says}")), "{}", err(&o));
        let got = out(&o);
        assert!(
            got.lines().count() > 10,
            "{name}: the URLs before the break"
        );
        // Everything printed is a prefix of the whole file's URLs but for
        // the last, which may be cut by the break.
        let lines: Vec<&str> = got.lines().collect();
        let want: Vec<&str> = whole.lines().take(lines.len() - 1).collect();
        assert_eq!(&lines[..lines.len() - 1], &want[..], "{name}");
    }
    // Streamed in pieces, the same.
    let o = urlx(&[
        "-o",
        "--piece-size",
        "500",
        &packed("many-urls-truncated.txt.gz"),
    ]);
    assert_eq!(
        out(&o),
        out(&urlx(&["-o", &packed("many-urls-truncated.txt.gz")]))
    );
}

#[test]
fn a_stream_that_expands_past_the_cap_is_stopped() {
    let path = packed("expands.txt.gz");
    let o = urlx(&["-c", "--max-decompressed", "1M", &path]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err(&o).contains(&format!(
            "{path}: decompressed past 1 MiB (--max-decompressed); stopped"
        )),
        "{}",
        err(&o)
    );
    // The URLs in the first MiB are counted: one a line of 47 bytes.
    let n: u64 = out(&o).trim().parse().unwrap();
    assert_eq!(n, (1 << 20) / 47, "{n}");
    // Under the default cap (4 GiB) it is read whole: 8 MiB.
    let o = urlx(&["-c", &path]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let n: u64 = out(&o).trim().parse().unwrap();
    assert!(n > 170_000, "{n}");
    // The cap covers all members of an archive together.
    let o = urlx(&["-c", "--max-decompressed", "3K", &packed("sample.zip")]);
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("--max-decompressed"), "{}", err(&o));
    let o = urlx(&["--max-decompressed", "lots", &path]);
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("is not a size"), "{}", err(&o));
}

#[test]
fn every_format_names_a_cut_stream_truncated() {
    let dir = std::env::temp_dir().join(format!("urlx-packed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (ext, format) in [
        ("gz", "gzip"),
        ("bz2", "bzip2"),
        ("xz", "xz"),
        ("zst", "zstd"),
    ] {
        let whole = common::read(&packed(&format!("sample.mbox.{ext}")));
        let cut = dir.join(format!("cut.mbox.{ext}"));
        std::fs::write(&cut, &whole[..whole.len() * 2 / 3]).unwrap();
        let path = cut.to_str().unwrap();
        let o = urlx(&["-o", path]);
        assert_eq!(o.status.code(), Some(2), "{ext}: {}", err(&o));
        assert!(
            err(&o).contains(&format!("{path}: {format} data truncated")),
            "{ext}: {}",
            err(&o)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn html_and_hyperlinks_decode_and_refuse_archives() {
    for mode in ["--html", "--hyperlink"] {
        let plain = urlx(&[mode, "corpora/sample.mbox"]);
        let packed_out = urlx(&[mode, &packed("sample.mbox.xz")]);
        assert_eq!(out(&packed_out), out(&plain), "{mode}");
        assert_eq!(packed_out.status.code(), Some(0));
        let o = urlx(&[mode, &packed("sample.tar.gz")]);
        assert_eq!(o.status.code(), Some(2), "{mode}");
        assert!(
            err(&o)
                .contains("sample.tar.gz: an archive: --html and --hyperlink write one text back"),
            "{}",
            err(&o)
        );
        let o = urlx(&[mode, &packed("many-urls-truncated.txt.gz")]);
        assert_eq!(o.status.code(), Some(2), "{mode}");
        assert!(err(&o).contains("gzip data truncated"), "{}", err(&o));
        assert!(
            out(&o).contains("https://www.nattax.com/california.htm"),
            "{mode}"
        );
    }
}

/// A zstd skippable frame (magic 0x184D2A5?, a length, that many bytes).
fn skippable(content: &[u8]) -> Vec<u8> {
    let mut f = vec![0x50, 0x2a, 0x4d, 0x18];
    f.extend_from_slice(&(content.len() as u32).to_le_bytes());
    f.extend_from_slice(content);
    f
}

#[test]
fn zstd_skippable_frames_are_passed_over() {
    let zst = common::read(&packed("sample.mbox.zst"));
    let want = out(&urlx(&["-o", "corpora/sample.mbox"]));
    // Before (as pzstd writes) and after (as the seekable format writes).
    let bytes = [skippable(b"index"), zst, skippable(b"seek table")].concat();
    let o = urlx_stdin(&["-o", "-"], bytes);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    assert_eq!(out(&o), want);
    // A skippable frame cut short is a truncated stream.
    let o = urlx_stdin(&["-o", "-"], &skippable(b"index")[..7]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
    assert!(err(&o).contains("zstd data truncated"), "{}", err(&o));
}

#[test]
fn member_names_cannot_drive_the_terminal() {
    // A tar whose member name holds an escape sequence, a line break and
    // a right-to-left override.
    let name = "m\u{1b}]0;pwned\u{7}\n\u{202e}fake.txt";
    let mut header = [0u8; 512];
    header[..name.len()].copy_from_slice(name.as_bytes());
    header[100..107].copy_from_slice(b"0000644");
    let body = b"see http://member.example/\n";
    header[124..135].copy_from_slice(format!("{:011o}", body.len()).as_bytes());
    header[136..147].copy_from_slice(b"00000000000");
    header[156] = b'0';
    header[257..263].copy_from_slice(b"ustar\0");
    header[263..265].copy_from_slice(b"00");
    header[148..156].copy_from_slice(b"        ");
    let sum: u32 = header.iter().map(|&b| u32::from(b)).sum();
    header[148..155].copy_from_slice(format!("{sum:06o}\0").as_bytes());
    let mut tar = header.to_vec();
    tar.extend_from_slice(body);
    tar.resize(512 * 2, 0);
    tar.resize(512 * 4, 0);
    let o = urlx_stdin(&["-"], &tar);
    assert_eq!(
        out(&o),
        "<stdin>:m\\u{1b}]0;pwned\\u{7}\\u{a}\\u{202e}fake.txt:1:http://member.example/\n",
        "{}",
        err(&o)
    );
    // --json has the name as it is (JSON-escaped).
    let o = urlx_stdin(&["--json", "-"], &tar);
    let v: serde_json::Value = serde_json::from_str(out(&o).trim()).unwrap();
    assert_eq!(v["member"], name);
}

#[test]
fn the_cap_counts_what_decoders_give_once() {
    // sample.tar.gz decodes to the 10,240-byte tar: a cap just above it
    // reads every member (their bytes are the gzip decoder's, counted
    // once), and a plain tar is not decoded at all; a cap below the
    // members' 6,826 bytes stops.
    let o = urlx(&[
        "-c",
        "--max-decompressed",
        "10300",
        &packed("sample.tar.gz"),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let o = urlx(&["-c", "--max-decompressed", "100", &packed("sample.tar")]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let o = urlx(&["-c", "--max-decompressed", "5000", &packed("sample.tar.gz")]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
}

#[cfg(target_os = "linux")]
#[test]
fn an_output_error_is_said_once_and_not_as_the_inputs() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("Linux has /dev/full");
    let text = common::read("corpora/sample-urls.txt").repeat(400);
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_urlx"))
        .args(["--piece-size", "1000", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(full)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let feed = std::thread::spawn(move || {
        use std::io::Write;
        let _ = stdin.write_all(&text);
    });
    let o = child.wait_with_output().unwrap();
    let _ = feed.join();
    assert_eq!(o.status.code(), Some(2));
    let e = err(&o);
    assert_eq!(e.lines().count(), 1, "{e}");
    assert!(e.starts_with("urlx: No space left on device"), "{e}");
}
