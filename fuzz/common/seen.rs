//! What the targets compare of a link found two ways (whole buffer,
//! stream, pieces): everything a caller sees of it.

/// A link's URL, span, form, alternative, truncation, line and column.
#[derive(Debug, PartialEq)]
pub struct Seen {
    pub span: std::ops::Range<usize>,
    pub form: urlx::Form,
    pub url: String,
    pub alt: Option<String>,
    pub truncated: bool,
    pub line: u64,
    pub column: u64,
}

impl Seen {
    pub fn of(l: &urlx::Link<'_>) -> Self {
        Seen::placed(l, (l.line(), l.column()))
    }

    /// With the line and column given (a piece's links are placed in the
    /// text when joined).
    pub fn placed(l: &urlx::Link<'_>, (line, column): (u64, u64)) -> Self {
        Seen {
            span: l.span(),
            form: l.form(),
            url: l.as_str().to_owned(),
            alt: l.alt().map(str::to_owned),
            truncated: l.is_truncated(),
            line,
            column,
        }
    }
}
