//! The linkifier on any bytes: the HTML is well-formed (every `<a` closed,
//! no `<` but our own tags, no quote inside an attribute value), no
//! script scheme is linked, and the text, unescaped, is the input.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut out = Vec::new();
    urlx::linkify::write_html(&mut out, &urlx::Finder::new(), data, &Default::default()).unwrap();
    let html = String::from_utf8(out).expect("the HTML is UTF-8");
    let mut rest = html.as_str();
    let mut text = String::new();
    while let Some(i) = rest.find('<') {
        text.push_str(&rest[..i]);
        rest = &rest[i..];
        if let Some(after) = rest.strip_prefix("</a>") {
            rest = after;
            continue;
        }
        let tag_end = rest.find('>').expect("every tag closes");
        let tag = &rest[..=tag_end];
        assert!(tag.starts_with("<a href=\""), "unexpected tag {tag:?}");
        let href = &tag[9..tag[9..].find('"').unwrap() + 9];
        assert!(!href.to_ascii_lowercase().starts_with("javascript:"));
        assert!(!href.to_ascii_lowercase().starts_with("data:"));
        assert!(!href.to_ascii_lowercase().starts_with("vbscript:"));
        // Attribute values hold no raw quote.
        assert_eq!(tag.matches('"').count() % 2, 0, "{tag:?}");
        rest = &rest[tag_end + 1..];
        let close = rest.find("</a>").expect("every <a> closed");
        assert!(!rest[..close].contains('<'));
        text.push_str(&rest[..close]);
        rest = &rest[close + 4..];
    }
    text.push_str(rest);
    assert!(!text.contains('>'), "raw > in text");
    let unescaped = text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'").replace("&amp;", "&");
    let want: String = String::from_utf8_lossy(data)
        .chars()
        .map(|c| if c.is_control() && !matches!(c, '\t' | '\n' | '\r') { '\u{fffd}' } else { c })
        .collect();
    assert_eq!(unescaped, want);
});
