//! The linkifier (CONTRACT C-S1 to C-S3): every HTML-special byte
//! escaped in text and in attributes, script schemes never linked, a
//! wrapped URL one link whose text keeps its line breaks, deceptive links
//! flagged, OSC 8 for terminals, and the command's --html and --hyperlink.

use std::io::Write;
use std::process::{Command, Stdio};

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
fn c_w1_wrapped_url_is_one_link_with_its_line_breaks() {
    let out = h("see <URL:ftp://ds.in\n   ternic.net/rfc> now");
    assert_eq!(out, "see &lt;URL:<a href=\"ftp://ds.internic.net/rfc\" rel=\"nofollow noopener\">ftp://ds.in\n   ternic.net/rfc</a>&gt; now");
    let out = h("http://www.example-\ncorp.com/x");
    assert_eq!(hrefs(&out), ["http://www.example-corp.com/x"]);
    assert!(out.contains(">http://www.example-\ncorp.com/x</a>"));
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
        render: Some(Box::new(|l, href, text, w| {
            write!(w, "[{text}]({href}) {}", l.form())
        })),
        ..Options::default()
    };
    assert_eq!(
        html("<http://a.example/?a&b>", &opts),
        "&lt;[http://a.example/?a&amp;b](http://a.example/?a&amp;b) angle&gt;"
    );
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
    assert_eq!(out, b"a <URL:\x1b]8;;http://x.example/\x1b\\http://x.ex\n  ample/\x1b]8;;\x1b\\> b javascript:x");
}

fn urlx_cmd(args: &[&str], input: &[u8]) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_urlx"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let o = child.wait_with_output().unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8(o.stdout).unwrap(),
    )
}

#[test]
fn command_html_page_and_hyperlink() {
    let (code, out) = urlx_cmd(&["--html"], b"<b>see http://a.example/</b>\n");
    assert_eq!(code, 0);
    assert_eq!(out, "<pre>&lt;b&gt;see <a href=\"http://a.example/\" rel=\"nofollow noopener\">http://a.example/</a>&lt;/b&gt;\n</pre>\n");
    let (_, out) = urlx_cmd(&["--html-page"], b"x\n");
    assert!(out.starts_with("<!DOCTYPE html>") && out.trim_end().ends_with("</html>"));
    let (code, out) = urlx_cmd(&["--hyperlink"], b"see http://a.example/\n");
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "see \x1b]8;;http://a.example/\x1b\\http://a.example/\x1b]8;;\x1b\\\n"
    );
    let (code, _) = urlx_cmd(&["--hyperlink"], b"nothing\n");
    assert_eq!(code, 1);
}
