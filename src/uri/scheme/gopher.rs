//! `gopher://` (RFC 1738 §3.4).

use super::rules;
use super::SchemeError;
use crate::uri::Uri;

/// A gopher URL: `gopher://` hostport [ `/` [ gtype [ selector [ `%09`
/// search [ `%09` gopher+_string ]]]]].
///
/// The gopher-path has no reserved characters: `?` and `;` are selector
/// text, and the first `%09` (an encoded tab) ends the selector.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gopher<'a>(pub(super) Uri<'a>);

impl<'a> Gopher<'a> {
    /// The host.
    pub fn host(&self) -> &'a str {
        self.0.host().unwrap_or("")
    }

    /// The port: the one given, or 70.
    pub fn port(&self) -> Option<u16> {
        match self.0.port() {
            None | Some("") => Some(70),
            Some(_) => self.0.port_number(),
        }
    }

    /// The gopher-path, after the `/` that follows the host.
    pub fn gopher_path(&self) -> &'a str {
        rules::url_path(&self.0).unwrap_or("")
    }

    /// The item type: the first character of the gopher-path (or its
    /// escape, `%xx`), `1` (a directory) when the path is empty.
    pub fn item_type(&self) -> &'a str {
        let p = self.gopher_path();
        match p.as_bytes().first() {
            None => "1",
            Some(b'%') if p.len() >= 3 => &p[..3],
            Some(_) => &p[..p.chars().next().map_or(1, char::len_utf8)],
        }
    }

    fn parts(&self) -> [Option<&'a str>; 3] {
        let p = self.gopher_path();
        let rest = &p[self.item_type().len().min(p.len())..];
        let mut it = rest.splitn(3, "%09");
        [it.next(), it.next(), it.next()]
    }

    /// The selector, up to the first `%09`.
    pub fn selector(&self) -> &'a str {
        self.parts()[0].unwrap_or("")
    }

    /// The search string, between the first and second `%09`.
    pub fn search(&self) -> Option<&'a str> {
        self.parts()[1]
    }

    /// The Gopher+ string, after the second `%09`.
    pub fn gopher_plus(&self) -> Option<&'a str> {
        self.parts()[2]
    }

    /// Checks `gopherurl` of RFC 1738 §5: gtype, selector and the Gopher+
    /// string are `xchar`s, search is `*[ uchar | ";" | ":" | "@" | "&" | "=" ]`.
    pub fn check(&self) -> Result<(), SchemeError> {
        let u = &self.0;
        rules::hostport(u)?;
        let [selector, search, plus] = self.parts();
        rules::chars(u, self.item_type(), rules::RESERVED)?;
        for part in [selector, plus].into_iter().flatten() {
            rules::chars(u, part, rules::RESERVED)?;
        }
        if let Some(s) = search {
            rules::chars(u, s, b";:@&=")?;
        }
        Ok(())
    }
}
