//! The subcommands and their flags: pick, generate, parse, resolve.

use std::ffi::OsString;

use clap::{Args, Subcommand, ValueEnum};

use super::{size_parser, FilterArgs};

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Parse URIs (RFC 3986, or RFC 3987 IRIs) and print one JSON object a
    /// line with their components.
    ///
    /// Fields: input, valid, error (index, kind, message), absolute, scheme,
    /// userinfo, host, host_kind (ipv4, ipv6, ipvfuture, reg-name), port,
    /// path, query, fragment, normalized, minimal (minimally escaped, as
    /// Unicode's UTS #58 writes a URL into text: readable, and found whole
    /// by a linkifier), and for IRIs the ascii form. For
    /// the ten RFC 1738 schemes, rfc1738 says whether the URL follows that
    /// scheme's own syntax. Undefined components are null; empty ones "".
    ///
    /// Exit status: 0 when every input is valid, 1 when one is not.
    ///
    /// Example: urlx parse 'ftp://foo:@host.com/' 'http://a/b c'
    #[command(
        about = "Parse URIs and print their components, one JSON object a line",
        long_about,
        override_usage = "urlx parse [--strict] [URI]...   (no URI: one a line on standard input)",
        after_help = "With no URI arguments, reads one URI a line from standard input."
    )]
    Parse(ParseArgs),
    /// Resolve references against a base URI (RFC 3986 section 5.2), one
    /// result a line, or "error: ..." for a reference that cannot be
    /// resolved.
    ///
    /// Exit status: 0 when every reference resolved, 1 when one did not,
    /// 2 when the base is not an absolute URI.
    ///
    /// Example: urlx resolve --compat draft1997 'http://a/b/c/d;p?q' 'g?y/../x'
    #[command(
        about = "Resolve references against a base URI (RFC 3986 section 5.2)",
        long_about,
        override_usage = "urlx resolve [--compat MODE] <BASE> <REF>..."
    )]
    Resolve(ResolveArgs),
    /// Pick a URL of a message in the terminal and open it: for mail
    /// clients that pipe a message to a command (mutt, neomutt, aerc).
    ///
    /// Lists the message's URLs once each, in order, with the line each is
    /// in; header URLs (List-Unsubscribe, ...) only after h or with
    /// --headers. Keys: Up/Down or j/k move, PgUp/PgDn, g/G first/last,
    /// / search (Enter keeps it, Esc clears it), Enter opens, y copies
    /// (OSC 52), h shows header URLs, q or Esc quits. A deceptive link is
    /// marked ⚠ and opened only after y to the question that says where it
    /// goes. Draws on /dev/tty, so the message can come on standard input.
    ///
    /// Exit status: 0 when a URL was opened, 1 when none was (no URL, or
    /// quit), 2 on an error.
    ///
    /// Example: macro index,pager \cb "<pipe-message> urlx pick<Enter>"
    #[cfg(feature = "pick")]
    #[command(
        about = "Pick a URL of a message in the terminal and open it",
        long_about,
        override_usage = "urlx pick [OPTIONS] [PATH]...   (no PATH: standard input)"
    )]
    Pick(PickArgs),
    /// Write the man page or shell completions for urlx, made from these
    /// flags.
    ///
    /// Example: urlx generate man > /usr/local/share/man/man1/urlx.1;
    /// urlx generate completions bash > ~/.local/share/bash-completion/completions/urlx
    #[command(about = "Write the man page or shell completions", long_about)]
    Generate {
        #[command(subcommand)]
        what: Generate,
    },
}

/// Flags of `urlx pick`.
#[derive(Args, Debug)]
pub struct PickArgs {
    /// Files to read, each a message, an mbox or text; "-" or none for
    /// standard input (what mutt's <pipe-message> gives). Example:
    /// urlx pick ~/Mail/cur/1700000000.M1.host:2,S
    #[arg(
        long_help,
        help = "Files to read; none or \"-\": standard input",
        value_name = "PATH"
    )]
    pub paths: Vec<OsString>,

    /// The command that opens the URL picked, split into words as a shell
    /// splits them and run without a shell; the URL is one more argument,
    /// or replaces {} where the command has it. Default: $BROWSER as its
    /// convention has it (a colon-separated list of commands tried in
    /// order until one succeeds, %s for the URL, %% for %), else xdg-open
    /// (open on macOS). Example: urlx pick --run 'firefox --new-tab'
    #[arg(
        long_help,
        help = "The command that opens the URL picked",
        long,
        value_name = "CMD"
    )]
    pub run: Option<String>,

    /// Also list the URLs of header fields (List-Unsubscribe, Archived-At,
    /// ...) from the start; h shows or hides them. Example:
    /// urlx pick --headers msg.eml
    #[arg(
        long_help,
        help = "Also list the URLs of header fields from the start",
        long
    )]
    pub headers: bool,

    /// Stay open after a URL is opened, to open more. Example:
    /// urlx pick --keep-open --run w3m msg.eml
    #[arg(
        long_help,
        help = "Stay open after a URL is opened, to open more",
        long
    )]
    pub keep_open: bool,

    /// Read an input only up to this size (default 64M): the picker holds
    /// what it reads, and a larger input is refused, named, rather than
    /// read whole. Example: urlx pick --max-message 1G huge.eml
    #[arg(long_help, help = "Read an input only up to this size (default 64M)", long, value_name = "SIZE", value_parser = size_parser)]
    pub max_message: Option<u64>,

    /// Which URLs to list: the filters of the main job (-e, -f, -F, -i,
    /// --host, --host-file, -v, --scheme, --form). The picker lists the
    /// body's URLs; --headers and h add the header fields'.
    #[command(flatten)]
    pub filter: FilterArgs,
}

#[derive(Subcommand, Debug)]
pub enum Generate {
    /// The man page (roff), on standard output.
    Man,
    /// Completions for a shell, on standard output.
    Completions {
        /// bash, zsh, fish, elvish or powershell.
        shell: clap_complete::Shell,
    },
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
