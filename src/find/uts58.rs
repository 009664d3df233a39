//! The finder in UTS #58 mode ([`FinderBuilder::uts58`](super::FinderBuilder::uts58)):
//! the standard's detection (`crate::uts58::detect`) from dot to dot, each
//! link built with its parts where the detection found them.

use std::borrow::Cow;

use super::search::State;
use super::{Finder, Link};
use crate::delimit::Form;
use crate::uri::{off, HostKind, Meta, Opt};
use crate::uts58::detect::{self, Caps, Detected, Kind};

impl Finder {
    /// `next_into` in UTS #58 mode: up to `outs.len()` links whose dots
    /// start before `stop`.
    pub(super) fn uts58_into<'h>(
        &self,
        h: &'h [u8],
        st: &mut State,
        stop: usize,
        eof: bool,
        outs: &mut [Option<Link<'h>>],
    ) -> usize {
        let stop = if eof {
            stop
        } else {
            stop.min(h.len().saturating_sub(self.forward + 64))
        };
        let caps = Caps {
            url: self.limits.max_url_len,
            line: self.limits.max_line_len,
        };
        let mut n = 0;
        while n < outs.len() {
            let Some(d) = detect::next(h, &mut st.pos, &mut st.floor, &mut st.uts, stop, eof, caps)
            else {
                break;
            };
            if let Some(link) = link_of(h, &d) {
                outs[n] = Some(link);
                n += 1;
            }
        }
        n
    }
}

/// The link of what the detection found: `https://` before a domain name
/// written without a scheme, `mailto:` before an address.
fn link_of<'h>(h: &'h [u8], d: &Detected) -> Option<Link<'h>> {
    let text = std::str::from_utf8(&h[d.start..d.end]).ok()?;
    let (prefix, form) = match d.kind {
        Kind::Url { scheme_len: 0 } => ("https://", Form::Domain),
        Kind::Url { .. } => ("", Form::Bare),
        Kind::Email { mailto: false } => ("mailto:", Form::Email),
        Kind::Email { mailto: true } => ("", Form::Email),
    };
    let url: Cow<'h, str> = if prefix.is_empty() {
        Cow::Borrowed(text)
    } else {
        Cow::Owned([prefix, text].concat())
    };
    let meta = meta_of(d, prefix.len(), url.len());
    Some(Link {
        url,
        start: d.start,
        end: d.end,
        line: 0,
        column: 0,
        form,
        alt: None,
        meta,
        truncated: d.truncated,
        rewrap: 0,
    })
}

/// The components of the link's URL (`len` bytes: the text after a prefix
/// of `prefix` bytes).
fn meta_of(d: &Detected, prefix: usize, len: usize) -> Meta {
    // An offset in the text, as one in the URL.
    let at = |p: usize| p - d.start + prefix;
    match d.kind {
        Kind::Email { .. } => Meta {
            scheme_end: 6,
            path_start: 7,
            path_end: off(len),
            ..Meta::default()
        },
        Kind::Url { scheme_len } => {
            let scheme_len = if scheme_len == 0 { prefix } else { scheme_len };
            let fragment = d.fragment.map_or(len, |f| at(f) - 1);
            let query = d.query.map(at);
            let path_start = d.port.map_or(d.host.1, |p| p.1);
            let mut m = Meta {
                scheme_end: off(scheme_len - 3),
                has_authority: true,
                host_kind: HostKind::RegName,
                host_start: off(at(d.host.0)),
                host_end: off(at(d.host.1)),
                path_start: off(at(path_start)),
                path_end: off(query.map_or(fragment, |q| q - 1)),
                ..Meta::default()
            };
            if let Some((p, _)) = d.port {
                m.port_start = Opt::some(at(p));
            }
            if let Some(q) = query {
                m.query_start = Opt::some(q);
                m.query_end = off(fragment);
            }
            if let Some(f) = d.fragment {
                m.fragment_start = Opt::some(at(f));
            }
            m
        }
    }
}
