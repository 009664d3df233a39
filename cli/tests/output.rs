//! What the command prints, beyond the links themselves: --unique on what
//! is printed, the marks of truncated URLs and alternative readings,
//! --format, the examples of --help, and the man page and completions.

use std::process::Command;

mod common;
use common::{urlx, urlx_stdin};

fn out(o: &std::process::Output) -> String {
    assert!(
        o.status.code().is_some_and(|c| c < 2),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[test]
fn unique_is_on_what_is_printed() {
    let text = "http://A.example:80/%7Ex http://a.example/~x http://a.example/~x/ \n";
    assert_eq!(
        out(&urlx_stdin(&["-o", "-u", "--normalize"], text)),
        "http://a.example/~x\nhttp://a.example/~x/\n"
    );
    assert_eq!(out(&urlx_stdin(&["-o", "-u"], text)).lines().count(), 3);
    assert_eq!(out(&urlx_stdin(&["-c", "-u", "--normalize"], text)), "2\n");
}

#[test]
fn a_url_cut_at_a_cap_is_marked() {
    let text = "see http://a.example/abcdefghijklmnop and http://b.example/\n";
    let args = ["--max-url-len", "20"];
    assert_eq!(
        out(&urlx_stdin(&[&args[..], &["-o"]].concat(), text)),
        "http://a.example/abc [truncated]\nhttp://b.example/\n"
    );
    assert_eq!(
        out(&urlx_stdin(&args, text)),
        "1:http://a.example/abc [truncated]\n1:http://b.example/\n"
    );
    assert_eq!(
        out(&urlx_stdin(
            &[&args[..], &["--format", "{url} {truncated}"]].concat(),
            text
        )),
        "http://a.example/abc true\nhttp://b.example/ false\n"
    );
}

#[test]
fn format_prints_json_fields() {
    let o = urlx(&[
        "--format",
        "{line}\\t{form}\\t{host}\\t{url}|{subject}",
        "corpora/sample.mbox",
    ]);
    let s = out(&o);
    let first = s.lines().next().unwrap();
    let json = out(&urlx(&["--json", "corpora/sample.mbox"]));
    let v: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    let want = format!(
        "{}\t{}\t{}\t{}|{}",
        v["line"],
        v["form"].as_str().unwrap(),
        v["host"].as_str().unwrap_or(""),
        v["url"].as_str().unwrap(),
        v["subject"].as_str().unwrap_or("")
    );
    assert_eq!(first, want);
    assert_eq!(s.lines().count(), json.lines().count());
    // {normalized} without --normalize, and braces.
    assert_eq!(
        out(&urlx_stdin(
            &["--format", "{{{normalized}}}"],
            "HTTP://X.example/%7e\n"
        )),
        "{http://x.example/~}\n"
    );
    let o = urlx_stdin(&["--format", "{uri}"], "http://x/\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no field \"uri\""));
}

#[test]
fn the_examples_of_help_run_as_pasted() {
    let help = out(&urlx(&["--help"]));
    let bin = env!("CARGO_BIN_EXE_urlx");
    for (example, lines) in [("urlx resolve ", 3), ("urlx parse ", 1)] {
        let line = help
            .lines()
            .map(str::trim)
            .find(|l| l.starts_with(example))
            .unwrap_or_else(|| panic!("no {example} in --help"));
        let cmd = line.replacen("urlx", bin, 1);
        let o = Command::new("sh").arg("-c").arg(&cmd).output().unwrap();
        assert_eq!(
            o.status.code(),
            Some(0),
            "{cmd}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert_eq!(
            String::from_utf8(o.stdout).unwrap().lines().count(),
            lines,
            "{cmd}"
        );
    }
}

#[test]
fn man_page_and_completions_are_generated() {
    let man = out(&urlx(&["generate", "man"]));
    assert!(
        man.starts_with(".ie \\n(.g .ds Aq") || man.contains(".TH urlx"),
        "{}",
        &man[..200]
    );
    for flag in ["host\\-file", "invert\\-match", "format"] {
        assert!(man.contains(flag), "man page lacks {flag}");
    }
    for (shell, mark) in [
        ("bash", "_urlx()"),
        ("zsh", "#compdef urlx"),
        ("fish", "complete -c urlx"),
    ] {
        let c = out(&urlx(&["generate", "completions", shell]));
        assert!(c.contains(mark), "{shell}: {}", &c[..c.len().min(200)]);
        assert!(
            c.contains("host-file"),
            "{shell} completions lack --host-file"
        );
    }
    let o = urlx(&["generate", "completions", "tcsh"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn a_mistyped_flag_gets_the_one_meant() {
    let o = urlx(&["--jsn", "corpora/sample.mbox"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("a similar argument exists: '--json'"), "{err}");
}
