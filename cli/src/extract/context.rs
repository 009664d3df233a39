//! What every reader of the main job shares: the finder and the filter, how
//! inputs are read (`Ctx`), and where results go in input order (`Sink`).

use std::io;

use urlx::mail::Kind;

use crate::config::Reading;
use crate::escape::escaped;
use crate::filter::Keep;
use crate::output::Out;
use crate::printer::{Printer, Rec, Source};
use crate::walk::Input;

/// What every reader needs.
pub struct Ctx<'a> {
    pub finder: &'a urlx::Finder,
    pub keep: &'a Keep,
    /// How inputs are read, as the flags say.
    pub reading: &'a Reading,
    /// More than one thread: an mbox's messages are scanned in parallel.
    pub parallel: bool,
}

impl Ctx<'_> {
    /// A NUL in the first block, unless binary files are wanted.
    pub fn is_binary(&self, head: &[u8]) -> bool {
        !self.reading.binary_ok && memchr::memchr(0, head).is_some()
    }

    pub fn kind(&self, head: &[u8]) -> Kind {
        self.reading.mail.kind(head)
    }
}

/// Counters for --stats and the progress bar.
#[derive(Default)]
pub struct Tally {
    pub files: u64,
    pub bytes: u64,
    pub binary: u64,
    pub errors: u64,
    pub messages: u64,
    pub skipped_parts: u64,
}

/// What a file worker found in one file read whole.
#[derive(Default)]
pub struct Found {
    pub recs: Vec<Rec>,
    pub bytes: u64,
    /// Why the file could not be read (to the end: what was read before
    /// the error is in `recs`).
    pub error: Option<String>,
    pub binary: bool,
    /// Too large to read whole, an archive, or not a regular file: to be
    /// streamed.
    pub deferred: bool,
    pub messages: u64,
    pub skipped_parts: u64,
    pub warnings: Vec<String>,
    /// What a limit left unread (MIME nesting), to be said.
    pub unread: Vec<String>,
}

/// Where results go, in input order.
pub struct Sink<'p, 'o> {
    pub printer: &'p mut Printer,
    pub out: &'o mut Out,
    pub tally: &'p mut Tally,
    pub verbose: bool,
}

impl Sink<'_, '_> {
    /// An input that could not be read: named with the reason, counted.
    pub fn error(&mut self, name: &str, reason: &str) {
        // A reason may hold a name of the input's (a zip member's).
        eprintln!("urlx: {name}: {}", escaped(reason));
        self.tally.errors += 1;
    }

    /// A binary input skipped: named, wherever it was found (named on
    /// the command line, in a folder, in an archive), and counted.
    pub fn binary(&mut self, name: &str) {
        eprintln!("urlx: {name}: binary file skipped (--binary reads it)");
        self.tally.binary += 1;
    }

    /// Accounts for and prints what a worker found in one file.
    pub fn found(&mut self, inp: &Input, f: Found) -> io::Result<bool> {
        let src = Source::file(inp.display());
        if f.binary {
            self.binary(&src.shown);
            if let Some(e) = &f.error {
                // A stream that decoded to bytes that look binary, then
                // broke: said too.
                self.error(&src.shown, e);
            }
            return Ok(true);
        }
        self.warn(&src.shown, &f.warnings);
        self.unread(&src.shown, &f.unread);
        if f.error.is_none() || !f.recs.is_empty() {
            self.tally.files += 1;
            self.tally.bytes += f.bytes;
            self.tally.messages += f.messages;
            self.tally.skipped_parts += f.skipped_parts;
        }
        let open = self.printer.file(self.out, &src, &f.recs)?;
        if let Some(e) = &f.error {
            self.error(&src.shown, e);
        }
        Ok(open)
    }

    /// Malformed mail, said with --verbose.
    pub fn warn(&self, name: &str, warnings: &[String]) {
        if self.verbose {
            for w in warnings {
                eprintln!("urlx: {name}: {}", escaped(w));
            }
        }
    }

    /// What a limit left unread (MIME nesting, a message past
    /// --max-message): said always, and an error for the exit status, since
    /// a URL may be in it.
    pub fn unread(&mut self, name: &str, what: &[String]) {
        for w in what {
            self.error(name, w);
        }
    }
}
