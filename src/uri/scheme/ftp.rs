//! `ftp://` (RFC 1738 §3.2).

use super::rules::{self, offset};
use super::{SchemeError, SchemeErrorKind};
use crate::uri::Uri;

/// An ftp URL: `ftp://` login [ `/` fpath [ `;type=` ftptype ]].
///
/// The url-path `<cwd1>/<cwd2>/.../<cwdN>/<name>;type=<typecode>` maps to
/// one `CWD` per `cwd` segment and a `RETR` (or, for type `d`, `NLST`) of
/// the name. Values are raw: still percent-encoded, as the URL has them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ftp<'a>(pub(super) Uri<'a>);

/// The ftp transfer type of `;type=` (§3.2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FtpType {
    /// `a`: ASCII.
    Ascii,
    /// `i`: image (binary).
    Image,
    /// `d`: directory listing (`NLST`).
    Directory,
}

impl<'a> Ftp<'a> {
    /// The user name; `Some("")` for `ftp://@host/` (an empty user name
    /// is not the same as none, §3.1).
    pub fn user(&self) -> Option<&'a str> {
        rules::split_userinfo(&self.0).0
    }

    /// The password, after the first `:` of the userinfo.
    pub fn password(&self) -> Option<&'a str> {
        rules::split_userinfo(&self.0).1
    }

    /// The host.
    pub fn host(&self) -> &'a str {
        self.0.host().unwrap_or("")
    }

    /// The port: the one given, or 21. `None` if the one given does not
    /// fit in 16 bits.
    pub fn port(&self) -> Option<u16> {
        match self.0.port() {
            None | Some("") => Some(21),
            Some(_) => self.0.port_number(),
        }
    }

    /// The url-path: after the `/` that follows the host, without it.
    pub fn url_path(&self) -> &'a str {
        rules::url_path(&self.0).unwrap_or("")
    }

    /// The url-path without a `;type=` suffix on its last segment.
    pub fn fpath(&self) -> &'a str {
        let p = self.url_path();
        match type_start(p) {
            Some(t) => &p[..t],
            None => p,
        }
    }

    /// The directory segments, one `CWD` each.
    pub fn cwd(&self) -> impl Iterator<Item = &'a str> {
        let p = self.fpath();
        let dirs = match p.rfind('/') {
            Some(i) => &p[..i],
            None => "",
        };
        dirs.split('/').filter(move |_| p.contains('/'))
    }

    /// The last segment: the file (or directory, for type `d`) name.
    pub fn name(&self) -> &'a str {
        let p = self.fpath();
        p.rsplit('/').next().unwrap_or("")
    }

    /// The raw text after `;type=`.
    pub fn type_code(&self) -> Option<&'a str> {
        let p = self.url_path();
        type_start(p).map(|t| &p[t + 6..])
    }

    /// The transfer type, when the code is one of RFC 1738's (any case).
    pub fn transfer_type(&self) -> Option<FtpType> {
        match self.type_code()? {
            "a" | "A" => Some(FtpType::Ascii),
            "i" | "I" => Some(FtpType::Image),
            "d" | "D" => Some(FtpType::Directory),
            _ => None,
        }
    }

    /// Checks `ftpurl` of RFC 1738 §5.
    pub fn check(&self) -> Result<(), SchemeError> {
        let u = &self.0;
        rules::login(u)?;
        let fpath = self.fpath();
        // fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ], "/" between.
        rules::chars(u, fpath, b"?:@&=/")?;
        if let Some(code) = self.type_code() {
            if self.transfer_type().is_none() {
                return Err(SchemeError::new(
                    offset(u, code),
                    SchemeErrorKind::InvalidTypeCode,
                ));
            }
        }
        Ok(())
    }
}

/// Where `;type=` starts in the last segment of a url-path.
fn type_start(p: &str) -> Option<usize> {
    let last = p.rfind('/').map_or(0, |i| i + 1);
    p[last..].find(";type=").map(|i| last + i)
}
