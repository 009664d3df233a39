//! The main job: every URL in the inputs. Workers of a rayon pool read and
//! scan files (handed out in input order, `whole`); this thread prints in
//! input order as results arrive. Standard input, pipes, files over 16 MiB
//! and archives are streamed from this thread (`input`), decoded when
//! compressed (`cli::unpack`), in pieces that a second pool scans (`pieces`),
//! with bounded memory. Mail (an mbox or a message, sniffed or forced with
//! --mail) is decoded by `urlx::mail`; an mbox's messages are scanned in
//! parallel too.

mod ctx;
mod input;
mod pieces;
mod whole;
mod work;

use std::collections::{HashMap, HashSet};
use std::io::{self, IsTerminal};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use super::flags::{ColorArg, ScanArgs};
use super::keep::finder_and_keep;
use super::output::Out;
use super::printer::{Mode, Printer};
use super::template::Template;
use super::walk::{self, Input};
use super::ExitStatus;
use ctx::{Ctx, Sink, Tally};
pub use input::{fill_probe, PROBE};
use whole::read_whole;
pub use work::shift_byte_offset;

/// An input's error where reading it panicked.
pub const PANICKED: &str =
    "reading it stopped on a bug in urlx (a panic); the other inputs are read";

/// Files up to this size are read whole; larger ones are streamed in
/// pieces.
const WHOLE_FILE_MAX: u64 = 16 << 20;

/// With --refang every input is read whole, up to this size: indicators
/// are pasted text, and refanging needs the text before the finder.
pub const REFANG_MAX: u64 = 256 << 20;
/// The size of a piece of a streamed input: large enough that the
/// overlap each piece scans again (`Finder::piece_margins`, about 24 KiB)
/// costs about 1%, small enough that the pieces in flight stay within a
/// few tens of MiB.
const PIECE_SIZE: usize = 2 << 20;
/// Files handed to a worker at a time.
const BATCH: usize = 8;

pub fn run(args: &ScanArgs, out: &mut Out) -> io::Result<ExitStatus> {
    let started = Instant::now();
    let (finder, keep) = match finder_and_keep(args) {
        Ok(pair) => pair,
        Err(e) => {
            eprintln!("urlx: {e}");
            return Ok(ExitStatus::Error);
        }
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
        keep: &keep,
        binary_ok: args.binary,
        mail: args.mail_mode(),
        parallel: !single,
        decompress: !args.no_decompress,
        max_decompressed: args.max_decompressed(),
        #[cfg(feature = "compressed")]
        limits: args.limits(),
        max_message: args.max_message(),
        piece_size: args.piece_size.unwrap_or(PIECE_SIZE).max(1),
        // A piece size asked for (by tests) sends every input through the
        // pieces.
        whole_max: if args.refang {
            REFANG_MAX
        } else if args.piece_size.is_some() {
            0
        } else {
            WHOLE_FILE_MAX
        },
        refang: args.refang,
    };
    // Streamed inputs are scanned in pieces on a pool of their own: the
    // file workers may be waiting for this thread to take their results.
    let piece_pool = if single {
        None
    } else {
        match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(p) => Some(p),
            Err(e) => {
                eprintln!("urlx: cannot start {threads} threads: {e}");
                return Ok(ExitStatus::Error);
            }
        }
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
    let template = match args.format.as_deref().map(Template::parse).transpose() {
        Ok(t) => t,
        Err(e) => {
            eprintln!("urlx: {e}");
            return Ok(ExitStatus::Error);
        }
    };
    let mode = if args.json {
        Mode::Json
    } else if template.is_some() {
        Mode::Format
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
        unwrap: args.unwrap,
        term: if args.null { 0 } else { b'\n' },
        unique: args.unique.then(HashSet::new),
        template,
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
    let (tx, rx) = std::sync::mpsc::sync_channel::<Vec<(usize, ctx::Found)>>(64);
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
        let mut early: HashMap<usize, ctx::Found> = HashMap::new();
        let piece_pool = piece_pool.as_ref();
        for (i, inp) in inputs.iter().enumerate() {
            let mut stream = |sink: &mut Sink<'_, '_>| {
                let mut tick = |bytes| progress.update_bytes(bytes, started);
                // A panic while it is streamed (a bug: no input should
                // cause one) is the input's error; the run goes on.
                let run = || input::stream(inp, ctx, sink, piece_pool, &mut tick);
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)).unwrap_or_else(|_| {
                    sink.error(&inp.shown(), PANICKED);
                    Ok(true)
                })
            };
            let r = (|| -> io::Result<bool> {
                if let Input::Stdin = inp {
                    if ctx.refang {
                        let f = whole::read_stdin(ctx);
                        return sink.found(inp, f);
                    }
                    return stream(&mut sink);
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
                                inp.shown()
                            )))
                        }
                    }
                };
                if f.deferred && ctx.refang {
                    // (Read whole or not at all: said, not skipped.)
                    sink.error(&inp.shown(), &whole::refang_refusal());
                    return Ok(true);
                }
                if f.deferred {
                    // Large, an archive, or not a regular file: streamed
                    // here, in order.
                    return stream(&mut sink);
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
            "urlx: {n} binary file{} in folders or archives skipped (--binary reads them)",
            if n == 1 { "" } else { "s" }
        );
    }
    if args.stats {
        eprintln!(
            "{}",
            stats_line(&tally, printer.printed, started.elapsed().as_secs_f64())
        );
    }
    // PERF: a list of 100,000 hosts is not freed entry by entry before
    // the process ends, which frees it at once (`benches/filters.sh`:
    // about 15% of the load of such a list).
    std::mem::forget(keep);
    Ok(if tally.errors > 0 {
        ExitStatus::Error
    } else if printer.printed > 0 {
        ExitStatus::Found
    } else {
        ExitStatus::NotFound
    })
}

/// `n` and the noun, plural unless `n` is 1.
fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// --stats: what was read and found, and how fast.
fn stats_line(tally: &Tally, urls: u64, secs: f64) -> String {
    let mut parts = vec![
        counted(tally.files, "file", "files"),
        counted(tally.bytes, "byte", "bytes"),
        counted(urls, "URL", "URLs"),
        format!("{secs:.3} s"),
        format!("{:.1} MB/s", tally.bytes as f64 / 1e6 / secs.max(1e-9)),
    ];
    if tally.messages > 0 {
        parts.push(counted(tally.messages, "message", "messages"));
        parts.push(counted(
            tally.skipped_parts,
            "non-text part skipped",
            "non-text parts skipped",
        ));
    }
    if tally.binary > 0 {
        parts.push(format!("{} binary skipped", tally.binary));
    }
    if tally.errors > 0 {
        parts.push(counted(tally.errors, "error", "errors"));
    }
    parts.join(", ")
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

    /// The bytes read so far, while one large input is read.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stats_count_in_words() {
        let t = Tally {
            files: 1,
            bytes: 2000,
            messages: 1,
            skipped_parts: 2,
            errors: 1,
            ..Tally::default()
        };
        assert_eq!(
            stats_line(&t, 1, 1.0),
            "1 file, 2000 bytes, 1 URL, 1.000 s, 0.0 MB/s, 1 message, 2 non-text parts skipped, 1 error"
        );
    }
}
