//! C-W8: URLs folded by RFC 8792's line wrapping, in `tests/data/rfc8792/`
//! (texts written in the RFC's form: the header, each strategy, folds in a
//! path, a query, a host, inside `"…"` and `<…>`, several in one URL).

use urlx::{Finder, Link};

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/rfc8792/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn urls_alts(text: &str) -> Vec<(String, Option<String>)> {
    Finder::new()
        .links(text)
        .map(|l| (l.as_str().to_owned(), l.alt().map(str::to_owned)))
        .collect()
}

fn joined(urls: &[&str]) -> Vec<(String, Option<String>)> {
    urls.iter().map(|u| (u.to_string(), None)).collect()
}

/// C-W8: in text that declares the single-backslash strategy, a URL is
/// joined across each `\` at a line's end, the continuation's leading
/// spaces removed (RFC 8792 §7.2.2), bare, in quotes and in `<…>`.
#[test]
fn c_w8_single_backslash_folds_are_joined() {
    assert_eq!(
        urls_alts(&data("single.txt")),
        joined(&[
            "https://example.com/rdap/farv1_session/login?farv1_id=user.idp.example",
            "https://server.example.com/token/PRY5NM33OM4TB8N6BW7OZB8CDFONP219RP1L",
            "https://server.example.com/v1/resources/abcdefghijklmnopqrstuvwxyz/children/0123456789/",
            "https://registry.example.net/v2/objects/by-digest/sha256/0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9?expand=all",
            "https://a-very-long-subdomain-name.example.org/x",
        ])
    );
    // CRLF line ends alike.
    let crlf = data("single.txt").replace('\n', "\r\n");
    assert_eq!(urls_alts(&crlf), urls_alts(&data("single.txt")));
}

/// C-W8: the double-backslash strategy joins where the continuation's
/// spaces are followed by `\` (§8.2.2), and nowhere else.
#[test]
fn c_w8_double_backslash_folds_need_the_marker() {
    assert_eq!(
        urls_alts(&data("double.txt")),
        joined(&[
            "https://example.com/api/v1/this/path/is/long/enough/to/be/folded?and=a&query=too",
            "https://example.com/kept/apart/",
            "https://example.org/not/a/fold/",
        ])
    );
}

/// C-W8: where the text does not declare the wrapping, a `\` right after
/// URL text at a line's end with an indented next line gives the joined
/// reading as the alternative only; an unindented one gives none.
#[test]
fn c_w8_undeclared_folds_give_the_alternative() {
    assert_eq!(
        urls_alts(&data("undeclared.txt")),
        [
            (
                "https://example.com/rdap/farv1_session/".to_owned(),
                Some(
                    "https://example.com/rdap/farv1_session/login?farv1_id=user.idp.example"
                        .to_owned()
                ),
            ),
            ("https://example.net/not/indented/".to_owned(), None),
        ]
    );
    // A header further back than a figure's length declares nothing here.
    let far = format!(
        "NOTE: '\\' line wrapping per RFC 8792\n\n{}\n   https://example.com/a/\\\n   b\n",
        "filler line\n".repeat(1000)
    );
    assert_eq!(
        urls_alts(&far),
        [(
            "https://example.com/a/".to_owned(),
            Some("https://example.com/a/b".to_owned())
        )]
    );
}

/// C-W8: the span covers the folded lines, and a stream read a few bytes
/// at a time finds what the whole text gives.
#[test]
fn c_w8_spans_and_streams() {
    // (The header 6,000 bytes before the folds, within its reach; the
    // stream's window moves past each copy.)
    let text = data("single.txt")
        .replacen(
            "RFC 8792 ================\n\n",
            &format!(
                "RFC 8792 ================\n\n{}",
                "   filler line\n".repeat(400)
            ),
            1,
        )
        .repeat(6);
    let f = Finder::new();
    let key = |l: Link<'_>| (l.as_str().to_owned(), l.span(), l.line());
    let want: Vec<_> = f.links(&text).map(key).collect();
    assert_eq!(want.len(), 30);
    let first = &want[0];
    assert_eq!(
        &text[first.1.clone()],
        "https://example.com/rdap/farv1_session/\\\n   login?farv1_id=user.idp.example"
    );
    for chunk in [1, 7, 100, 4096] {
        let got: Vec<_> = f
            .stream(text.as_bytes())
            .chunk_size(chunk)
            .map(|l| key(l.unwrap()))
            .collect();
        assert_eq!(got, want, "chunks of {chunk}");
    }
}

/// C-W8 in HTML: each folded line is a link to the whole URL, as a
/// wrapped URL's lines are.
#[test]
fn c_w8_each_line_links_the_whole_url() {
    let html = urlx::linkify::html(&data("single.txt"), &Default::default());
    let href = "href=\"https://example.com/rdap/farv1_session/login?farv1_id=user.idp.example\"";
    assert_eq!(html.matches(href).count(), 2, "{html}");
    assert!(
        html.contains(">login?farv1_id=user.idp.example</a>"),
        "{html}"
    );
}
