//! [`LinkRecord`]: a found link as the front ends report it, owned, with
//! every derived field read by one rule (the command's `--json`, the C
//! library's `urlx_link` and Python's `urlx.Link` are all made from it).

use std::borrow::Cow;
#[cfg(feature = "mail")]
use std::sync::Arc;

use crate::delimit::Form;
use crate::find::Link;
use crate::linkify::Deception;
use crate::redirect::Redirect;
use crate::uri::Uri;

/// A link as reported: the URL, where it was found, how it was written,
/// and (feature `mail`) what the message says of it; its scheme, host,
/// redirect and deceptive-link verdict read from its parse by one rule.
/// It owns its strings, so it outlives the text and may cross threads.
///
/// Every front end reports a link through this record: the command's
/// `--json` (and `--format`), the C library's `urlx_link` and
/// `urlx_mail_link`, and Python's `urlx.Link`. What is derived from the
/// URL is derived here, once: the scheme in lower case
/// ([`LinkRecord::scheme`]), the host as written, the redirect read as
/// [`Link::redirect`] reads it. Those are methods, not fields, read when
/// asked: making a record costs no more than copying the link, and a
/// front end that prints the URL alone reads nothing else.
///
/// ```
/// let text = "See HTTPS://Example.ORG/a and www.kernel.org.";
/// let recs: Vec<urlx::LinkRecord> = urlx::find(text).map(urlx::LinkRecord::from).collect();
/// assert_eq!(recs[0].url(), "HTTPS://Example.ORG/a");
/// assert_eq!(recs[0].scheme().as_deref(), Some("https"));
/// assert_eq!(recs[0].host(), Some("Example.ORG"));
/// assert_eq!((recs[0].line, recs[0].column, recs[0].start, recs[0].end), (1, 5, 4, 25));
/// assert_eq!(recs[1].url(), "http://www.kernel.org");
/// assert_eq!(recs[1].form, urlx::Form::Abbreviated);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct LinkRecord {
    /// The URL: private, so that it stays the link's (whose URL parses).
    url: String,
    /// Byte offset of the URL's first byte in the input (a `u64`, so that
    /// a front end may place it in a file or a stream longer than memory).
    pub start: u64,
    /// Byte offset just past the URL's last byte.
    pub end: u64,
    /// Line of `start`, from 1 (lines end at LF).
    pub line: u64,
    /// Column of `start`, in bytes, from 1.
    pub column: u64,
    /// How the URL was written.
    pub form: Form,
    /// The other reading where the text is ambiguous ([`Link::alt`]).
    pub alt: Option<String>,
    /// Whether a cap, or bytes that are not UTF-8, cut the URL
    /// ([`Link::is_truncated`]): it may be longer in the text.
    pub truncated: bool,
    /// In mail: how the raw bytes `start..end` encode the URL,
    /// quoted-printable or base64; `None` where those bytes are its text
    /// (text input, and mail's plain parts and header fields).
    #[cfg(feature = "mail")]
    #[cfg_attr(docsrs, doc(cfg(feature = "mail")))]
    pub encoding: Option<crate::mail::Encoding>,
    /// In mail, for the `href` of an HTML part's `<a>`: the text the
    /// element shows, when it may name a host ([`crate::MailLink::shown`]);
    /// [`LinkRecord::deception`] compares the two.
    #[cfg(feature = "mail")]
    #[cfg_attr(docsrs, doc(cfg(feature = "mail")))]
    pub shown: Option<String>,
    /// In mail: the message the link is in (its Message-ID, Subject,
    /// Date, From and To), shared by the message's records; `None` in
    /// text, and where a front end keeps the message apart.
    #[cfg(feature = "mail")]
    #[cfg_attr(docsrs, doc(cfg(feature = "mail")))]
    pub message: Option<Arc<crate::mail::Info>>,
}

impl LinkRecord {
    /// The record of `link` whose URL is `url` (taken, not copied, when
    /// the caller owns it).
    fn with_url(link: &Link<'_>, url: String) -> LinkRecord {
        LinkRecord {
            start: link.start() as u64,
            end: link.end() as u64,
            line: link.line(),
            column: link.column(),
            form: link.form(),
            alt: link.alt().map(str::to_owned),
            truncated: link.is_truncated(),
            #[cfg(feature = "mail")]
            encoding: None,
            #[cfg(feature = "mail")]
            shown: None,
            #[cfg(feature = "mail")]
            message: None,
            url,
        }
    }

    /// The record of a link of a message ([`crate::Finder::message_links`]),
    /// with its message when the caller shares one.
    ///
    /// ```
    /// let raw = b"From: a@example.org\nSubject: hi\nContent-Transfer-Encoding: quoted-printable\n\nsee http://x.example/a=\nb\n";
    /// let m = urlx::Finder::new().message_links(raw, 0..raw.len(), 1);
    /// let info = std::sync::Arc::new(m.info);
    /// let link = m.links.into_iter().next().unwrap();
    /// let rec = urlx::LinkRecord::from_mail(link, Some(info));
    /// assert_eq!(rec.url(), "http://x.example/ab");
    /// assert_eq!(rec.encoding, Some(urlx::mail::Encoding::QuotedPrintable));
    /// assert_eq!(rec.message.unwrap().subject.as_deref(), Some("hi"));
    /// ```
    #[cfg(feature = "mail")]
    #[cfg_attr(docsrs, doc(cfg(feature = "mail")))]
    pub fn from_mail(link: crate::MailLink, message: Option<Arc<crate::mail::Info>>) -> LinkRecord {
        let encoding = link.encoding;
        LinkRecord {
            encoding: (encoding != crate::mail::Encoding::Plain).then_some(encoding),
            shown: link.shown,
            message,
            ..LinkRecord::from(link.link)
        }
    }

    /// The URL as written ([`Link::as_str`]): wrappers, `URL:` and the
    /// whitespace of line breaks removed; `http://` before a `www.` host,
    /// `mailto:` before an address. Never case-folded or normalized.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// [`LinkRecord::url`], owned.
    pub fn into_url(self) -> String {
        self.url
    }

    /// The record with its URL parsed, for a front end that reads
    /// several of the derived fields: parsed once for all of them (a
    /// link's URL parses: `None` is for no record made from a link).
    pub fn parsed(&self) -> Option<ParsedRecord<'_>> {
        Some(ParsedRecord {
            rec: self,
            uri: crate::uri::parse_link(&self.url).ok()?,
        })
    }

    /// The parsed URL, as [`Link::uri`] gives it. Parsed when asked (as
    /// are the fields below): the record is made for each link found,
    /// and most outputs need only its URL.
    pub fn uri(&self) -> Option<Uri<'_>> {
        crate::uri::parse_link(&self.url).ok()
    }

    /// [`ParsedRecord::scheme`]: in lower case.
    pub fn scheme(&self) -> Option<Cow<'_, str>> {
        self.parsed()?.scheme()
    }

    /// [`ParsedRecord::host`]: as written.
    pub fn host(&self) -> Option<&str> {
        self.parsed()?.host()
    }

    /// [`ParsedRecord::redirect`].
    pub fn redirect(&self) -> Option<Redirect> {
        self.parsed()?.redirect()
    }

    /// [`ParsedRecord::deception`].
    pub fn deception(&self) -> Option<Deception> {
        self.parsed()?.deception()
    }
}

/// A [`LinkRecord`] with its URL parsed: the fields derived from the URL,
/// each by the one rule every front end reports it by.
#[derive(Clone, Debug)]
pub struct ParsedRecord<'a> {
    rec: &'a LinkRecord,
    uri: Uri<'a>,
}

impl<'a> ParsedRecord<'a> {
    /// The parsed URL.
    pub fn uri(&self) -> &Uri<'a> {
        &self.uri
    }

    /// The scheme, in lower case (`HTTP://x/` has `http`); `None` for a
    /// URL without one. RFC 3986 §3.1: schemes are case-insensitive and
    /// their canonical form is lower case, so a program may compare it as
    /// it is (`--scheme`, the finder's scheme lists and the HTML writer's
    /// safe list ignore case too). The URL itself stays as written.
    pub fn scheme(&self) -> Option<Cow<'a, str>> {
        let s = self.uri.scheme()?;
        Some(if s.bytes().any(|b| b.is_ascii_uppercase()) {
            Cow::Owned(s.to_ascii_lowercase())
        } else {
            Cow::Borrowed(s)
        })
    }

    /// The host as written (`Example.ORG`, `пример.рф`, `%65x.org`);
    /// `None` without an authority (`mailto:`, `urn:`, `news:`). Not
    /// case-folded: a host may be Unicode or percent-encoded, and its one
    /// canonical form is the normalized URL's
    /// ([`Uri::normalize`](crate::Uri::normalize)), not its lower case.
    pub fn host(&self) -> Option<&'a str> {
        self.uri.host()
    }

    /// The link-protection redirect the URL is (C-S7), with the URL it
    /// leads to ([`Link::redirect`]).
    pub fn redirect(&self) -> Option<Redirect> {
        crate::redirect::unwrap_uri(&self.uri)
    }

    /// Why the link may mislead (rule C-S2), when it may: the
    /// verdict of [`linkify::deception`](crate::linkify::deception) on
    /// the URL (on where a protection redirect leads, C-S7), else, in
    /// mail, of [`linkify::shown_elsewhere`](crate::linkify::shown_elsewhere)
    /// on the text an HTML link shows. `redirect`: what
    /// [`ParsedRecord::redirect`] gave, read once by a caller that wants
    /// both.
    pub fn deception_with(&self, redirect: Option<&Redirect>) -> Option<Deception> {
        let verdict = crate::linkify::deception_with(&self.uri, redirect);
        #[cfg(feature = "mail")]
        let verdict = verdict
            .or_else(|| crate::linkify::shown_elsewhere(self.rec.shown.as_deref()?, &self.rec.url));
        #[cfg(not(feature = "mail"))]
        let _ = self.rec;
        verdict
    }

    /// [`ParsedRecord::deception_with`] its own redirect.
    pub fn deception(&self) -> Option<Deception> {
        self.deception_with(self.redirect().as_ref())
    }
}

impl From<&Link<'_>> for LinkRecord {
    fn from(link: &Link<'_>) -> LinkRecord {
        LinkRecord::with_url(link, link.as_str().to_owned())
    }
}

impl From<Link<'_>> for LinkRecord {
    /// The record, taking the link's URL where the link owns it.
    fn from(link: Link<'_>) -> LinkRecord {
        let mut r = LinkRecord::with_url(&link, String::new());
        r.url = link.into_url().into_owned();
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::redirect::Service;

    fn record(text: &str) -> LinkRecord {
        LinkRecord::from(crate::find(text).next().expect("a link"))
    }

    /// RFC 3986 §3.1: the scheme in its canonical lower case, the URL and
    /// host as written.
    #[test]
    fn scheme_is_lower_case_url_and_host_as_written() {
        let r = record("<URL:HtTp://Example.ORG/Path>");
        assert_eq!(r.url(), "HtTp://Example.ORG/Path");
        assert_eq!(r.scheme().as_deref(), Some("http"));
        assert_eq!(r.host(), Some("Example.ORG"));
        assert_eq!(r.form, Form::UrlPrefix);
        assert!(matches!(
            record("ftp://a.example/").scheme(),
            Some(Cow::Borrowed("ftp"))
        ));
    }

    #[test]
    fn owned_and_borrowed_links_give_the_same_record() {
        let text = "see <http://a.example/long-\n  path> and mailto:x@y.example";
        for l in crate::find(text) {
            assert_eq!(
                LinkRecord::from(&l),
                LinkRecord::from(l.clone().into_owned())
            );
        }
        let r = record(text);
        assert_eq!(r.alt.as_deref(), Some("http://a.example/longpath"));
        assert_eq!((r.start, r.end, r.line, r.column), (5, 34, 1, 6));
        assert_eq!(r.uri().map(|u| u.path()), Some("/long-path"));
    }

    /// C-S7: the redirect's service and target; the verdict judges the
    /// target.
    #[test]
    fn redirect_and_its_target() {
        let r = record("https://slack-redir.net/link?url=http%3A%2F%2F10.0.0.1%2F");
        let d = r.redirect().expect("a redirect");
        assert_eq!(
            (d.service(), d.target()),
            (Service::Slack, Some("http://10.0.0.1/"))
        );
        assert!(
            matches!(r.deception(), Some(Deception::LocalAddress { .. })),
            "{:?}",
            r.deception()
        );
        let p = r.parsed().expect("parsed");
        assert_eq!(r.deception(), p.deception_with(Some(&d)));
        let plain = record("https://kernel.org/");
        assert_eq!((plain.redirect(), plain.deception()), (None, None));
        assert_eq!(record("mailto:a@b.example").host(), None);
    }

    /// C-S2: in mail, an HTML link whose text shows another host.
    #[cfg(feature = "mail")]
    #[test]
    fn shown_text_is_judged() {
        let raw = b"Subject: s\nContent-Type: text/html\n\n<a href=\"https://evil.example/\">bank.example.com</a>\n";
        let m = crate::Finder::new().message_links(raw, 0..raw.len(), 1);
        let link = m.links.into_iter().next().expect("a link");
        let r = LinkRecord::from_mail(link, None);
        assert_eq!(r.shown.as_deref(), Some("bank.example.com"));
        assert!(
            matches!(r.deception(), Some(Deception::TextShows { .. })),
            "{:?}",
            r.deception()
        );
        assert_eq!((r.encoding, r.message), (None, None));
    }
}
