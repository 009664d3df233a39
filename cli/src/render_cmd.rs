//! --html, --html-page and --hyperlink: the inputs written back with their
//! URLs as links, in input order, compressed ones decoded first. Mail
//! (sniffed, or `--mail`) is written as a reader sees it, message by
//! message (`urlx::mail::read`); other text, or anything with `--no-mail`,
//! as its bytes are (the links placed in them). Every input is written,
//! binary or not, its control bytes shown (C-S5). The filter flags decide
//! which URLs become links; the others stay text.

use std::cell::RefCell;
use std::io::{self, Read, Write};
use std::rc::Rc;

use super::config::{Config, Reading, Render as RenderJob};
use super::escape::escaped;
use super::extract::{fill_probe, shift_byte_offset, PROBE};
use super::mail_stream::{too_large, Messages, Next};
use super::walk::{self, reason, Input};
use super::ExitStatus;

pub fn run(cfg: &Config, job: &RenderJob) -> io::Result<ExitStatus> {
    let opts = urlx::linkify::Options {
        raw_controls: job.raw_controls,
        // --no-headers and --headers-only are refused here (conflicts.rs):
        // the text has no header fields.
        keep: cfg.keep.for_linkify(),
        ..Default::default()
    };
    let walked = walk::inputs(&cfg.inputs.paths, &cfg.inputs.walk);
    let failed = walked.report() > 0;
    let inputs = walked.inputs;
    let stdout = io::stdout();
    let mut w = io::BufWriter::with_capacity(64 << 10, stdout.lock());
    let mut r = Render {
        reading: &cfg.reading,
        finder: &cfg.finder,
        opts: &opts,
        html: job.html,
        found: false,
        failed,
    };
    let result = (|| -> io::Result<()> {
        if job.page {
            w.write_all(b"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>urlx</title>\n<style>a.urlx-deceptive{background:#fdd}.urlx-warning{color:#900;font-weight:bold}.urlx-message{border-top:1px solid #999;margin:1em 0}.urlx-headers{font-family:sans-serif;margin:.5em 0}.urlx-body{white-space:pre-wrap}</style></head><body>\n")?;
        }
        for inp in &inputs {
            if job.page && inputs.len() > 1 {
                w.write_all(b"<h2>")?;
                urlx::linkify::escape_text(&mut w, inp.display().as_bytes())?;
                w.write_all(b"</h2>\n")?;
            }
            r.input(&mut w, inp)?;
        }
        if job.page {
            w.write_all(b"</body></html>\n")?;
        }
        w.flush()
    })();
    match result {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {}
        Err(e) => return Err(e),
    }
    Ok(if r.failed {
        ExitStatus::Error
    } else if r.found {
        ExitStatus::Found
    } else {
        ExitStatus::NotFound
    })
}

/// The rendering of the inputs, one after another.
struct Render<'a> {
    reading: &'a Reading,
    finder: &'a urlx::Finder,
    opts: &'a urlx::linkify::Options,
    /// HTML, else OSC 8.
    html: bool,
    /// A link was written.
    found: bool,
    /// An error was said.
    failed: bool,
}

impl Render<'_> {
    fn error(&mut self, inp: &Input, why: &str) {
        eprintln!("urlx: {}: {}", inp.shown(), escaped(why));
        self.failed = true;
    }

    /// One input, read as a stream: decoded while compressed, then written
    /// as text or message by message. Errors of the output end the run;
    /// those of the input are said, after what was read before them.
    fn input(&mut self, w: &mut dyn Write, inp: &Input) -> io::Result<()> {
        let file = match inp.open() {
            Ok(f) => f,
            Err(e) => {
                self.error(inp, &reason(&e));
                return Ok(());
            }
        };
        // Read errors are kept here, so that the writers see only their
        // own (a closed pipe).
        let error = Rc::new(RefCell::new(None));
        let mut reader: Box<dyn Read> = Box::new(Kept {
            inner: io::BufReader::with_capacity(64 << 10, file),
            error: Rc::clone(&error),
        });
        // (Decoding, when built with it, reads the head again.)
        #[cfg_attr(not(feature = "compressed"), allow(unused_mut))]
        let (mut head, _) = fill_probe(&mut reader);
        #[cfg(feature = "compressed")]
        if self.reading.decompress {
            use urlx::unpack::{Archive, Capped, Packing};
            let max = self.reading.max_decompressed;
            let budget = Rc::new(std::cell::Cell::new(max));
            let limits = &self.reading.limits;
            // A `.tar.gz` is decoded to the tar; a few levels at most.
            for _ in 0..4 {
                let Some(p) = Packing::sniff(&head) else {
                    break;
                };
                let whole = io::BufReader::new(io::Cursor::new(head).chain(reader));
                let decoded = Capped::new(
                    p.decoder(whole, limits),
                    Rc::clone(&budget),
                    max,
                    "--max-decompressed",
                );
                reader = Box::new(Kept {
                    inner: decoded,
                    error: Rc::clone(&error),
                });
                head = fill_probe(&mut reader).0;
            }
            if Archive::sniff(&head).is_some() {
                self.error(
                    inp,
                    "an archive: --html and --hyperlink write one text back; \
                     extract its members to render them",
                );
                return Ok(());
            }
        }
        let kind = self.reading.mail.kind(&head[..head.len().min(PROBE)]);
        if kind == urlx::mail::Kind::Text {
            let mut text = io::Cursor::new(head).chain(reader);
            self.text(w, &mut text)?;
        } else {
            let mbox = kind == urlx::mail::Kind::Mbox;
            let mut m = Messages::new(head, &mut reader, mbox, self.reading.max_message);
            self.messages(w, inp, &mut m, mbox)?;
        }
        if let Some(e) = error.borrow_mut().take() {
            self.error(inp, &reason(&e));
        }
        Ok(())
    }

    /// Text, linkified as it is read.
    fn text(&mut self, w: &mut dyn Write, r: &mut dyn Read) -> io::Result<()> {
        let n = if self.html {
            w.write_all(b"<pre>")?;
            let n = urlx::linkify::write_html_from(w, self.finder, r, self.opts)?;
            w.write_all(b"</pre>\n")?;
            n
        } else {
            urlx::linkify::write_osc8_from(w, self.finder, r, self.opts)?
        };
        self.found |= n > 0;
        Ok(())
    }

    /// Mail, one message at a time as a reader sees it; a message past
    /// --max-message as text.
    fn messages(
        &mut self,
        w: &mut dyn Write,
        inp: &Input,
        m: &mut Messages<'_>,
        mbox: bool,
    ) -> io::Result<()> {
        let mut first = true;
        loop {
            match m.next(1) {
                Next::Whole { bytes, start } => {
                    for (range, _) in urlx::mail::messages(&bytes, mbox, 1) {
                        let reading = urlx::mail::read(&bytes, range);
                        if self.reading.verbose {
                            for warning in &reading.warnings {
                                eprintln!("urlx: {}: {}", inp.shown(), escaped(warning));
                            }
                        }
                        for unread in &reading.unread {
                            let at = shift_byte_offset(unread, start);
                            self.error(inp, &at);
                        }
                        let n = if self.html {
                            urlx::linkify::write_message_html(w, self.finder, &reading, self.opts)?
                        } else {
                            if !first {
                                w.write_all(b"\n")?;
                            }
                            urlx::linkify::write_message_osc8(w, self.finder, &reading, self.opts)?
                        };
                        first = false;
                        self.found |= n > 0;
                    }
                }
                Next::Oversize { start } => {
                    self.error(inp, &too_large(start, self.reading.max_message));
                    if !self.html && !first {
                        w.write_all(b"\n")?;
                    }
                    first = false;
                    self.text(w, &mut m.oversize())?;
                }
                Next::End => return Ok(()),
            }
        }
    }
}

/// A reader whose errors end it and are kept for the caller.
struct Kept<R> {
    inner: R,
    error: Rc<RefCell<Option<io::Error>>>,
}

impl<R: Read> Read for Kept<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.error.borrow().is_some() {
            return Ok(0);
        }
        loop {
            match self.inner.read(buf) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    *self.error.borrow_mut() = Some(e);
                    return Ok(0);
                }
                Ok(n) => return Ok(n),
            }
        }
    }
}
