//! Link-protection redirects (C-S7) on any text, after each service's
//! prefix or none: no panic; a target, when there is one, is an absolute
//! URL of a linkable scheme that the strict parser takes, shorter than the
//! redirect it came from; a redirect with no target has no layers.
#![no_main]

use libfuzzer_sys::fuzz_target;

const PREFIXES: &[&str] = &[
    "",
    "https://nam12.safelinks.protection.outlook.com/?url=",
    "https://urldefense.proofpoint.com/v1/url?u=",
    "https://urldefense.proofpoint.com/v2/url?u=",
    "https://urldefense.com/v3/__",
    "https://www.google.com/url?q=",
    "https://linkprotect.cudasvc.com/url?a=",
    "https://a.trendmicro.com/wis/clicktime/v1/query?url=",
    "https://clicktime.symantec.com/x?u=",
    "https://eu-central-1.protection.sophos.com/?u=",
    "https://l.facebook.com/l.php?u=",
    "https://slack-redir.net/link?url=",
    "https://protect-eu.mimecast.com/s/",
    "https://t.co/",
];

fuzz_target!(|data: &[u8]| {
    let Some((&k, rest)) = data.split_first() else {
        return;
    };
    let Ok(rest) = std::str::from_utf8(rest) else {
        return;
    };
    let url = format!("{}{rest}", PREFIXES[usize::from(k) % PREFIXES.len()]);
    let Some(r) = urlx::redirect::unwrap(&url) else {
        return;
    };
    match r.target() {
        Some(t) => {
            assert!(r.layers() >= 1);
            assert!(t.len() < url.len(), "{t} from {url}");
            let u = urlx::parse_iri(t).expect("a target parses");
            assert!(u.is_absolute());
            let scheme = u.scheme().unwrap();
            assert!(urlx::LINKABLE.iter().any(|s| s.eq_ignore_ascii_case(scheme)));
        }
        None => assert_eq!(r.layers(), 0),
    }
});
