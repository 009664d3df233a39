//! Resolution on any pair of references: no panic, and in every mode the
//! result parses back to itself and keeps the reference's fragment.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urlx::uri::{self, Compat};

fuzz_target!(|data: &[u8]| {
    let Ok(s) = std::str::from_utf8(data) else { return };
    let (base, r) = s.split_once('\n').unwrap_or((s, ""));
    let (Ok(b), Ok(rr)) = (uri::parse_iri(base), uri::parse_iri(r)) else { return };
    for compat in [Compat::Rfc3986, Compat::Draft2003, Compat::Draft1997] {
        if let Ok(t) = b.resolve_with(&rr, compat) {
            let back = uri::parse_iri(t.as_str()).expect("resolution result parses");
            assert_eq!(back.to_string(), t.as_str());
            assert!(back.is_absolute());
            assert_eq!(back.fragment(), rr.fragment());
        }
    }
});
