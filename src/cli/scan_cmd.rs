//! The main job: every URL in the inputs. Small files are read whole and
//! fanned out over a rayon pool in batches, and printed in input order;
//! standard input, pipes and files over 16 MiB are streamed in the main
//! thread with the library's bounded-memory reader, so memory stays
//! bounded whatever the input size.

use std::collections::HashSet;
use std::fs::File;
use std::io::{self, IsTerminal, Read};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use super::flags::{ColorArg, FormArg, ScanArgs};
use super::output::Out;
use super::printer::{Mode, Printer, Rec};
use super::walk::{self, reason, Input};
use super::ExitStatus;

/// Files up to this size are read whole; larger ones are streamed.
const WHOLE_FILE_MAX: u64 = 16 << 20;
/// The first bytes looked at for a NUL (a binary file).
const BINARY_PROBE: usize = 8 << 10;

/// What one worker found in one file.
struct Found {
    recs: Vec<Rec>,
    bytes: u64,
    /// Why the file could not be read.
    error: Option<String>,
    binary: bool,
    /// Too large to read whole, or not a regular file: to be streamed.
    deferred: bool,
}

struct Filters {
    schemes: Vec<String>,
    forms: Vec<FormArg>,
}

impl Filters {
    fn keep(&self, l: &urlx::Link<'_>) -> bool {
        if !self.forms.is_empty() && !self.forms.iter().any(|f| f.matches(l.form())) {
            return false;
        }
        if !self.schemes.is_empty() {
            let scheme = l.uri().scheme().unwrap_or("");
            return self.schemes.iter().any(|s| s.eq_ignore_ascii_case(scheme));
        }
        true
    }
}

/// Counters for --stats and the progress bar.
#[derive(Default)]
struct Tally {
    files: u64,
    bytes: u64,
    binary: u64,
    /// Binary files met in folders, not reported one by one.
    binary_quiet: u64,
    errors: u64,
}

pub fn run(args: &ScanArgs, out: &mut Out) -> io::Result<ExitStatus> {
    let started = Instant::now();
    let finder = match urlx::FinderBuilder::new()
        .email(args.email)
        .abbreviated(!args.no_www)
        .join_unhyphenated_breaks(args.join_breaks)
        .max_url_len(args.max_url_len)
        .max_wrapper_bytes(args.max_wrapper_bytes)
        .max_wrapper_lines(args.max_wrapper_lines)
        .build()
    {
        Ok(f) => f,
        Err(e) => {
            eprintln!("urlx: {e}");
            return Ok(ExitStatus::Error);
        }
    };
    let filters = Filters {
        schemes: args.scheme.clone(),
        forms: args.form.clone(),
    };
    let opts = walk::Options {
        hidden: args.hidden,
        no_ignore: args.no_ignore,
    };
    let (inputs, show_path, walk_errors) = walk::inputs(&args.paths, &opts);
    let mut tally = Tally::default();
    for e in &walk_errors {
        eprintln!("urlx: {e}");
        tally.errors += 1;
    }
    let color = match args.color {
        ColorArg::Always => true,
        ColorArg::Never => false,
        ColorArg::Auto => {
            io::stdout().is_terminal()
                && std::env::var_os("NO_COLOR").is_none()
                && std::env::var("TERM").map_or(true, |t| t != "dumb")
        }
    };
    let mode = if args.json {
        Mode::Json
    } else if args.count {
        Mode::Count
    } else if args.only_url {
        Mode::OnlyUrl
    } else {
        Mode::Lines
    };
    let mut printer = Printer {
        mode,
        show_path,
        color,
        alt: args.alt,
        normalize: args.normalize,
        term: if args.null { 0 } else { b'\n' },
        unique: args.unique.then(HashSet::new),
        printed: 0,
        buf: String::new(),
    };
    let threads = args.threads.unwrap_or(0);
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("urlx: cannot start {threads} threads: {e}");
            return Ok(ExitStatus::Error);
        }
    };
    let mut progress = Progress::new(
        !args.no_progress && io::stderr().is_terminal(),
        inputs.len(),
    );

    // Workers read and scan files in input order (par_bridge hands them out
    // in order) and send what they found; this thread prints in input order,
    // holding the few results that arrive early. Printing overlaps scanning.
    let stop = std::sync::atomic::AtomicBool::new(false);
    let (tx, rx) = std::sync::mpsc::sync_channel::<(usize, Found)>(1024);
    let files: Vec<(usize, &Input)> = inputs
        .iter()
        .enumerate()
        .filter(|(_, inp)| matches!(inp, Input::File { .. }))
        .collect();
    let mut result = Ok(());
    std::thread::scope(|scope| {
        let (finder, filters, stop, binary) = (&finder, &filters, &stop, args.binary);
        let pool = &pool;
        let files = &files;
        // One thread: no pool, no channel; this thread reads each file
        // when it gets to it (see `next_found`).
        let single = pool.current_num_threads() <= 1;
        scope.spawn(move || {
            if single {
                drop(tx);
                return;
            }
            pool.install(|| {
                files
                    .iter()
                    .par_bridge()
                    .for_each_with(tx, |tx, &(i, inp)| {
                        if stop.load(std::sync::atomic::Ordering::Relaxed) {
                            return;
                        }
                        let _ = tx.send((i, read_whole(inp, finder, filters, binary)));
                    })
            })
        });
        let mut early: std::collections::HashMap<usize, Found> = std::collections::HashMap::new();
        let mut open = true;
        for (i, inp) in inputs.iter().enumerate() {
            if !open {
                break;
            }
            let r = (|| -> io::Result<bool> {
                if let Input::Stdin = inp {
                    return stream_one(
                        inp,
                        finder,
                        filters,
                        binary,
                        &mut printer,
                        out,
                        &mut tally,
                        &mut progress,
                        started,
                    );
                }
                let f = loop {
                    if single {
                        break read_whole(inp, finder, filters, binary);
                    }
                    if let Some(f) = early.remove(&i) {
                        break f;
                    }
                    match rx.recv() {
                        Ok((j, f)) => {
                            early.insert(j, f);
                        }
                        // Only if a worker died: name the file rather than hang.
                        Err(_) => {
                            return Err(io::Error::other(format!(
                                "{}: no result from the reading threads",
                                inp.display()
                            )))
                        }
                    }
                };
                if f.deferred {
                    // Large, or not a regular file: streamed here, in order.
                    return stream_one(
                        inp,
                        finder,
                        filters,
                        binary,
                        &mut printer,
                        out,
                        &mut tally,
                        &mut progress,
                        started,
                    );
                }
                account(&mut tally, inp, &f);
                if f.error.is_none() && !f.binary {
                    return printer.file(out, &inp.display(), &f.recs);
                }
                Ok(true)
            })();
            match r {
                Ok(o) => open = o,
                Err(e) => {
                    result = Err(e);
                    open = false;
                }
            }
            progress.update(i + 1, tally.bytes, started);
        }
        // Stop the workers early when the reader of our output has gone.
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        drop(rx);
    });
    result?;
    progress.finish();
    out.flush()?;
    if tally.binary_quiet > 0 {
        let n = tally.binary_quiet;
        eprintln!(
            "urlx: {n} binary file{} in folders skipped (--binary reads them)",
            if n == 1 { "" } else { "s" }
        );
    }
    if args.stats {
        let secs = started.elapsed().as_secs_f64();
        eprintln!(
            "{} files, {} bytes, {} URLs, {:.3} s, {:.1} MB/s{}{}",
            tally.files,
            tally.bytes,
            printer.printed,
            secs,
            tally.bytes as f64 / 1e6 / secs.max(1e-9),
            if tally.binary > 0 {
                format!(", {} binary skipped", tally.binary)
            } else {
                String::new()
            },
            if tally.errors > 0 {
                format!(", {} errors", tally.errors)
            } else {
                String::new()
            },
        );
    }
    Ok(if tally.errors > 0 {
        ExitStatus::Error
    } else if printer.printed > 0 {
        ExitStatus::Found
    } else {
        ExitStatus::NotFound
    })
}

fn account(tally: &mut Tally, inp: &Input, f: &Found) {
    if let Some(e) = &f.error {
        eprintln!("urlx: {}: {e}", inp.display());
        tally.errors += 1;
        return;
    }
    if f.binary {
        if let Input::File { explicit: true, .. } = inp {
            eprintln!(
                "urlx: {}: binary file skipped (--binary reads it)",
                inp.display()
            );
        } else {
            tally.binary_quiet += 1;
        }
        tally.binary += 1;
        return;
    }
    tally.files += 1;
    tally.bytes += f.bytes;
}

/// Reads a small file whole and finds its links (in a worker thread).
fn read_whole(inp: &Input, finder: &urlx::Finder, filters: &Filters, binary_ok: bool) -> Found {
    let Input::File { path, .. } = inp else {
        unreachable!("standard input is streamed")
    };
    let failed = |e: io::Error| Found {
        recs: Vec::new(),
        bytes: 0,
        error: Some(reason(&e)),
        binary: false,
        deferred: false,
    };
    let mut file = match File::open(path) {
        Ok(f) => f,
        Err(e) => return failed(e),
    };
    let len = match file.metadata() {
        Ok(m) if m.is_file() && m.len() <= WHOLE_FILE_MAX => m.len(),
        Ok(_) => {
            return Found {
                recs: Vec::new(),
                bytes: 0,
                error: None,
                binary: false,
                deferred: true,
            }
        }
        Err(e) => return failed(e),
    };
    // Read into a buffer of the size fstat gave (one byte more to see the
    // end): `read_to_end` would ask the size again and seek.
    let mut bytes = vec![0u8; len as usize + 1];
    let mut n = 0;
    loop {
        match file.read(&mut bytes[n..]) {
            Ok(0) => break,
            Ok(k) => {
                n += k;
                if n == bytes.len() {
                    // The file grew while we read it: take the rest too.
                    if let Err(e) = file.read_to_end(&mut bytes) {
                        return failed(e);
                    }
                    n = bytes.len();
                    break;
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return failed(e),
        }
    }
    bytes.truncate(n);
    if !binary_ok && memchr::memchr(0, &bytes[..bytes.len().min(BINARY_PROBE)]).is_some() {
        return Found {
            recs: Vec::new(),
            bytes: bytes.len() as u64,
            error: None,
            binary: true,
            deferred: false,
        };
    }
    let recs = finder
        .links(&bytes)
        .filter(|l| filters.keep(l))
        .map(|l| Rec::from_link(&l, 0))
        .collect();
    Found {
        recs,
        bytes: bytes.len() as u64,
        error: None,
        binary: false,
        deferred: false,
    }
}

/// Streams one input in the main thread, printing as links come.
#[allow(clippy::too_many_arguments)]
fn stream_one(
    inp: &Input,
    finder: &urlx::Finder,
    filters: &Filters,
    binary_ok: bool,
    printer: &mut Printer,
    out: &mut Out,
    tally: &mut Tally,
    progress: &mut Progress,
    started: Instant,
) -> io::Result<bool> {
    let name = inp.display();
    let mut reader: Box<dyn Read> = match inp {
        Input::Stdin => Box::new(io::stdin().lock()),
        Input::File { path, .. } => match File::open(path) {
            Ok(f) => Box::new(f),
            Err(e) => {
                eprintln!("urlx: {name}: {}", reason(&e));
                tally.errors += 1;
                return Ok(true);
            }
        },
    };
    // The first block decides whether the input is binary; it is then read
    // again from memory.
    let mut head = Vec::with_capacity(BINARY_PROBE);
    if let Err(e) = (&mut reader)
        .take(BINARY_PROBE as u64)
        .read_to_end(&mut head)
    {
        eprintln!("urlx: {name}: {}", reason(&e));
        tally.errors += 1;
        return Ok(true);
    }
    if !binary_ok && memchr::memchr(0, &head).is_some() {
        if matches!(inp, Input::Stdin | Input::File { explicit: true, .. }) {
            eprintln!("urlx: {name}: binary file skipped (--binary reads it)");
        } else {
            tally.binary_quiet += 1;
        }
        tally.binary += 1;
        return Ok(true);
    }
    let mut links = finder.stream(io::Cursor::new(head).chain(reader));
    let mut n = 0u64;
    let mut last_tick = Instant::now();
    for l in links.by_ref() {
        match l {
            Ok(l) => {
                if !filters.keep(&l) {
                    continue;
                }
                match printer.one(out, &name, &Rec::from_link(&l, 0))? {
                    None => return Ok(false),
                    Some(counted) => n += u64::from(counted),
                }
                if last_tick.elapsed() > Duration::from_millis(200) {
                    last_tick = Instant::now();
                    progress.update_bytes(tally.bytes + links_bytes_hint(&l), started);
                }
            }
            Err(e) => {
                eprintln!("urlx: {name}: {}", reason(&e));
                tally.errors += 1;
                break;
            }
        }
    }
    tally.files += 1;
    tally.bytes += links.bytes_read() as u64;
    printer.end_file(out, &name, n)
}

/// A lower bound of the bytes read so far: the end of the last link.
fn links_bytes_hint(l: &urlx::Link<'_>) -> u64 {
    l.end() as u64
}

/// The progress bar: on a terminal, after 2 seconds, never in pipes.
struct Progress {
    allowed: bool,
    total: usize,
    bar: Option<indicatif::ProgressBar>,
}

impl Progress {
    fn new(allowed: bool, total: usize) -> Self {
        Progress {
            allowed,
            total,
            bar: None,
        }
    }

    fn bar(&mut self, started: Instant) -> Option<&indicatif::ProgressBar> {
        if self.bar.is_none() && self.allowed && started.elapsed() > Duration::from_secs(2) {
            let bar = indicatif::ProgressBar::with_draw_target(
                Some(self.total as u64),
                indicatif::ProgressDrawTarget::stderr(),
            );
            bar.set_style(
                indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} files  {msg}")
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
            );
            self.bar = Some(bar);
        }
        self.bar.as_ref()
    }

    fn update(&mut self, files_done: usize, bytes: u64, started: Instant) {
        if let Some(b) = self.bar(started) {
            b.set_position(files_done as u64);
            b.set_message(rate(bytes, started));
        }
    }

    fn update_bytes(&mut self, bytes: u64, started: Instant) {
        if let Some(b) = self.bar(started) {
            b.set_message(rate(bytes, started));
        }
    }

    fn finish(&mut self) {
        if let Some(b) = self.bar.take() {
            b.finish_and_clear();
        }
    }
}

fn rate(bytes: u64, started: Instant) -> String {
    let secs = started.elapsed().as_secs_f64().max(1e-9);
    format!(
        "{:.1} MB, {:.1} MB/s",
        bytes as f64 / 1e6,
        bytes as f64 / 1e6 / secs
    )
}
