//! `urlx._urlx`, the extension module behind the `urlx` Python package:
//! the finder, mail, the linkifier and the URI parser of the `urlx` crate,
//! each call scanning with the GIL released. The package (`urlx/`)
//! re-exports it, with `find`, `finditer` and `find_mail` as calls of a
//! `Finder`, and adds the Arrow path and the Spark job.

// `unsafe` is confined to `pystr`, which reads a `str`'s storage.
#![deny(unsafe_code)]

mod arrow;
mod finder;
mod html_input;
mod link;
#[allow(unsafe_code)]
mod pystr;
mod unpack;
mod uri;

use pyo3::prelude::*;

use finder::{Finder, LinkIter};
use link::Link;

/// The linkifier's options from the keyword arguments both linkifiers
/// take.
fn options(
    schemes: Option<Vec<String>>,
    rel: Option<String>,
    target: Option<String>,
    css_class: Option<String>,
) -> urlx::linkify::Options {
    let mut opts = urlx::linkify::Options {
        rel,
        target,
        class: css_class,
        ..Default::default()
    };
    if let Some(s) = schemes {
        opts.schemes = s.into_iter().map(|s| s.to_ascii_lowercase()).collect();
    }
    opts
}

/// Runs `run` with the finder given, else a default one.
fn with_finder<R>(finder: Option<&Bound<'_, Finder>>, run: impl FnOnce(&urlx::Finder) -> R) -> R {
    match finder {
        Some(f) => run(f.get().inner()),
        None => run(&urlx::Finder::default()),
    }
}

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
    let opts = options(schemes, rel, target, css_class);
    with_finder(finder, |f| {
        py.detach(|| urlx::linkify::html_with(f, text, &opts))
    })
}

/// Mail (an mbox, or one message) as HTML, each message as a reader sees
/// it: an `<article class="urlx-message">` with its From, To, Date and
/// Subject (encoded words decoded, direction controls shown), then its
/// text part decoded, or its HTML part as text with each link's href after
/// its text and a warning where the text shows another host. Options as
/// for `linkify_html`.
#[pyfunction]
#[pyo3(signature = (data, *, schemes=None, rel=Some("nofollow noopener".to_owned()),
    target=None, css_class=None, finder=None))]
fn linkify_mail_html(
    py: Python<'_>,
    data: pyo3::pybacked::PyBackedBytes,
    schemes: Option<Vec<String>>,
    rel: Option<String>,
    target: Option<String>,
    css_class: Option<String>,
    finder: Option<&Bound<'_, Finder>>,
) -> String {
    let opts = options(schemes, rel, target, css_class);
    with_finder(finder, |f| {
        py.detach(|| {
            let mbox = urlx::mail::sniff(&data) == urlx::mail::Kind::Mbox;
            let mut out = Vec::with_capacity(data.len() / 2);
            for (range, _) in urlx::mail::messages(&data, mbox, 1) {
                let reading = urlx::mail::read(&data, range);
                // Writing to a Vec cannot fail.
                let _ = urlx::linkify::write_message_html(&mut out, f, &reading, &opts);
            }
            String::from_utf8(out).unwrap_or_default()
        })
    })
}

#[pymodule]
fn _urlx(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<Finder>()?;
    m.add_class::<Link>()?;
    m.add_class::<LinkIter>()?;
    m.add_class::<uri::Uri>()?;
    m.add_function(wrap_pyfunction!(linkify_html, m)?)?;
    m.add_function(wrap_pyfunction!(linkify_mail_html, m)?)?;
    m.add_function(wrap_pyfunction!(html_input::linkify_html_fragment, m)?)?;
    m.add_function(wrap_pyfunction!(uri::parse, m)?)?;
    m.add_function(wrap_pyfunction!(uri::resolve, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::extract_columns, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::mbox_cut, m)?)?;
    m.add_function(wrap_pyfunction!(arrow::sniff, m)?)?;
    m.add_function(wrap_pyfunction!(unpack::unpack, m)?)?;
    m.add_function(wrap_pyfunction!(unpack::packed, m)?)?;
    Ok(())
}
