//! The `urlx` command: flags in, library calls, lines out. All behaviour
//! lives in the library, which this crate reaches only through `urlx::`'s
//! public API.

#![forbid(unsafe_code)]

mod flags;
mod json;
mod output;
mod parse_cmd;
#[cfg(feature = "pick")]
mod pick;
mod printer;
mod render_cmd;
mod resolve_cmd;
mod scan;
#[cfg(feature = "compressed")]
mod unpack;
mod walk;

use clap::Parser;
use std::process::ExitCode;

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
    let cli = flags::Cli::parse();
    if let Err(e) = cli.scan.check_build() {
        eprintln!("urlx: {e}");
        return ExitStatus::Error.into();
    }
    let mut out = output::Out::new();
    let status = match &cli.command {
        Some(flags::Command::Parse(a)) => parse_cmd::run(a, &mut out),
        Some(flags::Command::Resolve(a)) => resolve_cmd::run(a, &mut out),
        #[cfg(feature = "pick")]
        Some(flags::Command::Pick(a)) => pick::run(a, &urlx::Finder::new(), &|_| true),
        None if cli.scan.html || cli.scan.html_page || cli.scan.hyperlink => {
            render_cmd::run(&cli.scan)
        }
        None => scan::run(&cli.scan, &mut out),
    };
    let status = status.and_then(|s| out.flush().map(|_| s));
    match status {
        Ok(s) => s.into(),
        Err(e) => {
            eprintln!("urlx: {e}");
            ExitStatus::Error.into()
        }
    }
}
