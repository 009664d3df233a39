//! The shared library's SONAME, `liburlx.so.0.1` for the 0.1 series (the
//! major version from 1.0 on): what a program linked against it asks for
//! at run time. `capi/Makefile` installs the file under the same name.

fn main() {
    let major = std::env::var("CARGO_PKG_VERSION_MAJOR").unwrap();
    let minor = std::env::var("CARGO_PKG_VERSION_MINOR").unwrap();
    // Semver: before 1.0 a minor release may break the ABI.
    let sover = match major.as_str() {
        "0" => format!("0.{minor}"),
        _ => major,
    };
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let family = std::env::var("CARGO_CFG_TARGET_FAMILY").unwrap_or_default();
    if os == "macos" || os == "ios" {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-install_name,@rpath/liburlx.{sover}.dylib");
    } else if family.split(',').any(|f| f == "unix") {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,liburlx.so.{sover}");
    }
}
