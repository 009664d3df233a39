//! `urlx --uts58`: the standard's detection test through the command, and
//! `{minimal}` in `--format`.

mod common;

use common::{read, urlx_stdin};

/// C-F10: every line of `LinkDetectionTest.txt` given alone to
/// `urlx --uts58 --json -` is marked as the file marks it.
#[test]
fn c_f10_link_detection_test_through_the_command() {
    let file = String::from_utf8(read("tests/data/uts58/LinkDetectionTest.txt")).unwrap();
    let lines: Vec<&str> = file
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .collect();
    assert_eq!(lines.len(), 344);
    let mut failed = Vec::new();
    for line in &lines {
        let text: String = line.chars().filter(|&c| c != '⸠' && c != '⸡').collect();
        let out = urlx_stdin(&["--uts58", "--no-mail", "--json", "-"], &text);
        assert!(out.status.code().is_some_and(|c| c <= 1), "{out:?}");
        let mut marked = String::new();
        let mut at = 0;
        for rec in String::from_utf8(out.stdout).unwrap().lines() {
            let v: serde_json::Value = serde_json::from_str(rec).unwrap();
            let (start, end) = (
                v["start"].as_u64().unwrap() as usize,
                v["end"].as_u64().unwrap() as usize,
            );
            marked.push_str(&text[at..start]);
            marked.push('⸠');
            marked.push_str(&text[start..end]);
            marked.push('⸡');
            at = end;
        }
        marked.push_str(&text[at..]);
        if marked != *line {
            failed.push(format!("want {line}\n got {marked}"));
        }
    }
    assert!(
        failed.is_empty(),
        "{} lines fail:\n{}",
        failed.len(),
        failed.join("\n")
    );
}

/// C-F10: `{minimal}` writes the URL minimally escaped; `--uts58` reports
/// a domain name with `https://` and an address as `mailto:`.
#[test]
fn c_f10_minimal_in_a_template() {
    let out = urlx_stdin(
        &["--uts58", "--format", "{form}\t{url}\t{minimal}", "-"],
        "see https://ru.wikinews.org/wiki/%D0%9A%D0%B0%D1%82 and example.com/a%20b. or jöhn@example.com\n",
    );
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "bare\thttps://ru.wikinews.org/wiki/%D0%9A%D0%B0%D1%82\thttps://ru.wikinews.org/wiki/Кат\n\
         domain\thttps://example.com/a%20b\thttps://example.com/a%20b\n\
         email\tmailto:jöhn@example.com\tmailto:jöhn@example.com\n"
    );
}
