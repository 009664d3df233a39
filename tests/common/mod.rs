//! Helpers the integration tests share: the default finder's URLs, and the
//! `urlx` binary run with arguments and, optionally, standard input.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// The URLs the default finder reports in `text`.
#[track_caller]
pub fn urls(text: &str) -> Vec<String> {
    urlx::find(text).map(|l| l.as_str().to_owned()).collect()
}

/// Asserts the URLs of `text`.
#[track_caller]
pub fn expect(text: &str, want: &[&str]) {
    assert_eq!(urls(text), want, "in {text:?}");
}

/// Runs `urlx` with `args` (standard input closed).
pub fn urlx(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_urlx"))
        .args(args)
        .output()
        .expect("run urlx")
}

/// Runs `urlx` with `args`, writing `input` to its standard input.
pub fn urlx_stdin(args: &[&str], input: impl AsRef<[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_urlx"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run urlx");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_ref())
        .unwrap();
    child.wait_with_output().unwrap()
}
