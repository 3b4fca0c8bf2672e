//! `playout/*` and `estimate_playout/*`: random playouts on `Board`, and the estimator's own
//! playouts.

use crate::common::{check, playout, size};
use criterion::{Criterion, Throughput};
use tengen::estimate;
use tengen::{Board, Color, Point};

/// Playouts per iteration of the playout benchmarks (seeds 0..PLAYOUTS).
const PLAYOUTS: u32 = 64;
/// Stones played in total by playouts 0..PLAYOUTS on 9x9 and on 19x19.
const PLAYOUT_MOVES_9: u32 = 6_819;
const PLAYOUT_MOVES_19: u32 = 29_111;
/// Seed of the estimator's playouts, and the stones they play in all (PLAYOUTS of them, Black
/// first) on the empty 9x9 and 19x19 boards.
const ESTIMATE_SEED: u64 = 1;
const ESTIMATE_MOVES_9: u64 = 6_693;
const ESTIMATE_MOVES_19: u64 = 28_514;

/// Total stones played by playouts `0..n` on a `side`x`side` board.
pub(crate) fn playouts(side: u32, n: u32, cands: &mut Vec<Point>) -> u32 {
    (0..n).map(|k| playout(size(side), k, cands).1).sum()
}

pub(crate) fn bench_playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("playout");
    group.throughput(Throughput::Elements(PLAYOUTS as u64));
    let mut cands = Vec::with_capacity(361);
    for (side, expected) in [(9, PLAYOUT_MOVES_9), (19, PLAYOUT_MOVES_19)] {
        let expected = check(
            &format!("stones played by playouts 0..{PLAYOUTS} on {side}x{side}"),
            playouts(side, PLAYOUTS, &mut cands),
            expected,
        );
        group.bench_function(format!("{side}x{side}"), |b| {
            b.iter(|| {
                let moves = playouts(side, PLAYOUTS, &mut cands);
                assert_eq!(moves, expected);
                moves
            })
        });
    }
    group.finish();
}

pub(crate) fn bench_estimate_playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("estimate_playout");
    group.throughput(Throughput::Elements(PLAYOUTS as u64));
    for (side, expected) in [(9, ESTIMATE_MOVES_9), (19, ESTIMATE_MOVES_19)] {
        let board = Board::new(size(side));
        let run = || estimate::bench_playouts(&board, Color::Black, PLAYOUTS, ESTIMATE_SEED);
        let expected = check(
            &format!("stones played by {PLAYOUTS} estimator playouts on {side}x{side}"),
            run(),
            expected,
        );
        group.bench_function(format!("{side}x{side}-empty"), |b| {
            b.iter(|| {
                let moves = run();
                assert_eq!(moves, expected);
                moves
            })
        });
    }
    group.finish();
}
