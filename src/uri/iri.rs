//! IRI to URI mapping (RFC 3987 §3.1): UTF-8 percent-encoding of
//! non-ASCII characters, and IDNA ToASCII (punycode, RFC 3492) for
//! non-ASCII labels of a registered-name host.
//!
//! The host mapping lower-cases each label with Unicode's simple case
//! mapping and treats the IDNA label separators (U+3002, U+FF0E, U+FF61)
//! as dots. It does not apply UTS #46 mapping or NFC normalization, which
//! need Unicode tables this crate does not carry by default.

use super::{HostKind, Uri};
use std::borrow::Cow;
use std::fmt::Write;

pub(crate) fn to_ascii<'a>(u: &Uri<'a>) -> Cow<'a, str> {
    let text = u.as_str();
    // (What a found link may hold as browsers take it is encoded in a URI:
    // a `#` inside a fragment, `https://matrix.to/#/%23room:example.org`;
    // `[` and `]` in a path, query or fragment.)
    let safe = |p: Option<&str>| p.is_none_or(|p| p.bytes().all(uri_safe));
    if text.is_ascii() && safe(Some(u.path())) && safe(u.query()) && safe(u.fragment()) {
        return Cow::Borrowed(text);
    }
    let mut s = String::with_capacity(text.len() * 3);
    if let Some(sc) = u.scheme() {
        s.push_str(sc);
        s.push(':');
    }
    if u.authority().is_some() {
        s.push_str("//");
        if let Some(ui) = u.userinfo() {
            pct_encode_into(&mut s, ui);
            s.push('@');
        }
        let host = u.host().unwrap_or("");
        if u.host_kind() == Some(HostKind::RegName) && !host.is_ascii() {
            host_to_ascii(&mut s, host);
        } else {
            s.push_str(host);
        }
        if let Some(p) = u.port() {
            s.push(':');
            s.push_str(p);
        }
    }
    pct_encode_into(&mut s, u.path());
    if let Some(q) = u.query() {
        s.push('?');
        pct_encode_into(&mut s, q);
    }
    if let Some(f) = u.fragment() {
        s.push('#');
        pct_encode_into(&mut s, f);
    }
    Cow::Owned(s)
}

/// Whether the byte may stand as it is in a URI's path, query or fragment
/// (RFC 3986 `pchar`, `/`, `?`, and `%`; a byte beyond ASCII is an IRI's):
/// not `[`, `]`, `#` or what URL text in UTS #58 mode may hold beyond
/// (`"`, `<`, `>`, `{`, `}`, `|`, `\`, `^`, `` ` ``).
fn uri_safe(b: u8) -> bool {
    b >= 0x80 || b == b'%' || super::table::is(b, super::table::QUERY)
}

/// `s` with every ASCII byte [`uri_safe`] refuses percent-encoded.
pub(crate) fn escape_unsafe_ascii(s: Cow<'_, str>) -> Cow<'_, str> {
    if s.bytes().all(uri_safe) {
        return s;
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if c.is_ascii() && !uri_safe(c as u8) {
            let _ = write!(out, "%{:02X}", c as u8);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

fn pct_encode_into(out: &mut String, s: &str) {
    for c in s.chars() {
        if c.is_ascii() && uri_safe(c as u8) {
            out.push(c);
        } else if c.is_ascii() {
            let _ = write!(out, "%{:02X}", c as u8);
        } else {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                let _ = write!(out, "%{b:02X}");
            }
        }
    }
}

/// A registered name as two hosts are compared: its ASCII form
/// ([`host_to_ascii`]), lower case.
pub(crate) fn compared_host(host: &str) -> String {
    let mut s = String::with_capacity(host.len() + 8);
    if host.is_ascii() {
        s.push_str(host);
    } else {
        host_to_ascii(&mut s, host);
    }
    s.make_ascii_lowercase();
    s
}

fn host_to_ascii(out: &mut String, host: &str) {
    // UTS 46 ToASCII, as browsers convert a host: case and width mapped
    // and the labels normalized before Punycode (`ｅｘａｍｐｌｅ.com` is
    // `example.com`). What it refuses is converted label by label below.
    #[cfg(feature = "confusables")]
    if let Ok(ascii) = idna::domain_to_ascii(host) {
        out.push_str(&ascii);
        return;
    }
    let mut first = true;
    for label in host.split(['.', '\u{3002}', '\u{FF0E}', '\u{FF61}']) {
        if !first {
            out.push('.');
        }
        first = false;
        if label.is_ascii() {
            out.push_str(label);
            continue;
        }
        let lower: Vec<char> = label.chars().flat_map(char::to_lowercase).collect();
        match punycode_encode(&lower) {
            Some(p) => {
                out.push_str("xn--");
                out.push_str(&p);
            }
            // Only on arithmetic overflow, for absurdly long labels: fall
            // back to percent-encoding, which is a valid reg-name.
            None => pct_encode_into(out, label),
        }
    }
}

const BASE: u32 = 36;
const TMIN: u32 = 1;
const TMAX: u32 = 26;
const SKEW: u32 = 38;
const DAMP: u32 = 700;
const INITIAL_BIAS: u32 = 72;
const INITIAL_N: u32 = 128;

fn adapt(mut delta: u32, num_points: u32, first: bool) -> u32 {
    delta /= if first { DAMP } else { 2 };
    delta += delta / num_points;
    let mut k = 0;
    while delta > ((BASE - TMIN) * TMAX) / 2 {
        delta /= BASE - TMIN;
        k += BASE;
    }
    k + (BASE - TMIN + 1) * delta / (delta + SKEW)
}

/// RFC 3492 §6.1's threshold `t` for the digit at `k`.
fn threshold(k: u32, bias: u32) -> u32 {
    if k <= bias {
        TMIN
    } else if k >= bias + TMAX {
        TMAX
    } else {
        k - bias
    }
}

fn digit(d: u32) -> char {
    if d < 26 {
        char::from(b'a' + d as u8)
    } else {
        char::from(b'0' + (d - 26) as u8)
    }
}

/// RFC 3492 §6.3 encoding. `None` on overflow.
pub(crate) fn punycode_encode(input: &[char]) -> Option<String> {
    let mut out: String = input.iter().filter(|c| c.is_ascii()).collect();
    let b = out.len() as u32;
    let mut h = b;
    if b > 0 {
        out.push('-');
    }
    let mut n = INITIAL_N;
    let mut delta: u32 = 0;
    let mut bias = INITIAL_BIAS;
    let len = input.len() as u32;
    while h < len {
        let m = input.iter().map(|&c| c as u32).filter(|&c| c >= n).min()?;
        delta = delta.checked_add((m - n).checked_mul(h + 1)?)?;
        n = m;
        for &c in input {
            let c = c as u32;
            if c < n {
                delta = delta.checked_add(1)?;
            }
            if c == n {
                let mut q = delta;
                let mut k = BASE;
                loop {
                    let t = threshold(k, bias);
                    if q < t {
                        break;
                    }
                    out.push(digit(t + (q - t) % (BASE - t)));
                    q = (q - t) / (BASE - t);
                    k += BASE;
                }
                out.push(digit(q));
                bias = adapt(delta, h + 1, h == b);
                delta = 0;
                h += 1;
            }
        }
        delta = delta.checked_add(1)?;
        n = n.checked_add(1)?;
    }
    Some(out)
}

/// RFC 3492 §6.2 decoding of a label's part after `xn--` (any case).
/// `None` where it is not valid Punycode or decodes to no character.
/// (With `confusables`, hosts are read by UTS 46 through `idna`.)
#[cfg(not(feature = "confusables"))]
pub(crate) fn punycode_decode(input: &str) -> Option<String> {
    let input = input.as_bytes();
    let (basic, rest) = match input.iter().rposition(|&b| b == b'-') {
        Some(i) => (&input[..i], &input[i + 1..]),
        None => (&input[..0], input),
    };
    if !basic.is_ascii() {
        return None;
    }
    let mut out: Vec<char> = basic.iter().map(|&b| char::from(b)).collect();
    let (mut n, mut i, mut bias) = (INITIAL_N, 0u32, INITIAL_BIAS);
    let mut pos = 0;
    while pos < rest.len() {
        let old_i = i;
        let mut w = 1u32;
        let mut k = BASE;
        loop {
            let b = *rest.get(pos)?;
            pos += 1;
            let d = match b {
                b'a'..=b'z' => u32::from(b - b'a'),
                b'A'..=b'Z' => u32::from(b - b'A'),
                b'0'..=b'9' => u32::from(b - b'0') + 26,
                _ => return None,
            };
            i = i.checked_add(d.checked_mul(w)?)?;
            let t = threshold(k, bias);
            if d < t {
                break;
            }
            w = w.checked_mul(BASE - t)?;
            k += BASE;
        }
        let len = out.len() as u32 + 1;
        bias = adapt(i - old_i, len, old_i == 0);
        n = n.checked_add(i / len)?;
        i %= len;
        out.insert(i as usize, char::from_u32(n)?);
        i += 1;
    }
    (!out.is_empty()).then(|| out.into_iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(not(feature = "confusables"))]
    #[test]
    fn rfc3492_decoding_inverts_encoding() {
        for s in [
            "bücher",
            "münchen",
            "例え",
            "テスト",
            "他们为什么不说中文",
            "3年b組金八先生",
            "p\u{430}ypal",
            "аррӏе",
        ] {
            assert_eq!(punycode_decode(&puny(s)).as_deref(), Some(s), "{s}");
        }
        // Basic code points are kept as written, case too.
        assert_eq!(punycode_decode("MNCHEN-3YA").as_deref(), Some("MüNCHEN"));
        for bad in ["", "-", "a-!", "99999999999", "ü-x"] {
            assert_eq!(punycode_decode(bad), None, "{bad:?}");
        }
    }

    fn puny(s: &str) -> String {
        punycode_encode(&s.chars().collect::<Vec<_>>()).unwrap()
    }

    #[test]
    fn rfc3492_vectors() {
        assert_eq!(puny("bücher"), "bcher-kva");
        assert_eq!(puny("münchen"), "mnchen-3ya");
        assert_eq!(puny("例え"), "r8jz45g");
        assert_eq!(puny("テスト"), "zckzah");
        // RFC 3492 §7.1 (B) Chinese (simplified).
        assert_eq!(puny("他们为什么不说中文"), "ihqwcrb4cv8a8dqg056pqjye");
        // (L) 3<nen>B<gumi><kinpachi><sensei>
        assert_eq!(puny("3年b組金八先生"), "3b-ww4c5e180e575a65lsy2b");
    }

    #[test]
    fn iri_to_uri() {
        let u = crate::uri::parse_iri("http://Bücher.example/ä?ö#ü").unwrap();
        assert_eq!(
            u.to_ascii(),
            "http://xn--bcher-kva.example/%C3%A4?%C3%B6#%C3%BC"
        );
        let u = crate::uri::parse_iri("http://例え。テスト/").unwrap();
        assert_eq!(u.to_ascii(), "http://xn--r8jz45g.xn--zckzah/");
    }

    /// With `confusables`, hosts go through UTS 46 as browsers take them:
    /// case and width mapped, `ß` kept (nontransitional).
    #[cfg(feature = "confusables")]
    #[test]
    fn uts46_hosts() {
        let ascii = |s: &str| crate::uri::parse_iri(s).unwrap().to_ascii().into_owned();
        assert_eq!(ascii("http://MÜNCHEN.de/"), "http://xn--mnchen-3ya.de/");
        assert_eq!(
            ascii("http://\u{ff45}\u{ff58}\u{ff41}\u{ff4d}\u{ff50}\u{ff4c}\u{ff45}.com/x"),
            "http://example.com/x"
        );
        assert_eq!(ascii("http://fa\u{df}.de/"), "http://xn--fa-hia.de/");
    }
}
