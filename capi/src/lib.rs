//! The C ABI of urlx (`include/urlx.h`): as thin as the command line; all
//! behaviour lives in the `urlx` crate. No panic crosses into C: every entry
//! point catches unwinding and answers NULL or -1.
#![allow(unsafe_code)]

use std::ffi::{c_char, c_int, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::ptr;

/// One link as C sees it, owning its strings.
struct Item {
    start: usize,
    end: usize,
    line: usize,
    column: usize,
    url: CString,
    alt: Option<CString>,
    form: c_int,
}

/// The opaque `urlx_links`.
pub struct Links {
    items: Vec<Item>,
}

/// Mirrors `struct urlx_link`.
#[repr(C)]
pub struct Link {
    start: usize,
    end: usize,
    line: usize,
    column: usize,
    url: *const c_char,
    alt: *const c_char,
    form: c_int,
}

fn form_code(f: urlx::Form) -> c_int {
    match f {
        urlx::Form::UrlPrefix => 0,
        urlx::Form::Angle => 1,
        urlx::Form::Quoted => 2,
        urlx::Form::Bare => 3,
        urlx::Form::Abbreviated => 4,
        urlx::Form::Email => 5,
        _ => 3,
    }
}

/// # Safety
/// `text` must point to `len` readable bytes (or be NULL with `len` 0).
unsafe fn bytes<'a>(text: *const c_char, len: usize) -> Option<&'a [u8]> {
    if text.is_null() {
        return if len == 0 { Some(&[]) } else { None };
    }
    // SAFETY: the caller promises `len` readable bytes at `text`.
    Some(unsafe { std::slice::from_raw_parts(text.cast::<u8>(), len) })
}

/// # Safety
/// `text` must point to `len` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn urlx_find(text: *const c_char, len: usize) -> *mut Links {
    // SAFETY: forwarded from the caller.
    let Some(text) = (unsafe { bytes(text, len) }) else {
        return ptr::null_mut();
    };
    let r = catch_unwind(AssertUnwindSafe(|| {
        let items = urlx::find(text)
            .map(|l| Item {
                start: l.start(),
                end: l.end(),
                line: l.line() as usize,
                column: l.column() as usize,
                // URLs hold no NUL: the parser refuses control characters.
                url: CString::new(l.as_str()).unwrap_or_default(),
                alt: l.alt().map(|a| CString::new(a).unwrap_or_default()),
                form: form_code(l.form()),
            })
            .collect();
        Box::into_raw(Box::new(Links { items }))
    }));
    r.unwrap_or(ptr::null_mut())
}

/// # Safety
/// `links` must be NULL or come from `urlx_find` and not be freed.
#[no_mangle]
pub unsafe extern "C" fn urlx_links_count(links: *const Links) -> usize {
    // SAFETY: NULL or a live list, as promised.
    unsafe { links.as_ref() }.map_or(0, |l| l.items.len())
}

/// # Safety
/// `links` as for `urlx_links_count`; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn urlx_links_get(links: *const Links, i: usize, out: *mut Link) -> c_int {
    // SAFETY: NULL or a live list, as promised.
    let Some(links) = (unsafe { links.as_ref() }) else {
        return -1;
    };
    let Some(item) = links.items.get(i) else {
        return -1;
    };
    if out.is_null() {
        return -1;
    }
    let link = Link {
        start: item.start,
        end: item.end,
        line: item.line,
        column: item.column,
        url: item.url.as_ptr(),
        alt: item.alt.as_ref().map_or(ptr::null(), |a| a.as_ptr()),
        form: item.form,
    };
    // SAFETY: `out` is non-NULL and writable, as promised.
    unsafe { out.write(link) };
    0
}

/// # Safety
/// `links` must be NULL or come from `urlx_find`, freed once.
#[no_mangle]
pub unsafe extern "C" fn urlx_links_free(links: *mut Links) {
    if !links.is_null() {
        // SAFETY: made by Box::into_raw in urlx_find, freed once.
        drop(unsafe { Box::from_raw(links) });
    }
}

/// # Safety
/// `text` must point to `len` readable bytes; `out_len` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn urlx_linkify_html(
    text: *const c_char,
    len: usize,
    out_len: *mut usize,
) -> *mut c_char {
    // SAFETY: forwarded from the caller.
    let Some(text) = (unsafe { bytes(text, len) }) else {
        return ptr::null_mut();
    };
    let r = catch_unwind(AssertUnwindSafe(|| {
        let mut out = Vec::with_capacity(text.len() + text.len() / 4);
        let _ = urlx::linkify::write_html(
            &mut out,
            &urlx::Finder::new(),
            text,
            &urlx::linkify::Options::default(),
        );
        // Escaped HTML holds no NUL (controls become U+FFFD).
        let s = CString::new(out).unwrap_or_default();
        if !out_len.is_null() {
            // SAFETY: non-NULL and writable, as promised.
            unsafe { out_len.write(s.as_bytes().len()) };
        }
        s.into_raw()
    }));
    r.unwrap_or(ptr::null_mut())
}

/// # Safety
/// `s` must be NULL or come from `urlx_linkify_html`, freed once.
#[no_mangle]
pub unsafe extern "C" fn urlx_free(s: *mut c_char) {
    if !s.is_null() {
        // SAFETY: made by CString::into_raw, freed once.
        drop(unsafe { CString::from_raw(s) });
    }
}
