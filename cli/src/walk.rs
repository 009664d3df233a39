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
    /// Its name as `--json` gives it.
    pub fn display(&self) -> String {
        match self {
            Input::Stdin => "<stdin>".to_owned(),
            Input::File { path, .. } => display(path),
        }
    }

    /// Its name as stderr and the other outputs show it: escaped.
    pub fn shown(&self) -> String {
        crate::printer::escaped(&self.display()).into_owned()
    }

    /// Opens it to be read as a stream.
    pub fn open(&self) -> std::io::Result<Box<dyn std::io::Read>> {
        match self {
            Input::Stdin => Ok(Box::new(std::io::stdin().lock())),
            Input::File { path, .. } => Ok(Box::new(std::fs::File::open(path)?)),
        }
    }
}

/// An error that names a path, as stderr shows it (escaped).
fn shown(message: String) -> String {
    crate::printer::escaped(&message).into_owned()
}

/// An I/O error in words, without Rust's "(os error N)" suffix.
pub fn reason(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_owned(),
        None => s,
    }
}

/// An error of the folder walk, as `PATH: reason`: the walker's own text
/// says the path twice (`PATH: IO error for operation on PATH: ...`).
fn walk_error(e: &ignore::Error) -> String {
    match e {
        ignore::Error::WithPath { path, err } => format!("{}: {}", display(path), cause(err)),
        ignore::Error::WithDepth { err, .. } => walk_error(err),
        ignore::Error::Loop { ancestor, child } => format!(
            "{}: a symbolic link loop back to {}",
            display(child),
            display(ancestor)
        ),
        ignore::Error::Partial(errs) => errs.iter().map(walk_error).collect::<Vec<_>>().join("; "),
        e => cause(e),
    }
}

/// The reason alone: the innermost I/O error's text, without the path the
/// outer errors repeat.
fn cause(e: &ignore::Error) -> String {
    match e {
        ignore::Error::WithDepth { err, .. } => cause(err),
        ignore::Error::WithPath { err, .. } => cause(err),
        ignore::Error::Io(io) => {
            let mut inner: &(dyn std::error::Error + 'static) = io;
            let mut last_io = io;
            while let Some(next) = inner.source() {
                if let Some(i) = next.downcast_ref::<std::io::Error>() {
                    last_io = i;
                }
                inner = next;
            }
            reason(last_io)
        }
        e => e.to_string(),
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
            Err(e) => errors.push(shown(format!("{}: {}", display(&path), reason(&e)))),
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
            Err(e) => errors.push(shown(walk_error(&e))),
        }
    }
    files.sort_unstable();
    out.extend(files.into_iter().map(|path| Input::File {
        path,
        explicit: false,
        regular: true,
    }));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the walker's error for an unreadable folder looks like.
    #[derive(Debug)]
    struct WalkdirLike(std::io::Error);

    impl std::fmt::Display for WalkdirLike {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "IO error for operation on /m/x: {}", self.0)
        }
    }

    impl std::error::Error for WalkdirLike {
        fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
            Some(&self.0)
        }
    }

    #[test]
    fn a_walk_error_names_its_path_once() {
        let io = std::io::Error::other(WalkdirLike(std::io::Error::from_raw_os_error(13)));
        let e = ignore::Error::WithPath {
            path: "/m/x".into(),
            err: Box::new(ignore::Error::WithDepth {
                depth: 1,
                err: Box::new(ignore::Error::Io(io)),
            }),
        };
        assert_eq!(walk_error(&e), "/m/x: Permission denied");
    }
}
