//! SGF round trips (parse, write, parse gives an equal tree) on the hand-written files of
//! `tests/sgf/`, which together use every property the library reads (SZ, KM, HA, RU, PL, AB,
//! AW, AE, B, W, PB, PW, BR, WR, DT, EV, RE, C, GN, TR, SQ, CR, MA, LB, TB, TW) and properties it
//! does not know; and the typed values read from each. Also records built from games, and
//! games reopened from their records: stopped with dead marks, finished, resigned, void, on
//! square, one-line and rectangular boards, under every preset that marks dead stones.
#![cfg(feature = "sgf")]

#[path = "common/rng.rs"]
mod rng;

use rng::SplitMix;
use std::path::PathBuf;
use tengen::sgf::{self, ParseOptions};
use tengen::tree::{
    self, Cursor, EndOfPlay, GameResult, Label, LoadOptions, Mark, MarkKind, Node, ReplayOptions,
    SetupStones, Territory,
};
use tengen::{Color, Game, HandicapPlacement, Move, Outcome, Phase, Point, Rules, Setup, Size};

fn data(name: &str) -> Vec<u8> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/sgf")
        .join(name);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn p(s: &str) -> Point {
    Point::from_sgf(s).unwrap_or_else(|| panic!("bad point {s}"))
}

fn pts(list: &[&str]) -> Vec<Point> {
    list.iter().map(|s| p(s)).collect()
}

/// Parses (strictly), writes, parses again: the trees are equal and writing is stable.
fn round_trip(bytes: &[u8]) -> tree::Collection {
    let c = sgf::parse(bytes).expect("parses");
    let text = c.to_sgf();
    let again = sgf::parse(text.as_bytes()).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(c, again, "round trip changed the tree:\n{text}");
    assert_eq!(again.to_sgf(), text, "writing is not stable");
    c
}

fn one(name: &str) -> tree::GameTree {
    let mut c = round_trip(&data(name));
    assert_eq!(c.games.len(), 1);
    c.games.remove(0)
}

#[test]
fn every_data_file_round_trips() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/sgf");
    let mut n = 0;
    for e in std::fs::read_dir(dir).expect("tests/sgf") {
        let path = e.expect("entry").path();
        if path.extension().is_some_and(|x| x == "sgf") {
            round_trip(&std::fs::read(&path).expect("readable"));
            n += 1;
        }
    }
    assert!(n >= 14, "only {n} files");
}

#[test]
fn game_information() {
    let t = one("properties.sgf");
    let info = t.info();
    assert_eq!(info.black_name.as_deref(), Some("Honinbo Shusaku"));
    assert_eq!(info.white_name.as_deref(), Some("Gennan Inseki"));
    assert_eq!(info.black_rank.as_deref(), Some("4d"));
    assert_eq!(info.white_rank.as_deref(), Some("8d"));
    assert_eq!(info.date.as_deref(), Some("1846-09-11,12"));
    assert_eq!(info.event.as_deref(), Some("Castle game [test]"));
    assert_eq!(info.result.as_deref(), Some("B+2"));
    assert_eq!(info.game_name.as_deref(), Some("Ear-reddening game"));
    assert_eq!(info.rules.as_deref(), Some("Japanese"));
    assert_eq!(info.komi, Some(6.5));
    assert_eq!(info.handicap, Some(2));
    assert_eq!(t.size(), Ok(Size::square(19).unwrap()));
    assert_eq!(
        tree::parse_result(info.result.as_deref().unwrap()),
        Some(GameResult::Score {
            winner: Color::Black,
            margin: 2.0
        })
    );
    let root = t.root_node();
    // Escapes, a soft line break (removed) and a hard one (kept) in Text.
    assert_eq!(
        root.comment().as_deref(),
        Some(
            "Root comment with a ] bracket, a \\ backslash, a soft line break and a hard\n\
             line break."
        )
    );
    assert_eq!(root.get("C"), root.comment());
    assert_eq!(root.raw("EV"), Some("Castle game \\[test\\]"));
    // Unknown properties are kept, in order, with all their values.
    let ids: Vec<&str> = root.properties().iter().map(|p| p.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "FF", "GM", "CA", "AP", "ST", "SZ", "KM", "HA", "RU", "PB", "PW", "BR", "WR", "DT",
            "EV", "RE", "GN", "PC", "C", "AB", "PL", "XX"
        ]
    );
    assert_eq!(
        root.property("XX").unwrap().values,
        ["unknown", "values kept"]
    );
    assert_eq!(root.player(), Ok(Some(Color::White)));
    let size = t.size().unwrap();
    assert_eq!(
        root.setup_stones(size),
        Ok(SetupStones {
            black: pts(&["dp", "pd"]),
            white: vec![],
            empty: vec![]
        })
    );
}

#[test]
fn moves_passes_markup_labels_territory() {
    let t = one("properties.sgf");
    let size = t.size().unwrap();
    let main = t.main_line();
    let moves: Vec<Option<Move>> = main
        .iter()
        .map(|&id| t[id].get_move(size).unwrap())
        .collect();
    let mv = |c: Color, s: &str| {
        Some(Move {
            color: c,
            point: (!s.is_empty()).then(|| p(s)),
        })
    };
    use Color::{Black as B, White as W};
    assert_eq!(
        moves,
        [
            None,
            mv(W, "qp"),
            mv(B, "dd"),
            mv(W, ""),
            mv(B, ""),
            mv(W, "cc"),
            mv(B, "jj"),
            mv(W, "kk"),
            mv(B, ""),
            mv(W, ""),
        ]
    );
    let marked = &t[main[2]];
    assert_eq!(
        marked.markup(size).unwrap(),
        [
            (MarkKind::Triangle, "qp"),
            (MarkKind::Square, "pd"),
            (MarkKind::Circle, "dp"),
            (MarkKind::Cross, "dd"),
            (MarkKind::Selected, "aa"),
        ]
        .map(|(kind, s)| Mark { kind, point: p(s) })
    );
    assert_eq!(
        marked.labels(size).unwrap(),
        [("cc", "A"), ("ee", "te:xt"), ("ff", "1")].map(|(s, text)| Label {
            point: p(s),
            text: text.to_string()
        })
    );
    assert_eq!(marked.name().as_deref(), Some("Markup"));
    assert_eq!(
        t[main[7]].territory(size).unwrap(),
        Territory {
            // aa, then the rectangle ab:bc from (0, 1) to (1, 2), row by row.
            black: pts(&["aa", "ab", "bb", "ac", "bc"]),
            white: (0..19).map(|y| Point::new(18, y)).collect(),
        }
    );
    // Variations: the third node of the main line has two children after W[cc].
    let branch = main[5];
    let kids: Vec<_> = t.children(branch).collect();
    assert_eq!(kids.len(), 2);
    assert_eq!(t[kids[1]].comment().as_deref(), Some("A variation"));
    let leaf = t.follow(&[0, 0, 0, 0, 0, 1, 1], false).expect("a path");
    assert_eq!(t[leaf].raw("W"), Some("kl"));
    assert_eq!(t[leaf].raw("GW"), Some("1"));
    assert_eq!(t.path_to(leaf).len(), 8);
}

#[test]
fn compressed_point_lists() {
    let t = one("compressed.sgf");
    let size = t.size().unwrap();
    let main = t.main_line();
    let root = t[main[0]].setup_stones(size).unwrap();
    assert_eq!(
        root.black,
        pts(&["aa", "ba", "ca", "ab", "bb", "cb", "ac", "bc", "cc", "ee"])
    );
    assert_eq!(
        root.white,
        pts(&["gg", "hg", "ig", "gh", "hh", "ih", "gi", "hi", "ii", "ga", "ha", "ia"])
    );
    let second = t[main[1]].setup_stones(size).unwrap();
    // Any two opposite corners name the rectangle.
    assert_eq!(second.empty, second.black);
    assert_eq!(second.empty, pts(&["bb", "cb", "bc", "cc"]));
    assert_eq!(t[main[2]].setup_stones(size).unwrap().empty.len(), 81);
    // Replaying the set-up of the root only: later set-up nodes come before any move, so
    // they are part of the starting position too.
    let r = tree::replay(&t, &ReplayOptions::default()).unwrap();
    assert_eq!(r.game.to_move(), Color::Black);
    assert_eq!(
        r.game.board().to_rows(),
        [
            "OOOOOOOOO",
            "O........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "XXXXXXXXX",
        ]
    );
}

#[test]
fn sizes_and_passes() {
    let t = one("rectangle.sgf");
    assert_eq!(t.size(), Ok(Size::new(13, 9).unwrap()));
    let r = tree::replay(&t, &ReplayOptions::default()).unwrap();
    assert_eq!(r.moves, 7);
    assert_eq!(r.game.rules(), &{
        let mut c = Rules::preset("chinese").unwrap();
        c.komi_halves = 0;
        c
    });
    assert_eq!(r.game.board().get(p("me")), Some(Color::White));

    let t = one("big.sgf");
    let size = t.size().unwrap();
    assert_eq!(size, Size::square(52).unwrap());
    let r = tree::replay(&t, &ReplayOptions::default()).unwrap();
    let b = r.game.board();
    assert_eq!(b.get(Point::new(26, 51)), Some(Color::Black));
    assert_eq!(b.get(Point::new(51, 26)), Some(Color::White));
    assert_eq!(b.get(Point::new(51, 51)), Some(Color::White));
    // Above 19x19, tt is a point.
    assert_eq!(b.get(Point::new(19, 19)), Some(Color::Black));
    assert_eq!(b.get(Point::new(0, 51)), Some(Color::White));

    let t = one("twenty.sgf");
    let r = tree::replay(&t, &ReplayOptions::default()).unwrap();
    assert_eq!(r.game.board().get(Point::new(19, 19)), Some(Color::Black));
    assert_eq!(r.game.move_number(), 3);
}

#[test]
fn collections_and_variations() {
    let c = round_trip(&data("collection.sgf"));
    let names: Vec<_> = c.games.iter().map(|g| g.info().game_name).collect();
    assert_eq!(
        names,
        [Some("First"), Some("Second"), Some("Third")].map(|s| s.map(String::from))
    );
    assert_eq!(c.games[2].len(), 1);

    // The example of sgf.html, "SGF basics": nodes numbered in the order of the file.
    let t = one("variations.sgf");
    let order: Vec<String> = t.ids().map(|id| t[id].get("C").unwrap()).collect();
    assert_eq!(
        order,
        ["root", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]
    );
    let main: Vec<String> = t
        .main_line()
        .into_iter()
        .map(|id| t[id].get("C").unwrap())
        .collect();
    assert_eq!(main, ["root", "a", "b", "c"]);
    let j = t.follow(&[1, 1], true).unwrap();
    assert_eq!(t[j].get("C").as_deref(), Some("j"));
    assert_eq!(
        t.parent(j).map(|n| t[n].get("C").unwrap()).as_deref(),
        Some("f")
    );
    assert_eq!(t.follow(&[2], false), None);
    assert_eq!(
        t.to_sgf(),
        "(;FF[4]C[root]\n(;C[a];C[b]\n(;C[c])\n(;C[d];C[e]))\n\
         (;C[f]\n(;C[g];C[h];C[i])\n(;C[j])))\n"
    );
}

#[test]
fn character_sets() {
    let get = |name: &str| -> tree::GameTree { one(name) };
    let t = get("latin1.sgf");
    let root = t.root_node();
    assert_eq!(root.get("PB").as_deref(), Some("José"));
    assert_eq!(root.get("PW").as_deref(), Some("Götz"));
    assert_eq!(root.comment().as_deref(), Some("café à la crème"));
    // The text is Unicode now and is written as UTF-8.
    assert_eq!(root.raw("CA"), Some("UTF-8"));
    assert!(t.to_sgf().contains("PB[José]"));

    let t = get("cp1252.sgf");
    assert_eq!(
        t.root_node().comment().as_deref(),
        Some("\u{201c}quoted\u{201d} € 5 – dash")
    );

    let parsed = sgf::parse_with(&data("fallback.sgf"), ParseOptions::default()).unwrap();
    assert_eq!(
        parsed.collection.games[0].root_node().get("PB").as_deref(),
        Some("Müller")
    );
    assert!(parsed.warnings[0]
        .message
        .contains("not UTF-8: read as windows-1252"));

    let t = get("utf8.sgf");
    assert_eq!(t.root_node().get("PB").as_deref(), Some("本因坊"));
    assert_eq!(t.root_node().comment().as_deref(), Some("UTF-8 — 囲碁"));

    let t = get("bom.sgf");
    assert_eq!(t.root_node().comment().as_deref(), Some("BOM at the start"));
}

#[test]
fn old_and_untidy_files() {
    // FF[3]: lower-case letters inside identifiers are dropped.
    let t = one("ff3.sgf");
    let root = t.root_node();
    let ids: Vec<&str> = root.properties().iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, ["GM", "FF", "SZ", "CP", "PB", "AB", "AW"]);
    let r = tree::replay(&t, &ReplayOptions::default()).unwrap();
    assert_eq!(r.moves, 3);
    assert_eq!(r.game.board().get(p("gc")), Some(Color::White));
    assert_eq!(r.game.board().get(p("cg")), Some(Color::White));
    assert_eq!(r.game.board().get(p("cc")), Some(Color::Black));

    // White space everywhere, empty nodes, no FF or GM.
    let t = one("quirks.sgf");
    assert_eq!(t.len(), 7);
    let r = tree::replay(&t, &ReplayOptions::default()).unwrap();
    assert_eq!(r.moves, 3);
    assert_eq!(r.game.rules().komi(), 5.5);
    assert_eq!(r.game.board().get(p("cg")), Some(Color::Black));
}

#[test]
fn escaping_of_values_built_in_memory() {
    let mut t = tree::GameTree::new();
    let root = t.root();
    let text = "a ] bracket, a \\ backslash: and a colon\nand a line";
    t[root].set_text("C", text).unwrap();
    t[root]
        .set_raw("GC", vec!["unescaped ] bracket and final \\".into()])
        .unwrap();
    let mut n = Node::new();
    n.set_labels(&[Label {
        point: p("aa"),
        text: "x:y]z".into(),
    }]);
    n.set_move(Move {
        color: Color::Black,
        point: None,
    });
    n.set_marks(MarkKind::Triangle, &pts(&["ab", "cd"]));
    let id = t.add_child(root, n);
    let written = t.to_sgf();
    let back = sgf::parse(written.as_bytes()).unwrap();
    let b = &back.games[0];
    assert_eq!(b.root_node().comment().as_deref(), Some(text));
    assert_eq!(
        b.root_node().get("GC").as_deref(),
        Some("unescaped ] bracket and final \\")
    );
    let size = Size::default();
    let child = &b[b.child(b.root(), 0).unwrap()];
    assert_eq!(
        child.labels(size).unwrap(),
        [Label {
            point: p("aa"),
            text: "x:y]z".into()
        }]
    );
    assert_eq!(
        child.get_move(size).unwrap(),
        Some(Move {
            color: Color::Black,
            point: None
        })
    );
    assert_eq!(t[id].raw("B"), Some(""));
    assert!(Node::new().set_raw("lower", vec![]).is_err());
}

/// One-line boards (J89 commentary on Art. 3 (1): other boards by agreement): `SZ[1:9]` reads,
/// replays with its captures and its ko, and a game on a 9x1 board is written as `SZ[9:1]`.
#[test]
fn one_line_boards() {
    let t = one("narrow.sgf");
    assert_eq!(t.size(), Ok(Size::new(1, 9).unwrap()));
    let r = tree::replay(&t, &ReplayOptions::default()).unwrap();
    assert_eq!(r.moves, 9);
    let b = r.game.board();
    assert_eq!(b.to_rows(), [".", "X", "X", "X", ".", "X", "O", ".", "."]);
    assert_eq!(
        [b.prisoners(Color::Black), b.prisoners(Color::White)],
        [2, 0]
    );
    assert_eq!(r.game.phase(), tengen::Phase::Stopped);
    // Area counting (seed 002): Black 4 stones and 2 points, White 1 stone and 2 points.
    let s = r.game.score();
    assert_eq!((s.black.total(), s.white.total()), (6.0, 3.0));
    assert_eq!(s.result, "B+3");
    let again = tree::record(&r.game);
    assert_eq!(again.root_node().raw("SZ"), Some("1:9"));

    let s = Setup {
        size: Size::new(9, 1).unwrap(),
        rules: Rules::preset("chinese").unwrap(),
        handicap: 0,
    };
    let mut g = Game::new(s).unwrap();
    for q in ["ba", "ca", "da"] {
        g.place(p(q)).unwrap();
    }
    assert_eq!(g.captures(Color::Black), 1, "B[da] takes W[ca]");
    g.pass().unwrap();
    let t = record_round_trip(&g);
    assert_eq!(t.root_node().raw("SZ"), Some("9:1"));
    let text = t.to_sgf();
    assert!(text.contains("SZ[9:1]"), "{text}");
}

fn setup(size: u32, preset: &str, handicap: u32) -> Setup {
    Setup {
        size: Size::square(size).unwrap(),
        rules: Rules::preset(preset).unwrap(),
        handicap,
    }
}

/// Writes a game as a record, reads it back and replays it: the same position, player to move,
/// rules, komi, handicap and move count.
fn record_round_trip(g: &Game) -> tree::GameTree {
    let tree = tree::record(g);
    let text = tree.to_sgf();
    let back = sgf::parse(text.as_bytes()).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.games[0], tree);
    let r = tree::replay(&back.games[0], &ReplayOptions::default())
        .unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(r.game.board(), g.board(), "{text}");
    assert_eq!(r.game.rules(), g.rules(), "{text}");
    assert_eq!(r.game.setup().handicap, g.setup().handicap);
    assert_eq!(r.game.move_number(), g.move_number(), "{text}");
    assert_eq!(
        [r.game.captures(Color::Black), r.game.captures(Color::White)],
        [g.captures(Color::Black), g.captures(Color::White)]
    );
    if g.phase() == tengen::Phase::Playing {
        assert_eq!(r.game.to_move(), g.to_move(), "{text}");
    }
    tree
}

#[test]
fn records_of_games() {
    // An even game with a capture, a pass and a resignation.
    let mut g = Game::new(setup(9, "chinese", 0)).unwrap();
    for s in ["bb", "ba", "ca", "ee", "ab"] {
        g.place(p(s)).unwrap();
    }
    assert_eq!(g.captures(Color::White), 0);
    g.pass().unwrap();
    g.place(p("aa")).unwrap();
    g.resign(Color::Black).unwrap();
    let t = record_round_trip(&g);
    let root = t.root_node();
    assert_eq!(root.raw("RU"), Some("Chinese"));
    assert_eq!(root.raw("KM"), Some("7.5"));
    assert_eq!(root.raw("RE"), Some("W+R"));
    assert_eq!(root.raw("SZ"), Some("9"));
    assert!(!root.has("HA") && !root.has("PL") && !root.has("AB"));

    // Fixed handicap: AB and HA, White first.
    let mut g = Game::new(setup(19, "japanese-1989", 4)).unwrap();
    g.place(p("cc")).unwrap();
    let t = record_round_trip(&g);
    let root = t.root_node();
    assert_eq!(root.raw("HA"), Some("4"));
    assert_eq!(root.raw("PL"), Some("W"));
    assert_eq!(root.property("AB").unwrap().values.len(), 4);

    // Free handicap: the stones Black placed are AB.
    let mut s = setup(9, "aga", 2);
    s.rules.handicap_placement = HandicapPlacement::Free;
    let mut g = Game::new(s).unwrap();
    g.place(p("aa")).unwrap();
    g.place(p("ii")).unwrap();
    g.place(p("ee")).unwrap();
    let tree = tree::record(&g);
    assert_eq!(
        tree.root_node().property("AB").unwrap().values,
        ["aa", "ii"]
    );
    let back = tree::replay(&tree, &ReplayOptions::default()).unwrap();
    assert_eq!(back.game.board(), g.board());
    assert_eq!(back.game.to_move(), Color::Black);

    // A set-up position on a rectangular board.
    let s = Setup {
        size: Size::new(7, 5).unwrap(),
        rules: Rules::preset("tromp-taylor").unwrap(),
        handicap: 0,
    };
    let g = Game::from_position(
        s,
        &[(p("aa"), Color::White), (p("ba"), Color::Black)],
        Color::White,
    )
    .unwrap();
    let t = record_round_trip(&g);
    assert_eq!(t.root_node().raw("SZ"), Some("7:5"));
    assert_eq!(t.root_node().raw("RU"), Some("Tromp-Taylor"));

    // Counted at the end: the dead stones and the territory are TB/TW, the result RE.
    let rows = [
        ". X O . .",
        "O X O . .",
        ". X O . .",
        ". X O . .",
        ". X O . .",
    ];
    let board = tengen::Board::from_rows(&rows).unwrap();
    let stones: Vec<(Point, Color)> = board
        .size()
        .points()
        .filter_map(|q| board.get(q).map(|c| (q, c)))
        .collect();
    let mut g = Game::from_position(setup(5, "japanese-1989", 0), &stones, Color::Black).unwrap();
    g.pass().unwrap();
    g.pass().unwrap();
    g.toggle_dead(p("ab")).unwrap();
    let before = g.score();
    g.finish().unwrap();
    let t = record_round_trip(&g);
    let last = &t[*t.main_line().last().unwrap()];
    assert_eq!(t.root_node().raw("RE"), Some(before.result.as_str()));
    let back = tree::replay(&t, &ReplayOptions::default()).unwrap();
    let dead = tree::dead_stones_marked(last, back.game.board()).unwrap();
    assert_eq!(dead, [p("ab")]);
    assert_eq!(before.result, "W+10.5");
    let size = back.game.board().size();
    let mut mask = vec![false; size.area()];
    mask[size.index(p("ab"))] = true;
    let again = tengen::score::score(back.game.board(), &mask, back.game.rules(), 0);
    assert_eq!(again.margin_halves, before.margin_halves);
}

// ---- Games reopened from their records ------------------------------------------------------

/// The dead marks of a game as a set of points, row-major.
fn marked(g: &Game) -> Vec<Point> {
    let size = g.board().size();
    size.points().filter(|&q| g.is_dead(q)).collect()
}

/// A game played with seeded random legal moves (no move filling a player's own one-point eye)
/// until both pass or `area * 3` moves.
fn random_game(setup: Setup, seed: u64) -> Game {
    let mut r = SplitMix(seed);
    let mut g = Game::new(setup).unwrap();
    let limit = g.board().size().area() * 3;
    for _ in 0..limit {
        let mut c = g.playout_candidates();
        let mut played = false;
        while !c.is_empty() {
            let i = r.below(c.len());
            let q = g.board().size().point_at(c.swap_remove(i) as usize);
            if g.place(q).is_ok() {
                played = true;
                break;
            }
        }
        if !played && g.pass().unwrap() {
            return g;
        }
    }
    while g.phase() == Phase::Playing {
        g.pass().unwrap();
    }
    g
}

/// Marks about a third of the chains dead at random, each once.
fn mark_some(g: &mut Game, seed: u64) {
    let mut r = SplitMix(seed);
    let size = g.board().size();
    for q in size.points().collect::<Vec<_>>() {
        if g.board().get(q).is_some() && !g.is_dead(q) && r.chance(10) {
            g.toggle_dead(q).unwrap();
        }
    }
}

/// Writes `g` as a record, reopens it with a cursor (as `Game.fromSgf` does) and checks what
/// must survive: for a game stopped or counted, the phase, outcome, dead marks and the whole
/// count; for any game the position, the text (written again unchanged) and the result.
fn reopen(g: &Game, what: &str) -> Cursor {
    let text = tree::record(g).to_sgf();
    record_round_trip(g);
    let c = Cursor::load_text(&text, &LoadOptions::default())
        .unwrap_or_else(|e| panic!("{what}: {e}\n{text}"));
    let back = c.game();
    assert_eq!(back.board(), g.board(), "{what}");
    assert_eq!(
        c.to_sgf(),
        text,
        "{what}: a reopened record is written as it was"
    );
    assert!(c.warnings().is_empty(), "{what}: {:?}", c.warnings());
    let re = c.recorded_result();
    let counted = g.phase() == Phase::Stopped || g.outcome() == Some(Outcome::Counted);
    if counted {
        assert_eq!(back.phase(), g.phase(), "{what}: phase\n{text}");
        assert_eq!(back.outcome(), g.outcome(), "{what}: outcome\n{text}");
        assert_eq!(marked(back), marked(g), "{what}: dead marks\n{text}");
        assert_eq!(back.dead_marks(), g.dead_marks(), "{what}");
        assert_eq!(back.score(), g.score(), "{what}: the count\n{text}");
        let finished = g.phase() == Phase::Finished;
        if g.rules().dead_stones == tengen::DeadStones::Agreed {
            assert_eq!(
                c.end_of_play(),
                &EndOfPlay::Marked {
                    dead: marked(g),
                    finished
                },
                "{what}"
            );
        }
        if finished {
            assert_eq!(re.as_deref(), Some(g.score().result.as_str()), "{what}");
            assert_eq!(c.recorded_result_agrees(), Some(true), "{what}");
        } else {
            assert_eq!(re, None, "{what}: no RE while play is stopped");
            assert_eq!(c.recorded_result_agrees(), None, "{what}");
        }
    } else {
        // A record that does not end in a count loads as it always has: the moves replayed,
        // the result kept in RE, nothing marked or finished.
        assert_eq!(re.as_deref(), Some(g.score().result.as_str()), "{what}");
        assert_eq!(c.recorded_result_agrees(), None, "{what}");
        assert!(marked(back).is_empty(), "{what}");
        assert_ne!(back.phase(), Phase::Finished, "{what}");
    }
    c
}

/// Every way a game can end, on square, one-line and rectangular boards under the presets that
/// mark dead stones (and two that count the board as it stands), from seeded random games.
#[test]
fn reopened_games_keep_phase_outcome_marks_and_score() {
    let sizes = [
        Size::square(9).unwrap(),
        Size::square(19).unwrap(),
        Size::new(1, 12).unwrap(),
        Size::new(13, 1).unwrap(),
        Size::new(7, 5).unwrap(),
    ];
    let presets = [
        "japanese-1989",
        "chinese",
        "aga",
        "wagc-1979",
        "basic",
        "new-zealand",
        "simple",
        "tromp-taylor",
    ];
    let mut seed = 1u64;
    let mut checked = [0usize; 4];
    let mut with_dead = 0;
    let mut warned = 0;
    for size in sizes {
        for preset in presets {
            for _ in 0..3 {
                seed += 1;
                let setup = Setup {
                    size,
                    rules: Rules::preset(preset).unwrap(),
                    handicap: 0,
                };
                let what = format!("{size:?} {preset} seed {seed}");
                let mut g = random_game(setup, seed);
                if g.phase() == Phase::Finished {
                    // Counted as the board stands at the second pass.
                    reopen(&g, &what);
                    checked[1] += 1;
                    continue;
                }
                mark_some(&mut g, seed);
                if !marked(&g).is_empty() {
                    with_dead += 1;
                }
                if !g.score().warnings.is_empty() {
                    warned += 1;
                }
                reopen(&g, &format!("{what}, stopped"));
                checked[0] += 1;
                let mut f = g.clone();
                f.finish().unwrap();
                reopen(&f, &format!("{what}, finished"));
                checked[1] += 1;
                let mut r = g.clone();
                r.resign(Color::White).unwrap();
                reopen(&r, &format!("{what}, resigned when stopped"));
                checked[3] += 1;
            }
        }
    }
    // Resigned in the middle of the game.
    for (i, size) in sizes.into_iter().enumerate() {
        let setup = Setup {
            size,
            rules: Rules::preset("japanese-1989").unwrap(),
            handicap: 0,
        };
        let mut g = random_game(setup, 100 + i as u64);
        while g.phase() != Phase::Playing || g.move_number() > 20 {
            if g.undo().is_err() {
                break;
            }
        }
        g.resign(Color::Black).unwrap();
        let c = reopen(
            &g,
            &format!("{size:?} resigned at move {}", g.move_number()),
        );
        assert_eq!(c.game().phase(), Phase::Playing);
        assert_eq!(c.recorded_result().as_deref(), Some("W+R"));
        checked[2] += 1;
    }
    println!(
        "sgf_roundtrip: reopened {} stopped, {} finished, {} resigned while playing, {} resigned \
         when stopped; {with_dead} with dead stones, {warned} with marks the count warns about",
        checked[0], checked[1], checked[2], checked[3]
    );
    assert!(with_dead >= 60 && warned >= 10, "{with_dead}, {warned}");
}

fn game_at(rows: &[&str], preset: &str, komi: Option<f64>) -> Game {
    let board = tengen::Board::from_rows(rows).unwrap();
    let stones: Vec<(Point, Color)> = board
        .size()
        .points()
        .filter_map(|q| board.get(q).map(|c| (q, c)))
        .collect();
    let mut rules = Rules::preset(preset).unwrap();
    if let Some(k) = komi {
        rules.set_komi(k).unwrap();
    }
    let setup = Setup {
        size: board.size(),
        rules,
        handicap: 0,
    };
    Game::from_position(setup, &stones, Color::Black).unwrap()
}

fn stop(mut g: Game, dead: &[&str]) -> Game {
    g.pass().unwrap();
    assert!(g.pass().unwrap());
    for s in dead {
        g.toggle_dead(p(s)).unwrap();
    }
    g
}

/// Hand-made endings: a dead stone on a one-line board, a count with no territory (written
/// `TB[]`), a draw (`RE[0]`), a tie White wins (`RE[W+0]`), a handicap game.
#[test]
fn reopened_endings_by_hand() {
    // 1x7: White's stone at 3 is dead in Black's area (area counting: Black 7 points).
    let g = stop(
        game_at(&["X", ".", "X", "O", ".", "X", "."], "chinese", None),
        &["ad"],
    );
    let c = reopen(&g, "1x7 stopped");
    assert_eq!(marked(c.game()), [p("ad")]);
    let mut f = g.clone();
    f.finish().unwrap();
    // Black 7 points, White the komi 7.5.
    assert_eq!(f.score().result, "W+0.5");
    let c = reopen(&f, "1x7 finished");
    assert_eq!(c.game().phase(), Phase::Finished);

    // Nothing to count for anyone: TB[] says the count was made.
    let g = stop(game_at(&["X..O"], "chinese", Some(0.0)), &[]);
    let mut f = g.clone();
    f.finish().unwrap();
    assert_eq!(f.score().result, "0", "a draw");
    let text = tree::record(&f).to_sgf();
    assert!(text.contains("RE[0]") && text.contains("TB[]"), "{text}");
    assert!(!text.contains("TW"), "{text}");
    let c = reopen(&f, "1x4 draw");
    assert_eq!(c.game().outcome(), Some(Outcome::Counted));
    reopen(&g, "1x4 stopped, nothing to count");

    // Under `basic` a tie goes to White: RE[W+0].
    let mut f = stop(game_at(&["X..O"], "basic", None), &[]);
    f.finish().unwrap();
    assert_eq!(f.score().result, "W+0");
    let c = reopen(&f, "1x4 W+0");
    assert_eq!(c.game().phase(), Phase::Finished);

    // 9x9, fixed handicap, territory counting: marks on both sides, one of them warned
    // (a chain marked dead that cannot be captured).
    let mut g = Game::new(Setup {
        size: Size::square(9).unwrap(),
        rules: Rules::preset("japanese-1989").unwrap(),
        handicap: 2,
    })
    .unwrap();
    // White first: hb beside Black's handicap stone gc, then bh beside cg.
    for s in ["hb", "ee", "bh", "hc"] {
        g.place(p(s)).unwrap();
    }
    g.pass().unwrap();
    g.pass().unwrap();
    for s in ["hb", "bh", "ee"] {
        g.toggle_dead(p(s)).unwrap();
    }
    let c = reopen(&g, "9x9 handicap");
    assert_eq!(c.game().setup().handicap, 2);
    let mut f = g.clone();
    f.finish().unwrap();
    reopen(&f, "9x9 handicap finished");
}

/// A whole-board repetition (J89 Art. 12), then the game declared void (`RE[Void]`): a ko taken,
/// two passes, a resumption and the ko taken back. The record replays to the repetition and
/// loads as it always has (play going on, the result in RE), on 1xN, 9x9 and 19x19.
#[test]
fn reopened_void_games() {
    let line = [".", "X", "O", ".", "O", ".", "."];
    let corner = [". X O . O . . . .", ". . X O . . . . ."];
    let mut cases: Vec<(String, Game, &str, &str)> = vec![(
        "1x7".into(),
        game_at(&line, "japanese-1989", None),
        "ad",
        "ac",
    )];
    for side in [9usize, 19] {
        let mut rows: Vec<String> = corner
            .iter()
            .map(|r| {
                let mut r = r.replace(' ', "");
                r.push_str(&".".repeat(side - 9));
                r
            })
            .collect();
        while rows.len() < side {
            rows.push(".".repeat(side));
        }
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        cases.push((
            format!("{side}x{side}"),
            game_at(&rows, "wagc-1979", None),
            "da",
            "ca",
        ));
    }
    for (what, mut g, take, retake) in cases {
        assert_eq!(g.place(p(take)).unwrap(), 1, "{what}: the ko taken");
        g.pass().unwrap();
        assert!(g.pass().unwrap());
        g.resume(Color::Black).unwrap();
        assert_eq!(g.place(p(retake)).unwrap(), 1, "{what}: taken back");
        assert!(g.repetition().is_some(), "{what}");
        g.declare_no_result().unwrap();
        let c = reopen(&g, &what);
        assert_eq!(c.recorded_result().as_deref(), Some("Void"));
        assert!(
            c.game().repetition().is_some(),
            "{what}: the repetition replays"
        );
        assert_eq!(c.game().phase(), Phase::Playing);
        assert_eq!(c.end_of_play(), &EndOfPlay::NotStopped);
    }
}
