//! The extraction contract as data (`tests/data/contract/`, C-F,
//! C-W, C-O, C-S cases), every case through every way the library finds
//! links: `Finder::links` on the slice; `Finder::stream` with reads of 1,
//! 2, 3, 7 and 64 bytes and the whole input; `Piece`s cut every 1, 2, 5
//! and 16 bytes, scanned out of order (some left for `Piece::join`) and
//! joined; and mail mode, the input as a text/plain body
//! (`Finder::message_links`). The C library runs the same cases
//! (`capi/tests/c_abi.rs`), and so does the Python package
//! (`python/tests/test_cases.py`). A case an entry cannot run says so with
//! `skip ENTRY why`; a case that every entry skips fails here.

use std::io::Read;
use urlx::{Finder, Link, Piece, Seam};

#[path = "common/rows.rs"]
mod rows;
use rows::{Case, Want};

/// A link as the cases describe it.
fn got(l: &Link<'_>, input: &[u8], place: (u64, u64)) -> Want {
    Want {
        url: l.as_str().to_owned(),
        text: input[l.span()].to_vec(),
        alt: l.alt().map(str::to_owned),
        truncated: l.is_truncated(),
        form: Some(l.form().to_string()),
        at: Some(place),
    }
}

/// The fields a case leaves out are not compared (`form`, `at`).
fn like(case: &Case, found: &[Want]) -> Vec<Want> {
    found
        .iter()
        .zip(case.links.iter().chain(std::iter::repeat(&Want::default())))
        .map(|(g, w)| Want {
            form: w.form.as_ref().and(g.form.clone()),
            at: w.at.and(g.at),
            ..g.clone()
        })
        .collect()
}

/// Runs every case that `entry` does not skip; fails with every mismatch.
fn run(entry: &str, f: impl Fn(&Case, &Finder) -> Vec<Want>) {
    let cases = rows::cases();
    let mut failed = Vec::new();
    let mut ran = 0;
    for case in &cases {
        if case.skips(entry) {
            continue;
        }
        ran += 1;
        let found = f(case, &finder(case));
        let found = like(case, &found);
        if found != case.links {
            failed.push(format!(
                "{} in {:?}:\n  want {:?}\n  got  {:?}",
                case.id,
                String::from_utf8_lossy(&case.input),
                case.links,
                found
            ));
        }
    }
    assert!(ran > 0, "{entry}: no case ran");
    assert!(
        failed.is_empty(),
        "{entry}: {} of {ran} cases fail:\n{}",
        failed.len(),
        failed.join("\n")
    );
}

fn slice(case: &Case, f: &Finder) -> Vec<Want> {
    f.links(&case.input)
        .map(|l| got(&l, &case.input, (l.line(), l.column())))
        .collect()
}

#[test]
fn every_case_runs_somewhere_and_says_why_it_skips() {
    let cases = rows::cases();
    assert!(cases.len() > 250, "{} cases", cases.len());
    for case in &cases {
        assert!(
            rows::ENTRIES.iter().any(|e| !case.skips(e)),
            "{}: no entry runs it",
            case.id
        );
        for (e, why) in &case.skip {
            assert!(
                !why.trim().is_empty(),
                "{}: skip {e} without a reason",
                case.id
            );
        }
        // The slice runs every case: the others are compared with it.
        assert!(
            !case.skips("slice"),
            "{}: the slice entry runs every case",
            case.id
        );
    }
}

#[test]
fn the_slice() {
    run("slice", slice);
}

/// A reader that hands out at most `n` bytes a read.
struct Trickle<'a>(&'a [u8], usize);

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.1.min(buf.len()).min(self.0.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn the_stream_in_reads_of_every_size() {
    for n in [1, 2, 3, 7, 64, usize::MAX] {
        run("stream", |case, f| {
            let found: Vec<Want> = f
                .stream(Trickle(&case.input, n))
                .map(|l| {
                    let l = l.unwrap();
                    got(&l, &case.input, (l.line(), l.column()))
                })
                .collect();
            assert_eq!(found, slice(case, f), "{}: reads of {n} bytes", case.id);
            found
        });
    }
}

/// The links of `text` cut into pieces of `len` bytes: scanned last to
/// first, every third left for the join to scan, joined in order.
fn pieces(f: &Finder, text: &[u8], len: usize) -> Vec<Want> {
    let (before, after) = f.piece_margins();
    let mut ps: Vec<Piece> = (0..text.len().max(1))
        .step_by(len)
        .map(|c| {
            let end = (c + len).min(text.len());
            let (base, top) = (c.saturating_sub(before), (end + after).min(text.len()));
            Piece::new(text[base..top].to_vec(), base, c..end, top == text.len())
        })
        .collect();
    for (i, p) in ps.iter_mut().enumerate().rev() {
        if i % 3 != 1 {
            f.scan_piece(p);
        }
    }
    let mut seam = Seam::default();
    let mut out = Vec::new();
    for mut p in ps {
        let joined = p.join(f, &mut seam);
        for l in p.links() {
            out.push(got(l, text, joined.place(l.line(), l.column(), l.start())));
        }
    }
    out
}

#[test]
fn pieces_cut_anywhere_and_joined() {
    for len in [1, 2, 5, 16] {
        run("pieces", |case, f| {
            let found = pieces(f, &case.input, len);
            assert_eq!(found, slice(case, f), "{}: pieces of {len} bytes", case.id);
            found
        });
    }
}

/// The input as the body of a plain-text message: the links' spans are
/// the message's, lines count its header.
#[test]
fn mail_mode_reads_the_input_as_a_body() {
    const HEAD: &[u8] = b"Subject: a case\nContent-Type: text/plain; charset=utf-8\n\n";
    run("mail", |case, f| {
        let raw = [HEAD, &case.input].concat();
        let m = f.message_links(&raw, 0..raw.len(), 1);
        m.links
            .iter()
            .map(|m| {
                let l = &m.link;
                let s = l.span();
                assert!(s.start >= HEAD.len(), "{}: a link in the header", case.id);
                let mut w = got(l, &raw, (l.line() - 3, l.column()));
                w.text = raw[s].to_vec();
                w
            })
            .collect()
    });
}

/// A finder with the case's options (here, not in `rows`: the C ABI's
/// tests read the rows too, where `urlx` names the C library).
fn finder(case: &rows::Case) -> urlx::Finder {
    let mut b = urlx::FinderBuilder::new();
    for (k, v) in &case.options {
        let flag = || match v.as_str() {
            "" | "1" => true,
            "0" => false,
            _ => panic!("{}: {k}={v}: a flag is 0 or 1", case.id),
        };
        let size = || {
            v.parse::<usize>()
                .unwrap_or_else(|_| panic!("{}: {k}={v}", case.id))
        };
        match k.as_str() {
            "email" => b.email(flag()),
            "www" => b.abbreviated(flag()),
            "join_breaks" => b.join_unhyphenated_breaks(flag()),
            "uts58" => b.uts58(flag()),
            "registered_schemes" => b.registered_schemes(flag()),
            "bare_schemes" => b.bare_schemes(v.split(',')),
            "max_url_len" => b.max_url_len(size()),
            "max_wrapper_bytes" => b.max_wrapper_bytes(size()),
            "max_wrapper_lines" => b.max_wrapper_lines(size()),
            "max_line_len" => b.max_line_len(size()),
            _ => panic!("{}: unknown option {k}", case.id),
        };
    }
    b.build()
        .unwrap_or_else(|e| panic!("{}: options: {e}", case.id))
}
