//! Regression on real text: every folder of `corpora/forms/` (one per way
//! a URL is written in mail and plain text) against the links recorded in
//! `tests/data/forms/<folder>.tsv`, which were checked by eye when written
//! (file, line:column, form, URL, alternative or `-`).
//!
//! The files are read as plain text, so mail-encoding artefacts (`=3D`, a
//! URL cut at a quoted-printable soft break) are recorded as plain-text
//! extraction gives them; the mail mode decodes them, and `tests/mail.rs`
//! checks what it finds in some of these messages.
//!
//! A missing folder or `.tsv` is a failure. To re-record after a deliberate
//! change: `URLX_BLESS=1 cargo test --test extract_forms` rewrites every
//! `.tsv` that differs and still fails, printing what changed, so that no
//! run passes on links nobody has read; read `git diff tests/data/forms`,
//! then run the tests again (with or without `URLX_BLESS`): they pass once
//! every `.tsv` matches.

use std::fmt::Write;
use std::path::{Path, PathBuf};

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpora/forms")
}

fn render(dir: &Path) -> String {
    let finder = urlx::Finder::new();
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| {
            panic!(
                "{}: {e} (the forms corpus folder is missing)",
                dir.display()
            )
        })
        .flatten()
        .map(|e| e.path())
        .collect();
    files.sort();
    let mut out = String::new();
    for p in files {
        let bytes = std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        for l in finder.links(&bytes) {
            writeln!(
                out,
                "{name}\t{}:{}\t{}\t{}\t{}",
                l.line(),
                l.column(),
                l.form(),
                l.as_str(),
                l.alt().unwrap_or("-")
            )
            .unwrap();
        }
    }
    out
}

fn check(folder: &str) {
    let got = render(&corpus().join(folder));
    let expected_path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/forms")
        .join(format!("{folder}.tsv"));
    let bless = std::env::var_os("URLX_BLESS").is_some();
    let want = match std::fs::read_to_string(&expected_path) {
        Ok(w) => w,
        Err(_) if bless => String::new(),
        Err(e) => panic!(
            "{}: {e} (the expected links are missing)",
            expected_path.display()
        ),
    };
    if got != want {
        // A blessed change is written but fails this run: it passes only
        // on a later run, after the diff was read.
        let note = if bless {
            std::fs::write(&expected_path, &got).unwrap();
            format!(
                "\n{} rewritten: read `git diff {}`, then run the tests again",
                expected_path.display(),
                expected_path.display()
            )
        } else {
            "\n(a deliberate change: URLX_BLESS=1 rewrites the file; see the header)".to_owned()
        };
        let g: Vec<_> = got.lines().collect();
        let w: Vec<_> = want.lines().collect();
        let missing: Vec<_> = w.iter().filter(|l| !g.contains(l)).collect();
        let extra: Vec<_> = g.iter().filter(|l| !w.contains(l)).collect();
        panic!(
            "{folder}: {} links expected, {} found\nmissing:\n{missing:#?}\nnew:\n{extra:#?}{note}",
            w.len(),
            g.len()
        );
    }
}

#[test]
fn forms_angle() {
    check("angle");
}

#[test]
fn forms_angle_url_prefix() {
    check("angle-URL-prefix");
}

#[test]
fn forms_bare() {
    check("bare");
}

#[test]
fn forms_dquote() {
    check("dquote");
}

#[test]
fn forms_paren() {
    check("paren");
}

#[test]
fn forms_qp_3d_in_url() {
    check("qp-3D-in-url");
}

#[test]
fn forms_qp_soft_break_url() {
    check("qp-soft-break-url");
}

#[test]
fn forms_quoted_reply() {
    check("quoted-reply");
}

#[test]
fn forms_wrapped_angle() {
    check("wrapped-angle");
}

#[test]
fn forms_wrapped_hyphen_eol() {
    check("wrapped-hyphen-eol");
}

#[test]
fn forms_www_no_scheme() {
    check("www-no-scheme");
}

/// Every folder of the corpus has its `.tsv` and every `.tsv` its folder,
/// so a folder added to one side without the other fails here.
#[test]
fn every_folder_has_its_expected_links() {
    let names = |dir: PathBuf, ext: &str| -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .flatten()
            .filter_map(|e| {
                let name = e.file_name().to_string_lossy().into_owned();
                if ext.is_empty() {
                    e.path().is_dir().then_some(name)
                } else {
                    name.strip_suffix(ext).map(str::to_owned)
                }
            })
            .collect();
        v.sort();
        v
    };
    let folders = names(corpus(), "");
    let tsvs = names(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/forms"),
        ".tsv",
    );
    assert_eq!(folders, tsvs);
    assert_eq!(folders.len(), 11, "{folders:?}");
}
