//! `urlx parse`: one JSON object a line per URI.

use super::json::Object;
use super::output::Out;
use super::ExitStatus;
use std::io::{self, BufRead};
use urlx::uri::{Syntax, Uri};

pub fn run(args: &super::flags::ParseArgs, out: &mut Out) -> io::Result<ExitStatus> {
    let syntax = if args.strict {
        Syntax::Uri
    } else {
        Syntax::Iri
    };
    let mut all_valid = true;
    let mut one = |input: &str, out: &mut Out| -> io::Result<bool> {
        let (line, valid) = describe(input, syntax);
        all_valid &= valid;
        out.line(&line)
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

/// The JSON line for one input, and whether it is valid.
pub fn describe(input: &str, syntax: Syntax) -> (String, bool) {
    let o = Object::new().str("input", input);
    match Uri::parse_with(input, syntax) {
        Err(e) => {
            let err = Object::new()
                .num("index", e.index() as u64)
                .str("kind", e.kind().as_str())
                .str("message", &e.to_string());
            (o.bool("valid", false).obj("error", err).finish(), false)
        }
        Ok(u) => (components(o, &u).finish(), true),
    }
}

fn components(o: Object, u: &Uri<'_>) -> Object {
    let mut o = o
        .bool("valid", true)
        .null("error")
        .bool("absolute", u.is_absolute())
        .opt_str("scheme", u.scheme())
        .opt_str("userinfo", u.userinfo())
        .opt_str("host", u.host())
        .opt_str("host_kind", u.host_kind().map(|k| k.as_str()))
        .opt_str("port", u.port())
        .str("path", u.path())
        .opt_str("query", u.query())
        .opt_str("fragment", u.fragment())
        .str("normalized", u.normalize().as_str());
    if u.is_iri() {
        o = o.str("ascii", &u.to_ascii());
    }
    if let Some(view) = u.rfc1738() {
        let check = match view.check() {
            Ok(()) => Object::new().bool("ok", true),
            Err(e) => Object::new()
                .bool("ok", false)
                .num("index", e.index() as u64)
                .str("kind", e.kind().as_str())
                .str("message", &e.to_string()),
        };
        o = o.obj("rfc1738", check);
    }
    o
}
