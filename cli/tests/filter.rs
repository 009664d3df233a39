//! The filters (-e, -f, -F, -i, --host, --host-file, -v, --no-headers,
//! --headers-only), each against an independent oracle over the unfiltered
//! output, in every output mode; and the options they cannot combine with.

use std::collections::BTreeSet;
use std::io::Write;
use std::process::Output;

use serde_json::Value;
mod common;
use common::{urlx, urlx_stdin};

const CORPUS: &str = "corpora/mail";

fn lines(o: &Output) -> Vec<String> {
    assert!(
        o.status.code().is_some_and(|c| c < 2),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout.clone())
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

/// Every URL of the corpus, unfiltered, in order (`-o`).
fn all_lines() -> Vec<String> {
    lines(&urlx(&["-o", CORPUS]))
}

/// The URL of a `-o` line.
fn url_of(line: &str) -> &str {
    line
}

#[test]
fn patterns_keep_what_the_regex_crate_matches() {
    let all = all_lines();
    assert!(all.len() > 500, "{}", all.len());
    for (pattern, extra) in [
        (r"/patch/[0-9]+", &[][..]),
        (r"^https://", &[]),
        (r"\.(?:pdf|txt)$", &[]),
        (r"GMANE|Notmuch", &["-i"][..]),
        (r"lists?\.", &["-v"][..]),
    ] {
        let mut args = vec!["-o", "-e", pattern];
        args.extend(extra);
        args.push(CORPUS);
        let got = lines(&urlx(&args));
        let re = regex::RegexBuilder::new(pattern)
            .case_insensitive(extra.contains(&"-i"))
            .build()
            .unwrap();
        let invert = extra.contains(&"-v");
        let want: Vec<String> = all
            .iter()
            .filter(|l| re.is_match(url_of(l)) != invert)
            .cloned()
            .collect();
        assert!(
            !want.is_empty() && want.len() < all.len(),
            "{pattern}: {}",
            want.len()
        );
        assert_eq!(got, want, "-e {pattern} {extra:?}");
    }
}

#[test]
fn fixed_strings_from_a_file_keep_urls_holding_one() {
    let all = all_lines();
    let dir = std::env::temp_dir().join(format!("urlx-filter-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("literals.txt");
    // Regex metacharacters, which -F takes literally; CRLF line ends.
    let literals = ["?", "(", "notmuchmail.org/", "ozlabs", "[", "zzz-none"];
    std::fs::write(&file, literals.join("\r\n")).unwrap();
    let f = file.to_str().unwrap();
    let got = lines(&urlx(&["-o", "-F", "-f", f, CORPUS]));
    let want: Vec<String> = all
        .iter()
        .filter(|l| literals.iter().any(|lit| url_of(l).contains(lit)))
        .cloned()
        .collect();
    assert!(!want.is_empty() && want.len() < all.len());
    assert_eq!(got, want);
    // -i folds case.
    let got = lines(&urlx(&["-o", "-F", "-i", "-e", "NOTMUCHMAIL.ORG/", CORPUS]));
    let want: Vec<String> = all
        .iter()
        .filter(|l| url_of(l).to_lowercase().contains("notmuchmail.org/"))
        .cloned()
        .collect();
    assert!(!want.is_empty());
    assert_eq!(got, want);
    // An empty pattern file keeps nothing (exit 1), as in rg.
    std::fs::write(&file, "").unwrap();
    let o = urlx(&["-f", f, CORPUS]);
    assert_eq!(o.status.code(), Some(1));
    assert!(o.stdout.is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Whether `host` is `domain` or under it, case aside.
fn under(host: &str, domain: &str) -> bool {
    let h = host.to_ascii_lowercase();
    let d = domain.to_ascii_lowercase();
    h == d || h.ends_with(&format!(".{d}"))
}

#[test]
fn hosts_keep_their_domains_and_what_is_under_them() {
    let all: Vec<Value> = lines(&urlx(&["--json", CORPUS]))
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let host = |v: &Value| v["host"].as_str().map(str::to_owned);
    let hosts: BTreeSet<String> = all.iter().filter_map(host).collect();
    assert!(hosts.len() > 50);
    let domains = ["ozlabs.org", "notmuchmail.org", "Debian.NET"];
    let got = lines(&urlx(&["--json", "--host", &domains.join(","), CORPUS]));
    let want: Vec<String> = all
        .iter()
        .filter(|v| host(v).is_some_and(|h| domains.iter().any(|d| under(&h, d))))
        .map(|v| v.to_string())
        .collect();
    assert!(want.len() > 10 && want.len() < all.len(), "{}", want.len());
    let got: Vec<String> = got
        .iter()
        .map(|l| serde_json::from_str::<Value>(l).unwrap().to_string())
        .collect();
    assert_eq!(got, want);

    // A host file of every host the corpus has, but one, plus 100,000
    // that match nothing; inverted, it keeps the one and the links
    // without a host.
    let left_out = hosts.iter().next().unwrap().clone();
    let dir = std::env::temp_dir().join(format!("urlx-hosts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("hosts.txt");
    let mut w = std::io::BufWriter::new(std::fs::File::create(&file).unwrap());
    writeln!(w, "# every host but one").unwrap();
    for h in hosts.iter().filter(|h| **h != left_out) {
        // Only exact names: a parent domain would keep the one left out.
        writeln!(w, "{h}").unwrap();
    }
    for i in 0..100_000 {
        writeln!(w, "0.0.0.0 host{i}.invalid").unwrap();
    }
    drop(w);
    let got = lines(&urlx(&[
        "-o",
        "-v",
        "--host-file",
        file.to_str().unwrap(),
        CORPUS,
    ]));
    let listed = |h: &str| hosts.iter().any(|x| x != &left_out && under(h, x));
    let want: Vec<String> = all
        .iter()
        .filter(|v| host(v).is_none_or(|h| !listed(&h)))
        .map(|v| v["url"].as_str().unwrap().to_owned())
        .collect();
    assert!(!want.is_empty());
    assert_eq!(got, want);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn header_links_are_chosen_in_mail() {
    let mbox = "corpora/sample.mbox";
    let all = lines(&urlx(&["--json", mbox]));
    let body = lines(&urlx(&["--json", "--no-headers", mbox]));
    let headers = lines(&urlx(&["--json", "--headers-only", mbox]));
    assert!(!body.is_empty() && !headers.is_empty());
    assert_eq!(body.len() + headers.len(), all.len());
    for h in &headers {
        assert!(!body.contains(h));
    }
    // Every header link is on a line before its message's first blank line.
    let text = String::from_utf8(common::read(mbox)).unwrap();
    let in_header = |line: usize| {
        let before: Vec<&str> = text.lines().take(line).collect();
        let from = before.iter().rposition(|l| l.starts_with("From ")).unwrap();
        !before[from..].iter().any(|l| l.is_empty())
    };
    for h in &headers {
        let v: Value = serde_json::from_str(h).unwrap();
        assert!(in_header(v["line"].as_u64().unwrap() as usize), "{h}");
    }
    for b in &body {
        let v: Value = serde_json::from_str(b).unwrap();
        assert!(!in_header(v["line"].as_u64().unwrap() as usize), "{b}");
    }
}

#[test]
fn filters_apply_in_every_output_mode() {
    let text = "a http://keep.example/1 b http://drop.example/2 c <http://keep.example/1>\n\
                d ftp://keep.example/3 e http://sub.keep.example/4\n";
    let f = ["--host", "keep.example", "-e", "/[134]$"];
    let run = |extra: &[&str]| {
        let mut args = f.to_vec();
        args.extend(extra);
        urlx_stdin(&args, text)
    };
    let want = [
        "http://keep.example/1",
        "http://keep.example/1",
        "ftp://keep.example/3",
        "http://sub.keep.example/4",
    ];
    assert_eq!(lines(&run(&["-o"])), want);
    assert_eq!(lines(&run(&[])).len(), 4);
    assert_eq!(lines(&run(&["-o", "-u"])), [want[0], want[2], want[3]]);
    assert_eq!(lines(&run(&["-c"])), ["4"]);
    assert_eq!(lines(&run(&["--format", "{url}"])), want);
    let json = lines(&run(&["--json"]));
    assert_eq!(json.len(), 4);
    assert!(json.iter().all(|l| !l.contains("drop.example")));
    assert_eq!(lines(&run(&["-o", "--scheme", "ftp"])), [want[2]]);
    // --html and --hyperlink link the kept URLs only; the others stay text.
    let html = String::from_utf8(run(&["--html"]).stdout).unwrap();
    assert_eq!(html.matches("<a href=").count(), 4, "{html}");
    assert!(html.contains("http://drop.example/2 c"), "{html}");
    let osc8 = String::from_utf8(run(&["--hyperlink"]).stdout).unwrap();
    assert_eq!(osc8.matches("\x1b]8;id=").count(), 4, "{osc8:?}");
    // --html --scheme ftp links the ftp URL alone.
    let html = String::from_utf8(urlx_stdin(&["--html", "--scheme", "ftp"], text).stdout).unwrap();
    assert_eq!(html.matches("<a href=").count(), 1, "{html}");
}

#[test]
fn bad_filters_are_errors_that_say_where() {
    let o = urlx(&["-e", "a(b", "corpora/sample.mbox"]);
    assert_eq!(o.status.code(), Some(2));
    let e = String::from_utf8(o.stderr).unwrap();
    assert!(e.starts_with("urlx: pattern \"a(b\": "), "{e}");
    let dir = std::env::temp_dir().join(format!("urlx-badhosts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("hosts.txt");
    std::fs::write(&file, "ok.example\n\nhttp://bad.example/\n").unwrap();
    let o = urlx(&["--host-file", file.to_str().unwrap(), "corpora/sample.mbox"]);
    assert_eq!(o.status.code(), Some(2));
    let e = String::from_utf8(o.stderr).unwrap();
    assert!(
        e.contains("hosts.txt:3: host \"http://bad.example/\": not a host name"),
        "{e}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
    let o = urlx(&["-v", "corpora/sample.mbox"]);
    assert!(String::from_utf8(o.stderr)
        .unwrap()
        .contains("--invert-match (-v) inverts -e, -f and --host"));
    let o = urlx(&["-f", "/nonexistent/p.txt", "corpora/sample.mbox"]);
    assert_eq!(
        String::from_utf8(o.stderr).unwrap(),
        "urlx: /nonexistent/p.txt: No such file or directory\n"
    );
}

#[test]
fn options_that_cannot_apply_are_refused() {
    for args in [
        &["--html", "-u"][..],
        &["--html", "--stats"],
        &["--hyperlink", "--alt"],
        &["--html-page", "--json"],
        &["--json", "--alt"],
        &["--no-mail", "--headers-only"],
    ] {
        let mut args = args.to_vec();
        args.push("corpora/sample.mbox");
        let o = urlx(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let e = String::from_utf8(o.stderr).unwrap();
        assert!(e.contains("does not apply"), "{args:?}: {e}");
        assert!(o.stdout.is_empty());
    }
}
