//! `telnet://` (RFC 1738 §3.8).

use super::rules::{self, offset};
use super::{SchemeError, SchemeErrorKind};
use crate::uri::Uri;

/// A telnet URL: `telnet://` login \[ `/` \]. The user name and password
/// are advisory only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Telnet<'a>(pub(super) Uri<'a>);

impl<'a> Telnet<'a> {
    /// The suggested user name.
    pub fn user(&self) -> Option<&'a str> {
        rules::split_userinfo(&self.0).0
    }

    /// The suggested password.
    pub fn password(&self) -> Option<&'a str> {
        rules::split_userinfo(&self.0).1
    }

    /// The host.
    pub fn host(&self) -> &'a str {
        self.0.host().unwrap_or("")
    }

    /// The port: the one given, or 23.
    pub fn port(&self) -> Option<u16> {
        match self.0.port() {
            None | Some("") => Some(23),
            Some(_) => self.0.port_number(),
        }
    }

    /// Checks `telneturl` of RFC 1738 §5: nothing may follow the final `/`.
    pub fn check(&self) -> Result<(), SchemeError> {
        let u = &self.0;
        rules::login(u)?;
        let p = u.path();
        if p.len() > 1 {
            return Err(SchemeError::new(
                offset(u, p) + 1,
                SchemeErrorKind::UnexpectedPart,
            ));
        }
        if let Some(q) = u.query() {
            return Err(SchemeError::new(
                offset(u, q) - 1,
                SchemeErrorKind::UnexpectedPart,
            ));
        }
        Ok(())
    }
}
