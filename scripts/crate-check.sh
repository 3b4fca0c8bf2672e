#!/usr/bin/env bash
# The crate as it would be published (run by `make lint`, through `make crate-check`):
#  1. its docs build without a warning, with the default features, with none and with all;
#  2. `cargo package` makes the .crate without the network (`--offline`: the index entries and
#     the sources come from the cache the other cargo commands filled; `--no-verify` because a
#     verifying build would fetch the dependencies into a fresh target directory), and the
#     package holds only what builds the library, its binaries and its examples;
#  3. the wasm-only dependencies stay out of native builds: natively the normal dependency tree
#     names none of them, with any features; for wasm32 it does (so the check can see them).
# Needs `. .tools/env.sh` first (the Makefile does it).
set -euo pipefail
cd "$(dirname "$0")/.."

for features in "" --no-default-features --all-features; do
  echo "crate-check: cargo doc ${features:-(default features)}"
  RUSTDOCFLAGS="-D warnings" cargo doc --quiet --no-deps --locked $features
done

# Every packaged file is a Rust source of src/ or examples/, or one of the package's own files.
allowed='^(src/.*\.rs|examples/[^/]*\.rs|Cargo\.toml|Cargo\.toml\.orig|Cargo\.lock|README\.md|LICENSE|\.cargo_vcs_info\.json)$'
files=$(cargo package --list --locked --offline --allow-dirty)
if stray=$(grep -Ev "$allowed" <<<"$files"); then
  echo "crate-check: files that do not belong in the package:" >&2
  echo "$stray" >&2
  exit 1
fi
# Cargo warns once per test and bench target that the package leaves out (tests/, benches/
# are not shipped): expected, so not shown.
cargo package --no-verify --allow-dirty --locked --offline 2>&1 \
  | { grep -Ev '^warning: ignoring (test|benchmark) ' || true; }
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
crate="target/package/tengen-$version.crate"
bytes=$(stat -c %s "$crate")
echo "crate-check: $crate: $(wc -l <<<"$files") files, $bytes bytes"
# The README is most of it; a package of a megabyte would mean something large got in.
if [ "$bytes" -gt 1000000 ]; then
  echo "crate-check: $crate is over 1 MB" >&2
  exit 1
fi

wasm_only='^(wasm-bindgen|js-sys|serde-wasm-bindgen|console_error_panic_hook|talc) '
for features in "" --all-features; do
  tree=$(cargo tree --locked --edges normal --prefix none $features)
  if found=$(grep -E "$wasm_only" <<<"$tree"); then
    echo "crate-check: wasm-only dependencies in the native build (${features:-default features}):" >&2
    echo "$found" >&2
    exit 1
  fi
done
tree=$(cargo tree --locked --edges normal --prefix none --all-features --target wasm32-unknown-unknown)
if ! grep -Eq "$wasm_only" <<<"$tree"; then
  echo "crate-check: cargo tree for wasm32 lists no wasm dependency: the check above sees nothing" >&2
  exit 1
fi
echo "crate-check: ok"
