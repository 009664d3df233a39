//! Defanged indicators, an option: the URLs phishing triage pastes with
//! their links broken on purpose (`hxxps://example[.]com/x`,
//! `http[:]//a(.)b`, `example[dot]com`), found and reported refanged with
//! [`Form::Defanged`] and their span as written. Never on in the
//! linkifier: a refanged URL is a URL someone wanted no one to follow.
//!
//! The text is refanged (each marker replaced by what it stands for), the
//! finder runs over that, and each link is placed back on the text as
//! written; a link that takes in a marker is a defanged one. A domain name
//! refanged from `[.]` or `[dot]` (`example[.]com`), which the finder
//! takes only with a scheme, is reported with `http://` where its last
//! label is a top-level domain.
//!
//! ```
//! let text = "IOCs: hxxps://evil[.]example/x and login[.]example[.]com, plus https://ok.example/";
//! let links = urlx::refang::links(&urlx::Finder::new(), text.as_bytes());
//! let found: Vec<(&str, &str, &str)> = links
//!     .iter()
//!     .map(|l| (l.as_str(), l.form().as_str(), &text[l.span()]))
//!     .collect();
//! assert_eq!(found, [
//!     ("https://evil.example/x", "defanged", "hxxps://evil[.]example/x"),
//!     ("http://login.example.com", "defanged", "login[.]example[.]com"),
//!     ("https://ok.example/", "bare", "https://ok.example/"),
//! ]);
//! ```

#![forbid(unsafe_code)]

use crate::{Finder, Form, Link};

/// The markers, and what each stands for (letters in any case).
const MARKERS: &[(&str, &str)] = &[
    ("[://]", "://"),
    ("[:]", ":"),
    ("[.]", "."),
    ("(.)", "."),
    ("{.}", "."),
    ("[dot]", "."),
    ("(dot)", "."),
    ("{dot}", "."),
    ("[@]", "@"),
    ("(@)", "@"),
    ("[at]", "@"),
];

/// Defanged schemes, and the scheme each stands for (any case), taken
/// where `:` or `[:` follows.
const SCHEMES: &[(&str, &str)] = &[("hxxps", "https"), ("hxxp", "http"), ("fxp", "ftp")];

/// One marker replaced: where it is in the refanged text and as written.
#[derive(Clone, Copy, Debug)]
struct Edit {
    out: usize,
    out_end: usize,
    text: usize,
    text_end: usize,
    dot: bool,
}

/// The links of `text` as `finder` finds them, and the defanged indicators
/// in it, refanged, with form [`Form::Defanged`] and their span as
/// written; in the text's order. Offsets, lines and columns are those of
/// `text`.
pub fn links(finder: &Finder, text: &[u8]) -> Vec<Link<'static>> {
    let Some((out, edits)) = refanged(text) else {
        return finder.links(text).map(Link::into_owned).collect();
    };
    let mut found: Vec<Link<'static>> = Vec::new();
    for l in finder.links(&out[..]) {
        let (s, e) = (l.start(), l.end());
        // A marker inside the link's text makes it a defanged one.
        let k = edits.partition_point(|d| d.out_end <= s);
        let defanged = edits.get(k).is_some_and(|d| d.out < e);
        let (ts, te) = (to_text(&edits, s, false), to_text(&edits, e, true));
        let mut l = l.into_owned().placed(ts, te);
        l.set_position(l.line(), column(text, ts));
        found.push(if defanged {
            l.with_form(Form::Defanged)
        } else {
            l
        });
    }
    // Domain names refanged from a dot marker that no link took.
    let mut last = None;
    for d in edits.iter().filter(|d| d.dot) {
        let (a, b) = word(&out, d.out);
        // The marker a dot inside the name (not one that ends a sentence).
        let inside = a < d.out && d.out_end < b;
        if !inside || last == Some(a) || found.iter().any(|l| overlaps(&edits, l, a, b)) {
            continue;
        }
        last = Some(a);
        let Some(host) = std::str::from_utf8(&out[a..b])
            .ok()
            .filter(|h| is_domain(h))
        else {
            continue;
        };
        let (ts, te) = (to_text(&edits, a, false), to_text(&edits, b, true));
        let line = 1 + memchr::memchr_iter(b'\n', &text[..ts]).count() as u64;
        if let Some(l) = Link::made(
            format!("http://{host}"),
            ts,
            te,
            (line, column(text, ts)),
            Form::Defanged,
        ) {
            found.push(l);
        }
    }
    found.sort_by_key(Link::start);
    found
}

/// `text` with its markers replaced, and where each was; `None` when it
/// has none.
fn refanged(text: &[u8]) -> Option<(Vec<u8>, Vec<Edit>)> {
    let mut out = Vec::with_capacity(text.len());
    let mut edits = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let at = |m: &str| {
            text.get(i..i + m.len())
                .is_some_and(|t| t.eq_ignore_ascii_case(m.as_bytes()))
        };
        let rep = match text[i] {
            b'[' | b'(' | b'{' => MARKERS.iter().find(|(m, _)| at(m)).copied(),
            b'h' | b'H' | b'f' | b'F' if i == 0 || !text[i - 1].is_ascii_alphanumeric() => {
                SCHEMES.iter().copied().find(|(m, _)| {
                    at(m)
                        && (text.get(i + m.len()) == Some(&b':')
                            || text.get(i + m.len()..i + m.len() + 2) == Some(b"[:"))
                })
            }
            _ => None,
        };
        match rep {
            Some((m, r)) => {
                edits.push(Edit {
                    out: out.len(),
                    out_end: out.len() + r.len(),
                    text: i,
                    text_end: i + m.len(),
                    dot: r == ".",
                });
                out.extend_from_slice(r.as_bytes());
                i += m.len();
            }
            None => {
                out.push(text[i]);
                i += 1;
            }
        }
    }
    (!edits.is_empty()).then_some((out, edits))
}

/// The offset in the text as written of offset `p` of the refanged text:
/// inside a replacement, the marker's start (or its end, for an `end`).
fn to_text(edits: &[Edit], p: usize, end: bool) -> usize {
    let k = edits.partition_point(|d| d.out <= p);
    let Some(d) = k.checked_sub(1).map(|k| edits[k]) else {
        return p;
    };
    if p == d.out {
        d.text
    } else if p < d.out_end {
        if end {
            d.text_end
        } else {
            d.text
        }
    } else {
        d.text_end + (p - d.out_end)
    }
}

/// The 1-based byte column of `at` in `text`.
fn column(text: &[u8], at: usize) -> u64 {
    (at - memchr::memrchr(b'\n', &text[..at]).map_or(0, |k| k + 1)) as u64 + 1
}

/// The run of host characters (letters, digits, `-`, `.`) around `at` in
/// the refanged text, without dots at its ends.
fn word(out: &[u8], at: usize) -> (usize, usize) {
    let host = |b: u8| b.is_ascii_alphanumeric() || b == b'-' || b == b'.';
    let mut a = at;
    while a > 0 && host(out[a - 1]) {
        a -= 1;
    }
    let mut b = at;
    while b < out.len() && host(out[b]) {
        b += 1;
    }
    while a < b && out[a] == b'.' {
        a += 1;
    }
    while b > a && out[b - 1] == b'.' {
        b -= 1;
    }
    (a, b)
}

/// Whether a link found (placed on the text as written) covers any of the
/// refanged text's `a..b`.
fn overlaps(edits: &[Edit], l: &Link<'_>, a: usize, b: usize) -> bool {
    let (ta, tb) = (to_text(edits, a, false), to_text(edits, b, true));
    l.start() < tb && ta < l.end()
}

/// A domain name: two labels or more of letters, digits and inner
/// hyphens, the last a top-level domain of IANA's list.
fn is_domain(h: &str) -> bool {
    let labels: Vec<&str> = h.split('.').collect();
    labels.len() >= 2
        && labels.iter().all(|l| {
            !l.is_empty()
                && l.len() <= 63
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
        })
        && labels
            .last()
            .is_some_and(|t| crate::uts58::is_tld(&t.to_ascii_lowercase()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(text: &str) -> Vec<(String, &'static str, String, u64, u64)> {
        links(&Finder::new(), text.as_bytes())
            .iter()
            .map(|l| {
                (
                    l.as_str().to_owned(),
                    l.form().as_str(),
                    text[l.span()].to_owned(),
                    l.line(),
                    l.column(),
                )
            })
            .collect()
    }

    #[test]
    fn each_marker_refanged_and_placed_as_written() {
        let f = found(
            "a hxxp://a(.)example/x\nb http[:]//b.example[.]org/y?q=1 c HXXPS[://]c{dot}example/\n",
        );
        assert_eq!(
            f,
            [
                (
                    "http://a.example/x".into(),
                    "defanged",
                    "hxxp://a(.)example/x".into(),
                    1,
                    3
                ),
                (
                    "http://b.example.org/y?q=1".into(),
                    "defanged",
                    "http[:]//b.example[.]org/y?q=1".into(),
                    2,
                    3
                ),
                (
                    "https://c.example/".into(),
                    "defanged",
                    "HXXPS[://]c{dot}example/".into(),
                    2,
                    36
                ),
            ]
        );
    }

    #[test]
    fn domains_refanged_need_a_top_level_domain() {
        assert_eq!(
            found("see example[dot]com and evil(.)example[.]net.")
                .iter()
                .map(|f| (f.0.as_str(), f.2.as_str()))
                .collect::<Vec<_>>(),
            [
                ("http://example.com", "example[dot]com"),
                ("http://evil.example.net", "evil(.)example[.]net")
            ]
        );
        // Not a top-level domain, a file name: no link.
        assert!(found("setup[.]notatld and a[.]b").is_empty());
    }

    #[test]
    fn text_without_markers_gives_the_finders_links() {
        let text = "see https://a.example/ and [1] (x) {y}";
        let plain: Vec<String> = Finder::new()
            .links(text)
            .map(|l| l.as_str().to_owned())
            .collect();
        assert_eq!(
            found(text).iter().map(|f| f.0.clone()).collect::<Vec<_>>(),
            plain
        );
        assert_eq!(found(text)[0].1, "bare");
    }

    #[test]
    fn plain_links_beside_defanged_ones_keep_their_form_and_place() {
        let f = found("x hxxp://a[.]example/ y <https://b.example/> z");
        assert_eq!(f[0].1, "defanged");
        assert_eq!(
            (f[1].0.as_str(), f[1].1, f[1].2.as_str()),
            ("https://b.example/", "angle", "https://b.example/")
        );
        assert_eq!(f[1].4, 26);
    }

    use proptest::prelude::*;

    fn marked_text() -> impl Strategy<Value = String> {
        const TOKENS: &[&str] = &[
            "hxxp", "hXXps", "fxp", "http", "://", ":", "[:]", "[://]", "[.]", "(.)", "{dot}",
            "[at]", "[@]", "[", "]", "(", ")", ".", "a", "example", "com", "org", "/", "x", " ",
            "\n", "\u{e9}", "-", "<", ">", "www.", "\"",
        ];
        prop::collection::vec(prop::sample::select(TOKENS), 0..40).prop_map(|v| v.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]

        /// Any text: links in order, each span inside the text on
        /// character boundaries, each URL one the parser takes, lines and
        /// columns those of the text as written; a defanged link's span
        /// holds a marker, any other's is its URL's own text.
        #[test]
        fn spans_are_the_texts(t in marked_text()) {
            let mut last = 0;
            for l in links(&Finder::new(), t.as_bytes()) {
                prop_assert!(l.start() >= last && l.end() <= t.len(), "{l:?}");
                last = l.start();
                let written = t.get(l.span());
                prop_assert!(written.is_some(), "{l:?}");
                prop_assert!(crate::uri::parse_link(l.as_str()).is_ok());
                let line = 1 + t[..l.start()].matches('\n').count() as u64;
                prop_assert_eq!(l.line(), line);
                prop_assert_eq!(l.column(), column(t.as_bytes(), l.start()));
                // A link that takes in no marker is no defanged one.
                let lower = written.unwrap().to_ascii_lowercase();
                let marked = MARKERS.iter().any(|(m, _)| lower.contains(m));
                if l.form() == Form::Defanged {
                    let scheme = lower.contains("hxxp") || lower.contains("fxp");
                    prop_assert!(marked || scheme, "{l:?}");
                } else {
                    prop_assert!(!marked, "{l:?}");
                }
            }
        }
    }
}
