//! `urlx.Link`: one link as Python sees it, and `Rec`, the same found
//! without the GIL.

use std::sync::Arc;

use pyo3::prelude::*;

/// A link found, before it becomes a Python object: built while the GIL
/// is released.
#[derive(Clone, Debug)]
pub struct Rec {
    pub url: String,
    pub start: u64,
    pub end: u64,
    pub line: u64,
    pub column: u64,
    pub form: &'static str,
    pub alt: Option<String>,
    pub truncated: bool,
    pub scheme: Option<String>,
    pub host: Option<String>,
    pub unwrapped: Option<String>,
    pub redirect: Option<&'static str>,
    pub message: Option<Arc<urlx::mail::Info>>,
    pub encoding: Option<&'static str>,
}

impl Rec {
    /// A link and, in mail, its message.
    pub fn new(l: &urlx::Link<'_>, message: Option<&Arc<urlx::mail::Info>>) -> Rec {
        // The scheme and host as the command's --json gives them.
        let uri = urlx::uri::parse_link(l.as_str()).ok();
        let redirect = l.redirect();
        Rec {
            url: l.as_str().to_owned(),
            start: l.start() as u64,
            end: l.end() as u64,
            line: l.line(),
            column: l.column(),
            form: l.form().as_str(),
            alt: l.alt().map(str::to_owned),
            truncated: l.is_truncated(),
            scheme: uri.as_ref().and_then(|u| u.scheme()).map(str::to_owned),
            host: uri.as_ref().and_then(|u| u.host()).map(str::to_owned),
            redirect: redirect.as_ref().map(|r| r.service().as_str()),
            unwrapped: redirect.and_then(urlx::redirect::Redirect::into_target),
            message: message.cloned(),
            encoding: None,
        }
    }

    /// A link of a message, with how its raw bytes encode it.
    pub fn mail(m: &urlx::MailLink, message: &Arc<urlx::mail::Info>) -> Rec {
        Rec {
            encoding: (m.encoding != urlx::mail::Encoding::Plain).then(|| m.encoding.name()),
            ..Rec::new(&m.link, Some(message))
        }
    }
}

/// A URL found in text: the URL as written (wrappers and line breaks
/// removed), where it was found, how it was written, and its scheme and
/// host. `start` and `end` are byte offsets: into the UTF-8 encoding of a
/// `str`, into the `bytes` as given; `line` and `column` count from 1,
/// the column in bytes. In mail (`find_mail`), `start` and `end` are the
/// raw bytes that hold the URL's encoded text (`encoding` says how they
/// encode it), `line` and `column` those of the first, and `message_id`,
/// `subject` and `date` say which message it is.
#[pyclass(module = "urlx", frozen, eq, get_all)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// The URL as written, `http://` before a `www.` host, `mailto:`
    /// before an address.
    pub url: String,
    /// Byte offset of the URL's text.
    pub start: u64,
    /// Byte offset just past the URL's text.
    pub end: u64,
    /// Line of the URL's first byte, from 1.
    pub line: u64,
    /// Column of the URL's first byte, in bytes, from 1.
    pub column: u64,
    /// How it was written: url-prefix, angle, quoted, bare, abbreviated,
    /// email or domain.
    pub form: &'static str,
    /// The other reading where the text is ambiguous (a hyphen at a line
    /// break, spaces inside `<...>`), else None.
    pub alt: Option<String>,
    /// Cut at a cap (the URL went on).
    pub truncated: bool,
    /// The scheme, lower case as written (None when the URL does not
    /// parse).
    pub scheme: Option<String>,
    /// The host as written, None without an authority.
    pub host: Option<String>,
    /// The URL a link-protection redirect (SafeLinks, URL Defense, ...)
    /// leads to, nested ones to the end; None for other links and for a
    /// redirect that holds only a token.
    pub unwrapped: Option<String>,
    /// The redirect's service ("safelinks", "urldefense-v3", "t.co", ...)
    /// when the link is one, else None.
    pub redirect: Option<&'static str>,
    /// In mail: the message's Message-ID.
    pub message_id: Option<String>,
    /// In mail: the message's Subject, RFC 2047 encoded words decoded.
    pub subject: Option<String>,
    /// In mail: the message's Date.
    pub date: Option<String>,
    /// In mail: the message's From, encoded words decoded (`from` in
    /// `to_dict()` and the command's --json; `from` is a Python keyword).
    pub from_: Option<String>,
    /// In mail: the message's To, encoded words decoded.
    pub to: Option<String>,
    /// In mail: how the raw bytes `start..end` encode the URL,
    /// "quoted-printable" or "base64"; None where they are its text.
    pub encoding: Option<&'static str>,
}

impl From<Rec> for Link {
    fn from(r: Rec) -> Link {
        let m = r.message.as_deref();
        Link {
            message_id: m.and_then(|m| m.message_id.clone()),
            subject: m.and_then(|m| m.subject.clone()),
            date: m.and_then(|m| m.date.clone()),
            from_: m.and_then(|m| m.from.clone()),
            to: m.and_then(|m| m.to.clone()),
            encoding: r.encoding,
            url: r.url,
            start: r.start,
            end: r.end,
            line: r.line,
            column: r.column,
            form: r.form,
            alt: r.alt,
            truncated: r.truncated,
            scheme: r.scheme,
            host: r.host,
            unwrapped: r.unwrapped,
            redirect: r.redirect,
        }
    }
}

#[pymethods]
impl Link {
    fn __repr__(&self) -> String {
        format!(
            "Link(url={:?}, line={}, column={}, form={:?})",
            self.url, self.line, self.column, self.form
        )
    }

    fn __str__(&self) -> &str {
        &self.url
    }

    /// The fields as a dict, with the names of the command's --json.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        let d = pyo3::types::PyDict::new(py);
        d.set_item("url", &self.url)?;
        d.set_item("start", self.start)?;
        d.set_item("end", self.end)?;
        d.set_item("line", self.line)?;
        d.set_item("column", self.column)?;
        d.set_item("form", self.form)?;
        d.set_item("alt", &self.alt)?;
        d.set_item("scheme", &self.scheme)?;
        d.set_item("host", &self.host)?;
        d.set_item("unwrapped", &self.unwrapped)?;
        d.set_item("redirect", self.redirect)?;
        d.set_item("truncated", self.truncated)?;
        d.set_item("message_id", &self.message_id)?;
        d.set_item("subject", &self.subject)?;
        d.set_item("date", &self.date)?;
        d.set_item("from", &self.from_)?;
        d.set_item("to", &self.to)?;
        d.set_item("encoding", self.encoding)?;
        Ok(d)
    }
}
