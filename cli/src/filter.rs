//! The filter flags (`-e`, `-f`, `-F`, `-i`, `--host`, `--host-file`,
//! `-v`, `--scheme`, `--form`) and the choice of header fields' links
//! (`--no-headers`, `--headers-only`) as one decision for every link,
//! built once and shared by all threads.

use std::io::Read;
use std::path::Path;

use urlx::filter::{Filter, FilterError};
use urlx::mail::Source;

use crate::flags::FilterArgs;
use crate::walk::{display, reason};

/// Which of a message's links: its header fields', its body's, or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Headers {
    Both,
    Body,
    Only,
}

/// The links to keep.
#[derive(Debug)]
pub struct Keep {
    pub filter: Filter,
    pub headers: Headers,
}

impl Keep {
    /// Builds the filter, reading the pattern and host files. The error
    /// names the file and line of a bad entry.
    pub fn from_args(a: &FilterArgs, headers: Headers) -> Result<Keep, String> {
        let mut b = Filter::builder();
        // The files' lines, kept to name the file and line of a bad entry.
        let mut pattern_files = Vec::new();
        let mut host_files = Vec::new();
        if !a.regexp.is_empty() || !a.file.is_empty() {
            b.patterns(a.regexp.iter().cloned());
            for f in &a.file {
                let text = read_text(f)?;
                b.patterns(lines(&text));
                pattern_files.push((f, text));
            }
        }
        if !a.host.is_empty() || !a.host_file.is_empty() {
            b.hosts(a.host.iter().cloned());
            for f in &a.host_file {
                let text = read_text(f)?;
                // Collected first, so that the set is sized once.
                let entries: Vec<&str> = lines(&text).filter_map(host_entry).collect();
                b.hosts(entries);
                host_files.push((f, text));
            }
        }
        b.fixed_strings(a.fixed_strings)
            .case_insensitive(a.ignore_case)
            .invert(a.invert_match)
            .schemes(a.scheme.iter().cloned())
            .forms(a.form.iter().copied());
        let filter = b.build().map_err(|e| match &e {
            FilterError::Pattern {
                pattern: Some(p), ..
            } => located(&pattern_files, |l| l == p, &e),
            FilterError::Host { entry, .. } => {
                located(&host_files, |l| host_entry(l) == Some(entry), &e)
            }
            FilterError::NothingToInvert => {
                "--invert-match (-v) inverts -e, -f and --host: give one of them".into()
            }
            _ => e.to_string(),
        })?;
        Ok(Keep { filter, headers })
    }

    /// Whether to keep a link of plain text (which has no header fields).
    /// The linkifier's filter of a text's links: None when it keeps
    /// every link.
    pub fn for_linkify(self: &std::sync::Arc<Self>) -> Option<urlx::linkify::Keep> {
        let keep = std::sync::Arc::clone(self);
        (!keep.filter.keeps_all()).then(|| {
            std::sync::Arc::new(move |l: &urlx::Link<'_>| keep.text(l)) as urlx::linkify::Keep
        })
    }

    pub fn text(&self, l: &urlx::Link<'_>) -> bool {
        self.headers != Headers::Only && self.filter.keeps(l)
    }

    /// Whether to keep a link of a message, found in `source`.
    pub fn mail(&self, l: &urlx::Link<'_>, source: Source) -> bool {
        let header = matches!(source, Source::Header | Source::Field);
        let wanted = match self.headers {
            Headers::Both => true,
            Headers::Body => !header,
            Headers::Only => header,
        };
        wanted && self.filter.keeps(l)
    }
}

/// The error, prefixed with the file and line of the first line `is`
/// picks out (none when the entry came from the command line).
fn located(
    files: &[(&std::path::PathBuf, String)],
    is: impl Fn(&str) -> bool,
    e: &FilterError,
) -> String {
    for (f, text) in files {
        if let Some(n) = lines(text).position(&is) {
            return format!("{}:{}: {e}", display(f), n + 1);
        }
    }
    e.to_string()
}

/// A host file's line as a domain: `None` for a blank line or a comment.
/// A hosts-file line (`0.0.0.0 example.com`), as blocklists are written,
/// gives its name.
fn host_entry(line: &str) -> Option<&str> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return None;
    }
    if !line.contains([' ', '\t']) {
        return Some(line);
    }
    let mut words = line.split_whitespace();
    let first = words.next()?;
    match (words.next(), words.next()) {
        (Some(name), None) if matches!(first, "0.0.0.0" | "127.0.0.1" | "::" | "::1") => Some(name),
        // Anything else, whole: the filter says what is wrong with it.
        _ => Some(line),
    }
}

/// A pattern or host file ("-": standard input), which must be UTF-8.
fn read_text(path: &Path) -> Result<String, String> {
    let r = if path == Path::new("-") {
        let mut bytes = Vec::new();
        std::io::stdin()
            .lock()
            .read_to_end(&mut bytes)
            .map(|_| bytes)
    } else {
        // Sized from the file's length: a list of 100,000 lines is read
        // without regrowing.
        std::fs::read(path)
    };
    let name = display(path);
    let bytes = r.map_err(|e| format!("{name}: {}", reason(&e)))?;
    String::from_utf8(bytes).map_err(|e| {
        let line = 1 + e.as_bytes()[..e.utf8_error().valid_up_to()]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        format!("{name}:{line}: not UTF-8")
    })
}

/// The lines of a file's text, without their line ends (LF or CRLF).
fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines().map(|l| l.strip_suffix('\r').unwrap_or(l))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_lines() {
        assert_eq!(host_entry("  # a comment"), None);
        assert_eq!(host_entry(""), None);
        assert_eq!(host_entry(" kernel.org "), Some("kernel.org"));
        assert_eq!(host_entry("0.0.0.0 ads.example"), Some("ads.example"));
        assert_eq!(host_entry("a b"), Some("a b"));
    }
}
