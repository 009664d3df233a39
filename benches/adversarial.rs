//! Linear time on hostile input (issue 7, CONTRACT C-S4): throughput of the
//! extractor on each adversarial family at 1 MB and at 16 MB, beside
//! ordinary mail text of the same sizes, in one run. A family is fine when
//! it is no slower than a third of mail text's throughput and does not get
//! slower per byte from 1 MB to 16 MB.
//!
//! The families: those issue 7 names; those earlier sessions added; and
//! those this benchmark's history found quadratic within the 8 KiB URL cap
//! (every trigger of a long run scanned the run again): `www.1?`, `(sip:-`,
//! `http://%`, `(www.a%zz`, `(http://a@%zz`, `(mailto:a?@` repeated, and runs
//! of `(www.1` that end in a non-ASCII letter, in a hyphen and a line break,
//! in an unmatched bracket; and those found with `benches/tools/hunt.rs`.
//! Link-dense families
//! (a link every few dozen bytes) measure the cost of a link more than
//! anything hostile; the `bytes/link` column tells them apart, and the
//! `linkify` column gives the `linkify` crate's throughput on the same
//! bytes as a fraction of its own throughput on mail text.
//!
//! The `floor` columns answer how far the link-dense families could go:
//! the throughput, as a fraction of urlx's on mail text, of a finder with
//! no rules at all (`floor_links`): each `scheme://`, the run of URL bytes
//! after it less its trailing punctuation, its line and column; and the
//! same with each text parsed by `urlx::uri::parse`.
//!
//! Mail text: the SpamAssassin mbox (`corpora/fetch.sh`), repeated to the
//! size; without it, the shared forms corpus; without that, the bundled
//! sample. Each figure is the best of 5 passes.
//!
//! Run: `cargo bench --bench adversarial [-- FILTER]`.

use std::hint::black_box;
use std::time::Instant;

/// Makes `n` bytes of a family.
type Gen = Box<dyn Fn(usize) -> Vec<u8>>;

/// A family: its name, whether it is read in e-mail mode, its bytes.
struct Family {
    name: &'static str,
    email: bool,
    gen: Gen,
}

fn rep(unit: Vec<u8>) -> Gen {
    Box::new(move |n| unit.iter().copied().cycle().take(n).collect())
}

fn families() -> Vec<Family> {
    let f = |name, unit: &[u8]| Family {
        name,
        email: false,
        gen: rep(unit.to_vec()),
    };
    let deep = |n: usize| {
        let mut u = vec![b'('; n];
        u.extend_from_slice(b"http://a.example/x");
        u.extend(std::iter::repeat_n(b')', n));
        u.push(b' ');
        u
    };
    vec![
        // Issue 7's families.
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
            email: true,
            gen: rep(b"a@b.c ".to_vec()),
        },
        f(
            "deep quote prefixes",
            b">>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>> <http://a.example/\n",
        ),
        f("% repeated", b"%"),
        // Added by earlier sessions.
        f("URL -\\n breaks", b"http://a.example/a-\n"),
        f("URLs on one 10 MB line", b"see http://a.example/path?q=1 and "),
        f("<http:// unclosed", b"<http://a.example/x "),
        f("\"http:// unclosed", b"\"http://a.example/x"),
        f("mailto: repeated", b"mailto:"),
        f("http:/// repeated", b"http:///"),
        f("[http://[ repeated", b"http://["),
        // Quadratic within the cap before the head checks.
        f("www.1? repeated", b"www.1?"),
        f("(sip:- repeated", b"(sip:-"),
        f("http://% repeated", b"http://%"),
        f("(www.a%zz repeated", b"(www.a%zz"),
        f("(http://a@%zz repeated", b"(http://a@%zz"),
        f("(mailto:a?@ repeated", b"(mailto:a?@"),
        f("(www.1 x1300 then é", &{
            let mut u = b"(www.1".repeat(1300);
            u.extend_from_slice("é.1 ".as_bytes());
            u
        }),
        f("(www.1 x1300 then -\\n.1", &{
            let mut u = b"(www.1".repeat(1300);
            u.extend_from_slice(b"-\n.1 ");
            u
        }),
        f("(www.1) x1000 then .1)", &{
            let mut u = b"(www.1)".repeat(1000);
            u.extend_from_slice(b".1) ");
            u
        }),
        f("URL: repeated", b"URL:"),
        // Work up to the URL cap for every trigger before the run memos
        // (the hunt, `benches/tools/hunt.rs`).
        f("[sip:1] repeated", b"[sip:1]"),
        f("www.1:) repeated", b"www.1:)"),
        f("www.a.1) repeated", b"www.a.1)"),
        f("_URL:www.1). repeated", b"_URL:www.1)."),
        f("'www.1? repeated", b"'www.1?"),
        // Work up to the wrapper cap (2,048 bytes) for every trigger before
        // the wrapper memo: every `“` opens a quote that never closes.
        f("“http://a repeated", "\u{201c}http://a".as_bytes()),
        // Work up to the URL cap for every trigger before this session's
        // bounded look at a URL's last characters (C-F8) and at a chain of
        // joined lines (`find::chain`).
        f("[http://aé repeated", "[http://a\u{e9}".as_bytes()),
        f("'URL:www.1é repeated", "'URL:www.1\u{e9}".as_bytes()),
        f("URL:www.1-\\n repeated", b"URL:www.1-\n"),
        // Work up to the URL cap for every trigger while the head checks
        // left every `/`, `#` or query byte before a non-ASCII character to
        // the full path (the seventh session, for a few commits).
        f("www.1/é repeated", "www.1/\u{e9}".as_bytes()),
        f("http://a)@/é repeated", "http://a)@/\u{e9}".as_bytes()),
    ]
}

fn mail(n: usize) -> Vec<u8> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let base = std::fs::read(root.join("corpora/fetched/spamassassin.mbox"))
        .or_else(|_| {
            let mut all = Vec::new();
            for d in std::fs::read_dir(root.join("../shared/corpora/forms"))?.flatten() {
                for f in std::fs::read_dir(d.path())?.flatten() {
                    all.extend(std::fs::read(f.path())?);
                }
            }
            Ok::<_, std::io::Error>(all)
        })
        .unwrap_or_else(|_| std::fs::read(root.join("corpora/sample.mbox")).unwrap());
    base.iter().copied().cycle().take(n).collect()
}

/// Best throughput in MB/s of 5 passes of `run`, and what it returned.
fn best(bytes: usize, mut run: impl FnMut() -> usize) -> (f64, usize) {
    let mut t_best = f64::MAX;
    let mut n = 0;
    for _ in 0..5 {
        let t = Instant::now();
        n = run();
        t_best = t_best.min(t.elapsed().as_secs_f64());
    }
    (bytes as f64 / 1e6 / t_best, n)
}

fn urlx(f: &urlx::Finder, text: &[u8]) -> (f64, usize) {
    best(text.len(), || f.links(black_box(text)).count())
}

/// The `linkify` crate over the same bytes (as text, made before timing).
fn linkify(email: bool, text: &[u8]) -> f64 {
    let s = String::from_utf8_lossy(text);
    let mut lf = linkify::LinkFinder::new();
    if email {
        lf.kinds(&[linkify::LinkKind::Url, linkify::LinkKind::Email]);
    } else {
        lf.kinds(&[linkify::LinkKind::Url]);
    }
    best(text.len(), || lf.links(black_box(&s)).count()).0
}

/// The bytes a URL may hold: RFC 3986 unreserved and reserved, and `%`.
static URL_BYTE: [bool; 256] = {
    let mut t = [false; 256];
    let s = b"-._~:/?#[]@!$&'()*+,;=%";
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u8).is_ascii_alphanumeric();
        i += 1;
    }
    let mut i = 0;
    while i < s.len() {
        t[s[i] as usize] = true;
        i += 1;
    }
    t
};

/// A finder with no rules, a floor under any finder that reports where
/// its links are: every `scheme://`, the run of URL bytes after it less
/// trailing `. , ; : ! ? ' ) ]`, and the link's line and column; with
/// `parse`, only texts that `urlx::uri::parse` takes. No wrappers, quote
/// prefixes, rejoining, policy, bracket balance, caps or `www.`.
fn floor_links(h: &[u8], parse: bool) -> usize {
    let (mut n, mut line, mut line_start, mut counted) = (0, 1u64, 0, 0);
    // (One search over the whole text: `memchr` called at each colon
    // costs its set-up a link.)
    let mut next = 0;
    for c in memchr::memchr_iter(b':', h) {
        if c < next || h.get(c + 1..c + 3) != Some(b"//") {
            continue;
        }
        let mut s = c;
        while s > 0 && h[s - 1].is_ascii_alphabetic() {
            s -= 1;
        }
        if s == c {
            continue;
        }
        let mut e = c + 3;
        while e < h.len() && URL_BYTE[h[e] as usize] {
            e += 1;
        }
        next = e;
        let mut t = e;
        while t > s
            && matches!(
                h[t - 1],
                b'.' | b',' | b';' | b':' | b'!' | b'?' | b'\'' | b')' | b']'
            )
        {
            t -= 1;
        }
        // ASCII: every URL byte is.
        let text = std::str::from_utf8(&h[s..t]).unwrap();
        if parse && urlx::uri::parse(text).is_err() {
            continue;
        }
        for i in memchr::memchr_iter(b'\n', &h[counted..s]) {
            line += 1;
            line_start = counted + i + 1;
        }
        counted = s;
        black_box((text, s, line, s - line_start + 1));
        n += 1;
    }
    n
}

fn main() {
    // `cargo bench` passes --bench; a filter argument picks families.
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let plain = urlx::Finder::new();
    let email = urlx::FinderBuilder::new().email(true).build().unwrap();
    let sizes = [1_000_000usize, 16_000_000];
    let mail16 = mail(sizes[1]);
    let base: Vec<f64> = sizes.iter().map(|&n| urlx(&plain, &mail(n)).0).collect();
    let base_email = urlx(&email, &mail16).0;
    let lk_base = linkify(false, &mail16);
    let lk_base_email = linkify(true, &mail16);
    let floor =
        |text: &[u8], parse: bool| best(text.len(), || floor_links(black_box(text), parse)).0;
    let (fl_mail, flp_mail) = (floor(&mail16, false), floor(&mail16, true));
    println!("| input | 1 MB MB/s | 16 MB MB/s | links at 16 MB | bytes/link | vs mail at 16 MB | linkify vs its mail | floor vs urlx on mail | floor + parse vs urlx on mail |");
    println!("|---|---|---|---|---|---|---|---|---|");
    println!(
        "| mail text | {:.0} | {:.0} | | | 1.00 | 1.00 ({lk_base:.0} MB/s) | {:.2} | {:.2} |",
        base[0],
        base[1],
        fl_mail / base[1],
        flp_mail / base[1]
    );
    println!("| mail text, e-mail mode | | {base_email:.0} | | | 1.00 | 1.00 ({lk_base_email:.0} MB/s) | | |");
    let mut worst_sparse: (f64, &str) = (f64::MAX, "");
    let mut worst_dense: (f64, &str) = (f64::MAX, "");
    for fam in families() {
        if filter.as_deref().is_some_and(|p| !fam.name.contains(p)) {
            continue;
        }
        let (finder, mail_rate, lk_mail) = if fam.email {
            (&email, base_email, lk_base_email)
        } else {
            (&plain, base[1], lk_base)
        };
        let mut row = Vec::new();
        let mut links = 0;
        for &n in &sizes {
            let (mbs, l) = urlx(finder, &(fam.gen)(n));
            row.push(mbs);
            links = l;
        }
        let big = (fam.gen)(sizes[1]);
        let lk = linkify(fam.email, &big) / lk_mail;
        let (fl, flp) = (
            floor(&big, false) / mail_rate,
            floor(&big, true) / mail_rate,
        );
        let ratio = row[1] / mail_rate;
        let per_link = sizes[1].checked_div(links);
        // A link every few dozen bytes measures a link's cost.
        let dense = per_link.is_some_and(|n| n < 100);
        let worst = if dense {
            &mut worst_dense
        } else {
            &mut worst_sparse
        };
        if ratio < worst.0 {
            *worst = (ratio, fam.name);
        }
        let per_link = per_link.map_or("-".into(), |n| n.to_string());
        println!(
            "| {} | {:.0} | {:.0} | {links} | {per_link} | {ratio:.2} | {lk:.2} | {fl:.2} | {flp:.2} |",
            fam.name, row[0], row[1]
        );
    }
    // (A filter may leave a class empty.)
    let show = |(ratio, name): (f64, &str)| {
        if name.is_empty() {
            "none measured".to_string()
        } else {
            format!("{ratio:.2} ({name})")
        }
    };
    println!(
        "\nslowest family with a link every 100 bytes or more (or none): {} of mail text's throughput; goal: at least 0.33",
        show(worst_sparse)
    );
    println!(
        "slowest link-dense family (a link every < 100 bytes): {}; goal: at least 0.33",
        show(worst_dense)
    );
}
