//! `unpack`: the inputs a file's bytes hold once decoded, as the command
//! reads them: a gzip, bzip2, xz or zstd stream decoded, a tar or zip
//! archive opened member by member (four levels deep at most), under the
//! command's caps (`--max-decompressed` for all the decoded bytes of one
//! file, `--max-dictionary` for a stream's dictionary or window).

use std::cell::Cell;
use std::io::{self, Cursor, Read};
use std::rc::Rc;

use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use pyo3::types::PyBytes;

use urlx::unpack::{
    tar_members, zip_members, zip_members_seekable, Archive, Capped, Limits, Member, Packing,
};

/// How deep archives and streams are opened inside one another, as the
/// command does.
const MAX_DEPTH: u32 = 4;
/// The first bytes looked at for a format's magic.
const PROBE: usize = 8 << 10;

/// Calls `each(member, data)` for every input in `data` (the bytes of one
/// file): `member` is None for the file itself or its decoded stream,
/// else the archive member's name, nested names joined by ":" as the
/// command's `member` field gives them. Bytes that are neither compressed
/// nor an archive come back once, as they are. Returns the errors met,
/// as (member, reason): a stream cut short, a corrupt archive, a cap
/// reached. What was decoded before an error is given to `each` first.
#[pyfunction]
#[pyo3(signature = (data, each, *, max_decompressed=4 << 30, max_dictionary=64 << 20))]
pub fn unpack(
    data: PyBackedBytes,
    each: Bound<'_, PyAny>,
    max_decompressed: u64,
    max_dictionary: u64,
) -> PyResult<Vec<(Option<String>, String)>> {
    let mut u = Unpacking {
        each,
        limits: Limits {
            dictionary: max_dictionary,
            ..Limits::default()
        },
        budget: Rc::new(Cell::new(max_decompressed)),
        max: max_decompressed,
        errors: Vec::new(),
        failed: None,
    };
    u.source(None, Box::new(Cursor::new(&data[..])), Some(&data), 0);
    match u.failed {
        Some(e) => Err(e),
        None => Ok(u.errors),
    }
}

struct Unpacking<'py> {
    each: Bound<'py, PyAny>,
    limits: Limits,
    budget: Rc<Cell<u64>>,
    max: u64,
    errors: Vec<(Option<String>, String)>,
    /// An exception `each` raised: everything stops.
    failed: Option<PyErr>,
}

impl Unpacking<'_> {
    fn capped<R>(&self, r: R) -> Capped<R> {
        Capped::new(r, Rc::clone(&self.budget), self.max, "--max-decompressed")
    }

    /// Reads one source to its end; returns whether it got there.
    /// `whole` is the file's bytes when the source is the file itself (a
    /// zip is then read through its central directory, as the command
    /// reads a zip file).
    fn source(
        &mut self,
        member: Option<String>,
        mut r: Box<dyn Read + '_>,
        whole: Option<&[u8]>,
        depth: u32,
    ) -> bool {
        let mut head = Vec::with_capacity(PROBE);
        let broken = r.by_ref().take(PROBE as u64).read_to_end(&mut head).err();
        if broken.is_none() && depth < MAX_DEPTH {
            if let Some(p) = Packing::sniff(&head) {
                let stream = Cursor::new(head).chain(r);
                let decoded = self.capped(p.decoder(io::BufReader::new(stream), &self.limits));
                return self.source(member, Box::new(decoded), None, depth + 1);
            }
            if let Some(a) = Archive::sniff(&head) {
                let stream = Cursor::new(head).chain(r);
                let limits = self.limits;
                let each = |m: Member<'_>| -> io::Result<bool> {
                    let name = match &member {
                        Some(outer) => format!("{outer}:{}", m.name),
                        None => m.name,
                    };
                    let reader: Box<dyn Read + '_> = if m.decoded {
                        Box::new(self.capped(m.reader))
                    } else {
                        m.reader
                    };
                    Ok(self.source(Some(name), reader, None, depth + 1) && self.failed.is_none())
                };
                let read = match (a, whole) {
                    (Archive::Tar, _) => tar_members(stream, &limits, each),
                    (Archive::Zip, Some(file)) => {
                        zip_members_seekable(Cursor::new(file), &limits, each)
                    }
                    (Archive::Zip, None) => zip_members(stream, &limits, each),
                };
                if let Err(e) = read {
                    self.errors.push((member, reason(&e)));
                    return false;
                }
                return true;
            }
        }
        let mut data = head;
        let error = match broken {
            Some(e) => Some(e),
            None => r.read_to_end(&mut data).err(),
        };
        if self.failed.is_none() {
            let py = self.each.py();
            let call = self
                .each
                .call1((member.clone(), PyBytes::new(py, &data)))
                .map(drop);
            self.failed = call.err();
        }
        match error {
            Some(e) => {
                self.errors.push((member, reason(&e)));
                false
            }
            None => true,
        }
    }
}

/// An error as the command words it: without the OS's error number.
fn reason(e: &io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_owned(),
        None => s,
    }
}

/// The compression or archive format `head` (a file's first bytes) starts
/// with, as the command knows them by their magic: "gzip", "bzip2", "xz",
/// "zstd", "tar", "zip"; or None.
#[pyfunction]
pub fn packed(head: PyBackedBytes) -> Option<&'static str> {
    match (Packing::sniff(&head), Archive::sniff(&head)) {
        (Some(p), _) => Some(p.name()),
        (None, Some(Archive::Tar)) => Some("tar"),
        (None, Some(Archive::Zip)) => Some("zip"),
        (None, None) => None,
    }
}
