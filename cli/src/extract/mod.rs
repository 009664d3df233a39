//! The main job: every URL in the inputs. Workers of a rayon pool read and
//! scan files (handed out in input order, `whole_file`); this thread prints in
//! input order as results arrive. Standard input, pipes, files over 16 MiB
//! and archives are streamed from this thread (`stream`), decoded when
//! compressed (`cli::unpack`), in pieces that a second pool scans (`pieces`),
//! with bounded memory. Mail (an mbox or a message, sniffed or forced with
//! --mail) is decoded by `urlx::mail`; an mbox's messages are scanned in
//! parallel too.

mod context;
mod piece_work;
mod pieces;
mod stream;
mod whole_file;

use std::collections::{HashMap, HashSet};
use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use super::config::{Config, Print};
use super::output::Out;
use super::printer::Printer;
use super::walk::{self, Input};
use super::ExitStatus;
use context::{Ctx, Found, Sink, Tally};
pub use piece_work::shift_byte_offset;
pub use stream::{fill_probe, PROBE};
use whole_file::read_whole;

/// An input's error where reading it panicked.
pub const PANICKED: &str =
    "reading it stopped on a bug in urlx (a panic); the other inputs are read";

/// Files handed to a worker at a time.
const BATCH: usize = 8;

/// Runs the main job: every input read, its links printed in input order.
pub fn run(cfg: &Config, print: &Print, out: &mut Out) -> io::Result<ExitStatus> {
    let started = Instant::now();
    let threads = cfg.reading.threads;
    let Some(pool) = thread_pool(threads) else {
        return Ok(ExitStatus::Error);
    };
    // One thread: this thread reads each file when it gets to it, no
    // channel, no pool (a hand-off to a pool thread per file cost a second
    // of futex calls on 24,000 small files).
    let single = pool.current_num_threads() <= 1;
    let ctx = Ctx {
        finder: &cfg.finder,
        keep: &cfg.keep,
        reading: &cfg.reading,
        parallel: !single,
    };
    // Streamed inputs are scanned in pieces on a pool of their own: the
    // file workers may be waiting for this thread to take their results.
    let piece_pool = match single {
        true => None,
        false => match thread_pool(threads) {
            Some(p) => Some(p),
            None => return Ok(ExitStatus::Error),
        },
    };
    let walked = walk::inputs(&cfg.inputs.paths, &cfg.inputs.walk);
    let mut tally = Tally {
        errors: walked.report(),
        ..Tally::default()
    };
    let inputs = walked.inputs;
    let mut printer = printer(print, walked.show_path);
    let mut sink = Sink {
        printer: &mut printer,
        out,
        tally: &mut tally,
        verbose: cfg.reading.verbose,
    };
    let mut order = Order {
        ctx: &ctx,
        piece_pool: piece_pool.as_ref(),
        single,
        early: HashMap::new(),
        progress: Progress::new(print.progress, inputs.len()),
        started,
    };
    order.all(&pool, &inputs, &mut sink)?;
    order.progress.finish();
    sink.out.flush()?;
    if print.stats {
        let secs = started.elapsed().as_secs_f64();
        eprintln!("{}", stats_line(&tally, printer.printed, secs));
    }
    Ok(if tally.errors > 0 {
        ExitStatus::Error
    } else if printer.printed > 0 {
        ExitStatus::Found
    } else {
        ExitStatus::NotFound
    })
}

/// A pool of `threads` threads (0: one a core), or None once the error
/// is said.
fn thread_pool(threads: usize) -> Option<rayon::ThreadPool> {
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(p) => Some(p),
        Err(e) => {
            eprintln!("urlx: cannot start {threads} threads: {e}");
            None
        }
    }
}

/// The printer the flags ask for.
fn printer(p: &Print, show_path: bool) -> Printer {
    Printer {
        mode: p.mode,
        show_path,
        color: p.color,
        alt: p.alt,
        normalize: p.normalize,
        unwrap: p.unwrap,
        term: p.term,
        unique: p.unique.then(HashSet::new),
        template: p.template.clone(),
        printed: 0,
        buf: String::new(),
    }
}

/// The inputs taken in input order: files read whole by the pool's
/// workers, the others streamed by this thread.
struct Order<'c> {
    ctx: &'c Ctx<'c>,
    piece_pool: Option<&'c rayon::ThreadPool>,
    single: bool,
    /// Files the workers read before their turn to be printed.
    early: HashMap<usize, Found>,
    progress: Progress,
    started: Instant,
}

/// What the workers send: files read whole, by their place in the inputs.
type Batch = Vec<(usize, Found)>;

impl Order<'_> {
    /// Workers read and scan files in input order (par_bridge hands them
    /// out in order) and send what they found; this thread prints in input
    /// order, holding the few results that arrive early. Printing overlaps
    /// scanning.
    fn all(
        &mut self,
        pool: &rayon::ThreadPool,
        inputs: &[Input],
        sink: &mut Sink<'_, '_>,
    ) -> io::Result<()> {
        let stop = AtomicBool::new(false);
        let (tx, rx) = std::sync::mpsc::sync_channel::<Batch>(64);
        let files: Vec<(usize, &Input)> = inputs
            .iter()
            .enumerate()
            .filter(|(_, inp)| matches!(inp, Input::File { .. }))
            .collect();
        let mut result = Ok(());
        std::thread::scope(|scope| {
            let (ctx, stop, files, single) = (self.ctx, &stop, &files, self.single);
            scope.spawn(move || {
                if single {
                    drop(tx);
                    return;
                }
                // Files are handed out a few at a time: a lock and a send
                // per file cost as much as reading a small mail message.
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
            for (i, inp) in inputs.iter().enumerate() {
                let open = self.one(i, inp, sink, &rx).unwrap_or_else(|e| {
                    result = Err(e);
                    false
                });
                self.progress.update(i + 1, sink.tally.bytes, self.started);
                if !open {
                    break;
                }
            }
            // Stop the workers early when the reader of our output has gone.
            stop.store(true, Ordering::Relaxed);
            drop(rx);
        });
        result
    }

    /// One input, in its turn; false once the reader of our output has
    /// gone.
    fn one(
        &mut self,
        i: usize,
        inp: &Input,
        sink: &mut Sink<'_, '_>,
        rx: &Receiver<Batch>,
    ) -> io::Result<bool> {
        if let Input::Stdin = inp {
            if self.ctx.reading.refang {
                let f = whole_file::read_stdin(self.ctx);
                return sink.found(inp, f);
            }
            return self.stream(inp, sink);
        }
        let f = loop {
            if self.single {
                break read_whole(inp, self.ctx);
            }
            if let Some(f) = self.early.remove(&i) {
                break f;
            }
            match rx.recv() {
                Ok(batch) => self.early.extend(batch),
                // Only if a worker died: name the file rather than hang.
                Err(_) => {
                    return Err(io::Error::other(format!(
                        "{}: no result from the reading threads",
                        inp.shown()
                    )))
                }
            }
        };
        if f.deferred && self.ctx.reading.refang {
            // (Read whole or not at all: said, not skipped.)
            sink.error(&inp.shown(), &whole_file::refang_refusal());
            return Ok(true);
        }
        if f.deferred {
            // Large, an archive, or not a regular file: streamed here, in
            // order.
            return self.stream(inp, sink);
        }
        sink.found(inp, f)
    }

    /// An input streamed by this thread. A panic while it is streamed (a
    /// bug: no input should cause one) is the input's error; the run goes
    /// on.
    fn stream(&mut self, inp: &Input, sink: &mut Sink<'_, '_>) -> io::Result<bool> {
        let (progress, started) = (&mut self.progress, self.started);
        let mut tick = |bytes| progress.update_bytes(bytes, started);
        let run = || stream::stream(inp, self.ctx, sink, self.piece_pool, &mut tick);
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)).unwrap_or_else(|_| {
            sink.error(&inp.shown(), PANICKED);
            Ok(true)
        })
    }
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
