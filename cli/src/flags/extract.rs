//! The main job's flags: inputs, the finder, the output.

use clap::Args;

use super::{size_parser, ColorArg, FilterArgs, InFormat};

/// Flags of the main job: finding URLs in files.
#[derive(Args, Debug, Default)]
pub struct ExtractArgs {
    /// Files and folders to read (folders recursively, in sorted order);
    /// "-" for standard input. With none, reads standard input when it is
    /// not a terminal, else the current folder.
    #[arg(
        long_help,
        help = "Files and folders to read; none: standard input, or . on a terminal",
        value_name = "PATH"
    )]
    pub paths: Vec<std::ffi::OsString>,

    /// Print only the URL, without path and line. A URL cut at a cap
    /// (--max-url-len, ...) ends with " [truncated]" here and in
    /// path:line:url output. Example: urlx -o msg.eml
    #[arg(
        long_help,
        help = "Print only the URL, without path and line",
        short = 'o',
        long
    )]
    pub only_url: bool,

    /// Print each link by a template: {field} for any field of --json
    /// (path, member, line, column, start, end, url, form, alt, scheme,
    /// host, normalized, truncated, deceptive, unwrapped, redirect,
    /// message_id, subject, date, from, to; empty when the link has
    /// none), {minimal} for the URL
    /// minimally escaped (Unicode's UTS #58: readable, %-escapes decoded
    /// where the text keeps the URL whole), {{ and }} for braces, \t and
    /// \n for tab and newline. Control characters in fields are shown escaped. Example:
    /// urlx --format '{host}\t{url}' ~/Mail
    #[arg(long_help, help = "Print each link by a template of --json's fields", long, value_name = "TEMPLATE", conflicts_with_all = ["only_url", "json", "count"])]
    pub format: Option<String>,

    /// Print one JSON object a line: path, line, column, start, end (byte
    /// offsets of the URL's text), url (as written), form, alt, scheme
    /// (in lower case), host (as written), "deceptive" (why a link may
    /// mislead, when it may), "redirect" (the service, when the link is
    /// a link-protection redirect) and "unwrapped" (the URL it leads to,
    /// when it gives one); in mail also message_id, subject, date, from
    /// and to (encoded words decoded), and "encoding" where the raw
    /// bytes start..end are quoted-printable or base64. Example: urlx
    /// --json msg.eml | jq -r .host
    #[arg(long_help, help = "Print one JSON object a line (path, line, url, host, ...)", long, conflicts_with_all = ["only_url", "count"])]
    pub json: bool,

    /// Add the normalized URL (RFC 3986 section 6): a "normalized" field with
    /// --json, else print it in place of the URL as written. Example:
    /// urlx --json --normalize notes.txt
    #[arg(
        long_help,
        help = "Add or print the normalized URL (RFC 3986 section 6)",
        hide_short_help = true,
        long
    )]
    pub normalize: bool,

    /// Print the number of URLs per file (files with none are not listed).
    /// Example: urlx -c ~/Mail
    #[arg(
        long_help,
        help = "Print the number of URLs per file",
        short = 'c',
        long
    )]
    pub count: bool,

    /// Print each URL once: its first occurrence across all input (a
    /// link-protection redirect counts as the URL it leads to).
    /// Example: urlx -o -u ~/Mail
    #[arg(long_help, help = "Print each URL once", short = 'u', long)]
    pub unique: bool,

    /// Print the URL a link-protection redirect leads to (Outlook
    /// SafeLinks, Proofpoint URL Defense, Google's /url?q=, Barracuda,
    /// Trend Micro, Symantec, Sophos, Facebook, Slack; nested ones to the
    /// end) in place of the redirect; a redirect that holds only a token
    /// (Mimecast, Cisco, t.co) is printed as written. --json and --format
    /// give both: "url" and "unwrapped". Example: urlx -o --unwrap msg.eml
    #[arg(long_help, help = "Print the URL a link-protection redirect leads to", long, conflicts_with_all = ["json", "format", "count"])]
    pub unwrap: bool,

    /// Print files, bytes, URLs, time and MB/s on standard error at the end.
    /// Example: urlx --stats -c ~/Mail
    #[arg(
        long_help,
        help = "Print files, bytes, URLs and MB/s on standard error",
        hide_short_help = true,
        long
    )]
    pub stats: bool,

    /// Also print the alternative reading of a URL where the text is
    /// ambiguous (hyphen at a line break: without the hyphen; spaces inside
    /// <...>: as %20; a \ at a line's end, RFC 8792 folding, where the
    /// text does not declare it: joined), on the line after it, ending
    /// with " [alternative]".
    /// Example: urlx --alt wrapped.txt
    #[arg(
        long_help,
        help = "Also print the alternative reading of an ambiguous URL",
        hide_short_help = true,
        long
    )]
    pub alt: bool,

    /// End each output record with NUL instead of a newline. Example:
    /// urlx -0 -o -u msg.txt | xargs -0 -n1 curl -sI
    #[arg(
        long_help,
        help = "End each output record with NUL",
        hide_short_help = true,
        short = '0',
        long = "null"
    )]
    pub null: bool,

    /// When to color the output: auto (when standard output is a
    /// terminal), always, never. Example: urlx --color always msg | less -R
    #[arg(long_help, help = "When to color the output: auto, always, never", long, value_enum, default_value_t = ColorArg::Auto, value_name = "WHEN")]
    pub color: ColorArg,

    /// Threads to read files with (default: all cores). Output order does
    /// not depend on it. Example: urlx -j1 ~/Mail
    #[arg(
        long_help,
        help = "Threads to read files with (default: all cores)",
        short = 'j',
        long,
        value_name = "N"
    )]
    pub threads: Option<usize>,

    /// Also read files that look binary (a NUL byte in the first 8 KiB);
    /// by default they are skipped and counted. Example: urlx --binary dump.bin
    #[arg(long_help, help = "Also read files that look binary", long)]
    pub binary: bool,

    /// Read hidden files and folders in folders too. Example: urlx --hidden ~/notes
    #[arg(
        long_help,
        help = "Read hidden files and folders in folders too",
        hide_short_help = true,
        long
    )]
    pub hidden: bool,

    /// Do not apply .gitignore, .ignore and similar rules in folders.
    /// Example: urlx --no-ignore src/
    #[arg(
        long_help,
        help = "Do not apply .gitignore, .ignore and similar rules",
        long
    )]
    pub no_ignore: bool,

    /// Find links as Unicode's link detection standard (UTS #58, Unicode
    /// 17) does, and only those: domain names whose last label is one of
    /// IANA's top-level domains (ASCII or not), with http:// or https://
    /// before them or none (reported with https://, form "domain"), and
    /// e-mail addresses (mailto: URLs); the path, query and fragment end
    /// where the standard ends them. A link ends at its line's end. Not
    /// with --email, --domains, --no-www, --join-breaks and the wrapper
    /// caps, which it has its own rules for. Example: urlx --uts58 notes.txt
    #[arg(long_help, help = "Find links as Unicode's UTS #58 does, and only those", hide_short_help = true, long, conflicts_with_all = ["max_wrapper_bytes", "max_wrapper_lines"])]
    pub uts58: bool,

    /// Report bare e-mail addresses as mailto: URLs. Example: urlx --email msg.eml
    #[arg(
        long_help,
        help = "Report bare e-mail addresses as mailto: URLs",
        hide_short_help = true,
        long
    )]
    pub email: bool,

    /// Also report domain names without a scheme (github.com/foo,
    /// example.org) as http:// URLs of the form "domain", where the last
    /// label is a top-level domain of the public suffix list; not in an
    /// address, not a file's name (setup.py, README.md), not a version.
    /// Off by default. Example: urlx --domains notes.txt
    #[arg(
        long_help,
        help = "Also report domain names without a scheme",
        hide_short_help = true,
        long
    )]
    pub domains: bool,

    /// Also find defanged indicators, as phishing triage pastes them
    /// (hxxps://example[.]com/x, http[:]//a(.)b, example[dot]com, [@] for
    /// @), reported refanged with the form "defanged" and their span as
    /// written. Each input is read whole (files and standard input, up to
    /// 256 MiB) as plain text; mail and archives are refused, named. Off
    /// by default; never in --html or --hyperlink. Example:
    /// pbpaste | urlx --refang -o
    #[arg(long_help, help = "Also find defanged indicators (hxxps://example[.]com)", hide_short_help = true, long, conflicts_with_all = ["uts58", "mail"])]
    pub refang: bool,

    /// Do not report www. hosts without a scheme as http:// URLs. Example:
    /// urlx --no-www msg.eml
    #[arg(
        long_help,
        help = "Do not report www. hosts without a scheme",
        hide_short_help = true,
        long
    )]
    pub no_www: bool,

    /// Join a bare URL broken at a line end without a hyphen when the next
    /// line starts with / ? & = # or % (off by default: such a break may
    /// as well end the URL).
    /// Example: urlx --join-breaks old-post.txt
    #[arg(
        long_help,
        help = "Join a URL broken at a line end without a hyphen",
        hide_short_help = true,
        long
    )]
    pub join_breaks: bool,

    /// The longest URL in bytes; a longer one is cut there and flagged
    /// ("truncated": true in --json). Example: urlx --max-url-len 2048 spam.mbox
    #[arg(
        long_help,
        help = "The longest URL in bytes; a longer one is cut",
        hide_short_help = true,
        long,
        value_name = "BYTES",
        default_value_t = 8192
    )]
    pub max_url_len: usize,

    /// The most bytes a <...> or "..." wrapper may span. Example:
    /// urlx --max-wrapper-bytes 512 msg.txt
    #[arg(
        long_help,
        help = "The most bytes a <...> or \"...\" wrapper may span",
        hide_short_help = true,
        long,
        value_name = "BYTES",
        default_value_t = 2048
    )]
    pub max_wrapper_bytes: usize,

    /// Look at no more than this many bytes of each line (0: no cap, the
    /// default); a URL that reaches the cap is cut there and flagged. For
    /// input with huge lines. Example: urlx --max-line-len 65536 dump.txt
    #[arg(
        long_help,
        help = "Look at no more than this many bytes of each line",
        hide_short_help = true,
        long,
        value_name = "BYTES",
        default_value_t = 0
    )]
    pub max_line_len: usize,

    /// The most lines a <...> or "..." wrapper may span, and a bare URL
    /// joined across line breaks (after a hyphen; --join-breaks): such a URL
    /// is cut at the last break it may cross and flagged truncated. Example:
    /// urlx --max-wrapper-lines 4 msg.txt
    #[arg(
        long_help,
        help = "The most lines a wrapper or a joined URL may span",
        hide_short_help = true,
        long,
        value_name = "LINES",
        default_value_t = 8
    )]
    pub max_wrapper_lines: usize,

    /// Read every input as mail (an mbox, or one message): decode MIME parts
    /// (quoted-printable, base64, charsets, format=flowed, HTML references),
    /// read URL-bearing header fields, skip attachments that are not text.
    /// By default an input is read as mail when it looks like mail (a first
    /// line "From ", or header lines). Example: urlx --mail inbox
    #[arg(
        long_help,
        help = "Read every input as mail",
        hide_short_help = true,
        long,
        conflicts_with = "no_mail"
    )]
    pub mail: bool,

    /// Read every input as plain text, even when it looks like mail.
    /// Example: urlx --no-mail raw.eml
    #[arg(
        long_help,
        help = "Read every input as plain text",
        hide_short_help = true,
        long
    )]
    pub no_mail: bool,

    /// Say on standard error what was malformed in mail input (a bad
    /// boundary, an unknown charset, bad base64); it is read anyway.
    /// (-v is --invert-match, as in grep and rg.) Example: urlx --verbose spam.mbox
    #[arg(
        long_help,
        help = "Say what was malformed in mail input",
        hide_short_help = true,
        long
    )]
    pub verbose: bool,

    /// Write the text as HTML with its URLs as links (<pre> for each input;
    /// every byte escaped; only safe schemes linked; a deceptive link gets
    /// the class urlx-deceptive, a title, and a warning after it, "⚠ goes
    /// to ..."). Mail (sniffed, or --mail) is shown as a reader sees it:
    /// each message's From, To, Date and Subject, then its text part
    /// decoded (else its HTML part as text, each link's href after its
    /// text, and a warning where the text shows another host); --no-mail
    /// writes the raw bytes instead. Example: urlx --html msg.txt > msg.html
    #[arg(long_help, help = "Write the text as HTML with its URLs as links", long, conflicts_with_all = ["json", "count", "only_url", "hyperlink"])]
    pub html: bool,

    /// What the inputs are: text (the default: mail, news, any text) or
    /// html. With html each input is read as an HTML document and written
    /// back, every byte as it was, with the URLs of its text linked: not in
    /// attributes, comments, an <a> or the elements of --skip-tags.
    /// Character references are decoded to find URLs, and the text is kept
    /// as written. Example: urlx --in html page.html > linked.html
    #[arg(long_help, help = "What the inputs are: text or html", hide_short_help = true, long = "in", value_name = "FORMAT", value_enum, default_value_t = InFormat::Text)]
    pub input_format: InFormat,

    /// With --in html: the elements whose text is not linked, comma
    /// separated (default pre,code,script,style,textarea,title; an <a> is
    /// never linked inside). Example: urlx --in html --skip-tags pre,kbd post.html
    #[arg(
        long_help,
        help = "With --in html: the elements whose text is not linked",
        hide_short_help = true,
        long,
        value_name = "TAGS",
        value_delimiter = ','
    )]
    pub skip_tags: Option<Vec<String>>,

    /// With --html: a complete HTML document. Example: urlx --html-page notes.txt
    #[arg(
        long_help,
        help = "With --html: a complete HTML document",
        hide_short_help = true,
        long
    )]
    pub html_page: bool,

    /// Write the text back with terminal hyperlinks (OSC 8) on its URLs.
    /// The text's own control characters are shown as less shows them (ESC
    /// as ^[), so that a message cannot forge a link, clear the screen or
    /// set the title; a deceptive link is followed by "[⚠ goes to ...]".
    /// Mail is shown as a reader sees it, as with --html (--no-mail: the
    /// raw bytes). Example: urlx --hyperlink msg | less -R
    #[arg(long_help, help = "Write the text back with terminal hyperlinks (OSC 8)", long, conflicts_with_all = ["json", "count", "only_url"])]
    pub hyperlink: bool,

    /// With --hyperlink: write the text's control characters and escape
    /// sequences as they are. Only for text you wrote or trust: a message's
    /// escape sequences then reach the terminal. Example:
    /// my-report | urlx --hyperlink --raw-controls
    #[arg(
        long_help,
        help = "With --hyperlink: the text's control bytes as they are",
        hide_short_help = true,
        long,
        requires = "hyperlink"
    )]
    pub raw_controls: bool,

    /// Read compressed files as they are, not decoded. By default a file
    /// compressed with gzip, bzip2, xz or zstd (known by its first bytes,
    /// whatever its name) is decoded, and a tar or zip archive is read
    /// member by member, each reported as ARCHIVE:MEMBER ("member" in
    /// --json). Decoding is the default, unlike rg's -z, because mail
    /// archives mostly come compressed. Example: urlx --no-decompress dump.gz
    #[arg(
        long_help,
        help = "Read compressed files and archives as they are",
        hide_short_help = true,
        long
    )]
    pub no_decompress: bool,

    /// Stop decoding one input (a compressed file or archive, all its
    /// members together) past this many bytes (default 4G): the URLs
    /// before the cap are printed, then an error names the file. Suffixes
    /// K, M, G, T. Example: urlx --max-decompressed 64G takeout.tgz
    #[arg(long_help, help = "The most bytes decoded from one input (default 4G)", hide_short_help = true, long, value_name = "SIZE", value_parser = size_parser)]
    pub max_decompressed: Option<u64>,

    /// Refuse a compressed input whose header asks for a dictionary (xz,
    /// LZMA in zip) or a window (zstd) larger than this (default 64M,
    /// what xz -9 uses; zstd --long=27 asks for 128M): the memory is
    /// never taken, and an error names the input. Example:
    /// urlx --max-dictionary 256M huge.tar.zst
    #[arg(long_help, help = "Refuse a decoder window larger than this (default 64M)", hide_short_help = true, long, value_name = "SIZE", value_parser = size_parser)]
    pub max_dictionary: Option<u64>,

    /// Decode a mail message (MIME parts, quoted-printable, base64,
    /// charsets) only up to this size (default 64M); a larger one is
    /// read as plain text, in pieces, with a warning that names it: its
    /// plain URLs are all found, those its encodings hide are not. Memory
    /// stays bounded by it whatever one message holds. Example:
    /// urlx --max-message 1G export.mbox
    #[arg(long_help, help = "Decode a mail message only up to this size (default 64M)", hide_short_help = true, long, value_name = "SIZE", value_parser = size_parser)]
    pub max_message: Option<u64>,

    /// The size of the pieces a streamed input is cut into for the
    /// threads; every input is then streamed. For tests.
    #[arg(long, value_name = "BYTES", hide = true)]
    pub piece_size: Option<usize>,

    /// Never show a progress bar (it shows on a terminal after 2 seconds).
    /// Example: urlx --no-progress -c ~/Mail
    #[arg(
        long_help,
        help = "Never show a progress bar",
        hide_short_help = true,
        long
    )]
    pub no_progress: bool,

    #[command(flatten)]
    pub filter: FilterArgs,

    /// In mail, leave out the URLs of header fields (List-Unsubscribe,
    /// Archived-At, ...): the body's only. Example: urlx --no-headers inbox
    #[arg(
        long_help,
        help = "In mail, leave out the URLs of header fields",
        hide_short_help = true,
        long,
        conflicts_with = "headers_only",
        help_heading = "Filters"
    )]
    pub no_headers: bool,

    /// In mail, only the URLs of header fields. Example:
    /// urlx --headers-only -o -u inbox
    #[arg(
        long_help,
        help = "In mail, only the URLs of header fields",
        hide_short_help = true,
        long,
        help_heading = "Filters"
    )]
    pub headers_only: bool,
}
