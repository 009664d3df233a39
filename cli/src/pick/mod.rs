//! `urlx pick`: a terminal picker of the URLs of a message, for mail
//! clients that pipe a message to a command (mutt's `<pipe-message>`,
//! aerc's `:pipe`). The message comes on standard input, so the picker
//! talks to the terminal through `/dev/tty`.
//!
//! `items` gathers the entries (pure), `app` turns keys into state and
//! actions (no I/O), `view` draws, `open` runs the command and copies;
//! this file reads the inputs and owns the terminal.

mod app;
mod items;
mod open;
mod view;

use std::ffi::OsString;
use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use crossterm::event::{self, Event, KeyEventKind};
use crossterm::terminal::{self, EnterAlternateScreen, LeaveAlternateScreen};
use crossterm::{cursor, execute};
use ratatui::backend::CrosstermBackend;
use ratatui::Terminal;

use crate::config::{Config, Pick};
use crate::escape::escaped;
use crate::walk;
use crate::ExitStatus;
use app::{Action, App};

/// Reads the inputs, lists their URLs that `keep` keeps, and lets the
/// user pick one. Exit status: 0 when a URL was opened, 1 when none was
/// (no URL, or the user quit), 2 on an error.
pub fn run(cfg: &Config, args: &Pick) -> io::Result<ExitStatus> {
    let keep = |l: &urlx::Link<'_>| cfg.keep.filter.keeps(l);
    let browser = std::env::var("BROWSER").ok();
    let opener = match open::opener(args.run.as_deref(), browser.as_deref()) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("urlx: {}", items::printable(&e));
            return Ok(ExitStatus::Error);
        }
    };
    let paths = &cfg.inputs.paths;
    if paths.is_empty() && io::stdin().is_terminal() {
        // Reading the terminal would wait for a message typed by hand.
        eprintln!("urlx: pick reads a message on standard input or from PATH: none given");
        return Ok(ExitStatus::Error);
    }
    let (entries, names, failed) = gather(paths, &cfg.finder, &keep, args.max_message);
    if entries.list.is_empty() {
        if !failed {
            eprintln!("urlx: no URL in {}", names.join(", "));
        }
        return Ok(if failed {
            ExitStatus::Error
        } else {
            ExitStatus::NotFound
        });
    }
    let tty = match OpenOptions::new().read(true).write(true).open("/dev/tty") {
        Ok(t) if t.is_terminal() => t,
        Ok(_) => return no_terminal("not a terminal"),
        Err(e) => return no_terminal(&walk::reason(&e)),
    };
    let app = App::new(entries.list, args.headers);
    let status = pick(app, tty, &opener, args.keep_open)?;
    Ok(if failed && status == ExitStatus::NotFound {
        ExitStatus::Error
    } else {
        status
    })
}

fn no_terminal(reason: &str) -> io::Result<ExitStatus> {
    eprintln!("urlx pick needs a terminal (/dev/tty): {reason}");
    Ok(ExitStatus::Error)
}

/// The entries of all inputs, the inputs' names, and whether one could
/// not be read (named on standard error).
fn gather(
    paths: &[OsString],
    finder: &urlx::Finder,
    keep: &dyn Fn(&urlx::Link<'_>) -> bool,
    max: u64,
) -> (items::Entries, Vec<String>, bool) {
    let stdin = [OsString::from("-")];
    let paths = if paths.is_empty() { &stdin[..] } else { paths };
    let mut entries = items::Entries::default();
    let mut names = Vec::new();
    let mut failed = false;
    for p in paths {
        let (name, bytes) = if p == "-" {
            ("<stdin>".to_owned(), read_up_to(io::stdin().lock(), max))
        } else {
            let name = walk::display(p.as_ref());
            (
                name,
                std::fs::File::open(p).and_then(|f| read_up_to(f, max)),
            )
        };
        match bytes {
            Ok(b) => entries.add_input(&b, finder, keep),
            Err(e) => {
                eprintln!("urlx: {}: {}", escaped(&name), escaped(&walk::reason(&e)));
                failed = true;
            }
        }
        names.push(escaped(&name).into_owned());
    }
    (entries, names, failed)
}

/// An input whole, if it is `max` bytes at most.
fn read_up_to(r: impl io::Read, max: u64) -> io::Result<Vec<u8>> {
    let mut buf = Vec::new();
    io::Read::read_to_end(&mut io::Read::take(r, max + 1), &mut buf)?;
    if buf.len() as u64 > max {
        return Err(io::Error::other(format!(
            "larger than --max-message ({}): not read",
            crate::size::human(max)
        )));
    }
    Ok(buf)
}

/// The screen is the picker's: raw mode and the alternate screen, undone
/// on every way out (return, error, panic).
static ACTIVE: AtomicBool = AtomicBool::new(false);

type Tty = Terminal<CrosstermBackend<BufWriter<File>>>;

struct Screen {
    term: Tty,
}

impl Screen {
    fn enter(tty: File) -> io::Result<Screen> {
        install_panic_hook();
        ACTIVE.store(true, Ordering::SeqCst);
        let mut out = BufWriter::new(tty);
        let term = terminal::enable_raw_mode()
            .and_then(|()| execute!(out, EnterAlternateScreen, cursor::Hide))
            .and_then(|()| Terminal::new(CrosstermBackend::new(out)));
        match term {
            Ok(term) => {
                let mut screen = Screen { term };
                screen.term.clear()?;
                Ok(screen)
            }
            Err(e) => {
                restore();
                Err(e)
            }
        }
    }

    /// Gives the terminal back to the shell (before a command runs).
    fn leave(&mut self) -> io::Result<()> {
        if ACTIVE.swap(false, Ordering::SeqCst) {
            let out = self.term.backend_mut();
            let r = execute!(out, LeaveAlternateScreen, cursor::Show);
            terminal::disable_raw_mode()?;
            r?;
        }
        Ok(())
    }

    /// Takes the terminal again (after a command ran).
    fn resume(&mut self) -> io::Result<()> {
        ACTIVE.store(true, Ordering::SeqCst);
        terminal::enable_raw_mode()?;
        execute!(self.term.backend_mut(), EnterAlternateScreen, cursor::Hide)?;
        self.term.clear()
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        let _ = self.leave();
    }
}

/// A panic restores the terminal before its message is printed, else the
/// message would land on the alternate screen, in raw mode.
fn install_panic_hook() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
    });
}

/// Leaves the alternate screen and raw mode through a fresh handle on the
/// terminal, when the picker still holds them: the way out where the
/// `Screen` is not at hand (a panic, a failed start).
fn restore() {
    if ACTIVE.swap(false, Ordering::SeqCst) {
        if let Ok(mut tty) = OpenOptions::new().write(true).open("/dev/tty") {
            let _ = execute!(tty, LeaveAlternateScreen, cursor::Show);
        }
        let _ = terminal::disable_raw_mode();
    }
}

/// The picker's loop: draw, read a key, act.
fn pick(mut app: App, tty: File, opener: &open::Opener, keep_open: bool) -> io::Result<ExitStatus> {
    let mut screen = Screen::enter(tty)?;
    let mut opened = false;
    loop {
        screen.term.draw(|f| view::draw(f, &mut app))?;
        let Event::Key(key) = event::read()? else {
            // A resize: drawn again.
            continue;
        };
        if key.kind != KeyEventKind::Press {
            continue;
        }
        match app.key(key) {
            Action::None => {}
            Action::Quit => break,
            Action::Copy(i) => {
                let out = screen.term.backend_mut();
                out.write_all(&open::osc52(&app.entries[i].url))?;
                out.flush()?;
                app.status = Some("copied".to_owned());
            }
            Action::Open(i) => {
                screen.leave()?;
                let result = opener.open(&app.entries[i].url);
                if !keep_open {
                    drop(screen);
                    return Ok(match result {
                        Ok(()) => ExitStatus::Found,
                        Err(e) => {
                            eprintln!("urlx: {e}");
                            ExitStatus::Error
                        }
                    });
                }
                screen.resume()?;
                app.status = Some(match result {
                    Ok(()) => {
                        opened = true;
                        "opened".to_owned()
                    }
                    Err(e) => items::printable(&format!("not opened: {e}")),
                });
            }
        }
    }
    drop(screen);
    Ok(if opened {
        ExitStatus::Found
    } else {
        ExitStatus::NotFound
    })
}
