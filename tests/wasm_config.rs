//! wasm-pack reads only Cargo.toml, while the build script reads the project's wasm-pack.toml:
//! this test keeps the two, and the set-up script's pinned tools, in agreement.

use std::fs;
use std::path::Path;

fn read(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(name);
    fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The value of `key = ...` inside `[table]` of a small TOML file (no inline tables).
fn toml_value(text: &str, table: &str, key: &str) -> Option<String> {
    let mut current = String::new();
    for raw in text.lines() {
        let line = raw.split(" #").next().unwrap_or("").trim();
        if line.starts_with('[') && line.ends_with(']') {
            current = line[1..line.len() - 1].to_string();
        } else if current == table {
            if let Some((k, v)) = line.split_once('=') {
                if k.trim() == key {
                    return Some(v.trim().to_string());
                }
            }
        }
    }
    None
}

fn unquote(v: &str) -> &str {
    v.trim_matches('"')
}

#[test]
fn wasm_opt_flags_agree() {
    let cargo = read("Cargo.toml");
    let pack = read("wasm-pack.toml");
    let in_cargo = toml_value(
        &cargo,
        "package.metadata.wasm-pack.profile.release",
        "wasm-opt",
    )
    .expect("Cargo.toml sets wasm-opt flags for wasm-pack's release profile");
    let in_pack =
        toml_value(&pack, "wasm-opt", "flags").expect("wasm-pack.toml lists wasm-opt flags");
    assert_eq!(
        in_cargo, in_pack,
        "wasm-opt flags differ between Cargo.toml and wasm-pack.toml"
    );
    assert_eq!(
        unquote(&toml_value(&pack, "build", "profile").unwrap()),
        "release",
        "the flags above are the release profile's"
    );
}

#[test]
fn packages_name_real_features_and_ignored_dirs() {
    let cargo = read("Cargo.toml");
    let pack = read("wasm-pack.toml");
    let ignore = read(".gitignore");
    let mut budgets = Vec::new();
    for table in [
        "package-full",
        "package-core",
        "package-embed",
        "package-edit",
    ] {
        let features = toml_value(&pack, table, "features").expect("features");
        for f in unquote(&features).split(',').filter(|f| !f.is_empty()) {
            assert!(
                toml_value(&cargo, "features", f.trim()).is_some(),
                "feature {f} is not in Cargo.toml"
            );
        }
        let out = toml_value(&pack, table, "out-dir").expect("out-dir");
        let out = unquote(&out);
        assert!(
            ignore.lines().any(|l| l.trim() == format!("/{out}")),
            "{out} is build output: git-ignore it"
        );
        budgets.push(
            toml_value(&pack, table, "gzip-budget")
                .expect("a size budget")
                .parse::<u32>()
                .unwrap(),
        );
    }
    // The core package: the rules, the count with its life-and-death analysis, the estimator
    // and the game tree every JS game is (README, "Package sizes").
    assert_eq!(
        budgets[1], 133120,
        "the core package is at most 130 KB gzipped"
    );
}

#[test]
fn wasm_bindgen_pin_matches_the_installed_cli() {
    let cargo = read("Cargo.toml");
    let setup = read("scripts/setup.sh");
    let pin = cargo
        .lines()
        .find_map(|l| l.strip_prefix("wasm-bindgen = \"="))
        .and_then(|v| v.strip_suffix('"'))
        .expect("Cargo.toml pins wasm-bindgen exactly");
    assert!(
        setup.contains(&format!("WASM_BINDGEN_VERSION={pin}")),
        "scripts/setup.sh installs wasm-bindgen-cli {pin}"
    );
}
