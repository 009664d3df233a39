//! Links that may not go where they seem to (rule C-S2).

use std::borrow::Cow;

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
    /// A host label that mixes scripts (`pаypal` with a Cyrillic `а`),
    /// written in Unicode or as punycode (`xn--pypal-4ve`).
    MixedScript {
        /// The host as written.
        host: String,
    },
    /// A label all in one script other than Latin whose letters all look
    /// like Latin ones (UTS 39 whole-script confusable: `аррӏе`, all
    /// Cyrillic, looks like `apple`), in Unicode or punycode. Feature
    /// `confusables`.
    WholeScript {
        /// The host as written.
        host: String,
        /// The Latin host it looks like (`apple.com`).
        looks_like: String,
    },
    /// A host on the reader's own machine or network: loopback
    /// (`127.0.0.1`, `::1`, `localhost`), private (`10/8`, `172.16/12`,
    /// `192.168/16`, `fc00::/7`) or link-local (`169.254/16`, `fe80::/10`).
    /// A link in mail there reaches what the reader's network trusts.
    LocalAddress {
        /// The host as written.
        host: String,
    },
    /// A URL that holds a direction control (U+202E and the like, see
    /// [`super::is_bidi_control`]): shown, it reads in another order than
    /// it goes (`http://a.example/\u{202e}gpj.exe` shows as `exe.jpg`).
    DirectionControl {
        /// The host.
        host: String,
    },
    /// An HTML link whose text shows one host while its href goes to
    /// another ([`shown_elsewhere`]).
    TextShows {
        /// The host the text shows.
        shown: String,
        /// The host the href goes to.
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
                write!(f, "host {host} mixes scripts")?;
                other_form(f, host)
            }
            Deception::WholeScript { host, looks_like } => {
                write!(f, "host {host} looks like {looks_like} in another script")?;
                other_form(f, host)
            }
            Deception::LocalAddress { host } => write!(
                f,
                "goes to {host}, an address on your own machine or network"
            ),
            Deception::DirectionControl { host } if host.is_empty() => {
                write!(f, "it holds a direction control that reorders how it reads")
            }
            Deception::DirectionControl { host } => write!(
                f,
                "goes to {host}; it holds a direction control that reorders how it reads"
            ),
            Deception::TextShows { shown, host } => {
                write!(f, "the text shows {shown} but the link goes to {host}")
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
/// let local = urlx::parse("http://192.168.1.1/admin").unwrap();
/// assert_eq!(deception(&local), Some(Deception::LocalAddress { host: "192.168.1.1".into() }));
/// assert!(deception(&urlx::parse("http://203.0.113.9/").unwrap()).is_none());
/// ```
pub fn deception(u: &Uri<'_>) -> Option<Deception> {
    deception_with(u, crate::redirect::unwrap_uri(u).as_ref())
}

/// [`deception`] of `u` where its link-protection redirect was read
/// already (`redirect`: what [`Link::redirect`](crate::Link::redirect) or
/// [`redirect::unwrap_uri`](crate::redirect::unwrap_uri) gave for it): the
/// same verdict, without reading it again.
///
/// ```
/// let u = urlx::parse("https://slack-redir.net/link?url=http%3A%2F%2F10.0.0.1%2F").unwrap();
/// let r = urlx::redirect::unwrap_uri(&u);
/// assert_eq!(urlx::linkify::deception_with(&u, r.as_ref()), urlx::linkify::deception(&u));
/// assert!(urlx::linkify::deception_with(&u, r.as_ref()).is_some());
/// ```
pub fn deception_with(
    u: &Uri<'_>,
    redirect: Option<&crate::redirect::Redirect>,
) -> Option<Deception> {
    // C-S7: a protection redirect is judged by where it leads (and by a
    // direction control in it as written).
    if let Some(target) = redirect.and_then(crate::redirect::Redirect::target) {
        if let Ok(t) = crate::uri::parse_iri(target) {
            if u.as_str().chars().any(super::is_bidi_control) {
                return judged(u);
            }
            return judged(&t);
        }
    }
    judged(u)
}

/// [`deception`] of the URL `u` itself.
fn judged(u: &Uri<'_>) -> Option<Deception> {
    if u.as_str().chars().any(super::is_bidi_control) {
        return Some(Deception::DirectionControl {
            host: u.host().unwrap_or("").to_owned(),
        });
    }
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
    if is_local(host, u.host_kind()) {
        return Some(Deception::LocalAddress {
            host: host.to_owned(),
        });
    }
    if u.host_kind() != Some(HostKind::RegName) || (host.is_ascii() && !has_ace(host)) {
        return None;
    }
    let labels = labels_as_read(host);
    if labels.iter().any(|l| mixes_scripts(l) || uts39_mixed(l)) {
        return Some(Deception::MixedScript {
            host: host.to_owned(),
        });
    }
    #[cfg(feature = "confusables")]
    if labels.iter().any(|l| whole_script_confusable(l)) {
        // Only the lookalike labels by their skeleton (which reads `m` as
        // `rn`): the others as they are.
        let looks_like: Vec<String> = labels
            .iter()
            .map(|l| {
                if whole_script_confusable(l) {
                    latin_lookalike(l)
                } else {
                    l.to_string()
                }
            })
            .collect();
        return Some(Deception::WholeScript {
            host: host.to_owned(),
            looks_like: looks_like.join("."),
        });
    }
    None
}

/// A host's labels as a reader sees them: by UTS 46 (`idna`: case and
/// width mapped, normalized, punycode decoded) with `confusables`, else
/// each `xn--` label decoded.
#[cfg(feature = "confusables")]
fn labels_as_read(host: &str) -> Vec<Cow<'_, str>> {
    let (read, _) = idna::domain_to_unicode(host);
    read.split('.').map(|l| Cow::Owned(l.to_owned())).collect()
}

#[cfg(not(feature = "confusables"))]
fn labels_as_read(host: &str) -> Vec<Cow<'_, str>> {
    host.split(['.', '\u{3002}', '\u{ff0e}', '\u{ff61}'])
        .map(as_read)
        .collect()
}

/// Whether a host is loopback, private or link-local.
fn is_local(host: &str, kind: Option<HostKind>) -> bool {
    match kind {
        Some(HostKind::Ipv4) => match host.parse::<std::net::Ipv4Addr>() {
            Ok(a) => a.is_loopback() || a.is_private() || a.is_link_local() || a.is_unspecified(),
            Err(_) => false,
        },
        Some(HostKind::Ipv6) => {
            let inner = host.trim_start_matches('[').trim_end_matches(']');
            match inner.parse::<std::net::Ipv6Addr>() {
                Ok(a) => {
                    let first = a.segments()[0];
                    a.is_loopback()
                        || a.is_unspecified()
                        || first & 0xfe00 == 0xfc00
                        || first & 0xffc0 == 0xfe80
                        || a.to_ipv4_mapped().is_some_and(|v4| {
                            v4.is_loopback() || v4.is_private() || v4.is_link_local()
                        })
                }
                Err(_) => false,
            }
        }
        Some(HostKind::RegName) => {
            let h = host.trim_end_matches('.').as_bytes();
            h.eq_ignore_ascii_case(b"localhost")
                || h.len() > 10 && h[h.len() - 10..].eq_ignore_ascii_case(b".localhost")
        }
        _ => false,
    }
}

/// Whether an HTML link's text shows a host other than the one its href
/// goes to: a text that is a URL, or a host name (`www.bank.example`,
/// `bank.example/login`), whose host is neither the href's nor a domain
/// above it (`www.` aside). A text that names no host says nothing.
///
/// ```
/// use urlx::linkify::{shown_elsewhere, Deception};
/// assert_eq!(
///     shown_elsewhere("https://www.paypal.com/signin", "http://203.0.113.9/login"),
///     Some(Deception::TextShows { shown: "www.paypal.com".into(), host: "203.0.113.9".into() })
/// );
/// assert_eq!(shown_elsewhere("paypal.com", "https://www.paypal.com/x"), None);
/// assert_eq!(shown_elsewhere("Sign in", "http://203.0.113.9/"), None);
/// assert!(shown_elsewhere("paypal.com", "http://paypal.com.evil.example/").is_some());
/// ```
pub fn shown_elsewhere(text: &str, href: &str) -> Option<Deception> {
    // C-S7: a protection redirect's text shows where it leads.
    let target = crate::redirect::unwrap(href.trim()).and_then(|r| r.into_target());
    let href = crate::uri::parse_link(target.as_deref().unwrap_or(href).trim()).ok()?;
    let host = href.host().filter(|h| !h.is_empty())?;
    let text = text.trim();
    if text.is_empty() || text.contains(char::is_whitespace) {
        return None;
    }
    let parsed;
    let shown = if text.contains("://") {
        parsed = crate::uri::parse_link(text).ok()?;
        parsed.host()?
    } else {
        // A host name, maybe with a path: letters, digits, hyphens and
        // at least one dot before any `/`.
        let name = text.split(['/', '?', '#']).next()?;
        let name = name.split(':').next()?;
        let labels: Vec<&str> = name.split('.').collect();
        let named = labels.len() >= 2
            && labels
                .iter()
                .all(|l| !l.is_empty() && l.chars().all(|c| c.is_alphanumeric() || c == '-'))
            && labels
                .last()
                .is_some_and(|l| l.chars().any(char::is_alphabetic));
        if !named {
            return None;
        }
        name
    };
    // Compared in their ASCII form (by UTS 46 with `confusables`:
    // `ＢＡＮＫ.example` and `MÜNCHEN.de` are `bank.example` and
    // `xn--mnchen-3ya.de`), without a trailing dot or `www.`.
    let bare = |h: &str| {
        let h = crate::uri::compared_host(h.trim_end_matches('.'));
        match h.strip_prefix("www.") {
            Some(rest) => rest.to_owned(),
            None => h,
        }
    };
    let (s, h) = (bare(shown), bare(host));
    if s == h || h.ends_with(&format!(".{s}")) {
        return None;
    }
    Some(Deception::TextShows {
        shown: shown.to_owned(),
        host: host.to_owned(),
    })
}

/// The punycode of a label in that form (`xn--`, any case).
fn punycode_of(label: &str) -> Option<&str> {
    let (prefix, rest) = label.split_at_checked(4)?;
    prefix.eq_ignore_ascii_case("xn--").then_some(rest)
}

/// Whether a host has a label in punycode.
fn has_ace(host: &str) -> bool {
    host.split('.').any(|l| punycode_of(l).is_some())
}

/// A label as a reader sees it: an `xn--` label decoded from punycode.
#[cfg(not(feature = "confusables"))]
fn as_read(label: &str) -> Cow<'_, str> {
    punycode_of(label)
        .and_then(crate::uri::punycode_decode)
        .map_or(Cow::Borrowed(label), Cow::Owned)
}

/// After a host's verdict: its other form, what the lookalike hides or
/// shows (the punycode of a Unicode host, the Unicode of a punycode one).
fn other_form(f: &mut std::fmt::Formatter<'_>, host: &str) -> std::fmt::Result {
    if has_ace(host) {
        return write!(f, ": it reads {}", labels_as_read(host).join("."));
    }
    let url = format!("http://{host}/");
    #[cfg(feature = "confusables")]
    if let Ok(ascii) = idna::domain_to_ascii(host) {
        return write!(f, ": it is {ascii}");
    }
    match crate::uri::parse_iri(&url).map(|u| u.to_ascii().into_owned()) {
        Ok(ascii) if ascii != url => write!(
            f,
            ": it is {}",
            ascii.trim_start_matches("http://").trim_end_matches('/')
        ),
        _ => Ok(()),
    }
}

/// UTS 39 mixed-script detection (by its script sets, which take Han
/// with Hiragana, Katakana or Hangul as one writing system).
#[cfg(feature = "confusables")]
fn uts39_mixed(label: &str) -> bool {
    use unicode_security::mixed_script::MixedScript;
    !label.is_single_script()
}

#[cfg(not(feature = "confusables"))]
fn uts39_mixed(_: &str) -> bool {
    false
}

/// UTS 39 whole-script confusable, as browsers decide to show a host in
/// punycode: a label of one script, not all ASCII, whose every character
/// has a Latin (ASCII) lookalike.
#[cfg(feature = "confusables")]
fn whole_script_confusable(label: &str) -> bool {
    use unicode_security::mixed_script::MixedScript;
    !label.is_ascii()
        && label.is_single_script()
        && unicode_security::confusable_detection::skeleton(label)
            .all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// The Latin label a label looks like (its UTS 39 skeleton).
#[cfg(feature = "confusables")]
fn latin_lookalike(label: &str) -> String {
    unicode_security::confusable_detection::skeleton(label).collect()
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
        assert!(d("http://例え.jp/").is_none());
        assert!(d("http://bücher.example/").is_none());
    }

    /// C-S2: lookalikes that mix scripts, in Unicode and in punycode,
    /// each verdict naming the other form.
    #[test]
    fn c_s2_local_addresses() {
        let verdict = |u: &str| deception(&crate::uri::parse_link(u).unwrap());
        for u in [
            "http://127.0.0.1:8080/",
            "http://10.1.2.3/",
            "http://172.31.0.1/",
            "http://192.168.0.1/",
            "http://169.254.169.254/latest/meta-data/",
            "http://[::1]/",
            "http://[fd00::1]/",
            "http://[fe80::1]/",
            "http://[::ffff:192.168.0.1]/",
            "http://localhost/",
            "http://printer.LOCALHOST./",
        ] {
            assert!(
                matches!(verdict(u), Some(Deception::LocalAddress { .. })),
                "{u}"
            );
        }
        for u in [
            "http://172.32.0.1/",
            "http://[2001:db8::1]/",
            "http://localhost.example/",
            "http://例え.jp/",
        ] {
            assert_eq!(verdict(u), None, "{u}");
        }
        let d = verdict("http://192.168.1.1/").unwrap();
        assert_eq!(
            d.to_string(),
            "goes to 192.168.1.1, an address on your own machine or network"
        );
    }

    /// C-S7: a protection redirect is judged by where it leads: its text
    /// showing its target is no deception, its target's deceptions are.
    #[test]
    fn c_s7_verdicts_judge_the_protected_url() {
        let sl = |t: &str| {
            format!(
                "https://nam12.safelinks.protection.outlook.com/?url={}&data=05",
                t.replace(':', "%3A").replace('/', "%2F")
            )
        };
        assert_eq!(
            shown_elsewhere(
                "https://lore.kernel.org/x",
                &sl("https://lore.kernel.org/x")
            ),
            None
        );
        assert_eq!(
            shown_elsewhere("kernel.org", &sl("https://lore.kernel.org/x")),
            None
        );
        assert_eq!(
            shown_elsewhere("www.paypal.com", &sl("http://203.0.113.9/login")),
            Some(Deception::TextShows {
                shown: "www.paypal.com".into(),
                host: "203.0.113.9".into()
            })
        );
        assert_eq!(d(&sl("https://kernel.org/")), None);
        assert_eq!(
            d(&sl("http://192.168.1.1/admin")),
            Some(Deception::LocalAddress {
                host: "192.168.1.1".into()
            })
        );
        // A token redirect: as written.
        assert!(shown_elsewhere("kernel.org", "https://t.co/AbC").is_some());
    }

    #[test]
    fn c_s2_link_text_showing_another_host() {
        let shows = |t: &str, h: &str| shown_elsewhere(t, h).map(|d| d.to_string());
        assert_eq!(
            shows("www.paypal.com", "http://xn--pypal-4ve.com/"),
            Some("the text shows www.paypal.com but the link goes to xn--pypal-4ve.com".into())
        );
        assert!(shows(
            "https://bank.example/login",
            "https://bank.example.evil.example/"
        )
        .is_some());
        assert!(shows("BANK.example", "https://www.bank.example/").is_none());
        assert!(shows("https://bank.example", "https://login.bank.example/").is_none());
        // Text that names no host: words, a version number, non-ASCII words.
        for t in ["Click here", "v1.2", "москва", "3.14", ""] {
            assert!(shows(t, "http://203.0.113.9/").is_none(), "{t}");
        }
        // A href with no host says nothing.
        assert!(shows("bank.example", "mailto:x@bank.example").is_none());
    }

    /// UTS 46: hosts compared with case and width mapped and punycode
    /// decoded, so a text in fullwidth or capital letters shows the host
    /// it names.
    #[cfg(feature = "confusables")]
    #[test]
    fn c_s2_hosts_compared_in_their_uts46_form() {
        assert_eq!(
            shown_elsewhere(
                "\u{ff30}\u{ff41}\u{ff39}\u{ff30}\u{ff41}\u{ff4c}.com",
                "https://paypal.com/"
            ),
            None
        );
        assert_eq!(
            shown_elsewhere("M\u{dc}NCHEN.de", "http://xn--mnchen-3ya.de/"),
            None
        );
        assert_eq!(
            shown_elsewhere("www.m\u{fc}nchen.de", "http://M\u{fc}nchen.DE/"),
            None
        );
        assert!(shown_elsewhere("m\u{fc}nchen.de", "http://munchen.de/").is_some());
        // A lookalike in capitals reads, mapped, as the lower-case one.
        let u = crate::uri::parse_link("http://\u{410}\u{420}\u{420}\u{4c0}\u{415}.com/").unwrap();
        assert!(
            matches!(deception(&u), Some(Deception::WholeScript { .. })),
            "{:?}",
            deception(&u)
        );
        let u = crate::uri::parse_link("http://XN--PYPAL-4VE.COM/").unwrap();
        assert!(matches!(deception(&u), Some(Deception::MixedScript { .. })));
    }

    #[test]
    fn c_s2_mixed_script_homographs_in_either_form() {
        for (host, other) in [
            ("p\u{430}ypal.com", "it is xn--pypal-4ve.com"),
            ("xn--pypal-4ve.com", "it reads p\u{430}ypal.com"),
            // UTS 46 reads punycode in lower case (RFC 3492's case
            // annotations are not kept).
            (
                "XN--PYPAL-4VE.com",
                if cfg!(feature = "confusables") {
                    "it reads p\u{430}ypal.com"
                } else {
                    "it reads P\u{430}YPAL.com"
                },
            ),
            ("g\u{3bf}\u{3bf}gle.com", "it is xn--ggle-0nda.com"),
            ("\u{581}oogle.com", "it is xn--oogle-vjg.com"),
            (
                "www.xn--ggle-0nda.com",
                "it reads www.g\u{3bf}\u{3bf}gle.com",
            ),
        ] {
            let v = d(&format!("http://{host}/"));
            assert!(
                matches!(&v, Some(Deception::MixedScript { .. })),
                "{host}: {v:?}"
            );
            let words = v.unwrap().to_string();
            assert!(words.ends_with(other), "{host}: {words}");
        }
    }

    /// Real IDNs, in Unicode and in punycode, are no deception.
    #[test]
    fn c_s2_real_idns_are_not_flagged() {
        for host in [
            "例え.jp",
            "xn--r8jz45g.jp",
            "münchen.de",
            "xn--mnchen-3ya.de",
            "москва.рф",
            "xn--80adxhks.xn--p1ai",
            "ελλάδα.gr",
            "xn--hxargifdar.gr",
            "日本語.jp",
            "한국.kr",
            "xn--invalid-!.example",
        ] {
            let url = format!("http://{host}/");
            let Ok(u) = crate::parse_iri(&url) else {
                continue;
            };
            assert_eq!(deception(&u), None, "{host}");
        }
    }

    /// C-S2 (UTS 39): a label all in one script that looks all Latin.
    #[cfg(feature = "confusables")]
    #[test]
    fn c_s2_whole_script_confusables_in_either_form() {
        for (host, looks_like) in [
            ("\u{430}\u{440}\u{440}\u{4cf}\u{435}.com", "apple.com"),
            ("xn--80ak6aa92e.com", "apple.com"),
            ("\u{455}\u{441}\u{43e}\u{440}\u{435}.com", "scope.com"),
            ("\u{581}\u{585}\u{585}\u{581}.com", "goog.com"),
            ("\u{3bf}\u{3c1}\u{3b1}.example", "opa.example"),
        ] {
            let v = d(&format!("http://{host}/"));
            match &v {
                Some(Deception::WholeScript { looks_like: l, .. }) => {
                    assert_eq!(l, looks_like, "{host}")
                }
                other => panic!("{host}: {other:?}"),
            }
        }
        let words = d("http://xn--80ak6aa92e.com/").unwrap().to_string();
        assert_eq!(
            words,
            "host xn--80ak6aa92e.com looks like apple.com in another script: it reads \u{430}\u{440}\u{440}\u{4cf}\u{435}.com"
        );
    }
}
