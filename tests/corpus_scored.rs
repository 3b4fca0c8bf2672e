//! The real-results test: the final positions of real server games, with the stones the players
//! marked dead, counted by `score::score` and compared with the recorded margin.
//!
//! The corpus lives outside the repository (`../shared/corpus/scored.json` from the crate root,
//! or the file or directory named by `TENGEN_CORPUS`); without it the test says so and passes.
//! Run with `--nocapture` to see, for every game that differs, the position and the kind of
//! every point.

#[path = "common/json.rs"]
mod json;
#[path = "common/scored.rs"]
mod scored;

use scored::{load, preset_name, Game};
use tengen::score::{self, PointKind, Score, WarningCode};
use tengen::{Board, Color, Point, Rules};

/// The games whose recorded margin the engine does not reproduce, each with the reason (found by
/// reading the position and the per-point kinds printed below; `explanations_hold` checks each
/// reason by correcting the record). A game that starts to match or a new difference fails the
/// test, so a fix or a regression shows up.
const KNOWN_DIFFERENCES: &[(&str, &str)] = &[
    // Engine B+1.5, record B+0.5. The record stops before the last dame and the teire. The
    // server counted ac and ad for White although White's boundary there is open (as the board
    // stands they reach Black's stones: dame under J89 Art. 8), and did not count fi, where
    // White must connect eh-fh (two liberties, ei and fi; Black at ei puts them in atari),
    // which as the board stands is an eye of live white stones.
    (
        "D_gnugo_nando_meijin27_g4.sgf",
        "record omits White's closing ae and teire fi: ac, ad dame; fi territory",
    ),
];

/// Games of the 131 that reproduce the recorded margin: all but the known differences. (Two
/// more differed before the life-and-death analysis: an unconnected ko stone and a dead stone
/// left unmarked, each counted as alive and making a false seki; both are now found capturable
/// (J89 Art. 7.1) and affect only their own region.)
const MIN_MATCHING: usize = 130;

/// For each known difference, a correction of the record that the reason implies: stones
/// marked dead in addition, stones added (the omitted moves), and the margin the engine must
/// then give.
struct Correction {
    file: &'static str,
    dead: &'static [&'static str],
    black: &'static [&'static str],
    white: &'static [&'static str],
    margin: f64,
}

const CORRECTIONS: &[Correction] = &[
    // White closes at ae (ac, ad become White's) and connects at fi: the recorded B+0.5.
    Correction {
        file: "D_gnugo_nando_meijin27_g4.sgf",
        dead: &[],
        black: &[],
        white: &["ae", "fi"],
        margin: 0.5,
    },
];

/// Games where a stone left unmarked can be captured against any defence (J89 Art. 7.1): the
/// count reports it with a `capturable` warning and gives the recorded margin, the stone
/// affecting only its own region (no false seki); then the margin once it is marked dead.
const WARNED: &[(&str, &str, f64, f64)] = &[
    // Black's last ko capture left hm in atari with the ko at gm unconnected: White takes at
    // gm, Black must pass for the ko (Art. 7.2, Diagram 9), White connects. {gm, hm} touches
    // both colours, so marked or not it is dame and hm stays (commentary on Art. 10,
    // Diagram 17).
    ("D_gnugo_arb_dumonteil-5.sgf", "hm", -38.5, -38.5),
    // The black stone lm inside White's area: its liberties km, ln count for nobody (as the
    // server counted) but are no seki dame; marked, White also gains km, lm, ln and the
    // prisoner.
    ("D_gnugo_cgf2003_GnuGo-GoeMate.sgf", "lm", -26.5, -30.5),
];

/// Counts one game as the engine does, with `extra_dead` marked dead and the stones `black`
/// and `white` added (both empty for the game as recorded).
fn count_with(
    g: &Game,
    extra_dead: &[&str],
    black: &[&str],
    white: &[&str],
) -> (Board, Vec<bool>, Score) {
    let mut rows: Vec<Vec<u8>> = g.rows.iter().map(|r| r.as_bytes().to_vec()).collect();
    for (list, ch) in [(black, b'X'), (white, b'O')] {
        for s in list {
            let p = Point::from_sgf(s).unwrap_or_else(|| panic!("bad point {s}"));
            let cell = &mut rows[p.y as usize][p.x as usize];
            assert_eq!(*cell, b'.', "{}: {s} is not empty", g.file);
            *cell = ch;
        }
    }
    let rows: Vec<String> = rows
        .into_iter()
        .map(|r| String::from_utf8(r).expect("ASCII rows"))
        .collect();
    let mut board =
        Board::from_rows(&rows).unwrap_or_else(|e| panic!("{}: bad final position: {e:?}", g.file));
    board.add_prisoners(Color::Black, g.captures[0]);
    board.add_prisoners(Color::White, g.captures[1]);
    let size = board.size();
    let mut dead = vec![false; size.area()];
    let marks = [
        (&g.dead_black, Some(Color::Black)),
        (&g.dead_white, Some(Color::White)),
    ];
    let extra: Vec<String> = extra_dead.iter().map(|s| s.to_string()).collect();
    for (list, colour) in marks.into_iter().chain([(&extra, None)]) {
        for s in list {
            let p = Point::from_sgf(s).unwrap_or_else(|| panic!("{}: bad point {s}", g.file));
            let stone = board.get(p);
            assert!(
                stone.is_some() && (colour.is_none() || stone == colour),
                "{}: the stone marked dead at {s} is not there",
                g.file
            );
            dead[size.index(p)] = true;
        }
    }
    let mut rules = Rules::preset(preset_name(g)).expect("a known preset");
    rules.set_komi(g.komi).expect("a valid komi");
    let s = score::score(&board, &dead, &rules, g.handicap);
    (board, dead, s)
}

/// The position (dead stones as `x`/`o`) beside the per-point kinds.
fn diagram(board: &Board, dead: &[bool], s: &Score) -> String {
    let size = board.size();
    let (w, h) = (size.width() as usize, size.height() as usize);
    let mut out = String::new();
    for y in 0..h {
        let mut left = String::new();
        let mut right = String::new();
        for x in 0..w {
            let i = y * w + x;
            let stone = board.get(Point::new(x as u8, y as u8));
            left.push(match (stone, dead[i]) {
                (Some(Color::Black), false) => 'X',
                (Some(Color::White), false) => 'O',
                (Some(Color::Black), true) => 'x',
                (Some(Color::White), true) => 'o',
                (None, _) => '.',
            });
            let ps = s.points[i];
            let colour = |b: char, w: char, none: char| match ps.counts_for.or(ps.color) {
                Some(Color::Black) => b,
                Some(Color::White) => w,
                None => none,
            };
            right.push(match ps.kind {
                PointKind::Stone => colour('X', 'O', '?'),
                PointKind::SekiStone => colour('S', 's', '?'),
                PointKind::Territory => colour('b', 'w', '?'),
                PointKind::Dame => '.',
                PointKind::SekiEye => colour('E', 'e', '?'),
                PointKind::Dead => match ps.counts_for {
                    Some(Color::Black) => 'B',
                    Some(Color::White) => 'W',
                    None => 'D',
                },
                PointKind::DeadStays => '#',
                PointKind::SekiLiberty => '!',
                PointKind::ProtectiveFill => colour('F', 'f', '?'),
            });
            left.push(' ');
            right.push(' ');
        }
        out.push_str(&format!("  {left}   {right}\n"));
    }
    out.push_str(
        "  kinds: X/O stone, S/s seki stone (B/W), b/w territory, . dame, E/e seki eye (B/W),\n  \
         B/W dead stone removed, its point counted for B/W, D removed counting for nobody, \
         # dead stone that stays\n",
    );
    out
}

fn describe(g: &Game, board: &Board, dead: &[bool], s: &Score) -> String {
    let side = |c: &tengen::SideScore| {
        format!(
            "stones {} territory {} prisoners {} bonus {} total {}",
            c.stones,
            c.territory,
            c.prisoners,
            score::format_halves(c.bonus_halves),
            score::format_halves(c.total_halves)
        )
    };
    format!(
        "{} ({:?}, counting {}, komi {}, handicap {}, captures {:?}): recorded {} ({}), \
         engine {} ({})\n  Black: {}\n  White: {}\n{}",
        g.file,
        g.ruleset,
        g.counting,
        g.komi,
        g.handicap,
        g.captures,
        g.result,
        g.margin,
        s.result,
        score::format_halves(s.margin_halves),
        side(&s.black),
        side(&s.white),
        diagram(board, dead, s)
    )
}

#[test]
fn corpus_scored_results() {
    let Some((path, games)) = load("corpus_scored") else {
        return;
    };
    let mut matched = 0usize;
    let mut differ: Vec<&str> = Vec::new();
    for g in &games {
        let (board, dead, s) = count_with(g, &[], &[], &[]);
        let expected = (g.margin * 2.0).round() as i32;
        if s.margin_halves == expected {
            matched += 1;
        } else {
            let reason = KNOWN_DIFFERENCES
                .iter()
                .find(|(f, _)| *f == g.file)
                .map_or("not explained", |(_, r)| r);
            println!("DIFFERS ({reason}): {}", describe(g, &board, &dead, &s));
            differ.push(&g.file);
        }
    }
    println!(
        "corpus_scored: {matched} of {} games reproduce the recorded margin ({})",
        games.len(),
        path.display()
    );

    let known: Vec<&str> = KNOWN_DIFFERENCES.iter().map(|(f, _)| *f).collect();
    let fixed: Vec<&&str> = known.iter().filter(|f| !differ.contains(f)).collect();
    let new: Vec<&&str> = differ.iter().filter(|f| !known.contains(f)).collect();
    assert!(
        fixed.is_empty() && new.is_empty(),
        "the differing games changed: now matching {fixed:?}, newly differing {new:?}"
    );
    assert!(matched >= games.len() - KNOWN_DIFFERENCES.len());
    assert!(
        matched >= MIN_MATCHING,
        "only {matched} games match, expected at least {MIN_MATCHING}"
    );
}

#[test]
fn explanations_hold() {
    let Some((_, games)) = load("corpus_scored") else {
        return;
    };
    assert_eq!(CORRECTIONS.len(), KNOWN_DIFFERENCES.len());
    for c in CORRECTIONS {
        assert!(
            KNOWN_DIFFERENCES.iter().any(|(f, _)| *f == c.file),
            "{} is not a known difference",
            c.file
        );
        let g = games
            .iter()
            .find(|g| g.file == c.file)
            .unwrap_or_else(|| panic!("{} is not in the corpus", c.file));
        let (board, dead, s) = count_with(g, c.dead, c.black, c.white);
        assert_eq!(
            s.margin_halves,
            (c.margin * 2.0).round() as i32,
            "corrected {}",
            describe(g, &board, &dead, &s)
        );
    }
}

#[test]
fn capturable_stones_are_warned_and_count_as_marked() {
    let Some((_, games)) = load("corpus_scored") else {
        return;
    };
    for &(file, stone, margin, marked_margin) in WARNED {
        let g = games
            .iter()
            .find(|g| g.file == file)
            .unwrap_or_else(|| panic!("{file} is not in the corpus"));
        let p = Point::from_sgf(stone).expect("an SGF point");
        let (board, dead, s) = count_with(g, &[], &[], &[]);
        assert!(
            s.warnings
                .iter()
                .any(|w| w.code == WarningCode::Capturable && w.points.contains(&p)),
            "{file}: no capturable warning on {stone}: {:?}\n{}",
            s.warnings,
            describe(g, &board, &dead, &s)
        );
        assert_eq!(
            s.margin_halves,
            (margin * 2.0).round() as i32,
            "{file} unmarked"
        );
        let (_, _, marked) = count_with(g, &[stone], &[], &[]);
        assert_eq!(
            marked.margin_halves,
            (marked_margin * 2.0).round() as i32,
            "{file} with {stone} marked"
        );
        assert!(
            !marked.warnings.iter().any(|w| w.points.contains(&p)),
            "{file}: {stone} marked dead is still warned"
        );
    }
}

/// The filling of dame keeps real seki: two chains that share their one outside liberty `d`
/// and have one eye each are in seki, their eyes are not territory (J89 Art. 8, commentary
/// Diagram 13), and the outer groups keep their territory. Needs no corpus.
#[test]
fn seki_survives_dame_filling() {
    let board = Board::from_rows(&[
        ". X X . O . O X .",
        "X X X X O O O X .",
        "O O O O X X X X .",
        ". . . O X . . . .",
        ". . . O X . . . .",
        ". . . O X . . . .",
    ])
    .expect("a valid diagram");
    let rules = Rules::preset("japanese-1989").expect("a preset");
    let s = score::score(&board, &[false; 54], &rules, 0);
    let kind = |x: u8, y: u8| s.points[board.size().index(Point::new(x, y))].kind;
    assert_eq!(kind(3, 0), PointKind::SekiLiberty);
    assert_eq!(kind(0, 0), PointKind::SekiEye);
    assert_eq!(kind(5, 0), PointKind::SekiEye);
    assert_eq!(kind(1, 1), PointKind::SekiStone);
    assert_eq!(kind(4, 1), PointKind::SekiStone);
    assert_eq!(kind(0, 2), PointKind::Stone);
    assert_eq!(kind(4, 2), PointKind::Stone);
    assert_eq!((s.black.territory, s.white.territory), (3 + 12, 9));
}
