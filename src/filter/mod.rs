//! Which links to keep: by pattern, by host, by scheme and by form, the
//! filters of a grep over URLs, for the command and for a mail client
//! alike (feature `filter`).
//!
//! A link is kept when its form and scheme are among those listed (when
//! any are), and its URL matches a pattern (when any are given) and its
//! host is a listed domain or under one (when any are given). With
//! [`FilterBuilder::invert`], the pattern and host test is inverted: the
//! links it would keep are dropped; forms and schemes still select.
//!
//! Patterns match anywhere in the URL as found ([`Link::as_str`]), as a
//! grep over a list of URLs would; for a link-protection redirect
//! (SafeLinks, URL Defense, ...: [`Link::redirect`]), every test is of the
//! URL it leads to (rule C-S7). Hosts compare in their ASCII form: lower
//! case, IDNs in punycode, no trailing dot, so that `例え.jp` and
//! `xn--r8jz45g.jp` are one host. A domain keeps the hosts under it
//! (`kernel.org` keeps `lore.kernel.org`); an IP address keeps itself.
//! A set of 100,000 domains costs one hash lookup a label of the host.
//!
//! ```
//! use urlx::filter::Filter;
//! let f = Filter::builder().host("kernel.org").pattern(r"/patch/\d+").build().unwrap();
//! let text = "https://lore.kernel.org/patch/12 https://example.org/patch/3 https://lore.kernel.org/x";
//! let kept: Vec<_> = urlx::find(text).filter(|l| f.keeps(l)).map(|l| l.as_str().to_owned()).collect();
//! assert_eq!(kept, ["https://lore.kernel.org/patch/12"]);
//! ```

#![forbid(unsafe_code)]

mod hosts;
mod patterns;
mod table;

use std::sync::Arc;

use hosts::Hosts;
use patterns::Patterns;

use crate::{Form, Link, Uri};

/// Why a filter could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FilterError {
    /// A pattern is not a regular expression the engine takes (or the
    /// patterns together are too large).
    Pattern {
        /// The pattern at fault, when one is.
        pattern: Option<String>,
        /// What is wrong with it.
        message: String,
    },
    /// A host entry is not a domain name or IP address.
    Host {
        /// The entry as given.
        entry: String,
        /// What is wrong with it.
        reason: String,
    },
    /// [`FilterBuilder::invert`] with neither a pattern nor a host to
    /// invert.
    NothingToInvert,
}

impl std::fmt::Display for FilterError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FilterError::Pattern {
                pattern: Some(p),
                message,
            } => write!(f, "pattern {p:?}: {message}"),
            FilterError::Pattern {
                pattern: None,
                message,
            } => write!(f, "patterns: {message}"),
            FilterError::Host { entry, reason } => write!(f, "host {entry:?}: {reason}"),
            FilterError::NothingToInvert => {
                write!(f, "nothing to invert: give a pattern or a host")
            }
        }
    }
}

impl std::error::Error for FilterError {}

/// Which links to keep; built once by [`FilterBuilder`], then shared
/// (it is `Send` and `Sync`; matching takes `&self`).
#[derive(Clone, Debug, Default)]
pub struct Filter {
    patterns: Option<Patterns>,
    hosts: Option<Arc<Hosts>>,
    schemes: Vec<String>,
    forms: Vec<Form>,
    invert: bool,
}

impl Filter {
    /// A builder with no filter set (it keeps every link).
    pub fn builder() -> FilterBuilder {
        FilterBuilder::default()
    }

    /// Whether the filter keeps this link.
    pub fn keeps(&self, link: &Link<'_>) -> bool {
        if !self.forms.is_empty() && !self.forms.contains(&link.form()) {
            return false;
        }
        if self.schemes.is_empty() && self.patterns.is_none() && self.hosts.is_none() {
            return true;
        }
        // C-S7: a protection redirect by where it leads.
        if let Some(target) = link.redirect().and_then(|r| r.into_target()) {
            if let Ok(t) = crate::uri::parse_iri(&target) {
                return self.keeps_uri(&t);
            }
        }
        self.keeps_uri(&link.uri())
    }

    /// Whether the filter keeps a URL, its form aside (the forms are a
    /// property of where a link was found): the scheme, pattern and host
    /// tests on a parsed URI.
    ///
    /// ```
    /// let f = urlx::filter::Filter::builder().host("example.org").invert(true).build().unwrap();
    /// assert!(!f.keeps_uri(&urlx::parse("http://www.example.org/").unwrap()));
    /// assert!(f.keeps_uri(&urlx::parse("http://example.net/").unwrap()));
    /// ```
    pub fn keeps_uri(&self, u: &Uri<'_>) -> bool {
        if !self.schemes.is_empty() {
            let scheme = u.scheme().unwrap_or("");
            if !self.schemes.iter().any(|s| s.eq_ignore_ascii_case(scheme)) {
                return false;
            }
        }
        if self.patterns.is_none() && self.hosts.is_none() {
            return true;
        }
        let matched = self.patterns.as_ref().is_none_or(|p| p.matches(u.as_str()))
            && self.hosts.as_ref().is_none_or(|h| h.contains(u));
        matched != self.invert
    }

    /// Whether the filter keeps every link (nothing was set).
    pub fn keeps_all(&self) -> bool {
        self.patterns.is_none()
            && self.hosts.is_none()
            && self.schemes.is_empty()
            && self.forms.is_empty()
    }
}

/// Sets up a [`Filter`]. Every setting is optional; what is not set does
/// not filter.
#[derive(Clone, Debug, Default)]
pub struct FilterBuilder {
    patterns: Option<Vec<String>>,
    fixed: bool,
    fold: bool,
    /// Taken apart as they are added (a list may hold 100,000); shared
    /// with the filters built, so that a build does not copy it.
    hosts: Option<Arc<Hosts>>,
    /// The first host that is not one.
    host_error: Option<FilterError>,
    schemes: Vec<String>,
    forms: Vec<Form>,
    invert: bool,
}

impl FilterBuilder {
    /// Keeps URLs this pattern matches anywhere (with the other patterns:
    /// any of them). A regular expression in the syntax of the `regex`
    /// crate, unless [`FilterBuilder::fixed_strings`].
    pub fn pattern(&mut self, pattern: impl Into<String>) -> &mut Self {
        self.patterns
            .get_or_insert_with(Vec::new)
            .push(pattern.into());
        self
    }

    /// Adds these patterns. Called with none, it still sets a pattern
    /// list, and an empty list keeps no URL (as `rg -f /dev/null` matches
    /// nothing).
    pub fn patterns<I: IntoIterator<Item = S>, S: Into<String>>(
        &mut self,
        patterns: I,
    ) -> &mut Self {
        let list = self.patterns.get_or_insert_with(Vec::new);
        list.extend(patterns.into_iter().map(Into::into));
        self
    }

    /// The patterns are literal strings, not regular expressions (matched
    /// together by one Aho-Corasick automaton).
    pub fn fixed_strings(&mut self, yes: bool) -> &mut Self {
        self.fixed = yes;
        self
    }

    /// Patterns match regardless of case (Unicode case folding).
    pub fn case_insensitive(&mut self, yes: bool) -> &mut Self {
        self.fold = yes;
        self
    }

    /// Keeps URLs whose host is this domain or under it (with the other
    /// hosts: any of them), or is this IP address. Written as
    /// `example.org`, `*.example.org`, `例え.jp`, `192.0.2.1` or
    /// `2001:db8::1`.
    pub fn host(&mut self, domain: impl AsRef<str>) -> &mut Self {
        self.hosts(std::iter::once(domain))
    }

    /// Adds these hosts; called with none, it sets an empty list, which
    /// keeps no URL.
    pub fn hosts<I: IntoIterator<Item = S>, S: AsRef<str>>(&mut self, domains: I) -> &mut Self {
        let domains = domains.into_iter();
        let set = Arc::make_mut(self.hosts.get_or_insert_with(Default::default));
        set.reserve(domains.size_hint().0);
        for d in domains {
            let entry = d.as_ref();
            if let Err(reason) = set.insert(entry) {
                self.host_error.get_or_insert(FilterError::Host {
                    entry: entry.to_owned(),
                    reason,
                });
            }
        }
        self
    }

    /// Keeps only URLs with one of these schemes (any case).
    pub fn schemes<I: IntoIterator<Item = S>, S: Into<String>>(&mut self, schemes: I) -> &mut Self {
        self.schemes.extend(schemes.into_iter().map(Into::into));
        self
    }

    /// Keeps only links written in one of these forms.
    pub fn forms<I: IntoIterator<Item = Form>>(&mut self, forms: I) -> &mut Self {
        self.forms.extend(forms);
        self
    }

    /// Drops the links the patterns and hosts keep, and keeps the others.
    pub fn invert(&mut self, yes: bool) -> &mut Self {
        self.invert = yes;
        self
    }

    /// Compiles the patterns and the host set.
    ///
    /// ```
    /// use urlx::filter::{Filter, FilterError};
    /// assert!(matches!(Filter::builder().pattern("(").build(), Err(FilterError::Pattern { .. })));
    /// assert!(matches!(Filter::builder().host("http://x/").build(), Err(FilterError::Host { .. })));
    /// ```
    pub fn build(&self) -> Result<Filter, FilterError> {
        if self.invert && self.patterns.is_none() && self.hosts.is_none() {
            return Err(FilterError::NothingToInvert);
        }
        let patterns = match &self.patterns {
            Some(p) => Some(Patterns::new(p, self.fixed, self.fold)?),
            None => None,
        };
        if let Some(e) = &self.host_error {
            return Err(e.clone());
        }
        Ok(Filter {
            patterns,
            hosts: self.hosts.clone(),
            schemes: self.schemes.clone(),
            forms: self.forms.clone(),
            invert: self.invert,
        })
    }
}

#[cfg(test)]
mod tests;
