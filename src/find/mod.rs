//! The composition of the stages: a [`Finder`] runs the trigger scan
//! (`crate::scan`), delimits each candidate (`crate::delimit`), checks it
//! with the URI parser (`crate::uri`), and yields [`Link`]s.
//!
//! - `search`: the trigger loop, which hands each trigger to `candidate`.
//! - `candidate`: what the trigger starts: the fast path for a bare
//!   `scheme://`, else the general path of its context (`URL:`, a wrapper,
//!   bare); then `bare`, `www`, `email` for each bare form, and `accept`
//!   for the last checks of every form.
//! - `common`: the fast paths, the common bare URL (`fast_bare`: one look,
//!   else a short run parsed in one pass) and the common `<…>` or quoted
//!   URL (`wrapped_common`); property tests hold them to the general path.
//! - `head`: refusals decided from a bare candidate's first bytes, and the
//!   memo of what triggers learnt about the run they are in (linear time).
//! - `chain`: a chain of lines joined at hyphens, decided from its first
//!   lines where the parser stops in them.
//! - `mail`: the links of a mail message, placed on its raw bytes.
//! - `uts58`: the finder in UTS #58 mode, the standard's detection.
//! - `link`, `links`, `builder`, `schemes`: the public types.

#![forbid(unsafe_code)]

use std::sync::OnceLock;

use crate::delimit::bare_end::BareOptions;
use crate::delimit::Limits;
use crate::scan::scheme::SchemeClass;
use crate::scan::Scanner;

mod accept;
mod address;
mod builder;
mod candidate;
mod chain;
mod dispatch;
mod domain;
mod fast;
mod general;
mod head;
mod link;
mod links;
#[cfg(feature = "mail")]
mod message_links;
mod registry;
mod schemes;
mod search;
mod uts58;
mod www;

pub use builder::{BuildError, FinderBuilder, MAX_CAP};
pub(crate) use link::{make_link, put, with_prefix};
pub use link::{Link, LINKABLE};
pub(crate) use links::LineCounter;
pub use links::Links;
#[cfg(feature = "mail")]
pub use message_links::{MailLink, MessageLinks};
use schemes::ClassTable;
pub(crate) use search::State;

/// Finds URLs in text. Build one with [`FinderBuilder`] (or take the
/// defaults with [`Finder::new`]) and reuse it: building compiles the
/// trigger automaton.
#[derive(Clone, Debug)]
pub struct Finder {
    pub(crate) scanner: Scanner,
    classes: ClassTable,
    limits: Limits,
    /// `limits.back()` and `limits.forward()`, which every trigger asks.
    back: usize,
    forward: usize,
    bare: BareOptions,
    /// UTS #58 mode (`FinderBuilder::uts58`).
    uts58: bool,
    /// Bare `scheme://` URLs of IANA's registered schemes too
    /// (`FinderBuilder::registered_schemes`).
    registered: bool,
}

impl Default for Finder {
    fn default() -> Self {
        Self::new()
    }
}

/// Finds URLs with the default [`Finder`].
///
/// ```
/// let urls: Vec<_> = urlx::find("Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n\
///     but you can probably pick it up from <ftp://ds.internic.\n    net/rfc/>.")
///     .map(|l| l.as_str().to_owned())
///     .collect();
/// assert_eq!(urls, ["http://www.w3.org/Addressing/", "ftp://ds.internic.net/rfc/"]);
/// ```
pub fn find<H: AsRef<[u8]> + ?Sized>(text: &H) -> Links<'static, '_> {
    Finder::default_ref().links(text)
}

impl Finder {
    /// The default finder, built once.
    pub(crate) fn default_ref() -> &'static Finder {
        static DEFAULT: OnceLock<Finder> = OnceLock::new();
        DEFAULT.get_or_init(Finder::new)
    }

    /// A finder with the default configuration ([`FinderBuilder::new`]).
    pub fn new() -> Finder {
        FinderBuilder::new()
            .build()
            .expect("the default configuration is valid")
    }

    /// The links in `text`, which may be `&str` or bytes (invalid UTF-8
    /// ends a URL and is otherwise skipped).
    pub fn links<'f, 'h, H: AsRef<[u8]> + ?Sized>(&'f self, text: &'h H) -> Links<'f, 'h> {
        Links {
            finder: self,
            h: text.as_ref(),
            st: State::default(),
            lines: LineCounter::default(),
            found: Default::default(),
            at: 0,
            len: 0,
        }
    }

    /// How far before a candidate any decision looks (`Limits::back`).
    pub(crate) fn back(&self) -> usize {
        self.back
    }

    /// How far after a trigger any decision looks (`Limits::forward`).
    pub(crate) fn forward(&self) -> usize {
        self.forward
    }

    /// The class of the scheme `name`, whose `scheme::key` is `key` and
    /// whose colon is at `c` of `h`: the finder's own, or for `name://` a
    /// scheme of IANA's registry (C-F2), found bare and wrapped, with an
    /// authority.
    #[inline(always)]
    fn class(&self, name: &[u8], key: u64, h: &[u8], c: usize) -> Option<SchemeClass> {
        match self.classes.get(name, key) {
            Some(class) => Some(class),
            None if self.registered && h.get(c + 1..c + 3) == Some(b"//") => {
                schemes::registered(name, key).then(|| SchemeClass::new(true, true, true))
            }
            None => None,
        }
    }
}
