//! Header fields: found line by line, named, classified, unfolded, and
//! `Content-Type` read, all as ranges and slices of the raw bytes: no
//! allocation a field (a folded value is unfolded where it is read).

use std::borrow::Cow;
use std::ops::Range;

/// One header field: its name and the raw range of its value and of the
/// whole field, folded lines included.
#[derive(Clone, Debug)]
pub(super) struct Field<'a> {
    pub(super) name: &'a [u8],
    pub(super) value: Range<usize>,
    pub(super) whole: Range<usize>,
}

/// Appends the header fields from `start` to `out`; returns where the body
/// starts. Lines that are no field (an mbox `From ` line) are passed over;
/// a line that is neither a field nor a folded line begins the body.
// PERF: line ends found eight bytes at a time (`line_end`), and the name
// read and checked in one pass to its colon, where a `memchr` call and a
// colon search a line (header lines are short) were a tenth of mail mode's
// time (`cargo run --release --example mailcount`).
pub(super) fn fields<'a>(
    raw: &'a [u8],
    start: usize,
    end: usize,
    out: &mut Vec<Field<'a>>,
) -> usize {
    let first = out.len();
    let mut pos = start;
    let h = &raw[..end];
    while pos < end {
        let nl = line_end(h, pos);
        let line = &raw[pos..nl];
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let next = (nl + 1).min(end);
        if line.is_empty() {
            return next;
        }
        if line[0] == b' ' || line[0] == b'\t' {
            if out.len() > first {
                if let Some(f) = out.last_mut() {
                    f.value.end = pos + line.len();
                    f.whole.end = pos + line.len();
                }
            }
        } else if let Some(colon) = name_end(line) {
            out.push(Field {
                name: &line[..colon],
                value: pos + colon + 1..pos + line.len(),
                whole: pos..pos + line.len(),
            });
        } else if out.len() > first || !line.starts_with(b"From ") {
            // Not a field and not a continuation: the body begins here
            // without its blank line.
            return pos;
        }
        pos = next;
    }
    end
}

/// The first line feed in `h` at or after `from`, else `h.len()`: eight
/// bytes a step, for the short lines of a header, where a SIMD search's
/// set-up costs more than it saves.
#[inline]
fn line_end(h: &[u8], from: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut i = from;
    while let Some(chunk) = h.get(i..i + 8) {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let x = u64::from_le_bytes(word) ^ (ONES * u64::from(b'\n'));
        // The lowest zero byte of `x` is the first line feed (higher
        // ones may be false).
        let zero = x.wrapping_sub(ONES) & !x & HIGH;
        if zero != 0 {
            return i + (zero.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    h[i..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(h.len(), |k| i + k)
}

/// Where a field's name ends at its colon, if the line starts with one: a
/// name is in practice one of HTTP's tokens (RFC 5322 allows any printable
/// ASCII but `:`), which leaves out `<`, `(`, `"`, `/`, `@` and the like,
/// so that text that is no message (`<http://a.example/x>` on its first
/// line, read with `--mail`) is not taken for a field.
fn name_end(line: &[u8]) -> Option<usize> {
    let n = line.iter().take_while(|&&b| TOKEN[usize::from(b)]).count();
    (n > 0 && line.get(n) == Some(&b':')).then_some(n)
}

/// The bytes of a token (RFC 9110's `tchar`).
static TOKEN: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = c.is_ascii_alphanumeric()
            || matches!(
                c,
                b'!' | b'#'
                    | b'$'
                    | b'%'
                    | b'&'
                    | b'\''
                    | b'*'
                    | b'+'
                    | b'-'
                    | b'.'
                    | b'^'
                    | b'_'
                    | b'`'
                    | b'|'
                    | b'~'
            );
        b += 1;
    }
    t
};

/// `name` in lower case, in `buf`, if it fits.
pub(super) fn lowered<'b>(name: &[u8], buf: &'b mut [u8; 32]) -> Option<&'b [u8]> {
    let out = buf.get_mut(..name.len())?;
    for (o, &b) in out.iter_mut().zip(name) {
        *o = b.to_ascii_lowercase();
    }
    Some(out)
}

/// Header fields whose values are (or hold) URLs (`name` in lower case).
pub(super) fn url_header(name: &[u8]) -> bool {
    matches!(
        name,
        b"list-archive"
            | b"list-help"
            | b"list-owner"
            | b"list-post"
            | b"list-subscribe"
            | b"list-unsubscribe"
            | b"list-unsubscribe-post"
            | b"archived-at"
            | b"x-archived-at"
            | b"content-base"
            | b"content-location"
            | b"link"
            | b"x-original-url"
            | b"x-url"
    )
}

/// Fields that record transport and identity (hosts, ids, signatures), not
/// text a person wrote: not scanned (`name` in lower case).
pub(super) fn trace_field(name: &[u8]) -> bool {
    matches!(
        name,
        b"received"
            | b"x-received"
            | b"return-path"
            | b"delivered-to"
            | b"x-original-to"
            | b"message-id"
            | b"references"
            | b"in-reply-to"
            | b"dkim-signature"
            | b"domainkey-signature"
            | b"authentication-results"
            | b"received-spf"
            | b"x-google-smtp-source"
            | b"x-gm-message-state"
            | b"x-forwarded-to"
            | b"x-forwarded-for"
            | b"content-type"
            | b"content-transfer-encoding"
            | b"content-id"
            | b"mime-version"
            | b"content-disposition"
    ) || name.starts_with(b"arc-") && name.len() > 4
        || name.starts_with(b"x-ms-exchan") && name.len() > 11
}

/// A field's value unfolded (its line breaks taken out) and trimmed;
/// borrowed where it has no line break and is UTF-8.
pub(super) fn unfold<'a>(raw: &'a [u8], r: &Range<usize>) -> Cow<'a, str> {
    let v = &raw[r.clone()];
    if memchr::memchr(b'\n', v).is_none() {
        if let Ok(s) = std::str::from_utf8(v) {
            return Cow::Borrowed(s.trim());
        }
    }
    let mut s = String::with_capacity(v.len());
    for piece in v.split(|&b| b == b'\n') {
        let piece = piece.strip_suffix(b"\r").unwrap_or(piece);
        s.push_str(&String::from_utf8_lossy(piece));
    }
    match s.trim() {
        t if t.len() == s.len() => Cow::Owned(s),
        t => Cow::Owned(t.to_owned()),
    }
}

/// The last field named `name` (any case): where a field is repeated, the
/// last one holds.
pub(super) fn last<'f, 'a>(fs: &'f [Field<'a>], name: &[u8]) -> Option<&'f Field<'a>> {
    fs.iter().rev().find(|f| f.name.eq_ignore_ascii_case(name))
}

/// A `Content-Type` value read where it lies, in one pass: `type/subtype`
/// and the parameters urlx reads, each the first of its name (names any
/// case; values trimmed and unquoted), as ranges of the value.
pub(super) struct ContentType<'a> {
    value: Cow<'a, str>,
    mime: Range<usize>,
    /// `boundary`, `charset`, `format`, `delsp`.
    params: [Option<Range<usize>>; 4],
}

/// The parameters kept, in the order of `ContentType::params`.
const PARAMS: [&str; 4] = ["boundary", "charset", "format", "delsp"];

impl<'a> ContentType<'a> {
    pub(super) fn new(value: Cow<'a, str>) -> Self {
        let mut params: [Option<Range<usize>>; 4] = Default::default();
        let mut mime = 0..0;
        let mut at = 0;
        for (k, seg) in value.split(';').enumerate() {
            let start = at;
            at += seg.len() + 1;
            if k == 0 {
                let t = trimmed(seg, start);
                mime = t;
                continue;
            }
            let Some(eq) = seg.find('=') else {
                continue;
            };
            let key = seg[..eq].trim();
            let Some(slot) = PARAMS.iter().position(|p| key.eq_ignore_ascii_case(p)) else {
                continue;
            };
            if params[slot].is_some() {
                continue;
            }
            let mut v = trimmed(&seg[eq + 1..], start + eq + 1);
            let text = &value[v.clone()];
            if text.len() >= 2 && text.starts_with('"') && text.ends_with('"') {
                v = v.start + 1..v.end - 1;
            }
            params[slot] = Some(v);
        }
        ContentType {
            value,
            mime,
            params,
        }
    }

    /// `type/subtype`, trimmed, as written (compare it in any case).
    pub(super) fn mime(&self) -> &str {
        &self.value[self.mime.clone()]
    }

    /// The parameter named `name`, one of `boundary`, `charset`,
    /// `format`, `delsp`.
    pub(super) fn param(&self, name: &str) -> Option<&str> {
        let slot = PARAMS.iter().position(|p| *p == name)?;
        self.params[slot].clone().map(|r| &self.value[r])
    }
}

/// The range of `s` (at `start` in its string) without its blanks.
fn trimmed(s: &str, start: usize) -> Range<usize> {
    let lead = s.len() - s.trim_start().len();
    let t = s.trim();
    start + lead..start + lead + t.len()
}

/// Whether `s` starts with `prefix` in any case.
pub(super) fn starts_with_ignore_case(s: &str, prefix: &str) -> bool {
    s.len() >= prefix.len() && s.as_bytes()[..prefix.len()].eq_ignore_ascii_case(prefix.as_bytes())
}
