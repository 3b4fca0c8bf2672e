//! Saving a game to be read back on the same device ([`Cursor::to_sgf_saved`]): the record, with
//! its nodes played here marked, read back ([`Cursor::load_text`]), the cursor put back on its
//! path and the actions taken at its node since arriving there taken again, must be the same
//! game: the same position, the same record, and undo taking back the same things in the same
//! order, node removals included, until both refuse.

#![cfg(feature = "saves")]

use proptest::prelude::*;
use tengen::tree::{Cursor, LoadOptions, PLAYED_HERE};
use tengen::{Color, Error, Game, HandicapPlacement, Move, Phase, Point, Refusal};
use tengen::{Rules, Setup, Size};

#[path = "common/rng.rs"]
mod rng;
use rng::SplitMix;

/// What a caller sees of the cursor and its game.
fn observe(c: &Cursor) -> String {
    let g = c.game();
    format!(
        "path {:?} moves {} board {:?} to_move {:?} phase {:?} outcome {:?} handicap_left {} \
         dead {:?} score {} variations {:?} here {:?}",
        c.path(),
        c.move_count(),
        g.board().to_signs(),
        g.to_move(),
        g.phase(),
        g.outcome(),
        g.handicap_left(),
        g.dead_marks(),
        g.score().result,
        c.variations(),
        c.actions_here(),
    )
}

fn load(text: &str) -> Cursor {
    Cursor::load_text(text, &LoadOptions::default()).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// The cursor as a page gets it back: the saved record read, the path followed and the actions
/// at the node taken again.
fn reloaded(c: &Cursor) -> Cursor {
    let saved = c.to_sgf_saved();
    let mut r = load(&saved);
    r.go_to(c.path()).unwrap_or_else(|e| panic!("{e}: {saved}"));
    for &a in c.actions_here() {
        r.game_mut()
            .apply(a)
            .unwrap_or_else(|e| panic!("{e}: {a:?} in {saved}"));
    }
    r
}

/// The round trip: a reloaded cursor is the same game, and undo takes back the same things in
/// both until both refuse.
fn check_round_trip(c: &Cursor) -> Result<(), String> {
    let mut c = c.clone();
    let mut r = reloaded(&c);
    let saved = c.to_sgf_saved();
    let marker = format!("{PLAYED_HERE}[");
    if r.to_sgf().contains(&marker) || c.to_sgf().contains(&marker) {
        return Err(format!("a marker written by to_sgf: {saved}"));
    }
    for step in 0.. {
        if observe(&c) != observe(&r) || c.to_sgf() != r.to_sgf() {
            return Err(format!(
                "after {step} undos from {saved}\nbefore: {}\n        {}\nafter:  {}\n        {}",
                observe(&c),
                c.to_sgf(),
                observe(&r),
                r.to_sgf()
            ));
        }
        match (c.undo(), r.undo()) {
            (Ok(()), Ok(())) => {}
            (Err(a), Err(b)) if a == b => {
                assert_eq!(a, Error::NotAllowed(Refusal::NothingToUndo));
                return Ok(());
            }
            (a, b) => return Err(format!("undo {step}: {a:?} before, {b:?} after, {saved}")),
        }
        assert!(step < 10_000, "undo never stops");
    }
    Ok(())
}

fn new_game(size: u32, preset: &str, handicap: u32, placement: HandicapPlacement) -> Cursor {
    let mut rules = Rules::preset(preset).unwrap();
    rules.handicap_placement = placement;
    let setup = Setup {
        size: Size::square(size).unwrap(),
        rules,
        handicap,
    };
    Cursor::from_game(Game::new(setup).unwrap())
}

/// A random legal point for the side to move, or none.
fn random_point(c: &Cursor, rng: &mut SplitMix) -> Option<Point> {
    let size = c.game().board().size();
    (0..12)
        .map(|_| size.point_at(rng.below(size.area())))
        .find(|&p| c.game().legality(p).is_ok())
}

/// Whether a move would follow a child already there rather than make one. (Right after such
/// a move, undo keeps a node played here that it would remove after a reload, where that move
/// is not known: see the cursor's module documentation. Moving there with `next` is the same
/// position without that difference.)
fn follows_child(c: &Cursor, point: Option<Point>) -> bool {
    let color = c.game().to_move();
    c.variations().contains(&Some(Move { color, point }))
}

/// A random path of the tree, from the root.
fn random_path(c: &Cursor, rng: &mut SplitMix) -> Vec<usize> {
    let mut c = c.clone();
    c.settle();
    let tree = c.tree();
    let mut node = tree.root();
    let mut path = Vec::new();
    while !tree.is_leaf(node) && rng.chance(85) {
        let n = tree.children(node).count();
        let k = rng.below(n);
        path.push(k);
        node = tree.child(node, k).unwrap();
    }
    path
}

/// An action that leaves no node, taken at the current node if the game allows it.
fn random_action(c: &mut Cursor, rng: &mut SplitMix, resume: bool) {
    let size = c.game().board().size();
    let g = c.game_mut();
    let _ = match (g.phase(), rng.below(6)) {
        (Phase::Stopped, 0 | 1) => g
            .toggle_dead(size.point_at(rng.below(size.area())))
            .map(drop),
        (Phase::Stopped, 2) => g.auto_mark().map(drop),
        (Phase::Stopped, 3) => g.finish(),
        (Phase::Stopped, 4) if resume => g.resume(Color::Black),
        (Phase::Playing, 0) => g.resign(Color::White),
        (_, 5) => g.declare_no_result(),
        _ => Ok(()),
    };
}

/// Random play, navigation and undo on a cursor, then actions at the node it ends on.
fn random_session(c: &mut Cursor, rng: &mut SplitMix, steps: usize) {
    for _ in 0..steps {
        match rng.below(20) {
            0..=8 => {
                if let Some(p) = random_point(c, rng) {
                    if !follows_child(c, Some(p)) {
                        let _ = c.play(p);
                    }
                }
            }
            9 | 10 => {
                if c.game().handicap_left() == 0 && !follows_child(c, None) {
                    let _ = c.pass();
                }
            }
            11 | 12 => {
                let _ = c.undo();
            }
            13 => {
                let _ = c.previous();
            }
            14 => {
                let n = c.variations().len().max(1);
                let _ = c.next(rng.below(n));
            }
            15 | 16 => {
                let path = random_path(c, rng);
                let _ = c.go_to(&path);
            }
            17 => c.settle(),
            // Actions at a node (not a resumption, which a move could follow).
            _ => random_action(c, rng, false),
        }
    }
    for _ in 0..rng.below(4) {
        random_action(c, rng, true);
    }
}

const PRESETS: [&str; 3] = ["japanese-1989", "chinese", "aga"];

/// A record read from a file, with variations and an end of play (two passes, territory and a
/// counted result), to play on.
const RECORD: &str = "(;GM[1]FF[4]SZ[6]KM[0.5]RU[Japanese]RE[B+2.5](;B[cc];W[dc];B[cd];W[dd]\
                      (;B[ce];W[de];B[];W[]TB[aa][ab]TW[ff][fe])(;B[bb]))(;B[dd];W[cc]))";

/// A cursor from a seed: a new game (with or without handicap, fixed or free, possibly still
/// placing it) or a record read from a file, then a random session on it.
fn cursor_from(seed: u64, steps: usize) -> Cursor {
    let mut rng = SplitMix(seed);
    let preset = PRESETS[rng.below(PRESETS.len())];
    let mut c = match rng.below(5) {
        0 | 1 => new_game(5 + rng.below(3) as u32, preset, 0, HandicapPlacement::Fixed),
        2 => new_game(9, preset, 2 + rng.below(3) as u32, HandicapPlacement::Fixed),
        3 => {
            let mut c = new_game(7, preset, 2 + rng.below(3) as u32, HandicapPlacement::Free);
            // Some of the stones, or all of them and then play.
            let stones = rng.below(c.game().handicap_left() as usize + 2);
            for _ in 0..stones {
                if let Some(p) = random_point(&c, &mut rng) {
                    c.play(p).unwrap();
                }
            }
            if c.game().handicap_left() > 0 {
                if rng.chance(50) {
                    let _ = c.undo();
                }
                return c;
            }
            c
        }
        _ => {
            let mut c = load(RECORD);
            if rng.chance(50) {
                let path = random_path(&c, &mut rng);
                c.go_to(&path).unwrap();
            }
            c
        }
    };
    random_session(&mut c, &mut rng, steps);
    c
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: if cfg!(debug_assertions) { 96 } else { 400 },
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn a_saved_game_reads_back_the_same(seed in any::<u64>(), steps in 0usize..60) {
        let c = cursor_from(seed, steps);
        if let Err(e) = check_round_trip(&c) {
            return Err(TestCaseError::fail(e));
        }
    }
}

fn pt(s: &str) -> Point {
    Point::from_sgf(s).unwrap()
}

#[test]
fn a_new_game_is_marked_at_its_root() {
    let mut c = new_game(9, "japanese-1989", 0, HandicapPlacement::Fixed);
    for p in ["ee", "cc", "gg"] {
        c.play(pt(p)).unwrap();
    }
    let saved = c.to_sgf_saved();
    assert_eq!(saved.matches("TH[").count(), 1, "{saved}");
    assert!(saved.starts_with("(;") && saved.contains("TH[]"), "{saved}");
    // Without the marker, the same text as `to_sgf`.
    assert_eq!(saved.replace("TH[]", ""), c.to_sgf());
    let r = reloaded(&c);
    assert!(!r.to_sgf().contains("TH["));
    for id in r.tree().ids() {
        assert!(!r.tree()[id].has(PLAYED_HERE));
    }
    check_round_trip(&c).unwrap();
    // Undo removes the moves played before the reload: back to the bare root.
    let mut r = r;
    for _ in 0..3 {
        r.undo().unwrap();
    }
    assert_eq!(r.tree().len(), 1);
    assert_eq!(r.undo(), Err(Error::NotAllowed(Refusal::NothingToUndo)));
}

#[test]
fn a_free_handicap_being_placed_goes_on_after_a_reload() {
    let mut c = new_game(9, "chinese", 3, HandicapPlacement::Free);
    let saved = c.to_sgf_saved();
    let r = reloaded(&c);
    assert_eq!(r.game().handicap_left(), 3, "{saved}");
    check_round_trip(&c).unwrap();

    c.play(pt("gc")).unwrap();
    c.play(pt("cg")).unwrap();
    let saved = c.to_sgf_saved();
    assert!(saved.contains("TH[gc][cg]"), "{saved}");
    let mut r = reloaded(&c);
    assert_eq!(r.game().handicap_left(), 1);
    assert_eq!(r.game().to_move(), Color::Black);
    check_round_trip(&c).unwrap();
    // The last stone placed is taken back first.
    r.undo().unwrap();
    assert_eq!(r.game().board().get(pt("cg")), None);
    assert_eq!(r.game().board().get(pt("gc")), Some(Color::Black));
    assert_eq!(r.game().handicap_left(), 2);
    // And the placement goes on after a reload.
    let mut r = reloaded(&c);
    r.play(pt("gg")).unwrap();
    assert_eq!(r.game().handicap_left(), 0);
    assert_eq!(r.game().to_move(), Color::White);

    // Placed, then played: the stones come back for undo at the root.
    c.play(pt("gg")).unwrap();
    c.play(pt("ee")).unwrap();
    c.play(pt("cc")).unwrap();
    check_round_trip(&c).unwrap();
}

#[test]
fn a_record_keeps_its_own_moves_and_marks_those_played_here() {
    let mut c = load(RECORD);
    c.go_to(&[0, 0, 0, 0]).unwrap();
    c.play(pt("ee")).unwrap();
    c.play(pt("ef")).unwrap();
    let saved = c.to_sgf_saved();
    // One mark, on the first node played here.
    assert_eq!(saved.matches("TH[").count(), 1, "{saved}");
    assert!(saved.contains(";B[ee]TH[]"), "{saved}");
    check_round_trip(&c).unwrap();
    let mut r = reloaded(&c);
    let nodes = r.tree().len();
    r.undo().unwrap();
    r.undo().unwrap();
    assert_eq!(r.tree().len(), nodes - 2);
    // The record's own moves stay: undo steps back through them.
    r.undo().unwrap();
    assert_eq!(r.tree().len(), nodes - 2);
    assert_eq!(r.to_sgf(), load(RECORD).to_sgf());
}

#[test]
fn the_actions_at_the_node_are_the_callers_and_no_ending_is_saved() {
    let mut c = new_game(5, "japanese-1989", 0, HandicapPlacement::Fixed);
    for p in ["cc", "bb"] {
        c.play(pt(p)).unwrap();
    }
    c.pass().unwrap();
    c.pass().unwrap();
    c.game_mut().toggle_dead(pt("bb")).unwrap();
    c.game_mut().finish().unwrap();
    assert_eq!(c.actions_here().len(), 2);
    let saved = c.to_sgf_saved();
    assert!(!saved.contains("RE[") && !saved.contains("TB["), "{saved}");
    assert!(c.to_sgf().contains("RE[") && c.to_sgf().contains("TB["));
    let r = reloaded(&c);
    assert_eq!(r.game().phase(), Phase::Finished);
    assert_eq!(r.game().score(), c.game().score());
    check_round_trip(&c).unwrap();
}

#[test]
fn a_node_played_here_applies_no_end_of_play_on_arriving() {
    // Two passes played here: no dead stone is proposed there, neither when they are played
    // nor when the cursor comes back, nor after a reload.
    let mut c = new_game(5, "japanese-1989", 0, HandicapPlacement::Fixed);
    for p in ["cc", "bb", "cb", "ab", "ba"] {
        c.play(pt(p)).unwrap();
    }
    c.pass().unwrap();
    c.pass().unwrap();
    let fresh = c.game().dead_marks().to_vec();
    c.previous().unwrap();
    c.next(0).unwrap();
    assert_eq!(c.game().dead_marks(), &fresh[..]);
    assert!(c.actions_here().is_empty());
    assert_eq!(reloaded(&c).game().dead_marks(), &fresh[..]);
}

#[test]
fn a_marker_read_from_elsewhere_is_taken_out() {
    let text = "(;GM[1]FF[4]SZ[5]TH[zz][cc];B[cc]TH[];W[dd])";
    let c = load(text);
    assert!(!c.to_sgf().contains("TH["));
    for id in c.tree().ids() {
        assert!(!c.tree()[id].has(PLAYED_HERE));
    }
    // No handicap: the root's values say nothing; the nodes are played here.
    let mut c = c;
    assert!(c.to_sgf_saved().contains("TH[]"));
    c.undo().unwrap();
    c.undo().unwrap();
    assert_eq!(c.tree().len(), 1);
    // A mark on a node and not the root; a value that is no point.
    let c = load("(;GM[1]FF[4]SZ[5];B[cc]TH[x];W[dd])");
    assert_eq!(c.to_sgf_saved().matches("TH[").count(), 1);
    // `to_sgf` of a saved game read back is the game's own.
    let mut g = new_game(5, "aga", 0, HandicapPlacement::Fixed);
    g.play(pt("cc")).unwrap();
    assert_eq!(load(&g.to_sgf_saved()).to_sgf(), g.to_sgf());
}
