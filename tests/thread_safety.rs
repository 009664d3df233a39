//! The public types a mail client holds across threads: `Send + Sync`
//! (a finder built once and shared; links and parsed URIs handed to
//! workers), and unwind-safe where a caller may catch a panic around a
//! call (`std::panic::catch_unwind`, as the C ABI does). A type that
//! loses one of these fails to compile here.

use std::panic::{RefUnwindSafe, UnwindSafe};

fn shared<T: Send + Sync>() {}
fn unwind_safe<T: UnwindSafe + RefUnwindSafe>() {}

#[test]
fn public_types_are_send_and_sync() {
    shared::<urlx::Finder>();
    shared::<urlx::FinderBuilder>();
    shared::<urlx::BuildError>();
    shared::<urlx::Link<'static>>();
    shared::<urlx::Links<'static, 'static>>();
    shared::<urlx::Form>();
    shared::<urlx::Uri<'static>>();
    shared::<urlx::UriBuf>();
    shared::<urlx::ParseError>();
    shared::<urlx::StreamLinks<'static, std::io::Empty>>();
    shared::<urlx::linkify::Options>();
    shared::<urlx::linkify::Deception>();
    shared::<urlx::redirect::Redirect>();
    shared::<urlx::unpack::Limits>();
    shared::<urlx::unpack::Error>();
    #[cfg(feature = "mail")]
    {
        shared::<urlx::MailLink>();
        shared::<urlx::MessageLinks>();
        shared::<urlx::mail::Info>();
    }
    #[cfg(feature = "filter")]
    shared::<urlx::filter::Filter>();
    #[cfg(feature = "html-input")]
    {
        shared::<urlx::linkify::HtmlInput>();
        shared::<urlx::linkify::HtmlInputError>();
    }
}

#[test]
fn the_finder_links_and_uris_are_unwind_safe() {
    unwind_safe::<urlx::Finder>();
    unwind_safe::<urlx::FinderBuilder>();
    unwind_safe::<urlx::Link<'static>>();
    unwind_safe::<urlx::Uri<'static>>();
    unwind_safe::<urlx::UriBuf>();
    unwind_safe::<urlx::ParseError>();
}
