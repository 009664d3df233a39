//! `urlx_find_mail*`: the links of a message or an mbox as the command's
//! mail mode finds them, with the message's fields, how the raw bytes
//! encode each link, and every verdict ("text shows another host"
//! included).

use std::ffi::{c_char, c_int, CString};
use std::ptr;
use std::sync::Arc;

use urlx::mail::{self, Encoding, Kind, Source};
use urlx::LinkRecord;

use crate::clink::CLink;
use crate::finder::Finder;
use crate::links::{c_string, Record, Use};
use crate::{bytes, guard, ERR_ARGUMENT};

/// Mirrors `urlx_mail_link`. Its pointers point into the [`MailLinks`]
/// it is part of.
#[repr(C)]
pub struct CMailLink {
    link: CLink,
    encoding: c_int,
    header: c_int,
    message_id: *const c_char,
    subject: *const c_char,
    date: *const c_char,
    from: *const c_char,
    to: *const c_char,
}

/// A message's fields as C strings, shared by its links.
struct Fields {
    message_id: Option<CString>,
    subject: Option<CString>,
    date: Option<CString>,
    from: Option<CString>,
    to: Option<CString>,
}

impl Fields {
    fn new(i: &mail::Info) -> Fields {
        let c = |s: &Option<String>| s.as_deref().map(c_string);
        Fields {
            message_id: c(&i.message_id),
            subject: c(&i.subject),
            date: c(&i.date),
            from: c(&i.from),
            to: c(&i.to),
        }
    }
}

/// One link of mail, owning what its [`CMailLink`] points to.
struct MailRecord {
    record: Record,
    encoding: c_int,
    header: bool,
    fields: Arc<Fields>,
}

impl MailRecord {
    fn c(&self) -> CMailLink {
        let opt = |s: &Option<CString>| s.as_ref().map_or(ptr::null(), |s| s.as_ptr());
        let f = &self.fields;
        CMailLink {
            link: self.record.c(),
            encoding: self.encoding,
            header: c_int::from(self.header),
            message_id: opt(&f.message_id),
            subject: opt(&f.subject),
            date: opt(&f.date),
            from: opt(&f.from),
            to: opt(&f.to),
        }
    }
}

/// `enum urlx_encoding`.
fn encoding_code(e: Encoding) -> c_int {
    match e {
        Encoding::Plain => 0,
        Encoding::QuotedPrintable => 1,
        Encoding::Base64 => 2,
    }
}

/// The opaque `urlx_mail_links`.
pub struct MailLinks {
    // Owns what `views` points to; never read otherwise.
    _records: Vec<MailRecord>,
    views: Vec<CMailLink>,
}

/// # Safety
/// The finder NULL or live; `data` `len` readable bytes; `out` NULL or
/// writable.
unsafe fn find_mail_into(
    use_: Use,
    data: *const c_char,
    len: usize,
    out: *mut *mut MailLinks,
) -> c_int {
    if out.is_null() {
        return ERR_ARGUMENT;
    }
    // SAFETY: writable, as promised; NULL until a result is ready.
    unsafe { out.write(ptr::null_mut()) };
    guard(|| {
        // SAFETY: forwarded from the caller.
        let (finder, data) = unsafe { (use_.finder()?, bytes(data, len)?) };
        let config = finder.read();
        // An mbox (its `From ` lines), else one message, as the command
        // sniffs its input.
        let head = &data[..data.len().min(64 << 10)];
        let mbox = mail::sniff(head) == Kind::Mbox;
        let mut records = Vec::new();
        for (range, first_line) in mail::messages(data, mbox, 1) {
            let m = config.finder.message_links(data, range, first_line);
            let fields = Arc::new(Fields::new(&m.info));
            for ml in m.links {
                let header = matches!(ml.source, Source::Header | Source::Field);
                // The link itself for what needs the text or the options.
                let link = ml.link.clone();
                // The message's fields are converted once, in `fields`.
                let rec = LinkRecord::from_mail(ml, None);
                records.push(MailRecord {
                    record: Record::of(&rec, &link, data, &config.options),
                    encoding: encoding_code(rec.encoding.unwrap_or(Encoding::Plain)),
                    header,
                    fields: Arc::clone(&fields),
                });
            }
        }
        let views = records.iter().map(MailRecord::c).collect();
        let links = MailLinks {
            _records: records,
            views,
        };
        // SAFETY: writable, as promised.
        unsafe { out.write(Box::into_raw(Box::new(links))) };
        Ok(())
    })
}

/// The links of the message or mbox `data[0..len]`, the default options.
///
/// # Safety
/// `data` must point to `len` readable bytes (or be NULL with `len` 0);
/// `out` must be writable.
#[no_mangle]
pub unsafe extern "C" fn urlx_find_mail(
    data: *const c_char,
    len: usize,
    out: *mut *mut MailLinks,
) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe { find_mail_into(Use::Defaults, data, len, out) }
}

/// The links of the message or mbox `data[0..len]` as `finder` finds them.
///
/// # Safety
/// As [`urlx_find_mail`]; `finder` from `urlx_finder_new`, not freed.
#[no_mangle]
pub unsafe extern "C" fn urlx_find_mail_with(
    finder: *const Finder,
    data: *const c_char,
    len: usize,
    out: *mut *mut MailLinks,
) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe { find_mail_into(Use::Caller(finder), data, len, out) }
}

/// How many links the list holds (0 for NULL).
///
/// # Safety
/// `links` must be NULL or come from `urlx_find_mail*` and not be freed.
#[no_mangle]
pub unsafe extern "C" fn urlx_mail_links_count(links: *const MailLinks) -> usize {
    // SAFETY: NULL or a live list, as promised.
    unsafe { links.as_ref() }.map_or(0, |l| l.views.len())
}

/// Link `i`, or NULL when `i` is out of range or `links` is NULL.
///
/// # Safety
/// As [`urlx_mail_links_count`].
#[no_mangle]
pub unsafe extern "C" fn urlx_mail_links_get(
    links: *const MailLinks,
    i: usize,
) -> *const CMailLink {
    // SAFETY: NULL or a live list, as promised.
    unsafe { links.as_ref() }
        .and_then(|l| l.views.get(i))
        .map_or(ptr::null(), |v| v as *const CMailLink)
}

/// Frees a list; NULL is ignored.
///
/// # Safety
/// `links` must be NULL or come from `urlx_find_mail*`, freed once.
#[no_mangle]
pub unsafe extern "C" fn urlx_mail_links_free(links: *mut MailLinks) {
    if !links.is_null() {
        // SAFETY: made by Box::into_raw in find_mail_into, freed once.
        drop(unsafe { Box::from_raw(links) });
    }
}
