//! Links that may not go where they seem to (CONTRACT C-S2).

use crate::uri::{HostKind, Uri};

/// Why a link may mislead, with the host it really goes to.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Deception {
    /// Userinfo in an http(s) URL: `http://www.bank.example@10.0.0.1/`
    /// goes to `10.0.0.1`.
    Userinfo {
        /// The host.
        host: String,
    },
    /// A numeric host not in dotted-decimal form (`2130706433`, `0x7f.1`,
    /// `0177.0.0.1`), which resolvers read as an IPv4 address.
    NumericHost {
        /// The host as written.
        host: String,
    },
    /// A host label that mixes scripts (`pаypal` with a Cyrillic `а`).
    MixedScript {
        /// The host as written.
        host: String,
    },
}

impl std::fmt::Display for Deception {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Deception::Userinfo { host } => {
                write!(f, "goes to {host} (the part before @ is not the host)")
            }
            Deception::NumericHost { host } => write!(f, "goes to the numeric address {host}"),
            Deception::MixedScript { host } => {
                // The ASCII form shows what the lookalike hides.
                let url = format!("http://{host}/");
                match crate::uri::parse_iri(&url).map(|u| u.to_ascii().into_owned()) {
                    Ok(ascii) if ascii != url => write!(
                        f,
                        "host {host} mixes scripts: it is {}",
                        ascii.trim_start_matches("http://").trim_end_matches('/')
                    ),
                    _ => write!(f, "host {host} mixes scripts"),
                }
            }
        }
    }
}

/// Whether a parsed link may mislead, and how.
///
/// ```
/// use urlx::linkify::{deception, Deception};
/// let u = urlx::parse("http://www.bank.example@10.0.0.1/").unwrap();
/// assert_eq!(deception(&u), Some(Deception::Userinfo { host: "10.0.0.1".into() }));
/// assert!(deception(&urlx::parse("http://0x7f.1/").unwrap()).is_some());
/// assert!(deception(&urlx::parse("http://127.0.0.1/").unwrap()).is_none());
/// ```
pub fn deception(u: &Uri<'_>) -> Option<Deception> {
    let host = u.host()?;
    let scheme = u.scheme().unwrap_or("");
    let web = scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https");
    if web && u.userinfo().is_some() {
        return Some(Deception::Userinfo {
            host: host.to_owned(),
        });
    }
    if u.host_kind() == Some(HostKind::RegName)
        && !host.is_empty()
        && host.trim_end_matches('.').split('.').all(numeric_label)
    {
        return Some(Deception::NumericHost {
            host: host.to_owned(),
        });
    }
    if !host.is_ascii() && host.split('.').any(mixes_scripts) {
        return Some(Deception::MixedScript {
            host: host.to_owned(),
        });
    }
    None
}

/// Decimal, octal (leading 0) or hexadecimal (`0x`) digits.
fn numeric_label(l: &str) -> bool {
    let hex = l.strip_prefix("0x").or_else(|| l.strip_prefix("0X"));
    match hex {
        Some(h) => h.bytes().all(|b| b.is_ascii_hexdigit()),
        None => !l.is_empty() && l.bytes().all(|b| b.is_ascii_digit()),
    }
}

/// The script of a letter, by Unicode block (coarse, enough to tell a
/// Cyrillic `а` in a Latin word).
fn script(c: char) -> Option<u8> {
    Some(match c as u32 {
        0x41..=0x5A | 0x61..=0x7A | 0xC0..=0x24F | 0x1E00..=0x1EFF => 1, // Latin
        0x370..=0x3FF | 0x1F00..=0x1FFF => 2,                            // Greek
        0x400..=0x52F | 0x2DE0..=0x2DFF | 0xA640..=0xA69F => 3,          // Cyrillic
        0x530..=0x58F => 4,                                              // Armenian
        0x590..=0x5FF => 5,                                              // Hebrew
        0x600..=0x6FF | 0x750..=0x77F => 6,                              // Arabic
        0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xAC00..=0xD7AF => 7, // CJK
        _ => return None,
    })
}

fn mixes_scripts(label: &str) -> bool {
    let mut seen = None;
    for c in label.chars() {
        if let Some(s) = script(c) {
            match seen {
                None => seen = Some(s),
                Some(t) if t != s => return true,
                _ => {}
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Option<Deception> {
        deception(&crate::parse_iri(s).unwrap())
    }

    #[test]
    fn c_s2_deceptive_forms() {
        assert!(
            matches!(d("https://paypal.example:pw@evil.example/"), Some(Deception::Userinfo { host }) if host == "evil.example")
        );
        assert!(d("ftp://user@ftp.example/").is_none());
        for h in [
            "http://2130706433/",
            "http://0x7f.0.0.1/",
            "http://0177.0.0.1/",
            "http://127.1/",
        ] {
            assert!(matches!(d(h), Some(Deception::NumericHost { .. })), "{h}");
        }
        assert!(d("http://3com.example/").is_none());
        assert!(matches!(
            d("http://p\u{430}ypal.example/"),
            Some(Deception::MixedScript { .. })
        ));
        assert!(d("http://例え.jp/").is_none());
        assert!(d("http://bücher.example/").is_none());
    }
}
