//! `file://` (RFC 1738 §3.10).

use super::rules::{self, offset};
use super::{SchemeError, SchemeErrorKind};
use crate::uri::Uri;

/// A file URL: `file://` [ host | `localhost` ] `/` fpath. An empty host
/// or `localhost` means the machine reading the URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct File<'a>(pub(super) Uri<'a>);

impl<'a> File<'a> {
    /// The host, `None` when empty.
    pub fn host(&self) -> Option<&'a str> {
        self.0.host().filter(|h| !h.is_empty())
    }

    /// Whether the file is on the machine reading the URL (empty host or
    /// `localhost`).
    pub fn is_local(&self) -> bool {
        self.host()
            .is_none_or(|h| h.eq_ignore_ascii_case("localhost"))
    }

    /// The fpath: after the `/` that follows the host.
    pub fn fpath(&self) -> &'a str {
        rules::url_path(&self.0).unwrap_or("")
    }

    /// Checks `fileurl` of RFC 1738 §5.
    pub fn check(&self) -> Result<(), SchemeError> {
        let u = &self.0;
        rules::authority(u)?;
        if let Some(ui) = u.userinfo() {
            return Err(SchemeError::new(
                offset(u, ui),
                SchemeErrorKind::UserinfoNotAllowed,
            ));
        }
        if let Some(h) = self.host() {
            if !rules::is_host(h) {
                return Err(SchemeError::new(offset(u, h), SchemeErrorKind::InvalidHost));
            }
        }
        if let Some(p) = u.port() {
            return Err(SchemeError::new(
                offset(u, p) - 1,
                SchemeErrorKind::UnexpectedPart,
            ));
        }
        let Some(fpath) = rules::url_path(u) else {
            let at = offset(u, u.path());
            return Err(SchemeError::new(at, SchemeErrorKind::MissingPart));
        };
        rules::chars(u, fpath, b"?:@&=/")
    }
}
