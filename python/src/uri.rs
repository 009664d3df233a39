//! `urlx.parse`, `urlx.resolve` and `urlx.Uri`: the strict RFC 3986 /
//! 3987 parser.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// A parsed URI (or IRI): its components as written. Undefined components
/// are None, empty ones "".
#[pyclass(module = "urlx", frozen)]
pub struct Uri {
    buf: urlx::UriBuf,
}

#[pymethods]
impl Uri {
    /// The scheme, None for a relative reference.
    #[getter]
    fn scheme(&self) -> Option<&str> {
        self.buf.as_uri().scheme()
    }
    /// The userinfo before `@`, if any.
    #[getter]
    fn userinfo(&self) -> Option<&str> {
        self.buf.as_uri().userinfo()
    }
    /// The host as written (IP literals with their brackets); None without
    /// an authority.
    #[getter]
    fn host(&self) -> Option<&str> {
        self.buf.as_uri().host()
    }
    /// ipv4, ipv6, ipvfuture or reg-name; None without an authority.
    #[getter]
    fn host_kind(&self) -> Option<&'static str> {
        self.buf.as_uri().host_kind().map(|k| k.as_str())
    }
    /// The port's text after `:`, if any.
    #[getter]
    fn port(&self) -> Option<&str> {
        self.buf.as_uri().port()
    }
    /// The path ("" when empty).
    #[getter]
    fn path(&self) -> &str {
        self.buf.as_uri().path()
    }
    /// The query after `?`, if any.
    #[getter]
    fn query(&self) -> Option<&str> {
        self.buf.as_uri().query()
    }
    /// The fragment after `#`, if any.
    #[getter]
    fn fragment(&self) -> Option<&str> {
        self.buf.as_uri().fragment()
    }
    /// Whether it has a scheme.
    #[getter]
    fn is_absolute(&self) -> bool {
        self.buf.as_uri().is_absolute()
    }
    /// Whether it holds characters outside ASCII (an IRI).
    #[getter]
    fn is_iri(&self) -> bool {
        self.buf.as_uri().is_iri()
    }

    /// The normal form of RFC 3986 section 6: case, percent-encoding and
    /// dot segments normalized, the scheme's default port dropped.
    fn normalized(&self) -> String {
        self.buf.as_uri().normalize().into_string()
    }

    /// The URL minimally escaped, as Unicode's UTS #58 writes a URL into
    /// text: percent-encoded UTF-8 decoded in the path, query and fragment,
    /// and encoded again only where the character would end the URL or
    /// change its structure.
    fn minimal(&self) -> String {
        self.buf.as_uri().minimal()
    }

    /// The RFC 3986 form of an IRI: non-ASCII characters percent-encoded,
    /// a non-ASCII host in punycode.
    fn to_ascii(&self) -> String {
        self.buf.as_uri().to_ascii().into_owned()
    }

    /// `reference` resolved against this URI as base (RFC 3986 section
    /// 5.2).
    #[pyo3(signature = (reference, *, compat="rfc3986"))]
    fn resolve(&self, py: Python<'_>, reference: &str, compat: &str) -> PyResult<String> {
        resolve_against(py, &self.buf.as_uri(), reference, compat)
    }

    fn __str__(&self) -> &str {
        self.buf.as_str()
    }

    fn __repr__(&self) -> String {
        format!("Uri({:?})", self.buf.as_str())
    }

    fn __eq__(&self, other: &Uri) -> bool {
        self.buf.as_str() == other.buf.as_str()
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.buf.as_str().hash(&mut h);
        h.finish()
    }
}

/// `urlx.ParseError(message, index, kind)`, the package's `ValueError`.
fn parse_error(py: Python<'_>, e: urlx::ParseError) -> PyErr {
    let made = py
        .import("urlx")
        .and_then(|m| m.getattr("ParseError"))
        .and_then(|cls| cls.call1((e.to_string(), e.index(), e.kind().as_str())));
    match made {
        Ok(err) => PyErr::from_value(err),
        Err(e) => e,
    }
}

/// Parses `text` as a URI reference: an IRI (RFC 3987) unless `strict`,
/// which takes RFC 3986 (ASCII) only.
#[pyfunction]
#[pyo3(signature = (text, *, strict=false))]
pub fn parse(py: Python<'_>, text: &str, strict: bool) -> PyResult<Uri> {
    let r = if strict {
        urlx::uri::parse(text)
    } else {
        urlx::uri::parse_iri(text)
    };
    r.map(|u| Uri { buf: u.to_owned() })
        .map_err(|e| parse_error(py, e))
}

/// `reference` resolved against `base` (an absolute URI) by RFC 3986
/// section 5.2; `compat` "draft2003" or "draft1997" for the resolution of
/// those drafts.
#[pyfunction]
#[pyo3(signature = (base, reference, *, compat="rfc3986"))]
pub fn resolve(py: Python<'_>, base: &str, reference: &str, compat: &str) -> PyResult<String> {
    let b = urlx::uri::parse_iri(base).map_err(|e| parse_error(py, e))?;
    resolve_against(py, &b, reference, compat)
}

fn resolve_against(
    py: Python<'_>,
    base: &urlx::Uri<'_>,
    reference: &str,
    compat: &str,
) -> PyResult<String> {
    let compat = match compat {
        "rfc3986" => urlx::uri::Compat::Rfc3986,
        "draft2003" => urlx::uri::Compat::Draft2003,
        "draft1997" => urlx::uri::Compat::Draft1997,
        other => {
            return Err(PyValueError::new_err(format!(
                "compat must be \"rfc3986\", \"draft2003\" or \"draft1997\", not {other:?}"
            )))
        }
    };
    let r = urlx::uri::parse_iri(reference).map_err(|e| parse_error(py, e))?;
    base.resolve_with(&r, compat)
        .map(urlx::UriBuf::into_string)
        .map_err(|e| PyValueError::new_err(e.to_string()))
}
