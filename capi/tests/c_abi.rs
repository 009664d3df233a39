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
