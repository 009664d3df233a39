//! Every public type of the library is `Send + Sync` and unwind-safe
//! (`UnwindSafe + RefUnwindSafe`): a mail client builds a finder once and
//! shares it, hands links, parsed URIs, messages and archive members to
//! workers, and catches a panic around a call (`std::panic::catch_unwind`,
//! as the C ABI does). A type that loses one of these fails to compile
//! here. Types behind a feature are checked where the build has the
//! feature (the workspace's `cargo test` builds the library with the
//! command's features; `html-input` only where asked).
//!
//! The exceptions, by design: `linkify::Options` and `HtmlInput` hold the
//! caller's callbacks (`dyn Fn + Send + Sync`), and `HtmlInputError` the
//! writer's error (`dyn Error + Send + Sync`), which may hold anything, so
//! they are `Send + Sync` but not unwind-safe; `unpack::Member` reads
//! through its archive's reader (`dyn Read`) and `unpack::Capped` shares
//! its byte budget between the readers of one archive (`Rc<Cell<_>>`), so
//! they are none of the four: they stay on the thread that opened the
//! archive.

use std::panic::{RefUnwindSafe, UnwindSafe};

fn all<T: Send + Sync + UnwindSafe + RefUnwindSafe>() {}
fn shared<T: Send + Sync>() {}

#[test]
fn the_crate_roots_types() {
    all::<urlx::Finder>();
    all::<urlx::FinderBuilder>();
    all::<urlx::BuildError>();
    all::<urlx::Link<'static>>();
    all::<urlx::Links<'static, 'static>>();
    all::<urlx::Form>();
    all::<urlx::Joined>();
    all::<urlx::Piece>();
    all::<urlx::Piece<&'static [u8]>>();
    all::<urlx::Seam>();
    all::<urlx::StreamLinks<'static, std::io::Empty>>();
    all::<urlx::StreamLinks<'static, &'static [u8]>>();
    #[cfg(feature = "mail")]
    {
        all::<urlx::MailLink>();
        all::<urlx::MessageLinks>();
    }
}

#[test]
fn the_uri_types() {
    use urlx::uri::{self, scheme};
    all::<urlx::Uri<'static>>();
    all::<urlx::UriBuf>();
    all::<urlx::ParseError>();
    all::<urlx::ParseErrorKind>();
    all::<uri::Syntax>();
    all::<uri::HostKind>();
    all::<uri::Compat>();
    all::<uri::ResolveError>();
    all::<scheme::Rfc1738<'static>>();
    all::<scheme::SchemeError>();
    all::<scheme::SchemeErrorKind>();
    all::<scheme::File<'static>>();
    all::<scheme::Ftp<'static>>();
    all::<scheme::FtpType>();
    all::<scheme::Gopher<'static>>();
    all::<scheme::Http<'static>>();
    all::<scheme::Mailto<'static>>();
    all::<scheme::News<'static>>();
    all::<scheme::NewsTarget<'static>>();
    all::<scheme::Nntp<'static>>();
    all::<scheme::Prospero<'static>>();
    all::<scheme::Telnet<'static>>();
    all::<scheme::Wais<'static>>();
    all::<scheme::WaisTarget<'static>>();
}

#[test]
fn the_linkifier_and_redirect_types() {
    shared::<urlx::linkify::Options>();
    all::<urlx::linkify::Rendered<'static>>();
    all::<urlx::linkify::Deception>();
    all::<urlx::redirect::Redirect>();
    all::<urlx::redirect::Service>();
    #[cfg(feature = "html-input")]
    {
        shared::<urlx::linkify::HtmlInput>();
        shared::<urlx::linkify::HtmlInputError>();
    }
}

#[cfg(feature = "mail")]
#[test]
fn the_mail_types() {
    use urlx::mail;
    all::<mail::Kind>();
    all::<mail::Separator>();
    all::<mail::Info>();
    all::<mail::Source>();
    all::<mail::Encoding>();
    all::<mail::Part<'static>>();
    all::<mail::Message<'static>>();
    all::<mail::Anchor>();
    all::<mail::LinkTexts<'static>>();
    all::<mail::OffsetMap>();
    all::<mail::Reading>();
}

#[cfg(feature = "compressed")]
#[test]
fn the_unpack_types() {
    use urlx::unpack;
    all::<unpack::Limits>();
    all::<unpack::Error>();
    all::<unpack::ErrorKind>();
    all::<unpack::Packing>();
    all::<unpack::Archive>();
}

#[cfg(feature = "filter")]
#[test]
fn the_filter_types() {
    all::<urlx::filter::Filter>();
    all::<urlx::filter::FilterBuilder>();
    all::<urlx::filter::FilterError>();
}
