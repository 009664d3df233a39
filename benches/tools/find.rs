//! Prints every link in the files named: `line:column form url [alt]`.
//! With `--spans`, only the links whose text spans lines, with that text.
//! A development aid; the `urlx` command is the tool.

fn main() {
    let finder = urlx::Finder::new();
    let mut spans = false;
    for path in std::env::args().skip(1) {
        if path == "--spans" {
            spans = true;
            continue;
        }
        let bytes = match std::fs::read(&path) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("{path}: {e}");
                continue;
            }
        };
        for l in finder.links(&bytes) {
            let raw = String::from_utf8_lossy(&bytes[l.span()]);
            if spans && !raw.contains('\n') {
                continue;
            }
            print!("{}:{} {} {}", l.line(), l.column(), l.form(), l.as_str());
            if let Some(a) = l.alt() {
                print!(" alt={a}");
            }
            if spans {
                print!("  <= {raw:?}");
            }
            println!();
        }
    }
}
