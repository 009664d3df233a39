//! A small JSON Lines writer: one object a line, fields in the order
//! written. Hand-written because urlx writes only flat objects of strings,
//! numbers, booleans and nulls, and escaping is all it takes.

use std::fmt::Write;

/// One JSON object under construction.
pub struct Object {
    buf: String,
    first: bool,
}

impl Object {
    pub fn new() -> Self {
        Object {
            buf: String::from("{"),
            first: true,
        }
    }

    fn key(&mut self, k: &str) {
        if !self.first {
            self.buf.push(',');
        }
        self.first = false;
        escape_into(&mut self.buf, k);
        self.buf.push(':');
    }

    pub fn str(mut self, k: &str, v: &str) -> Self {
        self.key(k);
        escape_into(&mut self.buf, v);
        self
    }

    /// A string, or `null` for `None`.
    pub fn opt_str(mut self, k: &str, v: Option<&str>) -> Self {
        self.key(k);
        match v {
            Some(v) => escape_into(&mut self.buf, v),
            None => self.buf.push_str("null"),
        }
        self
    }

    pub fn bool(mut self, k: &str, v: bool) -> Self {
        self.key(k);
        self.buf.push_str(if v { "true" } else { "false" });
        self
    }

    pub fn num(mut self, k: &str, v: u64) -> Self {
        self.key(k);
        let _ = write!(self.buf, "{v}");
        self
    }

    /// A nested object, already written.
    pub fn obj(mut self, k: &str, v: Object) -> Self {
        self.key(k);
        self.buf.push_str(&v.finish());
        self
    }

    pub fn null(mut self, k: &str) -> Self {
        self.key(k);
        self.buf.push_str("null");
        self
    }

    pub fn finish(mut self) -> String {
        self.buf.push('}');
        self.buf
    }
}

/// Writes `s` as a JSON string literal.
pub fn escape_into(out: &mut String, s: &str) {
    out.push('"');
    let mut start = 0;
    for (i, b) in s.bytes().enumerate() {
        let esc = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0..=0x1f | 0x7f => "",
            _ => continue,
        };
        out.push_str(&s[start..i]);
        if esc.is_empty() {
            let _ = write!(out, "\\u{b:04x}");
        } else {
            out.push_str(esc);
        }
        start = i + 1;
    }
    out.push_str(&s[start..]);
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_quotes_backslashes_and_controls() {
        let mut s = String::new();
        escape_into(&mut s, "a\"b\\c\nd\u{1}é\u{7f}");
        assert_eq!(s, r#""a\"b\\c\nd\u0001é\u007f""#);
        let o = Object::new()
            .str("k", "v")
            .opt_str("n", None)
            .bool("b", true)
            .num("x", 3)
            .finish();
        assert_eq!(o, r#"{"k":"v","n":null,"b":true,"x":3}"#);
    }
}
