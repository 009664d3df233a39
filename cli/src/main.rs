//! The `urlx` command: flags in, library calls, lines out. All behaviour
//! lives in the library, which this crate reaches only through `urlx::`'s
//! public API.
//!
//! `flags` parses the command line, `config` resolves it once into what
//! every job takes; the jobs are `extract` (the main job), `render_cmd`
//! (--html, --hyperlink), `html_in_cmd` (--in html), `pick`, `parse_cmd`,
//! `resolve_cmd` and `generate_cmd`.

#![forbid(unsafe_code)]

mod config;
mod conflicts;
mod escape;
mod extract;
mod filter;
mod flags;
mod generate_cmd;
mod html_in_cmd;
mod json;
mod mail_stream;
mod output;
mod parse_cmd;
#[cfg(feature = "pick")]
mod pick;
mod printer;
mod render_cmd;
mod resolve_cmd;
mod size;
mod template;
mod walk;

use clap::Parser;
use std::process::ExitCode;

use config::{Config, Job};

/// grep's exit statuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExitStatus {
    /// 0: something found (or every input valid).
    Found,
    /// 1: nothing found (or an input invalid).
    NotFound,
    /// 2: an error.
    Error,
}

impl From<ExitStatus> for ExitCode {
    fn from(s: ExitStatus) -> Self {
        ExitCode::from(match s {
            ExitStatus::Found => 0,
            ExitStatus::NotFound => 1,
            ExitStatus::Error => 2,
        })
    }
}

fn main() -> ExitCode {
    let cfg = match Config::resolve(flags::Cli::parse()) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("urlx: {e}");
            return ExitStatus::Error.into();
        }
    };
    let mut out = output::Out::new();
    let status = match &cfg.job {
        Job::Extract(print) => extract::run(&cfg, print, &mut out),
        Job::Render(r) => render_cmd::run(&cfg, r),
        Job::HtmlIn(h) => html_in_cmd::run(&cfg, h),
        #[cfg(feature = "pick")]
        Job::Pick(p) => pick::run(&cfg, p),
        Job::Parse(a) => parse_cmd::run(a, &mut out),
        Job::Resolve(a) => resolve_cmd::run(a, &mut out),
        Job::Generate(what) => generate_cmd::run(what),
    };
    let status = status.and_then(|s| out.flush().map(|_| s));
    // PERF: a list of 100,000 hosts is not freed entry by entry before
    // the process ends, which frees it at once (`benches/filters.sh`:
    // about 15% of the load of such a list).
    std::mem::forget(cfg);
    match status {
        Ok(s) => s.into(),
        Err(e) => {
            eprintln!("urlx: {e}");
            ExitStatus::Error.into()
        }
    }
}
