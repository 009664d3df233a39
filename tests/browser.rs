//! The linkifier's HTML in a real browser (CONTRACT C-S1): headless
//! Chromium loads what urlx writes for hostile and ordinary inputs (the
//! forms corpus, `corpora/forms/`, included) and the page reports back,
//! from the DOM, the anchors' hrefs per input and whether anything ran: a
//! harness counts calls to alert/confirm/prompt, attributes named on*, and
//! script elements. The hrefs must equal the URLs the extractor reported,
//! in order, and nothing may have run.
//!
//! The tests need Chromium, so they are marked ignored and `cargo test`
//! lists them as such, with the reason. `.ci/run` installs Debian's
//! `chromium` and runs them with
//! `cargo test --locked --test browser --features html-input -- --include-ignored`; run that way,
//! a missing Chromium is a failure.

use std::path::{Path, PathBuf};
use std::process::Command;

use urlx::linkify::{write_html, Options};

const HOSTILE: &[&str] = &[
    "<script>alert(1)</script> http://a.example/",
    "<img src=x onerror=alert(1)> <svg onload=alert(2)>",
    "\"><script>alert(3)</script>",
    "http://a.example/\"onmouseover=\"alert(4)",
    "http://a.example/'onmouseover='alert(5)' x",
    "<URL:javascript:alert(6)> <URL:JAVASCRIPT:alert(7)> <URL:java\n  script:alert(8)>",
    "<URL:data:text/html,<script>alert(9)</script>> <URL:vbscript:msgbox(10)>",
    "<a href=\"javascript:alert(11)\">click</a> <a href=http://b.example/>b</a>",
    "&lt;script&gt;alert(12)&lt;/script&gt; &#x3C;script&#x3E;",
    "http://c.example/<script>alert(13)</script>",
    "<http://d.example/\n   wrapped/?a=1&b=<2>> www.e.example/x?y=1&amp;z=2",
    "<iframe src=\"javascript:alert(14)\"></iframe> <style>*{}</style> <!-- http://f.example/ -->",
    "\u{0}\u{1b}[31m http://g.example/\u{7f} \u{202e}http://h.example/",
    "http://www.bank.example@10.0.0.1/ http://0x7f.1/ http://p\u{430}ypal.example/",
    "mailto:joe@i.example?subject=<script>alert(15)</script> news:comp.lang.c",
    // A quoted, wrapped URL: one anchor a line, both to the whole URL.
    "> see <http://j.example/long/\n> path/x> and\n>> <URL:http://k.exa\n>>   mple/>",
];

/// The browser; a failure when none is installed.
fn chromium() -> PathBuf {
    for name in [
        "chromium",
        "chromium-browser",
        "google-chrome",
        "google-chrome-stable",
    ] {
        if let Ok(out) = Command::new("sh")
            .arg("-c")
            .arg(format!("command -v {name}"))
            .output()
        {
            let p = String::from_utf8_lossy(&out.stdout).trim().to_owned();
            if out.status.success() && !p.is_empty() {
                return PathBuf::from(p);
            }
        }
    }
    panic!("no Chromium found (apt-get install chromium): the browser tests cannot run");
}

const HEAD: &str = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><script>window.__alerts=0;window.alert=window.confirm=window.prompt=function(){window.__alerts++;};</script></head><body>\n";
const TAIL: &str = "<script>var r=[];document.querySelectorAll('pre[data-case],article.urlx-message').forEach(function(p){r.push(Array.from(p.querySelectorAll('a')).map(function(a){return a.getAttribute('href')}))});var bad=0;document.querySelectorAll('*').forEach(function(e){for(var i=0;i<e.attributes.length;i++){if(/^on/i.test(e.attributes[i].name))bad++}});var o=document.createElement('pre');o.id='urlx-result';var wn=Array.from(document.querySelectorAll('.urlx-warning')).map(function(e){var b=e.getBoundingClientRect();return{text:e.textContent,width:b.width,height:b.height}});var hd=Array.from(document.querySelectorAll('.urlx-headers bdi')).map(function(e){return e.textContent});o.textContent=JSON.stringify({links:r,warnings:wn,headers:hd,alerts:window.__alerts,onattrs:bad,scripts:document.scripts.length,iframes:document.querySelectorAll('iframe,img,svg,style').length});document.body.appendChild(o);</script></body></html>\n";

/// Loads a page of cases in the browser; returns what the harness saw.
fn run_page(browser: &Path, cases: &[Vec<u8>], name: &str) -> serde_json::Value {
    let mut body = Vec::new();
    let finder = urlx::Finder::new();
    for (i, c) in cases.iter().enumerate() {
        body.extend_from_slice(format!("<pre data-case=\"{i}\">").as_bytes());
        write_html(&mut body, &finder, c, &Options::default()).unwrap();
        body.extend_from_slice(b"</pre>\n");
    }
    run_html(browser, &body, name)
}

/// Loads `body` between the harness's head and tail; returns what the
/// harness saw.
fn run_html(browser: &Path, body: &[u8], name: &str) -> serde_json::Value {
    let mut page = Vec::from(HEAD.as_bytes());
    page.extend_from_slice(body);
    page.extend_from_slice(TAIL.as_bytes());
    let dir = std::env::temp_dir().join(format!("urlx-browser-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("page.html");
    std::fs::write(&file, &page).unwrap();
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--no-first-run",
            "--virtual-time-budget=5000",
            "--dump-dom",
        ])
        .arg(format!("file://{}", file.display()))
        .output()
        .expect("run the browser");
    let dom = String::from_utf8_lossy(&out.stdout).into_owned();
    let _ = std::fs::remove_dir_all(&dir);
    let start = dom.find("<pre id=\"urlx-result\">").unwrap_or_else(|| {
        panic!(
            "no result in the DOM; stderr: {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    let body = &dom[start + "<pre id=\"urlx-result\">".len()..];
    let json = &body[..body.find("</pre>").unwrap()];
    let json = json
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&nbsp;", "\u{a0}")
        .replace("&amp;", "&");
    serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"))
}

/// What the extractor reports and the linkifier may link, per case: each
/// URL once for each line of its text (an anchor a line, C-W1).
fn expected(cases: &[Vec<u8>]) -> Vec<Vec<String>> {
    let opts = Options::default();
    cases
        .iter()
        .map(|c| {
            urlx::find(c)
                .filter(|l| opts.allows_link(l))
                .flat_map(|l| {
                    let n = l.segments(c).len();
                    std::iter::repeat_n(l.as_str().to_owned(), n)
                })
                .collect()
        })
        .collect()
}

/// The warnings' texts, each checked to have a box a reader sees (a
/// non-zero width and height).
fn visible_warnings(r: &serde_json::Value) -> Vec<String> {
    let warnings = r["warnings"].as_array().unwrap();
    for w in warnings {
        assert!(
            w["width"].as_f64().unwrap() > 0.0 && w["height"].as_f64().unwrap() > 0.0,
            "a warning without a box: {w}"
        );
    }
    warnings
        .iter()
        .map(|w| w["text"].as_str().unwrap().to_owned())
        .collect()
}

fn check(browser: &Path, cases: &[Vec<u8>], name: &str) {
    let r = run_page(browser, cases, name);
    assert_eq!(r["alerts"], 0, "a script ran: {r}");
    assert_eq!(r["onattrs"], 0, "an on* attribute reached the DOM: {r}");
    assert_eq!(r["scripts"], 2, "a script element reached the DOM: {r}");
    assert_eq!(
        r["iframes"], 0,
        "an element from the input reached the DOM: {r}"
    );
    let got: Vec<Vec<String>> = serde_json::from_value(r["links"].clone()).unwrap();
    let want = expected(cases);
    assert_eq!(got.len(), want.len());
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(
            g,
            w,
            "case {i} ({name}): {:?}",
            String::from_utf8_lossy(&cases[i])
        );
        assert!(g
            .iter()
            .all(|h| !h.to_ascii_lowercase().starts_with("javascript:")));
    }
}

#[test]
#[ignore = "needs Chromium (apt-get install chromium); .ci/run runs it"]
fn hostile_and_ordinary_inputs_in_chromium() {
    let browser = chromium();
    let cases: Vec<Vec<u8>> = HOSTILE.iter().map(|s| s.as_bytes().to_vec()).collect();
    check(&browser, &cases, "hostile");
    let want = expected(&cases);
    assert_eq!(want[0], ["http://a.example/"]);
    assert_eq!(want[5], Vec::<String>::new());
}

#[test]
#[ignore = "needs Chromium (apt-get install chromium); .ci/run runs it"]
fn forms_corpus_in_chromium() {
    let browser = chromium();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpora/forms");
    let dirs = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("{}: {e} (the forms corpus is missing)", root.display()));
    let mut files: Vec<PathBuf> = dirs
        .flatten()
        .flat_map(|d| {
            std::fs::read_dir(d.path())
                .into_iter()
                .flatten()
                .flatten()
                .map(|e| e.path())
        })
        .collect();
    files.sort();
    let cases: Vec<Vec<u8>> = files.iter().map(|p| std::fs::read(p).unwrap()).collect();
    let total: usize = expected(&cases).iter().map(Vec::len).sum();
    assert!(total > 3000, "{total} links");
    check(&browser, &cases, "forms");
}

/// C-S2: a deceptive link's warning is in the DOM and takes room on the
/// page (a box a reader sees, not a colour or a tooltip alone), in words,
/// one a deceptive link; and nothing runs.
#[test]
#[ignore = "needs Chromium (apt-get install chromium); .ci/run runs it"]
fn deceptive_links_show_a_visible_warning_in_chromium() {
    let browser = chromium();
    let cases: Vec<Vec<u8>> = [
        "log in at http://www.bank.example@10.0.0.1/login today",
        "see http://0x7f.1/ and http://2130706433/x",
        "pay at http://p\u{430}ypal.example/ or http://ok.example/",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect();
    check(&browser, &cases, "deceptive");
    let r = run_page(&browser, &cases, "deceptive-warnings");
    assert_eq!(
        visible_warnings(&r),
        [
            " \u{26a0} goes to 10.0.0.1 (the part before @ is not the host)",
            " \u{26a0} goes to the numeric address 0x7f.1",
            " \u{26a0} goes to the numeric address 2130706433",
            " \u{26a0} host p\u{430}ypal.example mixes scripts: it is xn--pypal-4ve.example",
        ]
    );
}

/// C-S1, C-S2: mail as a reader sees it, in a browser. A real list
/// message and a phishing message (an HTML part, quoted-printable, whose
/// links' texts show other hosts than their hrefs) are written by
/// `write_message_html`: the hrefs are the messages' links, decoded; each
/// warning is text with a box a reader sees; the message's own script
/// never runs; the header fields are isolated (`<bdi>`), their direction
/// controls shown.
#[test]
#[ignore = "needs Chromium (apt-get install chromium); .ci/run runs it"]
fn mail_read_as_a_reader_sees_it_in_chromium() {
    let browser = chromium();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let real = std::fs::read(root.join("corpora/mail/python-email/msg_25.txt")).unwrap();
    let phish = std::fs::read(root.join("tests/data/mail/phish-html.eml")).unwrap();
    let finder = urlx::Finder::new();
    let mut body = Vec::new();
    let mut bodies = Vec::new();
    for raw in [&real, &phish] {
        let reading = urlx::mail::read(raw, 0..raw.len());
        urlx::linkify::write_message_html(&mut body, &finder, &reading, &Options::default())
            .unwrap();
        bodies.push(reading);
    }
    let r = run_html(&browser, &body, "mail");
    assert_eq!(r["alerts"], 0, "a script ran: {r}");
    assert_eq!(r["onattrs"], 0, "an on* attribute reached the DOM: {r}");
    assert_eq!(r["scripts"], 2, "the message's script reached the DOM: {r}");
    let links: Vec<Vec<String>> = serde_json::from_value(r["links"].clone()).unwrap();
    // The real message: its text part's links, as the extractor finds them.
    let want: Vec<String> = urlx::find(&bodies[0].body)
        .filter(|l| Options::default().allows_link(l))
        .map(|l| l.as_str().to_owned())
        .collect();
    assert!(want
        .iter()
        .any(|u| u == "http://www.linux.org.uk/mailman/listinfo/linuxuser"));
    assert_eq!(links[0], want);
    // The phishing message: each link goes where the message's href goes,
    // quoted-printable and references decoded; a link's text is no link.
    assert_eq!(
        links[1],
        [
            "https://events.ni.com/profile/web/index.cfm?PKwebID=0x3808abcd&varPage=attendee&source=mail",
            "http://203.0.113.9/login/verify.php?id=7781",
            "https://xn--pypal-4ve.com/signin",
            "http://www.paypal.com@198.51.100.7/",
            "http://192.168.1.1/admin",
            "https://www.example.com/track?id=1",
        ]
    );
    assert_eq!(
        visible_warnings(&r),
        [
            " \u{26a0} the text shows www.paypal.com but the link goes to 203.0.113.9",
            " \u{26a0} host xn--pypal-4ve.com mixes scripts: it reads p\u{430}ypal.com",
            " \u{26a0} the text shows www.paypal.com but the link goes to xn--pypal-4ve.com",
            " \u{26a0} goes to 198.51.100.7 (the part before @ is not the host)",
            " \u{26a0} the text shows www.paypal.com but the link goes to 198.51.100.7",
            " \u{26a0} goes to 192.168.1.1, an address on your own machine or network",
        ]
    );
    // From, To, Date, Subject of each message, each isolated; the subject's
    // right-to-left override is shown, not obeyed.
    let headers: Vec<&str> = r["headers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h.as_str().unwrap())
        .collect();
    assert!(headers.len() >= 7, "{headers:?}");
    assert!(
        headers.contains(&"Your account <U+202E>eulav<U+202C> is on hold"),
        "{headers:?}"
    );
    assert!(
        headers.contains(&"J\u{fc}rgen <juergen@example.org>"),
        "{headers:?}"
    );
}

/// C-S1 for HTML input: a page of hostile text and ordinary markup,
/// linkified (`write_html_document`), in Chromium: the anchors added go
/// where the text's URLs go, are clickable, and nothing runs.
#[cfg(feature = "html-input")]
#[test]
#[ignore = "needs Chromium (apt-get install chromium); .ci/run runs it"]
fn html_input_linkified_in_chromium() {
    let browser = chromium();
    let cases = [
        "<p>see http://a.example/x?a=1&amp;b=2 and <b>www.b.example</b>.</p>",
        "<p>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; http://c.example/</p>",
        "<p>&#106;avascript:alert(2) javascript:alert(3) data:text/html,x http://d.example/\"onmouseover=alert(4)</p>",
        "<p title=\"&lt;a href=http://t.example/&gt;\">&lt;http://e.example/&gt; <code>http://no.example/</code></p>",
        "<a href=\"http://f.example/\">http://g.example/</a> <pre>http://h.example/</pre> http&#58;//i.example/",
    ];
    let mut body = Vec::new();
    let finder = urlx::Finder::new();
    for c in cases {
        body.extend_from_slice(b"<article class=\"urlx-message\">");
        let opts = urlx::linkify::HtmlInput::default();
        urlx::linkify::write_html_document(&mut body, &finder, c.as_bytes(), &opts).unwrap();
        body.extend_from_slice(b"</article>\n");
    }
    let r = run_html(&browser, &body, "html-input");
    assert_eq!(r["alerts"], 0, "a script ran: {r}");
    assert_eq!(r["onattrs"], 0, "an on* attribute reached the DOM: {r}");
    assert_eq!(r["scripts"], 2, "a script reached the DOM: {r}");
    let links: Vec<Vec<String>> = serde_json::from_value(r["links"].clone()).unwrap();
    assert_eq!(
        links,
        [
            vec!["http://a.example/x?a=1&b=2", "http://www.b.example"],
            vec!["http://c.example/"],
            vec!["http://d.example/"],
            vec!["http://e.example/"],
            vec!["http://f.example/", "http://i.example/"],
        ]
    );
}
