//! Link-protection redirects (rule C-S7): the URL that a mail
//! gateway's or a site's redirector wraps a link in, read back out.
//!
//! Corporate mail rewrites every link through a protection service
//! (Outlook SafeLinks, Proofpoint URL Defense, ...), and sites send their
//! outbound links through a redirector of their own (Google, Facebook,
//! Slack). The link found stays the URL as written; [`unwrap`] gives the
//! URL it protects, following nested redirects to the end, so that host
//! filters and deceptive-link verdicts judge where the link leads.
//!
//! Only the services' own hosts are unwrapped: a URL on any other host
//! that copies a service's path and parameters is no redirect, or a
//! hostile page could pass a harmless target for judgement. A target is
//! reported only when it decodes exactly (no bad escape, no bad base64,
//! every URL Defense v3 placeholder filled and every byte used) and is an
//! absolute URL of a scheme in [`LINKABLE`](crate::LINKABLE): else the
//! redirect has no target, never a guessed one.
//!
//! ```
//! let sl = "https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Flore.kernel.org%2Fx&data=05%7C01&reserved=0";
//! let r = urlx::redirect::unwrap(sl).unwrap();
//! assert_eq!(r.service(), urlx::redirect::Service::SafeLinks);
//! assert_eq!(r.target(), Some("https://lore.kernel.org/x"));
//! // A redirector that holds only a token: a redirect with no target.
//! assert_eq!(urlx::redirect::unwrap("https://t.co/AbCdEf123").unwrap().target(), None);
//! assert!(urlx::redirect::unwrap("https://kernel.org/?url=https://a.example/").is_none());
//! ```

#![forbid(unsafe_code)]

mod codec;
mod services;
#[cfg(test)]
mod tests;

/// A protection or outbound-link service whose redirects [`unwrap`] reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Service {
    /// Microsoft Defender for Office 365 Safe Links
    /// (`*.safelinks.protection.outlook.com/?url=`).
    SafeLinks,
    /// Proofpoint URL Defense v1 (`urldefense.proofpoint.com/v1/url?u=`).
    UrlDefenseV1,
    /// Proofpoint URL Defense v2 (`/v2/url?u=`, `-` for `%` and `_` for `/`).
    UrlDefenseV2,
    /// Proofpoint URL Defense v3 (`urldefense.com/v3/__URL__;BYTES!!…`).
    UrlDefenseV3,
    /// Google's redirect (`www.google.com/url?q=` or `url=`).
    Google,
    /// Barracuda Link Protection (`linkprotect.cudasvc.com/url?a=`).
    Barracuda,
    /// Trend Micro Click Time (`…trendmicro.com/wis/clicktime/v1/query?url=`).
    TrendMicro,
    /// Symantec Click Time (`clicktime.symantec.com/…?u=`).
    Symantec,
    /// Sophos Time-of-Click (`*.protection.sophos.com/?…&u=BASE64`).
    Sophos,
    /// Facebook's outbound link (`l.facebook.com/l.php?u=`).
    Facebook,
    /// Slack's outbound link (`slack-redir.net/link?url=`).
    Slack,
    /// Mimecast URL Protect (`protect-*.mimecast.com/s/TOKEN`): a token only.
    Mimecast,
    /// Cisco Secure Email's rewritten links (`secure-web.cisco.com/…`):
    /// read as a token only.
    CiscoSecureEmail,
    /// X's (Twitter's) shortener (`t.co/TOKEN`): a token only.
    TCo,
}

impl Service {
    /// The service's name as `--json` and the other front ends give it.
    pub fn as_str(self) -> &'static str {
        match self {
            Service::SafeLinks => "safelinks",
            Service::UrlDefenseV1 => "urldefense-v1",
            Service::UrlDefenseV2 => "urldefense-v2",
            Service::UrlDefenseV3 => "urldefense-v3",
            Service::Google => "google",
            Service::Barracuda => "barracuda",
            Service::TrendMicro => "trendmicro",
            Service::Symantec => "symantec",
            Service::Sophos => "sophos",
            Service::Facebook => "facebook",
            Service::Slack => "slack",
            Service::Mimecast => "mimecast",
            Service::CiscoSecureEmail => "cisco",
            Service::TCo => "t.co",
        }
    }

    /// Whether the service's redirects carry the URL they lead to (the
    /// others hold a token that only the service can resolve).
    pub fn carries_target(self) -> bool {
        !matches!(
            self,
            Service::Mimecast | Service::CiscoSecureEmail | Service::TCo
        )
    }
}

/// A redirect read by [`unwrap`]: the outermost service, and the URL the
/// redirects lead to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Redirect {
    service: Service,
    target: Option<String>,
    layers: usize,
}

impl Redirect {
    /// The service of the URL as written (the outermost redirect).
    pub fn service(&self) -> Service {
        self.service
    }

    /// The URL the redirects lead to: the outermost redirect's target, and
    /// that one's when it is a redirect too, to the last one that carries
    /// a target it gives exactly. `None` when the outermost redirect holds
    /// only a token, or a target that does not decode to a linkable URL.
    pub fn target(&self) -> Option<&str> {
        self.target.as_deref()
    }

    /// [`Redirect::target`], owned.
    pub fn into_target(self) -> Option<String> {
        self.target
    }

    /// How many redirects were read: 1 for one, more for nested ones, 0
    /// when the outermost gives no target.
    pub fn layers(&self) -> usize {
        self.layers
    }
}

/// The most redirects followed inside one another: each target is shorter
/// than the URL it came from, so this only bounds the work.
const MAX_LAYERS: usize = 16;

/// The redirect `url` is, when it is a URL of one of the [`Service`]s,
/// with the URL it protects, nested redirects followed to the end.
/// `None` for any other URL (and for text that is no URL).
pub fn unwrap(url: &str) -> Option<Redirect> {
    unwrap_uri(&crate::uri::parse(url).ok()?)
}

/// [`unwrap`] of a URL already parsed (a link's [`Link::uri`](crate::Link::uri)):
/// most URLs are no redirect, and cost a look at their host.
///
/// ```
/// let u = urlx::parse("https://slack-redir.net/link?url=https%3A%2F%2Fa.example%2F").unwrap();
/// assert_eq!(urlx::redirect::unwrap_uri(&u).unwrap().target(), Some("https://a.example/"));
/// ```
pub fn unwrap_uri(u: &crate::uri::Uri<'_>) -> Option<Redirect> {
    let (service, first) = services::read(u)?;
    let mut target = first.filter(|t| linkable(t));
    let mut layers = usize::from(target.is_some());
    while layers < MAX_LAYERS {
        let inner = target
            .as_deref()
            .and_then(|t| crate::uri::parse(t).ok())
            .and_then(|u| services::read(&u));
        let Some(inner) = inner else {
            break;
        };
        match inner.1.filter(|t| linkable(t)) {
            Some(t) => {
                target = Some(t);
                layers += 1;
            }
            // A token, or no target that decodes: the inner redirect's URL
            // is as far as the link can be followed.
            None => break,
        }
    }
    Some(Redirect {
        service,
        target,
        layers,
    })
}

/// Whether a decoded target is a URL a link may lead to: an absolute URI
/// or IRI the strict parser takes whole, of a [`LINKABLE`](crate::LINKABLE)
/// scheme.
fn linkable(t: &str) -> bool {
    let Ok(u) = crate::uri::parse_iri(t) else {
        return false;
    };
    let Some(scheme) = u.scheme() else {
        return false;
    };
    // The web's schemes name a host.
    let web = ["http", "https", "ftp", "ftps"]
        .iter()
        .any(|w| w.eq_ignore_ascii_case(scheme));
    crate::LINKABLE
        .iter()
        .any(|l| l.eq_ignore_ascii_case(scheme))
        && (!web || u.host().is_some_and(|h| !h.is_empty()))
}
