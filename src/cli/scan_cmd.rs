//! The main job: every URL in the inputs. Workers of a rayon pool read and
//! scan files (handed out in input order); this thread prints in input
//! order as results arrive. Standard input, pipes and files over 16 MiB are
//! streamed here with bounded memory: plain text through the library's
//! reader, mail message by message. Mail (an mbox or a message, sniffed or
//! forced with --mail) is decoded by `urlx::mail`; an mbox's messages are
//! scanned in parallel too.

use std::collections::{HashMap, HashSet};
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rayon::prelude::*;
use urlx::mail::{self, Kind};

use super::flags::{ColorArg, ScanArgs};
use super::output::Out;
use super::printer::{Mode, Printer, Rec};
use super::walk::{self, reason, Input};
use super::ExitStatus;

/// Files up to this size are read whole; larger ones are streamed.
const WHOLE_FILE_MAX: u64 = 16 << 20;
/// The first bytes looked at for a NUL (a binary file) and for mail.
const PROBE: usize = 8 << 10;

/// What one worker found in one file.
#[derive(Default)]
struct Found {
    recs: Vec<Rec>,
    bytes: u64,
    /// Why the file could not be read.
    error: Option<String>,
    binary: bool,
    /// Too large to read whole, or not a regular file: to be streamed.
    deferred: bool,
    messages: u64,
    skipped_parts: u64,
    warnings: Vec<String>,
}

struct Filters {
    schemes: Vec<String>,
    forms: Vec<urlx::Form>,
}

impl Filters {
    fn keep(&self, l: &urlx::Link<'_>) -> bool {
        if !self.forms.is_empty() && !self.forms.contains(&l.form()) {
            return false;
        }
        if !self.schemes.is_empty() {
            let scheme = l.uri().scheme().unwrap_or("");
            return self.schemes.iter().any(|s| s.eq_ignore_ascii_case(scheme));
        }
        true
    }
}

/// Mail or plain text.
#[derive(Clone, Copy, PartialEq, Eq)]
enum MailMode {
    Sniff,
    Always,
    Never,
}

/// What every reader needs.
struct Ctx<'a> {
    finder: &'a urlx::Finder,
    filters: &'a Filters,
    binary_ok: bool,
    mail: MailMode,
    /// More than one thread: an mbox's messages are scanned in parallel.
    parallel: bool,
}

impl Ctx<'_> {
    /// A NUL in the first block, unless binary files are wanted.
    fn is_binary(&self, head: &[u8]) -> bool {
        !self.binary_ok && memchr::memchr(0, head).is_some()
    }

    fn kind(&self, head: &[u8]) -> Kind {
        match self.mail {
            MailMode::Never => Kind::Text,
            MailMode::Sniff => mail::sniff(head),
            MailMode::Always => match mail::sniff(head) {
                Kind::Text => Kind::Message,
                k => k,
            },
        }
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
    messages: u64,
    skipped_parts: u64,
}

pub fn run(args: &ScanArgs, out: &mut Out) -> io::Result<ExitStatus> {
    let started = Instant::now();
    let finder = match args.finder() {
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
    let threads = args.threads.unwrap_or(0);
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("urlx: cannot start {threads} threads: {e}");
            return Ok(ExitStatus::Error);
        }
    };
    // One thread: this thread reads each file when it gets to it, no
    // channel, no pool (a hand-off to a pool thread per file cost a second
    // of futex calls on 24,000 small files).
    let single = pool.current_num_threads() <= 1;
    let ctx = Ctx {
        finder: &finder,
        filters: &filters,
        binary_ok: args.binary,
        mail: if args.mail {
            MailMode::Always
        } else if args.no_mail {
            MailMode::Never
        } else {
            MailMode::Sniff
        },
        parallel: !single,
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
    let mut progress = Progress::new(
        !args.no_progress && io::stderr().is_terminal(),
        inputs.len(),
    );
    let mut sink = Sink {
        printer: &mut printer,
        out,
        tally: &mut tally,
        verbose: args.verbose,
    };

    // Workers read and scan files in input order (par_bridge hands them out
    // in order) and send what they found; this thread prints in input order,
    // holding the few results that arrive early. Printing overlaps scanning.
    let stop = AtomicBool::new(false);
    let (tx, rx) = std::sync::mpsc::sync_channel::<Vec<(usize, Found)>>(64);
    let files: Vec<(usize, &Input)> = inputs
        .iter()
        .enumerate()
        .filter(|(_, inp)| matches!(inp, Input::File { .. }))
        .collect();
    let mut result = Ok(());
    std::thread::scope(|scope| {
        let (ctx, stop, pool, files) = (&ctx, &stop, &pool, &files);
        scope.spawn(move || {
            if single {
                drop(tx);
                return;
            }
            // Files are handed out a few at a time: a lock and a send per
            // file cost as much as reading a small mail message.
            pool.install(|| {
                files
                    .chunks(BATCH)
                    .par_bridge()
                    .for_each_with(tx, |tx, batch| {
                        if !stop.load(Ordering::Relaxed) {
                            let found = batch.iter().map(|&(i, inp)| (i, read_whole(inp, ctx)));
                            let _ = tx.send(found.collect());
                        }
                    })
            })
        });
        let mut early: HashMap<usize, Found> = HashMap::new();
        for (i, inp) in inputs.iter().enumerate() {
            let r = (|| -> io::Result<bool> {
                if let Input::Stdin = inp {
                    return stream_one(inp, ctx, &mut sink, &mut progress, started);
                }
                let f = loop {
                    if single {
                        break read_whole(inp, ctx);
                    }
                    if let Some(f) = early.remove(&i) {
                        break f;
                    }
                    match rx.recv() {
                        Ok(batch) => early.extend(batch),
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
                    return stream_one(inp, ctx, &mut sink, &mut progress, started);
                }
                sink.found(inp, f)
            })();
            let open = match r {
                Ok(o) => o,
                Err(e) => {
                    result = Err(e);
                    false
                }
            };
            progress.update(i + 1, sink.tally.bytes, started);
            if !open {
                break;
            }
        }
        // Stop the workers early when the reader of our output has gone.
        stop.store(true, Ordering::Relaxed);
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
        let mut extra = String::new();
        if tally.messages > 0 {
            extra.push_str(&format!(
                ", {} messages, {} non-text parts skipped",
                tally.messages, tally.skipped_parts
            ));
        }
        if tally.binary > 0 {
            extra.push_str(&format!(", {} binary skipped", tally.binary));
        }
        if tally.errors > 0 {
            extra.push_str(&format!(", {} errors", tally.errors));
        }
        eprintln!(
            "{} files, {} bytes, {} URLs, {:.3} s, {:.1} MB/s{extra}",
            tally.files,
            tally.bytes,
            printer.printed,
            secs,
            tally.bytes as f64 / 1e6 / secs.max(1e-9),
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

/// Where results go, in input order.
struct Sink<'p, 'o> {
    printer: &'p mut Printer,
    out: &'o mut Out,
    tally: &'p mut Tally,
    verbose: bool,
}

impl Sink<'_, '_> {
    /// An input that could not be read: named with the reason, counted.
    fn error(&mut self, name: &str, reason: &str) {
        eprintln!("urlx: {name}: {reason}");
        self.tally.errors += 1;
    }

    /// A binary input skipped: named when the user named it (or piped it),
    /// counted for the summary when it came from a folder.
    fn binary(&mut self, inp: &Input, name: &str) {
        if matches!(inp, Input::Stdin | Input::File { explicit: true, .. }) {
            eprintln!("urlx: {name}: binary file skipped (--binary reads it)");
        } else {
            self.tally.binary_quiet += 1;
        }
        self.tally.binary += 1;
    }

    /// Accounts for and prints what a worker found in one file.
    fn found(&mut self, inp: &Input, f: Found) -> io::Result<bool> {
        let name = inp.display();
        if let Some(e) = &f.error {
            self.error(&name, e);
            return Ok(true);
        }
        if f.binary {
            self.binary(inp, &name);
            return Ok(true);
        }
        self.warn(&name, &f.warnings);
        self.tally.files += 1;
        self.tally.bytes += f.bytes;
        self.tally.messages += f.messages;
        self.tally.skipped_parts += f.skipped_parts;
        self.printer.file(self.out, &name, &f.recs)
    }

    fn warn(&self, name: &str, warnings: &[String]) {
        if self.verbose {
            for w in warnings {
                eprintln!("urlx: {name}: {w}");
            }
        }
    }
}

/// Files handed to a worker at a time.
const BATCH: usize = 8;

/// Reads a file whole and finds its links (in a worker thread).
fn read_whole(inp: &Input, ctx: &Ctx<'_>) -> Found {
    let Input::File {
        path,
        regular: true,
        ..
    } = inp
    else {
        return Found {
            deferred: true,
            ..Found::default()
        };
    };
    let failed = |e: io::Error| Found {
        error: Some(reason(&e)),
        ..Found::default()
    };
    let mut file = match File::open(path) {
        Ok(f) => f,
        Err(e) => return failed(e),
    };
    let len = match file.metadata() {
        Ok(m) if m.is_file() && m.len() <= WHOLE_FILE_MAX => m.len(),
        Ok(_) => {
            return Found {
                deferred: true,
                ..Found::default()
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
    let head = &bytes[..bytes.len().min(PROBE)];
    let mut found = Found {
        bytes: bytes.len() as u64,
        ..Found::default()
    };
    if ctx.is_binary(head) {
        found.binary = true;
        return found;
    }
    match ctx.kind(head) {
        Kind::Text => {
            found.recs = ctx
                .finder
                .links(&bytes)
                .filter(|l| ctx.filters.keep(l))
                .map(|l| Rec::from_link(&l, 0))
                .collect();
        }
        kind => {
            let ranges = if kind == Kind::Mbox {
                mail::mbox_messages(&bytes)
            } else {
                std::iter::once(0..bytes.len()).collect()
            };
            // The line each message starts on, then the messages in parallel
            // (in this worker's pool; in this thread with one thread or one
            // message), results in order.
            let mut first_lines = Vec::with_capacity(ranges.len());
            let (mut line, mut pos) = (1u64, 0usize);
            for r in &ranges {
                line += memchr::memchr_iter(b'\n', &bytes[pos..r.start]).count() as u64;
                pos = r.start;
                first_lines.push(line);
            }
            let scan = |(r, &line): (&std::ops::Range<usize>, &u64)| {
                ctx.finder.message_links(&bytes, r.clone(), line)
            };
            let per_message: Vec<_> = if ctx.parallel && ranges.len() > 1 {
                ranges
                    .par_iter()
                    .zip(first_lines.par_iter())
                    .map(scan)
                    .collect()
            } else {
                ranges.iter().zip(first_lines.iter()).map(scan).collect()
            };
            found.messages = per_message.len() as u64;
            for m in per_message {
                absorb(&mut found, m, ctx.filters);
            }
        }
    }
    found
}

/// Adds one message's links to `found`.
fn absorb(found: &mut Found, m: urlx::MessageLinks, filters: &Filters) {
    found.skipped_parts += m.skipped as u64;
    found.warnings.extend(m.warnings);
    let info = Arc::new(m.info);
    for (l, _) in m.links {
        if filters.keep(&l) {
            let mut r = Rec::from_link(&l, 0);
            r.message = Some(Arc::clone(&info));
            found.recs.push(r);
        }
    }
}

/// Streams one input in this thread, printing as links come.
fn stream_one(
    inp: &Input,
    ctx: &Ctx<'_>,
    sink: &mut Sink<'_, '_>,
    progress: &mut Progress,
    started: Instant,
) -> io::Result<bool> {
    let name = inp.display();
    let reader: Box<dyn Read> = match inp {
        Input::Stdin => Box::new(io::stdin().lock()),
        Input::File { path, .. } => match File::open(path) {
            Ok(f) => Box::new(f),
            Err(e) => {
                sink.error(&name, &reason(&e));
                return Ok(true);
            }
        },
    };
    let mut reader = BufReader::with_capacity(64 << 10, reader);
    // The first block decides binary and mail; it stays in the buffer.
    let head = match fill_probe(&mut reader) {
        Ok(h) => h,
        Err(e) => {
            sink.error(&name, &reason(&e));
            return Ok(true);
        }
    };
    if ctx.is_binary(&head) {
        sink.binary(inp, &name);
        return Ok(true);
    }
    let reader = io::Cursor::new(head.clone()).chain(reader);
    if ctx.kind(&head) != Kind::Text {
        return stream_mail(reader, &name, ctx, sink);
    }
    let mut links = ctx.finder.stream(reader);
    let mut n = 0u64;
    let mut last_tick = Instant::now();
    for l in links.by_ref() {
        match l {
            Ok(l) => {
                if !ctx.filters.keep(&l) {
                    continue;
                }
                match sink.printer.one(sink.out, &name, &Rec::from_link(&l, 0))? {
                    None => return Ok(false),
                    Some(counted) => n += u64::from(counted),
                }
                if last_tick.elapsed() > Duration::from_millis(200) {
                    last_tick = Instant::now();
                    progress.update_bytes(sink.tally.bytes + l.end() as u64, started);
                }
            }
            Err(e) => {
                sink.error(&name, &reason(&e));
                break;
            }
        }
    }
    sink.tally.files += 1;
    sink.tally.bytes += links.bytes_read() as u64;
    sink.printer.end_file(sink.out, &name, n)
}

/// Reads the first `PROBE` bytes (fewer at the end of the input).
fn fill_probe(r: &mut impl Read) -> io::Result<Vec<u8>> {
    let mut head = Vec::with_capacity(PROBE);
    r.by_ref().take(PROBE as u64).read_to_end(&mut head)?;
    Ok(head)
}

/// Streams mail: an mbox message by message (memory: the largest message),
/// or one message read whole.
fn stream_mail(
    reader: impl Read,
    name: &str,
    ctx: &Ctx<'_>,
    sink: &mut Sink<'_, '_>,
) -> io::Result<bool> {
    let mut reader = BufReader::with_capacity(64 << 10, reader);
    let mut msg: Vec<u8> = Vec::new();
    let mut line: Vec<u8> = Vec::new();
    // Offset and line number of the message in `msg`.
    let (mut base, mut first_line, mut lines_in_msg) = (0usize, 1u64, 0u64);
    let mut n = 0u64;
    loop {
        line.clear();
        let got = match reader.read_until(b'\n', &mut line) {
            Ok(k) => k,
            Err(e) => {
                sink.error(name, &reason(&e));
                0
            }
        };
        let boundary = got == 0
            || (mail::is_from_line(line.strip_suffix(b"\n").unwrap_or(&line)) && !msg.is_empty());
        if boundary && !msg.is_empty() {
            let m = ctx.finder.message_links(&msg, 0..msg.len(), first_line);
            sink.warn(name, &m.warnings);
            sink.tally.messages += 1;
            sink.tally.skipped_parts += m.skipped as u64;
            let info = Arc::new(m.info);
            for (l, _) in m.links {
                if !ctx.filters.keep(&l) {
                    continue;
                }
                let mut r = Rec::from_link(&l, base as u64);
                r.message = Some(Arc::clone(&info));
                match sink.printer.one(sink.out, name, &r)? {
                    None => return Ok(false),
                    Some(counted) => n += u64::from(counted),
                }
            }
            base += msg.len();
            first_line += lines_in_msg;
            lines_in_msg = 0;
            msg.clear();
        }
        if got == 0 {
            break;
        }
        lines_in_msg += u64::from(line.last() == Some(&b'\n'));
        msg.extend_from_slice(&line);
    }
    sink.tally.files += 1;
    sink.tally.bytes += base as u64;
    sink.printer.end_file(sink.out, name, n)
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
