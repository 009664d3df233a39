//! urlx finds URLs in plain text — mail, news, RFC-style documents — by the
//! rules the URL specifications give for URLs in context, and parses each
//! one with a strict RFC 3986 parser.
//!
//! It finds the four forms the specifications describe (`<URL:…>`, `<…>`,
//! `"…"`, bare) and `www.` abbreviations; rejoins URLs wrapped across lines
//! (quote prefixes of mail replies included); keeps the hyphen at a line
//! break and reports the hyphen-less reading as the alternative. Its
//! guarantees: it never panics on input, and its time is linear in the
//! input (a SIMD search jumps to the bytes a URL must contain; all other
//! work is local and capped, and what one trigger learns of a run of text
//! serves the later triggers in it, so that they do not each redo the
//! work up to the URL cap, [`FinderBuilder::max_url_len`]; a chain of
//! lines joined at hyphens spans at most
//! [`FinderBuilder::max_wrapper_lines`] lines). Text with a link or a
//! refused trigger every few bytes costs more per byte than ordinary mail:
//! a constant per link or trigger.
//!
//! # Example: find links
//!
//! ```
//! let text = "Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;\n      type=d>.";
//! let link = urlx::find(text).next().unwrap();
//! assert_eq!(link.as_str(), "ftp://info.cern.ch/pub/www/doc;type=d");
//! assert_eq!(link.form(), urlx::Form::UrlPrefix);
//! assert_eq!(link.uri().host(), Some("info.cern.ch"));
//! ```
//!
//! # Example: parse, resolve, normalize
//!
//! ```
//! let base = urlx::uri::parse("http://a/b/c/d;p?q").unwrap();
//! let r = urlx::uri::parse("../../g").unwrap();
//! assert_eq!(base.resolve(&r).unwrap().as_str(), "http://a/g");
//!
//! let u = urlx::uri::parse("HTTP://Example.COM:80/%7Ejoe/./x").unwrap();
//! assert_eq!(u.normalize().as_str(), "http://example.com/~joe/x");
//! ```
//!
//! # Overview
//!
//! - [`find`], [`Finder`], [`FinderBuilder`], [`Link`], [`Form`]: the
//!   extractor; [`Finder::stream`] over any `io::Read` with bounded memory.
//! - [`uri`]: the RFC 3986 / 3987 parser (zero-copy, allocation-free),
//!   resolution, normalization, RFC 1738 scheme views.
//! - `mail` (feature `mail`): mbox and MIME decoding with offsets back to
//!   the raw bytes; `Finder::message_links`.
//! - `filter` (feature `filter`): which links to keep, by pattern, host,
//!   scheme and form.
//! - `unpack` (feature `compressed`): gzip, bzip2, xz and zstd streams and
//!   tar and zip archives, read under limits no header of the input can
//!   raise.
//! - [`linkify`]: HTML and terminal (OSC 8) output, deceptive-link checks.
//!
//! # Crate features
//!
//! - `mail` (default): mail and news input (`encoding_rs`).
//! - `domains`: domain names without a scheme as links, an option
//!   (`FinderBuilder::domains`; `psl`, the public suffix list).
//! - `filter`: `urlx::filter`, links kept by pattern (`regex-automata`,
//!   `aho-corasick`), host, scheme and form.
//! - `confusables` (default): the deceptive-link verdicts also by UTS 39
//!   (`unicode-security`) and hosts read by UTS 46 (`idna`): hosts all in
//!   one script that looks Latin (`аррӏе.com`, `xn--80ak6aa92e.com`), and
//!   mixed scripts by UTS 39's script sets; the command and the C library
//!   flag the same. Without it, hosts that mix scripts (in Unicode or
//!   punycode) are still flagged. It costs 12 crates and about 5 seconds
//!   of a clean release build on 2 cores (10 s to 15 s).
//! - `compressed`: `urlx::unpack`, the decoders of compressed input and
//!   archives (`flate2`, `bzip2`, `xz4rust`, `lzma-rust2`, `ruzstd`: all
//!   Rust, no C compiler).
//!
//! With default features the library compiles `memchr`,
//! `unicode-segmentation`, `encoding_rs`, `idna` and `unicode-security`
//! (and what those two need); without them (`default-features = false`),
//! the first two alone. The `urlx` command is a crate of its own (`urlx-cli`), so none
//! of its dependencies reach a program that uses the library.

#![deny(missing_docs)]
#![deny(unsafe_code)]
// docs.rs marks what a feature gates (`--cfg docsrs`).
#![cfg_attr(docsrs, feature(doc_cfg))]

mod bytes;
mod delimit;
#[cfg(feature = "filter")]
#[cfg_attr(docsrs, doc(cfg(feature = "filter")))]
pub mod filter;
mod find;
pub mod linkify;
#[cfg(feature = "mail")]
#[cfg_attr(docsrs, doc(cfg(feature = "mail")))]
pub mod mail;
mod piece;
mod record;
pub mod redirect;
pub mod refang;
mod scan;
mod stream;
mod switches;
#[cfg(test)]
mod testing;
#[cfg(feature = "compressed")]
#[cfg_attr(docsrs, doc(cfg(feature = "compressed")))]
pub mod unpack;
pub mod uri;
mod uts58;

pub use delimit::Form;
pub use find::{find, BuildError, Finder, FinderBuilder, Link, Links, LINKABLE, MAX_CAP};
#[cfg(feature = "mail")]
#[cfg_attr(docsrs, doc(cfg(feature = "mail")))]
pub use find::{MailLink, MessageLinks};
pub use piece::{Joined, Piece, Seam};
pub use record::{LinkRecord, ParsedRecord};
pub use stream::StreamLinks;
pub use uri::{parse, parse_iri, ParseError, ParseErrorKind, Uri, UriBuf};

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// The library guide's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../docs/library.md")]
struct LibraryDoctests;
