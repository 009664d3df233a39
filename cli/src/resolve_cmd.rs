//! `urlx resolve`: one resolved URI a line.

use super::output::Out;
use super::ExitStatus;
use std::io;
use urlx::uri::{self, Compat};

pub fn run(args: &super::config::Resolve, out: &mut Out) -> io::Result<ExitStatus> {
    let compat: Compat = args.compat;
    let base = match uri::parse_iri(&args.base) {
        Ok(b) if b.is_absolute() => b,
        Ok(_) => {
            eprintln!(
                "urlx: base {:?} is not an absolute URI (it has no scheme)",
                args.base
            );
            return Ok(ExitStatus::Error);
        }
        Err(e) => {
            eprintln!("urlx: base {:?} is not a URI: {e}", args.base);
            return Ok(ExitStatus::Error);
        }
    };
    let mut all = true;
    for r in &args.refs {
        let line = match uri::parse_iri(r) {
            Err(e) => format!("error: {r:?} is not a URI reference: {e}"),
            Ok(rr) => match base.resolve_with(&rr, compat) {
                Ok(t) => t.into_string(),
                Err(e) => format!("error: {r:?}: {e}"),
            },
        };
        all &= !line.starts_with("error: ");
        if !out.line(&line)? {
            break;
        }
    }
    Ok(if all {
        ExitStatus::Found
    } else {
        ExitStatus::NotFound
    })
}
