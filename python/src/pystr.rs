//! The bytes the finder reads for a Python `str`, taken from the
//! string's own storage (PEP 393) with the GIL released.
//!
//! CPython keeps a `str` as one byte, two bytes or four bytes a code
//! point. Asking it for UTF-8 (`PyUnicode_AsUTF8AndSize`) encodes with
//! the GIL held, one code point at a time, and keeps a second copy of the
//! text for the life of the string. Here an ASCII string's storage is its
//! UTF-8 and is read in place; any other is transcoded once, with the GIL
//! released and SIMD for ASCII stretches (`encoding_rs::mem`).
//!
//! PERF: `python python/bench/bench.py --mb 33` (the `urlx.find(str)` row
//! against the command's).
//!
//! A lone surrogate, which CPython allows in a `str` and which Python's
//! `surrogateescape` error handler (the `email` package, `os.fsdecode`)
//! makes of bytes that are not UTF-8, is read as the byte it stands for:
//! U+DC80..U+DCFF as 0x80..0xFF. Any other lone surrogate is read as
//! U+FFFD. The finder's offsets index these bytes, which are
//! `s.encode("utf-8", "surrogateescape")` whenever that encodes.
//!
//! The one module of the extension with `unsafe`: reading the storage.

use pyo3::prelude::*;
use pyo3::types::string::PyStringData;
use pyo3::types::PyString;

/// Calls `f` with the bytes of `s` (see the module's doc), the GIL
/// released for the transcoding and for `f`.
pub fn with_bytes<R, F>(s: &Bound<'_, PyString>, f: F) -> PyResult<R>
where
    R: Send,
    F: FnOnce(&[u8]) -> R + Send,
{
    let py = s.py();
    // SAFETY: `data` reads the string's PEP 393 storage. The slices it
    // returns borrow `s`, which holds a strong reference for as long as
    // they live; a `str` is immutable once made, so other threads running
    // while the GIL is released cannot change what the slices point at.
    // pyo3 decodes the `state` bitfield by hand, which holds on the
    // little-endian targets the wheels are built for and is tested by
    // `python/tests/test_api.py` (every storage kind).
    let data = unsafe { s.data()? };
    Ok(match data {
        PyStringData::Ucs1(b) if b.is_ascii() => py.detach(|| f(b)),
        data => py.detach(|| {
            let mut buf = SCRATCH.take();
            utf8(data, &mut buf);
            let r = f(&buf);
            if buf.capacity() <= KEPT {
                SCRATCH.set(buf);
            }
            r
        }),
    })
}

/// The most bytes of transcoding room a thread keeps between calls.
const KEPT: usize = 64 << 20;

thread_local! {
    // PERF: fresh room for a 32 MB text cost 8,000 page faults a call
    // (`python python/bench/bench.py --mb 33`, `urlx.find(str)`).
    static SCRATCH: std::cell::Cell<Vec<u8>> = const { std::cell::Cell::new(Vec::new()) };
}

/// The UTF-8 of a `str`'s storage, lone surrogates read as the module's
/// doc says, into `out` (its old content dropped).
fn utf8(data: PyStringData<'_>, out: &mut Vec<u8>) {
    let n = match data {
        PyStringData::Ucs1(b) => {
            room(out, b.len() * 2);
            encoding_rs::mem::convert_latin1_to_utf8(b, out)
        }
        PyStringData::Ucs2(u) => ucs2(u, out),
        PyStringData::Ucs4(u) => ucs4(u, out),
    };
    out.truncate(n);
}

/// `out` made `len` bytes long, its bytes not cleared: every caller
/// writes before it reads.
fn room(out: &mut Vec<u8>, len: usize) {
    if out.len() < len {
        out.resize(len, 0);
    }
}

/// Code points looked at a time for a surrogate or a non-ASCII one: no
/// early exit inside a block, so that the compiler vectorizes it.
const BLOCK: usize = 16;

/// Two-byte storage: `encoding_rs` between surrogates. Every surrogate
/// in it is a code point of its own (a string with a code point past
/// U+FFFF is stored four bytes wide), so none may be paired with its
/// neighbour as a UTF-16 decoder would.
fn ucs2(u: &[u16], out: &mut Vec<u8>) -> usize {
    room(out, u.len() * 3);
    let mut n = 0;
    let mut rest = u;
    loop {
        let cut = first_surrogate(rest);
        n += encoding_rs::mem::convert_utf16_to_utf8(&rest[..cut], &mut out[n..]);
        let Some(&c) = rest.get(cut) else { break };
        n += code_point(c.into(), &mut out[n..]);
        rest = &rest[cut + 1..];
    }
    n
}

fn first_surrogate(u: &[u16]) -> usize {
    let is_surrogate = |c: u16| c & 0xF800 == 0xD800;
    let mut at = 0;
    for block in u.chunks(BLOCK) {
        if block.iter().fold(false, |any, &c| any | is_surrogate(c)) {
            return at + block.iter().position(|&c| is_surrogate(c)).unwrap_or(0);
        }
        at += block.len();
    }
    u.len()
}

/// Four-byte storage: ASCII a block at a time, the rest one code point
/// at a time.
fn ucs4(u: &[u32], out: &mut Vec<u8>) -> usize {
    // Room for ASCII and a little more, grown as other code points come.
    room(out, u.len() + u.len() / 16 + BLOCK);
    let mut n = 0;
    let mut i = 0;
    while i < u.len() {
        if out.len() - n < BLOCK {
            let more = out.len() + out.len() / 2 + (u.len() - i);
            room(out, more);
        }
        if let Some(block) = u.get(i..i + BLOCK) {
            let block: &[u32; BLOCK] = block.try_into().expect("BLOCK code points");
            let dst: &mut [u8; BLOCK] = (&mut out[n..n + BLOCK]).try_into().expect("BLOCK bytes");
            if ascii_block(block, dst) {
                n += BLOCK;
                i += BLOCK;
                continue;
            }
        }
        n += code_point(u[i], &mut out[n..]);
        i += 1;
    }
    n
}

/// When the 16 code points are ASCII, writes them as bytes to `dst` and
/// returns true (else `dst` is left as it may be, false).
// PERF: SSE2 packs the block in four loads and one store; the compiler
// narrowed it one byte at a time. `python python/bench/bench.py --mb 33`,
// `urlx.find(str)` on a string stored four bytes wide.
#[cfg(target_arch = "x86_64")]
fn ascii_block(block: &[u32; BLOCK], dst: &mut [u8; BLOCK]) -> bool {
    use std::arch::x86_64::*;
    // SAFETY: SSE2 is part of x86_64. The four unaligned loads read the
    // 64 bytes of `block` and the store writes the 16 bytes of `dst`,
    // both whole arrays borrowed for the call.
    unsafe {
        let p = block.as_ptr().cast::<__m128i>();
        let (a, b, c, d) = (
            _mm_loadu_si128(p),
            _mm_loadu_si128(p.add(1)),
            _mm_loadu_si128(p.add(2)),
            _mm_loadu_si128(p.add(3)),
        );
        let any = _mm_or_si128(_mm_or_si128(a, b), _mm_or_si128(c, d));
        // Every code point below 0x80: no bit above the lowest seven.
        let high = _mm_andnot_si128(_mm_set1_epi32(0x7F), any);
        if _mm_movemask_epi8(_mm_cmpeq_epi8(high, _mm_setzero_si128())) != 0xFFFF {
            return false;
        }
        // Values below 0x80 pass the signed packs unchanged.
        let bytes = _mm_packus_epi16(_mm_packs_epi32(a, b), _mm_packs_epi32(c, d));
        _mm_storeu_si128(dst.as_mut_ptr().cast::<__m128i>(), bytes);
    }
    true
}

#[cfg(not(target_arch = "x86_64"))]
fn ascii_block(block: &[u32; BLOCK], dst: &mut [u8; BLOCK]) -> bool {
    if block.iter().fold(0, |acc, &c| acc | c) >= 0x80 {
        return false;
    }
    for (d, &c) in dst.iter_mut().zip(block) {
        *d = c as u8;
    }
    true
}

/// Writes one code point's UTF-8 (a lone surrogate as the module's doc
/// says) at the start of `out`, which has room for four bytes; returns
/// how many it wrote.
fn code_point(c: u32, out: &mut [u8]) -> usize {
    if (0xDC80..0xDD00).contains(&c) {
        out[0] = (c - 0xDC00) as u8;
        1
    } else {
        char::from_u32(c)
            .unwrap_or(char::REPLACEMENT_CHARACTER)
            .encode_utf8(out)
            .len()
    }
}
