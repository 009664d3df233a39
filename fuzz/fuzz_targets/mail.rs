//! The mail reader on any bytes: mbox splitting and each message taken
//! apart (MIME, quoted-printable, base64, charsets, flowed, HTML): no
//! panic, no hang, and every link lies inside its message with a line no
//! further than the input has. Each message as a reader sees it
//! (`mail::read`, HTML as text) linkified: no panic, and no tag of the
//! message's own in the HTML.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let f = urlx::Finder::new();
    let lines = data.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
    for r in urlx::mail::mbox_messages(data) {
        let m = f.message_links(data, r.clone(), 1);
        for l in m.links.iter().map(|m| &m.link) {
            assert!(l.start() >= r.start && l.start() < l.end() && l.end() <= r.end, "{l:?} outside {r:?}");
            assert!(l.line() >= 1 && l.line() <= lines);
            // A valid IRI, but for a fragment that holds `#` (as browsers take
            // it), which the normal form writes as `%23`.
            let u = urlx::uri::parse_link(l.as_str()).expect("a link parses");
            assert!(urlx::parse_iri(u.normalize().as_str()).is_ok());
        }
        let reading = urlx::mail::read(data, r.clone());
        let mut html = Vec::new();
        let opts = urlx::linkify::Options::default();
        urlx::linkify::write_message_html(&mut html, &f, &reading, &opts).unwrap();
        let html = String::from_utf8(html).expect("UTF-8 out");
        for tag in html.split('<').skip(1) {
            assert!(
                ["a ", "/a>", "span ", "/span>", "article ", "/article>", "div", "/div>", "b>", "/b>", "bdi>", "/bdi>", "pre ", "/pre>"]
                    .iter()
                    .any(|t| tag.starts_with(t)),
                "a tag of the input's: <{tag}"
            );
        }
        let mut term = Vec::new();
        urlx::linkify::write_message_osc8(&mut term, &f, &reading, &opts).unwrap();
    }
});
