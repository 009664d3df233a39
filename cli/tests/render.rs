//! The command's --html, --html-page and --hyperlink: the text written back
//! with its links, and (CONTRACT C-S5) no escape sequence of the text's
//! own reaching the terminal.

use std::io::Write;
use std::process::{Command, Stdio};

mod common;

#[path = "../../tests/common/terminal.rs"]
mod terminal;

#[test]
fn c_s5_the_command_shows_the_texts_escapes() {
    for text in terminal::HOSTILE {
        let (_, out) = urlx_cmd(&["--hyperlink"], text);
        let linked = urlx::find(*text)
            .filter(|l| urlx::linkify::Options::default().allows_link(l))
            .count();
        assert_eq!(terminal::own_sequences(out.as_bytes()), linked, "{text:?}");
    }
    let (_, out) = urlx_cmd(&["--hyperlink", "--raw-controls"], b"\x1b[1mx\n");
    assert_eq!(out, "\x1b[1mx\n");
}

/// Hostile text that reaches the command in pieces: each piece written
/// to the pipe on its own, cut inside an escape sequence. The output
/// equals that of the text written at once.
#[test]
fn c_s5_escapes_cut_between_reads_are_shown_whole() {
    let text: Vec<u8> = terminal::HOSTILE.join(&b"\n"[..]);
    let (_, whole) = urlx_cmd(&["--hyperlink"], &text);
    assert!(terminal::own_sequences(whole.as_bytes()) >= 8);
    // Cut right after each ESC: the sequence's first byte in one read, the
    // rest in the next.
    let cuts: Vec<usize> = (0..text.len())
        .filter(|&i| text[i] == 0x1b)
        .map(|i| i + 1)
        .collect();
    assert!(cuts.len() > 10);
    let mut child = Command::new(env!("CARGO_BIN_EXE_urlx"))
        .arg("--hyperlink")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let feed = std::thread::spawn(move || {
        let mut at = 0;
        for cut in cuts.into_iter().chain([text.len()]) {
            stdin.write_all(&text[at..cut]).unwrap();
            stdin.flush().unwrap();
            // Lets the reader take this piece before the next arrives.
            std::thread::sleep(std::time::Duration::from_millis(2));
            at = cut;
        }
    });
    let o = child.wait_with_output().unwrap();
    feed.join().unwrap();
    assert_eq!(String::from_utf8(o.stdout).unwrap(), whole);
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
        "see \x1b]8;id=urlx-1;http://a.example/\x1b\\http://a.example/\x1b]8;;\x1b\\\n"
    );
    let (code, _) = urlx_cmd(&["--hyperlink"], b"nothing\n");
    assert_eq!(code, 1);
}

/// C-S2: a deceptive link's warning is text: in HTML after the link, in
/// --hyperlink after its text, in --json a "deceptive" field.
#[test]
fn c_s2_deceptive_links_are_marked_in_every_output() {
    let text = "see http://www.bank.example@10.0.0.1/login and http://ok.example/\n";
    let o = common::urlx_stdin(&["--html-page"], text);
    let page = String::from_utf8(o.stdout).unwrap();
    assert!(page.contains("<span class=\"urlx-warning\" role=\"note\"> \u{26a0} goes to 10.0.0.1 (the part before @ is not the host)</span>"), "{page}");
    assert_eq!(page.matches("urlx-warning\" role").count(), 1, "{page}");
    let o = common::urlx_stdin(&["--hyperlink"], text);
    let t = String::from_utf8(o.stdout).unwrap();
    assert!(t.contains("/login\x1b]8;;\x1b\\ [\u{26a0} goes to 10.0.0.1 (the part before @ is not the host)] and"), "{t:?}");
    let o = common::urlx_stdin(&["--json"], text);
    let rows: Vec<serde_json::Value> = String::from_utf8(o.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        rows[0]["deceptive"],
        "goes to 10.0.0.1 (the part before @ is not the host)"
    );
    assert!(rows[1].get("deceptive").is_none());
}

/// C-S2 (UTS 39): lookalike hosts in punycode are flagged in words that
/// show what they read; real IDNs are not.
#[test]
fn c_s2_punycode_lookalikes_are_flagged_and_real_idns_are_not() {
    let text = "http://xn--80ak6aa92e.com/ http://xn--pypal-4ve.com/ http://xn--80adxhks.xn--p1ai/ http://xn--mnchen-3ya.de/\n";
    let o = common::urlx_stdin(&["--format", "{url} {deceptive}"], text);
    assert_eq!(
        String::from_utf8(o.stdout).unwrap(),
        "http://xn--80ak6aa92e.com/ host xn--80ak6aa92e.com looks like apple.com in another script: it reads \u{430}\u{440}\u{440}\u{4cf}\u{435}.com\n\
         http://xn--pypal-4ve.com/ host xn--pypal-4ve.com mixes scripts: it reads p\u{430}ypal.com\n\
         http://xn--80adxhks.xn--p1ai/ \n\
         http://xn--mnchen-3ya.de/ \n"
    );
}

/// The hrefs of HTML output, in order, references decoded.
fn hrefs(html: &str) -> Vec<String> {
    html.split("<a href=\"")
        .skip(1)
        .map(|s| s[..s.find('"').unwrap()].replace("&amp;", "&"))
        .collect()
}

/// Mail through --html: each message as a reader sees it. The phishing
/// message is one quoted-printable HTML part: its links go where its
/// hrefs go (`=3D` and `&amp;` decoded), a link's text is no link of its
/// own, and where the text shows another host a warning says so (C-S2).
#[test]
fn mail_is_linkified_as_a_reader_sees_it() {
    let phish = common::repo_file("tests/data/mail/phish-html.eml");
    let o = common::urlx(&["--html", phish.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0));
    let html = String::from_utf8(o.stdout).unwrap();
    assert!(
        html.starts_with("<article class=\"urlx-message\">"),
        "{html}"
    );
    assert!(
        html.contains("<div><b>To:</b> <bdi>J\u{fc}rgen &lt;juergen@example.org&gt;</bdi></div>"),
        "{html}"
    );
    assert!(html.contains(
        "<b>Subject:</b> <bdi>Your account &lt;U+202E&gt;eulav&lt;U+202C&gt; is on hold</bdi>"
    ));
    assert!(
        !html.contains("=3D")
            && !html.contains("document.title")
            && !html.contains("Account notice")
    );
    assert_eq!(
        hrefs(&html),
        [
            "https://events.ni.com/profile/web/index.cfm?PKwebID=0x3808abcd&varPage=attendee&source=mail",
            "http://203.0.113.9/login/verify.php?id=7781",
            "https://xn--pypal-4ve.com/signin",
            "http://www.paypal.com@198.51.100.7/",
            "http://192.168.1.1/admin",
            "https://www.example.com/track?id=1",
        ]
    );
    for warning in [
        "the text shows www.paypal.com but the link goes to 203.0.113.9",
        "the text shows www.paypal.com but the link goes to xn--pypal-4ve.com",
        "goes to 192.168.1.1, an address on your own machine or network",
    ] {
        assert!(
            html.contains(&format!("role=\"note\"> \u{26a0} {warning}</span>")),
            "{warning}: {html}"
        );
    }
    // The same on a terminal: the subject's override shown, not obeyed.
    let o = common::urlx(&["--hyperlink", phish.to_str().unwrap()]);
    let t = String::from_utf8(o.stdout).unwrap();
    assert!(
        t.contains("Subject: Your account <U+202E>eulav<U+202C> is on hold\n"),
        "{t}"
    );
    assert!(t.contains("7781\x1b]8;;\x1b\\> [\u{26a0} the text shows www.paypal.com but the link goes to 203.0.113.9]"), "{t:?}");
    assert_eq!(terminal::own_sequences(t.as_bytes()), 6);
    // --no-mail: the raw bytes, quoted-printable and all.
    let o = common::urlx(&["--html", "--no-mail", phish.to_str().unwrap()]);
    let raw = String::from_utf8(o.stdout).unwrap();
    assert!(raw.starts_with("<pre>") && raw.contains("=3D") && !raw.contains("<article"));
}

/// The text part is preferred to the HTML part, decoded across soft line
/// breaks; an mbox is one article a message, and --mail reads text
/// without a header as a message's body.
#[test]
fn mail_text_parts_and_mboxes_read_as_a_reader_sees_them() {
    let qp = common::repo_file("tests/data/mail/qp-html.eml");
    let o = common::urlx(&["--html", qp.to_str().unwrap()]);
    let html = String::from_utf8(o.stdout).unwrap();
    assert!(
        html.contains("<bdi>\u{c9}v\u{e9}nements: register now</bdi>"),
        "{html}"
    );
    assert!(
        !html.contains("&lt;html&gt;") && !html.contains("=3D"),
        "{html}"
    );
    assert_eq!(
        hrefs(&html)[0],
        "https://events.ni.com/profile/web/index.cfm?PKwebID=0x3808abcd&varPage=attendee&source=mail"
    );
    let mbox = common::repo_file("corpora/sample.mbox");
    let messages = urlx::mail::mbox_messages(&std::fs::read(&mbox).unwrap()).len();
    let o = common::urlx(&["--html-page", mbox.to_str().unwrap()]);
    let page = String::from_utf8(o.stdout).unwrap();
    assert!(messages > 2);
    assert_eq!(
        page.matches("<article class=\"urlx-message\">").count(),
        messages
    );
    let o = common::urlx_stdin(&["--hyperlink", "--mail"], "see http://a.example/\n");
    assert_eq!(
        String::from_utf8(o.stdout).unwrap(),
        "\nsee \x1b]8;id=urlx-1;http://a.example/\x1b\\http://a.example/\x1b]8;;\x1b\\\n"
    );
}

/// --verbose says what was malformed in a message it shows.
#[test]
fn mail_warnings_with_verbose() {
    let raw = "Subject: x\nContent-Type: multipart/mixed; boundary=B\n\n--B\nContent-Type: text/plain\n\nhttp://a.example/\n";
    let o = common::urlx_stdin(&["--html", "--verbose"], raw);
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("not closed"), "{err}");
    assert!(String::from_utf8(o.stdout)
        .unwrap()
        .contains("href=\"http://a.example/\""));
}
