//! `genmove/*`: the computer player's search on the empty board (feature `player`).

use crate::common::{check, rules, size};
use criterion::{Criterion, Throughput};
use tengen::{Game, Setup};

/// The computer player's benchmark: playouts per search, its seed, and per board side the move
/// chosen on the empty board (x, y) and the playouts run.
const GENMOVE_PLAYOUTS: u32 = 5_000;
const GENMOVE_SEED: u64 = 14;
const GENMOVE_RESULTS: [(u32, (u8, u8), u32); 3] = [
    (9, (3, 2), 4_992),
    (13, (7, 6), 4_928),
    (19, (15, 6), 5_000),
];

pub(crate) fn bench_genmove(c: &mut Criterion) {
    use tengen::player::{genmove, system_clock, Decision, GenmoveOptions};
    let mut group = c.benchmark_group("genmove");
    group.sample_size(10);
    for (side, point, playouts) in GENMOVE_RESULTS {
        let game = Game::new(Setup {
            size: size(side),
            rules: rules("chinese"),
            handicap: 0,
        })
        .expect("a valid setup");
        let options = GenmoveOptions::new(GENMOVE_PLAYOUTS, 0, GENMOVE_SEED).expect("valid");
        let run = || {
            let t = genmove(&game, &options, &mut system_clock()).expect("a move");
            let Decision::Play(p) = t.decision else {
                panic!("a stone on the empty board, not {:?}", t.decision)
            };
            ((p.x, p.y), t.playouts)
        };
        let (point, playouts) = check(
            &format!("genmove on the empty {side}x{side} board: the point and the playouts"),
            run(),
            (point, playouts),
        );
        group.throughput(Throughput::Elements(u64::from(playouts)));
        group.bench_function(format!("{side}x{side}-empty"), |b| {
            b.iter(|| {
                let r = run();
                assert_eq!(r, (point, playouts));
                r
            })
        });
    }
    group.finish();
}
