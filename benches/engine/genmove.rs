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
    bench_line(&mut group);
    group.finish();
}

/// `genmove/9x9-line-{reuse,fresh}`: a searcher following six moves of a 9x9 game (each side
/// plays the searcher's best move), 2,000 playouts a move, its tree kept between moves or not:
/// the cost of the copy of the subtree against the simulations it saves nothing of (the budget
/// of a run is what it adds, so both run the same simulations).
fn bench_line(group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>) {
    use tengen::player::{system_clock, GenmoveOptions, Searcher};
    let options = GenmoveOptions::new(2_000, 0, GENMOVE_SEED).expect("valid");
    for reuse in [true, false] {
        let run = || {
            let mut game = Game::new(Setup {
                size: size(9),
                rules: rules("chinese"),
                handicap: 0,
            })
            .expect("a valid setup");
            let mut searcher = Searcher::new(GENMOVE_SEED);
            searcher.set_reuse(reuse);
            let mut done = 0u32;
            for _ in 0..6 {
                done += searcher
                    .run(&game, &options, &mut system_clock())
                    .expect("a search");
                let best = searcher.root_stats().ranked()[0];
                match best.point {
                    Some(p) => game.place(p).map(|_| ()),
                    None => game.pass().map(|_| ()),
                }
                .expect("a legal move");
            }
            done
        };
        group.throughput(Throughput::Elements(u64::from(run())));
        let name = if reuse {
            "9x9-line-reuse"
        } else {
            "9x9-line-fresh"
        };
        group.bench_function(name, |b| b.iter(run));
    }
}
