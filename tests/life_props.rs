//! Property tests of the territory count's life-and-death analysis, through the public API
//! (`score::score` under `japanese-1989`):
//!
//! - [`warnings_change_only_their_own_region`]: a mark that contradicts J89 Art. 7 (a
//!   `capturable` or `uncapturable` warning) changes the count only near its chain: on
//!   finished positions whose right marks are known by construction, with one mark turned
//!   wrong, toggling it back changes no point outside the chain's own region widened to the
//!   opponent's chains around it and their own regions ([`widened`]). The promise as worded
//!   (the own region alone) is too strong: [`warnings_change_only_their_own_region_strictly`]
//!   (ignored) finds counterexamples. The chain's life changes the liberties of the opponent
//!   chains that wall its region in, and so whether their own eyes are territory or must be
//!   filled: with a pass-alive stone wrongly marked dead in a corner, the last liberty of the
//!   white wall next to it is dame instead of White's territory;
//! - [`territory_count_is_robust`]: random positions of every shape (1xN, rectangles, a few
//!   52x52) with random dead marks: no panic, one entry per point, the stones counted as the
//!   marks say, territory only where one colour's unmarked stones surround it, and every
//!   warning one chain of one colour whose mark the warning's code says, in order.
//!
//! Case counts: `PROPTEST_CASES` overrides the defaults below.

use proptest::prelude::*;
use proptest::test_runner::{TestCaseError, TestRng, TestRunner};
use std::cell::Cell;
use tengen::score::score;
use tengen::{Board, Color, Point, PointKind, Rules, Score, Size, WarningCode};

#[path = "common/cases.rs"]
mod cases;
use cases::config;

#[path = "common/random.rs"]
mod random;
#[path = "common/rng.rs"]
mod rng;
use rng::SplitMix;

/// A runner with `config`'s case count and a fixed seed: the same cases every run.
fn runner(default_cases: u32) -> TestRunner {
    let config = config(default_cases);
    let rng = TestRng::deterministic_rng(config.rng_algorithm);
    TestRunner::new_with_rng(config, rng)
}

/// A random game on a `w` x `h` board (`random::random_game`) until both pass or `max_moves`
/// moves were tried. Finished games leave settled positions (groups with eyes, dead stones
/// inside the opponent's area); stopped ones leave open fights.
fn playout(w: u32, h: u32, seed: u64, max_moves: usize) -> Board {
    random::random_game(w, h, seed, max_moves).0
}

/// A finished position and its right dead marks: a game played out (`playout`: every chain
/// left has two eyes or more and is alive), then territories opened up (stones whose
/// neighbours are all stones of their colour taken away, at random, about `open` percent of
/// them), then up to `thrown` stones of the other player thrown deep into those territories
/// where legal (onto points with only the owner's stones within two steps): dead stones, as
/// players leave them at the end. The marks: the thrown stones' chains.
fn ending(w: u32, h: u32, seed: u64, open: u32, thrown: usize) -> (Board, Vec<bool>) {
    let board = playout(w, h, seed, usize::MAX);
    let size = board.size();
    let mut rng = SplitMix(seed ^ 0x0e0e);
    let mut stones: Vec<(Point, Color)> = size
        .points()
        .filter_map(|p| board.get(p).map(|c| (p, c)))
        .collect();
    // Judged on the played-out board: stones inside their own wall.
    stones.retain(|&(p, c)| {
        let inner = neighbours(size, p).all(|q| board.get(q) == Some(c));
        !(inner && rng.chance(open))
    });
    let mut board = Board::with_stones(size, stones.iter().copied()).unwrap();
    let mut dead = vec![false; size.area()];
    for _ in 0..thrown {
        let mut empties: Vec<Point> = board.empty_points().collect();
        empties.sort_unstable();
        if empties.is_empty() {
            break;
        }
        let p = empties[rng.below(empties.len())];
        // Deep inside: the stones within two steps all of one colour.
        let near: Vec<Color> = neighbours(size, p)
            .flat_map(|q| neighbours(size, q).chain([q]))
            .filter_map(|q| board.get(q))
            .collect();
        let Some(&owner) = near.first() else {
            continue;
        };
        if near.iter().all(|&c| c == owner) && board.play(p, owner.opponent(), false).is_ok() {
            board.clear_ko();
            dead[size.index(p)] = true;
        }
    }
    // A thrown stone joined to another marks the chain.
    for chain in chains(&board) {
        if chain.iter().any(|&p| dead[size.index(p)]) {
            for &p in &chain {
                dead[size.index(p)] = true;
            }
        }
    }
    (board, dead)
}

/// The chains of the board (row-major lists of points, in row-major order of their first).
fn chains(board: &Board) -> Vec<Vec<Point>> {
    let size = board.size();
    let mut seen = vec![false; size.area()];
    let mut out = Vec::new();
    for p in size.points() {
        if board.get(p).is_some() && !seen[size.index(p)] {
            let mut chain = board.chain(p);
            chain.sort_unstable_by_key(|&q| size.index(q));
            for &q in &chain {
                seen[size.index(q)] = true;
            }
            out.push(chain);
        }
    }
    out
}

/// Random dead marks, whole chains at a time: each chain with probability `percent` / 100.
fn random_marks(board: &Board, seed: u64, percent: u32) -> Vec<bool> {
    let size = board.size();
    let mut rng = SplitMix(seed ^ 0x5151_5151);
    let mut dead = vec![false; size.area()];
    for chain in chains(board) {
        if rng.chance(percent) {
            for p in chain {
                dead[size.index(p)] = true;
            }
        }
    }
    dead
}

fn neighbours(size: Size, p: Point) -> impl Iterator<Item = Point> {
    let (x, y) = (p.x as i64, p.y as i64);
    [(x, y - 1), (x - 1, y), (x + 1, y), (x, y + 1)]
        .into_iter()
        .filter_map(move |(x, y)| size.point(x, y).ok())
}

/// The points reachable from `start` through points `open` says (row-major flags).
fn flood(size: Size, start: &[Point], open: impl Fn(Point) -> bool) -> Vec<bool> {
    let mut seen = vec![false; size.area()];
    let mut stack: Vec<Point> = start.to_vec();
    for &p in start {
        seen[size.index(p)] = true;
    }
    while let Some(p) = stack.pop() {
        for q in neighbours(size, p) {
            if !seen[size.index(q)] && open(q) {
                seen[size.index(q)] = true;
                stack.push(q);
            }
        }
    }
    seen
}

/// Whether the stone at `p` is unmarked (its chain has no stone marked dead).
fn unmarked(board: &Board, dead: &[bool], p: Point) -> bool {
    let size = board.size();
    board.get(p).is_some() && board.chain(p).iter().all(|&q| !dead[size.index(q)])
}

/// Per point (row-major): the colour of an unmarked stone on it.
fn live_stones(board: &Board, dead: &[bool]) -> Vec<Option<Color>> {
    let size = board.size();
    let mut live = vec![None; size.area()];
    for chain in chains(board) {
        if chain.iter().all(|&p| !dead[size.index(p)]) {
            for &p in &chain {
                live[size.index(p)] = board.get(p);
            }
        }
    }
    live
}

/// The own region of a chain of colour `c` (J89 Art. 7 warnings): the points reachable from
/// it through points that are not unmarked stones of the opponent.
fn own_region(board: &Board, dead: &[bool], chain: &[Point]) -> Vec<bool> {
    let c = board.get(chain[0]).unwrap();
    flood(board.size(), chain, |q| {
        board.get(q) != Some(c.opponent()) || !unmarked(board, dead, q)
    })
}

fn diagram(board: &Board, dead: &[bool]) -> String {
    let size = board.size();
    let mut s = String::new();
    for y in 0..size.height() {
        for x in 0..size.width() {
            let p = Point::new(x as u8, y as u8);
            let d = dead[size.index(p)];
            s.push(match (board.get(p), d) {
                (Some(Color::Black), false) => 'X',
                (Some(Color::Black), true) => 'x',
                (Some(Color::White), false) => 'O',
                (Some(Color::White), true) => 'o',
                (None, _) => '.',
            });
        }
        s.push('\n');
    }
    s
}

fn j89() -> Rules {
    Rules::preset("japanese-1989").unwrap()
}

/// The own region widened by what the life of the chain may decide beyond it: the
/// opponent's chains bordering the region (they may live, or live outside seki, only if the
/// chain is dead) and their own regions (their eyes: territory only if they live by
/// themselves; their liberties: filled to protect them or not).
fn widened(board: &Board, dead: &[bool], chain: &[Point], own: &[bool]) -> Vec<bool> {
    let size = board.size();
    let c = board.get(chain[0]).unwrap();
    let mut walls = Vec::new();
    for p in size.points() {
        let outside_stone = !own[size.index(p)] && board.get(p).is_some();
        if outside_stone && neighbours(size, p).any(|q| own[size.index(q)]) {
            walls.extend(board.chain(p));
        }
    }
    let beyond = flood(size, &walls, |q| {
        board.get(q) != Some(c) || !unmarked(board, dead, q)
    });
    own.iter().zip(beyond).map(|(&a, b)| a || b).collect()
}

/// Counts of what the locality test saw, to check that it means something.
#[derive(Default)]
struct Seen {
    counts: Cell<u32>,
    /// Warnings alone in their count whose toggle leaves no warning: checked, by code.
    capturable: Cell<u32>,
    uncapturable: Cell<u32>,
    /// Other warnings: not checked (see [`check_locality`]).
    not_alone: Cell<u32>,
    /// Positions whose right marks get a warning: skipped.
    unexpected: Cell<u32>,
    /// Checked toggles that changed some point (in the regions).
    changed: Cell<u32>,
    /// Checked toggles that changed some point outside the own region (in the widened one).
    beyond: Cell<u32>,
}

fn bump(c: &Cell<u32>) {
    c.set(c.get() + 1);
}

/// The promise of the warnings: "marks that contradict Art. 7 never change the count far
/// away: an unmarked chain that can be captured against any defence, or a marked-dead chain
/// that cannot be captured, affects only its own region" (the points reachable from the
/// chain through points that are not unmarked stones of the opponent). When the count of
/// `board` with `dead` has one warning and the count with that chain's mark toggled has none,
/// the two counts (kind and beneficiary of each point) must agree outside the region
/// ([`widened`] when `!strict`: see the report of the tests' author for why the promise as
/// worded is too strong).
///
/// With several warnings the promise says nothing about a single one of them: their chains'
/// lives depend on one another. Those toggles are counted, not checked.
fn check_locality(
    board: &Board,
    dead: &[bool],
    seen: &Seen,
    strict: bool,
) -> Result<(), TestCaseError> {
    let size = board.size();
    let rules = j89();
    let before = score(board, dead, &rules, 0);
    bump(&seen.counts);
    for w in &before.warnings {
        let chain = &w.points;
        let marked = !unmarked(board, dead, chain[0]);
        // The code says which way the chain is marked.
        prop_assert_eq!(marked, w.code == WarningCode::Uncapturable, "{:?}", chain);
        let mut toggled = dead.to_vec();
        for &p in chain {
            toggled[size.index(p)] = !marked;
        }
        let after = score(board, &toggled, &rules, 0);
        if before.warnings.len() != 1 || !after.warnings.is_empty() {
            bump(&seen.not_alone);
            continue;
        }
        bump(match w.code {
            WarningCode::Capturable => &seen.capturable,
            WarningCode::Uncapturable => &seen.uncapturable,
        });
        let own = own_region(board, dead, chain);
        let region = if strict {
            own.clone()
        } else {
            widened(board, dead, chain, &own)
        };
        let (mut any, mut beyond) = (false, false);
        for i in 0..size.area() {
            let (a, b) = (before.points[i], after.points[i]);
            let same = a.kind == b.kind && a.counts_for == b.counts_for;
            any |= !same;
            beyond |= !same && !own[i];
            prop_assert!(
                same || region[i],
                "{} warning for the chain at {}: toggling its mark changes {} (outside its \
                 region) from {:?} to {:?}\n{}",
                w.code.name(),
                chain[0],
                size.point_at(i),
                a,
                b,
                diagram(board, dead)
            );
        }
        if any {
            bump(&seen.changed);
        }
        if beyond {
            bump(&seen.beyond);
        }
    }
    Ok(())
}

/// Finished positions with their right marks ([`ending`]), each chain's mark toggled in turn.
fn locality_cases(seen: &Seen, cases: u32, strict: bool) {
    let strategy = (
        prop_oneof![
            Just((7u32, 7u32)),
            Just((9, 9)),
            Just((9, 7)),
            (4u32..=9, 4u32..=9)
        ],
        any::<u64>(),
        // Territories opened up: none, some, most.
        prop_oneof![Just(0u32), Just(40), Just(80)],
        0usize..=3,
    );
    let mut runner = runner(cases);
    runner
        .run(&strategy, |((w, h), seed, open, thrown)| {
            let (board, right) = ending(w, h, seed, open, thrown);
            let size = board.size();
            // The right marks must be found right, else the position is not what it should
            // be (a ko left by the playout makes a chain capturable).
            let s = score(&board, &right, &j89(), 0);
            if !s.warnings.is_empty() {
                bump(&seen.unexpected);
                return Ok(());
            }
            for chain in chains(&board) {
                let mut marks = right.clone();
                let flip = !marks[size.index(chain[0])];
                for &p in &chain {
                    marks[size.index(p)] = flip;
                }
                check_locality(&board, &marks, seen, strict)?;
            }
            Ok(())
        })
        .unwrap();
}

/// Finished positions, all marks right but one: the wrong mark changes the count only in its
/// chain's region widened to the chains around it ([`widened`]).
#[test]
fn warnings_change_only_their_own_region() {
    let seen = Seen::default();
    locality_cases(
        &seen,
        if cfg!(debug_assertions) { 300 } else { 4000 },
        false,
    );
    let (n, c, u, o, x) = (
        seen.counts.get(),
        seen.capturable.get(),
        seen.uncapturable.get(),
        seen.not_alone.get(),
        seen.unexpected.get(),
    );
    let (ch, beyond) = (seen.changed.get(), seen.beyond.get());
    println!(
        "{n} counts: {c} capturable and {u} uncapturable warnings alone checked, {o} others; \
         {ch} toggles changed some point, {beyond} beyond the own region; {x} positions skipped"
    );
    // The property means something only if warnings of both kinds are checked often, and
    // toggles change the count.
    assert!(
        c >= n / 100,
        "{c} capturable warnings checked in {n} counts"
    );
    assert!(
        u >= n / 10,
        "{u} uncapturable warnings checked in {n} counts"
    );
    assert!(
        ch >= (c + u) / 2,
        "{ch} of {} toggles changed something",
        c + u
    );
}

/// The promise as worded (the own region only): it does not hold, since the chain's life
/// changes the liberties of the walls around its region (module documentation). `--ignored`
/// shows a counterexample.
#[test]
#[ignore = "too strong: a wrong mark changes the life of the chains around its region"]
fn warnings_change_only_their_own_region_strictly() {
    locality_cases(&Seen::default(), 4000, true);
}

proptest! {
    #![proptest_config(config(if cfg!(debug_assertions) { 16 } else { 64 }))]

    /// The region helpers themselves: the own region holds no unmarked opponent stone and
    /// stops exactly at them; the widened one holds it.
    #[test]
    fn own_region_is_a_flood(w in 2u32..=9, h in 2u32..=9, seed: u64) {
        let board = playout(w, h, seed, 3 * (w * h) as usize);
        let dead = random_marks(&board, seed, 30);
        let size = board.size();
        for chain in chains(&board) {
            let c = board.get(chain[0]).unwrap();
            let region = own_region(&board, &dead, &chain);
            let wide = widened(&board, &dead, &chain, &region);
            for &p in &chain {
                prop_assert!(region[size.index(p)]);
            }
            for p in size.points() {
                let i = size.index(p);
                prop_assert!(!region[i] || wide[i]);
                if !region[i] {
                    continue;
                }
                let wall = |q: Point| board.get(q) == Some(c.opponent()) && unmarked(&board, &dead, q);
                prop_assert!(!wall(p));
                for q in neighbours(size, p) {
                    prop_assert_eq!(region[size.index(q)], !wall(q));
                }
            }
        }
    }
}

/// A board size: every shape, one-line boards and large ones too.
fn any_size() -> impl Strategy<Value = (u32, u32)> {
    prop_oneof![
        4 => (1u32..=19, 1u32..=19).prop_filter("not 1x1", |&(w, h)| w.max(h) >= 2),
        2 => (2u32..=52).prop_map(|n| (1, n)),
        2 => (2u32..=52).prop_map(|n| (n, 1)),
        1 => (1u32..=52, 1u32..=52).prop_filter("not 1x1", |&(w, h)| w.max(h) >= 2),
    ]
}

/// The checks of one count: see the module's documentation.
fn check_count(board: &Board, dead: &[bool], s: &Score) -> Result<(), TestCaseError> {
    let size = board.size();
    let ctx = || diagram(board, dead);
    prop_assert_eq!(s.points.len(), size.area());
    let live = live_stones(board, dead);
    // Stones are counted as the marks say; empty points are no stones.
    for p in size.points() {
        let i = size.index(p);
        let kind = s.points[i].kind;
        match board.get(p) {
            Some(c) => {
                prop_assert_eq!(s.points[i].color, Some(c));
                let want: &[PointKind] = if live[i].is_some() {
                    &[PointKind::Stone, PointKind::SekiStone]
                } else {
                    &[PointKind::Dead, PointKind::DeadStays]
                };
                prop_assert!(want.contains(&kind), "{:?} at {}\n{}", kind, p, ctx());
            }
            None => prop_assert!(
                matches!(
                    kind,
                    PointKind::Dame
                        | PointKind::Territory
                        | PointKind::SekiEye
                        | PointKind::SekiLiberty
                        | PointKind::ProtectiveFill
                ),
                "{:?} at empty {}\n{}",
                kind,
                p,
                ctx()
            ),
        }
    }
    // J89 Art. 8: territory is surrounded by one player's live stones: the points reachable
    // from a point counted for `c` (through empty points and marked stones) meet unmarked
    // stones of `c` only.
    let mut area_of = vec![usize::MAX; size.area()];
    let mut area_colour: Vec<Option<Color>> = Vec::new();
    for p in size.points() {
        let i = size.index(p);
        if live[i].is_some() || area_of[i] != usize::MAX {
            continue;
        }
        let area = flood(size, &[p], |q| live[size.index(q)].is_none());
        let mut colours = (0..size.area())
            .filter(|&j| area[j])
            .flat_map(|j| neighbours(size, size.point_at(j)))
            .filter_map(|q| live[size.index(q)]);
        let first = colours.next();
        let one = colours.all(|k| Some(k) == first);
        for j in (0..size.area()).filter(|&j| area[j]) {
            area_of[j] = area_colour.len();
        }
        area_colour.push(if one { first } else { None });
    }
    for p in size.points() {
        let i = size.index(p);
        let Some(c) = s.points[i].counts_for else {
            continue;
        };
        prop_assert!(
            matches!(s.points[i].kind, PointKind::Territory | PointKind::Dead),
            "{:?} counted for {:?} at {}",
            s.points[i].kind,
            c,
            p
        );
        prop_assert!(live[i].is_none(), "live stone counted at {}", p);
        prop_assert_eq!(
            area_colour[area_of[i]],
            Some(c),
            "{} counted for {:?}\n{}",
            p,
            c,
            ctx()
        );
    }
    // Each warning is one whole chain of one colour, marked as its code says, in row-major
    // order of the chains' first stones.
    let mut last = None;
    for w in &s.warnings {
        prop_assert!(!w.points.is_empty());
        let c = board.get(w.points[0]);
        prop_assert!(c.is_some(), "warning on an empty point {}", w.points[0]);
        prop_assert!(w.points.iter().all(|&p| board.get(p) == c));
        let mut chain = board.chain(w.points[0]);
        chain.sort_unstable_by_key(|&q| size.index(q));
        let mut points = w.points.clone();
        points.sort_unstable_by_key(|&q| size.index(q));
        prop_assert_eq!(&points, &chain, "not one chain\n{}", ctx());
        let marked = !unmarked(board, dead, w.points[0]);
        prop_assert_eq!(marked, w.code == WarningCode::Uncapturable);
        let first = size.index(points[0]);
        prop_assert!(last < Some(first), "warnings out of order");
        last = Some(first);
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(if cfg!(debug_assertions) { 100 } else { 1500 }))]

    /// Random positions of every shape, random per-stone dead marks (a chain with one marked
    /// stone counts as marked).
    #[test]
    fn territory_count_is_robust(
        (w, h) in any_size(),
        seed: u64,
        fill in 0usize..=400,
        percent in 0u32..=60,
    ) {
        let area = (w * h) as usize;
        let board = playout(w, h, seed, fill * area / 100);
        let mut rng = SplitMix(seed ^ 0xdead);
        let dead: Vec<bool> = (0..area).map(|_| rng.chance(percent)).collect();
        let s = score(&board, &dead, &j89(), 0);
        check_count(&board, &dead, &s)?;
        // Whole-chain marks too.
        let dead = random_marks(&board, seed, percent);
        let s = score(&board, &dead, &j89(), 0);
        check_count(&board, &dead, &s)?;
    }
}

#[test]
fn territory_count_is_robust_on_52x52() {
    // A few of the largest boards: half filled, played out, and sparse.
    for (k, moves) in [(0u64, 200usize), (1, 1400), (2, 20_000), (3, 20_000)] {
        let board = playout(52, 52, 0x5252 + k, moves);
        for percent in [0, 20, 60] {
            let dead = random_marks(&board, k, percent);
            let s = score(&board, &dead, &j89(), 0);
            check_count(&board, &dead, &s).unwrap();
        }
    }
}
