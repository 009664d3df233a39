//! The byte searches on the hot paths of more than one stage: the run of
//! bytes a URL may hold (C-F9), a mail quote prefix, a newline count, the
//! last line break before a place, a bracket test, ASCII text as `&str`.
//! SSE2 on x86_64 (part of its baseline, so no feature detection), a byte
//! loop elsewhere and for the last bytes of a slice. The spans searched are
//! a URL or a line long: `memchr`'s set-up (dispatch, alignment) costs more
//! there than the search, which is why these are not `memchr` calls.

// The intrinsics live in `arch`, the one module that allows `unsafe`;
// everything here is safe code over them.
pub(crate) mod arch;

/// ASCII bytes that may stand in a URL: RFC 3986 unreserved, reserved and
/// `%`. Space, controls, DEL, `<`, `>`, `"`, `{`, `}`, `|`, `\`, `^` and the
/// backquote end it (C-F9); so does every byte from 0x80 (the callers
/// decide on non-ASCII characters whole).
pub(crate) static URL_BYTE: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 128 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric()
            || matches!(
                b,
                b'-' | b'.'
                    | b'_'
                    | b'~'
                    | b':'
                    | b'/'
                    | b'?'
                    | b'#'
                    | b'['
                    | b']'
                    | b'@'
                    | b'!'
                    | b'$'
                    | b'&'
                    | b'\''
                    | b'('
                    | b')'
                    | b'*'
                    | b'+'
                    | b','
                    | b';'
                    | b'='
                    | b'%'
            );
        c += 1;
    }
    t
};

/// The end of the run of [`URL_BYTE`]s that starts at `i`, not past `end`,
/// that holds no `stop` byte (0 for none).
///
/// A URL is 20 to 100 bytes, mail lines 70: a 16-byte step with one
/// branch beats a byte loop once a run is longer than a few bytes.
// PERF: `cargo bench --bench adversarial` (the link-dense families).
#[inline]
pub(crate) fn url_run(h: &[u8], i: usize, end: usize, stop: u8) -> usize {
    let end = end.min(h.len());
    if i >= end {
        return i;
    }
    #[cfg(target_arch = "x86_64")]
    let i = match arch::sse2::url_run(h, i, end, stop) {
        Ok(e) => return e,
        Err(tail) => tail,
    };
    url_run_scalar(h, i, end, stop)
}

pub(crate) use arch::Look;

/// [`Look`] at `i`, where the look ends within `LOOK_MAX` bytes and those bytes
/// lie in `h` in whole 16-byte steps; `None` otherwise (and off x86_64).
/// For the common bare URL, a handful of steps instead of a byte loop for
/// the run, another for the trimming and a third for the parse.
// Always inlined: the masks stay in registers (returned through memory,
// they would be read back at once, a stall a link).
#[inline(always)]
pub(crate) fn look(h: &[u8], i: usize) -> Option<Look> {
    #[cfg(target_arch = "x86_64")]
    return arch::sse2::look(h, i);
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (h, i);
        None
    }
}

/// How many scheme bytes (`ALPHA / DIGIT / "+" / "-" / "."`) end at `c`,
/// where fewer than 16 do and 16 bytes lie before `c`; `None` otherwise
/// (and off x86_64). One step for the backward walk every `scheme://`
/// trigger makes.
#[inline(always)]
pub(crate) fn scheme_bytes_before(h: &[u8], c: usize) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    return arch::sse2::scheme_bytes_before(h, c);
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (h, c);
        None
    }
}

/// Whether `b` ends a [`Look`]: no URL byte, or one of `% [ ] @ ( :`.
#[cfg(test)]
pub(crate) fn ends_look(b: u8) -> bool {
    !URL_BYTE[b as usize] || matches!(b, b'%' | b'[' | b']' | b'@' | b'(' | b':')
}

/// Whether `h` holds `a` or `b`. For the few dozen bytes of a URL, where
/// `memchr2` costs more to set up than to search.
#[inline]
pub(crate) fn contains2(h: &[u8], a: u8, b: u8) -> bool {
    #[cfg(target_arch = "x86_64")]
    if h.len() >= 16 {
        return arch::sse2::contains2(h, a, b);
    }
    h.iter().any(|&x| x == a || x == b)
}

/// The run of `>`, space and tab at `i` (a mail quote prefix), not past
/// `end`: its end and how many `>` it holds. Replies quoted 70 levels deep
/// exist (and are hostile input's favourite), so it takes 16 bytes a step.
// PERF: `cargo bench --bench adversarial -- quote`.
#[inline]
pub(crate) fn quote_run(h: &[u8], i: usize, end: usize) -> (usize, usize) {
    let end = end.min(h.len());
    #[cfg(target_arch = "x86_64")]
    let (i, n) = match arch::sse2::quote_run(h, i, end) {
        Ok(r) => return r,
        Err(r) => r,
    };
    #[cfg(not(target_arch = "x86_64"))]
    let n = 0;
    quote_run_scalar(h, i, end, n)
}

#[inline]
fn quote_run_scalar(h: &[u8], mut i: usize, end: usize, mut n: usize) -> (usize, usize) {
    while i < end {
        match h[i] {
            b'>' => n += 1,
            b' ' | b'\t' => {}
            _ => break,
        }
        i += 1;
    }
    (i, n)
}

/// How many times `b` occurs in `h` (line counting: every byte of the
/// input is counted once, so this is on the per-byte path).
#[inline]
pub(crate) fn count(h: &[u8], b: u8) -> usize {
    #[cfg(target_arch = "x86_64")]
    let (n, i) = arch::sse2::count(h, b);
    #[cfg(not(target_arch = "x86_64"))]
    let (n, i) = (0, 0);
    n + h[i..].iter().filter(|&&x| x == b).count()
}

/// How many times `b` occurs in `h`, and where the last one is. Line
/// numbers of links a line or two apart (up to 128 bytes): one pass over
/// the few blocks between them, where a count and a search back cost two
/// (and the count its set-up); a longer stretch (mail text's links are
/// hundreds of bytes apart, with a line break every few blocks) is counted
/// 16 bytes a step without looking at each block's matches, then searched
/// back.
#[inline]
pub(crate) fn count_and_last(h: &[u8], b: u8) -> (usize, Option<usize>) {
    #[cfg(target_arch = "x86_64")]
    if h.len() >= 16 && h.len() <= 128 {
        return arch::sse2::count_and_last(h, b);
    }
    // (Under 16 bytes, `count` and `rfind2` are their byte loops.)
    let n = count(h, b);
    (n, if n > 0 { rfind2(h, b, b) } else { None })
}

/// The last place in `h` of `a` or `b`. The searches that use it (a line's
/// start, a little before a URL) end within a line or two, where
/// `memchr::memrchr2`'s set-up costs more than the search.
#[inline]
pub(crate) fn rfind2(h: &[u8], a: u8, b: u8) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    let end = match arch::sse2::rfind2(h, a, b) {
        Ok(found) => return found,
        Err(end) => end,
    };
    #[cfg(not(target_arch = "x86_64"))]
    let end = h.len();
    h[..end].iter().rposition(|&x| x == a || x == b)
}

/// `h[i..].starts_with(p)` for a pattern of a few bytes (a wrapper's
/// closer: `>`, `"`, `”`), without the call to `memcmp` that a slice
/// comparison of unknown length makes: it is asked at every link in
/// `<…>`.
#[inline]
pub(crate) fn has_at(h: &[u8], i: usize, p: &[u8]) -> bool {
    match h.get(i..i + p.len()) {
        Some(t) => t.iter().zip(p).all(|(a, b)| a == b),
        None => false,
    }
}

/// Opened minus closed parentheses in `t`, and the same for square
/// brackets (C-F7 trimming counts them over a URL's whole text, and a
/// long run of hostile text is such a text).
#[inline]
pub(crate) fn brackets(t: &[u8]) -> (isize, isize) {
    #[cfg(target_arch = "x86_64")]
    let ((p, q), i) = arch::sse2::brackets(t);
    #[cfg(not(target_arch = "x86_64"))]
    let ((p, q), i) = ((0, 0), 0);
    t[i..].iter().fold((p, q), |(p, q), &b| match b {
        b'(' => (p + 1, q),
        b')' => (p - 1, q),
        b'[' => (p, q + 1),
        b']' => (p, q - 1),
        _ => (p, q),
    })
}

/// Where the run of `b` that ends at `hi` starts, not below `lo`.
#[inline]
pub(crate) fn run_back(h: &[u8], lo: usize, mut hi: usize, b: u8) -> usize {
    #[cfg(target_arch = "x86_64")]
    match arch::sse2::run_back(h, lo, hi, b) {
        Ok(k) => return k,
        Err(k) => hi = k,
    }
    while hi > lo && h[hi - 1] == b {
        hi -= 1;
    }
    hi
}

/// `b` as text, when it is UTF-8. A delimited URL is nearly always ASCII,
/// and for 20 to 100 bytes `str::from_utf8` costs more to start than an
/// ASCII test.
#[inline]
pub(crate) fn as_str(b: &[u8]) -> Option<&str> {
    if let Some(s) = arch::ascii_str(b) {
        return Some(s);
    }
    std::str::from_utf8(b).ok()
}

#[inline]
fn url_run_scalar(h: &[u8], mut i: usize, end: usize, stop: u8) -> usize {
    while i < end {
        let b = h[i];
        if !URL_BYTE[b as usize] || b == stop {
            break;
        }
        i += 1;
    }
    i
}

/// Decodes the UTF-8 character that starts at `i`, or `None` when the bytes
/// there are not valid UTF-8 (invalid input ends a URL, it never panics).
#[inline]
pub(crate) fn char_at(h: &[u8], i: usize) -> Option<(char, usize)> {
    let b0 = *h.get(i)?;
    if b0 < 0x80 {
        return Some((b0 as char, 1));
    }
    // Decoded by hand: `str::from_utf8` on two to four bytes costs a call
    // and its set-up, and text next to a non-ASCII character asks for it
    // several times a candidate. The checks are UTF-8's (RFC 3629):
    // continuation bytes, no overlong form (the shortest length for the
    // value), no surrogate and nothing past U+10FFFF (`char::from_u32`).
    // One branch a length, the two- and three-byte forms (Cyrillic, CJK)
    // first.
    // PERF: `valgrind --tool=callgrind target/profiling/examples/count`
    // over lines ending in `https://пример.рф/страница`.
    let cont = |k: usize| match h.get(i + k) {
        Some(&b) if b & 0xC0 == 0x80 => Some(u32::from(b & 0x3F)),
        _ => None,
    };
    match b0 {
        0xC2..=0xDF => {
            let u = u32::from(b0 & 0x1F) << 6 | cont(1)?;
            char::from_u32(u).map(|c| (c, 2))
        }
        0xE0..=0xEF => {
            let u = u32::from(b0 & 0x0F) << 12 | cont(1)? << 6 | cont(2)?;
            (u >= 0x800).then_some(())?;
            char::from_u32(u).map(|c| (c, 3))
        }
        0xF0..=0xF4 => {
            let u = u32::from(b0 & 0x07) << 18 | cont(1)? << 12 | cont(2)? << 6 | cont(3)?;
            (u >= 0x1_0000).then_some(())?;
            char::from_u32(u).map(|c| (c, 4))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `char_at` as the standard library decodes: the first character of
    /// the longest valid prefix, where that prefix starts with one.
    fn std_char_at(b: &[u8]) -> Option<(char, usize)> {
        let valid = match std::str::from_utf8(b) {
            Ok(s) => s,
            Err(e) => std::str::from_utf8(&b[..e.valid_up_to()]).unwrap(),
        };
        valid.chars().next().map(|c| (c, c.len_utf8()))
    }

    /// C-S4 (invalid input ends a URL): the hand decoder takes exactly
    /// what `str::from_utf8` takes, for every sequence of two and three
    /// bytes, and for four bytes at every lead byte and every edge of the
    /// continuation range.
    #[test]
    fn char_at_decodes_as_the_standard_library() {
        for b0 in 0x80..=0xFFu8 {
            for b1 in 0..=0xFFu8 {
                assert_eq!(
                    char_at(&[b0, b1], 0),
                    std_char_at(&[b0, b1]),
                    "{b0:x} {b1:x}"
                );
                for b2 in 0..=0xFFu8 {
                    let t = [b0, b1, b2];
                    assert_eq!(char_at(&t, 0), std_char_at(&t), "{t:x?}");
                }
                let edges = [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF];
                for b2 in edges {
                    for b3 in edges {
                        let t = [b0, b1, b2, b3];
                        assert_eq!(char_at(&t, 0), std_char_at(&t), "{t:x?}");
                    }
                }
            }
        }
    }

    /// A closer is compared whole: `“` shares its first two bytes with `”`.
    #[test]
    fn has_at_compares_every_byte_of_the_pattern() {
        let h = "a\u{201d}b\u{201c}".as_bytes();
        let (close, open) = ("\u{201d}".as_bytes(), "\u{201c}".as_bytes());
        assert!(has_at(h, 1, close));
        assert!(!has_at(h, 5, close));
        assert!(has_at(h, 5, open));
        // Past the end, or the pattern running past it.
        assert!(!has_at(h, 6, open));
        assert!(!has_at(h, 100, b">"));
        assert!(has_at(h, 8, b""));
    }

    #[test]
    fn count_agrees_with_a_filter() {
        let mut h = Vec::new();
        for i in 0..10_000usize {
            h.push(if i % 7 == 0 || i % 300 < 40 {
                b'\n'
            } else {
                b'x'
            });
        }
        for len in [0, 1, 15, 16, 17, 255 * 16, 255 * 16 + 3, 10_000] {
            let want = h[..len].iter().filter(|&&b| b == b'\n').count();
            assert_eq!(count(&h[..len], b'\n'), want, "{len}");
        }
        // Every byte a match: no per-lane sum may overflow, in the 64-byte
        // steps, the single blocks after them, or the last bytes.
        let all = vec![b'\n'; 3 * 255 * 16 + 77];
        for len in (0..200).chain([4079, 4080, 4081, 4144, 4160, 8160, 8161, all.len()]) {
            assert_eq!(count(&all[..len], b'\n'), len, "{len}");
        }
    }

    #[test]
    fn rfind2_finds_the_last() {
        for len in 0..70usize {
            for at in [None, Some(0), Some(len / 2), Some(len.saturating_sub(1))] {
                let mut h = vec![b'x'; len];
                let mut want = None;
                if let Some(k) = at.filter(|&k| k < len) {
                    h[k] = if k % 2 == 0 { b'\n' } else { b'\r' };
                    want = Some(k);
                }
                assert_eq!(rfind2(&h, b'\n', b'\r'), want, "{len} {at:?}");
            }
        }
    }

    #[test]
    fn count_and_last_agree_with_a_byte_loop() {
        for len in [0usize, 1, 15, 16, 17, 31, 32, 33, 100, 512, 513, 2000] {
            for step in [1usize, 2, 7, 16, 17, 40, 1000] {
                for off in [0usize, 3, 15] {
                    let h: Vec<u8> = (0..len)
                        .map(|k| if k % step == off % step { b'\n' } else { b'x' })
                        .collect();
                    let n = h.iter().filter(|&&x| x == b'\n').count();
                    let last = h.iter().rposition(|&x| x == b'\n');
                    assert_eq!(count_and_last(&h, b'\n'), (n, last), "{len} {step} {off}");
                }
            }
        }
    }

    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2_000))]

        /// `as_str` takes exactly what `str::from_utf8` takes, whatever
        /// the length (its ASCII test steps over 16 bytes at a time), and
        /// a non-ASCII byte at any place.
        #[test]
        fn as_str_agrees_with_from_utf8(
            b in prop::collection::vec(prop::sample::select(vec![b'a', b'/', 0x7F, 0x80, 0xC3, 0xA9]), 0..100),
            at in 0usize..100,
            ascii in any::<bool>(),
        ) {
            let mut b = b;
            if ascii {
                b.iter_mut().for_each(|x| *x &= 0x7F);
                if let Some(x) = b.get_mut(at) {
                    *x = 0xFF;
                }
            }
            prop_assert_eq!(as_str(&b), std::str::from_utf8(&b).ok());
        }

        /// The hand decoder agrees with `str::from_utf8` on any bytes.
        #[test]
        fn char_at_agrees_with_from_utf8(b in prop::collection::vec(any::<u8>(), 0..6)) {
            let want = if b.first().is_some_and(|&x| x < 0x80) {
                Some((b[0] as char, 1))
            } else {
                std_char_at(&b)
            };
            prop_assert_eq!(char_at(&b, 0), want);
        }

        /// The 16-byte steps count brackets as a byte loop does, past 255
        /// steps too.
        #[test]
        fn brackets_agree_with_a_byte_loop(
            t in prop::collection::vec(prop::sample::select(b"(()[]]x".to_vec()), 0..200),
            copies in 1usize..40,
        ) {
            let t = t.repeat(copies);
            let mut want = (0isize, 0isize);
            for &b in &t {
                match b {
                    b'(' => want.0 += 1,
                    b')' => want.0 -= 1,
                    b'[' => want.1 += 1,
                    b']' => want.1 -= 1,
                    _ => {}
                }
            }
            prop_assert_eq!(brackets(&t), want);
        }

        /// The run of a byte back from a place, as a byte loop finds it.
        #[test]
        fn run_back_agrees_with_a_byte_loop(
            t in prop::collection::vec(prop::sample::select(b")))))x".to_vec()), 0..120),
            lo in 0usize..120,
            hi in 0usize..120,
        ) {
            let hi = hi.min(t.len());
            let lo = lo.min(hi);
            let mut want = hi;
            while want > lo && t[want - 1] == b')' {
                want -= 1;
            }
            prop_assert_eq!(run_back(&t, lo, hi, b')'), want);
        }
    }

    #[test]
    fn quote_run_counts_past_255_steps() {
        let mut h = vec![b'>'; 16 * 300 + 5];
        h.push(b'x');
        assert_eq!(quote_run(&h, 0, h.len()), (16 * 300 + 5, 16 * 300 + 5));
        assert_eq!(quote_run(&h, 3, h.len()), (16 * 300 + 5, 16 * 300 + 2));
    }

    #[test]
    fn quote_run_counts_levels() {
        for len in 0..70 {
            for stop in [b'x', b'\n'] {
                let mut h: Vec<u8> = (0..len)
                    .map(|i| if i % 3 == 2 { b' ' } else { b'>' })
                    .collect();
                let want_n = h.iter().filter(|&&b| b == b'>').count();
                h.push(stop);
                h.extend_from_slice(b">> x");
                assert_eq!(quote_run(&h, 0, h.len()), (len, want_n), "{len}");
                assert_eq!(
                    quote_run(&h, 0, len / 2),
                    (len / 2, h[..len / 2].iter().filter(|&&b| b == b'>').count())
                );
            }
        }
    }

    #[test]
    fn contains2_at_every_place() {
        for len in 0..50 {
            for at in 0..len {
                let mut h = vec![b'x'; len];
                assert!(!contains2(&h, b'(', b'['));
                h[at] = b'[';
                assert!(contains2(&h, b'(', b'['), "{len} {at}");
            }
        }
    }

    #[test]
    fn c_f9_url_bytes_are_those_of_rfc_3986() {
        let ends: Vec<u8> = (0u8..=255).filter(|&b| !URL_BYTE[b as usize]).collect();
        let printable_ends: Vec<u8> = ends
            .iter()
            .copied()
            .filter(|b| (0x21..0x7F).contains(b))
            .collect();
        assert_eq!(printable_ends, b"\"<>\\^`{|}");
        assert!(ends.contains(&b' ') && ends.contains(&0x7F) && ends.contains(&0x80));
    }

    /// The SIMD loop and the table agree on every byte, at every offset
    /// within a 16-byte step, with and without a stop byte.
    #[test]
    fn url_run_agrees_with_the_table() {
        for b in 0u8..=255 {
            for at in 0..40 {
                let mut h = vec![b'a'; 48];
                h[at] = b;
                for stop in [0u8, b'\'', b'a'] {
                    for start in [0, 1, 7, 16] {
                        let want = url_run_scalar(&h, start, h.len(), stop);
                        assert_eq!(
                            url_run(&h, start, h.len(), stop),
                            want,
                            "{b:#x} {at} {stop}"
                        );
                        assert_eq!(url_run(&h, start, 30, stop), want.min(30).max(start));
                    }
                }
            }
        }
    }

    /// `look`'s answer from a byte loop: the first byte that ends a look
    /// among the whole 16-byte steps from `i` (up to `LOOK_MAX`), and the
    /// `/`, `?`, `#` and droppable bytes before it.
    fn look_by_bytes(h: &[u8], i: usize) -> Option<Look> {
        let room = (h.len().saturating_sub(i) / 16 * 16).min(crate::bytes::arch::LOOK_MAX);
        let len = (0..room).find(|&k| ends_look(h[i + k]))?;
        let mask = |b: u8| {
            (0..len)
                .filter(|&k| h[i + k] == b)
                .fold(0u64, |m, k| m | 1 << k)
        };
        Some(Look {
            len,
            slash: mask(b'/'),
            query: mask(b'?'),
            hash: mask(b'#'),
            drop: [b'.', b',', b';', b'!', b'\'', b')']
                .into_iter()
                .fold(0, |m, b| m | mask(b)),
        })
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn look_ends_at_every_byte_that_ends_it() {
        for b in 0u8..=255 {
            for at in [0, 5, 15, 16, 31, 47, 63, 64, 70] {
                let mut h = b"a/b?c#d".repeat(12);
                h[at] = b;
                for i in [0, 1, 9] {
                    assert_eq!(look(&h, i), look_by_bytes(&h, i), "{b:#x} at {at} from {i}");
                }
            }
        }
        // The look takes whole steps only.
        assert_eq!(look(b"a.example ", 0), None);
        assert_eq!(
            look(b"a.example/x)))) ((((http://", 0).map(|l| l.len),
            Some(15)
        );
    }

    /// `scheme_bytes_before`'s answer from a byte loop.
    fn scheme_bytes_by_bytes(h: &[u8], c: usize) -> Option<usize> {
        if c < 16 || c > h.len() {
            return None;
        }
        let n = h[..c]
            .iter()
            .rev()
            .take_while(|&&b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
            .count();
        (n < 16).then_some(n)
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn scheme_bytes_before_stop_at_every_byte_that_is_none() {
        for b in 0u8..=255 {
            for at in [0, 3, 9, 14, 15, 16, 17, 19] {
                let mut h = b"aZ09+-.xyzhttpsQ:".repeat(2);
                h[at] = b;
                for c in [15, 16, 17, 18, 20, 33, 34] {
                    assert_eq!(
                        scheme_bytes_before(&h, c),
                        scheme_bytes_by_bytes(&h, c),
                        "{b:#x} at {at}, colon at {c}"
                    );
                }
            }
        }
        assert_eq!(scheme_bytes_before(b"see more ((((http://", 17), Some(4));
        assert_eq!(scheme_bytes_before(b"((((http://", 8), None);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(5_000))]

        #[test]
        #[cfg(target_arch = "x86_64")]
        fn scheme_bytes_before_agree_with_a_byte_loop(
            h in prop::collection::vec(
                prop::sample::select(b"aZz09+-./:@ (\x80\xff`{[".to_vec()),
                0..60,
            ),
            c in 0usize..60,
        ) {
            prop_assert_eq!(scheme_bytes_before(&h, c), scheme_bytes_by_bytes(&h, c));
        }

        #[test]
        #[cfg(target_arch = "x86_64")]
        fn look_agrees_with_a_byte_loop(
            h in prop::collection::vec(
                prop::sample::select(b"a1.-_~/?#%[]@():;,!'*+=&$ \n\"<>\xc3\xa9".to_vec()),
                0..100,
            ),
            i in 0usize..40,
        ) {
            let i = i.min(h.len());
            prop_assert_eq!(look(&h, i), look_by_bytes(&h, i));
        }
    }
}
