//! Property tests of the head checks, the fast path and the memos: each
//! finds the links the general path finds, and each memo answers as a
//! fresh scan does.

use super::*;
use crate::testing::{replay, with_switches, Switches};
use crate::{Finder, FinderBuilder};
use proptest::prelude::*;

/// Text made of the pieces hostile input and real URLs are made of.
fn hostile_text() -> impl Strategy<Value = String> {
    const TOKENS: &[&str] = &[
        "http://",
        "https://",
        "ftp://",
        "file:///",
        "www.",
        "WWW.",
        "mailto:",
        "sip:",
        "news:",
        "news://",
        "tel:",
        "urn:",
        "URL:",
        "<URL:",
        "<",
        ">",
        "\"",
        "'",
        "\u{201c}",
        "\u{201d}",
        "(",
        ")",
        "[",
        "]",
        "@",
        "a",
        "b",
        "1",
        "2",
        ".",
        "-",
        "_",
        "*",
        "!",
        "%",
        "%41",
        "%zz",
        "?",
        "#",
        "/",
        ":",
        "::1",
        "80",
        " ",
        "\n",
        "-\n",
        "- \n",
        "\n> ",
        "\r\n>> ",
        "> ",
        "\u{e9}",
        "\u{3002}",
        "\u{a0}",
        // A prepended letter: its cluster takes the next character.
        "\u{d4e}",
        // Punctuation that ends a URL, and what joins the character
        // before it: a combining mark (Extend), ZWJ, a SpacingMark.
        "\u{bb}",
        "\u{ff09}",
        "\u{301}",
        "\u{200d}",
        "\u{93f}",
        "x.example",
        "example.org",
        "=",
        "&",
        "(www.",
        "!www.",
        "www.1",
        "www.a.b",
        ".1",
        ".b",
        "*www.",
        "_www.",
        "www.1)",
        "(www.1)",
        "www.1(",
        "(www.a(",
        ")*",
        // Symbols, joiners, dashes and scripts of C-F8; brackets and marks
        // before a URL (C-F7); a scheme at a line's end (C-W7).
        "\u{a2}",
        "\u{200c}",
        "\u{2013}",
        "\u{65e5}",
        // Hosts and paths beyond ASCII (the short path of non-ASCII runs),
        // a letter glued to an ASCII top-level domain, a Prepend letter.
        "\u{43f}\u{440}",
        ".\u{440}\u{444}",
        "com\u{c5d0}",
        "\u{600}",
        "\u{e000}",
        "](",
        "*see ",
        "http://\n",
        "> http://a.example/a/long/path/that/ends/at/the/wrap/width/of/a/line_\n> x1",
    ];
    prop::collection::vec(prop::sample::select(TOKENS), 0..40).prop_map(|v| v.concat())
}

/// The head checks off, with the scanner's refusal that goes with them.
const NO_HEAD_REFUSALS: Switches = Switches {
    head_checks: false,
    empty_path_refusal: false,
    ..Switches::ALL
};
/// The head checks alone off.
const NO_HEAD_CHECKS: Switches = Switches {
    head_checks: false,
    ..Switches::ALL
};
/// The SSE2 search where the CPU has AVX2.
const NO_AVX2: Switches = Switches {
    avx2: false,
    ..Switches::ALL
};
/// Every trigger starts afresh.
const NO_MEMOS: Switches = Switches {
    memos: false,
    ..Switches::ALL
};
/// The general path alone.
const NO_FAST_PATH: Switches = Switches {
    fast_path: false,
    ..Switches::ALL
};

/// A finder run with some optional steps off (`crate::switches`).
struct Off<'f>(&'f Finder, Switches);

/// A finder as the tests run it: whole, or with steps off.
trait Finds {
    fn run<R>(&self, f: impl FnOnce(&Finder) -> R) -> R;
}

impl Finds for Finder {
    fn run<R>(&self, f: impl FnOnce(&Finder) -> R) -> R {
        f(self)
    }
}

impl Finds for Off<'_> {
    fn run<R>(&self, f: impl FnOnce(&Finder) -> R) -> R {
        with_switches(self.1, || f(self.0))
    }
}

type Found = Vec<(String, usize, usize, String, Option<String>, bool)>;

fn links(f: &impl Finds, t: &str) -> Found {
    f.run(|f| links_of(f, t))
}

fn links_of(f: &Finder, t: &str) -> Found {
    f.links(t)
        .map(|l| {
            let form = l.form().as_str().to_owned();
            let alt = l.alt().map(str::to_owned);
            (
                l.as_str().to_owned(),
                l.start(),
                l.end(),
                form,
                alt,
                l.is_truncated(),
            )
        })
        .collect()
}

/// The links with the head checks (and the chain probe and the
/// scanner's refusals that go with them) and without; and with the
/// SSE2 search where the CPU has AVX2 (what a CPU without it runs).
fn head_checks_agree(b: &FinderBuilder, t: &str) -> Result<(), TestCaseError> {
    let with = b.build().unwrap();
    let without = Off(&with, NO_HEAD_REFUSALS);
    let found = links(&with, t);
    prop_assert_eq!(&found, &links(&without, t));
    #[cfg(target_arch = "x86_64")]
    if with.scanner.avx2().is_some() {
        let sse2 = Off(&with, NO_AVX2);
        prop_assert_eq!(&found, &links(&sse2, t));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    /// C-S4: the head checks refuse only what the full path refuses.
    /// (urlx's own rules, `authority_policy` and `mailto_policy`,
    /// hold either way.)
    #[test]
    fn c_s4_head_checks_refuse_only_what_the_full_path_refuses(t in hostile_text()) {
        for b in [
            FinderBuilder::new(),
            FinderBuilder::new()
                .email(true)
                .join_unhyphenated_breaks(true)
                .max_url_len(24)
                .max_line_len(40)
                .max_wrapper_bytes(30)
                .max_wrapper_lines(2)
                .clone(),
        ] {
            head_checks_agree(&b, &t)?;
        }
    }
}

/// The default finder's links with the head checks and the memos, and
/// with each of them off, are the same for `t`.
fn all_paths_agree(t: &str) {
    let b = FinderBuilder::new();
    head_checks_agree(&b, t).unwrap_or_else(|e| panic!("{t:?}: {e}"));
    let f = b.build().unwrap();
    let without = Off(&f, NO_MEMOS);
    assert_eq!(links(&f, t), links(&without, t), "{t:?}");
}

/// C-S4, C-F8: a `#`, `/` or kept query byte that the head takes for
/// "the URL goes on past the host" is the run's last character, and a
/// joiner after it (ZWJ, a combining mark, a SpacingMark) puts it in a
/// cluster across the run's end: the full path moves the end back
/// before it, and the trimming may then reach into the host.
#[test]
fn c_s4_head_checks_leave_a_cluster_across_the_end_to_the_full_path() {
    let b = FinderBuilder::new();
    for t in [
        "(www..(www.#\u{200d}",
        "(www..(www./\u{301}",
        "(www..(www.#\u{93f}",
        "www.a.(b.?x\u{200d}",
        "http://a.(b./\u{200d}",
        "(www..(www.#x\u{200d}",
        "www.a.b#\u{200d} www.a.(b.?x\u{301} www.c.d/",
    ] {
        all_paths_agree(t);
    }
    // The full path's answer, by the rules: the ZWJ goes on the URL
    // (C-F8), so the host ends in a dot and names nothing; with a path,
    // the ZWJ after `#` is the fragment's.
    let f = b.build().unwrap();
    assert!(links(&f, "(www..(www.#\u{200d}").is_empty());
    assert_eq!(
        links(&f, "(www.a.b/#\u{200d}")[0].0,
        "http://www.a.b/#\u{200d}"
    );
}

/// C-S4, C-F8, C-F7 (found by review): a `]` the trimming drops once a
/// cluster took the byte after it; a memo of a refusal whose trimming
/// dropped a prepended letter and an emphasis mark past the end.
#[test]
fn c_s4_head_checks_and_memos_after_the_cluster_rules() {
    let b = FinderBuilder::new();
    for t in [
        "*www.a.1)?*]x\u{200d}",
        "*www.a.1)?*]x\u{200c}",
        "*www.a.1)?*]x\u{301}\u{200d}",
        "*www.a.1)?*]x\u{93f}",
        "*www.(www..\u{d4e}*",
        "*www.(www..\u{600}*",
        "*www.(www..\u{110bd}*",
    ] {
        all_paths_agree(t);
    }
    // The full path's answers, by the rules: a `]` that closes no `[` of
    // its component ends the URL (C-F7), which then drops `*` (which closes
    // the one before the URL), `?` and `)`; a host's last label that is a
    // number, or a dot at its end, names nothing (C-F4), where a path
    // keeps it.
    let f = b.build().unwrap();
    assert!(links(&f, "*www.a.1)?*]x\u{200d}").is_empty());
    assert_eq!(links(&f, "*www.a.b/)?*]x\u{200d}")[0].0, "http://www.a.b/");
    assert!(links(&f, "*www.(www..\u{d4e}*").is_empty());
    assert_eq!(
        links(&f, "*www.(www.a.b/\u{d4e}*")[0].0,
        "http://www.(www.a.b/"
    );
}

/// C-S4, C-W3 (found by the 20x property test): a `www.` whose host
/// the parser cuts at a non-ASCII letter before a `(` is refused; a
/// later `www.` after the `(`, with the next line joined, is a link.
#[test]
fn c_s4_www_memo_after_a_joined_line() {
    let mut b = FinderBuilder::new();
    b.email(true)
        .join_unhyphenated_breaks(true)
        .max_url_len(24)
        .max_line_len(40)
        .max_wrapper_bytes(30)
        .max_wrapper_lines(2);
    let t = "\r\n>> www.\u{d4e}(www.80www.1\r\n>> =";
    head_checks_agree(&b, t).unwrap_or_else(|e| panic!("{t:?}: {e}"));
    // By the rules the joined host `www.80www.1=` ends on `=`, which no
    // host ends with (C-F7), and then on a number (C-F4): no link; with a
    // path after the joint, one.
    let f = b.build().unwrap();
    assert!(links(&f, t).is_empty());
    let t = "\r\n>> www.\u{d4e}(www.80www.a\r\n>> /=";
    head_checks_agree(&b, t).unwrap_or_else(|e| panic!("{t:?}: {e}"));
    assert_eq!(links(&f, t)[0].0, "http://www.\u{d4e}(www.80www.a");
}

/// C-S4: an IP literal after the userinfo's `@` is a host the parser
/// takes, not a cut (a case the property test found).
#[test]
fn c_s4_head_checks_leave_an_ip_literal_after_userinfo_to_the_full_path() {
    let b = FinderBuilder::new();
    for t in [
        "http://www.@[::1]",
        "http://a@[::1]/x",
        "www.a@[::1]",
        "http://a@[x",
        "http://@[::1]",
    ] {
        all_paths_agree(t);
    }
    let f = b.build().unwrap();
    assert_eq!(
        links(&f, "see http://www.@[::1] now")[0].0,
        "http://www.@[::1]"
    );
}

/// Chains of joined lines: lines that begin with a trigger or go on
/// with a letter or digit, of hostile pieces, nearly all ending in a
/// hyphen (C-W3; a few before a `/`, C-W6), all quoted or none.
fn chain_text() -> impl Strategy<Value = String> {
    const STARTS: &[&str] = &[
        "www.", "www.1", "www.a.", "http://", "http://a", "URL:www.", "a", "1", "b.", "x",
        "\u{e9}", "_", "/a", "?",
    ];
    const PIECES: &[&str] = &[
        "a", "b", "1", ".", ":", "x", "@", "]", "[", "%", "%4", "%41", "/", "?", "#", "(", ")",
        "_", "*", "'", "\u{e9}", "\u{301}", "-", "80", ".com",
    ];
    const ENDS: &[&str] = &["-\n", "-\n", "-\n", "-\n", "-\n", "-\r\n", "- \n", "\n"];
    let line = (
        prop::sample::select(STARTS),
        prop::collection::vec(prop::sample::select(PIECES), 0..3),
        prop::sample::select(ENDS),
    )
        .prop_map(|(s, p, e)| (format!("{s}{}", p.concat()), e));
    (
        prop::collection::vec(line, 4..24),
        prop::sample::select(vec!["", "> ", ">> "]),
        prop::sample::select(vec!["", ".", "\n", "www.1\n", ":x\n", "@a/\n"]),
        1usize..4,
    )
        .prop_map(|(lines, quote, end, n)| {
            let mut t = String::new();
            for (text, e) in lines {
                t.push_str(quote);
                t.push_str(&text);
                t.push_str(e);
            }
            format!("{}{end}", t.repeat(n))
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    /// C-S4: a chain of joined lines decided from its first pieces
    /// (`find::chain`) gives the links the whole chain gives. (The
    /// probe takes one joint, so a span of 3 lines or more reaches it;
    /// the default span of 8 and a span of 3 also cut chains, one of
    /// 40 lines hardly any.)
    #[test]
    fn c_s4_a_chain_probe_finds_what_the_whole_chain_finds(t in chain_text()) {
        for b in [
            FinderBuilder::new(),
            FinderBuilder::new().max_wrapper_lines(40).clone(),
            FinderBuilder::new().max_wrapper_lines(3).clone(),
            FinderBuilder::new()
                .email(true)
                .join_unhyphenated_breaks(true)
                .max_url_len(60)
                .max_wrapper_lines(40)
                .clone(),
        ] {
            head_checks_agree(&b, &t)?;
        }
    }
}

/// Long runs: a few hostile pieces repeated, so that one run holds
/// many triggers (the memos remember runs of 64 bytes and more).
fn repeated_text() -> impl Strategy<Value = String> {
    (hostile_text(), 1usize..60, hostile_text())
        .prop_map(|(unit, n, tail)| format!("{}{tail}", unit.repeat(n)))
}

/// Bytes of authorities and what ends or cuts them.
fn region_text() -> impl Strategy<Value = Vec<u8>> {
    const TOKENS: &[&str] = &[
        "www.", "a", "1", ":", ")", "(", "@", "[", "]", "%", "%41", "\u{e9}", "\u{3002}",
        "\u{e000}", " ", "/", "-", "\n", "*", ".", "]a",
    ];
    // Region bytes, more often: long regions are what the memo keeps.
    const INSIDE: &[&str] = &[
        "www.", "a", "1", ":", ")", "(", "-", "*", ".", "%41", "\u{e9}",
    ];
    let piece = |t: &'static [&'static str]| prop::collection::vec(prop::sample::select(t), 0..8);
    (
        piece(TOKENS),
        piece(INSIDE),
        1usize..100,
        piece(TOKENS),
        piece(TOKENS),
    )
        .prop_map(|(head, unit, n, mid, tail)| {
            let unit = unit.concat();
            format!(
                "{}{}{}{}{}",
                head.concat(),
                unit.repeat(n),
                mid.concat(),
                unit.repeat(n),
                tail.concat()
            )
            .into_bytes()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5_000))]

    /// C-S4: the region memo answers as a fresh scan does, and its
    /// colons are the first ones, for triggers in order (each cap
    /// later), and for any query.
    #[test]
    fn c_s4_region_memo_answers_as_the_scan_does(
        h in region_text(),
        queries in prop::collection::vec((0usize..2000, 0usize..200, 0usize..40), 1..40),
    ) {
        replay(&h, &queries, |memo: &mut RegionMemo, h, (a, len, back)| {
            let mut a = a.min(h.len());
            while a > 0 && a < h.len() && h[a] & 0xC0 == 0x80 {
                a -= 1;
            }
            let cap = a + len;
            let r = memo.region(h, a, cap);
            prop_assert_eq!(&r, &region(h, a, cap));
            // The host's colon, from a place in the region.
            let from = r.end.saturating_sub(back).max(a);
            let want = h[from..r.end].iter().position(|&b| b == b':').map(|k| from + k);
            let any = h[a..r.end].contains(&b':');
            prop_assert_eq!(memo.colon_in(h, from, r.end, any), want);
            Ok(())
        })?;
    }

    /// C-S4: the bracket memo trims as a fresh count does.
    #[test]
    fn c_s4_bracket_memo_trims_as_a_fresh_count_does(
        h in region_text(),
        queries in prop::collection::vec((0usize..2000, 0usize..300), 1..40),
    ) {
        replay(&h, &queries, |memo: &mut BracketMemo, h, (s, len)| {
            let s = s.min(h.len());
            let e = h.len().min(s + len);
            let fresh = &mut BracketMemo::default();
            prop_assert_eq!(trimmed_end(h, s, e, memo), trimmed_end(h, s, e, fresh));
            if e - s >= 64 {
                prop_assert_eq!(memo.count(h, s, e), count_brackets(&h[s..e]));
            }
            Ok(())
        })?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5_000))]

    /// C-S4: the `@` triggers the scanner refuses in its loop are those
    /// the finder refuses: the same links without that refusal.
    #[test]
    fn c_s4_the_scanners_email_refusal_changes_no_link(t in repeated_text()) {
        let with = FinderBuilder::new().email(true).build().unwrap();
        let mut without = with.clone();
        without.scanner.email_reach = 0;
        prop_assert!(with.scanner.email_reach > 0);
        prop_assert_eq!(links(&with, &t), links(&without, &t));
    }

    /// C-S4: what earlier triggers learnt (runs, regions, colons,
    /// bracket counts, `@`s, refused hosts) changes no link: the same
    /// links as with every trigger starting afresh.
    #[test]
    fn c_s4_memos_change_no_link(t in repeated_text()) {
        for b in [
            FinderBuilder::new(),
            FinderBuilder::new()
                .email(true)
                .join_unhyphenated_breaks(true)
                .max_url_len(100)
                .max_line_len(300)
                .max_wrapper_bytes(120)
                .clone(),
        ] {
            let with = b.build().unwrap();
            let without = Off(&with, NO_MEMOS);
            prop_assert_eq!(links(&with, &t), links(&without, &t));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    /// The fast paths (`Finder::fast_bare`: the look and the short run;
    /// `Finder::wrapped_common`) find what the general path finds.
    #[test]
    fn the_common_path_agrees_with_the_general_path(t in hostile_text()) {
        for b in [
            FinderBuilder::new(),
            FinderBuilder::new()
                .email(true)
                .join_unhyphenated_breaks(true)
                .max_url_len(24)
                .max_line_len(40)
                .max_wrapper_bytes(30)
                .max_wrapper_lines(2)
                .clone(),
            FinderBuilder::new().max_wrapper_lines(1).clone(),
        ] {
            let fast = b.build().unwrap();
            let general = Off(&fast, NO_FAST_PATH);
            prop_assert_eq!(links(&fast, &t), links(&general, &t));
        }
    }
}

/// Texts where the common path must leave the decision to the general
/// one (C-W5: a wrapper spans at most 8 lines, counted from its opener).
#[test]
fn c_w5_common_path_leaves_line_counts_to_the_general_path() {
    let f = FinderBuilder::new().build().unwrap();
    let general = Off(&f, NO_FAST_PATH);
    for breaks in [1, 7, 8, 9] {
        let t = format!("<{}http://a.example/>", "\n".repeat(breaks));
        assert_eq!(links(&f, &t), links(&general, &t), "{breaks}");
    }
    let t = format!("<{}http://a.example/>", "\n".repeat(8));
    assert_eq!(links(&f, &t)[0].3, "bare", "9 lines: no wrapper");
}

/// URLs with text beyond ASCII, which the short path of non-ASCII runs
/// takes or leaves to the general path: the same links either way,
/// C-W7's re-wrapped reading of a quoted line among them.
#[test]
fn c_f8_non_ascii_runs_agree_with_the_general_path() {
    let f = FinderBuilder::new().build().unwrap();
    let general = Off(&f, NO_FAST_PATH);
    let rewrapped = "> http://a.example/a/long/path/that/ends/at/the/wrap/width/\u{65e5}\n> x1\n";
    for t in [
        "see https://\u{43f}\u{440}\u{438}\u{43c}\u{435}\u{440}.\u{440}\u{444}/\u{441} now",
        "http://d.example/\u{65e5}\u{672c}\u{8a9e}\u{3002} ",
        "http://example.com\u{c5d0}\u{c11c} ",
        "(http://d.example/\u{65e5}) ",
        "http://d.example/\u{65e5}\u{301}\n",
        rewrapped,
    ] {
        assert_eq!(links(&f, t), links(&general, t), "{t}");
    }
    assert!(links(&f, rewrapped)[0].4.is_some(), "the joined reading");
}

/// Texts where a memo would carry a refusal to a later trigger that
/// the full path accepts, were it not for the conditions on it.
#[test]
fn c_s4_memo_conditions() {
    let f = FinderBuilder::new().build().unwrap();
    let without = Off(&f, NO_HEAD_CHECKS);
    for t in [
        // C-F8: a joiner after the last digit moves the URL's end back
        // before it (the full path then accepts `www.a.b`).
        "www.a.b.1\u{200d} ",
        "x http://a.b/c\u{200d} ",
        "(www.1\u{600}. ",
        // Brackets balanced from the second `www.` but not the first.
        "www.1)www.2(www.3) ",
        // The same at the end of a line joined after a hyphen (C-W3),
        // which the full path decides (`refused_www_text`).
        "www.1)www.2(www.a-\nb.3) ",
        // Emphasis closes what the second one's `*` opened.
        "www.1*www.2*",
        // Emphasis closes what the first one's `*` opened, not the
        // second one's (whose host then ends `1*`).
        "*www.a(www.b.1* ",
        "_www.1_(www.a.1_ ",
        // All the `)` at the end dropped from the first, one from the
        // second (`www.a(b.1)`).
        "www.1)www.a(b.1)) ",
        // The same before an emphasis mark that closes both.
        "*www.1)*www.a(b.1))* ",
        // A port cut trims back into the host.
        "www.1)www.a.b.:x ",
        // An `@`: the later one's host is another.
        "www.1@www.a.b ",
        // The parser cuts the first one's text at the `]`, and trims
        // it there by the brackets (found by the property test).
        "www.1)www.)((www.1)].@",
        // The same where the parser cuts past the region, and the
        // trimming comes back over the `?` (both found by the property
        // test).
        "www.1)!www.(www.1)?[http://",
        // The parser cuts in the joined line (C-W3), where the trimming
        // counts the brackets of the first line too.
        "(www.)!www.-\na(www.1)[http://http://",
    ] {
        assert_eq!(links(&f, t), links(&without, t), "{t}");
    }
    // A later `www.` in a refused one's host, found (with a path, so
    // that C-F7 does not take the host's end; an opener right before a
    // candidate keeps the memo away from it).
    for (t, url) in [
        ("www.1)www.2(www.3)/ ", "http://www.1)www.2(www.3)/"),
        (
            "www.1)www.2(www.a-\nb.3)/ ",
            "http://www.1)www.2(www.a-b.3)/",
        ),
        ("*www.a(www.b.c/* ", "http://www.a(www.b.c/"),
        ("_www.1_(www.a.b/_ ", "http://www.a.b/_"),
        ("www.1)www.a(b.c/)) ", "http://www.1)www.a(b.c/"),
        ("*www.1)*www.a(b.c/))* ", "http://www.1)*www.a(b.c/"),
    ] {
        assert_eq!(links(&f, t), links(&without, t), "{t}");
        assert!(links(&f, t).iter().any(|l| l.0 == url), "{t}");
    }
}

/// The runs that were quadratic within the cap (every trigger scanned
/// the run to its end): after the first refusal, the memo refuses
/// every later `www.` in the run, at the text's end too; a `www.` right
/// after a bracket that closes within it is decided on its text up to
/// there (C-F7), a few bytes; where an emphasis mark ends the text, its
/// trimming depends on the marks before each candidate (C-F7), which
/// the head reads within `EMPHASIS_REACH` bytes: no memo.
#[test]
fn c_s4_www_memo_covers_the_run() {
    for (unit, end) in [
        ("www.1)", " x"),
        ("www.1)", ""),
        ("(www.1)", ""),
        ("(www.1)", " x"),
        ("(www.1).", ""),
        ("(www.1),", " x"),
        ("*www.1*", ""),
        ("*www.1*", " x"),
        ("_www.1_", " x"),
        ("www.1!", ""),
    ] {
        let t = unit.repeat(50) + end;
        let h = t.as_bytes();
        let mut m = Memo::default();
        let triggers: Vec<usize> = (0..h.len())
            .filter(|&i| h[i..].starts_with(b"www."))
            .collect();
        let opened = unit.starts_with('(');
        let marked = unit.ends_with(['*', '_']);
        for (k, &p) in triggers.iter().enumerate() {
            let mut probe = m;
            assert_eq!(
                probe.www_refused(h, p),
                k > 0 && !opened && !marked,
                "{unit:?} {end:?}: trigger {k}"
            );
            // (Where a bracket closes right after it, the host `www.1` is
            // the text whole: refused at the head too.)
            assert_eq!(
                www(h, p, h.len(), &mut m),
                Head::Refuse,
                "{unit:?}: trigger {k}"
            );
        }
    }
}

/// C-S4, C-F7: a run of hosts that opens a bracket before each and closes
/// them far away (`(www.1(www.1(…) x`): a bracket no closer follows
/// within the reach changes nothing, so the refusal of the first trigger
/// covers the later ones, up to those the closer may end.
#[test]
fn c_s4_www_memo_covers_brackets_closed_past_the_reach() {
    use crate::delimit::bracket_cut::{closer_may_cut, CLOSER_REACH};
    for unit in ["(www.1(", "www.1(", "(www.a("] {
        let t = unit.repeat(100) + ") x";
        all_paths_agree(&t);
        let h = t.as_bytes();
        let close = t.rfind(')').unwrap();
        let triggers: Vec<usize> = (0..h.len())
            .filter(|&i| h[i..].starts_with(b"www."))
            .collect();
        let p = triggers[0];
        let mut m = Memo::default();
        m.refused_www_text(h, h.len(), (p, close + 1), (p, close + 1), false);
        for &q in &triggers[1..] {
            // (Only the bracket right before the last host closes there.)
            let near = h[q - 1] == b'(' && !h[q..close].contains(&b'(') && close - q < CLOSER_REACH;
            assert_eq!(closer_may_cut(h, q), near, "{unit:?} at {q}");
            // Only where the first trigger was refused does its memo tell.
            if unit != "(www.a(" {
                assert_eq!(m.www_refused(h, q), !near, "{unit:?} at {q}");
            }
        }
    }
    // By the rules: every host ends at the number `1` (C-F7, C-F4); the
    // last, up to its closer, is `www.1`.
    let f = FinderBuilder::new().build().unwrap();
    assert!(links(&f, &("(www.1(".repeat(100) + ") x")).is_empty());
    let t = "(www.1(".repeat(100) + "www.a.b) x";
    assert_eq!(links(&f, &t)[0].0, format!("http://{}", &t[1..t.len() - 3]));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The memos are offsets into the streaming reader's window, forgotten
    /// when it drops bytes: the links of a long hostile text are the same
    /// streamed in small chunks, the window moving several times, as found
    /// whole (C-S4). (Small caps, so that the window moves after 4 KiB.)
    #[test]
    fn c_s4_memos_are_forgotten_as_the_window_moves(t in hostile_text(), chunk in 1usize..3000) {
        let mut long = t.clone();
        while long.len() < 12_000 {
            long.push_str(&t);
            long.push_str(" mailto:");
        }
        let f = FinderBuilder::new()
            .email(true)
            .max_url_len(300)
            .max_wrapper_bytes(200)
            .build()
            .unwrap();
        let whole = links(&f, &long);
        let streamed: Vec<_> = f
            .stream(long.as_bytes())
            .chunk_size(chunk)
            .map(|l| {
                let l = l.unwrap();
                let form = l.form().as_str().to_owned();
                let alt = l.alt().map(str::to_owned);
                (l.as_str().to_owned(), l.start(), l.end(), form, alt, l.is_truncated())
            })
            .collect();
        prop_assert_eq!(whole, streamed);
    }
}

/// C-S4: an address whose domain the stream's window cuts is not
/// refused by the scanner (which refuses only on bytes it has): found
/// streamed as found whole, wherever the window ends.
#[test]
fn c_s4_an_address_across_the_windows_end_is_found() {
    let f = FinderBuilder::new().email(true).build().unwrap();
    let first_window = f.forward() + 64 + 1;
    for back in 1..20 {
        let t = format!("{} a@b.example.org x", "z".repeat(first_window - back));
        let whole = links(&f, &t);
        assert_eq!(whole.len(), 1, "{back}");
        let streamed: Vec<_> = f
            .stream(t.as_bytes())
            .chunk_size(1)
            .map(|l| l.unwrap().as_str().to_owned())
            .collect();
        assert_eq!(streamed, ["mailto:a@b.example.org"], "{back}");
    }
}

#[test]
fn next_at_is_the_first_at_and_searches_each_byte_once() {
    let h = b"mailto:a mailto:b mailto:c@x";
    let mut m = Memo::default();
    assert_eq!(m.next_at(h, 7, h.len()), Some(26));
    assert_eq!(m.next_at(h, 16, h.len()), Some(26));
    assert_eq!(m.next_at(h, 16, 20), None);
    assert_eq!(m.next_at(h, 27, h.len()), None);
    let mut m = Memo::default();
    assert_eq!(m.next_at(h, 0, 10), None);
    assert_eq!(m.next_at(h, 5, 28), Some(26));
}

#[test]
fn c_s4_authority_heads() {
    let head = |t: &str| authority(t.as_bytes(), 0, 4, t.len(), &mut Memo::default());
    assert_eq!(head("http://example.org/"), Head::Pass);
    assert_eq!(head("http://a@b.example/"), Head::Pass);
    assert_eq!(
        head("http://b.example@!/"),
        Head::Refuse,
        "the host is after the @"
    );
    assert_eq!(head("http://!:8080."), Head::Refuse);
    assert_eq!(head("http://a:8080."), Head::Pass);
    assert_eq!(head("http://!/"), Head::Refuse, "the first byte");
    assert_eq!(head("http://_!$/"), Head::Refuse, "no letter or digit");
    assert_eq!(head("http://%zz/"), Head::Refuse);
    assert_eq!(
        head("http://_-\ncorp.example/"),
        Head::Pass,
        "joined after the hyphen (C-W3)"
    );
    assert_eq!(
        head("http://[::1/"),
        Head::Refuse,
        "an IP literal that does not close"
    );
    assert_eq!(head("http://[::1]/"), Head::Decide(12));
    assert_eq!(head("http://[::1]:80/"), Head::Decide(15));
    assert_eq!(head("http://a@!@c/"), Head::Refuse, "cut at the second @");
}

#[test]
fn c_s4_www_heads() {
    let head = |t: &str| www(t.as_bytes(), 0, t.len(), &mut Memo::default());
    assert_eq!(head("www.example.org"), Head::Pass);
    assert_eq!(head("www.example.org."), Head::Pass);
    assert_eq!(head("www.1?x"), Head::Refuse);
    assert_eq!(
        head("www.1?"),
        Head::Pass,
        "the ? may be trimmed: left to the full path"
    );
    assert_eq!(head("www.x "), Head::Refuse);
    assert_eq!(head("www.x. "), Head::Refuse);
    assert_eq!(head("www.a.b(c) "), Head::Pass);
    assert_eq!(
        head("www.a%zz "),
        Head::Refuse,
        "cut at the bad %: host www.a"
    );
    assert_eq!(
        head("www.a.b%zz "),
        Head::Refuse,
        "cut at the bad %: the authority is not taken whole (C-P3)"
    );
    assert_eq!(head("www.a.b:80 "), Head::Pass);
    assert_eq!(head("www.a.1.:x "), Head::Refuse, "port cut");
    assert_eq!(head("www.a.b:x "), Head::Refuse, "port cut (C-P3)");
    assert_eq!(head("www.info@a.example "), Head::Refuse, "userinfo (C-F4)");
    let h = b"(www.a.b)x ";
    let closed = www(h, 1, h.len(), &mut Memo::default());
    assert_eq!(closed, Head::Decide(8), "a bracket closes it (C-F7)");
    let h = b"www.1!www.2!www.3 x";
    let mut m = Memo::default();
    assert_eq!(www(h, 0, h.len(), &mut m), Head::Refuse);
    assert_eq!(www(h, 6, h.len(), &mut m), Head::Refuse, "memo");
    assert_eq!((m.www_lo, m.www_hi), (0, 17));
}

#[test]
fn c_s4_opaque_heads() {
    let ok = |t: &str| {
        let c = t.find(':').unwrap();
        opaque_ok(
            t.as_bytes(),
            c,
            t.starts_with("mailto"),
            &mut Memo::default(),
        )
    };
    assert!(ok("news:comp.infosystems.www"));
    assert!(!ok("news:-x"));
    assert!(!ok("sip:%zz"));
    assert!(ok("sip:%41"));
    assert!(ok("mailto:a@b.example"));
    assert!(!ok("mailto:a?to=b@c.example"));
    assert!(!ok("mailto:a%zz@b.example"));
    assert!(
        ok("mailto:a b@c.example"),
        "whitespace is left to the full path"
    );
    assert!(ok("mailto:first-\n  last@b.example"));
    assert!(!ok("mailto:nobody"));
}

/// C-S4, C-F7: a text cut at a closing bracket is trimmed as a run's end
/// is, en dash included: `(http://x:–)` is `http://x` whether the head
/// or the full path decides.
#[test]
fn c_f7_a_cut_at_a_closing_bracket_drops_an_en_dash() {
    for (t, url) in [
        ("(http://x:–)", "http://x"),
        ("(http://x:–.) ", "http://x"),
        ("*(www.a(www.1!www.mailto:–)*。", "http://www.1!www.mailto"),
    ] {
        all_paths_agree(t);
        let f = FinderBuilder::new().build().unwrap();
        let found: Vec<_> = links(&f, t).into_iter().map(|l| l.0).collect();
        assert_eq!(found, [url], "{t:?}");
    }
}
