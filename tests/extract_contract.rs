//! The extractor's contract rules (CONTRACT.md C-F, C-W, C-O, C-S3), one
//! test per rule, each with its inputs and expected URLs.

use std::borrow::Cow;
use urlx::{find, Finder, FinderBuilder, Form};
mod common;
use common::{expect, urls};

#[track_caller]
fn urls_with(f: &Finder, text: &str) -> Vec<String> {
    f.links(text).map(|l| l.as_str().to_owned()).collect()
}

#[track_caller]
fn form(text: &str) -> Form {
    find(text)
        .next()
        .unwrap_or_else(|| panic!("no link in {text:?}"))
        .form()
}

#[test]
fn c_f1_four_forms_and_wrappers_outside_the_url() {
    expect("<URL:http://a.example/x>", &["http://a.example/x"]);
    expect("<url:http://a.example/x>", &["http://a.example/x"]);
    expect("< URL: http://a.example/x >", &["http://a.example/x"]);
    expect("<URL:\n   http://a.example/x>", &["http://a.example/x"]);
    expect("<http://a.example/x>", &["http://a.example/x"]);
    expect("\"http://a.example/x\"", &["http://a.example/x"]);
    expect("“http://a.example/x”", &["http://a.example/x"]);
    expect("'http://a.example/x'", &["http://a.example/x"]);
    expect("see http://a.example/x now", &["http://a.example/x"]);
    assert_eq!(form("<URL:http://a.example/x>"), Form::UrlPrefix);
    assert_eq!(form("URL:http://a.example/x"), Form::UrlPrefix);
    assert_eq!(form("<http://a.example/x>"), Form::Angle);
    assert_eq!(form("\"http://a.example/x\""), Form::Quoted);
    assert_eq!(form("http://a.example/x"), Form::Bare);
    // The span leaves the wrapper and the prefix out.
    let t = "<URL: http://a.example/x>";
    let l = find(t).next().unwrap();
    assert_eq!(&t[l.span()], "http://a.example/x");
}

#[test]
fn c_f2_which_schemes_count_where() {
    // Bare: the known schemes only.
    expect(
        "ssh://git.example/r sftp://h.example/f git://h.example/r",
        &[
            "ssh://git.example/r",
            "sftp://h.example/f",
            "git://h.example/r",
        ],
    );
    expect("foo://a.example/x", &[]);
    expect(
        "mailto:joe@a.example xmpp:joe@a.example sip:joe@a.example",
        &[
            "mailto:joe@a.example",
            "xmpp:joe@a.example",
            "sip:joe@a.example",
        ],
    );
    // urn: and tel: only inside wrappers.
    expect("urn:isbn:0451450523", &[]);
    expect("<urn:isbn:0451450523>", &["urn:isbn:0451450523"]);
    expect("Tel: +1 555 0100", &[]);
    expect("tel:+15550100", &[]);
    expect("<tel:+15550100>", &["tel:+15550100"]);
    // <…>: any scheme with //, so XML tags are no URLs.
    expect("<foo://a.example/x>", &["foo://a.example/x"]);
    expect("<xsl:template match=\"/\"> <soap:Body> <dc:title>", &[]);
    expect("<javascript:alert(1)>", &[]);
    // <URL:…>: any absolute URI.
    expect("<URL:foo:bar>", &["foo:bar"]);
    // The list is configurable.
    let f = FinderBuilder::new().bare_schemes(["foo"]).build().unwrap();
    assert_eq!(
        urls_with(&f, "foo://a.example/x http://a.example/"),
        ["foo://a.example/x"]
    );
    assert!(FinderBuilder::new().bare_schemes(["9x"]).build().is_err());
}

#[test]
fn c_f3_word_boundary_and_empty_urls() {
    expect(
        "xhttp://a.example/ 3http://a.example/ a.http://a.example/",
        &[],
    );
    expect("(http://a.example/)", &["http://a.example/"]);
    expect("http:// and news: and mailto: alone", &[]);
    expect("http:///x http://:80/ http:a.example", &[]);
    expect("file:///etc/motd", &["file:///etc/motd"]);
    expect("12:30 Note: re: e.g.: http:", &[]);
}

#[test]
fn c_f4_www_abbreviations() {
    let t = "go to www.example.com/a?b=c, then";
    let l = find(t).next().unwrap();
    assert_eq!(l.as_str(), "http://www.example.com/a?b=c");
    assert_eq!(l.form(), Form::Abbreviated);
    assert_eq!(&t[l.span()], "www.example.com/a?b=c");
    expect("WWW.Example.COM", &["http://WWW.Example.COM"]);
    expect("www.example and www. alone", &[]);
    expect("http://www.example.com/", &["http://www.example.com/"]);
    expect("<www.example.com/x y>", &["http://www.example.com/xy"]);
    expect("joe@www.example.com", &[]);
    let f = FinderBuilder::new().abbreviated(false).build().unwrap();
    assert!(urls_with(&f, "www.example.com").is_empty());
}

#[test]
fn c_f5_email_addresses_and_message_ids() {
    expect("From: Joe <joe@a.example>", &[]);
    expect("Message-ID: <1234.5678@host.a.example>", &[]);
    expect("write to joe@a.example.", &[]);
    let f = FinderBuilder::new().email(true).build().unwrap();
    let v: Vec<_> = f
        .links("write to joe.b+x@mail.a.example. Or <ann@a.example>")
        .collect();
    assert_eq!(v.len(), 2);
    assert_eq!(v[0].as_str(), "mailto:joe.b+x@mail.a.example");
    assert_eq!(v[0].form(), Form::Email);
    // In e-mail mode `<user@host>` is an address, but message identifiers.
    assert_eq!(v[1].as_str(), "mailto:ann@a.example");
    assert_eq!(
        urls_with(
            &f,
            "Message-ID: <1234.5678@host.a.example>\nReferences: <1@a.example> <2@b.example>"
        ),
        Vec::<String>::new()
    );
    assert_eq!(
        urls_with(&f, "a@b x@1.2.3.4 joe@localhost"),
        Vec::<String>::new()
    );
}

#[test]
fn c_f6_relative_references_are_never_extracted() {
    expect(
        "see /path/to/x, ../a/b, ./c, ?q=1, #frag and //host.example/x",
        &[],
    );
}

#[test]
fn c_f7_trailing_punctuation_and_brackets() {
    expect(
        "http://a.example/x. http://a.example/y, http://a.example/z; http://a.example/w!",
        &[
            "http://a.example/x",
            "http://a.example/y",
            "http://a.example/z",
            "http://a.example/w",
        ],
    );
    expect(
        "Is it http://a.example/x? Yes: http://a.example/y...",
        &["http://a.example/x", "http://a.example/y"],
    );
    expect(
        "(see http://en.wikipedia.org/wiki/Foo_(bar))",
        &["http://en.wikipedia.org/wiki/Foo_(bar)"],
    );
    expect("[1] [http://a.example/x]", &["http://a.example/x"]);
    // Plain-text emphasis closes where it opened (a decision beyond C-F7's
    // list: `*` and `_` are URL characters, kept unless they close a mark
    // that opened right before the URL).
    expect(
        "*www.example.com* and _http://a.example/x_ and http://a.example/y_",
        &[
            "http://www.example.com",
            "http://a.example/x",
            "http://a.example/y_",
        ],
    );
    // Inside a wrapper nothing is dropped.
    expect("<http://a.example/x.>", &["http://a.example/x."]);
    expect("\"http://a.example/x,\"", &["http://a.example/x,"]);
}

#[test]
fn c_f8_non_ascii_letters_stay_punctuation_ends() {
    expect("http://example.com/café 見て", &["http://example.com/café"]);
    // UTS #58 (`Link_Term`): `。` is Soft, on the URL before more of its
    // text, dropped at its end; no rule of script changes.
    expect("见 http://例え.jp/パス。次", &["http://例え.jp/パス。次"]);
    expect("见 http://例え.jp/パス。 次", &["http://例え.jp/パス"]);
    expect(
        "http://example.com/をご覧ください",
        &["http://example.com/をご覧ください"],
    );
    expect("http://a.example/x\u{a0}next", &["http://a.example/x"]);
    expect("“http://a.example/x”，他说", &["http://a.example/x"]);
    expect(
        "http://a.example/e\u{301}x",
        &["http://a.example/e\u{301}x"],
    );
    expect("http://a.example/x\u{3000}y", &["http://a.example/x"]);
}

/// Bytes that are not UTF-8 (text in another charset) end a URL, which is
/// then flagged as cut, never given silently shorter; a URL that ends
/// before a readable character or a delimiter is not.
#[test]
fn c_f9_a_url_cut_by_bytes_that_are_not_utf8_is_flagged() {
    for (text, url) in [
        (&b"http://example.fr/caf\xe9 x"[..], "http://example.fr/caf"),
        (b"see http://example.fr/caf\xe9", "http://example.fr/caf"),
        (b"<http://example.fr/\xc3\x28>", "http://example.fr/"),
        (b"http://a.example/x\x80y", "http://a.example/x"),
        (b"http://a.example/x\xe2\x82", "http://a.example/x"),
    ] {
        let links: Vec<_> = urlx::find(text).collect();
        assert_eq!(links.len(), 1, "{text:?}");
        assert_eq!(links[0].as_str(), url, "{text:?}");
        assert!(links[0].is_truncated(), "{text:?}");
    }
    for text in [
        &b"http://a.example/ \xe9"[..],
        b"<http://a.example/>\xe9",
        "http://a.example/café".as_bytes(),
        "(http://a.example/)\u{a0}".as_bytes(),
    ] {
        let l = urlx::find(text).next().unwrap();
        assert!(!l.is_truncated(), "{text:?}");
    }
}

#[test]
fn c_f9_characters_no_url_may_contain() {
    for t in [
        "http://a.example/x<y",
        "http://a.example/x>y",
        "http://a.example/x\"y",
        "http://a.example/x{y",
        "http://a.example/x}y",
        "http://a.example/x|y",
        "http://a.example/x\\y",
        "http://a.example/x^y",
        "http://a.example/x`y",
        "http://a.example/x\x07y",
    ] {
        expect(t, &["http://a.example/x"]);
    }
    expect("http://a.example/~joe", &["http://a.example/~joe"]);
}

#[test]
fn c_w1_line_breaks_inside_wrappers() {
    expect(
        "\"http://a.example/long/\n   path\"",
        &["http://a.example/long/path"],
    );
    expect(
        "<http://a.example/long/\r   path>",
        &["http://a.example/long/path"],
    );
    expect(
        "<http://a.example/long/\r\n   path>",
        &["http://a.example/long/path"],
    );
    // The span covers the break; the URL does not.
    let t = "x <http://a.example/long/\n   path> y";
    let l = find(t).next().unwrap();
    assert_eq!(&t[l.span()], "http://a.example/long/\n   path");
    assert!(matches!(l.into_url(), Cow::Owned(_)));
}

#[test]
fn c_w2_quote_prefixes_on_continuation_lines() {
    expect(
        "> see <http://a.example/long/\n> path/x>",
        &["http://a.example/long/path/x"],
    );
    expect(
        ">> see <http://a.example/long/\n>> path/x>",
        &["http://a.example/long/path/x"],
    );
    expect(
        "> > see <URL:http://a.example/long/\n> >   path/x>",
        &["http://a.example/long/path/x"],
    );
    let l = find("> see http://a.example/long-\n> path now")
        .next()
        .unwrap();
    assert_eq!(l.as_str(), "http://a.example/long-path");
    assert_eq!(l.alt(), Some("http://a.example/longpath"));
}

#[test]
fn c_w3_hyphen_at_line_end_wrapped_and_bare() {
    let l = find("<http://a.example/internet-\n    drafts/x>")
        .next()
        .unwrap();
    assert_eq!(
        (l.as_str(), l.alt()),
        (
            "http://a.example/internet-drafts/x",
            Some("http://a.example/internetdrafts/x")
        )
    );
    let l = find("see http://www.example-\ncorp.com/ now")
        .next()
        .unwrap();
    assert_eq!(
        (l.as_str(), l.alt()),
        (
            "http://www.example-corp.com/",
            Some("http://www.examplecorp.com/")
        )
    );
    // A signature separator or a list dash is no continuation.
    expect("http://a.example/x-\n-- \nJoe", &["http://a.example/x-"]);
    expect("http://a.example/x-\n- item", &["http://a.example/x-"]);
    // No break, no join.
    expect("http://a.example/x-\n\ny", &["http://a.example/x-"]);
}

#[test]
fn c_w4_spaces_inside_angle_brackets() {
    let l = find("<http://a.example/My Documents/x.txt>")
        .next()
        .unwrap();
    assert_eq!(
        (l.as_str(), l.alt()),
        (
            "http://a.example/MyDocuments/x.txt",
            Some("http://a.example/My%20Documents/x.txt")
        )
    );
    // In quotes a space is no part of a URL: the quote is no wrapper.
    expect("\"http://a.example/x y\"", &["http://a.example/x"]);
}

#[test]
fn c_w5_wrapper_caps_and_stray_openers() {
    // Never closed: bare from the URL on, and the text after is not eaten.
    expect(
        "see <http://a.example/x and http://b.example/y",
        &["http://a.example/x", "http://b.example/y"],
    );
    // More than 8 lines.
    let t = format!("<http://a.example/x\n{}>", "y\n".repeat(9));
    expect(&t, &["http://a.example/x"]);
    // Exactly 8 lines joins.
    let t = format!("<http://a.example/x\n{}>", "y\n".repeat(6) + "z");
    expect(&t, &["http://a.example/xyyyyyyz"]);
    // More than 2 KiB.
    let t = format!("<http://a.example/{}>", "a".repeat(2100));
    assert_eq!(find(&t).next().unwrap().form(), Form::Bare);
    // A character no URL may contain.
    expect("<http://a.example/x \"quoted\">", &["http://a.example/x"]);
    // The caps are settable.
    let f = FinderBuilder::new().max_wrapper_lines(1).build().unwrap();
    assert_eq!(
        urls_with(&f, "<http://a.example/x\ny>"),
        ["http://a.example/x"]
    );
}

#[test]
fn c_w6_unhyphenated_bare_breaks_only_as_an_option() {
    let t = "http://a.example/x\n/y?z=1 more";
    expect(t, &["http://a.example/x"]);
    let f = FinderBuilder::new()
        .join_unhyphenated_breaks(true)
        .build()
        .unwrap();
    assert_eq!(urls_with(&f, t), ["http://a.example/x/y?z=1"]);
    assert_eq!(
        urls_with(&f, "http://a.example/x\nmore"),
        ["http://a.example/x"]
    );
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

#[test]
fn c_o2_reported_as_typed() {
    expect(
        "HTTP://Example.COM:80/%7ejoe/./x",
        &["HTTP://Example.COM:80/%7ejoe/./x"],
    );
}

#[test]
fn c_s3_escaped_crlf_never_decoded() {
    expect(
        "gopher://h.example/1%0D%0AQUIT",
        &["gopher://h.example/1%0D%0AQUIT"],
    );
}

#[test]
fn bytes_input_and_invalid_utf8_never_hide_a_url() {
    let text: &[u8] =
        b"\xff\xfe http://a.example/x\xffy <http://b.example/\xc3> \xe9http://c.example/";
    let v: Vec<_> = find(text).map(|l| l.as_str().to_owned()).collect();
    assert_eq!(
        v,
        [
            "http://a.example/x",
            "http://b.example/",
            "http://c.example/"
        ]
    );
}

#[test]
fn max_url_len_cuts_and_flags() {
    let f = FinderBuilder::new().max_url_len(30).build().unwrap();
    let t = format!("http://a.example/{} next", "b".repeat(100));
    let v: Vec<_> = f.links(&t).collect();
    assert_eq!(v.len(), 1);
    assert_eq!(v[0].as_str().len(), 30);
    assert!(v[0].is_truncated());
}

/// C-W3 and C-S4: a bare URL joined after hyphens spans at most as many
/// lines as a wrapper may (C-W5's 8, `max_wrapper_lines`): it is cut at the
/// last line break it may cross, and flagged. (Without the cap every
/// `www.` in a long chain of joined lines read the chain up to the URL
/// cap. urlx's own cap: the contract names caps on wrapper span and URL
/// length.)
#[test]
fn c_w3_c_s4_a_bare_url_joined_across_lines_spans_at_most_the_wrapper_lines() {
    let t: String = (1..=10).map(|i| format!("p{i}-\n")).collect();
    let t = format!("http://a.example/{t}end");
    let whole: String = (1..=10).map(|i| format!("p{i}-")).collect();
    let cut: String = (1..=8).map(|i| format!("p{i}-")).collect();
    let got = |f: &Finder| -> Vec<(String, bool)> {
        f.links(&t)
            .map(|l| (l.as_str().to_owned(), l.is_truncated()))
            .collect()
    };
    assert_eq!(
        got(&Finder::new()),
        [(format!("http://a.example/{cut}"), true)]
    );
    // The alternative reading is of the cut text too (C-W3).
    let cut_alt: String = (1..=8).map(|i| format!("p{i}")).collect();
    assert_eq!(
        find(&t).next().unwrap().alt(),
        Some(format!("http://a.example/{cut_alt}-").as_str())
    );
    let f = FinderBuilder::new().max_wrapper_lines(11).build().unwrap();
    assert_eq!(got(&f), [(format!("http://a.example/{whole}end"), false)]);
    let f = FinderBuilder::new().max_wrapper_lines(1).build().unwrap();
    assert_eq!(got(&f), [("http://a.example/p1-".to_owned(), true)]);
    // Within the span, nothing changes: 8 lines, the last not joined on.
    let t8: String = (1..=7).map(|i| format!("p{i}-\n")).collect();
    let t8 = format!("http://a.example/{t8}end and more");
    let l = find(&t8).next().unwrap();
    let whole8: String = (1..=7).map(|i| format!("p{i}-")).collect();
    assert_eq!(
        (l.as_str(), l.is_truncated()),
        (format!("http://a.example/{whole8}end").as_str(), false)
    );
}

#[test]
fn c_f3_a_host_of_punctuation_names_nothing() {
    expect("https://=\nnext https://[::1]/x", &["https://[::1]/x"]);
}

/// The line cap. Nothing past it is looked for; a URL that reaches
/// it is cut there and flagged.
#[test]
fn max_line_len_bounds_each_line() {
    let f = FinderBuilder::new().max_line_len(30).build().unwrap();
    let t = format!("http://a.example/x\n{} http://b.example/\nxx http://c.example/abcdefghijklmnop\nhttp://d.example/", "z".repeat(40));
    let v: Vec<_> = f
        .links(&t)
        .map(|l| (l.as_str().to_owned(), l.is_truncated()))
        .collect();
    assert_eq!(
        v,
        [
            ("http://a.example/x".to_owned(), false),
            ("http://c.example/abcdefghij".to_owned(), true),
            ("http://d.example/".to_owned(), false),
        ]
    );
    // No cap by default.
    assert_eq!(urls(&t).len(), 4);
}

/// C-S4, C-F8: a refused candidate teaches the later `www.` triggers in its
/// host nothing where the cluster rules moved its end. The first `www.`
/// here loses `)*` to its emphasis mark (C-F7), and then the prepended
/// letter `ൎ` joins the `)` after it, so its end moves back and its host
/// is `…1` (refused); the later ones are trimmed alike (the mark the line
/// opened), and refused by their own text, not by a memo; with a path
/// after the letter, the first is a link.
#[test]
fn c_s4_a_url_after_a_refused_one_is_not_lost() {
    expect("*www.!www.www.1\u{d4e})*<URL:", &[]);
    expect("!www.www.1\u{d4e})*<URL:", &[]);
    expect(
        "*www.!www.www.1\u{d4e}/)*<URL:",
        &["http://www.!www.www.1\u{d4e}/"],
    );
}

/// C-S4: a refused `www.` candidate whose query the URL cap cut (`%4` of
/// `%41`) teaches the later triggers in its host nothing: their cap is
/// later. Before the fix the second `www.www.` here was refused with the
/// first.
#[test]
fn c_s4_a_refusal_decided_at_the_cap_is_not_shared() {
    let f = FinderBuilder::new().max_url_len(24).build().unwrap();
    assert_eq!(
        urls_with(&f, "www.www.a)!www.www.1)?%41"),
        ["http://www.www.1)?%41"]
    );
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
