//! Bad input gets a clear result, never a panic or a hang: a
//! FIFO, devices, a symlink loop, a dangling symlink, invalid UTF-8 and NUL
//! bytes next to URLs, a file truncated mid-message.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn urlx(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_urlx"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run urlx")
}

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("urlx-robust-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn a_fifo_is_read_as_a_stream() {
    let d = tmp("fifo");
    let fifo = d.join("pipe");
    let st = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("run mkfifo");
    assert!(st.success(), "mkfifo {} failed", fifo.display());
    let f2 = fifo.clone();
    let writer = std::thread::spawn(move || {
        let mut w = std::fs::OpenOptions::new().write(true).open(&f2).unwrap();
        w.write_all(b"through a pipe: http://fifo.example/x\n")
            .unwrap();
    });
    // Never hang the suite: the command gets 30 seconds.
    let mut child = Command::new(env!("CARGO_BIN_EXE_urlx"))
        .args(["-o", fifo.to_str().unwrap()])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > std::time::Duration::from_secs(30) {
            child.kill().unwrap();
            panic!("urlx hung on a FIFO");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let o = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "http://fifo.example/x\n"
    );
    assert_eq!(o.status.code(), Some(0));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn devices_end_or_are_skipped() {
    // Empty: nothing found, no error.
    let o = urlx(&["/dev/null"]);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    // Endless zeros: binary at the first block, skipped with a message.
    let o = urlx(&["/dev/zero"]);
    assert_eq!(o.status.code(), Some(1), "{}", err(&o));
    assert!(
        err(&o).contains("/dev/zero: binary file skipped"),
        "{}",
        err(&o)
    );
}

#[test]
fn symlink_loop_and_dangling_link_are_named() {
    let d = tmp("links");
    let (a, b) = (d.join("a"), d.join("b"));
    std::os::unix::fs::symlink(&b, &a).unwrap();
    std::os::unix::fs::symlink(&a, &b).unwrap();
    let gone = d.join("gone");
    std::os::unix::fs::symlink(d.join("nothing-here"), &gone).unwrap();
    let ok = d.join("ok.txt");
    std::fs::write(&ok, b"http://ok.example/\n").unwrap();
    let o = urlx(&[
        "-o",
        a.to_str().unwrap(),
        gone.to_str().unwrap(),
        ok.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let e = err(&o);
    assert!(
        e.contains(&format!(
            "{}: Too many levels of symbolic links",
            a.display()
        )),
        "{e}"
    );
    assert!(
        e.contains(&format!("{}: No such file or directory", gone.display())),
        "{e}"
    );
    assert_eq!(String::from_utf8_lossy(&o.stdout), "http://ok.example/\n");
    // Walking the folder does not follow links, so no loop.
    let o = urlx(&["-o", d.to_str().unwrap()]);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "http://ok.example/\n");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn invalid_utf8_and_nul_never_hide_a_url() {
    let d = tmp("bytes");
    let p = d.join("mixed.txt");
    std::fs::write(
        &p,
        b"\xff\xfe http://a.example/x\xffy \xc3( <http://b.example/> \xe2\x82 http://c.example/\n",
    )
    .unwrap();
    let o = urlx(&["-o", p.to_str().unwrap()]);
    // The invalid byte cuts the first URL, which is marked so.
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "http://a.example/x [truncated]\nhttp://b.example/\nhttp://c.example/\n"
    );
    // NUL past the first block: text, read.
    let mut late = vec![b'x'; 9000];
    late.extend_from_slice(b"\0 http://late-nul.example/\n");
    let q = d.join("late.txt");
    std::fs::write(&q, &late).unwrap();
    let o = urlx(&["-o", q.to_str().unwrap()]);
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "http://late-nul.example/\n"
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn truncated_mbox_is_read_to_its_end() {
    let d = tmp("trunc");
    let p = d.join("cut.mbox");
    std::fs::write(&p, b"From a@x Mon Jan  1 00:00:00 2024\nContent-Type: multipart/mixed; boundary=q\n\n--q\nContent-Transfer-Encoding: quoted-printable\n\nhttp://one.example/?a=3D1\n--q\nContent-Transfer-Encoding: base64\n\naHR0cDovL3R3by5leGFt").unwrap();
    let o = urlx(&["-o", "--verbose", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "http://one.example/?a=1\nhttp://two.exam\n"
    );
    assert!(err(&o).contains("not closed"), "{}", err(&o));
    let _ = std::fs::remove_dir_all(&d);
}

/// A file that shrinks while it is read, and files that vanish while a
/// folder is scanned: whatever the timing, no panic, no hang, and every
/// error names its path.
#[test]
fn files_that_change_or_vanish_during_the_scan() {
    let d = tmp("vanish");
    let big = d.join("big.txt");
    let line = b"see http://shrink.example/a/b/c and more text here\n";
    let body: Vec<u8> = line.iter().copied().cycle().take(20 << 20).collect();
    std::fs::write(&big, &body).unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_urlx"))
        .args(["-c", big.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(5));
    std::fs::OpenOptions::new()
        .write(true)
        .open(&big)
        .unwrap()
        .set_len(1000)
        .unwrap();
    let o = child.wait_with_output().unwrap();
    assert!(!err(&o).contains("panicked"), "{}", err(&o));
    // The scan may end before the file shrinks; a scan that sees it shrink
    // names the file and says so, and the exit status says an error.
    match o.status.code() {
        Some(0 | 1) => {}
        Some(2) => assert!(err(&o).contains("big.txt: the file shrank"), "{o:?}"),
        _ => panic!("{o:?}"),
    }

    let many = d.join("many");
    std::fs::create_dir_all(&many).unwrap();
    for i in 0..2000 {
        std::fs::write(
            many.join(format!("f{i:04}.txt")),
            b"http://vanish.example/\n",
        )
        .unwrap();
    }
    let child = Command::new(env!("CARGO_BIN_EXE_urlx"))
        .args(["-c", many.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    for i in (0..2000).rev() {
        let _ = std::fs::remove_file(many.join(format!("f{i:04}.txt")));
    }
    let o = child.wait_with_output().unwrap();
    let e = err(&o);
    assert!(!e.contains("panicked"), "{e}");
    assert!(matches!(o.status.code(), Some(0..=2)), "{o:?}");
    for l in e.lines() {
        assert!(
            l.starts_with("urlx: ") && l.contains("f") && l.contains(": "),
            "{l}"
        );
    }
    if o.status.code() == Some(2) {
        assert!(e.contains("No such file or directory"), "{e}");
    }
    let _ = std::fs::remove_dir_all(&d);
}
