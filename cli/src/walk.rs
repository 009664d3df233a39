//! From the command line's paths to the list of inputs, in order: explicit
//! files as given, folders walked recursively in sorted order with the
//! `ignore` crate (hidden files and `.gitignore` rules as `rg` treats them),
//! `-` for standard input.

use std::ffi::OsString;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

/// One thing to read.
pub enum Input {
    Stdin,
    File {
        path: PathBuf,
        /// Named on the command line (a binary file named so is reported).
        explicit: bool,
        /// A regular file (else a FIFO or a device: streamed, and never
        /// opened just to look at it, which would take a FIFO's data).
        regular: bool,
    },
}

impl Input {
    pub fn display(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".to_owned(),
            Input::File { path, .. } => display(path),
        }
    }
}

/// An I/O error in words, without Rust's "(os error N)" suffix.
pub fn reason(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_owned(),
        None => s,
    }
}

/// A path as printed: lossy for names that are not UTF-8, without a
/// leading `./`.
pub fn display(p: &Path) -> String {
    let s = p.to_string_lossy();
    s.strip_prefix("./").unwrap_or(&s).to_owned()
}

pub struct Options {
    pub hidden: bool,
    pub no_ignore: bool,
}

/// The inputs, whether paths should be printed (more than one input is
/// possible), and an error message for every path that cannot be read.
pub fn inputs(paths: &[OsString], opts: &Options) -> (Vec<Input>, bool, Vec<String>) {
    let mut out = Vec::new();
    let mut errors = Vec::new();
    let mut show_path = paths.len() > 1;
    if paths.is_empty() {
        if !std::io::stdin().is_terminal() {
            return (vec![Input::Stdin], false, errors);
        }
        walk(Path::new("."), opts, &mut out, &mut errors);
        return (out, true, errors);
    }
    for p in paths {
        if p == "-" {
            out.push(Input::Stdin);
            continue;
        }
        let path = PathBuf::from(p);
        match std::fs::metadata(&path) {
            Err(e) => errors.push(format!("{}: {}", display(&path), reason(&e))),
            Ok(m) if m.is_dir() => {
                show_path = true;
                walk(&path, opts, &mut out, &mut errors);
            }
            Ok(m) => out.push(Input::File {
                path,
                explicit: true,
                regular: m.is_file(),
            }),
        }
    }
    (out, show_path, errors)
}

fn walk(root: &Path, opts: &Options, out: &mut Vec<Input>, errors: &mut Vec<String>) {
    let on = !opts.no_ignore;
    let walker = ignore::WalkBuilder::new(root)
        .hidden(!opts.hidden)
        .ignore(on)
        .git_ignore(on)
        .git_exclude(on)
        .git_global(on)
        .parents(on)
        .build();
    // Sorted once at the end: sorting each folder's entries in the walker
    // compares file names that it rebuilds for every comparison.
    let mut files = Vec::new();
    for entry in walker {
        match entry {
            Ok(e) => {
                if e.file_type().is_some_and(|t| t.is_file()) {
                    files.push(e.into_path());
                }
            }
            Err(e) => errors.push(e.to_string()),
        }
    }
    files.sort_unstable();
    out.extend(files.into_iter().map(|path| Input::File {
        path,
        explicit: false,
        regular: true,
    }));
}
