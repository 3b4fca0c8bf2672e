//! `superko_cost/*`: the same moves at move 10 and at move 10,272 of a long game, under positional
//! superko and under simple ko.

use crate::common::{check, rules, size, XorShift32};
use criterion::{BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use std::time::{Duration, Instant};
use tengen::{Color, Game, Phase, Point, Setup};

/// The superko-cost benchmark: the same batch of moves, played in the upper left 8x8 corner
/// (x, y < 8) of an otherwise empty 9x9 corner, is timed at move 10 of a game and at about move
/// 10,000 of a long random game, once that game has left the corner empty. The board does the
/// same work for the batch in both; only the history of positions differs.
const LONG_SEED: u32 = 10_000;
const CORNER_SEED: u32 = 20_000;
const LATE: u32 = 10_000;
/// Moves of the corner sequence before the timed batch: the last of them is played on each
/// clone of the game before timing, so the history vectors the clone left full are grown then.
const LEAD_IN: usize = 10;
const BATCH: usize = 100;
/// Stones captured in the long game (both players), moves refused by superko while it was
/// generated, and the move when it first left the corner empty at or after move LATE - LEAD_IN.
const LONG_CAPTURES: u32 = 9_594;
const LONG_SUPERKO_REFUSALS: u32 = 0;
const LONG_CORNER_EMPTY_AT: u32 = 10_262;
/// Stones captured by the batch.
const BATCH_CAPTURES: u32 = 6;
/// Rounds of the paired timing of the four superko-cost cases.
const PAIRED_ROUNDS: usize = 1_000;

/// Plays random moves for the side to move on the points `allowed` of `g` until `stop(g)`:
/// playout-style moves first, then, when none is left, moves into the mover's own eyes (so big
/// chains die and the board turns over), then a pass; play stopped by two passes is resumed.
/// Returns the moves refused by superko.
pub(crate) fn random_moves(
    g: &mut Game,
    allowed: impl Fn(Point) -> bool,
    stop: impl Fn(&Game) -> bool,
    seed: u32,
) -> u32 {
    let mut rng = XorShift32::for_playout(seed);
    let mut cands = Vec::with_capacity(361);
    let mut superko = 0;
    while !stop(g) {
        if g.phase() == Phase::Stopped {
            g.resume(g.to_move().opponent()).expect("resuming");
        }
        let c = g.to_move();
        let mut played = false;
        for eyes_too in [false, true] {
            let b = g.board();
            cands.clear();
            cands.extend(
                b.empty_points()
                    .filter(|&p| allowed(p) && (eyes_too || !b.is_eyeish(p, c))),
            );
            while !cands.is_empty() {
                let k = rng.below(cands.len());
                match g.place(cands[k]) {
                    Ok(_) => {
                        played = true;
                        break;
                    }
                    Err(e) => {
                        superko += u32::from(e == tengen::Error::Superko);
                        cands.swap_remove(k);
                    }
                }
            }
            if played {
                break;
            }
        }
        if !played {
            g.pass().expect("a pass while playing");
        }
    }
    superko
}

pub(crate) fn new_game(preset: &str) -> Game {
    Game::new(Setup {
        size: size(19),
        rules: rules(preset),
        handicap: 0,
    })
    .expect("a valid setup")
}

pub(crate) fn captures(g: &Game) -> u32 {
    g.captures(Color::Black) + g.captures(Color::White)
}

pub(crate) fn bench_superko_cost(c: &mut Criterion) {
    // The corner sequence, from an empty board: LEAD_IN moves, then the batch.
    let in_corner = |p: Point| p.x < 8 && p.y < 8;
    let mut corner = new_game("chinese");
    let n = (LEAD_IN + BATCH) as u32;
    random_moves(
        &mut corner,
        in_corner,
        |g| g.move_number() == n,
        CORNER_SEED,
    );
    let corner = corner.actions().to_vec();
    // The long game, until the 9x9 corner is empty at or after move LATE - LEAD_IN with Black
    // to move.
    let corner_empty = |g: &Game| {
        g.move_number() >= LATE - LEAD_IN as u32
            && g.to_move() == Color::Black
            && g.phase() == Phase::Playing
            && (0..9).all(|y| (0..9).all(|x| g.board().get(Point::new(x, y)).is_none()))
    };
    let mut long = new_game("chinese");
    let superko = random_moves(&mut long, |_| true, corner_empty, LONG_SEED);
    let empty_at = long.move_number();
    let long_captures = captures(&long);
    let long = long.actions().to_vec();
    eprintln!(
        "superko_cost: long game of {empty_at} moves, {long_captures} stones captured, \
         {superko} moves refused by superko"
    );
    check(
        "stones captured in the long game",
        long_captures,
        LONG_CAPTURES,
    );
    check(
        "superko refusals in the long game",
        superko,
        LONG_SUPERKO_REFUSALS,
    );
    check(
        "move when the corner is empty",
        empty_at,
        LONG_CORNER_EMPTY_AT,
    );
    let (lead_in, batch) = corner.split_at(LEAD_IN);
    let (lead_in, last) = lead_in.split_at(LEAD_IN - 1);
    // The four starting points: positional superko (`chinese`) or simple ko (`japanese-1989`,
    // which records the same history but checks none), at move 10 or after the long game.
    let mut cases = Vec::new();
    for (ko, preset) in [("positional", "chinese"), ("simple", "japanese-1989")] {
        for history in [&[][..], &long[..]] {
            let mut g = new_game(preset);
            for &a in history.iter().chain(lead_in) {
                g.apply(a).expect("replaying the lead-in");
            }
            // The batch starts at move n.
            let n = g.move_number() + 1;
            let mut after = g.clone();
            after.apply(last[0]).expect("the last move of the lead-in");
            let before = captures(&after);
            for &a in batch {
                after.apply(a).expect("a move of the batch");
            }
            check(
                &format!("stones captured by the batch from move {n}"),
                captures(&after) - before,
                BATCH_CAPTURES,
            );
            cases.push((ko, n, g));
        }
    }
    // One timed batch: a clone of the game (untimed) plays the last lead-in move, so that the
    // history vectors the clone left full grow untimed, then the batch. `shift` varies where
    // the clone lands in memory, so that no one layout (cache sets, 4K aliasing) decides.
    let time_batch = |g: &Game, shift: usize| {
        let shift = vec![0u8; 16 + 48 * (shift % 97)];
        let mut g = g.clone();
        black_box(&shift);
        g.apply(last[0]).expect("the last move of the lead-in");
        let start = Instant::now();
        for &a in batch {
            g.apply(a).expect("a move of the batch");
        }
        let t = start.elapsed();
        black_box(&g);
        t
    };
    // This machine's speed drifts over seconds, more than the effect measured; the four cases
    // timed in turn, batch by batch, compare at the same moments.
    let mut samples = vec![Vec::new(); cases.len()];
    for round in 0..PAIRED_ROUNDS {
        for (k, (_, _, g)) in cases.iter().enumerate() {
            samples[k].push(time_batch(g, round + k));
        }
    }
    let medians: Vec<f64> = samples
        .iter_mut()
        .map(|s| {
            s.sort_unstable();
            s[s.len() / 2].as_nanos() as f64 / BATCH as f64
        })
        .collect();
    for (k, (ko, n, _)) in cases.iter().enumerate() {
        eprintln!(
            "superko_cost (paired, median of {PAIRED_ROUNDS}): {ko} ko, from move {n}: {:.1} ns \
             a move",
            medians[k]
        );
    }
    let mut group = c.benchmark_group("superko_cost");
    group.throughput(Throughput::Elements(BATCH as u64));
    // Each iteration also clones a game (untimed): keep the wall time of the group down.
    group.measurement_time(Duration::from_secs(2));
    for (ko, n, g) in &cases {
        group.bench_function(BenchmarkId::new(*ko, n), |b| {
            b.iter_custom(|iters| (0..iters as usize).map(|k| time_batch(g, k)).sum())
        });
    }
    group.finish();
}
