//! Patterns a URL is matched against: regular expressions (one lazy-DFA
//! backed `meta::Regex` for all of them) or literals (one Aho-Corasick
//! automaton, for lists of tens of thousands).

use aho_corasick::AhoCorasick;
use regex_automata::meta::Regex;
use regex_automata::util::syntax;

use super::FilterError;

/// Compiled once; `Sync`, so every thread shares it.
#[derive(Clone, Debug)]
pub(super) enum Patterns {
    Regex(Regex),
    Literals(AhoCorasick),
}

impl Patterns {
    pub(super) fn new(pats: &[String], fixed: bool, fold: bool) -> Result<Patterns, FilterError> {
        // Aho-Corasick folds ASCII case only; a non-ASCII literal with -i
        // goes to the regex engine, escaped, which folds Unicode case.
        if fixed && !(fold && pats.iter().any(|p| !p.is_ascii())) {
            return AhoCorasick::builder()
                .ascii_case_insensitive(fold)
                .build(pats)
                .map(Patterns::Literals)
                .map_err(|e| FilterError::Pattern {
                    pattern: None,
                    message: e.to_string(),
                });
        }
        let escaped: Vec<String>;
        let pats: &[String] = if fixed {
            escaped = pats.iter().map(|p| regex_syntax::escape(p)).collect();
            &escaped
        } else {
            pats
        };
        Regex::builder()
            .syntax(syntax::Config::new().case_insensitive(fold))
            .build_many(pats)
            .map(Patterns::Regex)
            .map_err(|e| FilterError::Pattern {
                pattern: e.pattern().map(|id| pats[id.as_usize()].clone()),
                message: match std::error::Error::source(&e) {
                    Some(inner) => inner.to_string(),
                    None => e.to_string(),
                },
            })
    }

    /// Whether a pattern matches anywhere in `url`.
    pub(super) fn matches(&self, url: &str) -> bool {
        match self {
            Patterns::Regex(r) => r.is_match(url),
            Patterns::Literals(ac) => ac.is_match(url),
        }
    }
}
