//! `urlx parse`: one JSON object a line per URI.

use super::output::Out;
use super::ExitStatus;
use serde::Serialize;
use std::borrow::Cow;
use std::io::{self, BufRead};
use urlx::uri::{Syntax, Uri};

pub fn run(args: &super::config::Parse, out: &mut Out) -> io::Result<ExitStatus> {
    let syntax = if args.strict {
        Syntax::Uri
    } else {
        Syntax::Iri
    };
    let mut all_valid = true;
    let mut one = |input: &str, out: &mut Out| -> io::Result<bool> {
        let (parsed, valid) = describe(input, syntax);
        all_valid &= valid;
        out.json(&parsed, b'\n')
    };
    if args.uris.is_empty() {
        for line in io::stdin().lock().lines() {
            let line = line?;
            let input = line.strip_suffix('\r').unwrap_or(&line);
            if !one(input, out)? {
                break;
            }
        }
    } else {
        for input in &args.uris {
            if !one(input, out)? {
                break;
            }
        }
    }
    Ok(if all_valid {
        ExitStatus::Found
    } else {
        ExitStatus::NotFound
    })
}

/// The JSON object for one input, and whether it is valid.
pub fn describe(input: &str, syntax: Syntax) -> (Parsed<'_>, bool) {
    match Uri::parse_with(input, syntax) {
        Err(e) => {
            let p = Parsed {
                input,
                valid: false,
                error: Some(Failure::from(&e)),
                parts: None,
            };
            (p, false)
        }
        Ok(u) => {
            let p = Parsed {
                input,
                valid: true,
                error: None,
                parts: Some(Parts::of(&u)),
            };
            (p, true)
        }
    }
}

/// `urlx parse`'s object: the input, whether it parses, the error if not
/// and the components if so.
#[derive(Serialize)]
pub struct Parsed<'a> {
    input: &'a str,
    valid: bool,
    error: Option<Failure>,
    #[serde(flatten)]
    parts: Option<Parts<'a>>,
}

/// Where and why a parse or a scheme check failed.
#[derive(Serialize)]
struct Failure {
    index: usize,
    kind: &'static str,
    message: String,
}

impl Failure {
    fn from(e: &urlx::uri::ParseError) -> Failure {
        Failure {
            index: e.index(),
            kind: e.kind().as_str(),
            message: e.to_string(),
        }
    }
}

/// The components of a valid input. `ascii` is there for an IRI that is
/// not plain ASCII, `rfc1738` for a scheme RFC 1738 defines.
#[derive(Serialize)]
struct Parts<'a> {
    absolute: bool,
    scheme: Option<&'a str>,
    userinfo: Option<&'a str>,
    host: Option<&'a str>,
    host_kind: Option<&'static str>,
    port: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
    normalized: String,
    /// UTS #58's minimally escaped form.
    minimal: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    ascii: Option<Cow<'a, str>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rfc1738: Option<Check>,
}

impl<'a> Parts<'a> {
    fn of(u: &Uri<'a>) -> Parts<'a> {
        Parts {
            absolute: u.is_absolute(),
            scheme: u.scheme(),
            userinfo: u.userinfo(),
            host: u.host(),
            host_kind: u.host_kind().map(|k| k.as_str()),
            port: u.port(),
            path: u.path(),
            query: u.query(),
            fragment: u.fragment(),
            normalized: u.normalize().into_string(),
            minimal: u.minimal(),
            ascii: u.is_iri().then(|| u.to_ascii()),
            rfc1738: u.rfc1738().map(|view| match view.check() {
                Ok(()) => Check {
                    ok: true,
                    failure: None,
                },
                Err(e) => Check {
                    ok: false,
                    failure: Some(Failure {
                        index: e.index(),
                        kind: e.kind().as_str(),
                        message: e.to_string(),
                    }),
                },
            }),
        }
    }
}

/// The RFC 1738 check of a scheme that has one.
#[derive(Serialize)]
struct Check {
    ok: bool,
    #[serde(flatten)]
    failure: Option<Failure>,
}
