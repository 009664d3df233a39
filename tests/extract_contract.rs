//! The extractor's contract rules (CONTRACT.md C-F, C-W, C-O, C-S3) that a
//! case of `tests/data/contract/` cannot hold: builder errors,
//! whether a URL is borrowed or owned, a wrapper past its byte cap, the
//! parsed parts of a link, and an iterator cloned midway. Every input with
//! its expected links is a case there, run through every entry by
//! `tests/contract_cases.rs`.

use std::borrow::Cow;
use urlx::{find, Finder, FinderBuilder, Form};

/// C-F2: a scheme of the bare list is a scheme by RFC 3986's grammar.
#[test]
fn c_f2_a_bare_scheme_that_is_no_scheme_is_refused() {
    assert!(FinderBuilder::new().bare_schemes(["9x"]).build().is_err());
}

/// C-W1: the URL leaves the line break out, so it is owned, not borrowed.
#[test]
fn c_w1_a_url_joined_across_lines_is_owned() {
    let t = "x <http://a.example/long/\n   path> y";
    let l = find(t).next().unwrap();
    assert_eq!(&t[l.span()], "http://a.example/long/\n   path");
    assert!(matches!(l.into_url(), Cow::Owned(_)));
}

/// C-W5: a wrapper of more than 2 KiB is no wrapper; the URL is bare.
#[test]
fn c_w5_a_wrapper_past_its_byte_cap_is_bare() {
    let t = format!("<http://a.example/{}>", "a".repeat(2100));
    assert_eq!(find(&t).next().unwrap().form(), Form::Bare);
}

#[test]
fn c_o1_position_form_alt_and_parse() {
    let t = "line one\n  see <URL:http://Joe@a.example:8080/p?q#f>.\n";
    let l = find(t).next().unwrap();
    assert_eq!((l.line(), l.column()), (2, 12));
    assert_eq!((l.start(), l.end()), (20, 51));
    assert_eq!(l.form(), Form::UrlPrefix);
    assert_eq!(l.alt(), None);
    let u = l.uri();
    assert_eq!(
        (
            u.scheme(),
            u.userinfo(),
            u.host(),
            u.port(),
            u.path(),
            u.query(),
            u.fragment()
        ),
        (
            Some("http"),
            Some("Joe"),
            Some("a.example"),
            Some("8080"),
            "/p",
            Some("q"),
            Some("f")
        )
    );
    assert!(!l.is_truncated());
    // Borrowed when nothing was removed.
    assert!(matches!(l.into_url(), Cow::Borrowed(_)));
}

/// C-O1 (links in order, with their lines): `Links` finds links a batch
/// ahead; every link comes once, in order, with its line and column, and a
/// clone taken inside a batch goes on as the original does.
#[test]
fn c_o1_links_found_ahead_come_in_order_with_their_places() {
    let text: String = (0..20)
        .map(|k| {
            format!(
                "{}line {k}: http://a{k}.example/x and <http://b{k}.example/>\n",
                " ".repeat(k % 3)
            )
        })
        .collect();
    let mut it = find(&text);
    let first: Vec<_> = it
        .by_ref()
        .take(11)
        .map(|l| l.as_str().to_owned())
        .collect();
    let rest_of_clone: Vec<_> = it
        .clone()
        .map(|l| (l.as_str().to_owned(), l.line(), l.column()))
        .collect();
    let rest: Vec<_> = it
        .map(|l| (l.as_str().to_owned(), l.line(), l.column()))
        .collect();
    assert_eq!(rest, rest_of_clone);
    assert_eq!(first.len() + rest.len(), 40);
    assert_eq!(first[10], "http://a5.example/x");
    // Link 12 is the second of line 6 (k = 5): two spaces, `line 5: `,
    // the first URL, ` and <`.
    assert_eq!(
        rest[0],
        ("http://b5.example/".to_owned(), 6, 2 + 8 + 19 + 6 + 1)
    );
    let streamed: Vec<_> = Finder::new()
        .stream(text.as_bytes())
        .map(|l| {
            l.map(|l| (l.as_str().to_owned(), l.line(), l.column()))
                .unwrap()
        })
        .collect();
    assert_eq!(streamed[11..], rest[..]);
}
