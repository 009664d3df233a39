//! C-S7 in the command: link-protection redirects stay the links as
//! written, with the URL they lead to beside them (`unwrapped` in
//! `--json` and `--format`), printed in their place with `--unwrap`,
//! judged by it in host filters, `-u` and the deceptive-link verdicts.

use serde_json::Value;
mod common;
use common::urlx;

const MAIL: &str = "tests/data/redirect/protected.eml";
const SAFELINKS: &str = "https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Flore.kernel.org%2Flkml%2F123&data=05%7C01&reserved=0";

fn stdout(args: &[&str]) -> String {
    let o = urlx(args);
    assert!(
        o.status.code().is_some_and(|c| c < 2),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

fn json(args: &[&str]) -> Vec<Value> {
    stdout(args)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn c_s7_json_gives_the_url_as_written_and_the_unwrapped_one() {
    let recs = json(&["--json", MAIL]);
    let first = &recs[0];
    assert_eq!(first["url"], SAFELINKS);
    assert_eq!(first["unwrapped"], "https://lore.kernel.org/lkml/123");
    assert_eq!(first["redirect"], "safelinks");
    let v2 = recs
        .iter()
        .find(|r| r["redirect"] == "urldefense-v2")
        .unwrap();
    assert_eq!(v2["unwrapped"], "https://docs.kernel.org/process/");
    let tco = recs.iter().find(|r| r["redirect"] == "t.co").unwrap();
    assert_eq!(tco["unwrapped"], Value::Null);
    let plain = recs
        .iter()
        .find(|r| r["url"] == "https://lore.kernel.org/lkml/123")
        .unwrap();
    assert_eq!(plain["unwrapped"], Value::Null);
    assert!(plain.get("redirect").is_none());
}

#[test]
fn c_s7_unwrap_prints_the_target_and_unique_counts_it_once() {
    let out = stdout(&["-o", "--unwrap", MAIL]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "https://lore.kernel.org/lkml/123");
    assert!(lines.contains(&"https://docs.kernel.org/process/"));
    assert!(
        lines.contains(&"https://t.co/AbCdEf123"),
        "a token redirect as written"
    );
    assert!(!out.contains("safelinks"), "{out}");
    // -u: the SafeLinks link, its target written plainly later, and the
    // HTML part's anchor to it are one URL.
    let unique = stdout(&["-o", "-u", MAIL]);
    let lore = |l: &&str| *l == SAFELINKS || *l == "https://lore.kernel.org/lkml/123";
    assert_eq!(unique.lines().filter(lore).count(), 1, "{unique}");
    assert!(unique.lines().next().unwrap().contains("safelinks"));
    let format = stdout(&["--format", "{redirect}|{unwrapped}", MAIL]);
    assert_eq!(
        format.lines().next(),
        Some("safelinks|https://lore.kernel.org/lkml/123")
    );
}

#[test]
fn c_s7_host_filters_judge_the_target() {
    let out = stdout(&["-o", "--host", "kernel.org", MAIL]);
    assert!(out.lines().any(|l| l == SAFELINKS), "{out}");
    assert!(!stdout(&["-o", "--host", "outlook.com", MAIL]).contains("safelinks"));
    let pattern = stdout(&["-o", "-e", "^https://docs\\.kernel\\.org/", MAIL]);
    assert!(pattern.contains("urldefense"), "{pattern}");
}

#[test]
fn c_s7_text_showing_the_target_is_not_deceptive() {
    let recs = json(&["--json", MAIL]);
    let honest: Vec<&Value> = recs.iter().filter(|r| r["url"] == SAFELINKS).collect();
    assert!(honest.len() >= 2, "the text part's link and the anchor");
    for r in honest {
        assert!(r.get("deceptive").is_none(), "{r}");
    }
    let lure = recs
        .iter()
        .find(|r| r["unwrapped"] == "http://203.0.113.9/login")
        .unwrap();
    assert_eq!(
        lure["deceptive"],
        "the text shows www.paypal.com but the link goes to 203.0.113.9"
    );
}

#[test]
fn c_s7_unwrap_is_refused_where_it_cannot_apply() {
    for args in [
        &["--unwrap", "--json", MAIL][..],
        &["--unwrap", "-c", MAIL],
        &["--unwrap", "--format", "{url}", MAIL],
        &["--unwrap", "--html", MAIL],
    ] {
        let o = urlx(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&o.stderr).contains("--unwrap"),
            "{args:?}"
        );
    }
}

#[test]
fn c_s7_format_judges_the_target_too() {
    let out = stdout(&["--format", "{deceptive}", MAIL]);
    assert!(
        out.lines()
            .any(|l| l == "the text shows www.paypal.com but the link goes to 203.0.113.9"),
        "{out}"
    );
    assert_eq!(out.lines().filter(|l| !l.is_empty()).count(), 1, "{out}");
}
