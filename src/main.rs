//! The `urlx` command. All behaviour lives in the library; `cli/` wires
//! flags to it.

mod cli;

fn main() -> std::process::ExitCode {
    cli::run()
}
