//! The dead-stone proposal on real games: for every counted game of the corpus
//! (`../shared/corpus/scored.json`, its `TB`/`TW` are the players' agreed dead stones), the
//! estimator's proposed dead set must equal the recorded one, in at least 129 of
//! the 131; every miss is printed with a diagram (`--nocapture`).

#![cfg(feature = "estimate")]

#[path = "common/json.rs"]
mod json;
#[path = "common/scored.rs"]
mod scored;

use scored::{load, Game};
use std::collections::BTreeSet;
use tengen::estimate::{estimate, EstimateOptions};
use tengen::{Board, Color, Point};

/// Games whose proposal must equal the record (at least 129 of 131).
const MIN_EQUAL: usize = 129;

fn sgf(p: Point) -> String {
    format!("{}{}", (b'a' + p.x) as char, (b'a' + p.y) as char)
}

/// The diagram of a miss: `x`/`o` stones proposed dead, `#`/`@` recorded dead but not
/// proposed, `+` proposed but not recorded (on a stone: its colour is the board's).
fn diagram(board: &Board, proposed: &BTreeSet<String>, recorded: &BTreeSet<String>) -> String {
    let mut out = String::new();
    for (y, row) in board.to_rows().iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let k = sgf(Point::new(x as u8, y as u8));
            let ch = match (proposed.contains(&k), recorded.contains(&k)) {
                (true, true) => c.to_ascii_lowercase(),
                (false, true) => {
                    if c == 'X' {
                        '#'
                    } else {
                        '@'
                    }
                }
                (true, false) => '+',
                _ => c,
            };
            out.push(ch);
            out.push(' ');
        }
        out.push('\n');
    }
    out
}

fn proposal(g: &Game, to_move: Color) -> (Board, BTreeSet<String>) {
    let board = Board::from_rows(&g.rows).unwrap_or_else(|e| panic!("{}: {e:?}", g.file));
    let e = estimate(&board, to_move, &EstimateOptions::default());
    (board, e.dead.iter().map(|&p| sgf(p)).collect())
}

#[test]
fn proposals_equal_the_recorded_dead_stones() {
    let Some((path, games)) = load("estimate_corpus") else {
        return;
    };
    let mut equal = 0;
    let mut misses = Vec::new();
    for g in &games {
        let recorded: BTreeSet<String> =
            g.dead_black.iter().chain(&g.dead_white).cloned().collect();
        let (board, proposed) = proposal(g, Color::Black);
        if proposed == recorded {
            equal += 1;
        } else {
            misses.push(format!(
                "{} (proposed {} dead, recorded {}):\n{}",
                g.file,
                proposed.len(),
                recorded.len(),
                diagram(&board, &proposed, &recorded)
            ));
        }
    }
    println!(
        "estimate_corpus: {equal} of {} proposals equal the recorded dead stones ({})",
        games.len(),
        path.display()
    );
    for m in &misses {
        println!("{m}");
    }
    assert!(
        equal >= MIN_EQUAL,
        "{equal} equal, at least {MIN_EQUAL} expected"
    );
}
