//! The edges of the extraction rules that other projects' test suites and
//! real list mail exercise, one test per rule (CONTRACT C-F2 to C-F9,
//! C-P3, C-S6, C-W6, C-W7), each over the class of inputs the rule covers.

use urlx::{find, Finder, FinderBuilder, Form};
mod common;
use common::{expect, urls};

#[track_caller]
fn urls_with(f: &Finder, text: &str) -> Vec<String> {
    f.links(text).map(|l| l.as_str().to_owned()).collect()
}

fn email() -> Finder {
    FinderBuilder::new().email(true).build().unwrap()
}

/// C-F8: ZWNJ and ZWJ are neither whitespace nor punctuation: words of
/// Persian (ZWNJ), Malayalam and Sinhala (ZWJ) and emoji sequences hold
/// them, and a URL goes on through them, as through emoji tag sequences.
#[test]
fn c_f8_joiners_are_url_text() {
    for url in [
        "https://fa.wikipedia.org/wiki/\u{645}\u{6cc}\u{200c}\u{62e}\u{648}\u{627}\u{647}\u{645}",
        "https://ml.example/\u{d28}\u{d4d}\u{200d}\u{d31}",
        "https://si.example/\u{dc1}\u{dca}\u{200d}\u{dbb}\u{dd3}",
        "https://emoji.example/\u{1f468}\u{200d}\u{1f469}\u{200d}\u{1f467}",
        "https://flag.example/\u{1f3f4}\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}",
    ] {
        expect(&format!("see {url} now"), &[url]);
    }
}

/// C-F8: Unicode's link detection standard (UTS #58, `Link_Term`) decides
/// the characters beyond ASCII: Include goes on a URL (letters, symbols,
/// most punctuation, format characters), Soft (`«` `»` `。` `、` `“`) and
/// Open (`「`) go on before more URL text, Hard (spaces) ends it; the
/// bidirectional controls end it too (the one deviation, C-S5).
#[test]
fn c_f8_symbols_are_url_text_punctuation_ends() {
    for sym in [
        "¢", "£", "¥", "©", "®", "°", "±", "×", "÷", "¬", "´", "€", "→", "™", "♥", "∑", "😀",
    ] {
        let url = format!("http://example.org/{sym}/x");
        expect(&format!("see {url} now"), &[&url]);
    }
    for goes_on in [
        "¡", "§", "¶", "·", "¿", "«", "»", "。", "、", "「", "“", "—", "…", "\u{200b}", "\u{feff}",
        "\u{ad}",
    ] {
        let url = format!("http://example.org/a{goes_on}b");
        expect(&format!("see {url}"), &[&url]);
    }
    for ends in [
        "\u{a0}", "\u{3000}", "\u{2028}", "\u{200e}", "\u{202e}", "\u{2066}",
    ] {
        expect(
            &format!("see http://example.org/a{ends}b"),
            &["http://example.org/a"],
        );
    }
}

/// C-F8, decided by the corpora's absence of counter-examples and by the
/// scripts' use: an en dash between the parts of a compound name or a
/// range is URL text, and C-F7 drops one at the URL's end, as it drops an
/// em dash and an ellipsis there (a deviation: UTS #58 takes them).
#[test]
fn c_f8_an_en_dash_inside_a_url_is_its_own() {
    expect(
        "see https://en.wikipedia.org/wiki/Hatfield–McCoy_feud.",
        &["https://en.wikipedia.org/wiki/Hatfield–McCoy_feud"],
    );
    expect(
        "the 1914–1918 page, http://example.org/1914–1918 now",
        &["http://example.org/1914–1918"],
    );
    expect("see http://example.org/a– b", &["http://example.org/a"]);
    expect("see http://example.org/a–. b", &["http://example.org/a"]);
    expect("see http://example.org/a—b", &["http://example.org/a—b"]);
    expect("see http://example.org/a— b", &["http://example.org/a"]);
    expect("see http://example.org/a… b", &["http://example.org/a"]);
}

/// C-F8: no rule of script changes (UTS #58): text of a script written
/// without spaces right after a bare URL goes on it, as letters of every
/// script do; a wrapper keeps whatever it holds, and a Soft or Hard
/// character between ends it.
#[test]
fn c_f8_text_of_a_script_without_spaces_after_a_url() {
    expect(
        "http://twitter.com/これは日本語です",
        &["http://twitter.com/これは日本語です"],
    );
    expect(
        "詳細はhttp://www.example.co.jp/をご覧ください。",
        &["http://www.example.co.jp/をご覧ください"],
    );
    expect(
        "詳細は http://www.example.co.jp/ 、をご覧ください",
        &["http://www.example.co.jp/"],
    );
    expect("http://例え.jp/パス?q=1 ok", &["http://例え.jp/パス?q=1"]);
    expect(
        "<https://ja.wikipedia.org/wiki/日本語>",
        &["https://ja.wikipedia.org/wiki/日本語"],
    );
    expect(
        "https://ja.wikipedia.org/wiki/フィンセント・ファン・ゴッホ",
        &["https://ja.wikipedia.org/wiki/フィンセント・ファン・ゴッホ"],
    );
    expect("http://foobar.みんな/", &["http://foobar.みんな/"]);
    // Letters of another script right after an ASCII top-level domain make
    // no top-level domain: the sentence goes on there.
    expect(
        "자세한 내용은 http://example.com에서 확인하세요",
        &["http://example.com"],
    );
    expect("访问https://example.cn了解更多", &["https://example.cn"]);
    expect("www.example.com에서 x", &["http://www.example.com"]);
    expect(
        "http://example.jp/資料/一覧.html",
        &["http://example.jp/資料/一覧.html"],
    );
    // An address is the whole domain or nothing: `まで` makes none.
    let f = email();
    assert!(urls_with(&f, "連絡先a@example.comまで").is_empty());
    assert_eq!(
        urls_with(&f, "連絡先 a@example.com。"),
        ["mailto:a@example.com"]
    );
}

/// C-F4: an abbreviated URL's host starts with `www.`; a `www.` with a
/// userinfo is an address (e-mail mode), not a host.
#[test]
fn c_f4_a_www_host_has_no_userinfo() {
    for t in [
        "www.info@skive-hallerne.dk",
        "www.sales@example.org",
        "see www.a.b@c.example.org now",
    ] {
        expect(t, &[]);
    }
    assert_eq!(
        urls_with(&email(), "www.info@skive-hallerne.dk"),
        ["mailto:www.info@skive-hallerne.dk"]
    );
    expect(
        "see www.example.org/a@b now",
        &["http://www.example.org/a@b"],
    );
}

/// C-F7: a URL whose text ends in its host ends at the host's last letter
/// or digit: no DNS name ends in `-`, `_`, `*`, `~`, `=`. In e-mail mode,
/// hyphens after an address's domain are the sentence's.
#[test]
fn c_f7_a_host_ends_at_a_letter_or_digit() {
    for t in [
        "http://example.org- where",
        "*see http://example.com*",
        "http://example.com_",
        "http://example.com~ x",
        "http://example.com= x",
        "http://example.com-_ x",
    ] {
        let u = urls(t);
        assert_eq!(u.len(), 1, "{t}");
        assert!(
            u[0] == "http://example.org" || u[0] == "http://example.com",
            "{t}: {u:?}"
        );
    }
    // A path, port or IP literal keeps its end.
    expect("http://example.com/a_ x", &["http://example.com/a_"]);
    expect("http://[::1] x", &["http://[::1]"]);
    expect("http://example.com:80 x", &["http://example.com:80"]);
    let f = email();
    for t in [
        "a@example.com- or",
        "a@example.com-- or",
        "a@ex-ample.com- or",
    ] {
        let u = urls_with(&f, t);
        assert_eq!(u.len(), 1, "{t}");
        assert!(
            u[0].starts_with("mailto:a@ex") && u[0].ends_with(".com"),
            "{t}: {u:?}"
        );
    }
    assert_eq!(urls_with(&f, "a@b-.org"), Vec::<String>::new());
}

/// C-P3: a candidate whose authority the parser cannot take whole yields
/// nothing, never a host the writer did not write; where the parser cuts a
/// path or query, the longest prefix stands.
#[test]
fn c_p3_no_host_the_writer_did_not_write() {
    for t in [
        "https://user:pass@ex@mple.com/",
        "http://a@b@c.example/",
        "http://a.example:80x/",
        "http://a.example:port/path",
        "http://a.b%zz/",
        "www.a.b%zz x",
        "http://[::1]x/",
    ] {
        expect(t, &[]);
    }
    expect("http://a.example/b%zz", &["http://a.example/b"]);
    // A `]` that closes no `[` of its component ends the URL (C-F7).
    expect("http://a.example/b?c]d", &["http://a.example/b?c"]);
}

/// C-F5, e-mail mode: an address written after a label's colon is one
/// (`E-mail:`); a URL's userinfo is not; `<user@host>` is, message
/// identifiers are not.
#[test]
fn c_f5_addresses_after_a_colon_and_in_angle_brackets() {
    let f = email();
    for (t, want) in [
        ("E-mail:a@example.com", "mailto:a@example.com"),
        ("Mail:joe@b.example.org.", "mailto:joe@b.example.org"),
        ("contact:x.y@z.example", "mailto:x.y@z.example"),
        (
            "Joe Bloggs <joe@example.org> wrote:",
            "mailto:joe@example.org",
        ),
    ] {
        assert_eq!(urls_with(&f, t), [want], "{t}");
    }
    assert_eq!(
        urls_with(&f, "see ftp://user:pass@files.example.org/x"),
        ["ftp://user:pass@files.example.org/x"]
    );
    for t in [
        "Message-ID: <20261123.4711@mail.example.org>",
        "In-Reply-To: <a.b@c.example.org>",
        "x <a@b.example.org",
    ] {
        assert_eq!(urls_with(&f, t), Vec::<String>::new(), "{t}");
    }
}

/// C-F5: an address's domain is whole or nothing: never cut by a letter
/// of another alphabet.
#[test]
fn c_f5_the_whole_domain_or_nothing() {
    let f = email();
    for t in ["a@a.xy\u{3f8}", "a@b.orgé", "a@b.org\u{301}x", "a@b.org¢"] {
        assert_eq!(urls_with(&f, t), Vec::<String>::new(), "{t}");
    }
    for t in ["a@b.org。", "a@b.org, and", "a@b.org»"] {
        assert_eq!(urls_with(&f, t), ["mailto:a@b.org"], "{t}");
    }
}

/// C-F7: a URL written right after `(` or `[` ends at the bracket that
/// closes it, whatever follows; brackets opened inside the URL are its
/// own (Wikipedia).
#[test]
fn c_f7_a_bracket_opened_right_before_a_url_closes_it() {
    expect(
        "(http://one.org/)(http://two.org/)",
        &["http://one.org/", "http://two.org/"],
    );
    expect("(https://10.0.1.217/),type=n3xx", &["https://10.0.1.217/"]);
    expect("[http://x.org/a]b", &["http://x.org/a"]);
    expect(
        "((http://en.wikipedia.org/wiki/Foo_(bar)))x",
        &["http://en.wikipedia.org/wiki/Foo_(bar)"],
    );
    expect("(www.example.com)x", &["http://www.example.com"]);
    expect(
        "[text](https://example.org/a_(b)_c)**",
        &["https://example.org/a_(b)_c"],
    );
    let f = email();
    assert_eq!(
        urls_with(&f, "[a@b.org](mailto:a@b.org)**"),
        ["mailto:a@b.org", "mailto:a@b.org"]
    );
    // Not opened right before it: the closer is the URL's when a URL byte
    // follows it, and trimmed when it ends the URL (as before).
    expect(
        "http://en.wikipedia.org/wiki/Foo_(bar)",
        &["http://en.wikipedia.org/wiki/Foo_(bar)"],
    );
    expect("(see http://a.example/x).", &["http://a.example/x"]);
}

/// C-F7: an emphasis mark (`*`, `_`) that closes one opened before the URL
/// on its line is dropped, as quotes are; one that did not open there is
/// the URL's.
#[test]
fn c_f7_emphasis_closes_what_opened_before_the_url() {
    expect(
        "*see https://x.org/page.html*",
        &["https://x.org/page.html"],
    );
    expect("_see https://x.org/a_ ok", &["https://x.org/a"]);
    expect("**bold http://x.org/a/b**", &["http://x.org/a/b"]);
    expect(
        "*see https://x.org/page.html*.",
        &["https://x.org/page.html"],
    );
    expect("snake_case http://x.org/a_", &["http://x.org/a_"]);
    expect("*a* http://x.org/b*", &["http://x.org/b*"]);
    expect(
        "see https://docs.python.org/3/reference/datamodel.html#object.__init__",
        &["https://docs.python.org/3/reference/datamodel.html#object.__init__"],
    );
}

/// C-F2 (RFC 8089): `file:///`, an empty host and the path `/`, is a URL.
#[test]
fn c_f2_file_with_the_root_path() {
    expect("file:/// x", &["file:///"]);
    expect("<file:///>", &["file:///"]);
    expect("see file:///.", &["file:///"]);
    expect("file:// x", &[]);
}

/// C-S6: a `mailto:` URL's addresses are addr-specs (one `@`, a domain);
/// a wrapper whose whitespace removal would build anything else is read
/// as bare text (C-W5).
#[test]
fn c_s6_mailto_addresses_are_addr_specs() {
    expect("< mailto:a@b.org a@b.org >", &["mailto:a@b.org"]);
    assert_eq!(
        urls_with(&email(), "< mailto:a@b.org a@b.org >"),
        ["mailto:a@b.org", "mailto:a@b.org"]
    );
    expect("<mailto:bob at\ngmail.com>", &[]);
    expect("<mailto:a@b@c.org>", &[]);
    expect("<mailto:a@>", &[]);
    expect(
        "<mailto:a@b.org,c@d.example?subject=x>",
        &["mailto:a@b.org,c@d.example?subject=x"],
    );
    expect("<mailto:?to=a@b.org>", &["mailto:?to=a@b.org"]);
    // With slashes too: `//http:` is no address, and the URL after it is
    // found (bare, and in a wrapper that is none).
    expect("x mailto://http://http:// y", &["http://http://"]);
    expect("(mailto://http://a.example/ y", &["http://a.example/"]);
}

/// C-W7: `scheme://` alone at a line's end, its host on the next line (a
/// quoted one's too): nothing but the joined URL can be meant.
#[test]
fn c_w7_a_scheme_alone_at_a_line_end() {
    expect(
        "see https://\nexample.org/path here",
        &["https://example.org/path"],
    );
    expect(
        "> see https://\n> example.org/path here",
        &["https://example.org/path"],
    );
    expect("https:// \n   example.org", &["https://example.org"]);
    let l = find("x https://\nexample.org/p").next().unwrap();
    assert_eq!(l.form(), Form::Bare);
    assert_eq!((l.start(), l.end()), (2, 24));
    // A blank line, a signature, a word that is no host: nothing.
    expect("https://\n\nexample.org", &[]);
    expect("https://\n-- \nsig", &[]);
}

/// A fragment that holds `#` (Matrix and single-page application links)
/// is taken whole, as browsers take it; its normalized and ASCII forms
/// write the inner `#` as `%23`.
#[test]
fn a_fragment_that_holds_a_hash_is_taken_whole() {
    for (t, url) in [
        (
            "https://matrix.to/#/#urlx:example.org",
            "https://matrix.to/#/#urlx:example.org",
        ),
        (
            "<https://chat.example.org/#/room/#ops:example.org>",
            "https://chat.example.org/#/room/#ops:example.org",
        ),
        ("https://a.example/#x#y.", "https://a.example/#x#y"),
    ] {
        expect(t, &[url]);
    }
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

/// C-W6 (an option) joins URL text only: a word with a letter or digit up
/// to whitespace, never a `# comment` or a `====` rule.
#[test]
fn c_w6_joins_url_text_only() {
    let f = FinderBuilder::new()
        .join_unhyphenated_breaks(true)
        .build()
        .unwrap();
    for t in [
        "see http://a.example/b\n# comment",
        "see http://a.example/b\n====\n",
        "see http://a.example/b\n/ x",
        "see http://a.example/b\n/<x>",
    ] {
        assert_eq!(urls_with(&f, t), ["http://a.example/b"], "{t:?}");
    }
    assert_eq!(
        urls_with(&f, "see http://a.example/b\n/c/d more"),
        ["http://a.example/b/c/d"]
    );
    assert_eq!(
        urls_with(&f, "see http://a.example/b\n#L14 x"),
        ["http://a.example/b#L14"]
    );
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

/// C-F7: brackets pair by `Link_Bracket` within one component (UTS #58):
/// balanced `[ ]` in a path or query are URL text, a closer whose opener
/// is in another component (or nowhere) ends the URL, and a `[` right
/// after the host is a footnote's, not the URL's.
#[test]
fn c_f7_brackets_pair_within_a_component() {
    expect("(http://example.org[1])", &["http://example.org"]);
    expect(
        "https://api.example.com/articles?page[number]=2&filter[x]=1",
        &["https://api.example.com/articles?page[number]=2&filter[x]=1"],
    );
    expect("http://example.com/?q[]=1", &["http://example.com/?q[]=1"]);
    expect("<http://example.com/[abc]>", &["http://example.com/[abc]"]);
    expect(
        "http://example.com/a(b)/c) x",
        &["http://example.com/a(b)/c"],
    );
    expect(
        "http://example.com/（注） x",
        &["http://example.com/（注）"],
    );
    expect("「http://example.com/a」 x", &["http://example.com/a"]);
    expect("http://example.com/a]b/c x", &["http://example.com/a"]);
    expect("http://example.com/a?x]=1 y", &["http://example.com/a?x"]);
}

/// C-F7: an HTML character reference at the end of a bare URL is text
/// escaped for HTML: dropped whole, never cut to `&gt`.
#[test]
fn c_f7_a_trailing_character_reference_is_dropped_whole() {
    for t in [
        "See &lt;http://example.com/x&gt; now",
        "a http://example.com/x&#62; b",
        "a &quot;http://example.com/x&quot; b",
    ] {
        expect(t, &["http://example.com/x"]);
    }
    expect(
        "http://example.com/?a=1&amp;b=2 x",
        &["http://example.com/?a=1&amp;b=2"],
    );
}

/// C-F8: `Link_Term` decides: a Hard character ends the URL though it is a
/// symbol (`｜` U+FF5C), an Include one goes on though it is punctuation
/// (Tibetan `་`).
#[test]
fn c_f8_link_term_hard_ends_include_goes_on() {
    expect("｜http://google.com｜bar", &["http://google.com"]);
    expect("http://bo.example/བོད་ཡིག now", &["http://bo.example/བོད་ཡིག"]);
    // U+FFFD (bytes of another charset, replaced) goes on a URL but no
    // host holds it: the host ends before it, unless an `@` after it makes
    // it a userinfo's, which none holds either (C-P3).
    expect(
        "\u{fffd}http://www.e-dowell.com\u{fffd}\u{fffd} y",
        &["http://www.e-dowell.com"],
    );
    expect("see http://a\u{fffd}@b.example/x now", &[]);
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

/// C-F2: a bare `scheme://` is a URL when the scheme is in IANA's URI
/// scheme registry (permanent or provisional), or one the finder knows
/// (`git+https`); not an unregistered one (`D://J`, from old news posts),
/// and no scheme without `//` beyond the explicit list.
#[test]
fn c_f2_registered_schemes_are_found_bare_with_slashes() {
    for url in [
        "wss://chat.example.org/socket",
        "ws://example.org:8080/",
        "coap://[2001:db8::1]/sensors/temp",
        "coaps://example.net/.well-known/core",
        "rsync://mirror.example.org/pub/",
        "imap://user@imap.example.org/INBOX",
        "msrp://atlanta.example.com:7654/jshA7weztas;tcp",
        "rtsps://media.example.com/live",
        "rtspu://media.example.com/live",
        "git+https://github.com/a/b.git",
        "git+ssh://git@example.org/repo.git",
        "svn+ssh://svn.example.org/repo",
        "WSS://Example.org/",
    ] {
        expect(&format!("see {url} now"), &[url]);
    }
    for t in [
        "D://J",
        "E://J+Z!7,P?T$4",
        "foo://bar.example/",
        "call tel:+1-816-555-1212",
        "data:text/plain,hi",
        "coap:example",
    ] {
        expect(t, &[]);
    }
    // Inside a wrapper any scheme with `//` counts, as before.
    expect("<foo://bar.example/>", &["foo://bar.example/"]);
    // Off, or a list of the caller's own: only the listed schemes.
    for f in [
        FinderBuilder::new()
            .registered_schemes(false)
            .build()
            .unwrap(),
        FinderBuilder::new().bare_schemes(["http"]).build().unwrap(),
    ] {
        assert!(urls_with(&f, "wss://chat.example.org/socket").is_empty());
        assert_eq!(urls_with(&f, "http://a.example/"), ["http://a.example/"]);
    }
}
