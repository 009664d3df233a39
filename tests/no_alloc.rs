//! Parsing allocates nothing: a
//! counting global allocator watches `parse`, `parse_iri` and
//! `parse_prefix` over 500 real URLs and every accessor of the results.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: defers to the system allocator; only counts calls.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn parsing_never_allocates() {
    let text = include_str!("data/urls-kasztp-sample.txt");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 500);
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    let mut valid = 0usize;
    let mut bytes = 0usize;
    for l in &lines {
        for u in [urlx::uri::parse(l), urlx::uri::parse_iri(l)]
            .into_iter()
            .flatten()
        {
            valid += 1;
            bytes += u.scheme().map_or(0, str::len)
                + u.authority().map_or(0, str::len)
                + u.userinfo().map_or(0, str::len)
                + u.host().map_or(0, str::len)
                + u.port().map_or(0, str::len)
                + u.path().len()
                + u.query().map_or(0, str::len)
                + u.fragment().map_or(0, str::len);
        }
        if let Some(p) = urlx::uri::parse_prefix(l, urlx::uri::Syntax::Iri) {
            bytes += p.as_str().len();
        }
        // An error path allocates nothing either.
        bytes += urlx::uri::parse("http://a/b c").map_or(1, |_| 0);
    }
    let after = ALLOCATIONS.load(Ordering::Relaxed);
    assert_eq!(
        after - before,
        0,
        "parsing allocated {} times",
        after - before
    );
    assert!(valid > 900, "{valid}");
    assert!(bytes > 10_000);
}
