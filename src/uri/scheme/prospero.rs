//! `prospero://` (RFC 1738 §3.11).

use super::rules::{self, offset};
use super::{SchemeError, SchemeErrorKind};
use crate::uri::Uri;

/// A prospero URL: `prospero://` hostport `/` hsoname *[ `;` field `=`
/// value ]. The hsoname is opaque; a `/` in it has no meaning the client
/// may assume.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Prospero<'a>(pub(super) Uri<'a>);

impl<'a> Prospero<'a> {
    /// The host.
    pub fn host(&self) -> &'a str {
        self.0.host().unwrap_or("")
    }

    /// The port: the one given, or 1525.
    pub fn port(&self) -> Option<u16> {
        match self.0.port() {
            None | Some("") => Some(1525),
            Some(_) => self.0.port_number(),
        }
    }

    fn url_path(&self) -> &'a str {
        rules::url_path(&self.0).unwrap_or("")
    }

    /// The host-specific object name, up to the first `;`:
    /// `prospero://host.dom//pros/name` has `/pros/name`.
    pub fn hsoname(&self) -> &'a str {
        let p = self.url_path();
        p.split(';').next().unwrap_or("")
    }

    /// The `;field=value` pairs after the hsoname (value empty when there
    /// is no `=`, which [`check`](Prospero::check) reports).
    pub fn fields(&self) -> impl Iterator<Item = (&'a str, &'a str)> {
        self.url_path()
            .split(';')
            .skip(1)
            .map(|f| f.split_once('=').unwrap_or((f, "")))
    }

    /// Checks `prosperourl` of RFC 1738 §5.
    pub fn check(&self) -> Result<(), SchemeError> {
        let u = &self.0;
        rules::hostport(u)?;
        if rules::url_path(u).is_none() {
            let at = offset(u, u.path());
            return Err(SchemeError::new(at, SchemeErrorKind::MissingPart));
        }
        // psegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ], "/" between.
        rules::chars(u, self.hsoname(), b"?:@&=/")?;
        for spec in self.url_path().split(';').skip(1) {
            let Some((name, value)) = spec.split_once('=') else {
                let at = offset(u, spec) + spec.len();
                return Err(SchemeError::new(at, SchemeErrorKind::MissingPart));
            };
            rules::chars(u, name, b"?:@&")?;
            rules::chars(u, value, b"?:@&")?;
        }
        Ok(())
    }
}
