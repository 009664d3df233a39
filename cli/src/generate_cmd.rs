//! `urlx generate`: the man page and shell completions, made from the
//! flags' definitions, so that they never drift from `--help`.

use std::io::{self, Write};

use clap::CommandFactory;

use super::flags::{Cli, Generate};
use super::ExitStatus;

pub fn run(what: &Generate) -> io::Result<ExitStatus> {
    let mut cmd = Cli::command();
    let mut out = Vec::new();
    match what {
        Generate::Man => clap_mangen::Man::new(cmd).render(&mut out)?,
        Generate::Completions { shell } => {
            clap_complete::generate(*shell, &mut cmd, "urlx", &mut out);
        }
    }
    match io::stdout().lock().write_all(&out) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e),
        _ => Ok(ExitStatus::Found),
    }
}
