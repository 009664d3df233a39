//! Renders links in the chosen output mode: `path:line:url` lines, URLs
//! only, JSON Lines (CONTRACT C-O3) or counts; applies `--unique` across
//! all input, in input order.

use std::collections::HashSet;

use serde::Serialize;

use super::output::Out;

/// A link as the command keeps it between the worker that found it and the
/// printer.
pub struct Rec {
    pub line: u64,
    pub column: u64,
    pub start: u64,
    pub end: u64,
    pub url: String,
    pub form: urlx::Form,
    pub alt: Option<String>,
    pub truncated: bool,
    /// The message the link is in (mail input).
    pub message: Option<std::sync::Arc<urlx::mail::Info>>,
}

impl Rec {
    pub fn from_link(l: &urlx::Link<'_>, offset: u64) -> Rec {
        Rec {
            line: l.line(),
            column: l.column(),
            start: l.start() as u64 + offset,
            end: l.end() as u64 + offset,
            url: l.as_str().to_owned(),
            form: l.form(),
            alt: l.alt().map(str::to_owned),
            truncated: l.is_truncated(),
            message: None,
        }
    }
}

impl Rec {
    /// [`Rec::from_link`] for a link whose URL it can take.
    pub fn from_owned_link(l: urlx::Link<'static>, offset: u64) -> Rec {
        Rec {
            line: l.line(),
            column: l.column(),
            start: l.start() as u64 + offset,
            end: l.end() as u64 + offset,
            form: l.form(),
            alt: l.alt().map(str::to_owned),
            truncated: l.is_truncated(),
            message: None,
            url: l.into_url().into_owned(),
        }
    }
}

/// Where links come from: a file (or standard input), or a member of an
/// archive, shown as `archive:member`.
#[derive(Clone, Debug)]
pub struct Source {
    /// As printed before each link's line.
    pub shown: String,
    pub path: String,
    pub member: Option<String>,
}

impl Source {
    pub fn file(path: String) -> Source {
        Source {
            shown: path.clone(),
            path,
            member: None,
        }
    }

    /// A member of this source (an archive). Its name is the archive's
    /// to choose: shown with its control characters escaped (`\u{1b}`), so
    /// that it can neither drive a terminal nor forge an output line;
    /// `--json` has it as it is, JSON-escaped.
    #[cfg_attr(not(feature = "compressed"), allow(dead_code))]
    pub fn member(&self, name: &str) -> Source {
        let member = match &self.member {
            Some(outer) => format!("{outer}:{name}"),
            None => name.to_owned(),
        };
        let mut shown = format!("{}:", self.path);
        for c in member.chars() {
            if c.is_control() {
                shown.extend(c.escape_unicode());
            } else {
                shown.push(c);
            }
        }
        Source {
            shown,
            path: self.path.clone(),
            member: Some(member),
        }
    }
}

/// What each link prints as.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Lines,
    OnlyUrl,
    Json,
    Count,
}

pub struct Printer {
    pub mode: Mode,
    pub show_path: bool,
    pub color: bool,
    pub alt: bool,
    pub normalize: bool,
    pub term: u8,
    pub unique: Option<HashSet<String>>,
    /// Links printed (or counted), for the exit status and --stats.
    pub printed: u64,
    /// The line being written, reused.
    pub buf: String,
}

const PATH: &str = "\x1b[35m";
const LINE: &str = "\x1b[32m";
const URL: &str = "\x1b[1;31m";
const RESET: &str = "\x1b[0m";

impl Printer {
    /// Prints the links of one input; returns `false` once the reader of
    /// our output has gone away.
    pub fn file(&mut self, out: &mut Out, src: &Source, recs: &[Rec]) -> std::io::Result<bool> {
        let mut n = 0u64;
        for r in recs {
            match self.one(out, src, r)? {
                None => return Ok(false),
                Some(true) => n += 1,
                Some(false) => {}
            }
        }
        self.end_file(out, src, n)
    }

    /// After a file's links in count mode: its count.
    pub fn end_file(&mut self, out: &mut Out, src: &Source, n: u64) -> std::io::Result<bool> {
        if self.mode != Mode::Count || n == 0 {
            return Ok(true);
        }
        let path = &src.shown;
        // An archive's members are told apart by name, even when the
        // archive is the only input.
        let s = if self.show_path || src.member.is_some() {
            if self.color {
                format!("{PATH}{path}{RESET}:{n}")
            } else {
                format!("{path}:{n}")
            }
        } else {
            n.to_string()
        };
        out.record(s.as_bytes(), self.term)
    }

    /// Prints one link. `None` when the reader has gone away, else whether
    /// the link counted (`--unique` drops repeats).
    pub fn one(&mut self, out: &mut Out, src: &Source, r: &Rec) -> std::io::Result<Option<bool>> {
        if let Some(seen) = &mut self.unique {
            if !seen.insert(r.url.clone()) {
                return Ok(Some(false));
            }
        }
        self.printed += 1;
        if self.mode == Mode::Count {
            return Ok(Some(true));
        }
        // Parsed once, for the JSON fields and the normalized form.
        let uri = if self.normalize || self.mode == Mode::Json {
            urlx::uri::parse_link(&r.url).ok()
        } else {
            None
        };
        let normalized = if self.normalize {
            uri.as_ref().map(|u| u.normalize().into_string())
        } else {
            None
        };
        let open = if self.mode == Mode::Json {
            let rec = self.json(src, r, uri.as_ref(), normalized.as_deref());
            out.json(&rec, self.term)?
        } else {
            let url = normalized.as_deref().unwrap_or(&r.url);
            self.plain(src, r.line, url);
            let mut ok = out.record(self.buf.as_bytes(), self.term)?;
            if ok && self.alt {
                if let Some(a) = &r.alt {
                    self.plain(src, r.line, a);
                    ok = out.record(self.buf.as_bytes(), self.term)?;
                }
            }
            ok
        };
        Ok(open.then_some(true))
    }

    /// Writes `path:line:url` (or the URL alone) into `self.buf`.
    fn plain(&mut self, src: &Source, line: u64, url: &str) {
        use std::fmt::Write;
        let color = self.color;
        let lines = self.mode == Mode::Lines;
        let show_path = self.show_path || src.member.is_some();
        let path = &src.shown;
        let b = &mut self.buf;
        b.clear();
        if lines {
            if show_path {
                if color {
                    let _ = write!(b, "{PATH}{path}{RESET}:");
                } else {
                    b.push_str(path);
                    b.push(':');
                }
            }
            if color {
                let _ = write!(b, "{LINE}{line}{RESET}:");
            } else {
                let _ = write!(b, "{line}:");
            }
        }
        if color {
            let _ = write!(b, "{URL}{url}{RESET}");
        } else {
            b.push_str(url);
        }
    }

    fn json<'a>(
        &self,
        src: &'a Source,
        r: &'a Rec,
        uri: Option<&urlx::Uri<'a>>,
        normalized: Option<&'a str>,
    ) -> Record<'a> {
        let m = r.message.as_deref();
        Record {
            path: &src.path,
            member: src.member.as_deref(),
            line: r.line,
            column: r.column,
            start: r.start,
            end: r.end,
            url: &r.url,
            form: r.form.as_str(),
            alt: r.alt.as_deref(),
            scheme: uri.and_then(|u| u.scheme()),
            host: uri.and_then(|u| u.host()),
            normalized: self.normalize.then_some(normalized),
            truncated: r.truncated,
            message_id: m.map(|m| m.message_id.as_deref()),
            subject: m.map(|m| m.subject.as_deref()),
            date: m.map(|m| m.date.as_deref()),
        }
    }
}

/// One link's `--json` object, fields in output order. `normalized` is
/// there with `--normalize`, `truncated` only when true, and the message
/// fields in mail input; each of those is `null` when the link has none.
#[derive(Serialize)]
struct Record<'a> {
    path: &'a str,
    /// The archive member, when the link is in one.
    #[serde(skip_serializing_if = "Option::is_none")]
    member: Option<&'a str>,
    line: u64,
    column: u64,
    start: u64,
    end: u64,
    url: &'a str,
    form: &'a str,
    alt: Option<&'a str>,
    scheme: Option<&'a str>,
    host: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    normalized: Option<Option<&'a str>>,
    #[serde(skip_serializing_if = "is_false")]
    truncated: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    message_id: Option<Option<&'a str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    subject: Option<Option<&'a str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    date: Option<Option<&'a str>>,
}

fn is_false(b: &bool) -> bool {
    !*b
}
