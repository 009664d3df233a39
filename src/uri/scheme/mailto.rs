//! `mailto:` (RFC 1738 §3.5).

use super::rules;
use super::{SchemeError, SchemeErrorKind};
use crate::uri::Uri;

/// A mailto URL: `mailto:` encoded822addr, with `encoded822addr =
/// 1*xchar`. Within it there are no reserved characters; later RFC 6068
/// puts header fields after `?`, which [`headers`](Mailto::headers) gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mailto<'a>(pub(super) Uri<'a>);

impl<'a> Mailto<'a> {
    /// The address (the path), still encoded: `%25` stands for `%`.
    pub fn address(&self) -> &'a str {
        self.0.path()
    }

    /// The RFC 6068 header fields after `?`, if any.
    pub fn headers(&self) -> Option<&'a str> {
        self.0.query()
    }

    /// Checks `mailtourl` of RFC 1738 §5: at least one `xchar`, nothing
    /// else.
    pub fn check(&self) -> Result<(), SchemeError> {
        let u = &self.0;
        let part = rules::scheme_part(u);
        if part.is_empty() {
            return Err(SchemeError::new(
                rules::offset(u, part),
                SchemeErrorKind::MissingPart,
            ));
        }
        rules::chars(u, part, rules::RESERVED)
    }
}
