//! The oracle for linkified HTML (C-S1), shared by `tests/html_input.rs`
//! and the fuzz target `html_input`: the output, read by the same
//! tokenizer, must be the input's tokens plus the anchors (and deceptive
//! link warnings) the linkifier added, and nothing else; every added
//! href must have a scheme the options allow.

use std::cell::RefCell;
use std::rc::Rc;

use lol_html::{doc_comments, doc_text, element, end_tag, HtmlRewriter, Settings};

/// The class the oracle's linkifier options give added anchors.
pub const ADDED: &str = "urlx-added";

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    Start(String, Vec<(String, String)>),
    End(String),
    Text(String),
    Comment(String),
}

/// The tokens of a document, adjacent text merged; None when the
/// tokenizer refuses it.
pub fn tokens(html: &[u8]) -> Option<Vec<Token>> {
    let out: Rc<RefCell<Vec<Token>>> = Rc::default();
    let (o1, o2, o3) = (Rc::clone(&out), Rc::clone(&out), Rc::clone(&out));
    let settings = Settings::new()
        .append_element_content_handler(element!("*", move |el| {
            let attrs = el
                .attributes()
                .iter()
                .map(|a| (a.name(), a.value()))
                .collect();
            o1.borrow_mut().push(Token::Start(el.tag_name(), attrs));
            if el.can_have_content() {
                let o = Rc::clone(&o1);
                let name = el.tag_name();
                el.on_end_tag(end_tag!(move |_| {
                    o.borrow_mut().push(Token::End(name.clone()));
                    Ok(())
                }))?;
            }
            Ok(())
        }))
        .append_document_content_handler(doc_text!(move |t| {
            let mut v = o2.borrow_mut();
            match v.last_mut() {
                Some(Token::Text(s)) => s.push_str(t.as_str()),
                _ => v.push(Token::Text(t.as_str().to_owned())),
            }
            Ok(())
        }))
        .append_document_content_handler(doc_comments!(move |c| {
            o3.borrow_mut().push(Token::Comment(c.text()));
            Ok(())
        }));
    let mut rewriter = HtmlRewriter::new(settings, |_: &[u8]| {});
    rewriter.write(html).ok()?;
    rewriter.end().ok()?;
    let mut v = out.take();
    v.retain(|t| !matches!(t, Token::Text(s) if s.is_empty()));
    Some(merge(v))
}

fn merge(v: Vec<Token>) -> Vec<Token> {
    let mut out: Vec<Token> = Vec::with_capacity(v.len());
    for t in v {
        match (out.last_mut(), t) {
            (Some(Token::Text(a)), Token::Text(b)) => a.push_str(&b),
            (_, t) => out.push(t),
        }
    }
    out
}

fn has_class(attrs: &[(String, String)], class: &str) -> bool {
    attrs
        .iter()
        .any(|(n, v)| n == "class" && v.split(' ').any(|c| c == class))
}

/// Checks `output` against `input` (see the module's doc); `allowed`
/// says whether an href's scheme may be linked.
pub fn check(input: &[u8], output: &[u8], allowed: impl Fn(&str) -> bool) -> Result<(), String> {
    let Some(want) = tokens(input) else {
        return Ok(());
    };
    let got = tokens(output).ok_or("the output does not tokenize")?;
    let mut kept = Vec::new();
    let mut it = got.into_iter().peekable();
    while let Some(t) = it.next() {
        let Token::Start(name, attrs) = &t else {
            kept.push(t);
            continue;
        };
        let added = name == "a" && has_class(attrs, ADDED);
        let warning = name == "span" && has_class(attrs, "urlx-warning");
        if !added && !warning {
            kept.push(t);
            continue;
        }
        if added {
            let href = attrs
                .iter()
                .find(|(n, _)| n == "href")
                .map(|(_, v)| v.as_str())
                .ok_or("an added anchor without an href")?;
            let scheme = href.split(':').next().unwrap_or("");
            if !allowed(scheme) {
                return Err(format!("an added anchor to {href:?}"));
            }
        }
        // The anchor's (or warning's) text stays; nothing else may be
        // inside it.
        if let Some(Token::Text(_)) = it.peek() {
            let text = it.next().expect("peeked");
            if !warning {
                kept.push(text);
            }
        }
        match it.next() {
            Some(Token::End(n)) if &n == name => {}
            other => return Err(format!("an added <{name}> holds or ends with {other:?}")),
        }
    }
    let kept = merge(kept);
    if kept != want {
        let at = kept
            .iter()
            .zip(&want)
            .position(|(a, b)| a != b)
            .unwrap_or(kept.len().min(want.len()));
        return Err(format!(
            "the tokens differ at {at}: {:?} against the input's {:?}",
            kept.get(at),
            want.get(at)
        ));
    }
    Ok(())
}
