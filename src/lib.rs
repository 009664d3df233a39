//! urlx finds URLs in plain text — mail, news, RFC-style documents — by the
//! rules the URL specifications give for URLs in context, and parses each
//! one with a strict RFC 3986 parser.
//!
//! This release holds the core parser, [`uri`]: RFC 3986 generic syntax
//! (zero-copy), RFC 3987 IRIs, reference resolution (RFC 3986 and the two
//! drafts before it), normalization, and typed views of the ten RFC 1738
//! schemes.
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
//! # Guarantees
//!
//! Parsing never panics and never allocates; every error carries the byte
//! index where the input stops being a URI.

#![warn(missing_docs)]
#![deny(unsafe_code)]

mod delimit;
mod find;
pub mod linkify;
#[cfg(feature = "mail")]
pub mod mail;
mod scan;
mod stream;
pub mod uri;

pub use delimit::Form;
#[cfg(feature = "mail")]
pub use find::MessageLinks;
pub use find::{find, BuildError, Finder, FinderBuilder, Link, Links};
pub use stream::StreamLinks;
pub use uri::{parse, parse_iri, ParseError, ParseErrorKind, Uri, UriBuf};

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
