//! Replaying SGF records into games: RU presets, komi, handicap and set-up stones, passes,
//! illegal moves (strict: an `illegalMove` error; lenient: the game up to the move before, with
//! warnings), and games started from a set-up position; the end of play a record gives (dead
//! stones from TB/TW, the count accepted when RE is one) applied to a replayed game.
#![cfg(feature = "sgf")]

use tengen::sgf;
use tengen::tree::{self, preset_for_ru, ReplayOptions};
use tengen::{Action, Color, Error, Game, Phase, Point, Rules, Setup, Size};

fn p(s: &str) -> Point {
    Point::from_sgf(s).unwrap()
}

fn tree(s: &str) -> tree::GameTree {
    sgf::parse(s.as_bytes())
        .unwrap_or_else(|e| panic!("{e}"))
        .games
        .remove(0)
}

fn replay(s: &str) -> Result<tree::Replay, Error> {
    tree::replay(&tree(s), &ReplayOptions::default())
}

fn lenient(s: &str) -> tree::Replay {
    tree::replay(
        &tree(s),
        &ReplayOptions {
            lenient: true,
            ..ReplayOptions::default()
        },
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

fn preset(name: &str) -> Rules {
    Rules::preset(name).unwrap()
}

/// One-line boards (J89 commentary on Art. 3 (1): other boards by agreement) read from
/// `SZ[w:h]`, with their moves, captures and the basic ko (J89 Art. 6).
#[test]
fn one_line_sizes() {
    let r = replay("(;FF[4]SZ[1:9];B[ac];W[ag])").unwrap();
    assert_eq!(r.game.board().size(), Size::new(1, 9).unwrap());
    assert_eq!(r.game.board().get(p("ac")), Some(Color::Black));
    assert_eq!(r.game.board().get(p("ag")), Some(Color::White));
    let r = replay("(;FF[4]SZ[9:1];B[ca];W[ga])").unwrap();
    assert_eq!(r.game.board().size(), Size::new(9, 1).unwrap());
    assert_eq!(r.game.board().to_rows(), ["..X...O.."]);
    // 1x2: the second stone takes the first, which may not retake at once (basic ko); `tt` is
    // a pass on a board this small.
    let r = replay("(;SZ[1:2]RU[Japanese];B[aa];W[ab];B[tt];W[])").unwrap();
    assert_eq!(r.game.board().to_rows(), [".", "O"]);
    assert_eq!(r.game.captures(Color::White), 1);
    assert_eq!(r.game.phase(), Phase::Stopped);
    let e = replay("(;SZ[1:2]RU[Japanese];B[aa];W[ab];B[aa])").unwrap_err();
    assert_eq!(e.code(), "illegalMove");
    // A point beyond the one column.
    assert_eq!(replay("(;SZ[1:9];B[bc])").unwrap_err().code(), "sgf");
}

#[test]
fn ru_values_name_presets() {
    let cases = [
        ("Japanese", Some("japanese-1989")),
        (" japanese ", Some("japanese-1989")),
        ("JAPANESE", Some("japanese-1989")),
        ("Japanese rules", Some("japanese-1989")),
        ("Korean", Some("japanese-1989")),
        ("Chinese", Some("chinese")),
        ("chinese", Some("chinese")),
        ("AGA", Some("aga")),
        ("aga", Some("aga")),
        ("NZ", Some("new-zealand")),
        ("New Zealand", Some("new-zealand")),
        ("new-zealand", Some("new-zealand")),
        ("Tromp-Taylor", Some("tromp-taylor")),
        ("tromp taylor", Some("tromp-taylor")),
        ("TT", Some("tromp-taylor")),
        ("WAGC", Some("wagc-1979")),
        ("wagc-1979", Some("wagc-1979")),
        ("simple", Some("simple")),
        ("GOE", None),
        ("Ing", None),
        ("", None),
        ("something else", None),
    ];
    for (ru, want) in cases {
        assert_eq!(preset_for_ru(ru), want, "RU[{ru}]");
    }
    // The one list of presets: every preset's own name and written RU read back as it, and
    // the RU written for it is that list's.
    for p in tengen::rules::PRESETS {
        assert_eq!(preset_for_ru(p.name), Some(p.name));
        assert_eq!(preset_for_ru(p.ru), Some(p.name));
        assert_eq!(tree::ru_name(&preset(p.name)), Some(p.ru));
        for alias in p.aliases {
            assert_eq!(preset_for_ru(alias), Some(p.name), "RU[{alias}]");
        }
    }
    // The record's RU sets the rules, and its KM the komi.
    let r = replay("(;RU[Chinese]KM[7.5];B[dd])").unwrap();
    assert_eq!(r.game.rules(), &preset("chinese"));
    let r = replay("(;RU[NZ]KM[3];B[dd])").unwrap();
    let mut nz = preset("new-zealand");
    nz.komi_halves = 6;
    assert_eq!(r.game.rules(), &nz);
    // An unknown RU keeps the caller's default, with a warning.
    let r = tree::replay(
        &tree("(;RU[GOE];B[dd])"),
        &ReplayOptions {
            default_rules: preset("aga"),
            ..ReplayOptions::default()
        },
    )
    .unwrap();
    assert_eq!(r.game.rules(), &preset("aga"));
    assert!(r.warnings[0].message.contains("GOE"));
    // No RU: the default, silently; no KM: the ruleset's komi.
    let r = replay("(;SZ[9];B[dd])").unwrap();
    assert_eq!(r.game.rules(), &preset("japanese-1989"));
    assert!(r.warnings.is_empty());
}

#[test]
fn caller_overrides_and_bad_values() {
    let t = tree("(;RU[Japanese]KM[6.5];B[dd])");
    let r = tree::replay(
        &t,
        &ReplayOptions {
            rules: Some(preset("tromp-taylor")),
            komi: Some(2.5),
            ..ReplayOptions::default()
        },
    )
    .unwrap();
    let mut tt = preset("tromp-taylor");
    tt.komi_halves = 5;
    assert_eq!(r.game.rules(), &tt);
    // Rules given, komi not: KM still counts.
    let r = tree::replay(
        &t,
        &ReplayOptions {
            rules: Some(preset("tromp-taylor")),
            ..ReplayOptions::default()
        },
    )
    .unwrap();
    assert_eq!(r.game.rules().komi(), 6.5);
    // A KM that is no komi: the ruleset's, with a warning.
    for km in ["375.25", "abc", "5000"] {
        let r = replay(&format!("(;RU[Chinese]KM[{km}];B[dd])")).unwrap();
        assert_eq!(r.game.rules().komi(), 7.5);
        assert!(r.warnings[0].message.contains("KM"), "{:?}", r.warnings);
    }
    // A size that cannot be: an sgf error at the SZ property, in both modes.
    for sz in [
        "1", "0", "53", "x", "19:0", "1:1", "0:9", "53:1", "1:53", "1:x",
    ] {
        let input = format!("(;FF[4]SZ[{sz}];B[aa])");
        let e = replay(&input).unwrap_err();
        assert_eq!(
            e,
            Error::Sgf {
                offset: 7,
                message: e.static_message()
            },
            "{sz}"
        );
        let e = tree::replay(
            &tree(&input),
            &ReplayOptions {
                lenient: true,
                ..ReplayOptions::default()
            },
        )
        .unwrap_err();
        assert_eq!(e.code(), "sgf");
    }
    // The message names the bad side.
    for (sz, side) in [
        ("0:9", "width"),
        ("53:1", "width"),
        ("9:0", "height"),
        ("1:53", "height"),
    ] {
        let e = replay(&format!("(;FF[4]SZ[{sz}];B[aa])")).unwrap_err();
        assert!(e.to_string().contains(side), "SZ[{sz}]: {e}");
    }
    assert!(replay("(;SZ[1:1])")
        .unwrap_err()
        .to_string()
        .contains("1:1"));
    // Not Go.
    assert_eq!(replay("(;GM[2];B[aa])").unwrap_err().code(), "sgf");
    assert!(!lenient("(;GM[2];B[aa])").warnings.is_empty());
}

#[test]
fn handicap_and_setup_stones() {
    // HA with AB: the stones where AB says, no fixed stones on top, White first.
    let r = replay("(;SZ[19]HA[3]AB[aa][bb][cc];W[dd])").unwrap();
    let g = &r.game;
    assert_eq!(g.board().stone_count(Color::Black), 3);
    assert_eq!(g.board().get(p("pd")), None);
    assert_eq!(g.setup().handicap, 3);
    assert_eq!(g.to_move(), Color::Black);
    assert_eq!(g.move_number(), 1);
    // The handicap counts for White's compensation under area counting.
    let r = replay("(;SZ[9]RU[Chinese]KM[0]HA[2]AB[cc][gg])").unwrap();
    assert_eq!(r.game.score().white.bonus_halves, 4);
    assert_eq!(r.game.to_move(), Color::White);
    // HA without AB, White first: the fixed stones.
    let r = replay("(;SZ[19]HA[4];W[jj])").unwrap();
    assert_eq!(r.game.board().stone_count(Color::Black), 4);
    assert_eq!(r.game.board().get(p("pd")), Some(Color::Black));
    assert!(r.warnings[0].message.contains("fixed"));
    // HA without AB, Black places them: free placement.
    let r = replay("(;SZ[9]HA[2];B[aa];B[ii];W[ee];B[ec])").unwrap();
    assert_eq!(r.game.board().stone_count(Color::Black), 3);
    assert_eq!(r.moves, 4);
    assert_eq!(r.game.move_number(), 2);
    assert!(r.warnings[0].message.contains("black moves"));
    // Set-up nodes before the first move are the starting position; PL says who starts.
    let r = replay("(;SZ[9]AB[aa]AW[ba];AB[ca]AE[aa]PL[W];W[ee])").unwrap();
    assert_eq!(r.game.board().to_rows()[0], ".OX......");
    assert_eq!(r.game.to_move(), Color::Black);
    // Set-up and a move in one node: set up first.
    let r = replay("(;SZ[9];AB[aa]B[bb];W[cc])").unwrap();
    assert_eq!(
        r.game.board().to_rows()[..3],
        ["X........", ".X.......", "..O......"]
    );
    assert_eq!(r.moves, 2);
    // A set-up chain without liberty cannot start a game.
    let e = replay("(;SZ[9]AB[aa]AW[ab][ba];B[ee])").unwrap_err();
    assert_eq!(e.code(), "sgf");
}

#[test]
fn set_up_position_and_undo() {
    let setup = Setup {
        size: Size::square(9).unwrap(),
        rules: preset("japanese-1989"),
        handicap: 0,
    };
    let stones = [(p("aa"), Color::White), (p("ba"), Color::Black)];
    let mut g = Game::from_position(setup.clone(), &stones, Color::Black).unwrap();
    assert_eq!(g.initial_position(), (stones.to_vec(), Color::Black));
    g.place(p("ab")).unwrap();
    assert_eq!(g.captures(Color::Black), 1);
    g.pass().unwrap();
    assert_eq!(g.undo(), Ok(Action::Pass));
    assert_eq!(g.undo(), Ok(Action::Place(p("ab"))));
    assert_eq!(g.board().get(p("aa")), Some(Color::White));
    assert_eq!(g.to_move(), Color::Black);
    assert!(g.undo().is_err());
    // Refused: a repeated point, a point off the board, a chain without liberty, a handicap
    // above 9.
    let bad: [&[(Point, Color)]; 3] = [
        &[(p("aa"), Color::White), (p("aa"), Color::Black)],
        &[(Point::new(9, 0), Color::White)],
        &[
            (p("aa"), Color::White),
            (p("ba"), Color::Black),
            (p("ab"), Color::Black),
        ],
    ];
    for s in bad {
        assert!(Game::from_position(setup.clone(), s, Color::Black).is_err());
    }
    let mut ten = setup.clone();
    ten.handicap = 10;
    assert!(Game::from_position(ten, &[], Color::Black).is_err());
    // The fixed handicap of a new game is its initial position.
    let mut h = setup;
    h.handicap = 2;
    let g = Game::new(h).unwrap();
    assert_eq!(
        g.initial_position(),
        (
            vec![(p("gc"), Color::Black), (p("cg"), Color::Black)],
            Color::White
        )
    );
}

#[test]
fn passes_turns_and_resumption() {
    // [] and [tt] are passes on 19x19; two passes stop play; a move after them resumes.
    let r = replay("(;SZ[19];B[dd];W[];B[tt];W[pp];B[pd])").unwrap();
    assert_eq!(r.moves, 5);
    assert_eq!(r.game.phase(), Phase::Playing);
    assert_eq!(r.game.board().get(p("pp")), Some(Color::White));
    let r = replay("(;SZ[9];B[ee];W[];B[])").unwrap();
    assert_eq!(r.game.phase(), Phase::Stopped);
    // Two moves of one colour: a pass of the other is put between, with a warning.
    let r = replay("(;SZ[9];B[ee];B[cc];W[gg])").unwrap();
    assert_eq!(r.game.move_number(), 4);
    assert_eq!(r.game.board().stone_count(Color::Black), 2);
    assert!(r.warnings[0].message.contains("twice"));
    // White first without PL.
    let r = replay("(;SZ[9];W[ee];B[cc])").unwrap();
    assert_eq!(r.game.board().get(p("ee")), Some(Color::White));
    assert_eq!(r.game.actions().len(), 2);
}

#[test]
fn illegal_moves_are_reported() {
    // A basic ko retaken at once (move 11: Black at ed retakes).
    let ko = "(;SZ[9]AB[dc][cd][de]AW[ec][fd][ee];B[ed];W[dd];B[ed])";
    let e = replay(ko).unwrap_err();
    assert_eq!(
        e,
        Error::IllegalMove {
            number: 3,
            color: Color::Black,
            point: Some(p("ed")),
            rule: "ko",
            reason: Error::Ko.static_message(),
        }
    );
    assert_eq!(e.code(), "illegalMove");
    assert_eq!(
        e.message(),
        "move 3 (black at ed) is illegal: ko: the stone just captured cannot be retaken at \
         once; play elsewhere first"
    );
    // Lenient: the move played as the record has it (for viewing), with a warning naming it.
    let r = lenient(ko);
    assert_eq!(r.moves, 3);
    assert_eq!(r.game.move_number(), 3);
    assert_eq!(r.nodes.len(), 4);
    assert!(r.illegal.is_none());
    assert_eq!(r.game.board().get(p("dd")), None, "the ko retaken");
    assert_eq!(
        r.warnings.last().unwrap().message,
        format!(
            "{}; played as the record has it (lenient reading)",
            e.message()
        )
    );

    // Occupied, suicide (allowed under New Zealand rules), superko.
    let occupied = "(;SZ[9];B[ee];W[ee])";
    let e = replay(occupied).unwrap_err();
    assert!(matches!(
        e,
        Error::IllegalMove {
            number: 2,
            rule: "occupied",
            ..
        }
    ));
    let suicide = "(;SZ[9]AB[ba][ab];W[aa])";
    assert!(matches!(
        replay(suicide).unwrap_err(),
        Error::IllegalMove {
            number: 1,
            color: Color::White,
            rule: "suicide",
            ..
        }
    ));
    let r = replay(&suicide.replace("SZ[9]", "SZ[9]RU[NZ]")).unwrap();
    assert_eq!(r.game.board().get(p("aa")), None);
    // Off the board, or no point: an sgf error at the property (strict), a stop (lenient).
    let off = "(;SZ[9];B[ee];W[jj])";
    assert_eq!(
        replay(off).unwrap_err(),
        Error::Sgf {
            offset: 14,
            message: "the point is not on the board"
        }
    );
    let r = lenient(off);
    assert_eq!(r.moves, 1);
    assert!(r.illegal.is_none());
    assert!(!r.warnings.is_empty());
    assert_eq!(replay("(;SZ[9];B[e])").unwrap_err().code(), "sgf");
    assert_eq!(replay("(;SZ[9];B[ee]W[ff])").unwrap_err().code(), "sgf");
    // After a finished game (Tromp-Taylor ends on two passes), a move is notPlaying.
    let e = replay("(;SZ[9]RU[TT];B[];W[];B[ee])").unwrap_err();
    assert!(matches!(
        e,
        Error::IllegalMove {
            number: 3,
            rule: "notPlaying",
            ..
        }
    ));
}

#[test]
fn any_path_replays() {
    let t = tree("(;SZ[9];B[ee](;W[cc];B[gg])(;W[gc];B[cg](;W[dd])(;W[ff])))");
    let leaf = t.follow(&[0, 1, 0, 1], false).unwrap();
    let r = tree::replay_to(&t, leaf, &ReplayOptions::default()).unwrap();
    assert_eq!(r.moves, 4);
    assert_eq!(r.game.board().get(p("ff")), Some(Color::White));
    assert_eq!(r.game.board().get(p("cc")), None);
    assert_eq!(r.nodes, t.path_to(leaf));
    let r = tree::replay(&t, &ReplayOptions::default()).unwrap();
    assert_eq!(r.game.board().get(p("gg")), Some(Color::Black));
}

#[test]
fn results_that_are_counts() {
    for re in [
        "B+13.5", "W+0.5", "B+13.50", "W+0", "0", "Draw", "jigo", " b+3 ",
    ] {
        assert!(tree::is_count(re), "{re}");
    }
    for re in [
        "B+R", "W+Resign", "B+T", "W+F", "Void", "?", "B+", "", "W+x", "won",
    ] {
        assert!(!tree::is_count(re), "{re}");
    }
    // 5x5, Black's wall b, White's wall c: Black 5 points and White 10, komi 0.5 (area).
    let r =
        replay("(;SZ[5]RU[Chinese]KM[0.5]AB[ba][bb][bc][bd][be]AW[ca][cb][cc][cd][ce];B[];W[])")
            .unwrap();
    let s = r.game.score();
    assert_eq!(s.result, "W+5.5");
    for (re, agrees) in [
        ("W+5.5", Some(true)),
        ("W+5.50", Some(true)),
        ("w+5.5", Some(true)),
        ("W+6.5", Some(false)),
        ("B+5.5", Some(false)),
        ("W+5.3", Some(false)),
        ("0", Some(false)),
        ("W+R", None),
        ("Void", None),
    ] {
        assert_eq!(tree::result_agrees(re, &s), agrees, "{re}");
    }
}

#[test]
fn end_of_play_on_a_replayed_game() {
    let record = "(;SZ[5]RU[Chinese]KM[0.5]RE[W+5.5]AB[ba][bb][bc][bd][be][ee]\
                  AW[ca][cb][cc][cd][ce][aa];B[];W[]TB[aa:ae]TW[ee][da:ed])";
    let t = tree(record);
    let mut r = tree::replay(&t, &ReplayOptions::default()).unwrap();
    assert_eq!(r.game.phase(), Phase::Stopped, "a replay alone only stops");
    let last = *r.nodes.last().unwrap();
    assert_eq!(tree::recorded_result(&t, last).as_deref(), Some("W+5.5"));
    let e = tree::end_of_play(&t, last, &mut r.game).unwrap();
    assert_eq!(
        e,
        tree::EndOfPlay::Marked {
            dead: vec![p("aa"), p("ee")],
            finished: true
        }
    );
    assert_eq!(r.game.phase(), Phase::Finished);
    assert_eq!(
        &r.game.actions()[r.game.actions().len() - 3..],
        [
            Action::ToggleDead(p("aa")),
            Action::ToggleDead(p("ee")),
            Action::Finish
        ]
    );
    assert_eq!(r.game.score().result, "W+5.5");
    // Applied again: nothing more to do (the game is over).
    assert_eq!(
        tree::end_of_play(&t, last, &mut r.game),
        Ok(tree::EndOfPlay::NotStopped)
    );
    // At a node before the end: nothing.
    let mut r = tree::replay_to(&t, t.root(), &ReplayOptions::default()).unwrap();
    assert_eq!(
        tree::end_of_play(&t, t.root(), &mut r.game),
        Ok(tree::EndOfPlay::NotStopped)
    );
}

/// Cgoban 1 wrote `PL[1]`/`PL[2]`: lenient reading takes them as Black and White with
/// a warning, and ignores another value with a warning; strict reading refuses them.
#[test]
fn cgoban_players_are_read_leniently() {
    for pl in ["1", "2"] {
        let text = format!("(;SZ[9]AB[cc]PL[{pl}])");
        assert_eq!(replay(&text).unwrap_err().code(), "sgf", "strict PL[{pl}]");
    }
    for (text, to_move, warning) in [
        ("(;SZ[9]AB[cc]PL[2])", Color::White, "PL[2] read as white"),
        (
            "(;SZ[9]AB[cc]AW[dd]PL[1])",
            Color::Black,
            "PL[1] read as black",
        ),
        // Ignored: the default, Black, is to play.
        ("(;SZ[9]AB[cc]PL[x])", Color::Black, "PL[x] is not B or W"),
    ] {
        let r = lenient(text);
        assert_eq!(r.game.to_move(), to_move, "{text}");
        assert!(
            r.warnings.iter().any(|w| w.message.contains(warning)),
            "{text}"
        );
    }
}
