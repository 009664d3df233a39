//! --in html: each input read as an HTML document and written back, every
//! byte as it was, with the URLs of its text linked (`urlx::linkify::
//! write_html_document`): not in attributes, comments, `a` elements or
//! those of --skip-tags. The filter flags decide which URLs become links.

use std::io::{self, Write};

use super::config::{Config, HtmlIn};
use super::escape::escaped;
use super::walk::{self, reason};
use super::ExitStatus;

pub fn run(cfg: &Config, job: &HtmlIn) -> io::Result<ExitStatus> {
    let mut opts = urlx::linkify::HtmlInput {
        linkify: urlx::linkify::Options {
            keep: cfg.keep.for_linkify(),
            ..Default::default()
        },
        ..Default::default()
    };
    if let Some(tags) = &job.skip_tags {
        opts.skip = tags.clone();
    }
    let walked = walk::inputs(&cfg.inputs.paths, &cfg.inputs.walk);
    let mut failed = walked.report() > 0;
    let inputs = walked.inputs;
    let mut found = false;
    let stdout = io::stdout();
    let mut w = io::BufWriter::with_capacity(64 << 10, stdout.lock());
    for inp in &inputs {
        let reader = match inp.open() {
            Ok(r) => r,
            Err(e) => {
                eprintln!("urlx: {}: {}", inp.shown(), escaped(&reason(&e)));
                failed = true;
                continue;
            }
        };
        match urlx::linkify::write_html_document(&mut w, &cfg.finder, reader, &opts) {
            Ok(n) => found |= n > 0,
            Err(urlx::linkify::HtmlInputError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => {
                return Ok(ExitStatus::Error);
            }
            Err(e) => {
                eprintln!("urlx: {}: {}", inp.shown(), escaped(&e.to_string()));
                failed = true;
            }
        }
    }
    match w.flush() {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => return Err(e),
        _ => {}
    }
    Ok(if failed {
        ExitStatus::Error
    } else if found {
        ExitStatus::Found
    } else {
        ExitStatus::NotFound
    })
}
