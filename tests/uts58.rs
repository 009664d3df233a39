//! UTS #58 (Unicode link detection and formatting) through the library:
//! the standard's own test files, copied with their licence into
//! `tests/data/uts58/`.

use urlx::{Finder, FinderBuilder};

const DETECTION: &str = include_str!("data/uts58/LinkDetectionTest.txt");

/// The test lines of `LinkDetectionTest.txt`: not blank, not a comment.
fn detection_lines() -> impl Iterator<Item = &'static str> {
    DETECTION
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
}

/// `line` without its marks, then marked where `finder` finds links.
fn marked(finder: &Finder, line: &str) -> String {
    let text: String = line.chars().filter(|&c| c != '⸠' && c != '⸡').collect();
    let mut out = String::new();
    let mut at = 0;
    for link in finder.links(&text) {
        out.push_str(&text[at..link.start()]);
        out.push('⸠');
        out.push_str(&text[link.span()]);
        out.push('⸡');
        at = link.end();
    }
    out.push_str(&text[at..]);
    out
}

fn uts58() -> Finder {
    FinderBuilder::new().uts58(true).build().unwrap()
}

/// C-F10: every line of the standard's detection test, in UTS #58 mode.
#[test]
fn c_f10_link_detection_test_every_line() {
    let f = uts58();
    let mut failed = Vec::new();
    let mut n = 0;
    for line in detection_lines() {
        n += 1;
        let got = marked(&f, line);
        if got != line {
            failed.push(format!("want {line}\n got {got}"));
        }
    }
    assert_eq!(n, 344, "the file's test lines");
    assert!(
        failed.is_empty(),
        "{} of {n} lines fail:\n{}",
        failed.len(),
        failed.join("\n")
    );
}

const DEVIATIONS: &str = include_str!("data/uts58/default-deviations.txt");

/// The rules by which the default finder departs from UTS #58, and the
/// lines it reads otherwise (`default-deviations.txt`): `(rule, line)`.
fn deviations() -> Vec<(&'static str, &'static str)> {
    DEVIATIONS
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split_once('\t').expect("rule, tab, line"))
        .collect()
}

/// The test lines `finder` marks otherwise than the standard.
fn failing(finder: &Finder) -> Vec<&'static str> {
    detection_lines()
        .filter(|line| marked(finder, line) != *line)
        .collect()
}

/// C-F8, C-F7, C-F9, C-P3: the default finder follows UTS #58 wherever the
/// seeds are silent. Every line of the detection test it reads otherwise is
/// listed with the rule that decides it, so a new difference fails here,
/// and so does a listed line that no longer differs.
#[test]
fn c_f8_the_default_finder_departs_only_where_a_rule_says() {
    let listed = deviations();
    let rules = ["C-F2", "C-F5", "C-P3", "C-F7", "C-F9", "C-F10"];
    for (rule, line) in &listed {
        assert!(rules.contains(rule), "unknown rule {rule}");
        assert!(
            detection_lines().any(|l| l == *line),
            "not a test line: {line}"
        );
    }
    let mut want: Vec<&str> = listed.iter().map(|(_, l)| *l).collect();
    want.sort_unstable();
    let mut got = failing(&Finder::new());
    got.sort_unstable();
    assert_eq!(got, want, "the default finder's differences");
    assert_eq!(got.len(), 102);
}

/// C-F2, C-F5: no scheme and bare addresses are options. With `--domains
/// --email` the lines listed under those rules pass, and only the others
/// differ.
#[cfg(feature = "domains")]
#[test]
fn c_f8_with_domains_and_email_only_the_other_rules_depart() {
    let listed = deviations();
    let options = FinderBuilder::new()
        .domains(true)
        .email(true)
        .build()
        .unwrap();
    let mut want: Vec<&str> = listed
        .iter()
        .filter(|(rule, _)| !matches!(*rule, "C-F2" | "C-F5"))
        .map(|(_, l)| *l)
        .collect();
    want.sort_unstable();
    let mut got = failing(&options);
    got.sort_unstable();
    assert_eq!(got, want, "with --domains --email");
    assert_eq!(got.len(), 15);
}

/// C-F10 in a stream: the links of the detection test, all lines in one
/// text, read a few bytes at a time, are those of the whole text.
#[test]
fn c_f10_the_stream_equals_the_buffer() {
    for f in [
        uts58(),
        FinderBuilder::new()
            .uts58(true)
            .max_url_len(40)
            .build()
            .unwrap(),
    ] {
        let text: String = DETECTION
            .chars()
            .filter(|&c| c != '⸠' && c != '⸡')
            .collect();
        let key = |l: urlx::Link<'_>| (l.as_str().to_owned(), l.span(), l.line(), l.column());
        let want: Vec<_> = f.links(&text).map(key).collect();
        assert!(want.len() > 150, "{}", want.len());
        for chunk in [1, 7, 100, 4096] {
            let got: Vec<_> = f
                .stream(text.as_bytes())
                .chunk_size(chunk)
                .map(|l| key(l.unwrap()))
                .collect();
            assert_eq!(got, want, "chunks of {chunk}");
        }
    }
}

const FORMATTING: &str = include_str!("data/uts58/LinkFormattingTest.txt");

/// A pair of `LinkFormattingTest.txt`: the URL's structure (the comment
/// `{𝑺=… 𝑯=… 𝑷=… 𝑸=… 𝑽=… 𝑭=… 𝑫=…}`, each part unescaped), the URL fully
/// escaped, and its minimal form.
struct Pair {
    structure: String,
    escaped: String,
    minimal: String,
}

fn formatting_pairs() -> Vec<Pair> {
    let mut out = Vec::new();
    let mut structure = None;
    let mut lines = FORMATTING.lines();
    while let Some(l) = lines.next() {
        if let Some(s) = l.strip_prefix("# {") {
            structure = Some(s.trim_end_matches('}').to_owned());
        } else if !l.trim().is_empty() && !l.starts_with('#') {
            let minimal = lines.next().expect("a pair's second line").to_owned();
            out.push(Pair {
                structure: structure.take().expect("a structure before each pair"),
                escaped: l.to_owned(),
                minimal,
            });
        }
    }
    out
}

/// The minimal form of a structure comment, through `minimal_url`.
fn minimal_of_structure(s: &str) -> String {
    let mut start = String::new();
    let mut path = Vec::new();
    let mut query: Vec<(String, Option<String>)> = Vec::new();
    let mut fragment = Vec::new();
    let mut has_query = false;
    // Fields are `X=value`, separated by a space; a value may hold spaces
    // (`𝑷=αβ γ`): a field starts only at a space before a part letter.
    let marks = ['𝑺', '𝑯', '𝑷', '𝑸', '𝑽', '𝑭', '𝑫'];
    let mut fields: Vec<(char, String)> = Vec::new();
    for (k, piece) in s.split(' ').enumerate() {
        let mut cs = piece.chars();
        match (cs.next(), cs.next()) {
            (Some(m), Some('=')) if marks.contains(&m) => fields.push((m, cs.collect())),
            _ => {
                let (_, v) = fields.last_mut().expect("a field first");
                if k > 0 {
                    v.push(' ');
                }
                v.push_str(piece);
            }
        }
    }
    for (m, v) in fields {
        match m {
            '𝑺' | '𝑯' => start.push_str(&v),
            '𝑷' => path.push(v),
            '𝑸' => {
                has_query = true;
                query.push((v, None));
            }
            '𝑽' => query.last_mut().expect("a key before its value").1 = Some(v),
            _ => fragment.push(v),
        }
    }
    let path: Vec<&str> = path.iter().map(String::as_str).collect();
    let query: Vec<(&str, Option<&str>)> = query
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_deref()))
        .collect();
    let fragment: Vec<&str> = fragment.iter().map(String::as_str).collect();
    urlx::uri::minimal_url(
        &start,
        &path,
        has_query.then_some(&query[..]),
        (!fragment.is_empty()).then_some(&fragment[..]),
    )
}

/// C-F10: every pair of the standard's formatting test (the `dev` file),
/// from the structure the file gives each URL; and each minimal form is
/// found whole by the detection, between two spaces of text.
#[test]
fn c_f10_link_formatting_test_every_pair() {
    let pairs = formatting_pairs();
    assert_eq!(pairs.len(), 55, "the file's pairs");
    let f = uts58();
    let mut failed = Vec::new();
    for p in &pairs {
        let got = minimal_of_structure(&p.structure);
        if got != p.minimal {
            failed.push(format!("{}\n want {}\n  got {got}", p.structure, p.minimal));
        }
        let text = format!("See {} on…", p.minimal);
        let found: Vec<String> = f.links(&text).map(|l| l.as_str().to_owned()).collect();
        if found != [p.minimal.clone()] {
            failed.push(format!("{} found as {found:?}", p.minimal));
        }
    }
    assert!(
        failed.is_empty(),
        "{} failures:\n{}",
        failed.len(),
        failed.join("\n")
    );
}

/// C-F10: `Uri::minimal` on the fully escaped form gives the minimal form
/// for every pair whose parts hold no syntax character. Where they do, the
/// file's escaped line leaves some unescaped (a segment's `/`, a key's
/// `&`), so the URL it spells has other parts (its minimal form is given
/// here), or holds a `%` that is no escape, which no URI does.
#[test]
fn c_f10_uri_minimal_of_the_escaped_forms() {
    let other = [
        (
            "𝑷=b/?#c",
            "https://example.com/α/b/%3F#c?αβ=γ&ζ=#Ξ&k=v#frag",
        ),
        ("𝑷=α#β", "https://example.com/α#β?γ=δ#ε"),
        ("𝑷=β/γ", "https://example.com/α/β/γ"),
        ("𝑸=α&", "https://example.com?α&=β&γ=&δ"),
    ];
    let syntax = |p: &Pair| {
        p.structure
            .split(' ')
            .filter(|f| !f.starts_with(['𝑺', '𝑯']))
            .filter_map(|f| f.split_once('=').map(|(_, v)| v))
            .any(|v| v.contains(['/', '?', '#', '&', '=', '%']))
    };
    let (mut plain, mut others) = (0, 0);
    for p in formatting_pairs() {
        let parsed = urlx::uri::parse_link(&p.escaped);
        if let Some((_, want)) = other.iter().find(|(s, _)| p.structure.contains(s)) {
            assert_eq!(parsed.unwrap().minimal(), *want, "{}", p.escaped);
            others += 1;
        } else if !syntax(&p) {
            assert_eq!(parsed.unwrap().minimal(), p.minimal, "{}", p.escaped);
            plain += 1;
        }
    }
    assert_eq!((plain, others), (47, 4));
}
