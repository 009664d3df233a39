//! `news:` (RFC 1738 §3.6).

use super::rules::{self, offset};
use super::{SchemeError, SchemeErrorKind};
use crate::uri::Uri;

/// A news URL: `news:` followed by `*`, a newsgroup name or a message-id
/// (without its `<` `>`). An `@` tells a message-id from a group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct News<'a>(pub(super) Uri<'a>);

/// What a news URL names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NewsTarget<'a> {
    /// `news:*`: all available groups.
    All,
    /// A newsgroup: `news:comp.infosystems.www.misc`.
    Group(&'a str),
    /// An article by message-id: `news:abc123@host.dom`.
    Article(&'a str),
}

impl<'a> News<'a> {
    /// The grouppart: everything after `news:` up to a fragment.
    pub fn grouppart(&self) -> &'a str {
        rules::scheme_part(&self.0)
    }

    /// What the URL names.
    pub fn target(&self) -> NewsTarget<'a> {
        let g = self.grouppart();
        if g == "*" {
            NewsTarget::All
        } else if g.contains('@') {
            NewsTarget::Article(g)
        } else {
            NewsTarget::Group(g)
        }
    }

    /// Checks `newsurl` of RFC 1738 §5: `group = alpha *[ alpha | digit |
    /// "-" | "." | "+" | "_" ]`, `article = 1*[ uchar | ";" | "/" | "?" |
    /// ":" | "&" | "=" ] "@" host`.
    pub fn check(&self) -> Result<(), SchemeError> {
        let u = &self.0;
        let g = self.grouppart();
        match self.target() {
            NewsTarget::All => Ok(()),
            NewsTarget::Group(g) => check_group(u, g),
            NewsTarget::Article(a) => {
                let (id, host) = a.split_once('@').unwrap_or((a, ""));
                if id.is_empty() {
                    return Err(SchemeError::new(offset(u, g), SchemeErrorKind::MissingPart));
                }
                rules::chars(u, id, b";/?:&=")?;
                if !rules::is_host(host) {
                    return Err(SchemeError::new(
                        offset(u, host),
                        SchemeErrorKind::InvalidHost,
                    ));
                }
                Ok(())
            }
        }
    }
}

/// `group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]`, shared with
/// nntp.
pub(super) fn check_group(u: &Uri<'_>, g: &str) -> Result<(), SchemeError> {
    let base = offset(u, g);
    let Some(first) = g.bytes().next() else {
        return Err(SchemeError::new(base, SchemeErrorKind::MissingPart));
    };
    if !first.is_ascii_alphabetic() {
        return Err(SchemeError::new(base, SchemeErrorKind::InvalidChar));
    }
    match g
        .bytes()
        .position(|b| !(b.is_ascii_alphanumeric() || b"-.+_".contains(&b)))
    {
        Some(i) => Err(SchemeError::new(base + i, SchemeErrorKind::InvalidChar)),
        None => Ok(()),
    }
}
