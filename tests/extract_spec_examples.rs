//! Extraction vectors taken from the examples of the URL specifications,
//! as they appear in the documents of `corpora/seeds/`: RFC 1738 in Chinese
//! translation (`002_*`), draft-ietf-uri-url-03 of March 1994 (`004_*`)
//! and the October 1993 URL Internet-Draft with its URLs stripped
//! (`000_*`); then Appendix E of draft-fielding-url-syntax-05 (1997) and of
//! draft-fielding-uri-rfc2396bis-01 (March 2003). Labels: E = an extraction
//! vector, N = a scheme-like token that is no URL, H = a line break or
//! hyphen inside a wrapper (RFC 1738 Appendix). Where the specifications
//! leave a choice, the test names the CONTRACT rule that makes it.

use urlx::{find, Form};
mod common;
use common::{expect, urls};

const NB: &str = "\u{a0}";

fn nbsp(n: usize) -> String {
    NB.repeat(n)
}

#[track_caller]
fn none(text: &str) {
    assert_eq!(urls(text), Vec::<String>::new(), "in {text:?}");
}

/// The one link in `text`, with its alternative.
#[track_caller]
fn one_with_alt(text: &str) -> (String, Option<String>) {
    let v: Vec<_> = find(text).collect();
    assert_eq!(v.len(), 1, "in {text:?}: {v:?}");
    (v[0].as_str().to_owned(), v[0].alt().map(str::to_owned))
}

// ---- RFC 1738 (Chinese translation): §1, §3, Appendix, references ----

#[test]
fn e01_bare_url_prefix_after_cjk_ends_at_ideographic_full_stop() {
    expect(
        "这个小组的讨论档案存放\n在URL:http://www.acl.lanl.gov/URI/archive/uri-archive.index.html。",
        &["http://www.acl.lanl.gov/URI/archive/uri-archive.index.html"],
    );
    let l = find("在URL:http://a.example/x。").next().unwrap();
    assert_eq!(l.form(), Form::UrlPrefix);
}

#[test]
fn e02_e30_angle_address_without_scheme_is_no_url() {
    none("你可以给编辑或者URI工作小组<\u{a0}uri@bunyip.com>写信.");
    none("Tim Berners-Lee <timbl@info.cern.ch>, or to the URI-WG <uri@bunyip.com>. Discussions");
}

#[test]
fn e03_e11_url_prefix_wrappers() {
    expect(
        "例如:<URL:ftp://@host.com/>的用户名为空并且没有密码,",
        &["ftp://@host.com/"],
    );
    // E04: NBSP and LF between "<" and "URL:" are skipped: RFC 1738
    // Appendix says whitespace in a wrapper is ignored, and the translation
    // puts an NBSP after "<" (C-F1).
    expect(
        "没有密码,<\u{a0}\nURL:ftp://host.com/>没有用户名,",
        &["ftp://host.com/"],
    );
    expect(
        "而<URL:ftp://foo:@host.com/>的用户名是“foo”",
        &["ftp://foo:@host.com/"],
    );
    expect(
        "例如,URL<URL:ftp://myname@host.dom/%2Fetc/motd>被FTP解释为“host.dom”,并以",
        &["ftp://myname@host.dom/%2Fetc/motd"],
    );
    expect(
        "这和<URL:ftp://myname@host.dom/etc/motd>的含义不一样,它先",
        &["ftp://myname@host.dom/etc/motd"],
    );
    expect(
        "另一方面,<URL:ftp://myname@host.dom//etc/motd>将执行一个不带参数",
        &["ftp://myname@host.dom//etc/motd"],
    );
    expect(
        "如果<newsgroup-name>是“*”(例如:<URL:news:*>),那么它表示“所有可用的新闻组”。",
        &["news:*"],
    );
    expect(
        "DISK$USER:[MY.NOTES]NOTE123456.TXT\n的形式如下:\n<URL:file://vms.host.edu/disk$user/my/notes/note12345.txt>\n",
        &["file://vms.host.edu/disk$user/my/notes/note12345.txt"],
    );
    expect(
        "<URL:prospero://host.dom//pros/name>表示<hsoname>为“/pros/name”)。",
        &["prospero://host.dom//pros/name"],
    );
}

#[test]
fn e12_e13_appendix_example_unbroken_and_wrapped() {
    let want = [
        "ftp://info.cern.ch/pub/www/doc;type=d",
        "ftp://ds.internic.net/rfc",
        "http://ds.internic.net/instructions/overview.html#WARNING",
    ];
    expect(
        "是的,Jim,我发现它在<URL:ftp://info.cern.ch/pub/www/doc;type=d>上,但是你可\n能能够从<URL:ftp://ds.internic.net/rfc>那儿获得它。请注意\n<URL:http://ds.internic.net/instructions/overview.html#WARNING>上的警告。",
        &want,
    );
    expect(
        "      Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;\n      type=d> but you can probably pick it up from <URL:ftp://ds.in\n      ternic.net/rfc>.  Note the warning in <URL:http://ds.internic.\n      net/instructions/overview.html#WARNING>.\n",
        &want,
    );
}

#[test]
fn e14_e19_reference_list_with_nbsp() {
    let n7 = nbsp(7);
    expect(
        &format!("{n7}<URL:ftp://ds.internic.net/rfc/rfc1436.txt;type=a>\n"),
        &["ftp://ds.internic.net/rfc/rfc1436.txt;type=a"],
    );
    expect(
        &format!("{n7}<URL:ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol\n{n7}/Gopher+/Gopher+.txt>\n"),
        &["ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt"],
    );
    expect(
        &format!("{n7}<URL:ftp://ds.internic.net/internet-drafts\n{n7}/draft-ietf-uri-irl-fun-req-02.txt>\n"),
        &["ftp://ds.internic.net/internet-drafts/draft-ietf-uri-irl-fun-req-02.txt"],
    );
    expect(
        &format!(
            "{n7}<URL:ftp://prospero.isi.edu/pub/prospero/doc\n{n7}/prospero-protocol.PS.Z>\n"
        ),
        &["ftp://prospero.isi.edu/pub/prospero/doc/prospero-protocol.PS.Z"],
    );
    expect(
        &format!("{n7}<URL:ftp://uu.psi.com/wp/nir.txt>,\u{a0}June\u{a0}1991.\n"),
        &["ftp://uu.psi.com/wp/nir.txt"],
    );
    for u in [
        "ftp://ds.internic.net/rfc/rfc1630.txt",
        "ftp://info.cern.ch/pub/www/doc/http-spec.txt.Z",
        "ftp://ds.internic.net/rfc/rfc1123.txt",
        "ftp://ds.internic.net/rfc/rfc822.txt",
        "ftp://quake.think.com/pub/wais/doc/protspec.txt",
        "ftp://ds.internic.net/rfc/rfc1036.txt",
        "ftp://quake.think.com/pub/wais/doc/doc-ids.txt",
        "ftp://ds.internic.net/rfc/rfc977.txt",
        "ftp://ds.internic.net/rfc/rfc1034.txt",
        "ftp://ds.internic.net/rfc/rfc959.txt",
        "ftp://ds.internic.net/rfc/rfc1737.txt",
        "ftp://ds.internic.net/rfc/rfc1625.txt",
    ] {
        expect(&format!("{n7}<URL:{u}>\n"), &[u]);
    }
}

// ---- draft-ietf-uri-url-03 (March 1994): front matter, Appendix ----

#[test]
fn e31_e33_angle_wrappers() {
    expect(
        "Discussions of the group are archived at\n\n  <http://www.acl.lanl.gov/URI/archive/uri-archive.index.html>\n",
        &["http://www.acl.lanl.gov/URI/archive/uri-archive.index.html"],
    );
    expect(
        "as:\n\n  <http://www.w3.org/hypertext/WWW/Addressing/URL/Overview.html>\n\n.\n",
        &["http://www.w3.org/hypertext/WWW/Addressing/URL/Overview.html"],
    );
    expect(
        "Yes, Jim, I found it under <ftp://ftp.w3.org/pub/www/doc> but\n    you can probably pick it up from <ftp://ds.internic.net/rfc>.\n",
        &["ftp://ftp.w3.org/pub/www/doc", "ftp://ds.internic.net/rfc"],
    );
}

/// E34 with CONTRACT C-W4: spaces inside `<…>` are removed (RFC 1738
/// Appendix: whitespace in a wrapper is ignored), and the `%20` form is the
/// alternative, since the 1993-94 drafts allowed a space in a URL. Never
/// only the text up to the first space.
#[test]
fn e34_spaces_inside_angle_brackets_c_w4() {
    let text = "\"Notes on the Internet Gopher Protocol\" University of Minnesota, December 1991, <ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol> . See also <gopher://gopher.micro.umn.edu/00/Information About Gopher/About Gopher>\n";
    let v: Vec<_> = find(text).collect();
    assert_eq!(v.len(), 2);
    assert_eq!(
        v[0].as_str(),
        "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol"
    );
    assert_eq!(
        v[1].as_str(),
        "gopher://gopher.micro.umn.edu/00/InformationAboutGopher/AboutGopher"
    );
    assert_eq!(
        v[1].alt(),
        Some("gopher://gopher.micro.umn.edu/00/Information%20About%20Gopher/About%20Gopher")
    );
}

#[test]
fn e35_reference_lines() {
    for (line, u) in [
        (
            "…from time to time, <ftp://ftp.w3.org/pub/www/doc/http-spec.txt>",
            "ftp://ftp.w3.org/pub/www/doc/http-spec.txt",
        ),
        (
            "…April 23, 1990 <ftp://quake.think.com/pub/wais/doc/protspec.txt>",
            "ftp://quake.think.com/pub/wais/doc/protspec.txt",
        ),
        (
            "…Electronic Age\", <ftp://quake.think.com/pub/wais/doc/doc-ids.txt>",
            "ftp://quake.think.com/pub/wais/doc/doc-ids.txt",
        ),
        (
            "…February 1986. <ftp://ds.internic.net/rfc/rfc977.txt>",
            "ftp://ds.internic.net/rfc/rfc977.txt",
        ),
        (
            "…November 1991. See <wais://quake.think.com/wais-discussion-archives?lynch>",
            "wais://quake.think.com/wais-discussion-archives?lynch",
        ),
        (
            "…November 1987, <ftp://ds.internic.net/rfc/rfc1034.txt>",
            "ftp://ds.internic.net/rfc/rfc1034.txt",
        ),
        (
            "…See also <ftp://prospero.isi.edu/pub/prospero/oir.ps>",
            "ftp://prospero.isi.edu/pub/prospero/oir.ps",
        ),
        (
            "…October 1985. <ftp://ds.internic.net/rfc/rfc959.txt>",
            "ftp://ds.internic.net/rfc/rfc959.txt",
        ),
        (
            "…Systems International, Inc. <ftp://uu.psi.com/wp/nir.txt>",
            "ftp://uu.psi.com/wp/nir.txt",
        ),
    ] {
        expect(line, &[u]);
    }
}

#[test]
fn e36_e37_gopher_templates_and_gopher_plus_strings() {
    let v = urls("  gopher://host [port]/0a_gopher_selector\n");
    assert_eq!(v, ["gopher://host"]);
    assert!(v.iter().all(|u| !u.contains(" [port]")));
    none("  +%091%0D%0A+-1%0D%0Aask_item1_value%0D%0Aask_item2_value%0D%0A.%0D%0A \n");
}

// ---- the October 1993 URL draft, its URLs stripped ----

#[test]
fn e50_e56_stripped_urls_yield_nothing() {
    none("\u{a0}\u{a0} Tim Berners-Lee <>, or to the URI-WG\n");
    none("Yes, Jim, I found it under <> but\n\nBerners-Lee 19\nRFC XXXX Uniform Resource Locators (URL) October 1993\n\nyou can probably pick it up from <>.\n");
    none("gopher_protocol> . See also\nAbout Gopher/About Gopher>\n");
    none("February 1986. <>\n");
    none("protocol: aftp host: path:\n\n\nPR=aftp;; PA=/pub/doc/README;\n");
    none(&format!(
        "Uniform Resource Locators (URL){} Tim Berners-Lee\n",
        nbsp(16)
    ));
    none(&format!(
        "draft-ietf-uri-url-03.{{ps,txt}}{} URI working Group\n",
        nbsp(15)
    ));
}

// ---- scheme-like tokens of the three documents ----

#[test]
fn n01_n30_scheme_like_tokens_are_no_urls() {
    for t in [
        "Request\u{a0}for\u{a0}Comments:\u{a0}1738",
        "Category:\u{a0}Standards\u{a0}Track",
        "<方案>:<方案描述部分>",
        "//<用户名>:<密码>@<主机>:<端口>/<url路径>",
        "<cwd1>/<cwd2>/.../<cwdN>/<name>;type=<typecode>",
        "http://<host>:<port>/<path>?<searchpart>",
        "gopher://<host>:<port>/<gopher-path>",
        "nntp://<host>:<port>/<newsgroup-name>/<article-number>",
        "telnet://<user>:<password>@<host>:<port>/",
        "wais://<host>:<port>/<database>?<search>",
        "file://<host>/<path>",
        "prospero://<host>:<port>/<hsoname>;<field>=<value>",
        "mailto:<rfc822-addr-spec>",
        "news:<newsgroup-name>",
        "news:<message-id>",
        "<unique>@<full_domain_name>",
        "注意nntp:URL指定了文章资源的",
        "的news:形式成为标志新闻文章的首选方法。",
        "DISK$USER:[MY.NOTES]NOTE123456.TXT",
        "ftpurl         = \"ftp://\" login [ \"/\" fpath [ \";type=\" ftptype ]]",
        "fileurl        = \"file://\" [ host | \"localhost\" ] \"/\" fpath",
        "httpurl        = \"http://\" hostport [ \"/\" hpath [ \"?\" search ]]",
        "gopherurl      = \"gopher://\" hostport [ / [ gtype [ selector",
        "mailtourl      = \"mailto:\" encoded822addr",
        "newsurl        = \"news:\" grouppart",
        "nntpurl        = \"nntp://\" hostport \"/\" group [ \"/\" digits ]",
        "telneturl      = \"telnet://\" login [ \"/\" ]",
        "waisdatabase   = \"wais://\" hostport \"/\" database",
        "prosperourl    = \"prospero://\" hostport \"/\" ppath *[ fieldspec ]",
        "由字符“URL:”组成的前缀",
        "\"Gopher+:\u{a0}Upward\u{a0}compatible",
        "in\u{a0}WWW:\u{a0}A",
        // N18: a generic URL by RFC 1738 §2.1, but "email" is no known
        // scheme, and text is full of "Email:" labels.
        "Email:timbl@info.cern.ch",
        "EMail:\u{a0}masinter@parc.xerox.com",
        "EMail:\u{a0}mpm@boombox.micro.umn.edu",
        "constant prefix \"URL:\". Note that",
        "The ftp: prefix indicates",
        ";type = <type-code>",
        "       a_gopher_selector<tab>+<cr><lf>",
        "When a news: URL is quoted",
        "prefixed by \"wais:\" (by",
        "The scheme name \"urn:\" is reserved",
        "< | >",
        "h t t p : / / hostport [ / path ] [ ? search ]",
        "\t\tEmail:     timbl@info.cern.ch",
        "the object referred to by the mailto: URL is",
        "telnetaddress t e l n e t : / / login",
    ] {
        none(t);
    }
}

// ---- line breaks and hyphens (RFC 1738 Appendix) ----

#[test]
fn h01_h06_wrapped_breaks() {
    expect(
        "<URL:http://www.example.\n   com/a/b>",
        &["http://www.example.com/a/b"],
    );
    // H02, C-W3: RFC 1738 Appendix says the hyphen at a break "may or may
    // not" belong to the URL; it is kept, and the alternative drops it.
    assert_eq!(
        one_with_alt("<URL:ftp://ds.internic.net/internet-\n   drafts/x.txt>"),
        (
            "ftp://ds.internic.net/internet-drafts/x.txt".into(),
            Some("ftp://ds.internic.net/internetdrafts/x.txt".into())
        )
    );
    // H03: blanks between the hyphen and the break are part of the break.
    assert_eq!(
        one_with_alt("<URL:http://host/a-  \n  b>"),
        ("http://host/a-b".into(), Some("http://host/ab".into()))
    );
    // H04: an encoded hyphen is no hyphen.
    assert_eq!(
        one_with_alt("<URL:http://host/a%2D\n b>"),
        ("http://host/a%2Db".into(), None)
    );
    expect("<URL:http://host/a\t\n\t/b>", &["http://host/a/b"]);
    expect("<URL:http://host/a\u{a0}\n\u{a0}/b>", &["http://host/a/b"]);
    expect("<URL:http://host/a\r\n  /b>", &["http://host/a/b"]);
}

/// H07 with CONTRACT C-W3 (RFC 1738 has no rule for unwrapped URLs): a
/// bare URL that ends in `-` at a line end continues on the next line.
#[test]
fn h07_bare_hyphen_continues_c_w3() {
    assert_eq!(
        one_with_alt("see http://www.example-\ncorp.com/ now"),
        (
            "http://www.example-corp.com/".into(),
            Some("http://www.examplecorp.com/".into())
        )
    );
}

/// H08 with CONTRACT C-W5: a blank line ends the wrapper, so a missing `>`
/// cannot swallow the text after it; its content is scanned as bare text.
#[test]
fn h08_blank_line_ends_wrapper_c_w5() {
    let v: Vec<_> = find("<URL:http://a.b/c\n\nd>").collect();
    assert_eq!(v.len(), 1);
    assert_eq!(v[0].as_str(), "http://a.b/c");
    assert_eq!(v[0].form(), Form::Bare);
}

// ---- Appendix E of the 1997 and 2003 drafts (url-syntax, rfc2396bis) ----

/// The example of draft-fielding-uri-rfc2396bis-01 Appendix E, laid out as
/// the draft's plain text has it.
#[test]
fn rfc2396bis_appendix_e_example() {
    expect(
        "      Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n      but you can probably pick it up from <ftp://ds.internic.\n      net/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/\n      ietf/uri/historical.html#WARNING>.\n",
        &["http://www.w3.org/Addressing/", "ftp://ds.internic.net/rfc/", "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING"],
    );
}

#[test]
fn appendix_e_wrapper_examples() {
    expect("\"http://test.com/\"", &["http://test.com/"]);
    expect("<http://test.com/>", &["http://test.com/"]);
    expect("http://test.com/", &["http://test.com/"]);
    expect("\"http://example.com/\"", &["http://example.com/"]);
    expect("<http://\n   example.com/>", &["http://example.com/"]);
}

/// The example of draft-fielding-url-syntax-05 Appendix E as its mail
/// archive copy has it: the line breaks collapsed to single spaces inside
/// the brackets (C-W4 removes them), and with each space restored to a line
/// break and indentation (C-W1).
#[test]
fn url_syntax_05_appendix_e_example_spaces_and_breaks() {
    let want = [
        "http://www.w3.org/pub/WWW/",
        "ftp://ds.internic.net/rfc/",
        "http://ds.internic.net/instructions/overview.html#WARNING",
    ];
    expect(
        "Yes, Jim, I found it under \"http://www.w3.org/pub/WWW/\", but you can probably pick it up from <ftp://ds.internic. net/rfc/>. Note the warning in <http://ds.internic.net/ instructions/overview.html#WARNING>.",
        &want,
    );
    expect(
        "Yes, Jim, I found it under \"http://www.w3.org/pub/WWW/\", but you can probably pick it up from <ftp://ds.internic.\n    net/rfc/>. Note the warning in <http://ds.internic.net/\n    instructions/overview.html#WARNING>.",
        &want,
    );
}

/// Derived from Appendix E's rules: the `URL:` prefix, a hyphen at a
/// break, a fragment inside and outside the brackets, prose parentheses,
/// empty wrappers.
#[test]
fn appendix_e_derived_vectors() {
    expect("<URL:http://a.example/x>", &["http://a.example/x"]);
    expect("<URL: http://a.example/x>", &["http://a.example/x"]);
    assert_eq!(
        one_with_alt("<http://a.example/long-\n   path>"),
        (
            "http://a.example/long-path".into(),
            Some("http://a.example/longpath".into())
        )
    );
    expect("<http://a.example/doc#sec>", &["http://a.example/doc#sec"]);
    expect("<http://a.example/doc>#sec", &["http://a.example/doc"]);
    expect("(see http://a.example/x).", &["http://a.example/x"]);
    none("<>");
    none("\"\"");
}

// ---- whole seeds (corpora/seeds/, named by their number) ----

/// The seed whose file name starts with `prefix`; a missing seed is a
/// failure.
fn seed(prefix: &str) -> String {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpora/seeds");
    let mut found = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e} (the seeds folder is missing)", dir.display()))
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with(prefix))
        .map(|e| e.path());
    let path = found
        .next()
        .unwrap_or_else(|| panic!("{}: no seed {prefix}* in it", dir.display()));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// E20: RFC 1738 (`002_*`) holds exactly 30 URLs, 13 in the body and 17
/// in the reference list (wrapped ones rejoined); every placeholder `<…>`
/// and BNF line yields nothing. In the file's order, read off the file.
#[test]
fn e20_rfc1738_whole_file_30_urls() {
    let text = seed("002_");
    let body = [
        "http://www.acl.lanl.gov/URI/archive/uri-archive.index.html",
        "ftp://@host.com/",
        "ftp://host.com/",
        "ftp://foo:@host.com/",
        "ftp://myname@host.dom/%2Fetc/motd",
        "ftp://myname@host.dom/etc/motd",
        "ftp://myname@host.dom//etc/motd",
        "news:*",
        "file://vms.host.edu/disk$user/my/notes/note12345.txt",
        "prospero://host.dom//pros/name",
        "ftp://info.cern.ch/pub/www/doc;type=d",
        "ftp://ds.internic.net/rfc",
        "http://ds.internic.net/instructions/overview.html#WARNING",
    ];
    let references = [
        "ftp://ds.internic.net/rfc/rfc1436.txt;type=a",
        "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt",
        "ftp://ds.internic.net/rfc/rfc1630.txt",
        "ftp://info.cern.ch/pub/www/doc/http-spec.txt.Z",
        "ftp://ds.internic.net/rfc/rfc1123.txt",
        "ftp://ds.internic.net/rfc/rfc822.txt",
        "ftp://quake.think.com/pub/wais/doc/protspec.txt",
        "ftp://ds.internic.net/rfc/rfc1036.txt",
        "ftp://quake.think.com/pub/wais/doc/doc-ids.txt",
        "ftp://ds.internic.net/rfc/rfc977.txt",
        "ftp://ds.internic.net/internet-drafts/draft-ietf-uri-irl-fun-req-02.txt",
        "ftp://ds.internic.net/rfc/rfc1034.txt",
        "ftp://prospero.isi.edu/pub/prospero/doc/prospero-protocol.PS.Z",
        "ftp://ds.internic.net/rfc/rfc959.txt",
        "ftp://ds.internic.net/rfc/rfc1737.txt",
        "ftp://ds.internic.net/rfc/rfc1625.txt",
        "ftp://uu.psi.com/wp/nir.txt",
    ];
    assert_eq!(urls(&text), [&body[..], &references[..]].concat());
}

/// E38: draft-ietf-uri-url-03 (`004_*`) holds exactly 15 URLs, plus the
/// six gopher template lines of E36, which give `gopher://host` and
/// nothing with ` [port]`; the angle-bracketed gopher URL with spaces is
/// joined (C-W4). In the file's order, read off the file.
#[test]
fn e38_url_03_whole_file_15_urls_and_6_templates() {
    let text = seed("004_");
    let got = urls(&text);
    let mut want = vec![
        "http://www.acl.lanl.gov/URI/archive/uri-archive.index.html",
        "http://www.w3.org/hypertext/WWW/Addressing/URL/Overview.html",
    ];
    want.extend(["gopher://host"; 6]);
    want.extend([
        "ftp://ftp.w3.org/pub/www/doc",
        "ftp://ds.internic.net/rfc",
        "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol",
        "gopher://gopher.micro.umn.edu/00/InformationAboutGopher/AboutGopher",
        "ftp://ftp.w3.org/pub/www/doc/http-spec.txt",
        "ftp://quake.think.com/pub/wais/doc/protspec.txt",
        "ftp://quake.think.com/pub/wais/doc/doc-ids.txt",
        "ftp://ds.internic.net/rfc/rfc977.txt",
        "wais://quake.think.com/wais-discussion-archives?lynch",
        "ftp://ds.internic.net/rfc/rfc1034.txt",
        "ftp://prospero.isi.edu/pub/prospero/oir.ps",
        "ftp://ds.internic.net/rfc/rfc959.txt",
        "ftp://uu.psi.com/wp/nir.txt",
    ]);
    assert_eq!(got, want);
}

/// E57: the October 1993 draft (`000_*`, URLs stripped) yields none.
#[test]
fn e57_october_1993_draft_whole_file_no_urls() {
    let text = seed("000_");
    assert_eq!(urls(&text), Vec::<String>::new());
}
