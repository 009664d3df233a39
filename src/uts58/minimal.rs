//! UTS #58's minimal escaping of a URL's path, query and fragment: what
//! the detection would not take as written is percent-encoded, and nothing
//! else, so that the URL reads as typed and is found whole between two
//! spaces of flowing text. Per part, component by component: Include goes
//! as it is; Hard and the part's terminators (`?` `#` in the path, `#` in
//! the query) are escaped; Soft goes as it is unless it would end the URL
//! (the last character of the last part); an Open bracket goes on the
//! component's stack, a Close goes as it is when it pairs with the top
//! and is escaped otherwise. The stack starts again at each component, as
//! detection's does (the reference formatter never clears it: the
//! standard's text and its `dev` test file decide).

use std::fmt::Write;

use super::detect::MAX_NESTING;
use super::{link_bracket, link_term, LinkTerm};

/// The part a run of tokens is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Part {
    Path,
    Query,
    Fragment,
}

impl Part {
    fn initiator(self) -> char {
        match self {
            Part::Path => '/',
            Part::Query => '?',
            Part::Fragment => '#',
        }
    }

    fn terminates(self, c: char) -> bool {
        match self {
            Part::Path => c == '?' || c == '#',
            Part::Query => c == '#',
            Part::Fragment => false,
        }
    }

    /// A character a component holds that its part writes between
    /// components.
    fn separates(self, c: char) -> bool {
        match self {
            Part::Path => c == '/',
            Part::Query => c == '&' || c == '=',
            Part::Fragment => false,
        }
    }
}

/// One character of a part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tok {
    /// A separator between components (`/`; `&`, `=`; `:~:`), as written.
    Sep(char),
    /// A character of a component, given as text.
    Text(char),
    /// A character of a component that was percent-encoded.
    Decoded(char),
    /// A percent-encoded byte that is no UTF-8 character: kept encoded.
    Byte(u8),
}

/// Appends `c` percent-encoded (its UTF-8 bytes).
pub(crate) fn escape(out: &mut String, c: char) {
    let mut buf = [0u8; 4];
    for b in c.encode_utf8(&mut buf).bytes() {
        let _ = write!(out, "%{b:02X}");
    }
}

/// Appends the part `toks` minimally escaped, its initiator first. `last`:
/// nothing of the URL follows it, so a Soft character at its end would
/// end the URL and is escaped.
pub(crate) fn write_part(out: &mut String, part: Part, toks: &[Tok], last: bool) {
    out.push(part.initiator());
    // Soft characters not yet written: written as they are when anything
    // but the URL's end follows them.
    let mut soft = String::new();
    let mut stack = [' '; MAX_NESTING];
    let mut depth = 0;
    for (i, &t) in toks.iter().enumerate() {
        let c = match t {
            Tok::Byte(b) => {
                out.push_str(&soft);
                soft.clear();
                let _ = write!(out, "%{b:02X}");
                continue;
            }
            Tok::Sep(c) => {
                // A new component: brackets pair anew.
                depth = 0;
                c
            }
            Tok::Text(c) | Tok::Decoded(c) => {
                if must_escape(part, toks, i) {
                    out.push_str(&soft);
                    soft.clear();
                    escape(out, c);
                    continue;
                }
                c
            }
        };
        let term = if part.terminates(c) && !matches!(t, Tok::Sep(_)) {
            LinkTerm::Hard
        } else {
            link_term(c)
        };
        match term {
            LinkTerm::Soft => {
                soft.push(c);
                continue;
            }
            _ => {
                out.push_str(&soft);
                soft.clear();
            }
        }
        match term {
            LinkTerm::Include => out.push(c),
            LinkTerm::Hard => escape(out, c),
            LinkTerm::Open if depth < MAX_NESTING => {
                stack[depth] = c;
                depth += 1;
                out.push(c);
            }
            LinkTerm::Open => escape(out, c),
            LinkTerm::Close => {
                let top = depth.checked_sub(1).map(|k| stack[k]);
                depth = depth.saturating_sub(1);
                if top.is_some() && link_bracket(c) == top {
                    out.push(c);
                } else {
                    escape(out, c);
                }
            }
            LinkTerm::Soft => unreachable!("handled above"),
        }
    }
    let mut rest = soft.chars();
    let end = if last { rest.next_back() } else { None };
    out.push_str(rest.as_str());
    if let Some(c) = end {
        escape(out, c);
    }
}

/// Whether the component character `toks[i]` is written percent-encoded
/// whatever its `Link_Term`: a separator of its part, `%` that was encoded
/// or that two hex digits follow (it would read as an escape), a `+` of
/// the query that was encoded (form encoding reads `+` as a space), and
/// `:~:` in a fragment's component.
fn must_escape(part: Part, toks: &[Tok], i: usize) -> bool {
    let text = |k: usize| match toks.get(k) {
        Some(Tok::Text(c) | Tok::Decoded(c)) => Some(*c),
        _ => None,
    };
    match toks[i] {
        Tok::Decoded('%') => true,
        Tok::Text('%') => {
            text(i + 1).is_some_and(|c| c.is_ascii_hexdigit())
                && text(i + 2).is_some_and(|c| c.is_ascii_hexdigit())
        }
        Tok::Decoded('+') => part == Part::Query,
        Tok::Text(c) | Tok::Decoded(c) if part.separates(c) => true,
        Tok::Text(_) | Tok::Decoded(_) if part == Part::Fragment => {
            // Any character of a `:~:` run inside a component.
            (i.saturating_sub(2)..=i).any(|s| (0..3).all(|k| text(s + k) == ":~:".chars().nth(k)))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(p: Part, comps: &[&str], last: bool) -> String {
        let sep = match p {
            Part::Path => "/",
            Part::Query => "&",
            Part::Fragment => ":~:",
        };
        let mut toks = Vec::new();
        for (k, c) in comps.iter().enumerate() {
            if k > 0 {
                toks.extend(sep.chars().map(Tok::Sep));
            }
            toks.extend(c.chars().map(Tok::Text));
        }
        let mut out = String::new();
        write_part(&mut out, p, &toks, last);
        out
    }

    #[test]
    fn c_f10_minimal_escaping_by_link_term() {
        assert_eq!(part(Part::Path, &["αβγ", "δ.εζ."], true), "/αβγ/δ.εζ%2E");
        assert_eq!(part(Part::Path, &["αβγ", "δ.εζ."], false), "/αβγ/δ.εζ.");
        assert_eq!(part(Part::Path, &["α?μπ"], true), "/α%3Fμπ");
        assert_eq!(part(Part::Path, &["β/γ"], true), "/β%2Fγ");
        assert_eq!(part(Part::Path, &["β%41γ%ε%"], true), "/β%2541γ%ε%");
        assert_eq!(part(Part::Path, &["αβ γ"], true), "/αβ%20γ");
        assert_eq!(part(Part::Path, &["α(β))"], true), "/α(β)%29");
        // Brackets pair within a component.
        assert_eq!(part(Part::Path, &["a(b", "c)"], true), "/a(b/c%29");
        assert_eq!(part(Part::Fragment, &["a#b"], true), "#a#b");
        assert_eq!(part(Part::Fragment, &["x:~:y"], true), "#x%3A%7E%3Ay");
        assert_eq!(part(Part::Fragment, &["a(", ")"], true), "#a(:~:%29");
    }
}
