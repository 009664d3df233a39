//! The ten RFC 1738 schemes (CONTRACT C-P5): every URL printed in RFC 1738
//! and in draft-ietf-uri-url-03 (March 1994), with its components
//! (labelled P01-P35), derived cases that each exercise one rule of RFC
//! 1738 §3 (cited where they are), the default ports, and the syntax check
//! of each scheme.

use urlx::uri::scheme::{default_port, FtpType, NewsTarget, Rfc1738, SchemeErrorKind, WaisTarget};
use urlx::uri::{parse, Uri};

#[track_caller]
fn view(s: &str) -> Rfc1738<'_> {
    let u: Uri<'_> = parse(s).unwrap_or_else(|e| panic!("{s}: {e}"));
    u.rfc1738()
        .unwrap_or_else(|| panic!("{s}: not an RFC 1738 scheme"))
}

#[track_caller]
fn ok(s: &str) {
    if let Err(e) = view(s).check() {
        panic!("{s} should follow RFC 1738: {e}");
    }
}

#[track_caller]
fn bad(s: &str, index: usize, kind: SchemeErrorKind) {
    let e = view(s).check().expect_err(s);
    assert_eq!((e.index(), e.kind()), (index, kind), "{s}: {e}");
}

macro_rules! as_view {
    ($s:expr, $variant:ident) => {{
        let Rfc1738::$variant(v) = view($s) else {
            panic!("{} is not {}", $s, stringify!($variant))
        };
        v
    }};
}

/// P01-P03: http URLs of RFC 1738 and draft-ietf-uri-url-03.
#[test]
fn c_p5_p01_p03_http() {
    let h = as_view!(
        "http://www.acl.lanl.gov/URI/archive/uri-archive.index.html",
        Http
    );
    assert_eq!(h.host(), "www.acl.lanl.gov");
    assert_eq!(h.port(), Some(80));
    assert_eq!(h.hpath(), "URI/archive/uri-archive.index.html");
    assert_eq!(h.search(), None);
    assert_eq!(h.request_target(), "/URI/archive/uri-archive.index.html");
    ok("http://www.acl.lanl.gov/URI/archive/uri-archive.index.html");
    let h = as_view!(
        "http://www.w3.org/hypertext/WWW/Addressing/URL/Overview.html",
        Http
    );
    assert_eq!(h.hpath(), "hypertext/WWW/Addressing/URL/Overview.html");
    let h = as_view!(
        "http://ds.internic.net/instructions/overview.html#WARNING",
        Http
    );
    assert_eq!(h.hpath(), "instructions/overview.html");
    assert_eq!(h.fragment(), Some("WARNING"));
    ok("http://ds.internic.net/instructions/overview.html#WARNING");
}

/// P04-P22: ftp URLs, user/password (empty versus absent), cwd and name.
#[test]
fn c_p5_p04_p22_ftp() {
    let f = as_view!("ftp://@host.com/", Ftp);
    assert_eq!((f.user(), f.password()), (Some(""), None));
    assert_eq!(f.host(), "host.com");
    assert_eq!(f.port(), Some(21));
    assert_eq!(f.url_path(), "");
    assert_eq!(f.cwd().count(), 0);
    assert_eq!(f.name(), "");
    assert_eq!(f.type_code(), None);
    let f = as_view!("ftp://host.com/", Ftp);
    assert_eq!((f.user(), f.password()), (None, None));
    let f = as_view!("ftp://foo:@host.com/", Ftp);
    assert_eq!((f.user(), f.password()), (Some("foo"), Some("")));
    for s in [
        "ftp://@host.com/",
        "ftp://host.com/",
        "ftp://foo:@host.com/",
    ] {
        ok(s);
    }

    let rows: &[(&str, &[&str], &str, Option<FtpType>)] = &[
        (
            "ftp://myname@host.dom/%2Fetc/motd",
            &["%2Fetc"],
            "motd",
            None,
        ),
        ("ftp://myname@host.dom/etc/motd", &["etc"], "motd", None),
        (
            "ftp://myname@host.dom//etc/motd",
            &["", "etc"],
            "motd",
            None,
        ),
        (
            "ftp://info.cern.ch/pub/www/doc;type=d",
            &["pub", "www"],
            "doc",
            Some(FtpType::Directory),
        ),
        ("ftp://ds.internic.net/rfc", &[], "rfc", None),
        (
            "ftp://ds.internic.net/rfc/rfc1436.txt;type=a",
            &["rfc"],
            "rfc1436.txt",
            Some(FtpType::Ascii),
        ),
        (
            "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt",
            &["pub", "gopher", "gopher_protocol", "Gopher+"],
            "Gopher+.txt",
            None,
        ),
        (
            "ftp://info.cern.ch/pub/www/doc/http-spec.txt.Z",
            &["pub", "www", "doc"],
            "http-spec.txt.Z",
            None,
        ),
        (
            "ftp://ds.internic.net/internet-drafts/draft-ietf-uri-irl-fun-req-02.txt",
            &["internet-drafts"],
            "draft-ietf-uri-irl-fun-req-02.txt",
            None,
        ),
        (
            "ftp://prospero.isi.edu/pub/prospero/doc/prospero-protocol.PS.Z",
            &["pub", "prospero", "doc"],
            "prospero-protocol.PS.Z",
            None,
        ),
        ("ftp://uu.psi.com/wp/nir.txt", &["wp"], "nir.txt", None),
        ("ftp://ftp.w3.org/pub/www/doc", &["pub", "www"], "doc", None),
        (
            "ftp://ftp.w3.org/pub/www/doc/http-spec.txt",
            &["pub", "www", "doc"],
            "http-spec.txt",
            None,
        ),
        (
            "ftp://quake.think.com/pub/wais/doc/protspec.txt",
            &["pub", "wais", "doc"],
            "protspec.txt",
            None,
        ),
        (
            "ftp://quake.think.com/pub/wais/doc/doc-ids.txt",
            &["pub", "wais", "doc"],
            "doc-ids.txt",
            None,
        ),
        (
            "ftp://prospero.isi.edu/pub/prospero/oir.ps",
            &["pub", "prospero"],
            "oir.ps",
            None,
        ),
    ];
    for &(s, cwd, name, ty) in rows {
        let f = as_view!(s, Ftp);
        assert_eq!(f.cwd().collect::<Vec<_>>(), cwd, "{s}");
        assert_eq!(f.name(), name, "{s}");
        assert_eq!(f.transfer_type(), ty, "{s}");
        ok(s);
    }
    let f = as_view!("ftp://myname@host.dom/%2Fetc/motd", Ftp);
    assert_eq!((f.user(), f.password()), (Some("myname"), None));
    assert_eq!(f.url_path(), "%2Fetc/motd");
    // P21: the reference list's RFCs.
    for n in [977, 1034, 959, 1630, 1123, 822, 1036, 1737, 1625] {
        let s = format!("ftp://ds.internic.net/rfc/rfc{n}.txt");
        let f = as_view!(&s, Ftp);
        assert_eq!(f.cwd().collect::<Vec<_>>(), ["rfc"]);
        assert_eq!(f.name(), format!("rfc{n}.txt"));
        ok(&s);
    }
}

/// P23: `news:*`; group and message-id told apart by the `@`, and
/// brackets that do not belong (RFC 1738 §3.6).
#[test]
fn c_p5_p23_news() {
    assert_eq!(as_view!("news:*", News).target(), NewsTarget::All);
    ok("news:*");
    let n = as_view!("news:comp.infosystems.www.misc", News);
    assert_eq!(n.target(), NewsTarget::Group("comp.infosystems.www.misc"));
    ok("news:comp.infosystems.www.misc");
    let n = as_view!("news:abc123@host.dom", News);
    assert_eq!(n.target(), NewsTarget::Article("abc123@host.dom"));
    ok("news:abc123@host.dom");
    ok("news:comp.infosystems.www.servers.unix");
    // "news:<abc123@host.dom>" is not even a URI ("<" is excluded).
    assert!(parse("news:<abc123@host.dom>").is_err());
    bad("news:1abc", 5, SchemeErrorKind::InvalidChar);
    bad("news:", 5, SchemeErrorKind::MissingPart);
    bad("news:abc@", 9, SchemeErrorKind::InvalidHost);
}

/// P24: file URLs; `localhost` and an empty host both mean the machine
/// interpreting the URL (RFC 1738 §3.10).
#[test]
fn c_p5_p24_file() {
    let f = as_view!("file://vms.host.edu/disk$user/my/notes/note12345.txt", File);
    assert_eq!(f.host(), Some("vms.host.edu"));
    assert_eq!(f.fpath(), "disk$user/my/notes/note12345.txt");
    assert!(!f.is_local());
    ok("file://vms.host.edu/disk$user/my/notes/note12345.txt");
    for s in ["file://localhost/etc/motd", "file:///etc/motd"] {
        let f = as_view!(s, File);
        assert!(f.is_local(), "{s}");
        assert_eq!(f.fpath(), "etc/motd");
        ok(s);
    }
    bad("file://h", 8, SchemeErrorKind::MissingPart);
    bad("file://h:1/x", 8, SchemeErrorKind::UnexpectedPart);
}

/// P25: prospero, with `;field=value` (RFC 1738 §3.11).
#[test]
fn c_p5_p25_prospero() {
    let p = as_view!("prospero://host.dom//pros/name", Prospero);
    assert_eq!(p.host(), "host.dom");
    assert_eq!(p.port(), Some(1525));
    assert_eq!(p.hsoname(), "/pros/name");
    assert_eq!(p.fields().count(), 0);
    ok("prospero://host.dom//pros/name");
    let p = as_view!("prospero://host/hso;OBJECT-VERSION=3", Prospero);
    assert_eq!(p.hsoname(), "hso");
    assert_eq!(p.fields().collect::<Vec<_>>(), [("OBJECT-VERSION", "3")]);
    ok("prospero://host/hso;OBJECT-VERSION=3");
    // The 1993-94 drafts' %00 version separator is no RFC 1738 syntax: it
    // stays opaque in the hsoname and is never decoded (a NUL octet).
    let p = as_view!("prospero://host/pros/name%003", Prospero);
    assert_eq!(p.hsoname(), "pros/name%003");
    bad(
        "prospero://host/hso;field",
        25,
        SchemeErrorKind::MissingPart,
    );
    bad(
        "prospero://u@host/x",
        11,
        SchemeErrorKind::UserinfoNotAllowed,
    );
}

/// P26: wais database, index and document (RFC 1738 §3.9).
#[test]
fn c_p5_p26_wais() {
    let w = as_view!(
        "wais://quake.think.com/wais-discussion-archives?lynch",
        Wais
    );
    assert_eq!(w.host(), "quake.think.com");
    assert_eq!(w.port(), Some(210));
    assert_eq!(w.database(), "wais-discussion-archives");
    assert_eq!(w.target(), WaisTarget::Index { search: "lynch" });
    ok("wais://quake.think.com/wais-discussion-archives?lynch");
    assert_eq!(
        as_view!("wais://host/db", Wais).target(),
        WaisTarget::Database
    );
    ok("wais://host/db");
    ok("wais://host/db?query");
    let w = as_view!("wais://host/db/TEXT/0=abc;1=def;", Wais);
    assert_eq!(
        w.target(),
        WaisTarget::Document {
            wtype: "TEXT",
            wpath: "0=abc;1=def;"
        }
    );
    // The 1994 draft's wpath fields are not 1738 uchars: "=" must be %3D.
    bad(
        "wais://host/db/TEXT/0=abc;1=def;",
        21,
        SchemeErrorKind::InvalidChar,
    );
    ok("wais://host/db/TEXT/0%3Dabc%3B");
    bad("wais://host/db/TEXT", 19, SchemeErrorKind::MissingPart);
}

/// P27-P35: gopher types, selectors, search and Gopher+ strings; an empty
/// gopher-path is type 1 (RFC 1738 §3.4).
#[test]
fn c_p5_p27_p35_gopher() {
    let g = as_view!(
        "gopher://gopher.micro.umn.edu/00/Information%20About%20Gopher/About%20Gopher",
        Gopher
    );
    assert_eq!(g.port(), Some(70));
    assert_eq!(g.item_type(), "0");
    assert_eq!(
        g.selector(),
        "0/Information%20About%20Gopher/About%20Gopher"
    );
    ok("gopher://gopher.micro.umn.edu/00/Information%20About%20Gopher/About%20Gopher");

    // (url, type, selector, search, gopher+)
    type Row<'a> = (&'a str, &'a str, &'a str, Option<&'a str>, Option<&'a str>);
    let rows: &[Row] = &[
        ("gopher://host", "1", "", None, None),
        ("gopher://host/", "1", "", None, None),
        (
            "gopher://host/0a_gopher_selector",
            "0",
            "a_gopher_selector",
            None,
            None,
        ),
        (
            "gopher://host/7a_gopher_selector%09foobar",
            "7",
            "a_gopher_selector",
            Some("foobar"),
            None,
        ),
        (
            "gopher://host/0a_gopher_selector%09%09some_gplus_stuff",
            "0",
            "a_gopher_selector",
            Some(""),
            Some("some_gplus_stuff"),
        ),
        (
            "gopher://host/0a_gopher_selector%09%09!",
            "0",
            "a_gopher_selector",
            Some(""),
            Some("!"),
        ),
        (
            "gopher://host/0a_gopher_selector%09%09+application/postscript%20Es_ES",
            "0",
            "a_gopher_selector",
            Some(""),
            Some("+application/postscript%20Es_ES"),
        ),
        (
            "gopher://host:70/0a_gopher_selector",
            "0",
            "a_gopher_selector",
            None,
            None,
        ),
        ("gopher://host/1%09x", "1", "", Some("x"), None),
    ];
    for &(s, ty, sel, search, plus) in rows {
        let g = as_view!(s, Gopher);
        assert_eq!(g.item_type(), ty, "{s}");
        assert_eq!(g.selector(), sel, "{s}");
        assert_eq!(g.search(), search, "{s}");
        assert_eq!(g.gopher_plus(), plus, "{s}");
        ok(s);
    }
    assert_eq!(
        as_view!("gopher://host:70/0a_gopher_selector", Gopher).port(),
        Some(70)
    );
    // "?" is selector text in gopher, not a query.
    let g = as_view!("gopher://host/1a?b", Gopher);
    assert_eq!(g.selector(), "a?b");
}

/// mailto, with `%25` for `%` (RFC 1738 §3.5).
#[test]
fn c_p5_mailto() {
    let m = as_view!("mailto:timbl@info.cern.ch", Mailto);
    assert_eq!(m.address(), "timbl@info.cern.ch");
    ok("mailto:timbl@info.cern.ch");
    let m = as_view!("mailto:user%25gw@relay.host", Mailto);
    assert_eq!(m.address(), "user%25gw@relay.host");
    ok("mailto:user%25gw@relay.host");
    ok("mailto:mduerst@ifi.unizh.ch");
    ok("mailto:John.Doe@example.com");
    let m = as_view!("mailto:a@b?subject=hi", Mailto);
    assert_eq!(m.headers(), Some("subject=hi"));
    bad("mailto:", 7, SchemeErrorKind::MissingPart);
}

/// http in RFC 1738 terms (§3.3, hosts §3.1 and §5).
#[test]
fn c_p5_http_rules() {
    ok("HTTP://www.w3.org/"); // scheme case is ignored (§2.1)
    ok("http://host"); // no path, no search: the "/" may go (§3.3)
                       // A search without a path: RFC 1738's BNF has none, but
                       // draft-ietf-uri-url-03 allowed it, so it is accepted.
    ok("http://host?x");
    // "No user name or password is allowed" (§3.3).
    bad("http://user@host/", 7, SchemeErrorKind::UserinfoNotAllowed);
    // A hostnumber; a hostname's last label starts with a letter (§5
    // hostnumber, toplabel).
    ok("http://128.141.77.2/");
    bad("http://1.2.3/", 7, SchemeErrorKind::InvalidHost);
    ok("http://3com.com/");
    // The semantic attack of RFC 3986 §7.6 is a 1738 violation.
    bad(
        "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm",
        7,
        SchemeErrorKind::UserinfoNotAllowed,
    );
    // "~" is taken in paths though RFC 1738 §2.2 calls it unsafe: `~user`
    // paths are everywhere. "/" in a 1738 search is not (§3.3).
    ok("http://host/~user/");
    bad("http://host/p?a/b", 15, SchemeErrorKind::InvalidChar);
    bad("http://h:/", 9, SchemeErrorKind::EmptyPort);
    let h = as_view!("https://h/", Http);
    assert!(h.is_https());
    assert_eq!(h.port(), Some(443));
}

/// ftp details (RFC 1738 §3.1, §3.2).
#[test]
fn c_p5_ftp_details() {
    ok("ftp://host"); // the url-path may be omitted, "/" with it
    let f = as_view!("ftp://host/dir/;type=d", Ftp);
    assert_eq!((f.cwd().collect::<Vec<_>>(), f.name()), (vec!["dir"], ""));
    assert_eq!(f.transfer_type(), Some(FtpType::Directory));
    ok("ftp://host/dir/;type=d"); // an empty name lists the directory (§3.2.2)
    let f = as_view!("ftp://host/a%3Bb;type=i", Ftp);
    assert_eq!(
        (f.name(), f.transfer_type()),
        ("a%3Bb", Some(FtpType::Image))
    );
    ok("ftp://host/a%3Bb;type=i"); // ";" in a name is encoded
    let f = as_view!("ftp://host/file;type=AN", Ftp);
    // The 1994 draft's RFC 959 code, kept raw: RFC 1738 has only a, i, d.
    assert_eq!(f.type_code(), Some("AN"));
    bad(
        "ftp://host/file;type=AN",
        21,
        SchemeErrorKind::InvalidTypeCode,
    );
    let f = as_view!("ftp://host/dir/", Ftp);
    // A trailing "/": the name is empty.
    assert_eq!(f.name(), "");
    // "If the port is omitted, the colon is as well" (§3.1).
    bad("ftp://host:/x", 11, SchemeErrorKind::EmptyPort);
    let f = as_view!("ftp://a%3Ab:p%40w@host/", Ftp);
    // ":", "@" and "/" in a user or password are encoded (§3.1).
    assert_eq!((f.user(), f.password()), (Some("a%3Ab"), Some("p%40w")));
    ok("ftp://a%3Ab:p%40w@host/");
    bad("ftp://host/a;b", 12, SchemeErrorKind::InvalidChar);
}

/// telnet (RFC 1738 §3.8 and §5: nothing after the "/") and nntp (§3.7).
#[test]
fn c_p5_telnet_nntp() {
    for s in [
        "telnet://host",
        "telnet://host/",
        "telnet://guest:guest@host:2323/",
    ] {
        ok(s);
    }
    let t = as_view!("telnet://guest:guest@host:2323/", Telnet);
    assert_eq!(
        (t.user(), t.password(), t.host(), t.port()),
        (Some("guest"), Some("guest"), "host", Some(2323))
    );
    assert_eq!(as_view!("telnet://host", Telnet).port(), Some(23));
    bad("telnet://host/x", 14, SchemeErrorKind::UnexpectedPart);
    ok("telnet://melvyl.ucop.edu/");

    let n = as_view!("nntp://news.host.edu/comp.infosystems.www.misc/1234", Nntp);
    assert_eq!(
        (n.group(), n.article(), n.port()),
        ("comp.infosystems.www.misc", Some("1234"), Some(119))
    );
    ok("nntp://news.host.edu/comp.infosystems.www.misc/1234");
    ok("nntp://news.host.edu/comp.infosystems.www.misc");
    bad("nntp://h/g/12x", 13, SchemeErrorKind::InvalidChar);
    bad("nntp://h", 8, SchemeErrorKind::MissingPart);
    bad("nntp://h/", 9, SchemeErrorKind::MissingPart);
}

#[test]
fn c_p5_default_ports_and_other_schemes() {
    let ports = [
        ("ftp", 21),
        ("http", 80),
        ("gopher", 70),
        ("nntp", 119),
        ("telnet", 23),
        ("wais", 210),
        ("prospero", 1525),
    ];
    for (s, p) in ports {
        assert_eq!(default_port(s), Some(p), "{s}");
        assert_eq!(default_port(&s.to_uppercase()), Some(p), "{s}");
    }
    assert_eq!(default_port("mailto"), None);
    assert_eq!(default_port("file"), None);
    assert!(parse("urn:isbn:0451450523").unwrap().rfc1738().is_none());
    // The view keeps the generic parse.
    assert_eq!(view("http://a/b").uri().host(), Some("a"));
}
