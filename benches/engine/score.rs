//! `score/*`: counting final positions by territory and by area.

use crate::common::{check, corpus_path, load_counted_19x19, playout, rules, size};
use criterion::Criterion;
use std::hint::black_box;
use tengen::{score, Board, Color, Rules};

/// Sums of `margin_halves` over the final positions scored: area counting of every set,
/// territory counting of the playouts (whose empty points are single eyes). Territory counting
/// of real positions (neutral points filled as J89 says, seki) is still being refined in
/// `src/score.rs`, so those workloads assert invariants only and print their sums.
const PLAYOUT_TERRITORY_MARGINS: i64 = -114;
const PLAYOUT_AREA_MARGINS: i64 = -108;
const COUNTED_AREA_MARGINS: i64 = -1_672;
const AI_GAMES_AREA_MARGINS: i64 = -7_446;
/// 19x19 playouts whose final positions are scored.
const SCORED_PLAYOUTS: u32 = 16;

/// A position to count: the board and the dead marks, row-major.
pub(crate) type Position = (Board, Vec<bool>);

/// Scores each position under a preset and checks what holds whatever the count: one entry
/// per point, the dead stones listed, a live stone counted for its colour only if on the board,
/// the margin the difference of the totals. Returns the per-position margins.
pub(crate) fn margins(positions: &[Position], r: &Rules) -> Vec<i32> {
    positions
        .iter()
        .map(|(b, dead)| {
            let s = score::score(b, dead, r, 0);
            assert_eq!(s.points.len(), 361);
            assert_eq!(s.dead.len(), dead.iter().filter(|&&d| d).count());
            for (side, c) in [(&s.black, Color::Black), (&s.white, Color::White)] {
                assert!(side.stones <= b.stone_count(c));
                assert!(side.prisoners >= b.prisoners(c));
                assert!(side.stones + side.territory <= 361);
            }
            assert_eq!(s.margin_halves, s.black.total_halves - s.white.total_halves);
            s.margin_halves
        })
        .collect()
}

/// `score/{territory,area}/{set}`: one position per iteration, cycling through the set.
pub(crate) fn bench_score(c: &mut Criterion, ai_games_finals: Option<Vec<Position>>) {
    let mut cands = Vec::new();
    let no_dead = vec![false; 361];
    let playouts: Vec<Position> = (0..SCORED_PLAYOUTS)
        .map(|k| (playout(size(19), k, &mut cands).0, no_dead.clone()))
        .collect();
    let mut sets = vec![("playouts", playouts)];
    match corpus_path("scored.json") {
        Some(index) => {
            let counted = load_counted_19x19(&index);
            eprintln!("scored.json: {} counted 19x19 games", counted.len());
            sets.push(("counted", counted));
        }
        None => eprintln!("note: ../shared/corpus/scored.json not found: skipping score/*/counted"),
    }
    sets.extend(ai_games_finals.map(|f| ("ai-games", f)));
    // The slowest position to count by territory (the life-and-death analysis reads its small
    // regions): timed once each on first sight, before any reading is remembered for it,
    // then benchmarked as `score/territory/worst` (readings remembered, as on a recount).
    let territory = rules("japanese-1989");
    let mut worst: Option<(std::time::Duration, &str, usize)> = None;
    for (set, positions) in &sets {
        for (k, (board, dead)) in positions.iter().enumerate() {
            let t = std::time::Instant::now();
            black_box(score::score(black_box(board), dead, &territory, 0));
            let d = t.elapsed();
            match worst {
                Some((w, _, _)) if w >= d => {}
                _ => worst = Some((d, set, k)),
            }
        }
    }
    let worst = worst.map(|(d, set, k)| {
        eprintln!("score/territory/worst: {set} position {k}, first count {d:?}");
        sets.iter()
            .find(|(s, _)| *s == set)
            .map(|(_, p)| p[k].clone())
    });
    let mut group = c.benchmark_group("score");
    if let Some(Some((board, dead))) = worst {
        group.bench_function("territory/worst", |b| {
            b.iter(|| score::score(black_box(&board), &dead, &territory, 0))
        });
    }
    for (scoring, preset) in [("territory", "japanese-1989"), ("area", "chinese")] {
        let r = rules(preset);
        for (set, positions) in &sets {
            let expected = margins(positions, &r);
            let sum: i64 = expected.iter().map(|&m| m as i64).sum();
            let what = format!("sum of {scoring} margins (half points) over the {set} finals");
            let recorded = match (scoring, *set) {
                ("territory", "playouts") => Some(PLAYOUT_TERRITORY_MARGINS),
                ("area", "playouts") => Some(PLAYOUT_AREA_MARGINS),
                ("area", "counted") => Some(COUNTED_AREA_MARGINS),
                ("area", _) => Some(AI_GAMES_AREA_MARGINS),
                _ => None,
            };
            match recorded {
                Some(want) => {
                    check(&what, sum, want);
                }
                None => eprintln!("{what}: {sum} (not asserted)"),
            }
            group.bench_function(format!("{scoring}/{set}"), |b| {
                let mut k = 0;
                b.iter(|| {
                    let (board, dead) = &positions[k];
                    let s = score::score(black_box(board), dead, &r, 0);
                    assert_eq!(s.margin_halves, expected[k]);
                    k = (k + 1) % positions.len();
                    s
                })
            });
        }
    }
    group.finish();
}
