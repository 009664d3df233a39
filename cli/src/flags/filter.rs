//! The filter flags, shared by the main job and the picker.

use clap::Args;

/// Which links to keep: the same flags for the main job, --html,
/// --hyperlink and the picker (which of a message's header fields' links
/// to keep is the main job's, `--no-headers` and `--headers-only`).
#[derive(Args, Debug, Default, Clone)]
#[command(next_help_heading = "Filters")]
pub struct FilterArgs {
    /// Keep URLs this regular expression matches anywhere in the URL (as
    /// rg -e would over the list of URLs); repeat for more (any of them).
    /// The syntax of Rust's regex crate. Example: urlx -e '/patch/[0-9]+' ~/Mail
    #[arg(
        long_help,
        help = "Keep URLs this regular expression matches",
        short = 'e',
        long = "regexp",
        value_name = "PATTERN",
        allow_hyphen_values = true
    )]
    pub regexp: Vec<String>,

    /// Keep URLs a pattern of FILE matches: one a line (an empty file
    /// keeps none); "-" for standard input. Example: urlx -F -f iocs.txt ~/Mail
    #[arg(
        long_help,
        help = "Keep URLs a pattern of FILE matches",
        short = 'f',
        long = "file",
        value_name = "FILE"
    )]
    pub file: Vec<std::path::PathBuf>,

    /// The patterns are literal strings, not regular expressions (tens of
    /// thousands are matched at once). Example: urlx -F -e '?utm_' ~/Mail
    #[arg(
        long_help,
        help = "The patterns are literal strings",
        short = 'F',
        long
    )]
    pub fixed_strings: bool,

    /// Patterns match regardless of case. Example: urlx -i -e github ~/Mail
    #[arg(
        long_help,
        help = "Patterns match regardless of case",
        short = 'i',
        long
    )]
    pub ignore_case: bool,

    /// Keep URLs whose host is one of these domains or under it
    /// (kernel.org keeps lore.kernel.org), or one of these IP addresses;
    /// any case, IDNs in Unicode or punycode. Example: urlx --host kernel.org,lwn.net ~/Mail
    #[arg(
        long_help,
        help = "Keep URLs whose host is one of these domains or under it",
        long,
        value_delimiter = ',',
        value_name = "DOMAINS"
    )]
    pub host: Vec<String>,

    /// Keep URLs whose host is a domain of FILE (one a line, as --host;
    /// blank lines and lines starting with # are skipped), for lists of
    /// 100,000 domains. Example: urlx --host-file blocklist.txt ~/Mail
    #[arg(
        long_help,
        help = "Keep URLs whose host is a domain of FILE",
        hide_short_help = true,
        long,
        value_name = "FILE"
    )]
    pub host_file: Vec<std::path::PathBuf>,

    /// Drop the URLs -e, -f and --host keep, and keep the others
    /// (--scheme and --form still select). Example: urlx -v --host example.org msg.eml
    #[arg(
        long_help,
        help = "Drop the URLs -e, -f and --host keep",
        short = 'v',
        long
    )]
    pub invert_match: bool,

    /// Only URLs with these schemes (comma-separated). Example:
    /// urlx --scheme https,ftp msg.eml
    #[arg(
        long_help,
        help = "Only URLs with these schemes",
        long,
        value_delimiter = ',',
        value_name = "SCHEMES"
    )]
    pub scheme: Vec<String>,

    /// Only URLs written in these forms (comma-separated): url-prefix, angle,
    /// quoted, bare, abbreviated, email, domain. Example: urlx --form angle,url-prefix rfc.txt
    #[arg(long_help, help = "Only URLs written in these forms", long, value_delimiter = ',', value_name = "FORMS", value_parser = form_parser())]
    pub form: Vec<urlx::Form>,
}

/// --form takes the names the library gives its forms.
fn form_parser() -> impl clap::builder::TypedValueParser<Value = urlx::Form> {
    use clap::builder::TypedValueParser;
    // The possible values are the names, so every name given has a form.
    clap::builder::PossibleValuesParser::new(urlx::Form::ALL.map(urlx::Form::as_str))
        .map(|name: String| urlx::Form::from_name(&name).unwrap_or(urlx::Form::Bare))
}
