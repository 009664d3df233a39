//! The command line resolved once, as ripgrep's `HiArgs` resolves its
//! `LowArgs`: `flags` holds what was typed, this module what it means
//! (the finder, the filter, how inputs are read, how links are printed,
//! which job runs). Every job takes its part of one `Config`; none reads
//! a flag. Data flows one way: `flags` → `config` → the jobs.

use std::ffi::OsString;
use std::io::IsTerminal;
use std::sync::Arc;

use crate::filter::{Headers, Keep};
use crate::flags::{self, ColorArg, ExtractArgs, InFormat};
use crate::printer::Mode as PrintMode;
use crate::template::Template;
use crate::walk;

/// Files up to this size are read whole; larger ones are streamed in
/// pieces.
const WHOLE_FILE_MAX: u64 = 16 << 20;
/// With --refang every input is read whole, up to this size: indicators
/// are pasted text, and refanging needs the text before the finder.
pub const REFANG_MAX: u64 = 256 << 20;
/// The size of a piece of a streamed input: large enough that the
/// overlap each piece scans again (`Finder::piece_margins`, about 24 KiB)
/// costs about 1%, small enough that the pieces in flight stay within a
/// few tens of MiB.
const PIECE_SIZE: usize = 2 << 20;
/// --max-message's default, and `urlx pick`'s.
const MAX_MESSAGE: u64 = 64 << 20;

/// Everything the command was asked, resolved.
pub struct Config {
    pub job: Job,
    /// The finder the flags configure.
    pub finder: urlx::Finder,
    /// The links to keep, shared by the threads (and the linkifier).
    pub keep: Arc<Keep>,
    /// The paths, and how folders are walked.
    pub inputs: Inputs,
    /// How an input is read: mail, decoding, caps.
    pub reading: Reading,
}

/// The job the command line asks for, with what only it needs.
pub enum Job {
    /// The main job: every URL in the inputs, printed as `print` says.
    Extract(Print),
    /// --html, --html-page, --hyperlink: the text written back linked.
    Render(Render),
    /// --in html: HTML documents written back linked.
    HtmlIn(HtmlIn),
    /// `urlx pick`.
    #[cfg(feature = "pick")]
    Pick(Pick),
    /// `urlx parse`.
    Parse(Parse),
    /// `urlx resolve`.
    Resolve(Resolve),
    /// `urlx generate`.
    Generate(flags::Generate),
}

/// The paths given and how folders are walked.
pub struct Inputs {
    pub paths: Vec<OsString>,
    pub walk: walk::Options,
}

/// Whether inputs are read as mail: --mail, --no-mail, or sniffed.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum MailMode {
    Sniff,
    Always,
    Never,
}

impl MailMode {
    /// What an input is, from its first bytes (`extract::PROBE` of them).
    pub fn kind(self, head: &[u8]) -> urlx::mail::Kind {
        use urlx::mail::{sniff, Kind};
        match self {
            MailMode::Never => Kind::Text,
            MailMode::Sniff => sniff(head),
            MailMode::Always => match sniff(head) {
                Kind::Text => Kind::Message,
                k => k,
            },
        }
    }
}

/// How every input is read.
pub struct Reading {
    pub mail: MailMode,
    /// --binary: files that look binary are read too.
    pub binary_ok: bool,
    /// Compressed inputs and archives are decoded (not --no-decompress).
    #[cfg_attr(not(feature = "compressed"), allow(dead_code))]
    pub decompress: bool,
    /// --max-decompressed: the most bytes decoded from one input.
    #[cfg_attr(not(feature = "compressed"), allow(dead_code))]
    pub max_decompressed: u64,
    /// --max-dictionary and the other limits of the decoders.
    #[cfg(feature = "compressed")]
    pub limits: urlx::unpack::Limits,
    /// --max-message: a larger message is read as text.
    pub max_message: usize,
    /// The size of a piece of a streamed input.
    pub piece_size: usize,
    /// Files up to this size are read whole by the file workers.
    pub whole_max: u64,
    /// --refang: every input read whole, as plain text.
    pub refang: bool,
    /// --verbose: malformed mail is said.
    pub verbose: bool,
    /// -j: threads (0: all cores).
    pub threads: usize,
}

/// How the main job prints.
pub struct Print {
    pub mode: PrintMode,
    pub template: Option<Template>,
    pub color: bool,
    pub alt: bool,
    pub normalize: bool,
    pub unwrap: bool,
    /// The end of a record: NUL with -0, else a newline.
    pub term: u8,
    pub unique: bool,
    pub stats: bool,
    /// A progress bar may show (stderr is a terminal, not --no-progress).
    pub progress: bool,
}

/// --html, --html-page and --hyperlink.
pub struct Render {
    /// HTML, else OSC 8.
    pub html: bool,
    /// A complete HTML document.
    pub page: bool,
    pub raw_controls: bool,
}

/// --in html.
pub struct HtmlIn {
    /// --skip-tags, lower case, or None for the linkifier's own.
    pub skip_tags: Option<Vec<String>>,
}

/// `urlx pick`.
#[cfg(feature = "pick")]
pub struct Pick {
    pub run: Option<String>,
    pub headers: bool,
    pub keep_open: bool,
    pub max_message: u64,
}

/// `urlx parse`.
pub struct Parse {
    pub strict: bool,
    pub uris: Vec<String>,
}

/// `urlx resolve`.
pub struct Resolve {
    pub compat: urlx::uri::Compat,
    pub base: String,
    pub refs: Vec<String>,
}

impl Config {
    /// Resolves the command line; the error is said as it is (`urlx: `
    /// before it), and names the flag or file at fault.
    pub fn resolve(cli: flags::Cli) -> Result<Config, String> {
        let a = cli.extract;
        crate::conflicts::check_build(&a)?;
        crate::conflicts::check(&a)?;
        let job = match cli.command {
            None => None,
            Some(flags::Command::Parse(p)) => Some(Job::Parse(Parse {
                strict: p.strict,
                uris: p.uris,
            })),
            Some(flags::Command::Resolve(r)) => Some(Job::Resolve(Resolve {
                compat: r.compat.into(),
                base: r.base,
                refs: r.refs,
            })),
            Some(flags::Command::Generate { what }) => Some(Job::Generate(what)),
            #[cfg(feature = "pick")]
            Some(flags::Command::Pick(p)) => return pick(p),
        };
        // The subcommands take none of the finder's flags.
        let finder = match job {
            None => finder(&a)?,
            Some(_) => urlx::Finder::new(),
        };
        let keep = Arc::new(Keep::from_args(&a.filter, headers(&a))?);
        let job = match job {
            Some(job) => job,
            None => main_job(&a)?,
        };
        let reading = reading(&a);
        Ok(Config {
            job,
            finder,
            keep,
            inputs: Inputs {
                paths: a.paths,
                walk: walk::Options {
                    hidden: a.hidden,
                    no_ignore: a.no_ignore,
                },
            },
            reading,
        })
    }
}

/// The finder the flags configure. An error names the flag as it is
/// typed (`--max-url-len`).
fn finder(a: &ExtractArgs) -> Result<urlx::Finder, String> {
    let mut b = urlx::FinderBuilder::new();
    #[cfg(feature = "domains")]
    b.domains(a.domains);
    b.uts58(a.uts58)
        .email(a.email)
        .abbreviated(!a.no_www)
        .join_unhyphenated_breaks(a.join_breaks)
        .max_url_len(a.max_url_len)
        .max_wrapper_bytes(a.max_wrapper_bytes)
        .max_wrapper_lines(a.max_wrapper_lines)
        .max_line_len(a.max_line_len)
        .build()
        .map_err(|e| match e {
            urlx::BuildError::ZeroLimit(field) => {
                format!("--{} must be at least 1", field.replace('_', "-"))
            }
            e => e.to_string(),
        })
}

/// The main job, --html/--hyperlink, or --in html.
fn main_job(a: &ExtractArgs) -> Result<Job, String> {
    if a.input_format == InFormat::Html {
        let skip_tags = a.skip_tags.as_ref().map(|tags| {
            tags.iter()
                .map(|t| t.trim().to_ascii_lowercase())
                .filter(|t| !t.is_empty())
                .collect()
        });
        return Ok(Job::HtmlIn(HtmlIn { skip_tags }));
    }
    if a.html || a.html_page || a.hyperlink {
        return Ok(Job::Render(Render {
            html: a.html || a.html_page,
            page: a.html_page,
            raw_controls: a.raw_controls,
        }));
    }
    Ok(Job::Extract(print(a)?))
}

/// `urlx pick`: its own paths and --max-message, the filters of the main
/// job, the default finder, header fields' links kept for `h`.
#[cfg(feature = "pick")]
fn pick(p: flags::PickArgs) -> Result<Config, String> {
    let keep = Keep::from_args(&p.filter, Headers::Both)?;
    Ok(Config {
        job: Job::Pick(Pick {
            run: p.run,
            headers: p.headers,
            keep_open: p.keep_open,
            max_message: p.max_message.unwrap_or(MAX_MESSAGE),
        }),
        finder: urlx::Finder::new(),
        keep: Arc::new(keep),
        inputs: Inputs {
            paths: p.paths,
            walk: walk::Options {
                hidden: false,
                no_ignore: false,
            },
        },
        // (The picker reads each input whole, up to its own --max-message.)
        reading: reading(&ExtractArgs::default()),
    })
}

/// --no-headers and --headers-only.
fn headers(a: &ExtractArgs) -> Headers {
    if a.no_headers {
        Headers::Body
    } else if a.headers_only {
        Headers::Only
    } else {
        Headers::Both
    }
}

/// How inputs are read.
fn reading(a: &ExtractArgs) -> Reading {
    let mail = if a.mail {
        MailMode::Always
    } else if a.no_mail {
        MailMode::Never
    } else {
        MailMode::Sniff
    };
    Reading {
        mail,
        binary_ok: a.binary,
        decompress: !a.no_decompress,
        max_decompressed: a.max_decompressed.unwrap_or(4 << 30),
        #[cfg(feature = "compressed")]
        limits: limits(a),
        max_message: usize::try_from(a.max_message.unwrap_or(MAX_MESSAGE)).unwrap_or(usize::MAX),
        piece_size: a.piece_size.unwrap_or(PIECE_SIZE).max(1),
        // A piece size asked for (by tests) sends every input through the
        // pieces.
        whole_max: if a.refang {
            REFANG_MAX
        } else if a.piece_size.is_some() {
            0
        } else {
            WHOLE_FILE_MAX
        },
        refang: a.refang,
        verbose: a.verbose,
        threads: a.threads.unwrap_or(0),
    }
}

/// --max-dictionary, or its default, in the decoders' limits.
#[cfg(feature = "compressed")]
fn limits(a: &ExtractArgs) -> urlx::unpack::Limits {
    let mut limits = urlx::unpack::Limits::default();
    if let Some(d) = a.max_dictionary {
        limits.dictionary = d;
    }
    limits
}

/// How the main job prints.
fn print(a: &ExtractArgs) -> Result<Print, String> {
    let template = a.format.as_deref().map(Template::parse).transpose()?;
    let mode = if a.json {
        PrintMode::Json
    } else if template.is_some() {
        PrintMode::Format
    } else if a.count {
        PrintMode::Count
    } else if a.only_url {
        PrintMode::OnlyUrl
    } else {
        PrintMode::Lines
    };
    let color = match a.color {
        ColorArg::Always => true,
        ColorArg::Never => false,
        ColorArg::Auto => {
            std::io::stdout().is_terminal()
                && std::env::var_os("NO_COLOR").is_none()
                && std::env::var("TERM").map_or(true, |t| t != "dumb")
        }
    };
    Ok(Print {
        mode,
        template,
        color,
        alt: a.alt,
        normalize: a.normalize,
        unwrap: a.unwrap,
        term: if a.null { 0 } else { b'\n' },
        unique: a.unique,
        stats: a.stats,
        progress: !a.no_progress && std::io::stderr().is_terminal(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    fn resolved(args: &[&str]) -> Result<Config, String> {
        let cli = flags::Cli::try_parse_from(std::iter::once("urlx").chain(args.iter().copied()))
            .map_err(|e| e.to_string())?;
        Config::resolve(cli)
    }

    #[test]
    fn each_job_from_its_flags() {
        let job = |args: &[&str]| resolved(args).unwrap().job;
        assert!(matches!(
            job(&["-o", "-0"]),
            Job::Extract(Print {
                mode: PrintMode::OnlyUrl,
                term: 0,
                ..
            })
        ));
        assert!(matches!(
            job(&["--html-page"]),
            Job::Render(Render {
                html: true,
                page: true,
                ..
            })
        ));
        assert!(matches!(
            job(&["--hyperlink"]),
            Job::Render(Render { html: false, .. })
        ));
        let Job::HtmlIn(h) = job(&["--in", "html", "--skip-tags", " PRE,,code"]) else {
            panic!("not --in html")
        };
        assert_eq!(h.skip_tags, Some(vec!["pre".to_owned(), "code".to_owned()]));
        assert!(matches!(
            job(&["parse", "--strict"]),
            Job::Parse(Parse { strict: true, .. })
        ));
    }

    #[test]
    fn reading_from_its_flags() {
        let r = resolved(&["--piece-size", "5"]).unwrap().reading;
        assert_eq!((r.piece_size, r.whole_max), (5, 0));
        let r = resolved(&["--refang"]).unwrap().reading;
        assert_eq!(r.whole_max, REFANG_MAX);
        let r = resolved(&["--max-message", "1K", "--no-mail"])
            .unwrap()
            .reading;
        assert!(r.max_message == 1024 && r.mail == MailMode::Never);
        assert_eq!(resolved(&[]).unwrap().reading.whole_max, WHOLE_FILE_MAX);
    }

    #[test]
    fn errors_name_the_flag() {
        let e = |args: &[&str]| resolved(args).err().unwrap_or_default();
        assert_eq!(
            e(&["--max-url-len", "0"]),
            "--max-url-len must be at least 1"
        );
        assert!(e(&["--format", "{nofield}"]).contains("nofield"));
        assert!(e(&["-v"]).contains("--invert-match"));
        assert!(e(&["--json", "--alt"]).contains("--alt"));
    }
}
