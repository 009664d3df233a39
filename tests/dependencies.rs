//! What a program that depends on the library compiles: the library's own
//! dependencies, none of the command's (`cli/Cargo.toml`). Asked of
//! `cargo tree` for the locked workspace.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The crates `cargo tree` lists for the library, built and normal
/// dependencies, with `extra` arguments (features).
fn library_tree(extra: &[&str]) -> BTreeSet<String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .current_dir(ROOT)
        .args([
            "tree",
            "--locked",
            // The lock file says it all: no index to fetch.
            "--offline",
            "-p",
            "urlx",
            "-e",
            "normal,build",
            "--prefix",
            "none",
            "--format",
            "{p}",
        ])
        .args(extra)
        .output()
        .expect("run cargo tree");
    assert!(
        out.status.success(),
        "cargo tree failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .map(str::to_owned)
        .collect()
}

/// The names under `[dependencies]` in the command's manifest.
fn command_dependencies() -> BTreeSet<String> {
    let manifest = std::fs::read_to_string(Path::new(ROOT).join("cli/Cargo.toml")).unwrap();
    let mut deps = BTreeSet::new();
    let mut inside = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            inside = line == "[dependencies]";
        } else if inside {
            if let Some((name, _)) = line.split_once('=') {
                deps.insert(name.trim().to_owned());
            }
        }
    }
    deps
}

#[test]
fn the_library_compiles_none_of_the_commands_dependencies() {
    let lib = library_tree(&[]);
    // (`idna` and `unicode-security`: the `confusables` verdicts, on by
    // default so that a mail client flags what the command flags.)
    for own in [
        "urlx",
        "memchr",
        "unicode-segmentation",
        "encoding_rs",
        "idna",
        "unicode-security",
    ] {
        assert!(lib.contains(own), "{own} missing from {lib:?}");
    }
    let cmd = command_dependencies();
    for cli_only in ["clap", "rayon", "ignore", "indicatif", "serde", "ratatui"] {
        assert!(cmd.contains(cli_only), "{cli_only} missing from {cmd:?}");
    }
    let leaked = leaked(&lib);
    assert!(leaked.is_empty(), "the library pulls in {leaked:?}");
}

/// The command's dependencies `lib` holds, but the two crates both use.
fn leaked(lib: &BTreeSet<String>) -> Vec<String> {
    let shared: BTreeSet<String> = ["urlx", "memchr"].map(String::from).into();
    command_dependencies()
        .difference(&shared)
        .filter(|d| lib.contains(*d))
        .cloned()
        .collect()
}

/// The decoders of `urlx::unpack` (feature `compressed`) come with the
/// feature, and still none of the command's crates.
#[test]
fn compressed_input_brings_its_decoders_alone() {
    let lib = library_tree(&["--features", "compressed"]);
    for decoder in ["flate2", "bzip2", "xz4rust", "lzma-rust2", "ruzstd"] {
        assert!(lib.contains(decoder), "{decoder} missing from {lib:?}");
        assert!(
            !library_tree(&[]).contains(decoder),
            "{decoder} without the feature"
        );
    }
    let leaked = leaked(&lib);
    assert!(leaked.is_empty(), "the library pulls in {leaked:?}");
}

#[test]
fn without_default_features_memchr_and_unicode_segmentation_alone() {
    let lib = library_tree(&["--no-default-features"]);
    let want: BTreeSet<String> = ["urlx", "memchr", "unicode-segmentation"]
        .map(String::from)
        .into();
    assert_eq!(lib, want);
}
