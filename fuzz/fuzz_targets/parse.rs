//! The parser on any input: no panic, errors inside the input, the text
//! before an error valid, recomposition exact, parse_prefix valid,
//! normalization idempotent, the ASCII form of an IRI a URI, the RFC 1738
//! check total.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlx::uri::{self, Syntax, Uri};

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else { return };
    for syntax in [Syntax::Uri, Syntax::Iri] {
        match Uri::parse_with(s, syntax) {
            Ok(u) => {
                assert_eq!(u.to_string(), s);
                let n = u.normalize();
                let n2 = uri::parse_iri(n.as_str()).expect("normalized form parses").normalize();
                assert_eq!(n.as_str(), n2.as_str(), "normalize is idempotent for {s:?}");
                let ascii = u.to_ascii();
                assert!(uri::parse(&ascii).is_ok(), "ASCII form {ascii:?} of {s:?} is a URI");
                if let Some(v) = u.rfc1738() {
                    let _ = v.check();
                }
            }
            Err(e) => {
                assert!(e.index() <= s.len() && s.is_char_boundary(e.index()));
                assert!(Uri::parse_with(&s[..e.index()], syntax).is_ok(), "prefix before error of {s:?}");
            }
        }
        if let Some(p) = uri::parse_prefix(s, syntax) {
            assert!(s.starts_with(p.as_str()));
            assert!(uri::parse_absolute(p.as_str(), syntax).is_ok());
        }
    }
});
