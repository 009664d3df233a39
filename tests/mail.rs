//! Mail and news input: real messages from `corpora/` (the forms corpus and
//! the notmuch and CPython email test messages), each with the URLs a
//! person sees when reading it (no `=3D` artefact, no URL cut at a soft
//! line break, base64 parts found, flowed text rejoined), malformed mail
//! read as well as it can be. A missing corpus file is a failure.

use std::path::Path;

use urlx::mail::{self, Kind};
use urlx::Finder;

/// A file under `corpora/`.
fn corpus(rel: &str) -> Vec<u8> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpora")
        .join(rel);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e} (a corpus file is missing)", p.display()))
}

/// The URLs of a message, with their raw lines.
fn message_urls(raw: &[u8]) -> Vec<(u64, String)> {
    let m = Finder::new().message_links(raw, 0..raw.len(), 1);
    m.links
        .iter()
        .map(|m| (m.link.line(), m.link.as_str().to_owned()))
        .collect()
}

fn urls_only(raw: &[u8]) -> Vec<String> {
    message_urls(raw).into_iter().map(|(_, u)| u).collect()
}

#[test]
fn qp_3d_decoded_in_urls() {
    let raw = corpus("forms/qp-3D-in-url/jailhouse-dev-2020-12.mbox.36.eml");
    let got = message_urls(&raw);
    let urls: Vec<&str> = got.iter().map(|(_, u)| u.as_str()).collect();
    assert!(
        urls.iter().all(|u| !u.contains("=3D") && !u.ends_with('=')),
        "{urls:#?}"
    );
    for (line, want) in [
        (134, "https://github.com/siemens/jailhouse-images"),
        (136, "http://git.kiszka.org/?p=linux.git;a=shortlog;h=refs/heads/queues/jailhouse"),
        (148, "https://git.automotivelinux.org/AGL/meta-agl-devel/tree/meta-agl-jailhouse"),
        (214, "https://groups.google.com/d/msgid/jailhouse-dev/f0e8ee0a-e874-428e-a97c-91524477c7e1n%40googlegroups.com?utm_medium=email&utm_source=footer"),
    ] {
        assert!(got.contains(&(line, want.to_owned())), "{want} at line {line} missing: {got:#?}");
    }
}

#[test]
fn qp_soft_breaks_do_not_cut_urls() {
    let raw = corpus("forms/qp-soft-break-url/jailhouse-dev-2019-04.mbox.25.eml");
    let got = message_urls(&raw);
    for (line, want) in [
        (189, "urn:schemas-microsoft-com:office:office"),
        (191, "http://www.w3.org/TR/REC-html40"),
        (150, "https://groups.google.com/group/jailhouse-dev/post"),
    ] {
        assert!(
            got.contains(&(line, want.to_owned())),
            "{want} at line {line} missing: {got:#?}"
        );
    }
    assert!(got
        .iter()
        .all(|(_, u)| !u.contains("=\n") && !u.contains("micr=osoft")));
}

#[test]
fn flowed_text_rejoined_and_lines_raw() {
    let raw = corpus("forms/quoted-reply/usrp-users-2021-02.mbox.6.eml");
    let got = message_urls(&raw);
    let want = "https://kb.ettus.com/Software_Development_on_the_E3xx_USRP_-_Building_RFNoC_UHD_/_GNU_Radio_/_gr-ettus_from_Source";
    // The raw line where the URL starts, though flowed text joined it to
    // the line before.
    assert!(got.contains(&(100, want.to_owned())), "{got:#?}");
}

#[test]
fn base64_parts_found() {
    let raw = corpus("mail/notmuch/duplicate/msg-3-2:2,");
    let urls = urls_only(&raw);
    assert!(
        urls.contains(
            &"https://alioth-lists.debian.net/cgi-bin/mailman/listinfo/pkg-emacsen-addons"
                .to_owned()
        ),
        "{urls:#?}"
    );
    let raw = corpus("mail/notmuch/attachment/text-calendar.eml");
    assert_eq!(
        urls_only(&raw),
        ["mailto:bremner@example.com", "mailto:david@tethera.net"]
    );
}

#[test]
fn list_headers_found_and_trace_fields_ignored() {
    let raw = corpus("forms/wrapped-angle/jailhouse-dev-2019-04.mbox.1.eml");
    let got = message_urls(&raw);
    for (line, want) in [
        (118, "https://groups.google.com/group/jailhouse-dev/post"),
        (
            122,
            "mailto:googlegroups-manage+175645748590+unsubscribe@googlegroups.com",
        ),
        (
            123,
            "https://groups.google.com/group/jailhouse-dev/subscribe",
        ),
    ] {
        assert!(
            got.contains(&(line, want.to_owned())),
            "{want} at line {line} missing: {got:#?}"
        );
    }
    // "by www.linux.org.uk with esmtp" in a Received field is no URL.
    let raw = corpus("mail/python-email/msg_25.txt");
    let got = message_urls(&raw);
    assert!(got.iter().all(|(line, _)| *line > 10), "{got:#?}");
    assert!(
        got.contains(&(
            107,
            "http://www.linux.org.uk/mailman/listinfo/linuxuser".to_owned()
        )),
        "{got:#?}"
    );
}

#[test]
fn every_corpus_message_reads_without_a_panic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpora/mail");
    assert!(
        root.is_dir(),
        "{}: the mail corpus is missing",
        root.display()
    );
    let mut stack = vec![root];
    let mut n = 0;
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let raw = std::fs::read(&p).unwrap();
                let m = Finder::new().message_links(&raw, 0..raw.len(), 1);
                for l in m.links.iter().map(|m| &m.link) {
                    assert!(
                        l.start() < l.end() && l.end() <= raw.len(),
                        "{}: {l:?}",
                        p.display()
                    );
                }
                n += 1;
            }
        }
    }
    assert!(n > 100, "{n} messages");
}

// ---- synthetic messages ----

#[test]
fn sniffing_mbox_message_text() {
    assert_eq!(
        mail::sniff(b"From a@b Mon Jan 1\nSubject: x\n\n"),
        Kind::Mbox
    );
    assert_eq!(
        mail::sniff(
            b"Path: news.example!not-for-mail\nNewsgroups: comp.lang.c\nSubject: x\n\nbody"
        ),
        Kind::Message
    );
    assert_eq!(
        mail::sniff(b"Hello: world\nnot a header line\n"),
        Kind::Text
    );
    assert_eq!(mail::sniff(b"just text http://a.example/\n"), Kind::Text);
}

#[test]
fn mbox_messages_each_with_their_info_and_raw_lines() {
    let mbox = b"From a@x Mon Jan  1 00:00:00 2024\nMessage-ID: <1@x>\nSubject: one\n\nhttp://one.example/\nFrom my point of view\n\nFrom b@x Tue Jan  2 00:00:00 2024\nMessage-ID: <2@x>\nSubject: two\nContent-Transfer-Encoding: base64\n\naHR0cDovL3R3by5leGFtcGxlLw==\n";
    let f = Finder::new();
    let ranges = mail::mbox_messages(mbox);
    assert_eq!(ranges.len(), 2);
    let m1 = f.message_links(mbox, ranges[0].clone(), 1);
    assert_eq!(m1.info.message_id.as_deref(), Some("1@x"));
    assert_eq!(
        (m1.links[0].link.as_str(), m1.links[0].link.line()),
        ("http://one.example/", 5)
    );
    let m2 = f.message_links(mbox, ranges[1].clone(), 8);
    assert_eq!(m2.info.subject.as_deref(), Some("two"));
    assert_eq!(
        (m2.links[0].link.as_str(), m2.links[0].link.line()),
        ("http://two.example/", 13)
    );
}

#[test]
fn html_parts_hrefs_and_references() {
    let raw = b"Content-Type: text/html\nContent-Transfer-Encoding: quoted-printable\n\n<a href=3D\"http://h.example/?a=3D1&amp;b=3D2\">see</a> <img src=3Dhttp://i.ex=\nample/p.png> and http://t.example/&lt;x&gt;\n";
    assert_eq!(
        urls_only(raw),
        [
            "http://h.example/?a=1&b=2",
            "http://i.example/p.png",
            "http://t.example/"
        ]
    );
}

#[test]
fn charsets_are_decoded() {
    let raw = b"Content-Type: text/plain; charset=iso-8859-1\nContent-Transfer-Encoding: quoted-printable\n\nVoir http://caf=E9.example/men=FC ici\n";
    assert_eq!(urls_only(raw), ["http://caf\u{e9}.example/men\u{fc}"]);
}

/// Lowercase hex escapes (`=3d`, `=2e`, `=e9`) are escapes too: RFC 2045
/// §6.7 asks for uppercase, but encoders and hand-written mail send
/// lowercase and a decoder should take them. Each link is placed on its
/// raw bytes, escapes included.
#[test]
fn qp_lowercase_escapes_are_decoded() {
    let raw: &[u8] = b"Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\nsee http://h=2eexample/?a=3d1&b=3D2 and http://caf=c3=a9.example/x=5fy=\n/z ok\n";
    let m = Finder::new().message_links(raw, 0..raw.len(), 1);
    let got: Vec<(&str, &[u8])> = m
        .links
        .iter()
        .map(|l| (l.link.as_str(), &raw[l.link.span()]))
        .collect();
    assert_eq!(
        got,
        [
            (
                "http://h.example/?a=1&b=2",
                &b"http://h=2eexample/?a=3d1&b=3D2"[..]
            ),
            (
                "http://caf\u{e9}.example/x_y/z",
                &b"http://caf=c3=a9.example/x=5fy=\n/z"[..]
            ),
        ]
    );
    // ISO-8859-1, one lowercase escape a letter: `=e9` is é, `=fc` is ü.
    let raw = b"Content-Type: text/plain; charset=iso-8859-1\nContent-Transfer-Encoding: quoted-printable\n\nVoir http://caf=e9.example/men=fc ici\n";
    assert_eq!(urls_only(raw), ["http://caf\u{e9}.example/men\u{fc}"]);
}

/// Charset labels mail carries beyond the WHATWG list (Python's codec
/// names, UTF-7) decode the body and the subject, each link placed on its
/// raw bytes.
#[test]
fn legacy_charset_labels_are_decoded() {
    let raw = b"Subject: =?eucgb2312_cn?B?1tDOxA==?=\nContent-Type: text/plain; charset=eucgb2312_cn\n\n\xd6\xd0 http://a.example/\xce\xc4 x\n";
    let m = Finder::new().message_links(raw, 0..raw.len(), 1);
    assert!(m.warnings.is_empty(), "{:?}", m.warnings);
    assert_eq!(m.links[0].link.as_str(), "http://a.example/\u{6587}");
    let span = m.links[0].link.span();
    assert_eq!(&raw[span], b"http://a.example/\xce\xc4");
    assert_eq!(m.info.subject.as_deref(), Some("\u{4e2d}\u{6587}"));
    let raw = b"Content-Type: text/plain; charset=unicode-1-1-utf-7\n\n+ZeVnLIqe- http://b.example/+ZeU- y\n";
    assert_eq!(urls_only(raw), ["http://b.example/\u{65e5}"]);
}

#[test]
fn attached_messages_and_nested_multiparts() {
    let raw = b"Content-Type: multipart/mixed; boundary=a\n\n--a\nContent-Type: message/rfc822\n\nSubject: inner\nContent-Type: multipart/alternative; boundary=b\n\n--b\nContent-Type: text/plain\n\nhttp://inner.example/\n--b--\n--a\nContent-Type: application/zip\n\nPK http://in-zip.example/\n--a--\n";
    let m = Finder::new().message_links(raw, 0..raw.len(), 1);
    let urls: Vec<_> = m.links.iter().map(|m| m.link.as_str()).collect();
    assert_eq!(urls, ["http://inner.example/"]);
    assert_eq!(m.skipped, 1);
}

#[test]
fn malformed_mail_is_scanned_with_warnings_never_an_abort() {
    let f = Finder::new();
    // Truncated part, missing close delimiter.
    let raw = b"Content-Type: multipart/mixed; boundary=z\n\n--z\nContent-Type: text/plain\n\nhttp://trunc.example/pa";
    let m = f.message_links(raw, 0..raw.len(), 1);
    assert_eq!(m.links[0].link.as_str(), "http://trunc.example/pa");
    assert!(
        m.warnings.iter().any(|w| w.contains("not closed")),
        "{:?}",
        m.warnings
    );
    // A boundary that never appears.
    let raw = b"Content-Type: multipart/mixed; boundary=nope\n\nhttp://nobound.example/\n";
    let m = f.message_links(raw, 0..raw.len(), 1);
    assert_eq!(m.links[0].link.as_str(), "http://nobound.example/");
    assert_eq!(m.warnings.len(), 1);
    // Unknown charset, bad base64.
    let raw = b"Content-Type: multipart/mixed; boundary=q\n\n--q\nContent-Type: text/plain; charset=x-unknown-42\n\nhttp://cs.example/\n--q\nContent-Type: text/plain\nContent-Transfer-Encoding: base64\n\naHR0cDovL2I2NC5leGFt!!!cGxlLw\n--q--\n";
    let m = f.message_links(raw, 0..raw.len(), 1);
    let urls: Vec<_> = m.links.iter().map(|m| m.link.as_str()).collect();
    assert_eq!(urls, ["http://cs.example/", "http://b64.example/"]);
    assert_eq!(m.warnings.len(), 2, "{:?}", m.warnings);
    // Deep nesting stops at the cap, not the stack.
    let mut raw = Vec::new();
    for i in 0..200 {
        raw.extend_from_slice(
            format!("Content-Type: multipart/mixed; boundary=b{i}\n\n--b{i}\n").as_bytes(),
        );
    }
    raw.extend_from_slice(b"\nhttp://deep.example/\n");
    let m = f.message_links(&raw, 0..raw.len(), 1);
    // C-S8: what the cap leaves unread is said apart from the warnings,
    // for the command to report without --verbose.
    assert_eq!(
        m.unread,
        ["MIME parts nested deeper than 32 at byte 1657: not read"],
        "{:?}",
        m.warnings
    );
}

/// A mailing-list footer after the closing boundary (the epilogue) is
/// text a reader sees.
#[test]
fn footer_after_the_closing_boundary_found() {
    let raw =
        corpus("forms/bare/spamassassin-easy-ham-1-01137.862bf0c202b134ec11c965d1a46a43a0.eml");
    let got = message_urls(&raw);
    assert!(
        got.contains(&(
            198,
            "https://listman.redhat.com/mailman/listinfo/exmh-users".to_owned()
        )),
        "{got:#?}"
    );
}

/// C-O4: a URL in an HTML link's text that a mail client broke with
/// `<wbr>` (Gmail does, in `https://groups.google.com/d/<wbr>msgid/…`) is
/// one link, as a reader sees it; its span is the raw bytes, the tag
/// among them.
#[test]
fn c_o4_a_url_broken_by_wbr_is_whole() {
    let raw = b"Content-Type: text/html\n\n<a href=\"https://groups.google.com/d/msgid/x/abc\">https://groups.google.com/d/<wbr>msgid/x/<WBR />abc</a> and <b>wbr</b> <wbr\n";
    let m = Finder::new().message_links(raw, 0..raw.len(), 1);
    let urls: Vec<&str> = m.links.iter().map(|l| l.link.as_str()).collect();
    assert_eq!(
        urls,
        [
            "https://groups.google.com/d/msgid/x/abc",
            "https://groups.google.com/d/msgid/x/abc"
        ]
    );
    assert_eq!(
        &raw[m.links[1].link.span()],
        b"https://groups.google.com/d/<wbr>msgid/x/<WBR />abc"
    );
}
