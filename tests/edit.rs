//! Editing the record (src/tree/cursor/edit.rs): each edit is one action that undo takes back
//! exactly (tree and current node) and redo takes again; a refused edit changes nothing.

use tengen::tree::{Cursor, LineKind, LoadOptions, MarkEdit, MarkKind};
use tengen::{Color, Error, Point, Refusal};

fn load(sgf: &str) -> Cursor {
    Cursor::load_text(sgf, &LoadOptions::default()).expect("the record loads")
}

fn pt(s: &str) -> Point {
    Point::from_sgf(s).unwrap()
}

/// What undo must restore: the record and the current node.
fn state(c: &Cursor) -> (String, Vec<usize>) {
    (c.to_sgf(), c.path().to_vec())
}

#[test]
fn smoke_each_edit_undoes_and_redoes() {
    let mut c = load("(;GM[1]FF[4]SZ[9];B[ee];W[cc](;B[gg])(;B[cg]))");
    let s0 = state(&c);
    c.set_mark(pt("ee"), Some(MarkEdit::Shape(MarkKind::Triangle)))
        .unwrap();
    let s1 = state(&c);
    assert!(s1.0.contains("TR[ee]"), "{}", s1.0);
    c.set_stone(pt("aa"), Some(Color::White)).unwrap();
    let s2 = state(&c);
    assert!(s2.0.contains(";AW[aa]"), "{}", s2.0);
    c.set_line(pt("aa"), pt("bb"), Some(LineKind::Arrow))
        .unwrap();
    c.undo().unwrap();
    assert_eq!(state(&c), s2);
    c.undo().unwrap();
    assert_eq!(state(&c), s1);
    c.undo().unwrap();
    assert_eq!(state(&c), s0);
    c.redo().unwrap();
    assert_eq!(state(&c), s1);
    c.redo().unwrap();
    assert_eq!(state(&c), s2);
    assert_eq!(c.set_stone(pt("zz"), None).unwrap_err(), Error::OffBoard);
    c.undo().unwrap();
    c.undo().unwrap();
    c.go_to(&[0, 0, 1]).unwrap();
    c.delete_node().unwrap();
    assert_eq!(c.path(), &[0, 0]);
    assert!(!c.to_sgf().contains("cg"));
    c.undo().unwrap();
    assert_eq!(state(&c).1, vec![0, 0, 1]);
    assert_eq!(state(&c).0, s0.0);
    c.make_main_line().unwrap();
    assert_eq!(c.path(), &[0, 0, 0]);
    c.undo().unwrap();
    assert_eq!(state(&c), (s0.0.clone(), vec![0, 0, 1]));
    assert_eq!(c.redo(), Ok(()));
    assert_eq!(c.undo(), Ok(()));
    c.play(pt("aa")).unwrap();
    assert_eq!(c.redo(), Err(Error::NotAllowed(Refusal::NothingToRedo)));
}
