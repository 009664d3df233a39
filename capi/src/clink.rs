//! The C structs of a link, `urlx_span` and `urlx_link`, as `urlx.h`
//! declares them: below the modules that fill them (`links`) and hand
//! them to a render callback (`render`).

use std::ffi::{c_char, c_int};

/// Mirrors `urlx_span`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    pub(crate) start: usize,
    pub(crate) end: usize,
}

/// Mirrors `urlx_link`. Its pointers point into the [`Record`] it was
/// made from.
#[repr(C)]
pub struct CLink {
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) line: usize,
    pub(crate) column: usize,
    pub(crate) char_column: usize,
    pub(crate) url: *const c_char,
    pub(crate) alt: *const c_char,
    pub(crate) scheme: *const c_char,
    pub(crate) host: *const c_char,
    pub(crate) form: c_int,
    pub(crate) truncated: c_int,
    pub(crate) linkable: c_int,
    pub(crate) deception: c_int,
    pub(crate) deception_reason: *const c_char,
    pub(crate) segments: *const Span,
    pub(crate) segment_count: usize,
    pub(crate) unwrapped: *const c_char,
    pub(crate) redirect: *const c_char,
}
