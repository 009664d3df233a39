//! Reference resolution (CONTRACT C-P4): RFC 3986 §5.4 in the default
//! mode, and each draft's own published examples (Appendix C) in its
//! compatibility mode: 42 of draft-fielding-uri-rfc2396bis-01 (the 2003
//! draft) and 43 of the 44 of draft-fielding-url-syntax-05 (the 1997
//! draft).
//!
//! "(current document)" in the drafts' tables is written here as the base
//! without its fragment, plus the reference's fragment, so that every
//! result is a URI: the same string RFC 3986 §5.4.1 gives for `""` and
//! `#s`.

use urlx::uri::{parse, parse_iri, Compat, ResolveError};

const BASE: &str = "http://a/b/c/d;p?q";
const CURRENT: &str = "http://a/b/c/d;p?q";

#[track_caller]
fn resolve(base: &str, r: &str, compat: Compat) -> String {
    let b = parse(base).unwrap_or_else(|e| panic!("base {base:?}: {e}"));
    let r = parse(r).unwrap_or_else(|e| panic!("reference {r:?}: {e}"));
    let t = b.resolve_with(&r, compat).unwrap();
    // Every result parses back to itself.
    assert_eq!(
        parse(t.as_str()).map(|u| u.to_string()).as_deref(),
        Ok(t.as_str())
    );
    t.into_string()
}

#[track_caller]
fn check_table(compat: Compat, rows: &[(&str, &str)]) {
    let mut wrong = Vec::new();
    for &(r, want) in rows {
        let got = resolve(BASE, r, compat);
        if got != want {
            wrong.push(format!("{r:?}: got {got:?}, want {want:?}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} mismatches in {compat:?}:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// RFC 3986 §5.4.1 and §5.4.2: 42 examples, strict parser.
#[test]
fn c_p4_rfc3986_5_4_examples() {
    let rows = [
        ("g:h", "g:h"),
        ("g", "http://a/b/c/g"),
        ("./g", "http://a/b/c/g"),
        ("g/", "http://a/b/c/g/"),
        ("/g", "http://a/g"),
        ("//g", "http://g"),
        ("?y", "http://a/b/c/d;p?y"),
        ("g?y", "http://a/b/c/g?y"),
        ("#s", "http://a/b/c/d;p?q#s"),
        ("g#s", "http://a/b/c/g#s"),
        ("g?y#s", "http://a/b/c/g?y#s"),
        (";x", "http://a/b/c/;x"),
        ("g;x", "http://a/b/c/g;x"),
        ("g;x?y#s", "http://a/b/c/g;x?y#s"),
        ("", "http://a/b/c/d;p?q"),
        (".", "http://a/b/c/"),
        ("./", "http://a/b/c/"),
        ("..", "http://a/b/"),
        ("../", "http://a/b/"),
        ("../g", "http://a/b/g"),
        ("../..", "http://a/"),
        ("../../", "http://a/"),
        ("../../g", "http://a/g"),
        // §5.4.2
        ("../../../g", "http://a/g"),
        ("../../../../g", "http://a/g"),
        ("/./g", "http://a/g"),
        ("/../g", "http://a/g"),
        ("g.", "http://a/b/c/g."),
        (".g", "http://a/b/c/.g"),
        ("g..", "http://a/b/c/g.."),
        ("..g", "http://a/b/c/..g"),
        ("./../g", "http://a/b/g"),
        ("./g/.", "http://a/b/c/g/"),
        ("g/./h", "http://a/b/c/g/h"),
        ("g/../h", "http://a/b/c/h"),
        ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
        ("g;x=1/../y", "http://a/b/c/y"),
        ("g?y/./x", "http://a/b/c/g?y/./x"),
        ("g?y/../x", "http://a/b/c/g?y/../x"),
        ("g#s/./x", "http://a/b/c/g#s/./x"),
        ("g#s/../x", "http://a/b/c/g#s/../x"),
        ("http:g", "http:g"),
    ];
    assert_eq!(rows.len(), 42);
    check_table(Compat::Rfc3986, &rows);
}

/// draft-fielding-uri-rfc2396bis-01 (March 2003) Appendix C:
/// 22 normal (C.1) and 20 abnormal (C.2) examples, all held.
#[test]
fn c_p4_rfc2396bis_appendix_c_all_42() {
    let cur_s = format!("{CURRENT}#s");
    let rows = [
        // C.1
        ("g:h", "g:h"),
        ("g", "http://a/b/c/g"),
        ("./g", "http://a/b/c/g"),
        ("g/", "http://a/b/c/g/"),
        ("/g", "http://a/g"),
        ("//g", "http://g"),
        ("?y", "http://a/b/c/d;p?y"),
        ("g?y", "http://a/b/c/g?y"),
        ("#s", cur_s.as_str()),
        ("g#s", "http://a/b/c/g#s"),
        ("g?y#s", "http://a/b/c/g?y#s"),
        (";x", "http://a/b/c/;x"),
        ("g;x", "http://a/b/c/g;x"),
        ("g;x?y#s", "http://a/b/c/g;x?y#s"),
        (".", "http://a/b/c/"),
        ("./", "http://a/b/c/"),
        ("..", "http://a/b/"),
        ("../", "http://a/b/"),
        ("../g", "http://a/b/g"),
        ("../..", "http://a/"),
        ("../../", "http://a/"),
        ("../../g", "http://a/g"),
        // C.2
        ("", CURRENT),
        ("../../../g", "http://a/../g"),
        ("../../../../g", "http://a/../../g"),
        ("/./g", "http://a/./g"),
        ("/../g", "http://a/../g"),
        ("g.", "http://a/b/c/g."),
        (".g", "http://a/b/c/.g"),
        ("g..", "http://a/b/c/g.."),
        ("..g", "http://a/b/c/..g"),
        ("./../g", "http://a/b/g"),
        ("./g/.", "http://a/b/c/g/"),
        ("g/./h", "http://a/b/c/g/h"),
        ("g/../h", "http://a/b/c/h"),
        ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
        ("g;x=1/../y", "http://a/b/c/y"),
        ("g?y/./x", "http://a/b/c/g?y/./x"),
        ("g?y/../x", "http://a/b/c/g?y/../x"),
        ("g#s/./x", "http://a/b/c/g#s/./x"),
        ("g#s/../x", "http://a/b/c/g#s/../x"),
        // A validating parser keeps the scheme (the draft allows either).
        ("http:g", "http:g"),
    ];
    assert_eq!(rows.len(), 42);
    check_table(Compat::Draft2003, &rows);
}

/// draft-fielding-url-syntax-05 (May 1997) Appendix C: 22 normal and 22
/// abnormal examples. One of them, `http://a/../b/c = http://a/b/c`,
/// contradicts the draft's own algorithm (§5.2 step 3 leaves an absolute
/// reference as it is): the draft prints it as what "some parsers
/// inappropriately" do, so it is no vector to pass. The other 43 are
/// held; the contradiction is asserted below.
#[test]
fn c_p4_url_syntax_05_appendix_c_43_of_44() {
    let cur_s = format!("{CURRENT}#s");
    let rows = [
        // C.1
        ("g:h", "g:h"),
        ("g", "http://a/b/c/g"),
        ("./g", "http://a/b/c/g"),
        ("g/", "http://a/b/c/g/"),
        ("/g", "http://a/g"),
        ("//g", "http://g"),
        ("?y", "http://a/b/c/?y"),
        ("g?y", "http://a/b/c/g?y"),
        ("#s", cur_s.as_str()),
        ("g#s", "http://a/b/c/g#s"),
        ("g?y#s", "http://a/b/c/g?y#s"),
        (";x", "http://a/b/c/;x"),
        ("g;x", "http://a/b/c/g;x"),
        ("g;x?y#s", "http://a/b/c/g;x?y#s"),
        (".", "http://a/b/c/"),
        ("./", "http://a/b/c/"),
        ("..", "http://a/b/"),
        ("../", "http://a/b/"),
        ("../g", "http://a/b/g"),
        ("../..", "http://a/"),
        ("../../", "http://a/"),
        ("../../g", "http://a/g"),
        // C.2, less `http://a/../b/c`
        ("", CURRENT),
        ("../../../g", "http://a/../g"),
        ("../../../../g", "http://a/../../g"),
        ("/./g", "http://a/./g"),
        ("/../g", "http://a/../g"),
        ("g.", "http://a/b/c/g."),
        (".g", "http://a/b/c/.g"),
        ("g..", "http://a/b/c/g.."),
        ("..g", "http://a/b/c/..g"),
        ("./../g", "http://a/b/g"),
        ("./g/.", "http://a/b/c/g/"),
        ("g/./h", "http://a/b/c/g/h"),
        ("g/../h", "http://a/b/c/h"),
        ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
        ("g;x=1/../y", "http://a/b/c/y"),
        ("g?y/./x", "http://a/b/c/g?y/x"),
        ("g?y/../x", "http://a/b/c/x"),
        ("g#s/./x", "http://a/b/c/g#s/./x"),
        ("g#s/../x", "http://a/b/c/g#s/../x"),
        ("http:g", "http:g"),
        ("http:", "http:"),
    ];
    assert_eq!(rows.len(), 43);
    check_table(Compat::Draft1997, &rows);
    // The self-contradictory example: step 3 of the draft's own algorithm
    // ("absolute URL and we are done") keeps the dot segment.
    assert_eq!(
        resolve(BASE, "http://a/../b/c", Compat::Draft1997),
        "http://a/../b/c"
    );
    assert_ne!(
        resolve(BASE, "http://a/../b/c", Compat::Draft1997),
        "http://a/b/c"
    );
}

/// Where the algorithms part ways (§5.2 of both drafts, the 2003 draft's
/// Appendix G.2, RFC 3986 §5.2): cases computed from each algorithm, not
/// printed in the drafts.
#[test]
fn c_p4_derived_edge_vectors() {
    // An empty base path: the 1997 bug the 2003 draft fixed. The literal
    // 1997 result, "http://ag", names another host (and "http://a:80" +
    // "g" would give no URI at all), so it is an error.
    let (b, r) = (parse("http://a").unwrap(), parse("g").unwrap());
    assert_eq!(
        b.resolve_with(&r, Compat::Draft1997),
        Err(ResolveError::Draft1997EmptyBasePath)
    );
    assert_eq!(resolve("http://a", "g", Compat::Draft2003), "http://a/g");
    assert_eq!(resolve("http://a", "g", Compat::Rfc3986), "http://a/g");
    // No authority, empty path.
    assert_eq!(resolve("foo:", "bar", Compat::Draft1997), "foo:bar");
    assert_eq!(resolve("foo:", "bar", Compat::Draft2003), "foo:/bar");
    assert_eq!(resolve("foo:", "bar", Compat::Rfc3986), "foo:bar");
    // An opaque base: as computed, not refused (RFC 3986 §5.2 needs an
    // absolute base, not a hierarchical one).
    for c in [Compat::Rfc3986, Compat::Draft2003, Compat::Draft1997] {
        assert_eq!(resolve("mailto:x@y", "z", c), "mailto:z");
    }
    // Empty segments are not "complete path segments" for the drafts: only
    // so does `/../g` give `http://a/../g`, as their Appendix C.2 prints.
    assert_eq!(
        resolve("http://a/b/c//d", "../g", Compat::Draft2003),
        "http://a/b/c//../g"
    );
    assert_eq!(
        resolve("http://a/b/c//d", "../g", Compat::Rfc3986),
        "http://a/b/c/g"
    );
}

/// 1997 draft §5.1.1 and Appendix D, 2003 draft Appendix D: a base from
/// `Content-Base` or `<BASE href>`.
#[test]
fn c_p4_appendix_d_base_examples() {
    for c in [Compat::Rfc3986, Compat::Draft2003, Compat::Draft1997] {
        assert_eq!(
            resolve("http://www.ics.uci.edu/Test/a/b/c", "../x", c),
            "http://www.ics.uci.edu/Test/a/x"
        );
        assert_eq!(
            resolve("http://www.example.com/Test/a/b/c", "../x", c),
            "http://www.example.com/Test/a/x"
        );
    }
}

/// The partial forms of the October 1993 URL Internet-Draft (its "Partial
/// form" rules 1 to 6), applied to derived examples.
#[test]
fn c_p4_october_1993_draft_partial_forms() {
    let rows = [
        (
            "http://info.cern.ch/a/b/c",
            "d",
            "http://info.cern.ch/a/b/d",
        ),
        (
            "http://info.cern.ch/a/b/c",
            "../d",
            "http://info.cern.ch/a/d",
        ),
        (
            "http://info.cern.ch/a/b/c",
            "./d",
            "http://info.cern.ch/a/b/d",
        ),
        ("http://info.cern.ch/a/b/c", "/d", "http://info.cern.ch/d"),
        ("http://info.cern.ch/a/b/", "d", "http://info.cern.ch/a/b/d"),
        ("http://info.cern.ch/a/b", "d", "http://info.cern.ch/a/d"),
        (
            "http://info.cern.ch/a/b/c",
            "//other.host/x",
            "http://other.host/x",
        ),
        (
            "http://info.cern.ch/a/b/c",
            "ftp://x.org/y",
            "ftp://x.org/y",
        ),
    ];
    for (base, r, want) in rows {
        assert_eq!(resolve(base, r, Compat::Rfc3986), want, "{base} + {r}");
    }
}

#[test]
fn c_p4_base_must_be_absolute() {
    let b = parse("/a/b").unwrap();
    let r = parse("c").unwrap();
    assert_eq!(b.resolve(&r), Err(ResolveError::BaseNotAbsolute));
    // The base's fragment is ignored.
    assert_eq!(resolve("http://a/b#f", "c", Compat::Rfc3986), "http://a/c");
}

/// A path that would begin with `//` without an authority gets `/.` so the
/// result keeps its meaning when parsed again.
#[test]
fn c_p4_no_accidental_authority() {
    assert_eq!(resolve("foo:/a", ".//g", Compat::Rfc3986), "foo:/.//g");
    let t = resolve("foo:/a/b", "..//g", Compat::Draft2003);
    assert_eq!(t, "foo:/.//g");
    assert_eq!(parse(&t).unwrap().authority(), None);
}

/// Fuzz finding (resolve target, 2026-11-23): in the 1997 mode a `..` pops
/// the segment that holds the `?`, so query text moves into the path. IRI
/// private-use characters, allowed only in a query, are percent-encoded
/// there so the result still parses (C-P4: the result of resolution is a
/// valid reference).
#[test]
fn c_p4_fuzz_draft1997_query_moved_into_path_stays_valid() {
    let base = parse_iri("ht:").unwrap();
    let r = parse_iri("../..X:?\u{e553}/../\u{e4d3}x?q").unwrap();
    let t = base.resolve_with(&r, Compat::Draft1997).unwrap();
    assert_eq!(t.as_str(), "ht:../%EE%93%93x?q");
    assert!(parse_iri(t.as_str()).is_ok());
}
