//! Renders links in the chosen output mode: `path:line:url` lines, URLs
//! only, JSON Lines (rule C-O3) or counts; applies `--unique` across
//! all input, in input order.

use std::borrow::Cow;
use std::collections::HashSet;

use serde::Serialize;

use super::escape::escaped;
use super::output::Out;
use super::template::{Field, Template};

/// The fields of a message, shared by its records; set once the message
/// is read (at once where its records are printed as they are found).
pub type Message = std::sync::Arc<std::sync::OnceLock<urlx::mail::Info>>;

/// A link as the command keeps it between the worker that found it and the
/// printer: the library's record of its fields (C-O3: `--json` writes
/// them as the C library and Python give them), and the message it is in,
/// shared with the worker that reads the message's header.
pub struct Rec {
    pub link: urlx::LinkRecord,
    /// The message the link is in (mail input).
    pub message: Option<Message>,
}

impl std::ops::Deref for Rec {
    type Target = urlx::LinkRecord;
    fn deref(&self) -> &urlx::LinkRecord {
        &self.link
    }
}

// The workers place a record on its input (line, column, offsets).
impl std::ops::DerefMut for Rec {
    fn deref_mut(&mut self) -> &mut urlx::LinkRecord {
        &mut self.link
    }
}

impl Rec {
    /// A link of text, its offsets moved by `offset`.
    pub fn from_link(l: &urlx::Link<'_>, offset: u64) -> Rec {
        Rec::shifted(urlx::LinkRecord::from(l), offset)
    }

    /// A link of a message, with the message and how the raw bytes hold
    /// it.
    pub fn from_mail(m: urlx::MailLink, offset: u64, message: &Message) -> Rec {
        Rec {
            message: Some(std::sync::Arc::clone(message)),
            ..Rec::shifted(urlx::LinkRecord::from_mail(m, None), offset)
        }
    }

    /// [`Rec::from_link`] for a link whose URL it can take.
    pub fn from_owned_link(l: urlx::Link<'static>, offset: u64) -> Rec {
        Rec::shifted(urlx::LinkRecord::from(l), offset)
    }

    fn shifted(mut link: urlx::LinkRecord, offset: u64) -> Rec {
        link.start += offset;
        link.end += offset;
        Rec {
            link,
            message: None,
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
    /// A file (or `<stdin>`): its name shown [`escaped`], as it is in
    /// `--json`.
    pub fn file(path: String) -> Source {
        Source {
            shown: escaped(&path).into_owned(),
            path,
            member: None,
        }
    }

    /// A member of this source (an archive). Its name is the archive's to
    /// choose: shown [`escaped`] as file names are; `--json` has it as it
    /// is, JSON-escaped.
    #[cfg_attr(not(feature = "compressed"), allow(dead_code))]
    pub fn member(&self, name: &str) -> Source {
        let member = match &self.member {
            Some(outer) => format!("{outer}:{name}"),
            None => name.to_owned(),
        };
        Source {
            shown: format!("{}:{}", escaped(&self.path), escaped(&member)),
            path: self.path.clone(),
            member: Some(member),
        }
    }
}

/// What the output asks of one link beyond its fields (`Printer::derive`).
struct Derived<'r> {
    parsed: Option<urlx::ParsedRecord<'r>>,
    normalized: Option<String>,
    redirect: Option<urlx::redirect::Redirect>,
    /// The URL the redirect leads to, as printed.
    target_shown: Option<String>,
}

/// What each link prints as.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Lines,
    OnlyUrl,
    Json,
    Count,
    /// `--format`: by [`Printer::template`].
    Format,
}

/// After a URL cut at a cap, in `path:line:url` and `-o` lines: a space
/// never occurs in a URL printed, so the URL stays the first word.
pub const TRUNCATED: &str = " [truncated]";
/// After the alternative reading printed by `--alt`.
pub const ALTERNATIVE: &str = " [alternative]";

pub struct Printer {
    pub mode: Mode,
    pub show_path: bool,
    pub color: bool,
    pub alt: bool,
    pub normalize: bool,
    /// `--unwrap`: a protection redirect's target printed in its place.
    pub unwrap: bool,
    pub term: u8,
    /// `--unique`: what was printed (the normalized URL with
    /// `--normalize`).
    pub unique: Option<HashSet<String>>,
    /// `--format`.
    pub template: Option<Template>,
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
    /// the link counted (`--unique` drops repeats of what is printed).
    pub fn one(&mut self, out: &mut Out, src: &Source, r: &Rec) -> std::io::Result<Option<bool>> {
        let d = self.derive(r);
        if let Some(seen) = &mut self.unique {
            let key = match (&d.target_shown, &d.normalized) {
                (Some(t), _) => t,
                (None, Some(n)) if self.normalize => n,
                _ => r.url(),
            };
            if seen.contains(key) {
                return Ok(Some(false));
            }
            seen.insert(key.to_owned());
        }
        self.printed += 1;
        let open = match self.mode {
            Mode::Count => true,
            Mode::Json => {
                let redirect = d.redirect.as_ref();
                let normalized = d.normalized.as_deref();
                let rec = self.json(src, r, d.parsed.as_ref(), normalized, redirect, true);
                out.json(&rec, self.term)?
            }
            Mode::Format => self.format(out, src, r, &d)?,
            Mode::Lines | Mode::OnlyUrl => self.lines(out, src, r, &d)?,
        };
        Ok(open.then_some(true))
    }

    /// Whether the `--format` template uses the field `f`.
    fn uses(&self, f: Field) -> bool {
        self.template.as_ref().is_some_and(|t| t.uses(f))
    }

    /// What the output asks of a link beyond its fields: its parse, its
    /// normalized form, the protection redirect it is and the URL that
    /// leads to (as printed: normalized with `--normalize`). The URL is
    /// parsed once, and only where they are asked for.
    fn derive<'r>(&self, r: &'r Rec) -> Derived<'r> {
        let want_normalized = self.normalize || self.uses(Field::Normalized);
        // C-S7: the URL a protection redirect leads to, where the output
        // or `-u` asks for it.
        let want_redirect = self.unwrap
            || self.unique.is_some()
            || self.mode == Mode::Json
            || self.uses(Field::Unwrapped)
            || self.uses(Field::Redirect)
            || self.uses(Field::Deceptive);
        let needs_parse = want_normalized
            || want_redirect
            || self.mode == Mode::Json
            || [Field::Scheme, Field::Host, Field::Minimal]
                .into_iter()
                .any(|f| self.uses(f));
        let parsed = needs_parse.then(|| r.parsed()).flatten();
        let normalized = match &parsed {
            Some(p) if want_normalized => Some(p.uri().normalize().into_string()),
            _ => None,
        };
        let redirect = parsed
            .as_ref()
            .filter(|_| want_redirect)
            .and_then(urlx::ParsedRecord::redirect);
        let target = redirect.as_ref().and_then(urlx::redirect::Redirect::target);
        let target_shown = match target {
            Some(t) if self.normalize => urlx::uri::parse_link(t)
                .map(|u| u.normalize().into_string())
                .ok(),
            t => t.map(str::to_owned),
        };
        Derived {
            parsed,
            normalized,
            redirect,
            target_shown,
        }
    }

    /// `--format`: the template over the `--json` fields (and `{minimal}`).
    fn format(
        &mut self,
        out: &mut Out,
        src: &Source,
        r: &Rec,
        d: &Derived<'_>,
    ) -> std::io::Result<bool> {
        let judge = self.uses(Field::Deceptive);
        let (normalized, redirect) = (d.normalized.as_deref(), d.redirect.as_ref());
        let rec = self.json(src, r, d.parsed.as_ref(), normalized, redirect, judge);
        // (Not a field of --json: written for templates alone.)
        let minimal = match &d.parsed {
            Some(p) if self.uses(Field::Minimal) => Some(p.uri().minimal()),
            _ => None,
        };
        self.buf.clear();
        if let Some(t) = &self.template {
            t.render(&mut self.buf, |f| match f {
                Field::Minimal => minimal.clone().map(Cow::Owned),
                f => rec.value(f),
            });
        }
        out.record(self.buf.as_bytes(), self.term)
    }

    /// `path:line:url` lines, or `-o`'s URLs: the URL (the target with
    /// `--unwrap`, the normalized form with `--normalize`), then with
    /// `--alt` the alternative reading on a line of its own.
    fn lines(
        &mut self,
        out: &mut Out,
        src: &Source,
        r: &Rec,
        d: &Derived<'_>,
    ) -> std::io::Result<bool> {
        let url = match &d.target_shown {
            Some(t) if self.unwrap => t,
            _ => d.normalized.as_deref().unwrap_or(r.url()),
        };
        self.plain(src, r.line, url, if r.truncated { TRUNCATED } else { "" });
        let mut ok = out.record(self.buf.as_bytes(), self.term)?;
        if ok && self.alt {
            if let Some(a) = &r.alt {
                self.plain(src, r.line, a, ALTERNATIVE);
                ok = out.record(self.buf.as_bytes(), self.term)?;
            }
        }
        Ok(ok)
    }

    /// Writes `path:line:url` (or the URL alone) into `self.buf`.
    /// `mark` follows the URL: [`TRUNCATED`], [`ALTERNATIVE`] or nothing.
    fn plain(&mut self, src: &Source, line: u64, url: &str, mark: &str) {
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
        b.push_str(mark);
    }

    /// The `--json` object of `r`, parsed as `parsed`, whose redirect is
    /// `redirect`; `deceptive` judged only when `judge` (it costs more
    /// than the rest).
    fn json<'a>(
        &self,
        src: &'a Source,
        r: &'a Rec,
        parsed: Option<&urlx::ParsedRecord<'a>>,
        normalized: Option<&'a str>,
        redirect: Option<&'a urlx::redirect::Redirect>,
        judge: bool,
    ) -> Record<'a> {
        let m = r.message.as_deref().and_then(std::sync::OnceLock::get);
        Record {
            path: &src.path,
            member: src.member.as_deref(),
            line: r.line,
            column: r.column,
            start: r.start,
            end: r.end,
            encoding: r.encoding.map(urlx::mail::Encoding::name),
            url: r.url(),
            form: r.form.as_str(),
            alt: r.alt.as_deref(),
            scheme: parsed.and_then(urlx::ParsedRecord::scheme),
            host: parsed.and_then(urlx::ParsedRecord::host),
            normalized: (self.normalize || self.mode == Mode::Format).then_some(normalized),
            truncated: r.truncated,
            unwrapped: redirect.and_then(urlx::redirect::Redirect::target),
            redirect: redirect.map(|d| d.service().as_str()),
            deceptive: parsed
                .filter(|_| judge)
                .and_then(|p| p.deception_with(redirect))
                .map(|d| d.to_string()),
            message_id: m.map(|m| m.message_id.as_deref()),
            subject: m.map(|m| m.subject.as_deref()),
            date: m.map(|m| m.date.as_deref()),
            from: m.map(|m| m.from.as_deref()),
            to: m.map(|m| m.to.as_deref()),
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
    /// How the raw bytes `start..end` encode the URL (mail input):
    /// `quoted-printable` or `base64`; absent where they are its text.
    #[serde(skip_serializing_if = "Option::is_none")]
    encoding: Option<&'static str>,
    url: &'a str,
    form: &'a str,
    alt: Option<&'a str>,
    /// In lower case (RFC 3986 §3.1), as every front end gives it
    /// (`urlx::LinkRecord::scheme`); `url` keeps the case written.
    scheme: Option<Cow<'a, str>>,
    /// As written.
    host: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    normalized: Option<Option<&'a str>>,
    #[serde(skip_serializing_if = "is_false")]
    truncated: bool,
    /// The URL a link-protection redirect leads to (C-S7), when it gives
    /// one (absent for other links and a redirect that holds a token
    /// only, as `deceptive` is where there is none: most links).
    #[serde(skip_serializing_if = "Option::is_none")]
    unwrapped: Option<&'a str>,
    /// The redirect's service, when the link is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    redirect: Option<&'static str>,
    /// Why the link may mislead (C-S2), when it may.
    #[serde(skip_serializing_if = "Option::is_none")]
    deceptive: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    message_id: Option<Option<&'a str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    subject: Option<Option<&'a str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    date: Option<Option<&'a str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    from: Option<Option<&'a str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    to: Option<Option<&'a str>>,
}

impl<'a> Record<'a> {
    /// A field's text for `--format`: numbers in decimal, `truncated` as
    /// `true` or `false`, `None` for what the link has none of.
    fn value(&self, f: Field) -> Option<Cow<'a, str>> {
        let num = |n: u64| Some(Cow::Owned(n.to_string()));
        let text = |s: Option<&'a str>| s.map(Cow::Borrowed);
        match f {
            Field::Path => text(Some(self.path)),
            Field::Member => text(self.member),
            Field::Line => num(self.line),
            Field::Column => num(self.column),
            Field::Start => num(self.start),
            Field::End => num(self.end),
            Field::Encoding => self.encoding.map(Cow::Borrowed),
            Field::Url => text(Some(self.url)),
            Field::Form => text(Some(self.form)),
            Field::Alt => text(self.alt),
            Field::Scheme => self.scheme.clone(),
            Field::Host => text(self.host),
            Field::Normalized => text(self.normalized.flatten()),
            // Rendered by `Printer::one`, not a field of the record.
            Field::Minimal => None,
            Field::Truncated => Some(Cow::Borrowed(if self.truncated { "true" } else { "false" })),
            Field::Deceptive => self.deceptive.clone().map(Cow::Owned),
            Field::Unwrapped => text(self.unwrapped),
            Field::Redirect => self.redirect.map(Cow::Borrowed),
            Field::MessageId => text(self.message_id.flatten()),
            Field::Subject => text(self.subject.flatten()),
            Field::Date => text(self.date.flatten()),
            Field::From => text(self.from.flatten()),
            Field::To => text(self.to.flatten()),
        }
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}
