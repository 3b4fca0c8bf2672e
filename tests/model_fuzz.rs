//! The game model of the JS API under random calls: seeded runs of the driver in
//! `common/actions.rs` (every operation, navigation and the editing calls included, each call
//! checked: a refused call changes nothing, undo after a move or an edit restores exactly, redo
//! after an edit's undo gives it again, the record written reads back the same).
//! A stable-Rust stand-in for the libFuzzer target `fuzz/fuzz_targets/actions.rs`.
//!
//! Runs: `TENGEN_FUZZ_RUNS` (default 60, about 30 s unoptimised) sequences of up to 160 calls each;
//! the figures are printed. Longer: `TENGEN_FUZZ_RUNS=20000 cargo test --release --test model_fuzz
//! -- --nocapture`.
#![cfg(feature = "sgf")]

#[path = "common/actions.rs"]
mod actions;
#[path = "common/rng.rs"]
#[allow(dead_code)]
mod rng;

#[test]
fn random_calls_keep_the_model_s_promises() {
    let runs: u64 = std::env::var("TENGEN_FUZZ_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(60);
    let mut r = rng::SplitMix(0x5eed_0012);
    let mut total = actions::Counts::default();
    for _ in 0..runs {
        let len = 8 + r.below(320);
        let data: Vec<u8> = (0..len).map(|_| r.below(256) as u8).collect();
        let n = actions::run(&data);
        total.calls += n.calls;
        total.refused += n.refused;
        total.checks += n.checks;
    }
    println!(
        "model fuzz: {runs} runs, {} calls ({} refused), {} invariant checks",
        total.calls, total.refused, total.checks
    );
    assert!(total.calls > runs * 20, "the runs made calls");
    assert!(
        total.refused > 0 && total.refused < total.calls,
        "some calls refused, not all"
    );
}
