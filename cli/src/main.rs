//! The `urlx` command: flags in, library calls, lines out. All behaviour
//! lives in the library, which this crate reaches only through `urlx::`'s
//! public API.

#![forbid(unsafe_code)]

mod combine;
mod flags;
mod generate_cmd;
mod html_in_cmd;
mod json;
mod keep;
mod messages;
mod output;
mod parse_cmd;
#[cfg(feature = "pick")]
mod pick;
mod printer;
mod render_cmd;
mod resolve_cmd;
mod scan;
mod template;
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

/// `urlx pick` with the filter flags it was given.
#[cfg(feature = "pick")]
fn pick_with_filters(a: &pick::PickArgs) -> std::io::Result<ExitStatus> {
    match keep::Keep::from_args(&a.filter, keep::Headers::Both) {
        Ok(k) => pick::run(a, &urlx::Finder::new(), &|l| k.filter.keeps(l)),
        Err(e) => {
            eprintln!("urlx: {e}");
            Ok(ExitStatus::Error)
        }
    }
}

fn main() -> ExitCode {
    let cli = flags::Cli::parse();
    if let Err(e) = cli
        .scan
        .check_build()
        .and_then(|()| combine::check(&cli.scan))
    {
        eprintln!("urlx: {e}");
        return ExitStatus::Error.into();
    }
    let mut out = output::Out::new();
    let status = match &cli.command {
        Some(flags::Command::Parse(a)) => parse_cmd::run(a, &mut out),
        Some(flags::Command::Resolve(a)) => resolve_cmd::run(a, &mut out),
        #[cfg(feature = "pick")]
        Some(flags::Command::Pick(a)) => pick_with_filters(a),
        Some(flags::Command::Generate { what }) => generate_cmd::run(what),
        None if cli.scan.input_format == flags::InFormat::Html => html_in_cmd::run(&cli.scan),
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
