//! Stage 1: bytes to candidates. One Aho-Corasick automaton (SIMD
//! prefilter) jumps to the bytes where a URL can be: `://`, `URL:`, `www.`,
//! the schemes without `//` (`mailto:`, `news:`, ...), and `@` in e-mail
//! mode. Everything else is local work around each hit.
//!
//! No false negatives: every URL the later stages accept contains one of
//! these triggers at a fixed place (its `:` after the scheme, its `www.`,
//! or its `@`).

pub(crate) mod scheme;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, Input, MatchKind};

/// What a trigger is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TriggerKind {
    /// A `:` after a possible scheme (`://`, `url:`, `mailto:`, ...).
    Colon,
    /// `www.` at the trigger's start.
    Www,
    /// `@` of a possible e-mail address.
    At,
}

/// A trigger hit: where the pattern starts and ends, and what it is.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Trigger {
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) kind: TriggerKind,
    /// For `Colon`: the index of the `:`.
    pub(crate) colon: usize,
}

/// The trigger automaton, built once per finder.
#[derive(Clone, Debug)]
pub(crate) struct Scanner {
    ac: AhoCorasick,
    kinds: Vec<TriggerKind>,
    max_len: usize,
}

impl Scanner {
    /// `opaque` are the schemes without `//` to look for (each becomes
    /// `name:`); `www` and `email` add those triggers.
    pub(crate) fn new(opaque: &[String], www: bool, email: bool) -> Scanner {
        let mut pats: Vec<Vec<u8>> = vec![b"://".to_vec(), b"url:".to_vec()];
        let mut kinds = vec![TriggerKind::Colon, TriggerKind::Colon];
        for name in opaque {
            let mut p = name.as_bytes().to_vec();
            p.push(b':');
            pats.push(p);
            kinds.push(TriggerKind::Colon);
        }
        if www {
            pats.push(b"www.".to_vec());
            kinds.push(TriggerKind::Www);
        }
        if email {
            pats.push(b"@".to_vec());
            kinds.push(TriggerKind::At);
        }
        let max_len = pats.iter().map(Vec::len).max().unwrap_or(1);
        let ac = AhoCorasickBuilder::new()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::LeftmostFirst)
            .build(&pats)
            .expect("the trigger patterns are a handful of short literals");
        Scanner { ac, kinds, max_len }
    }

    /// The longest trigger pattern.
    pub(crate) fn max_pattern_len(&self) -> usize {
        self.max_len
    }

    /// The first trigger that starts at or after `from`.
    #[inline]
    pub(crate) fn next(&self, h: &[u8], from: usize) -> Option<Trigger> {
        if from >= h.len() {
            return None;
        }
        let m = self.ac.find(Input::new(h).range(from..))?;
        let kind = self.kinds[m.pattern().as_usize()];
        let colon = match kind {
            TriggerKind::Colon => {
                // `://` has its colon first, `name:` last.
                if h[m.start()] == b':' {
                    m.start()
                } else {
                    m.end() - 1
                }
            }
            _ => m.start(),
        };
        Some(Trigger {
            start: m.start(),
            end: m.end(),
            kind,
            colon,
        })
    }
}
