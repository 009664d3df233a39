//! A window of a regular file mapped into memory: a piece of a large file
//! is scanned where the page cache holds it, with no copy into a buffer
//! (which, with two threads, halves what the memory bus carries). Each
//! piece maps only its own window and unmaps it once printed, so the pages
//! mapped at a time are those of the pieces in flight.
//!
//! The one `unsafe` of the command: a mapped file that another process
//! truncates while it is read ends the process with SIGBUS, and one it
//! rewrites changes under the scan (a scan of bytes that change gives
//! wrong links, never an unsafe access: the finder only reads them).
//! `rg` maps files on the same terms.

#![allow(unsafe_code)]

use std::fs::File;
use std::io;

/// Map offsets are rounded down to this (a multiple of any page size).
const ALIGN: u64 = 64 << 10;

/// A piece's bytes: mapped, or read into a buffer.
pub enum Window {
    Mapped { map: memmap2::Mmap, skip: usize },
    Read(Vec<u8>),
}

impl AsRef<[u8]> for Window {
    fn as_ref(&self) -> &[u8] {
        match self {
            Window::Mapped { map, skip } => &map[*skip..],
            Window::Read(v) => v,
        }
    }
}

/// Bytes `offset..offset + len` of `file`, mapped.
pub fn map(file: &File, offset: u64, len: usize) -> io::Result<Window> {
    if len == 0 {
        return Ok(Window::Read(Vec::new()));
    }
    let aligned = offset - offset % ALIGN;
    let skip = (offset - aligned) as usize;
    // SAFETY: the map is read only and private to this process; the file
    // changing under it is the hazard the module's comment states.
    let map = unsafe {
        memmap2::MmapOptions::new()
            .offset(aligned)
            .len(len + skip)
            .populate()
            .map(file)?
    };
    Ok(Window::Mapped { map, skip })
}
