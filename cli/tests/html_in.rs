//! `--in html`: an HTML document written back with the URLs of its text
//! linked and every other byte as it was (C-S1); the options that cannot
//! apply refused, named.

mod common;
use common::{urlx, urlx_stdin};

const POST: &str = "tests/data/html/post.html";

fn out(o: &std::process::Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn a(url: &str, text: &str) -> String {
    format!("<a href=\"{url}\" rel=\"nofollow noopener\">{text}</a>")
}

#[test]
fn c_s1_the_document_comes_back_with_its_texts_urls_linked() {
    let page = std::fs::read_to_string(common::repo_file(POST)).unwrap();
    let o = urlx(&["--in", "html", POST]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let want = page
        .replace(
            "at ftp://ds.internic.net/rfc/ and",
            &format!(
                "at {} and",
                a("ftp://ds.internic.net/rfc/", "ftp://ds.internic.net/rfc/")
            ),
        )
        .replace(
            "http://mirror.example/path?a=1&amp;b=2.",
            &(a(
                "http://mirror.example/path?a=1&amp;b=2",
                "http://mirror.example/path?a=1&amp;b=2",
            ) + "."),
        )
        .replace(
            "&lt;http://angle.example/x&gt;",
            &format!(
                "&lt;{}&gt;",
                a("http://angle.example/x", "http://angle.example/x")
            ),
        )
        .replace(
            "www.abbrev.example.",
            &(a("http://www.abbrev.example", "www.abbrev.example") + "."),
        );
    assert_eq!(out(&o), want);
}

#[test]
fn c_f5_addresses_with_email_and_the_filters_choose_the_links() {
    let o = urlx(&["--in", "html", "--email", "--scheme", "mailto,ftp", POST]);
    let s = out(&o);
    assert!(
        s.contains(&a("mailto:ann@example.org", "ann@example.org")),
        "{s}"
    );
    assert!(
        s.contains(&a(
            "ftp://ds.internic.net/rfc/",
            "ftp://ds.internic.net/rfc/"
        )),
        "{s}"
    );
    assert!(!s.contains("href=\"http://mirror.example"), "{s}");
    // --skip-tags replaces the default list: <pre> is linked, <p> not.
    let s = out(&urlx(&["--in", "html", "--skip-tags", "p,title", POST]));
    assert!(
        s.contains(&format!(
            "curl {}",
            a("http://pre.example/", "http://pre.example/")
        )),
        "{s}"
    );
    assert!(!s.contains("href=\"http://mirror.example"), "{s}");
}

#[test]
fn standard_input_and_exit_statuses() {
    let o = urlx_stdin(&["--in", "html"], b"<i>http://a.example/</i>");
    assert_eq!(
        out(&o),
        format!("<i>{}</i>", a("http://a.example/", "http://a.example/"))
    );
    assert_eq!(o.status.code(), Some(0));
    let o = urlx_stdin(&["--in", "html"], b"<i>no links</i>");
    assert_eq!(
        (out(&o).as_str(), o.status.code()),
        ("<i>no links</i>", Some(1))
    );
    let o = urlx(&["--in", "html", "no/such.html"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no/such.html"));
}

#[test]
fn options_that_cannot_apply_are_refused() {
    for (args, why) in [
        (
            &["--in", "html", "--json"][..],
            "--json does not apply: --in html writes the text back",
        ),
        (
            &["--in", "html", "--html"][..],
            "--html does not apply with --in html",
        ),
        (
            &["--in", "html", "--mail"][..],
            "--mail does not apply with --in html: an HTML document is not mail",
        ),
        (&["--in", "html", "-c"][..], "-c does not apply"),
        (
            &["--skip-tags", "pre"][..],
            "--skip-tags applies only with --in html",
        ),
    ] {
        let mut all = args.to_vec();
        all.push(POST);
        let o = urlx(&all);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(why), "{args:?}: {err}");
        assert!(o.stdout.is_empty());
    }
}
