//! The documents hold what is true: every console sample prints what the
//! built command prints, every rule id the tree cites has its heading in
//! `docs/rules.md`, and no file cites the specification's sources by a path
//! or name outside the repository.
//!
//! A console sample is a fenced block marked `console`, in `README.md` or a
//! document under `docs/` (and the crates' READMEs): each `$ urlx ARGS`
//! line is run from the repository's root, with standard input from `< FILE`
//! when the line ends so, and the lines after it, up to the next `$ ` line or
//! the fence, are exactly its standard output.

use regex::Regex;
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// The documents whose console samples are checked.
fn documents() -> Vec<PathBuf> {
    let root = root();
    let mut docs = vec![
        root.join("README.md"),
        root.join("capi/README.md"),
        root.join("python/README.md"),
    ];
    let mut under: Vec<PathBuf> = fs::read_dir(root.join("docs"))
        .expect("docs/")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    under.sort();
    docs.extend(under);
    docs
}

/// One `$ urlx ...` line and the output the document gives for it.
struct Sample {
    doc: String,
    line: usize,
    command: String,
    expected: String,
}

fn samples(doc: &Path) -> Vec<Sample> {
    let name = doc.strip_prefix(root()).unwrap().display().to_string();
    let text = fs::read_to_string(doc).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut out: Vec<Sample> = Vec::new();
    let mut in_console = false;
    let mut in_other = false;
    for (i, line) in text.lines().enumerate() {
        if let Some(info) = line.strip_prefix("```") {
            if in_console || in_other {
                in_console = false;
                in_other = false;
            } else if info.trim() == "console" {
                in_console = true;
            } else {
                in_other = true;
            }
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(cmd) = line.strip_prefix("$ ") {
            out.push(Sample {
                doc: name.clone(),
                line: i + 1,
                command: cmd.to_owned(),
                expected: String::new(),
            });
        } else {
            let s = out
                .last_mut()
                .unwrap_or_else(|| panic!("{name}:{}: output before any `$ ` line", i + 1));
            s.expected.push_str(line);
            s.expected.push('\n');
        }
    }
    assert!(
        !in_console && !in_other,
        "{name}: a fenced block is not closed"
    );
    out
}

/// Words as a POSIX shell splits them, for the quoting the samples use:
/// '...' literal, "..." with \" and \\, a backslash escaping one character.
fn words(command: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut started = false;
    let mut chars = command.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' => {
                if started {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            '\'' => {
                started = true;
                for c in chars.by_ref() {
                    if c == '\'' {
                        break;
                    }
                    word.push(c);
                }
            }
            '"' => {
                started = true;
                while let Some(c) = chars.next() {
                    match c {
                        '"' => break,
                        '\\' => match chars.next() {
                            Some(n @ ('"' | '\\' | '$' | '`')) => word.push(n),
                            Some(n) => {
                                word.push('\\');
                                word.push(n);
                            }
                            None => word.push('\\'),
                        },
                        _ => word.push(c),
                    }
                }
            }
            '\\' => {
                started = true;
                word.extend(chars.next());
            }
            _ => {
                started = true;
                word.push(c);
            }
        }
    }
    if started {
        words.push(word);
    }
    words
}

/// The lines of `want` and `got` as a diff: ` ` both, `-` the document's
/// only, `+` the command's only (a longest common subsequence).
fn diff(want: &str, got: &str) -> String {
    let a: Vec<&str> = want.lines().collect();
    let b: Vec<&str> = got.lines().collect();
    let mut lcs = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let (mut i, mut j, mut out) = (0, 0, String::new());
    while i < a.len() || j < b.len() {
        if i < a.len() && j < b.len() && a[i] == b[j] {
            writeln!(out, "  {}", a[i]).unwrap();
            i += 1;
            j += 1;
        } else if i < a.len() && (j == b.len() || lcs[i + 1][j] >= lcs[i][j + 1]) {
            writeln!(out, "- {}", a[i]).unwrap();
            i += 1;
        } else {
            writeln!(out, "+ {}", b[j]).unwrap();
            j += 1;
        }
    }
    if want.ends_with('\n') != got.ends_with('\n') {
        out.push_str("(the two differ in the last line's end)\n");
    }
    out
}

#[test]
fn console_samples_are_what_urlx_prints() {
    let root = root();
    let mut failures = String::new();
    let mut count = 0;
    let mut in_readme = 0;
    for doc in documents() {
        for s in samples(&doc) {
            count += 1;
            if s.doc == "README.md" {
                in_readme += 1;
            }
            let mut args = words(&s.command);
            assert_eq!(
                args.first().map(String::as_str),
                Some("urlx"),
                "{}:{}: a sample runs urlx",
                s.doc,
                s.line
            );
            args.remove(0);
            let mut cmd = Command::new(env!("CARGO_BIN_EXE_urlx"));
            cmd.current_dir(&root)
                .stdin(Stdio::null())
                .env_remove("NO_COLOR");
            if args.len() >= 2 && args[args.len() - 2] == "<" {
                let file = args.pop().unwrap();
                args.pop();
                let input = fs::File::open(root.join(&file))
                    .unwrap_or_else(|e| panic!("{}:{}: {file}: {e}", s.doc, s.line));
                cmd.stdin(input);
            }
            let out = cmd.args(&args).output().expect("run urlx");
            let got = String::from_utf8_lossy(&out.stdout);
            let status = out.status.code();
            if got != s.expected || !matches!(status, Some(0 | 1)) {
                writeln!(
                    failures,
                    "{}:{}: `{}` (exit status {status:?}) prints otherwise than the document says \
                     (- the document, + urlx):\n{}{}",
                    s.doc,
                    s.line,
                    s.command,
                    diff(&s.expected, &got),
                    String::from_utf8_lossy(&out.stderr)
                )
                .unwrap();
            }
        }
    }
    // The README shows five examples, the guide more: a parser that found
    // none would pass every comparison.
    assert!(
        in_readme >= 5,
        "README.md: {in_readme} console samples, fewer than 5"
    );
    assert!(count >= 15, "only {count} console samples in the documents");
    assert!(failures.is_empty(), "{failures}");
}

#[test]
fn shell_words_split_as_the_samples_need() {
    assert_eq!(
        words(r#"urlx --format '{host}\t{url}' a.txt"#),
        ["urlx", "--format", r"{host}\t{url}", "a.txt"]
    );
    assert_eq!(
        words(r#"urlx -e "a\"b" c\ d ''"#),
        ["urlx", "-e", "a\"b", "c d", ""]
    );
}

#[test]
fn a_drifted_sample_is_shown_as_a_diff() {
    let d = diff("a\nb\nc\n", "a\nx\nc\n");
    assert_eq!(d, "  a\n- b\n+ x\n  c\n");
}

/// Files under `dir`, less the build output, version control and what
/// tools leave (the folders git ignores).
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    const SKIP: &[&str] = &[
        "target",
        ".git",
        ".venv",
        "__pycache__",
        ".pytest_cache",
        "fetched",
        "corpus",
        "artifacts",
        "coverage",
        "build",
    ];
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries {
        let e = e.unwrap();
        let path = e.path();
        let ty = e.file_type().unwrap();
        if ty.is_dir() {
            if !SKIP.contains(&e.file_name().to_str().unwrap_or("")) {
                files(&path, out);
            }
        } else if ty.is_file() {
            out.push(path);
        }
    }
}

fn tree(parts: &[&str]) -> Vec<PathBuf> {
    let root = root();
    let mut out = Vec::new();
    for p in parts {
        files(&root.join(p), &mut out);
    }
    // The files at the root: the documents, the manifests.
    for e in fs::read_dir(&root).unwrap() {
        let p = e.unwrap().path();
        if p.is_file() {
            out.push(p);
        }
    }
    out.sort();
    out
}

#[test]
fn every_rule_id_cited_has_its_heading_in_rules_md() {
    let root = root();
    let id = Regex::new(r"C-[A-Z]+[0-9]+").unwrap();
    let rules = fs::read_to_string(root.join("docs/rules.md")).unwrap();
    let heading = Regex::new(r#"(?m)^<a id="([a-z0-9-]+)"></a>\n### (C-[A-Z]+[0-9]+): "#).unwrap();
    let mut held = BTreeSet::new();
    for c in heading.captures_iter(&rules) {
        assert_eq!(
            c[1],
            c[2].to_lowercase(),
            "docs/rules.md: the anchor of {} is its id",
            &c[2]
        );
        assert!(
            held.insert(c[2].to_owned()),
            "docs/rules.md: {} twice",
            &c[2]
        );
    }
    let mut missing = String::new();
    let mut cited = BTreeSet::new();
    for file in tree(&[
        "src", "cli", "capi", "python", "tests", "benches", "fuzz", "docs",
    ]) {
        let text = String::from_utf8_lossy(&fs::read(&file).unwrap()).into_owned();
        for m in id.find_iter(&text) {
            cited.insert(m.as_str().to_owned());
            if !held.contains(m.as_str()) {
                let line = text[..m.start()].matches('\n').count() + 1;
                writeln!(
                    missing,
                    "{}:{line}: {}",
                    file.strip_prefix(&root).unwrap().display(),
                    m.as_str()
                )
                .unwrap();
            }
        }
    }
    assert!(
        missing.is_empty(),
        "rule ids with no heading in docs/rules.md:\n{missing}"
    );
    // The scan reads the tree: the code and its tests cite these rules
    // (C-W3 among them), so a scan that read nothing would fail here.
    assert!(
        cited.len() >= 30 && cited.contains("C-W3"),
        "only {} rule ids cited: {cited:?}",
        cited.len()
    );
}

#[test]
fn links_to_a_rule_name_a_heading() {
    let root = root();
    let rules = fs::read_to_string(root.join("docs/rules.md")).unwrap();
    let link = Regex::new(r"rules\.md#([A-Za-z0-9-]+)").unwrap();
    let mut bad = String::new();
    for file in tree(&["docs", "capi", "python", "cli/src"]) {
        if file.extension().is_none_or(|e| e != "md" && e != "rs") {
            continue;
        }
        let text = fs::read_to_string(&file).unwrap();
        for c in link.captures_iter(&text) {
            if !rules.contains(&format!("<a id=\"{}\"></a>", &c[1])) {
                writeln!(
                    bad,
                    "{}: rules.md#{}",
                    file.strip_prefix(&root).unwrap().display(),
                    &c[1]
                )
                .unwrap();
            }
        }
    }
    assert!(
        bad.is_empty(),
        "links to no heading of docs/rules.md:\n{bad}"
    );
}

#[test]
fn no_file_cites_the_specification_sources_outside_the_repository() {
    // The rules are docs/rules.md, citing RFC and Unicode sections; the
    // files they were first written from are not in the repository, so a
    // path to them, or one of their names (a lettered digest, a numbered
    // seed), points at nothing a reader has.
    let root = root();
    let cite = Regex::new(r"(?i)\.\./shared|seed-dige[s]t|\bdigest [ab](?: (?:§|[DEHNP]\d)|[),:/]|\.md)|\bseeds? 0\d\d\b")
        .unwrap();
    let mut found = String::new();
    for file in tree(&[
        "src",
        "cli",
        "capi",
        "python",
        "tests",
        "benches",
        "fuzz",
        "docs",
        "examples",
        "corpora",
        ".ci",
        "proptest-regressions",
    ]) {
        let text = String::from_utf8_lossy(&fs::read(&file).unwrap()).into_owned();
        for m in cite.find_iter(&text) {
            let line = text[..m.start()].matches('\n').count() + 1;
            writeln!(
                found,
                "{}:{line}: {}",
                file.strip_prefix(&root).unwrap().display(),
                m.as_str()
            )
            .unwrap();
        }
    }
    assert!(
        found.is_empty(),
        "cited by a name or path outside the repository:\n{found}"
    );
    // The forms it catches, written in pieces so that this file passes.
    for text in [
        ["see digest", " b §5.1"],
        ["Seed", " 003"],
        ["..", "/shared/spec"],
        ["(digest", " a D9)"],
    ] {
        assert!(cite.is_match(&text.concat()), "{}", text.concat());
    }
}
