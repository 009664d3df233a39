//! C-S7: each service's redirects, made from its public format; nested
//! ones; malformed ones (no target rather than a wrong one); look-alikes
//! on other hosts (no redirect).

use super::{unwrap, Service};

fn target(url: &str) -> Option<String> {
    unwrap(url).and_then(|r| r.into_target())
}

fn service(url: &str) -> Option<Service> {
    unwrap(url).map(|r| r.service())
}

#[test]
fn c_s7_each_service_gives_its_target() {
    let cases: &[(&str, Service, &str)] = &[
        (
            "https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Flore.kernel.org%2Flkml%2F&data=05%7C01%7Cuser%40example.com%7C1234&sdata=abc%3D&reserved=0",
            Service::SafeLinks,
            "https://lore.kernel.org/lkml/",
        ),
        (
            "https://eur01.safelinks.protection.outlook.com/ap/w-59584e83/?url=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1&data=05",
            Service::SafeLinks,
            "https://example.com/a?b=1",
        ),
        (
            "https://urldefense.proofpoint.com/v1/url?u=http://www.example.com/&k=oIsP4HnQ2sx5GJ4wRq8hzg%3D%3D%0A&r=x&m=y&s=z",
            Service::UrlDefenseV1,
            "http://www.example.com/",
        ),
        (
            "https://urldefense.proofpoint.com/v2/url?u=http-3A__www.example.com_path_to-3Fq-3D1&d=DwMFAg&c=abc&r=def&m=ghi&s=jkl&e=",
            Service::UrlDefenseV2,
            "http://www.example.com/path/to?q=1",
        ),
        (
            // Proofpoint's own example: `Kw` is the `+` the `*` stands for.
            "https://urldefense.com/v3/__https://google.com:443/search?q=a*test&gs=ps__;Kw!-612Flbf0JvQ3kNJkRi5Jg!Ue6tQudNKaShHg93trcdjqDP8se2ySE65jyCIe2K1D_uNjZ1Lnf6YLQERujngZv9UWf66ujQIQ$",
            Service::UrlDefenseV3,
            "https://google.com:443/search?q=a+test&gs=ps",
        ),
        (
            // A `**A` run (two characters) and a `*`: `YWJj` is `abc`.
            "https://urldefense.com/v3/__https://a.example/**Ax*__;YWJj!!x$",
            Service::UrlDefenseV3,
            "https://a.example/abxc",
        ),
        (
            "https://urldefense.com/v3/__https://a.example/plain__;!!G_uCfscf7eWS!x$",
            Service::UrlDefenseV3,
            "https://a.example/plain",
        ),
        (
            "https://www.google.com/url?q=https://kernel.org/doc/&sa=D&source=editors&ust=1&usg=AOvVaw",
            Service::Google,
            "https://kernel.org/doc/",
        ),
        (
            "https://www.google.co.uk/url?sa=t&url=https%3A%2F%2Fexample.org%2F&usg=x",
            Service::Google,
            "https://example.org/",
        ),
        (
            "https://linkprotect.cudasvc.com/url?a=https%3a%2f%2fexample.com%2fpage&c=E,1,abc&typo=1",
            Service::Barracuda,
            "https://example.com/page",
        ),
        (
            "https://imsva91-ctp.trendmicro.com:443/wis/clicktime/v1/query?url=https%3a%2f%2fexample.com%2f&umid=0F1E&auth=abc",
            Service::TrendMicro,
            "https://example.com/",
        ),
        (
            "https://clicktime.symantec.com/3Lq7yL4Jm8wK2QVH6J7tY8K7Vc?u=https%3A%2F%2Fexample.com%2F",
            Service::Symantec,
            "https://example.com/",
        ),
        (
            "https://eu-central-1.protection.sophos.com?d=example.com&u=aHR0cHM6Ly9leGFtcGxlLmNvbS9wYWdl&i=NWY&t=WnE&h=abc",
            Service::Sophos,
            "https://example.com/page",
        ),
        (
            "https://us-west-2.protection.sophos.com/?d=kernel.org&u=aHR0cHM6Ly9sb3JlLmtlcm5lbC5vcmcvP2E9MQ%3D%3D&i=x",
            Service::Sophos,
            "https://lore.kernel.org/?a=1",
        ),
        (
            "https://l.facebook.com/l.php?u=https%3A%2F%2Fexample.com%2F&h=AT0abc",
            Service::Facebook,
            "https://example.com/",
        ),
        (
            "https://slack-redir.net/link?url=https%3A%2F%2Fexample.com%2F",
            Service::Slack,
            "https://example.com/",
        ),
    ];
    for (url, s, t) in cases {
        let r = unwrap(url).unwrap_or_else(|| panic!("{url}"));
        assert_eq!(r.service(), *s, "{url}");
        assert!(s.carries_target());
        assert_eq!(r.target(), Some(*t), "{url}");
        assert_eq!(r.layers(), 1, "{url}");
    }
}

#[test]
fn c_s7_token_redirects_have_no_target() {
    for (url, s) in [
        (
            "https://protect-eu.mimecast.com/s/AbCdEfGhIjKl?domain=example.com",
            Service::Mimecast,
        ),
        (
            "https://secure-web.cisco.com/1xYzAbC-dEf/https%3A%2F%2Fexample.com",
            Service::CiscoSecureEmail,
        ),
        ("https://t.co/AbCdEf123", Service::TCo),
    ] {
        let r = unwrap(url).unwrap_or_else(|| panic!("{url}"));
        assert_eq!((r.service(), r.target(), r.layers()), (s, None, 0), "{url}");
        assert!(!s.carries_target());
    }
}

#[test]
fn c_s7_nested_redirects_to_the_end() {
    // SafeLinks around URL Defense v2 around Google.
    let google = "https://www.google.com/url?q=https://kernel.org/x&sa=D";
    let v2 = format!(
        "https://urldefense.proofpoint.com/v2/url?u={}&d=x",
        google
            .replace(':', "-3A")
            .replace('/', "_")
            .replace('?', "-3F")
            .replace('=', "-3D")
            .replace('&', "-26")
    );
    let sl = format!(
        "https://nam12.safelinks.protection.outlook.com/?url={}&data=05",
        v2.replace('%', "%25")
            .replace(':', "%3A")
            .replace('/', "%2F")
            .replace('?', "%3F")
            .replace('=', "%3D")
            .replace('&', "%26")
    );
    assert_eq!(target(&v2).as_deref(), Some("https://kernel.org/x"));
    let r = unwrap(&sl).unwrap();
    assert_eq!(r.service(), Service::SafeLinks);
    assert_eq!(r.target(), Some("https://kernel.org/x"));
    assert_eq!(r.layers(), 3);
    // A token redirect inside: as far as the link can be followed.
    let r = unwrap(
        "https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Ft.co%2FAbC&data=05",
    )
    .unwrap();
    assert_eq!(r.target(), Some("https://t.co/AbC"));
    assert_eq!(r.layers(), 1);
}

#[test]
fn c_s7_malformed_redirects_give_no_target() {
    for url in [
        // An escape of bytes that are not UTF-8.
        "https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Fa.example%2F%C3%28&data=05",
        // No target parameter.
        "https://nam12.safelinks.protection.outlook.com/?data=05",
        // Not a URL, or not a linkable one.
        "https://nam12.safelinks.protection.outlook.com/?url=not%20a%20url",
        "https://nam12.safelinks.protection.outlook.com/?url=javascript%3Aalert(1)",
        "https://www.google.com/url?q=data:text/html,x",
        "https://www.google.com/url?q=https://",
        // Bad base64.
        "https://eu-central-1.protection.sophos.com?d=x&u=%21%21%21&i=x",
        "https://eu-central-1.protection.sophos.com?d=x&u=aHR0cHM6Ly9leGFtcGxlLmNvbS9wYWdlY&i=x",
        // URL Defense v3: too many placeholders, too few, a bad run.
        "https://urldefense.com/v3/__https://a.example/*x*y__;YQ!!x$",
        "https://urldefense.com/v3/__https://a.example/x*__;YWI!!x$",
        "https://urldefense.com/v3/__https://a.example/**$x__;YWI!!x$",
        "https://urldefense.com/v3/__https://a.example/*x__;@@@!!x$",
        // No end of the URL.
        "https://urldefense.com/v3/__https://a.example/x",
    ] {
        let r = unwrap(url).unwrap_or_else(|| panic!("no redirect: {url}"));
        assert_eq!(r.target(), None, "{url}");
        assert_eq!(r.layers(), 0, "{url}");
    }
}

#[test]
fn c_s7_look_alikes_on_other_hosts_are_no_redirects() {
    for url in [
        "https://kernel.org/?url=https://a.example/",
        "https://evil.example/url?q=https://bank.example/",
        "https://evil.example/wis/clicktime/v1/query?url=https%3A%2F%2Fbank.example%2F",
        "https://safelinks.protection.outlook.com.evil.example/?url=https%3A%2F%2Fbank.example%2F",
        "https://evilsafelinks.protection.outlook.com/?url=https%3A%2F%2Fbank.example%2F",
        "https://google.evil.example/url?q=https://bank.example/",
        "https://www.google.com/search?q=https://bank.example/",
        "https://urldefense.proofpoint.com/v9/url?u=x",
        "ftp://slack-redir.net/link?url=https%3A%2F%2Fbank.example%2F",
        "https://t.co/",
        "not a url",
    ] {
        assert_eq!(service(url), None, "{url}");
    }
}

/// The host as any URL may write it: upper case, a trailing dot, a port.
#[test]
fn c_s7_hosts_in_any_case_with_a_trailing_dot_or_a_port() {
    for url in [
        "https://NAM12.SafeLinks.Protection.Outlook.COM/?url=https%3A%2F%2Fa.example%2F&data=05",
        "https://nam12.safelinks.protection.outlook.com./?url=https%3A%2F%2Fa.example%2F&data=05",
        "https://nam12.safelinks.protection.outlook.com:443/?url=https%3A%2F%2Fa.example%2F&data=05",
        "HTTPS://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Fa.example%2F&data=05",
    ] {
        assert_eq!(target(url).as_deref(), Some("https://a.example/"), "{url}");
    }
    assert_eq!(service("https://T.CO./AbC"), Some(Service::TCo));
    assert_eq!(service("https://co/x"), None);
    assert_eq!(service("https://a.b:c.d/x"), None);
}
