//! --html, --html-page and --hyperlink: the inputs written back with their
//! URLs as links, in input order, compressed ones decoded first. Mail
//! (sniffed, or `--mail`) is written as a reader sees it, message by
//! message (`urlx::mail::read`); other text, or anything with `--no-mail`,
//! as its bytes are (the links placed in them). Every input is written,
//! binary or not, its control bytes shown (C-S5). The filter flags decide
//! which URLs become links; the others stay text.

use std::io::{self, Read, Write};

use std::sync::Arc;

use super::flags::ScanArgs;
use super::keep::Keep;
use super::walk::{self, reason, Input};
use super::ExitStatus;

pub fn run(args: &ScanArgs) -> io::Result<ExitStatus> {
    let finder = match args.finder() {
        Ok(f) => f,
        Err(e) => {
            eprintln!("urlx: {e}");
            return Ok(ExitStatus::Error);
        }
    };
    let keep = match Keep::from_args(&args.filter, args.headers()) {
        Ok(k) => Arc::new(k),
        Err(e) => {
            eprintln!("urlx: {e}");
            return Ok(ExitStatus::Error);
        }
    };
    let opts = urlx::linkify::Options {
        raw_controls: args.raw_controls,
        // --no-headers and --headers-only are refused here (combine.rs):
        // the text has no header fields.
        keep: (!keep.filter.keeps_all()).then(|| {
            let keep = Arc::clone(&keep);
            Arc::new(move |l: &urlx::Link<'_>| keep.text(l)) as urlx::linkify::Keep
        }),
        ..Default::default()
    };
    let (inputs, _, errors) = walk::inputs(
        &args.paths,
        &walk::Options {
            hidden: args.hidden,
            no_ignore: args.no_ignore,
        },
    );
    let mut failed = !errors.is_empty();
    for e in &errors {
        eprintln!("urlx: {e}");
    }
    let stdout = io::stdout();
    let mut w = io::BufWriter::with_capacity(64 << 10, stdout.lock());
    let html = args.html || args.html_page;
    let mut found = false;
    let result = (|| -> io::Result<()> {
        if args.html_page {
            w.write_all(b"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>urlx</title>\n<style>a.urlx-deceptive{background:#fdd}.urlx-warning{color:#900;font-weight:bold}.urlx-message{border-top:1px solid #999;margin:1em 0}.urlx-headers{font-family:sans-serif;margin:.5em 0}.urlx-body{white-space:pre-wrap}</style></head><body>\n")?;
        }
        for inp in &inputs {
            let mut bytes = Vec::new();
            let r = match inp {
                Input::Stdin => io::stdin().lock().read_to_end(&mut bytes),
                Input::File { path, .. } => {
                    std::fs::File::open(path).and_then(|mut f| f.read_to_end(&mut bytes))
                }
            };
            if let Err(e) = r {
                eprintln!("urlx: {}: {}", inp.display(), reason(&e));
                failed = true;
                continue;
            }
            #[cfg(feature = "compressed")]
            if !args.no_decompress {
                use super::unpack::{decode_all, Archive};
                bytes = match decode_all(bytes, args.max_decompressed()) {
                    Ok(b) => b,
                    Err((b, e)) => {
                        // What was decoded is written; the error is said.
                        eprintln!("urlx: {}: {}", inp.display(), reason(&e));
                        failed = true;
                        b
                    }
                };
                if Archive::sniff(&bytes).is_some() {
                    eprintln!(
                        "urlx: {}: an archive: --html and --hyperlink write one text back; \
                         extract its members to render them",
                        inp.display()
                    );
                    failed = true;
                    continue;
                }
            }
            if html && args.html_page && inputs.len() > 1 {
                w.write_all(b"<h2>")?;
                urlx::linkify::escape_text(&mut w, inp.display().as_bytes())?;
                w.write_all(b"</h2>\n")?;
            }
            let kind = args
                .mail_mode()
                .kind(&bytes[..bytes.len().min(super::scan::PROBE)]);
            if kind == urlx::mail::Kind::Text {
                if html {
                    w.write_all(b"<pre>")?;
                    found |= urlx::linkify::write_html(&mut w, &finder, &bytes, &opts)? > 0;
                    w.write_all(b"</pre>\n")?;
                } else {
                    found |= urlx::linkify::write_osc8(&mut w, &finder, &bytes, &opts)? > 0;
                }
                continue;
            }
            let messages = urlx::mail::messages(&bytes, kind == urlx::mail::Kind::Mbox, 1);
            for (k, (range, _)) in messages.into_iter().enumerate() {
                let reading = urlx::mail::read(&bytes, range);
                if args.verbose {
                    for warning in &reading.warnings {
                        eprintln!("urlx: {}: {warning}", inp.display());
                    }
                }
                let n = if html {
                    urlx::linkify::write_message_html(&mut w, &finder, &reading, &opts)?
                } else {
                    if k > 0 {
                        w.write_all(b"\n")?;
                    }
                    urlx::linkify::write_message_osc8(&mut w, &finder, &reading, &opts)?
                };
                found |= n > 0;
            }
        }
        if args.html_page {
            w.write_all(b"</body></html>\n")?;
        }
        w.flush()
    })();
    match result {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {}
        Err(e) => return Err(e),
    }
    Ok(if failed {
        ExitStatus::Error
    } else if found {
        ExitStatus::Found
    } else {
        ExitStatus::NotFound
    })
}
