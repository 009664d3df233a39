//! Text from the input made safe for a terminal and for one output line.

use std::borrow::Cow;

/// A name or text from the input as every output but `--json` shows it
/// (paths and member names in `path:line:url` lines, counts, `--format`
/// values, messages on stderr): control characters and direction
/// controls escaped (`\u{1b}`, `\u{a}`, `\u{202e}`), so that it can
/// neither drive a terminal, nor forge an output line, nor reorder the
/// rest of it (C-S5, C-S8).
pub fn escaped(s: &str) -> Cow<'_, str> {
    let bad = |c: char| c.is_control() || urlx::linkify::is_bidi_control(c);
    if !s.chars().any(bad) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    push_escaped(&mut out, s);
    Cow::Owned(out)
}

/// Appends `s` to `out` [`escaped`].
pub fn push_escaped(out: &mut String, s: &str) {
    for c in s.chars() {
        if c.is_control() || urlx::linkify::is_bidi_control(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
}
