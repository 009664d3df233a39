//! A domain name without a scheme (`example.com/path`), read as `http://`
//! and the name: an option (`FinderBuilder::domains`), as linkify-it,
//! linkify and urlextract find them. The name's last label must be a
//! top-level domain of the public suffix list.

use super::candidate::{BareText, Candidate, Context, Rules};
use super::Finder;
use crate::delimit::Form;
use crate::uri::Uri;

impl Finder {
    /// A domain name whose first label starts at the trigger (the
    /// scanner's `TriggerKind::Domain`), out of the trigger loop.
    #[inline(never)]
    pub(super) fn general_domain(&self, cand: &mut Candidate<'_, '_>) -> Option<usize> {
        let s = cand.t.start;
        let bare = BareText {
            s,
            cap: self.url_cap(cand, s),
            form: Form::Domain,
            rules: Rules {
                class: None,
                slashes: true,
                ctx: Context::Bare,
                prefix: Some("http://"),
            },
        };
        let found = self.with_depth(cand, s, |cand, depth| {
            let mut cut = None;
            let d = self.delimit_bare(cand, &bare, depth, &mut cut)?;
            self.finish_bare(cand, d, &bare.rules, cut)
        });
        cand.put(found)
    }
}

/// The names of files that are top-level domains too (`setup.py`,
/// `README.md`, `main.rs`): no domain where nothing follows the name.
const FILE_EXTENSIONS: &[&str] = &[
    "cc", "cf", "do", "md", "ml", "mov", "pl", "pm", "ps", "py", "rs", "sh", "so", "sv", "zip",
];

/// Whether a link of the form `domain` names a domain (`Finder::acceptable`):
/// no userinfo; labels of letters, digits and hyphens of any script (not
/// a hyphen at a label's ends; `uts58::label_char`), two or more, the
/// last a top-level domain of the public suffix list, or beyond ASCII of
/// IANA's list (so no version, `v1.2.3`, nor IPv4 address) not written
/// capitalized (`me.It`: two sentences); not a file's name (`setup.py`)
/// where no path, query or fragment follows.
pub(super) fn names_a_domain(u: &Uri<'_>) -> bool {
    if u.userinfo().is_some() {
        return false;
    }
    let host = u.host().unwrap_or("");
    let labels: Vec<&str> = host.split('.').collect();
    let label_ok = |l: &&str| {
        !l.is_empty()
            && l.chars().count() <= 63
            && !l.starts_with('-')
            && !l.ends_with('-')
            && l.chars().all(crate::uts58::label_char)
    };
    let Some(&tld) = labels.last() else {
        return false;
    };
    // A capitalized last label is a sentence's next word (`me.It may`),
    // where domains are written in lower or upper case.
    let capitalized = tld.len() > 1
        && tld.as_bytes()[0].is_ascii_uppercase()
        && tld[1..].bytes().all(|b| b.is_ascii_lowercase());
    if labels.len() < 2 || !labels.iter().all(label_ok) || capitalized || !top_level_domain(tld) {
        return false;
    }
    let bare_name = u.path().is_empty() && u.query().is_none() && u.fragment().is_none();
    !(bare_name && FILE_EXTENSIONS.iter().any(|e| tld.eq_ignore_ascii_case(e)))
}

/// Whether `label` is a top-level domain of the public suffix list (or,
/// beyond ASCII, of IANA's list).
#[cfg(feature = "domains")]
fn top_level_domain(label: &str) -> bool {
    if !label.is_ascii() {
        return crate::uts58::last_label_ok(label);
    }
    let lower = label.to_ascii_lowercase();
    !lower.bytes().all(|b| b.is_ascii_digit())
        && psl::suffix(lower.as_bytes())
            .is_some_and(|s| s.is_known() && s.as_bytes() == lower.as_bytes())
}

/// Without the public suffix list no label is known (the option needs the
/// feature `domains`).
#[cfg(not(feature = "domains"))]
fn top_level_domain(_label: &str) -> bool {
    false
}
