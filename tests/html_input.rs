//! HTML as the linkifier's input (`linkify::write_html_document`): the URLs
//! of text nodes linked, nothing else touched (C-S1).

use std::io::Read;
use std::sync::Arc;

use urlx::linkify::{self, html_document, write_html_document, HtmlInput, Options};
use urlx::{Finder, FinderBuilder};

fn linkify(html: &str) -> String {
    html_document(html, &HtmlInput::default()).unwrap()
}

/// The anchor the default options write.
fn a(url: &str, text: &str) -> String {
    format!("<a href=\"{url}\" rel=\"nofollow noopener\">{text}</a>")
}

/// A reader that gives its bytes `n` at a time: the rewriter then gets
/// the document in pieces, and its text nodes in chunks.
struct Trickle<'a>(&'a [u8], usize);

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.0.len().min(self.1).min(buf.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

fn in_pieces(html: &str, n: usize, opts: &HtmlInput) -> String {
    let mut out = Vec::new();
    write_html_document(&mut out, &Finder::new(), Trickle(html.as_bytes(), n), opts).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn c_s1_text_is_linked_and_every_other_byte_kept() {
    let page = "<!DOCTYPE html>\n<html><head><meta charset=utf-8></head>\n<body class=\"x\">\n\
                <p>See http://a.example/x.</p>\n<P ID=q>and <B>www.b.example</B>!</P></body></html>";
    let out = linkify(page);
    assert_eq!(
        out,
        page.replace(
            "http://a.example/x.",
            &(a("http://a.example/x", "http://a.example/x") + ".")
        )
        .replace("www.b.example", &a("http://www.b.example", "www.b.example"))
    );
    // No URL: the same bytes, whatever the markup.
    let plain = "<div a='1'  b=2><!-- x --><br/>&amp; &copy; <span>y</span></div>";
    assert_eq!(linkify(plain), plain);
}

#[test]
fn c_s1_skipped_elements_attributes_and_comments_are_not_linked() {
    let page = "<a href=\"http://x.example/\">http://in-a.example/</a>\
                <pre>http://pre.example/</pre><code>http://code.example/</code>\
                <script>var u = \"http://script.example/\";</script>\
                <style>/* http://style.example/ */</style>\
                <textarea>http://textarea.example/</textarea><title>http://title.example/</title>\
                <img alt=\"http://alt.example/\"><!-- http://comment.example/ -->\
                <svg><![CDATA[http://cdata.example/]]></svg>";
    assert_eq!(linkify(page), page);
    // Text after a skipped element is linked again.
    assert_eq!(
        linkify("<code>http://c.example/</code> http://d.example/"),
        format!(
            "<code>http://c.example/</code> {}",
            a("http://d.example/", "http://d.example/")
        )
    );
    // The skip list is the caller's; `a` is always skipped.
    let opts = HtmlInput {
        skip: vec!["blockquote".into()],
        ..Default::default()
    };
    assert_eq!(
        html_document(
            "<blockquote>http://q.example/</blockquote><pre>http://p.example/</pre>",
            &opts
        )
        .unwrap(),
        format!(
            "<blockquote>http://q.example/</blockquote><pre>{}</pre>",
            a("http://p.example/", "http://p.example/")
        )
    );
}

#[test]
fn c_s1_references_are_decoded_for_the_finder_and_kept_in_the_text() {
    // `&amp;` in a query: the href has the URL (escaped), the text is as
    // written.
    assert_eq!(
        linkify("<p>http://a.example/?x=1&amp;y=2 &amp; more</p>"),
        format!(
            "<p>{} &amp; more</p>",
            a(
                "http://a.example/?x=1&amp;y=2",
                "http://a.example/?x=1&amp;y=2"
            )
        )
    );
    // A scheme written with references is found; its text stays as written.
    assert_eq!(
        linkify("http&#58;//b.example/"),
        a("http://b.example/", "http&#58;//b.example/")
    );
    // `&lt;...&gt;` is a wrapper the reader sees: not part of the URL.
    assert_eq!(
        linkify("&lt;http://c.example/a&gt;"),
        format!("&lt;{}&gt;", a("http://c.example/a", "http://c.example/a"))
    );
    // A scheme no option allows, however it is written, stays text.
    for page in [
        "&#106;avascript:alert(1)",
        "javascript:alert(1)",
        "&#x6A;avascript&colon;alert(1)",
        "data:text/html,x",
    ] {
        assert_eq!(linkify(page), page);
    }
}

#[test]
fn c_s1_a_url_is_not_linked_across_an_element_boundary() {
    let out = linkify("<p>http://a.example/<b>more</b> http://b.<i>example</i>/</p>");
    assert!(!out.contains("http://a.example/<b>more"), "{out}");
    assert!(
        out.starts_with(&format!(
            "<p>{}<b>more</b>",
            a("http://a.example/", "http://a.example/")
        )),
        "{out}"
    );
    // Inside an inline element, its own text is linked.
    assert_eq!(
        linkify("<em>http://e.example/</em>"),
        format!("<em>{}</em>", a("http://e.example/", "http://e.example/"))
    );
}

#[test]
fn c_s1_text_split_at_every_byte_gives_the_same_document() {
    let pages = [
        "<p>go to http://a.example/path?q=1&amp;r=2#frag now</p>",
        "<div>x &lt;URL:http://b.example/wrapped\n  /more&gt; y</div><pre>http://no.example/</pre>",
        "&#104;ttp://c.example/ <a href=x>http://no.example/</a> tail http://d.example/",
        "<p>日本語 https://例え.jp/パス です。</p>",
    ];
    for page in pages {
        let whole = linkify(page);
        assert!(whole.contains("<a href="), "{page}");
        for n in 1..8 {
            assert_eq!(
                in_pieces(page, n, &HtmlInput::default()),
                whole,
                "{page} in pieces of {n}"
            );
        }
    }
}

#[test]
fn c_s1_the_render_hook_edits_and_drops_links() {
    let render: linkify::Render = Arc::new(|r, w| {
        if r.link.uri().host() == Some("drop.example") {
            // Dropped: the text alone, as it was written.
            w.write_all(r.text.as_bytes())
        } else {
            write!(
                w,
                "<a href=\"/out?u={}\" class=\"ext\" target=\"_blank\">[{}] {}</a>",
                r.href, r.number, r.text
            )
        }
    });
    let opts = HtmlInput {
        linkify: Options {
            render: Some(render),
            ..Default::default()
        },
        ..Default::default()
    };
    let out = html_document(
        "http://keep.example/?a&amp;b http://drop.example/ http://two.example/",
        &opts,
    )
    .unwrap();
    assert_eq!(
        out,
        "<a href=\"/out?u=http://keep.example/?a&amp;b\" class=\"ext\" target=\"_blank\">[1] http://keep.example/?a&amp;b</a> \
         http://drop.example/ <a href=\"/out?u=http://two.example/\" class=\"ext\" target=\"_blank\">[3] http://two.example/</a>"
    );
}

#[test]
fn c_f5_e_mail_addresses_with_a_finder_that_takes_them() {
    let finder = FinderBuilder::new().email(true).build().unwrap();
    let mut out = Vec::new();
    let page = "<p>write to ann@a.example or see http://x.example/~ann@a.example</p>";
    write_html_document(&mut out, &finder, page.as_bytes(), &HtmlInput::default()).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert_eq!(
        out,
        format!(
            "<p>write to {} or see {}</p>",
            a("mailto:ann@a.example", "ann@a.example"),
            a(
                "http://x.example/~ann@a.example",
                "http://x.example/~ann@a.example"
            )
        )
    );
}

#[test]
fn c_s1_hostile_markup_yields_no_executable_href_and_no_new_markup() {
    for page in [
        // An unclosed `a`: nothing after it is linked.
        "<a href=x>http://a.example/ <p>http://b.example/",
        // `<a` in an attribute value; a text node that holds `</script>`
        // escaped; a comment that looks closed.
        "<p title='<a href=\"http://t.example/\">'>x</p>",
        "<p>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p>",
        "<!-- --!> http://c.example/ -->",
        "<p>http://x.example/\"onmouseover=alert(1)</p>",
    ] {
        let out = linkify(page);
        assert!(!out.to_ascii_lowercase().contains("javascript:"), "{out}");
        assert!(!out.contains("<script"), "{out}");
        assert!(!out.contains("onmouseover=alert(1)\""), "{out}");
    }
    assert_eq!(
        linkify("<a href=x>http://a.example/ <p>http://b.example/"),
        "<a href=x>http://a.example/ <p>http://b.example/"
    );
    // A quote ends the URL; the href is escaped in any case.
    let out = linkify("<p>http://x.example/\"onmouseover=alert(1)</p>");
    assert!(
        out.starts_with(&format!(
            "<p>{}",
            a("http://x.example/", "http://x.example/")
        )),
        "{out}"
    );
}

#[test]
fn c_s1_a_page_the_tokenizer_cannot_read_without_a_tree_is_still_linked() {
    // lol_html's strict mode refuses this (`<title>` in `<select>`).
    let out = linkify("<select><title>http://a.example/</title></select><p>http://b.example/</p>");
    assert!(
        out.ends_with(&format!(
            "<p>{}</p>",
            a("http://b.example/", "http://b.example/")
        )),
        "{out}"
    );
}

#[test]
fn c_s2_a_deceptive_link_carries_its_warning() {
    let out = linkify("<p>http://аррӏе.com/</p>");
    assert!(
        out.contains("urlx-deceptive") && out.contains("urlx-warning"),
        "{out}"
    );
}

#[test]
fn c_s8_a_text_node_past_the_cap_is_copied_unlinked() {
    let opts = HtmlInput {
        max_text_node: 64,
        ..Default::default()
    };
    let long = format!(
        "<p>{} http://a.example/</p><p>http://b.example/</p>",
        "x".repeat(100)
    );
    let out = html_document(&long, &opts).unwrap();
    assert!(
        out.starts_with(&format!("<p>{} http://a.example/</p>", "x".repeat(100))),
        "{out}"
    );
    assert!(
        out.ends_with(&format!(
            "<p>{}</p>",
            a("http://b.example/", "http://b.example/")
        )),
        "{out}"
    );
    // In pieces too: the held chunks come back in order.
    assert_eq!(in_pieces(&long, 3, &opts), out);
}

#[path = "support/html_tokens.rs"]
mod html_tokens;

/// Options whose anchors the oracle knows.
fn marked() -> HtmlInput {
    HtmlInput {
        linkify: Options {
            class: Some(html_tokens::ADDED.into()),
            ..Default::default()
        },
        ..Default::default()
    }
}

#[test]
fn c_s1_the_output_is_the_inputs_tokens_plus_the_anchors_added() {
    let opts = marked();
    let allowed = |s: &str| opts.linkify.allows(s);
    let pages = [
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/html/post.html")).unwrap(),
        "<a href=x>http://a.example/ <p>http://b.example/".into(),
        "<p title='<a href=\"http://t.example/\">'>http://x.example/</p>".into(),
        "<p>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; http://s.example/</p>".into(),
        "<!-- --!> http://c.example/ --> http://d.example/".into(),
        "<p>http://x.example/\"onmouseover=alert(1) &#106;avascript:alert(1) http://аррӏе.com/</p>".into(),
        "<table><tr><td>http://t.example/<td>www.u.example</table><select><option>http://o.example/".into(),
        "<svg><title>http://svg.example/</title><text>http://svgtext.example/</text></svg>".into(),
        "<p>unclosed http://e.example/ &amp <b>http://f.example/".into(),
    ];
    for page in pages {
        let out = html_document(&page, &opts).unwrap();
        if let Err(e) = html_tokens::check(page.as_bytes(), out.as_bytes(), allowed) {
            panic!("{e}\ninput:  {page}\noutput: {out}");
        }
        // Nothing after an `a` the page leaves open is linked.
        let unclosed_a = page.starts_with("<a href=x>");
        assert_eq!(
            out.contains(html_tokens::ADDED),
            !unclosed_a,
            "{page}\n{out}"
        );
    }
    // The oracle fails what it must: markup added, a token changed.
    let page = "<p>http://a.example/</p>";
    let out = html_document(page, &opts).unwrap();
    assert!(html_tokens::check(
        page.as_bytes(),
        out.replace("</p>", "<i></i></p>").as_bytes(),
        allowed
    )
    .is_err());
    assert!(html_tokens::check(
        page.as_bytes(),
        out.replace("<p>", "<p class=x>").as_bytes(),
        allowed
    )
    .is_err());
    let js = out.replace("href=\"http://a.example/\"", "href=\"javascript:x\"");
    assert!(html_tokens::check(page.as_bytes(), js.as_bytes(), allowed).is_err());
}
