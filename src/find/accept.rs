//! The last word on a candidate: a wrapped text must be a URI whole, and
//! every URL meets the structural rules of C-F2 and C-F3 beyond syntax.

use super::candidate::{Context, Rules};
use super::{make_link, with_prefix, Finder, Link};
use crate::delimit::{Delimited, Form};
use crate::uri::Uri;

impl Finder {
    /// Checks a wrapped candidate: the whole text must be a URI.
    pub(super) fn finish_wrapped<'h>(
        &self,
        h: &'h [u8],
        d: Delimited,
        rules: &Rules,
    ) -> Option<(Link<'h>, usize)> {
        let prefix = rules.prefix;
        let text = d.pieces.text(h)?;
        if text.len() > self.limits.max_url_len {
            return None;
        }
        let url = with_prefix(text, prefix);
        // The whole text, a fragment that holds `#` included.
        let (n, meta) = crate::uri::prefix_taking_hashes(url.as_bytes())?;
        if n < url.len() {
            return None;
        }
        let u = Uri::from_parts(&url, meta);
        if !u.is_absolute() || !self.acceptable(&u, rules, d.form) {
            return None;
        }
        let alt = d.pieces.alt(h).map(|a| match prefix {
            Some(p) => format!("{p}{a}"),
            None => a,
        });
        Some((make_link(url, &d, meta, alt), d.consumed))
    }

    /// The structural rules of C-F2 and C-F3 beyond syntax.
    pub(super) fn acceptable(&self, u: &Uri<'_>, rules: &Rules, form: Form) -> bool {
        let Rules {
            class,
            slashes,
            ctx,
            ..
        } = *rules;
        let scheme = || u.scheme().unwrap_or("");
        if scheme().eq_ignore_ascii_case("mailto") && !addresses(u.path()) {
            return false;
        }
        if form == Form::Domain {
            return super::domain::names_a_domain(u);
        }
        if form == Form::Email {
            return !u.path().is_empty();
        }
        if form == Form::Abbreviated {
            // The host is the text's (C-F4: `www.info@example.org` is an
            // address): `www.` + at least one more label, not a bare number.
            if u.userinfo().is_some() {
                return false;
            }
            let host = u.host().unwrap_or("");
            let rest = host.get(4..).unwrap_or("");
            let last = rest.rsplit('.').next().unwrap_or("");
            return rest.contains('.')
                && !last.is_empty()
                && !last.bytes().all(|b| b.is_ascii_digit());
        }
        if slashes || class.is_some_and(|c| c.authority()) {
            // (A host is there exactly when an authority is.)
            let Some(host) = u.host() else {
                return false;
            };
            // A host of punctuation alone (`https://=` where quoted-printable
            // broke a line) names nothing.
            return host.bytes().any(|b| b.is_ascii_alphanumeric() || b >= 0x80)
                || (scheme().eq_ignore_ascii_case("file") && !u.path().is_empty());
        }
        let path = u.path();
        if path.is_empty() {
            // RFC 6068: the addresses in the query alone, in a wrapper.
            return ctx != Context::Bare
                && scheme().eq_ignore_ascii_case("mailto")
                && u.query().is_some_and(|q| q.contains('@'));
        }
        // In running text a word such as `news:` is followed by prose: a
        // bare opaque URL starts with ASCII (`的news:形式…` is no URL), but
        // an address, whose local part may be of any script
        // (`mailto:αβγ@example.com`, which the `@` below requires).
        let first = path.as_bytes()[0];
        let mailto = scheme().eq_ignore_ascii_case("mailto");
        if ctx == Context::Bare
            && !(first.is_ascii_alphanumeric()
                || matches!(first, b'*' | b'%' | b'_' | b'~' | b'+')
                || (mailto && first >= 0x80))
        {
            return false;
        }
        if scheme().eq_ignore_ascii_case("mailto") && ctx == Context::Bare && !path.contains('@') {
            return false;
        }
        if scheme().eq_ignore_ascii_case("urn") && !path.contains(':') {
            return false;
        }
        true
    }
}

/// C-S6: a `mailto:` path is addresses that are RFC 6068 addr-specs, or
/// none (`mailto:?to=…`): each (between commas) one `@`, a local part (a
/// dot-atom: no dot at its ends or two in a row, no `[` or `]`, unless it
/// is quoted),
/// and a domain of labels (letters, digits, hyphens, non-ASCII, percent
/// escapes) or an address literal. What whitespace removal builds inside a
/// wrapper (`mailto:a@b.orga@b.org`, `mailto:bobatgmail.com`) is not.
fn addresses(path: &str) -> bool {
    // One pass over the bytes (mail has a `mailto:` in most list
    // messages' header fields).
    let b = path.as_bytes();
    if b.is_empty() {
        return true;
    }
    let mut i = 0;
    loop {
        // The local part, up to the `@`.
        let start = i;
        while i < b.len() && b[i] != b'@' && b[i] != b',' {
            i += 1;
        }
        if i == start || b.get(i) != Some(&b'@') {
            return false;
        }
        let local = &b[start..i];
        let quoted = local[0] == b'"' || local.starts_with(b"%22");
        if !quoted && !dot_atom(local) {
            return false;
        }
        i += 1;
        let d = i;
        if b.get(i) == Some(&b'[') {
            // An address literal.
            while i < b.len() && b[i] != b']' && b[i] != b'@' {
                i += 1;
            }
            if b.get(i) != Some(&b']') {
                return false;
            }
            i += 1;
        } else {
            while i < b.len() && DOMAIN_BYTE[usize::from(b[i])] {
                i += 1;
            }
            let domain = &b[d..i];
            match (domain.first(), domain.last()) {
                (Some(f), Some(l)) if !matches!(f, b'.' | b'-') && !matches!(l, b'.' | b'-') => {}
                _ => return false,
            }
        }
        match b.get(i) {
            None => return true,
            Some(b',') => i += 1,
            Some(_) => return false,
        }
    }
}

/// Whether an unquoted local part is a dot-atom as far as C-S6 asks: no
/// dot at its ends or two in a row, no `[` or `]`.
// PERF: one pass, no searcher built per address (`mailto:` is in most list
// messages' header fields): `cargo bench --bench extract -- spamassassin`.
fn dot_atom(local: &[u8]) -> bool {
    let mut prev = b'.';
    for &c in local {
        if (c == b'.' && prev == b'.') || c == b'[' || c == b']' {
            return false;
        }
        prev = c;
    }
    prev != b'.'
}

/// Where a bare `mailto:` URL whose path is no list of addresses ends
/// after its first address, when one starts it, its domain has a dot and
/// a `/` follows it (`mailto:a@b.example/foo`, as UTS #58 ends it): how
/// many bytes of `url` (a bare `mailto:` URL of the components `m`) to
/// keep.
pub(super) fn mailto_cut(url: &str, m: crate::uri::Meta) -> Option<usize> {
    let u = Uri::from_parts(url, m);
    if !u.scheme()?.eq_ignore_ascii_case("mailto") || u.query().is_some() {
        return None;
    }
    // A cut is before a `/`: a path without one (nearly all) is not read
    // twice.
    let path = u.path().as_bytes();
    memchr::memchr(b'/', path)?;
    if addresses(u.path()) {
        return None;
    }
    let at = memchr::memchr(b'@', path)?;
    let end = path[at + 1..]
        .iter()
        .position(|&b| !DOMAIN_BYTE[usize::from(b)])
        .map_or(path.len(), |k| at + 1 + k);
    let keep = m.path_start as usize + end;
    let dotted = path[at + 1..end].contains(&b'.');
    (path.get(end) == Some(&b'/') && dotted && addresses(&u.path()[..end])).then_some(keep)
}

/// Bytes of an address's domain: letters, digits, `-`, `.`, `%` (an
/// escape), and every non-ASCII byte.
static DOMAIN_BYTE: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'%') || b >= 0x80;
        c += 1;
    }
    t
};
