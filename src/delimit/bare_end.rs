//! The end of a bare URL: the characters a URL may hold (C-F8, C-F9), the
//! trailing punctuation that belongs to the sentence (C-F7), and a bare URL
//! broken after a hyphen (C-W3) or, as an option, before `/`, `?`, ...
//! (C-W6).

use super::fold::{self, FoldMemo};
use super::rejoin::{whitespace_run, Depth, Joint};
use super::trim::trim_end;
pub(crate) use super::trim::{
    count_brackets, may_drop, retrim, sentence_mark_at_end, trim_unbracketed, trimmed_end,
    BracketMemo,
};
use super::unicode::{
    char_at, ends_bare_url, grapheme_floor, is_soft, never_joins_ascii, opener_of,
};
use super::{Delimited, Form, Pieces};
use crate::bytes::url_run;

/// Options for bare URLs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BareOptions {
    /// C-W6: join a URL that ends exactly at a line end with a next line
    /// that begins with `/`, `?`, `&`, `=`, `#` or `%`.
    pub(crate) join_unhyphenated: bool,
    /// The most lines a URL joined across line breaks (C-W3, C-W6) may
    /// span: a wrapper's span (C-W5). Without it, every trigger in a long
    /// chain of joined lines would read the chain up to the URL cap
    /// (C-S4). At least 1 (the builder refuses 0); 1: no joins, and a URL
    /// that would go on is flagged.
    pub(crate) max_lines: usize,
}

impl Default for BareOptions {
    fn default() -> Self {
        BareOptions {
            join_unhyphenated: false,
            max_lines: 8,
        }
    }
}

/// End of the run of URL characters that starts at `i`, not past `cap`:
/// ASCII URL bytes (C-F9) and the non-ASCII characters that do not end a
/// URL (C-F8).
#[inline]
pub(crate) fn run_end(h: &[u8], mut i: usize, cap: usize) -> usize {
    let cap = cap.min(h.len());
    loop {
        i = url_run(h, i, cap, 0);
        if i >= cap || h[i] < 0x80 {
            return i;
        }
        // A stretch of non-ASCII characters (a word of Cyrillic or CJK
        // text) in a loop of its own: the run's SIMD step, restarted after
        // each character, would find the next one at once.
        // PERF: `valgrind --tool=callgrind target/profiling/examples/count`
        // over lines ending in `https://пример.рф/страница`.
        while i < cap && h[i] >= 0x80 {
            match char_at(h, i) {
                Some((c, len)) if !ends_bare_url(c) && i + len <= cap => i += len,
                _ => return i,
            }
        }
        if i >= cap {
            return i;
        }
    }
}

/// Whether a bare URL ends at `e`, at a non-ASCII character that ends it,
/// with no grapheme cluster across `e` (C-F8, C-F9): decided by these two
/// characters alone when the one before is ASCII (only Extend, ZWJ and
/// SpacingMark join an ASCII character to the next, and need nothing
/// before it).
pub(crate) fn ends_at_boundary(h: &[u8], e: usize) -> bool {
    if e == 0 || h[e - 1] >= 0x80 {
        return false;
    }
    match char_at(h, e) {
        // (The short cut `grapheme_floor` takes too, with `c` decoded once.)
        Some((c, _)) if ends_bare_url(c) => never_joins_ascii(c) || boundary_after_ascii(h, e - 1),
        _ => false,
    }
}

/// Whether a bare URL ends at `e`, after ASCII text, at a few non-ASCII
/// Soft characters or closing brackets (`。` `、` `»` `）`) with whitespace
/// right after them: C-F7 drops them at the URL's end (a closer's opener
/// would be in the URL, which is ASCII text), and the first joins no
/// cluster with the ASCII character before it.
pub(crate) fn dropped_at_end(h: &[u8], e: usize) -> bool {
    if e == 0 || h[e - 1] >= 0x80 {
        return false;
    }
    let mut i = e;
    for _ in 0..4 {
        match char_at(h, i) {
            Some((c, n)) if is_soft(c) || opener_of(c).is_some() => {
                if i == e && !never_joins_ascii(c) && !boundary_after_ascii(h, e - 1) {
                    return false;
                }
                i += n;
            }
            _ => break,
        }
        if matches!(h.get(i), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            return true;
        }
    }
    false
}

/// Whether a grapheme cluster boundary follows the ASCII byte `h[k]`
/// (C-F8): false only where a joiner after it (Extend, ZWJ, SpacingMark)
/// puts it in a cluster with what follows.
pub(crate) fn boundary_after_ascii(h: &[u8], k: usize) -> bool {
    grapheme_floor(&h[k..k + 1], 1, &h[k + 1..h.len().min(k + 33)]) == 1
}

/// How far past its cap a resumed run scan looks.
const LOOKAHEAD: usize = 4096;

/// The end of a run known to hold every byte up to `cap` and past it:
/// `cap`, less a character that `cap` splits (which no element fits).
fn capped(h: &[u8], i: usize, cap: usize) -> usize {
    let mut e = cap;
    while e > i && e < h.len() && h[e] & 0xC0 == 0x80 {
        e -= 1;
    }
    e
}

/// What an earlier candidate learnt of a run of URL characters, so that the
/// triggers inside one long run (`[sip:1][sip:1]...`, a `(www.1:)` run)
/// do not each scan it again up to their cap: `h[lo..hi]` is made of whole
/// run elements (one scan's `scan` went over them), and where `closed`,
/// the run stops at `hi`. Each byte of a run is scanned once, however many
/// triggers it holds. Offsets are into the current window.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct RunMemo {
    lo: usize,
    hi: usize,
    closed: bool,
    valid: bool,
}

impl RunMemo {
    /// `scan(h, i, cap)` through the memo: the end of the run at `i`, not
    /// past `cap`. `scan` must be the same function at every call, one
    /// whose elements are decided by their own bytes and `cap` alone
    /// (`run_end`, `url_run`), whose elements are whole UTF-8 characters,
    /// and which, stopping more than 4 bytes before `cap`, stops where the
    /// run ends.
    #[inline]
    pub(crate) fn end(
        &mut self,
        h: &[u8],
        i: usize,
        cap: usize,
        scan: impl Fn(&[u8], usize, usize) -> usize,
    ) -> usize {
        let cap = cap.min(h.len());
        if i >= cap {
            return i;
        }
        // Inside a character, a scan stops at once: the memo's elements
        // start on characters.
        if !(self.valid && self.lo <= i && i < self.hi) || h[i] & 0xC0 == 0x80 {
            let e = scan(h, i, cap);
            // A short run costs less to scan again than to remember.
            if e - i >= 64 {
                self.set(i, e, cap);
            }
            return e;
        }
        if self.hi > cap {
            return capped(h, i, cap);
        }
        if self.hi == cap {
            // Where an element ends (a stray continuation byte may follow).
            return cap;
        }
        if self.closed {
            return self.hi;
        }
        // The run reached an earlier cap: go on, and past this cap too, so
        // that the next triggers (each cap a little later) find it known
        // rather than scan a few bytes each.
        let lim = h.len().min(cap + LOOKAHEAD);
        let e = scan(h, self.hi, lim);
        self.set(self.lo, e, lim);
        if e > cap {
            capped(h, i, cap)
        } else {
            e
        }
    }

    fn set(&mut self, lo: usize, e: usize, cap: usize) {
        self.lo = lo;
        self.hi = e;
        // A character that does not fit before `cap` stops a scan within
        // 4 bytes of it, and a later cap may take it: not an end.
        self.closed = e + 4 <= cap;
        self.valid = true;
    }
}

/// What earlier bare candidates learnt of the text ahead (the memos above).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct BareMemo {
    /// Runs of URL characters (`run_end`).
    pub(crate) run: RunMemo,
    /// Runs of ASCII URL bytes (`url_run`).
    pub(crate) ascii: RunMemo,
    pub(crate) brackets: BracketMemo,
    /// The RFC 8792 header before the candidates (C-W8).
    pub(crate) fold: FoldMemo,
}

/// Whether the token at `j` can continue a URL broken after a hyphen: URL
/// text that starts like the rest of a word or path, so that a signature
/// line (`-- `) or a list dash does not.
fn continues(h: &[u8], j: usize) -> bool {
    match h.get(j) {
        Some(&b) if b < 0x80 => {
            b.is_ascii_alphanumeric()
                || matches!(
                    b,
                    b'/' | b'?' | b'#' | b'%' | b'&' | b'=' | b'_' | b'~' | b'.'
                )
        }
        Some(_) => char_at(h, j).is_some_and(|(c, _)| !ends_bare_url(c)),
        None => false,
    }
}

/// How many joints a probe of a chain of joined lines takes, at most,
/// before it stops with more to come (`delimit`). One: `URL:www.1-` on
/// every line is cut by the parser on the second line (at `:`), and a
/// chain the probe does not decide goes on from its pieces (`resume`).
// PERF: `cargo bench --bench adversarial -- URL:www` (one joint against
// more: `URL:www.1-` pays for each joint the probe takes).
pub(crate) const PROBE_JOINTS: usize = 1;

/// What bounds the text of one bare URL: the text `h`, `cap` the furthest
/// byte the URL may reach, `depth` the quote depth of its first line, its
/// form, the options; with `probe`, a chain of joined lines is followed
/// for [`PROBE_JOINTS`] joints at most: where it goes on, the pieces so
/// far come back untrimmed, marked `more` (the finder may decide the URL
/// from them, `find::chain`).
#[derive(Clone, Copy)]
pub(crate) struct Bounds<'a> {
    pub(crate) h: &'a [u8],
    pub(crate) cap: usize,
    pub(crate) depth: &'a Depth,
    pub(crate) form: Form,
    pub(crate) opts: BareOptions,
    pub(crate) probe: bool,
}

impl Bounds<'_> {
    /// Delimits the bare URL that starts at `s`.
    pub(crate) fn delimit(&self, s: usize, memo: &mut BareMemo) -> Option<Delimited> {
        let e = memo.run.end(self.h, s, self.cap, run_end);
        if e == s {
            return None;
        }
        follow(self, Pieces::one(s, e), memo)
    }

    /// Delimits a bare URL whose first piece `first` ends its line, joined
    /// with the next line's text at `j` (C-W7: `https://` alone at a line's
    /// end): the run at `j`, then the joints after it and the trimming. No
    /// probe.
    pub(crate) fn delimit_from_break(
        &self,
        first: (usize, usize),
        j: usize,
        memo: &mut BareMemo,
    ) -> Option<Delimited> {
        let e = memo.run.end(self.h, j, self.cap, run_end);
        if e == j || self.opts.max_lines < 2 {
            return None;
        }
        let pieces = Pieces {
            first,
            rest: vec![(Joint::Break, j, e)],
        };
        let whole = Bounds {
            probe: false,
            ..*self
        };
        follow(&whole, pieces, memo)
    }

    /// Goes on with the pieces of a probe that stopped with more to come
    /// (`d.more`), to the chain's end: what `delimit` without `probe` gives,
    /// without delimiting the first pieces again.
    pub(crate) fn resume(&self, d: Delimited, memo: &mut BareMemo) -> Option<Delimited> {
        debug_assert!(d.more && !d.truncated);
        let whole = Bounds {
            probe: false,
            form: d.form,
            ..*self
        };
        follow(&whole, d.pieces, memo)
    }
}

/// `Bounds::delimit` from its first pieces `pieces`: the joints after them,
/// then the trimming.
fn follow(b: &Bounds<'_>, mut pieces: Pieces, memo: &mut BareMemo) -> Option<Delimited> {
    let Bounds {
        h,
        cap,
        depth,
        form,
        opts,
        probe,
    } = *b;
    let mut e = pieces.end();
    // (Whether the last piece reached the cap: as after every joint below.)
    let mut truncated = e >= cap && cap < h.len();
    let mut joint_capped = false;
    // C-W8: the next line's text after an RFC 8792 fold in text that does
    // not declare the wrapping: the joined reading, as the alternative.
    let mut undeclared = None;
    while !truncated {
        // C-W8: an RFC 8792 fold right after the URL's text, joined where
        // the text declares the wrapping.
        if h.get(e) == Some(&b'\\') {
            let declared = memo.fold.declared(h, pieces.start());
            let Some(j) = declared.and_then(|st| fold::continuation(h, e, st)) else {
                if declared.is_none() {
                    undeclared = fold::undeclared_continuation(h, e).filter(|&j| j < cap);
                }
                break;
            };
            if j >= cap {
                joint_capped = cap < h.len();
                break;
            }
            let e2 = memo.run.end(h, j, cap, run_end);
            if e2 == j {
                break;
            }
            if 1 + pieces.rest.len() >= opts.max_lines {
                truncated = true;
                break;
            }
            pieces.rest.push((Joint::Break, j, e2));
            e = e2;
            truncated = e >= cap && cap < h.len();
            continue;
        }
        let hyphen = h[e - 1] == b'-';
        if !hyphen && !opts.join_unhyphenated {
            break;
        }
        let (j, breaks) = whitespace_run(h, e, cap, depth);
        if j >= cap {
            joint_capped = cap < h.len();
            break;
        }
        if breaks != 1 {
            break;
        }
        let joint = if hyphen {
            if !continues(h, j) {
                break;
            }
            Joint::HyphenBreak
        } else {
            // C-W6: the URL ends exactly at the line end.
            let at_line_end = matches!(h[e], b'\n' | b'\r');
            if !at_line_end || !matches!(h[j], b'/' | b'?' | b'&' | b'=' | b'#' | b'%') {
                break;
            }
            Joint::Break
        };
        let e2 = memo.run.end(h, j, cap, run_end);
        if e2 == j {
            // (A character at `j` that does not fit under the cap.)
            joint_capped = j + 4 > cap && cap < h.len();
            break;
        }
        // C-W6 joins URL text only: a word with a letter or digit up to
        // whitespace, not a `# comment` or a `====` rule.
        if joint == Joint::Break
            && (!h[j..e2].iter().any(u8::is_ascii_alphanumeric)
                || (e2 < cap && h.get(e2).is_some_and(|b| !b.is_ascii_whitespace())))
        {
            break;
        }
        // (Each joint is one line break.)
        if 1 + pieces.rest.len() >= opts.max_lines {
            // The URL would go on past its span: cut here, and flagged.
            truncated = true;
            break;
        }
        if probe && pieces.rest.len() >= PROBE_JOINTS {
            // The chain goes on: what the pieces so far show may do.
            return Some(Delimited {
                form,
                consumed: pieces.end(),
                pieces,
                truncated: false,
                joint_capped: false,
                more: true,
                rewrap: None,
            });
        }
        if pieces.rest.is_empty() {
            // One allocation for a chain of the whole span.
            pieces.rest.reserve(opts.max_lines.clamp(1, 16));
        }
        pieces.rest.push((joint, j, e2));
        e = e2;
        truncated = e >= cap && cap < h.len();
    }
    trim_end(h, &mut pieces, &mut memo.brackets);
    if pieces.len() == 0 {
        return None;
    }
    // C-F8: the end never splits a grapheme cluster.
    let (ls, le) = pieces.last();
    if h[le - 1] >= 0x80 || h.get(le).is_some_and(|&b| b >= 0x80) {
        // (A piece is whole characters: runs end at characters, and
        // trimming drops ASCII bytes.)
        let after = &h[le..cap.min(le + 32)];
        let keep = grapheme_floor(&h[ls..le], le - ls, after);
        if keep < le - ls {
            let total = pieces.len() - (le - ls - keep);
            pieces.truncate(total);
            trim_end(h, &mut pieces, &mut memo.brackets);
            if pieces.len() == 0 {
                return None;
            }
        }
    }
    let rewrap = if truncated {
        None
    } else if let Some(j) = undeclared.filter(|_| pieces.end() == e) {
        Some((j, memo.run.end(h, j, cap, run_end)))
    } else if !pieces.rest.is_empty() {
        None
    } else {
        rewrap(h, &pieces, cap, depth, &mut memo.run)
    };
    Some(Delimited {
        form,
        consumed: pieces.end(),
        pieces,
        truncated,
        joint_capped,
        more: false,
        rewrap,
    })
}

/// The columns a mail client's line may have where it re-wrapped a long
/// URL (C-W7): wrap widths are 66 to 80, with their quote prefix.
const REWRAP_COLUMNS: std::ops::RangeInclusive<usize> = 60..=100;

/// C-W7: the text on the next line that may go on a bare URL (one piece)
/// a mail client re-wrapped in a quoted reply with no hyphen: the URL ends
/// exactly at its line's end, which is at a wrap width (60 to 100
/// columns), its line is quoted and the next line has the same prefix,
/// and the next line's first word is URL text up to whitespace, with a
/// letter or digit (`> https://kb.example/Building_` then
/// `> and_Installing_the_USRP`), and not a URL of its own, a word of
/// letters alone (prose) or a quoted-printable escape left in raw text.
/// Weak evidence: the finder reports the
/// joined reading as the alternative, and joins it where the same message
/// writes it whole (`Finder::message_links`).
fn rewrap(
    h: &[u8],
    pieces: &Pieces,
    cap: usize,
    depth: &Depth,
    runs: &mut RunMemo,
) -> Option<(usize, usize)> {
    let (s, e) = pieces.first;
    if !matches!(h.get(e), Some(b'\n' | b'\r')) {
        return None;
    }
    // The line's columns, its quote prefix included (its start within
    // 200 bytes: what a streamed window keeps before any trigger).
    let lo = s.saturating_sub(200);
    let line = match memchr::memrchr(b'\n', &h[lo..s]) {
        Some(k) => lo + k + 1,
        None if lo == 0 => 0,
        None => return None,
    };
    let columns = h[line..e].iter().filter(|&&b| b & 0xC0 != 0x80).count();
    if !REWRAP_COLUMNS.contains(&columns) {
        return None;
    }
    let levels = depth.get(h);
    if levels == 0 {
        return None;
    }
    let (j, breaks) = whitespace_run(h, e, cap, depth);
    if breaks != 1 || j >= cap {
        return None;
    }
    // The next line's prefix: as deep as this one's.
    let next = e + if h[e] == b'\r' && h.get(e + 1) == Some(&b'\n') {
        2
    } else {
        1
    };
    let (_, next_levels) = crate::bytes::quote_run(h, next, j);
    if next_levels != levels || h[j] == b'>' {
        return None;
    }
    let e2 = runs.end(h, j, cap, run_end);
    let word_ends = e2 < cap && (h.get(e2).is_none_or(u8::is_ascii_whitespace));
    if e2 == j || !word_ends || !h[j..e2].iter().any(u8::is_ascii_alphanumeric) {
        return None;
    }
    let word = &h[j..e2];
    // Not a URL of its own, a sentence's first word, or a
    // quoted-printable escape left in raw text.
    let url_of_its_own = memchr::memmem::find(word, b"://").is_some()
        || word
            .get(..4)
            .is_some_and(|w| w.eq_ignore_ascii_case(b"www."));
    // A word of letters alone (`final`, `Video`) is the next line's prose
    // more often than the rest of a URL: the rest holds a digit or URL
    // punctuation (`/rpi4.c#L14`, `and_Installing`, `tml/PTO/…`).
    let kept = &word[..trim_unbracketed(h, j, e2) - j];
    let letters = kept.iter().all(u8::is_ascii_alphabetic);
    let escape = word[0] == b'=' && word.len() >= 3 && word[1..3].iter().all(u8::is_ascii_hexdigit);
    if url_of_its_own || letters || escape {
        return None;
    }
    Some((j, e2))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bare(t: &str, opts: BareOptions) -> Option<(String, Option<String>)> {
        let h = t.as_bytes();
        let s = t.find("http")?;
        let bounds = Bounds {
            h,
            cap: h.len(),
            depth: &Depth::fixed(0),
            form: Form::Bare,
            opts,
            probe: false,
        };
        let d = bounds.delimit(s, &mut BareMemo::default())?;
        Some((d.pieces.text(h)?.into_owned(), d.pieces.alt(h)))
    }

    use crate::testing::replay;
    use proptest::prelude::*;

    /// Bytes of runs and their ends: URL bytes, characters that go on a
    /// bare URL and ones that end it, invalid UTF-8.
    fn run_text() -> impl Strategy<Value = Vec<u8>> {
        const TOKENS: &[&[u8]] = &[
            b"a",
            b"sip:1",
            b"]",
            b")",
            b".",
            b" ",
            b"\n",
            b"<",
            "\u{e9}".as_bytes(),
            "\u{3002}".as_bytes(),
            "\u{200b}".as_bytes(),
            "\u{1f600}".as_bytes(),
            b"\xff",
            b"\xe2\x80",
            b"\x80",
        ];
        // Run bytes, more often: long runs are what the memo keeps.
        const INSIDE: &[&[u8]] = &[
            b"a",
            b"sip:1",
            b"]",
            b")",
            b".",
            "\u{e9}".as_bytes(),
            "\u{1f600}".as_bytes(),
        ];
        let piece =
            |t: &'static [&'static [u8]]| prop::collection::vec(prop::sample::select(t), 0..8);
        (piece(TOKENS), piece(INSIDE), 1usize..100, piece(TOKENS)).prop_map(
            |(head, unit, n, tail)| {
                let mut v = head.concat();
                v.extend(unit.concat().repeat(n));
                v.extend(tail.concat());
                v
            },
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(5_000))]

        /// C-S4: the run memo answers as the scan does, for triggers in
        /// order (each later, its cap later), and for any query.
        #[test]
        fn c_s4_run_memo_answers_as_the_scan_does(
            h in run_text(),
            queries in prop::collection::vec((0usize..800, 0usize..300, any::<bool>()), 1..40),
        ) {
            let url = |h: &[u8], i: usize, cap: usize| crate::bytes::url_run(h, i, cap, 0);
            replay(&h, &queries, |(runs, ascii): &mut (RunMemo, RunMemo), h, (i, len, at_char)| {
                let mut i = i.min(h.len());
                // Scans start on a character (as triggers and joins do),
                // or anywhere.
                while at_char && i > 0 && i < h.len() && h[i] & 0xC0 == 0x80 {
                    i -= 1;
                }
                let cap = i + len;
                prop_assert_eq!(runs.end(h, i, cap, run_end), run_end(h, i, cap));
                prop_assert_eq!(ascii.end(h, i, cap, url), url(h, i, cap));
                Ok(())
            })?;
        }
    }

    fn one(t: &str) -> String {
        bare(t, BareOptions::default()).unwrap().0
    }

    #[test]
    fn c_f7_trailing_punctuation() {
        assert_eq!(one("see http://a.example/x."), "http://a.example/x");
        assert_eq!(one("(see http://a.example/x)."), "http://a.example/x");
        assert_eq!(
            one("http://en.wikipedia.org/wiki/Foo_(bar))."),
            "http://en.wikipedia.org/wiki/Foo_(bar)"
        );
        assert_eq!(one("http://a/b...' "), "http://a/b");
        assert_eq!(one("[http://a/b]"), "http://a/b");
    }

    #[test]
    fn c_f8_c_f9_ends() {
        assert_eq!(one("http://a/b<c"), "http://a/b");
        assert_eq!(one("http://a/b|c"), "http://a/b");
        assert_eq!(one("http://a/~b"), "http://a/~b");
        // `。` is Soft (UTS #58): on the URL before more of it, dropped at
        // its end.
        assert_eq!(one("http://a/caf\u{e9}。x"), "http://a/caf\u{e9}。x");
        assert_eq!(one("http://a/caf\u{e9}。 x"), "http://a/caf\u{e9}");
        assert_eq!(one("http://a/b\u{a0}c"), "http://a/b");
        assert_eq!(one("http://a/b\u{ff}"), "http://a/b\u{ff}");
    }

    #[test]
    fn c_w3_c_w6_bare_breaks() {
        assert_eq!(
            bare(
                "see http://www.example-\ncorp.com/ now",
                BareOptions::default()
            ),
            Some((
                "http://www.example-corp.com/".into(),
                Some("http://www.examplecorp.com/".into())
            ))
        );
        assert_eq!(one("http://a/b-\n-- \nsig"), "http://a/b-");
        assert_eq!(one("http://a/b\n/c"), "http://a/b");
        let o = BareOptions {
            join_unhyphenated: true,
            ..BareOptions::default()
        };
        assert_eq!(
            bare("http://a/b\n/c d", o),
            Some(("http://a/b/c".into(), None))
        );
        assert_eq!(bare("http://a/b\nc", o), Some(("http://a/b".into(), None)));
    }
}
