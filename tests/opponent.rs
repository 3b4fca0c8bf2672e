//! The computer opponent kept in a record ([`COMPUTER`], `TO`): written into the root, read back
//! by every reading of the text (a saved game's too), kept through round trips, tolerated with a
//! warning when its value is not of its form, and records without it read as before.

#![cfg(feature = "opponent")]

use tengen::tree::{Cursor, LoadOptions, Opponent, COMPUTER, MAX_SEED};
use tengen::{Color, Error, Game, Point, Rules, Setup, Size};

fn load(text: &str) -> Cursor {
    Cursor::load_text(text, &LoadOptions::default()).unwrap_or_else(|e| panic!("{e}: {text}"))
}

fn lenient(text: &str) -> Cursor {
    let o = LoadOptions {
        lenient: true,
        ..LoadOptions::default()
    };
    Cursor::load_text(text, &o).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// A game of a few moves on 9x9, played here.
fn played() -> Cursor {
    let size = Size::square(9).unwrap();
    let setup = Setup {
        size,
        rules: Rules::preset("japanese-1989").unwrap(),
        handicap: 0,
    };
    let game = Game::new(setup).unwrap();
    let mut c = Cursor::from_game(game);
    for (x, y) in [(2, 2), (6, 6), (2, 6)] {
        c.play(Point::new(x, y)).unwrap();
    }
    c
}

fn casual(computer: Color, seed: Option<u64>) -> Opponent {
    Opponent::new(computer, "casual", seed).unwrap()
}

#[test]
fn written_in_the_root_and_read_back() {
    for (o, value) in [
        (casual(Color::White, None), "TO[W:casual]"),
        (casual(Color::Black, Some(0)), "TO[B:casual:0]"),
        (
            casual(Color::White, Some(MAX_SEED)),
            "TO[W:casual:9007199254740991]",
        ),
    ] {
        let mut c = played();
        assert_eq!(c.opponent(), None);
        c.set_opponent(Some(&o)).unwrap();
        assert_eq!(c.opponent(), Some(o.clone()));
        let text = c.to_sgf();
        let root = text.split(';').nth(1).unwrap();
        assert!(root.contains(value), "{value} in the root: {text}");
        assert_eq!(text.matches(&format!("{COMPUTER}[")).count(), 1, "{text}");
        // Read back, strictly and leniently, and again after another round trip.
        for r in [load(&text), lenient(&text)] {
            assert_eq!(r.opponent(), Some(o.clone()), "{text}");
            assert!(r.warnings().is_empty(), "{:?}", r.warnings());
            assert_eq!(r.game().board(), c.game().board());
            assert_eq!(r.to_sgf(), text);
        }
    }
}

#[test]
fn kept_by_saves_and_after_moves() {
    let mut c = played();
    let o = casual(Color::White, Some(42));
    c.set_opponent(Some(&o)).unwrap();
    c.play(Point::new(4, 4)).unwrap();
    c.pass().unwrap();
    let saved = c.to_sgf_saved();
    let mut r = load(&saved);
    assert_eq!(r.opponent(), Some(o.clone()));
    // Undo removes the nodes played here; the root keeps the opponent.
    while r.undo().is_ok() {}
    assert_eq!(r.opponent(), Some(o));
}

#[test]
fn set_again_replaces_and_none_removes() {
    let mut c = played();
    c.set_opponent(Some(&casual(Color::White, None))).unwrap();
    let strong = Opponent::new(Color::Black, "strong", Some(7)).unwrap();
    c.set_opponent(Some(&strong)).unwrap();
    assert_eq!(c.opponent(), Some(strong));
    assert_eq!(c.to_sgf().matches("TO[").count(), 1);
    c.set_opponent(None).unwrap();
    assert_eq!(c.opponent(), None);
    assert!(!c.to_sgf().contains("TO["));
    assert_eq!(c.to_sgf(), played().to_sgf());
}

#[test]
fn levels_and_seeds_out_of_the_form_are_refused() {
    for level in ["", "Casual", "ca sual", "caśual", "a:b", &"a".repeat(33)] {
        assert!(
            matches!(
                Opponent::new(Color::White, level, None),
                Err(Error::InvalidOptions(_))
            ),
            "{level:?}"
        );
    }
    assert!(Opponent::new(Color::White, &"a".repeat(32), None).is_ok());
    assert!(Opponent::new(Color::White, "strongest-2", Some(MAX_SEED)).is_ok());
    assert!(Opponent::new(Color::White, "casual", Some(MAX_SEED + 1)).is_err());
}

#[test]
fn bad_values_are_ignored_with_a_warning() {
    let moves = ";B[cc];W[gg]";
    for value in [
        "TO[]",
        "TO[X:casual]",
        "TO[white:casual]",
        "TO[W]",
        "TO[W:]",
        "TO[W:Casual]",
        "TO[W:casual:]",
        "TO[W:casual:-1]",
        "TO[W:casual:1.5]",
        "TO[W:casual:9007199254740992]",
        "TO[W:casual:99999999999999999999999]",
        "TO[W:casual:1:2]",
        "TO[W:casual][B:casual]",
        "TO[W:\\]casual]",
        "TO[\u{e9}\u{e9}:\u{1F600}]",
        "TO[ W:casual]",
        "TO[W:casual ]",
        "TO[W:casual:+1]",
    ] {
        let text = format!("(;GM[1]FF[4]SZ[9]{value}{moves})");
        for c in [load(&text), lenient(&text)] {
            assert_eq!(c.opponent(), None, "{value}");
            assert_eq!(c.warnings().len(), 1, "{value}: {:?}", c.warnings());
            let w = c.warnings()[0].to_string();
            assert!(
                w.contains("TO names no computer opponent") && w.contains("ignored"),
                "{w}"
            );
            // The game reads as without it, and the value is written back as it was.
            assert_eq!(c.move_count(), 2);
            assert!(c.to_sgf().contains(value), "{value}: {}", c.to_sgf());
        }
    }
}

#[test]
fn values_read_back_as_written() {
    for v in [
        "B:strong:12",
        "W:casual",
        "W:a-1:0",
        "B:strongest:9007199254740991",
    ] {
        assert_eq!(Opponent::parse(v).unwrap().value(), v);
    }
}

#[test]
fn only_the_root_counts() {
    let text = "(;GM[1]FF[4]SZ[9];B[cc]TO[W:casual];W[gg])";
    let c = load(text);
    assert_eq!(c.opponent(), None);
    assert!(c.warnings().is_empty());
    assert!(c.to_sgf().contains("TO[W:casual]"));
}

#[test]
fn files_without_it_read_unchanged() {
    for text in [
        "(;GM[1]FF[4]SZ[9]PB[Ana]PW[Bea];B[cc];W[gg])",
        "(;GM[1]FF[4]SZ[19]HA[2]AB[dp][pd]RU[Japanese]KM[0.5];W[qq];B[dd])",
        "(;GM[1]FF[4]SZ[9]TC[3]TH[];B[cc])",
    ] {
        let c = load(text);
        assert_eq!(c.opponent(), None, "{text}");
        assert!(c.warnings().is_empty(), "{text}: {:?}", c.warnings());
        let again = load(&c.to_sgf());
        assert_eq!(again.to_sgf(), c.to_sgf());
        assert!(!c.to_sgf().contains("TO["));
    }
}
