//! Prints every link in the files named: `line:column form url [alt]`.
//! A development aid; the `urlx` command is the tool.

fn main() {
    let finder = urlx::Finder::new();
    for path in std::env::args().skip(1) {
        let bytes = match std::fs::read(&path) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{path}: {e}");
                continue;
            }
        };
        for l in finder.links(&bytes) {
            match l.alt() {
                Some(a) => println!(
                    "{}:{} {} {} alt={}",
                    l.line(),
                    l.column(),
                    l.form(),
                    l.as_str(),
                    a
                ),
                None => println!("{}:{} {} {}", l.line(), l.column(), l.form(), l.as_str()),
            }
        }
    }
}
