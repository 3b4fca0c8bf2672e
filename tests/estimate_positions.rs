//! The dead-stone proposal on diagrams: `tests/estimate/positions.txt` (its header gives the
//! format). Every stone's status (alive, dead, seki) must be the expected one, for the seeds
//! 1 to 3.

#![cfg(feature = "estimate")]

use tengen::estimate::{estimate, ChainStatus, EstimateOptions};
use tengen::{Board, Color};

#[path = "common/blocks.rs"]
mod blocks;

struct Case {
    title: String,
    to_move: Color,
    position: Vec<String>,
    expect: Vec<String>,
}

fn cases() -> Vec<Case> {
    blocks::blocks(include_str!("estimate/positions.txt"))
        .into_iter()
        .map(|b| {
            let to_move = match b.field("to-move") {
                "black" => Color::Black,
                "white" => Color::White,
                other => panic!("{}: to-move {other:?}", b.title),
            };
            let (position, expect) = (b.diagram("position").to_vec(), b.diagram("expect").to_vec());
            assert!(
                !position.is_empty() && position.len() == expect.len(),
                "{}: a position and an expectation of the same size",
                b.title
            );
            Case {
                title: b.title,
                to_move,
                position,
                expect,
            }
        })
        .collect()
}

fn statuses(board: &Board, to_move: Color, seed: u64) -> Vec<String> {
    let e = estimate(board, to_move, &EstimateOptions { playouts: 0, seed });
    let size = board.size();
    let w = size.width() as usize;
    let signs = board.to_signs();
    (0..size.height() as usize)
        .map(|y| {
            (0..w)
                .map(|x| {
                    let i = y * w + x;
                    let black = signs[i] == 1;
                    match (e.status[i], black) {
                        (None, _) => '.',
                        (Some(ChainStatus::Alive), true) => 'X',
                        (Some(ChainStatus::Alive), false) => 'O',
                        (Some(ChainStatus::Dead), true) => 'x',
                        (Some(ChainStatus::Dead), false) => 'o',
                        (Some(ChainStatus::Seki), true) => 'S',
                        (Some(ChainStatus::Seki), false) => 's',
                    }
                })
                .collect()
        })
        .collect()
}

#[test]
fn proposals_on_diagrams() {
    let cases = cases();
    assert!(cases.len() >= 7, "the file holds its cases");
    let mut failures = Vec::new();
    for c in &cases {
        let board = Board::from_rows(&c.position).unwrap_or_else(|e| panic!("{}: {e:?}", c.title));
        for seed in 1..=3 {
            let got = statuses(&board, c.to_move, seed);
            if got != c.expect {
                failures.push(format!(
                    "{} (seed {seed}):\n  expected:\n    {}\n  got:\n    {}",
                    c.title,
                    c.expect.join("\n    "),
                    got.join("\n    ")
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn playouts_are_bounded_and_an_empty_board_has_no_dead_stones() {
    let board = Board::from_rows(&["..", ".."]).unwrap();
    let e = estimate(
        &board,
        Color::Black,
        &EstimateOptions {
            playouts: u32::MAX,
            seed: 9,
        },
    );
    assert_eq!(e.playouts, tengen::estimate::MAX_PLAYOUTS);
    assert!(e.dead.is_empty() && e.seki.is_empty());
    assert!(e.ownership.iter().all(|v| (-1.0..=1.0).contains(v)));
}

/// Random playouts break this small seki on a line (whoever fills the shared dame is
/// captured), so both stones come out of them dead; sharing a liberty, they cannot both be,
/// and the analysis of the two unmarked finds the seki (J89 Art. 8).
#[test]
fn a_seki_on_a_line_is_not_proposed_dead() {
    let line = Board::from_rows(&[".X.O."]).unwrap();
    let e = estimate(&line, Color::White, &EstimateOptions::default());
    assert!(e.dead.is_empty(), "{:?}", e.dead);
    assert_eq!(e.seki.len(), 2, "{:?}", e.seki);
}

/// The rows of every block `key` (a line `key`, then rows indented by two spaces) of each case
/// of a diagram file of `tests/diagrams/`, by case title: (position, expected count map).
fn life_cases(text: &str) -> Vec<(String, Vec<String>, Vec<String>)> {
    let mut out = Vec::new();
    for case in text.split("\n=== ").skip(1) {
        let title = case.lines().next().unwrap_or("").to_string();
        let block = |key: &str| -> Vec<String> {
            let mut lines = case.lines().skip_while(|l| l.trim_end() != key).skip(1);
            std::iter::from_fn(|| lines.next().and_then(|l| l.strip_prefix("  ")))
                .map(|r| r.trim_end().to_string())
                .collect()
        };
        let (position, points) = (block("position:"), block("expect points:"));
        if !position.is_empty() && points.len() == position.len() {
            out.push((title, position, points));
        }
    }
    out
}

/// No stone that the life-and-death diagrams count as alive in seki (`S`/`s` in their
/// `expect points:`, J89 Art. 8) is proposed dead, whoever is to move ("no seki group
/// may be proposed dead"). The diagrams' own dead marks are taken off first: the proposal
/// starts from the bare position.
#[test]
fn no_stone_the_diagrams_count_in_seki_is_proposed_dead() {
    let files = [
        include_str!("diagrams/life_seki.txt"),
        include_str!("diagrams/life_shapes.txt"),
        include_str!("diagrams/life_false_eyes.txt"),
        include_str!("diagrams/life_marks.txt"),
        include_str!("diagrams/life_narrow.txt"),
        include_str!("diagrams/territory.txt"),
    ];
    let mut seki_stones = 0;
    let mut failures = Vec::new();
    for text in files {
        for (title, position, points) in life_cases(text) {
            let bare: Vec<String> = position.iter().map(|r| r.to_uppercase()).collect();
            let Ok(board) = Board::from_rows(&bare) else {
                continue;
            };
            let w = board.size().width() as usize;
            let seki: Vec<usize> = points
                .iter()
                .enumerate()
                .flat_map(|(y, r)| {
                    r.chars()
                        .enumerate()
                        .filter(|&(_, c)| c == 'S' || c == 's')
                        .map(move |(x, _)| y * w + x)
                })
                .collect();
            if seki.is_empty() {
                continue;
            }
            seki_stones += seki.len();
            for to_move in [Color::Black, Color::White] {
                let e = estimate(&board, to_move, &EstimateOptions::default());
                let dead: Vec<usize> = seki
                    .iter()
                    .copied()
                    .filter(|&i| e.status[i] == Some(ChainStatus::Dead))
                    .collect();
                if !dead.is_empty() {
                    failures.push(format!(
                        "{title} ({to_move:?} to move): seki stones proposed dead at {:?}\n  {}",
                        dead.iter().map(|i| (i % w, i / w)).collect::<Vec<_>>(),
                        bare.join("\n  ")
                    ));
                }
            }
        }
    }
    assert!(
        seki_stones >= 20,
        "the diagrams hold seki ({seki_stones} stones)"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A finished game where the playouts leave Black's chain C3-F3 alive and White's stone F2
/// and Black's stones G2, F1, G1 beside it all dead: two neighbours of opposite colours are
/// never both dead, and a chain the count (with the proposed marks) finds capturable is dead
/// or reported in the estimate's warnings (J89 Art. 7.1), for either player to move and
/// seeds 1 to 12.
#[test]
fn neighbours_are_never_both_dead_and_capturable_chains_are_reported() {
    let board = Board::from_rows(&[
        ".OX......",
        "OOOX.....",
        ".XO...X.O",
        "OXO..X.O.",
        ".OXX.OOOO",
        "OOO..O...",
        ".OXXXXOO.",
        ".X...OXO.",
        ".....XXOO",
    ])
    .unwrap();
    let size = board.size();
    let signs = board.to_signs();
    for to_move in [Color::Black, Color::White] {
        for seed in 1..=12 {
            let e = estimate(&board, to_move, &EstimateOptions { playouts: 0, seed });
            let dead = e.dead_marks();
            for i in 0..size.area() {
                let p = size.point_at(i);
                for j in [i + 1, i + 9].into_iter().filter(|&j| j < size.area()) {
                    let q = size.point_at(j);
                    if (j == i + 1 && q.x == 0) || signs[i] * signs[j] != -1 {
                        continue;
                    }
                    assert!(
                        !(dead[i] && dead[j]),
                        "{to_move:?} seed {seed}: {p:?} and {q:?} both dead"
                    );
                }
            }
            let count = tengen::life::Analysis::new(&board, &dead);
            for w in &count.warnings {
                if w.code == tengen::WarningCode::Capturable {
                    assert!(
                        e.warnings.contains(w),
                        "{to_move:?} seed {seed}: {:?} capturable and not reported",
                        w.points
                    );
                }
            }
        }
    }
}

/// Seki in unfinished positions, open areas beside them (`S`/`s`: the seki stones, J89 Art.
/// 8; WAGC 17 (i)): random play breaks them, and the walls around them are not settled, so
/// the playouts alone call one side dead. None of the seki stones is proposed dead, whoever
/// is to move, for seeds 1 to 3 (the walls are left to the playouts).
#[test]
fn seki_in_unfinished_positions_are_not_proposed_dead() {
    let cases: [&[&str]; 3] = [
        // One eye each, sharing a liberty, thin walls above an open board.
        &[
            ".SSS.sss.",
            "SSSSsssss",
            "OOOOXXXXX",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
        ],
        // A small corner seki without eyes: two shared liberties.
        &[
            "OOOO.....",
            "SSSO.....",
            "..SO.....",
            "sssX.....",
            "XXXX.....",
            ".........",
            ".........",
            ".........",
            ".........",
        ],
        // The same on 13x13.
        &[
            "OOOO.........",
            "SSSO.........",
            "..SO.........",
            "sssX.........",
            "XXXX.........",
            ".............",
            ".............",
            ".............",
            ".............",
            ".............",
            ".............",
            ".............",
            ".............",
        ],
    ];
    let mut failures = Vec::new();
    for rows in cases {
        let bare: Vec<String> = rows
            .iter()
            .map(|r| r.replace('S', "X").replace('s', "O"))
            .collect();
        let board = Board::from_rows(&bare).unwrap();
        let seki: Vec<usize> = rows
            .concat()
            .chars()
            .enumerate()
            .filter(|&(_, c)| c == 'S' || c == 's')
            .map(|(i, _)| i)
            .collect();
        for to_move in [Color::Black, Color::White] {
            for seed in 1..=3 {
                let e = estimate(&board, to_move, &EstimateOptions { playouts: 0, seed });
                let dead: Vec<usize> = seki
                    .iter()
                    .copied()
                    .filter(|&i| e.status[i] == Some(ChainStatus::Dead))
                    .collect();
                if !dead.is_empty() {
                    failures.push(format!(
                        "{to_move:?} seed {seed}: seki stones dead at {dead:?}\n  {}",
                        bare.join("\n  ")
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
