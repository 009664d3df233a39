//! Property tests of the core parser (CONTRACT C-P1 to C-P4, C-P6), with
//! two oracles: a brute-force longest prefix, and the `fluent-uri` crate
//! (an independent RFC 3986 / RFC 3987 parser) for acceptance and
//! components.

use proptest::prelude::*;
use urlx::uri::{self, parse, parse_iri, parse_prefix, Compat, Syntax};

/// Characters that matter to the grammar, plus a few that never belong.
const ALPHABET: &[char] = &[
    'a', 'b', 'Z', '0', '1', '9', '-', '.', '_', '~', '!', '$', '&', '\'', '(', ')', '*', '+', ',',
    ';', '=', ':', '@', '/', '?', '#', '[', ']', '%', '%', 'v', 'F', ' ', '<', '"', 'é', '例',
    '\u{E000}', '\u{FFFE}',
];

fn soup(max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(ALPHABET), 0..max)
        .prop_map(|v| v.into_iter().collect())
}

/// ASCII characters of the grammar only (no space, `<`, `"`): most
/// strings drawn from these are close to valid, which is where parsers
/// disagree.
fn ascii_soup(max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(&ALPHABET[..32]), 0..max)
        .prop_map(|v| v.into_iter().collect())
}

/// Strings built from grammar-sized pieces, so that authorities, IP
/// literals, ports and escapes show up often, valid and broken.
const TOKENS: &[&str] = &[
    "http:",
    "a:",
    "//",
    "//",
    "a",
    "b.c",
    "@",
    ":",
    ":",
    "[",
    "]",
    "::1",
    "v1.x",
    "1.2.3.4",
    "256.1.1.1",
    "1:2::3",
    "::ffff:1.2.3.4",
    "%41",
    "%",
    "%4",
    "/",
    "/",
    "?",
    "#",
    ".",
    "..",
    "80",
    "8x",
    "é",
    "~",
    "!$&'()*+,;=",
    "-_",
];

fn token_soup(max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(TOKENS), 0..max).prop_map(|v| v.concat())
}

fn pchars() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            "[a-zA-Z0-9._~!$&'()*+,;=:@-]",
            "%[0-9a-fA-F]{2}",
            Just("é".to_string()),
        ],
        0..6,
    )
    .prop_map(|v| v.concat())
}

fn host() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z0-9.-]{0,12}",
        any::<[u8; 4]>().prop_map(|o| format!("{}.{}.{}.{}", o[0], o[1], o[2], o[3])),
        any::<[u16; 8]>().prop_map(|g| format!("[{}]", std::net::Ipv6Addr::from(g))),
        any::<[u16; 8]>().prop_map(|g| format!("[{}]", std::net::Ipv6Addr::from(g)).to_uppercase()),
        "\\[v[0-9a-f]{1,3}\\.[a-z0-9:]{1,5}\\]",
        Just("例え.jp".to_string()),
    ]
}

/// Valid IRI references, built from the grammar.
fn valid_iri() -> impl Strategy<Value = String> {
    (
        prop::option::of("[a-zA-Z][a-zA-Z0-9+.-]{0,5}"),
        prop::option::of((
            prop::option::of(pchars()),
            host(),
            prop::option::of("[0-9]{0,5}"),
        )),
        prop::collection::vec(pchars(), 0..4),
        prop::option::of(pchars()),
        prop::option::of(pchars()),
        any::<bool>(),
    )
        .prop_map(|(scheme, auth, segs, query, frag, rooted)| {
            let mut s = String::new();
            if let Some(sc) = &scheme {
                s.push_str(sc);
                s.push(':');
            }
            let has_auth = auth.is_some();
            if let Some((ui, h, port)) = auth {
                s.push_str("//");
                if let Some(ui) = ui {
                    s.push_str(&ui.replace('@', "%40"));
                    s.push('@');
                }
                s.push_str(&h);
                if let Some(p) = port {
                    s.push(':');
                    s.push_str(&p);
                }
            }
            let mut path = segs.join("/");
            if rooted || (has_auth && !path.is_empty()) {
                path.insert(0, '/');
            }
            if !has_auth && path.starts_with("//") {
                path.insert_str(0, "/.");
            }
            if scheme.is_none() && !path.starts_with('/') {
                // path-noscheme: no ':' in the first segment.
                let first_end = path.find('/').unwrap_or(path.len());
                let first = path[..first_end].replace(':', "%3A");
                path.replace_range(..first_end, &first);
            }
            s.push_str(&path);
            if let Some(q) = query {
                s.push('?');
                s.push_str(&q);
            }
            if let Some(f) = frag {
                s.push('#');
                s.push_str(&f);
            }
            s
        })
}

fn brute_longest_prefix(s: &str, syntax: Syntax) -> Option<&str> {
    (0..=s.len())
        .rev()
        .filter(|&i| s.is_char_boundary(i))
        .map(|i| &s[..i])
        .find(|p| uri::parse_absolute(p, syntax).is_ok())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    /// C-P2: any string, an Ok or an Err whose index lies on a character
    /// boundary inside the input; never a panic.
    #[test]
    fn c_p2_never_panics_and_errors_point_inside(s in prop_oneof![soup(40), token_soup(16)]) {
        for syntax in [Syntax::Uri, Syntax::Iri] {
            if let Err(e) = uri::Uri::parse_with(&s, syntax) {
                prop_assert!(e.index() <= s.len());
                prop_assert!(s.is_char_boundary(e.index()));
                // The module's invariant: the text before the error is valid.
                prop_assert!(uri::Uri::parse_with(&s[..e.index()], syntax).is_ok(), "{:?} at {}", s, e.index());
            }
        }
    }

    /// C-P1: the components partition the input; recomposition gives it
    /// back.
    #[test]
    fn c_p1_roundtrip_of_valid_references(s in valid_iri()) {
        let u = parse_iri(&s);
        prop_assert!(u.is_ok(), "{:?}: {:?}", s, u.err());
        prop_assert_eq!(u.unwrap().to_string(), s);
    }

    #[test]
    fn c_p1_roundtrip_of_any_accepted_string(s in soup(40)) {
        if let Ok(u) = parse_iri(&s) {
            prop_assert_eq!(u.to_string(), s);
        }
    }

    /// C-P3: `parse_prefix` is exactly the longest prefix that parses.
    #[test]
    fn c_p3_parse_prefix_is_the_brute_force_longest(s in prop_oneof![soup(30), token_soup(12)]) {
        for syntax in [Syntax::Uri, Syntax::Iri] {
            let got = parse_prefix(&s, syntax).map(|u| u.as_str());
            prop_assert_eq!(got, brute_longest_prefix(&s, syntax), "{:?} {:?}", s, syntax);
        }
    }

    #[test]
    fn c_p3_parse_prefix_of_valid_text_then_junk(s in valid_iri(), junk in "[ <>\"]{1,3}[a-z]{0,3}") {
        let text = format!("{s}{junk}");
        if parse_iri(&s).is_ok_and(|u| u.is_absolute()) {
            prop_assert_eq!(parse_prefix(&text, Syntax::Iri).map(|u| u.as_str()), Some(s.as_str()));
        }
    }

    /// C-P4: normalization is idempotent and gives a valid reference.
    #[test]
    fn c_p4_normalize_is_idempotent(s in valid_iri()) {
        let once = parse_iri(&s).unwrap().normalize();
        let again = parse_iri(once.as_str());
        prop_assert!(again.is_ok(), "{:?} -> {:?}", s, once.as_str());
        let twice = again.unwrap().normalize();
        prop_assert_eq!(twice.as_str(), once.as_str());
    }

    /// C-P4: resolution always gives a reference that parses back to
    /// itself, in every mode; in RFC 3986 mode it is absolute.
    #[test]
    fn c_p4_resolution_result_always_parses(base in valid_iri(), r in valid_iri()) {
        let b = parse_iri(&base).unwrap();
        let rr = parse_iri(&r).unwrap();
        for compat in [Compat::Rfc3986, Compat::Draft2003, Compat::Draft1997] {
            match b.resolve_with(&rr, compat) {
                Ok(t) => {
                    let back = parse_iri(t.as_str());
                    prop_assert!(back.is_ok(), "{:?} + {:?} ({:?}) = {:?}", base, r, compat, t.as_str());
                    let back = back.unwrap();
                    prop_assert_eq!(back.to_string(), t.as_str());
                    prop_assert!(back.is_absolute());
                    prop_assert_eq!(back.fragment(), rr.fragment());
                }
                Err(uri::ResolveError::BaseNotAbsolute) => prop_assert!(b.is_relative()),
                Err(e) => prop_assert!(
                    compat == Compat::Draft1997 && b.authority().is_some() && b.path().is_empty(),
                    "{:?}", e
                ),
            }
        }
    }

    /// Differential: acceptance and every component agree with fluent-uri
    /// on URI references.
    #[test]
    fn c_p1_agrees_with_fluent_uri(s in prop_oneof![ascii_soup(30), token_soup(12)]) {
        let ours = parse(&s);
        let theirs = fluent_uri::UriRef::parse(s.as_str());
        prop_assert_eq!(ours.is_ok(), theirs.is_ok(), "{:?}: ours {:?}", s, ours.err());
        if let (Ok(a), Ok(b)) = (ours, theirs) {
            let b = &b;
            prop_assert_eq!(a.scheme(), b.scheme().map(|x| x.as_str()));
            prop_assert_eq!(a.authority(), b.authority().map(|x| x.as_str()));
            prop_assert_eq!(a.userinfo(), b.authority().and_then(|x| x.userinfo()).map(|x| x.as_str()));
            prop_assert_eq!(a.host(), b.authority().map(|x| x.host()));
            prop_assert_eq!(a.port(), b.authority().and_then(|x| x.port()).map(|x| x.as_str()));
            prop_assert_eq!(a.path(), b.path().as_str());
            prop_assert_eq!(a.query(), b.query().map(|x| x.as_str()));
            prop_assert_eq!(a.fragment(), b.fragment().map(|x| x.as_str()));
        }
    }

    /// Differential on IRI references.
    #[test]
    fn c_p6_agrees_with_fluent_uri_on_iris(s in prop_oneof![soup(30), token_soup(12)]) {
        let ours = parse_iri(&s);
        let theirs = fluent_uri::IriRef::parse(s.as_str());
        prop_assert_eq!(ours.is_ok(), theirs.is_ok(), "{:?}: ours {:?}", s, ours.err());
        if let (Ok(a), Ok(b)) = (ours, theirs) {
            let b = &b;
            prop_assert_eq!(a.path(), b.path().as_str());
            prop_assert_eq!(a.host(), b.authority().map(|x| x.host()));
        }
    }

    #[test]
    fn c_p1_agrees_with_fluent_uri_on_valid_references(s in valid_iri()) {
        prop_assert!(fluent_uri::IriRef::parse(s.as_str()).is_ok(), "{:?}", s);
    }
}

/// The differential tests above are not vacuous: a good share of the
/// generated strings parse, with authorities and IP literals among them.
#[test]
fn differential_inputs_reach_valid_references() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let (mut ok, mut with_authority) = (0, 0);
    for _ in 0..2000 {
        let s = token_soup(12).new_tree(&mut runner).unwrap().current();
        if let Ok(u) = parse(&s) {
            ok += 1;
            with_authority += usize::from(u.authority().is_some());
        }
    }
    assert!(ok > 200, "only {ok} of 2000 parsed");
    assert!(
        with_authority > 20,
        "only {with_authority} with an authority"
    );
}
