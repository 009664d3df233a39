//! The domain of a bare e-mail address (C-F5, e-mail mode): the rule that
//! both refuses an `@` trigger in the scanner's loop and, in the finder,
//! ends the address.

#![forbid(unsafe_code)]

/// Bytes of a domain label of a bare e-mail address.
static EMAIL_LABEL: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 128 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || b == b'-';
        c += 1;
    }
    t
};

/// How far after its `@` an address's domain is looked for.
pub(crate) const DOMAIN_REACH: usize = 256;

/// The domain after the `@` at `a`, looked for before `limit`:
/// dot-separated labels of letters, digits and hyphens (no hyphen at a
/// label's ends, but hyphens after the last label, which are left out), at
/// least two, the last of two or more letters. `Ok` with its end, or `Err`
/// with the end of the bytes the refusal read (which may pass `limit` by
/// one or two: a refusal at the limit is the limit's).
#[inline]
pub(crate) fn domain(h: &[u8], a: usize, limit: usize) -> Result<usize, usize> {
    let hh = &h[..limit.min(h.len())];
    let mut e = a + 1;
    let mut labels = 0;
    loop {
        // One label: `hh[start..e]`.
        let start = e;
        while let Some(&b) = hh.get(e) {
            if !EMAIL_LABEL[b as usize] {
                break;
            }
            e += 1;
        }
        let mut label = hh.get(start..e).unwrap_or(&[]);
        let more = matches!(hh.get(e..e + 2), Some(&[b'.', n]) if n.is_ascii_alphanumeric());
        if !more && label.len() > 1 && label.last() == Some(&b'-') {
            // Hyphens after the last label are the sentence's
            // (`a@example.com- or`), as no domain ends in one.
            let k = label.iter().rposition(|&b| b != b'-').map_or(0, |k| k + 1);
            label = &label[..k];
            e = start + k;
        }
        match (label.first(), label.last()) {
            (Some(&f), Some(&l)) if f != b'-' && l != b'-' => {}
            _ => return Err(e + 1),
        }
        labels += 1;
        if !more {
            // The last label: two letters or more, after another.
            return if labels >= 2 && label.len() >= 2 && label.iter().all(u8::is_ascii_alphabetic) {
                Ok(e)
            } else {
                Err(e + 2)
            };
        }
        e += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c_f5_domains() {
        let d = |t: &str| domain(t.as_bytes(), t.find('@').unwrap(), t.len());
        assert_eq!(d("a@b.example "), Ok(11));
        assert_eq!(d("a@mail.b-c.org,"), Ok(14));
        // The last label: two letters or more.
        assert!(d("a@b.c ").is_err());
        assert!(d("a@b.c1 ").is_err());
        // One label, an empty one, a hyphen at a label's end.
        assert!(d("a@localhost ").is_err());
        assert!(d("a@.b.org ").is_err());
        assert!(d("a@b-.org ").is_err());
        assert!(d("a@").is_err());
        assert_eq!(domain(b"a@b.org", 1, 1), Err(3));
    }

    /// The scanner refuses an `@` in its loop where the refusal read only
    /// bytes before the limit (C-S4): any later limit, any bytes after
    /// them, give the same refusal.
    #[test]
    fn c_s4_a_refusal_reads_only_the_bytes_before_its_bound() {
        for t in [
            "a@b.c x", "a@b.c1.", "a@-b.org", "a@b-.c", "a@b..org", "a@b.cd9", "a@x",
        ] {
            let a = t.find('@').unwrap();
            let Err(seen) = domain(t.as_bytes(), a, t.len()) else {
                panic!("{t}")
            };
            if seen > t.len() {
                continue;
            }
            for tail in ["", "example.org", ".org", "x"] {
                let u = format!("{}{tail}", &t[..seen]);
                for limit in seen..=u.len() {
                    assert_eq!(domain(u.as_bytes(), a, limit), Err(seen), "{u} {limit}");
                }
            }
        }
    }
}
