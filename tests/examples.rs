//! The programs of `examples/`, run in process: each example's logic is a function its `main`
//! prints, so the test compiles the example file as a module and checks what it would print
//! (no `cargo run` per case, no second build of the crate).

#[allow(dead_code)]
#[path = "../examples/replay.rs"]
mod replay;

#[cfg(feature = "sgf")]
#[allow(dead_code)]
#[path = "../examples/score_sgf.rs"]
mod score_sgf;

/// `cargo run --example replay` prints the final position, the invader marked dead, and the
/// J89 count: Black 5 territory + 1 prisoner, White 5 territory + 6.5 komi.
#[test]
fn replay_prints_the_board_and_the_count() {
    let game = replay::play().expect("the example's game is legal");
    assert_eq!(game.phase(), tengen::Phase::Finished);
    assert_eq!(
        replay::report(&game),
        ".X.O.\n\
         .X.O.\n\
         oX.O.\n\
         .X.O.\n\
         .X.O.\n\
         Black: 5 territory, 1 prisoners, 0 komi: 6\n\
         White: 5 territory, 0 prisoners, 6.5 komi: 11.5\n\
         Result: W+5.5\n"
    );
}

/// `cargo run --example score_sgf -- FILE`: each game's line and verdict, for records that
/// agree, disagree, end otherwise, break the rules, and for a collection.
#[cfg(feature = "sgf")]
#[test]
fn score_sgf_reports_each_game_against_its_result() {
    use score_sgf::Verdict::{Agrees, Disagrees, NotCounted};
    // The example game of `replay`, as the library records it: TB/TW give the dead stone.
    let record = tengen::tree::record(&replay::play().unwrap()).to_sgf();
    assert!(record.contains("RE[W+5.5]"), "{record}");
    let wrong = record.replace("RE[W+5.5]", "RE[B+3]");
    let cases: &[(&str, &[(&str, score_sgf::Verdict)])] = &[
        (
            &record,
            &[(
                "game 1: 5x5, Japanese, komi 6.5, 14 moves: count W+5.5; RE W+5.5: agrees",
                Agrees,
            )],
        ),
        (
            &wrong,
            &[(
                "game 1: 5x5, Japanese, komi 6.5, 14 moves: count W+5.5; RE B+3: DISAGREES",
                Disagrees,
            )],
        ),
        (
            "(;SZ[9]RU[Chinese]KM[7.5]RE[B+R];B[ee];W[cc])",
            &[(
                "game 1: 9x9, Chinese, komi 7.5, 2 moves: count W+7.5 \
                 (play had not stopped: the board as it stands); RE B+R: not a count",
                NotCounted,
            )],
        ),
        (
            // White's second stone is played on Black's: lenient replay plays it as recorded,
            // so the count is of the record as it stands, with the warning.
            "(;SZ[5]KM[0.5];B[aa];W[bb];B[cc];W[aa])",
            &[(
                "game 1: 5x5, Japanese, komi 0.5, 4 moves: count W+0.5 \
                 (play had not stopped: the board as it stands) (1 replay warning, the first \
                 at byte 32: move 4 (white at aa) is illegal: occupied: there is already a \
                 stone on that point; played as the record has it (lenient reading)); no RE",
                NotCounted,
            )],
        ),
        (
            // A move off the board: the replay stops before it and counts what came before
            // (Black's stone on aa and White's on bb: every empty point touches both).
            "(;SZ[5]KM[0.5]RE[W+0.5];B[aa];W[bb];B[zz];W[cc])",
            &[(
                "game 1: 5x5, Japanese, komi 0.5, 2 moves: count W+0.5 \
                 (play had not stopped: the board as it stands) (1 replay warning, the first \
                 at byte 35: the point is not on the board; the replay stops before this \
                 node); RE W+0.5: agrees",
                Agrees,
            )],
        ),
        (
            "(;SZ[9])(;SZ[13]RE[0])",
            &[
                (
                    "game 1: 9x9, Japanese, komi 6.5, 0 moves: count W+6.5 \
                     (play had not stopped: the board as it stands); no RE",
                    NotCounted,
                ),
                (
                    "game 2: 13x13, Japanese, komi 6.5, 0 moves: count W+6.5 \
                     (play had not stopped: the board as it stands); RE 0: DISAGREES",
                    Disagrees,
                ),
            ],
        ),
    ];
    for (sgf, expected) in cases {
        let games = score_sgf::score_file(sgf.as_bytes()).expect("readable");
        let got: Vec<(String, score_sgf::Verdict)> = games
            .into_iter()
            .map(|g| {
                let g = g.expect("replayable");
                (g.line, g.verdict)
            })
            .collect();
        let want: Vec<(String, score_sgf::Verdict)> =
            expected.iter().map(|(l, v)| (l.to_string(), *v)).collect();
        assert_eq!(got, want, "{sgf}");
    }
}

/// Input that even lenient reading refuses is an error value (the example exits with 2), and
/// a game that cannot be replayed is reported on its line while the file's other games count.
#[cfg(feature = "sgf")]
#[test]
fn score_sgf_reports_unreadable_files_and_games() {
    for bad in [
        &b"(;SZ[9]C[no closing bracket"[..],
        b"",
        b"\xff\xfe(\0;\0)\0",
    ] {
        assert!(score_sgf::score_file(bad).is_err(), "{bad:?}");
    }
    let games = score_sgf::score_file(b"(;SZ[99])(;SZ[9];B[ee]RE[B+73.5])").expect("readable");
    assert_eq!(games.len(), 2);
    let first = games[0].as_ref().expect_err("no 99x99 board");
    assert!(first.starts_with("game 1: "), "{first}");
    assert_eq!(
        games[1].as_ref().unwrap().verdict,
        score_sgf::Verdict::Agrees
    );
}
