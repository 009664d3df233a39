//! A set of domains a host is matched against: the host itself or any of
//! its parent domains, one hash lookup a label, however long the list.

use super::table::NameTable;
use crate::uri::{self, HostKind, Uri};

/// Domains and IP addresses, in the form hosts are compared in: ASCII
/// (IDNs in punycode), lower case, without a trailing dot.
#[derive(Clone, Debug, Default)]
pub(super) struct Hosts {
    names: NameTable,
}

impl Hosts {
    /// Makes room for `n` more entries.
    pub(super) fn reserve(&mut self, n: usize) {
        self.names.reserve(n);
    }

    /// Adds an entry as a user writes it: `kernel.org`, `.kernel.org` or
    /// `*.kernel.org` (the same), `例え.jp`, `192.0.2.1`, `[2001:db8::1]`
    /// or `2001:db8::1`. `Err` says why it is not a host.
    pub(super) fn insert(&mut self, entry: &str) -> Result<(), String> {
        let e = entry.trim();
        let e = e
            .strip_prefix("*.")
            .or_else(|| e.strip_prefix('.'))
            .unwrap_or(e);
        // PERF: most entries of a long list are plain DNS names, taken as
        // they are, without a parse (`benches/filters.sh`: the parse took
        // most of the load of 100,000 domains).
        if is_plain_name(e) {
            self.names
                .insert(e.strip_suffix('.').unwrap_or(e).as_bytes());
            return Ok(());
        }
        if e.contains('/') || e.contains('@') {
            return Err("not a host name (write the host alone, as example.org)".into());
        }
        let bracketed;
        let e = if e.parse::<std::net::Ipv6Addr>().is_ok() {
            bracketed = format!("[{e}]");
            &bracketed
        } else {
            e
        };
        if e.is_empty() {
            return Err("empty".into());
        }
        let url = format!("http://{e}/");
        let parsed = uri::parse_iri(&url).map_err(|err| err.to_string())?;
        if parsed.host() != Some(e) || parsed.path() != "/" {
            return Err("not a host name (write the host alone, as example.org)".into());
        }
        match ascii_host(&parsed) {
            Some(h) if !h.is_empty() => {
                self.names.insert(h.as_bytes());
                Ok(())
            }
            _ => Err("not a host name".into()),
        }
    }

    /// Whether `u`'s host is in the set, or under a domain in it.
    pub(super) fn contains(&self, u: &Uri<'_>) -> bool {
        let Some(raw) = u.host() else {
            return false;
        };
        // PERF: an ASCII host is lowered on the stack, not in a new
        // String (one a link; `benches/filters.sh`).
        let mut buf = [0u8; 256];
        let owned;
        let host = match buf.get_mut(..raw.len()) {
            Some(b) if raw.is_ascii() && u.host_kind() != Some(HostKind::Ipv6) => {
                b.copy_from_slice(raw.as_bytes());
                b.make_ascii_lowercase();
                let Ok(lowered) = std::str::from_utf8(b) else {
                    return false;
                };
                lowered.strip_suffix('.').unwrap_or(lowered)
            }
            _ => {
                let Some(h) = ascii_host(u) else {
                    return false;
                };
                owned = h;
                owned.as_str()
            }
        };
        if self.names.contains(host.as_bytes()) {
            return true;
        }
        // An IP address has no parent domain: 10.0.0.1 is not under 0.1.
        if u.host_kind() != Some(HostKind::RegName) {
            return false;
        }
        let mut rest = host;
        while let Some(dot) = rest.find('.') {
            rest = &rest[dot + 1..];
            if self.names.contains(rest.as_bytes()) {
                return true;
            }
        }
        false
    }
}

/// Letters, digits and hyphens in labels of 1 to 63 bytes, and not all
/// digits and dots (which may be an IPv4 address, kept by the parse): a
/// name the parse would take as it is, lower case aside.
fn is_plain_name(e: &str) -> bool {
    let body = e.strip_suffix('.').unwrap_or(e).as_bytes();
    // One pass over the bytes: a label's length, and whether a letter
    // was seen.
    let (mut label, mut letter) = (0usize, false);
    for &b in body {
        match b {
            b'.' if (1..=63).contains(&label) => label = 0,
            b'a'..=b'z' | b'A'..=b'Z' => (label, letter) = (label + 1, true),
            b'0'..=b'9' | b'-' => label += 1,
            _ => return false,
        }
    }
    (1..=63).contains(&label) && letter
}

/// A URI's host as hosts are compared: IDNA ASCII form, lower case, no
/// trailing dot. `None` without a host.
fn ascii_host(u: &Uri<'_>) -> Option<String> {
    let host = u.host()?;
    if let Some(a) = u.ipv6() {
        // One text for each address: 2001:DB8:0::1 is 2001:db8::1.
        return Some(format!("[{a}]"));
    }
    let mut h = uri::compared_host(host);
    if h.ends_with('.') {
        h.pop();
    }
    Some(h)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(entries: &[&str]) -> Hosts {
        let mut h = Hosts::default();
        for e in entries {
            h.insert(e).unwrap();
        }
        h
    }

    fn has(h: &Hosts, url: &str) -> bool {
        h.contains(&uri::parse_iri(url).unwrap())
    }

    #[test]
    fn a_domain_keeps_itself_and_what_is_under_it() {
        let h = set(&["kernel.org"]);
        assert!(has(&h, "https://kernel.org/"));
        assert!(has(&h, "https://lore.kernel.org/x"));
        assert!(has(&h, "https://LORE.Kernel.ORG./x"));
        assert!(!has(&h, "https://notkernel.org/"));
        assert!(!has(&h, "https://kernel.org.evil.example/"));
        assert!(!has(&h, "mailto:a@kernel.org"));
    }

    #[test]
    fn idns_compare_in_ascii() {
        let h = set(&["例え.jp", "xn--mnchen-3ya.de"]);
        assert!(has(&h, "http://xn--r8jz45g.jp/"));
        assert!(has(&h, "http://www.例え.jp/"));
        assert!(has(&h, "http://MÜNCHEN.de/"));
    }

    #[test]
    fn addresses_match_exactly() {
        let h = set(&["0.1", "192.0.2.1", "2001:db8::1"]);
        assert!(has(&h, "http://192.0.2.1:8080/"));
        assert!(!has(&h, "http://10.0.0.1/"));
        assert!(has(&h, "http://[2001:DB8:0::1]/"));
    }

    #[test]
    fn wildcards_and_leading_dots_are_the_domain() {
        let h = set(&["*.example.org", ".example.net"]);
        assert!(has(&h, "http://a.example.org/"));
        assert!(has(&h, "http://example.net/"));
    }

    #[test]
    fn plain_names_are_taken_as_the_parse_takes_them() {
        for e in [
            "Kernel.ORG",
            "a-b.example.",
            "x1.y2",
            "xn--r8jz45g.jp",
            "localhost",
        ] {
            let mut fast = Hosts::default();
            fast.insert(e).unwrap();
            let url = format!("http://{e}/");
            let parsed = uri::parse_iri(&url).unwrap();
            let want = ascii_host(&parsed).unwrap();
            assert!(fast.names.contains(want.as_bytes()), "{e}");
        }
        for e in ["1.2.3.4", "a..b", "-", "ä.de", "a_b.c", ""] {
            assert!(!is_plain_name(e), "{e}");
        }
    }

    #[test]
    fn entries_that_are_not_hosts_are_refused() {
        let mut h = Hosts::default();
        for bad in [
            "",
            "http://example.org/",
            "example.org/path",
            "a b",
            "user@host",
        ] {
            assert!(h.insert(bad).is_err(), "{bad:?}");
        }
    }
}
