//! Options that cannot apply together are refused, each with a message
//! that says why, rather than silently ignored. (Pairs clap refuses by
//! itself, such as `--json -o`, are declared on the flags.)

use super::flags::{ColorArg, ExtractArgs, InFormat};

/// Refuses the options of inputs this build cannot read (built without
/// the `compressed` feature), rather than ignore them.
pub fn check_build(a: &ExtractArgs) -> Result<(), String> {
    if !cfg!(feature = "compressed")
        && (a.no_decompress || a.max_decompressed.is_some() || a.max_dictionary.is_some())
    {
        return Err(
            "this urlx is built without compressed inputs (cargo feature \
             `compressed`): --no-decompress, --max-decompressed and \
             --max-dictionary do not apply"
                .into(),
        );
    }
    if !cfg!(feature = "domains") && a.domains {
        return Err(
            "this urlx is built without the public suffix list (cargo feature \
             `domains`): --domains does not apply"
                .into(),
        );
    }
    Ok(())
}

/// The first combination of the main job's flags that cannot apply.
pub fn check(a: &ExtractArgs) -> Result<(), String> {
    html_in(a)?;
    if let Some(r) = rendering(a) {
        return render(a, r);
    }
    if let Some(h) = headers(a) {
        if a.no_mail {
            return Err(format!(
                "{h} does not apply with --no-mail: plain text has no header fields"
            ));
        }
    }
    uts58(a)?;
    printing(a)
}

/// --no-headers or --headers-only, as typed.
fn headers(a: &ExtractArgs) -> Option<&'static str> {
    if a.no_headers {
        Some("--no-headers")
    } else if a.headers_only {
        Some("--headers-only")
    } else {
        None
    }
}

/// --in html, and --skip-tags without it.
fn html_in(a: &ExtractArgs) -> Result<(), String> {
    if a.input_format == InFormat::Html {
        let refused: [(bool, &str, &str); 8] = [
            (a.html, "--html", "it writes the document back as HTML"),
            (
                a.html_page,
                "--html-page",
                "it writes the document back as HTML",
            ),
            (
                a.hyperlink,
                "--hyperlink",
                "it writes the document back as HTML",
            ),
            (a.mail, "--mail", "an HTML document is not mail"),
            (a.no_mail, "--no-mail", "an HTML document is not mail"),
            (
                a.no_decompress,
                "--no-decompress",
                "an HTML document is read as it is",
            ),
            (
                a.max_decompressed.is_some(),
                "--max-decompressed",
                "an HTML document is read as it is",
            ),
            (
                a.max_message.is_some(),
                "--max-message",
                "an HTML document is not mail",
            ),
        ];
        if let Some((_, flag, why)) = refused.iter().find(|(on, ..)| *on) {
            return Err(format!("{flag} does not apply with --in html: {why}"));
        }
    } else if a.skip_tags.is_some() {
        return Err("--skip-tags applies only with --in html".into());
    }
    Ok(())
}

/// The flag of a job that writes the text back, if one is given.
fn rendering(a: &ExtractArgs) -> Option<&'static str> {
    if a.input_format == InFormat::Html {
        Some("--in html")
    } else if a.hyperlink {
        Some("--hyperlink")
    } else if a.html_page {
        Some("--html-page")
    } else if a.html {
        Some("--html")
    } else {
        None
    }
}

/// What a job that writes the text back (`r`) cannot apply.
fn render(a: &ExtractArgs, r: &str) -> Result<(), String> {
    let writes_text = format!("{r} writes the text back with its links");
    let refused: [(bool, &str, &str); 13] = [
        (a.json, "--json", "not the links alone"),
        (a.unwrap, "--unwrap", "each link to the URL as written"),
        (a.refang, "--refang", "never a defanged URL as a link"),
        (a.count, "-c", "not the links alone"),
        (a.only_url, "-o", "not the links alone"),
        (a.format.is_some(), "--format", "not the links alone"),
        (a.unique, "-u", "each link where it stands, repeats too"),
        (a.alt, "--alt", "one URL a link"),
        (
            a.normalize,
            "--normalize",
            "each link to the URL as written",
        ),
        (a.null, "-0", "not records"),
        (a.stats, "--stats", "and counts nothing"),
        (
            a.color == ColorArg::Always,
            "--color always",
            "without colors",
        ),
        (
            a.binary,
            "--binary",
            "binary or not, its control bytes shown",
        ),
    ];
    if let Some((_, flag, why)) = refused.iter().find(|(on, ..)| *on) {
        return Err(format!("{flag} does not apply: {writes_text}, {why}"));
    }
    if let Some(h) = headers(a) {
        return Err(format!(
            "{h} does not apply: {r} shows a message's header fields as text, without links"
        ));
    }
    Ok(())
}

/// What --uts58 has rules of its own for.
fn uts58(a: &ExtractArgs) -> Result<(), String> {
    if a.uts58 {
        // (The wrapper caps, which have defaults, clap refuses when given.)
        let refused: [(bool, &str, &str); 4] = [
            (
                a.email,
                "--email",
                "it finds e-mail addresses by its own rules",
            ),
            (
                a.domains,
                "--domains",
                "it finds domain names by IANA's TLD list",
            ),
            (
                a.no_www,
                "--no-www",
                "it finds www. hosts as any domain name",
            ),
            (
                a.join_breaks,
                "--join-breaks",
                "a link ends at its line's end",
            ),
        ];
        if let Some((_, flag, why)) = refused.iter().find(|(on, ..)| *on) {
            return Err(format!("{flag} does not apply with --uts58: {why}"));
        }
    }
    Ok(())
}

/// The printing flags of the main job that cannot apply together.
fn printing(a: &ExtractArgs) -> Result<(), String> {
    if a.alt && (a.json || a.format.is_some() || a.count) {
        let (flag, why) = if a.json {
            ("--json", "its \"alt\" field holds the alternative reading")
        } else if a.count {
            ("-c", "it counts links, it prints no URL")
        } else {
            ("--format", "write {alt} in the template")
        };
        return Err(format!("--alt does not apply with {flag}: {why}"));
    }
    if a.count && a.normalize && !a.unique {
        return Err(
            "--normalize does not apply with -c alone: the count is the same (with -u, each \
             normalized URL counts once)"
                .into(),
        );
    }
    if let Some(t) = &a.format {
        if a.normalize && !a.unique && !t.contains("{normalized}") {
            return Err(
                "--normalize does not apply to this --format: write {normalized} in the \
                 template (with -u, each normalized URL is printed once)"
                    .into(),
            );
        }
    }
    if a.color == ColorArg::Always && (a.json || a.format.is_some()) {
        let flag = if a.json { "--json" } else { "--format" };
        return Err(format!(
            "--color always does not apply with {flag}, which is never colored"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::flags::Cli;
    use clap::Parser;

    fn checked(args: &[&str]) -> Result<(), String> {
        let cli = Cli::try_parse_from(std::iter::once("urlx").chain(args.iter().copied()))
            .map_err(|e| e.to_string())?;
        check(&cli.extract)
    }

    #[test]
    fn rendering_refuses_what_it_cannot_apply() {
        for (flag, extra) in [
            ("-u", &[][..]),
            ("--stats", &[]),
            ("--alt", &[]),
            ("--normalize", &[]),
            ("-0", &[]),
            ("--binary", &[]),
            ("--no-headers", &[]),
            ("--headers-only", &[]),
            ("--color", &["always"][..]),
            ("--json", &[]),
            ("--format", &["{url}"]),
        ] {
            for render in ["--html", "--html-page", "--hyperlink"] {
                let mut args = vec![render, flag];
                args.extend(extra);
                let e = checked(&args).unwrap_err();
                assert!(
                    e.contains(flag) || e.contains("cannot be used with"),
                    "{args:?}: {e}"
                );
            }
        }
        assert!(checked(&["--html", "--scheme", "ftp", "-e", "x", "--color", "never"]).is_ok());
    }

    #[test]
    fn scanning_refuses_what_it_cannot_apply() {
        assert!(checked(&["--json", "--alt"])
            .unwrap_err()
            .contains("\"alt\" field"));
        assert!(checked(&["-c", "--alt"]).is_err());
        assert!(checked(&["--format", "{url}", "--alt"])
            .unwrap_err()
            .contains("{alt}"));
        assert!(checked(&["-c", "--normalize"]).is_err());
        assert!(checked(&["-c", "-u", "--normalize"]).is_ok());
        assert!(checked(&["--format", "{url}", "--normalize"]).is_err());
        assert!(checked(&["--format", "{normalized}", "--normalize"]).is_ok());
        assert!(checked(&["--no-mail", "--no-headers"]).is_err());
        assert!(checked(&["--json", "--color", "always"]).is_err());
        assert!(checked(&["-o", "--alt", "--no-headers", "--color", "always"]).is_ok());
    }

    #[test]
    fn uts58_refuses_the_options_it_has_rules_for() {
        for flag in ["--email", "--domains", "--no-www", "--join-breaks"] {
            let e = checked(&["--uts58", flag]).unwrap_err();
            assert!(e.contains(flag) && e.contains("--uts58"), "{e}");
        }
        for cap in ["--max-wrapper-bytes", "--max-wrapper-lines"] {
            assert!(checked(&["--uts58", cap, "4"]).is_err(), "{cap}");
        }
        assert!(checked(&["--uts58", "--max-url-len", "100", "--json"]).is_ok());
    }
}
