//! Every flag of the command line, in one place. The doc comments are the
//! `--help` text.

use clap::{Parser, ValueEnum};

mod commands;
mod extract;
mod filter;

pub use commands::*;
pub use extract::ExtractArgs;
pub use filter::FilterArgs;

/// urlx: find URLs in plain text (mail, news, RFC-style documents), by the
/// rules the URL specifications give for URLs in context: <URL:...>, <...>,
/// "..." and bare URLs, www. abbreviations, URLs wrapped across lines
/// rejoined. Every candidate is checked by a strict RFC 3986 parser. It
/// also writes text back with its URLs linked (--html, --hyperlink, --in
/// html).
#[derive(Parser, Debug)]
#[command(
    name = "urlx",
    version,
    about = "Find URLs in plain text: mail, news, RFC-style documents.",
    long_about,
    // Derived, the line would make PATH look required after a refused
    // pair of flags; PATH is optional (standard input when none).
    override_usage = "urlx [OPTIONS] [PATH]...      (no PATH: standard input)\n       \
urlx <COMMAND> [ARGS]...     (parse, resolve, pick, generate, help)",
    args_conflicts_with_subcommands = true,
    after_help = "Output: path:line:url, one link a line (no path: when one file or stdin is read).\n\
Exit status: 0 when a URL was found, 1 when none, 2 on an error.\n\n\
Examples:\n  \
urlx -o -u ~/Mail | sort                 each URL once, URLs only\n  \
urlx --json msg.eml | jq -r .host        one JSON object a link\n  \
urlx pick < msg.eml                      pick a URL of a message and open it\n\n\
-h shows a summary; --help shows every flag, explained, and more examples.",
    after_long_help = "Output: path:line:url, one link a line (no path: when one file or stdin is read).\n\
Exit status: 0 when a URL was found, 1 when none, 2 on an error (the other inputs are still read).\n\n\
Examples:\n  \
urlx corpora/sample.mbox                 every URL, with file and line\n  \
urlx -o -u ~/Mail | sort                 each URL once, URLs only\n  \
urlx --json --normalize notes.txt        JSON Lines with the parse of each URL\n  \
urlx --scheme https,ftp -c docs/         count https and ftp URLs per file\n  \
urlx -o -u --host kernel.org ~/Mail      the URLs of kernel.org and its subdomains\n  \
urlx -F -f iocs.txt --json mail.mbox     URLs holding one of the strings of iocs.txt\n  \
urlx pick < msg.eml                      pick a URL of a message and open it\n  \
cat msg.txt | urlx --alt                 also the alternative readings of hyphen breaks\n  \
urlx parse 'http://user@[::1]:8080/a?q#f'\n  \
urlx resolve 'http://a/b/c/d;p?q' ../g '?y' 'g#s'"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub extract: ExtractArgs,
}

/// --max-decompressed, --max-dictionary and --max-message take a size
/// with a unit.
pub(crate) fn size_parser(s: &str) -> Result<u64, String> {
    crate::size::parse(s)
}

/// --in.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum InFormat {
    /// Text: mail, news, any text.
    #[default]
    Text,
    /// An HTML document, written back with its text's URLs linked.
    Html,
}

/// --color.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ColorArg {
    #[default]
    Auto,
    Always,
    Never,
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
