//! The command and the C library report the same links with the same
//! fields (CONTRACT C-O3: `--json`'s fields, and the C library's
//! `urlx_link` and `urlx_mail_link` made from the same library record):
//! the command's `--json` over corpus files, against `urlx_find` and
//! `urlx_find_mail` over the same bytes, called through the C ABI as
//! `capi/include/urlx.h` declares it. Python's `urlx.Link` is held to the
//! command by `python/tests/test_front_ends.py`, over the same files
//! ([`text_files`], [`mail_files`]).

mod common;

use std::collections::BTreeMap;
use std::ffi::{c_char, c_int, CStr};
use std::path::Path;

use serde_json::{json, Value};

use common::{repo_file, urlx};

// The C library's symbols, linked from its Rust build.
use capi as _;

/// `urlx_span`.
#[repr(C)]
struct Span {
    start: usize,
    end: usize,
}

/// `urlx_link`, field for field.
#[repr(C)]
struct Link {
    start: usize,
    end: usize,
    line: usize,
    column: usize,
    char_column: usize,
    url: *const c_char,
    alt: *const c_char,
    scheme: *const c_char,
    host: *const c_char,
    form: c_int,
    truncated: c_int,
    linkable: c_int,
    deception: c_int,
    deception_reason: *const c_char,
    segments: *const Span,
    segment_count: usize,
    unwrapped: *const c_char,
    redirect: *const c_char,
}

/// `urlx_mail_link`.
#[repr(C)]
struct MailLink {
    link: Link,
    encoding: c_int,
    header: c_int,
    message_id: *const c_char,
    subject: *const c_char,
    date: *const c_char,
    from: *const c_char,
    to: *const c_char,
}

/// `urlx_links` and `urlx_mail_links`: opaque.
#[repr(C)]
struct Links {
    _opaque: [u8; 0],
}
#[repr(C)]
struct MailLinks {
    _opaque: [u8; 0],
}

extern "C" {
    fn urlx_find(text: *const c_char, len: usize, out: *mut *mut Links) -> c_int;
    fn urlx_links_count(links: *const Links) -> usize;
    fn urlx_links_get(links: *const Links, i: usize) -> *const Link;
    fn urlx_links_free(links: *mut Links);
    fn urlx_find_mail(data: *const c_char, len: usize, out: *mut *mut MailLinks) -> c_int;
    fn urlx_mail_links_count(links: *const MailLinks) -> usize;
    fn urlx_mail_links_get(links: *const MailLinks, i: usize) -> *const MailLink;
    fn urlx_mail_links_free(links: *mut MailLinks);
}

/// The fields compared, by `--json`'s names.
type Fields = BTreeMap<&'static str, Value>;

/// A C string as JSON: `null` for NULL.
///
/// # Safety
/// `p` NULL or a live NUL-terminated string.
unsafe fn text(p: *const c_char) -> Value {
    if p.is_null() {
        return Value::Null;
    }
    // SAFETY: live and NUL-terminated, as promised.
    let s = unsafe { CStr::from_ptr(p) };
    Value::String(s.to_str().expect("UTF-8").to_owned())
}

/// `enum urlx_form` by `--json`'s names.
fn form_name(code: c_int) -> Value {
    let names = [
        "url-prefix",
        "angle",
        "quoted",
        "bare",
        "abbreviated",
        "email",
        "domain",
        "defanged",
    ];
    let name = usize::try_from(code).ok().and_then(|i| names.get(i));
    json!(name.copied().unwrap_or("OTHER"))
}

/// A link's fields as the C library gives them.
///
/// # Safety
/// `l` a live link of a live list.
unsafe fn c_fields(l: &Link) -> Fields {
    // SAFETY: the link's strings live as long as its list.
    unsafe {
        let scheme = text(l.scheme);
        Fields::from([
            ("url", text(l.url)),
            ("start", json!(l.start)),
            ("end", json!(l.end)),
            ("line", json!(l.line)),
            ("column", json!(l.column)),
            ("form", form_name(l.form)),
            ("alt", text(l.alt)),
            // "" where --json has null: the header promises a string.
            ("scheme", if scheme == "" { Value::Null } else { scheme }),
            ("host", text(l.host)),
            ("truncated", json!(l.truncated != 0)),
            ("deceptive", text(l.deception_reason)),
            ("redirect", text(l.redirect)),
            ("unwrapped", text(l.unwrapped)),
        ])
    }
}

/// The links of `data` by `urlx_find` (`mail` false) or `urlx_find_mail`.
fn c_links(data: &[u8], mail: bool) -> Vec<Fields> {
    let mut got = Vec::new();
    let p = data.as_ptr().cast::<c_char>();
    // SAFETY: `data` is live for each call; each list is read, then freed
    // once.
    unsafe {
        if !mail {
            let mut links = std::ptr::null_mut();
            assert_eq!(urlx_find(p, data.len(), &mut links), 0);
            for i in 0..urlx_links_count(links) {
                got.push(c_fields(&*urlx_links_get(links, i)));
            }
            urlx_links_free(links);
            return got;
        }
        let mut links = std::ptr::null_mut();
        assert_eq!(urlx_find_mail(p, data.len(), &mut links), 0);
        for i in 0..urlx_mail_links_count(links) {
            let m = &*urlx_mail_links_get(links, i);
            let mut f = c_fields(&m.link);
            let encoding = match m.encoding {
                0 => Value::Null,
                1 => json!("quoted-printable"),
                2 => json!("base64"),
                e => json!(e),
            };
            f.insert("encoding", encoding);
            f.insert("message_id", text(m.message_id));
            f.insert("subject", text(m.subject));
            f.insert("date", text(m.date));
            f.insert("from", text(m.from));
            f.insert("to", text(m.to));
            got.push(f);
        }
        urlx_mail_links_free(links);
    }
    got
}

/// A `--json` object's fields: those the C library has, an absent one
/// as its default (`truncated` false, the others null).
fn json_fields(v: &Value, mail: bool) -> Fields {
    let mut keys = vec![
        "url",
        "start",
        "end",
        "line",
        "column",
        "form",
        "alt",
        "scheme",
        "host",
        "deceptive",
        "redirect",
        "unwrapped",
    ];
    if mail {
        keys.extend(["encoding", "message_id", "subject", "date", "from", "to"]);
    }
    let mut f: Fields = keys
        .into_iter()
        .map(|k| (k, v.get(k).cloned().unwrap_or(Value::Null)))
        .collect();
    f.insert("truncated", json!(v.get("truncated") == Some(&json!(true))));
    f
}

/// The corpus read as text: plain-text samples, RFC excerpts, the forms'
/// text cases, and cases of every field (`cli/tests/data/front-ends.txt`:
/// a scheme in capitals, redirects, deceptive hosts, alternatives).
pub fn text_files() -> Vec<String> {
    let mut files = vec![
        "corpora/sample-urls.txt".to_owned(),
        "corpora/urls/kasztp.txt".to_owned(),
        "cli/tests/data/front-ends.txt".to_owned(),
    ];
    files.extend(under("corpora/forms", |p| {
        p.extension().is_some_and(|e| e == "txt")
    }));
    files
}

/// The corpus read as mail: the sample mbox, the forms' messages, and the
/// Python and notmuch test messages.
pub fn mail_files() -> Vec<String> {
    let mut files = vec!["corpora/sample.mbox".to_owned()];
    files.extend(under("corpora/forms", |p| {
        p.extension().is_some_and(|e| e == "eml")
    }));
    files.extend(under("corpora/mail", |p| {
        !p.file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with("LICENSE"))
    }));
    files
}

/// The files under `dir` that `keep` keeps, sorted, by their path from
/// the repository's root.
fn under(dir: &str, keep: impl Fn(&Path) -> bool + Copy) -> Vec<String> {
    fn walk(root: &Path, at: &Path, keep: &dyn Fn(&Path) -> bool, out: &mut Vec<String>) {
        for e in std::fs::read_dir(at).unwrap_or_else(|e| panic!("{}: {e}", at.display())) {
            let p = e.expect("a folder entry").path();
            if p.is_dir() {
                walk(root, &p, keep, out);
            } else if keep(&p) {
                let rel = p.strip_prefix(root).expect("under the root");
                out.push(rel.to_string_lossy().into_owned());
            }
        }
    }
    let root = repo_file("");
    let mut out = Vec::new();
    walk(&root, &repo_file(dir), &keep, &mut out);
    out.sort();
    out
}

/// `files` through `urlx --json` (as mail, or as text), and each through
/// the C library: the same links, field by field, in the same order.
fn agree(files: &[String], mail: bool) -> usize {
    let mode = if mail { "--mail" } else { "--no-mail" };
    let mut args = vec!["--json", "-j1", mode];
    args.extend(files.iter().map(String::as_str));
    let out = urlx(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut by_path: BTreeMap<String, Vec<Fields>> = BTreeMap::new();
    for line in String::from_utf8(out.stdout).expect("UTF-8").lines() {
        let v: Value = serde_json::from_str(line).expect("a JSON line");
        let path = v["path"].as_str().expect("a path").to_owned();
        by_path.entry(path).or_default().push(json_fields(&v, mail));
    }
    let mut n = 0;
    for f in files {
        let data = std::fs::read(repo_file(f)).expect("a corpus file");
        let c = c_links(&data, mail);
        let command = by_path.remove(f.as_str()).unwrap_or_default();
        for (i, (a, b)) in command.iter().zip(&c).enumerate() {
            for (k, v) in a {
                assert_eq!(
                    Some(v),
                    b.get(k),
                    "{f}: link {i}: field {k}: command {a:?}, C {b:?}"
                );
            }
            assert_eq!(a.len(), b.len(), "{f}: link {i}: the fields compared");
        }
        assert_eq!(command.len(), c.len(), "{f}: how many links");
        n += c.len();
    }
    assert!(
        by_path.is_empty(),
        "links of files not given: {:?}",
        by_path.keys()
    );
    n
}

#[test]
fn c_o3_the_command_and_the_c_library_agree_on_text() {
    let n = agree(&text_files(), false);
    // The corpus holds hundreds of links; a front end that found none
    // would agree with one that found none too.
    assert!(n > 300, "{n} links");
}

#[test]
fn c_o3_the_command_and_the_c_library_agree_on_mail() {
    let n = agree(&mail_files(), true);
    assert!(n > 300, "{n} links");
}

/// The cases file holds what each derived field is for: the scheme in
/// lower case whatever the case written (RFC 3986 §3.1), a redirect with
/// its target, a deceptive host, an alternative reading.
#[test]
fn c_o3_the_cases_file_exercises_every_derived_field() {
    let links = c_links(
        &std::fs::read(repo_file("cli/tests/data/front-ends.txt")).unwrap(),
        false,
    );
    let has = |k: &str, want: &dyn Fn(&Value) -> bool| links.iter().any(|f| want(&f[k]));
    assert!(has("url", &|v| v
        .as_str()
        .is_some_and(|u| u.starts_with("HTTP://"))));
    assert!(links
        .iter()
        .all(|f| f["scheme"].as_str().is_none_or(|s| s == s.to_lowercase())));
    for k in ["alt", "deceptive", "redirect", "unwrapped"] {
        assert!(has(k, &|v| !v.is_null()), "{k}");
    }
    assert!(has("form", &|v| v == "abbreviated"));
}
