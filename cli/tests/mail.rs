//! The command's mail mode: `--json` fields, warnings and counts with
//! `--verbose` and `--stats`, `--mail` and `--no-mail`, and a large mbox
//! streamed message by message.

mod common;
use common::urlx;

#[test]
fn command_mail_mode_json_verbose_and_stats() {
    let dir = std::env::temp_dir().join(format!("urlx-mail-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join("bad.eml");
    std::fs::write(&p, b"Message-ID: <m1@x>\nSubject: Bad\nDate: Mon, 1 Jan 2024 00:00:00 +0000\nContent-Type: multipart/mixed; boundary=z\n\n--z\nContent-Transfer-Encoding: quoted-printable\n\nsee http://q.example/?a=3Db\n--z\nContent-Type: image/png\n\nxx\n").unwrap();
    let path = p.to_str().unwrap();
    let o = urlx(&["--json", "--verbose", "--stats", path]);
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8(o.stdout).unwrap();
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["url"], "http://q.example/?a=b");
    assert_eq!(v["line"], 9);
    assert_eq!(v["message_id"], "m1@x");
    assert_eq!(v["subject"], "Bad");
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("not closed"), "{err}");
    assert!(err.contains("1 message, 1 non-text part skipped"), "{err}");
    // --no-mail reads the raw bytes.
    let o = urlx(&["-o", "--no-mail", path]);
    assert_eq!(
        String::from_utf8(o.stdout).unwrap(),
        "http://q.example/?a=3Db\n"
    );
    // --mail on text that does not look like mail: read as one message.
    let t = dir.join("t.txt");
    std::fs::write(&t, b"plain http://p.example/=\nrest\n").unwrap();
    let o = urlx(&["-o", "--mail", t.to_str().unwrap()]);
    assert_eq!(String::from_utf8(o.stdout).unwrap(), "http://p.example/=\n");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn command_streams_a_large_mbox_message_by_message() {
    let dir = std::env::temp_dir().join(format!("urlx-bigmbox-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut mbox = Vec::new();
    let mut n = 0;
    while mbox.len() < (17 << 20) {
        mbox.extend_from_slice(format!("From x{n} Mon Jan  1 00:00:00 2024\nMessage-ID: <{n}@x>\nContent-Transfer-Encoding: quoted-printable\n\nhttp://h{n}.example/?a=3D{n}&b=\n=3Dc\n{}\n\n", "x".repeat(300)).as_bytes());
        n += 1;
    }
    let p = dir.join("big.mbox");
    std::fs::write(&p, &mbox).unwrap();
    let o = urlx(&["-o", p.to_str().unwrap()]);
    let out = String::from_utf8(o.stdout).unwrap();
    assert_eq!(out.lines().count(), n);
    assert!(out
        .lines()
        .enumerate()
        .all(|(i, l)| l == format!("http://h{i}.example/?a={i}&b=c")));
    // Raw line numbers across messages: message i starts on line 8 i + 1.
    let o = urlx(&["--json", p.to_str().unwrap()]);
    let last: serde_json::Value =
        serde_json::from_str(String::from_utf8(o.stdout).unwrap().lines().last().unwrap()).unwrap();
    assert_eq!(last["line"], 8 * (n as u64 - 1) + 5);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The fields a reader sees, as a reader sees them: RFC 2047 encoded
/// words decoded in `subject`, `from` and `to`; a bidirectional control
/// in them written escaped, so that it cannot reorder the line.
#[test]
fn reader_fields_are_decoded_and_cannot_reorder_the_line() {
    let msg = "From: =?utf-8?b?w4lsaXNl?= <e@x.example>\nTo: =?ISO-8859-1?Q?Ren=E9?= <r@x.example>\nSubject: =?utf-8?b?w6k=?= and =?ISO-8859-1?Q?caf=E9?= \u{202e}gnp.exe\u{200f}\n\nhttp://a.example/\n";
    let o = common::urlx_stdin(&["--json", "--mail"], msg);
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.contains("\\u202egnp.exe\\u200f"), "{out}");
    assert!(
        !out.contains('\u{202e}') && !out.contains('\u{200f}'),
        "{out}"
    );
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["subject"], "é and café \u{202e}gnp.exe\u{200f}");
    assert_eq!(v["from"], "Élise <e@x.example>");
    assert_eq!(v["to"], "René <r@x.example>");
    let o = common::urlx_stdin(&["--mail", "--format", "{from}|{subject}"], msg);
    assert_eq!(
        String::from_utf8(o.stdout).unwrap(),
        "Élise <e@x.example>|é and café \\u{202e}gnp.exe\\u{200f}\n"
    );
}

/// C-S2 in mail mode: the href of an HTML part's link whose text shows
/// another host carries the verdict in --json and --format.
#[test]
fn html_links_showing_another_host_are_deceptive_in_json() {
    let o = common::urlx(&["--json", "tests/data/mail/phish-html.eml"]);
    let rows: Vec<serde_json::Value> = String::from_utf8(o.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let verdict = |url: &str| {
        rows.iter()
            .find(|r| r["url"] == url)
            .unwrap_or_else(|| panic!("{url} not found"))
            .get("deceptive")
            .and_then(|d| d.as_str().map(str::to_owned))
    };
    assert_eq!(
        verdict("http://203.0.113.9/login/verify.php?id=7781").as_deref(),
        Some("the text shows www.paypal.com but the link goes to 203.0.113.9")
    );
    // The text of a link that goes where it says is no deception, and
    // neither is a link found in text.
    assert_eq!(verdict("https://www.example.com/track?id=1"), None);
    assert_eq!(verdict("https://www.paypal.com/signin"), None);
    assert_eq!(rows[0]["encoding"], "quoted-printable");
}

/// Lowercase quoted-printable escapes (`=3d`, `=2e`, `=c3=a9`) are decoded
/// by the command as by the library (`tests/mail.rs`).
#[test]
fn command_mail_mode_decodes_lowercase_escapes() {
    let msg = b"Subject: qp\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\nsee http://h=2eexample/?a=3d1 and http://caf=c3=a9.example/x=\n/y\n";
    let o = common::urlx_stdin(&["-o", "--mail", "-"], msg);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(o.stdout).unwrap(),
        "http://h.example/?a=1\nhttp://caf\u{e9}.example/x/y\n"
    );
}
