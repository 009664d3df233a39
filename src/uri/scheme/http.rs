//! `http://` (RFC 1738 §3.3), and `https://`, which has the same form.

use super::rules;
use super::SchemeError;
use crate::uri::Uri;

/// An http (or https) URL: `http://` hostport [ `/` hpath [ `?` search ]].
///
/// RFC 1738 allows no user name or password in an http URL; `check`
/// reports one (and the linkifier flags it, rule C-S2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Http<'a>(pub(super) Uri<'a>);

impl<'a> Http<'a> {
    /// Whether the scheme is `https`.
    pub fn is_https(&self) -> bool {
        self.0.scheme_is("https")
    }

    /// The host.
    pub fn host(&self) -> &'a str {
        self.0.host().unwrap_or("")
    }

    /// The port: the one given, or 80 (443 for https).
    pub fn port(&self) -> Option<u16> {
        match self.0.port() {
            None | Some("") => Some(if self.is_https() { 443 } else { 80 }),
            Some(_) => self.0.port_number(),
        }
    }

    /// The hpath: the path without its leading `/`.
    pub fn hpath(&self) -> &'a str {
        let p = self.0.path();
        p.strip_prefix('/').unwrap_or(p)
    }

    /// The search part, after `?`.
    pub fn search(&self) -> Option<&'a str> {
        self.0.query()
    }

    /// The fragment, after `#` (outside the URL proper in RFC 1738, but
    /// kept with it by its appendix).
    pub fn fragment(&self) -> Option<&'a str> {
        self.0.fragment()
    }

    /// The HTTP request-target: the path (or `/`) and the query.
    pub fn request_target(&self) -> String {
        let p = self.0.path();
        let mut t = String::from(if p.is_empty() { "/" } else { p });
        if let Some(q) = self.0.query() {
            t.push('?');
            t.push_str(q);
        }
        t
    }

    /// Checks `httpurl` of RFC 1738 §5: hsegment and search are each
    /// `*[ uchar | ";" | ":" | "@" | "&" | "=" ]`.
    pub fn check(&self) -> Result<(), SchemeError> {
        let u = &self.0;
        rules::hostport(u)?;
        rules::chars(u, u.path(), b";:@&=/")?;
        if let Some(q) = u.query() {
            rules::chars(u, q, b";:@&=")?;
        }
        Ok(())
    }
}
