//! What the picker does with a URL: run a command on it, or copy it to the
//! terminal's clipboard (OSC 52).
//!
//! The command is split into words here, as a shell would split them, and
//! run without a shell: the URL is one argument of its own, so whatever it
//! holds (`;`, `$(...)`, quotes) is never read as shell syntax.

use std::fmt;
use std::fs::File;
use std::process::{Command, Stdio};

/// Why a command line could not be split.
#[derive(Debug, PartialEq, Eq)]
pub enum SplitError {
    Unclosed(char),
    Empty,
}

impl fmt::Display for SplitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SplitError::Unclosed(q) => write!(f, "a {q} quote is not closed"),
            SplitError::Empty => f.write_str("no command"),
        }
    }
}

/// `cmd` in words, as `sh` splits them: blanks separate words; '...'
/// keeps everything literally; "..." keeps everything but `\` before
/// `"`, `\`, `$`, `` ` `` and a line end; a `\` outside quotes keeps the
/// next character. Nothing is expanded (no `$VAR`, no `~`, no globs).
pub fn split(cmd: &str) -> Result<Vec<String>, SplitError> {
    let mut words = Vec::new();
    let mut word = String::new();
    // A word was started: `''` is an empty word, not none.
    let mut started = false;
    let mut chars = cmd.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' => {
                if started {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            '\'' => {
                started = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err(SplitError::Unclosed('\'')),
                    }
                }
            }
            '"' => {
                started = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.peek() {
                            Some(&n @ ('"' | '\\' | '$' | '`')) => {
                                word.push(n);
                                chars.next();
                            }
                            Some('\n') => {
                                chars.next();
                            }
                            _ => word.push('\\'),
                        },
                        Some(c) => word.push(c),
                        None => return Err(SplitError::Unclosed('"')),
                    }
                }
            }
            '\\' => {
                started = true;
                match chars.next() {
                    Some('\n') | None => {}
                    Some(n) => word.push(n),
                }
            }
            c => {
                started = true;
                word.push(c);
            }
        }
    }
    if started {
        words.push(word);
    }
    if words.is_empty() {
        return Err(SplitError::Empty);
    }
    Ok(words)
}

/// The words to run for `url`: `{}` in a word is replaced by the URL;
/// without any `{}`, the URL is one more word at the end.
pub fn argv(words: &[String], url: &str) -> Vec<String> {
    if words.iter().any(|w| w.contains("{}")) {
        words.iter().map(|w| w.replace("{}", url)).collect()
    } else {
        let mut v = words.to_vec();
        v.push(url.to_owned());
        v
    }
}

/// How a URL is opened: `--run`'s command (the URL for `{}`, else one more
/// argument), or `$BROWSER` as its convention has it: a colon-separated
/// list of commands tried in order until one succeeds, `%s` in a command
/// replaced by the URL (`%%` is `%`), else the URL one more argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opener {
    Run(Vec<String>),
    Browser(Vec<Vec<String>>),
}

/// The opener: `run` when given; else `$BROWSER` (`browser`) when set;
/// else the desktop's (`xdg-open`, `open` on macOS). The error names the
/// command that could not be split.
pub fn opener(run: Option<&str>, browser: Option<&str>) -> Result<Opener, String> {
    let words = |c: &str, what: &str| split(c).map_err(|e| format!("{what} {c:?}: {e}"));
    if let Some(cmd) = run {
        return Ok(Opener::Run(words(cmd, "--run")?));
    }
    match browser.filter(|b| !b.trim().is_empty()) {
        Some(b) => {
            let list = b
                .split(':')
                .filter(|c| !c.trim().is_empty())
                .map(|c| words(c, "$BROWSER"))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Opener::Browser(list))
        }
        None if cfg!(target_os = "macos") => Ok(Opener::Run(vec!["open".into()])),
        None => Ok(Opener::Run(vec!["xdg-open".into()])),
    }
}

impl Opener {
    /// Opens `url`: the commands in turn until one runs and succeeds; each
    /// gets the terminal (`/dev/tty`) as its standard input. The error
    /// says why each failed.
    pub fn open(&self, url: &str) -> Result<(), String> {
        let tty = || File::open("/dev/tty").ok();
        match self {
            Opener::Run(words) => run(&argv(words, url), tty()),
            Opener::Browser(list) => {
                let mut errors = Vec::new();
                for words in list {
                    match run(&browser_argv(words, url), tty()) {
                        Ok(()) => return Ok(()),
                        Err(e) => errors.push(e),
                    }
                }
                Err(errors.join("; "))
            }
        }
    }
}

/// A `$BROWSER` command's words for `url`: `%s` replaced by the URL and
/// `%%` by `%`; without any `%s`, the URL is one more word at the end.
pub fn browser_argv(words: &[String], url: &str) -> Vec<String> {
    let fill = |w: &str| {
        let mut out = String::new();
        let mut chars = w.chars().peekable();
        while let Some(c) = chars.next() {
            match (c, chars.peek()) {
                ('%', Some('s')) => {
                    out.push_str(url);
                    chars.next();
                }
                ('%', Some('%')) => {
                    out.push('%');
                    chars.next();
                }
                _ => out.push(c),
            }
        }
        out
    };
    if words.iter().any(|w| w.contains("%s")) {
        words.iter().map(|w| fill(w)).collect()
    } else {
        let mut v: Vec<String> = words.iter().map(|w| fill(w)).collect();
        v.push(url.to_owned());
        v
    }
}

/// Runs `argv` and waits for it. Its standard input is the terminal (the
/// picker's own may be the piped message, already read), so a terminal
/// browser (`w3m`, `lynx`) can be used; its output goes where the
/// picker's goes.
pub fn run(argv: &[String], tty: Option<File>) -> Result<(), String> {
    let (prog, args) = argv.split_first().ok_or("no command")?;
    let stdin = tty.map_or_else(Stdio::null, Stdio::from);
    let status = Command::new(prog)
        .args(args)
        .stdin(stdin)
        .status()
        .map_err(|e| format!("{prog}: {}", crate::walk::reason(&e)))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{prog}: {status}"))
    }
}

/// The OSC 52 sequence that sets the clipboard to `text`: `ESC ] 52 ; c ;`,
/// the text in base64, BEL. The base64 alphabet holds no control
/// character, so the URL cannot end the sequence early.
pub fn osc52(text: &str) -> Vec<u8> {
    let mut out = b"\x1b]52;c;".to_vec();
    out.extend_from_slice(base64(text.as_bytes()).as_bytes());
    out.push(0x07);
    out
}

/// Standard base64 (RFC 4648 section 4) with padding.
pub fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for k in 0..4 {
            if k <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * k) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        split(s).unwrap()
    }

    #[test]
    fn splits_like_a_shell() {
        assert_eq!(words("firefox --new-tab"), ["firefox", "--new-tab"]);
        assert_eq!(words("  a   b\tc \n"), ["a", "b", "c"]);
        assert_eq!(
            words(r#"sh -c 'printf %s "$1" > out' sh"#),
            ["sh", "-c", r#"printf %s "$1" > out"#, "sh"]
        );
        assert_eq!(words(r#""a b"c 'd e'"#), ["a bc", "d e"]);
        assert_eq!(words(r#""x\"y\\z\$w\n""#), [r#"x"y\z$w\n"#]);
        assert_eq!(words(r"a\ b c\'d"), ["a b", "c'd"]);
        assert_eq!(words("'' x \"\""), ["", "x", ""]);
        assert_eq!(words("$HOME ~ *"), ["$HOME", "~", "*"]);
        assert_eq!(split("a 'b"), Err(SplitError::Unclosed('\'')));
        assert_eq!(split("a \"b"), Err(SplitError::Unclosed('"')));
        assert_eq!(split("   "), Err(SplitError::Empty));
    }

    #[test]
    fn url_is_one_argument() {
        let url = "http://a.example/;rm -rf ~;$(reboot)`id`'\"&x=1";
        assert_eq!(argv(&words("xdg-open"), url), ["xdg-open", url]);
        assert_eq!(
            argv(&words("firefox --new-window {} --x=<{}>"), url),
            ["firefox", "--new-window", url, &format!("--x=<{url}>")]
        );
    }

    #[test]
    fn runs_without_a_shell() {
        // Through a shell the `;` would run `false` or `touch`; here the
        // whole URL is `true`'s one (ignored) argument.
        let dir = std::env::temp_dir().join(format!("urlx-pick-open-{}", std::process::id()));
        let url = format!("http://a.example/;touch {}", dir.display());
        assert_eq!(run(&argv(&words("true"), &url), None), Ok(()));
        assert!(!dir.exists());
        let e = run(&words("false"), None).unwrap_err();
        assert!(e.starts_with("false: exit status: 1"), "{e}");
        let e = run(&words("/nonexistent/urlx-opener"), None).unwrap_err();
        assert_eq!(e, "/nonexistent/urlx-opener: No such file or directory");
    }

    /// `$BROWSER` as its convention has it: a colon-separated list tried in
    /// order, `%s` the URL, `%%` a `%`.
    #[test]
    fn browser_list_tried_in_order() {
        let url = "http://a.example/%41;x";
        let o = opener(None, Some("firefox %s:w3m -T text/html '%s' 100%%:lynx")).unwrap();
        let Opener::Browser(list) = &o else {
            panic!("{o:?}")
        };
        assert_eq!(browser_argv(&list[0], url), ["firefox", url]);
        assert_eq!(
            browser_argv(&list[1], url),
            ["w3m", "-T", "text/html", url, "100%"]
        );
        assert_eq!(browser_argv(&list[2], url), ["lynx", url]);
        // The first that runs and succeeds opens it.
        let o = opener(None, Some("/nonexistent/urlx-b1 %s:false:true")).unwrap();
        assert_eq!(o.open(url), Ok(()));
        let e = opener(None, Some("false:/nonexistent/urlx-b2"))
            .unwrap()
            .open(url)
            .unwrap_err();
        assert!(
            e.starts_with("false: exit status: 1; /nonexistent/urlx-b2: "),
            "{e}"
        );
        // --run wins; `{}` is its placeholder.
        assert_eq!(
            opener(Some("echo {}"), Some("firefox")).unwrap(),
            Opener::Run(vec!["echo".into(), "{}".into()])
        );
        assert_eq!(
            opener(None, None).unwrap(),
            Opener::Run(vec![if cfg!(target_os = "macos") {
                "open"
            } else {
                "xdg-open"
            }
            .into()])
        );
        assert!(opener(None, Some("a 'b"))
            .unwrap_err()
            .starts_with("$BROWSER \"a 'b\""));
    }

    #[test]
    fn base64_by_hand() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foob"), "Zm9vYg==");
        assert_eq!(base64(&[0xfb, 0xff, 0xfe]), "+//+");
    }

    #[test]
    fn osc52_for_a_url() {
        // "http://a.b/" is 68 74 74 70 3a 2f 2f 61 2e 62 2f: in groups of
        // six bits 011010 000111 010001 110100 | 011100 000011 101000
        // 101111 | 001011 110110 000100 101110 | 011000 100010 1111(00):
        // a H R 0 | c D o v | L 2 E u | Y i 8 =.
        assert_eq!(osc52("http://a.b/"), b"\x1b]52;c;aHR0cDovL2EuYi8=\x07");
    }
}
