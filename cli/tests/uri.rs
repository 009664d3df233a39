//! `urlx parse` and `urlx resolve` from the shell (CONTRACT C-P2, C-P4).

use serde_json::Value;
use std::process::Output;
mod common;
use common::{urlx, urlx_stdin};

fn json_lines(out: &Output) -> Vec<Value> {
    String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

#[test]
fn parse_prints_every_component() {
    let out = urlx(&["parse", "http://user@[::1]:8080/a/./b?q#f"]);
    assert_eq!(out.status.code(), Some(0));
    let v = &json_lines(&out)[0];
    assert_eq!(v["input"], "http://user@[::1]:8080/a/./b?q#f");
    assert_eq!(v["valid"], true);
    assert_eq!(v["error"], Value::Null);
    assert_eq!(v["scheme"], "http");
    assert_eq!(v["userinfo"], "user");
    assert_eq!(v["host"], "[::1]");
    assert_eq!(v["host_kind"], "ipv6");
    assert_eq!(v["port"], "8080");
    assert_eq!(v["path"], "/a/./b");
    assert_eq!(v["query"], "q");
    assert_eq!(v["fragment"], "f");
    assert_eq!(v["normalized"], "http://user@[::1]:8080/a/b?q#f");
    assert_eq!(v["minimal"], "http://user@[::1]:8080/a/./b?q#f");
    // RFC 1738 allows no userinfo in http (C-S2 flags it too).
    assert_eq!(v["rfc1738"]["ok"], false);
    assert_eq!(v["rfc1738"]["kind"], "userinfo-not-allowed");
}

/// C-F10: `minimal` is the URL as UTS #58 writes it into text.
#[test]
fn c_f10_parse_gives_the_minimal_form() {
    let out = urlx(&[
        "parse",
        "https://ja.wikipedia.org/wiki/%E6%97%A5%E6%9C%AC%20x.",
    ]);
    assert_eq!(
        json_lines(&out)[0]["minimal"],
        "https://ja.wikipedia.org/wiki/日本%20x%2E"
    );
}

#[test]
fn c_p2_parse_reports_the_error_index_and_exits_1() {
    let out = urlx(&["parse", "http://a/", "http://a/b c"]);
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["valid"], true);
    assert_eq!(lines[1]["valid"], false);
    assert_eq!(lines[1]["error"]["index"], 10);
    assert_eq!(lines[1]["error"]["kind"], "unexpected-char");
    assert_eq!(lines[1]["scheme"], Value::Null);
}

#[test]
fn parse_undefined_is_null_and_empty_is_empty() {
    let lines = json_lines(&urlx(&[
        "parse",
        "ftp://@host.com/",
        "ftp://host.com/",
        "http:",
    ]));
    assert_eq!(lines[0]["userinfo"], "");
    assert_eq!(lines[1]["userinfo"], Value::Null);
    assert_eq!(lines[2]["host"], Value::Null);
    assert_eq!(lines[2]["path"], "");
}

#[test]
fn c_p6_parse_iris_and_strict_mode() {
    let lines = json_lines(&urlx(&["parse", "http://例え.jp/パス"]));
    assert_eq!(lines[0]["valid"], true);
    assert_eq!(
        lines[0]["ascii"],
        "http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9"
    );
    let out = urlx(&["parse", "--strict", "http://例え.jp/"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(json_lines(&out)[0]["error"]["index"], 7);
}

#[test]
fn parse_reads_stdin_lines() {
    let out = urlx_stdin(&["parse"], "http://a/\r\nmailto:x@y\n");
    assert_eq!(out.status.code(), Some(0));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["input"], "http://a/");
    assert_eq!(lines[1]["scheme"], "mailto");
}

#[test]
fn c_p4_resolve_default_and_compat_modes() {
    let out = urlx(&[
        "resolve",
        "http://a/b/c/d;p?q",
        "g?y/../x",
        "?y",
        "../../../g",
    ]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "http://a/b/c/g?y/../x\nhttp://a/b/c/d;p?y\nhttp://a/g\n"
    );
    let out = urlx(&[
        "resolve",
        "--compat",
        "draft1997",
        "http://a/b/c/d;p?q",
        "g?y/../x",
        "?y",
        "../../../g",
    ]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "http://a/b/c/x\nhttp://a/b/c/?y\nhttp://a/../g\n"
    );
    let out = urlx(&[
        "resolve",
        "--compat",
        "draft2003",
        "http://a/b/c/d;p?q",
        "/./g",
    ]);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "http://a/./g\n");
}

#[test]
fn resolve_reports_bad_references_and_bad_bases() {
    let out = urlx(&["resolve", "http://a/b", "c", "a b"]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<_> = text.lines().collect();
    assert_eq!(lines[0], "http://a/c");
    assert!(
        lines[1].starts_with("error: \"a b\" is not a URI reference"),
        "{}",
        lines[1]
    );
    let out = urlx(&["resolve", "/relative", "c"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not an absolute URI"));
}

#[test]
fn help_and_version() {
    let out = urlx(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(help.contains("parse") && help.contains("resolve"));
    let out = urlx(&["resolve", "--help"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("draft1997"));
    let out = urlx(&["--version"]);
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("urlx "));
}
