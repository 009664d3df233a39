//! The candidate stage's data: what a trigger gives every path
//! ([`Candidate`]), and what the paths decide of it: a `scheme:`
//! ([`Scheme`]), the context it was written in ([`Context`]), the rules its
//! URL must meet ([`Rules`]), a bare text ([`BareText`]). The paths that
//! take them are `dispatch` (what a trigger starts), `fast`, `general`,
//! `www`, `address`, `domain` and `accept`.

use super::{head, put, Link};
use crate::delimit::wrapper::Opener;
use crate::delimit::Form;
use crate::scan::scheme::SchemeClass;
use crate::scan::Trigger;

/// One trigger's candidate, as every path reads it: the text, the trigger,
/// how far the candidate may look, what earlier triggers learnt of the run
/// of text it is in, and where its link is written. The trigger loop makes
/// one for each trigger; the paths take it and what they decided so far.
pub(super) struct Candidate<'h, 'r> {
    /// The text: a buffer, or the stream's window.
    pub(super) h: &'h [u8],
    pub(super) t: Trigger,
    /// No URL reaches back before it: the end of the last link's text.
    pub(super) floor: usize,
    /// The look-ahead: no decision reads past it.
    pub(super) end_limit: usize,
    /// The line cap (`max_line_len`): a URL is cut there.
    pub(super) line_cap: usize,
    /// What earlier triggers learnt of the run this one is in.
    pub(super) memo: &'r mut head::Memo,
    /// Where the link is written: built in the caller's place, not moved
    /// up the calls.
    pub(super) out: &'r mut Option<Link<'h>>,
}

impl<'h> Candidate<'h, '_> {
    /// Writes the link found, if any, into `out`; how much text it took.
    #[inline(always)]
    pub(super) fn put(&mut self, found: Option<(Link<'h>, usize)>) -> Option<usize> {
        put(self.out, found)
    }
}

/// Which rules a candidate's scheme meets.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Context {
    /// `<URL:…>`: any absolute URI.
    UrlAngle,
    /// `<…>` or quotes: known schemes, and any scheme with `//`.
    Wrapped,
    /// Bare, or after a bare `URL:`: the bare schemes only.
    Bare,
}

impl Context {
    /// The rules for a URL after this wrapper opener.
    pub(super) fn of(op: Opener) -> Context {
        if matches!(op, Opener::UrlAngle { .. }) {
            Context::UrlAngle
        } else {
            Context::Wrapped
        }
    }
}

/// A `scheme:` in the text: the scheme's first byte `s`, its colon `c`,
/// its `scheme::key`, its class (`None`: a scheme the finder does not
/// know), and the wrapper opener before it.
#[derive(Clone, Copy)]
pub(super) struct Scheme {
    pub(super) s: usize,
    pub(super) c: usize,
    pub(super) key: u64,
    pub(super) class: Option<SchemeClass>,
    pub(super) op: Opener,
}

/// What a candidate's URL must meet, beside its syntax: the rules of its
/// scheme's class (`None`: a `www.` host, an address or a domain name, or
/// a scheme the finder does not know), whether `//` follows the scheme,
/// the rules of the context it was written in, and the prefix its text is
/// read with (`http://` before a `www.` host, `mailto:` before an address).
#[derive(Clone, Copy)]
pub(super) struct Rules {
    pub(super) class: Option<SchemeClass>,
    pub(super) slashes: bool,
    pub(super) ctx: Context,
    pub(super) prefix: Option<&'static str>,
}

/// A bare candidate's text as the general path reads it: where it starts
/// (`s`), the furthest it may reach (`cap`), how it was written, and the
/// rules the URL must meet.
#[derive(Clone, Copy)]
pub(super) struct BareText {
    pub(super) s: usize,
    pub(super) cap: usize,
    pub(super) form: Form,
    pub(super) rules: Rules,
}
