//! `urlx_finder`: how links are found (a [`FinderBuilder`] and the
//! [`urlx::Finder`] it builds) and written ([`Options`], and a C render
//! callback). Calls read it under a read lock; a setter takes the write
//! lock if it can, and answers `URLX_ERR_BUSY` while a call uses the
//! finder, so that a configuration never changes under a running call.

use std::ffi::{c_char, c_int, c_void, CStr};
use std::ptr;
use std::sync::{OnceLock, RwLock, RwLockReadGuard, TryLockError};

use urlx::linkify::Options;
use urlx::FinderBuilder;

use crate::render::{Render, RenderFn};
use crate::{guard, opt_str, ERR_ARGUMENT, ERR_BUSY, ERR_OPTION};

/// What a finder holds.
pub(crate) struct Config {
    builder: FinderBuilder,
    pub(crate) finder: urlx::Finder,
    /// The writing options, without a render callback (the linkify calls
    /// add theirs).
    pub(crate) options: Options,
    pub(crate) render: Option<Render>,
}

/// The opaque `urlx_finder`.
pub struct Finder {
    config: RwLock<Config>,
}

// The header says a configured finder may be shared by threads.
const _: fn() = || {
    fn shared<T: Send + Sync>() {}
    shared::<Finder>();
};

impl Default for Finder {
    fn default() -> Self {
        Finder {
            config: RwLock::new(Config {
                builder: FinderBuilder::new(),
                finder: urlx::Finder::new(),
                options: Options::default(),
                render: None,
            }),
        }
    }
}

impl Finder {
    /// The finder of the one-call functions, made once.
    pub(crate) fn defaults() -> &'static Finder {
        static DEFAULTS: OnceLock<Finder> = OnceLock::new();
        DEFAULTS.get_or_init(Finder::default)
    }

    /// The configuration, for the length of a call. A setter that
    /// panicked left it whole (it changes it only once it is built).
    pub(crate) fn read(&self) -> RwLockReadGuard<'_, Config> {
        self.config.read().unwrap_or_else(|e| e.into_inner())
    }
}

impl Config {
    /// Changes the builder and rebuilds; a refused configuration leaves
    /// the finder as it was.
    fn configure(&mut self, change: impl FnOnce(&mut FinderBuilder)) -> Result<(), c_int> {
        let mut builder = self.builder.clone();
        change(&mut builder);
        self.finder = builder.build().map_err(|_| ERR_OPTION)?;
        self.builder = builder;
        Ok(())
    }
}

/// A scheme name: `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
fn is_scheme(s: &str) -> bool {
    let b = s.as_bytes();
    !b.is_empty()
        && b[0].is_ascii_alphabetic()
        && b.iter()
            .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'))
}

/// The strings `schemes[0..n]`.
///
/// # Safety
/// `schemes` must point to `n` pointers, each NULL or NUL-terminated; it
/// may be NULL when `n` is 0.
unsafe fn strings(schemes: *const *const c_char, n: usize) -> Result<Vec<String>, c_int> {
    if n == 0 {
        return Ok(Vec::new());
    }
    if schemes.is_null() || n > isize::MAX as usize / std::mem::size_of::<*const c_char>() {
        return Err(ERR_ARGUMENT);
    }
    // SAFETY: `n` readable pointers, as the caller promises.
    let ptrs = unsafe { std::slice::from_raw_parts(schemes, n) };
    ptrs.iter()
        .map(|&p| {
            if p.is_null() {
                return Err(ERR_ARGUMENT);
            }
            // SAFETY: NUL-terminated, as the caller promises.
            let s = unsafe { CStr::from_ptr(p) };
            s.to_str().map(str::to_owned).map_err(|_| ERR_ARGUMENT)
        })
        .collect()
}

/// Runs a setter on a live finder: `ERR_BUSY` while a call uses it.
///
/// # Safety
/// `finder` must be NULL or come from `urlx_finder_new`, not freed.
unsafe fn set(
    finder: *const Finder,
    change: impl FnOnce(&mut Config) -> Result<(), c_int>,
) -> c_int {
    // SAFETY: NULL or live, as promised.
    let Some(finder) = (unsafe { finder.as_ref() }) else {
        return ERR_ARGUMENT;
    };
    guard(|| {
        let mut config = match finder.config.try_write() {
            Ok(c) => c,
            Err(TryLockError::WouldBlock) => return Err(ERR_BUSY),
            Err(TryLockError::Poisoned(e)) => e.into_inner(),
        };
        change(&mut config)
    })
}

/// A finder with the default options.
///
/// # Safety
/// `out` must be writable.
#[no_mangle]
pub unsafe extern "C" fn urlx_finder_new(out: *mut *mut Finder) -> c_int {
    if out.is_null() {
        return ERR_ARGUMENT;
    }
    // SAFETY: writable, as promised.
    unsafe { out.write(ptr::null_mut()) };
    guard(|| {
        let f = Box::into_raw(Box::new(Finder::default()));
        // SAFETY: writable, as promised.
        unsafe { out.write(f) };
        Ok(())
    })
}

/// Frees a finder; NULL is ignored.
///
/// # Safety
/// `finder` must be NULL or come from `urlx_finder_new`, freed once, and
/// not in use by a call (the header says so; nothing can check it).
#[no_mangle]
pub unsafe extern "C" fn urlx_finder_free(finder: *mut Finder) {
    if !finder.is_null() {
        // SAFETY: made by Box::into_raw in urlx_finder_new, freed once.
        drop(unsafe { Box::from_raw(finder) });
    }
}

/// Defines a setter of the finder's builder that takes a flag or a size.
macro_rules! builder_setter {
    ($(#[$doc:meta])* $name:ident, $ty:ty, |$b:ident, $v:ident| $body:expr) => {
        $(#[$doc])*
        ///
        /// # Safety
        /// `finder` must be NULL or come from `urlx_finder_new`, not freed.
        #[no_mangle]
        pub unsafe extern "C" fn $name(finder: *mut Finder, $v: $ty) -> c_int {
            // SAFETY: forwarded from the caller.
            unsafe {
                set(finder, |f| {
                    f.configure(|$b| {
                        $body;
                    })
                })
            }
        }
    };
}

builder_setter!(
    /// Bare e-mail addresses as `mailto:` links.
    urlx_finder_set_email, c_int, |b, on| b.email(on != 0)
);
builder_setter!(
    /// `www.` hosts as `http://` links.
    urlx_finder_set_www, c_int, |b, on| b.abbreviated(on != 0)
);
builder_setter!(
    /// C-W6: join a bare URL broken before `/`, `?`, `&`, `=`, `#`, `%`.
    urlx_finder_set_join_breaks, c_int, |b, on| b.join_unhyphenated_breaks(on != 0)
);
builder_setter!(
    /// UTS #58 mode: links as Unicode's link detection standard finds them.
    urlx_finder_set_uts58, c_int, |b, on| b.uts58(on != 0)
);
builder_setter!(
    /// Bare `scheme://` URLs of IANA's registered schemes (default on).
    urlx_finder_set_registered_schemes, c_int, |b, on| b.registered_schemes(on != 0)
);
builder_setter!(
    /// The longest URL in bytes (at least 1).
    urlx_finder_set_max_url_len, usize, |b, bytes| b.max_url_len(bytes)
);
builder_setter!(
    /// The most bytes a wrapper may span (at least 1).
    urlx_finder_set_max_wrapper_bytes, usize, |b, bytes| b.max_wrapper_bytes(bytes)
);
builder_setter!(
    /// The most lines a wrapper may span (at least 1).
    urlx_finder_set_max_wrapper_lines, usize, |b, lines| b.max_wrapper_lines(lines)
);
builder_setter!(
    /// The most bytes of a line looked at; 0 for no cap.
    urlx_finder_set_max_line_len, usize, |b, bytes| b.max_line_len(bytes)
);

/// The schemes found in bare text (replaces the default list, and turns
/// off IANA's registered schemes).
///
/// # Safety
/// `finder` as for the other setters; `schemes` must point to `n`
/// NUL-terminated strings (or be NULL with `n` 0).
#[no_mangle]
pub unsafe extern "C" fn urlx_finder_set_bare_schemes(
    finder: *mut Finder,
    schemes: *const *const c_char,
    n: usize,
) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe {
        set(finder, |f| {
            let list = strings(schemes, n)?;
            f.configure(|b| {
                b.bare_schemes(list);
            })
        })
    }
}

/// Schemes without `//` found inside `<…>` and quotes only.
///
/// # Safety
/// As [`urlx_finder_set_bare_schemes`].
#[no_mangle]
pub unsafe extern "C" fn urlx_finder_set_wrapped_schemes(
    finder: *mut Finder,
    schemes: *const *const c_char,
    n: usize,
) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe {
        set(finder, |f| {
            let list = strings(schemes, n)?;
            f.configure(|b| {
                b.wrapped_schemes(list);
            })
        })
    }
}

/// The schemes that may become links (replaces the safe list).
///
/// # Safety
/// As [`urlx_finder_set_bare_schemes`].
#[no_mangle]
pub unsafe extern "C" fn urlx_finder_set_link_schemes(
    finder: *mut Finder,
    schemes: *const *const c_char,
    n: usize,
) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe {
        set(finder, |f| {
            let list = strings(schemes, n)?;
            if !list.iter().all(|s| is_scheme(s)) {
                return Err(ERR_OPTION);
            }
            f.options.schemes = list.iter().map(|s| s.to_ascii_lowercase()).collect();
            Ok(())
        })
    }
}

/// Defines a setter of an optional attribute string.
macro_rules! attribute_setter {
    ($(#[$doc:meta])* $name:ident, $field:ident) => {
        $(#[$doc])*
        ///
        /// # Safety
        /// `finder` as for the other setters; `value` NULL or a
        /// NUL-terminated string.
        #[no_mangle]
        pub unsafe extern "C" fn $name(finder: *mut Finder, value: *const c_char) -> c_int {
            // SAFETY: forwarded from the caller.
            unsafe {
                set(finder, |f| {
                    f.options.$field = opt_str(value)?.map(str::to_owned);
                    Ok(())
                })
            }
        }
    };
}

attribute_setter!(
    /// The anchors' `rel` (NULL for none).
    urlx_finder_set_rel, rel
);
attribute_setter!(
    /// The anchors' `target` (NULL for none).
    urlx_finder_set_target, target
);
attribute_setter!(
    /// The anchors' `class` (NULL for none).
    urlx_finder_set_class, class
);

/// OSC 8 output writes the text's control characters as they are.
///
/// # Safety
/// As for the other setters.
#[no_mangle]
pub unsafe extern "C" fn urlx_finder_set_raw_controls(finder: *mut Finder, on: c_int) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe {
        set(finder, |f| {
            f.options.raw_controls = on != 0;
            Ok(())
        })
    }
}

/// The render callback of `urlx_linkify_html_with` (`None` for urlx's
/// own anchors) and the pointer it is given.
///
/// # Safety
/// As for the other setters; `render`, when set, must be safe to call with
/// `user` during every linkify call that uses this finder.
#[no_mangle]
pub unsafe extern "C" fn urlx_finder_set_render(
    finder: *mut Finder,
    render: Option<RenderFn>,
    user: *mut c_void,
) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe {
        set(finder, |f| {
            f.render = render.map(|call| Render { call, user });
            Ok(())
        })
    }
}
