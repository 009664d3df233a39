//! The C ABI of urlx (`include/urlx.h`): as thin as the command line; all
//! behaviour lives in the `urlx` crate.
//!
//! - `links.rs`: link records as C sees them, `urlx_find*`.
//! - `finder.rs`: the `urlx_finder` options handle and its setters.
//! - `linkify.rs`: HTML and OSC 8 output (of text, and of a message's
//!   reading view), the render callback.
//! - `mail.rs`: the links of a message or an mbox, `urlx_find_mail*`.
//!
//! Every entry point that can fail returns a status and runs inside
//! [`guard`], so that no panic unwinds into C: a caught panic is
//! `URLX_ERR_PANIC`, never confused with a wrong argument.
#![allow(unsafe_code)]

mod clink;
mod finder;
mod linkify;
mod links;
mod mail;
mod render;

use std::ffi::{c_char, c_int, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};

pub use clink::{CLink, Span};
pub use finder::Finder;
pub use links::Links;
pub use mail::{CMailLink, MailLinks};
pub use render::Out;

/// `URLX_OK`.
pub const OK: c_int = 0;
/// `URLX_ERR_ARGUMENT`: a NULL pointer where one is needed, a string that
/// is not UTF-8, a length past the address space.
pub const ERR_ARGUMENT: c_int = 1;
/// `URLX_ERR_OPTION`: a value an option refuses.
pub const ERR_OPTION: c_int = 2;
/// `URLX_ERR_CALLBACK`: the render callback asked to stop.
pub const ERR_CALLBACK: c_int = 3;
/// `URLX_ERR_PANIC`: urlx failed inside.
pub const ERR_PANIC: c_int = 4;
/// `URLX_ERR_BUSY`: a setter on a finder a call is using.
pub const ERR_BUSY: c_int = 5;

/// Runs an entry point's body: its status, or `ERR_PANIC` when it
/// panicked (the panic stops here, it never reaches C).
fn guard(body: impl FnOnce() -> Result<(), c_int>) -> c_int {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => OK,
        Ok(Err(status)) => status,
        Err(_) => ERR_PANIC,
    }
}

/// The bytes `text[0..len]`.
///
/// # Safety
/// `text` must point to `len` readable bytes, or be NULL with `len` 0.
unsafe fn bytes<'a>(text: *const c_char, len: usize) -> Result<&'a [u8], c_int> {
    if len > isize::MAX as usize {
        return Err(ERR_ARGUMENT);
    }
    if text.is_null() {
        return if len == 0 { Ok(&[]) } else { Err(ERR_ARGUMENT) };
    }
    // SAFETY: the caller promises `len` readable bytes at `text`, and
    // `len` fits a slice.
    Ok(unsafe { std::slice::from_raw_parts(text.cast::<u8>(), len) })
}

/// A NUL-terminated UTF-8 string, or `None` for NULL.
///
/// # Safety
/// `s` must be NULL or point to a NUL-terminated string.
unsafe fn opt_str<'a>(s: *const c_char) -> Result<Option<&'a str>, c_int> {
    if s.is_null() {
        return Ok(None);
    }
    // SAFETY: non-NULL and NUL-terminated, as the caller promises.
    let s = unsafe { CStr::from_ptr(s) };
    s.to_str().map(Some).map_err(|_| ERR_ARGUMENT)
}

/// Writes `value` to `out` when `out` is not NULL.
///
/// # Safety
/// `out` must be NULL or writable.
unsafe fn put<T>(out: *mut T, value: T) {
    if !out.is_null() {
        // SAFETY: non-NULL and writable, as the caller promises.
        unsafe { out.write(value) };
    }
}

/// The version of the library, "MAJOR.MINOR.PATCH".
#[no_mangle]
pub extern "C" fn urlx_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

/// What a status means, in a sentence.
#[no_mangle]
pub extern "C" fn urlx_status_str(status: c_int) -> *const c_char {
    let s: &'static str = match status {
        OK => "success\0",
        ERR_ARGUMENT => "an argument is wrong (NULL, not UTF-8, or too long)\0",
        ERR_OPTION => "an option's value is refused\0",
        ERR_CALLBACK => "the render callback stopped the call\0",
        ERR_PANIC => "urlx failed inside (a bug: please report it)\0",
        ERR_BUSY => "the finder is in use by a call: configure it before sharing it\0",
        _ => "unknown status\0",
    };
    s.as_ptr().cast()
}

/// Output urlx hands to C: NUL-terminated, its length before it, so that
/// [`urlx_free`] frees it whole even when it holds a NUL.
mod buffer {
    use std::ffi::c_char;

    const HEADER: usize = std::mem::size_of::<usize>();

    /// A buffer to write into; [`finish`] hands it to C.
    pub fn new(capacity: usize) -> Vec<u8> {
        let mut b = Vec::with_capacity(HEADER + capacity + 1);
        b.extend_from_slice(&[0; HEADER]);
        b
    }

    /// The C string and its length (NUL excluded).
    pub fn finish(mut b: Vec<u8>) -> (*mut c_char, usize) {
        let len = b.len() - HEADER;
        b[..HEADER].copy_from_slice(&len.to_ne_bytes());
        b.push(0);
        let base = Box::into_raw(b.into_boxed_slice()).cast::<u8>();
        // SAFETY: the allocation holds HEADER + len + 1 bytes.
        (unsafe { base.add(HEADER) }.cast(), len)
    }

    /// Frees what [`finish`] made.
    ///
    /// # Safety
    /// `s` must come from [`finish`] and not have been freed.
    pub unsafe fn free(s: *mut c_char) {
        // SAFETY: `finish` put the header right before `s`, in the same
        // allocation, whose size it gives.
        unsafe {
            let base = s.cast::<u8>().sub(HEADER);
            let mut header = [0u8; HEADER];
            std::ptr::copy_nonoverlapping(base, header.as_mut_ptr(), HEADER);
            let len = usize::from_ne_bytes(header);
            let whole = std::ptr::slice_from_raw_parts_mut(base, HEADER + len + 1);
            drop(Box::from_raw(whole));
        }
    }
}

/// Frees a string urlx returned; NULL is ignored.
///
/// # Safety
/// `s` must be NULL or come from a `urlx_linkify_*` call or
/// `urlx_escape_html`, freed once.
#[no_mangle]
pub unsafe extern "C" fn urlx_free(s: *mut c_char) {
    if !s.is_null() {
        // SAFETY: made by buffer::finish, freed once, as promised.
        unsafe { buffer::free(s) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_is_a_status_of_its_own() {
        assert_eq!(guard(|| panic!("inside")), ERR_PANIC);
        assert_eq!(guard(|| Err(ERR_ARGUMENT)), ERR_ARGUMENT);
        assert_eq!(guard(|| Ok(())), OK);
    }

    #[test]
    fn every_status_has_its_sentence() {
        let sentences: Vec<_> = [
            OK,
            ERR_ARGUMENT,
            ERR_OPTION,
            ERR_CALLBACK,
            ERR_PANIC,
            ERR_BUSY,
            99,
        ]
        .map(|s| {
            // SAFETY: static NUL-terminated strings.
            unsafe { CStr::from_ptr(urlx_status_str(s)) }
                .to_str()
                .unwrap()
        })
        .into();
        let mut unique = sentences.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), sentences.len(), "{sentences:?}");
    }

    #[test]
    fn buffers_round_trip_with_a_nul_inside() {
        let mut b = buffer::new(4);
        b.extend_from_slice(b"a\0b");
        let (s, len) = buffer::finish(b);
        assert_eq!(len, 3);
        // SAFETY: `s` holds len + 1 bytes.
        let got = unsafe { std::slice::from_raw_parts(s.cast::<u8>(), len + 1) };
        assert_eq!(got, b"a\0b\0");
        // SAFETY: made by finish above.
        unsafe { urlx_free(s) };
    }
}
