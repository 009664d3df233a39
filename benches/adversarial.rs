//! Linear time on hostile input: the finder's cost on generated families of
//! text at 1 MB and at 16 MB, beside ordinary mail text of the same sizes,
//! in one run.
//!
//! The goal:
//! - a family that yields links (their number grows with the text: at
//!   16 MB, at least 8 times as many as at 1 MB) is measured per link: its
//!   nanoseconds per link at most 3 times mail text's, at 1 MB and at 16 MB;
//! - a family that yields no links, or a fixed few (refused triggers), is
//!   measured per byte: its throughput at least a third of mail text's, at
//!   1 MB and at 16 MB;
//! - no family costs more per byte (or per link) as it grows: its cost at
//!   16 MB over its cost at 1 MB stays near 1, or near mail text's own
//!   growth, which leaving the cache at 16 MB explains.
//!
//! Families read in e-mail mode are compared with mail text in e-mail mode,
//! and families read with domain names (feature `domains`, which a run in
//! the workspace has) with mail text read so.
//!
//! Mail text: `corpora/fetched/spamassassin.mbox` (`corpora/fetch.sh`),
//! repeated to the size; without it, the files of `corpora/forms/`; without
//! those, `corpora/sample.mbox`. Each figure is the best of at least 5
//! passes, repeated until they took 100 ms.
//!
//! Run: `cargo bench --bench adversarial [-- FILTER]` (FILTER: a part of
//! the names of the families to measure). It prints a markdown table.

use std::hint::black_box;
use std::io::Write;
use std::time::Instant;

/// Makes `n` bytes of a family.
type Gen = Box<dyn Fn(usize) -> Vec<u8>>;

/// How a family is read: plain, in e-mail mode, with domain names
/// without a scheme (`FinderBuilder::domains`, feature `domains`), in
/// UTS #58 mode (`FinderBuilder::uts58`).
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Plain = 0,
    Email = 1,
    Domains = 2,
    Uts58 = 3,
}

/// A family: its name, how it is read, its bytes.
struct Family {
    name: &'static str,
    mode: Mode,
    gen: Gen,
}

/// `unit` repeated to `n` bytes.
fn rep(unit: Vec<u8>) -> Gen {
    Box::new(move |n| unit.iter().copied().cycle().take(n).collect())
}

fn families() -> Vec<Family> {
    let f = |name, unit: &[u8]| Family {
        name,
        mode: Mode::Plain,
        gen: rep(unit.to_vec()),
    };
    let domains = |name, unit: &[u8]| Family {
        name,
        mode: Mode::Domains,
        gen: rep(unit.to_vec()),
    };
    let uts58 = |name, unit: &[u8]| Family {
        name,
        mode: Mode::Uts58,
        gen: rep(unit.to_vec()),
    };
    let deep = |n: usize| {
        let mut u = vec![b'('; n];
        u.extend_from_slice(b"http://a.example/x");
        u.extend(std::iter::repeat_n(b')', n));
        u.push(b' ');
        u
    };
    let then = |unit: &[u8], times: usize, end: &[u8]| {
        let mut u = unit.repeat(times);
        u.extend_from_slice(end);
        u
    };
    vec![
        // Triggers, brackets, breaks and long lines.
        f("http:// repeated", b"http://"),
        f("<URL: repeated, no >", b"<URL:"),
        f("(((( )))) around URLs", &deep(4)),
        f("64-deep (( )) around URLs", &deep(64)),
        f("-\\n breaks", b"-\n"),
        f("one line, no newline", b"abcdefghij"),
        f("www. repeated", b"www."),
        f("a@b.c repeated", b"a@b.c "),
        Family {
            name: "a@b.c repeated, e-mail mode",
            mode: Mode::Email,
            gen: rep(b"a@b.c ".to_vec()),
        },
        f(
            "deep quote prefixes",
            b">>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>> <http://a.example/\n",
        ),
        f("% repeated", b"%"),
        f("URL -\\n breaks", b"http://a.example/a-\n"),
        f("URLs on one 10 MB line", b"see http://a.example/path?q=1 and "),
        f("<http:// unclosed", b"<http://a.example/x "),
        f("\"http:// unclosed", b"\"http://a.example/x"),
        f("mailto: repeated", b"mailto:"),
        f("http:/// repeated", b"http:///"),
        f("[http://[ repeated", b"http://["),
        // Runs where every trigger is refused or cut short: each must be
        // decided without scanning the run again.
        f("www.1? repeated", b"www.1?"),
        f("(sip:- repeated", b"(sip:-"),
        f("http://% repeated", b"http://%"),
        f("(www.a%zz repeated", b"(www.a%zz"),
        f("(http://a@%zz repeated", b"(http://a@%zz"),
        f("(mailto:a?@ repeated", b"(mailto:a?@"),
        f("(www.1 x1300 then é", &then(b"(www.1", 1300, "é.1 ".as_bytes())),
        f("(www.1 x1300 then -\\n.1", &then(b"(www.1", 1300, b"-\n.1 ")),
        f("(www.1) x1000 then .1)", &then(b"(www.1)", 1000, b".1) ")),
        f("URL: repeated", b"URL:"),
        f("[sip:1] repeated", b"[sip:1]"),
        f("www.1:) repeated", b"www.1:)"),
        f("www.a.1) repeated", b"www.a.1)"),
        f("_URL:www.1). repeated", b"_URL:www.1)."),
        f("'www.1? repeated", b"'www.1?"),
        // A quote that never closes: every `“` opens one.
        f("“http://a repeated", "\u{201c}http://a".as_bytes()),
        // Non-ASCII and line breaks at the end of a run.
        f("[http://aé repeated", "[http://a\u{e9}".as_bytes()),
        f("'URL:www.1é repeated", "'URL:www.1\u{e9}".as_bytes()),
        f("URL:www.1-\\n repeated", b"URL:www.1-\n"),
        f("www.1/é repeated", "www.1/\u{e9}".as_bytes()),
        f("http://a)@/é repeated", "http://a)@/\u{e9}".as_bytes()),
        // The rules of the text around a URL: a bracket opened before it,
        // emphasis marks, a host's end, other scripts, line ends.
        f("(sip:1( repeated", b"(sip:1("),
        f("(sip:1] repeated", b"(sip:1]"),
        f("(http://a/)( repeated", b"(http://a/)("),
        f("(www.1( x1000 then )", &then(b"(www.1(", 1000, b") ")),
        f("*www.1* repeated", b"*www.1* "),
        f("*x http://a/b* repeated", b"*x http://a/b* "),
        f("_ then http://a/b_ repeated", b"_ http://a/b_"),
        f("http://a- repeated", b"http://a- "),
        f("http://a.example/日 repeated", "http://a.example/\u{65e5}".as_bytes()),
        f("http://日a repeated", "http://\u{65e5}a".as_bytes()),
        f("http://a/–– repeated", "http://a/\u{2013}\u{2013} ".as_bytes()),
        f("http://a/#b#c repeated", b"http://a/#b#c"),
        f("http://\\n repeated", b"http://\n"),
        // Schemes of IANA's registry, and one that is in none (C-F2).
        f("wss://a repeated", b"wss://a "),
        f("zz:// repeated", b"zz://"),
        f("abcdefghij:// repeated", b"abcdefghij://"),
        // RFC 8792 folds (C-W8): undeclared, and after a header, where
        // every URL goes on across folds to the wrapper cap of lines.
        f("URL, \\, indented line, repeated", b"http://a/\\\n  b "),
        Family {
            name: "RFC 8792 header, then folded URLs",
            mode: Mode::Plain,
            gen: rep(b"NOTE: '\\' line wrapping per RFC 8792\n\n  http://a/b\\\n  c\\\n  d\n".to_vec()),
        },
        f("\"URL, \\, line, repeated", b"\"http://a\\\n "),
        f(
            "> URL at a wrap width, quoted, repeated",
            b"> see http://a.example/path/to/a/page/that/is/long/enough/to/wrap_\n> x1 y\n",
        ),
        domains("a.com repeated, domains", b"a.com "),
        domains("a.b.c.d... one run, domains", b"a.b"),
        domains("x.foo( repeated, domains", b"x.foo("),
        domains("普遍.我爱你 repeated, domains", "普遍.我爱你 ".as_bytes()),
        // Brackets beyond ASCII and character references (C-F7).
        f("http://a/（ repeated", "http://a/\u{ff08}".as_bytes()),
        f("http://a/x） repeated", "see http://a/x\u{ff09} ".as_bytes()),
        f("http://a/[ repeated", b"http://a/["),
        f("http://a/x&gt; repeated", b"see http://a/x&gt; "),
        // UTS #58 mode: its scans back and forward, its bracket stack.
        uts58("a.com repeated, uts58", b"a.com "),
        uts58("a.b.c.d... one run, uts58", b"a.b"),
        uts58("a.b@ repeated, uts58", b"a.b@"),
        uts58("普遍.我爱你 repeated, uts58", "普遍.我爱你 ".as_bytes()),
        uts58("http://a.com/[( repeated, uts58", b"http://a.com/[("),
        uts58("64-deep [( around URLs, uts58", &{
            let mut u = b"[(".repeat(64);
            u.extend_from_slice(b"http://a.com/x");
            u.extend_from_slice(&b")]".repeat(64));
            u.push(b' ');
            u
        }),
    ]
}

/// The mail text that `mail` repeats.
fn mail_base() -> Vec<u8> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::read(root.join("corpora/fetched/spamassassin.mbox"))
        .or_else(|_| {
            let mut all = Vec::new();
            for d in std::fs::read_dir(root.join("corpora/forms"))?.flatten() {
                for f in std::fs::read_dir(d.path())?.flatten() {
                    all.extend(std::fs::read(f.path())?);
                }
            }
            Ok::<_, std::io::Error>(all)
        })
        .unwrap_or_else(|_| std::fs::read(root.join("corpora/sample.mbox")).unwrap())
}

/// `n` bytes of mail text.
fn mail(base: &[u8], n: usize) -> Vec<u8> {
    base.iter().copied().cycle().take(n).collect()
}

/// One measure of a text: its size, the links found, the best pass's time.
#[derive(Clone, Copy)]
struct Run {
    bytes: usize,
    links: usize,
    secs: f64,
}

impl Run {
    fn mb_per_s(&self) -> f64 {
        self.bytes as f64 / 1e6 / self.secs
    }

    fn ns_per_byte(&self) -> f64 {
        self.secs * 1e9 / self.bytes as f64
    }

    fn ns_per_link(&self) -> f64 {
        self.secs * 1e9 / self.links as f64
    }
}

/// The finder over `text`: the best of at least 5 passes, and more until
/// they took 100 ms (a shorter run leaves the clock of a shared machine
/// unsettled).
fn measure(finder: &urlx::Finder, text: &[u8]) -> Run {
    let mut secs = f64::MAX;
    let mut links = 0;
    let start = Instant::now();
    let mut passes = 0;
    while passes < 5 || start.elapsed().as_secs_f64() < 0.1 {
        let t = Instant::now();
        links = finder.links(black_box(text)).count();
        secs = secs.min(t.elapsed().as_secs_f64());
        passes += 1;
    }
    Run {
        bytes: text.len(),
        links,
        secs,
    }
}

/// What a family is held to: its cost per link where it yields links, per
/// byte where it yields none.
#[derive(Clone, Copy, PartialEq)]
enum Measure {
    PerLink,
    PerByte,
}

impl Measure {
    /// The figure shown: ns per link, or MB/s.
    fn shown(self, r: &Run) -> f64 {
        match self {
            Measure::PerLink => r.ns_per_link(),
            Measure::PerByte => r.mb_per_s(),
        }
    }

    /// The cost the ratios compare: ns per link, or ns per byte.
    fn cost(self, r: &Run) -> f64 {
        match self {
            Measure::PerLink => r.ns_per_link(),
            Measure::PerByte => r.ns_per_byte(),
        }
    }

    fn unit(self) -> &'static str {
        match self {
            Measure::PerLink => "ns/link",
            Measure::PerByte => "MB/s",
        }
    }
}

/// The cost ratio a family may reach against mail text.
const GOAL: f64 = 3.0;

const SIZES: [usize; 2] = [1_000_000, 16_000_000];

/// A figure with as many decimals as make it readable.
fn num(x: f64) -> String {
    if x >= 100.0 {
        format!("{x:.0}")
    } else if x >= 10.0 {
        format!("{x:.1}")
    } else {
        format!("{x:.2}")
    }
}

fn main() {
    // `cargo bench` passes --bench; a filter argument picks families.
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let plain = urlx::Finder::new();
    let email = urlx::FinderBuilder::new().email(true).build().unwrap();
    #[cfg(feature = "domains")]
    let domains = urlx::FinderBuilder::new().domains(true).build().unwrap();
    // (Without the feature, the domain families are left out.)
    #[cfg(not(feature = "domains"))]
    let domains = urlx::Finder::new();
    let uts58 = urlx::FinderBuilder::new().uts58(true).build().unwrap();
    let finders = [&plain, &email, &domains, &uts58];
    let base = mail_base();
    // Mail text at each size, in each mode.
    let mail_runs = finders.map(|f| SIZES.map(|n| measure(f, &mail(&base, n))));
    let mut rows = Vec::new();
    let mut tally = [[0usize; 2]; 2];
    let mut worst_growth: Option<(f64, &str)> = None;
    let mail_growth =
        |mode: usize| mail_runs[mode][1].ns_per_byte() / mail_runs[mode][0].ns_per_byte();
    let mut modes = vec![(0, "mail text"), (1, "mail text, e-mail mode")];
    if cfg!(feature = "domains") {
        modes.push((2, "mail text, domains"));
    }
    modes.push((3, "mail text, UTS #58 mode"));
    for (mode, name) in modes {
        let [small, big] = mail_runs[mode];
        rows.push(format!(
            "| {name} | {} | MB/s, ns/link | {}, {} | | | {}, {} | | | | {:.2} |",
            big.bytes / big.links.max(1),
            num(small.mb_per_s()),
            num(small.ns_per_link()),
            num(big.mb_per_s()),
            num(big.ns_per_link()),
            mail_growth(mode),
        ));
    }
    for fam in families() {
        if filter.as_deref().is_some_and(|p| !fam.name.contains(p))
            || (fam.mode == Mode::Domains && !cfg!(feature = "domains"))
        {
            continue;
        }
        eprint!("{} ... ", fam.name);
        std::io::stderr().flush().ok();
        let mode = fam.mode as usize;
        let finder = finders[mode];
        let runs = SIZES.map(|n| measure(finder, &(fam.gen)(n)));
        // Links that grow with the text; a fixed few (at its start or end)
        // leave a family of refused triggers.
        let measure = if runs[0].links > 0 && runs[1].links >= 8 * runs[0].links {
            Measure::PerLink
        } else {
            Measure::PerByte
        };
        let ratios: Vec<f64> = (0..2)
            .map(|i| measure.cost(&runs[i]) / measure.cost(&mail_runs[mode][i]))
            .collect();
        let pass = ratios.iter().all(|&r| r <= GOAL);
        tally[usize::from(measure == Measure::PerByte)][usize::from(!pass)] += 1;
        let growth = measure.cost(&runs[1]) / measure.cost(&runs[0]);
        if worst_growth.is_none_or(|(g, _)| growth > g) {
            worst_growth = Some((growth, fam.name));
        }
        let density = match runs[1].links {
            0 => "-".to_string(),
            l => (runs[1].bytes / l).to_string(),
        };
        let cells: Vec<String> = (0..2)
            .map(|i| {
                format!(
                    "{} | {} | {:.2}",
                    num(measure.shown(&runs[i])),
                    num(measure.shown(&mail_runs[mode][i])),
                    ratios[i]
                )
            })
            .collect();
        eprintln!("done");
        rows.push(format!(
            "| {} | {density} | {} | {} | {} | {} | {growth:.2} |",
            fam.name,
            measure.unit(),
            cells[0],
            cells[1],
            if pass { "PASS" } else { "MISS" },
        ));
    }
    println!();
    println!("| input | bytes/link | unit | 1 MB | mail, 1 MB | cost vs mail, 1 MB | 16 MB | mail, 16 MB | cost vs mail, 16 MB | goal (≤ {GOAL}x) | cost 16 MB / 1 MB |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for row in &rows {
        println!("{row}");
    }
    println!();
    println!(
        "link-dense families (ns per link, goal at most {GOAL}x mail text's): {} PASS, {} MISS",
        tally[0][0], tally[0][1]
    );
    println!(
        "link-free families (per-byte cost, goal at most {GOAL}x mail text's): {} PASS, {} MISS",
        tally[1][0], tally[1][1]
    );
    if let Some((g, name)) = worst_growth {
        println!(
            "largest cost growth from 1 MB to 16 MB: {g:.2} ({name}); mail text's: {:.2} (out of the cache at 16 MB)",
            mail_growth(0)
        );
    }
}
