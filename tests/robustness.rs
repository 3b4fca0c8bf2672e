//! Robustness: no input makes the library panic. Random sequences of every action on random
//! sizes (1x2 to 52x52, one-line boards too) and rulesets: a refused action changes nothing; an accepted one keeps
//! the invariants (every chain has a liberty, stones and empty points fill the board, phases
//! change only as the rules say, undo gives back exactly the state before). Also the
//! constructors and parsers with junk: sizes, presets, komi, fixed handicap, diagrams, points.
//!
//! Case counts: `PROPTEST_CASES` overrides the defaults below.

mod reference;

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use std::collections::HashSet;
use tengen::point::{MAX_SIDE, MIN_SIDE, MIN_SQUARE_SIDE};
use tengen::rules::{self, PRESET_NAMES};
use tengen::{
    handicap, score, Action, Board, Color, DeadStones, Error, Game, HandicapPlacement, KoRule,
    Move, Outcome, Phase, Point, Repetition, Rules, Setup, Size,
};

#[path = "common/cases.rs"]
mod cases;
use cases::config;

/// A point: usually on the board (coordinates taken modulo the sides), sometimes raw (any
/// `u8` pair, mostly off the board).
type PointSpec = (u8, u8, bool);

#[derive(Clone, Copy, Debug)]
enum Op {
    Place(PointSpec),
    PlaceSigned(i64, i64),
    Pass,
    Resume(bool),
    ToggleDead(PointSpec),
    Resign(bool),
    Finish,
    NoResult,
    Undo,
    Legality(PointSpec),
    Score,
}

fn point_spec() -> impl Strategy<Value = PointSpec> {
    (any::<u8>(), any::<u8>(), prop::bool::weighted(0.1))
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        60 => point_spec().prop_map(Op::Place),
        3 => (-3i64..60, -3i64..60).prop_map(|(x, y)| Op::PlaceSigned(x, y)),
        1 => any::<(i64, i64)>().prop_map(|(x, y)| Op::PlaceSigned(x, y)),
        12 => Just(Op::Pass),
        5 => any::<bool>().prop_map(Op::Resume),
        8 => point_spec().prop_map(Op::ToggleDead),
        1 => any::<bool>().prop_map(Op::Resign),
        3 => Just(Op::Finish),
        2 => Just(Op::NoResult),
        7 => Just(Op::Undo),
        4 => point_spec().prop_map(Op::Legality),
        2 => Just(Op::Score),
    ]
}

fn colour(b: bool) -> Color {
    if b {
        Color::Black
    } else {
        Color::White
    }
}

fn resolve(size: Size, (x, y, raw): PointSpec) -> Point {
    if raw {
        Point::new(x, y)
    } else {
        Point::new(
            (x as u32 % size.width()) as u8,
            (y as u32 % size.height()) as u8,
        )
    }
}

/// Counters of accepted and refused actions, printed with `TENGEN_STATS=1`.
mod stats {
    use std::sync::atomic::{AtomicU64, Ordering};

    pub const NAMES: [&str; 11] = [
        "place",
        "placeSigned",
        "pass",
        "resume",
        "toggleDead",
        "resign",
        "finish",
        "noResult",
        "undo",
        "legality",
        "score",
    ];
    static OK: [AtomicU64; 11] = [const { AtomicU64::new(0) }; 11];
    static ERR: [AtomicU64; 11] = [const { AtomicU64::new(0) }; 11];

    pub fn add(k: usize, ok: bool) {
        let a = if ok { &OK } else { &ERR };
        a[k].fetch_add(1, Ordering::Relaxed);
    }

    pub fn print() {
        if std::env::var_os("TENGEN_STATS").is_some() {
            let parts: Vec<String> = (0..NAMES.len())
                .map(|k| {
                    let ok = OK[k].load(Ordering::Relaxed);
                    let err = ERR[k].load(Ordering::Relaxed);
                    format!("{} {ok}/{err}", NAMES[k])
                })
                .collect();
            eprintln!("accepted/refused so far: {}", parts.join(", "));
        }
    }
}

impl Op {
    fn kind(self) -> usize {
        match self {
            Op::Place(_) => 0,
            Op::PlaceSigned(..) => 1,
            Op::Pass => 2,
            Op::Resume(_) => 3,
            Op::ToggleDead(_) => 4,
            Op::Resign(_) => 5,
            Op::Finish => 6,
            Op::NoResult => 7,
            Op::Undo => 8,
            Op::Legality(_) => 9,
            Op::Score => 10,
        }
    }
}

/// Everything observable about a game.
#[derive(Clone, Debug, PartialEq)]
struct Full {
    signs: Vec<i8>,
    to_move: Color,
    phase: Phase,
    outcome: Option<Outcome>,
    move_number: u32,
    captures: [u32; 2],
    handicap_left: u32,
    dead: Vec<bool>,
    actions: Vec<Action>,
    ko_point: Option<Point>,
    all_alive: bool,
    repetition: Option<Repetition>,
    last_move: Option<Move>,
    hash: u64,
}

fn full(g: &Game) -> Full {
    Full {
        signs: g.board().to_signs(),
        to_move: g.to_move(),
        phase: g.phase(),
        outcome: g.outcome(),
        move_number: g.move_number(),
        captures: [g.captures(Color::Black), g.captures(Color::White)],
        handicap_left: g.handicap_left(),
        dead: g.dead_marks().to_vec(),
        actions: g.actions().to_vec(),
        ko_point: g.ko_point(),
        all_alive: g.all_alive(),
        repetition: g.repetition(),
        last_move: g.last_move(),
        hash: g.board().hash(),
    }
}

/// The legality of every point (hidden history included: superko answers depend on it), on
/// boards small enough to ask quickly.
fn legality_map(g: &Game) -> Option<Vec<Result<(), Error>>> {
    let size = g.board().size();
    (size.area() <= 100).then(|| size.points().map(|p| g.legality(p)).collect())
}

/// The invariants of any state.
fn check_invariants(g: &Game, ctx: &str) -> Result<(), TestCaseError> {
    let b = g.board();
    let size = b.size();
    let (w, h) = (size.width() as usize, size.height() as usize);
    let signs = b.to_signs();
    prop_assert_eq!(signs.len(), size.area());
    prop_assert!(
        reference::all_chains_have_liberties(w, h, &signs),
        "a chain without liberty\n{}{}",
        b,
        ctx
    );
    let black = signs.iter().filter(|&&s| s == 1).count();
    let white = signs.iter().filter(|&&s| s == -1).count();
    prop_assert_eq!(b.stone_count(Color::Black) as usize, black, "{}", ctx);
    prop_assert_eq!(b.stone_count(Color::White) as usize, white, "{}", ctx);
    prop_assert_eq!(black + white + b.empty_count(), size.area(), "{}", ctx);
    let empties: HashSet<Point> = b.empty_points().collect();
    prop_assert_eq!(empties.len(), b.empty_count());
    prop_assert!(empties.iter().all(|&p| b.get(p).is_none()));
    // Dead marks only on stones, and none while playing.
    for (i, &d) in g.dead_marks().iter().enumerate() {
        if d {
            prop_assert!(signs[i] != 0, "a dead mark on an empty point\n{}", ctx);
            prop_assert!(
                g.phase() != Phase::Playing,
                "dead marks while playing\n{}",
                ctx
            );
        }
    }
    prop_assert_eq!(
        g.phase() == Phase::Finished,
        g.outcome().is_some(),
        "{}",
        ctx
    );
    if let Some(k) = g.ko_point() {
        prop_assert_eq!(g.legality(k), Err(Error::Ko), "{}", ctx);
    }
    Ok(())
}

fn check_score(g: &Game) -> Result<(), TestCaseError> {
    let s = g.score();
    let area = g.board().size().area() as u32;
    prop_assert_eq!(s.points.len() as u32, area);
    prop_assert!(s.black.stones + s.black.territory + s.white.stones + s.white.territory <= area);
    prop_assert_eq!(s.margin_halves, s.black.total_halves - s.white.total_halves);
    prop_assert_eq!(s.ownership().len() as u32, area);
    Ok(())
}

/// Runs `ops` on a game and checks every answer.
fn exercise(mut g: Game, ops: &[Op]) -> Result<(), TestCaseError> {
    let size = g.board().size();
    let rules = *g.rules();
    let mut history: Vec<Full> = Vec::new();
    check_invariants(&g, "at the start")?;
    for (n, &op) in ops.iter().enumerate() {
        let before = full(&g);
        let map_before = legality_map(&g);
        let ctx = format!("op #{n} {op:?} on {}x{}", size.width(), size.height());
        let result: Result<(), Error> = match op {
            Op::Place(ps) => g.place(resolve(size, ps)).map(|_| ()),
            Op::PlaceSigned(x, y) => match size.point(x, y) {
                Ok(p) => g.place(p).map(|_| ()),
                Err(e) => {
                    prop_assert_eq!(e, Error::OffBoard);
                    Err(e)
                }
            },
            Op::Pass => g.pass().map(|_| ()),
            Op::Resume(c) => g.resume(colour(c)),
            Op::ToggleDead(ps) => g.toggle_dead(resolve(size, ps)).map(|_| ()),
            Op::Resign(c) => g.resign(colour(c)),
            Op::Finish => g.finish(),
            Op::NoResult => g.declare_no_result(),
            Op::Undo => g.undo().map(|_| ()),
            Op::Legality(ps) => {
                let p = resolve(size, ps);
                let _ = g.legality(p);
                let _ = g.is_dead(p);
                Ok(())
            }
            Op::Score => {
                check_score(&g)?;
                Ok(())
            }
        };
        let after = full(&g);
        stats::add(op.kind(), result.is_ok());
        if let Err(e) = result {
            prop_assert_eq!(
                &after,
                &before,
                "refused ({}) but changed: {}",
                e.code(),
                ctx
            );
            prop_assert_eq!(
                legality_map(&g),
                map_before,
                "refused but legality changed: {}",
                ctx
            );
            continue;
        }
        check_invariants(&g, &ctx)?;
        let b = &before;
        let a = &after;
        let phase_move = (b.phase, a.phase);
        match op {
            Op::Place(_) | Op::PlaceSigned(..) => {
                prop_assert_eq!(phase_move, (Phase::Playing, Phase::Playing), "{}", &ctx);
                if b.handicap_left > 0 {
                    prop_assert_eq!(a.handicap_left, b.handicap_left - 1);
                    prop_assert_eq!(a.move_number, b.move_number);
                } else {
                    prop_assert_eq!(a.move_number, b.move_number + 1);
                    prop_assert_eq!(a.to_move, b.to_move.opponent());
                }
            }
            Op::Pass => {
                prop_assert_eq!(b.phase, Phase::Playing);
                prop_assert_eq!(b.handicap_left, 0);
                prop_assert_eq!(a.move_number, b.move_number + 1);
                prop_assert_eq!(&a.signs, &b.signs);
                let expected_end = if rules.dead_stones == DeadStones::AsItStands {
                    Phase::Finished
                } else {
                    Phase::Stopped
                };
                prop_assert!(
                    a.phase == Phase::Playing || a.phase == expected_end,
                    "{}",
                    ctx
                );
            }
            Op::Resume(c) => {
                prop_assert_eq!(phase_move, (Phase::Stopped, Phase::Playing), "{}", &ctx);
                prop_assert_eq!(a.to_move, colour(c).opponent());
            }
            Op::ToggleDead(_) => {
                prop_assert_eq!(phase_move, (Phase::Stopped, Phase::Stopped), "{}", &ctx);
                prop_assert_eq!(&a.signs, &b.signs);
            }
            Op::Resign(c) => {
                prop_assert!(b.phase != Phase::Finished);
                prop_assert_eq!(a.phase, Phase::Finished);
                prop_assert_eq!(a.outcome, Some(Outcome::Resigned(colour(c))));
            }
            Op::Finish => {
                prop_assert_eq!(phase_move, (Phase::Stopped, Phase::Finished), "{}", &ctx);
            }
            Op::NoResult => {
                prop_assert!(b.phase != Phase::Finished);
                prop_assert_eq!(rules.ko, KoRule::Simple);
                prop_assert!(b.repetition.is_some());
                prop_assert_eq!(a.outcome, Some(Outcome::NoResult));
            }
            Op::Undo => {
                let previous = history.pop();
                prop_assert!(previous.is_some(), "undo with nothing to undo: {}", ctx);
                prop_assert_eq!(a, &previous.unwrap(), "undo did not restore: {}", ctx);
                continue;
            }
            Op::Legality(_) | Op::Score => {
                prop_assert_eq!(a, b, "a query changed the game: {}", ctx);
                continue;
            }
        }
        if a.actions.len() == b.actions.len() + 1 {
            history.push(before);
        } else {
            prop_assert!(false, "an accepted action was not recorded: {}", ctx);
        }
    }
    check_score(&g)?;
    stats::print();
    Ok(())
}

fn side() -> impl Strategy<Value = u32> {
    prop_oneof![6 => 2u32..=6, 3 => 7u32..=19, 1 => 20u32..=52]
}

/// Board dimensions: two sides of [`side`], or a one-line board (1xN or Nx1, J89 commentary on
/// Art. 3 (1): other boards by agreement), never 1x1.
fn dims() -> impl Strategy<Value = (u32, u32)> {
    prop_oneof![
        8 => (side(), side()),
        1 => side().prop_map(|n| (1, n)),
        1 => side().prop_map(|n| (n, 1)),
    ]
}

/// Small board dimensions (`2..=max` a side), a tenth of them one-line boards.
fn small_dims(max: u32) -> impl Strategy<Value = (u32, u32)> {
    prop_oneof![
        8 => (2u32..=max, 2u32..=max),
        1 => (2u32..=max).prop_map(|n| (1, n)),
        1 => (2u32..=max).prop_map(|n| (n, 1)),
    ]
}

/// Whether `Size::new` must accept these sides: each 1..=52, not both 1.
fn valid_sides(w: u32, h: u32) -> bool {
    (MIN_SIDE..=MAX_SIDE).contains(&w)
        && (MIN_SIDE..=MAX_SIDE).contains(&h)
        && w.max(h) >= MIN_SQUARE_SIDE
}

proptest! {
    #![proptest_config(config(if cfg!(debug_assertions) { 320 } else { 2000 }))]

    /// Random actions of every kind on random games.
    #[test]
    fn random_actions_never_panic_and_keep_invariants(
        (w, h) in dims(),
        preset in 0..PRESET_NAMES.len(),
        overrides in (any::<Option<bool>>(), prop::option::of(0u8..3), any::<bool>()),
        handicap in prop_oneof![3 => Just(0u32), 1 => 0u32..=12],
        ops in prop::collection::vec(op(), 0..160),
    ) {
        let mut rules = Rules::preset(PRESET_NAMES[preset]).unwrap();
        if let Some(s) = overrides.0 {
            rules.suicide = s;
        }
        if let Some(k) = overrides.1 {
            rules.ko = [KoRule::Simple, KoRule::Positional, KoRule::Situational][k as usize];
        }
        if overrides.2 {
            rules.handicap_placement = HandicapPlacement::Free;
        }
        let size = Size::new(w, h).unwrap();
        match Game::new(Setup { size, rules, handicap }) {
            Ok(g) => {
                prop_assert_eq!(g.board().size(), size);
                exercise(g, &ops)?;
            }
            Err(e) => {
                prop_assert!(matches!(e, Error::InvalidOptions(_)), "{:?}", e);
                prop_assert!(handicap > 0, "an even game refused: {:?}", e);
            }
        }
    }

    /// Long action sequences on tiny boards, where stops, resumptions, repetitions and undos
    /// are frequent.
    #[test]
    fn long_action_sequences_on_tiny_boards(
        (w, h) in prop_oneof![
            4 => (2u32..=4, 2u32..=4),
            1 => (2u32..=6).prop_map(|n| (1, n)),
            1 => (2u32..=6).prop_map(|n| (n, 1)),
        ],
        preset in 0..PRESET_NAMES.len(),
        simple_ko in any::<bool>(),
        ops in prop::collection::vec(op(), 0..400),
    ) {
        let mut rules = Rules::preset(PRESET_NAMES[preset]).unwrap();
        if simple_ko {
            // Repetitions, and so declarations of no result, are possible only under simple ko.
            rules.ko = KoRule::Simple;
        }
        let g = Game::new(Setup { size: Size::new(w, h).unwrap(), rules, handicap: 0 }).unwrap();
        exercise(g, &ops)?;
    }

    /// `Size::new` accepts exactly the sides 1..=52 but not 1x1, and a refusal names the bad
    /// side; `Size::square` accepts 2..=52; `Size::point` never panics.
    #[test]
    fn sizes_and_points(
        w in prop_oneof![Just(0u32), Just(1), Just(53), Just(1000), Just(u32::MAX), any::<u32>(), 0u32..60],
        h in prop_oneof![Just(0u32), Just(1), Just(53), Just(1000), Just(u32::MAX), any::<u32>(), 0u32..60],
        x in any::<i64>(),
        y in prop_oneof![any::<i64>(), -2i64..60],
    ) {
        let valid = valid_sides(w, h);
        match Size::new(w, h) {
            Ok(s) => {
                prop_assert!(valid);
                prop_assert_eq!((s.width(), s.height()), (w, h));
                prop_assert_eq!(s.area(), (w * h) as usize);
                let inside = (0..w as i64).contains(&x) && (0..h as i64).contains(&y);
                match s.point(x, y) {
                    Ok(p) => {
                        prop_assert!(inside);
                        prop_assert!(s.contains(p));
                        prop_assert_eq!(s.point_at(s.index(p)), p);
                    }
                    Err(e) => {
                        prop_assert!(!inside);
                        prop_assert_eq!(e, Error::OffBoard);
                    }
                }
            }
            Err(e) => {
                prop_assert!(!valid, "{}x{} refused", w, h);
                let Error::InvalidOptions(m) = e else {
                    return Err(TestCaseError::fail(format!("{w}x{h}: {e:?}")));
                };
                let named = if !(MIN_SIDE..=MAX_SIDE).contains(&w) {
                    "width"
                } else if !(MIN_SIDE..=MAX_SIDE).contains(&h) {
                    "height"
                } else {
                    "1x1"
                };
                prop_assert!(m.contains(named), "{}x{}: {}", w, h, m);
            }
        }
        prop_assert_eq!(Size::square(w).is_ok(), (MIN_SQUARE_SIDE..=MAX_SIDE).contains(&w));
    }

    /// Presets and the other parsers with garbage names.
    #[test]
    fn parsers_with_garbage(name in prop_oneof![
        "\\PC{0,16}",
        Just(String::new()),
        Just("Japanese-1989".to_string()),
        Just("chinese ".to_string()),
        Just("tromp_taylor".to_string()),
    ]) {
        let r = Rules::preset(&name);
        prop_assert_eq!(r.is_ok(), PRESET_NAMES.contains(&name.as_str()));
        if let Err(e) = r {
            prop_assert!(matches!(e, Error::InvalidOptions(_)));
        }
        let _ = tengen::KoRule::parse(&name);
        let _ = tengen::Scoring::parse(&name);
        let _ = tengen::Tie::parse(&name);
        let _ = tengen::DeadStones::parse(&name);
        let _ = tengen::HandicapPlacement::parse(&name);
        let _ = Color::parse(&name);
        if let Some(p) = Point::from_sgf(&name) {
            prop_assert_eq!(Point::from_sgf(&p.sgf()), Some(p));
        }
    }

    /// Komi: finite multiples of 0.5 within ±1000 only; a refused komi changes nothing.
    #[test]
    fn komi_values(k in prop_oneof![
        Just(f64::NAN),
        Just(f64::INFINITY),
        Just(f64::NEG_INFINITY),
        Just(0.3),
        Just(-0.0),
        Just(1000.0),
        Just(-1000.0),
        Just(1000.5),
        Just(f64::MAX),
        Just(f64::MIN_POSITIVE),
        Just(1e-300),
        any::<f64>(),
        (-2100i32..2100).prop_map(|h| h as f64 / 2.0),
        (-2000i32..2000).prop_map(|h| h as f64 / 2.0 + 0.25),
    ]) {
        let valid = k.is_finite() && k.abs() <= 1000.0 && (k * 2.0).fract() == 0.0;
        match rules::komi_halves(k) {
            Ok(h) => {
                prop_assert!(valid, "komi {} accepted", k);
                prop_assert_eq!(h as f64, k * 2.0);
            }
            Err(e) => {
                prop_assert!(!valid, "komi {} refused", k);
                prop_assert!(matches!(e, Error::InvalidOptions(_)));
            }
        }
        let mut r = Rules::preset("chinese").unwrap();
        let old = r;
        if r.set_komi(k).is_err() {
            prop_assert_eq!(r, old);
        } else {
            prop_assert_eq!(r.komi(), k);
        }
    }

    /// Diagrams with junk characters, ragged rows and sizes out of range.
    #[test]
    fn from_rows_with_junk(rows in prop::collection::vec("[XOxoB#W+,. \\tZ?é0-]{0,14}", 0..14)) {
        if let Ok(b) = Board::from_rows(&rows) {
            let size = b.size();
            let (w, h) = (size.width() as usize, size.height() as usize);
            prop_assert_eq!(h, rows.len());
            prop_assert!(rows.iter().all(|r| r.chars().filter(|c| !c.is_ascii_whitespace()).count() == w));
            prop_assert!(reference::all_chains_have_liberties(w, h, &b.to_signs()));
            let again = Board::from_rows(&b.to_rows()).unwrap();
            prop_assert_eq!(again.to_signs(), b.to_signs());
            prop_assert_eq!(again.hash(), b.hash());
        }
    }

    /// Larger diagrams of legal characters only: accepted exactly when the sides are 1..=52 (not
    /// 1x1) and every chain has a liberty.
    #[test]
    fn from_rows_with_valid_characters(
        w in 0usize..56,
        h in 0usize..56,
        seed in prop::collection::vec(0u8..3, 1..64),
    ) {
        let rows: Vec<String> = (0..h)
            .map(|y| (0..w).map(|x| ['.', 'X', 'O'][seed[(x * 7 + y * 13) % seed.len()] as usize]).collect())
            .collect();
        let cells: Vec<i8> = rows
            .iter()
            .flat_map(|r| r.chars().map(|c| match c { 'X' => 1, 'O' => -1, _ => 0 }))
            .collect();
        let expect_ok = valid_sides(w as u32, h as u32)
            && reference::all_chains_have_liberties(w, h, &cells);
        let b = Board::from_rows(&rows);
        prop_assert_eq!(b.is_ok(), expect_ok, "{:?}", rows);
        if let Ok(b) = b {
            prop_assert_eq!(b.to_signs(), cells);
        }
    }

    /// Board queries (and plays on a copy) at any point, on and off the board.
    #[test]
    fn board_queries_at_any_point(
        (w, h) in small_dims(19),
        stones in prop::collection::vec((any::<u8>(), any::<u8>(), any::<bool>()), 0..80),
        probes in prop::collection::vec(point_spec(), 1..40),
    ) {
        let size = Size::new(w, h).unwrap();
        let mut b = Board::new(size);
        for &(x, y, c) in &stones {
            let p = resolve(size, (x, y, false));
            let _ = b.play(p, colour(c), x % 3 == 0);
        }
        for &ps in &probes {
            let p = resolve(size, ps);
            let on = size.contains(p);
            prop_assert_eq!(b.get(p).is_some(), on && b.to_signs()[size.index(p)] != 0);
            let chain = b.chain(p);
            prop_assert_eq!(chain.is_empty(), b.get(p).is_none());
            let libs = b.liberties(p);
            prop_assert_eq!(libs == 0, b.get(p).is_none());
            for c in [Color::Black, Color::White] {
                if on {
                    // Off the board: see `is_eyeish_off_the_board`.
                    let _ = b.is_eyeish(p, c);
                }
                for suicide in [false, true] {
                    let probe = b.probe(p, c, suicide);
                    let mut copy = b.clone();
                    let played = copy.play(p, c, suicide);
                    prop_assert_eq!(probe.map(|q| q.captures), played);
                    if let Ok(q) = probe {
                        prop_assert_eq!(q.hash, copy.hash());
                    }
                    if !on {
                        prop_assert_eq!(played, Err(Error::OffBoard));
                    }
                }
            }
        }
    }

    /// Set-up positions from any list of points (off the board, repeated, without liberties),
    /// and the SGF name of any point.
    #[test]
    fn set_up_and_point_names(
        (w, h) in small_dims(19),
        stones in prop::collection::vec((point_spec(), any::<bool>()), 0..60),
    ) {
        let size = Size::new(w, h).unwrap();
        let list: Vec<(Point, Color)> =
            stones.iter().map(|&(ps, c)| (resolve(size, ps), colour(c))).collect();
        match Board::with_stones(size, list.iter().copied()) {
            Ok(b) => {
                prop_assert!(list.iter().all(|&(p, c)| b.get(p) == Some(c)));
                prop_assert!(reference::all_chains_have_liberties(
                    w as usize,
                    h as usize,
                    &b.to_signs()
                ));
            }
            Err(e) => prop_assert!(matches!(
                e,
                Error::OffBoard | Error::Occupied | Error::InvalidOptions(_)
            )),
        }
        for &((x, y, _), _) in &stones {
            let p = Point::new(x % 52, y % 52);
            prop_assert_eq!(Point::from_sgf(&p.sgf()), Some(p));
        }
    }

    /// Counting any position with any dead marks (of any length) under every preset and a
    /// valid komi and handicap.
    #[test]
    fn score_any_position(
        (w, h) in small_dims(13),
        stones in prop::collection::vec((any::<u8>(), any::<u8>(), any::<bool>()), 0..120),
        dead in prop::collection::vec(any::<bool>(), 0..200),
        preset in 0..PRESET_NAMES.len(),
        komi_halves in -2000i32..=2000,
        handicap in 0u32..=9,
        seki_eye_prisoners in any::<bool>(),
    ) {
        let size = Size::new(w, h).unwrap();
        let mut b = Board::new(size);
        for &(x, y, c) in &stones {
            let _ = b.play(resolve(size, (x, y, false)), colour(c), false);
        }
        let mut r = Rules::preset(PRESET_NAMES[preset]).unwrap();
        r.komi_halves = komi_halves;
        r.seki_eye_prisoners = seki_eye_prisoners;
        let s = score::score(&b, &dead, &r, handicap);
        prop_assert_eq!(s.points.len(), size.area());
        prop_assert_eq!(s.margin_halves, s.black.total_halves - s.white.total_halves);
        let area = size.area() as u32;
        prop_assert!(s.black.stones + s.white.stones + s.black.territory + s.white.territory <= area);
    }
}

/// Fixed handicap for every size 1x2..=52x52 (rectangles and one-line boards too) and every
/// count 0..=12: never a panic; the stones are distinct points on the board, as many as asked,
/// and the reference's WAGC star points (none on a one-line board: every count above 0 is
/// refused there, as options). A game is made with them on square and one-line boards.
#[test]
fn fixed_handicap_every_size_and_count() {
    for w in MIN_SIDE..=MAX_SIDE {
        for h in MIN_SIDE..=MAX_SIDE {
            if !valid_sides(w, h) {
                continue;
            }
            let size = Size::new(w, h).unwrap();
            for n in 0..=12u32 {
                let got = handicap::fixed_stones(size, n);
                let want = reference::fixed_handicap(w as usize, h as usize, n);
                match &got {
                    Ok(stones) => {
                        assert_eq!(stones.len(), n as usize, "{w}x{h} handicap {n}");
                        let set: HashSet<Point> = stones.iter().copied().collect();
                        assert_eq!(set.len(), stones.len(), "{w}x{h} handicap {n}: repeated");
                        assert!(stones.iter().all(|&p| size.contains(p)), "{w}x{h} {n}");
                    }
                    Err(e) => assert!(matches!(e, Error::InvalidOptions(_)), "{e:?}"),
                }
                let got: Option<Vec<(usize, usize)>> = got
                    .ok()
                    .map(|v| v.iter().map(|p| (p.x as usize, p.y as usize)).collect());
                assert_eq!(got, want, "{w}x{h} handicap {n}");
                if w.min(h) == 1 {
                    assert!(want.is_none() || n == 0, "{w}x{h} handicap {n}");
                }
                if w == h || w.min(h) == 1 {
                    let rules = Rules::preset("japanese-1989").unwrap();
                    let g = Game::new(Setup {
                        size,
                        rules,
                        handicap: n,
                    });
                    assert_eq!(g.is_ok(), want.is_some(), "{w}x{h} handicap {n}");
                    if let Ok(g) = g {
                        assert_eq!(g.board().stone_count(Color::Black), n);
                        let first = if n > 0 { Color::White } else { Color::Black };
                        assert_eq!(g.to_move(), first);
                    }
                }
            }
        }
    }
    let _ = handicap::fixed_stones(Size::default(), u32::MAX);
    let _ = handicap::star_points(Size::new(2, 52).unwrap());
}

/// Free handicap counts: 0 and 2..=9 that the board can hold; anything else refused.
#[test]
fn free_handicap_counts() {
    let mut rules = Rules::preset("chinese").unwrap();
    rules.handicap_placement = HandicapPlacement::Free;
    for (w, h) in [
        (2u32, 2u32),
        (3, 3),
        (4, 4),
        (19, 19),
        (52, 52),
        (1, 2),
        (1, 3),
        (9, 1),
        (1, 52),
    ] {
        for n in [0u32, 1, 2, 3, 4, 5, 9, 10, 100, u32::MAX] {
            let size = Size::new(w, h).unwrap();
            let g = Game::new(Setup {
                size,
                rules,
                handicap: n,
            });
            let ok = n == 0 || ((2..=9).contains(&n) && (n as usize) < size.area());
            assert_eq!(g.is_ok(), ok, "{w}x{h} free handicap {n}");
            if let Ok(mut g) = g {
                assert_eq!(g.handicap_left(), n);
                if n > 0 {
                    assert!(matches!(g.pass(), Err(Error::NotAllowed(_))));
                }
            }
        }
    }
}

/// Counting with numbers outside what the set-up checks allow (a komi field set directly, a
/// handicap passed straight to `score::score`): still no panic.
#[test]
fn score_extreme_komi_and_handicap() {
    let b = Board::from_rows(&["XX.O", "X.OO", "XXO.", ".XO."]).unwrap();
    let dead = vec![false; 16];
    for name in PRESET_NAMES {
        for komi_halves in [i32::MIN, -1, 0, i32::MAX] {
            for handicap in [0, 9, u32::MAX / 2, u32::MAX] {
                let mut r = Rules::preset(name).unwrap();
                r.komi_halves = komi_halves;
                let _ = score::score(&b, &dead, &r, handicap);
            }
        }
    }
}

/// `Board::is_eyeish` at points off the board: `false`, not a panic (on one-line boards too,
/// where a column beyond the last is the shared border).
#[test]
fn is_eyeish_off_the_board() {
    for (w, h) in [
        (2u32, 2u32),
        (9, 9),
        (19, 19),
        (52, 52),
        (1, 2),
        (1, 9),
        (9, 1),
        (1, 52),
        (52, 1),
    ] {
        let b = Board::new(Size::new(w, h).unwrap());
        for (x, y) in [
            (w, 0),
            (0, h),
            (w, h),
            (w + 1, 0),
            (w, h.saturating_sub(2)),
            (0, h + 1),
            (0, 255),
            (255, 0),
            (255, 255),
        ] {
            for c in [Color::Black, Color::White] {
                let (x, y) = (x.min(255) as u8, y.min(255) as u8);
                let got = std::panic::catch_unwind(|| b.is_eyeish(Point::new(x, y), c));
                assert_eq!(
                    got.ok(),
                    Some(false),
                    "{w}x{h}: is_eyeish(({x}, {y}), {c}) panicked or said true"
                );
            }
        }
    }
}

/// `Point::sgf` for every `u8` pair: no panic (points beyond the SGF range have no letters, but
/// asking must not crash).
#[test]
fn sgf_name_of_any_point() {
    let mut first_panic = None;
    'all: for x in 0..=255u8 {
        for y in [0u8, 51, 52, 190, 191, 255] {
            // Stop at the first panic, so the output stays short.
            if std::panic::catch_unwind(|| Point::new(y, x).sgf()).is_err() {
                first_panic = Some(Point::new(y, x));
                break 'all;
            }
        }
    }
    assert_eq!(first_panic, None, "Point::sgf panicked");
}

/// The sides named in the brief: 0, 53 and 1000 are refused, 2 and 52 accepted; 1 only beside
/// a side of 2 or more (1xN boards), never as a square side.
#[test]
fn invalid_sizes_are_refused() {
    for bad in [0u32, 53, 1000, u32::MAX] {
        assert!(matches!(Size::new(bad, 9), Err(Error::InvalidOptions(m)) if m.contains("width")));
        assert!(matches!(Size::new(9, bad), Err(Error::InvalidOptions(m)) if m.contains("height")));
        assert!(matches!(Size::square(bad), Err(Error::InvalidOptions(_))));
    }
    assert!(matches!(Size::square(1), Err(Error::InvalidOptions(_))));
    assert!(matches!(Size::new(1, 1), Err(Error::InvalidOptions(m)) if m.contains("1x1")));
    assert!(Size::new(2, 52).is_ok() && Size::new(52, 2).is_ok());
    assert!(Size::new(1, 2).is_ok() && Size::new(52, 1).is_ok());
}
