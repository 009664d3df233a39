//! A bare e-mail address, read as a `mailto:` URL (C-F5, e-mail mode).

use super::candidate::{Candidate, Context, Rules};
use super::{Finder, Link};
use crate::delimit::unicode::{char_at, ends_bare_url, is_soft};
use crate::delimit::{Delimited, Form, Pieces};
use crate::scan::address_domain;

impl Finder {
    /// A bare e-mail address around the `@` of `t` (C-F5, e-mail mode).
    pub(super) fn at_email<'h>(&self, cand: &Candidate<'h, '_>) -> Option<(Link<'h>, usize)> {
        let (h, t, floor) = (cand.h, cand.t, cand.floor);
        let (end_limit, line_cap) = (cand.end_limit, cand.line_cap);
        let a = t.start;
        // Every `@` in e-mail mode comes here, but those the scanner
        // refused by the same rule; where it found the domain (with the
        // same limit), it says so. The domain first: its rules refuse most.
        let e = if t.domain > 0 {
            t.domain
        } else {
            let limit = end_limit
                .min(a + address_domain::DOMAIN_REACH)
                .min(line_cap)
                .min(h.len());
            address_domain::domain(h, a, limit).ok()?
        };
        // The local part: ASCII as most are written, and beyond ASCII the
        // characters UTS #58 takes in one (`Link_Email`: `jöhn@`).
        let is_local = |b: u8| EMAIL_LOCAL[b as usize];
        let lo = floor.max(a.saturating_sub(64));
        let mut s = a;
        while s > lo {
            if is_local(h[s - 1]) {
                s -= 1;
                continue;
            }
            match crate::uts58::char_before(h, s) {
                Some((c, n)) if !c.is_ascii() && s - n >= lo && crate::uts58::link_email(c) => {
                    s -= n
                }
                _ => break,
            }
        }
        if s == a || h[s] == b'.' || h[a - 1] == b'.' {
            return None;
        }
        // Not inside a URL's userinfo or a longer word; after a label's
        // colon it is (`E-mail:a@example.org`), and in `<…>` where that
        // holds the address alone (`Joe <joe@example.org>`), but for
        // message identifiers.
        if s > 0
            && (is_local(h[s - 1])
                || matches!(h[s - 1], b'/' | b'@' | b'=')
                || (h[s - 1] == b'<' && (h.get(e) != Some(&b'>') || message_id(h, s - 1, floor)))
                || (h[s - 1] == b':' && in_authority(h, s - 1, floor)))
        {
            return None;
        }
        // The whole domain or nothing: not cut by a letter of another
        // alphabet (`a@a.xyϸ`); a character that ends a URL or may end
        // one (`。`, `、`, C-F8) may follow it.
        match h.get(e) {
            Some(&b) if b == b'@' || b.is_ascii_alphanumeric() => return None,
            Some(&b) if b >= 0x80 => {
                let ends = char_at(h, e).is_none_or(|(c, _)| ends_bare_url(c) || is_soft(c));
                if !ends {
                    return None;
                }
            }
            _ => {}
        }
        let d = Delimited {
            form: Form::Email,
            pieces: Pieces::one(s, e),
            consumed: e,
            truncated: false,
            joint_capped: false,
            more: false,
            rewrap: None,
        };
        let rules = Rules {
            class: None,
            slashes: false,
            ctx: Context::UrlAngle,
            prefix: Some("mailto:"),
        };
        self.finish_wrapped(h, d, &rules)
    }
}

/// Whether the colon at `k` ends a URL's userinfo (`http://user:pass@`):
/// a `//` in the word before it (looked for back to whitespace, `floor` or
/// 64 bytes).
fn in_authority(h: &[u8], k: usize, floor: usize) -> bool {
    let lo = floor.max(k.saturating_sub(64));
    let word = h[lo..k]
        .iter()
        .rposition(|b| b.is_ascii_whitespace())
        .map_or(lo, |w| lo + w + 1);
    memchr::memmem::find(&h[word..k], b"//").is_some()
}

/// Whether the `<` at `k` opens a message identifier: its line (back to
/// `floor` or 128 bytes) starts with `Message-ID:`, `References:`,
/// `In-Reply-To:` or `Content-ID:`, or the `<` follows another `>` (a
/// list of identifiers).
fn message_id(h: &[u8], k: usize, floor: usize) -> bool {
    let lo = floor.max(k.saturating_sub(128));
    let line = memchr::memrchr(b'\n', &h[lo..k]).map_or(lo, |n| lo + n + 1);
    let start = &h[line..k];
    let named =
        |name: &[u8]| start.len() >= name.len() && start[..name.len()].eq_ignore_ascii_case(name);
    named(b"message-id:")
        || named(b"references:")
        || named(b"in-reply-to:")
        || named(b"content-id:")
        || start.trim_ascii_end().ends_with(b">")
}

/// Bytes of the local part of a bare e-mail address (C-F5).
pub(super) static EMAIL_LOCAL: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 128 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'%' | b'+' | b'-');
        c += 1;
    }
    t
};
