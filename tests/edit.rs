//! Editing the record (src/tree/cursor/edit.rs): each edit is one action that undo takes back
//! exactly (the record and the current node) and redo takes again; a refused edit changes
//! nothing; marks, lines and annotations follow FF[4]'s rules; set-up replays the node; moves
//! and edits share one undo.
#![cfg(all(feature = "sgf", feature = "edit"))]

use tengen::tree::{Cursor, LineKind, LoadOptions, MarkEdit, MarkKind};
use tengen::{Color, Error, Point, Refusal};

fn load(sgf: &str) -> Cursor {
    Cursor::load_text(sgf, &LoadOptions::default()).expect("the record loads")
}

/// The record written, without the line breaks the writer puts between nodes.
fn sgf(c: &Cursor) -> String {
    c.to_sgf().replace('\n', "")
}

fn pt(s: &str) -> Point {
    Point::from_sgf(s).unwrap()
}

/// What undo must restore: the record, the current node, and the board there.
fn state(c: &Cursor) -> (String, Vec<usize>, Vec<i8>) {
    (c.to_sgf(), c.path().to_vec(), c.game().board().to_signs())
}

/// A record with variations, a set-up node and a comment: what the edits below run on.
const RECORD: &str = "(;GM[1]FF[4]SZ[9]AB[aa]C[start];B[ee];W[cc](;B[gg]TR[gg];W[gc])(;B[cg])\
                      (;AW[ii]PL[B];B[hh]))";

type Edit = fn(&mut Cursor) -> Result<(), Error>;

/// Each edit at a node (its path): it changes the record, undo restores the record and the
/// node exactly, redo gives the same record and node again.
const EDITS: &[(&str, &[usize], Edit)] = &[
    ("triangle", &[0, 0], |c| {
        c.set_mark(pt("ee"), Some(MarkEdit::Shape(MarkKind::Triangle)))
    }),
    ("square over triangle", &[0, 0, 0], |c| {
        c.set_mark(pt("gg"), Some(MarkEdit::Shape(MarkKind::Square)))
    }),
    ("selected", &[0], |c| {
        c.set_mark(pt("ee"), Some(MarkEdit::Shape(MarkKind::Selected)))
    }),
    ("label", &[0, 0], |c| {
        c.set_mark(pt("ab"), Some(MarkEdit::Label("A:]\\".into())))
    }),
    ("dim", &[], |c| c.set_mark(pt("ab"), Some(MarkEdit::Dim))),
    ("clear", &[0, 0, 0], |c| c.set_mark(pt("gg"), None)),
    ("line", &[0], |c| {
        c.set_line(pt("aa"), pt("ii"), Some(LineKind::Line))
    }),
    ("arrow", &[0], |c| {
        c.set_line(pt("aa"), pt("ii"), Some(LineKind::Arrow))
    }),
    ("comment", &[0, 0], |c| c.set_comment(Some("a ] bracket\\"))),
    ("comment removed", &[], |c| c.set_comment(None)),
    ("name", &[0], |c| c.set_name(Some("first"))),
    ("tesuji", &[0, 0], |c| c.set_annotation("TE", Some(2))),
    ("good for black", &[], |c| c.set_annotation("GB", Some(1))),
    ("hotspot", &[0], |c| c.set_annotation("HO", Some(1))),
    ("stone at the root", &[], |c| {
        c.set_stone(pt("bb"), Some(Color::White))
    }),
    ("stone removed at the root", &[], |c| {
        c.set_stone(pt("aa"), None)
    }),
    ("stone at a move: a new child", &[0, 0], |c| {
        c.set_stone(pt("ab"), Some(Color::Black))
    }),
    ("stone at a set-up node", &[0, 0, 2], |c| {
        c.set_stone(pt("ha"), Some(Color::Black))
    }),
    ("to move", &[0, 0, 2], |c| c.set_to_move(Some(Color::White))),
    ("to move at a move: a new child", &[0], |c| {
        c.set_to_move(Some(Color::White))
    }),
    ("delete", &[0, 0, 1], |c| c.delete_node()),
    ("delete a line", &[0, 0, 0], |c| c.delete_node()),
    ("variation up", &[0, 0, 2], |c| c.move_variation(-1)),
    ("variation down", &[0, 0, 0], |c| c.move_variation(1)),
    ("main line", &[0, 0, 2, 0], |c| c.make_main_line()),
];

#[test]
fn each_edit_is_undone_exactly_and_redone() {
    for &(name, path, edit) in EDITS {
        let mut c = load(RECORD);
        c.go_to(path).unwrap();
        let before = state(&c);
        edit(&mut c).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let after = state(&c);
        assert_ne!(before.0, after.0, "{name}: the record changed");
        assert_eq!(
            Cursor::load_text(&after.0, &LoadOptions::default())
                .unwrap()
                .to_sgf(),
            after.0,
            "{name}: the record written reads back the same"
        );
        c.undo().unwrap();
        assert_eq!(state(&c), before, "{name}: undo");
        assert!(c.can_redo());
        c.redo().unwrap();
        assert_eq!(state(&c), after, "{name}: redo");
        c.undo().unwrap();
        assert_eq!(state(&c), before, "{name}: undo after redo");
        // Undone from elsewhere in the tree: the game goes back to the edit's node.
        c.redo().unwrap();
        c.go_to(&[]).unwrap();
        c.undo().unwrap();
        assert_eq!(state(&c), before, "{name}: undo from another node");
        assert_eq!(
            c.redo(),
            Ok(()),
            "{name}: navigation leaves what can be redone"
        );
        assert_eq!(state(&c), after, "{name}: redo from another node");
    }
}

/// (name, path, what is done first, the refused call, its error)
type Refused = (&'static str, &'static [usize], Edit, Edit, Error);

/// Each refused call: its error, and nothing changed (the record, the node, and the journal:
/// undo still takes back the edit made before it).
const REFUSED: &[Refused] = &[
    (
        "off the board",
        &[0],
        |_| Ok(()),
        |c| c.set_stone(Point::new(9, 0), Some(Color::Black)),
        Error::OffBoard,
    ),
    (
        "mark off the board",
        &[0],
        |_| Ok(()),
        |c| c.set_mark(Point::new(0, 12), None),
        Error::OffBoard,
    ),
    (
        "empty label",
        &[0],
        |_| Ok(()),
        |c| c.set_mark(pt("aa"), Some(MarkEdit::Label(String::new()))),
        Error::InvalidOptions("a label is 1 to 32 characters on one line"),
    ),
    (
        "label on two lines",
        &[0],
        |_| Ok(()),
        |c| c.set_mark(pt("aa"), Some(MarkEdit::Label("a\nb".into()))),
        Error::InvalidOptions("a label is 1 to 32 characters on one line"),
    ),
    (
        "label too long",
        &[0],
        |_| Ok(()),
        |c| c.set_mark(pt("aa"), Some(MarkEdit::Label("x".repeat(33)))),
        Error::InvalidOptions("a label is 1 to 32 characters on one line"),
    ),
    (
        "line to itself",
        &[0],
        |_| Ok(()),
        |c| c.set_line(pt("aa"), pt("aa"), Some(LineKind::Line)),
        Error::InvalidOptions("a line or arrow joins two different points"),
    ),
    (
        "arrow off the board",
        &[0],
        |_| Ok(()),
        |c| c.set_line(pt("aa"), Point::new(20, 0), Some(LineKind::Arrow)),
        Error::OffBoard,
    ),
    (
        "move annotation without a move",
        &[],
        |_| Ok(()),
        |c| c.set_annotation("BM", Some(1)),
        Error::NotAllowed(Refusal::NoMove),
    ),
    (
        "doubtful emphasised",
        &[0],
        |_| Ok(()),
        |c| c.set_annotation("DO", Some(2)),
        Error::InvalidOptions(
            "an annotation's value is 1, 2 (not for doubtful or interesting) or null",
        ),
    ),
    (
        "value 3",
        &[0],
        |_| Ok(()),
        |c| c.set_annotation("TE", Some(3)),
        Error::InvalidOptions(
            "an annotation's value is 1, 2 (not for doubtful or interesting) or null",
        ),
    ),
    (
        "no such annotation",
        &[0],
        |_| Ok(()),
        |c| c.set_annotation("XX", Some(1)),
        Error::InvalidOptions("no such annotation"),
    ),
    (
        "delete the root",
        &[],
        |_| Ok(()),
        |c| c.delete_node(),
        Error::NotAllowed(Refusal::AtRoot),
    ),
    (
        "move the root",
        &[],
        |_| Ok(()),
        |c| c.move_variation(1),
        Error::NotAllowed(Refusal::AtRoot),
    ),
    (
        "first variation up",
        &[0, 0, 0],
        |_| Ok(()),
        |c| c.move_variation(-1),
        Error::NotAllowed(Refusal::NoSibling),
    ),
    (
        "last variation down",
        &[0, 0, 2],
        |_| Ok(()),
        |c| c.move_variation(1),
        Error::NotAllowed(Refusal::NoSibling),
    ),
    (
        "a chain without a liberty at the root",
        &[],
        |c| c.set_stone(pt("ba"), Some(Color::White)),
        |c| c.set_stone(pt("ab"), Some(Color::White)),
        Error::NotAllowed(Refusal::NoLiberty),
    ),
    (
        "a chain without a liberty at a move: no new child",
        &[0],
        |c| {
            c.go_to(&[])?;
            c.set_stone(pt("ab"), Some(Color::White))?;
            c.go_to(&[0])
        },
        |c| c.set_stone(pt("ba"), Some(Color::White)),
        Error::NotAllowed(Refusal::NoLiberty),
    ),
    (
        "a chain without a liberty at a set-up node",
        &[0, 0, 2],
        |c| c.set_stone(pt("hi"), Some(Color::Black)),
        |c| c.set_stone(pt("ih"), Some(Color::Black)),
        Error::NotAllowed(Refusal::NoLiberty),
    ),
];

#[test]
fn refused_edits_change_nothing() {
    for (name, path, prep, call, want) in REFUSED {
        let mut c = load(RECORD);
        c.go_to(path).unwrap();
        let start = state(&c);
        // An edit first, for the journal: undo after the refusal still takes it back.
        c.set_comment(Some("before")).unwrap();
        prep(&mut c).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let before = state(&c);
        assert_eq!(call(&mut c), Err(*want), "{name}");
        assert_eq!(
            state(&c),
            before,
            "{name}: the refused call changed something"
        );
        // Taking back every edit that succeeded gives the start again.
        for _ in 0..10 {
            if state(&c) == start {
                break;
            }
            c.undo().unwrap_or_else(|e| panic!("{name}: {e:?}"));
        }
        assert_eq!(state(&c), start, "{name}: the journal is whole");
    }
}

#[test]
fn a_point_has_one_shape_and_labels_and_dimming_beside_it() {
    let mut c = load("(;SZ[9];B[ee])");
    c.go_to(&[0]).unwrap();
    let e = pt("ee");
    for kind in MarkKind::ALL {
        c.set_mark(e, Some(MarkEdit::Shape(kind))).unwrap();
        let m = c.markup();
        for other in MarkKind::ALL {
            assert_eq!(
                m.points(other),
                if other == kind { vec![e] } else { vec![] }
            );
        }
    }
    c.set_mark(e, Some(MarkEdit::Label("7".into()))).unwrap();
    c.set_mark(e, Some(MarkEdit::Dim)).unwrap();
    c.set_mark(e, Some(MarkEdit::Label("A".into()))).unwrap();
    let m = c.markup();
    assert_eq!(m.points(MarkKind::Selected), vec![e], "the shape stays");
    assert_eq!(m.labels.len(), 1, "one label a point");
    assert_eq!(m.labels[0].text, "A");
    assert_eq!(m.dimmed, vec![e]);
    assert!(
        c.to_sgf().contains("SL[ee]LB[ee:A]DD[ee]"),
        "{}",
        c.to_sgf()
    );
    c.set_mark(e, None).unwrap();
    assert_eq!(c.markup(), Default::default(), "null clears every mark");
    assert_eq!(sgf(&c), "(;SZ[9];B[ee])");
}

#[test]
fn one_connector_a_pair_of_points() {
    let mut c = load("(;SZ[9])");
    let (a, b, d) = (pt("aa"), pt("cc"), pt("ee"));
    c.set_line(a, b, Some(LineKind::Line)).unwrap();
    c.set_line(b, a, Some(LineKind::Line)).unwrap();
    assert_eq!(c.markup().lines, vec![(b, a)], "undirected: one line");
    c.set_line(a, b, Some(LineKind::Arrow)).unwrap();
    assert_eq!(c.markup().lines, vec![]);
    assert_eq!(
        c.markup().arrows,
        vec![(a, b)],
        "the arrow replaces the line"
    );
    c.set_line(b, d, Some(LineKind::Arrow)).unwrap();
    c.set_line(b, a, Some(LineKind::Arrow)).unwrap();
    assert_eq!(
        c.markup().arrows,
        vec![(b, d), (b, a)],
        "directed, one a pair"
    );
    c.set_line(a, b, None).unwrap();
    assert_eq!(c.markup().arrows, vec![(b, d)]);
    assert_eq!(sgf(&c), "(;SZ[9]AR[cc:ee])");
}

#[test]
fn annotations_one_of_each_group_written_canonically() {
    let mut c = load("(;SZ[9];B[ee])");
    c.go_to(&[0]).unwrap();
    c.set_annotation("TE", Some(2)).unwrap();
    c.set_annotation("GB", Some(1)).unwrap();
    c.set_annotation("HO", Some(2)).unwrap();
    assert_eq!(sgf(&c), "(;SZ[9];B[ee]TE[2]GB[1]HO[2])");
    c.set_annotation("DO", Some(1)).unwrap();
    c.set_annotation("UC", Some(2)).unwrap();
    assert_eq!(sgf(&c), "(;SZ[9];B[ee]HO[2]DO[]UC[2])");
    assert_eq!(c.annotations(), vec![("DO", 1), ("UC", 2), ("HO", 2)]);
    c.set_annotation("IT", Some(1)).unwrap();
    c.set_annotation("BM", Some(1)).unwrap();
    c.set_annotation("DM", Some(1)).unwrap();
    c.set_annotation("HO", None).unwrap();
    assert_eq!(sgf(&c), "(;SZ[9];B[ee]BM[1]DM[1])");
    c.set_annotation("BM", None).unwrap();
    c.set_annotation("DM", None).unwrap();
    assert_eq!(sgf(&c), "(;SZ[9];B[ee])");
    // Position annotations at a node without a move.
    c.go_to(&[]).unwrap();
    c.set_annotation("GW", Some(2)).unwrap();
    assert_eq!(c.annotations(), vec![("GW", 2)]);
}

#[test]
fn set_up_is_minimal_and_replays_the_node() {
    // At the root: AB/AW/AE against the empty board.
    let mut c = load("(;SZ[9]AB[aa])");
    c.set_stone(pt("aa"), Some(Color::White)).unwrap();
    assert_eq!(sgf(&c), "(;SZ[9]AW[aa])");
    c.set_stone(pt("aa"), None).unwrap();
    assert_eq!(sgf(&c), "(;SZ[9])", "no AE for a point empty before");
    // At a set-up node: against its parent's position.
    let mut c = load("(;SZ[9];B[ee];AW[aa])");
    c.go_to(&[0, 0]).unwrap();
    c.set_stone(pt("ee"), None).unwrap();
    assert_eq!(sgf(&c), "(;SZ[9];B[ee];AW[aa]AE[ee])");
    assert_eq!(c.game().board().get(pt("ee")), None, "the node is replayed");
    c.set_stone(pt("ee"), Some(Color::Black)).unwrap();
    assert_eq!(
        sgf(&c),
        "(;SZ[9];B[ee];AW[aa])",
        "as before the node: nothing"
    );
    c.set_stone(pt("aa"), None).unwrap();
    assert_eq!(sgf(&c), "(;SZ[9];B[ee];)");
    // At a move: a new child, entered; the same stone again changes nothing.
    let mut c = load("(;SZ[9];B[ee])");
    c.go_to(&[0]).unwrap();
    c.set_stone(pt("ee"), Some(Color::Black)).unwrap();
    assert_eq!(c.path(), &[0]);
    c.set_stone(pt("cc"), Some(Color::White)).unwrap();
    assert_eq!(c.path(), &[0, 0]);
    assert_eq!(sgf(&c), "(;SZ[9];B[ee];AW[cc])");
    c.set_stone(pt("dd"), Some(Color::White)).unwrap();
    assert_eq!(
        sgf(&c),
        "(;SZ[9];B[ee];AW[cc][dd])",
        "the new node takes more"
    );
    assert_eq!(c.game().to_move(), Color::White);
    c.set_to_move(Some(Color::Black)).unwrap();
    assert_eq!(c.game().to_move(), Color::Black, "PL replays the node");
    c.undo().unwrap();
    assert_eq!(c.game().to_move(), Color::White);
}

#[test]
fn moves_below_a_set_up_that_makes_them_illegal_are_refused() {
    let mut c = load("(;SZ[9];AB[aa];W[cc];B[dd])");
    c.go_to(&[0]).unwrap();
    c.set_stone(pt("cc"), Some(Color::Black)).unwrap();
    let here = state(&c);
    let e = c.next(0).unwrap_err();
    assert_eq!(e.code(), "illegalMove", "{e:?}");
    assert_eq!(state(&c), here, "the cursor stays");
    c.undo().unwrap();
    c.go_to(&[0, 0, 0]).unwrap();
}

#[test]
fn moves_and_edits_share_one_undo() {
    let mut c = load("(;SZ[9])");
    let s0 = state(&c);
    c.play(pt("ee")).unwrap();
    let s1 = state(&c);
    c.set_mark(pt("ee"), Some(MarkEdit::Shape(MarkKind::Circle)))
        .unwrap();
    let s2 = state(&c);
    c.play(pt("cc")).unwrap();
    let s3 = state(&c);
    c.set_comment(Some("hm")).unwrap();
    c.undo().unwrap();
    assert_eq!(state(&c), s3, "the comment");
    c.undo().unwrap();
    assert_eq!(state(&c), s2, "the move, its node removed");
    assert_eq!(
        c.redo(),
        Err(Error::NotAllowed(Refusal::NothingToRedo)),
        "undoing a move leaves nothing to redo"
    );
    c.undo().unwrap();
    assert_eq!(state(&c), s1, "the circle");
    c.undo().unwrap();
    assert_eq!(state(&c), s0, "the first move");
    assert_eq!(c.undo(), Err(Error::NotAllowed(Refusal::NothingToUndo)));
    c.redo().unwrap_err();
    // A new edit or move leaves nothing to redo.
    c.set_comment(Some("x")).unwrap();
    c.undo().unwrap();
    c.play(pt("aa")).unwrap();
    assert_eq!(c.redo(), Err(Error::NotAllowed(Refusal::NothingToRedo)));
    c.undo().unwrap();
    c.set_name(Some("n")).unwrap();
    c.undo().unwrap();
    c.set_name(Some("m")).unwrap();
    assert_eq!(c.redo(), Err(Error::NotAllowed(Refusal::NothingToRedo)));
    // Dead marks are actions: undone before the edit made before them.
    let mut c = load("(;SZ[5];B[cc];W[];B[])");
    c.go_to(&[0, 0, 0]).unwrap();
    c.set_comment(Some("end")).unwrap();
    let with_comment = state(&c);
    c.game_mut().toggle_dead(pt("cc")).unwrap();
    c.acted();
    c.undo().unwrap();
    assert_eq!(state(&c), with_comment);
    assert!(!c.game().is_dead(pt("cc")));
    c.undo().unwrap();
    assert!(!c.to_sgf().contains("end"));
}

#[test]
fn tree_edits_restore_sibling_order() {
    let mut c = load("(;SZ[9](;B[aa])(;B[bb])(;B[cc];W[dd](;B[ee])(;B[ff])))");
    let s0 = state(&c);
    c.go_to(&[2, 0, 1]).unwrap();
    c.make_main_line().unwrap();
    assert_eq!(c.path(), &[0, 0, 0]);
    assert_eq!(
        sgf(&c),
        "(;SZ[9](;B[cc];W[dd](;B[ff])(;B[ee]))(;B[aa])(;B[bb]))"
    );
    c.move_variation(1).unwrap();
    assert_eq!(c.path(), &[0, 0, 1]);
    c.go_to(&[1]).unwrap();
    c.delete_node().unwrap();
    assert_eq!(c.path(), &[] as &[usize]);
    c.undo().unwrap();
    assert_eq!(c.path(), &[1]);
    c.undo().unwrap();
    assert_eq!(c.path(), &[0, 0, 0]);
    c.undo().unwrap();
    assert_eq!(
        (c.to_sgf(), c.path().to_vec()),
        (s0.0.clone(), vec![2, 0, 1])
    );
    c.go_to(&[0]).unwrap();
    assert_eq!(state(&c), s0);
    // Deleting a line played here keeps the moves' undo working after it is undone.
    let mut c = load("(;SZ[9])");
    c.play(pt("aa")).unwrap();
    c.play(pt("bb")).unwrap();
    c.delete_node().unwrap();
    c.undo().unwrap();
    assert_eq!(c.path(), &[0, 0]);
    c.undo().unwrap();
    c.undo().unwrap();
    assert_eq!(sgf(&c), "(;SZ[9])", "the moves played here are taken back");
}

#[test]
fn a_new_game_keeps_its_rules_through_set_up_at_the_root() {
    let setup = tengen::Setup {
        size: tengen::Size::square(9).unwrap(),
        rules: tengen::Rules::preset("chinese").unwrap(),
        handicap: 0,
    };
    let mut c = Cursor::from_game(tengen::Game::new(setup).unwrap());
    let komi = c.game().rules().komi_halves;
    c.set_stone(pt("cc"), Some(Color::Black)).unwrap();
    c.set_stone(pt("gg"), Some(Color::White)).unwrap();
    assert_eq!(c.game().rules().komi_halves, komi);
    assert_eq!(c.game().board().get(pt("gg")), Some(Color::White));
    c.play(pt("ee")).unwrap();
    c.undo().unwrap();
    c.undo().unwrap();
    assert_eq!(c.game().board().get(pt("gg")), None);
    assert_eq!(c.game().board().get(pt("cc")), Some(Color::Black));
    assert_eq!(c.game().rules().komi_halves, komi);
}
