//! The parser on any input: no panic, errors inside the input, the text
//! before an error valid, recomposition exact, parse_prefix valid,
//! normalization idempotent, the ASCII form of an IRI a URI, the RFC 1738
//! check total; and IRI mode a superset of URI mode: whatever `parse`
//! (and `parse_absolute`, `parse_prefix`) takes in URI mode, the IRI mode
//! takes too, with the same components.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlx::uri::{self, Syntax, Uri};

/// Every component a parse reports.
fn components<'a>(u: &Uri<'a>) -> impl std::fmt::Debug + PartialEq + 'a {
    (
        (
            u.scheme(),
            u.is_absolute(),
            u.authority(),
            u.userinfo(),
            u.host(),
            u.host_kind(),
        ),
        (
            u.ipv4(),
            u.ipv6(),
            u.port(),
            u.path(),
            u.query(),
            u.fragment(),
        ),
    )
}

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else {
        return;
    };
    for syntax in [Syntax::Uri, Syntax::Iri] {
        match Uri::parse_with(s, syntax) {
            Ok(u) => {
                assert_eq!(u.to_string(), s);
                let n = u.normalize();
                let n2 = uri::parse_iri(n.as_str())
                    .expect("normalized form parses")
                    .normalize();
                assert_eq!(n.as_str(), n2.as_str(), "normalize is idempotent for {s:?}");
                let ascii = u.to_ascii();
                assert!(
                    uri::parse(&ascii).is_ok(),
                    "ASCII form {ascii:?} of {s:?} is a URI"
                );
                if let Some(v) = u.rfc1738() {
                    let _ = v.check();
                }
            }
            Err(e) => {
                assert!(e.index() <= s.len() && s.is_char_boundary(e.index()));
                assert!(
                    Uri::parse_with(&s[..e.index()], syntax).is_ok(),
                    "prefix before error of {s:?}"
                );
            }
        }
        if let Some(p) = uri::parse_prefix(s, syntax) {
            assert!(s.starts_with(p.as_str()));
            assert!(uri::parse_absolute(p.as_str(), syntax).is_ok());
        }
    }
    if let Ok(u) = uri::parse(s) {
        let i =
            uri::parse_iri(s).unwrap_or_else(|e| panic!("{s:?} is a URI but not an IRI: {e:?}"));
        assert_eq!(
            components(&u),
            components(&i),
            "URI and IRI components of {s:?}"
        );
    }
    if let Ok(u) = uri::parse_absolute(s, Syntax::Uri) {
        let i = uri::parse_absolute(s, Syntax::Iri)
            .unwrap_or_else(|e| panic!("{s:?} is an absolute URI but not an absolute IRI: {e:?}"));
        assert_eq!(
            components(&u),
            components(&i),
            "absolute URI and IRI components of {s:?}"
        );
    }
    if let Some(p) = uri::parse_prefix(s, Syntax::Uri) {
        let q = uri::parse_prefix(s, Syntax::Iri)
            .unwrap_or_else(|| panic!("{s:?} has a URI prefix but no IRI prefix"));
        assert!(
            q.as_str().len() >= p.as_str().len(),
            "IRI prefix {q:?} shorter than URI prefix {p:?}"
        );
    }
});
