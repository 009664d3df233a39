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
    };
    let threads = args.threads.unwrap_or(0);
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("urlx: cannot start {threads} threads: {e}");
            return Ok(ExitStatus::Error);
        }
    };
    let batch_len = 8 * pool.current_num_threads().max(1);
    let mut progress = Progress::new(
        !args.no_progress && io::stderr().is_terminal(),
        inputs.len(),
    );

    let mut batch: Vec<&Input> = Vec::new();
    let mut open = true;
    let mut i = 0;
    while open && i < inputs.len() {
        // Gather small files into a batch; a stream or a large file is read
        // on its own, in order.
        let input = &inputs[i];
        if let Input::File { path, .. } = input {
            let small =
                std::fs::metadata(path).map_or(true, |m| m.is_file() && m.len() <= WHOLE_FILE_MAX);
            if small {
                batch.push(input);
                i += 1;
                if batch.len() < batch_len && i < inputs.len() {
                    continue;
                }
            }
        }
        if !batch.is_empty() {
            let found: Vec<Found> = pool.install(|| {
                batch
                    .par_iter()
                    .map(|inp| read_whole(inp, &finder, &filters, args.binary))
                    .collect()
            });
            for (inp, f) in batch.iter().zip(found) {
                let name = inp.display();
                account(&mut tally, inp, &f);
                if f.error.is_none() && !f.binary {
                    open = printer.file(out, &name, &f.recs)?;
                    if !open {
                        break;
                    }
                }
            }
            batch.clear();
            progress.update(i, tally.bytes, started);
            continue;
        }
        // A stream: standard input, a pipe, a device, or a large file.
        open = stream_one(
            input,
            &finder,
            &filters,
            args.binary,
            &mut printer,
            out,
            &mut tally,
            &mut progress,
            started,
        )?;
        i += 1;
        progress.update(i, tally.bytes, started);
    }
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
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            return Found {
                recs: Vec::new(),
                bytes: 0,
                error: Some(reason(&e)),
                binary: false,
            }
        }
    };
    if !binary_ok && memchr::memchr(0, &bytes[..bytes.len().min(BINARY_PROBE)]).is_some() {
        return Found {
            recs: Vec::new(),
            bytes: bytes.len() as u64,
            error: None,
            binary: true,
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
