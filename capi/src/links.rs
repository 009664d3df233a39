//! Links as C sees them (`urlx_link`), and the calls that find them.

use std::ffi::{c_char, c_int, CString};
use std::ptr;

use urlx::linkify::{Deception, Options};
use urlx::{Form, Link, LinkRecord};

use crate::clink::{CLink, Span};
use crate::finder::Finder;
use crate::{bytes, guard, ERR_ARGUMENT};

/// One link, owning the strings and spans its [`CLink`] points to (they
/// live on the heap, so a record may move). The link's fields are the
/// library's [`LinkRecord`]'s, as the command's `--json` and Python give
/// them; the rest (the character column, the segments, whether the
/// finder's options let it be a link) need the text or the options.
pub(crate) struct Record {
    start: usize,
    end: usize,
    line: usize,
    column: usize,
    char_column: usize,
    url: CString,
    alt: Option<CString>,
    scheme: CString,
    host: Option<CString>,
    form: c_int,
    truncated: bool,
    linkable: bool,
    deception: c_int,
    reason: Option<CString>,
    segments: Vec<Span>,
    unwrapped: Option<CString>,
    redirect: Option<&'static std::ffi::CStr>,
}

/// A C string of `s`. URLs, hosts and reasons hold no NUL (the parser
/// refuses control characters); one would be shown as U+FFFD.
pub(crate) fn c_string(s: &str) -> CString {
    CString::new(s.replace('\0', "\u{fffd}")).expect("no NUL is left")
}

/// `enum urlx_form`.
pub(crate) fn form_code(f: Form) -> c_int {
    match f {
        Form::UrlPrefix => 0,
        Form::Angle => 1,
        Form::Quoted => 2,
        Form::Bare => 3,
        Form::Abbreviated => 4,
        Form::Email => 5,
        Form::Domain => 6,
        Form::Defanged => 7,
        // A form newer than the header: URLX_FORM_OTHER.
        _ => 255,
    }
}

/// A service's name as a C string that lives as long as the program.
fn service_name(s: urlx::redirect::Service) -> &'static std::ffi::CStr {
    use urlx::redirect::Service as S;
    match s {
        S::SafeLinks => c"safelinks",
        S::UrlDefenseV1 => c"urldefense-v1",
        S::UrlDefenseV2 => c"urldefense-v2",
        S::UrlDefenseV3 => c"urldefense-v3",
        S::Google => c"google",
        S::Barracuda => c"barracuda",
        S::TrendMicro => c"trendmicro",
        S::Symantec => c"symantec",
        S::Sophos => c"sophos",
        S::Facebook => c"facebook",
        S::Slack => c"slack",
        S::Mimecast => c"mimecast",
        S::CiscoSecureEmail => c"cisco",
        S::TCo => c"t.co",
        // A service newer than this library's table.
        _ => c"other",
    }
}

/// `enum urlx_deception`.
fn deception_code(d: &Deception) -> c_int {
    match d {
        Deception::Userinfo { .. } => 1,
        Deception::NumericHost { .. } => 2,
        Deception::MixedScript { .. } => 3,
        Deception::WholeScript { .. } => 4,
        Deception::LocalAddress { .. } => 5,
        Deception::TextShows { .. } => 6,
        // A reason newer than the header: URLX_DECEPTION_OTHER.
        _ => 255,
    }
}

impl Record {
    /// The record of `link`, found in `text`; `linkable` by `opts`.
    pub(crate) fn new(link: &Link<'_>, text: &[u8], opts: &Options) -> Record {
        Record::of(&LinkRecord::from(link), link, text, opts)
    }

    /// The C record of `rec`, the library's record of `link` (a link of
    /// text, or of mail with the text an HTML link showed, C-S2).
    pub(crate) fn of(rec: &LinkRecord, link: &Link<'_>, text: &[u8], opts: &Options) -> Record {
        let parsed = rec.parsed();
        let redirect = parsed.as_ref().and_then(urlx::ParsedRecord::redirect);
        let verdict = parsed
            .as_ref()
            .and_then(|p| p.deception_with(redirect.as_ref()));
        // Offsets into `text`, which is in memory: they fit a size_t.
        let size = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
        Record {
            start: size(rec.start),
            end: size(rec.end),
            line: size(rec.line),
            column: size(rec.column),
            char_column: size(link.char_column(text)),
            url: c_string(rec.url()),
            alt: rec.alt.as_deref().map(c_string),
            // Never NULL (the header's promise): "" for a URL without one.
            scheme: c_string(
                parsed
                    .as_ref()
                    .and_then(|p| p.scheme())
                    .as_deref()
                    .unwrap_or(""),
            ),
            host: parsed.as_ref().and_then(|p| p.host()).map(c_string),
            form: form_code(rec.form),
            truncated: rec.truncated,
            linkable: opts.allows_link(link),
            deception: verdict.as_ref().map_or(0, deception_code),
            reason: verdict.as_ref().map(|d| c_string(&d.to_string())),
            segments: link
                .segments(text)
                .into_iter()
                .map(|r| Span {
                    start: r.start,
                    end: r.end,
                })
                .collect(),
            redirect: redirect.as_ref().map(|r| service_name(r.service())),
            unwrapped: redirect
                .and_then(urlx::redirect::Redirect::into_target)
                .map(|t| c_string(&t)),
        }
    }

    /// The C view; valid while `self` lives.
    pub(crate) fn c(&self) -> CLink {
        let opt = |s: &Option<CString>| s.as_ref().map_or(ptr::null(), |s| s.as_ptr());
        CLink {
            start: self.start,
            end: self.end,
            line: self.line,
            column: self.column,
            char_column: self.char_column,
            url: self.url.as_ptr(),
            alt: opt(&self.alt),
            scheme: self.scheme.as_ptr(),
            host: opt(&self.host),
            form: self.form,
            truncated: c_int::from(self.truncated),
            linkable: c_int::from(self.linkable),
            deception: self.deception,
            deception_reason: opt(&self.reason),
            segments: self.segments.as_ptr(),
            segment_count: self.segments.len(),
            unwrapped: opt(&self.unwrapped),
            redirect: self.redirect.map_or(ptr::null(), std::ffi::CStr::as_ptr),
        }
    }
}

/// The opaque `urlx_links`: the records, and their C views.
pub struct Links {
    // Owns what `views` points to; never read otherwise.
    _records: Vec<Record>,
    views: Vec<CLink>,
}

/// Which finder a call uses.
#[derive(Clone, Copy)]
pub(crate) enum Use {
    /// The one-call functions': the default options.
    Defaults,
    /// The caller's (`_with`); NULL is a wrong argument.
    Caller(*const Finder),
}

impl Use {
    /// The finder, or `ERR_ARGUMENT` for a NULL one.
    ///
    /// # Safety
    /// A caller's finder must be NULL or live.
    pub(crate) unsafe fn finder<'a>(self) -> Result<&'a Finder, c_int> {
        match self {
            Use::Defaults => Ok(Finder::defaults()),
            // SAFETY: NULL or live, as promised.
            Use::Caller(f) => unsafe { f.as_ref() }.ok_or(ERR_ARGUMENT),
        }
    }
}

/// # Safety
/// The finder NULL or live; `text` `len` readable bytes; `out` NULL or
/// writable.
unsafe fn find_into(use_: Use, text: *const c_char, len: usize, out: *mut *mut Links) -> c_int {
    if out.is_null() {
        return ERR_ARGUMENT;
    }
    // SAFETY: writable, as promised; NULL until a result is ready.
    unsafe { out.write(ptr::null_mut()) };
    guard(|| {
        // SAFETY: forwarded from the caller.
        let (finder, text) = unsafe { (use_.finder()?, bytes(text, len)?) };
        let config = finder.read();
        let records: Vec<Record> = config
            .finder
            .links(text)
            .map(|l| Record::new(&l, text, &config.options))
            .collect();
        let views = records.iter().map(Record::c).collect();
        let links = Links {
            _records: records,
            views,
        };
        // SAFETY: writable, as promised.
        unsafe { out.write(Box::into_raw(Box::new(links))) };
        Ok(())
    })
}

/// The links in `text[0..len]` with the default options.
///
/// # Safety
/// `text` must point to `len` readable bytes (or be NULL with `len` 0);
/// `out` must be writable.
#[no_mangle]
pub unsafe extern "C" fn urlx_find(text: *const c_char, len: usize, out: *mut *mut Links) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe { find_into(Use::Defaults, text, len, out) }
}

/// The links in `text[0..len]` as `finder` finds them.
///
/// # Safety
/// As [`urlx_find`]; `finder` must come from `urlx_finder_new`, not freed.
#[no_mangle]
pub unsafe extern "C" fn urlx_find_with(
    finder: *const Finder,
    text: *const c_char,
    len: usize,
    out: *mut *mut Links,
) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe { find_into(Use::Caller(finder), text, len, out) }
}

/// How many links the list holds (0 for NULL).
///
/// # Safety
/// `links` must be NULL or come from `urlx_find*` and not be freed.
#[no_mangle]
pub unsafe extern "C" fn urlx_links_count(links: *const Links) -> usize {
    // SAFETY: NULL or a live list, as promised.
    unsafe { links.as_ref() }.map_or(0, |l| l.views.len())
}

/// Link `i`, or NULL when `i` is out of range or `links` is NULL.
///
/// # Safety
/// As [`urlx_links_count`].
#[no_mangle]
pub unsafe extern "C" fn urlx_links_get(links: *const Links, i: usize) -> *const CLink {
    // SAFETY: NULL or a live list, as promised.
    unsafe { links.as_ref() }
        .and_then(|l| l.views.get(i))
        .map_or(ptr::null(), |v| v as *const CLink)
}

/// Frees a list; NULL is ignored.
///
/// # Safety
/// `links` must be NULL or come from `urlx_find*`, freed once.
#[no_mangle]
pub unsafe extern "C" fn urlx_links_free(links: *mut Links) {
    if !links.is_null() {
        // SAFETY: made by Box::into_raw in find_into, freed once.
        drop(unsafe { Box::from_raw(links) });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_has_a_code_of_its_own() {
        let mut codes: Vec<c_int> = Form::ALL.iter().map(|&f| form_code(f)).collect();
        assert!(!codes.contains(&255), "{codes:?}");
        codes.sort();
        codes.dedup();
        assert_eq!(codes.len(), Form::ALL.len());
    }

    /// The codes are the header's `enum urlx_deception`.
    #[test]
    fn deception_codes_are_the_headers() {
        let host = String::from("h");
        let all = [
            Deception::Userinfo { host: host.clone() },
            Deception::NumericHost { host: host.clone() },
            Deception::MixedScript { host: host.clone() },
            Deception::WholeScript {
                host: host.clone(),
                looks_like: "h".into(),
            },
            Deception::LocalAddress { host: host.clone() },
            Deception::TextShows {
                shown: "s".into(),
                host,
            },
        ];
        let codes: Vec<c_int> = all.iter().map(deception_code).collect();
        assert_eq!(codes, [1, 2, 3, 4, 5, 6]);
    }
}
