//! Host forms of RFC 3986 §3.2.2: `IPv4address`, `IP-literal` (IPv6 and
//! IPvFuture) and `reg-name`.

use super::table::{self, HEX, IPV_FUTURE};
use std::net::{Ipv4Addr, Ipv6Addr};

/// The kind of a URI's host, by the first alternative of RFC 3986's
/// `host = IP-literal / IPv4address / reg-name` that matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HostKind {
    /// `IPv4address`: four dec-octets, 0 to 255, no leading zeros.
    Ipv4,
    /// An IPv6 address in brackets, any RFC 3986 form (embedded IPv4 too).
    Ipv6,
    /// `IPvFuture` in brackets: `[v1.x]`.
    IpvFuture,
    /// `reg-name`: a registered name, usually a DNS name. May be empty.
    RegName,
}

impl HostKind {
    /// The name used in JSON output: `ipv4`, `ipv6`, `ipvfuture`, `reg-name`.
    pub fn as_str(self) -> &'static str {
        match self {
            HostKind::Ipv4 => "ipv4",
            HostKind::Ipv6 => "ipv6",
            HostKind::IpvFuture => "ipvfuture",
            HostKind::RegName => "reg-name",
        }
    }
}

/// Parses `IPv4address` exactly (dec-octet: `0`-`255`, no leading zeros).
pub(crate) fn parse_ipv4(s: &[u8]) -> Option<Ipv4Addr> {
    let mut octets = [0u8; 4];
    let mut i = 0;
    for (n, octet) in octets.iter_mut().enumerate() {
        if n > 0 {
            if s.get(i) != Some(&b'.') {
                return None;
            }
            i += 1;
        }
        let start = i;
        let mut v: u32 = 0;
        while i < s.len() && s[i].is_ascii_digit() && i - start < 3 {
            v = v * 10 + u32::from(s[i] - b'0');
            i += 1;
        }
        let len = i - start;
        if len == 0 || v > 255 || (len > 1 && s[start] == b'0') {
            return None;
        }
        *octet = v as u8;
    }
    (i == s.len()).then(|| Ipv4Addr::from(octets))
}

/// Parses `IPv6address` (the text between the brackets), every form of
/// RFC 3986 §3.2.2: up to eight `h16`, one `::`, an `IPv4address` as the
/// last 32 bits.
pub(crate) fn parse_ipv6(s: &[u8]) -> Option<Ipv6Addr> {
    let mut groups = [0u16; 8];
    let mut n = 0; // groups written
    let mut gap: Option<usize> = None; // where `::` stands
    let mut i = 0;
    if s.starts_with(b"::") {
        gap = Some(0);
        i = 2;
        if i == s.len() {
            return Some(Ipv6Addr::UNSPECIFIED);
        }
    } else if s.first() == Some(&b':') {
        return None;
    }
    loop {
        if n == 8 {
            return None;
        }
        // An IPv4address may stand for the last two groups.
        let start = i;
        let mut v: u32 = 0;
        while i < s.len() && table::is(s[i], HEX) && i - start < 4 {
            v = (v << 4) | u32::from(table::hex_val(s[i]).unwrap_or(0));
            i += 1;
        }
        if i < s.len() && s[i] == b'.' {
            if n > 6 {
                return None;
            }
            let v4 = parse_ipv4(&s[start..])?;
            let o = v4.octets();
            groups[n] = u16::from_be_bytes([o[0], o[1]]);
            groups[n + 1] = u16::from_be_bytes([o[2], o[3]]);
            n += 2;
            i = s.len();
            break;
        }
        if i == start {
            return None;
        }
        groups[n] = v as u16;
        n += 1;
        if i == s.len() {
            break;
        }
        if s[i] != b':' {
            return None;
        }
        i += 1;
        if i < s.len() && s[i] == b':' {
            if gap.is_some() {
                return None;
            }
            gap = Some(n);
            i += 1;
            if i == s.len() {
                break;
            }
        } else if i == s.len() {
            return None; // trailing single ':'
        }
    }
    debug_assert_eq!(i, s.len());
    match gap {
        None if n == 8 => {}
        None => return None,
        Some(g) => {
            // `::` stands for at least one group of zeros.
            if n == 8 {
                return None;
            }
            let tail = n - g;
            let mut out = [0u16; 8];
            out[..g].copy_from_slice(&groups[..g]);
            out[8 - tail..].copy_from_slice(&groups[g..n]);
            groups = out;
        }
    }
    Some(Ipv6Addr::from(groups))
}

/// Whether `s` (between the brackets) is `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`.
pub(crate) fn is_ipv_future(s: &[u8]) -> bool {
    let Some((&v, rest)) = s.split_first() else {
        return false;
    };
    if v != b'v' && v != b'V' {
        return false;
    }
    let hex = rest.iter().take_while(|&&b| table::is(b, HEX)).count();
    if hex == 0 || rest.get(hex) != Some(&b'.') {
        return false;
    }
    let tail = &rest[hex + 1..];
    !tail.is_empty() && tail.iter().all(|&b| table::is(b, IPV_FUTURE))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv4_dec_octets() {
        assert_eq!(parse_ipv4(b"1.2.3.4"), Some(Ipv4Addr::new(1, 2, 3, 4)));
        assert_eq!(parse_ipv4(b"255.255.255.255"), Some(Ipv4Addr::BROADCAST));
        assert_eq!(parse_ipv4(b"0.0.0.0"), Some(Ipv4Addr::UNSPECIFIED));
        for bad in [
            "256.1.1.1",
            "01.2.3.4",
            "192.168.1",
            "1.2.3.4.5",
            "1.2.3.",
            "",
            "1..2.3",
            "1.2.3.4 ",
        ] {
            assert_eq!(parse_ipv4(bad.as_bytes()), None, "{bad}");
        }
    }

    #[test]
    fn ipv6_every_form() {
        let ok = [
            ("::", "::"),
            ("::1", "::1"),
            ("1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8"),
            ("::ffff:1.2.3.4", "::ffff:1.2.3.4"),
            ("1::", "1::"),
            ("1::8", "1::8"),
            ("1:2:3:4:5:6::8", "1:2:3:4:5:6:0:8"),
            ("1:2:3:4:5:6:1.2.3.4", "1:2:3:4:5:6:102:304"),
            ("fe80::1:2", "fe80::1:2"),
            ("FFFF::", "ffff::"),
            ("::1.2.3.4", "::1.2.3.4"),
        ];
        for (s, want) in ok {
            let got = parse_ipv6(s.as_bytes()).unwrap_or_else(|| panic!("{s}"));
            assert_eq!(got, want.parse::<Ipv6Addr>().unwrap(), "{s}");
        }
        for bad in [
            "",
            ":",
            ":1",
            "1:",
            "1::2::3",
            "1:2:3:4:5:6:7:8:9",
            "1:2:3:4:5:6:7::8",
            "12345::",
            "fe80::1%eth0",
            "::1.2.3",
            "1:2:3:4:5:6:7:1.2.3.4",
            "g::",
            "1:::2",
            "::1.2.3.4:5",
        ] {
            assert_eq!(parse_ipv6(bad.as_bytes()), None, "{bad}");
        }
    }

    #[test]
    fn ipv_future() {
        assert!(is_ipv_future(b"v1.x"));
        assert!(is_ipv_future(b"VF.a:b!"));
        assert!(!is_ipv_future(b"v.x"));
        assert!(!is_ipv_future(b"v1."));
        assert!(!is_ipv_future(b"v1x"));
        assert!(!is_ipv_future(b"v1.x/"));
    }
}
