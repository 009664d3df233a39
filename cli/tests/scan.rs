//! The `urlx` command over files, folders and standard input:
//! every output option, the exit statuses, errors that name the path, and
//! output that does not depend on the thread count.

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output, Stdio};
mod common;
use common::{urlx, urlx_in, urlx_stdin, TempDir};

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

const SAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../corpora/sample.mbox");

/// The sample's links with their lines, read off the file: the header's
/// list links, wrapped URLs joined (C-W1, C-W3), the quoted reply's copies,
/// spaces inside `<…>` removed (C-W4); no address, message id or time.
const SAMPLE_LINKS: [(u64, &str); 16] = [
    (7, "https://lists.example.org/archive/urlx-users/"),
    (
        8,
        "mailto:urlx-users-request@lists.example.org?subject=unsubscribe",
    ),
    (
        12,
        "ftp://ftp.example.org/pub/ietf/uri/draft-ietf-uri-url-03.txt",
    ),
    (14, "https://www.example.org/Addressing/URL/Overview.html"),
    (16, "http://www.example.org/Addressing/"),
    (17, "ftp://ds.internic.net/rfc/"),
    (
        18,
        "http://www.example.edu/pub/ietf/uri/historical.html#WARNING",
    ),
    (
        32,
        "ftp://ftp.example.org/pub/ietf/uri/draft-ietf-uri-url-03.txt",
    ),
    (34, "https://www.example.org/Addressing/URL/Overview.html"),
    (36, "http://www.example.com/mirrors"),
    (
        37,
        "http://en.wikipedia.org/wiki/Uniform_Resource_Locator_(URL)",
    ),
    (38, "http://www.example-corp.com/papers/url-in-context.pdf"),
    (45, "news:comp.infosystems.www.misc"),
    (55, "http://www.example.org/URI/archive/index.html"),
    (56, "http://例え.jp/パス?q=1"),
    (57, "https://example.com/MyDocuments/report.txt"),
];

/// The sample's URLs, each once, in the order first seen.
fn sample_unique() -> Vec<&'static str> {
    let mut v: Vec<&str> = Vec::new();
    for (_, u) in SAMPLE_LINKS {
        if !v.contains(&u) {
            v.push(u);
        }
    }
    v
}

#[test]
fn readme_command_prints_the_sample_urls() {
    let o = urlx(&[SAMPLE]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    // One file: `line:url`, no path.
    let want: Vec<String> = SAMPLE_LINKS
        .iter()
        .map(|(line, u)| format!("{line}:{u}"))
        .collect();
    assert_eq!(out.lines().collect::<Vec<_>>(), want, "{out}");
}

#[test]
fn only_url_unique_and_null() {
    let o = urlx(&["-o", SAMPLE]);
    let all: Vec<&str> = SAMPLE_LINKS.iter().map(|(_, u)| *u).collect();
    assert_eq!(stdout(&o).lines().collect::<Vec<_>>(), all);
    let o = urlx(&["-o", "-u", SAMPLE]);
    let out = stdout(&o);
    assert_eq!(out.lines().collect::<Vec<_>>(), sample_unique(), "{out}");
    assert_eq!(sample_unique().len(), 14);
    let o = urlx(&["-0", "-o", "-u", SAMPLE]);
    let recs: Vec<&[u8]> = o
        .stdout
        .split(|&b| b == 0)
        .filter(|r| !r.is_empty())
        .collect();
    let want: Vec<&[u8]> = sample_unique().iter().map(|u| u.as_bytes()).collect();
    assert_eq!(recs, want);
    assert!(!o.stdout.contains(&b'\n'));
}

#[test]
fn json_has_the_contract_fields() {
    let o = urlx(&["--json", "--normalize", SAMPLE]);
    let rows: Vec<Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let got: Vec<(u64, &str)> = rows
        .iter()
        .map(|r| (r["line"].as_u64().unwrap(), r["url"].as_str().unwrap()))
        .collect();
    assert_eq!(got, SAMPLE_LINKS);
    let r = &rows[2];
    for k in [
        "path",
        "line",
        "column",
        "start",
        "end",
        "url",
        "form",
        "alt",
        "scheme",
        "host",
        "normalized",
    ] {
        assert!(r.get(k).is_some(), "{k} missing in {r}");
    }
    assert_eq!(
        r["url"],
        "ftp://ftp.example.org/pub/ietf/uri/draft-ietf-uri-url-03.txt"
    );
    assert_eq!(r["form"], "url-prefix");
    assert_eq!(r["scheme"], "ftp");
    assert_eq!(r["host"], "ftp.example.org");
    assert_eq!(r["line"], 12);
    // start/end are byte offsets of the URL's text in the file.
    let text = std::fs::read(SAMPLE).unwrap();
    let (s, e) = (
        r["start"].as_u64().unwrap() as usize,
        r["end"].as_u64().unwrap() as usize,
    );
    assert!(text[s..e].starts_with(b"ftp://ftp.example.org/pub/ietf/uri/\ndraft"));
    let hyphen = rows
        .iter()
        .find(|r| r["url"] == "http://www.example-corp.com/papers/url-in-context.pdf")
        .unwrap();
    assert_eq!(
        hyphen["alt"],
        "http://www.examplecorp.com/papers/url-in-context.pdf"
    );
    assert!(rows[0]["alt"].is_null());
}

#[test]
fn count_alt_and_filters() {
    let o = urlx(&["-c", SAMPLE]);
    assert_eq!(stdout(&o), "16\n");
    let o = urlx(&["--alt", SAMPLE]);
    assert_eq!(stdout(&o).lines().count(), 18);
    // The alternative reading follows its URL, marked.
    assert!(stdout(&o).contains(
        "38:http://www.example-corp.com/papers/url-in-context.pdf\n38:http://www.examplecorp.com/papers/url-in-context.pdf [alternative]\n"
    ));
    let o = urlx(&["-o", "--scheme", "FTP,news", SAMPLE]);
    assert_eq!(
        stdout(&o),
        "ftp://ftp.example.org/pub/ietf/uri/draft-ietf-uri-url-03.txt\nftp://ds.internic.net/rfc/\nftp://ftp.example.org/pub/ietf/uri/draft-ietf-uri-url-03.txt\nnews:comp.infosystems.www.misc\n"
    );
    let o = urlx(&["-o", "--form", "abbreviated", SAMPLE]);
    assert_eq!(stdout(&o), "http://www.example.com/mirrors\n");
    let o = urlx(&["-o", "--scheme", "gopher", SAMPLE]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).is_empty());
}

#[test]
fn email_www_and_caps_options() {
    let o = urlx_stdin(
        &["-o", "--email", "--no-www"],
        b"mail bob@example.net or see www.example.com\n",
    );
    assert_eq!(stdout(&o), "mailto:bob@example.net\n");
    let o = urlx_stdin(&["-o", "--join-breaks"], b"http://a.example/x\n/y z\n");
    assert_eq!(stdout(&o), "http://a.example/x/y\n");
    let o = urlx_stdin(
        &["--json", "--max-url-len", "20"],
        b"http://a.example/abcdefghijklmnop\n",
    );
    let v: Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["url"], "http://a.example/abc");
    assert_eq!(v["truncated"], true);
    let o = urlx_stdin(
        &["-o", "--max-wrapper-lines", "1"],
        b"<http://a.example/x\ny>\n",
    );
    assert_eq!(stdout(&o), "http://a.example/x\n");
    let o = urlx(&["--max-url-len", "0", SAMPLE]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stderr(&o), "urlx: --max-url-len must be at least 1\n");
}

#[test]
fn stdin_dash_and_implicit() {
    let o = urlx_stdin(&[], b"see <http://a.example/\n  x>\n");
    assert_eq!(stdout(&o), "1:http://a.example/x\n");
    assert_eq!(o.status.code(), Some(0));
    let o = urlx_stdin(&["-"], b"nothing here\n");
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).is_empty());
    // `-` among files: paths shown, stdin as <stdin>.
    let o = urlx_stdin(&["--json", "-", SAMPLE], b"http://a.example/\n");
    let first: Value = serde_json::from_str(stdout(&o).lines().next().unwrap()).unwrap();
    assert_eq!(first["path"], "<stdin>");
}

#[test]
fn folders_recursively_in_sorted_order_with_paths() {
    let d = TempDir::new("tree");
    d.file("b/two.txt", b"http://two.example/\n");
    d.file("a/one.txt", b"x\nhttp://one.example/\n");
    d.file("a/deeper/three.txt", b"ftp://three.example/\n");
    d.file("c.txt", b"no urls\n");
    d.file(".hidden/h.txt", b"http://hidden.example/\n");
    d.file("ignored.log", b"http://ignored.example/\n");
    d.file(".ignore", b"*.log\n");
    let o = urlx_in(&d.0, &["."]);
    assert_eq!(stdout(&o), "a/deeper/three.txt:1:ftp://three.example/\na/one.txt:2:http://one.example/\nb/two.txt:1:http://two.example/\n");
    // A count for each file with links, none for the one without.
    let o = urlx(&["-c", d.path()]);
    let p = d.path();
    assert_eq!(
        stdout(&o),
        format!("{p}/a/deeper/three.txt:1\n{p}/a/one.txt:1\n{p}/b/two.txt:1\n")
    );
    // Hidden files and ignore rules, as rg treats them.
    let o = urlx_in(&d.0, &["-o", "--hidden", "--no-ignore", "."]);
    assert_eq!(
        stdout(&o),
        "http://hidden.example/\nftp://three.example/\nhttp://one.example/\nhttp://two.example/\nhttp://ignored.example/\n"
    );
    // No path and a terminal-less stdin reads stdin, not the folder.
    let o = urlx_in(&d.0, &[]);
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn same_output_whatever_the_thread_count() {
    let d = TempDir::new("threads");
    for i in 0..60 {
        let body =
            format!("file {i}\nhttp://h{i}.example/a-\nb/{i} and <URL:ftp://f{i}.example/x>\n");
        d.file(&format!("d{}/f{i:02}.txt", i % 7), body.as_bytes());
    }
    let one = urlx(&["-j1", "--json", d.path()]);
    let eight = urlx(&["-j8", "--json", d.path()]);
    assert_eq!(one.status.code(), Some(0));
    assert_eq!(stdout(&one).lines().count(), 120);
    assert_eq!(stdout(&one), stdout(&eight));
}

#[test]
fn missing_path_is_named_and_the_rest_still_read() {
    let o = urlx(&["no/such/file.txt", SAMPLE]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("urlx: no/such/file.txt: No such file or directory"),
        "{}",
        stderr(&o)
    );
    assert_eq!(stdout(&o).lines().count(), 16);
}

/// /proc/self/mem cannot be read from offset 0, even by root (Linux only:
/// other systems have no /proc).
#[cfg(target_os = "linux")]
#[test]
fn unreadable_file_is_named_and_the_rest_still_read() {
    assert!(
        Path::new("/proc/self/mem").exists(),
        "/proc/self/mem is missing: /proc is not mounted"
    );
    let o = urlx(&["/proc/self/mem", SAMPLE]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("urlx: /proc/self/mem: "),
        "{}",
        stderr(&o)
    );
    assert_eq!(stdout(&o).lines().count(), 16);
}

/// A file of mode 000 is named with the system's reason. Root reads such a
/// file (CAP_DAC_OVERRIDE), so where this test can read it, as root in
/// CI, the command runs under `setpriv` with the two capabilities that
/// pass over file modes dropped from its bounding set: still root, but
/// refused as any user is.
#[cfg(target_os = "linux")]
#[test]
fn permission_denied_is_named() {
    let d = TempDir::new("perm");
    let p = d.file("secret.txt", b"http://a.example/\n");
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o000)).unwrap();
    let mut cmd = if std::fs::read(&p).is_ok() {
        let mut c = Command::new("setpriv");
        c.args(["--bounding-set=-dac_override,-dac_read_search", "--"])
            .arg(env!("CARGO_BIN_EXE_urlx"));
        c
    } else {
        Command::new(env!("CARGO_BIN_EXE_urlx"))
    };
    let o = cmd
        .arg(&p)
        .arg(SAMPLE)
        .stdin(Stdio::null())
        .output()
        .expect("run urlx (setpriv, from util-linux, where this test reads a mode-000 file)");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(&format!("urlx: {}: Permission denied", p.display())),
        "{}",
        stderr(&o)
    );
    // The rest is still read.
    assert_eq!(stdout(&o).lines().count(), 16);
}

#[test]
fn binary_files_skipped_unless_asked() {
    let d = TempDir::new("binary");
    let bin = d.file("blob.bin", b"\x7fELF\0\0\0 http://in-binary.example/\n");
    d.file("text.txt", b"http://text.example/\n");
    let o = urlx(&["-o", bin.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("blob.bin: binary file skipped"),
        "{}",
        stderr(&o)
    );
    let o = urlx(&["-o", "--binary", bin.to_str().unwrap()]);
    assert_eq!(stdout(&o), "http://in-binary.example/\n");
    // In a folder: named too, and counted by --stats.
    let o = urlx(&["-o", "--stats", d.path()]);
    assert_eq!(stdout(&o), "http://text.example/\n");
    assert!(
        stderr(&o).contains("blob.bin: binary file skipped (--binary reads it)")
            && stderr(&o).contains(", 1 binary skipped"),
        "{}",
        stderr(&o)
    );
    assert!(
        stderr(&o).contains("1 file, ") && stderr(&o).contains(" 1 URL, "),
        "{}",
        stderr(&o)
    );
}

#[test]
fn large_files_are_streamed_with_the_same_links() {
    let d = TempDir::new("large");
    // Over the 16 MiB whole-file limit, with a URL across every 64 KiB read.
    let mut body = Vec::with_capacity(17 << 20);
    let mut n = 0;
    while body.len() < (17 << 20) {
        body.extend_from_slice(
            format!("line {n} see <http://h{n}.example/long/\n  path/{n}> ok\n").as_bytes(),
        );
        body.extend_from_slice(&[b'x'; 200]);
        body.push(b'\n');
        n += 1;
    }
    let big = d.file("big.txt", &body);
    let o = urlx(&["-o", big.to_str().unwrap()]);
    let out = stdout(&o);
    assert_eq!(out.lines().count(), n);
    assert!(out
        .lines()
        .enumerate()
        .all(|(i, l)| l == format!("http://h{i}.example/long/path/{i}")));
}

#[test]
fn color_only_when_asked_or_on_a_terminal() {
    let o = urlx(&[SAMPLE]);
    assert!(!stdout(&o).contains('\x1b'));
    let o = urlx(&["--color", "always", SAMPLE]);
    assert!(stdout(&o).contains("\x1b[1;31mhttps://lists.example.org/archive/urlx-users/\x1b[0m"));
}

#[test]
fn help_and_version() {
    let o = urlx(&["--help"]);
    let h = stdout(&o);
    for flag in [
        "--only-url",
        "--json",
        "--count",
        "--unique",
        "--stats",
        "--scheme",
        "--form",
        "--alt",
        "--null",
        "--color",
        "--threads",
        "--binary",
        "--no-ignore",
        "Examples:",
        "Exit status",
    ] {
        assert!(h.contains(flag), "--help lacks {flag}");
    }
    let o = urlx(&["--version"]);
    assert!(stdout(&o).starts_with("urlx "));
}

#[test]
fn broken_pipe_ends_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_urlx"))
        .args(["-o", SAMPLE, SAMPLE, SAMPLE])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
}

/// --domains: schemeless domain names as links of the form `domain`, off
/// by default; --form picks them; file names, versions and addresses are
/// none.
#[test]
fn domains_as_an_option() {
    let text = "see github.com/foo, setup.py, v1.2.3 and a@b.example.org\n";
    let o = urlx_stdin(&["--domains", "--json"], text);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let rows: Vec<serde_json::Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 1, "{}", stdout(&o));
    assert_eq!(rows[0]["url"], "http://github.com/foo");
    assert_eq!(rows[0]["form"], "domain");
    assert_eq!(rows[0]["host"], "github.com");
    assert_eq!(
        (rows[0]["start"].as_u64(), rows[0]["end"].as_u64()),
        (Some(4), Some(18))
    );
    // Off by default.
    assert_eq!(urlx_stdin(&["-o"], text).status.code(), Some(1));
    // --form domain keeps them alone.
    let o = urlx_stdin(
        &["--domains", "-o", "--form", "domain"],
        "http://a.example/ and example.org\n",
    );
    assert_eq!(stdout(&o), "http://example.org\n");
}
