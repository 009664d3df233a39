//! Every flag of the command line, in one place. The doc comments are the
//! `--help` text.

use clap::{Args, Parser, Subcommand, ValueEnum};

/// urlx: find URLs in plain text, and parse, resolve and normalize URIs.
#[derive(Parser, Debug)]
#[command(
    name = "urlx",
    version,
    about,
    args_conflicts_with_subcommands = true,
    after_help = "Examples:\n  urlx parse 'http://user@[::1]:8080/a?q#f'\n  urlx resolve http://a/b/c/d;p?q ../g '?y' g#s"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Parse URIs (RFC 3986, or RFC 3987 IRIs) and print one JSON object a
    /// line with their components.
    ///
    /// Fields: input, valid, error (index, kind, message), absolute, scheme,
    /// userinfo, host, host_kind (ipv4, ipv6, ipvfuture, reg-name), port,
    /// path, query, fragment, normalized, and for IRIs the ascii form. For
    /// the ten RFC 1738 schemes, rfc1738 says whether the URL follows that
    /// scheme's own syntax. Undefined components are null; empty ones "".
    ///
    /// Exit status: 0 when every input is valid, 1 when one is not.
    ///
    /// Example: urlx parse 'ftp://foo:@host.com/' 'http://a/b c'
    #[command(after_help = "With no URI arguments, reads one URI a line from standard input.")]
    Parse(ParseArgs),
    /// Resolve references against a base URI (RFC 3986 section 5.2), one
    /// result a line, or "error: ..." for a reference that cannot be
    /// resolved.
    ///
    /// Exit status: 0 when every reference resolved, 1 when one did not,
    /// 2 when the base is not an absolute URI.
    ///
    /// Example: urlx resolve --compat draft1997 'http://a/b/c/d;p?q' 'g?y/../x'
    Resolve(ResolveArgs),
}

#[derive(Args, Debug)]
pub struct ParseArgs {
    /// Accept only RFC 3986 URIs (ASCII); by default IRIs are accepted too.
    #[arg(long)]
    pub strict: bool,
    /// The URIs to parse.
    pub uris: Vec<String>,
}

#[derive(Args, Debug)]
pub struct ResolveArgs {
    /// The resolution algorithm: rfc3986 (the standard), or the one of the
    /// 2003 or 1997 draft, which reproduce those drafts' published examples
    /// (dot segments kept in absolute paths, leading ".." kept, and in the
    /// 1997 draft the query merged with the path).
    #[arg(long, value_enum, default_value_t = CompatArg::Rfc3986)]
    pub compat: CompatArg,
    /// The base URI (absolute).
    pub base: String,
    /// The references to resolve.
    #[arg(required = true)]
    pub refs: Vec<String>,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompatArg {
    /// RFC 3986 section 5.2.
    Rfc3986,
    /// draft-fielding-uri-rfc2396bis-01 (2003).
    Draft2003,
    /// draft-fielding-url-syntax-05 (1997).
    Draft1997,
}

impl From<CompatArg> for urlx::uri::Compat {
    fn from(c: CompatArg) -> Self {
        match c {
            CompatArg::Rfc3986 => urlx::uri::Compat::Rfc3986,
            CompatArg::Draft2003 => urlx::uri::Compat::Draft2003,
            CompatArg::Draft1997 => urlx::uri::Compat::Draft1997,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn flags_are_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn resolve_takes_compat() {
        let cli =
            Cli::try_parse_from(["urlx", "resolve", "--compat", "draft2003", "http://a/", "g"])
                .unwrap();
        let Some(Command::Resolve(r)) = cli.command else {
            panic!()
        };
        assert_eq!(r.compat, CompatArg::Draft2003);
        assert_eq!(r.refs, ["g"]);
    }
}
