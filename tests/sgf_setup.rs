//! Set-up anywhere in the tree: `AB`/`AW`/`AE`/`PL` after the first move, in
//! the main line or in variations, in strict and lenient mode. A set-up overwrites points
//! without captures (properties.html), is an action of the game that undo takes back, starts the
//! history of positions again (the FF[4] reading: a set-up is a new position, not a move), and
//! is written back by `toSgf` and by the record of a game.
#![cfg(feature = "sgf")]

use tengen::sgf::{self, ParseOptions};
use tengen::tree::{self, Cursor, LoadOptions, ReplayOptions};
use tengen::{Action, Color, Error, Game, Phase, Point, Rules, Setup, Size};

fn p(s: &str) -> Point {
    tree::parse_point(s, Size::square(19).unwrap()).unwrap()
}

fn tree(s: &str) -> tree::GameTree {
    sgf::parse(s.as_bytes()).unwrap().games.remove(0)
}

fn lenient_tree(s: &str) -> tree::GameTree {
    sgf::parse_with(s.as_bytes(), ParseOptions { lenient: true })
        .unwrap()
        .collection
        .games
        .remove(0)
}

fn rows(g: &Game) -> Vec<String> {
    g.board().to_rows()
}

#[test]
fn set_up_in_the_middle_of_a_game_is_a_position_like_any_other() {
    // GNU Go's records take dead stones off with AE at the end; problems add stones.
    let t = tree("(;SZ[5];B[cc];W[bb];AB[dd]AE[cc]PL[W];W[bc];B[cd])");
    let r = tree::replay(&t, &ReplayOptions::default()).unwrap();
    assert_eq!(
        rows(&r.game),
        [".....", ".O...", ".O...", "..XX.", "....."]
            .map(String::from)
            .to_vec()
    );
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    assert_eq!(r.moves, 4, "set-up is not a move");
    assert_eq!(r.game.move_number(), 4);
    // The set-up is an action: undone like a move.
    let mut g = r.game;
    assert_eq!(g.undo(), Ok(Action::Place(p("cd"))));
    assert_eq!(g.undo(), Ok(Action::Place(p("bc"))));
    assert!(matches!(g.undo(), Ok(Action::SetUp(0))));
    assert_eq!(
        rows(&g),
        [".....", ".O...", "..X..", ".....", "....."]
            .map(String::from)
            .to_vec()
    );
    assert_eq!(g.to_move(), Color::Black);
    // Without PL the turn stays: after White's move, Black.
    let t = tree("(;SZ[5];B[cc];W[bb];AW[dd];B[bc])");
    let r = tree::replay(&t, &ReplayOptions::default()).unwrap();
    assert!(r.warnings.is_empty(), "{:?}", r.warnings);
    assert_eq!(r.game.board().get(p("dd")), Some(Color::White));
    // A set-up and a move in one node: the set-up first (properties.html).
    let t = tree("(;SZ[5];B[cc];AW[aa]PL[W]W[bb])");
    let r = tree::replay(&t, &ReplayOptions::default()).unwrap();
    assert_eq!(r.game.board().get(p("aa")), Some(Color::White));
    assert_eq!(r.game.board().get(p("bb")), Some(Color::White));
    // PL naming the player who is to move anyway changes nothing (GNU Go writes PL[W] beside
    // White's last pass): no set-up action.
    let t = tree("(;SZ[5];B[cc];W[]PL[W];B[])");
    let r = tree::replay(&t, &ReplayOptions::default()).unwrap();
    assert_eq!(r.game.phase(), Phase::Stopped);
    assert!(!r
        .game
        .actions()
        .iter()
        .any(|a| matches!(a, Action::SetUp(_))));
}

#[test]
fn set_up_starts_the_history_of_positions_again() {
    // Positional superko: Black's stone at cc, taken off by a set-up, may be played again (the
    // position it makes occurred before the set-up only); without the set-up starting the
    // history again it would repeat the position after Black's first move.
    let t = tree("(;SZ[5]RU[Chinese];B[cc];W[];AE[cc]PL[B];B[cc])");
    let r = tree::replay(&t, &ReplayOptions::default()).unwrap();
    assert_eq!(r.game.board().get(p("cc")), Some(Color::Black));
    assert_eq!(r.game.repetition(), None);
    // Within the history since the set-up, superko holds as before: the same on a game.
    let setup = Setup {
        size: Size::square(5).unwrap(),
        rules: Rules::preset("chinese").unwrap(),
        ..Setup::default()
    };
    let mut g = Game::new(setup).unwrap();
    g.place(p("cc")).unwrap();
    g.pass().unwrap();
    g.set_up(&[(p("cc"), None)], Some(Color::Black)).unwrap();
    assert_eq!(
        g.legality(p("cc")),
        Ok(()),
        "before the set-up: not compared"
    );
    g.place(p("cc")).unwrap();
    assert_eq!(g.repetition(), None);
    // Undo the set-up: the history before it is the history again.
    g.undo_to(2);
    assert_eq!(g.board().get(p("cc")), Some(Color::Black));
    assert_eq!(g.to_move(), Color::Black);
    assert!(g.set_up_position(0).is_none());
    // A set-up clears a pending ko, dead marks and two passes: play goes on from it.
    let mut g = Game::new(Setup {
        size: Size::square(5).unwrap(),
        ..Setup::default()
    })
    .unwrap();
    g.place(p("aa")).unwrap();
    g.pass().unwrap();
    g.pass().unwrap();
    g.toggle_dead(p("aa")).unwrap();
    assert_eq!(g.phase(), Phase::Stopped);
    g.set_up(&[(p("ee"), Some(Color::White))], None).unwrap();
    assert_eq!(g.phase(), Phase::Playing);
    assert!(!g.is_dead(p("aa")));
    g.undo().unwrap();
    assert_eq!(g.phase(), Phase::Stopped);
    assert!(g.is_dead(p("aa")), "undo brings the marks back");
}

#[test]
fn a_set_up_without_liberties_is_refused_and_changes_nothing() {
    let input = "(;SZ[5];B[cc];W[bb];AW[ab][ba]AB[aa];W[dd])";
    let t = tree(input);
    let e = tree::replay(&t, &ReplayOptions::default()).unwrap_err();
    let offset = input.find("AW[ab]").unwrap();
    assert_eq!(
        e,
        Error::Sgf {
            offset,
            message: "the set-up leaves a chain without a liberty"
        }
    );
    // Lenient: the replay stops before that node, with a warning.
    let lenient = ReplayOptions {
        lenient: true,
        ..ReplayOptions::default()
    };
    let r = tree::replay(&t, &lenient).unwrap();
    assert_eq!(r.moves, 2);
    assert_eq!(r.nodes.len(), 3);
    assert!(r.warnings[0].message.contains("without a liberty"));
    // On a game: refused, nothing changed.
    let mut g = r.game;
    let before = format!("{:?} {:?}", g.board(), g.actions());
    assert!(g
        .set_up(
            &[
                (p("ab"), Some(Color::White)),
                (p("ba"), Some(Color::White)),
                (p("aa"), Some(Color::Black))
            ],
            None
        )
        .is_err());
    assert_eq!(format!("{:?} {:?}", g.board(), g.actions()), before);
    assert_eq!(
        g.set_up(&[(Point::new(7, 7), None)], None),
        Err(Error::OffBoard)
    );
}

/// A joseki-dictionary-like tree: variations that set up stones, marked and commented; every
/// node is reached by its path, stepping back undoes, and the tree is written back as it was.
#[test]
fn set_up_in_variations_every_node_reached_and_written_back() {
    let input = "(;GM[1]FF[4]SZ[19]C[Joseki]\
        (;B[pd];W[qf](;B[nc]C[Standard])(;AB[qh]AW[qc]C[A set-up position]TR[qh];B[qd];W[pc]))\
        (;AB[dd][pp]AW[dp][pd]PL[B]C[Two each](;B[qf])(;AE[pd]AB[pc]PL[W];W[qd]))\
        (;W[dd]C[White first];AB[pp];W[dp]))";
    let t = tree(input);
    let mut c = Cursor::from_tree(t.clone(), ReplayOptions::default()).unwrap();
    let mut paths = vec![vec![]];
    let mut reached = 0;
    while let Some(path) = paths.pop() {
        c.go_to(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        assert_eq!(c.path(), &path[..]);
        // The position is the replay of the path from the root.
        let node = t.follow(&path, false).unwrap();
        let r = tree::replay_to(&t, node, &ReplayOptions::default()).unwrap();
        assert_eq!(
            c.game().board().to_rows(),
            r.game.board().to_rows(),
            "{path:?}"
        );
        assert_eq!(c.game().to_move(), r.game.to_move(), "{path:?}");
        for k in 0..t.children(node).count() {
            let mut q = path.clone();
            q.push(k);
            paths.push(q);
        }
        reached += 1;
    }
    assert_eq!(reached, t.len());
    // Into a set-up variation and back out.
    c.go_to(&[0, 0, 1]).unwrap();
    assert_eq!(c.game().board().get(p("qh")), Some(Color::Black));
    assert_eq!(c.previous(), Ok(true));
    assert_eq!(c.game().board().get(p("qh")), None);
    // White to move in the set-up (PL[W]) after the stone taken off.
    c.go_to(&[1, 1]).unwrap();
    assert_eq!(c.game().board().get(p("pd")), None);
    assert_eq!(c.game().to_move(), Color::White);
    // Written back unchanged.
    assert_eq!(sgf::parse(c.to_sgf().as_bytes()).unwrap().games[0], t);
    // Lenient reading takes the same tree.
    assert_eq!(lenient_tree(input), t);
    let loaded = Cursor::load(input.as_bytes(), &LoadOptions::default()).unwrap();
    assert!(loaded.warnings().is_empty(), "{:?}", loaded.warnings());
}

#[test]
fn the_record_of_a_game_with_a_set_up_reads_back() {
    let mut g = Game::new(Setup {
        size: Size::square(9).unwrap(),
        ..Setup::default()
    })
    .unwrap();
    g.place(p("cc")).unwrap();
    g.place(p("gg")).unwrap();
    g.set_up(
        &[
            (p("cc"), None),
            (p("ee"), Some(Color::Black)),
            (p("gg"), Some(Color::Black)),
        ],
        Some(Color::White),
    )
    .unwrap();
    g.place(p("dd")).unwrap();
    let text = tree::record(&g).to_sgf();
    assert!(text.contains("AB[ee][gg]AE[cc]PL[W]"), "{text}");
    let c = Cursor::load(text.as_bytes(), &LoadOptions::default()).unwrap();
    assert_eq!(c.game().board().to_rows(), g.board().to_rows());
    assert_eq!(c.game().to_move(), g.to_move());
    assert_eq!(c.game().move_number(), 3);
    // A new game's cursor writes it too.
    let from_game = Cursor::from_game(g.clone());
    let again = Cursor::load(from_game.to_sgf().as_bytes(), &LoadOptions::default()).unwrap();
    assert_eq!(again.game().board().to_rows(), g.board().to_rows());
}

/// For viewing, a lenient reading enters the moves that break the game's rules as
/// the record has them (go.html, "How to execute a move"), with a warning; strict reading and
/// playing refuse them.
#[test]
fn lenient_reading_enters_moves_that_break_the_rules() {
    let lenient = ReplayOptions {
        lenient: true,
        ..ReplayOptions::default()
    };
    // A suicide (Japanese rules forbid it): Black's stone at aa is taken off, one prisoner for
    // White; an immediate ko recapture; a stone on an occupied point (it replaces the stone).
    let cases = [
        (
            "(;SZ[5]AW[ba][ab];B[aa];W[ee])",
            "suicide",
            [".O...", "O....", ".....", ".....", "....O"],
        ),
        (
            "(;SZ[5]AB[ba][ab][cb]AW[ca][db][cc];W[bb];B[cb];W[bb];B[ee])",
            "ko",
            [".XO..", "XO.O.", "..O..", ".....", "....X"],
        ),
        (
            "(;SZ[5];B[cc];W[cc];B[ee])",
            "occupied",
            [".....", ".....", "..O..", ".....", "....X"],
        ),
    ];
    for (input, rule, board) in cases {
        let t = tree(input);
        let e = tree::replay(&t, &ReplayOptions::default()).unwrap_err();
        assert_eq!(e.code(), "illegalMove", "{input}");
        let r = tree::replay(&t, &lenient).unwrap();
        assert_eq!(rows(&r.game), board.map(String::from).to_vec(), "{input}");
        assert_eq!(r.nodes.len(), t.len(), "{input}: every node entered");
        assert!(
            r.warnings
                .iter()
                .any(|w| w.message.contains("as the record has it")),
            "{input}: {:?}",
            r.warnings
        );
        assert!(
            r.game
                .actions()
                .iter()
                .any(|a| matches!(a, Action::Forced(_))),
            "{rule}"
        );
        // Undone like a move; the rules still hold for playing.
        let mut g = r.game;
        g.undo().unwrap();
        let forced = g.undo().unwrap();
        assert!(matches!(forced, Action::Forced(_)), "{rule}: {forced:?}");
        let Action::Forced(p) = forced else {
            unreachable!()
        };
        assert!(g.place(p).is_err(), "{rule}: playing stays strict");
    }
    // The suicide in a variation, entered by a lenient cursor only.
    let input = "(;SZ[5]AW[ba][ab](;B[cc])(;B[aa]C[suicide];W[ee]))";
    let mut strict = Cursor::load(input.as_bytes(), &LoadOptions::default()).unwrap();
    assert_eq!(strict.go_to(&[1, 0]).unwrap_err().code(), "illegalMove");
    let o = LoadOptions {
        lenient: true,
        ..LoadOptions::default()
    };
    let mut c = Cursor::load(input.as_bytes(), &o).unwrap();
    c.go_to(&[1, 0]).unwrap();
    assert_eq!(c.game().board().get(p("aa")), None);
    assert_eq!(c.game().board().get(p("ee")), Some(Color::White));
    assert_eq!(c.game().captures(Color::White), 1);
    c.go_to(&[0]).unwrap();
    assert_eq!(c.game().board().get(p("cc")), Some(Color::Black));
    assert_eq!(c.game().captures(Color::White), 0);
}
