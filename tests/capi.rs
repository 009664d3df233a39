//! The C ABI, from C: builds `capi/` (the cdylib) with cargo, compiles
//! `capi/tests/test.c` against `capi/include/urlx.h` with the system's C
//! compiler (`$CC`, else `cc`: the linker Rust uses on Unix), and runs it.
//! A missing C compiler is a failure.

use std::path::Path;
use std::process::Command;

#[test]
fn c_program_links_and_passes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    if let Err(e) = Command::new(&cc).arg("--version").output() {
        panic!("no C compiler: {cc}: {e} (set CC or install one)");
    }
    // A target folder of its own: the outer `cargo test` holds the lock on
    // the usual one.
    let target = root.join("target/capi-test");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let st = Command::new(cargo)
        .current_dir(root)
        .args([
            "build",
            "--quiet",
            "--offline",
            "-p",
            "urlx-capi",
            "--target-dir",
        ])
        .arg(&target)
        .status()
        .expect("run cargo");
    assert!(st.success(), "building capi failed");
    let lib_dir = target.join("debug");
    let exe = target.join("urlx-c-test");
    let st = Command::new(&cc)
        .arg(root.join("capi/tests/test.c"))
        .arg("-I")
        .arg(root.join("capi/include"))
        .arg("-L")
        .arg(&lib_dir)
        .arg(format!("-Wl,-rpath,{}", lib_dir.display()))
        .args(["-lurlx_capi", "-Wall", "-Werror", "-o"])
        .arg(&exe)
        .status()
        .expect("run cc");
    assert!(st.success(), "compiling the C test failed");
    let out = Command::new(&exe).output().expect("run the C test");
    assert!(
        out.status.success(),
        "C test failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "ok\n");
}
