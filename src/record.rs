//! [`LinkRecord`]: a found link as the front ends report it, owned, with
//! every field derived by one rule (the command's `--json`, the C
//! library's `urlx_link` and Python's `urlx.Link` are all made from it).

#[cfg(feature = "mail")]
use std::sync::Arc;

use crate::delimit::Form;
use crate::find::Link;
use crate::linkify::Deception;
use crate::redirect::Service;

/// A link as reported: the URL, where it was found, how it was written,
/// its scheme and host, the redirect it is, and (feature `mail`) what
/// the message says of it. It owns its strings, so it outlives the text
/// and may cross threads.
///
/// Every front end reports a link through this record: the command's
/// `--json` (and `--format`), the C library's `urlx_link` and
/// `urlx_mail_link`, and Python's `urlx.Link`. What is derived from the
/// URL is derived here, once: the scheme in lower case, the host as
/// written, the redirect read as [`Link::redirect`] reads it.
///
/// ```
/// let text = "See HTTPS://Example.ORG/a and www.kernel.org.";
/// let recs: Vec<urlx::LinkRecord> = urlx::find(text).map(urlx::LinkRecord::from).collect();
/// assert_eq!(recs[0].url, "HTTPS://Example.ORG/a");
/// assert_eq!(recs[0].scheme.as_deref(), Some("https"));
/// assert_eq!(recs[0].host.as_deref(), Some("Example.ORG"));
/// assert_eq!((recs[0].line, recs[0].column, recs[0].start, recs[0].end), (1, 5, 4, 25));
/// assert_eq!(recs[1].url, "http://www.kernel.org");
/// assert_eq!(recs[1].form, urlx::Form::Abbreviated);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct LinkRecord {
    /// The URL as written ([`Link::as_str`]): wrappers, `URL:` and the
    /// whitespace of line breaks removed; `http://` before a `www.` host,
    /// `mailto:` before an address. Never case-folded or normalized.
    pub url: String,
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
    /// The scheme, in lower case (`HTTP://x/` has `http`); `None` when
    /// the URL has none. RFC 3986 §3.1: schemes are case-insensitive and
    /// their canonical form is lower case, so a program may compare it
    /// as it is (`--scheme`, `Finder` scheme lists and the HTML writer's
    /// safe list ignore case too). The URL itself stays as written.
    pub scheme: Option<String>,
    /// The host as written (`Example.ORG`, `пример.рф`, `%65x.org`);
    /// `None` without an authority (`mailto:`, `urn:`, `news:`). Not
    /// case-folded: a host is Unicode or percent-encoded, and its one
    /// canonical form is the normalized URL's
    /// ([`Uri::normalize`](crate::Uri::normalize)), not its lower case.
    pub host: Option<String>,
    /// The link-protection redirect service the URL is (C-S7), when it
    /// is one ([`Link::redirect`]).
    pub redirect: Option<Service>,
    /// The URL that redirect leads to, nested redirects followed to the
    /// end; `None` for other links and for a redirect that holds only a
    /// token ([`Redirect::target`](crate::redirect::Redirect::target)).
    pub unwrapped: Option<String>,
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
        let uri = link.uri();
        let redirect = crate::redirect::unwrap_uri(&uri);
        LinkRecord {
            start: link.start() as u64,
            end: link.end() as u64,
            line: link.line(),
            column: link.column(),
            form: link.form(),
            alt: link.alt().map(str::to_owned),
            truncated: link.is_truncated(),
            scheme: uri.scheme().map(str::to_ascii_lowercase),
            host: uri.host().map(str::to_owned),
            redirect: redirect.as_ref().map(crate::redirect::Redirect::service),
            unwrapped: redirect.and_then(crate::redirect::Redirect::into_target),
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
    /// assert_eq!(rec.url, "http://x.example/ab");
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

    /// Why the link may mislead (CONTRACT C-S2), when it may: the
    /// verdict of [`linkify::deception`](crate::linkify::deception) on
    /// the URL (on where a protection redirect leads, C-S7), else, in
    /// mail, of [`linkify::shown_elsewhere`](crate::linkify::shown_elsewhere)
    /// on the text an HTML link shows. Judged when asked (the UTS 39
    /// checks cost more than finding the link).
    pub fn deception(&self) -> Option<Deception> {
        let verdict = crate::uri::parse_link(&self.url)
            .ok()
            .and_then(|u| crate::linkify::deception(&u));
        #[cfg(feature = "mail")]
        let verdict =
            verdict.or_else(|| crate::linkify::shown_elsewhere(self.shown.as_deref()?, &self.url));
        verdict
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

    fn record(text: &str) -> LinkRecord {
        LinkRecord::from(crate::find(text).next().expect("a link"))
    }

    /// RFC 3986 §3.1: the scheme in its canonical lower case, the URL and
    /// host as written.
    #[test]
    fn scheme_is_lower_case_url_and_host_as_written() {
        let r = record("<URL:HtTp://Example.ORG/Path>");
        assert_eq!(r.url, "HtTp://Example.ORG/Path");
        assert_eq!(r.scheme.as_deref(), Some("http"));
        assert_eq!(r.host.as_deref(), Some("Example.ORG"));
        assert_eq!(r.form, Form::UrlPrefix);
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
    }

    /// C-S7: the redirect's service and target; the verdict judges the
    /// target.
    #[test]
    fn redirect_and_its_target() {
        let r = record("https://slack-redir.net/link?url=http%3A%2F%2F10.0.0.1%2F");
        assert_eq!(r.redirect, Some(Service::Slack));
        assert_eq!(r.unwrapped.as_deref(), Some("http://10.0.0.1/"));
        assert!(
            matches!(r.deception(), Some(Deception::LocalAddress { .. })),
            "{:?}",
            r.deception()
        );
        let plain = record("https://kernel.org/");
        assert_eq!(
            (
                plain.redirect,
                plain.unwrapped.as_deref(),
                plain.deception()
            ),
            (None, None, None)
        );
        assert_eq!(record("mailto:a@b.example").host, None);
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
