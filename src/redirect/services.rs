//! Each service's redirect: which URLs are one (the service's own hosts
//! and paths), and where its target is.

use super::codec::{base64_decode, percent_decode};
use super::Service;

/// The service of `url` and the target it carries as written in it
/// (`None`: a token, or a target that does not decode), when `url` is a
/// redirect of one of them.
pub(super) fn read(url: &str) -> Option<(Service, Option<String>)> {
    let service = service_of(url)?;
    // The URL whole, by the strict parser: its path and query as a
    // browser would send them.
    let u = crate::uri::parse(url).ok()?;
    let path = u.path();
    let query = u.query().unwrap_or("");
    let param = |name: &str| query_param(query, name).and_then(percent_decode);
    let target = match service {
        Service::SafeLinks | Service::TrendMicro | Service::Slack => param("url"),
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
    if service == Service::TrendMicro && path != "/wis/clicktime/v1/query" {
        return None;
    }
    if service == Service::Slack && path != "/link" {
        return None;
    }
    Some((service, target))
}

/// The service whose host `url` names, from the text between `http://`
/// or `https://` and the path, before any parsing: most URLs are on no
/// service's host, and cost a few comparisons. No userinfo: a
/// redirector's URL has none, and one that does is judged as written.
fn service_of(url: &str) -> Option<Service> {
    let (scheme, rest) = url.split_once("://")?;
    if !(scheme.eq_ignore_ascii_case("https") || scheme.eq_ignore_ascii_case("http")) {
        return None;
    }
    let authority = &rest[..rest.find(['/', '?', '#']).unwrap_or(rest.len())];
    if authority.contains('@') {
        return None;
    }
    let host = match authority.rsplit_once(':') {
        Some((h, port)) if port.bytes().all(|b| b.is_ascii_digit()) => h,
        _ => authority,
    };
    let lower;
    let host = if host.bytes().any(|b| b.is_ascii_uppercase()) {
        lower = host.to_ascii_lowercase();
        &lower
    } else {
        host
    };
    let host = host.strip_suffix('.').unwrap_or(host);
    let under = |domain: &str| {
        host.len() > domain.len() + 1
            && host.ends_with(domain)
            && host.as_bytes()[host.len() - domain.len() - 1] == b'.'
    };
    Some(match host {
        "urldefense.proofpoint.com" | "urldefense.com" => Service::UrlDefenseV2,
        "linkprotect.cudasvc.com" => Service::Barracuda,
        "clicktime.symantec.com" => Service::Symantec,
        "l.facebook.com" | "lm.facebook.com" | "l.messenger.com" => Service::Facebook,
        "slack-redir.net" => Service::Slack,
        "secure-web.cisco.com" => Service::CiscoSecureEmail,
        "t.co" => Service::TCo,
        _ if under("safelinks.protection.outlook.com")
            || under("safelinks.protection.office365.us") =>
        {
            Service::SafeLinks
        }
        _ if host == "trendmicro.com" || under("trendmicro.com") || under("trendmicro.eu") => {
            Service::TrendMicro
        }
        _ if under("protection.sophos.com") => Service::Sophos,
        _ if under("mimecast.com") && host.starts_with("protect") => Service::Mimecast,
        _ if is_google(host) => Service::Google,
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
