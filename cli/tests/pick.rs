//! `urlx pick` end to end: the real binary in a real terminal. tmux gives
//! it one (a detached session of a fixed size, on a socket of its own so
//! no other tmux server is touched); the message comes on standard input
//! as mutt's `<pipe-message>` gives it, so the picker must draw and read
//! keys on /dev/tty. The screen is read with `capture-pane`, keys sent
//! with `send-keys`.
//!
//! tmux is required: without it these tests fail (CI installs it).
#![cfg(feature = "pick")]

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

const DEADLINE: Duration = Duration::from_secs(20);

/// A tmux server of this test's own, killed when dropped.
struct Tmux {
    socket: String,
}

impl Tmux {
    /// Starts `argv` in a 120x30 session; it runs without a shell.
    fn start(name: &str, argv: &[&str]) -> Tmux {
        match Command::new("tmux").arg("-V").output() {
            Ok(o) if o.status.success() => {}
            _ => panic!(
                "tmux is not installed: these tests run `urlx pick` in a tmux terminal; \
                 install it (apt-get install tmux; .ci/run does)"
            ),
        }
        let t = Tmux {
            socket: format!("urlx-pick-{}-{name}", std::process::id()),
        };
        let out = t.tmux(
            &[
                "new-session",
                "-d",
                "-x",
                "120",
                "-y",
                "30",
                "-s",
                "pick",
                "--",
            ],
            argv,
        );
        assert!(
            out.status.success(),
            "tmux new-session: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        t
    }

    fn tmux(&self, args: &[&str], more: &[&str]) -> Output {
        Command::new("tmux")
            .args(["-L", &self.socket, "-f", "/dev/null"])
            .args(args)
            .args(more)
            .output()
            .expect("run tmux")
    }

    fn screen(&self) -> String {
        let out = self.tmux(&["capture-pane", "-p", "-t", "pick"], &[]);
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn keys(&self, keys: &[&str]) {
        let out = self.tmux(&["send-keys", "-t", "pick"], keys);
        assert!(
            out.status.success(),
            "tmux send-keys: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// Waits until the screen holds `text`, and returns it.
    fn wait_for(&self, text: &str) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if s.contains(text) {
                return s;
            }
            assert!(
                start.elapsed() < DEADLINE,
                "{text:?} not on the screen after {DEADLINE:?}:\n{s}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.tmux(&["kill-server"], &[]);
    }
}

/// A path in the temporary folder, unique to this test, removed first.
fn temp(name: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!("urlx-pick-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&p);
    p
}

/// Runs `urlx pick --run CMD < MESSAGE` in tmux, CMD writing the URL it is
/// given to `out`; the shell around it prints the exit status and waits,
/// so the screen after the picker can be read.
fn picker(name: &str, out: &Path) -> Tmux {
    picker_with(name, out, "--headers-shown-by-h")
}

/// [`picker`] with one more flag of the picker's (`FLAG` is passed as
/// `--regexp=...` or the like; the default, a flag that changes nothing,
/// keeps the shell line the same).
fn picker_with(name: &str, out: &Path, flag: &str) -> Tmux {
    let run = format!("sh -c 'printf %s \"$1\" > \"$0\"' '{}'", out.display());
    let message = common::repo_file("cli/tests/data/pick/message.eml");
    let script = if flag == "--headers-shown-by-h" {
        "\"$0\" pick --run \"$1\" < \"$2\"; echo \"exit status $?\"; sleep 60"
    } else {
        "\"$0\" pick --run \"$1\" \"$3\" < \"$2\"; echo \"exit status $?\"; sleep 60"
    };
    Tmux::start(
        name,
        &[
            "sh",
            "-c",
            script,
            env!("CARGO_BIN_EXE_urlx"),
            &run,
            message.to_str().unwrap(),
            flag,
        ],
    )
}

#[test]
fn j_enter_opens_the_second_body_url() {
    let out = temp("opened");
    let t = picker("open", &out);
    // The list: body URLs only, the header ones counted.
    let s = t.wait_for("> https://urlx.example.org/news/0.2.html");
    assert!(s.contains("3 URL(s), 1 in headers"), "{s}");
    assert!(!s.contains("unsubscribe"), "{s}");
    assert!(s.contains("Subject: urlx 0.2 is out"), "{s}");
    t.keys(&["j", "Enter"]);
    let s = t.wait_for("exit status");
    assert!(s.contains("exit status 0"), "{s}");
    // The terminal is given back: the list is gone with the alternate
    // screen.
    assert!(!s.contains("urlx pick:"), "{s}");
    let url =
        std::fs::read_to_string(&out).unwrap_or_else(|e| panic!("{}: {e}\n{s}", out.display()));
    let _ = std::fs::remove_file(&out);
    // Quoted-printable decoded, joined across the soft line break.
    assert_eq!(
        url,
        "https://urlx.example.org/download?version=0.2&os=linux&arch=x86_64"
    );
}

#[test]
fn q_quits_without_opening() {
    let out = temp("quit");
    let t = picker("quit", &out);
    t.wait_for("> https://urlx.example.org/news/0.2.html");
    t.keys(&["q"]);
    let s = t.wait_for("exit status");
    assert!(s.contains("exit status 1"), "{s}");
    assert!(!out.exists());
}

#[test]
fn the_filters_choose_what_is_listed() {
    let out = temp("filtered");
    // The filter flags of the main job apply: here, URLs without "news".
    let t = picker_with("filter", &out, "--invert-match");
    let s = t.wait_for("exit status");
    // -v alone has nothing to invert: refused, as in the main job.
    assert!(s.contains("inverts -e, -f and --host"), "{s}");
    assert!(s.contains("exit status 2"), "{s}");
    drop(t);
    let t = picker_with("filter2", &out, "--regexp=download");
    let s = t.wait_for("> https://urlx.example.org/download");
    assert!(!s.contains("news/0.2.html"), "{s}");
    t.keys(&["Enter"]);
    let s = t.wait_for("exit status");
    assert!(s.contains("exit status 0"), "{s}");
    let url = std::fs::read_to_string(&out).unwrap();
    let _ = std::fs::remove_file(&out);
    assert!(
        url.starts_with("https://urlx.example.org/download?"),
        "{url}"
    );
}

/// What a mail client under test is given: the test message in a Maildir
/// folder, and a `$BROWSER` script that writes the URL it opens; the
/// `env` settings that put urlx on its `PATH` and the script in
/// `BROWSER`.
struct Client {
    opened: PathBuf,
    path: String,
    browser: String,
}

impl Client {
    /// In `dir` (made afresh), the message in the Maildir folder `maildir`.
    fn new(dir: &Path, maildir: &Path) -> Client {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::remove_dir_all(dir);
        for sub in ["cur", "new", "tmp"] {
            std::fs::create_dir_all(maildir.join(sub)).unwrap();
        }
        std::fs::copy(
            common::repo_file("cli/tests/data/pick/message.eml"),
            maildir.join("cur/1700000000.M1.urlx:2,S"),
        )
        .unwrap();
        let opened = dir.join("opened");
        let script = dir.join("browser.sh");
        std::fs::write(
            &script,
            format!("#!/bin/sh\nprintf %s \"$1\" > '{}'\n", opened.display()),
        )
        .unwrap();
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        let bin = Path::new(env!("CARGO_BIN_EXE_urlx")).parent().unwrap();
        Client {
            opened,
            path: format!(
                "PATH={}:{}",
                bin.display(),
                std::env::var("PATH").unwrap_or_default()
            ),
            browser: format!("BROWSER={}", script.display()),
        }
    }

    /// The URL the browser script was given, once it was (the screen in
    /// the failure after the deadline).
    fn opened(&self, t: &Tmux) -> String {
        let start = Instant::now();
        loop {
            if let Ok(url) = std::fs::read_to_string(&self.opened) {
                if !url.is_empty() {
                    return url;
                }
            }
            assert!(start.elapsed() < DEADLINE, "not opened:\n{}", t.screen());
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// The user guide's neomutt macro, as a user has it: neomutt in the terminal
/// over a Maildir, the macro pipes the message to `urlx pick`, `j` Enter
/// opens the second body URL through `$BROWSER` (a script that writes the
/// URL it is given), quoted-printable decoded; with `wait_key` unset,
/// neomutt asks for no key after the picker opened a URL (exit status 0).
/// neomutt is required (CI installs it).
#[test]
fn neomutt_macro_opens_the_url_through_browser() {
    assert!(
        Command::new("neomutt")
            .arg("-v")
            .output()
            .is_ok_and(|o| o.status.success()),
        "neomutt is not installed: this test runs the user guide's macro in it; \
         install it (apt-get install neomutt; .ci/run does)"
    );
    let dir = std::env::temp_dir().join(format!("urlx-pick-{}-neomutt", std::process::id()));
    let client = Client::new(&dir, &dir.join("Maildir"));
    // The user guide's macro, and what keeps neomutt from asking anything of
    // its own (no folder to create, no quit question).
    let muttrc = dir.join("muttrc");
    std::fs::write(
        &muttrc,
        format!(
            "set folder='{d}'\nset spoolfile='{d}/Maildir'\nset mbox_type=Maildir\n\
             set header_cache=''\nset message_cachedir=''\nset quit=yes\nset wait_key=no\n\
             set mail_check_stats=no\n\
             macro index,pager \\cb \"<pipe-message> urlx pick<Enter>\" \"pick a URL\"\n",
            d = dir.display()
        ),
    )
    .unwrap();
    let t = Tmux::start(
        "neomutt",
        &[
            "env",
            &client.path,
            &client.browser,
            "TERM=xterm-256color",
            "neomutt",
            "-n",
            "-F",
            muttrc.to_str().unwrap(),
        ],
    );
    t.wait_for("urlx 0.2 is out");
    t.keys(&["C-b"]);
    t.wait_for("> https://urlx.example.org/news/0.2.html");
    t.keys(&["j", "Enter"]);
    let url = client.opened(&t);
    // Back in the index, no key asked for.
    let s = t.wait_for("urlx 0.2 is out");
    assert!(!s.contains("Press any key"), "{s}");
    assert!(!s.contains("urlx pick:"), "{s}");
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        url,
        "https://urlx.example.org/download?version=0.2&os=linux&arch=x86_64"
    );
}

/// The user guide's aerc binding, as a user has it: aerc over a Maildir
/// account, `U` pipes the message to `urlx pick`, `j` Enter opens the
/// second body URL through `$BROWSER`. The line is the user guide's for the
/// aerc installed: `:pipe -m` where `:pipe` has no `-s` (aerc 0.14, Debian
/// 12's), `:pipe -ms` after. aerc is required (CI installs it).
#[test]
fn aerc_binding_opens_the_url_through_browser() {
    let version = Command::new("aerc")
        .arg("-v")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_else(|| {
            panic!(
                "aerc is not installed: this test runs the user guide's binding in it; \
                 install it (apt-get install aerc; .ci/run does)"
            )
        });
    // `aerc 0.14.0 +notmuch (...)`: `-s` came after 0.14.
    let release: Option<(u32, u32)> = version.split_whitespace().nth(1).and_then(|v| {
        let mut parts = v.split('.');
        Some((parts.next()?.parse().ok()?, parts.next()?.parse().ok()?))
    });
    let old = release.is_some_and(|r| r <= (0, 14));
    let command = if old {
        ":pipe -m urlx pick<Enter>"
    } else {
        ":pipe -ms urlx pick<Enter>"
    };
    let guide = std::fs::read_to_string(common::repo_file("docs/guide.md")).unwrap();
    assert!(guide.contains(command), "docs/guide.md gives {command:?}");
    let dir = std::env::temp_dir().join(format!("urlx-pick-{}-aerc", std::process::id()));
    let client = Client::new(&dir, &dir.join("mail/INBOX"));
    std::fs::create_dir_all(dir.join("config/aerc")).unwrap();
    let accounts = dir.join("config/aerc/accounts.conf");
    std::fs::write(
        &accounts,
        format!(
            "[test]\nsource = maildir://{}/mail\noutgoing = /bin/true\ndefault = INBOX\nfrom = Me <me@example.org>\n",
            dir.display()
        ),
    )
    .unwrap();
    // aerc refuses an accounts file others may read.
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&accounts, std::fs::Permissions::from_mode(0o600)).unwrap();
    }
    std::fs::write(dir.join("config/aerc/aerc.conf"), "[general]\n").unwrap();
    std::fs::write(
        dir.join("config/aerc/binds.conf"),
        format!("[messages]\nq = :quit<Enter>\nU = {command}\n[view]\nU = {command}\n"),
    )
    .unwrap();
    let config = format!("XDG_CONFIG_HOME={}", dir.join("config").display());
    let t = Tmux::start(
        "aerc",
        &[
            "env",
            &client.path,
            &config,
            &client.browser,
            "TERM=xterm-256color",
            "aerc",
        ],
    );
    t.wait_for("urlx 0.2 is out");
    // aerc draws its list before it reads keys: `U` again until the
    // picker is up (a key read while it starts is not lost).
    let start = Instant::now();
    loop {
        t.keys(&["U"]);
        std::thread::sleep(Duration::from_millis(500));
        if t.screen().contains("urlx pick:") {
            break;
        }
        assert!(start.elapsed() < DEADLINE, "no picker:\n{}", t.screen());
    }
    t.wait_for("> https://urlx.example.org/news/0.2.html");
    t.keys(&["j", "Enter"]);
    let url = client.opened(&t);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(
        url,
        "https://urlx.example.org/download?version=0.2&os=linux&arch=x86_64"
    );
}
