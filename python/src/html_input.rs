//! `urlx.linkify_html_fragment`: HTML in, the URLs of its text linked
//! (`urlx::linkify::write_html_document`), with callbacks that edit or
//! drop each link the way `bleach.linkify`'s do.

use std::io::{self, Write};
use std::sync::{Arc, Mutex};

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::finder::Finder;

/// The HTML of a fragment or document with the URLs of its text linked:
/// not in attributes, comments, `<a>` or the `skip_tags` elements (default
/// pre, code, script, style, textarea, title); every other byte as it
/// was. `callbacks`, as `bleach.linkify`'s: each is called as
/// `callback(attrs, True)` for each new link, `attrs` a dict with
/// `(None, "href")`, the attributes so far and `"_text"` (the link's text,
/// references decoded); it returns the dict (changed or not) or None to
/// leave the URL as text. With callbacks the attributes are theirs to
/// set (they start from the href alone, as bleach's do), so `rel`,
/// `target` and `css_class` raise ValueError with them; without, `rel`
/// defaults to "nofollow noopener". A callback's href with a scheme the
/// options do not allow (`javascript:`, ...) leaves the URL as text, and
/// an event-handler attribute (`on...`) raises ValueError.
#[pyfunction]
#[pyo3(signature = (html, *, callbacks=None, skip_tags=None, parse_email=false, schemes=None,
    rel=None, target=None, css_class=None, finder=None))]
#[allow(clippy::too_many_arguments)]
pub fn linkify_html_fragment(
    py: Python<'_>,
    html: &str,
    callbacks: Option<Vec<Py<PyAny>>>,
    skip_tags: Option<Vec<String>>,
    parse_email: bool,
    schemes: Option<Vec<String>>,
    rel: Option<String>,
    target: Option<String>,
    css_class: Option<String>,
    finder: Option<&Bound<'_, Finder>>,
) -> PyResult<String> {
    if callbacks.is_some() {
        if let Some(flag) = [
            ("rel", rel.is_some()),
            ("target", target.is_some()),
            ("css_class", css_class.is_some()),
        ]
        .iter()
        .find_map(|(n, on)| on.then_some(*n))
        {
            return Err(PyValueError::new_err(format!(
                "{flag} does not apply with callbacks: the attributes are theirs to set"
            )));
        }
    }
    let rel = match (&callbacks, rel) {
        (None, None) => Some("nofollow noopener".to_owned()),
        (_, rel) => rel,
    };
    let mut opts = urlx::linkify::HtmlInput {
        linkify: crate::options(schemes, rel, target, css_class),
        ..Default::default()
    };
    if let Some(tags) = skip_tags {
        opts.skip = tags.into_iter().map(|t| t.to_ascii_lowercase()).collect();
    }
    let failed: Arc<Mutex<Option<PyErr>>> = Arc::default();
    if let Some(cbs) = callbacks {
        let allowed = opts.linkify.clone();
        let unescape: Py<PyAny> = py.import("html")?.getattr("unescape")?.unbind();
        let failed = Arc::clone(&failed);
        opts.linkify.render = Some(Arc::new(move |r, w| {
            Python::attach(|py| match call_back(py, &cbs, &unescape, &allowed, r) {
                Ok(bytes) => w.write_all(&bytes),
                Err(e) => {
                    *failed.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
                    Err(io::Error::other("a callback failed"))
                }
            })
        }));
    }
    let own = crate::finder::Opts {
        email: parse_email,
        ..Default::default()
    }
    .finder()?;
    let finder: &urlx::Finder = match finder {
        Some(f) => f.get().inner(),
        None => &own,
    };
    let mut out = Vec::with_capacity(html.len() + html.len() / 8);
    // The GIL is released while the page is read; a callback takes it
    // back for its call.
    let done =
        py.detach(|| urlx::linkify::write_html_document(&mut out, finder, html.as_bytes(), &opts));
    if let Some(e) = failed.lock().unwrap_or_else(|p| p.into_inner()).take() {
        return Err(e);
    }
    done.map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// One link through the callbacks: its HTML.
fn call_back(
    py: Python<'_>,
    callbacks: &[Py<PyAny>],
    unescape: &Py<PyAny>,
    opts: &urlx::linkify::Options,
    r: &urlx::linkify::Rendered<'_>,
) -> PyResult<Vec<u8>> {
    let text: String = unescape.call1(py, (r.text,))?.extract(py)?;
    let mut attrs = PyDict::new(py);
    let href_key = PyTuple::new(py, [None::<&str>, Some("href")])?;
    attrs.set_item(&href_key, r.link.as_str())?;
    for (name, value) in [
        ("rel", &opts.rel),
        ("target", &opts.target),
        ("class", &opts.class),
    ] {
        if let Some(v) = value {
            attrs.set_item(PyTuple::new(py, [None::<&str>, Some(name)])?, v)?;
        }
    }
    attrs.set_item("_text", &text)?;
    let mut out = Vec::new();
    let as_text = |out: &mut Vec<u8>| {
        out.extend_from_slice(r.text.as_bytes());
        Ok(std::mem::take(out))
    };
    for cb in callbacks {
        let got = cb.call1(py, (attrs, true))?;
        if got.is_none(py) {
            return as_text(&mut out);
        }
        attrs = got
            .into_bound(py)
            .cast_into::<PyDict>()
            .map_err(|_| PyTypeError::new_err("a callback must return the attrs dict or None"))?;
    }
    let Some(href) = attrs.get_item(&href_key)? else {
        return as_text(&mut out);
    };
    let href: String = href.extract()?;
    // A scheme the options refuse (javascript:, data:) is never written,
    // whoever set it; read as a browser reads an href: tabs and line
    // breaks dropped, leading spaces and controls trimmed.
    let read: String = href
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let read = read.trim_start_matches(|c: char| c <= ' ');
    if let Some((scheme, _)) = read.split_once(':') {
        let is_scheme = scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c));
        if is_scheme && !scheme.is_empty() && !opts.allows(scheme) {
            return as_text(&mut out);
        }
    }
    write!(
        out,
        "<a href=\"{}\"",
        urlx::linkify::escape_attr_string(&href)
    )?;
    for (key, value) in attrs.iter() {
        let name: String = match key.extract::<(Option<String>, String)>() {
            Ok((_, n)) => n,
            Err(_) => key.extract()?,
        };
        if name == "_text" || name == "href" {
            continue;
        }
        let valid = name.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_:.".contains(c));
        if !valid {
            return Err(PyValueError::new_err(format!(
                "not an attribute name: {name:?}"
            )));
        }
        if name.to_ascii_lowercase().starts_with("on") {
            return Err(PyValueError::new_err(format!(
                "{name}: event-handler attributes are not written"
            )));
        }
        let value: String = value.str()?.extract()?;
        write!(
            out,
            " {name}=\"{}\"",
            urlx::linkify::escape_attr_string(&value)
        )?;
    }
    out.push(b'>');
    let new_text: String = attrs
        .get_item("_text")?
        .map(|t| t.extract())
        .transpose()?
        .unwrap_or_default();
    if new_text == text {
        out.extend_from_slice(r.text.as_bytes());
    } else {
        urlx::linkify::escape_text(&mut out, new_text.as_bytes())?;
    }
    out.extend_from_slice(b"</a>");
    Ok(out)
}
