//! `estimate/counted-*`: the dead-stone proposal of the counted games' final positions.

use crate::common::{check, corpus_path};
use criterion::Criterion;
use std::hint::black_box;
use tengen::estimate;
use tengen::{Board, Color};

/// Counted games of `scored.json` whose proposal equals the recorded dead stones.
const ESTIMATE_EQUAL: i64 = 129;

/// `estimate/counted-{9x9,13x13,19x19}`: the dead-stone proposal (`estimate::estimate`,
/// default options, Black to move) of the final positions of `scored.json`, one position per
/// iteration, so the time shown is per position; asserts how many proposals equal the
/// recorded dead stones.
pub(crate) fn bench_estimate(c: &mut Criterion) {
    let Some(index) = corpus_path("scored.json") else {
        eprintln!("note: ../shared/corpus/scored.json not found: skipping estimate/*");
        return;
    };
    let games = crate::common::load_counted(&index);
    let options = estimate::EstimateOptions::default();
    let equal = games
        .iter()
        .filter(|(_, b, dead)| estimate::estimate(b, Color::Black, &options).dead_marks() == *dead)
        .count();
    check(
        "counted games whose proposal equals the recorded dead stones",
        equal as i64,
        ESTIMATE_EQUAL,
    );
    let mut group = c.benchmark_group("estimate");
    for side in [9, 13, 19] {
        let boards: Vec<&Board> = games
            .iter()
            .map(|(_, b, _)| b)
            .filter(|b| b.size().width() == side)
            .collect();
        group.bench_function(format!("counted-{side}x{side}"), |b| {
            let mut k = 0;
            b.iter(|| {
                let e = estimate::estimate(black_box(boards[k]), Color::Black, &options);
                k = (k + 1) % boards.len();
                e
            })
        });
    }
    group.finish();
}
