//! Character classes and shared checks of RFC 1738 §5.

use super::{SchemeError, SchemeErrorKind};
use crate::uri::Uri;

/// `reserved = ";" | "/" | "?" | ":" | "@" | "&" | "="`; with uchar, this
/// makes `xchar`.
pub(super) const RESERVED: &[u8] = b";/?:@&=";

/// The byte offset of `part`, a slice of `u`'s text, in that text.
pub(super) fn offset(u: &Uri<'_>, part: &str) -> usize {
    (part.as_ptr() as usize).wrapping_sub(u.as_str().as_ptr() as usize)
}

/// `uchar = unreserved | escape`, `unreserved = alpha | digit | safe |
/// extra`; `~` is tolerated (RFC 1738 §2.2 calls it unsafe, yet `~user`
/// paths are everywhere).
fn is_uchar(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"$-_.+!*'(),~".contains(&b)
}

/// Checks that every character of `part` is a `uchar`, an escape, or one
/// of `also`.
pub(super) fn chars(u: &Uri<'_>, part: &str, also: &[u8]) -> Result<(), SchemeError> {
    let base = offset(u, part);
    let b = part.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'%' {
            if i + 2 < b.len() && b[i + 1].is_ascii_hexdigit() && b[i + 2].is_ascii_hexdigit() {
                i += 3;
                continue;
            }
        } else if is_uchar(c) || also.contains(&c) {
            i += 1;
            continue;
        }
        return Err(SchemeError::new(base + i, SchemeErrorKind::InvalidChar));
    }
    Ok(())
}

/// `user [ ":" password ]` of a userinfo: the user up to the first `:`.
pub(super) fn split_userinfo<'a>(u: &Uri<'a>) -> (Option<&'a str>, Option<&'a str>) {
    match u.userinfo() {
        None => (None, None),
        Some(ui) => match ui.split_once(':') {
            Some((user, pw)) => (Some(user), Some(pw)),
            None => (Some(ui), None),
        },
    }
}

/// The `//` part must be there.
pub(super) fn authority(u: &Uri<'_>) -> Result<(), SchemeError> {
    if u.authority().is_none() {
        let at = u.scheme().map_or(0, |s| s.len() + 1);
        return Err(SchemeError::new(at, SchemeErrorKind::MissingAuthority));
    }
    Ok(())
}

/// `hostport`, with no login before it.
pub(super) fn hostport(u: &Uri<'_>) -> Result<(), SchemeError> {
    authority(u)?;
    if let Some(ui) = u.userinfo() {
        return Err(SchemeError::new(
            offset(u, ui),
            SchemeErrorKind::UserinfoNotAllowed,
        ));
    }
    host_and_port(u)
}

/// `login = [ user [ ":" password ] "@" ] hostport`, with `user` and
/// `password` each `*[ uchar | ";" | "?" | "&" | "=" ]`.
pub(super) fn login(u: &Uri<'_>) -> Result<(), SchemeError> {
    authority(u)?;
    let (user, pw) = split_userinfo(u);
    for part in [user, pw].into_iter().flatten() {
        chars(u, part, b";?&=")?;
    }
    host_and_port(u)
}

fn host_and_port(u: &Uri<'_>) -> Result<(), SchemeError> {
    let host = u.host().unwrap_or("");
    if !is_host(host) {
        return Err(SchemeError::new(
            offset(u, host),
            SchemeErrorKind::InvalidHost,
        ));
    }
    port(u)
}

/// `port = digits`: a `:` must have digits after it.
pub(super) fn port(u: &Uri<'_>) -> Result<(), SchemeError> {
    match u.port() {
        Some("") => Err(SchemeError::new(
            offset(u, u.port().unwrap_or("")),
            SchemeErrorKind::EmptyPort,
        )),
        _ => Ok(()),
    }
}

/// `host = hostname | hostnumber`.
pub(super) fn is_host(s: &str) -> bool {
    is_hostnumber(s) || is_hostname(s)
}

/// `hostnumber = digits "." digits "." digits "." digits`.
fn is_hostnumber(s: &str) -> bool {
    let mut n = 0;
    for part in s.split('.') {
        n += 1;
        if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
            return false;
        }
    }
    n == 4
}

/// `hostname = *[ domainlabel "." ] toplabel`; labels are alphanumeric
/// with inner hyphens, and the top label starts with a letter.
fn is_hostname(s: &str) -> bool {
    if s.is_empty() {
        return false;
    }
    let mut labels = s.split('.').peekable();
    while let Some(l) = labels.next() {
        let b = l.as_bytes();
        let ok = !b.is_empty()
            && b[0].is_ascii_alphanumeric()
            && b[b.len() - 1].is_ascii_alphanumeric()
            && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'-');
        if !ok {
            return false;
        }
        if labels.peek().is_none() && !b[0].is_ascii_alphabetic() {
            return false;
        }
    }
    true
}

/// The text after `scheme:` up to the fragment: the scheme-specific part
/// of RFC 1738 §2.1, where `?` is not special.
pub(super) fn scheme_part<'a>(u: &Uri<'a>) -> &'a str {
    let s = u.as_str();
    let start = u.scheme().map_or(0, |sc| sc.len() + 1);
    let end = u.fragment().map_or(s.len(), |f| s.len() - f.len() - 1);
    &s[start..end]
}

/// The RFC 1738 url-path: after the `/` that follows the host and port, up
/// to the fragment, `?` included. `None` without that `/`.
pub(super) fn url_path<'a>(u: &Uri<'a>) -> Option<&'a str> {
    let path = u.path();
    if !path.starts_with('/') {
        return None;
    }
    let s = u.as_str();
    let start = offset(u, path) + 1;
    let end = u.fragment().map_or(s.len(), |f| s.len() - f.len() - 1);
    Some(&s[start..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hostnames_by_rfc1738() {
        for ok in [
            "www.example.com",
            "a",
            "3com.com",
            "a-b.c",
            "128.141.77.2",
            "1.2.3.4444",
        ] {
            assert!(is_host(ok), "{ok}");
        }
        for bad in [
            "", "a.", "-a.com", "a-.com", "a..b", "a.123", "1.2.3", "a_b.com", "[::1]", "é.com",
        ] {
            assert!(!is_host(bad), "{bad}");
        }
    }
}
