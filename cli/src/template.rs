//! `--format`: a link printed by a template of `--json`'s fields.

/// A field a template may name: every field of `--json`, and `minimal`
/// (the URL minimally escaped, UTS #58).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Path,
    Member,
    Line,
    Column,
    Start,
    End,
    Encoding,
    Url,
    Form,
    Alt,
    Scheme,
    Host,
    Normalized,
    Minimal,
    Truncated,
    MessageId,
    Subject,
    Date,
    From,
    To,
    Deceptive,
    Unwrapped,
    Redirect,
}

const FIELDS: [(&str, Field); 23] = [
    ("path", Field::Path),
    ("member", Field::Member),
    ("line", Field::Line),
    ("column", Field::Column),
    ("start", Field::Start),
    ("end", Field::End),
    ("encoding", Field::Encoding),
    ("url", Field::Url),
    ("form", Field::Form),
    ("alt", Field::Alt),
    ("scheme", Field::Scheme),
    ("host", Field::Host),
    ("normalized", Field::Normalized),
    ("minimal", Field::Minimal),
    ("truncated", Field::Truncated),
    ("message_id", Field::MessageId),
    ("subject", Field::Subject),
    ("date", Field::Date),
    ("from", Field::From),
    ("to", Field::To),
    ("deceptive", Field::Deceptive),
    ("unwrapped", Field::Unwrapped),
    ("redirect", Field::Redirect),
];

#[derive(Clone, Debug, PartialEq, Eq)]
enum Piece {
    Text(String),
    Field(Field),
}

/// A parsed template.
#[derive(Clone, Debug)]
pub struct Template {
    pieces: Vec<Piece>,
}

impl Template {
    /// Parses `{field}`, `{{`, `}}`, `\t`, `\n` and `\\`; an unknown field
    /// or an unmatched brace is an error that says so.
    pub fn parse(s: &str) -> Result<Template, String> {
        let mut pieces = Vec::new();
        let mut text = String::new();
        let mut chars = s.chars();
        while let Some(c) = chars.next() {
            match c {
                '{' => {
                    let rest = chars.as_str();
                    if let Some(r) = rest.strip_prefix('{') {
                        text.push('{');
                        chars = r.chars();
                        continue;
                    }
                    let Some(close) = rest.find('}') else {
                        return Err(format!("--format {s:?}: a {{ without its }}"));
                    };
                    let name = &rest[..close];
                    let field = FIELDS
                        .iter()
                        .find(|(n, _)| *n == name)
                        .map(|&(_, f)| f)
                        .ok_or_else(|| {
                            let known: Vec<&str> = FIELDS.iter().map(|(n, _)| *n).collect();
                            format!(
                                "--format: no field {name:?} (the fields: {})",
                                known.join(", ")
                            )
                        })?;
                    if !text.is_empty() {
                        pieces.push(Piece::Text(std::mem::take(&mut text)));
                    }
                    pieces.push(Piece::Field(field));
                    chars = rest[close + 1..].chars();
                }
                '}' => {
                    let rest = chars.as_str();
                    match rest.strip_prefix('}') {
                        Some(r) => {
                            text.push('}');
                            chars = r.chars();
                        }
                        None => {
                            return Err(format!("--format {s:?}: a }} without its {{ (write }}}})"))
                        }
                    }
                }
                '\\' => match chars.clone().next() {
                    Some('t') => {
                        text.push('\t');
                        chars.next();
                    }
                    Some('n') => {
                        text.push('\n');
                        chars.next();
                    }
                    Some('\\') => {
                        text.push('\\');
                        chars.next();
                    }
                    _ => text.push('\\'),
                },
                c => text.push(c),
            }
        }
        if !text.is_empty() {
            pieces.push(Piece::Text(text));
        }
        Ok(Template { pieces })
    }

    /// Whether a field is used (the URI is parsed only for those that
    /// need it).
    pub fn uses(&self, f: Field) -> bool {
        self.pieces.contains(&Piece::Field(f))
    }

    /// Writes a link into `out`; `value` gives each field's text (`None`
    /// for a field the link has none of: written as nothing). Control
    /// characters and bidirectional controls in values are written
    /// escaped (`\u{1b}`, `\u{202e}`), so that a subject can neither
    /// drive a terminal, end a record, nor reorder what follows it.
    pub fn render<'a>(
        &self,
        out: &mut String,
        mut value: impl FnMut(Field) -> Option<std::borrow::Cow<'a, str>>,
    ) {
        for p in &self.pieces {
            match p {
                Piece::Text(t) => out.push_str(t),
                Piece::Field(f) => {
                    if let Some(v) = value(*f) {
                        crate::escape::push_escaped(out, &v);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::borrow::Cow;

    fn render(t: &str) -> String {
        let t = Template::parse(t).unwrap();
        let mut out = String::new();
        t.render(&mut out, |f| match f {
            Field::Path => Some(Cow::Borrowed("a.txt")),
            Field::Line => Some(Cow::Owned(3.to_string())),
            Field::Url => Some(Cow::Borrowed("http://x/")),
            Field::Subject => Some(Cow::Borrowed("hi\x1b[2J")),
            Field::From => Some(Cow::Borrowed("\u{202e}evil\u{2069}")),
            _ => None,
        });
        out
    }

    #[test]
    fn fields_braces_and_escapes() {
        assert_eq!(render("{path}:{line}:{url}"), "a.txt:3:http://x/");
        assert_eq!(render("{{{url}}}\\t{host}|\\n\\\\"), "{http://x/}\t|\n\\");
        assert_eq!(render("{subject}"), "hi\\u{1b}[2J");
        assert_eq!(render("{from}"), "\\u{202e}evil\\u{2069}");
    }

    #[test]
    fn errors_say_what() {
        let e = Template::parse("{nope}").unwrap_err();
        assert!(
            e.contains("no field \"nope\"") && e.contains("message_id"),
            "{e}"
        );
        assert!(Template::parse("{url")
            .unwrap_err()
            .contains("without its }"));
        assert!(Template::parse("url}")
            .unwrap_err()
            .contains("without its {"));
    }
}
