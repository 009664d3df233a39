//! Each service's redirect: which URLs are one (the service's own hosts
//! and paths), and where its target is.

use super::codec::{base64_decode, percent_decode};
use super::Service;
use crate::uri::Uri;

/// The service of `url` and the target it carries as written in it
/// (`None`: a token, or a target that does not decode), when `url` is a
/// redirect of one of them.
pub(super) fn read(u: &Uri<'_>) -> Option<(Service, Option<String>)> {
    if !(u.scheme_is("https") || u.scheme_is("http")) || u.userinfo().is_some() {
        return None;
    }
    let service = service_of(u.host()?)?;
    let url = u.as_str();
    let path = u.path();
    let query = u.query().unwrap_or("");
    let param = |name: &str| query_param(query, name).and_then(percent_decode);
    let target = match service {
        Service::SafeLinks => param("url"),
        Service::TrendMicro if path == "/wis/clicktime/v1/query" => param("url"),
        Service::Slack if path == "/link" => param("url"),
        Service::UrlDefenseV1 | Service::UrlDefenseV2 | Service::UrlDefenseV3 => {
            return url_defense(url, path, query)
        }
        Service::Google if path == "/url" => param("q").or_else(|| param("url")),
        Service::Barracuda if path == "/url" => param("a"),
        Service::Symantec => param("u"),
        Service::Sophos => param("u")
            .and_then(|b| base64_decode(&b))
            .and_then(|b| String::from_utf8(b).ok()),
        Service::Facebook if path == "/l.php" => param("u"),
        Service::Mimecast if path.starts_with("/s/") => None,
        Service::CiscoSecureEmail => None,
        Service::TCo if path.len() > 1 => None,
        _ => return None,
    };
    Some((service, target))
}

/// The service whose host `host` is, by its last two labels first: most
/// URLs are on no service's domain, and cost a look at the end of their
/// host.
// PERF: `valgrind --tool=callgrind target/release/urlx -j1 --json` over
// an mbox, against the build without unwrapping.
fn service_of(host: &str) -> Option<Service> {
    // A trailing dot (`t.co.`) is the same host.
    let host = host.strip_suffix('.').unwrap_or(host);
    let h = host.as_bytes();
    // The last two labels, lower case, from the last 16 bytes only: the
    // longest domain of a service is `slack-redir.net` (one loop over
    // them: searches and a pass over the whole host cost more).
    let mut buf = [0u8; 16];
    let (mut i, mut dots) = (h.len(), 0);
    while i > 0 {
        let c = h[i - 1];
        if c == b'.' {
            dots += 1;
            if dots == 2 {
                break;
            }
        }
        if h.len() - i == buf.len() {
            // A longer domain: only Google's country hosts (`google.co.uk`).
            return is_google(&host.to_ascii_lowercase()).then_some(Service::Google);
        }
        i -= 1;
        buf[buf.len() - (h.len() - i)] = c.to_ascii_lowercase();
    }
    if dots == 0 {
        return None;
    }
    let domain = &buf[buf.len() - (h.len() - i)..];
    let is = |name: &str| host.eq_ignore_ascii_case(name);
    let under = |suffix: &str| {
        host.len() > suffix.len() + 1
            && h[host.len() - suffix.len()..].eq_ignore_ascii_case(suffix.as_bytes())
            && h[host.len() - suffix.len() - 1] == b'.'
    };
    Some(match domain {
        b"outlook.com" if under("safelinks.protection.outlook.com") => Service::SafeLinks,
        b"office365.us" if under("safelinks.protection.office365.us") => Service::SafeLinks,
        // (URL Defense's version is in the path: `read` tells it.)
        b"proofpoint.com" if is("urldefense.proofpoint.com") => Service::UrlDefenseV2,
        b"urldefense.com" if is("urldefense.com") => Service::UrlDefenseV2,
        b"cudasvc.com" if is("linkprotect.cudasvc.com") => Service::Barracuda,
        b"trendmicro.com" | b"trendmicro.eu" => Service::TrendMicro,
        b"symantec.com" if is("clicktime.symantec.com") => Service::Symantec,
        b"sophos.com" if under("protection.sophos.com") => Service::Sophos,
        b"facebook.com" if is("l.facebook.com") || is("lm.facebook.com") => Service::Facebook,
        b"messenger.com" if is("l.messenger.com") => Service::Facebook,
        b"slack-redir.net" if is("slack-redir.net") => Service::Slack,
        b"mimecast.com" if under("mimecast.com") && h[..7].eq_ignore_ascii_case(b"protect") => {
            Service::Mimecast
        }
        b"cisco.com" if is("secure-web.cisco.com") => Service::CiscoSecureEmail,
        b"t.co" if is("t.co") => Service::TCo,
        _ if h.len() > 7 && h[..7].eq_ignore_ascii_case(b"google.")
            || h.len() > 11 && h[..11].eq_ignore_ascii_case(b"www.google.") =>
        {
            is_google(&host.to_ascii_lowercase()).then_some(Service::Google)?
        }
        _ => return None,
    })
}

/// Google's own hosts: `google.com`, `google.de`, `google.co.uk`,
/// `google.com.au`, with or without `www.`.
fn is_google(host: &str) -> bool {
    let host = host.strip_prefix("www.").unwrap_or(host);
    let Some(rest) = host.strip_prefix("google.") else {
        return false;
    };
    let cc = |s: &str| s.len() == 2 && s.bytes().all(|b| b.is_ascii_lowercase());
    match rest.split_once('.') {
        None => rest == "com" || cc(rest),
        Some(("co" | "com", c)) => cc(c),
        Some(_) => false,
    }
}

/// The raw value of the query's first `name=` parameter.
fn query_param<'q>(query: &'q str, name: &str) -> Option<&'q str> {
    query.split('&').find_map(|kv| {
        let (k, v) = kv.split_once('=')?;
        (k == name).then_some(v)
    })
}

/// Proofpoint URL Defense, by its version in the path.
fn url_defense(url: &str, path: &str, query: &str) -> Option<(Service, Option<String>)> {
    let u = || query_param(query, "u");
    Some(match path {
        "/v1/url" => (Service::UrlDefenseV1, u().and_then(percent_decode)),
        "/v2/url" => {
            let t = u().map(|v| v.replace('-', "%").replace('_', "/"));
            (Service::UrlDefenseV2, t.as_deref().and_then(percent_decode))
        }
        _ if path.starts_with("/v3/__") => (Service::UrlDefenseV3, v3(url)),
        _ => return None,
    })
}

/// The run lengths of URL Defense v3's `**X` placeholders: `A` 2 bytes,
/// `B` 3, ..., `_` 65.
const V3_RUNS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// URL Defense v3: the URL between `/v3/__` and `__;`, percent-decoded,
/// its `*` placeholders (one character) and `**X` ones (a run) filled in
/// order from the characters of the base64 text after `;` (up to `!`).
/// Every placeholder filled and every character used, or no target.
fn v3(url: &str) -> Option<String> {
    let from = url.find("/v3/__")? + "/v3/__".len();
    let rest = &url[from..];
    let end = rest.find("__;")?;
    let written = percent_decode(&rest[..end])?;
    let after = &rest[end + 3..];
    let enc = &after[..after.find('!').unwrap_or(after.len())];
    let bytes = if enc.is_empty() {
        Vec::new()
    } else {
        base64_decode(enc)?
    };
    let chars: Vec<char> = String::from_utf8(bytes).ok()?.chars().collect();
    let mut next = 0;
    let mut out = String::with_capacity(written.len() + chars.len());
    let mut it = written.chars().peekable();
    while let Some(c) = it.next() {
        if c != '*' {
            out.push(c);
            continue;
        }
        let n = if it.peek() == Some(&'*') {
            it.next();
            let x = it.next()?;
            2 + V3_RUNS.iter().position(|&r| char::from(r) == x)?
        } else {
            1
        };
        out.extend(chars.get(next..next + n)?);
        next += n;
    }
    (next == chars.len()).then_some(out)
}
