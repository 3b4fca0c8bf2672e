//! The analysis of a position (`player::analyze`): deterministic for a seed and a budget, in
//! every phase (playing, play stopped, the game over), refusing bad options with
//! `invalidOptions`, its ownership and candidates well formed (legal moves, legal lines), the
//! game left as it was, and on the counted games of the real-games corpus the score lead at
//! the last position agreeing in sign with the recorded result.

#![cfg(feature = "player")]

#[path = "common/json.rs"]
mod json;
#[path = "common/scored.rs"]
mod scored;

use tengen::player::{analyze, system_clock, Analysis, AnalyzeOptions, MAX_CANDIDATES, MAX_PV};
use tengen::{Color, Error, Game, Phase, Point, Rules, Setup, Size};

/// The analysis of `game` with `playouts` and `seed`.
fn run(game: &Game, playouts: u32, seed: u64) -> Analysis {
    let o = AnalyzeOptions::new(playouts, 0, seed).expect("valid options");
    analyze(game, &o, &mut system_clock()).expect("an analysis")
}

/// A game under `preset` on a `size` board with `moves` (SGF points; `""` a pass) played.
fn game_with(size: u32, preset: &str, moves: &[&str]) -> Game {
    let setup = Setup {
        size: Size::square(size).expect("a size"),
        rules: Rules::preset(preset).expect("a preset"),
        handicap: 0,
    };
    let mut g = Game::new(setup).expect("a game");
    for m in moves {
        if m.is_empty() {
            g.pass().expect("a pass");
        } else {
            g.place(Point::from_sgf(m).expect("a point"))
                .expect("a legal move");
        }
    }
    g
}

/// A 9x9 opening of a few moves.
const OPENING: &[&str] = &["cc", "gg", "gc", "cg", "ee", "ef", "fe"];

/// Checks what any analysis of `game` must be: ownership of the board's area in [-1, 1],
/// candidates legal stone moves most visited first with their lines legal, figures in range.
fn check_shape(game: &Game, a: &Analysis) {
    let size = game.board().size();
    assert_eq!(a.ownership.len(), size.area());
    assert!(a.ownership.iter().all(|o| (-1.0..=1.0).contains(o)));
    assert!((0.0..=1.0).contains(&a.win_rate));
    assert!(a.score_lead.is_finite());
    assert!(a.candidates.len() <= MAX_CANDIDATES);
    assert!(a.candidates.windows(2).all(|w| w[0].visits >= w[1].visits));
    let playing = playing(game);
    for c in &a.candidates {
        assert!((0.0..=1.0).contains(&c.win_rate));
        assert!(c.score_lead.is_finite());
        assert!(c.visits > 0);
        assert!(!c.pv.is_empty() && c.pv.len() <= MAX_PV);
        assert_eq!(c.pv[0], c.point, "a line starts with its move");
        let mut g = playing.clone();
        for &p in &c.pv {
            g.place(p)
                .unwrap_or_else(|e| panic!("the line {:?} has an illegal move: {e:?}", c.pv));
        }
    }
}

/// The position of `game` in play: rebuilt from its board, player to move and prisoners (the
/// superko history of the games here never matters).
fn playing(game: &Game) -> Game {
    if game.phase() == Phase::Playing {
        return game.clone();
    }
    let b = game.board();
    let stones: Vec<(Point, Color)> = b
        .size()
        .points()
        .filter_map(|p| b.get(p).map(|c| (p, c)))
        .collect();
    Game::from_position_with_captures(
        game.setup().clone(),
        &stones,
        game.to_move(),
        [b.prisoners(Color::Black), b.prisoners(Color::White)],
    )
    .expect("a position")
}

#[test]
fn deterministic_for_a_seed_and_a_budget() {
    let g = game_with(9, "japanese-1989", OPENING);
    let a = run(&g, 1500, 7);
    let b = run(&g, 1500, 7);
    assert_eq!(a, b);
    // The whole budget, or less once the best move cannot be overtaken.
    assert!(a.playouts > 0 && a.playouts <= 1500);
    check_shape(&g, &a);
    assert!(!a.candidates.is_empty());
    // Another seed reads other lines.
    assert_ne!(run(&g, 1500, 8), a);
}

#[test]
fn the_game_is_unchanged() {
    let g = game_with(9, "chinese", OPENING);
    let before = format!("{g:?}");
    run(&g, 500, 1);
    assert_eq!(format!("{g:?}"), before);
}

#[test]
fn every_phase() {
    for preset in ["japanese-1989", "chinese", "aga"] {
        let mut g = game_with(9, preset, OPENING);
        let a = run(&g, 800, 3);
        check_shape(&g, &a);
        let mover = g.to_move();
        g.pass().expect("a pass");
        g.pass().expect("a pass");
        let stopped = g.phase();
        assert_ne!(stopped, Phase::Playing, "{preset}");
        let b = run(&g, 800, 3);
        check_shape(&g, &b);
        // Play stopped after two passes: the same player is to move, the position the same.
        assert_eq!(g.to_move(), mover);
        if stopped == Phase::Stopped {
            g.finish().expect("the count accepted");
        }
        assert_eq!(g.phase(), Phase::Finished);
        let c = run(&g, 800, 3);
        check_shape(&g, &c);
        assert_eq!(b, c, "{preset}: the same position, the same analysis");
        // A resigned game too.
        let mut r = game_with(9, preset, OPENING);
        r.resign(Color::White).expect("a resignation");
        check_shape(&r, &run(&r, 500, 3));
    }
}

#[test]
fn bad_options_are_refused() {
    let g = game_with(9, "japanese-1989", OPENING);
    for (playouts, time_ms) in [(5_000_001, 0), (0, 600_001), (u32::MAX, 1)] {
        let direct = AnalyzeOptions::new(playouts, time_ms, 1);
        assert!(
            matches!(direct, Err(Error::InvalidOptions(_))),
            "{playouts} {time_ms}"
        );
        let o = AnalyzeOptions {
            playouts,
            time_ms,
            seed: 1,
        };
        let r = analyze(&g, &o, &mut system_clock());
        assert!(
            matches!(r, Err(Error::InvalidOptions(_))),
            "{playouts} {time_ms}"
        );
    }
}

#[test]
fn a_clear_lead_is_seen() {
    // White has a 9x9 board with a living group, Black a few stones in the corner: White
    // leads by a lot, whoever is to move.
    let rows = [
        "..X.O....",
        "XXX.O....",
        "...O.....",
        "OOOO.....",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
    ];
    let board = tengen::Board::from_rows(&rows).expect("rows");
    let stones: Vec<(Point, Color)> = board
        .size()
        .points()
        .filter_map(|p| board.get(p).map(|c| (p, c)))
        .collect();
    for to_move in [Color::Black, Color::White] {
        let setup = Setup {
            size: board.size(),
            rules: Rules::preset("chinese").expect("a preset"),
            handicap: 0,
        };
        let g = Game::from_position(setup, &stones, to_move).expect("a position");
        let a = run(&g, 2000, 1);
        check_shape(&g, &a);
        let white_lead = if to_move == Color::White {
            a.score_lead
        } else {
            -a.score_lead
        };
        assert!(
            white_lead > 20.0,
            "{to_move:?}: White leads by {white_lead}"
        );
        let mean: f32 = a.ownership.iter().sum::<f32>() / a.ownership.len() as f32;
        assert!(mean < -0.3, "the ownership is White's: {mean}");
    }
}

/// Games whose score lead must agree in sign with the recorded result (of 131).
const MIN_AGREE: usize = 125;
/// The playouts of each corpus position: enough for the sign of a finished game.
const CORPUS_PLAYOUTS: u32 = 400;

/// On the counted games of the corpus, the score lead at the last position, Black to move,
/// agrees in sign with the recorded result in at least [`MIN_AGREE`]; each game is analysed
/// once play is over (two passes, the count accepted), as a review reads a finished record.
#[test]
fn corpus_score_leads_agree_with_the_results() {
    let Some((path, games)) = scored::load("analyze") else {
        return;
    };
    let mut agree = 0;
    let mut misses = Vec::new();
    for g in &games {
        let board = tengen::Board::from_rows(&g.rows).unwrap_or_else(|e| panic!("{e:?}"));
        let stones: Vec<(Point, Color)> = board
            .size()
            .points()
            .filter_map(|p| board.get(p).map(|c| (p, c)))
            .collect();
        let mut rules = Rules::preset(scored::preset_name(g)).expect("a preset");
        rules.set_komi(g.komi).expect("a komi");
        let setup = Setup {
            size: board.size(),
            rules,
            handicap: g.handicap,
        };
        let mut game = Game::from_position_with_captures(setup, &stones, Color::Black, g.captures)
            .unwrap_or_else(|e| panic!("{}: {e:?}", g.file));
        game.pass().expect("a pass");
        game.pass().expect("a pass");
        if game.phase() == Phase::Stopped {
            game.finish().expect("the count accepted");
        }
        let a = run(&game, CORPUS_PLAYOUTS, 1);
        // Black is to move: the lead is Black's.
        let recorded = g.margin.signum();
        if f64::from(a.score_lead).signum() == recorded && a.score_lead != 0.0 {
            agree += 1;
        } else {
            misses.push(format!(
                "{}: recorded {} ({}), score lead {:.1} for Black, win rate {:.2}",
                g.file, g.result, g.margin, a.score_lead, a.win_rate
            ));
        }
    }
    println!(
        "analyze: {agree} of {} score leads agree in sign with the recorded result ({}, {} \
         playouts)",
        games.len(),
        path.display(),
        CORPUS_PLAYOUTS
    );
    for m in &misses {
        println!("  {m}");
    }
    assert!(
        agree >= MIN_AGREE,
        "{agree} agree, at least {MIN_AGREE} expected"
    );
}
