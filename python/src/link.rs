//! `urlx.Link`: one link as Python sees it, made from the library's
//! `urlx::LinkRecord` as the command's `--json` and the C library give
//! it. The finder's calls find the links and make them with the GIL
//! released (the parse, the redirect and the verdict included).

use pyo3::prelude::*;

/// A URL found in text: the URL as written (wrappers and line breaks
/// removed), where it was found, how it was written, and its scheme and
/// host. `start` and `end` are byte offsets: into the UTF-8 encoding of a
/// `str`, into the `bytes` as given; `line` and `column` count from 1,
/// the column in bytes. In mail (`find_mail`), `start` and `end` are the
/// raw bytes that hold the URL's encoded text (`encoding` says how they
/// encode it), `line` and `column` those of the first, and `message_id`,
/// `subject` and `date` say which message it is. The fields are those of
/// the command's `--json`, derived by the same rules.
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
    /// email, domain or defanged.
    pub form: &'static str,
    /// The other reading where the text is ambiguous (a hyphen at a line
    /// break, spaces inside `<...>`), else None.
    pub alt: Option<String>,
    /// Cut at a cap (the URL went on).
    pub truncated: bool,
    /// The scheme in lower case (RFC 3986 section 3.1: its canonical
    /// form; `url` keeps the case written), None for a URL without one.
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
    /// Why the link may mislead, in words, when it may (the host is an IP
    /// address behind userinfo, mixes scripts, ...; in mail also an HTML
    /// link whose text shows another host), else None.
    pub deceptive: Option<String>,
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

impl From<urlx::LinkRecord> for Link {
    fn from(mut r: urlx::LinkRecord) -> Link {
        let alt = r.alt.take();
        let m = r.message.as_deref();
        let parsed = r.parsed();
        let redirect = parsed.as_ref().and_then(urlx::ParsedRecord::redirect);
        let deceptive = parsed
            .as_ref()
            .and_then(|p| p.deception_with(redirect.as_ref()));
        let scheme = parsed.as_ref().and_then(|p| p.scheme()).map(String::from);
        let host = parsed.as_ref().and_then(|p| p.host()).map(str::to_owned);
        Link {
            message_id: m.and_then(|m| m.message_id.clone()),
            subject: m.and_then(|m| m.subject.clone()),
            date: m.and_then(|m| m.date.clone()),
            from_: m.and_then(|m| m.from.clone()),
            to: m.and_then(|m| m.to.clone()),
            deceptive: deceptive.map(|d| d.to_string()),
            encoding: r.encoding.map(urlx::mail::Encoding::name),
            form: r.form.as_str(),
            scheme,
            host,
            redirect: redirect.as_ref().map(|d| d.service().as_str()),
            unwrapped: redirect.and_then(urlx::redirect::Redirect::into_target),
            start: r.start,
            end: r.end,
            line: r.line,
            column: r.column,
            alt,
            truncated: r.truncated,
            url: r.into_url(),
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
        d.set_item("deceptive", &self.deceptive)?;
        d.set_item("message_id", &self.message_id)?;
        d.set_item("subject", &self.subject)?;
        d.set_item("date", &self.date)?;
        d.set_item("from", &self.from_)?;
        d.set_item("to", &self.to)?;
        d.set_item("encoding", self.encoding)?;
        Ok(d)
    }
}
