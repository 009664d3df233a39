//! `-h` is a summary that fits a screen, `--help` the whole; the usage
//! line says how the command is called (PATH optional, standard input
//! when none), also under the error of a refused pair of flags.

mod common;
use common::urlx;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn short_help_is_one_screen_with_the_output_and_three_examples() {
    let o = urlx(&["-h"]);
    assert_eq!(o.status.code(), Some(0));
    let h = text(&o.stdout);
    assert!(h.lines().count() <= 55, "{} lines:\n{h}", h.lines().count());
    assert!(h.contains("Output: path:line:url"), "{h}");
    let examples = h.split("Examples:").nth(1).unwrap_or_default();
    let shown = examples.lines().filter(|l| l.starts_with("  urlx")).count();
    assert_eq!(shown, 3, "{h}");
    // One line a flag: a summary, not the explanation.
    assert!(h.contains("  -o, --only-url           Print only the URL, without path and line\n"));
    assert!(!h.contains("Example: urlx"), "{h}");
}

#[test]
fn long_help_holds_every_flag_explained() {
    let h = text(&urlx(&["--help"]).stdout);
    for flag in [
        "--max-wrapper-lines",
        "--max-dictionary",
        "--skip-tags",
        "--raw-controls",
        "--no-progress",
        "--host-file",
        "--headers-only",
        "--refang",
    ] {
        assert!(h.contains(flag), "--help lacks {flag}");
    }
    // The explanations and their examples, and the long list of examples.
    assert!(h.contains("RFC 8792"), "{h}");
    assert!(
        h.contains("Example: urlx --max-wrapper-lines 4 msg.txt"),
        "{h}"
    );
    assert!(h.contains("urlx resolve 'http://a/b/c/d;p?q'"), "{h}");
    assert!(h.contains("the other inputs are still read"), "{h}");
    assert!(h.len() > 3 * text(&urlx(&["-h"]).stdout).len());
}

#[test]
fn a_refused_pair_shows_the_real_usage() {
    let o = urlx(&["--json", "-o", "x"]);
    assert_eq!(o.status.code(), Some(2));
    let e = text(&o.stderr);
    assert!(e.contains("Usage: urlx [OPTIONS] [PATH]..."), "{e}");
    assert!(!e.contains("<PATH>"), "{e}");
    assert!(e.contains("urlx <COMMAND>"), "{e}");
    let e = text(&urlx(&["parse", "--bogus"]).stderr);
    assert!(e.contains("Usage: urlx parse [--strict] [URI]..."), "{e}");
    let e = text(&urlx(&["resolve", "http://a/"]).stderr);
    assert!(
        e.contains("Usage: urlx resolve [--compat MODE] <BASE> <REF>..."),
        "{e}"
    );
}
