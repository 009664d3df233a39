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
/// dot-separated labels of letters, digits and hyphens, of any script
/// (`uts58::label_char`; no hyphen at a label's ends, but hyphens after
/// the last label, which are left out), at least two, the last of two or
/// more ASCII letters or one of IANA's top-level domains beyond ASCII.
/// `Ok` with its end, or `Err` with the end of the bytes the refusal read
/// (which may pass `limit` by a character and one byte: a refusal at the
/// limit is the limit's).
#[inline]
pub(crate) fn domain(h: &[u8], a: usize, limit: usize) -> Result<usize, usize> {
    let hh = &h[..limit.min(h.len())];
    let mut e = a + 1;
    let mut labels = 0;
    // The end of the bytes read (a character beyond ASCII is read whole).
    let mut read = e;
    loop {
        // One label: `hh[start..e]`.
        let start = e;
        let mut plain = true;
        loop {
            match hh.get(e) {
                Some(&b) if b < 0x80 => {
                    read = read.max(e + 1);
                    if !EMAIL_LABEL[b as usize] {
                        break;
                    }
                    e += 1;
                }
                Some(_) => {
                    read = read.max(e + 4);
                    match crate::bytes::char_at(hh, e) {
                        Some((c, n)) if crate::uts58::label_char(c) => {
                            plain = false;
                            e += n;
                        }
                        _ => break,
                    }
                }
                None => {
                    read = read.max(e + 1);
                    break;
                }
            }
        }
        let mut label = hh.get(start..e).unwrap_or(&[]);
        // Another label follows: a dot, then a label's first character.
        let more = hh.get(e) == Some(&b'.')
            && match hh.get(e + 1) {
                Some(&n) if n < 0x80 => {
                    read = read.max(e + 2);
                    n.is_ascii_alphanumeric()
                }
                Some(_) => {
                    read = read.max(e + 5);
                    crate::bytes::char_at(hh, e + 1)
                        .is_some_and(|(c, _)| c != '-' && crate::uts58::label_char(c))
                }
                None => {
                    read = read.max(e + 2);
                    false
                }
            };
        if !more && label.len() > 1 && label.last() == Some(&b'-') {
            // Hyphens after the last label are the sentence's
            // (`a@example.com- or`), as no domain ends in one.
            let k = label.iter().rposition(|&b| b != b'-').map_or(0, |k| k + 1);
            label = &label[..k];
            e = start + k;
        }
        match (label.first(), label.last()) {
            (Some(&f), Some(&l)) if f != b'-' && l != b'-' => {}
            _ => return Err(read),
        }
        labels += 1;
        if !more {
            // The last label, after another.
            let last = if plain {
                label.len() >= 2 && label.iter().all(u8::is_ascii_alphabetic)
            } else {
                std::str::from_utf8(label).is_ok_and(crate::uts58::last_label_ok)
            };
            return if labels >= 2 && last {
                Ok(e)
            } else {
                Err(read.max(e + 2))
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
        // Labels of any script; the last one beyond ASCII a TLD of IANA's.
        assert!(d("a@例え.テスト ").is_err());
        assert_eq!(d("a@例え.みんな x"), Ok(18));
        assert_eq!(d("a@bücher.example "), Ok(17));
        assert!(d("a@a.xyϸ ").is_err());
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
