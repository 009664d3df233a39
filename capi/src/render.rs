//! The C render callback (`urlx_render_fn`) and what it is given: the
//! link about to be written (`urlx_rendered`) and the writer it appends
//! to (`urlx_out`).

use std::ffi::{c_char, c_int, c_void};
use std::io::Write;

use crate::clink::CLink;

/// `urlx_render_fn`.
pub type RenderFn =
    unsafe extern "C" fn(user: *mut c_void, rendered: *const Rendered, out: *mut Out<'_>) -> c_int;

/// A render callback and the pointer it is given.
#[derive(Clone, Copy)]
pub(crate) struct Render {
    pub(crate) call: RenderFn,
    pub(crate) user: *mut c_void,
}

// SAFETY: urlx only passes `user` back to `call`; the header tells the
// caller that the callback runs on the threads of the linkify calls that
// use its finder, at once when they run at once.
unsafe impl Send for Render {}
// SAFETY: as above.
unsafe impl Sync for Render {}

/// The opaque `urlx_out`: the writer a render callback appends to.
pub struct Out<'a>(pub(crate) &'a mut dyn Write);

/// Mirrors `urlx_rendered`.
#[repr(C)]
pub struct Rendered {
    pub(crate) link: *const CLink,
    pub(crate) number: usize,
    pub(crate) segment: usize,
    pub(crate) href: *const c_char,
    pub(crate) text: *const c_char,
    pub(crate) title: *const c_char,
}
