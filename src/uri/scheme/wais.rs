//! `wais://` (RFC 1738 §3.9).

use super::rules::{self, offset};
use super::{SchemeError, SchemeErrorKind};
use crate::uri::Uri;

/// A wais URL: a database, a search in it, or a document in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wais<'a>(pub(super) Uri<'a>);

/// What a wais URL designates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WaisTarget<'a> {
    /// `wais://host/database`: a database to search.
    Database,
    /// `wais://host/database?search`: a search.
    Index {
        /// The search string.
        search: &'a str,
    },
    /// `wais://host/database/wtype/wpath`: a document. The wpath is the
    /// WAIS document-id, opaque.
    Document {
        /// The object type.
        wtype: &'a str,
        /// The document-id.
        wpath: &'a str,
    },
}

impl<'a> Wais<'a> {
    /// The host.
    pub fn host(&self) -> &'a str {
        self.0.host().unwrap_or("")
    }

    /// The port: the one given, or 210.
    pub fn port(&self) -> Option<u16> {
        match self.0.port() {
            None | Some("") => Some(210),
            Some(_) => self.0.port_number(),
        }
    }

    fn path(&self) -> &'a str {
        let p = self.0.path();
        p.strip_prefix('/').unwrap_or(p)
    }

    /// The database name.
    pub fn database(&self) -> &'a str {
        self.path().split('/').next().unwrap_or("")
    }

    /// What the URL designates.
    pub fn target(&self) -> WaisTarget<'a> {
        if let Some(search) = self.0.query() {
            return WaisTarget::Index { search };
        }
        match self.path().split_once('/') {
            None => WaisTarget::Database,
            Some((_, rest)) => {
                let (wtype, wpath) = rest.split_once('/').unwrap_or((rest, ""));
                WaisTarget::Document { wtype, wpath }
            }
        }
    }

    /// Checks `waisurl` of RFC 1738 §5: database, wtype and wpath are
    /// `*uchar`; search is `*[ uchar | ";" | ":" | "@" | "&" | "=" ]`.
    pub fn check(&self) -> Result<(), SchemeError> {
        let u = &self.0;
        rules::hostport(u)?;
        if !u.path().starts_with('/') {
            let at = offset(u, u.path());
            return Err(SchemeError::new(at, SchemeErrorKind::MissingPart));
        }
        rules::chars(u, self.database(), b"")?;
        match self.target() {
            WaisTarget::Database => {}
            WaisTarget::Index { search } => {
                if self.path().contains('/') {
                    let at = offset(u, self.path()) + self.database().len();
                    return Err(SchemeError::new(at, SchemeErrorKind::UnexpectedPart));
                }
                rules::chars(u, search, b";:@&=")?;
            }
            WaisTarget::Document { wtype, wpath } => {
                rules::chars(u, wtype, b"")?;
                if !self.path()[self.database().len() + 1..].contains('/') {
                    let at = offset(u, wtype) + wtype.len();
                    return Err(SchemeError::new(at, SchemeErrorKind::MissingPart));
                }
                rules::chars(u, wpath, b"")?;
            }
        }
        Ok(())
    }
}
