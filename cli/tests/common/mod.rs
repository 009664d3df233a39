//! Helpers the command's tests share: the `urlx` binary run from the
//! repository's root (so that `corpora/...` names the same files as in the
//! library's tests) with arguments and, optionally, standard input.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The repository's root, the folder that holds `corpora/`.
pub fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

/// A file of the repository, by its path from the root.
pub fn repo_file(rel: &str) -> PathBuf {
    root().join(rel)
}

/// Reads a file of the repository; a missing one is a failure.
pub fn read(rel: &str) -> Vec<u8> {
    let p = repo_file(rel);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Runs `urlx` in the repository's root with `args` (standard input
/// closed).
pub fn urlx(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_urlx"))
        .current_dir(root())
        .args(args)
        .output()
        .expect("run urlx")
}

/// Runs `urlx` in the repository's root with `args`, writing `input` to
/// its standard input (from a thread of its own, so that a large input
/// and a large output do not wait on each other).
/// Runs the command in the folder `dir`.
pub fn urlx_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_urlx"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run urlx")
}

pub fn urlx_stdin(args: &[&str], input: impl AsRef<[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_urlx"))
        .current_dir(root())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run urlx");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.as_ref().to_vec();
    // urlx may stop reading early (a closed output, an error): a broken
    // pipe here is no failure.
    let feed = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    feed.join().unwrap();
    out
}

/// A folder under the system's temporary folder, removed when dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        let p = std::env::temp_dir().join(format!("urlx-test-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        TempDir(p)
    }

    pub fn file(&self, rel: &str, content: &[u8]) -> PathBuf {
        let p = self.0.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, content).unwrap();
        p
    }

    pub fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
