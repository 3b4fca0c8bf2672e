//! Engine benchmarks: seeded workloads that assert their results.
//!
//! Run with `cargo bench --bench engine` (a filter narrows it: `cargo bench --bench engine --
//! playout`; about five minutes in all, three of them `sgf_linear`). The corpus workloads read
//! `../shared/corpus/` beside the crate and are skipped, with a note, when it is absent.
//! Recorded results are asserted before timing; after a deliberate change to a workload,
//! `TENGEN_BENCH_RECORD=1 cargo bench --bench engine -- --test` prints the new values instead.
//!
//! - `playout/9x9`, `playout/19x19`: 64 random playouts from the empty board with `Board::play`
//!   per iteration (see `common::playout`); throughput is playouts per second.
//! - `estimate_playout/9x9-empty`, `estimate_playout/19x19-empty`: 64 playouts of the
//!   estimator (its own board and policy, `estimate::bench_playouts`) from the empty board per
//!   iteration, seeded; throughput is playouts per second.
//! - `genmove/{9x9,13x13,19x19}-empty`: the computer player's search (`player::genmove`, issue
//!   14) on the empty board, seeded, with a budget of [`GENMOVE_PLAYOUTS`] playouts (fewer when
//!   the search decides early); throughput is playouts per second, tree included. Asserts the
//!   move chosen and the playouts run.
//! - `estimate/counted-{9x9,13x13,19x19}`: the dead-stone proposal of the final positions of
//!   `scored.json` with default options, per position; asserts that 128 of the 131 equal the
//!   recorded dead stones.
//! - `replay/superko-chinese`, `replay/simple-japanese-1989`: the even 19x19 games of
//!   `ai-games/` (main lines) replayed through `Game`; throughput is moves per second.
//! - `superko_cost/{positional,simple}/{10,10272}`: the same 100 moves (random, with captures,
//!   in the upper left 8x8 corner) through `Game` from move 10 of a game and from move 10,272 of
//!   a long random game with many captures that has just left that 9x9 corner empty: the board
//!   does the same work, only the history differs. Under positional superko (`chinese`) every
//!   move is looked up in the history; simple ko (`japanese-1989`) records the same history but
//!   checks none. Throughput is moves per second.
//! - `score/{territory,area}/{playouts,counted,ai-games}`: `score::score` (`japanese-1989`,
//!   `chinese`) on one final 19x19 position per iteration, so the time shown is per position:
//!   16 seeded 19x19 playouts played out to the end; the 19x19 games of `scored.json`, counted
//!   real games with their dead stones; the last positions of the `ai-games` records, mostly
//!   resigned with much left to fill.
//! - `sgf_parse_names/{1000,10000,100000}`: one node with that many distinct property
//!   identifiers (`AA[0]AB[1]...`, issue 13's hostile shape), parsed; throughput is bytes, so a
//!   flat figure per MB is linear parsing (each new identifier was looked up by a scan before:
//!   quadratic). Asserts the number of properties read.
//! - `sgf_linear/{shape}/{1KiB,64KiB,1MiB,16MiB}`: issue 13's proof that reading SGF is linear in
//!   every case: a hostile input of each shape, generated (seeded by its size) as the longest run
//!   of the shape's units that fits the size, the largest just under the 16 MiB limit, and parsed
//!   with `sgf::parse_with`. Throughput is bytes, so a figure per MB that holds from 1 KiB to
//!   16 MiB is linear reading (the trees of the 16 MiB inputs, hundreds of MB, fit in no cache:
//!   there the figure drops, to about half for the shapes that allocate most, though the
//!   instructions executed per byte stay the same). The shapes: `names`, one node of distinct
//!   identifiers (`AA[1]AB[1]...`, as above); `colliding_names`, the same in pairs whose FNV-1a 64
//!   hashes are equal; `nodes`, one sequence of tiny nodes (`;B[pd]\r\n`, 8 bytes, so that 16 MiB
//!   stays under `MAX_NODES`); `empty_nodes`, `(;;;...)`, the 16 MiB input refused at node
//!   2,097,153; `deep`, each node a variation of the one before (`(;B[pd](;W[dp](;...)))`); `wide`,
//!   one root with a variation per node; `games`, one-node game trees; `comment`, one comment of
//!   the whole size; `escapes`, one comment of escapes (`C[\]\\\]...]`); `values`, one property of
//!   very many values (`AB[pd][dp]...`); `repeated`, lenient, `C` and `AB` repeated in one node
//!   (the comments joined, the values merged); `junk`, lenient, white space and junk inside game
//!   trees and text between them; `utf8`, one tree of nodes with UTF-8 comments, decoded when the
//!   tree ends; `utf8_games`, one-node game trees whose comment is a UTF-8 character and an escaped
//!   backslash (`(;C[碁\\])`), each decoded on its own; `declared_games`, one-node game trees that
//!   each name a legacy charset in a UTF-8 input (`(;CA[ISO-8859-1]C[碁石])`), each read as UTF-8
//!   with a warning. Each input is parsed once first, untimed, and what it read asserted (game
//!   trees, nodes, properties, values, characters, warnings; for the refused input, the offset of
//!   the error); that parse must end within 1 s and 1 s a MiB, or the group fails (the shape is not
//!   linear) instead of running for hours. Only the parses are timed, not the checks of their
//!   results nor the drops of the trees. About three minutes, most of it the 16 MiB inputs (ten
//!   parses each).

mod common;

use common::{corpus_path, load_19x19_games, load_counted_19x19, playout, SgfGame, XorShift32};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use std::time::{Duration, Instant};
use tengen::estimate;
use tengen::{score, Board, Color, Game, Phase, Point, Rules, Setup, Size};

/// Counted games of `scored.json` whose proposal equals the recorded dead stones (issue 9).
const ESTIMATE_EQUAL: i64 = 129;
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

/// The computer player's benchmark: playouts per search, its seed, and per board side the move
/// chosen on the empty board (x, y) and the playouts run.
const GENMOVE_PLAYOUTS: u32 = 5_000;
const GENMOVE_SEED: u64 = 14;
const GENMOVE_RESULTS: [(u32, (u8, u8), u32); 3] = [
    (9, (3, 2), 4_992),
    (13, (7, 6), 4_928),
    (19, (15, 6), 5_000),
];

/// The even 19x19 games of `ai-games` with their main-line moves (stones and passes).
const CORPUS_GAMES: usize = 516;
const CORPUS_MOVES: usize = 85_938;
/// Moves refused when replaying them under positional superko and under simple ko.
const REFUSED_SUPERKO: usize = 0;
const REFUSED_SIMPLE: usize = 0;

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

/// Asserts a workload's result against its recorded value; with `TENGEN_BENCH_RECORD` set in
/// the environment it prints the value instead (to record it after a deliberate change).
/// Returns the value, which the timed loops then check on every iteration.
fn check<T: PartialEq + std::fmt::Debug>(what: &str, actual: T, recorded: T) -> T {
    if std::env::var_os("TENGEN_BENCH_RECORD").is_some() {
        eprintln!("record: {what}: {actual:?}");
    } else {
        assert_eq!(actual, recorded, "{what}");
    }
    actual
}

fn size(side: u32) -> Size {
    Size::square(side).expect("a valid size")
}

fn rules(name: &str) -> Rules {
    Rules::preset(name).expect("a known preset")
}

/// Total stones played by playouts `0..n` on a `side`x`side` board.
fn playouts(side: u32, n: u32, cands: &mut Vec<Point>) -> u32 {
    (0..n).map(|k| playout(size(side), k, cands).1).sum()
}

fn bench_playouts(c: &mut Criterion) {
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

fn bench_estimate_playouts(c: &mut Criterion) {
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

#[cfg(feature = "player")]
fn bench_genmove(c: &mut Criterion) {
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

/// Replays a record's moves through `Game`: returns the game and the number of moves refused.
/// A move out of turn is preceded by a pass of the side to move; play stopped by two passes is
/// resumed for the next mover.
fn replay(rules: Rules, moves: &[(Color, Option<Point>)]) -> (Game, usize) {
    let mut g = Game::new(Setup {
        size: size(19),
        rules,
        handicap: 0,
    })
    .expect("a valid setup");
    let mut refused = 0;
    for &(color, point) in moves {
        if g.phase() == Phase::Stopped {
            g.resume(color.opponent()).expect("resuming a stopped game");
        }
        if g.to_move() != color {
            g.pass().expect("a pass while playing");
            if g.phase() == Phase::Stopped {
                g.resume(color.opponent()).expect("resuming a stopped game");
            }
        }
        let ok = match point {
            Some(p) => g.place(p).is_ok(),
            None => g.pass().is_ok(),
        };
        refused += usize::from(!ok);
    }
    (g, refused)
}

fn replay_all(rules: Rules, games: &[SgfGame]) -> usize {
    games.iter().map(|g| replay(rules, &g.moves).1).sum()
}

fn corpus() -> Option<Vec<SgfGame>> {
    let Some(dir) = corpus_path("ai-games") else {
        eprintln!(
            "note: ../shared/corpus/ai-games not found beside the crate: skipping the replay \
             workloads and the scoring of their final positions"
        );
        return None;
    };
    let (games, skipped) = load_19x19_games(&dir);
    let moves: usize = games.iter().map(|(_, g)| g.moves.len()).sum();
    let out_of_turn: usize = games
        .iter()
        .map(|(_, g)| {
            let mut to_move = Color::Black;
            g.moves
                .iter()
                .filter(|&&(c, _)| {
                    let skip = c != to_move;
                    to_move = c.opponent();
                    skip
                })
                .count()
        })
        .sum();
    eprintln!(
        "corpus: {} even 19x19 games, {moves} moves, {out_of_turn} out of turn (a pass is \
         inserted before each), {skipped} files skipped",
        games.len()
    );
    check("even 19x19 games in ai-games", games.len(), CORPUS_GAMES);
    check("moves of their main lines", moves, CORPUS_MOVES);
    Some(games.into_iter().map(|(_, g)| g).collect())
}

fn bench_replay(c: &mut Criterion, games: &[SgfGame]) {
    let moves: usize = games.iter().map(|g| g.moves.len()).sum();
    let mut group = c.benchmark_group("replay");
    group.throughput(Throughput::Elements(moves as u64));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(4));
    for (name, preset, expected) in [
        ("superko-chinese", "chinese", REFUSED_SUPERKO),
        ("simple-japanese-1989", "japanese-1989", REFUSED_SIMPLE),
    ] {
        let r = rules(preset);
        let expected = check(
            &format!("ai-games moves refused under {preset}"),
            replay_all(r, games),
            expected,
        );
        group.bench_function(name, |b| {
            b.iter(|| {
                let refused = replay_all(r, games);
                assert_eq!(refused, expected);
                refused
            })
        });
    }
    group.finish();
}

/// Plays random moves for the side to move on the points `allowed` of `g` until `stop(g)`:
/// playout-style moves first, then, when none is left, moves into the mover's own eyes (so big
/// chains die and the board turns over), then a pass; play stopped by two passes is resumed.
/// Returns the moves refused by superko.
fn random_moves(
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

fn new_game(preset: &str) -> Game {
    Game::new(Setup {
        size: size(19),
        rules: rules(preset),
        handicap: 0,
    })
    .expect("a valid setup")
}

fn captures(g: &Game) -> u32 {
    g.captures(Color::Black) + g.captures(Color::White)
}

fn bench_superko_cost(c: &mut Criterion) {
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

/// A position to count: the board and the dead marks, row-major.
type Position = (Board, Vec<bool>);

/// Scores each position under a preset and checks what holds whatever the count: one entry
/// per point, the dead stones listed, a live stone counted for its colour only if on the board,
/// the margin the difference of the totals. Returns the per-position margins.
fn margins(positions: &[Position], r: &Rules) -> Vec<i32> {
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
fn bench_score(c: &mut Criterion, ai_games_finals: Option<Vec<Position>>) {
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
    let mut group = c.benchmark_group("score");
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

/// `estimate/counted-{9x9,13x13,19x19}`: the dead-stone proposal (`estimate::estimate`,
/// default options, Black to move) of the final positions of `scored.json`, one position per
/// iteration, so the time shown is per position; asserts how many proposals equal the
/// recorded dead stones.
fn bench_estimate(c: &mut Criterion) {
    let Some(index) = corpus_path("scored.json") else {
        eprintln!("note: ../shared/corpus/scored.json not found: skipping estimate/*");
        return;
    };
    let games = common::load_counted(&index);
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

/// The `i`th identifier of upper-case letters: `A` to `Z`, then `AA`, `AB`...
#[cfg(feature = "sgf")]
fn letters(mut i: usize) -> String {
    let mut name = Vec::new();
    loop {
        name.push(b'A' + (i % 26) as u8);
        i /= 26;
        if i == 0 {
            break;
        }
        i -= 1;
    }
    name.reverse();
    String::from_utf8(name).expect("letters")
}

/// A node with `n` distinct property identifiers, as text.
#[cfg(feature = "sgf")]
fn many_names(n: usize) -> String {
    let mut text = String::from("(;");
    for i in 0..n {
        text.push_str(&letters(i));
        text.push_str("[1]");
    }
    text.push(')');
    text
}

#[cfg(feature = "sgf")]
fn bench_parse_names(c: &mut Criterion) {
    let mut group = c.benchmark_group("sgf_parse_names");
    for n in [1_000, 10_000, 100_000] {
        let text = many_names(n);
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(n.to_string(), |b| {
            b.iter(|| {
                let parsed = tengen::sgf::parse(text.as_bytes()).expect("parses");
                let props = parsed.games[0].root_node().properties().len();
                assert_eq!(props, n);
                props
            })
        });
    }
    group.finish();
}

/// `sgf_linear/{shape}/{size}`: hostile SGF inputs of each shape, 1 KiB to 16 MiB, parsed
/// (see the list at the top of the file).
#[cfg(feature = "sgf")]
mod sgf_linear {
    use super::common::XorShift32;
    use criterion::{BenchmarkId, Criterion, SamplingMode, Throughput};
    use std::sync::mpsc::{self, RecvTimeoutError};
    use std::sync::Arc;
    use std::time::{Duration, Instant};
    use tengen::sgf::{ParseOptions, Parsed, MAX_INPUT_BYTES, MAX_NODES};

    /// The sizes, with their names: each input is the longest run of its shape's units that
    /// fits, so the largest is just under the 16 MiB limit.
    const SIZES: [(&str, usize); 4] = [
        ("1KiB", 1 << 10),
        ("64KiB", 1 << 16),
        ("1MiB", 1 << 20),
        ("16MiB", MAX_INPUT_BYTES),
    ];

    /// The shapes: see `hostile`.
    const SHAPES: [&str; 15] = [
        "names",
        "colliding_names",
        "nodes",
        "empty_nodes",
        "deep",
        "wide",
        "games",
        "comment",
        "escapes",
        "values",
        "repeated",
        "junk",
        "utf8",
        "utf8_games",
        "declared_games",
    ];

    /// Two identifiers with the same FNV-1a 64 hash (0xb5382eb37c64b390).
    const FNV_COLLISION: [&str; 2] = ["NHKGACIBJELGNNMA", "ABKCLKOIADPJKFHI"];
    /// Characters of Go records, three bytes each in UTF-8.
    const GO_CHARS: [&str; 8] = ["碁", "石", "黒", "白", "劫", "目", "手", "局"];

    /// What reading an input gave: game trees, nodes, properties, values, characters of the
    /// values (decoded), warnings listed.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    struct Read {
        games: usize,
        nodes: usize,
        properties: usize,
        values: usize,
        chars: usize,
        warnings: usize,
    }

    impl Read {
        /// What a parse gave (the offset of the error when it refused): game trees, nodes and
        /// warnings, with `all` the properties, values and characters too (a walk of every
        /// value).
        fn of(parsed: &Result<Parsed, tengen::Error>, all: bool) -> Result<Read, usize> {
            let parsed = match parsed {
                Ok(parsed) => parsed,
                Err(tengen::Error::Sgf { offset, .. }) => return Err(*offset),
                Err(e) => panic!("not an sgf error: {e:?}"),
            };
            let games = &parsed.collection.games;
            let mut r = Read {
                games: games.len(),
                nodes: games.iter().map(|t| t.len()).sum(),
                warnings: parsed.warnings.len(),
                ..Read::default()
            };
            for tree in games.iter().filter(|_| all) {
                for id in tree.ids() {
                    for p in tree[id].properties() {
                        r.properties += 1;
                        r.values += p.values.len();
                        r.chars += p.values.iter().map(|v| v.chars().count()).sum::<usize>();
                    }
                }
            }
            Ok(r)
        }

        /// Game trees, nodes and warnings only.
        fn quick(self) -> Read {
            Read {
                properties: 0,
                values: 0,
                chars: 0,
                ..self
            }
        }
    }

    /// Warnings listed for `n` warned about: the first 100, then one that counts the rest.
    fn warnings(n: usize) -> usize {
        n.min(100) + usize::from(n > 100)
    }

    /// A hostile input: its text, whether it is read leniently, and what reading it gives (the
    /// offset of the error when it is refused).
    struct Hostile {
        text: Vec<u8>,
        lenient: bool,
        expect: Result<Read, usize>,
    }

    impl Hostile {
        fn parse(&self) -> Result<Parsed, tengen::Error> {
            let options = ParseOptions {
                lenient: self.lenient,
            };
            tengen::sgf::parse_with(&self.text, options)
        }
    }

    /// A seeded point of a 19x19 board.
    fn point(rng: &mut XorShift32) -> [u8; 2] {
        [b'a' + rng.below(19) as u8, b'a' + rng.below(19) as u8]
    }

    /// The input of `shape` of at most `size` bytes (units of the shape while they fit; seeded
    /// by the size), and what reading it gives, counted as it is written.
    fn hostile(shape: &str, size: usize) -> Hostile {
        let mut rng = XorShift32::for_playout(size as u32);
        let mut t: Vec<u8> = Vec::with_capacity(size);
        let mut lenient = false;
        // One game tree with its root unless said otherwise.
        let mut r = Read {
            games: 1,
            nodes: 1,
            ..Read::default()
        };
        // Whether `n` more bytes fit, with `reserve` kept for the closing ones.
        let fits = |t: &Vec<u8>, n: usize, reserve: usize| t.len() + n + reserve <= size;
        match shape {
            // `(;AA[1]AB[1]...)`: distinct identifiers in one node (as `sgf_parse_names`); and
            // `(;NHKGACIBJELGNNMAA[1]ABKCLKOIADPJKFHIA[1]NHKGACIBJELGNNMAB[1]...)`, the same in
            // pairs whose FNV-1a 64 hashes are equal: the two prefixes leave FNV-1a in the same
            // state (found by a Pollard rho search), so any common suffix keeps them equal.
            "names" | "colliding_names" => {
                let prefixes: &[&str] = if shape == "names" {
                    &[""]
                } else {
                    &FNV_COLLISION
                };
                t.extend(b"(;");
                for i in 0.. {
                    let suffix = super::letters(i);
                    let unit: usize = prefixes.iter().map(|p| p.len() + suffix.len() + 3).sum();
                    if !fits(&t, unit, 1) {
                        break;
                    }
                    for prefix in prefixes {
                        t.extend(prefix.as_bytes());
                        t.extend(suffix.as_bytes());
                        t.extend(b"[1]");
                    }
                    r.properties += prefixes.len();
                }
                t.push(b')');
                r.values = r.properties;
                r.chars = r.properties;
            }
            // `(;B[pd]\r\n;W[dp]\r\n...)`: one sequence of tiny nodes, 8 bytes each, so that
            // the largest input holds just under MAX_NODES.
            "nodes" => {
                t.push(b'(');
                r.nodes = 0;
                while fits(&t, 8, 1) {
                    t.extend(if r.nodes % 2 == 0 { b";B[" } else { b";W[" });
                    t.extend(point(&mut rng));
                    t.extend(b"]\r\n");
                    r.nodes += 1;
                }
                t.push(b')');
                r.properties = r.nodes;
                r.values = r.nodes;
                r.chars = 2 * r.nodes;
            }
            // `(;;;...)`: empty nodes, a byte each; above MAX_NODES (the 16 MiB input) the input
            // is refused at the first node too many.
            "empty_nodes" => {
                let n = size - 2;
                t.push(b'(');
                t.resize(1 + n, b';');
                t.push(b')');
                if n > MAX_NODES {
                    return Hostile {
                        text: t,
                        lenient,
                        expect: Err(1 + MAX_NODES),
                    };
                }
                r.nodes = n;
            }
            // `(;B[pd](;W[dp](;...)))`: each node a variation of the one before, 8 bytes a node.
            "deep" => {
                r.nodes = 0;
                while fits(&t, 7, r.nodes + 1) {
                    t.extend(if r.nodes % 2 == 0 { b"(;B[" } else { b"(;W[" });
                    t.extend(point(&mut rng));
                    t.push(b']');
                    r.nodes += 1;
                }
                t.resize(t.len() + r.nodes, b')');
                r.properties = r.nodes;
                r.values = r.nodes;
                r.chars = 2 * r.nodes;
            }
            // `(;(;B[pd])(;B[dp])...)`: one root with a child per variation.
            "wide" => {
                t.extend(b"(;");
                while fits(&t, 8, 1) {
                    t.extend(b"(;B[");
                    t.extend(point(&mut rng));
                    t.extend(b"])");
                    r.nodes += 1;
                    r.properties += 1;
                }
                t.push(b')');
                r.values = r.properties;
                r.chars = 2 * r.properties;
            }
            // `(;B[pd])(;B[dp])...`: a collection of one-node game trees.
            "games" => {
                r.games = 0;
                while fits(&t, 8, 0) {
                    t.extend(b"(;B[");
                    t.extend(point(&mut rng));
                    t.extend(b"])");
                    r.games += 1;
                }
                r.nodes = r.games;
                r.properties = r.games;
                r.values = r.games;
                r.chars = 2 * r.games;
            }
            // `(;C[...])`: one comment of the whole size, seeded ASCII text.
            "comment" => {
                const TEXT: &[u8] = b"abcdefghijklmnopqrstuvwxyz     ,.\n";
                t.extend(b"(;C[");
                let n = size - t.len() - 2;
                t.extend((0..n).map(|_| TEXT[rng.below(TEXT.len())]));
                t.extend(b"])");
                r.properties = 1;
                r.values = 1;
                r.chars = n;
            }
            // `(;C[\]\\\]...])`: one comment of escapes only (values are kept raw: two
            // characters an escape).
            "escapes" => {
                t.extend(b"(;C[");
                let n = (size - t.len() - 2) / 2;
                for _ in 0..n {
                    t.extend(if rng.below(2) == 0 { b"\\]" } else { b"\\\\" });
                }
                t.extend(b"])");
                r.properties = 1;
                r.values = 1;
                r.chars = 2 * n;
            }
            // `(;AB[pd][dp]...)`: one property of very many values.
            "values" => {
                t.extend(b"(;AB");
                while fits(&t, 4, 1) {
                    t.push(b'[');
                    t.extend(point(&mut rng));
                    t.push(b']');
                    r.values += 1;
                }
                t.push(b')');
                r.properties = 1;
                r.chars = 2 * r.values;
            }
            // Lenient `(;C[pd]AB[dp]C[qq]AB[cc]...)`: a comment and a property repeated in one
            // node, alternately: the comments joined into one text (each after a blank line),
            // the values of `AB` merged.
            "repeated" => {
                lenient = true;
                t.extend(b"(;");
                let mut n = 0;
                while fits(&t, 11, 1) {
                    t.extend(b"C[");
                    t.extend(point(&mut rng));
                    t.extend(b"]AB[");
                    t.extend(point(&mut rng));
                    t.push(b']');
                    n += 1;
                }
                t.push(b')');
                r.properties = 2;
                r.values = 1 + n;
                r.chars = (2 * n + 2 * (n - 1)) + 2 * n;
                r.warnings = warnings(2 * (n - 1));
            }
            // Lenient `(;B[pd] %7 ) junk text (;W[dp]\t) ...`: one-node game trees with runs of
            // white space and junk inside them and text between them.
            "junk" => {
                const INSIDE: &[u8] = b" \t\r\n%!*.,0123456789";
                const OUTSIDE: &[u8] = b" \r\nabcdefghijklmnopqrstuvwxyz.,0123456789";
                lenient = true;
                r.games = 0;
                // Runs with junk in them: one warning each.
                let mut junk = 0;
                loop {
                    let (inside, outside) = (rng.below(7), 1 + rng.below(8));
                    if !fits(&t, 8 + inside + outside, 0) {
                        break;
                    }
                    t.extend(b"(;B[");
                    t.extend(point(&mut rng));
                    t.push(b']');
                    for (len, set) in [(inside, INSIDE), (outside, OUTSIDE)] {
                        let run: Vec<u8> = (0..len).map(|_| set[rng.below(set.len())]).collect();
                        junk += usize::from(run.iter().any(|c| !c.is_ascii_whitespace()));
                        t.extend(&run);
                        if set == INSIDE {
                            t.push(b')');
                        }
                    }
                    r.games += 1;
                }
                r.nodes = r.games;
                r.properties = r.games;
                r.values = r.games;
                r.chars = 2 * r.games;
                r.warnings = warnings(junk);
            }
            // `(;C[碁石];C[黒白]...)`: nodes whose comments are two 3-byte UTF-8 characters
            // (bytes 0x80-0xFF), kept as bytes while the tree is read and decoded, all of
            // them, when it ends.
            "utf8" => {
                t.push(b'(');
                r.nodes = 0;
                while fits(&t, 10, 1) {
                    t.extend(b";C[");
                    for _ in 0..2 {
                        t.extend(GO_CHARS[rng.below(GO_CHARS.len())].as_bytes());
                    }
                    t.push(b']');
                    r.nodes += 1;
                }
                t.push(b')');
                r.properties = r.nodes;
                r.values = r.nodes;
                r.chars = 2 * r.nodes;
            }
            // `(;C[碁\\])(;C[石\\])...`: one-node game trees whose comment is a 3-byte UTF-8
            // character and an escaped backslash: each tree's charset is chosen, and its text
            // decoded, on its own.
            "utf8_games" => {
                r.games = 0;
                while fits(&t, 11, 0) {
                    t.extend(b"(;C[");
                    t.extend(GO_CHARS[rng.below(GO_CHARS.len())].as_bytes());
                    t.extend(b"\\\\])");
                    r.games += 1;
                }
                r.nodes = r.games;
                r.properties = r.games;
                r.values = r.games;
                r.chars = 3 * r.games;
            }
            // `(;CA[ISO-8859-1]C[碁石])...`: one-node game trees that each name a legacy charset
            // while the whole input is UTF-8: each is read as UTF-8 (`CA` then says so), with a
            // warning.
            "declared_games" => {
                r.games = 0;
                while fits(&t, 26, 0) {
                    t.extend(b"(;CA[ISO-8859-1]C[");
                    for _ in 0..2 {
                        t.extend(GO_CHARS[rng.below(GO_CHARS.len())].as_bytes());
                    }
                    t.extend(b"])");
                    r.games += 1;
                }
                r.nodes = r.games;
                r.properties = 2 * r.games;
                r.values = 2 * r.games;
                r.chars = (5 + 2) * r.games;
                r.warnings = warnings(r.games);
            }
            _ => panic!("no shape {shape}"),
        }
        assert!(t.len() <= size);
        Hostile {
            text: t,
            lenient,
            expect: Ok(r),
        }
    }

    /// Parses `h` once, untimed, and checks everything it read, within a time that a linear
    /// reading meets many times over: 1 s, and 1 s a MiB. A shape that is not linear fails
    /// here, on the first size that exceeds it, instead of running for hours; the parse left
    /// running ends with the process.
    fn check(h: &Arc<Hostile>, what: &str) {
        let limit = Duration::from_secs(1 + (h.text.len() as u64).div_ceil(1 << 20));
        let (tx, rx) = mpsc::channel();
        let parsing = Arc::clone(h);
        std::thread::spawn(move || tx.send(Read::of(&parsing.parse(), true)));
        match rx.recv_timeout(limit) {
            Ok(read) => assert_eq!(read, h.expect, "{what}"),
            Err(RecvTimeoutError::Timeout) => {
                panic!("{what}: not parsed in {limit:?}: the reading is not linear in this shape")
            }
            Err(RecvTimeoutError::Disconnected) => panic!("{what}: the parse panicked"),
        }
    }

    pub fn bench(c: &mut Criterion) {
        let mut group = c.benchmark_group("sgf_linear");
        // Ten samples of each input; from 64 KiB on, the same number of parses in each
        // (flat sampling: one parse a sample for the largest, after one to warm up).
        group
            .sample_size(10)
            .measurement_time(Duration::from_millis(200));
        for (name, size) in SIZES {
            let (mode, warm_up) = match size {
                s if s <= 1 << 10 => (SamplingMode::Linear, 50),
                s if s <= 1 << 16 => (SamplingMode::Flat, 50),
                _ => (SamplingMode::Flat, 1),
            };
            group
                .sampling_mode(mode)
                .warm_up_time(Duration::from_millis(warm_up));
            for shape in SHAPES {
                let h = Arc::new(hostile(shape, size));
                let quick = h.expect.map(Read::quick);
                let mut checked = false;
                group.throughput(Throughput::Bytes(h.text.len() as u64));
                group.bench_function(BenchmarkId::new(shape, name), |b| {
                    if !checked {
                        check(&h, &format!("sgf_linear/{shape}/{name}"));
                        checked = true;
                    }
                    // Only the parse is timed: the check of what it read (games, nodes,
                    // warnings) and the drop of the tree are not.
                    b.iter_custom(|iters| {
                        let mut timed = Duration::ZERO;
                        for _ in 0..iters {
                            let start = Instant::now();
                            let parsed = h.parse();
                            timed += start.elapsed();
                            assert_eq!(Read::of(&parsed, false), quick);
                        }
                        timed
                    })
                });
            }
        }
        group.finish();
    }
}

fn benches(c: &mut Criterion) {
    #[cfg(feature = "sgf")]
    bench_parse_names(c);
    bench_playouts(c);
    bench_estimate_playouts(c);
    #[cfg(feature = "player")]
    bench_genmove(c);
    bench_estimate(c);
    let games = corpus();
    if let Some(games) = &games {
        bench_replay(c, games);
    }
    bench_superko_cost(c);
    let finals: Option<Vec<Position>> = games.as_ref().map(|games| {
        games
            .iter()
            .map(|g| {
                let board = replay(rules("japanese-1989"), &g.moves).0.board().clone();
                (board, vec![false; 361])
            })
            .collect()
    });
    bench_score(c, finals);
    // Last: until parsing is linear in every shape, this group fails (see `sgf_linear::check`).
    #[cfg(feature = "sgf")]
    sgf_linear::bench(c);
}

criterion_group! {
    name = engine;
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = benches
}
criterion_main!(engine);
