//! The C library as a C client gets it: `make -C capi build install` into a
//! prefix of its own (with cargo, in a target folder of its own: the
//! outer `cargo test` holds the lock on the usual one), then C programs
//! built with the system's C compiler (`$CC`, else `cc`) and the flags
//! `pkg-config` gives: `tests/abi.c` over the whole ABI, linked shared
//! and static, and the HTML example of `examples/`. A missing C compiler,
//! `make`, `pkg-config` or `readelf` is a failure that names it.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

const CAPI: &str = env!("CARGO_MANIFEST_DIR");

fn root() -> PathBuf {
    Path::new(CAPI).join("..")
}

/// Runs a command to its end; a command that cannot start is a failure
/// that names it.
fn run(cmd: &mut Command) -> Output {
    let name = format!("{:?}", cmd.get_program());
    cmd.output()
        .unwrap_or_else(|e| panic!("cannot run {name}: {e} (install it)"))
}

fn ok(o: Output, what: &str) -> Output {
    assert!(
        o.status.success(),
        "{what} failed:\n{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    o
}

/// The prefix `make install` filled, made once for all the tests here.
fn prefix() -> &'static Path {
    static PREFIX: OnceLock<PathBuf> = OnceLock::new();
    PREFIX.get_or_init(|| {
        let target = root().join("target/capi-test");
        let prefix = target.join("prefix");
        let _ = std::fs::remove_dir_all(&prefix);
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        ok(
            run(Command::new("make")
                .arg("-C")
                .arg(CAPI)
                .args(["build", "install"])
                .arg(format!("CARGO={cargo}"))
                .arg("CARGOFLAGS=--locked --quiet")
                .arg("PROFILE=dev")
                .arg(format!("CARGO_TARGET_DIR={}", target.display()))
                .arg(format!("PREFIX={}", prefix.display()))),
            "make install",
        );
        prefix
    })
}

/// `pkg-config` on the installed `urlx.pc`.
fn pkg_config(args: &[&str]) -> Vec<String> {
    let o = ok(
        run(Command::new("pkg-config")
            .env("PKG_CONFIG_PATH", prefix().join("lib/pkgconfig"))
            .args(args)
            .arg("urlx")),
        "pkg-config",
    );
    String::from_utf8(o.stdout)
        .unwrap()
        .split_whitespace()
        .map(str::to_owned)
        .collect()
}

/// Compiles C `sources` into `exe` with `link` flags after them.
fn compile(sources: &[PathBuf], exe: &Path, link: &[String]) {
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    ok(
        run(Command::new(&cc)
            .args(["-std=c11", "-Wall", "-Wextra", "-Werror", "-pthread"])
            .args(pkg_config(&["--cflags"]))
            .args(sources)
            .arg("-o")
            .arg(exe)
            .args(link)),
        &format!("compiling {sources:?}"),
    );
}

/// `tests/abi.c` linked against the shared library (found through an
/// rpath, as an installed one is found through the loader's path).
fn abi_shared() -> PathBuf {
    static EXE: OnceLock<PathBuf> = OnceLock::new();
    EXE.get_or_init(|| {
        let exe = root().join("target/capi-test/abi-shared");
        let mut link = pkg_config(&["--libs"]);
        link.push(format!("-Wl,-rpath,{}", prefix().join("lib").display()));
        compile(&[Path::new(CAPI).join("tests/abi.c")], &exe, &link);
        exe
    })
    .clone()
}

fn readelf(file: &Path) -> String {
    let o = ok(run(Command::new("readelf").arg("-d").arg(file)), "readelf");
    String::from_utf8(o.stdout).unwrap()
}

#[test]
fn the_installed_library_has_a_soname_a_header_and_a_pkg_config_file() {
    let lib = prefix().join("lib");
    let real = lib.join("liburlx.so.0.1.0");
    assert!(readelf(&real).contains("Library soname: [liburlx.so.0.1]"));
    // The loader's name and the linker's lead to the file.
    assert_eq!(
        std::fs::read_link(lib.join("liburlx.so.0.1")).unwrap(),
        Path::new("liburlx.so.0.1.0")
    );
    assert_eq!(
        std::fs::read_link(lib.join("liburlx.so")).unwrap(),
        Path::new("liburlx.so.0.1")
    );
    assert!(lib.join("liburlx.a").is_file());
    assert!(prefix().join("include/urlx.h").is_file());
    assert_eq!(pkg_config(&["--modversion"]), [env!("CARGO_PKG_VERSION")]);
}

#[test]
fn the_abi_from_c_linked_shared() {
    let exe = abi_shared();
    // A program linked against the library asks for it by its SONAME.
    assert!(readelf(&exe).contains("Shared library: [liburlx.so.0.1]"));
    let o = ok(run(&mut Command::new(&exe)), "the C test");
    assert_eq!(String::from_utf8_lossy(&o.stdout), "ok\n");
}

#[test]
fn the_abi_from_c_linked_static() {
    let exe = root().join("target/capi-test/abi-static");
    // The archive itself, then what it needs (Libs.private).
    let mut link = vec![prefix().join("lib/liburlx.a").display().to_string()];
    link.extend(
        pkg_config(&["--static", "--libs-only-l"])
            .into_iter()
            .filter(|l| l != "-lurlx"),
    );
    compile(&[Path::new(CAPI).join("tests/abi.c")], &exe, &link);
    assert!(!readelf(&exe).contains("liburlx"));
    let o = ok(run(&mut Command::new(&exe)), "the static C test");
    assert_eq!(String::from_utf8_lossy(&o.stdout), "ok\n");
}

#[test]
fn the_html_example_in_c() {
    let exe = root().join("target/capi-test/html_with_email");
    let mut link = pkg_config(&["--libs"]);
    link.push(format!("-Wl,-rpath,{}", prefix().join("lib").display()));
    compile(&[root().join("examples/html_with_email.c")], &exe, &link);
    let mut child = Command::new(&exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(
        &mut child.stdin.take().unwrap(),
        b"Hi <b>, write a@b.example or see <http://q.example/lo\n  ng> \xff\n",
    )
    .unwrap();
    let o = ok(child.wait_with_output().unwrap(), "the example");
    let a = "rel=\"nofollow noopener\" target=\"_blank\"";
    assert_eq!(
        String::from_utf8(o.stdout).unwrap(),
        format!(
            "<pre>Hi &lt;b&gt;, write <a href=\"mailto:a@b.example\" {a}>a@b.example</a> or see \
             &lt;<a href=\"http://q.example/long\" {a}>http://q.example/lo</a>\n  \
             <a href=\"http://q.example/long\" {a}>ng</a>&gt; \u{fffd}\n</pre>\n"
        )
    );
    assert_eq!(String::from_utf8(o.stderr).unwrap(), "2 links\n");
}

#[test]
#[ignore = "needs valgrind: .ci/run installs it and runs this test"]
fn the_abi_from_c_is_clean_under_valgrind() {
    let o = ok(
        run(Command::new("valgrind")
            .args([
                "--quiet",
                "--error-exitcode=1",
                "--leak-check=full",
                "--errors-for-leak-kinds=definite,indirect",
            ])
            .arg(abi_shared())),
        "valgrind",
    );
    assert_eq!(String::from_utf8_lossy(&o.stdout), "ok\n");
}

#[path = "../../tests/common/rows.rs"]
mod rows;

/// A C string literal of `bytes` (octal escapes: never longer than three
/// digits, so no escape runs into the byte after it).
fn c_literal(bytes: &[u8]) -> String {
    let mut s = String::from("\"");
    for &b in bytes {
        match b {
            b'"' | b'\\' | b'?' => s.push_str(&format!("\\{:03o}", b)),
            0x20..=0x7e => s.push(b as char),
            _ => s.push_str(&format!("\\{:03o}", b)),
        }
    }
    s + "\""
}

/// The extraction contract as data (`tests/data/contract/`, run
/// by the library in `tests/contract_cases.rs`) through the C ABI: one C
/// program holds every case as a finder's settings and a call of
/// `urlx_find_with`, and prints each link's fields; they must be the
/// case's. A case with an option the ABI lacks says `skip c`.
#[test]
fn the_contract_cases_through_the_abi() {
    let cases: Vec<_> = rows::cases()
        .into_iter()
        .filter(|c| !c.skips("c"))
        .collect();
    assert!(cases.len() > 250, "{} cases", cases.len());
    let mut c = String::from(
        "#include <stdio.h>\n#include <urlx.h>\n\
         static void run(int k, urlx_finder *f, const char *t, size_t n) {\n\
         urlx_links *ls = NULL;\n\
         if (urlx_find_with(f, t, n, &ls) != URLX_OK) { printf(\"%d error\\n\", k); return; }\n\
         for (size_t i = 0; i < urlx_links_count(ls); i++) {\n\
         const urlx_link *l = urlx_links_get(ls, i);\n\
         printf(\"%d\\t%s\\t%zu\\t%zu\\t%s\\t%d\\t%d\\t%zu\\t%zu\\n\", k, l->url, l->start, l->end,\n\
         l->alt ? l->alt : \"-\", l->truncated, l->form, l->line, l->column);\n\
         }\n\
         printf(\"%d end\\n\", k);\n\
         urlx_links_free(ls);\n\
         urlx_finder_free(f);\n\
         }\n\
         int main(void) {\nurlx_finder *f;\n",
    );
    for (k, case) in cases.iter().enumerate() {
        c.push_str("if (urlx_finder_new(&f) != URLX_OK) return 1;\n");
        for (name, v) in &case.options {
            let v = if v.is_empty() { "1" } else { v };
            let call = match name.as_str() {
                "bare_schemes" => {
                    let list: Vec<String> = v.split(',').map(|s| c_literal(s.as_bytes())).collect();
                    format!(
                        "{{ const char *s[] = {{{}}}; if (urlx_finder_set_bare_schemes(f, s, {})) return 2; }}\n",
                        list.join(", "),
                        list.len()
                    )
                }
                "www" | "email" | "join_breaks" | "uts58" | "registered_schemes"
                | "max_url_len" | "max_wrapper_bytes" | "max_wrapper_lines" | "max_line_len" => {
                    format!("if (urlx_finder_set_{name}(f, {v})) return 2;\n")
                }
                o => panic!(
                    "{}: the ABI has no option {o}; say `skip c` in the case",
                    case.id
                ),
            };
            c.push_str(&call);
        }
        c.push_str(&format!(
            "run({k}, f, {}, {});\n",
            c_literal(&case.input),
            case.input.len()
        ));
    }
    c.push_str("return 0;\n}\n");
    let src = root().join("target/capi-test/cases.c");
    std::fs::create_dir_all(src.parent().unwrap()).unwrap();
    std::fs::write(&src, c).unwrap();
    let exe = root().join("target/capi-test/cases");
    let mut link = pkg_config(&["--libs"]);
    link.push(format!("-Wl,-rpath,{}", prefix().join("lib").display()));
    compile(&[src], &exe, &link);
    let o = ok(run(&mut Command::new(&exe)), "the cases program");
    let out = String::from_utf8(o.stdout).unwrap();
    let mut lines = out.lines();
    let forms = [
        "url-prefix",
        "angle",
        "quoted",
        "bare",
        "abbreviated",
        "email",
        "domain",
        "defanged",
    ];
    let mut failed = Vec::new();
    for (k, case) in cases.iter().enumerate() {
        let mut got = Vec::new();
        for line in lines.by_ref() {
            let f: Vec<&str> = line.split('\t').collect();
            assert_eq!(
                f[0].split(' ').next(),
                Some(k.to_string().as_str()),
                "{}: {line}",
                case.id
            );
            if f.len() == 1 {
                assert_eq!(line, format!("{k} end"), "{}", case.id);
                break;
            }
            let (start, end): (usize, usize) = (f[2].parse().unwrap(), f[3].parse().unwrap());
            let want = case.links.get(got.len());
            got.push(rows::Want {
                url: f[1].to_owned(),
                text: case.input[start..end].to_vec(),
                alt: (f[4] != "-").then(|| f[4].to_owned()),
                truncated: f[5] == "1",
                form: want
                    .and_then(|w| w.form.as_ref())
                    .map(|_| forms[f[6].parse::<usize>().unwrap()].to_owned()),
                at: want
                    .and_then(|w| w.at)
                    .map(|_| (f[7].parse().unwrap(), f[8].parse().unwrap())),
            });
        }
        if got != case.links {
            failed.push(format!(
                "{}:\n  want {:?}\n  got  {:?}",
                case.id, case.links, got
            ));
        }
    }
    assert!(
        failed.is_empty(),
        "{} cases fail:\n{}",
        failed.len(),
        failed.join("\n")
    );
}
