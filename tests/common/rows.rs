//! The reader of `tests/data/contract/*.txt`, the extraction contract as
//! data: shared by the library's runner (`tests/contract_cases.rs`) and
//! the C library's (`capi/tests/c_abi.rs`); `python/tests/test_cases.py`
//! reads the files alike. `tests/data/contract/README.md` gives the format.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The files of cases, in name order.
pub fn files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .map(|p| p.join("tests/data/contract"))
        .find(|p| p.is_dir())
        .expect("tests/data/contract is missing");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    v.sort();
    assert!(v.len() >= 3, "{}: {v:?}", dir.display());
    v
}

/// The entries a case runs through, by the names `skip` gives them.
pub const ENTRIES: &[&str] = &["slice", "stream", "pieces", "mail", "c", "python"];

/// One expected link.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Want {
    pub url: String,
    /// The bytes of the input the link's span covers.
    pub text: Vec<u8>,
    pub alt: Option<String>,
    pub truncated: bool,
    /// Checked where given.
    pub form: Option<String>,
    pub at: Option<(u64, u64)>,
}

impl std::fmt::Debug for Want {
    /// The text as the file writes it, not as a list of bytes.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Want")
            .field("url", &self.url)
            .field("text", &format_args!("\"{}\"", self.text.escape_ascii()))
            .field("alt", &self.alt)
            .field("truncated", &self.truncated)
            .field("form", &self.form)
            .field("at", &self.at)
            .finish()
    }
}

/// One case: a rule, an input, the finder's options, the links.
#[derive(Clone, Debug, Default)]
pub struct Case {
    /// `RULE#n`, the n-th case of its first rule, and the file's line.
    pub id: String,
    pub rules: Vec<String>,
    pub input: Vec<u8>,
    /// `name` or `name=value`, in order.
    pub options: Vec<(String, String)>,
    pub links: Vec<Want>,
    /// Entries that cannot run the case, with why.
    pub skip: Vec<(String, String)>,
}

impl Case {
    pub fn skips(&self, entry: &str) -> bool {
        self.skip.iter().any(|(e, _)| e == entry)
    }
}

/// Undoes the escapes of a value: `\n`, `\r`, `\t`, `\\`, `\xHH` (a
/// byte), `\u{H…}` (a character, as UTF-8).
pub fn unescape(s: &str, at: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            let mut b = [0; 4];
            out.extend_from_slice(c.encode_utf8(&mut b).as_bytes());
            continue;
        }
        match chars.next() {
            Some('n') => out.push(b'\n'),
            Some('r') => out.push(b'\r'),
            Some('t') => out.push(b'\t'),
            Some('\\') => out.push(b'\\'),
            Some('x') => {
                let h: String = chars.by_ref().take(2).collect();
                out.push(u8::from_str_radix(&h, 16).unwrap_or_else(|_| panic!("{at}: \\x{h}")));
            }
            Some('u') => {
                let rest = chars.as_str();
                let end = rest
                    .find('}')
                    .unwrap_or_else(|| panic!("{at}: \\u without }}"));
                let hex = rest[..end]
                    .strip_prefix('{')
                    .unwrap_or_else(|| panic!("{at}: \\u without {{"));
                let c = u32::from_str_radix(hex, 16)
                    .ok()
                    .and_then(char::from_u32)
                    .unwrap_or_else(|| panic!("{at}: \\u{{{hex}}}"));
                let mut b = [0; 4];
                out.extend_from_slice(c.encode_utf8(&mut b).as_bytes());
                chars = rest[end + 1..].chars();
            }
            e => panic!("{at}: unknown escape \\{e:?}"),
        }
    }
    out
}

/// Every case of the files, in order.
pub fn cases() -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    let mut counts = std::collections::HashMap::<String, usize>::new();
    for p in files() {
        read(&p, &mut cases, &mut counts);
    }
    cases
}

fn read(p: &Path, cases: &mut Vec<Case>, counts: &mut std::collections::HashMap<String, usize>) {
    let text = std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    let name = p.file_name().unwrap().to_string_lossy();
    let first = cases.len();
    // A case must say what it finds: links, or `none`.
    let mut said = true;
    for (n, line) in text.lines().enumerate() {
        let at = format!("{name}:{}", n + 1);
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        let utf8 = |b: Vec<u8>| String::from_utf8(b).unwrap_or_else(|_| panic!("{at}: not UTF-8"));
        if key == "case" {
            assert!(said, "{at}: the case before says neither link nor none");
            said = false;
            let rules: Vec<String> = value.split_whitespace().map(str::to_owned).collect();
            assert!(
                !rules.is_empty() && rules.iter().all(|r| r.starts_with("C-")),
                "{at}: a case names its rules (C-…)"
            );
            let k = counts.entry(rules[0].clone()).or_default();
            *k += 1;
            cases.push(Case {
                id: format!("{}#{k} ({at})", rules[0]),
                rules,
                ..Case::default()
            });
            continue;
        }
        // A file's fields belong to its own cases.
        let case = cases[first..]
            .last_mut()
            .unwrap_or_else(|| panic!("{at}: before any case"));
        fn link<'c>(c: &'c mut Case, at: &str) -> &'c mut Want {
            c.links
                .last_mut()
                .unwrap_or_else(|| panic!("{at}: a link's field before any link"))
        }
        match key {
            "in" => case.input = unescape(value, &at),
            "opt" => {
                for o in value.split_whitespace() {
                    let (k, v) = o.split_once('=').unwrap_or((o, ""));
                    case.options.push((k.to_owned(), v.to_owned()));
                }
            }
            "link" => {
                said = true;
                let url = utf8(unescape(value, &at));
                case.links.push(Want {
                    text: url.clone().into_bytes(),
                    url,
                    ..Want::default()
                });
            }
            "none" => said = true,
            "text" => link(case, &at).text = unescape(value, &at),
            "alt" => link(case, &at).alt = Some(utf8(unescape(value, &at))),
            "form" => link(case, &at).form = Some(value.to_owned()),
            "trunc" => link(case, &at).truncated = true,
            "at" => {
                let (l, c) = value
                    .split_once(':')
                    .unwrap_or_else(|| panic!("{at}: at LINE:COLUMN"));
                link(case, &at).at = Some((l.parse().unwrap(), c.parse().unwrap()));
            }
            "skip" => {
                let (e, why) = value
                    .split_once(' ')
                    .unwrap_or_else(|| panic!("{at}: skip ENTRY WHY"));
                assert!(ENTRIES.contains(&e), "{at}: no entry {e}");
                case.skip.push((e.to_owned(), why.to_owned()));
            }
            _ => panic!("{at}: unknown key {key:?}"),
        }
    }
    assert!(said, "{name}: the last case says neither link nor none");
}
