//! The navigation model: a record being viewed and played (`tree::Cursor`). Loading with options,
//! moving through main line and variations by index and by path, the game at every node, playing
//! on a record (following an existing child or adding one), undo, comments, markup, game
//! information, and what `to_sgf` keeps.
#![cfg(feature = "sgf")]

use tengen::options::{Options, RulesOption, SizeOption};
use tengen::sgf;
use tengen::tree::{self, Cursor, LoadOptions, MarkKind, INFO_PROPERTIES};
use tengen::{Color, Error, Game, Move, Phase, Point, Refusal, Setup, Size};

const VARIATIONS: &str = "(;FF[4]GM[1]SZ[9]KM[5.5]RU[Japanese]PB[Black <b>]PW[White]C[root]\
    ;B[cc]C[one]\
    (;W[gg]C[main]TR[cc][gg]LB[ee:A][ff:b\\:c]\
     ;B[gc];W[cg])\
    (;W[cg]C[second]SQ[cc]CR[dd:ee]MA[aa])\
    (;W[ee]C[third]))";

fn load(s: &str) -> Cursor {
    Cursor::load(s.as_bytes(), &LoadOptions::default()).unwrap_or_else(|e| panic!("{e}"))
}

fn p(x: u8, y: u8) -> Point {
    Point::new(x, y)
}

fn at(c: &Cursor, x: u8, y: u8) -> Option<Color> {
    c.game().board().get(p(x, y))
}

fn black(x: u8, y: u8) -> Option<Move> {
    Some(Move {
        color: Color::Black,
        point: Some(p(x, y)),
    })
}

fn white(x: u8, y: u8) -> Option<Move> {
    Some(Move {
        color: Color::White,
        point: Some(p(x, y)),
    })
}

#[test]
fn loads_the_main_line_and_keeps_the_tree() {
    let c = load(VARIATIONS);
    assert_eq!(c.path(), &[0, 0, 0, 0]);
    assert_eq!(c.move_count(), 4);
    assert_eq!(c.game().move_number(), 4);
    assert_eq!(at(&c, 2, 2), Some(Color::Black));
    assert_eq!(at(&c, 6, 6), Some(Color::White));
    assert_eq!(at(&c, 6, 2), Some(Color::Black));
    assert_eq!(at(&c, 2, 6), Some(Color::White));
    assert_eq!(c.game().to_move(), Color::Black);
    assert_eq!(c.game().rules().komi_halves, 11);
    assert_eq!(c.tree().len(), 7);
    assert!(c.variations().is_empty(), "the end of the main line");
    assert!(c.warnings().is_empty(), "{:?}", c.warnings());
}

#[test]
fn next_previous_and_variations() {
    let mut c = load(VARIATIONS);
    c.go_to(&[]).unwrap();
    assert_eq!(c.path(), &[] as &[usize]);
    assert_eq!(c.game().move_number(), 0);
    assert_eq!(c.comment().as_deref(), Some("root"));
    assert_eq!(c.variations(), vec![black(2, 2)]);
    assert!(c.next(0).unwrap());
    assert_eq!(c.comment().as_deref(), Some("one"));
    assert_eq!(
        c.variations(),
        vec![white(6, 6), white(2, 6), white(4, 4)],
        "three children, main line first"
    );
    // The second variation: White at (2, 6).
    assert!(c.next(1).unwrap());
    assert_eq!(c.path(), &[0, 1]);
    assert_eq!(c.comment().as_deref(), Some("second"));
    assert_eq!(at(&c, 2, 6), Some(Color::White));
    assert_eq!(at(&c, 6, 6), None);
    assert!(!c.next(0).unwrap(), "the end of this variation");
    assert_eq!(c.path(), &[0, 1]);
    assert!(c.previous().unwrap());
    assert_eq!(c.path(), &[0]);
    assert_eq!(at(&c, 2, 6), None, "the parent's position");
    assert_eq!(c.game().to_move(), Color::White);
    let e = c.next(3).unwrap_err();
    assert_eq!(e.code(), "invalidOptions");
    assert_eq!(c.path(), &[0], "a failed step stays");
    assert!(c.previous().unwrap());
    assert!(!c.previous().unwrap(), "the root has no parent");
    assert_eq!(c.path(), &[] as &[usize]);
}

#[test]
fn go_to_any_path_and_back() {
    let mut c = load(VARIATIONS);
    c.go_to(&[0, 2]).unwrap();
    assert_eq!(c.comment().as_deref(), Some("third"));
    assert_eq!(at(&c, 4, 4), Some(Color::White));
    assert_eq!(c.move_count(), 2);
    c.go_to(&[0, 0, 0]).unwrap();
    assert_eq!(at(&c, 6, 2), Some(Color::Black));
    assert_eq!(at(&c, 4, 4), None);
    for bad in [&[1][..], &[0, 3], &[0, 0, 0, 0, 0]] {
        assert_eq!(c.go_to(bad).unwrap_err().code(), "invalidOptions");
        assert_eq!(c.path(), &[0, 0, 0], "a bad path changes nothing");
    }
    // Every node's game is the replay of its path.
    for id in c.tree().ids().collect::<Vec<_>>() {
        c.go_to_node(id).unwrap();
        let r = tree::replay_to(c.tree(), id, &tree::ReplayOptions::default()).unwrap();
        assert_eq!(c.game().board(), r.game.board());
        assert_eq!(c.game().to_move(), r.game.to_move());
        let back = c.path().to_vec();
        c.go_to(&[]).unwrap();
        c.go_to(&back).unwrap();
        assert_eq!(c.node(), id, "path {back:?}");
    }
}

#[test]
fn comment_markup_labels_and_info() {
    let mut c = load(VARIATIONS);
    c.go_to(&[0, 0]).unwrap();
    let m = c.markup();
    assert_eq!(m.points(MarkKind::Triangle), vec![p(2, 2), p(6, 6)]);
    assert!(m.points(MarkKind::Square).is_empty());
    assert_eq!(m.labels.len(), 2);
    assert_eq!(
        (m.labels[0].point, m.labels[0].text.as_str()),
        (p(4, 4), "A")
    );
    assert_eq!(
        (m.labels[1].point, m.labels[1].text.as_str()),
        (p(5, 5), "b:c")
    );
    c.go_to(&[0, 1]).unwrap();
    let m = c.markup();
    assert_eq!(m.points(MarkKind::Square), vec![p(2, 2)]);
    assert_eq!(
        m.points(MarkKind::Circle),
        vec![p(3, 3), p(4, 3), p(3, 4), p(4, 4)],
        "a compressed list"
    );
    assert_eq!(m.points(MarkKind::Cross), vec![p(0, 0)]);
    assert_eq!(c.info("PB").as_deref(), Some("Black <b>"), "text as it is");
    assert_eq!(c.info("PW").as_deref(), Some("White"));
    assert_eq!(c.info("KM").as_deref(), Some("5.5"));
    assert_eq!(c.info("RU").as_deref(), Some("Japanese"));
    assert_eq!(c.info("EV"), None);
    assert_eq!(INFO_PROPERTIES.len(), 11);

    // Markup that names no point is left out; the rest is kept.
    let c = load("(;SZ[5]TR[aa][zz][bb]LB[cc:ok][zz:off][dd]CR[a])");
    let m = c.markup();
    assert_eq!(m.points(MarkKind::Triangle), vec![p(0, 0), p(1, 1)]);
    assert_eq!(m.labels.len(), 1);
    assert!(m.points(MarkKind::Circle).is_empty());
    assert_eq!(c.comment(), None);
}

#[test]
fn game_info_in_a_later_node() {
    let mut c = load("(;SZ[9];B[aa]PB[Late];W[bb])");
    assert_eq!(c.info("PB").as_deref(), Some("Late"));
    c.go_to(&[]).unwrap();
    assert_eq!(c.info("PB"), None, "not on the path to the root");
}

#[test]
fn playing_follows_an_existing_child_or_adds_one() {
    let mut c = load(VARIATIONS);
    c.go_to(&[0]).unwrap();
    let nodes = c.tree().len();
    // White at (2, 6) is the second child: followed, nothing added.
    assert_eq!(c.play(p(2, 6)).unwrap(), 0);
    assert_eq!(c.path(), &[0, 1]);
    assert_eq!(c.tree().len(), nodes);
    assert_eq!(c.comment().as_deref(), Some("second"));
    c.previous().unwrap();
    // A new move: a fourth child.
    c.play(p(8, 8)).unwrap();
    assert_eq!(c.path(), &[0, 3]);
    assert_eq!(c.tree().len(), nodes + 1);
    assert_eq!(c.comment(), None);
    assert_eq!(c.game().to_move(), Color::Black);
    // Playing on from there builds a line; a pass too.
    c.play(p(0, 8)).unwrap();
    assert!(!c.pass().unwrap());
    assert_eq!(c.path(), &[0, 3, 0, 0]);
    assert_eq!(c.move_count(), 4);
    // An illegal move changes nothing.
    assert_eq!(c.play(p(0, 8)).unwrap_err(), Error::Occupied);
    assert_eq!(c.path(), &[0, 3, 0, 0]);
    c.settle();
    assert_eq!(c.tree().len(), nodes + 3);
    // The tree written keeps what was played, and reads back the same.
    let text = c.to_sgf();
    assert!(text.contains("(;W[ii];B[ai];W[])"), "{text}");
    let again = load(&text);
    assert_eq!(again.tree(), c.tree());
    // Undo takes back the pass played here, and its node (one model).
    c.undo().unwrap();
    assert_eq!(c.path(), &[0, 3, 0]);
    assert_eq!(c.tree().len(), nodes + 2);
    assert_eq!(c.variations(), vec![]);
    // A step back keeps the nodes: undo from a node that something follows steps back too.
    c.previous().unwrap();
    c.undo().unwrap();
    assert_eq!(c.path(), &[0]);
    assert_eq!(c.tree().len(), nodes + 2);
    assert_eq!(
        c.variations()[3],
        Some(Move {
            color: Color::White,
            point: Some(p(8, 8))
        })
    );
    // Walking back to the root, then undo has nothing left.
    while c.previous().unwrap() {}
    assert_eq!(c.undo().unwrap_err().code(), "notAllowed");
}

#[test]
#[cfg(feature = "estimate")]
fn two_passes_dead_stones_and_the_result_in_the_record() {
    let mut c = load("(;SZ[5]KM[0.5]RU[Japanese];B[cc];W[dd])");
    assert!(!c.pass().unwrap());
    assert!(c.pass().unwrap(), "two passes stop play");
    assert_eq!(c.game().phase(), Phase::Stopped);
    let at_node = c.path().to_vec();
    // Marking dead stones leaves no node; undo takes the mark back first.
    c.game_mut().toggle_dead(p(3, 3)).unwrap();
    assert!(c.game().is_dead(p(3, 3)));
    c.undo().unwrap();
    assert!(!c.game().is_dead(p(3, 3)));
    assert_eq!(c.path(), &at_node[..]);
    c.game_mut().toggle_dead(p(3, 3)).unwrap();
    c.game_mut().finish().unwrap();
    assert_eq!(c.game().phase(), Phase::Finished);
    let text = c.to_sgf();
    // 24 points of territory (the dead stone's point too), 1 prisoner, komi 0.5.
    assert!(text.contains("RE[B+24.5]"), "{text}");
    assert!(
        text.contains("TB["),
        "territory with the dead stone: {text}"
    );
    // Moving drops the actions that left no node; arriving at a stop played here marks
    // nothing, as when it was played.
    c.previous().unwrap();
    c.next(0).unwrap();
    assert_eq!(c.game().phase(), Phase::Stopped);
    assert_eq!(dead(&c), Vec::<Point>::new());
    // Arriving at a record's stop without markup marks the estimator's proposal.
    let read = load(&c.to_sgf());
    assert_eq!(read.game().phase(), Phase::Stopped);
    let proposal = read
        .game()
        .estimate(&tengen::estimate::EstimateOptions::default())
        .dead;
    assert_eq!(dead(&read), proposal);
    assert!(!c.to_sgf().contains("RE["));
    assert!(
        !c.to_sgf().contains("TB["),
        "no count without marks made here"
    );
    // A move after two passes resumes play, in the game and in the replay of the tree.
    c.game_mut().resume(Color::White).unwrap();
    c.play(p(0, 0)).unwrap();
    let again = load(&c.to_sgf());
    assert_eq!(again.game().board(), c.game().board());
    assert_eq!(again.game().phase(), Phase::Playing);
}

#[test]
fn a_records_own_result_and_territory_are_kept() {
    let s = "(;SZ[5]KM[0.5]RE[W+3.5];B[cc];W[dd];B[];W[]TB[aa]TW[ee])";
    let c = load(s);
    // Counted (TB/TW after two passes, RE a score): finished, though the count differs.
    assert_eq!(c.game().phase(), Phase::Finished);
    assert_eq!(c.recorded_result().as_deref(), Some("W+3.5"));
    assert_eq!(c.recorded_result_agrees(), Some(false));
    let text = c.to_sgf();
    assert!(text.contains("RE[W+3.5]"), "{text}");
    assert!(text.contains("TB[aa]TW[ee]"), "{text}");
}

/// A 5x5 ending: Black's wall on the second column, White's on the third; White's stone at aa
/// and Black's at ee are dead (each in the other's territory).
const ENDING: &str =
    "(;SZ[5]KM[0.5]RU[Japanese]AB[ba][bb][bc][bd][be][ee]AW[ca][cb][cc][cd][ce][aa]";

fn ending(tail: &str) -> String {
    format!("{ENDING}{tail})")
}

/// The cursor's game has exactly `want` marked, from the record's territory at the node.
fn assert_marked(c: &Cursor, want: &[Point], finished: bool) {
    assert_eq!(dead(c), want);
    assert_eq!(
        c.end_of_play(),
        &tree::EndOfPlay::Marked {
            dead: want.to_vec(),
            finished
        }
    );
}

fn dead(c: &Cursor) -> Vec<Point> {
    let size = c.game().board().size();
    size.points().filter(|&q| c.game().is_dead(q)).collect()
}

#[test]
fn two_passes_and_territory_mark_the_dead_stones() {
    // Stopped, with TB/TW and no RE (as tengen writes a game stopped but not finished).
    let c = load(&ending(";B[];W[]TB[aa][ab][ac][ad][ae]TW[ee][da:ed]"));
    assert_eq!(c.game().phase(), Phase::Stopped);
    assert_marked(&c, &[p(0, 0), p(4, 4)], false);
    // Black: 5 points (aa a dead stone) and a prisoner; White 10 (ee) and a prisoner, komi.
    assert_eq!(c.game().score().result, "W+5.5");
    assert_eq!(c.recorded_result(), None);
    assert_eq!(c.recorded_result_agrees(), None);

    // The same with RE a score: finished; RE agrees or not.
    let text =
        ending(";B[];W[]TB[aa][ab][ac][ad][ae]TW[ee][da:ed]").replace("SZ[5]", "SZ[5]RE[W+5.5]");
    let c = load(&text);
    assert_eq!(c.game().phase(), Phase::Finished);
    assert_eq!(c.game().outcome(), Some(tengen::Outcome::Counted));
    assert_eq!(dead(&c), [p(0, 0), p(4, 4)]);
    assert_eq!(c.recorded_result_agrees(), Some(true));
    assert_eq!(
        c.to_sgf(),
        sgf::parse(text.as_bytes()).unwrap().to_sgf(),
        "written as read"
    );
    for (re, agrees) in [
        ("W+5.50", true),
        ("W+6.5", false),
        ("B+5.5", false),
        ("0", false),
    ] {
        let c = load(&text.replace("W+5.5", re));
        assert_eq!(c.game().phase(), Phase::Finished, "RE[{re}]");
        assert_eq!(c.recorded_result().as_deref(), Some(re));
        assert_eq!(c.recorded_result_agrees(), Some(agrees), "RE[{re}]");
        assert_eq!(dead(&c), [p(0, 0), p(4, 4)], "the marks are the record's");
    }
    // RE not a count: marked, not finished.
    for re in ["W+R", "B+T", "Void", "?", "W+"] {
        let c = load(&text.replace("W+5.5", re));
        assert_eq!(c.game().phase(), Phase::Stopped, "RE[{re}]");
        assert_eq!(dead(&c), [p(0, 0), p(4, 4)]);
        assert_eq!(c.recorded_result().as_deref(), Some(re));
        assert_eq!(c.recorded_result_agrees(), None, "RE[{re}]");
    }
    // Only some stones of a chain in the territory: the whole chain is marked, once.
    let c = load(
        "(;SZ[5]RU[Japanese]AB[ba][bb][bc][bd][be]AW[ca][cb][cc][cd][ce][aa][ab];B[];W[]TB[aa])",
    );
    assert_eq!(dead(&c), [p(0, 0), p(0, 1)]);
    assert_eq!(
        c.end_of_play(),
        &tree::EndOfPlay::Marked {
            dead: vec![p(0, 0)],
            finished: false
        }
    );
}

// The proposal is the estimator's: without it play stops with no marks.
#[cfg(feature = "estimate")]
#[test]
fn two_passes_without_territory_mark_the_proposal() {
    for tail in [";B[];W[]", ";B[];W[]C[no markup]"] {
        let text = ending(tail).replace("SZ[5]", "SZ[5]RE[W+5.5]");
        let c = load(&text);
        assert_eq!(c.game().phase(), Phase::Stopped);
        // The estimator's proposal: the white stone in Black's area and the black one in
        // White's, and so the record's count.
        assert_eq!(dead(&c), [p(0, 0), p(4, 4)]);
        assert_eq!(c.end_of_play(), &tree::EndOfPlay::NoMarkup);
        assert_eq!(c.recorded_result_agrees(), Some(true));
    }
    // Records that do not end with two passes load as before: playing, nothing marked.
    for tail in [";B[];W[de]TB[ab]", ";B[ab]TW[ee]", ";B[]TB[aa]TW[ee]", ""] {
        let text = ending(tail).replace("SZ[5]", "SZ[5]RE[B+R]");
        let c = load(&text);
        assert_eq!(c.game().phase(), Phase::Playing, "{tail}");
        assert!(dead(&c).is_empty());
        assert_eq!(c.end_of_play(), &tree::EndOfPlay::NotStopped);
        assert_eq!(c.recorded_result_agrees(), None);
    }
    // Rules that count the board as it stands finish on the second pass: no marks there.
    let c = load(
        &ending(";B[];W[]TB[aa][ab][ac][ad][ae]TW[ee][da:ed]")
            .replace("RU[Japanese]", "RU[Tromp-Taylor]"),
    );
    assert_eq!(c.game().phase(), Phase::Finished);
    assert!(dead(&c).is_empty());
    assert_eq!(c.end_of_play(), &tree::EndOfPlay::NotStopped);
    // Territory markup naming points off the board: a warning, no marks.
    let c = load(&ending(";B[];W[]TB[aa][zz]"));
    assert_eq!(c.game().phase(), Phase::Stopped);
    assert!(dead(&c).is_empty());
    assert!(
        c.warnings()[0].message.contains("TB/TW"),
        "{:?}",
        c.warnings()
    );
}

#[test]
fn the_record_s_end_of_play_belongs_to_its_node() {
    let text =
        ending(";B[];W[]TB[aa][ab][ac][ad][ae]TW[ee][da:ed]").replace("SZ[5]", "SZ[5]RE[W+5.5]");
    let mut c = load(&text);
    let end = c.path().to_vec();
    assert_eq!(c.game().phase(), Phase::Finished);
    // Moving away and back: the same end of play, by next, goTo and a pass entering the node.
    c.previous().unwrap();
    assert_eq!(c.game().phase(), Phase::Playing);
    assert!(dead(&c).is_empty());
    assert!(c.next(0).unwrap());
    assert_eq!(c.game().phase(), Phase::Finished);
    assert_eq!(dead(&c), [p(0, 0), p(4, 4)]);
    c.go_to(&[]).unwrap();
    c.go_to(&end).unwrap();
    assert_eq!(c.game().phase(), Phase::Finished);
    // Undo at the node steps back: the record's marks are not undone one by one.
    c.undo().unwrap();
    assert_eq!(c.path(), &end[..end.len() - 1]);
    assert!(c.pass().unwrap(), "the pass of the record's last node");
    assert_eq!(c.path(), &end[..]);
    assert_eq!(c.game().phase(), Phase::Finished);
    assert_eq!(dead(&c), [p(0, 0), p(4, 4)]);
    assert_eq!(c.to_sgf(), sgf::parse(text.as_bytes()).unwrap().to_sgf());

    // Stopped, then the marks changed here: written as the new territory, read back so.
    let mut c = load(&ending(";B[];W[]TB[aa][ab][ac][ad][ae]TW[ee][da:ed]"));
    c.game_mut().toggle_dead(p(4, 4)).unwrap();
    assert_eq!(dead(&c), [p(0, 0)]);
    let again = load(&c.to_sgf());
    assert_eq!(again.game().phase(), Phase::Stopped);
    assert_eq!(dead(&again), [p(0, 0)]);
    assert_eq!(again.game().score(), c.game().score());
    c.undo().unwrap();
    assert_eq!(dead(&c), [p(0, 0), p(4, 4)], "undo takes back the change");
    c.game_mut().finish().unwrap();
    let again = load(&c.to_sgf());
    assert_eq!(again.game().phase(), Phase::Finished);
    assert_eq!(again.game().score(), c.game().score());
    assert_eq!(again.recorded_result_agrees(), Some(true));

    // Play stopped in the middle of the record, then resumed: the marks at that node, no
    // finish (the line goes on), and the record's next move still plays from there.
    let text = ending(";B[];W[]TB[aa][ab][ac][ad][ae]TW[ee][da:ed];B[de];W[dd]")
        .replace("SZ[5]", "SZ[5]RE[W+5.5]");
    let mut c = load(&text);
    assert_eq!(c.game().phase(), Phase::Playing);
    c.previous().unwrap();
    c.previous().unwrap();
    assert_eq!(c.game().phase(), Phase::Stopped);
    assert_marked(&c, &[p(0, 0), p(4, 4)], false);
    c.game_mut().toggle_dead(p(0, 0)).unwrap();
    assert!(c.next(0).unwrap());
    assert_eq!(c.game().phase(), Phase::Playing);
    assert!(dead(&c).is_empty());
    assert_eq!(c.game().board().get(p(3, 4)), Some(Color::Black));

    // Basic rules: two passes at once after a resumption make every stone alive; no marks.
    let text = ending(";B[];W[];B[];W[]TB[aa][ab][ac][ad][ae]TW[ee][da:ed]")
        .replace("RU[Japanese]", "RU[basic]")
        .replace("SZ[5]", "SZ[5]RE[0]");
    let c = load(&text);
    assert!(c.game().all_alive());
    assert!(dead(&c).is_empty());
    assert_eq!(c.game().phase(), Phase::Finished);
}

#[test]
fn illegal_moves_strict_and_lenient() {
    // Move 3: Black plays on an occupied point.
    let s = "(;SZ[9];B[cc];W[dd];B[cc];W[ee])";
    let e = Cursor::load(s.as_bytes(), &LoadOptions::default()).unwrap_err();
    assert_eq!(e.code(), "illegalMove");
    assert_eq!(
        e,
        Error::IllegalMove {
            number: 3,
            color: Color::Black,
            point: Some(p(2, 2)),
            rule: "occupied",
            reason: Error::Occupied.static_message(),
        }
    );
    assert!(
        e.message().contains("move 3 (black at cc)"),
        "{}",
        e.message()
    );
    let lenient = LoadOptions {
        lenient: true,
        ..LoadOptions::default()
    };
    // Lenient reading, for viewing: the move is played as the record has it (the stone there
    // replaced), with a warning, and the record goes on.
    let mut c = Cursor::load(s.as_bytes(), &lenient).unwrap();
    assert_eq!(c.path(), &[0, 0, 0, 0], "to the end");
    assert_eq!(c.game().move_number(), 4);
    assert!(c
        .warnings()
        .iter()
        .any(|w| w.message.contains("move 3") && w.message.contains("as the record has it")));
    assert!(c.previous().unwrap());
    assert!(c.previous().unwrap());
    assert_eq!(c.game().move_number(), 2);
    assert!(c.next(0).unwrap());
    assert_eq!(c.game().board().get(p(2, 2)), Some(Color::Black));
    // Playing stays strict: on the occupied point, refused.
    assert_eq!(c.play(p(3, 3)).unwrap_err(), Error::Occupied);
}

#[test]
fn a_variation_with_an_illegal_move_is_refused_when_entered() {
    let mut c = load("(;SZ[9];B[cc](;W[dd])(;W[cc]))");
    c.go_to(&[0]).unwrap();
    let e = c.next(1).unwrap_err();
    assert_eq!(e.code(), "illegalMove");
    assert_eq!(c.path(), &[0]);
    assert_eq!(c.game().move_number(), 1);
    assert!(c.next(0).unwrap());
}

#[test]
fn options_override_the_record() {
    let s = "(;SZ[9]RU[Japanese]KM[6.5]HA[0];B[cc])";
    let with = |game: Options| {
        Cursor::load(
            s.as_bytes(),
            &LoadOptions {
                game,
                ..LoadOptions::default()
            },
        )
    };
    let c = with(Options {
        rules: Some(RulesOption {
            preset: Some("chinese".into()),
            ..RulesOption::default()
        }),
        ..Options::default()
    })
    .unwrap();
    assert_eq!(c.game().rules().scoring.name(), "area");
    assert_eq!(c.game().rules().komi_halves, 13, "the record's komi stays");
    let c = with(Options {
        komi: Some(0.5),
        ..Options::default()
    })
    .unwrap();
    assert_eq!(c.game().rules().komi_halves, 1);
    assert_eq!(c.game().rules().scoring.name(), "territory");
    let c = with(Options {
        size: Some(SizeOption::Square(9.0)),
        handicap: Some(2.0),
        ..Options::default()
    })
    .unwrap();
    assert_eq!(c.game().setup().handicap, 2);
    for bad in [
        Options {
            size: Some(SizeOption::Square(13.0)),
            ..Options::default()
        },
        Options {
            komi: Some(0.25),
            ..Options::default()
        },
        Options {
            handicap: Some(12.0),
            ..Options::default()
        },
        Options {
            rules: Some(RulesOption {
                preset: Some("nope".into()),
                ..RulesOption::default()
            }),
            ..Options::default()
        },
    ] {
        assert_eq!(with(bad).unwrap_err().code(), "invalidOptions");
    }
    // A ruleset that allows what the record's rules forbid: suicide, under Tromp-Taylor.
    let suicide = "(;SZ[3];B[ba];W[aa];B[bb];W[cc];B[ac];W[ab])";
    let e = Cursor::load(suicide.as_bytes(), &LoadOptions::default()).unwrap_err();
    assert!(
        e.message()
            .contains("move 6 (white at ab) is illegal: suicide"),
        "{e}"
    );
    let tt = LoadOptions {
        game: Options {
            rules: Some(RulesOption {
                preset: Some("tromp-taylor".into()),
                ..RulesOption::default()
            }),
            ..Options::default()
        },
        lenient: false,
        index: 0,
    };
    let c = Cursor::load(suicide.as_bytes(), &tt).unwrap();
    assert_eq!(at(&c, 0, 0), None, "the suicide took both stones off");
    assert_eq!(at(&c, 0, 1), None);
}

#[test]
fn syntax_errors_and_collections() {
    let e = Cursor::load(b"(;B[aa]", &LoadOptions::default()).unwrap_err();
    assert!(matches!(e, Error::Sgf { .. }), "{e}");
    let e = Cursor::load(b"junk", &LoadOptions::default()).unwrap_err();
    assert_eq!(e.code(), "sgf");
    let c = load("(;SZ[9];B[aa])(;SZ[13];B[bb])");
    assert_eq!(c.game().board().size(), Size::square(9).unwrap());
    assert_eq!((c.game_index(), c.game_count()), (0, 2));
    assert!(c.warnings().is_empty());
}

/// A game of a collection is opened by its number, and written back with the
/// collection's other games as they were.
#[test]
fn a_game_of_a_collection_and_the_collection_written_back() {
    let file = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/sgf/problems.sgf"
    ))
    .unwrap();
    let original = sgf::parse(&file).unwrap();
    assert_eq!(original.games.len(), 4);
    let open = |index: usize| {
        let o = LoadOptions {
            index,
            ..LoadOptions::default()
        };
        Cursor::load(&file, &o).unwrap_or_else(|e| panic!("game {index}: {e}"))
    };
    for (index, g) in original.games.iter().enumerate() {
        let mut c = open(index);
        assert_eq!((c.game_index(), c.game_count()), (index, 4));
        assert_eq!(c.game().board().size(), g.size().unwrap());
        // Unchanged: the collection as it was read.
        assert_eq!(sgf::parse(c.to_sgf().as_bytes()).unwrap(), original);
        // A move played in this game changes this game only.
        c.go_to(&[]).unwrap();
        let mv = (0..19)
            .flat_map(|y| (0..19).map(move |x| p(x, y)))
            .find(|&pt| c.play(pt).is_ok())
            .unwrap();
        let written = sgf::parse(c.to_sgf().as_bytes()).unwrap();
        assert_eq!(written.games.len(), 4);
        for (k, (w, o)) in written.games.iter().zip(&original.games).enumerate() {
            if k == index {
                assert_ne!(w, o, "game {index} has the move {mv:?}");
                assert_eq!(w.len(), o.len() + 1, "one node more");
            } else {
                assert_eq!(w, o, "game {k} is as it was");
            }
        }
    }
    // A number naming no game tree.
    let o = LoadOptions {
        index: 4,
        ..LoadOptions::default()
    };
    let e = Cursor::load(&file, &o).unwrap_err();
    assert_eq!(e.code(), "invalidOptions");
    // The list of the games: names, players, sizes, nodes and moves.
    let list = original.summaries();
    let names: Vec<_> = list
        .iter()
        .map(|s| s.info.game_name.clone().unwrap_or_default())
        .collect();
    assert_eq!(names, ["Problem 1", "Problem 2", "A game", "Problem 3"]);
    assert_eq!(list[2].info.black_name.as_deref(), Some("Honinbo Shusaku"));
    let sizes: Vec<_> = list
        .iter()
        .map(|s| s.size.map(|z| (z.width(), z.height())))
        .collect();
    assert_eq!(
        sizes,
        [Some((19, 19)), Some((9, 9)), Some((19, 19)), Some((13, 13))]
    );
    let counts: Vec<_> = list.iter().map(|s| (s.nodes, s.moves)).collect();
    assert_eq!(counts, [(6, 3), (4, 3), (9, 8), (1, 0)]);
}

#[test]
fn text_and_bytes_decoding() {
    // Latin-1 bytes, as the CA says; the same text given as a string.
    let bytes = b"(;CA[ISO-8859-1]SZ[9]PB[Jos\xe9]C[caf\xe9];B[aa])";
    let c = Cursor::load(bytes, &LoadOptions::default()).unwrap();
    assert_eq!(c.info("PB").as_deref(), Some("Jos\u{e9}"));
    assert!(c.to_sgf().contains("CA[UTF-8]"));
    let text = "(;CA[ISO-8859-1]SZ[9]PB[Jos\u{e9}]C[caf\u{e9}];B[aa])";
    let t = Cursor::load_text(text, &LoadOptions::default()).unwrap();
    assert_eq!(
        t.info("PB").as_deref(),
        Some("Jos\u{e9}"),
        "a string is text already"
    );
    assert!(t.to_sgf().contains("CA[UTF-8]"));
    // Latin-1 bytes without CA: not UTF-8, so read as Latin-1.
    let c = Cursor::load(b"(;SZ[9]PW[M\xfcller])", &LoadOptions::default()).unwrap();
    assert_eq!(c.info("PW").as_deref(), Some("M\u{fc}ller"));
}

#[test]
fn a_plain_game_as_a_record() {
    let mut g = Game::new(Setup {
        size: Size::square(9).unwrap(),
        ..Setup::default()
    })
    .unwrap();
    g.place(p(2, 2)).unwrap();
    g.place(p(6, 6)).unwrap();
    g.pass().unwrap();
    let mut c = Cursor::from_game(g.clone());
    assert_eq!(c.path(), &[0, 0, 0]);
    assert_eq!(c.game().board(), g.board());
    assert_eq!(c.to_sgf(), tree::record(&g).to_sgf());
    assert!(c.previous().unwrap());
    assert_eq!(c.game().move_number(), 2);
    c.play(p(4, 4)).unwrap();
    assert_eq!(c.path(), &[0, 0, 1], "a variation beside the pass");
}

#[test]
fn corpus_files_step_to_the_end_and_back() {
    let corpus = std::env::var_os("TENGEN_CORPUS")
        .filter(|v| !v.is_empty())
        .map_or_else(
            || std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"),
            std::path::PathBuf::from,
        );
    let dir = corpus.join("replay");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        println!(
            "sgf_cursor: corpus test SKIPPED, {} is absent (set TENGEN_CORPUS)",
            dir.display()
        );
        return;
    };
    let mut files: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    files.sort();
    for f in files.iter().take(5) {
        let bytes = std::fs::read(f).unwrap();
        let mut c = Cursor::load(&bytes, &LoadOptions::default()).unwrap();
        let end = c.game().board().clone();
        let moves = c.move_count();
        c.go_to(&[]).unwrap();
        let mut n = 0;
        while c.next(0).unwrap() {
            n += 1;
        }
        assert_eq!(c.move_count(), moves, "{}", f.display());
        assert_eq!(n, c.path().len());
        assert_eq!(c.game().board(), &end, "{}", f.display());
        for _ in 0..10 {
            c.previous().unwrap();
        }
        assert_eq!(c.move_count(), moves.saturating_sub(10));
    }
}

/// A random walk of every operation: the cursor never panics, and after every step the game is
/// the replay of the path to the current node (the actions that left no node aside).
#[test]
fn random_walks_keep_the_game_at_the_node() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut rand = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n.max(1) as u64) as usize
    };
    for record in [
        VARIATIONS,
        "(;SZ[5]KM[0.5];B[cc];W[dd](;B[bb];W[])(;B[dc];W[cb];B[bc]))",
        "(;SZ[4]AB[aa]AW[dd]PL[W];W[bb](;B[cc])(;B[ab]))",
    ] {
        let mut c = load(record);
        for _ in 0..400 {
            let size = c.game().board().size();
            let _ = match rand(8) {
                0 => c.next(rand(4)).map(|_| ()),
                1 => c.previous().map(|_| ()),
                2 => {
                    let path: Vec<usize> = (0..rand(6)).map(|_| rand(3)).collect();
                    c.go_to(&path)
                }
                3 => c
                    .play(p(
                        rand(size.width() as usize) as u8,
                        rand(size.height() as usize) as u8,
                    ))
                    .map(|_| ()),
                4 => c.pass().map(|_| ()),
                5 => c.undo(),
                6 => c
                    .game_mut()
                    .toggle_dead(p(
                        rand(size.width() as usize) as u8,
                        rand(size.height() as usize) as u8,
                    ))
                    .map(|_| ()),
                _ => c.game_mut().resume(Color::Black),
            };
            c.settle();
            let mut fresh = c.clone();
            fresh
                .go_to_node(c.node())
                .expect("the current node replays");
            let r = tree::replay_to(c.tree(), c.node(), &tree::ReplayOptions::default()).unwrap();
            assert_eq!(fresh.game().board(), r.game.board());
            assert_eq!(fresh.game().to_move(), r.game.to_move());
            assert_eq!(c.game().board(), r.game.board(), "stones at {:?}", c.path());
            assert_eq!(c.tree().follow(c.path(), false), Some(c.node()));
            // What is written reads back as the same tree.
            let again = Cursor::load(c.to_sgf().as_bytes(), &LoadOptions::default())
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(again.tree().len(), c.tree().len());
        }
    }
}

#[test]
fn stepping_back_over_moves_played_here_takes_them_back() {
    // A leniently read record whose root move cannot be read cannot be
    // replayed to its root; moves played on it are still taken back, never an `sgf` error.
    let lenient = LoadOptions {
        lenient: true,
        ..LoadOptions::default()
    };
    let mut c = Cursor::load(b"(;B[R0WZ])", &lenient).unwrap_or_else(|e| panic!("{e}"));
    let start = c.game().board().clone();
    c.play(p(3, 3)).unwrap();
    c.pass().unwrap();
    c.play(p(4, 4)).unwrap();
    assert_eq!(c.path(), &[0, 0, 0]);
    for _ in 0..3 {
        c.undo().unwrap_or_else(|e| panic!("{e}"));
    }
    assert_eq!(c.game().board(), &start);
    assert_eq!(c.game().move_number(), 0);
    assert!(c.path().is_empty());
    assert_eq!(c.undo(), Err(Error::NotAllowed(Refusal::NothingToUndo)));
    assert_eq!(c.tree().len(), 1, "the moves played here went with them");

    // Actions at the node a move was played from come back with it: two passes, a resumption,
    // a move; stepping back undoes the move only, leaving play resumed.
    let mut c = load("(;SZ[5];B[cc];W[dd])");
    c.pass().unwrap();
    c.pass().unwrap();
    c.game_mut().resume(Color::Black).unwrap();
    let resumed = (
        c.game().phase(),
        c.game().to_move(),
        c.game().actions().len(),
    );
    c.play(p(0, 0)).unwrap();
    c.previous().unwrap();
    assert_eq!(
        (
            c.game().phase(),
            c.game().to_move(),
            c.game().actions().len()
        ),
        resumed
    );
    assert_eq!(c.game().phase(), Phase::Playing);
}

/// Navigation goes back to the node shared with the current path and plays forward from there;
/// a refused move on the way brings it back where it was, what was done at the node included.
#[test]
fn a_refused_jump_comes_back_with_what_was_done_at_the_node() {
    let mut c = load("(;SZ[5];B[aa];W[bb];B[];W[](;B[cc];W[dd])(;B[bb]))");
    c.go_to(&[0, 0, 0, 0]).unwrap();
    assert_eq!(c.game().phase(), Phase::Stopped);
    c.game_mut().toggle_dead(p(1, 1)).unwrap();
    let marks = c.game().dead_marks().to_vec();
    assert_eq!(c.go_to(&[0, 0, 0, 0, 1]).unwrap_err().code(), "illegalMove");
    assert_eq!(c.path(), &[0, 0, 0, 0]);
    assert_eq!(c.game().phase(), Phase::Stopped);
    assert_eq!(
        c.game().dead_marks(),
        &marks[..],
        "the mark made at the node stays"
    );
    c.go_to(&[0, 0, 0, 0, 0, 0]).unwrap();
    let board = c.game().board().to_signs();
    assert_eq!(c.go_to(&[0, 0, 0, 0, 1]).unwrap_err().code(), "illegalMove");
    assert_eq!(c.path(), &[0, 0, 0, 0, 0, 0]);
    assert_eq!(c.game().board().to_signs(), board);
    assert_eq!(c.game().move_number(), 6);
    // And the jump back to a node of the line gives the game a replay gives.
    c.go_to(&[0, 0]).unwrap();
    assert_eq!(c.game().move_number(), 2);
    assert_eq!(c.game().phase(), Phase::Playing);
    assert!(c.game().dead_marks().iter().all(|&d| !d));
}

/// Moves played at the end of the line are written without being made nodes first: the same
/// text as once they are nodes, line breaks included.
#[test]
fn moves_not_yet_nodes_are_written_as_nodes_would_be() {
    for record in ["(;SZ[9])", "(;SZ[9];B[ee])"] {
        let mut c = load(record);
        let mut k = 0u8;
        while c.game().move_number() < 120 {
            let q = p(k % 9, (k / 9) % 9);
            k = k.wrapping_add(7);
            if c.play(q).is_err() && k % 5 == 0 {
                c.pass().unwrap();
                if c.game().phase() == Phase::Stopped {
                    c.game_mut().resume(Color::White).unwrap();
                }
            }
        }
        let written = c.to_sgf();
        assert!(written.lines().count() > 5, "{written}");
        c.settle();
        assert_eq!(c.to_sgf(), written);
    }
}

/// A node with thousands of variations (a joseki dictionary's root): each is entered by its
/// number and left again, and lands on its own move (a walk of the children per visit).
#[test]
fn entering_every_variation_of_a_wide_node() {
    let n = 5_000;
    let mut text = String::from("(;SZ[19]");
    for k in 0..n {
        let p = Point::new((k % 19) as u8, ((k / 19) % 19) as u8);
        text.push_str(&format!("(;B[{}];W[ss])", p.sgf()));
    }
    text.push(')');
    let mut c = Cursor::load(text.as_bytes(), &LoadOptions::default()).unwrap();
    c.go_to(&[]).unwrap();
    assert_eq!(c.variations().len(), n);
    for k in 0..n {
        assert!(c.next(k).unwrap());
        assert_eq!(c.path(), &[k]);
        let want = Point::new((k % 19) as u8, ((k / 19) % 19) as u8);
        assert_eq!(c.game().last_move().and_then(|m| m.point), Some(want));
        assert!(c.previous().unwrap());
    }
    c.go_to(&[n - 1, 0]).unwrap();
    assert_eq!(c.game().move_number(), 2);
}
