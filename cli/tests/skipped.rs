//! Every input the command passes over is named on standard error with
//! the reason and the flag that reads it: a binary file wherever it is, a
//! hidden file or folder, one an ignore rule names, a symbolic link or a
//! FIFO met in a folder, a file too large to read. None is silent (C-S8:
//! no input stops the others, and none is dropped unsaid).

use std::process::{Command, Output};

mod common;
use common::{urlx_in, TempDir};

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn a_binary_file_in_a_folder_is_named() {
    let d = TempDir::new("binary");
    d.file(
        "docs/blob.bin",
        b"\x7fELF\0\0\0 http://in-binary.example/\n",
    );
    d.file("docs/text.txt", b"http://text.example/\n");
    let o = urlx_in(&d.0, &["-o", "docs"]);
    assert_eq!(out(&o), "http://text.example/\n");
    assert!(
        err(&o).contains("urlx: docs/blob.bin: binary file skipped (--binary reads it)"),
        "{}",
        err(&o)
    );
    // Named, not an error: the exit status is the links'.
    assert_eq!(o.status.code(), Some(0));
    let o = urlx_in(&d.0, &["-o", "--binary", "docs"]);
    assert!(out(&o).contains("http://in-binary.example/"), "{}", out(&o));
    assert!(!err(&o).contains("skipped"), "{}", err(&o));
}

#[test]
fn hidden_files_and_folders_are_named_once_each() {
    let d = TempDir::new("hidden");
    d.file("notes.txt", b"http://seen.example/\n");
    d.file(".secret.txt", b"http://hidden-file.example/\n");
    d.file(".stash/a.txt", b"http://hidden-folder.example/\n");
    d.file(".stash/b.txt", b"http://hidden-folder.example/b\n");
    let o = urlx_in(&d.0, &["-o", "."]);
    assert_eq!(out(&o), "http://seen.example/\n");
    let e = err(&o);
    assert!(
        e.contains("urlx: .secret.txt: hidden file skipped (--hidden reads it)"),
        "{e}"
    );
    assert!(
        e.contains("urlx: .stash: hidden folder skipped (--hidden reads it)"),
        "{e}"
    );
    // The folder is named, not each file in it.
    assert!(!e.contains("a.txt"), "{e}");
    assert_eq!(o.status.code(), Some(0));
    let o = urlx_in(&d.0, &["-o", "--hidden", "."]);
    assert!(
        out(&o).contains("http://hidden-folder.example/b"),
        "{}",
        out(&o)
    );
    assert!(err(&o).is_empty(), "{}", err(&o));
}

#[test]
fn files_an_ignore_rule_names_are_named() {
    let d = TempDir::new("ignored");
    d.file("keep.txt", b"http://kept.example/\n");
    d.file("debug.log", b"http://ignored-file.example/\n");
    d.file("build/out.txt", b"http://ignored-folder.example/\n");
    d.file(".ignore", b"*.log\nbuild/\n");
    let o = urlx_in(&d.0, &["-o", "--hidden", "."]);
    assert_eq!(out(&o), "http://kept.example/\n");
    let e = err(&o);
    assert!(
        e.contains(
            "urlx: debug.log: file skipped by an ignore rule (.gitignore, .ignore; --no-ignore reads it)"
        ),
        "{e}"
    );
    assert!(
        e.contains("urlx: build: folder skipped by an ignore rule"),
        "{e}"
    );
    assert!(!e.contains("out.txt"), "{e}");
    let o = urlx_in(&d.0, &["-o", "--hidden", "--no-ignore", "."]);
    assert!(
        out(&o).contains("http://ignored-folder.example/"),
        "{}",
        out(&o)
    );
    assert!(err(&o).is_empty(), "{}", err(&o));
}

#[test]
fn the_renderers_name_what_the_walk_passed_over_too() {
    let d = TempDir::new("render");
    d.file("page.txt", b"http://seen.example/\n");
    d.file(".hidden.txt", b"http://hidden.example/\n");
    for args in [
        &["--html", "."][..],
        &["--hyperlink", "."],
        &["--in", "html", "."],
    ] {
        let o = urlx_in(&d.0, args);
        assert!(
            err(&o).contains(".hidden.txt: hidden file skipped (--hidden reads it)"),
            "{args:?}: {}",
            err(&o)
        );
    }
}

#[cfg(unix)]
#[test]
fn links_and_fifos_in_a_folder_are_named() {
    let d = TempDir::new("special");
    let target = d.file("real.txt", b"http://real.example/\n");
    std::os::unix::fs::symlink(&target, d.0.join("link.txt")).unwrap();
    let fifo = d.0.join("pipe");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let o = urlx_in(&d.0, &["-o", "."]);
    assert_eq!(out(&o), "http://real.example/\n");
    let e = err(&o);
    assert!(
        e.contains(
            "urlx: link.txt: symbolic link skipped: not followed in folders (name it to read it)"
        ),
        "{e}"
    );
    assert!(
        e.contains("urlx: pipe: special file (FIFO, socket, device) skipped in folders"),
        "{e}"
    );
    // Named on the command line, the link is read.
    let o = urlx_in(&d.0, &["-o", "link.txt"]);
    assert_eq!(out(&o), "http://real.example/\n");
}

#[cfg(feature = "pick")]
#[test]
fn a_file_too_large_to_read_is_named() {
    let d = TempDir::new("large");
    d.file(
        "msg.eml",
        b"Subject: x\n\nhttp://a.example/ and some more text\n",
    );
    // The picker refuses an input past its --max-message, named, before it
    // needs a terminal.
    let o = urlx_in(&d.0, &["pick", "--max-message", "10", "msg.eml"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err(&o).contains("urlx: msg.eml: larger than --max-message (10 bytes): not read"),
        "{}",
        err(&o)
    );
}
