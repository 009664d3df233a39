//! `--refang`: defanged indicators found, reported refanged with the form
//! "defanged" and their span as written; each input read whole as plain
//! text (standard input too); mail refused, named; never in the
//! linkifier.

use serde_json::Value;
mod common;
use common::{urlx, urlx_stdin};

const NOTES: &str = "tests/data/refang/indicators.txt";

fn json_of(o: &std::process::Output) -> Vec<Value> {
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn defanged_indicators_refanged_with_their_written_span() {
    let text = std::fs::read_to_string(common::repo_file(NOTES)).unwrap();
    let recs = json_of(&urlx(&["--refang", "--json", NOTES]));
    let got: Vec<(&str, &str, &str)> = recs
        .iter()
        .map(|r| {
            let (s, e) = (
                r["start"].as_u64().unwrap() as usize,
                r["end"].as_u64().unwrap() as usize,
            );
            (
                r["url"].as_str().unwrap(),
                r["form"].as_str().unwrap(),
                &text[s..e],
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            (
                "https://evil.example/login?u=1",
                "defanged",
                "hxxps://evil[.]example/login?u=1"
            ),
            (
                "http://203.0.113.9/drop",
                "defanged",
                "http[:]//203(.)0.113(.)9/drop"
            ),
            (
                "http://login.bank-example.com",
                "defanged",
                "login[.]bank-example[.]com"
            ),
            ("https://ok.example/", "bare", "https://ok.example/"),
        ]
    );
    // Lines and columns of the text as written.
    assert_eq!(
        (recs[1]["line"].as_u64(), recs[1]["column"].as_u64()),
        (Some(3), Some(3))
    );
    // Off by default: the plain finder finds none of them.
    let plain = json_of(&urlx(&["--json", NOTES]));
    assert_eq!(plain.len(), 1);
    // An address, with --email; --form keeps the defanged ones alone.
    let out = urlx(&["--refang", "--email", "-o", "--form", "defanged", NOTES]);
    let lines: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_owned)
        .collect();
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert_eq!(lines[3], "mailto:phish@evil.example");
}

#[test]
fn standard_input_is_read_whole() {
    let o = urlx_stdin(
        &["--refang", "-o"],
        "see hxxp://a[.]example/x and b[dot]example[dot]org\n",
    );
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "http://a.example/x\nhttp://b.example.org\n"
    );
}

#[test]
fn mail_and_the_linkifier_are_refused() {
    let o = urlx(&["--refang", "corpora/sample.mbox"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("corpora/sample.mbox: --refang reads plain text"),
        "{err}"
    );
    assert!(err.contains("--no-mail"), "{err}");
    for args in [
        &["--refang", "--html", NOTES][..],
        &["--refang", "--hyperlink", NOTES],
        &["--refang", "--mail", NOTES],
    ] {
        let o = urlx(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&o.stderr).contains("--refang"),
            "{args:?}"
        );
    }
}
