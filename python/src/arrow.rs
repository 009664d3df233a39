//! The Arrow path: the links of every row of a string or binary array as
//! Arrow buffers (a list of structs a row), built in Rust without a
//! Python object per link; `urlx/arrow.py` wraps the buffers as pyarrow
//! arrays.

use std::collections::HashMap;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use pyo3::types::PyBytes;

use crate::finder::{self, Finder};
use urlx::LinkRecord;

/// A nullable string column: Arrow's offsets (int32), data and validity
/// bitmap.
#[derive(Default)]
struct StrCol {
    offsets: Vec<u8>,
    data: Vec<u8>,
    validity: Vec<u8>,
    len: usize,
    nulls: usize,
}

impl StrCol {
    fn new() -> StrCol {
        let mut c = StrCol::default();
        c.offsets.extend_from_slice(&0i32.to_le_bytes());
        c
    }

    fn push(&mut self, v: Option<&str>) -> PyResult<()> {
        if let Some(s) = v {
            self.data.extend_from_slice(s.as_bytes());
        } else {
            self.nulls += 1;
        }
        push_bit(&mut self.validity, self.len, v.is_some());
        self.len += 1;
        let end = i32::try_from(self.data.len())
            .map_err(|_| PyValueError::new_err("more than 2 GiB of URL text in one batch"))?;
        self.offsets.extend_from_slice(&end.to_le_bytes());
        Ok(())
    }
}

fn push_bit(bits: &mut Vec<u8>, i: usize, on: bool) {
    if i.is_multiple_of(8) {
        bits.push(0);
    }
    if on {
        *bits.last_mut().unwrap_or(&mut 0) |= 1 << (i % 8);
    }
}

/// The columns of the links of `length` rows of an Arrow string or binary
/// array whose buffers are given: `offsets` (little-endian, `offset_width`
/// 4 or 8 bytes each, from row `array_offset`), `data`, and `validity` (a
/// null row has no links). `mail`: each row is mail (an mbox or a
/// message), found as `Finder.find_mail` finds it, `first_lines` (int64,
/// one a row) the line of each row's first byte. Returns a dict of
/// `bytes`: `list_offsets` (int32, `length + 1`), and for each field its
/// buffers (`<name>_offsets`, `<name>_data`, `<name>_validity` and
/// `<name>_nulls` for strings; int64 for numbers; a bitmap for
/// `truncated`).
#[pyfunction]
#[pyo3(signature = (finder, data, offsets, offset_width, validity, array_offset, length, *,
    mail=false, first_lines=None))]
#[allow(clippy::too_many_arguments)]
pub fn extract_columns<'py>(
    py: Python<'py>,
    finder: &Bound<'py, Finder>,
    data: PyBackedBytes,
    offsets: PyBackedBytes,
    offset_width: usize,
    validity: Option<PyBackedBytes>,
    array_offset: usize,
    length: usize,
    mail: bool,
    first_lines: Option<PyBackedBytes>,
) -> PyResult<HashMap<String, Bound<'py, PyAny>>> {
    if offset_width != 4 && offset_width != 8 {
        return Err(PyValueError::new_err("offset_width must be 4 or 8"));
    }
    let f = finder.get().inner();
    let read_offset = |i: usize| -> PyResult<usize> {
        let at = (array_offset + i) * offset_width;
        let b = offsets
            .get(at..at + offset_width)
            .ok_or_else(|| PyValueError::new_err("offsets buffer too short"))?;
        let v = if offset_width == 4 {
            i32::from_le_bytes([b[0], b[1], b[2], b[3]]) as i64
        } else {
            i64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]])
        };
        usize::try_from(v).map_err(|_| PyValueError::new_err("a negative offset"))
    };
    let valid = |i: usize| {
        validity.as_ref().is_none_or(|v| {
            let k = array_offset + i;
            v.get(k / 8).is_some_and(|b| b & (1 << (k % 8)) != 0)
        })
    };
    // The rows, checked with the GIL held, then scanned without it.
    let mut rows: Vec<Option<(usize, usize, u64)>> = Vec::with_capacity(length);
    for i in 0..length {
        if !valid(i) {
            rows.push(None);
            continue;
        }
        let (s, e) = (read_offset(i)?, read_offset(i + 1)?);
        if s > e || e > data.len() {
            return Err(PyValueError::new_err("offsets out of the data buffer"));
        }
        let first = match &first_lines {
            Some(fl) => {
                let b = fl
                    .get(i * 8..i * 8 + 8)
                    .ok_or_else(|| PyValueError::new_err("first_lines shorter than the array"))?;
                u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]])
            }
            None => 1,
        };
        rows.push(Some((s, e, first)));
    }
    let bytes: &[u8] = &data;
    let cols = py.detach(|| build(f, bytes, &rows, mail))?;
    let mut out = HashMap::new();
    for (name, buf) in cols {
        out.insert(name, PyBytes::new(py, &buf).into_any());
    }
    Ok(out)
}

/// The string fields of a link, in the order `build` fills them.
const STRINGS: [&str; 14] = [
    "url",
    "form",
    "alt",
    "scheme",
    "host",
    "unwrapped",
    "redirect",
    "deceptive",
    "message_id",
    "subject",
    "date",
    "from",
    "to",
    "encoding",
];

/// Every column's buffers, by name.
fn build(
    f: &urlx::Finder,
    data: &[u8],
    rows: &[Option<(usize, usize, u64)>],
    mail: bool,
) -> PyResult<Vec<(String, Vec<u8>)>> {
    let mut list_offsets: Vec<u8> = 0i32.to_le_bytes().to_vec();
    let mut n: i32 = 0;
    let mut strs: Vec<StrCol> = STRINGS.iter().map(|_| StrCol::new()).collect();
    let mut nums: [Vec<u8>; 4] = Default::default();
    let mut truncated = Vec::new();
    for row in rows {
        if let Some((s, e, first)) = *row {
            let text = &data[s..e];
            let recs: Vec<LinkRecord> = if mail {
                finder::mail_recs(f, text, first)
            } else {
                f.links(text).map(LinkRecord::from).collect()
            };
            for r in &recs {
                let m = r.message.as_deref();
                let parsed = r.parsed();
                let scheme = parsed.as_ref().and_then(|p| p.scheme());
                let redirect = parsed.as_ref().and_then(urlx::ParsedRecord::redirect);
                let deceptive = parsed
                    .as_ref()
                    .and_then(|p| p.deception_with(redirect.as_ref()))
                    .map(|d| d.to_string());
                // As many as STRINGS: a field left out does not compile.
                let values: [Option<&str>; STRINGS.len()] = [
                    Some(r.url()),
                    Some(r.form.as_str()),
                    r.alt.as_deref(),
                    scheme.as_deref(),
                    parsed.as_ref().and_then(|p| p.host()),
                    redirect.as_ref().and_then(urlx::redirect::Redirect::target),
                    redirect.as_ref().map(|d| d.service().as_str()),
                    deceptive.as_deref(),
                    m.and_then(|m| m.message_id.as_deref()),
                    m.and_then(|m| m.subject.as_deref()),
                    m.and_then(|m| m.date.as_deref()),
                    m.and_then(|m| m.from.as_deref()),
                    m.and_then(|m| m.to.as_deref()),
                    r.encoding.map(urlx::mail::Encoding::name),
                ];
                for (c, v) in strs.iter_mut().zip(values) {
                    c.push(v)?;
                }
                for (col, v) in nums.iter_mut().zip([r.start, r.end, r.line, r.column]) {
                    col.extend_from_slice(&(v as i64).to_le_bytes());
                }
                push_bit(&mut truncated, n as usize, r.truncated);
                n = n
                    .checked_add(1)
                    .ok_or_else(|| PyValueError::new_err("more than 2^31 links in one batch"))?;
            }
        }
        list_offsets.extend_from_slice(&n.to_le_bytes());
    }
    let mut out = vec![("list_offsets".to_owned(), list_offsets)];
    for (name, c) in STRINGS.iter().zip(strs) {
        out.push((format!("{name}_offsets"), c.offsets));
        out.push((format!("{name}_data"), c.data));
        out.push((format!("{name}_validity"), c.validity));
        out.push((
            format!("{name}_nulls"),
            (c.nulls as u64).to_le_bytes().to_vec(),
        ));
    }
    for (name, col) in ["start", "end", "line", "column"].iter().zip(nums) {
        out.push((name.to_string(), col));
    }
    out.push(("truncated".to_owned(), truncated));
    Ok(out)
}

/// Where the first mbox separator line (`From ` and a date) of `window`
/// starts, after a line end in it; None when the window holds none whole.
/// For cutting a large mbox into pieces of whole messages.
#[pyfunction]
pub fn mbox_cut(window: PyBackedBytes) -> Option<usize> {
    match urlx::mail::next_separator(&window, 0, false) {
        urlx::mail::Separator::At(s) => Some(s),
        _ => None,
    }
}

/// What the start of an input looks like, as the command sniffs it:
/// "mbox" (a `From ` line), "message" (header lines, one a field
/// messages have) or "text". For choosing how to read each file.
#[pyfunction]
pub fn sniff(head: PyBackedBytes) -> &'static str {
    match urlx::mail::sniff(&head) {
        urlx::mail::Kind::Mbox => "mbox",
        urlx::mail::Kind::Message => "message",
        urlx::mail::Kind::Text => "text",
    }
}
