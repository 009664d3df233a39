//! The minimally escaped form of a URL (UTS #58's serialization): its
//! path, query and fragment with percent-encoding decoded where it spells
//! UTF-8, then encoded again only where the standard's detection would
//! not take the character as written (`crate::uts58::minimal`).

use super::Uri;
use crate::uts58::minimal::{write_part, Part, Tok};

impl Uri<'_> {
    /// The URL minimally escaped, as UTS #58 (Unicode 17) writes a URL into
    /// flowing text: readable (`%CE%B1` is `α`), and found whole by a
    /// linkifier that follows the standard (`FinderBuilder::uts58`, and
    /// the default finder alike). The path, query and fragment are decoded
    /// where their percent-encoding spells UTF-8, then encoded again where
    /// the character would end the URL or change its structure: spaces and
    /// other Hard characters, `?` and `#` inside a path, `#` inside a
    /// query, an encoded separator (`/`, `&`, `=`), a closing bracket with
    /// no opener in its component, and a Soft character (`.` `,` `!`…) at
    /// the very end. The scheme and authority, and the path of a URL
    /// without an authority (`mailto:`), stay as written.
    ///
    /// ```
    /// let u = urlx::uri::parse(
    ///     "https://av.wikipedia.org/wiki/%D0%A0%D0%B0%D0%BA%D1%8C_(%D0%BF%D0%BB%D0%B0%D0%BD%D0%B5%D1%82%D0%B0)",
    /// )
    /// .unwrap();
    /// assert_eq!(u.minimal(), "https://av.wikipedia.org/wiki/Ракь_(планета)");
    /// let u = urlx::uri::parse("https://example.com/a%20b/c.?q=x%26y&r=1.").unwrap();
    /// assert_eq!(u.minimal(), "https://example.com/a%20b/c.?q=x%26y&r=1%2E");
    /// ```
    pub fn minimal(&self) -> String {
        let s = self.as_str();
        let mut out = String::with_capacity(s.len());
        if let Some(sc) = self.scheme() {
            out.push_str(sc);
            out.push(':');
        }
        if let Some(a) = self.authority() {
            out.push_str("//");
            out.push_str(a);
        }
        let path = self.path();
        let segments = path
            .strip_prefix('/')
            .filter(|_| self.authority().is_some() || path.starts_with('/'));
        let (query, fragment) = (self.query(), self.fragment());
        match segments {
            Some(p) => {
                let toks = tokens(p, Part::Path);
                write_part(
                    &mut out,
                    Part::Path,
                    &toks,
                    query.is_none() && fragment.is_none(),
                );
            }
            None => out.push_str(path),
        }
        if let Some(q) = query {
            write_part(
                &mut out,
                Part::Query,
                &tokens(q, Part::Query),
                fragment.is_none(),
            );
        }
        if let Some(f) = fragment {
            write_part(&mut out, Part::Fragment, &tokens(f, Part::Fragment), true);
        }
        out
    }
}

/// The tokens of a part's text as written (after its initiator): its
/// separators, and its characters with percent-encoded UTF-8 decoded.
fn tokens(text: &str, part: Part) -> Vec<Tok> {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        if is_escape(b, i) {
            let mut bytes = Vec::new();
            while is_escape(b, i) {
                bytes.push(hex(b[i + 1]) << 4 | hex(b[i + 2]));
                i += 3;
            }
            for chunk in bytes.utf8_chunks() {
                out.extend(chunk.valid().chars().map(Tok::Decoded));
                out.extend(chunk.invalid().iter().map(|&b| Tok::Byte(b)));
            }
            continue;
        }
        let c = text[i..].chars().next().unwrap_or('\u{FFFD}');
        let sep = match part {
            Part::Path => c == '/',
            Part::Query => c == '&' || c == '=',
            Part::Fragment => text[i..].starts_with(":~:"),
        };
        if sep && part == Part::Fragment {
            out.extend(":~:".chars().map(Tok::Sep));
            i += 3;
            continue;
        }
        out.push(if sep { Tok::Sep(c) } else { Tok::Text(c) });
        i += c.len_utf8();
    }
    out
}

fn is_escape(b: &[u8], i: usize) -> bool {
    b.get(i) == Some(&b'%')
        && b.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
        && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
}

fn hex(d: u8) -> u8 {
    match d {
        b'0'..=b'9' => d - b'0',
        b'a'..=b'f' => d - b'a' + 10,
        _ => d - b'A' + 10,
    }
}

/// A URL minimally escaped (UTS #58) from its parts as text, none of them
/// escaped: `start`, the scheme and authority as they are written
/// (`https://example.com`); the path's segments (none: no path; one empty
/// one: `/`); the query's `key=value` pairs (a key alone without `=`);
/// the fragment's pieces (joined with `:~:`, text directives). A segment's
/// `/`, a key's or value's `&` and `=`, `?` and `#` where they would end
/// the part, and what would end the URL are percent-encoded; everything
/// else is written as it is.
///
/// ```
/// let url = urlx::uri::minimal_url(
///     "https://example.com",
///     &["wiki", "a/b c"],
///     Some(&[("q", Some("x&y")), ("flag", None)]),
///     Some(&["top"]),
/// );
/// assert_eq!(url, "https://example.com/wiki/a%2Fb%20c?q=x%26y&flag#top");
/// ```
pub fn minimal_url(
    start: &str,
    path: &[&str],
    query: Option<&[(&str, Option<&str>)]>,
    fragment: Option<&[&str]>,
) -> String {
    let mut out = String::from(start);
    let mut toks = Vec::new();
    if !path.is_empty() {
        for (k, seg) in path.iter().enumerate() {
            if k > 0 {
                toks.push(Tok::Sep('/'));
            }
            toks.extend(seg.chars().map(Tok::Text));
        }
        write_part(
            &mut out,
            Part::Path,
            &toks,
            query.is_none() && fragment.is_none(),
        );
    }
    if let Some(pairs) = query {
        toks.clear();
        for (k, (key, value)) in pairs.iter().enumerate() {
            if k > 0 {
                toks.push(Tok::Sep('&'));
            }
            toks.extend(key.chars().map(Tok::Text));
            if let Some(v) = value {
                toks.push(Tok::Sep('='));
                toks.extend(v.chars().map(Tok::Text));
            }
        }
        write_part(&mut out, Part::Query, &toks, fragment.is_none());
    }
    if let Some(pieces) = fragment {
        toks.clear();
        for (k, piece) in pieces.iter().enumerate() {
            if k > 0 {
                toks.extend(":~:".chars().map(Tok::Sep));
            }
            toks.extend(piece.chars().map(Tok::Text));
        }
        write_part(&mut out, Part::Fragment, &toks, true);
    }
    out
}
