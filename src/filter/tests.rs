use super::*;

fn kept(f: &Filter, text: &str) -> Vec<String> {
    crate::find(text)
        .filter(|l| f.keeps(l))
        .map(|l| l.as_str().to_owned())
        .collect()
}

const TEXT: &str =
    "http://a.example/x https://B.example/Patch/1 ftp://c.example/y <www.d.example/z>";

#[test]
fn no_setting_keeps_everything() {
    let f = Filter::builder().build().unwrap();
    assert!(f.keeps_all());
    assert_eq!(kept(&f, TEXT).len(), 4);
}

#[test]
fn patterns_match_anywhere_any_of_them() {
    let f = Filter::builder()
        .pattern(r"/patch/\d")
        .pattern("^ftp:")
        .build()
        .unwrap();
    assert_eq!(kept(&f, TEXT), ["ftp://c.example/y"]);
    let f = Filter::builder()
        .pattern(r"/patch/\d")
        .case_insensitive(true)
        .build()
        .unwrap();
    assert_eq!(kept(&f, TEXT), ["https://B.example/Patch/1"]);
}

#[test]
fn fixed_strings_are_literals() {
    let f = Filter::builder()
        .pattern("a.example")
        .fixed_strings(true)
        .build()
        .unwrap();
    assert_eq!(
        kept(&f, "http://a.example/ http://aXexample/"),
        ["http://a.example/"]
    );
    let f = Filter::builder()
        .patterns(["PATCH", "zzz"])
        .fixed_strings(true)
        .case_insensitive(true)
        .build()
        .unwrap();
    assert_eq!(kept(&f, TEXT), ["https://B.example/Patch/1"]);
    // Unicode case folding for a non-ASCII literal.
    let f = Filter::builder()
        .pattern("/ÄRGER")
        .fixed_strings(true)
        .case_insensitive(true)
        .build()
        .unwrap();
    assert_eq!(
        kept(&f, "http://x.example/ärger/"),
        ["http://x.example/ärger/"]
    );
}

#[test]
fn empty_lists_keep_nothing() {
    let none: [&str; 0] = [];
    assert!(kept(&Filter::builder().patterns(none).build().unwrap(), TEXT).is_empty());
    assert!(kept(&Filter::builder().hosts(none).build().unwrap(), TEXT).is_empty());
}

#[test]
fn hosts_and_patterns_both_hold() {
    let f = Filter::builder()
        .host("b.example")
        .pattern("/[xy]$")
        .build()
        .unwrap();
    assert!(kept(&f, TEXT).is_empty());
    let f = Filter::builder()
        .host("A.example")
        .host("c.example")
        .pattern("/[xy]$")
        .build()
        .unwrap();
    assert_eq!(kept(&f, TEXT), ["http://a.example/x", "ftp://c.example/y"]);
}

#[test]
fn invert_drops_what_patterns_and_hosts_keep() {
    let f = Filter::builder()
        .host("b.example")
        .invert(true)
        .build()
        .unwrap();
    assert_eq!(
        kept(&f, TEXT),
        [
            "http://a.example/x",
            "ftp://c.example/y",
            "http://www.d.example/z"
        ]
    );
    // Schemes still select.
    let f = Filter::builder()
        .host("b.example")
        .invert(true)
        .schemes(["HTTP"])
        .build()
        .unwrap();
    assert_eq!(
        kept(&f, TEXT),
        ["http://a.example/x", "http://www.d.example/z"]
    );
    assert_eq!(
        Filter::builder()
            .invert(true)
            .schemes(["http"])
            .build()
            .unwrap_err(),
        FilterError::NothingToInvert
    );
}

#[test]
fn forms_select() {
    let f = Filter::builder()
        .forms([Form::Abbreviated])
        .build()
        .unwrap();
    assert_eq!(kept(&f, TEXT), ["http://www.d.example/z"]);
    let f = Filter::builder()
        .forms([Form::Angle, Form::Bare])
        .build()
        .unwrap();
    assert_eq!(kept(&f, TEXT).len(), 3);
}

#[test]
fn errors_name_the_entry() {
    let e = Filter::builder()
        .pattern("ok")
        .pattern("a(b")
        .build()
        .unwrap_err();
    assert!(
        matches!(&e, FilterError::Pattern { pattern: Some(p), .. } if p == "a(b"),
        "{e:?}"
    );
    assert!(e.to_string().starts_with("pattern \"a(b\": "), "{e}");
    let e = Filter::builder()
        .host("a.example")
        .host("a/b")
        .build()
        .unwrap_err();
    assert!(e.to_string().starts_with("host \"a/b\": "), "{e}");
}

#[test]
fn a_filter_is_shared_between_threads() {
    fn shared<T: Send + Sync>() {}
    shared::<Filter>();
    let f = Filter::builder().host("a.example").build().unwrap();
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| assert_eq!(kept(&f, TEXT), ["http://a.example/x"]));
        }
    });
}

/// C-S7: host and pattern tests judge the URL a protection redirect
/// leads to; a token redirect is judged as written.
#[test]
fn c_s7_filters_judge_the_protected_url() {
    let text = "https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Flore.kernel.org%2Fx&data=05 \
                https://www.google.com/url?q=https://example.org/y&sa=D https://t.co/AbC";
    let host = Filter::builder().host("kernel.org").build().unwrap();
    assert_eq!(kept(&host, text).len(), 1);
    assert!(kept(&host, text)[0].contains("safelinks"));
    let pattern = Filter::builder()
        .pattern("^https://example\\.org/")
        .build()
        .unwrap();
    assert_eq!(kept(&pattern, text).len(), 1);
    let outlook = Filter::builder().host("outlook.com").build().unwrap();
    assert!(kept(&outlook, text).is_empty());
    let tco = Filter::builder().host("t.co").build().unwrap();
    assert_eq!(kept(&tco, text), ["https://t.co/AbC"]);
}
