//! C-F7 at a bare URL's end: what the sentence around it may have put
//! there is dropped. Soft characters (`Link_Term`: `. , ; : ! ? ' "`,
//! `。` `、` `»` …) drop, as UTS #58 takes them only before more URL text;
//! a closing bracket (`)`, `]`, `）`, `」` …) drops unless it pairs with an
//! opener in its own component (UTS #58's components: the path's segments,
//! the query's keys and values, the fragment's `:~:` pieces); an emphasis
//! mark that closes one opened before the URL drops; an en dash, an em dash
//! or an ellipsis at the end is the sentence's (which UTS #58 takes, as
//! `Link_Term` Include: a deviation). An HTML character reference at the
//! end (`&gt;`, `&#62;`) is text escaped for HTML, dropped whole.

use super::unicode::{grapheme_floor, is_soft, opener_of};
use super::Pieces;
use crate::bytes::contains2;

/// C-F7 at a URL's end, wherever the end is made (the run's end, a cut
/// by the parser or a closing bracket, a cluster's edge): the sentence's
/// punctuation ([`trim_trailing`]), and an en dash, an em dash or an
/// ellipsis, which at the end are the sentence's (`…/a– more`, `…/a…`)
/// and inside the URL its own (`Hatfield–McCoy`).
pub(crate) fn trim_end(h: &[u8], pieces: &mut Pieces, brackets: &mut BracketMemo) {
    trim_trailing(h, pieces, brackets);
    loop {
        let (s, e) = pieces.last();
        let Some(n) = sentence_mark_at_end(&h[s..e]) else {
            break;
        };
        pieces.truncate(pieces.len() - n);
        trim_trailing(h, pieces, brackets);
    }
}

/// The en dash, the em dash and the horizontal ellipsis: URL text inside a
/// URL (C-F8), dropped from its end (C-F7).
const SENTENCE_MARKS: [&str; 3] = ["\u{2013}", "\u{2014}", "\u{2026}"];

/// The length of the en dash, em dash or ellipsis `text` ends with.
pub(crate) fn sentence_mark_at_end(text: &[u8]) -> Option<usize> {
    SENTENCE_MARKS
        .iter()
        .find(|m| text.ends_with(m.as_bytes()))
        .map(|m| m.len())
}

/// C-F7 on the pieces of a URL's text: [`trimmed_end`] on one piece; on
/// lines joined (C-W3, C-W6), the same rule on the joined text.
pub(crate) fn trim_trailing(h: &[u8], pieces: &mut Pieces, brackets: &mut BracketMemo) {
    if pieces.rest.is_empty() {
        // One piece, nearly every URL.
        let (s, e) = pieces.first;
        pieces.first.1 = trimmed_end(h, s, e, brackets);
        return;
    }
    // Most joined URLs end in a byte that never drops: no copy.
    let (_, e) = pieces.last();
    if e > pieces.start() && !(may_drop(h[e - 1]) || matches!(h[e - 1], b'*' | b'_' | 0x80..)) {
        return;
    }
    // The joined text, after what emphasis is looked for in before it.
    let start = pieces.start();
    let lo = start.saturating_sub(EMPHASIS_REACH);
    let mut buf = h[lo..start].to_vec();
    for (_, s, e) in pieces.iter() {
        buf.extend_from_slice(&h[s..e]);
    }
    let s = start - lo;
    let e = trim_drops(&buf, s, buf.len(), &mut BracketMemo::default());
    pieces.truncate(e - s);
}

/// How far before a URL an emphasis mark is looked for (C-F7).
const EMPHASIS_REACH: usize = 128;

/// C-F7: whether the emphasis mark `mark` (`*` or `_`) is open before the
/// URL that starts at `s`, so that one at the URL's end closes it
/// (`*see http://x.example/page.html*`): the last such mark before the URL
/// on its line (within [`EMPHASIS_REACH`] bytes) is the byte right before
/// it, or starts a word with the run of marks it ends (after whitespace,
/// the line's start, an opening bracket or quote) and is followed by
/// something other than whitespace.
pub(crate) fn emphasis_open(h: &[u8], s: usize, mark: u8) -> bool {
    let lo = s.saturating_sub(EMPHASIS_REACH);
    let before = &h[lo..s];
    let line = memchr::memrchr(b'\n', before).map_or(0, |k| k + 1);
    let Some(k) = memchr::memrchr(mark, &before[line..]) else {
        return false;
    };
    let p = lo + line + k;
    if p + 1 == s {
        return true;
    }
    // The run of marks it ends (`**bold`) starts a word.
    let mut q = p;
    while q > lo + line && h[q - 1] == mark {
        q -= 1;
    }
    let starts_word = q == 0
        || matches!(
            h[q - 1],
            b' ' | b'\t' | b'\n' | b'\r' | b'(' | b'[' | b'{' | b'<' | b'"' | b'\''
        );
    starts_word && !h[p + 1].is_ascii_whitespace()
}

/// [`emphasis_open`] for each mark, asked once.
#[derive(Default)]
struct Marks {
    star: Option<bool>,
    underscore: Option<bool>,
}

impl Marks {
    /// Whether the mark `mark` that ends a text of `len` bytes from `s`
    /// closes emphasis opened before it (never the whole text).
    fn closes(&mut self, h: &[u8], s: usize, len: usize, mark: u8) -> bool {
        if len <= 1 {
            return false;
        }
        let slot = if mark == b'*' {
            &mut self.star
        } else {
            &mut self.underscore
        };
        *slot.get_or_insert_with(|| emphasis_open(h, s, mark))
    }
}

/// The URL text `h[s..e]` trimmed by C-F7: its new end.
///
/// Inlined up to the last byte, which keeps most URLs whole (a link-dense
/// text paid a call a link for it).
#[inline]
pub(crate) fn trimmed_end(h: &[u8], s: usize, e: usize, brackets: &mut BracketMemo) -> usize {
    if e == s || !(may_drop(h[e - 1]) || matches!(h[e - 1], b'*' | b'_' | 0x80..)) {
        return e;
    }
    trim_drops(h, s, e, brackets)
}

/// `trimmed_end` where the last byte may drop.
#[inline(never)]
fn trim_drops(h: &[u8], s: usize, mut e: usize, brackets: &mut BracketMemo) -> usize {
    // A short ASCII end without an opener in the text (most): every
    // closer is unmatched, so all of them drop, as punctuation does; unless
    // a `;` may end an HTML reference, or a character beyond ASCII is left
    // at the end.
    if e - s < 64 && h[e - 1] < 0x80 && !contains2(&h[s..e], b'(', b'[') {
        let t = trim_unbracketed(h, s, e);
        if (t == s || h[t - 1] < 0x80) && memchr::memchr(b';', &h[t..e]).is_none() {
            return t;
        }
    }
    let mut marks = Marks::default();
    // The component the end is in, and its balance of `(` `)` and `[` `]`,
    // counted when a closer is first asked about; asked again when a
    // separator was dropped (`?` and the `:` of `:~:` are Soft).
    let mut comp: Option<usize> = None;
    let mut open: Option<(isize, isize)> = None;
    while e > s {
        let b = h[e - 1];
        if b >= 0x80 {
            let Some((c, n)) = char_before(h, s, e) else {
                break;
            };
            if is_soft(c) {
                e -= n;
                continue;
            }
            let Some(o) = opener_of(c) else {
                break;
            };
            let from = component(&mut comp, &mut open, brackets, h, s, e);
            // Kept where an opener of its pair is open before it.
            if brackets.pair_balance(h, from, e - n, o, c) > 0 {
                break;
            }
            e -= n;
            continue;
        }
        match b {
            b')' | b']' => {
                let from = component(&mut comp, &mut open, brackets, h, s, e);
                // A run of one closer at once (one at a time: as many as
                // are unmatched): `((((x))))` ends in a long run.
                let (p, q) = open.get_or_insert_with(|| brackets.count(h, from, e));
                let n = if b == b')' { p } else { q };
                let run = (e - crate::bytes::run_back(h, from.max(s), e, b)) as isize;
                let d = (-*n).clamp(0, run);
                *n += d;
                e -= d as usize;
                if d < run {
                    break;
                }
            }
            b'*' | b'_' if marks.closes(h, s, e - s, b) => e -= 1,
            b';' => match reference_start(h, s, e) {
                Some(r) => e = r,
                None => e -= 1,
            },
            _ if may_drop(b) => {
                if matches!(b, b'?' | b':') {
                    comp = None;
                    open = None;
                }
                e -= 1;
            }
            _ => break,
        }
    }
    e
}

/// The start of the component the end `e` is in: `comp` where it is known
/// and before `e`, else found again (and the balance `open` with it).
fn component(
    comp: &mut Option<usize>,
    open: &mut Option<(isize, isize)>,
    brackets: &mut BracketMemo,
    h: &[u8],
    s: usize,
    e: usize,
) -> usize {
    match *comp {
        Some(f) if f < e => f,
        _ => {
            let f = brackets.components.start(h, s, e);
            *comp = Some(f);
            *open = None;
            f
        }
    }
}

/// Where an HTML character reference that ends at `e` (with its `;`)
/// starts, not before `s`: `&gt;`, `&lt;`, `&amp;`, `&quot;`, `&apos;`,
/// `&nbsp;`, `&#62;`, `&#x3E;`. Text escaped for HTML (`&lt;http://a/&gt;`)
/// ends a URL before it, never halfway through it (C-F7).
fn reference_start(h: &[u8], s: usize, e: usize) -> Option<usize> {
    // The longest reference taken: `&#x10FFFF;`.
    let lo = s.max(e.saturating_sub(10));
    let amp = lo + memchr::memrchr(b'&', &h[lo..e - 1])?;
    let name = &h[amp + 1..e - 1];
    let named = [&b"gt"[..], b"lt", b"amp", b"quot", b"apos", b"nbsp"]
        .iter()
        .any(|n| name.eq_ignore_ascii_case(n));
    let numeric = match name {
        [b'#', b'x' | b'X', hex @ ..] => !hex.is_empty() && hex.iter().all(u8::is_ascii_hexdigit),
        [b'#', dec @ ..] => !dec.is_empty() && dec.iter().all(u8::is_ascii_digit),
        _ => false,
    };
    (named || numeric).then_some(amp)
}

/// `trimmed_end` for an ASCII text `h[s..e]` with no `(` or `[`: every
/// closer is unmatched, so all of them drop, as punctuation does (and a
/// `;` that may end an HTML reference is left to `trimmed_end`).
#[inline]
pub(crate) fn trim_unbracketed(h: &[u8], s: usize, mut e: usize) -> usize {
    let mut marks = Marks::default();
    while e > s {
        let b = h[e - 1];
        let drop = match b {
            b'*' | b'_' => marks.closes(h, s, e - s, b),
            _ => may_drop(b),
        };
        if !drop {
            break;
        }
        e -= 1;
    }
    e
}

/// The bytes C-F7 may drop at a bare URL's end: sentence punctuation
/// (the ASCII Soft characters of UTS #58, always) and `)` and `]` (when
/// unmatched). Emphasis marks aside.
#[inline]
pub(crate) fn may_drop(b: u8) -> bool {
    matches!(
        b,
        b'.' | b',' | b';' | b':' | b'!' | b'?' | b'\'' | b'"' | b')' | b']'
    )
}

/// The character that ends at `e` in `h[s..e]`, and its length.
fn char_before(h: &[u8], s: usize, e: usize) -> Option<(char, usize)> {
    let mut k = e - 1;
    while k > s && e - k < 4 && h[k] & 0xC0 == 0x80 {
        k -= 1;
    }
    let (c, n) = crate::bytes::char_at(h, k)?;
    (k + n == e).then_some((c, n))
}

/// Where the component that the end of `h[s..e]` is in starts (UTS #58,
/// as C-F7 pairs brackets): in the fragment (after the first `#`), after
/// its last `:~:`; in the query (after the first `?`), after its last `=`
/// or `&`; in the path, after its last `/`. Kept for the texts of the
/// triggers of one run: they start later and end at or past the last
/// one's end, and each search reads only the bytes the last did not (a
/// long run holds a trigger every few bytes, and its end, where C-F7
/// looks, is the same).
// PERF: `cargo bench --bench adversarial -- 'www.a.1)'`: searched afresh,
// every trigger read its whole text for `#`, `?` and `/`.
#[derive(Clone, Copy, Debug, Default)]
struct ComponentMemo {
    hash: Seen,
    query: Seen,
    slash: Seen,
    equals: Seen,
    tilde: Seen,
}

impl ComponentMemo {
    fn start(&mut self, h: &[u8], s: usize, e: usize) -> usize {
        if let Some(p) = self.hash.first(h, s, e, |t| memchr::memchr(b'#', t)) {
            let f = p + 1;
            let rfind = |t: &[u8]| memchr::memmem::rfind(t, b":~:");
            return self.tilde.last(h, f, e, 2, rfind).map_or(f, |k| k + 3);
        }
        if let Some(q) = self.query.first(h, s, e, |t| memchr::memchr(b'?', t)) {
            let f = q + 1;
            let rfind = |t: &[u8]| memchr::memrchr2(b'=', b'&', t);
            return self.equals.last(h, f, e, 0, rfind).map_or(f, |k| k + 1);
        }
        let rfind = |t: &[u8]| memchr::memrchr(b'/', t);
        self.slash.last(h, s, e, 0, rfind).map_or(s, |k| k + 1)
    }
}

/// What a search of `h[from..to]` found: the first or the last place of
/// what it looks for, or none.
#[derive(Clone, Copy, Debug, Default)]
struct Seen {
    valid: bool,
    from: usize,
    to: usize,
    at: Option<usize>,
}

impl Seen {
    /// Whether `h[s..e]` holds the stretch searched from its start on.
    fn covers(&self, s: usize, e: usize) -> bool {
        self.valid && self.from <= s && s <= self.to && self.to <= e
    }

    fn keep(&mut self, s: usize, e: usize, at: Option<usize>) -> Option<usize> {
        *self = Seen {
            valid: true,
            from: s,
            to: e,
            at,
        };
        at
    }

    /// The first place in `h[s..e]` that `find` finds.
    fn first(
        &mut self,
        h: &[u8],
        s: usize,
        e: usize,
        find: impl Fn(&[u8]) -> Option<usize>,
    ) -> Option<usize> {
        let at = match self.at {
            // The first in `from..to` is the first in `s..to` too.
            Some(p) if self.covers(s, e) && p >= s => Some(p),
            None if self.covers(s, e) => find(&h[self.to..e]).map(|k| self.to + k),
            _ => find(&h[s..e]).map(|k| s + k),
        };
        self.keep(s, e, at)
    }

    /// The last place in `h[s..e]` that `rfind` finds, for a needle of
    /// `overlap + 1` bytes.
    fn last(
        &mut self,
        h: &[u8],
        s: usize,
        e: usize,
        overlap: usize,
        rfind: impl Fn(&[u8]) -> Option<usize>,
    ) -> Option<usize> {
        let at = if self.covers(s, e) {
            // The new bytes first (and the needle across their start),
            // else the last in `from..to`, if it is not before `s`.
            let n = self.to.saturating_sub(overlap).max(s);
            rfind(&h[n..e])
                .map(|k| n + k)
                .or(self.at.filter(|&p| p >= s))
        } else {
            rfind(&h[s..e]).map(|k| s + k)
        };
        self.keep(s, e, at)
    }
}

/// The bracket balance of a text with no opener: whichever closer is asked
/// about is unmatched (most URLs hold no bracket, and are not counted).
const UNMATCHED: isize = isize::MIN / 2;

/// Opened minus closed parentheses, and the same for square brackets.
#[inline]
pub(crate) fn count_brackets(t: &[u8]) -> (isize, isize) {
    crate::bytes::brackets(t)
}

/// Opened minus closed brackets of the pair `open`, `close` in `t`.
fn count_pair(t: &[u8], open: char, close: char) -> isize {
    let mut o = [0u8; 4];
    let mut c = [0u8; 4];
    let o = open.encode_utf8(&mut o).as_bytes();
    let c = close.encode_utf8(&mut c).as_bytes();
    let n = |needle: &[u8]| memchr::memmem::find_iter(t, needle).count() as isize;
    n(o) - n(c)
}

/// Trims a text that the parser cut short, by the same rule.
pub(crate) fn retrim(h: &[u8], pieces: &mut Pieces, keep: usize, brackets: &mut BracketMemo) {
    pieces.truncate(keep);
    trim_end(h, pieces, brackets);
    // C-F8: nor does a cut end split a grapheme cluster.
    if pieces.len() > 0 {
        let (ls, le) = pieces.last();
        if h[le - 1] >= 0x80 || h.get(le).is_some_and(|&b| b >= 0x80) {
            let after = &h[le..h.len().min(le + 32)];
            let keep = grapheme_floor(&h[ls..le], le - ls, after);
            if keep < le - ls {
                pieces.truncate(pieces.len() - (le - ls - keep));
                trim_end(h, pieces, brackets);
            }
        }
    }
}

/// The bracket balance of a stretch `h[from..to]`, moved forward as later
/// candidates ask for later stretches: the trimming of a long text counts
/// the brackets of its last component, and every trigger in a long run
/// has one. Each byte is counted about twice, however many triggers ask.
/// The same for one pair of brackets beyond ASCII (`（` `）`).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct BracketMemo {
    valid: bool,
    from: usize,
    to: usize,
    open: (isize, isize),
    pair: Option<PairCount>,
    components: ComponentMemo,
}

/// [`BracketMemo`]'s count of one pair beyond ASCII.
#[derive(Clone, Copy, Debug)]
struct PairCount {
    open: char,
    close: char,
    from: usize,
    to: usize,
    balance: isize,
}

impl BracketMemo {
    /// `count_brackets(&h[s..e])`, or `UNMATCHED` for both where a short
    /// text holds no opener (the same trimming).
    #[inline]
    pub(crate) fn count(&mut self, h: &[u8], s: usize, e: usize) -> (isize, isize) {
        let t = &h[s..e];
        // Short texts (nearly all) are counted afresh, and most URLs hold
        // no opener: every closer is unmatched.
        if t.len() < 64 {
            return if contains2(t, b'(', b'[') {
                count_brackets(t)
            } else {
                (UNMATCHED, UNMATCHED)
            };
        }
        if !(self.valid && self.from <= s && s <= self.to && self.to <= e) {
            let c = count_brackets(t);
            self.valid = true;
            self.from = s;
            self.to = e;
            self.open = c;
            return c;
        }
        let gone = count_brackets(&h[self.from..s]);
        let new = count_brackets(&h[self.to..e]);
        self.open = (self.open.0 - gone.0 + new.0, self.open.1 - gone.1 + new.1);
        self.from = s;
        self.to = e;
        self.open
    }

    /// `count_pair(&h[s..e], open, close)`, moved forward as `count` is.
    fn pair_balance(&mut self, h: &[u8], s: usize, e: usize, open: char, close: char) -> isize {
        match &mut self.pair {
            Some(p)
                if (p.open, p.close) == (open, close) && p.from <= s && s <= p.to && p.to <= e =>
            {
                p.balance +=
                    count_pair(&h[p.to..e], open, close) - count_pair(&h[p.from..s], open, close);
                p.from = s;
                p.to = e;
                p.balance
            }
            _ => {
                let balance = count_pair(&h[s..e], open, close);
                self.pair = Some(PairCount {
                    open,
                    close,
                    from: s,
                    to: e,
                    balance,
                });
                balance
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::delimit::rejoin::Joint;
    use proptest::prelude::*;

    /// Where the component that the end of `h[s..e]` is in starts (UTS #58,
    /// as C-F7 pairs brackets): in the fragment (after the first `#`), after
    /// its last `:~:`; in the query (after the first `?`), after its last `=`
    /// or `&`; in the path, after its last `/`.
    fn component_start(h: &[u8], s: usize, e: usize) -> usize {
        let t = &h[s..e];
        if let Some(p) = memchr::memchr(b'#', t) {
            let f = s + p + 1;
            memchr::memmem::rfind(&h[f..e], b":~:").map_or(f, |k| f + k + 3)
        } else if let Some(q) = memchr::memchr(b'?', t) {
            let f = s + q + 1;
            memchr::memrchr2(b'=', b'&', &h[f..e]).map_or(f, |k| f + k + 1)
        } else {
            memchr::memrchr(b'/', t).map_or(s, |k| s + k + 1)
        }
    }

    /// C-F7 one character at a time, every count made afresh on the text as
    /// it stands: the rule `trimmed_end` implements.
    fn one_at_a_time(h: &[u8], s: usize, e0: usize) -> usize {
        let mut e = e0;
        while e > s {
            let (c, n) = char_before(h, s, e).unwrap();
            let drop = match c {
                '*' | '_' => e - s > 1 && emphasis_open(h, s, c as u8),
                ';' => {
                    if let Some(r) = reference_start(h, s, e) {
                        e = r;
                        continue;
                    }
                    true
                }
                _ if is_soft(c) => true,
                _ => match opener_of(c) {
                    Some(o) => {
                        let from = component_start(h, s, e);
                        count_pair(&h[from..e - n], o, c) <= 0
                    }
                    None => false,
                },
            };
            if !drop {
                break;
            }
            e -= n;
        }
        e
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(5_000))]

        /// C-F7: the trimming drops what one character at a time drops
        /// (runs of closers at once, counts kept in the memo), and joined
        /// pieces trim alike.
        #[test]
        fn c_f7_trimming_is_one_character_at_a_time(
            t in prop::collection::vec(prop::sample::select(vec![
                "(", ")", "[", "]", ".", ",", "x", "*", "_", "/", "?", "#", "=", "&", ":~:",
                "。", "（", "）", "「", "」", "&gt;", "&#62;", ";", "é",
            ]), 1..40),
            before in prop::collection::vec(prop::sample::select(b" *_(a\n".to_vec()), 1..6),
        ) {
            let mut h = before.clone();
            h.extend_from_slice(t.concat().as_bytes());
            let (s, e) = (before.len(), h.len());
            let want = one_at_a_time(&h, s, e);
            prop_assert_eq!(trimmed_end(&h, s, e, &mut BracketMemo::default()), want);
            // One memo for the texts of later triggers in the same run.
            let mut memo = BracketMemo::default();
            for k in (s..e).filter(|&k| h[k] & 0xC0 != 0x80) {
                prop_assert_eq!(trimmed_end(&h, k, e, &mut memo), one_at_a_time(&h, k, e), "from {}", k);
            }
            // Joined pieces trim alike (one joint after the first character).
            let first = t[0].len();
            if e - s > first {
                let mut pieces = Pieces {
                    first: (s, s + first),
                    rest: vec![(Joint::Break, s + first, e)],
                };
                trim_trailing(&h, &mut pieces, &mut BracketMemo::default());
                prop_assert_eq!(pieces.end().max(s + first), want.max(s + first));
            }
        }
    }

    #[test]
    fn c_f7_brackets_pair_within_a_component() {
        let t = |u: &str| {
            let h = format!(" {u}");
            h[1..trimmed_end(h.as_bytes(), 1, h.len(), &mut BracketMemo::default())].to_owned()
        };
        assert_eq!(t("http://a/wiki/Foo_(bar)"), "http://a/wiki/Foo_(bar)");
        assert_eq!(t("http://a/b(c/d)"), "http://a/b(c/d");
        assert_eq!(t("http://a/?q=(x)"), "http://a/?q=(x)");
        assert_eq!(t("http://a/?q=(x&y)"), "http://a/?q=(x&y");
        assert_eq!(t("http://a/#(x:~:y)"), "http://a/#(x:~:y");
        assert_eq!(t("http://a/聖保羅（巴西）"), "http://a/聖保羅（巴西）");
        assert_eq!(t("http://a/x）。"), "http://a/x");
        assert_eq!(t("http://a/x」、"), "http://a/x");
        assert_eq!(t("http://a/x&gt;"), "http://a/x");
        assert_eq!(t("http://a/x&#62;."), "http://a/x");
        assert_eq!(t("http://a/?a=1&amp;"), "http://a/?a=1");
        assert_eq!(t("http://a/x&y;"), "http://a/x&y");
    }
}
