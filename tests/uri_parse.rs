//! The core parser (CONTRACT C-P1, C-P2, C-P3, C-P6): every example of the
//! two drafts that led to RFC 3986, draft-fielding-url-syntax-05 (the 1997
//! draft, became RFC 2396) and draft-fielding-uri-rfc2396bis-01 (the 2003
//! draft), RFC 3986's own examples, and the negative cases, each with its
//! error index.

use urlx::uri::{
    self, parse, parse_absolute, parse_iri, parse_prefix, HostKind, ParseErrorKind, Syntax,
};

/// Expected components: `None` = undefined, `Some("")` = defined but empty.
struct Parts {
    scheme: Option<&'static str>,
    authority: Option<&'static str>,
    path: &'static str,
    query: Option<&'static str>,
    fragment: Option<&'static str>,
}

#[track_caller]
fn pass(input: &str, want: Parts) {
    let u = parse(input).unwrap_or_else(|e| panic!("{input:?} should parse: {e}"));
    assert_eq!(u.scheme(), want.scheme, "scheme of {input:?}");
    assert_eq!(u.authority(), want.authority, "authority of {input:?}");
    assert_eq!(u.path(), want.path, "path of {input:?}");
    assert_eq!(u.query(), want.query, "query of {input:?}");
    assert_eq!(u.fragment(), want.fragment, "fragment of {input:?}");
    assert_eq!(u.to_string(), input, "recomposition of {input:?}");
}

#[track_caller]
fn fail(input: &str, index: usize, kind: ParseErrorKind) {
    let e = parse(input).expect_err(input);
    assert_eq!(
        (e.index(), e.kind()),
        (index, kind),
        "error for {input:?}: {e}"
    );
}

const N: Option<&str> = None;

/// Every reference of both drafts' Appendix C and every example URI of the
/// two drafts (§1.3, §4.3.1, §5, §6, §7.5, Appendices F and G), with the
/// components of the Appendix B regular expression. All are valid RFC 3986
/// references, so the strict parser must give the same components.
#[test]
fn c_p1_draft_example_parse_vectors() {
    // (reference, scheme, authority, path, query, fragment)
    type Row<'a> = (
        &'a str,
        Option<&'a str>,
        Option<&'a str>,
        &'a str,
        Option<&'a str>,
        Option<&'a str>,
    );
    #[rustfmt::skip]
    let rows: &[Row] = &[
        ("g:h", Some("g"), N, "h", N, N),
        ("g", N, N, "g", N, N),
        ("./g", N, N, "./g", N, N),
        ("g/", N, N, "g/", N, N),
        ("/g", N, N, "/g", N, N),
        ("//g", N, Some("g"), "", N, N),
        ("?y", N, N, "", Some("y"), N),
        ("g?y", N, N, "g", Some("y"), N),
        ("#s", N, N, "", N, Some("s")),
        ("g#s", N, N, "g", N, Some("s")),
        ("g?y#s", N, N, "g", Some("y"), Some("s")),
        (";x", N, N, ";x", N, N),
        ("g;x", N, N, "g;x", N, N),
        ("g;x?y#s", N, N, "g;x", Some("y"), Some("s")),
        (".", N, N, ".", N, N),
        ("./", N, N, "./", N, N),
        ("..", N, N, "..", N, N),
        ("../", N, N, "../", N, N),
        ("../g", N, N, "../g", N, N),
        ("../..", N, N, "../..", N, N),
        ("../../", N, N, "../../", N, N),
        ("../../g", N, N, "../../g", N, N),
        ("", N, N, "", N, N),
        ("../../../g", N, N, "../../../g", N, N),
        ("../../../../g", N, N, "../../../../g", N, N),
        ("/./g", N, N, "/./g", N, N),
        ("/../g", N, N, "/../g", N, N),
        ("g.", N, N, "g.", N, N),
        (".g", N, N, ".g", N, N),
        ("g..", N, N, "g..", N, N),
        ("..g", N, N, "..g", N, N),
        ("./../g", N, N, "./../g", N, N),
        ("./g/.", N, N, "./g/.", N, N),
        ("g/./h", N, N, "g/./h", N, N),
        ("g/../h", N, N, "g/../h", N, N),
        ("g;x=1/./y", N, N, "g;x=1/./y", N, N),
        ("g;x=1/../y", N, N, "g;x=1/../y", N, N),
        ("g?y/./x", N, N, "g", Some("y/./x"), N),
        ("g?y/../x", N, N, "g", Some("y/../x"), N),
        ("g#s/./x", N, N, "g", N, Some("s/./x")),
        ("g#s/../x", N, N, "g", N, Some("s/../x")),
        ("http:g", Some("http"), N, "g", N, N),
        ("http:", Some("http"), N, "", N, N),
        ("http://a/../b/c", Some("http"), Some("a"), "/../b/c", N, N),
        ("http://a/b/c/d;p?q", Some("http"), Some("a"), "/b/c/d;p", Some("q"), N),
        ("http://www.ics.uci.edu/pub/ietf/uri/#Related", Some("http"), Some("www.ics.uci.edu"), "/pub/ietf/uri/", N, Some("Related")),
        ("ftp://ftp.is.co.za/rfc/rfc1808.txt", Some("ftp"), Some("ftp.is.co.za"), "/rfc/rfc1808.txt", N, N),
        ("gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles", Some("gopher"), Some("spinaltap.micro.umn.edu"), "/00/Weather/California/Los%20Angeles", N, N),
        ("http://www.math.uio.no/faq/compression-faq/part1.html", Some("http"), Some("www.math.uio.no"), "/faq/compression-faq/part1.html", N, N),
        ("mailto:mduerst@ifi.unizh.ch", Some("mailto"), N, "mduerst@ifi.unizh.ch", N, N),
        ("news:comp.infosystems.www.servers.unix", Some("news"), N, "comp.infosystems.www.servers.unix", N, N),
        ("telnet://melvyl.ucop.edu/", Some("telnet"), Some("melvyl.ucop.edu"), "/", N, N),
        ("gopher://gopher.tc.umn.edu:70/11/Mailing%20Lists/", Some("gopher"), Some("gopher.tc.umn.edu:70"), "/11/Mailing%20Lists/", N, N),
        ("http://www.ietf.org/rfc/rfc2396.txt", Some("http"), Some("www.ietf.org"), "/rfc/rfc2396.txt", N, N),
        ("mailto:John.Doe@example.com", Some("mailto"), N, "John.Doe@example.com", N, N),
        ("ftp://@host.com/", Some("ftp"), Some("@host.com"), "/", N, N),
        ("ftp://host.com/", Some("ftp"), Some("host.com"), "/", N, N),
        ("ftp://foo:@host.com/", Some("ftp"), Some("foo:@host.com"), "/", N, N),
        ("http://www.XEROX.com", Some("http"), Some("www.XEROX.com"), "", N, N),
        ("example://a/b/c/%7A", Some("example"), Some("a"), "/b/c/%7A", N, N),
        ("eXAMPLE://a/./b/../b/c/%7a", Some("eXAMPLE"), Some("a"), "/./b/../b/c/%7a", N, N),
        ("http://example.com:80/", Some("http"), Some("example.com:80"), "/", N, N),
        ("http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm", Some("http"), Some("www.example.com&story=breaking_news@10.0.0.1"), "/top_story.htm", N, N),
        ("foo:/bar", Some("foo"), N, "/bar", N, N),
        ("foo:bar", Some("foo"), N, "bar", N, N),
        ("this:that", Some("this"), N, "that", N, N),
        ("./this:that", N, N, "./this:that", N, N),
        ("www.w3.org/Addressing/", N, N, "www.w3.org/Addressing/", N, N),
        ("DAV:", Some("DAV"), N, "", N, N),
        ("about:", Some("about"), N, "", N, N),
    ];
    assert_eq!(rows.len(), 70);
    for &(input, scheme, authority, path, query, fragment) in rows {
        pass(
            input,
            Parts {
                scheme,
                authority,
                path,
                query,
                fragment,
            },
        );
    }
}

/// Userinfo, empty versus absent (1997 draft §4.3.1), and the
/// semantic-attack example of the 2003 draft §7.5 (RFC 3986 §7.6).
#[test]
fn c_p1_authority_split() {
    let u = parse("ftp://@host.com/").unwrap();
    assert_eq!(u.userinfo(), Some(""));
    assert_eq!(u.host(), Some("host.com"));
    let u = parse("ftp://host.com/").unwrap();
    assert_eq!(u.userinfo(), None);
    let u = parse("ftp://foo:@host.com/").unwrap();
    assert_eq!(u.userinfo(), Some("foo:"));
    let u = parse("http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm").unwrap();
    assert_eq!(u.userinfo(), Some("www.example.com&story=breaking_news"));
    assert_eq!(u.host(), Some("10.0.0.1"));
    assert_eq!(u.host_kind(), Some(HostKind::Ipv4));
    assert_eq!(u.ipv4(), Some(std::net::Ipv4Addr::new(10, 0, 0, 1)));
    assert_eq!(u.path(), "/top_story.htm");
    // An empty port is valid RFC 3986 (`port = *DIGIT`); so is a long one:
    // the grammar sets no range.
    let u = parse("http://a:/").unwrap();
    assert_eq!(u.port(), Some(""));
    assert_eq!(u.port_number(), None);
    let u = parse("http://a:99999/").unwrap();
    assert_eq!(u.port(), Some("99999"));
    assert_eq!(u.port_number(), None);
    // More than one '@' is not an authority in RFC 3986 (the 2003 draft
    // allowed it as a reg-name; C-P1 says RFC 3986 governs).
    fail("http://a@b@c/", 10, ParseErrorKind::UnexpectedChar);
}

/// Host classification (RFC 3986 §3.2.2). Under RFC 3986 (C-P1) the 2003
/// draft's hostname/reg-name split collapses into `reg-name`, IPv4 is
/// dec-octets without leading zeros, and IPvFuture is valid.
#[test]
fn c_p1_host_classification() {
    #[rustfmt::skip]
    let rows: &[(&str, HostKind)] = &[
        ("www.example.com", HostKind::RegName),
        ("www.example.com.", HostKind::RegName),
        ("example", HostKind::RegName),
        ("localhost", HostKind::RegName),
        ("1.2.3.4", HostKind::Ipv4),
        ("255.255.255.255", HostKind::Ipv4),
        ("256.1.1.1", HostKind::RegName),
        ("01.2.3.4", HostKind::RegName),
        ("192.168.1", HostKind::RegName),
        ("1.2.3.4.5", HostKind::RegName),
        ("0x7f.0.0.1", HostKind::RegName),
        ("2130706433", HostKind::RegName),
        ("a.123", HostKind::RegName),
        ("a.1com", HostKind::RegName),
        ("-a.com", HostKind::RegName),
        ("a-.com", HostKind::RegName),
        ("a..b", HostKind::RegName),
        ("com.", HostKind::RegName),
        ("a_b.com", HostKind::RegName),
        ("[::1]", HostKind::Ipv6),
        ("[::]", HostKind::Ipv6),
        ("[1:2:3:4:5:6:7:8]", HostKind::Ipv6),
        ("[::ffff:1.2.3.4]", HostKind::Ipv6),
        ("[v1.x]", HostKind::IpvFuture),
    ];
    for &(host, kind) in rows {
        let s = format!("http://{host}/");
        let u = parse(&s).unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(u.host(), Some(host), "{s}");
        assert_eq!(u.host_kind(), Some(kind), "{s}");
    }
    let label63 = "a".repeat(63);
    let label64 = "a".repeat(64);
    for l in [label63, label64] {
        let s = format!("http://{l}.com/");
        assert_eq!(parse(&s).unwrap().host_kind(), Some(HostKind::RegName));
    }
    // Not hosts in any grammar: a second "::", nine groups, a zone id.
    fail("http://[1::2::3]/", 7, ParseErrorKind::InvalidIpLiteral);
    fail(
        "http://[1:2:3:4:5:6:7:8:9]/",
        7,
        ParseErrorKind::InvalidIpLiteral,
    );
    fail(
        "http://[fe80::1%eth0]/",
        7,
        ParseErrorKind::InvalidIpLiteral,
    );
    fail("http://[::1/", 7, ParseErrorKind::InvalidIpLiteral);
    fail("http://[::1]x/", 12, ParseErrorKind::UnexpectedChar);
    assert_eq!(
        parse("http://[::ffff:1.2.3.4]/").unwrap().ipv6(),
        "::ffff:1.2.3.4".parse().ok()
    );
}

/// Scheme names: RFC 3986 §3.1 requires a letter first (the 1997 draft
/// did not).
#[test]
fn c_p1_scheme_names() {
    for ok in ["http", "HTTP", "h2", "a+b-c.d"] {
        let s = format!("{ok}:x");
        assert_eq!(parse(&s).unwrap().scheme(), Some(ok));
    }
    for bad in ["1http", "+x", ".x", "-x", "a_b"] {
        let s = format!("{bad}:x");
        let e = parse_absolute(&s, Syntax::Uri).unwrap_err();
        assert_eq!(e.kind(), ParseErrorKind::MissingScheme, "{s}");
        // As a relative reference, the colon sits in the first segment.
        fail(&s, bad.len(), ParseErrorKind::ColonInFirstSegment);
    }
    assert_eq!(
        parse_absolute("", Syntax::Uri).unwrap_err().kind(),
        ParseErrorKind::MissingScheme
    );
}

/// The component model (RFC 3986 §3): the path is never undefined;
/// `foo:/bar` and `foo:bar` differ by the slash in the path (1997 draft
/// Appendix F.2); a colon in a first relative segment needs `./` (both
/// drafts §5).
#[test]
fn c_p1_component_model() {
    assert_eq!(parse("foo:/bar").unwrap().path(), "/bar");
    assert_eq!(parse("foo:bar").unwrap().path(), "bar");
    assert_eq!(parse("./this:that").unwrap().scheme(), None);
    fail("1this:that", 5, ParseErrorKind::ColonInFirstSegment);
    // Greedy: "//" after the scheme is always an authority (1997 draft
    // §4.4, 2003 draft §4.3).
    let u = parse("file:///etc/motd").unwrap();
    assert_eq!(u.authority(), Some(""));
    assert_eq!(u.host(), Some(""));
    assert_eq!(u.path(), "/etc/motd");
    // Everything after the first '#' is the fragment, but a second '#' is
    // not a fragment character (RFC 3986 §3.5).
    fail("http://x/#a#b", 11, ParseErrorKind::UnexpectedChar);
}

/// C-P2: the excluded characters of both drafts (§2.4.3: controls, space,
/// `< > " { } | \ ^ \``, and `%` outside an escape) are errors at their own
/// index; `[ ]` only inside an IP literal.
#[test]
fn c_p2_excluded_characters_are_errors_at_their_index() {
    for c in [
        ' ', '<', '>', '"', '{', '}', '|', '\\', '^', '`', '\t', '\n', '\u{7f}', '[', ']',
    ] {
        let s = format!("http://a/b{c}d");
        fail(&s, 10, ParseErrorKind::UnexpectedChar);
        let s = format!("http://a/b?q{c}d");
        fail(&s, 12, ParseErrorKind::UnexpectedChar);
    }
    // Malformed escapes (RFC 3986 §2.1: '%' and two hex digits); the index
    // points at the '%'.
    fail(
        "http://host/a%2",
        13,
        ParseErrorKind::InvalidPercentEncoding,
    );
    fail(
        "http://host/100%",
        15,
        ParseErrorKind::InvalidPercentEncoding,
    );
    fail(
        "http://host/%zz",
        12,
        ParseErrorKind::InvalidPercentEncoding,
    );
    fail("http://ho%st/", 9, ParseErrorKind::InvalidPercentEncoding);
    fail(
        "http://us%er@host/",
        9,
        ParseErrorKind::InvalidPercentEncoding,
    );
    // Lower-case hex is valid (RFC 1738 §2.2, RFC 3986 §2.1).
    assert!(parse("http://host/%7euser").is_ok());
    // Ports.
    fail("http://a:80x/", 11, ParseErrorKind::InvalidPort);
    fail("http://a:b/", 9, ParseErrorKind::InvalidPort);
    fail("http://u@a:8:9/", 12, ParseErrorKind::InvalidPort);
    fail("http://a b/", 8, ParseErrorKind::UnexpectedChar);
    // Non-ASCII is not a URI character (only an IRI one, C-P6).
    fail("http://a/caf\u{e9}", 12, ParseErrorKind::UnexpectedChar);
}

/// C-P3: `parse_prefix` gives the longest valid prefix — what a scanner
/// needs when the text runs on past the URI.
#[test]
fn c_p3_parse_prefix_is_the_longest_valid_prefix() {
    let cases: &[(&str, Option<&str>)] = &[
        ("http://a/b c", Some("http://a/b")),
        ("http://a/b%zz", Some("http://a/b")),
        ("http://a:b/x", Some("http://a:")),
        ("http://a:80x/", Some("http://a:80")),
        ("http://a:b%zz@c", Some("http://a:")),
        ("http://[::1/x", Some("http://")),
        ("http://u@[::g]/", Some("http://u@")),
        ("http://[::1]>", Some("http://[::1]")),
        ("http:<", Some("http:")),
        ("mailto:a@b>", Some("mailto:a@b")),
        ("12:30", None),
        ("//host/x", None),
        ("", None),
        ("http://a/#x#y", Some("http://a/#x")),
    ];
    for &(input, want) in cases {
        let got = parse_prefix(input, Syntax::Uri).map(|u| u.as_str());
        assert_eq!(got, want, "{input:?}");
    }
    // The IRI syntax takes non-ASCII letters.
    assert_eq!(
        parse_prefix("http://a/caf\u{e9} x", Syntax::Iri)
            .unwrap()
            .as_str(),
        "http://a/caf\u{e9}"
    );
    assert_eq!(
        parse_prefix("http://a/caf\u{e9} x", Syntax::Uri)
            .unwrap()
            .as_str(),
        "http://a/caf"
    );
}

/// C-P6: IRIs keep non-ASCII as typed; the ASCII form percent-encodes
/// UTF-8 and puts the host in IDNA form.
#[test]
fn c_p6_iris() {
    let u = parse_iri("http://例え.テスト/パス?クエリ#断片").unwrap();
    assert_eq!(u.host(), Some("例え.テスト"));
    assert_eq!(u.path(), "/パス");
    assert!(u.is_iri());
    assert_eq!(
        u.to_ascii(),
        "http://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9?%E3%82%AF%E3%82%A8%E3%83%AA#%E6%96%AD%E7%89%87"
    );
    // ASCII stays borrowed.
    let u = parse_iri("http://a/b").unwrap();
    assert!(matches!(u.to_ascii(), std::borrow::Cow::Borrowed(_)));
    // iprivate only in the query (RFC 3987 §2.2).
    assert!(parse_iri("http://a/?\u{E000}").is_ok());
    assert!(parse_iri("http://a/\u{E000}").is_err());
    // Non-characters and C1 controls are never IRI characters.
    assert!(parse_iri("http://a/\u{FFFE}").is_err());
    assert!(parse_iri("http://a/\u{85}").is_err());
    // Full-width punctuation is ucschar: the parser accepts it; ending a URL
    // there is the scanner's job (C-F8).
    assert!(parse_iri("http://a/b\u{3002}").is_ok());
}

/// RFC 3986 §1.1.2's examples, in the default (RFC 3986) syntax.
#[test]
fn c_p1_rfc3986_1_1_2_examples() {
    let rows: &[(&str, Option<&str>, Option<HostKind>)] = &[
        (
            "ftp://ftp.is.co.za/rfc/rfc1808.txt",
            Some("ftp.is.co.za"),
            Some(HostKind::RegName),
        ),
        (
            "http://www.ietf.org/rfc/rfc2396.txt",
            Some("www.ietf.org"),
            Some(HostKind::RegName),
        ),
        (
            "ldap://[2001:db8::7]/c=GB?objectClass?one",
            Some("[2001:db8::7]"),
            Some(HostKind::Ipv6),
        ),
        ("mailto:John.Doe@example.com", None, None),
        ("news:comp.infosystems.www.servers.unix", None, None),
        ("tel:+1-816-555-1212", None, None),
        (
            "telnet://192.0.2.16:80/",
            Some("192.0.2.16"),
            Some(HostKind::Ipv4),
        ),
        (
            "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
            None,
            None,
        ),
    ];
    for &(s, host, kind) in rows {
        let u = parse(s).unwrap_or_else(|e| panic!("{s}: {e}"));
        assert!(u.is_absolute());
        assert_eq!(u.host(), host, "{s}");
        assert_eq!(u.host_kind(), kind, "{s}");
        assert_eq!(u.to_string(), s);
    }
    let u = parse("ldap://[2001:db8::7]/c=GB?objectClass?one").unwrap();
    assert_eq!(u.query(), Some("objectClass?one"));
    assert_eq!(
        parse("telnet://192.0.2.16:80/").unwrap().port_number(),
        Some(80)
    );
}

#[test]
fn c_p2_errors_display_their_index() {
    let e = uri::parse("http://a/b c").unwrap_err();
    assert_eq!(e.to_string(), "character not allowed here at byte 10");
    assert_eq!(e.kind().as_str(), "unexpected-char");
}

#[test]
fn without_fragment_and_owned_copies() {
    let u = parse("http://a/b?q#f").unwrap();
    assert_eq!(u.without_fragment().as_str(), "http://a/b?q");
    assert_eq!(u.without_fragment().fragment(), None);
    let owned = u.to_owned();
    assert_eq!(owned.as_uri().host(), Some("a"));
    assert_eq!(owned.to_string(), "http://a/b?q#f");
}
