//! `urlx_linkify_*`: HTML and OSC 8 output, and the C render callback.

use std::ffi::{c_char, c_int, CString};
use std::io::{self, Write};
use std::ptr;
use std::sync::Arc;

use urlx::linkify::{self, Options};

use crate::finder::Finder;
use crate::links::{Record, Use};
use crate::render::{Out, Render, Rendered};
use crate::{buffer, bytes, guard, put, ERR_ARGUMENT, ERR_CALLBACK, ERR_PANIC};

/// The error a render callback's non-zero return becomes.
#[derive(Debug)]
struct Stopped;

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the render callback stopped the call")
    }
}

impl std::error::Error for Stopped {}

/// What the render closure needs of the call it serves: the caller's
/// text, alive for the whole call, and the callback.
struct Call {
    text: *const u8,
    len: usize,
    render: Render,
    /// The finder's options, which say whether a link is linkable.
    opts: Options,
}

// SAFETY: a `Call` lives inside one linkify call and its closure runs on
// that call's thread only (the writers call `render` synchronously); the
// `Send + Sync` bounds are those of `Options::render`, made for closures
// kept longer.
unsafe impl Send for Call {}
// SAFETY: as above.
unsafe impl Sync for Call {}

impl Call {
    /// One line of one link through the C callback.
    fn render(&self, r: &linkify::Rendered<'_>, w: &mut dyn Write) -> io::Result<()> {
        // SAFETY: the caller's text, alive for the call (see `Call`).
        let text = unsafe { std::slice::from_raw_parts(self.text, self.len) };
        let record = Record::new(r.link, text, &self.opts);
        let link = record.c();
        // Escaped HTML holds no NUL (controls become U+FFFD).
        let href = CString::new(r.href).map_err(io::Error::other)?;
        let shown = CString::new(r.text).map_err(io::Error::other)?;
        // The link's own verdict, else (in a message's reading view) the
        // text that shows another host.
        let title = r
            .deception
            .or(r.text_shows)
            .map(|d| CString::new(linkify::escape_attr_string(&d.to_string())))
            .transpose()
            .map_err(io::Error::other)?;
        let rendered = Rendered {
            link: &link,
            number: r.number,
            segment: r.segment,
            href: href.as_ptr(),
            text: shown.as_ptr(),
            title: title.as_ref().map_or(ptr::null(), |t| t.as_ptr()),
        };
        let mut out = Out(w);
        // SAFETY: the callback was given for this use, with its pointer
        // (urlx_finder_set_render); every pointer it gets lives until it
        // returns.
        let go_on = unsafe { (self.render.call)(self.render.user, &rendered, &mut out) };
        match go_on {
            0 => Ok(()),
            _ => Err(io::Error::other(Stopped)),
        }
    }
}

/// Which writer a call runs: of text, or of a message's reading view
/// (its header fields, then its body as a reader sees it).
#[derive(Clone, Copy)]
enum Writer {
    Html,
    Osc8,
    MessageHtml,
    MessageOsc8,
}

/// # Safety
/// The finder NULL or live; `text` `len` readable bytes; `out`, `out_len`
/// and `written` NULL or writable.
unsafe fn linkify_into(
    writer: Writer,
    use_: Use,
    text: *const c_char,
    len: usize,
    out: *mut *mut c_char,
    out_len: *mut usize,
    written: *mut usize,
) -> c_int {
    // SAFETY: NULL or writable, as promised.
    unsafe {
        put(out_len, 0);
        put(written, 0);
    }
    if out.is_null() {
        return ERR_ARGUMENT;
    }
    // SAFETY: writable, as promised.
    unsafe { out.write(ptr::null_mut()) };
    guard(|| {
        // SAFETY: forwarded from the caller.
        let (finder, raw) = unsafe { (use_.finder()?, bytes(text, len)?) };
        let config = finder.read();
        // A message's links are in its reading view's body, which the
        // render callback's records are made from.
        let reading = matches!(writer, Writer::MessageHtml | Writer::MessageOsc8)
            .then(|| urlx::mail::read(raw, 0..raw.len()));
        let text = reading.as_ref().map_or(raw, |r| r.body.as_bytes());
        let mut opts = config.options.clone();
        if let Some(render) = config.render {
            let call = Call {
                text: text.as_ptr(),
                len: text.len(),
                render,
                opts: config.options.clone(),
            };
            opts.render = Some(Arc::new(move |r, w| call.render(r, w)));
        }
        let mut buf = buffer::new(text.len() + text.len() / 4);
        let f = &config.finder;
        let n = match (writer, &reading) {
            (Writer::Html, _) => linkify::write_html(&mut buf, f, text, &opts),
            (Writer::Osc8, _) => linkify::write_osc8(&mut buf, f, text, &opts),
            (Writer::MessageHtml, Some(r)) => linkify::write_message_html(&mut buf, f, r, &opts),
            (Writer::MessageOsc8, Some(r)) => linkify::write_message_osc8(&mut buf, f, r, &opts),
            (Writer::MessageHtml | Writer::MessageOsc8, None) => unreachable!("read above"),
        };
        let n = n.map_err(|e| match e.get_ref().is_some_and(|i| i.is::<Stopped>()) {
            true => ERR_CALLBACK,
            false => ERR_PANIC,
        })?;
        let (s, len) = buffer::finish(buf);
        // SAFETY: NULL or writable, as promised.
        unsafe {
            out.write(s);
            put(out_len, len);
            put(written, n);
        }
        Ok(())
    })
}

/// `text[0..len]` as HTML with the default options.
///
/// # Safety
/// `text` must point to `len` readable bytes (or be NULL with `len` 0);
/// `out` writable; `out_len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn urlx_linkify_html(
    text: *const c_char,
    len: usize,
    out: *mut *mut c_char,
    out_len: *mut usize,
) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe {
        linkify_into(
            Writer::Html,
            Use::Defaults,
            text,
            len,
            out,
            out_len,
            ptr::null_mut(),
        )
    }
}

/// `text[0..len]` as HTML, links found and written as `finder` says.
///
/// # Safety
/// As [`urlx_linkify_html`]; `finder` from `urlx_finder_new`, not freed;
/// `written` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn urlx_linkify_html_with(
    finder: *const Finder,
    text: *const c_char,
    len: usize,
    out: *mut *mut c_char,
    out_len: *mut usize,
    written: *mut usize,
) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe {
        linkify_into(
            Writer::Html,
            Use::Caller(finder),
            text,
            len,
            out,
            out_len,
            written,
        )
    }
}

/// `text[0..len]` with OSC 8 hyperlinks, the default options.
///
/// # Safety
/// As [`urlx_linkify_html`].
#[no_mangle]
pub unsafe extern "C" fn urlx_linkify_osc8(
    text: *const c_char,
    len: usize,
    out: *mut *mut c_char,
    out_len: *mut usize,
) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe {
        linkify_into(
            Writer::Osc8,
            Use::Defaults,
            text,
            len,
            out,
            out_len,
            ptr::null_mut(),
        )
    }
}

/// `text[0..len]` with OSC 8 hyperlinks, as `finder` says.
///
/// # Safety
/// As [`urlx_linkify_html_with`].
#[no_mangle]
pub unsafe extern "C" fn urlx_linkify_osc8_with(
    finder: *const Finder,
    text: *const c_char,
    len: usize,
    out: *mut *mut c_char,
    out_len: *mut usize,
    written: *mut usize,
) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe {
        linkify_into(
            Writer::Osc8,
            Use::Caller(finder),
            text,
            len,
            out,
            out_len,
            written,
        )
    }
}

/// The message `msg[0..len]` as a reader sees it, as HTML (an `<article>`
/// with its header fields and its body in a `<pre>`), the default options.
///
/// # Safety
/// As [`urlx_linkify_html`].
#[no_mangle]
pub unsafe extern "C" fn urlx_message_html(
    msg: *const c_char,
    len: usize,
    out: *mut *mut c_char,
    out_len: *mut usize,
) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe {
        linkify_into(
            Writer::MessageHtml,
            Use::Defaults,
            msg,
            len,
            out,
            out_len,
            ptr::null_mut(),
        )
    }
}

/// [`urlx_message_html`] with `finder`'s options and render callback.
///
/// # Safety
/// As [`urlx_linkify_html_with`].
#[no_mangle]
pub unsafe extern "C" fn urlx_message_html_with(
    finder: *const Finder,
    msg: *const c_char,
    len: usize,
    out: *mut *mut c_char,
    out_len: *mut usize,
    written: *mut usize,
) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe {
        linkify_into(
            Writer::MessageHtml,
            Use::Caller(finder),
            msg,
            len,
            out,
            out_len,
            written,
        )
    }
}

/// The message `msg[0..len]` as a reader sees it, for a terminal (OSC 8
/// hyperlinks), the default options.
///
/// # Safety
/// As [`urlx_linkify_html`].
#[no_mangle]
pub unsafe extern "C" fn urlx_message_osc8(
    msg: *const c_char,
    len: usize,
    out: *mut *mut c_char,
    out_len: *mut usize,
) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe {
        linkify_into(
            Writer::MessageOsc8,
            Use::Defaults,
            msg,
            len,
            out,
            out_len,
            ptr::null_mut(),
        )
    }
}

/// [`urlx_message_osc8`] with `finder`'s options.
///
/// # Safety
/// As [`urlx_linkify_html_with`].
#[no_mangle]
pub unsafe extern "C" fn urlx_message_osc8_with(
    finder: *const Finder,
    msg: *const c_char,
    len: usize,
    out: *mut *mut c_char,
    out_len: *mut usize,
    written: *mut usize,
) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe {
        linkify_into(
            Writer::MessageOsc8,
            Use::Caller(finder),
            msg,
            len,
            out,
            out_len,
            written,
        )
    }
}

/// Appends `bytes[0..len]` to a render callback's output.
///
/// # Safety
/// `out` must be the pointer the callback was given, during the callback;
/// `data` must point to `len` readable bytes (or be NULL with `len` 0).
#[no_mangle]
pub unsafe extern "C" fn urlx_out_write(
    out: *mut Out<'_>,
    data: *const c_char,
    len: usize,
) -> c_int {
    // SAFETY: NULL or the live writer, as promised.
    let Some(out) = (unsafe { out.as_mut() }) else {
        return ERR_ARGUMENT;
    };
    guard(|| {
        // SAFETY: forwarded from the caller.
        let b = unsafe { bytes(data, len) }?;
        out.0.write_all(b).map_err(|_| ERR_PANIC)
    })
}

/// `text[0..len]` HTML-escaped as urlx escapes the text around links (for
/// what a render callback writes of its own).
///
/// # Safety
/// `text` must point to `len` readable bytes (or be NULL with `len` 0);
/// `out` writable; `out_len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn urlx_escape_html(
    text: *const c_char,
    len: usize,
    out: *mut *mut c_char,
    out_len: *mut usize,
) -> c_int {
    // SAFETY: NULL or writable, as promised.
    unsafe { put(out_len, 0) };
    if out.is_null() {
        return ERR_ARGUMENT;
    }
    // SAFETY: writable, as promised.
    unsafe { out.write(ptr::null_mut()) };
    guard(|| {
        // SAFETY: forwarded from the caller.
        let text = unsafe { bytes(text, len) }?;
        let mut buf = buffer::new(text.len() + text.len() / 8);
        linkify::escape_text(&mut buf, text).map_err(|_| ERR_PANIC)?;
        let (s, len) = buffer::finish(buf);
        // SAFETY: NULL or writable, as promised.
        unsafe {
            out.write(s);
            put(out_len, len);
        }
        Ok(())
    })
}
