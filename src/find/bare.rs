//! A bare candidate: the head checks, its end (`bare::delimit`, a chain of
//! joined lines probed first), and its longest prefix that is a URI.

use std::borrow::Cow;

use super::candidate::Context;
use super::chain::{self, ProbeCut};
use super::head::{self, Head};
use super::{make_link, put, with_prefix, Finder, Link};
use crate::delimit::bare::{self, BracketMemo};
use crate::delimit::rejoin::Depth;
use crate::delimit::{Delimited, Form, Pieces};
use crate::scan::scheme::SchemeClass;
use crate::uri::{self, Uri};

impl Finder {
    /// The general path of a bare candidate at `s` (scheme `h[s..c]` of
    /// class `class`, which the finder takes bare; `cap` its cap) once
    /// urlx's own rules took it: the head checks, the end of its text
    /// (`delimit_bare`), its longest prefix that is a URI (`finish_bare`).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn at_bare<'h>(
        &self,
        h: &'h [u8],
        s: usize,
        c: usize,
        cap: usize,
        form: Form,
        class: SchemeClass,
        slashes: bool,
        mailto: bool,
        file: bool,
        memo: &mut head::Memo,
        depth: &Depth,
        out: &mut Option<Link<'h>>,
    ) -> Option<usize> {
        let verdict = if file || !crate::switches::head_checks() {
            Head::Pass
        } else if slashes {
            head::authority(h, s, c, cap, memo)
        } else if head::opaque_ok(h, c, mailto, memo) {
            Head::Pass
        } else {
            Head::Refuse
        };
        if self.refused_by_head(
            h,
            s,
            form,
            verdict,
            Some(class),
            slashes,
            None,
            &mut memo.bare.brackets,
        ) {
            return None;
        }
        let mut cut = None;
        let d = self.delimit_bare(h, s, cap, depth, form, None, memo, &mut cut)?;
        let brackets = &mut memo.bare.brackets;
        put(
            out,
            self.finish_bare(h, d, Some(class), slashes, None, brackets, cut),
        )
    }

    /// `bare::delimit`, a chain of joined lines first as a probe of its
    /// first pieces (`chain`). `cut` is how many bytes of the text the
    /// parser keeps, where the probe tells; `None` where the parser stops
    /// the text inside its authority (C-P3).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn delimit_bare(
        &self,
        h: &[u8],
        s: usize,
        cap: usize,
        depth: &Depth,
        form: Form,
        prefix: Option<&str>,
        memo: &mut head::Memo,
        cut: &mut Option<usize>,
    ) -> Option<Delimited> {
        let probe = crate::switches::head_checks();
        let mut d = bare::delimit(h, s, cap, depth, form, self.bare, &mut memo.bare, probe)?;
        if d.more {
            match chain::probe_cut(h, &d, prefix, cap, &mut memo.clear) {
                Some(ProbeCut::Keep(keep)) => {
                    d.more = false;
                    *cut = Some(keep);
                }
                // (Unless a bracket opened right before it may end it
                // first, C-F7: the whole text tells.)
                Some(ProbeCut::InAuthority) if !closer_may_cut(h, s) => return None,
                _ => d = bare::resume(h, d, cap, depth, self.bare, &mut memo.bare)?,
            }
        }
        Some(d)
    }

    /// Whether a head check's verdict refuses the bare candidate at `s`
    /// (`Head::Decide`: the acceptance of the candidate cut at the head).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn refused_by_head(
        &self,
        h: &[u8],
        s: usize,
        form: Form,
        verdict: Head,
        class: Option<SchemeClass>,
        slashes: bool,
        prefix: Option<&str>,
        brackets: &mut BracketMemo,
    ) -> bool {
        match verdict {
            Head::Pass => false,
            Head::Refuse => true,
            Head::Decide(end) => {
                let d = Delimited {
                    form,
                    pieces: Pieces::one(s, end),
                    consumed: end,
                    truncated: false,
                    joint_capped: false,
                    more: false,
                    rewrap: None,
                };
                self.finish_bare(h, d, class, slashes, prefix, brackets, None)
                    .is_none()
            }
        }
    }

    /// Checks a bare candidate: its longest prefix that is a URI, trimmed
    /// again by C-F7 where the parser cut it (after `cut` bytes, where a
    /// chain's probe knows), and cut where the text around it says the URL
    /// ends ([`closer_cut`], [`host_end_cut`]). `None` where
    /// the parser cannot take its authority whole (C-P3: no host the
    /// writer did not write).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn finish_bare<'h>(
        &self,
        h: &'h [u8],
        mut d: Delimited,
        class: Option<SchemeClass>,
        slashes: bool,
        prefix: Option<&str>,
        brackets: &mut BracketMemo,
        mut cut: Option<usize>,
    ) -> Option<(Link<'h>, usize)> {
        let plen = prefix.map_or(0, str::len);
        // The bracket opened right before the URL is looked for once: a
        // cut moves the text's end, not its start.
        let opened = closer(h, d.pieces.start());
        // Each round cuts the text shorter, or ends.
        for _ in 0..MAX_ROUNDS {
            if let Some(keep) = cut.take() {
                cut_text(h, &mut d, keep, brackets)?;
                continue;
            }
            // A bracket that closes the one opened right before the URL
            // ends it, whatever follows (C-F7), before the parser sees it.
            if let Some(q) = opened.and_then(|c| closer_in_pieces(h, &d.pieces, c)) {
                cut_text(h, &mut d, q, brackets)?;
                continue;
            }
            let one = d.pieces.rest.is_empty();
            let (url, meta) = if one && prefix.is_none() {
                // One piece, no prefix: parsed in place, so that a long text
                // the parser stops early in is not first checked whole as
                // UTF-8 (every trigger in a long run has one).
                let (s, e) = d.pieces.first;
                if let Some(k) = square_bracket_cut_as_written(&h[s..e]) {
                    cut_text(h, &mut d, k, brackets)?;
                    continue;
                }
                let (n, m) = uri::prefix_taking_hashes(&h[s..e])?;
                if n < e - s {
                    if uri::stopped_in_authority(m, n) && !host_ends_before_cut(&h[s..e], m, n) {
                        return None;
                    }
                    cut_text(h, &mut d, n, brackets)?;
                    continue;
                }
                (Cow::Borrowed(crate::bytes::as_str(&h[s..e])?), m)
            } else {
                if one && prefix.is_some_and(|p| p.ends_with("://")) {
                    // A `www.` text: where the parser stops in it after
                    // `http://`, found in place (no copy of a long text);
                    // inside the authority, it is not taken whole.
                    let (s, e) = d.pieces.first;
                    let n = uri::after_slashes_taking_hashes(&h[s..e]);
                    if n < e - s {
                        if h[s + n] != b'[' {
                            memchr::memchr3(b'/', b'?', b'#', &h[s..s + n])?;
                        }
                        cut_text(h, &mut d, n, brackets)?;
                        continue;
                    }
                }
                let url = with_prefix(d.pieces.text(h)?, prefix);
                let (n, m) = uri::prefix_taking_hashes(url.as_bytes())?;
                if n < url.len() {
                    if uri::stopped_in_authority(m, n)
                        && !host_ends_before_cut(url.as_bytes(), m, n)
                    {
                        return None;
                    }
                    cut_text(h, &mut d, n.saturating_sub(plen), brackets)?;
                    continue;
                }
                (url, m)
            };
            let cut_at = host_char_cut(&url, meta)
                .or_else(|| host_end_cut(url.as_bytes(), meta))
                .or_else(|| super::accept::mailto_cut(&url, meta))
                .or_else(|| square_bracket_cut(url.as_bytes(), meta));
            if let Some(keep) = cut_at {
                cut_text(h, &mut d, keep.checked_sub(plen)?, brackets)?;
                continue;
            }
            let u = Uri::from_parts(&url, meta);
            if !u.is_absolute() || !self.acceptable(&u, class, slashes, Context::Bare, d.form) {
                return None;
            }
            let mut alt = d.pieces.alt(h).map(|a| match prefix {
                Some(p) => p.to_owned() + &a,
                None => a,
            });
            d.consumed = d.pieces.end();
            // C-W7: the URL joined with the next line's text, where a mail
            // client may have re-wrapped it: the alternative, when it is a
            // URL whole.
            let mut rewrap = 0;
            if let (Some((j, e2)), None) = (d.rewrap, &alt) {
                if let Some(joined) = self.joined_reading(h, &url, j, e2, class, slashes, d.form) {
                    alt = Some(joined);
                    rewrap = u32::try_from(e2 - d.consumed).unwrap_or(0);
                }
            }
            let mut link = make_link(url, &d, meta, alt);
            link.rewrap = rewrap;
            return Some((link, d.consumed));
        }
        None
    }
}

impl Finder {
    /// C-W7: `url` joined with the next line's text `h[j..e2]` (trimmed by
    /// C-F7), where that is a URL whole and one the finder takes.
    #[allow(clippy::too_many_arguments)]
    fn joined_reading(
        &self,
        h: &[u8],
        url: &str,
        j: usize,
        e2: usize,
        class: Option<SchemeClass>,
        slashes: bool,
        form: Form,
    ) -> Option<String> {
        let t = bare::trimmed_end(h, j, e2, &mut BracketMemo::default());
        let more = crate::bytes::as_str(&h[j..t])?;
        if more.is_empty() {
            return None;
        }
        let joined = format!("{url}{more}");
        let (n, m) = uri::prefix_taking_hashes(joined.as_bytes())?;
        let u = Uri::from_parts(&joined, m);
        let whole = n == joined.len() && u.is_absolute();
        (whole && self.acceptable(&u, class, slashes, Context::Bare, form)).then_some(joined)
    }
}

/// How many times `finish_bare` cuts a text at most: the parser, C-F7,
/// a closing bracket, a host's end; each cut is shorter.
const MAX_ROUNDS: usize = 8;

/// How far into a URL written right after a bracket the bracket that
/// closes it is looked for (`closer_cut`): a constant a trigger, however
/// many triggers a run of brackets holds (C-S4).
pub(super) const CLOSER_REACH: usize = 256;

/// C-F7: a URL written right after `(` or `[` (the byte before `start` in
/// `h`) ends at the bracket that closes it, whatever follows
/// (`(http://a.example/)(…`, `[x](mailto:a@b.example)**`), where that
/// bracket is within [`CLOSER_REACH`] bytes of the URL's start. `bytes`
/// gives the URL's text from its start; the bracket's offset in it.
pub(super) fn closer_cut<'a>(
    h: &[u8],
    start: usize,
    bytes: impl IntoIterator<Item = &'a u8>,
) -> Option<usize> {
    let (open, close) = brackets_around(h, start)?;
    closing(bytes.into_iter().take(CLOSER_REACH), open, close)
}

/// The offset in `bytes` of the `close` that closes an `open` before them.
fn closing<'a>(bytes: impl IntoIterator<Item = &'a u8>, open: u8, close: u8) -> Option<usize> {
    let mut depth = 0usize;
    for (i, &c) in bytes.into_iter().enumerate() {
        if c == open {
            depth += 1;
        } else if c == close {
            if depth == 0 {
                return Some(i);
            }
            depth -= 1;
        }
    }
    None
}

/// The bracket opened right before `start` in `h`, and the one that
/// closes it.
fn brackets_around(h: &[u8], start: usize) -> Option<(u8, u8)> {
    match start.checked_sub(1).map(|k| h[k]) {
        Some(b'(') => Some((b'(', b')')),
        Some(b'[') => Some((b'[', b']')),
        _ => None,
    }
}

/// Where the bracket opened right before a URL may close it ([`closer`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Closer {
    /// At this offset from the URL's start, before any blank or line
    /// break: where [`closer_cut`] cuts any text that reaches it.
    At(usize),
    /// Not on the URL's line: past a line break, in a joined line, if at
    /// all.
    PastBreak,
}

/// Where [`closer_cut`] may cut a URL that starts at `start` in `h`, from
/// the bytes that follow it (within [`CLOSER_REACH`]): `None` where no
/// bracket is opened right before it, or none closes it before a blank
/// that no line break follows. Then the bracket before a URL changes
/// nothing: the URL is found as the same text without the bracket is.
// PERF: a `memchr` over the reach, and a count of brackets only where a
// closing one is there, for each trigger of a run that opens brackets and
// closes them far away (`cargo bench --bench adversarial -- '(www'`).
pub(super) fn closer(h: &[u8], start: usize) -> Option<Closer> {
    let (open, close) = brackets_around(h, start)?;
    let reach = &h[start..h.len().min(start + CLOSER_REACH)];
    memchr::memchr3(close, b'\n', b'\r', reach)?;
    let blank = |b: &u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r');
    if let Some(i) = closing(reach.iter().take_while(|b| !blank(b)), open, close) {
        return Some(Closer::At(i));
    }
    let line = reach.iter().position(blank).unwrap_or(reach.len());
    // A text goes on past blanks only where a line break after them joins
    // the next line.
    let after = reach[line..].iter().find(|&&b| !matches!(b, b' ' | b'\t'));
    (line < reach.len() && matches!(after, Some(b'\n' | b'\r') | None)).then_some(Closer::PastBreak)
}

/// Whether [`closer_cut`] may cut a URL that starts at `start` in `h`
/// ([`closer`]).
pub(super) fn closer_may_cut(h: &[u8], start: usize) -> bool {
    closer(h, start).is_some()
}

/// [`closer_cut`] on the text of `pieces`, where [`closer`] found `c`.
fn closer_in_pieces(h: &[u8], pieces: &Pieces, c: Closer) -> Option<usize> {
    let start = pieces.start();
    match c {
        // (The first piece is the bytes from the start, up to the line's
        // end at least where more pieces follow it.)
        Closer::At(i) if start + i < pieces.first.1 => Some(i),
        _ => closer_cut(h, start, pieces.iter().flat_map(|(_, s, e)| &h[s..e])),
    }
}

/// C-F7: a URL whose text ends in its host (no port, path, query or
/// fragment) ends at the host's last letter, digit or non-ASCII character
/// (or an IP literal's `]`): no DNS name ends in `-`, `_` or `*`
/// (`http://example.org- where`). How many bytes of `url` to keep.
pub(super) fn host_end_cut(url: &[u8], m: crate::uri::Meta) -> Option<usize> {
    if !m.has_authority || m.port_start.get().is_some() || m.host_end as usize != url.len() {
        return None;
    }
    let (hs, he) = (m.host_start as usize, m.host_end as usize);
    let last = *url[hs..he].last()?;
    if last >= 0x80 || last.is_ascii_alphanumeric() || last == b']' {
        return None;
    }
    let keep = url[hs..he]
        .iter()
        .rposition(|&c| c.is_ascii_alphanumeric() || c >= 0x80)
        .map_or(hs, |k| hs + k + 1);
    Some(keep)
}

/// Where the parser stopped inside the authority, at `n` of `url` (with
/// the components `m`), whether the host is written whole before it and
/// the URL ends there: at a `[` right after the host (`(http://example.org[1])`,
/// a footnote's mark, C-F7), or at a character beyond ASCII that neither a
/// host nor a userinfo holds (U+FFFD, a replacement for bytes of another
/// charset, C-F8) with no `@` after it in the authority.
pub(super) fn host_ends_before_cut(url: &[u8], m: crate::uri::Meta, n: usize) -> bool {
    if m.host_end as usize != n || m.host_end <= m.host_start {
        return false;
    }
    match url.get(n) {
        Some(b'[') => true,
        Some(&b) if b >= 0x80 => {
            let foreign = crate::bytes::char_at(url, n)
                .is_some_and(|(c, _)| !crate::uts58::valid_host(c));
            let authority = &url[n..];
            let authority =
                memchr::memchr3(b'/', b'?', b'#', authority).map_or(authority, |e| &authority[..e]);
            foreign && memchr::memchr(b'@', authority).is_none()
        }
        _ => false,
    }
}

/// C-F8: a host ends at a character beyond ASCII that no domain name holds
/// (one that UTS #46 neither takes nor maps to letters and digits:
/// `http://google.com｜bar`): the URL ends there, as UTS #58 ends it. And
/// a last label of ASCII letters that are one of IANA's top-level domains,
/// then letters of another script, which make no top-level domain (`http://example.com에서`, `https://example.cn了解`),
/// ends at its ASCII letters: the sentence goes on there, where UTS #58
/// makes no link at all. How many bytes of `url` to keep.
pub(super) fn host_char_cut(url: &str, m: crate::uri::Meta) -> Option<usize> {
    let (hs, he) = (m.host_start as usize, m.host_end as usize);
    if !m.has_authority || url.as_bytes()[hs..he].is_ascii() {
        return None;
    }
    let host = &url[hs..he];
    if let Some((k, _)) = host
        .char_indices()
        .find(|&(_, c)| !c.is_ascii() && !crate::uts58::valid_host(c))
    {
        return Some(hs + k);
    }
    let last = host.rfind('.').map_or(0, |d| d + 1);
    let label = &host[last..];
    let ascii = label.bytes().take_while(u8::is_ascii_alphabetic).count();
    let then_other = label.as_bytes().get(ascii).is_some_and(|&b| b >= 0x80);
    let tld = |l: &str| crate::uts58::is_tld(&l.to_lowercase());
    (ascii >= 2 && then_other && tld(&label[..ascii]) && !tld(label)).then_some(hs + last + ascii)
}

/// C-F7: a `]` in a path, query or fragment that closes no `[` of its
/// component (UTS #58's components: a path segment, a query key or value,
/// a fragment's `:~:` piece) ends a bare URL there, as the standard ends
/// it; balanced `[ ]` are URL text (`?page[number]=2`). How many bytes of
/// `url` to keep.
pub(super) fn square_bracket_cut(url: &[u8], m: crate::uri::Meta) -> Option<usize> {
    first_unmatched_square(url, m.path_start as usize)
}

/// [`square_bracket_cut`] on a text not yet parsed, its components as
/// written (the path after `scheme://` and the authority, or after
/// `scheme:`): a long run whose link ends at an early `]` is cut there
/// before the parser reads it whole.
// PERF: `cargo bench --bench adversarial -- '(sip:1]'`: without it, every
// trigger of a run the parser takes whole (`[ ]` being path text) parsed
// the run to its cap.
pub(super) fn square_bracket_cut_as_written(url: &[u8]) -> Option<usize> {
    let close = memchr::memchr(b']', url)?;
    let colon = memchr::memchr(b':', &url[..close])?;
    let from = match url[colon + 1..].strip_prefix(b"//") {
        Some(rest) => {
            let a = url.len() - rest.len();
            a + memchr::memchr3(b'/', b'?', b'#', rest)?
        }
        None => colon + 1,
    };
    first_unmatched_square(url, from)
}

/// The first `]` of `url` from `from` (where its path starts) that closes
/// no `[` of its component; the query starts at the first `?`, the
/// fragment at the first `#`, as the parser reads them.
fn first_unmatched_square(url: &[u8], from: usize) -> Option<usize> {
    let tail = url.get(from..)?;
    memchr::memchr(b']', tail)?;
    // 0: the path, 1: the query, 2: the fragment.
    let mut part = 0u8;
    let mut depth = 0usize;
    for (k, &b) in tail.iter().enumerate() {
        let i = from + k;
        let separates = match (part, b) {
            (0 | 1, b'#') => {
                part = 2;
                true
            }
            (0, b'?') => {
                part = 1;
                true
            }
            (0, b'/') | (1, b'=' | b'&') => true,
            (2, b':') => url[i..].starts_with(b":~:"),
            _ => false,
        };
        match b {
            _ if separates => depth = 0,
            b'[' => depth += 1,
            b']' if depth == 0 => return Some(i),
            b']' => depth -= 1,
            _ => {}
        }
    }
    None
}

/// The parser took only the first `keep` bytes of the text: what is left
/// is trimmed by C-F7 again, and no longer cut by a cap. `None` where
/// nothing is left.
pub(super) fn cut_text(
    h: &[u8],
    d: &mut Delimited,
    keep: usize,
    brackets: &mut BracketMemo,
) -> Option<()> {
    if keep == 0 {
        return None;
    }
    bare::retrim(h, &mut d.pieces, keep, brackets);
    d.truncated = false;
    (d.pieces.len() > 0).then_some(())
}
