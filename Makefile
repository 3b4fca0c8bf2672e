# tengen. A new user needs two commands: `make serve` and `make test`. Each does its own set-up
# (scripts/setup.sh, idempotent: seconds when everything is present).
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

ENV := . .tools/env.sh
# The wasm environment (build-std variables on the Debian fallback route) is only for wasm builds:
# native cargo commands must never see it.
WASM_ENV := . .tools/env.sh && . .tools/wasm-env.sh
WASM_RUNNER := CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner
OUT := test-results

.PHONY: bench-deadstones help setup build serve test test-native lint test-wasm test-js test-e2e bench test-npm

help:
	@echo "make serve   build, then serve the page on http://127.0.0.1:8080"
	@echo "make test    every test"
	@echo "make bench   the benchmarks (native and Node)"

## Install every tool the build and the tests need.
setup:
	@bash scripts/setup.sh

## The wasm package in www/pkg (settings in wasm-pack.toml), then the npm package in dist/npm.
build: setup
	$(WASM_ENV) && node scripts/build.mjs
	$(ENV) && node scripts/npm.mjs

## Build, then serve www/ on http://127.0.0.1:8080.
serve: build
	node scripts/serve.mjs

## Every test: lint, native (unit, rules, property, corpus, doc), wasm in Node and Chromium,
## the JS API in Node, and the page in Chromium.
test: setup lint test-native build test-wasm test-js test-e2e test-npm
	@echo "make test: all suites passed"

test-native: setup
	$(ENV) && cargo test --locked
	@# The command line (feature `cli`): its unit tests and tests/cli.rs, which runs the binary.
	$(ENV) && cargo test --locked --features cli --bin tengen --test cli

lint: setup crate-check
	@# No import cycles among the Rust files, nor among the page's ES modules (Node only, so it
	@# runs on every route).
	node scripts/cycles.mjs
	node scripts/js-cycles.mjs
	@# Every hand-written ES module of the page parses (the e2e suite would only say the page broke).
	@for f in www/*.js www/app/*.js www/app/strings/*.js www/app/strings/review/*.js www/lib/*.js www/lib/strings/*.js www/lib/strings/edit/*.js www/element/*.js scripts/*.mjs; do \
	  case $$f in www/tengen-board*.js|www/version.js) continue;; esac; \
	  node --experimental-default-type=module --check "$$f" || exit 1; done
	@# rustfmt and clippy come with rustup; Debian's rustc-web fallback route has neither.
	@if ! ($(ENV) && cargo fmt --version && cargo clippy --version) >/dev/null 2>&1; then \
	  echo "lint: SKIPPED: cargo fmt/clippy are not installed (Debian fallback route)"; exit 0; fi; \
	$(ENV) && cargo fmt --all -- --check && \
	cargo clippy --locked --all-targets -- -D warnings && \
	cargo clippy --locked --all-targets --no-default-features -- -D warnings && \
	cargo clippy --locked --all-targets --features cli -- -D warnings && \
	$(WASM_ENV) && cargo clippy --locked --target wasm32-unknown-unknown --lib --test web -- -D warnings

## The crate as published (scripts/crate-check.sh): docs without warnings under every feature
## set, `cargo package` offline with only the Rust sources, README and licence inside, and no
## wasm-only dependency in native builds.
.PHONY: crate-check
crate-check: setup
	$(ENV) && bash scripts/crate-check.sh

## wasm-bindgen tests (tests/web.rs) in Node, then in headless Chromium. The browser run must
## really run: wasm-bindgen-test skips silently when it is misconfigured, so its output is checked.
test-wasm: setup
	mkdir -p $(OUT)
	$(WASM_ENV) && $(WASM_RUNNER) cargo test --locked --target wasm32-unknown-unknown --test web 2>&1 | tee $(OUT)/wasm-node.log
	grep -Eq 'test result: ok\. [1-9][0-9]* passed' $(OUT)/wasm-node.log
	$(WASM_ENV) && WASM_BINDGEN_USE_BROWSER=1 CHROMEDRIVER=/usr/bin/chromedriver \
	  WASM_BINDGEN_TEST_WEBDRIVER_JSON=$(CURDIR)/webdriver.json \
	  $(WASM_RUNNER) cargo test --locked --target wasm32-unknown-unknown --test web 2>&1 | tee $(OUT)/wasm-chrome.log
	grep -q 'Running headless tests in Chrome' $(OUT)/wasm-chrome.log
	grep -Eq 'test result: ok\. [1-9][0-9]* passed' $(OUT)/wasm-chrome.log

## The JS API through the built package, in Node.
test-js: build
	$(ENV) && node --test --test-concurrency=1 tests/js/

## The page in headless Chromium (Playwright via playwright-core).
test-e2e: build
	@if [ -d tests/e2e ]; then $(ENV) && node --test --test-concurrency=1 tests/e2e/; fi

## The npm package as users get it: packed, installed offline into fresh projects, run in Node,
## bundled by esbuild, Vite and webpack and by one script tag in Chromium, types under tsc --strict.
test-npm: build
	$(ENV) && node --test --test-concurrency=1 tests/npm/

## Benchmarks; figures and commands are recorded in the README.
bench: build
	$(ENV) && cargo bench --locked --bench engine
	$(ENV) && node benches/node/bench.mjs
	$(ENV) && node benches/node/flat.mjs
	$(ENV) && node benches/node/deadstones.mjs

## Dead stones side by side: tengen's estimator and GNU Go (apt-get install gnugo) on the
## corpus's counted games.
bench-deadstones: build
	$(ENV) && node benches/node/deadstones.mjs --chromium --misses
