//! Helpers the integration tests share: the default finder's URLs.

/// The URLs the default finder reports in `text`.
#[track_caller]
pub fn urls(text: &str) -> Vec<String> {
    urlx::find(text).map(|l| l.as_str().to_owned()).collect()
}

/// Asserts the URLs of `text`.
#[track_caller]
pub fn expect(text: &str, want: &[&str]) {
    assert_eq!(urls(text), want, "in {text:?}");
}
