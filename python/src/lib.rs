//! `urlx._urlx`, the extension module behind the `urlx` Python package:
//! the finder, mail, the linkifier and the URI parser of the `urlx` crate,
//! each call scanning with the GIL released. The package (`urlx/`)
//! re-exports it, with `find`, `finditer` and `find_mail` as calls of a
//! `Finder`, and adds the Arrow path and the Spark job.

#![forbid(unsafe_code)]

mod arrow;
mod finder;
mod link;
mod uri;

use pyo3::prelude::*;

use finder::{Finder, LinkIter};
use link::Link;

/// `text` as HTML with its URLs as links: every byte escaped, only the
/// `schemes` allowed linked (default: http, https, ftp, ftps, mailto,
/// news, nntp, gopher, telnet, wais; never javascript, data or vbscript),
/// deceptive links with a title and the class urlx-deceptive.
#[pyfunction]
#[pyo3(signature = (text, *, schemes=None, rel=Some("nofollow noopener".to_owned()),
    target=None, css_class=None, finder=None))]
fn linkify_html(
    py: Python<'_>,
    text: &str,
    schemes: Option<Vec<String>>,
    rel: Option<String>,
    target: Option<String>,
    css_class: Option<String>,
    finder: Option<&Bound<'_, Finder>>,
) -> String {
    let mut opts = urlx::linkify::Options {
        rel,
        target,
        class: css_class,
        ..Default::default()
    };
    if let Some(s) = schemes {
        opts.schemes = s.into_iter().map(|s| s.to_ascii_lowercase()).collect();
    }
    let default;
    let f = match finder {
        Some(f) => f.get().inner(),
        None => {
            default = urlx::Finder::new();
            &default
        }
    };
    py.detach(|| urlx::linkify::html_with(f, text, &opts))
}

#[pymodule]
fn _urlx(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<Finder>()?;
    m.add_class::<Link>()?;
    m.add_class::<LinkIter>()?;
    m.add_class::<uri::Uri>()?;
    m.add_function(wrap_pyfunction!(linkify_html, m)?)?;
    m.add_function(wrap_pyfunction!(uri::parse, m)?)?;
    m.add_function(wrap_pyfunction!(uri::resolve, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::extract_columns, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::mbox_cut, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::sniff, m)?)?;
    Ok(())
}
