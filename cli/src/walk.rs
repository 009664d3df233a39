//! From the command line's paths to the list of inputs, in order: explicit
//! files as given, folders walked recursively in sorted order with the
//! `ignore` crate (hidden files and `.gitignore` rules as `rg` treats them),
//! `-` for standard input. What a folder's walk passes over (a hidden file, one
//! an ignore rule names, a symbolic link, a FIFO) is named (`Walked::skipped`).

use std::collections::HashSet;
use std::ffi::OsString;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// One thing to read.
pub enum Input {
    Stdin,
    File {
        path: PathBuf,
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
        crate::escape::escaped(&self.display()).into_owned()
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
    crate::escape::escaped(&message).into_owned()
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

/// The inputs of the command line's paths.
pub struct Walked {
    pub inputs: Vec<Input>,
    /// More than one input is possible: paths are printed.
    pub show_path: bool,
    /// A message for every path that cannot be read.
    pub errors: Vec<String>,
    /// A message for every file or folder a folder's walk passed over (a
    /// hidden one, one an ignore rule names, a symbolic link, a FIFO): a
    /// rule the user did not choose must not hide a file unsaid.
    pub skipped: Vec<String>,
}

impl Walked {
    /// Says the paths that cannot be read and those passed over, on
    /// standard error; the number of errors.
    pub fn report(&self) -> u64 {
        for s in &self.skipped {
            eprintln!("urlx: {s}");
        }
        for e in &self.errors {
            eprintln!("urlx: {e}");
        }
        self.errors.len() as u64
    }
}

/// The inputs of `paths`, in order.
pub fn inputs(paths: &[OsString], opts: &Options) -> Walked {
    let mut w = Walked {
        inputs: Vec::new(),
        show_path: paths.len() > 1,
        errors: Vec::new(),
        skipped: Vec::new(),
    };
    if paths.is_empty() {
        if !std::io::stdin().is_terminal() {
            w.inputs.push(Input::Stdin);
            return w;
        }
        w.show_path = true;
        walk(Path::new("."), opts, &mut w);
        return w;
    }
    for p in paths {
        if p == "-" {
            w.inputs.push(Input::Stdin);
            continue;
        }
        let path = PathBuf::from(p);
        match std::fs::metadata(&path) {
            Err(e) => w
                .errors
                .push(shown(format!("{}: {}", display(&path), reason(&e)))),
            Ok(m) if m.is_dir() => {
                w.show_path = true;
                walk(&path, opts, &mut w);
            }
            Ok(m) => w.inputs.push(Input::File {
                path,
                regular: m.is_file(),
            }),
        }
    }
    w
}

fn walk(root: &Path, opts: &Options, w: &mut Walked) {
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
    // What the walk met, to tell what its rules passed over.
    let mut met = HashSet::new();
    let mut special = Vec::new();
    for entry in walker {
        match entry {
            Ok(e) => match e.file_type() {
                Some(t) if t.is_file() => files.push(e.into_path()),
                // The root too, when it is a link to a folder.
                Some(t) if t.is_dir() || e.depth() == 0 => {
                    met.insert(e.into_path());
                }
                Some(t) => special.push((e.into_path(), t.is_symlink())),
                None => {}
            },
            Err(e) => w.errors.push(shown(walk_error(&e))),
        }
    }
    files.sort_unstable();
    special.sort_unstable();
    for (path, link) in special {
        let why = if link {
            "symbolic link skipped: not followed in folders (name it to read it)"
        } else {
            "special file (FIFO, socket, device) skipped in folders (name it to read it)"
        };
        w.skipped.push(shown(format!("{}: {why}", display(&path))));
    }
    if !(opts.hidden && opts.no_ignore) {
        met.extend(files.iter().cloned());
        passed_over(root, opts, met, &mut w.skipped);
    }
    w.inputs.extend(files.into_iter().map(|path| Input::File {
        path,
        regular: true,
    }));
}

/// The files and folders under `root` that the hidden and ignore rules
/// passed over (a folder once, not what it holds), found by a walk
/// without the rules that stops wherever the walk with them did not go.
// PERF: the second walk reads every folder again: 20,000 small files in
// 200 folders, debug build, `urlx -c -j1 DIR`: 0.22 s, against 0.13 s with
// --hidden --no-ignore (no rules, no second walk).
fn passed_over(root: &Path, opts: &Options, met: HashSet<PathBuf>, skipped: &mut Vec<String>) {
    let met = Arc::new(met);
    let found = Arc::new(Mutex::new(Vec::new()));
    let (m, f) = (Arc::clone(&met), Arc::clone(&found));
    let walker = ignore::WalkBuilder::new(root)
        .standard_filters(false)
        .filter_entry(move |e| {
            let path = e.path();
            // The walk with rules met this one, or left it out as a
            // symbolic link or a FIFO (said above).
            let kept =
                m.contains(path) || !e.file_type().is_some_and(|t| t.is_file() || t.is_dir());
            if !kept {
                let dir = e.file_type().is_some_and(|t| t.is_dir());
                if let Ok(mut f) = f.lock() {
                    f.push((path.to_path_buf(), dir));
                }
            }
            kept
        })
        .build();
    // Its errors are the first walk's, said already.
    for _ in walker {}
    let mut found = found
        .lock()
        .map(|mut f| std::mem::take(&mut *f))
        .unwrap_or_default();
    found.sort_unstable();
    for (path, dir) in found {
        let what = if dir { "folder" } else { "file" };
        let hidden = path
            .file_name()
            .is_some_and(|n| n.as_encoded_bytes().starts_with(b"."));
        let why = if hidden && !opts.hidden {
            format!("hidden {what} skipped (--hidden reads it)")
        } else {
            format!("{what} skipped by an ignore rule (.gitignore, .ignore; --no-ignore reads it)")
        };
        skipped.push(shown(format!("{}: {why}", display(&path))));
    }
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
