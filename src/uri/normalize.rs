//! Normalization, RFC 3986 §6.2.2 (syntax-based) and §6.2.3
//! (scheme-based).

use super::iri::escape_unsafe_ascii;
use super::resolve::remove_dot_segments;
use super::table::{hex_val, is, UNRESERVED};
use super::{scheme, HostKind, Uri, UriBuf};
use std::borrow::Cow;

/// Percent-encoding normalization (§6.2.2.2): hex digits in upper case,
/// and triplets that stand for unreserved characters decoded. With
/// `lower`, ASCII letters outside triplets go to lower case (for hosts).
fn pct_normalize(s: &str, lower: bool) -> Cow<'_, str> {
    let b = s.as_bytes();
    let clean = !b
        .iter()
        .enumerate()
        .any(|(i, &c)| (c == b'%') || (lower && c.is_ascii_uppercase() && !in_triplet(b, i)));
    if clean {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'%' && i + 2 < b.len() {
            if let (Some(h), Some(l)) = (hex_val(b[i + 1]), hex_val(b[i + 2])) {
                let v = h * 16 + l;
                if v < 0x80 && is(v, UNRESERVED) {
                    let ch = if lower { v.to_ascii_lowercase() } else { v };
                    out.push(ch as char);
                } else {
                    out.push('%');
                    out.push(b[i + 1].to_ascii_uppercase() as char);
                    out.push(b[i + 2].to_ascii_uppercase() as char);
                }
                i += 3;
                continue;
            }
        }
        // Copy one whole character (the input may be an IRI).
        let len = utf8_len(c);
        let chunk = &s[i..i + len];
        if lower && len == 1 {
            out.push(c.to_ascii_lowercase() as char);
        } else {
            out.push_str(chunk);
        }
        i += len;
    }
    Cow::Owned(out)
}

fn in_triplet(b: &[u8], i: usize) -> bool {
    (i >= 1 && b[i - 1] == b'%') || (i >= 2 && b[i - 2] == b'%')
}

fn utf8_len(first: u8) -> usize {
    match first {
        0x00..=0x7F => 1,
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    }
}

pub(crate) fn normalize(u: &Uri<'_>) -> UriBuf {
    let mut s = String::with_capacity(u.as_str().len() + 1);
    let scheme = u.scheme();
    if let Some(sc) = scheme {
        s.push_str(&sc.to_ascii_lowercase());
        s.push(':');
    }
    let has_authority = u.authority().is_some();
    if has_authority {
        s.push_str("//");
        if let Some(ui) = u.userinfo() {
            s.push_str(&pct_normalize(ui, false));
            s.push('@');
        }
        let host = u.host().unwrap_or("");
        match u.host_kind() {
            Some(HostKind::RegName) => s.push_str(&pct_normalize(host, true)),
            _ => s.push_str(&host.to_ascii_lowercase()),
        }
        if let Some(port) = u.port() {
            let default = scheme.and_then(scheme::default_port);
            let is_default = match (default, port.parse::<u32>()) {
                (Some(d), Ok(p)) => u32::from(d) == p,
                _ => false,
            };
            if !port.is_empty() && !is_default {
                s.push(':');
                s.push_str(port);
            }
        }
    }
    let path = escape_unsafe_ascii(pct_normalize(u.path(), false));
    let path = if scheme.is_some() || has_authority || path.starts_with('/') {
        Cow::Owned(remove_dot_segments(&path).into_owned())
    } else {
        path
    };
    if !has_authority && path.starts_with("//") {
        // Keep the path from re-parsing as an authority.
        s.push_str("/.");
    }
    if path.is_empty()
        && has_authority
        && scheme
            .is_some_and(|sc| sc.eq_ignore_ascii_case("http") || sc.eq_ignore_ascii_case("https"))
    {
        s.push('/');
    } else {
        s.push_str(&path);
    }
    if let Some(q) = u.query() {
        s.push('?');
        s.push_str(&escape_unsafe_ascii(pct_normalize(q, false)));
    }
    if let Some(f) = u.fragment() {
        s.push('#');
        // A `#` inside a fragment (which a found link may hold, as
        // browsers take it) is `%23` in a URI, as `[` and `]` are `%5B`
        // and `%5D`.
        s.push_str(&escape_unsafe_ascii(pct_normalize(f, false)));
    }
    UriBuf::from_composed(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pct_normalize_cases() {
        assert_eq!(pct_normalize("%7e%41%2f%3a", false), "~A%2F%3A");
        assert_eq!(pct_normalize("abc", false), "abc");
        assert!(matches!(pct_normalize("abc", false), Cow::Borrowed(_)));
        assert_eq!(pct_normalize("WWW.%45xample.COM", true), "www.example.com");
        assert_eq!(pct_normalize("a%c3%a9", true), "a%C3%A9");
        assert_eq!(pct_normalize("é%7e", false), "é~");
    }
}
