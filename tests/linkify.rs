//! The linkifier (CONTRACT C-S1 to C-S3): every HTML-special byte
//! escaped in text and in attributes, script schemes never linked, a
//! wrapped URL one link whose text keeps its line breaks, deceptive links
//! flagged, OSC 8 for terminals with the text's own escape sequences shown
//! (C-S5).

#[path = "common/terminal.rs"]
mod terminal;

use terminal::{own_sequences, HOSTILE};
use urlx::linkify::{html, write_osc8, Options};

fn h(text: &str) -> String {
    html(text, &Options::default())
}

/// The hrefs of the anchors in `out`, in order.
fn hrefs(out: &str) -> Vec<String> {
    out.split("<a href=\"")
        .skip(1)
        .map(|s| s[..s.find('"').unwrap()].to_owned())
        .collect()
}

#[test]
fn c_s1_special_bytes_escaped_in_text_and_attributes() {
    let out = h("a<b>c&d\"e'f http://a.example/?q='x'&y=1&z=\"q\" <i>");
    assert_eq!(
        out,
        "a&lt;b&gt;c&amp;d&quot;e&#39;f <a href=\"http://a.example/?q=&#39;x&#39;&amp;y=1&amp;z=\" rel=\"nofollow noopener\">http://a.example/?q=&#39;x&#39;&amp;y=1&amp;z=</a>&quot;q&quot; &lt;i&gt;"
    );
    // No raw `<`, `"` or `'` from the input anywhere but our own markup.
    let stripped = out
        .replace("<a href=\"", "")
        .replace("\" rel=\"nofollow noopener\">", "")
        .replace("</a>", "");
    assert!(
        !stripped.contains('<') && !stripped.contains('"') && !stripped.contains('\''),
        "{stripped}"
    );
    // Controls and invalid UTF-8 never reach the page.
    let mut v = Vec::new();
    urlx::linkify::write_html(
        &mut v,
        &urlx::Finder::new(),
        b"\x00\x1b[31m\xff http://a.example/",
        &Options::default(),
    )
    .unwrap();
    let s = String::from_utf8(v).unwrap();
    assert!(!s.contains('\x00') && !s.contains('\x1b'));
}

#[test]
fn c_s1_script_schemes_never_become_links() {
    for t in [
        "<URL:javascript:alert(1)>",
        "<URL:JaVaScRiPt:alert(1)>",
        "<URL:java script:alert(1)>",
        "<URL:java\n script:alert(1)>",
        "<URL:vbscript:msgbox(1)>",
        "<URL:data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==>",
        "<URL:DATA:text/html,<script>alert(1)</script>>",
        "javascript:alert(1) \"javascript:alert(1)\" <javascript:alert(1)>",
        "<a href=\"javascript&#58;alert(1)\">x</a>",
        "<URL:file:///etc/passwd>",
    ] {
        let out = h(t);
        assert!(hrefs(&out).is_empty(), "{t:?} gave {out}");
        assert!(
            !out.to_ascii_lowercase().contains("href=\"javascript"),
            "{out}"
        );
    }
    // Even when the caller asks for them.
    let mut opts = Options::default();
    opts.schemes.extend([
        "javascript".into(),
        "data".into(),
        "vbscript".into(),
        "file".into(),
    ]);
    let out = html("<URL:javascript:alert(1)> <URL:file:///etc/motd>", &opts);
    assert_eq!(hrefs(&out), ["file:///etc/motd"]);
}

#[test]
fn c_w1_wrapped_url_is_one_anchor_a_line_to_the_whole_url() {
    let out = h("see <URL:ftp://ds.in\n   ternic.net/rfc> now");
    let a = "<a href=\"ftp://ds.internic.net/rfc\" rel=\"nofollow noopener\">";
    assert_eq!(
        out,
        format!("see &lt;URL:{a}ftp://ds.in</a>\n   {a}ternic.net/rfc</a>&gt; now")
    );
    let out = h("http://www.example-\ncorp.com/x");
    assert_eq!(hrefs(&out), ["http://www.example-corp.com/x"; 2]);
    assert!(out.contains(">http://www.example-</a>\n<a "), "{out}");
    // Quoted: the quote prefix of the continuation is outside every anchor
    // (a client's blockquote per line can hold each).
    let out = h("> see <http://q.example/a/\n> b/c>\n");
    let a = "<a href=\"http://q.example/a/b/c\" rel=\"nofollow noopener\">";
    assert_eq!(
        out,
        format!("&gt; see &lt;{a}http://q.example/a/</a>\n&gt; {a}b/c</a>&gt;\n")
    );
    for anchor in out.split("<a ").skip(1) {
        let inner = &anchor[anchor.find('>').unwrap()..anchor.find("</a>").unwrap()];
        assert!(
            !inner[1..].contains("&gt;") && !inner.contains('\n'),
            "{out}"
        );
    }
    // Abbreviated: the href has the scheme, the text is as written.
    let out = h("www.example.com/a");
    assert_eq!(
        out,
        "<a href=\"http://www.example.com/a\" rel=\"nofollow noopener\">www.example.com/a</a>"
    );
}

#[test]
fn c_s2_deceptive_links_flagged() {
    let out = h("http://www.bank.example@10.0.0.1/ and http://0x7f.1/ and http://p\u{430}ypal.example/ and http://ok.example/");
    assert_eq!(out.matches("class=\"urlx-deceptive\"").count(), 3, "{out}");
    assert!(out.contains("title=\"goes to 10.0.0.1 (the part before @ is not the host)\""));
    assert!(!out.contains("http://ok.example/\" title"));
    // Visible, not colour or a tooltip alone: a warning after each
    // deceptive link, in words, with the host a lookalike hides.
    assert_eq!(
        out.matches("<span class=\"urlx-warning\" role=\"note\">")
            .count(),
        3,
        "{out}"
    );
    assert!(out.contains("http://www.bank.example@10.0.0.1/</a><span class=\"urlx-warning\" role=\"note\"> \u{26a0} goes to 10.0.0.1 (the part before @ is not the host)</span>"), "{out}");
    assert!(
        out.contains("\u{26a0} goes to the numeric address 0x7f.1</span>"),
        "{out}"
    );
    assert!(
        out.contains(
            "\u{26a0} host p\u{430}ypal.example mixes scripts: it is xn--pypal-4ve.example</span>"
        ),
        "{out}"
    );
    // In a terminal: after the link's text.
    let mut t = Vec::new();
    urlx::linkify::write_osc8(
        &mut t,
        &urlx::Finder::new(),
        b"see http://0x7f.1/ now",
        &Default::default(),
    )
    .unwrap();
    let t = String::from_utf8(t).unwrap();
    assert!(
        t.ends_with(
            "http://0x7f.1/\x1b]8;;\x1b\\ [\u{26a0} goes to the numeric address 0x7f.1] now"
        ),
        "{t:?}"
    );
}

/// C-S2: a render callback gets the verdict and writes its own warning;
/// none is added after what it writes.
#[test]
fn c_s2_a_render_callback_writes_its_own_warning() {
    use std::sync::Arc;
    let opts = urlx::linkify::Options {
        render: Some(Arc::new(|r, w| {
            write!(
                w,
                "[{}|{}]",
                r.text,
                r.deception.map_or("-".to_owned(), |d| d.to_string())
            )
        })),
        ..Default::default()
    };
    let out = urlx::linkify::html("http://0x7f.1/ x", &opts);
    assert_eq!(out, "[http://0x7f.1/|goes to the numeric address 0x7f.1] x");
}

#[test]
fn c_s3_escaped_crlf_never_decoded() {
    let out = h("gopher://g.example/1%0D%0AQUIT");
    assert_eq!(hrefs(&out), ["gopher://g.example/1%0D%0AQUIT"]);
}

#[test]
fn attributes_and_callback() {
    let opts = Options {
        rel: None,
        target: Some("_blank".into()),
        class: Some("u\"x".into()),
        ..Options::default()
    };
    assert_eq!(
        html("http://a.example/", &opts),
        "<a href=\"http://a.example/\" class=\"u&quot;x\" target=\"_blank\">http://a.example/</a>"
    );
    let opts = Options {
        render: Some(std::sync::Arc::new(|r, w| {
            write!(w, "[{}]({}) {}", r.text, r.href, r.link.form())
        })),
        ..Options::default()
    };
    assert_eq!(
        html("<http://a.example/?a&b>", &opts),
        "&lt;[http://a.example/?a&amp;b](http://a.example/?a&amp;b) angle&gt;"
    );
    // The callback gets the number among the links written and the
    // deception verdict; the count is of links written (the refused
    // `javascript:` is neither numbered nor counted).
    let opts = Options {
        render: Some(std::sync::Arc::new(|r, w| {
            let d = r.deception.map_or("-".to_owned(), |d| d.to_string());
            write!(w, "#{} {} ({d})", r.number, r.href)
        })),
        ..Options::default()
    };
    let mut out = Vec::new();
    let text = b"<URL:javascript:alert(1)> http://ok.example/ http://www.bank.example@10.0.0.1/";
    let n = urlx::linkify::write_html(&mut out, &urlx::Finder::new(), text, &opts).unwrap();
    assert_eq!(n, 2);
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "&lt;URL:javascript:alert(1)&gt; #1 http://ok.example/ (-) \
         #2 http://www.bank.example@10.0.0.1/ (goes to 10.0.0.1 (the part before @ is not the host))"
    );
    // Options are Clone and Debug.
    let copy = opts.clone();
    assert!(format!("{copy:?}").contains("render: Some(\"Fn\")"));
}

#[test]
fn osc8_hyperlinks() {
    let mut out = Vec::new();
    write_osc8(
        &mut out,
        &urlx::Finder::new(),
        b"a <URL:http://x.ex\n  ample/> b javascript:x",
        &Options::default(),
    )
    .unwrap();
    // A hyperlink a line, one id: the terminal takes them as one link.
    assert_eq!(
        out,
        b"a <URL:\x1b]8;id=urlx-1;http://x.example/\x1b\\http://x.ex\x1b]8;;\x1b\\\n  \
          \x1b]8;id=urlx-1;http://x.example/\x1b\\ample/\x1b]8;;\x1b\\> b javascript:x"
    );
}

#[test]
fn c_s5_hostile_terminal_text_carries_no_sequence_but_the_links() {
    let finder = urlx::Finder::new();
    let opts = Options::default();
    let mut total = 0;
    for text in HOSTILE {
        let mut out = Vec::new();
        let found = write_osc8(&mut out, &finder, text, &opts).unwrap();
        let linked = finder.links(*text).filter(|l| opts.allows_link(l)).count();
        assert!(found >= linked, "{text:?}");
        assert_eq!(own_sequences(&out), linked, "{text:?}");
        total += linked;
    }
    assert!(total >= 8, "{total}");
    // The forged link's text is shown with its escapes, not obeyed.
    let mut out = Vec::new();
    write_osc8(&mut out, &finder, HOSTILE[0], &opts).unwrap();
    let s = String::from_utf8(out).unwrap();
    assert!(
        s.starts_with("pay at ^[]8;;\x1b]8;id=urlx-1;https://evil.example/"),
        "{s}"
    );
    // An IRI's target is its ASCII form; the text shows it as written.
    let mut out = Vec::new();
    write_osc8(
        &mut out,
        &finder,
        "see http://bücher.example/ö".as_bytes(),
        &opts,
    )
    .unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "see \x1b]8;id=urlx-1;http://xn--bcher-kva.example/%C3%B6\x1b\\http://bücher.example/ö\x1b]8;;\x1b\\"
    );
    // The opt-out writes trusted text as it is.
    let raw = Options {
        raw_controls: true,
        ..Options::default()
    };
    let mut out = Vec::new();
    write_osc8(&mut out, &finder, b"\x1b[1m http://a.example/\x1b[0m", &raw).unwrap();
    assert!(out.starts_with(b"\x1b[1m \x1b]8;id=urlx-1;"), "{out:?}");
}

/// C-S2: with the library's default features, a whole-script lookalike is
/// flagged as the command and the C library flag it (`confusables` is a
/// default feature).
#[test]
#[cfg(feature = "confusables")]
fn c_s2_default_features_flag_whole_script_lookalikes() {
    let u = urlx::parse("http://xn--80ak6aa92e.com/").unwrap();
    assert!(
        matches!(
            urlx::linkify::deception(&u),
            Some(urlx::linkify::Deception::WholeScript { .. })
        ),
        "{:?}",
        urlx::linkify::deception(&u)
    );
}

/// C-S2, C-S7: the body of a message's reading view, for a mail client
/// that shows the header fields itself: no header block; the render
/// callback gets the "text shows another host" verdict of an HTML link
/// (judged by the URL a protection redirect leads to) and owns the
/// output, no warning written after it.
#[test]
fn c_s2_body_writer_gives_the_render_callback_every_verdict() {
    use std::sync::Arc;
    let raw = b"Subject: hi\nContent-Type: text/html\n\n\
<a href=\"https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Flore.kernel.org%2Fx&amp;data=05\">https://lore.kernel.org/x</a>\n\
<a href=\"https://nam12.safelinks.protection.outlook.com/?url=http%3A%2F%2F203.0.113.9%2F&amp;data=05\">www.bank.example</a>\n";
    let reading = urlx::mail::read(raw, 0..raw.len());
    let opts = urlx::linkify::Options {
        render: Some(Arc::new(
            |r: &urlx::linkify::Rendered<'_>, w: &mut dyn std::io::Write| {
                let verdict = r.text_shows.map_or("none".to_owned(), |d| d.to_string());
                write!(w, "[{}: {verdict}]", r.number)
            },
        )),
        ..Default::default()
    };
    let mut out = Vec::new();
    let n =
        urlx::linkify::write_body_html(&mut out, &urlx::Finder::new(), &reading, &opts).unwrap();
    let html = String::from_utf8(out).unwrap();
    assert_eq!(n, 2, "{html}");
    assert!(!html.contains("Subject"), "{html}");
    assert!(html.contains("[1: none]"), "{html}");
    assert!(
        html.contains("[2: the text shows www.bank.example but the link goes to 203.0.113.9]"),
        "{html}"
    );
    assert!(
        !html.contains('\u{26a0}'),
        "no warning after the callback: {html}"
    );
    // Without a callback, the warning follows the link.
    let mut out = Vec::new();
    urlx::linkify::write_body_html(
        &mut out,
        &urlx::Finder::new(),
        &reading,
        &Default::default(),
    )
    .unwrap();
    let html = String::from_utf8(out).unwrap();
    assert_eq!(html.matches('\u{26a0}').count(), 1, "{html}");
}
