//! A large input is scanned in pieces on all threads; the output is byte
//! for byte what one thread reading it whole prints, in every mode and
//! output option. A hidden `--piece-size` sends even a small input through
//! the pieces, cut so small that URLs, wrapped URLs, hyphen breaks and
//! `From ` lines fall on the cuts. Inputs are built from `corpora/`.

use std::path::PathBuf;
use std::process::Output;
mod common;
use common::{urlx, urlx_stdin};

/// Plain text with every kind of link across lines, and lines longer than
/// the slack a cut may move to reach a line end (so some cuts fall inside
/// URLs).
fn text() -> Vec<u8> {
    let mut t = common::read("corpora/sample-urls.txt");
    for k in 0..30 {
        t.extend_from_slice(
            format!(
                "see <URL:http://a{k}.example/long/\n   path/{k}> and http://b.example/x-\n\
                 y{k} then www.c{k}.example.org/p?q={k}, a{k}@d.example\n\
                 > <http://quoted.example/a/\n> b/c{k}>http://e.example/{k}(http://f.example/)\n\
                 From the notes: http://g.example/{k}-\n\n"
            )
            .as_bytes(),
        );
        if k % 10 == 3 {
            for j in 0..60 {
                t.extend_from_slice(format!("word{j} http://long{j}.example/x{k} ").as_bytes());
                t.extend(std::iter::repeat_n(b'z', 40));
            }
            t.push(b'\n');
        }
    }
    t
}

/// An mbox of several messages, separators and body lines that start
/// with "From " among them, and multiparts without their boundary lines
/// (warnings with `-v`, each naming a byte of the input).
fn mbox() -> Vec<u8> {
    let one = common::read("corpora/sample.mbox");
    let mut m = Vec::new();
    for k in 0..12 {
        m.extend_from_slice(&one);
        m.extend_from_slice(
            format!(
                "From a{k}@example.org Thu Aug 22 12:36:23 2002\nSubject: n{k}\n\
                 Content-Type: multipart/mixed; boundary=b{k}\n\n\
                 From my point of view http://h{k}.example/ is\nwrapped <http://i{k}.example/a/\n b>\n"
            )
            .as_bytes(),
        );
    }
    m
}

fn input(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("urlx-pieces-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

fn same(a: &Output, b: &Output, what: &str) {
    assert_eq!(
        String::from_utf8_lossy(&a.stdout),
        String::from_utf8_lossy(&b.stdout),
        "stdout: {what}"
    );
    // Warnings (`-v`) name the same bytes of the input.
    assert_eq!(
        String::from_utf8_lossy(&a.stderr),
        String::from_utf8_lossy(&b.stderr),
        "stderr: {what}"
    );
    assert_eq!(a.status.code(), b.status.code(), "status: {what}");
}

/// Whole (one thread), in pieces from the file on 1 and 3 threads, and in
/// pieces from a pipe: the same output.
fn check(path: &PathBuf, opts: &[&str], sizes: &[usize]) {
    let p = path.to_str().unwrap();
    let whole = urlx(&[opts, &["-j1", p]].concat());
    assert!(whole.status.code() == Some(0), "{opts:?}: finds links");
    let bytes = std::fs::read(path).unwrap();
    for &size in sizes {
        let s = size.to_string();
        for j in ["-j1", "-j3"] {
            let o = urlx(&[opts, &["--piece-size", &s, j, p]].concat());
            same(
                &whole,
                &o,
                &format!("{opts:?} {j} pieces of {size} from the file"),
            );
        }
        let o = urlx_stdin(&[opts, &["--piece-size", &s, "-j3", "-"]].concat(), &bytes);
        let mut piped = o.clone();
        piped.stdout = String::from_utf8(o.stdout)
            .unwrap()
            .replace("\"path\":\"<stdin>\"", &format!("\"path\":{p:?}"))
            .into_bytes();
        piped.stderr = String::from_utf8(o.stderr)
            .unwrap()
            .replace("urlx: <stdin>:", &format!("urlx: {p}:"))
            .into_bytes();
        same(
            &whole,
            &piped,
            &format!("{opts:?} pieces of {size} from a pipe"),
        );
    }
}

const OPTIONS: &[&[&str]] = &[
    &[],
    &["-o"],
    &["--json"],
    &["-c"],
    &["--alt"],
    &["--email", "--json"],
    &["-u", "--normalize"],
    &["--join-breaks", "--alt"],
    &["--max-url-len", "30", "--json"],
    &["--max-line-len", "200"],
    &["--verbose", "-c"],
];

#[test]
fn text_in_pieces_is_text_read_whole() {
    let path = input("text.txt", &text());
    for opts in OPTIONS {
        check(&path, opts, &[7, 500]);
    }
    check(&path, &[], &[1, 2, 3, 61, 4097, 1 << 20]);
}

/// Links glued end to end and cut by a small URL cap: which `http` starts
/// a link depends on where the scan started, so most pieces' guesses are
/// out of step and are scanned again when joined.
#[test]
fn pieces_out_of_step_are_scanned_again() {
    let path = input("glued.txt", "http://a.example/".repeat(4000).as_bytes());
    let caps = ["--max-url-len", "24", "--max-wrapper-bytes", "16"];
    check(&path, &[&caps[..], &["--json"]].concat(), &[100, 997, 5000]);
}

#[test]
fn mail_in_pieces_is_mail_read_whole() {
    let path = input("mail.mbox", &mbox());
    for opts in OPTIONS {
        check(&path, opts, &[7, 500]);
    }
    for opts in [&["--mail"][..], &["--no-mail", "--json"]] {
        check(&path, opts, &[1, 3000]);
    }
    check(&path, &["--json"], &[1, 2, 61, 4097, 1 << 20]);
}
