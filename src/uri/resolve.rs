//! Reference resolution: RFC 3986 §5.2, and the algorithms of the two
//! drafts that led to it, so that each draft's own published examples can
//! be reproduced (C-P4).

use super::{ResolveError, Uri, UriBuf};
use std::borrow::Cow;

/// Which resolution algorithm to follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Compat {
    /// RFC 3986 §5.2, with `remove_dot_segments` on every path. The default.
    #[default]
    Rfc3986,
    /// draft-fielding-uri-rfc2396bis-01 (2003) §5.2, validating: dot
    /// segments are handled only inside merge, by string rewriting; a
    /// leading `..` is kept; `?y` keeps the base path.
    Draft2003,
    /// draft-fielding-url-syntax-05 (1997) §5.2: the reference's query is
    /// appended before dot segments are removed; an empty base path
    /// contributes nothing; `?y` merges like a path.
    Draft1997,
}

impl Compat {
    /// The name used on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            Compat::Rfc3986 => "rfc3986",
            Compat::Draft2003 => "draft2003",
            Compat::Draft1997 => "draft1997",
        }
    }
}

/// The components of a target URI while it is put together.
struct Target<'x> {
    scheme: &'x str,
    authority: Option<&'x str>,
    path: Cow<'x, str>,
    query: Option<Cow<'x, str>>,
    fragment: Option<&'x str>,
}

pub(crate) fn resolve(base: &Uri<'_>, r: &Uri<'_>, compat: Compat) -> Result<UriBuf, ResolveError> {
    let b_scheme = base.scheme().ok_or(ResolveError::BaseNotAbsolute)?;
    let t = match compat {
        Compat::Rfc3986 => rfc3986(base, b_scheme, r),
        Compat::Draft2003 => draft2003(base, b_scheme, r),
        Compat::Draft1997 => draft1997(base, b_scheme, r)?,
    };
    Ok(UriBuf::from_composed(compose(&t)))
}

/// RFC 3986 §5.2.2, strict (a scheme in the reference is never ignored).
fn rfc3986<'x>(base: &Uri<'x>, b_scheme: &'x str, r: &Uri<'x>) -> Target<'x> {
    let fragment = r.fragment();
    if let Some(scheme) = r.scheme() {
        return Target {
            scheme,
            authority: r.authority(),
            path: remove_dot_segments(r.path()),
            query: r.query().map(Cow::Borrowed),
            fragment,
        };
    }
    if r.authority().is_some() {
        return Target {
            scheme: b_scheme,
            authority: r.authority(),
            path: remove_dot_segments(r.path()),
            query: r.query().map(Cow::Borrowed),
            fragment,
        };
    }
    let (path, query) = if r.path().is_empty() {
        (
            Cow::Borrowed(base.path()),
            r.query().or(base.query()).map(Cow::Borrowed),
        )
    } else if r.path().starts_with('/') {
        (remove_dot_segments(r.path()), r.query().map(Cow::Borrowed))
    } else {
        let merged = merge(base, r.path(), EmptyBase::RootIfAuthority);
        (
            Cow::Owned(remove_dot_segments(&merged).into_owned()),
            r.query().map(Cow::Borrowed),
        )
    };
    Target {
        scheme: b_scheme,
        authority: base.authority(),
        path,
        query,
        fragment,
    }
}

/// The 2003 draft's §5.2 pseudocode, validating.
fn draft2003<'x>(base: &Uri<'x>, b_scheme: &'x str, r: &Uri<'x>) -> Target<'x> {
    let fragment = r.fragment();
    if let Some(scheme) = r.scheme() {
        return Target {
            scheme,
            authority: r.authority(),
            path: Cow::Borrowed(r.path()),
            query: r.query().map(Cow::Borrowed),
            fragment,
        };
    }
    if r.authority().is_some() {
        return Target {
            scheme: b_scheme,
            authority: r.authority(),
            path: Cow::Borrowed(r.path()),
            query: r.query().map(Cow::Borrowed),
            fragment,
        };
    }
    let (path, query) = if r.path().is_empty() {
        if r.query().is_some() {
            (Cow::Borrowed(base.path()), r.query())
        } else {
            // "(current document)": the base without its fragment.
            (Cow::Borrowed(base.path()), base.query())
        }
    } else if r.path().starts_with('/') {
        (Cow::Borrowed(r.path()), r.query())
    } else {
        let buf = merge(base, r.path(), EmptyBase::Root);
        (Cow::Owned(draft_dot_segments(&buf)), r.query())
    };
    let query = query.map(Cow::Borrowed);
    Target {
        scheme: b_scheme,
        authority: base.authority(),
        path,
        query,
        fragment,
    }
}

/// The 1997 draft's §5.2 step list.
fn draft1997<'x>(
    base: &Uri<'x>,
    b_scheme: &'x str,
    r: &Uri<'x>,
) -> Result<Target<'x>, ResolveError> {
    let fragment = r.fragment();
    // Step 2: a reference to the current document.
    if r.path().is_empty() && r.scheme().is_none() && r.authority().is_none() && r.query().is_none()
    {
        return Ok(Target {
            scheme: b_scheme,
            authority: base.authority(),
            path: Cow::Borrowed(base.path()),
            query: base.query().map(Cow::Borrowed),
            fragment,
        });
    }
    // Step 3: absolute.
    if let Some(scheme) = r.scheme() {
        return Ok(Target {
            scheme,
            authority: r.authority(),
            path: Cow::Borrowed(r.path()),
            query: r.query().map(Cow::Borrowed),
            fragment,
        });
    }
    // Steps 4 and 5: network path, absolute path.
    if r.authority().is_some() || r.path().starts_with('/') {
        return Ok(Target {
            scheme: b_scheme,
            authority: r.authority().or(base.authority()),
            path: Cow::Borrowed(r.path()),
            query: r.query().map(Cow::Borrowed),
            fragment,
        });
    }
    if base.authority().is_some() && base.path().is_empty() {
        return Err(ResolveError::Draft1997EmptyBasePath);
    }
    // Step 6: the buffer holds the query too while dot segments go.
    let mut buf = merge(base, r.path(), EmptyBase::Nothing);
    if let Some(q) = r.query() {
        buf.push('?');
        buf.push_str(q);
    }
    let buf = draft_dot_segments(&buf);
    let (path, query) = match buf.find('?') {
        Some(q) => (
            buf[..q].to_owned(),
            Some(Cow::Owned(buf[q + 1..].to_owned())),
        ),
        None => (buf, None),
    };
    // A `..` can pop the segment holding the `?`, moving query text into
    // the path; the IRI private-use characters allowed only in a query are
    // then percent-encoded so that the result stays a valid IRI.
    let path = encode_private_use(path);
    Ok(Target {
        scheme: b_scheme,
        authority: base.authority(),
        path: Cow::Owned(path),
        query,
        fragment,
    })
}

/// Percent-encodes the characters RFC 3987 allows in a query but not in a
/// path (`iprivate`).
fn encode_private_use(path: String) -> String {
    fn private(c: char) -> bool {
        matches!(c, '\u{E000}'..='\u{F8FF}' | '\u{F0000}'..='\u{FFFFD}' | '\u{100000}'..='\u{10FFFD}')
    }
    if !path.chars().any(private) {
        return path;
    }
    let mut out = String::with_capacity(path.len() * 3);
    for c in path.chars() {
        if private(c) {
            let mut b = [0; 4];
            for byte in c.encode_utf8(&mut b).bytes() {
                out.push_str(&format!("%{byte:02X}"));
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// What merge does with an empty base path.
#[derive(Clone, Copy)]
enum EmptyBase {
    /// RFC 3986 §5.2.3: `/` when the base has an authority, else nothing.
    RootIfAuthority,
    /// The 2003 draft: always `/` (draft-fielding-uri-rfc2396bis, §5.2: `foo:` + `bar` = `foo:/bar`).
    Root,
    /// The 1997 draft: nothing (`http://a` + `g` = `http://ag`, the bug the
    /// 2003 draft fixed).
    Nothing,
}

/// Merge: all of the base path up to its last `/`, then the reference path.
fn merge(base: &Uri<'_>, r_path: &str, empty: EmptyBase) -> String {
    let b = base.path();
    let mut out = String::with_capacity(b.len() + r_path.len() + 1);
    if b.is_empty() {
        let root = match empty {
            EmptyBase::RootIfAuthority => base.authority().is_some(),
            EmptyBase::Root => true,
            EmptyBase::Nothing => false,
        };
        if root {
            out.push('/');
        }
    } else if let Some(i) = b.rfind('/') {
        out.push_str(&b[..=i]);
    }
    out.push_str(r_path);
    out
}

/// The drafts' dot-segment steps, on a buffer (2003 merge steps 3 to 7;
/// 1997 step 6 d to g): `./` where `.` is a complete segment goes, a final
/// `.` goes, `<segment>/../` (segment complete, non-empty, not `..`) goes
/// repeatedly from the left, then one final `<segment>/..`. A leading `..`
/// stays. Done with a segment stack, which gives the same result as the
/// string rewriting in linear time.
fn draft_dot_segments(buf: &str) -> String {
    let segs: Vec<&str> = buf.split('/').collect();
    let n = segs.len();
    let mut out: Vec<&str> = Vec::with_capacity(n);
    for (i, &seg) in segs.iter().enumerate() {
        let last = i + 1 == n;
        if seg == "." {
            // "./" goes; a final "." leaves its slash behind.
            if last {
                out.push("");
            }
            continue;
        }
        if seg == ".." {
            let removable = matches!(out.last(), Some(&t) if !t.is_empty() && t != "..");
            if removable {
                out.pop();
                if last {
                    out.push("");
                }
                continue;
            }
        }
        out.push(seg);
    }
    out.join("/")
}

/// RFC 3986 §5.2.4 `remove_dot_segments`. Borrowed when the path holds no
/// `.` or `..` segment.
///
/// ```
/// use urlx::uri::remove_dot_segments;
/// assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
/// assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
/// ```
pub fn remove_dot_segments(path: &str) -> Cow<'_, str> {
    if !has_dot_segment(path) {
        return Cow::Borrowed(path);
    }
    let mut out = String::with_capacity(path.len());
    let mut i = path;
    while !i.is_empty() {
        if let Some(rest) = i.strip_prefix("../") {
            i = rest;
        } else if let Some(rest) = i.strip_prefix("./") {
            i = rest;
        } else if i.starts_with("/./") {
            i = &i[2..];
        } else if i == "/." {
            i = "/";
        } else if i.starts_with("/../") {
            i = &i[3..];
            pop_segment(&mut out);
        } else if i == "/.." {
            i = "/";
            pop_segment(&mut out);
        } else if i == "." || i == ".." {
            i = "";
        } else {
            let skip = usize::from(i.starts_with('/'));
            let end = i[skip..].find('/').map_or(i.len(), |p| p + skip);
            out.push_str(&i[..end]);
            i = &i[end..];
        }
    }
    Cow::Owned(out)
}

fn pop_segment(out: &mut String) {
    match out.rfind('/') {
        Some(p) => out.truncate(p),
        None => out.clear(),
    }
}

fn has_dot_segment(p: &str) -> bool {
    p.split('/').any(|s| s == "." || s == "..")
}

/// RFC 3986 §5.3 recomposition. A path that would start with `//`
/// without an authority gets a `/.` in front, so the result does not
/// re-parse with a different authority (RFC 3986 errata and WHATWG do the
/// same); the path means the same after dot-segment removal.
fn compose(t: &Target<'_>) -> String {
    let mut s =
        String::with_capacity(t.scheme.len() + t.authority.map_or(0, str::len) + t.path.len() + 8);
    s.push_str(t.scheme);
    s.push(':');
    if let Some(a) = t.authority {
        s.push_str("//");
        s.push_str(a);
    } else if t.path.starts_with("//") {
        s.push_str("/.");
    }
    s.push_str(&t.path);
    if let Some(q) = &t.query {
        s.push('?');
        s.push_str(q);
    }
    if let Some(f) = t.fragment {
        s.push('#');
        s.push_str(f);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc3986_remove_dot_segments_examples() {
        // RFC 3986 §5.2.4's two worked examples.
        assert_eq!(remove_dot_segments("/a/b/c/./../../g"), "/a/g");
        assert_eq!(remove_dot_segments("mid/content=5/../6"), "mid/6");
        assert_eq!(remove_dot_segments("/../g"), "/g");
        assert_eq!(remove_dot_segments(".."), "");
        assert_eq!(remove_dot_segments("/a/.."), "/");
        assert!(matches!(remove_dot_segments("/a/b"), Cow::Borrowed(_)));
    }

    #[test]
    fn draft_dot_segments_matches_the_string_rules() {
        // The draft's own cases (draft-fielding-uri-rfc2396bis, §5.2): only
        // non-empty segments count.
        assert_eq!(draft_dot_segments("/../g"), "/../g");
        assert_eq!(draft_dot_segments("/b/c//../g"), "/b/c//../g");
        assert_eq!(draft_dot_segments("/b/c/g/."), "/b/c/g/");
        assert_eq!(draft_dot_segments("/b/c/../../../g"), "/../g");
        assert_eq!(draft_dot_segments("a/b/.."), "a/");
        assert_eq!(draft_dot_segments("../.."), "../..");
        assert_eq!(draft_dot_segments("/b/c/g?y/../x"), "/b/c/x");
    }
}
