//! Normalization and equivalence (CONTRACT C-P4; RFC 3986 §6): every
//! example pair of the drafts that led to it, draft-fielding-url-syntax-05
//! (the 1997 draft, §2.4.2 and §6) and draft-fielding-uri-rfc2396bis-01
//! (the 2003 draft, §6.2), and the parts of each rule.

use urlx::uri::{parse, parse_iri};

#[track_caller]
fn norm(s: &str) -> String {
    parse_iri(s)
        .unwrap_or_else(|e| panic!("{s}: {e}"))
        .normalize()
        .into_string()
}

#[track_caller]
fn equivalent(a: &str, b: &str) -> bool {
    parse(a).unwrap().equivalent(&parse(b).unwrap())
}

/// The equivalent (and one not equivalent) pairs the two drafts give.
#[test]
fn c_p4_draft_equivalence_examples() {
    // Host case (1997 draft §6).
    assert!(equivalent("http://www.XEROX.com", "http://www.xerox.com"));
    // Scheme and host case (2003 draft §6.2.2.1).
    assert!(equivalent(
        "HTTP://www.EXAMPLE.com/",
        "http://www.example.com/"
    ));
    // Scheme case, hex case / unescaping %7A, dot segments (2003 draft
    // §6.2.2).
    assert!(equivalent(
        "example://a/b/c/%7A",
        "eXAMPLE://a/./b/../b/c/%7a"
    ));
    assert_eq!(norm("eXAMPLE://a/./b/../b/c/%7a"), "example://a/b/c/z");
    // Hex case (2003 draft §6.2.2.2), on a reserved character that stays
    // encoded.
    assert!(equivalent("http://a/%3a", "http://a/%3A"));
    assert_eq!(norm("http://a/%3a"), "http://a/%3A");
    // Unreserved unescape: "~" and "%7e" (1997 and 2003 drafts §2.4.2).
    assert!(equivalent("http://a/~x", "http://a/%7ex"));
    // Default port (2003 draft §6.2.3).
    assert!(equivalent("http://example.com/", "http://example.com:80/"));
    // Protocol-based only (2003 draft §6.2.4): not equivalent by syntax.
    assert!(!equivalent(
        "http://example.com/data",
        "http://example.com/data/"
    ));
}

/// RFC 3986 §6.2.3: the http forms that are all equivalent.
#[test]
fn c_p4_rfc3986_6_2_3_scheme_based() {
    for s in [
        "http://example.com",
        "http://example.com/",
        "http://example.com:/",
        "http://example.com:80/",
    ] {
        assert_eq!(norm(s), "http://example.com/", "{s}");
    }
    assert_eq!(norm("https://example.com:443"), "https://example.com/");
    assert_eq!(norm("https://example.com:80/"), "https://example.com:80/");
    assert_eq!(norm("ftp://h:21/x"), "ftp://h/x");
    assert_eq!(norm("gopher://h:70/1"), "gopher://h/1");
    assert_eq!(norm("prospero://h:1525/x"), "prospero://h/x");
    // Empty path to "/" only for http(s).
    assert_eq!(norm("foo://h"), "foo://h");
}

#[test]
fn c_p4_case_and_percent_encoding() {
    // Hosts go to lower case, including decoded unreserved octets; other
    // octets stay encoded with upper-case hex.
    assert_eq!(norm("http://%45X%61mple.COM/"), "http://example.com/");
    assert_eq!(norm("http://a/%c3%a9"), "http://a/%C3%A9");
    assert_eq!(norm("http://[FE80::A]/"), "http://[fe80::a]/");
    // Userinfo, path, query and fragment keep their case.
    assert_eq!(norm("HTTP://User@A/P?Q#F"), "http://User@a/P?Q#F");
    // Decoding %2E creates a dot segment, which then goes.
    assert_eq!(norm("http://a/b/%2E%2E/c"), "http://a/c");
    // Escaped CR/LF are never decoded (C-S3).
    assert_eq!(norm("http://a/x%0d%0ay"), "http://a/x%0D%0Ay");
    // IRIs keep non-ASCII as typed.
    assert_eq!(norm("http://例え.JP/パス"), "http://例え.jp/パス");
}

#[test]
fn c_p4_dot_segments_and_relative_references() {
    assert_eq!(norm("http://a/b/c/./../../g"), "http://a/g");
    assert_eq!(norm("foo:a/./b"), "foo:a/b");
    // A relative path keeps its dot segments: there is no base to remove
    // them against.
    assert_eq!(norm("../a/./b"), "../a/./b");
    assert_eq!(norm("/a/./b"), "/a/b");
    // A path that would start with "//" keeps "/." so it stays a path.
    let n = norm("foo:/.//bar");
    assert_eq!(n, "foo:/.//bar");
    assert_eq!(parse(&n).unwrap().authority(), None);
}

#[test]
fn c_p4_normalization_is_idempotent_on_examples() {
    for s in [
        "HTTP://www.EXAMPLE.com:80/a/./b/../%7euser?%7a#%7A",
        "foo:/.//bar",
        "http://a/%2e%2E/%2e/x",
        "mailto:John.Doe@Example.COM",
        "g;x=1/../y",
        "//Host:/x",
    ] {
        let once = norm(s);
        assert_eq!(norm(&once), once, "{s}");
    }
}
