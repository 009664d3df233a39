//! Sizes as the command line writes them (`4G`, `512M`) and says them back.

/// Parses a size such as `4G`, `512M`, `100K` or `1000` (bytes).
pub fn parse(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let (digits, shift) = match t.char_indices().last() {
        Some((i, c)) if c.eq_ignore_ascii_case(&'k') => (&t[..i], 10),
        Some((i, c)) if c.eq_ignore_ascii_case(&'m') => (&t[..i], 20),
        Some((i, c)) if c.eq_ignore_ascii_case(&'g') => (&t[..i], 30),
        Some((i, c)) if c.eq_ignore_ascii_case(&'t') => (&t[..i], 40),
        _ => (t, 0),
    };
    let n: u64 = digits
        .parse()
        .map_err(|_| format!("{s:?} is not a size (write it as 4G, 512M, 100K or bytes)"))?;
    n.checked_mul(1 << shift)
        .filter(|&n| n > 0)
        .ok_or_else(|| format!("{s:?} is not a size greater than 0 that fits in 64 bits"))
}

/// A size in words, as the user would write it: `4 GiB` where it is a
/// round one, else bytes.
pub fn human(n: u64) -> String {
    for (unit, shift) in [("T", 40), ("G", 30), ("M", 20), ("K", 10)] {
        if n >= 1 << shift && n.is_multiple_of(1 << shift) {
            return format!("{} {unit}iB", n >> shift);
        }
    }
    format!("{n} bytes")
}
