//! The compressed-input and archive readers (`urlx::unpack`) on any bytes,
//! under small limits (a 1 MiB dictionary or window, 4 KiB names, 2 MiB
//! decoded): no panic, no hang, and, run with `-malloc_limit_mb=32`, no
//! allocation a header sizes past the limits (CONTRACT C-S8). The first
//! byte picks the reader; what a stream decodes to is read again as an
//! archive when it is one (a `.tar.gz`), as the command reads it.
#![no_main]

use std::cell::Cell;
use std::io::{self, Read};
use std::rc::Rc;

use libfuzzer_sys::fuzz_target;
use urlx::unpack::{tar_members, zip_members, zip_members_seekable};
use urlx::unpack::{Archive, Capped, Limits, Member, Packing};

const LIMITS: Limits = Limits {
    dictionary: 1 << 20,
    name: 4 << 10,
};
const CAP: u64 = 2 << 20;

/// Reads a reader to its end or its first error, under the shared cap.
fn drain(r: impl Read, left: &Rc<Cell<u64>>) -> Vec<u8> {
    let mut out = Vec::new();
    let _ = Capped::new(r, Rc::clone(left), CAP, "cap").read_to_end(&mut out);
    out
}

/// Every member of an archive, each read under the cap.
fn members(a: Archive, bytes: &[u8], seekable: bool, left: &Rc<Cell<u64>>) {
    let each = |m: Member<'_>| -> io::Result<bool> {
        assert!(m.name.len() <= 4 << 10 || !m.name.is_empty());
        drain(m.reader, left);
        Ok(left.get() > 0)
    };
    let _ = match (a, seekable) {
        (Archive::Tar, _) => tar_members(bytes, &LIMITS, each),
        (Archive::Zip, true) => zip_members_seekable(io::Cursor::new(bytes), &LIMITS, each),
        (Archive::Zip, false) => zip_members(bytes, &LIMITS, each),
    };
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, bytes)) = data.split_first() else {
        return;
    };
    let left = Rc::new(Cell::new(CAP));
    match pick % 8 {
        0 => members(Archive::Tar, bytes, false, &left),
        1 => members(Archive::Zip, bytes, false, &left),
        2 => members(Archive::Zip, bytes, true, &left),
        k => {
            let p = [Packing::Gzip, Packing::Bzip2, Packing::Xz, Packing::Zstd, Packing::Xz][usize::from(k - 3)];
            let out = drain(p.decoder(bytes, &LIMITS), &left);
            if let Some(a) = Archive::sniff(&out) {
                members(a, &out, pick & 0x80 != 0, &left);
            }
        }
    }
});
