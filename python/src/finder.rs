//! `urlx.Finder` and the finding functions: the scan runs with the GIL
//! released, then each link becomes a `Link`.

use std::sync::{Arc, OnceLock};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use pyo3::types::PyString;

use urlx::LinkRecord;

use crate::link::Link;
use crate::pystr;

/// Text to scan: a `str` (offsets into its UTF-8 encoding; lone
/// surrogates as `pystr` reads them) or `bytes` (offsets into them;
/// invalid UTF-8 ends a URL).
#[derive(FromPyObject)]
pub enum Text<'py> {
    Str(Bound<'py, PyString>),
    Bytes(PyBackedBytes),
}

/// The options of a finder, as keyword arguments take them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opts {
    pub email: bool,
    pub www: bool,
    pub join_breaks: bool,
    pub domains: bool,
    pub uts58: bool,
    pub max_url_len: usize,
    pub max_wrapper_bytes: usize,
    pub max_wrapper_lines: usize,
    pub max_line_len: usize,
}

impl Default for Opts {
    fn default() -> Opts {
        Opts {
            email: false,
            www: true,
            join_breaks: false,
            domains: false,
            uts58: false,
            max_url_len: 8192,
            max_wrapper_bytes: 2048,
            max_wrapper_lines: 8,
            max_line_len: 0,
        }
    }
}

impl Opts {
    /// The finder; the default one is built once and shared.
    pub fn finder(&self) -> PyResult<Arc<urlx::Finder>> {
        static DEFAULT: OnceLock<Arc<urlx::Finder>> = OnceLock::new();
        if *self == Opts::default() {
            return Ok(Arc::clone(
                DEFAULT.get_or_init(|| Arc::new(urlx::Finder::new())),
            ));
        }
        urlx::FinderBuilder::new()
            .email(self.email)
            .abbreviated(self.www)
            .join_unhyphenated_breaks(self.join_breaks)
            .domains(self.domains)
            .uts58(self.uts58)
            .max_url_len(self.max_url_len)
            .max_wrapper_bytes(self.max_wrapper_bytes)
            .max_wrapper_lines(self.max_wrapper_lines)
            .max_line_len(self.max_line_len)
            .build()
            .map(Arc::new)
            .map_err(|e| match e {
                urlx::BuildError::ZeroLimit(field) => {
                    PyValueError::new_err(format!("{field} must be at least 1"))
                }
                e => PyValueError::new_err(e.to_string()),
            })
    }
}

/// A configured extractor, built once and shared: safe to use from many
/// threads at once (each call releases the GIL while it scans).
///
/// Options: `email` (bare addresses as mailto: URLs), `www` (www. hosts
/// without a scheme as http:// URLs), `join_breaks` (join a URL broken at
/// a line end before / ? & = # %), `domains` (domain names without a
/// scheme, by the public suffix list), `uts58` (find links as Unicode's
/// UTS #58 does, and only those: domain names by IANA's TLD list, with
/// https:// or http:// or none, and e-mail addresses; the form options do
/// not apply with it), and the caps `max_url_len`,
/// `max_wrapper_bytes`, `max_wrapper_lines`, `max_line_len` (0: none).
#[pyclass(module = "urlx", frozen)]
pub struct Finder {
    inner: Arc<urlx::Finder>,
    opts: Opts,
}

#[pymethods]
impl Finder {
    #[new]
    #[pyo3(signature = (*, email=false, www=true, join_breaks=false, domains=false,
        uts58=false, max_url_len=8192, max_wrapper_bytes=2048, max_wrapper_lines=8, max_line_len=0))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        email: bool,
        www: bool,
        join_breaks: bool,
        domains: bool,
        uts58: bool,
        max_url_len: usize,
        max_wrapper_bytes: usize,
        max_wrapper_lines: usize,
        max_line_len: usize,
    ) -> PyResult<Finder> {
        if uts58 && (email || !www || join_breaks || domains) {
            return Err(PyValueError::new_err(
                "uts58 finds links by the standard's own rules: email, www, join_breaks \
                 and domains do not apply with it",
            ));
        }
        let opts = Opts {
            email,
            www,
            join_breaks,
            domains,
            uts58,
            max_url_len,
            max_wrapper_bytes,
            max_wrapper_lines,
            max_line_len,
        };
        Ok(Finder {
            inner: opts.finder()?,
            opts,
        })
    }

    /// The links of `text` (`str` or `bytes`), in order. A `str`'s lone
    /// surrogates are read as `surrogateescape` wrote them (see the
    /// package's doc).
    fn find(&self, py: Python<'_>, text: Text<'_>) -> PyResult<Vec<Link>> {
        find_text(py, &self.inner, &text)
    }

    /// The links of `text`, one at a time.
    fn finditer(&self, py: Python<'_>, text: Text<'_>) -> PyResult<LinkIter> {
        Ok(LinkIter {
            recs: find_text(py, &self.inner, &text)?.into_iter(),
        })
    }

    /// The links of mail (`bytes`: an mbox, or one message), as the
    /// command's mail mode finds them: MIME parts decoded, header fields
    /// that carry URLs read, each link with its message's `message_id`,
    /// `subject` and `date`; `line` in the raw input, counted from
    /// `first_line` (the line of `data[0]` in a larger file).
    #[pyo3(signature = (data, *, first_line=1))]
    fn find_mail(&self, py: Python<'_>, data: PyBackedBytes, first_line: u64) -> Vec<Link> {
        let finder = &self.inner;
        // (Each link's fields derived without the GIL too.)
        py.detach(|| {
            mail_recs(finder, &data, first_line)
                .into_iter()
                .map(Link::from)
                .collect()
        })
    }

    fn __repr__(&self) -> String {
        let o = &self.opts;
        format!(
            "Finder(email={}, www={}, join_breaks={}, domains={}, uts58={}, max_url_len={}, \
             max_wrapper_bytes={}, max_wrapper_lines={}, max_line_len={})",
            py_bool(o.email),
            py_bool(o.www),
            py_bool(o.join_breaks),
            py_bool(o.domains),
            py_bool(o.uts58),
            o.max_url_len,
            o.max_wrapper_bytes,
            o.max_wrapper_lines,
            o.max_line_len
        )
    }
}

impl Finder {
    pub fn inner(&self) -> &urlx::Finder {
        &self.inner
    }
}

fn py_bool(b: bool) -> &'static str {
    if b {
        "True"
    } else {
        "False"
    }
}

/// Links yielded one at a time.
#[pyclass(module = "urlx")]
pub struct LinkIter {
    recs: std::vec::IntoIter<Link>,
}

#[pymethods]
impl LinkIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(mut slf: PyRefMut<'_, Self>) -> Option<Link> {
        slf.recs.next()
    }
}

/// The links of a text, found, and their fields derived (the parse, the
/// redirect, the verdict), with the GIL released.
pub fn find_text(py: Python<'_>, finder: &urlx::Finder, text: &Text<'_>) -> PyResult<Vec<Link>> {
    let recs = |bytes: &[u8]| {
        finder
            .links(bytes)
            .map(|l| Link::from(LinkRecord::from(l)))
            .collect()
    };
    match text {
        Text::Str(s) => pystr::with_bytes(s, recs),
        Text::Bytes(b) => Ok(py.detach(|| recs(b))),
    }
}

/// The links of mail: an mbox's messages, or the whole input as one
/// message (the command's `--mail`).
pub fn mail_recs(finder: &urlx::Finder, data: &[u8], first_line: u64) -> Vec<LinkRecord> {
    use urlx::mail::{self, Kind};
    let head = &data[..data.len().min(8192)];
    let mut recs = Vec::new();
    for (r, line) in mail::messages(data, mail::sniff(head) == Kind::Mbox, first_line) {
        let m = finder.message_links(data, r, line);
        let info = Arc::new(m.info);
        recs.extend(
            m.links
                .into_iter()
                .map(|m| LinkRecord::from_mail(m, Some(Arc::clone(&info)))),
        );
    }
    recs
}
