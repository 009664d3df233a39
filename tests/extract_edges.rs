//! The edges of the extraction rules that a case of
//! `tests/data/contract/` cannot hold: a link's parsed parts and
//! normal forms, the alternative reading of URLs re-wrapped in quoted
//! replies (C-W7) and mail mode's join of them, and the `domains` option
//! (a feature: the cases run the default build's finder). Every other
//! input with its expected links is a case there, run through every entry
//! by `tests/contract_cases.rs`.

use urlx::{find, Finder};
#[cfg(feature = "domains")]
use urlx::{FinderBuilder, Form};
#[cfg(feature = "domains")]
mod common;
#[cfg(feature = "domains")]
use common::expect;

#[cfg(feature = "domains")]
#[track_caller]
fn urls_with(f: &Finder, text: &str) -> Vec<String> {
    f.links(text).map(|l| l.as_str().to_owned()).collect()
}

/// A fragment that holds `#` (Matrix and single-page application links)
/// is taken whole, as browsers take it; its normalized and ASCII forms
/// write the inner `#` as `%23`.
#[test]
fn a_fragment_that_holds_a_hash_is_taken_whole() {
    let l = find("https://matrix.to/#/#urlx:example.org")
        .next()
        .unwrap();
    assert_eq!(l.uri().fragment(), Some("/#urlx:example.org"));
    assert_eq!(
        l.uri().normalize().as_str(),
        "https://matrix.to/#/%23urlx:example.org"
    );
    assert_eq!(
        l.uri().to_ascii(),
        "https://matrix.to/#/%23urlx:example.org"
    );
}

/// C-W7: a bare URL a mail client re-wrapped in a quoted reply with no
/// hyphen: the joined reading is the alternative where the evidence is
/// the line's (same prefix, a wrap width, URL text on the next line);
/// `Finder::message_links` joins it where the message writes the joined
/// URL whole elsewhere.
#[test]
fn c_w7_urls_rewrapped_in_quoted_replies() {
    let quoted =
        "> The config is at https://github.com/siemens/jailhouse/blob/master/configs/arm64\n\
                  > /rpi4.c#L14 and more.\n";
    let l = find(quoted).next().unwrap();
    assert_eq!(
        l.as_str(),
        "https://github.com/siemens/jailhouse/blob/master/configs/arm64"
    );
    assert_eq!(
        l.alt(),
        Some("https://github.com/siemens/jailhouse/blob/master/configs/arm64/rpi4.c#L14")
    );
    let kb = "> For the details see the page on https://kb.example.com/Building_\n\
              > and_Installing_the_USRP_Open-Source_Toolchain now.\n";
    assert_eq!(
        find(kb).next().unwrap().alt(),
        Some("https://kb.example.com/Building_and_Installing_the_USRP_Open-Source_Toolchain")
    );
    // No evidence: a short line, prose, a URL of its own, another depth,
    // an unquoted line, a blank between.
    for t in [
        "> https://t.me/example\n> Beyond the taste.\n",
        "> bisection log:  https://syzkaller.example.com/x/bisect.txt?x=12756e1cc80000\n> final oops: x\n",
        "> https://www.example.org/grcon/grcon20/grcon20_RFNoC_4_Part1.pdfxxxx\n> https://b.example/\n",
        "> The config is at https://github.com/siemens/jailhouse/blob/master/configs/arm64\n>> /rpi4.c#L14\n",
        "The config is at https://github.com/siemens/jailhouse/blob/master/configs/arm64x\n/rpi4.c#L14\n",
        "> The config is at https://github.com/siemens/jailhouse/blob/master/configs/arm64\n>\n> /rpi4.c#L14\n",
    ] {
        assert!(find(t).all(|l| l.alt().is_none()), "{t}");
    }
}

/// C-W7 in mail: the message writes the joined URL whole (a `<…>` copy,
/// an HTML part's link), so the re-wrapped one is joined; the URL it
/// replaces is the alternative.
#[test]
fn c_w7_a_message_that_writes_the_url_whole_joins_it() {
    let raw = b"Subject: re\n\n\
        > The config is at https://github.com/siemens/jailhouse/blob/master/configs/arm64\n\
        > /rpi4.c#L14 and more.\n\
        \n\
        Seen at <https://github.com/siemens/jailhouse/blob/master/configs/arm64/rpi4.c#L14?plain=1>.\n";
    let m = Finder::new().message_links(raw, 0..raw.len(), 1);
    let l = &m.links[0].link;
    assert_eq!(
        l.as_str(),
        "https://github.com/siemens/jailhouse/blob/master/configs/arm64/rpi4.c#L14"
    );
    assert_eq!(
        l.alt(),
        Some("https://github.com/siemens/jailhouse/blob/master/configs/arm64")
    );
    assert_eq!(l.line(), 3);
    // The span covers both lines; its segments leave the prefix out.
    let text = &raw[..];
    let parts: Vec<&[u8]> = l.segments(text).into_iter().map(|r| &text[r]).collect();
    assert_eq!(parts.len(), 2);
    assert_eq!(parts[1], b"/rpi4.c#L14");
}

/// Domain names without a scheme, as an option: their last label a
/// top-level domain of the public suffix list; not an address's, a file's
/// name, a version, an IPv4 address, or a longer word's.
#[cfg(feature = "domains")]
#[test]
fn domains_are_an_option() {
    let f = FinderBuilder::new().domains(true).build().unwrap();
    let found: Vec<(String, Form)> = f
        .links("see github.com/foo, docs.rs/urlx or Example.ORG. (crates.io) here.")
        .map(|l| (l.as_str().to_owned(), l.form()))
        .collect();
    assert_eq!(
        found,
        [
            ("http://github.com/foo".to_owned(), Form::Domain),
            ("http://docs.rs/urlx".to_owned(), Form::Domain),
            ("http://Example.ORG".to_owned(), Form::Domain),
            ("http://crates.io".to_owned(), Form::Domain),
        ]
    );
    for t in [
        "setup.py",
        "README.md and main.rs",
        "v1.2.3 or 1.2.3",
        "10.0.0.1",
        "a@b.example.org",
        "node.js, e.g. i.e.",
        "x/example.org y:example.org",
        "end.The",
    ] {
        assert_eq!(urls_with(&f, t), Vec::<String>::new(), "{t}");
    }
    // A file's name with a path after it is a domain's.
    assert_eq!(urls_with(&f, "setup.py/x"), ["http://setup.py/x"]);
    // Off by default, and URLs with a scheme or `www.` are as before.
    expect("see github.com/foo", &[]);
    assert_eq!(
        urls_with(&f, "https://a.example.org/b.example.com www.example.com"),
        [
            "https://a.example.org/b.example.com",
            "http://www.example.com"
        ]
    );
}

/// C-F8 in the options: host labels of every script (UTS 46) with
/// `domains`, the last one a top-level domain in IANA's list; local parts
/// by `Link_Email` with `email`.
#[cfg(feature = "domains")]
#[test]
fn c_f8_non_ascii_domains_and_local_parts() {
    let f = FinderBuilder::new()
        .domains(true)
        .email(true)
        .build()
        .unwrap();
    assert_eq!(
        urls_with(&f, "See FOO.VERMÖGEN.com on"),
        ["http://FOO.VERMÖGEN.com"]
    );
    assert_eq!(
        urls_with(&f, "x 普遍适用测试.我爱你 y"),
        ["http://普遍适用测试.我爱你"]
    );
    assert_eq!(
        urls_with(&f, "mail jöhn@example.com now"),
        ["mailto:jöhn@example.com"]
    );
    assert_eq!(
        urls_with(&f, "x アルベルト.アルベルト@example.com y"),
        ["mailto:アルベルト.アルベルト@example.com"]
    );
    // Not a top-level domain: no link.
    assert!(urls_with(&f, "x 普遍适用测试.我爱你你 y").is_empty());
}
