# tengen: the two commands for a new user are `make serve` and `make test`.
SHELL := /bin/bash
.DEFAULT_GOAL := test

.PHONY: test test-native lint bench

## Every test.
test: lint test-native

## The pure-Rust core: unit, integration, property and corpus tests, doctests.
test-native:
	cargo test --locked

lint:
	cargo fmt --all -- --check
	cargo clippy --locked --all-targets -- -D warnings

## Benchmarks (figures in the README).
bench:
	cargo bench --locked --bench engine
