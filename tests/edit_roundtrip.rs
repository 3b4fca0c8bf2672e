//! Every markup and annotation property of FF[4] (properties.html: TR SQ CR MA SL LB DD LN AR,
//! C N, TE BM DO IT, GB GW DM UC HO, VW, PL, AB AW AE) survives an edit and a round trip: made
//! by the editing calls, written, read back and written again gives the same text, and the same
//! markup and annotations; on `tests/sgf/markup.sgf`, which holds each of them, and on every
//! game of the real-games corpus (skipped with a message when the corpus is absent).
#![cfg(all(feature = "sgf", feature = "edit"))]

use std::path::{Path, PathBuf};
use tengen::tree::{Cursor, LineKind, LoadOptions, MarkEdit, MarkKind, ANNOTATIONS};
use tengen::{Color, Point};

fn pt(s: &str) -> Point {
    Point::from_sgf(s).unwrap()
}

fn lenient() -> LoadOptions {
    LoadOptions {
        lenient: true,
        ..LoadOptions::default()
    }
}

/// Reads `text`, writes it, reads that and writes again: the two texts are the same, and so
/// are the markup and annotations of the node at `path` in both.
fn round_trip(text: &str, path: &[usize], options: &LoadOptions) -> String {
    let mut a = Cursor::load_text(text, options).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let written = a.to_sgf();
    let mut b = Cursor::load_text(&written, options).unwrap_or_else(|e| panic!("{e}\n{written}"));
    assert_eq!(b.to_sgf(), written, "written twice differs");
    let _ = a.go_to(path);
    let _ = b.go_to(path);
    assert_eq!(a.markup(), b.markup(), "the markup read back differs");
    assert_eq!(a.annotations(), b.annotations());
    assert_eq!(a.comment(), b.comment());
    written
}

/// Makes every markup and annotation property at the current node with the editing calls (the
/// move annotation only where the node has a move), and checks what the node then holds.
fn edit_everything(c: &mut Cursor) {
    let size = c.game().board().size();
    let (w, h) = (size.width() as u8, size.height() as u8);
    let at = |x: u8, y: u8| Point::new(x % w, y % h);
    for (k, kind) in MarkKind::ALL.into_iter().enumerate() {
        c.set_mark(at(k as u8, 0), Some(MarkEdit::Shape(kind)))
            .unwrap();
    }
    c.set_mark(at(0, 1), Some(MarkEdit::Label("A:]\\".into())))
        .unwrap();
    c.set_mark(at(1, 1), Some(MarkEdit::Dim)).unwrap();
    if u32::from(w) * u32::from(h) > 2 {
        c.set_line(at(0, 2), at(2, 0), Some(LineKind::Line))
            .unwrap();
        c.set_line(at(2, 2), at(0, 0), Some(LineKind::Arrow))
            .unwrap();
    }
    c.set_comment(Some("edited ] \\ [here]")).unwrap();
    c.set_name(Some("edited")).unwrap();
    let has_move = c.tree()[c.node()].has("B") || c.tree()[c.node()].has("W");
    if has_move {
        c.set_annotation("BM", Some(2)).unwrap();
    }
    c.set_annotation("UC", Some(1)).unwrap();
    c.set_annotation("HO", Some(2)).unwrap();
    let m = c.markup();
    for kind in MarkKind::ALL {
        assert!(!m.points(kind).is_empty(), "{kind:?}");
    }
    assert!(m.labels.iter().any(|l| l.text == "A:]\\"));
    assert!(!m.dimmed.is_empty());
    let want: Vec<(&str, u8)> = if has_move {
        vec![("BM", 2), ("UC", 1), ("HO", 2)]
    } else {
        vec![("UC", 1), ("HO", 2)]
    };
    assert_eq!(c.annotations(), want);
}

#[test]
fn the_file_of_every_property_reads_and_round_trips() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sgf/markup.sgf");
    let text = std::fs::read_to_string(path).unwrap();
    let c = Cursor::load_text(&text, &LoadOptions::default()).unwrap();
    let mut c2 = c.clone();
    c2.go_to(&[0]).unwrap();
    let m = c2.markup();
    assert_eq!(m.points(MarkKind::Triangle), vec![pt("ee")]);
    assert_eq!(m.points(MarkKind::Square), vec![pt("ef")]);
    assert_eq!(m.points(MarkKind::Circle), vec![pt("eg")]);
    assert_eq!(m.points(MarkKind::Cross), vec![pt("eh")]);
    assert_eq!(m.points(MarkKind::Selected), vec![pt("ei")]);
    assert_eq!(m.labels.len(), 3);
    assert_eq!(m.labels[2].text, "x:y");
    assert_eq!(m.dimmed, vec![pt("ia"), pt("ib")]);
    assert_eq!(m.lines, vec![(pt("aa"), pt("cc"))]);
    assert_eq!(m.arrows, vec![(pt("ii"), pt("gg")), (pt("ha"), pt("hc"))]);
    assert_eq!(c2.annotations(), vec![("TE", 2), ("GW", 1)]);
    let mut seen: Vec<&str> = Vec::new();
    for path in [
        &[][..],
        &[0],
        &[0, 0],
        &[0, 0, 0],
        &[0, 0, 0, 0],
        &[0, 0, 0, 0, 0],
    ] {
        c2.go_to(path).unwrap();
        seen.extend(c2.annotations().into_iter().map(|a| a.0));
        round_trip(&text, path, &LoadOptions::default());
    }
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(
        seen.len(),
        ANNOTATIONS.len(),
        "each annotation is in the file"
    );
    c2.go_to(&[0, 0, 0, 0, 0]).unwrap();
    assert_eq!(
        c2.game().board().get(pt("cc")),
        None,
        "the set-up in the middle"
    );
    assert_eq!(c2.game().to_move(), Color::White);
}

#[test]
fn every_property_made_by_edits_round_trips() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sgf/markup.sgf");
    let text = std::fs::read_to_string(path).unwrap();
    for at in [&[][..], &[0], &[0, 0, 0, 0, 0]] {
        let mut c = Cursor::load_text(&text, &LoadOptions::default()).unwrap();
        c.go_to(at).unwrap();
        edit_everything(&mut c);
        c.set_stone(pt("hh"), Some(Color::Black)).unwrap();
        c.set_to_move(Some(Color::Black)).unwrap();
        let path = c.path().to_vec();
        round_trip(&c.to_sgf(), &path, &LoadOptions::default());
    }
}

fn corpus_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("TENGEN_CORPUS").filter(|v| !v.is_empty()) {
        Some(v) => PathBuf::from(v),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"),
    };
    if dir.join("replay.json").is_file() {
        return Some(dir);
    }
    println!(
        "edit_roundtrip: SKIPPED on the corpus, absent (looked in {}); set TENGEN_CORPUS to its \
         directory",
        dir.display()
    );
    None
}

#[test]
fn every_property_made_by_edits_round_trips_on_the_corpus() {
    let Some(dir) = corpus_dir() else {
        return;
    };
    let mut games = 0;
    for sub in ["scored", "replay", "ai-games"] {
        let Ok(entries) = std::fs::read_dir(dir.join(sub)) else {
            continue;
        };
        let mut paths: Vec<PathBuf> = entries.map(|e| e.expect("an entry").path()).collect();
        paths.sort();
        for path in paths {
            if path.extension().is_none_or(|x| x != "sgf") {
                continue;
            }
            let bytes = std::fs::read(&path).unwrap();
            let name = path.display();
            let Ok(mut c) = Cursor::load(&bytes, &lenient()) else {
                continue;
            };
            // At the root and at the last node replayed: every property, then the round trip.
            let end = c.path().to_vec();
            edit_everything(&mut c);
            c.go_to(&[]).unwrap_or_else(|e| panic!("{name}: {e}"));
            edit_everything(&mut c);
            let text = c.to_sgf();
            let again = round_trip(&text, &end, &lenient());
            assert_eq!(again, text, "{name}: the edited record changed on reading");
            games += 1;
        }
    }
    println!("edit_roundtrip: {games} corpus games edited and round-tripped");
    assert!(games > 0);
}
