//! The dead-stone proposal's own invariants, on every position (random games stopped at any
//! move or played out, and the corpus's real games at 25, 50, 75 and 100% of their moves),
//! whatever the playouts say (few playouts, a different seed for each position):
//!
//! - (a) no two chains of opposite colours next to each other are both proposed dead (a dead
//!   chain's area is its opponent's, so one of two neighbours lives);
//! - (b) no chain is left alive that the analysis ([`tengen::life`], with the proposed marks,
//!   as the count runs it) proves capturable (J89 Art. 7.1) unless the estimate reports it
//!   in its warnings;
//! - (c) no chain in seki is proposed dead (Art. 8): a dead chain that the playouts did not
//!   call surely dead (mean ownership in its colour's terms at least
//!   `estimate::SEKI_TEST_FROM`, -0.5) is in seki when the analysis,
//!   run with the proposed marks but that chain and the opposite-colour chains it touches or
//!   shares a liberty with unmarked, finds it in seki together with one of those chains, and
//!   the two share a liberty that neither player can fill (the move is illegal, or captures
//!   nothing and is left in atari). A seki has two sides and a dame nobody fills: a stone
//!   thrown into a wide open area, unmarked, can border dame alone, and the analysis does not
//!   read every sacrifice (a race whose shared liberties one side can fill is no seki).
//!
//! Every failure is printed with its diagram; the counts of positions where each invariant
//! held are printed too (`--nocapture`).

#![cfg(feature = "estimate")]

#[path = "common/positions.rs"]
mod positions;
#[path = "common/random.rs"]
mod random;
#[path = "common/rng.rs"]
mod rng;

use positions::{corpus_dir, record_positions, Position};
use random::random_game;
use rng::SplitMix;
use tengen::estimate::{estimate, ChainStatus, Estimate, EstimateOptions, SEKI_TEST_FROM};
use tengen::life::{Analysis, PointLife};
use tengen::{Board, Color, Point, WarningCode};

/// The four neighbours of row-major index `i` on a `w` x `h` board.
fn around(i: usize, w: usize, h: usize) -> impl Iterator<Item = usize> {
    let (x, y) = (i % w, i / w);
    [
        (x > 0).then(|| i - 1),
        (x + 1 < w).then_some(i + 1),
        (y > 0).then(|| i - w),
        (y + 1 < h).then_some(i + w),
    ]
    .into_iter()
    .flatten()
}

/// Which invariants a proposal breaks: (a), (b), (c), with a line for each break.
#[derive(Default)]
struct Breaks {
    a: Vec<String>,
    b: Vec<String>,
    c: Vec<String>,
}

/// The chain ids of a board (row-major, the index of the chain's first stone; `usize::MAX` on
/// empty points).
fn chain_ids(board: &Board) -> Vec<usize> {
    let size = board.size();
    let mut id = vec![usize::MAX; size.area()];
    for i in 0..size.area() {
        if board.get(size.point_at(i)).is_some() && id[i] == usize::MAX {
            for q in board.chain(size.point_at(i)) {
                id[size.index(q)] = i;
            }
        }
    }
    id
}

/// Whether neither player can fill the empty point `p`: for each, the move is illegal, or
/// captures nothing and leaves its chain in atari.
fn nobody_fills(board: &Board, p: Point) -> bool {
    [Color::Black, Color::White].into_iter().all(|c| {
        let mut after = board.clone();
        match after.play(p, c, false) {
            Err(_) => true,
            Ok(captured) => captured == 0 && after.liberties(p) <= 1,
        }
    })
}

fn check(board: &Board, e: &Estimate) -> Breaks {
    let size = board.size();
    let (w, h) = (size.width() as usize, size.height() as usize);
    let signs = board.to_signs();
    let id = chain_ids(board);
    let dead = e.dead_marks();
    let at = |i: usize| format!("({}, {})", i % w, i / w);
    let mut breaks = Breaks::default();

    // (a) Two dead neighbours of opposite colours.
    for i in 0..w * h {
        for j in around(i, w, h) {
            if j > i && signs[i] != 0 && signs[j] == -signs[i] && dead[i] && dead[j] {
                breaks.a.push(format!("{} and {} both dead", at(i), at(j)));
            }
        }
    }

    // (b) The count's capturable warnings are dead or reported.
    let analysis = Analysis::new(board, &dead);
    for warning in &analysis.warnings {
        if warning.code == WarningCode::Capturable && !e.warnings.contains(warning) {
            let i = size.index(warning.points[0]);
            breaks.b.push(format!(
                "the chain at {} is capturable, alive and not reported",
                at(i)
            ));
        }
    }

    // (c) Each dead chain, unmarked with the opposite chains it touches or shares a liberty
    // with, is not in seki.
    let mut seen = vec![false; w * h];
    for i in 0..w * h {
        if !dead[i] || seen[id[i]] {
            continue;
        }
        seen[id[i]] = true;
        let stones: Vec<usize> = (0..w * h).filter(|&k| id[k] == id[i]).collect();
        let share = stones
            .iter()
            .map(|&k| e.ownership[k] * f32::from(signs[i]))
            .sum::<f32>()
            / stones.len() as f32;
        if share < SEKI_TEST_FROM {
            continue;
        }
        let mut trial = dead.clone();
        let mut unmark = vec![false; w * h];
        unmark[id[i]] = true;
        for k in (0..w * h).filter(|&k| id[k] == id[i]) {
            for n in around(k, w, h) {
                if signs[n] == -signs[i] {
                    unmark[id[n]] = true;
                } else if signs[n] == 0 {
                    for m in around(n, w, h) {
                        if signs[m] == -signs[i] {
                            unmark[id[m]] = true;
                        }
                    }
                }
            }
        }
        for (k, t) in trial.iter_mut().enumerate() {
            if signs[k] != 0 && unmark[id[k]] {
                *t = false;
            }
        }
        let a = Analysis::new(board, &trial);
        let seki = |k: usize| matches!(a.points[k], PointLife::Seki(_));
        let shared = (0..w * h).filter(|&k| id[k] == id[i]).any(|k| {
            around(k, w, h).any(|l| {
                signs[l] == 0
                    && around(l, w, h).any(|m| signs[m] == -signs[i] && unmark[id[m]] && seki(m))
                    && nobody_fills(board, size.point_at(l))
            })
        });
        if seki(i) && shared {
            breaks
                .c
                .push(format!("the dead chain at {} is in seki", at(i)));
        }
    }
    breaks
}

/// The diagram of a proposal: `x`/`o` dead, `s`/`S`-like seki shown as `S`/`s` upper/lower by
/// colour, `X`/`O` alive.
fn diagram(board: &Board, e: &Estimate) -> String {
    let signs = board.to_signs();
    let w = board.size().width() as usize;
    let mut out = String::new();
    for (i, (&s, st)) in signs.iter().zip(&e.status).enumerate() {
        out.push(match (s, st) {
            (1, Some(ChainStatus::Dead)) => 'x',
            (-1, Some(ChainStatus::Dead)) => 'o',
            (1, Some(ChainStatus::Seki)) => 'S',
            (-1, Some(ChainStatus::Seki)) => 's',
            (1, _) => 'X',
            (-1, _) => 'O',
            _ => '.',
        });
        if (i + 1) % w == 0 {
            out.push('\n');
        } else {
            out.push(' ');
        }
    }
    out
}

/// Runs the proposal on every position with few playouts and its own seed; checks the three
/// invariants, prints how often each held and every break, and asserts that none broke.
fn run(label: &str, positions: &[Position], seed: u64) {
    let mut rng = SplitMix(seed);
    let mut held = [0usize; 3];
    let mut failures = Vec::new();
    for p in positions {
        let options = EstimateOptions {
            playouts: 16 + rng.below(9) as u32,
            seed: rng.next() % 1_000_000 + 1,
        };
        let e = estimate(&p.board, p.to_move, &options);
        let breaks = check(&p.board, &e);
        for (k, list) in [&breaks.a, &breaks.b, &breaks.c].into_iter().enumerate() {
            if list.is_empty() {
                held[k] += 1;
            } else if failures.len() < 20 {
                failures.push(format!(
                    "{} ({:?} to move, {:?}): ({}) {}\n{}",
                    p.name,
                    p.to_move,
                    options,
                    ["a", "b", "c"][k],
                    list.join("; "),
                    diagram(&p.board, &e)
                ));
            }
        }
    }
    println!(
        "estimate_props {label}: {} positions; (a) held in {}, (b) in {}, (c) in {}",
        positions.len(),
        held[0],
        held[1],
        held[2]
    );
    for f in &failures {
        println!("{f}");
    }
    assert!(
        held.iter().all(|&n| n == positions.len()),
        "{label}: invariants broken (first breaks above)"
    );
}

/// Random games on boards of 5x5 to 13x13 (mostly small: the test runs unoptimised), stopped after a random number of moves or played
/// out (one in four).
fn random_positions(count: usize, seed: u64) -> Vec<Position> {
    let mut rng = SplitMix(seed);
    (0..count)
        .map(|k| {
            let (w, h) = match k % 40 {
                0..=11 => (9, 9),
                12..=25 => (7, 7),
                26..=38 => (5, 5),
                _ => (13, 13),
            };
            let game_seed = rng.next();
            let moves = match rng.below(4) {
                0 => usize::MAX,
                _ => rng.below((w * h) as usize * 3 / 2) + 1,
            };
            let (board, to_move) = random_game(w, h, game_seed, moves);
            Position {
                name: format!("random {w}x{h} game {game_seed:#x}, {moves} moves"),
                board,
                to_move,
            }
        })
        .collect()
}

#[test]
fn invariants_hold_on_random_games() {
    let positions = random_positions(4_800, 0x5eed_0001);
    run("random games (1)", &positions, 11);
}

#[test]
fn invariants_hold_on_more_random_games() {
    let positions = random_positions(4_800, 0x5eed_0002);
    run("random games (2)", &positions, 12);
}

#[test]
fn invariants_hold_on_real_games() {
    let Some(dir) = corpus_dir() else {
        println!(
            "estimate_props: SKIPPED the real games, the corpus is absent; set TENGEN_CORPUS \
             to its directory to run them"
        );
        return;
    };
    let fractions = [25, 50, 75, 100];
    let mut positions = record_positions(&dir, "scored", 0, 1, &fractions);
    positions.extend(record_positions(&dir, "replay", 0, 16, &fractions));
    run("real games", &positions, 13);
}
