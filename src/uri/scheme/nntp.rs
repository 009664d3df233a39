//! `nntp://` (RFC 1738 §3.7).

use super::news::check_group;
use super::rules::{self, offset};
use super::{SchemeError, SchemeErrorKind};
use crate::uri::Uri;

/// An nntp URL: `nntp://` hostport `/` group [ `/` digits ].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Nntp<'a>(pub(super) Uri<'a>);

impl<'a> Nntp<'a> {
    /// The host.
    pub fn host(&self) -> &'a str {
        self.0.host().unwrap_or("")
    }

    /// The port: the one given, or 119.
    pub fn port(&self) -> Option<u16> {
        match self.0.port() {
            None | Some("") => Some(119),
            Some(_) => self.0.port_number(),
        }
    }

    /// The newsgroup name.
    pub fn group(&self) -> &'a str {
        let p = rules::url_path(&self.0).unwrap_or("");
        p.split('/').next().unwrap_or("")
    }

    /// The article number within the group, on this server.
    pub fn article(&self) -> Option<&'a str> {
        let p = rules::url_path(&self.0).unwrap_or("");
        p.split_once('/').map(|(_, a)| a)
    }

    /// Checks `nntpurl` of RFC 1738 §5.
    pub fn check(&self) -> Result<(), SchemeError> {
        let u = &self.0;
        rules::hostport(u)?;
        if rules::url_path(u).is_none() {
            let at = u.as_str().len() - u.path().len();
            return Err(SchemeError::new(at, SchemeErrorKind::MissingPart));
        }
        check_group(u, self.group())?;
        if let Some(a) = self.article() {
            match a.bytes().position(|b| !b.is_ascii_digit()) {
                _ if a.is_empty() => {
                    return Err(SchemeError::new(offset(u, a), SchemeErrorKind::MissingPart))
                }
                Some(i) => {
                    return Err(SchemeError::new(
                        offset(u, a) + i,
                        SchemeErrorKind::InvalidChar,
                    ))
                }
                None => {}
            }
        }
        Ok(())
    }
}
