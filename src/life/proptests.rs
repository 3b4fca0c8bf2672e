//! Property and differential tests of the life-and-death analysis against naive references
//! written here from the definitions.
//!
//! - [`benson_matches_naive_reference`]: `benson::pass_alive` against a slow Benson written
//!   from the classic definition (flood fills, whole sets recomputed each round), on random
//!   legal boards from 1x2 to 9x9.
//! - [`eye_shapes_match_the_literature`]: the eye reader (`read::Local::eyes`) on every eye
//!   space of 1 to 7 points in the middle of the board, against the killable shapes of Go
//!   literature (nakade shapes: three in a row or bent, square and pyramid four, bulky and
//!   crossed five, rabbity six); also the vital points of those shapes.
//! - [`enclosed_shapes_on_a_board`]: the same shapes through the whole analysis: a white
//!   group whose only eye space is the shape, in Black's area.
//!
//! The last two check in particular that the bulky five, the crossed five and the rabbity six
//! are read as one eye (the reading must be deep enough) and that a group around them is found
//! capturable (the capturer must try their vital point).
//!
//! Case counts: `PROPTEST_CASES` overrides the defaults below.

use super::benson::pass_alive;
use super::read::Local;
use super::{Analysis, Area, PointLife};
use crate::board::Board;
use crate::color::Color;
use crate::grid::Pad;
use crate::life::warning::WarningCode;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRng, TestRunner};
use std::cell::Cell;
use std::collections::BTreeSet;

/// A deterministic runner: `default_cases` cases unless `PROPTEST_CASES` says otherwise, no
/// failure files.
fn runner(default_cases: u32) -> TestRunner {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default_cases);
    let config = Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    };
    let rng = TestRng::deterministic_rng(config.rng_algorithm);
    TestRunner::new_with_rng(config, rng)
}

/// The on-board neighbours of the row-major point `i` of a `w` x `h` board.
fn neighbours(w: usize, h: usize, i: usize) -> Vec<usize> {
    let (x, y) = (i % w, i / w);
    let mut out = Vec::with_capacity(4);
    if y > 0 {
        out.push(i - w);
    }
    if x > 0 {
        out.push(i - 1);
    }
    if x + 1 < w {
        out.push(i + 1);
    }
    if y + 1 < h {
        out.push(i + w);
    }
    out
}

/// The connected sets (by flood fill) of the points `inside` says, in row-major order of their
/// first points, and each point's set (`usize::MAX` outside).
fn flood_sets(w: usize, h: usize, inside: impl Fn(usize) -> bool) -> (Vec<Vec<usize>>, Vec<usize>) {
    let mut of = vec![usize::MAX; w * h];
    let mut sets = Vec::new();
    for start in 0..w * h {
        if !inside(start) || of[start] != usize::MAX {
            continue;
        }
        let k = sets.len();
        of[start] = k;
        let mut set = vec![start];
        let mut next = 0;
        while next < set.len() {
            let p = set[next];
            next += 1;
            for q in neighbours(w, h, p) {
                if inside(q) && of[q] == usize::MAX {
                    of[q] = k;
                    set.push(q);
                }
            }
        }
        sets.push(set);
    }
    (sets, of)
}

/// Benson's algorithm, the slow obvious way, from the classic definition: per row-major point,
/// whether a stone of colour `c` on it belongs to a chain that is unconditionally alive.
///
/// Chains are the connected sets of `c`'s stones, regions the maximal connected sets of points
/// without them. A region is vital to a chain when it has an empty point and every empty point
/// of it is a liberty of the chain (on a legal board a region has an empty point: its stones,
/// all the opponent's, need a liberty). Then, until nothing changes: remove every chain with
/// fewer than two vital regions among the regions left, and every region next to a removed
/// chain.
fn naive_benson(w: usize, h: usize, cells: &[i8], c: i8) -> Vec<bool> {
    let (chains, chain_of) = flood_sets(w, h, |i| cells[i] == c);
    let (regions, _) = flood_sets(w, h, |i| cells[i] != c);
    let liberty =
        |p: usize, k: usize| cells[p] == 0 && neighbours(w, h, p).iter().any(|&q| chain_of[q] == k);
    let vital = |r: &[usize], k: usize| {
        r.iter().any(|&p| cells[p] == 0) && r.iter().all(|&p| cells[p] != 0 || liberty(p, k))
    };
    let touches = |r: &[usize], k: usize| {
        r.iter()
            .any(|&p| neighbours(w, h, p).iter().any(|&q| chain_of[q] == k))
    };
    let mut chain_left = vec![true; chains.len()];
    let mut region_left = vec![true; regions.len()];
    loop {
        let mut changed = false;
        for (k, left) in chain_left.iter_mut().enumerate() {
            let n = regions
                .iter()
                .zip(&region_left)
                .filter(|&(r, &l)| l && vital(r, k))
                .count();
            if *left && n < 2 {
                *left = false;
                changed = true;
            }
        }
        for (r, left) in regions.iter().zip(region_left.iter_mut()) {
            let removed = |k: usize| !chain_left[k] && touches(r, k);
            if *left && (0..chains.len()).any(removed) {
                *left = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    (0..w * h)
        .map(|i| cells[i] == c && chain_left[chain_of[i]])
        .collect()
}

/// Makes a random board legal the way captures would: while some chain has no liberty, the
/// first such chain (row-major) is removed.
fn legalise(w: usize, h: usize, cells: &mut [i8]) {
    loop {
        let mut removed = false;
        for c in [1i8, -1] {
            let (chains, _) = flood_sets(w, h, |i| cells[i] == c);
            for chain in chains {
                let free = chain
                    .iter()
                    .any(|&p| neighbours(w, h, p).iter().any(|&q| cells[q] == 0));
                if !free {
                    for &p in &chain {
                        cells[p] = 0;
                    }
                    removed = true;
                    break;
                }
            }
            if removed {
                break;
            }
        }
        if !removed {
            return;
        }
    }
}

/// A random board of 1x2 to 9x9: each point Black, White or empty with weights that vary from
/// board to board (dense boards of one colour make pass-alive chains common).
fn random_board() -> impl Strategy<Value = (usize, usize, Vec<i8>)> {
    (1usize..=9, 1usize..=9, 0u8..=100, 0u8..=100, any::<bool>())
        .prop_filter("not 1x1", |&(w, h, _, _, _)| w * h >= 2)
        .prop_flat_map(|(w, h, many, few, swap)| {
            // One colour's share from 30% to 80%, the other's from 0% to 20%, the rest empty.
            let m = 30 + many / 2;
            let f = few / 5;
            let (a, b) = if swap { (-1, 1) } else { (1, -1) };
            prop::collection::vec(0u8..100, w * h).prop_map(move |v| {
                let mut cells: Vec<i8> = v
                    .iter()
                    .map(|&r| match r {
                        r if r < m => a,
                        r if r < m + f => b,
                        _ => 0,
                    })
                    .collect();
                legalise(w, h, &mut cells);
                (w, h, cells)
            })
        })
}

fn diagram(w: usize, cells: &[i8]) -> String {
    cells
        .chunks(w)
        .map(|r| {
            r.iter()
                .map(|&v| match v {
                    1 => 'X',
                    -1 => 'O',
                    _ => '.',
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn benson_matches_naive_reference() {
    let cases = Cell::new(0u32);
    let with_alive = Cell::new(0u32);
    let with_dead = Cell::new(0u32);
    let alive_chains = Cell::new(0u32);
    let mut runner = runner(if cfg!(debug_assertions) { 1000 } else { 20_000 });
    runner
        .run(&random_board(), |(w, h, cells)| {
            let pad = Pad::new(w, h);
            let bordered = pad.bordered(&cells);
            cases.set(cases.get() + 1);
            let mut any_alive = false;
            let mut any_dead = false;
            for c in [1i8, -1] {
                let fast = pass_alive(&pad, &bordered, c);
                let slow = naive_benson(w, h, &cells, c);
                for i in 0..w * h {
                    prop_assert_eq!(
                        fast[pad.at(i)],
                        slow[i],
                        "colour {} at ({}, {}) on\n{}",
                        c,
                        i % w,
                        i / w,
                        diagram(w, &cells)
                    );
                }
                // Only points of the colour can be alive.
                prop_assert!(fast.iter().zip(&bordered).all(|(&a, &v)| !a || v == c));
                let (chains, _) = flood_sets(w, h, |i| cells[i] == c);
                for chain in &chains {
                    if slow[chain[0]] {
                        any_alive = true;
                        alive_chains.set(alive_chains.get() + 1);
                    } else {
                        any_dead = true;
                    }
                }
            }
            with_alive.set(with_alive.get() + u32::from(any_alive));
            with_dead.set(with_dead.get() + u32::from(any_dead));
            Ok(())
        })
        .unwrap();
    // The test means something only if both answers are common.
    let (n, a, d) = (cases.get(), with_alive.get(), with_dead.get());
    println!(
        "{n} boards: {a} with a pass-alive chain ({} chains), {d} with a chain not pass-alive",
        alive_chains.get()
    );
    assert!(5 * a >= n, "{a} of {n} boards with a pass-alive chain");
    assert!(2 * d >= n, "{d} of {n} boards with a chain not pass-alive");
    assert!(alive_chains.get() >= n / 5);
}

#[test]
fn naive_benson_knows_textbook_cases() {
    // The reference itself, on diagrams whose answers are known: two one-point eyes live; one
    // eye does not; two eyes shared by two chains make both alive; a false eye is no eye.
    let rows = |rs: &[&str]| -> (usize, usize, Vec<i8>) {
        let cells = rs
            .iter()
            .flat_map(|r| {
                r.bytes().map(|b| match b {
                    b'X' => 1,
                    b'O' => -1,
                    _ => 0,
                })
            })
            .collect();
        (rs[0].len(), rs.len(), cells)
    };
    let (w, h, c) = rows(&[".X.X.", "XXXXX", ".....", "....."]);
    assert!(naive_benson(w, h, &c, 1)[1]);
    let (w, h, c) = rows(&[".X...", "XX...", ".....", "....."]);
    assert!(!naive_benson(w, h, &c, 1)[1]);
    // Four chains of one stone sharing five eyes (every region vital to two or four of them).
    let (w, h, c) = rows(&[".X.", "X.X", ".X."]);
    assert!(naive_benson(w, h, &c, 1).iter().filter(|&&a| a).count() == 4);
    // A region with an empty point that is no liberty (the middle of the 3x3 space) is not
    // vital; with a stone of the opponent there it is (its empty points are all liberties).
    let ring = |mid: &'static str| rows(&["XXXXX.X", "X...XXX", mid, "X...X..", "XXXXX.."]);
    let (w, h, c) = ring("X...X..");
    assert!(naive_benson(w, h, &c, 1).iter().all(|&a| !a));
    let (w, h, c) = ring("X.O.X..");
    let a = naive_benson(w, h, &c, 1);
    assert_eq!(a.iter().filter(|&&a| a).count(), 19);
    assert!(!naive_benson(w, h, &c, -1)[16]);
}

// ---------------------------------------------------------------------------------------------
// Eye shapes.

type Shape = Vec<(i32, i32)>;

/// Translated so that its least x and least y are 0, sorted.
fn normalised(cells: &[(i32, i32)]) -> Shape {
    let x0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let y0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let mut v: Shape = cells.iter().map(|&(x, y)| (x - x0, y - y0)).collect();
    v.sort_unstable();
    v
}

/// The least of the shape's eight rotations and reflections: the same for congruent shapes.
fn canonical(cells: &[(i32, i32)]) -> Shape {
    type Map = fn((i32, i32)) -> (i32, i32);
    let maps: [Map; 8] = [
        |(x, y)| (x, y),
        |(x, y)| (-x, y),
        |(x, y)| (x, -y),
        |(x, y)| (-x, -y),
        |(x, y)| (y, x),
        |(x, y)| (-y, x),
        |(x, y)| (y, -x),
        |(x, y)| (-y, -x),
    ];
    maps.iter()
        .map(|f| normalised(&cells.iter().map(|&c| f(c)).collect::<Shape>()))
        .min()
        .unwrap()
}

fn adjacent(a: (i32, i32), b: (i32, i32)) -> bool {
    (a.0 - b.0).abs() + (a.1 - b.1).abs() == 1
}

/// Every fixed polyomino (distinct up to translation) of `n` cells, grown cell by cell.
fn fixed_polyominoes(n: usize) -> BTreeSet<Shape> {
    let mut set: BTreeSet<Shape> = BTreeSet::from([vec![(0, 0)]]);
    for _ in 1..n {
        let mut next = BTreeSet::new();
        for s in &set {
            for &(x, y) in s {
                for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let c = (x + dx, y + dy);
                    if !s.contains(&c) {
                        let mut t = s.clone();
                        t.push(c);
                        next.insert(normalised(&t));
                    }
                }
            }
        }
        set = next;
    }
    set
}

/// A shape drawn as rows, `#` its cells.
fn drawn(rows: &[&str]) -> Shape {
    let mut v = Vec::new();
    for (y, r) in rows.iter().enumerate() {
        for (x, b) in r.bytes().enumerate() {
            if b == b'#' {
                v.push((x as i32, y as i32));
            }
        }
    }
    canonical(&v)
}

/// The eye spaces that the opponent, moving first, reduces to one eye in the middle of the
/// board (Go literature: the "killable" or nakade shapes): every space of one to three points,
/// the square and pyramid fours, the bulky and crossed fives, the rabbity six. Every other
/// space of four points or more gives two eyes.
fn killable(shape: &[(i32, i32)]) -> bool {
    let dead = [
        drawn(&["##", "##"]),
        drawn(&["###", ".#."]),
        drawn(&["##", "##", "#."]),
        drawn(&[".#.", "###", ".#."]),
        drawn(&[".#.", "###", "##."]),
    ];
    shape.len() <= 3 || dead.contains(&canonical(shape))
}

/// The eye space `shape` in the middle of the board, enclosed by one chain of the owner with
/// liberties outside; the owner has stones on `owner` (cells of the shape).
fn eye_space(shape: &[(i32, i32)], owner: &[(i32, i32)]) -> Local {
    let n = shape.len();
    let mut links = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            if adjacent(shape[i], shape[j]) {
                links.push((i, j));
            }
        }
    }
    // In the middle of the board every neighbour outside the shape is a stone of the chain.
    let mut border = 0u32;
    let mut x0 = 0u32;
    for (i, &(x, y)) in shape.iter().enumerate() {
        let outside = [(1, 0), (-1, 0), (0, 1), (0, -1)]
            .iter()
            .any(|&(dx, dy)| !shape.contains(&(x + dx, y + dy)));
        if outside {
            border |= 1 << i;
        }
        if owner.contains(&(x, y)) {
            x0 |= 1 << i;
        }
    }
    Local::new(n, &links, &[(border, 2)], x0, 0)
}

/// The points of `shape` with the most neighbours in it, if only one has that many.
fn vital_point(shape: &[(i32, i32)]) -> Option<(i32, i32)> {
    let degree = |p: (i32, i32)| shape.iter().filter(|&&q| adjacent(p, q)).count();
    let top = shape.iter().map(|&p| degree(p)).max()?;
    let best: Vec<_> = shape
        .iter()
        .copied()
        .filter(|&p| degree(p) == top)
        .collect();
    (best.len() == 1).then(|| best[0])
}

fn show(shape: &[(i32, i32)]) -> String {
    let w = shape.iter().map(|c| c.0).max().unwrap_or(0) + 1;
    let h = shape.iter().map(|c| c.1).max().unwrap_or(0) + 1;
    (0..h)
        .map(|y| {
            (0..w)
                .map(|x| if shape.contains(&(x, y)) { '#' } else { '.' })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[test]
fn polyomino_counts_are_the_known_ones() {
    // OEIS A001168 (fixed) and A000105 (free): the enumeration the shape tests rely on.
    let fixed = [1, 2, 6, 19, 63, 216, 760];
    let free = [1, 1, 2, 5, 12, 35, 108];
    for n in 1..=7 {
        let all = fixed_polyominoes(n);
        assert_eq!(all.len(), fixed[n - 1], "fixed, {n} cells");
        let classes: BTreeSet<Shape> = all.iter().map(|s| canonical(s)).collect();
        assert_eq!(classes.len(), free[n - 1], "free, {n} cells");
    }
    // The named shapes are distinct, of the sizes their names say.
    assert_eq!(drawn(&["###", "##."]).len(), 5);
    assert_ne!(drawn(&["##", "##", "#."]), drawn(&[".#.", "###", ".#."]));
}

#[test]
fn eye_shapes_match_the_literature() {
    let mut checked = Vec::new();
    let mut one_eye = 0;
    let mut wrong: BTreeSet<Shape> = BTreeSet::new();
    for n in 1..=7 {
        let shapes = fixed_polyominoes(n);
        checked.push(shapes.len());
        for shape in shapes {
            let want = if killable(&shape) { 1 } else { 2 };
            let got = eye_space(&shape, &[]).eyes();
            if got != want {
                println!("eyes of {} ({n} points): {got}, not {want}", show(&shape));
                wrong.insert(canonical(&shape));
            }
            one_eye += usize::from(want == 1);
            // The killable shapes of three points or more but the square live once the owner
            // has played their vital point (the one point with the most neighbours in the
            // shape); the square four has none: one stone of the owner in it leaves one eye.
            if n >= 3 && want == 1 {
                match vital_point(&shape) {
                    Some(v) => {
                        let got = eye_space(&shape, &[v]).eyes();
                        assert_eq!(got, 2, "{} with the owner on {v:?}", show(&shape));
                    }
                    None => {
                        assert_eq!(canonical(&shape), drawn(&["##", "##"]));
                        for &p in &shape {
                            let got = eye_space(&shape, &[p]).eyes();
                            assert_eq!(got, 1, "square four with the owner on {p:?}");
                        }
                    }
                }
            }
        }
    }
    assert_eq!(checked, [1, 2, 6, 19, 63, 216, 760]);
    // Every space of one to three points, and 1 + 4 + 8 + 1 + 4 orientations of the killable
    // shapes of four to six points.
    assert_eq!(one_eye, 1 + 2 + 6 + 1 + 4 + 8 + 1 + 4);
    let shown: Vec<String> = wrong.iter().map(|s| show(s)).collect();
    assert!(shown.is_empty(), "eye spaces read wrong: {shown:?}");
}

// ---------------------------------------------------------------------------------------------
// The shapes through the whole analysis.

/// A board with the eye space `shape` in its middle, enclosed by White's stones on every point
/// next to it (sides or corners), those enclosed by Black's stones the same way, and Black's
/// area (empty) around: White's only liberties are the eye space, Black's group has a large
/// area. Returns the board and the row-major indices of the shape's points and of White's.
fn enclosed(shape: &[(i32, i32)]) -> (Board, Vec<usize>, Vec<usize>) {
    let w = shape.iter().map(|c| c.0).max().unwrap() + 1 + 8;
    let h = shape.iter().map(|c| c.1).max().unwrap() + 1 + 8;
    let space: Vec<(i32, i32)> = shape.iter().map(|&(x, y)| (x + 4, y + 4)).collect();
    let near = |set: &[(i32, i32)], (x, y): (i32, i32)| {
        set.iter()
            .any(|&(a, b)| (a - x).abs() <= 1 && (b - y).abs() <= 1)
    };
    let mut rows = vec![vec!['.'; w as usize]; h as usize];
    let mut white_set = Vec::new();
    for y in 0..h {
        for x in 0..w {
            if !space.contains(&(x, y)) && near(&space, (x, y)) {
                white_set.push((x, y));
            }
        }
    }
    for y in 0..h {
        for x in 0..w {
            let p = (x, y);
            if white_set.contains(&p) {
                rows[y as usize][x as usize] = 'O';
            } else if !space.contains(&p) && near(&white_set, p) {
                rows[y as usize][x as usize] = 'X';
            }
        }
    }
    let rows: Vec<String> = rows.into_iter().map(|r| r.into_iter().collect()).collect();
    let board = Board::from_rows(&rows).unwrap();
    let idx = |&(x, y): &(i32, i32)| (y * w + x) as usize;
    (
        board,
        space.iter().map(idx).collect(),
        white_set.iter().map(idx).collect(),
    )
}

/// Whether some point outside the shape is cut off from the far outside by it.
fn has_hole(shape: &[(i32, i32)]) -> bool {
    let w = shape.iter().map(|c| c.0).max().unwrap() + 3;
    let h = shape.iter().map(|c| c.1).max().unwrap() + 3;
    let inside =
        |i: usize| !shape.contains(&((i % w as usize) as i32 - 1, (i / w as usize) as i32 - 1));
    let (sets, _) = flood_sets(w as usize, h as usize, inside);
    sets.len() > 1
}

/// What the analysis gets wrong (against the literature) of a white group whose only eye
/// space is `shape` (no liberty outside), in Black's area: one word per mistake.
fn enclosed_problems(shape: &[(i32, i32)]) -> Vec<&'static str> {
    let (board, space, white) = enclosed(shape);
    let size = board.size();
    let rows = board.to_rows().join("\n");
    // The set-up is what it says: White's stones one chain, Black's one chain.
    let signs = board.to_signs();
    for c in [Color::White, Color::Black] {
        let first = (0..signs.len()).find(|&i| signs[i] == c.sign()).unwrap();
        let count = signs.iter().filter(|&&v| v == c.sign()).count();
        assert_eq!(board.chain(size.point_at(first)).len(), count, "\n{rows}");
    }
    let n = signs.len();
    let lives = !killable(shape);
    let mut problems = Vec::new();
    let territory = |c| PointLife::Empty(Area::Territory(c));

    // No marks: a white group with two eyes is alive and its eye space is its territory;
    // with one eye and no liberty outside, Black captures it against any defence (Art. 7.1),
    // and the unmarked chain is reported.
    let a = Analysis::new(&board, &vec![false; n]);
    if white
        .iter()
        .any(|&i| a.points[i] != PointLife::Alive(Color::White))
    {
        problems.push("white stones not alive as marked");
    }
    let is_territory = space
        .iter()
        .map(|&i| a.points[i] == territory(Color::White))
        .collect::<Vec<_>>();
    let capturable = a
        .warnings
        .iter()
        .filter(|w| w.code == WarningCode::Capturable)
        .map(|w| {
            let mut v: Vec<usize> = w.points.iter().map(|&p| size.index(p)).collect();
            v.sort_unstable();
            v
        })
        .collect::<Vec<_>>();
    if lives {
        if is_territory.iter().any(|&t| !t) {
            problems.push("two eyes but no territory");
        }
        if !a.warnings.is_empty() {
            problems.push("two eyes but a warning");
        }
    } else {
        if is_territory.iter().any(|&t| t) {
            problems.push("one eye but territory");
        }
        if capturable != [white.clone()] || a.warnings.len() != 1 {
            problems.push("one eye but no capturable warning");
        }
    }
    // Black's stones live and its area is its territory either way.
    for (i, (&v, &life)) in signs.iter().zip(&a.points).enumerate() {
        if v == 1 && life != PointLife::Alive(Color::Black)
            || v == 0 && !space.contains(&i) && life != territory(Color::Black)
        {
            problems.push("black's group or area wrong");
            break;
        }
    }

    // White marked dead: a group with one eye is dead in Black's territory (no warning); its
    // stones and eye space count for Black.
    if !lives {
        let mut dead = vec![false; n];
        dead[white[0]] = true;
        let a = Analysis::new(&board, &dead);
        let dead_stone = PointLife::Dead(Color::White, Area::Territory(Color::Black));
        if !a.warnings.is_empty()
            || white.iter().any(|&i| a.points[i] != dead_stone)
            || space
                .iter()
                .any(|&i| a.points[i] != territory(Color::Black))
        {
            problems.push("marked dead but not Black's territory");
        }
    }
    problems
}

#[test]
fn enclosed_shapes_on_a_board() {
    let mut shapes: BTreeSet<Shape> = BTreeSet::new();
    for n in 1..=7 {
        shapes.extend(fixed_polyominoes(n).iter().map(|s| canonical(s)));
    }
    let mut checked = 0;
    let mut holed = 0;
    let mut found = Vec::new();
    for shape in shapes {
        // (One heptomino encloses a point: its eye space is not one region of empty points.)
        if has_hole(&shape) {
            holed += 1;
            continue;
        }
        for p in enclosed_problems(&shape) {
            found.push((show(&shape), p));
        }
        checked += 1;
    }
    assert_eq!((checked, holed), (1 + 1 + 2 + 5 + 12 + 35 + 107, 1));
    assert!(found.is_empty(), "problems found: {found:?}");
}
