//! What a page shows of a record beyond the board, read from the engine instead of re-parsing
//! SGF in the page: the move numbers of the stones on the board (with `MN`, captures, set-up and
//! moves just played), game information set by the caller, and any node read without moving.
#![cfg(feature = "sgf")]

use tengen::tree::{Cursor, LoadOptions};
use tengen::{Error, Game, Point, Setup};

fn load(s: &str) -> Cursor {
    Cursor::load(s.as_bytes(), &LoadOptions::default()).unwrap_or_else(|e| panic!("{e}"))
}

fn p(x: u8, y: u8) -> Point {
    Point::new(x, y)
}

/// `(x, y, number)` of every numbered stone, row-major.
fn numbers(c: &Cursor) -> Vec<(u8, u8, u32)> {
    c.move_numbers()
        .into_iter()
        .map(|(q, n)| (q.x, q.y, n))
        .collect()
}

#[test]
fn stones_are_numbered_by_their_move_and_captured_ones_lose_their_number() {
    // Black's 5th move (b1 at [1,0]... here "ba") captures White's stone at a1 ("aa").
    let mut c = load("(;SZ[5];B[ab];W[aa];B[dd];W[ee];B[ba])");
    assert_eq!(
        numbers(&c),
        vec![(1, 0, 5), (0, 1, 1), (3, 3, 3), (4, 4, 4)],
        "the white stone of move 2 was captured: no number"
    );
    // Back at move 2 the white stone is there with its number, and later moves have none.
    c.go_to(&[0, 0]).unwrap();
    assert_eq!(numbers(&c), vec![(0, 0, 2), (0, 1, 1)]);
}

#[test]
fn a_stone_played_again_on_a_point_takes_the_new_number() {
    // White's a1 (move 2) is captured by move 5, then Black plays a1 itself at move 7.
    let mut c = load("(;SZ[5];B[ab];W[aa];B[dd];W[ee];B[ba];W[cc];B[aa])");
    c.go_to(&[0, 0, 0, 0, 0, 0, 0]).unwrap();
    let n = numbers(&c);
    assert!(n.contains(&(0, 0, 7)), "{n:?}");
    assert!(!n.iter().any(|&(x, y, k)| (x, y) == (0, 0) && k == 2));
}

#[test]
fn mn_sets_the_number_of_its_move_and_the_count_goes_on_from_there() {
    let c = load("(;SZ[5];B[aa];W[bb]MN[101];B[cc];W[dd])");
    assert_eq!(
        numbers(&c),
        vec![(0, 0, 1), (1, 1, 101), (2, 2, 102), (3, 3, 103)]
    );
    // An MN that is no positive number is ignored.
    let c = load("(;SZ[5];B[aa];W[bb]MN[x];B[cc]MN[0])");
    assert_eq!(numbers(&c), vec![(0, 0, 1), (1, 1, 2), (2, 2, 3)]);
}

#[test]
fn set_up_stones_and_passes_have_no_number_but_passes_count() {
    let c = load("(;SZ[5]AB[aa][bb]AW[cc];W[dd];B[];W[ee])");
    assert_eq!(numbers(&c), vec![(3, 3, 1), (4, 4, 3)]);
}

#[test]
fn moves_just_played_are_numbered_before_they_are_nodes() {
    let mut c = Cursor::from_game(Game::new(Setup::default()).unwrap());
    c.play(p(3, 3)).unwrap();
    c.pass().unwrap();
    c.play(p(15, 15)).unwrap();
    assert_eq!(numbers(&c), vec![(3, 3, 1), (15, 15, 3)]);
    c.undo().unwrap();
    assert_eq!(numbers(&c), vec![(3, 3, 1)]);
}

#[test]
fn set_info_writes_the_root_and_removes_with_none() {
    let mut c = load("(;SZ[9]PB[Alice];B[cc];W[gg])");
    c.set_info("PW", Some("Bob [2d]")).unwrap();
    c.set_info("PB", None).unwrap();
    c.set_info("DT", Some("2026-11-28")).unwrap();
    let sgf = c.to_sgf();
    assert!(sgf.contains("PW[Bob [2d\\]]"), "{sgf}");
    assert!(sgf.contains("DT[2026-11-28]"), "{sgf}");
    assert!(!sgf.contains("PB["), "{sgf}");
    // Written where the game information is: the root, not the current node.
    let back = load(&sgf);
    assert_eq!(back.info("PW").as_deref(), Some("Bob [2d]"));
    assert_eq!(
        back.tree().root_node().simple_text("PW").as_deref(),
        Some("Bob [2d]")
    );
    // The position did not move.
    assert_eq!(c.path(), &[0, 0]);
}

#[test]
fn set_info_changes_a_property_where_the_path_has_it() {
    // Game information may be given in a later node of the path (properties.html).
    let mut c = load("(;SZ[9];B[cc]EV[Cup];W[gg])");
    c.set_info("EV", Some("Final")).unwrap();
    let back = load(&c.to_sgf());
    assert_eq!(back.info("EV").as_deref(), Some("Final"));
    assert!(!back.tree().root_node().has("EV"));
}

#[test]
fn set_info_refuses_the_games_own_properties_and_changes_nothing() {
    let mut c = load("(;SZ[9]KM[6.5]RE[B+R];B[cc])");
    let before = c.to_sgf();
    for id in ["KM", "RU", "HA", "RE", "C", "XX"] {
        assert!(matches!(
            c.set_info(id, Some("1")),
            Err(Error::InvalidOptions(_))
        ));
    }
    assert_eq!(c.to_sgf(), before);
}

#[test]
fn set_info_on_a_new_game_keeps_the_moves_just_played() {
    let mut c = Cursor::from_game(Game::new(Setup::default()).unwrap());
    c.play(p(3, 3)).unwrap();
    c.play(p(15, 15)).unwrap();
    c.set_info("GN", Some("Lesson 1")).unwrap();
    let back = load(&c.to_sgf());
    assert_eq!(back.info("GN").as_deref(), Some("Lesson 1"));
    assert_eq!(back.path(), &[0, 0]);
    // Undo still takes back the move played here (the node made when settling is removed).
    c.undo().unwrap();
    assert_eq!(c.path(), &[0]);
    assert_eq!(load(&c.to_sgf()).path(), &[0]);
}

#[test]
fn node_at_names_any_node_of_the_tree() {
    let c = load("(;SZ[9]C[root];B[cc](;W[gg]TR[cc])(;W[cg]C[second]))");
    let second = c.node_at(&[0, 1]).expect("a node");
    assert_eq!(c.tree()[second].comment().as_deref(), Some("second"));
    let first = c.node_at(&[0, 0]).unwrap();
    assert_eq!(c.markup_of(first).marks.len(), 1);
    assert_eq!(c.node_at(&[0, 2]), None);
    assert_eq!(c.node_at(&[]), Some(c.tree().root()));
}
