//! Where a host ends a bare URL: C-F7, a host that ends the text on a
//! byte no DNS name ends with; C-F8, a character no domain name holds.
//! Each takes the URL's text and its host's byte range, as the parser
//! found them, and gives how many bytes to keep (or whether the text ends
//! there); the finder cuts the text and parses it again.

use std::ops::Range;

/// C-F7: a URL whose text ends in its host `host` (no port, path, query
/// or fragment after it) ends at the host's last letter, digit or
/// non-ASCII character (or an IP literal's `]`): no DNS name ends in `-`,
/// `_` or `*` (`http://example.org- where`). How many bytes of `url` to
/// keep.
pub(crate) fn host_end_cut(url: &[u8], host: Range<usize>) -> Option<usize> {
    let hs = host.start;
    let name = &url[host];
    let last = *name.last()?;
    if last >= 0x80 || last.is_ascii_alphanumeric() || last == b']' {
        return None;
    }
    let keep = name
        .iter()
        .rposition(|&c| c.is_ascii_alphanumeric() || c >= 0x80)
        .map_or(hs, |k| hs + k + 1);
    Some(keep)
}

/// Where the parser stopped inside the authority, at `n` of `url`, right
/// after the host `host`: whether the host is written whole before it and
/// the URL ends there: at a `[` right after the host
/// (`(http://example.org[1])`, a footnote's mark, C-F7), or at a
/// character beyond ASCII that neither a host nor a userinfo holds
/// (U+FFFD, a replacement for bytes of another charset, C-F8) with no `@`
/// after it in the authority.
pub(crate) fn host_ends_before_cut(url: &[u8], host: Range<usize>, n: usize) -> bool {
    if host.end != n || host.is_empty() {
        return false;
    }
    match url.get(n) {
        Some(b'[') => true,
        Some(&b) if b >= 0x80 => {
            let foreign =
                crate::bytes::char_at(url, n).is_some_and(|(c, _)| !crate::uts58::valid_host(c));
            let authority = &url[n..];
            let authority =
                memchr::memchr3(b'/', b'?', b'#', authority).map_or(authority, |e| &authority[..e]);
            foreign && memchr::memchr(b'@', authority).is_none()
        }
        _ => false,
    }
}

/// C-F8: a host (`host`, of `url`) ends at a character beyond ASCII that
/// no domain name holds (one that UTS #46 neither takes nor maps to
/// letters and digits: `http://google.com｜bar`): the URL ends there, as
/// UTS #58 ends it. And a last label of ASCII letters that are one of
/// IANA's top-level domains, then letters of another script, which make
/// no top-level domain (`http://example.com에서`, `https://example.cn了解`),
/// ends at its ASCII letters: the sentence goes on there, where UTS #58
/// makes no link at all. How many bytes of `url` to keep.
pub(crate) fn host_char_cut(url: &str, host: Range<usize>) -> Option<usize> {
    let hs = host.start;
    if url.as_bytes()[host.clone()].is_ascii() {
        return None;
    }
    let host = &url[host];
    if let Some((k, _)) = host
        .char_indices()
        .find(|&(_, c)| !c.is_ascii() && !crate::uts58::valid_host(c))
    {
        return Some(hs + k);
    }
    let last = host.rfind('.').map_or(0, |d| d + 1);
    let label = &host[last..];
    let ascii = label.bytes().take_while(u8::is_ascii_alphabetic).count();
    let then_other = label.as_bytes().get(ascii).is_some_and(|&b| b >= 0x80);
    let tld = |l: &str| crate::uts58::is_tld(&l.to_lowercase());
    (ascii >= 2 && then_other && tld(&label[..ascii]) && !tld(label)).then_some(hs + last + ascii)
}
