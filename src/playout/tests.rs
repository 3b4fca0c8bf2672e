//! The playouts against [`Board`]: the fast board move by move, the policy as documented, and
//! the playouts' determinism.

use super::board::*;
use super::engine::*;
use super::ownership::*;
use super::policy::*;
use super::rng::*;
use crate::board::Board;
use crate::cell::*;
use crate::color::Color;
use crate::point::{Point, Size};
use proptest::prelude::{any, proptest, ProptestConfig};
use std::time::Instant;

impl Pos {
    /// The point of an on-board padded index.
    fn point(&self, i: usize) -> Point {
        Point::new((i % self.stride - 1) as u8, (i / self.stride - 1) as u8)
    }

    /// The padded index of a point.
    fn at(&self, p: Point) -> usize {
        self.index(p.x as usize, p.y as usize)
    }

    /// The stones, row-major as [`Board::to_signs`] gives them.
    fn signs(&self, size: Size) -> Vec<i8> {
        size.points()
            .map(|p| match self.color[self.at(p)] {
                BLACK => 1,
                WHITE => -1,
                _ => 0,
            })
            .collect()
    }

    /// Everything kept incrementally, recomputed from the colours.
    fn check_invariants(&self, size: Size) {
        let fresh = Pos::new(size.width() as usize, size.height() as usize);
        assert_eq!(self.len, fresh.len);
        let mut empties = 0;
        for i in 0..self.len {
            let v = self.color[i];
            assert_eq!(v == BORDER, fresh.color[i] == BORDER, "{i}");
            if v == BORDER {
                continue;
            }
            let mut nb = 0;
            for n in self.neighbours(i) {
                if self.color[n] != BORDER {
                    nb += unit(self.color[n]);
                }
            }
            assert_eq!(self.nb[i], nb, "neighbour counts of {i}");
            if v == EMPTY {
                empties += 1;
                assert_eq!(self.empties[self.epos[i] as usize] as usize, i);
                continue;
            }
            let h = self.head[i] as usize;
            if h != i {
                assert_eq!(self.head[h] as usize, h, "a head is its own head");
                continue;
            }
            // The chain by flood fill, against its list and its head's counts.
            let mut fill = vec![i];
            let mut k = 0;
            while k < fill.len() {
                for n in self.neighbours(fill[k]) {
                    if self.color[n] == v && !fill.contains(&n) {
                        fill.push(n);
                    }
                }
                k += 1;
            }
            let mut list = Vec::new();
            let mut s = h;
            loop {
                assert_eq!(self.head[s] as usize, h);
                list.push(s);
                s = self.next[s] as usize;
                if s == h {
                    break;
                }
            }
            fill.sort_unstable();
            list.sort_unstable();
            assert_eq!(fill, list, "the chain of {i}");
            let mut want = Chain {
                size: list.len() as u16,
                ..Chain::default()
            };
            for &s in &list {
                for n in self.neighbours(s) {
                    if self.color[n] == EMPTY {
                        want.add_adjacency(n, true);
                    }
                }
            }
            assert_eq!(self.chains[h], want, "the counts of the chain of {i}");
        }
        assert_eq!(self.n_empty, empties);
    }
}

/// Whether the policy, as the module documentation states it, lets `c` play `p` on `b`
/// (ko included), computed with [`Board`].
fn policy_allows(b: &Board, p: Point, c: Color) -> bool {
    if b.get(p).is_some() || b.is_eyeish(p, c) {
        return false;
    }
    let mut after = b.clone();
    match after.play(p, c, false) {
        Ok(n) => {
            let chain = after.chain(p);
            let own = around(b.size(), p).iter().all(|&q| b.get(q) == Some(c));
            if own && weak_diagonal(b, p, c) && after.liberties(p) < 3 {
                return false;
            }
            n > 0
                || after.liberties(p) >= 2
                || chain.len() < SELF_ATARI_LIMIT
                || (chain.len() <= 6 && nakade_sacrifice(&after, &chain, c))
        }
        Err(_) => false,
    }
}

/// Whether a diagonal neighbour of `p` is a chain of the opponent of `c` with at most
/// [`WEAK_DIAGONAL`] pairs of a stone and an empty neighbour.
fn weak_diagonal(b: &Board, p: Point, c: Color) -> bool {
    let size = b.size();
    let (x, y) = (i64::from(p.x), i64::from(p.y));
    [(-1, -1), (1, -1), (-1, 1), (1, 1)]
        .iter()
        .any(|&(dx, dy)| {
            let Ok(d) = size.point(x + dx, y + dy) else {
                return false;
            };
            if b.get(d) != Some(c.opponent()) {
                return false;
            }
            let pairs: usize = b
                .chain(d)
                .iter()
                .map(|&s| {
                    around(size, s)
                        .iter()
                        .filter(|&&q| b.get(q).is_none())
                        .count()
                })
                .sum();
            pairs <= usize::from(WEAK_DIAGONAL)
        })
}

/// Whether `chain` of `c`, just put in atari, has a killing shape and the opponent's
/// chains around it have no empty point but its liberty whose neighbours are all theirs.
fn nakade_sacrifice(b: &Board, chain: &[Point], c: Color) -> bool {
    let at: Vec<(u32, u32)> = chain.iter().map(|q| (q.x.into(), q.y.into())).collect();
    let idx: Vec<usize> = (0..at.len()).collect();
    if !is_nakade(&idx, |a, b| {
        at[a].0.abs_diff(at[b].0) + at[a].1.abs_diff(at[b].1) == 1
    }) {
        return false;
    }
    let size = b.size();
    let lib = chain
        .iter()
        .flat_map(|&q| around(size, q))
        .find(|&q| b.get(q).is_none());
    let opp = c.opponent();
    for &s in chain {
        for q in around(size, s) {
            if b.get(q) != Some(opp) {
                continue;
            }
            for t in b.chain(q) {
                for e in around(size, t) {
                    let eye = b.get(e).is_none()
                        && Some(e) != lib
                        && around(size, e).iter().all(|&f| b.get(f) == Some(opp));
                    if eye {
                        return false;
                    }
                }
            }
        }
    }
    true
}

/// The on-board neighbours of `p`.
fn around(size: Size, p: Point) -> Vec<Point> {
    let (x, y) = (i64::from(p.x), i64::from(p.y));
    [(0, -1), (-1, 0), (1, 0), (0, 1)]
        .iter()
        .filter_map(|&(dx, dy)| size.point(x + dx, y + dy).ok())
        .collect()
}

/// The one liberty of the chain at `q`, if it has exactly one.
fn atari_liberty(b: &Board, q: Point) -> Option<Point> {
    if b.liberties(q) != 1 {
        return None;
    }
    b.chain(q)
        .into_iter()
        .flat_map(|s| around(b.size(), s))
        .find(|&n| b.get(n).is_none())
}

/// The moves the escape rule offers `c` after the opponent's move `last`, computed with
/// [`Board`]: for each chain of `c` in atari next to `last`, its liberty if the move there
/// captures or leaves two liberties, and the liberties of the opponent chains in atari next
/// to it; only moves the policy allows.
fn escape_points(b: &Board, c: Color, last: Option<Point>) -> Vec<Point> {
    let size = b.size();
    let mut out = Vec::new();
    for q in last.map_or(Vec::new(), |l| around(size, l)) {
        if b.get(q) != Some(c) {
            continue;
        }
        let Some(lib) = atari_liberty(b, q) else {
            continue;
        };
        let mut after = b.clone();
        if let Ok(n) = after.play(lib, c, false) {
            if n > 0 || after.liberties(lib) >= 2 {
                out.push(lib);
            }
        }
        for s in b.chain(q) {
            for r in around(size, s) {
                if b.get(r) == Some(c.opponent()) {
                    out.extend(atari_liberty(b, r));
                }
            }
        }
    }
    out.retain(|&p| policy_allows(b, p, c));
    out
}

/// The moves the capture rule offers `c`: the liberties of the opponent chains in atari
/// next to `c`'s own last move `prev` that the policy allows.
fn capture_points(b: &Board, c: Color, prev: Option<Point>) -> Vec<Point> {
    let mut out = Vec::new();
    for q in prev.map_or(Vec::new(), |p| around(b.size(), p)) {
        if b.get(q) == Some(c.opponent()) {
            out.extend(atari_liberty(b, q));
        }
    }
    out.retain(|&p| policy_allows(b, p, c));
    out
}

/// A board size (valid by construction in these tests).
fn size(w: u32, h: u32) -> Size {
    Size::new(w, h).unwrap()
}

/// Random moves on a board and on the playout board in step: the stones, the legality of
/// every move tried, the captures, the ko point, the assessment of each move and the
/// policy's verdict on every empty point agree.
fn differential(start: &Board, seed: u64, steps: usize) {
    let size = start.size();
    let (w, h) = (size.width() as usize, size.height() as usize);
    let mut board = start.clone();
    let mut c = Color::Black;
    if let Some((_, k)) = board.ko() {
        c = k;
    }
    let mut pos = Playout::new(start, c).start;
    let mut rng = Rng::new(seed);
    let full = w * h <= 100;
    for step in 0..steps {
        let own = cell(c);
        if rng.below(25) == 0 {
            board.clear_ko();
            pos.ko = 0;
            c = c.opponent();
            continue;
        }
        let p = if rng.below(5) > 0 && board.empty_count() > 0 {
            let empties: Vec<Point> = board.empty_points().collect();
            empties[rng.below(empties.len())]
        } else {
            size.point_at(rng.below(w * h))
        };
        let i = pos.at(p);
        let legal = pos.legal(i, own);
        let assessed = (pos.color[i] == EMPTY).then(|| pos.assess(i, own));
        if pos.color[i] == EMPTY {
            assert_eq!(
                pos.is_eye(i, own),
                board.is_eyeish(p, c),
                "eye {p}\n{board}"
            );
            assert_eq!(
                pos.allowed(i, own),
                policy_allows(&board, p, c),
                "policy at {p} for {c:?}\n{board}"
            );
        }
        let played = board.play(p, c, false);
        assert_eq!(
            legal,
            played.is_ok(),
            "{p} {c:?} {played:?} step {step}\n{board}"
        );
        if let Ok(n) = played {
            let a = assessed.expect("a legal move is on an empty point");
            if a.captures {
                assert!(n > 0);
            }
            if n == 0 {
                assert_eq!(
                    usize::from(a.libs),
                    board.liberties(p).min(2),
                    "{p}\n{board}"
                );
            }
            if a.libs < 2 && !a.captures {
                assert_eq!(n, 0);
                assert_eq!(a.size, board.chain(p).len());
            }
            assert_eq!(pos.play(i, own), n);
            c = c.opponent();
        }
        assert_eq!(pos.signs(size), board.to_signs(), "step {step}\n{board}");
        let ko = board.ko().map_or(0, |(q, _)| pos.at(q));
        assert_eq!(pos.ko as usize, ko, "ko after step {step}\n{board}");
        if full || step % 50 == 0 {
            pos.check_invariants(size);
        }
        if full && step % 7 == 0 {
            for q in size.points() {
                let j = pos.at(q);
                if pos.color[j] == EMPTY {
                    for col in [Color::Black, Color::White] {
                        // The ko point is kept for the player to move only.
                        if j == pos.ko as usize && col != c {
                            continue;
                        }
                        assert_eq!(pos.allowed(j, cell(col)), policy_allows(&board, q, col));
                        assert_eq!(pos.is_eye(j, cell(col)), board.is_eyeish(q, col));
                    }
                }
            }
        }
    }
}

/// A position reached by `moves` random legal moves from the empty board (valid, with
/// captures and possibly a ko).
fn random_position(size: Size, seed: u64, moves: usize) -> Board {
    let mut b = Board::new(size);
    let mut rng = Rng::new(seed);
    let mut c = Color::Black;
    for _ in 0..moves {
        let empties: Vec<Point> = b.empty_points().collect();
        if empties.is_empty() {
            break;
        }
        let p = empties[rng.below(empties.len())];
        if b.play(p, c, false).is_ok() {
            c = c.opponent();
        }
    }
    b
}

/// The killing shapes, named as in the literature, against the shapes that make two eyes.
#[test]
fn killing_shapes() {
    let shape = |rows: &[&str]| -> bool {
        let cells: Vec<(u32, u32)> = rows
            .iter()
            .enumerate()
            .flat_map(|(y, r)| {
                r.chars()
                    .enumerate()
                    .filter(|&(_, ch)| ch == '#')
                    .map(move |(x, _)| (x as u32, y as u32))
            })
            .collect();
        let idx: Vec<usize> = (0..cells.len()).collect();
        is_nakade(&idx, |a, b| {
            cells[a].0.abs_diff(cells[b].0) + cells[a].1.abs_diff(cells[b].1) == 1
        })
    };
    let killing: [&[&str]; 8] = [
        &["###"],               // straight three
        &["##", "#."],          // bent three
        &["##", "##"],          // square four
        &[".#.", "###"],        // pyramid four
        &["###", "##."],        // bulky five
        &[".#.", "###", ".#."], // crossed five
        &[".#.", "###", ".##"], // rabbity six
        &["#.", "##", "#."],    // pyramid four, upright
    ];
    let living: [&[&str]; 7] = [
        &["####"],              // straight four
        &["###", "#.."],        // bent four
        &["##.", ".##"],        // zigzag four
        &["####", "#..."],      // L five
        &["###", ".#.", ".#."], // T five
        &["###", "###"],        // rectangular six
        &["#####"],             // straight five
    ];
    for rows in killing {
        assert!(shape(rows), "{rows:?} is a killing shape");
    }
    for rows in living {
        assert!(!shape(rows), "{rows:?} makes two eyes");
    }
}

/// The playout board against [`Board`] from the empty board, on one-line, small, odd,
/// usual and the largest sizes.
#[test]
fn moves_agree_with_the_board() {
    for (w, h) in [
        (1, 2),
        (2, 1),
        (1, 5),
        (5, 1),
        (2, 2),
        (3, 3),
        (5, 4),
        (9, 9),
        (13, 7),
        (7, 13),
        (19, 19),
        (1, 52),
        (52, 1),
        (52, 52),
    ] {
        let steps = (w * h * 8).min(6000) as usize;
        for seed in 0..3 {
            differential(&Board::new(size(w, h)), seed, steps);
        }
    }
}

/// The playout board against [`Board`] from set-up positions (diagrams, and positions of
/// random games with their captures).
#[test]
fn moves_agree_from_set_up_positions() {
    let positions = [
        vec!["..XO.", "XXOO.", "OOOX.", ".XXX.", "....."],
        vec![".X.", "X.X", ".X."],
        vec!["XO.O", ".XO.", "X.XO", ".X.."],
        vec!["..O.X.."],
        vec!["X", ".", "O", "O", "."],
    ];
    for rows in positions {
        let board = Board::from_rows(&rows).unwrap();
        let (w, h) = (board.size().width(), board.size().height());
        for seed in 0..20 {
            differential(&board, seed, (w * h * 6) as usize);
        }
    }
    for seed in 0..40 {
        let board = random_position(size(9, 9), seed, 150);
        differential(&board, seed, 300);
    }
}

/// A position with a basic ko: the playout board starts with the ko point for the player
/// it restricts, and without it for the other player.
#[test]
fn the_start_ko_is_kept() {
    let mut b = Board::from_rows(&[".XO..", "XO.O.", ".XO..", "....."]).unwrap();
    b.play(Point::new(2, 1), Color::Black, false).unwrap();
    let (p, k) = b.ko().expect("a ko");
    assert_eq!((p, k), (Point::new(1, 1), Color::White));
    let restricted = Playout::new(&b, Color::White);
    assert_eq!(restricted.start.ko as usize, restricted.start.at(p));
    assert!(!restricted.start.allowed(restricted.start.at(p), WHITE));
    let free = Playout::new(&b, Color::Black);
    assert_eq!(free.start.ko, 0);
    differential(&b, 7, 200);
}

/// Plays playouts from `board` and checks each against the policy, replayed on a
/// [`Board`]: every move allowed, a capture whenever the capture rule offers an allowed
/// one, a pass only with no allowed move, and owners as [`area_owners`] counts them.
/// Returns how many moves were escapes and captures by the rules.
fn check_playouts(board: &Board, to_move: Color, seeds: std::ops::Range<u64>) -> [u32; 2] {
    let size = board.size();
    let mut playout = Playout::new(board, to_move);
    let mut owner = vec![0i8; size.area()];
    let mut want = vec![0i8; size.area()];
    let mut stats = [0; 2];
    for seed in seeds {
        let moves = playout.run(&mut Rng::new(seed), &mut owner);
        let trace = playout.trace.clone();
        let mut b = board.clone();
        let mut c = to_move;
        let (mut last, mut prev) = (None, None);
        let mut passes = 0;
        let mut played = 0;
        for &m in &trace {
            let escapes = escape_points(&b, c, last);
            let captures = capture_points(&b, c, prev);
            prev = last;
            match m {
                Some(i) => {
                    let p = playout.pos.point(i);
                    assert!(policy_allows(&b, p, c), "{p} {c:?} seed {seed}\n{b}");
                    if !escapes.is_empty() {
                        assert!(escapes.contains(&p), "{p} not an escape\n{b}");
                        stats[0] += 1;
                    } else if !captures.is_empty() {
                        assert!(captures.contains(&p), "{p} not a capture\n{b}");
                        stats[1] += 1;
                    }
                    b.play(p, c, false).unwrap();
                    last = Some(p);
                    played += 1;
                    passes = 0;
                }
                None => {
                    assert!(
                        b.empty_points().all(|q| !policy_allows(&b, q, c)),
                        "a pass with an allowed move, seed {seed}\n{b}"
                    );
                    b.clear_ko();
                    last = None;
                    passes += 1;
                }
            }
            c = c.opponent();
        }
        assert_eq!(moves, played);
        assert!(passes == 2 || trace.len() == 3 * size.area() + 20);
        assert_eq!(playout.pos.signs(size), b.to_signs());
        area_owners(&b, &mut want);
        assert_eq!(owner, want, "owners, seed {seed}\n{b}");
        playout.pos.check_invariants(size);
    }
    stats
}

/// Playouts from empty boards of several sizes and from an ending, each player first.
#[test]
fn playouts_follow_the_policy() {
    let mut stats = [0; 2];
    let mut count = |s: [u32; 2]| {
        stats[0] += s[0];
        stats[1] += s[1];
    };
    for (w, h) in [(1, 2), (1, 5), (5, 1), (3, 3), (5, 5), (9, 9), (13, 7)] {
        count(check_playouts(&Board::new(size(w, h)), Color::Black, 0..30));
        count(check_playouts(
            &Board::new(size(w, h)),
            Color::White,
            30..40,
        ));
    }
    count(check_playouts(
        &Board::new(size(19, 19)),
        Color::Black,
        0..5,
    ));
    let end = Board::from_rows(&[
        ".X.XO.O..",
        "XX.XOO.O.",
        "..XXXO.OO",
        "XXX.XOO..",
        "..XX.XO.O",
        "XX.X.XOO.",
        "OXXX.XO.O",
        "..XXXOO.O",
        "O.X.XO.O.",
    ])
    .unwrap();
    count(check_playouts(&end, Color::Black, 0..30));
    count(check_playouts(&end, Color::White, 30..60));
    // Both rules were put to the test.
    assert!(stats[0] > 100 && stats[1] > 100, "{stats:?}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    /// From random positions of random sizes, playouts follow the policy.
    #[test]
    fn playouts_follow_the_policy_from_random_positions(
        w in 1u32..10, h in 2u32..10, seed in any::<u64>(), fill in 0usize..3,
    ) {
        let area = (w * h) as usize;
        let board = random_position(size(w, h), seed, area * fill / 2);
        let first = if seed & 1 == 0 { Color::Black } else { Color::White };
        check_playouts(&board, first, seed..seed + 4);
    }
}

/// The same seed gives the same playout, whatever ran before on the same engine.
#[test]
fn playouts_are_deterministic_and_independent() {
    for board in [
        Board::new(size(9, 9)),
        Board::new(size(13, 7)),
        random_position(size(19, 19), 5, 200),
    ] {
        let area = board.size().area();
        let mut a = Playout::new(&board, Color::Black);
        let mut b = Playout::new(&board, Color::Black);
        let (mut oa, mut ob) = (vec![0i8; area], vec![0i8; area]);
        for seed in 0..20 {
            // `a` runs another playout first; `b` is fresh for its first seed.
            a.run(&mut Rng::new(seed + 1000), &mut oa);
            let ma = a.run(&mut Rng::new(seed), &mut oa);
            let mb = b.run(&mut Rng::new(seed), &mut ob);
            assert_eq!((ma, &oa), (mb, &ob), "seed {seed}");
            let mut fresh = Playout::new(&board, Color::Black);
            let mut of = vec![0i8; area];
            assert_eq!(fresh.run(&mut Rng::new(seed), &mut of), ma);
            assert_eq!(of, oa);
        }
    }
}

/// Owners on hand-written boards: stones, eyes, shared (dame) regions, and an empty board.
#[test]
fn area_owners_of_small_boards() {
    let cases: [(&[&str], &[i8]); 4] = [
        (
            &[".X.O.", "XX.OO", ".X.O."],
            &[1, 1, 0, -1, -1, 1, 1, 0, -1, -1, 1, 1, 0, -1, -1],
        ),
        (&["...", "...", "..."], &[0; 9]),
        (&[".X.", "X.X", ".X."], &[1; 9]),
        (&["O..X"], &[-1, 0, 0, 1]),
    ];
    for (rows, want) in cases {
        let board = Board::from_rows(rows).unwrap();
        let mut owner = vec![9i8; board.size().area()];
        area_owners(&board, &mut owner);
        assert_eq!(owner, want, "{rows:?}");
    }
    let board = Board::from_rows(&["..O..", "OOO..", "...XX", "XXX.."]).unwrap();
    let mut owner = vec![0i8; 20];
    area_owners(&board, &mut owner);
    #[rustfmt::skip]
    let want = [
        -1, -1, -1, 0, 0,
        -1, -1, -1, 0, 0,
        0, 0, 0, 1, 1,
        1, 1, 1, 1, 1,
    ];
    assert_eq!(owner, want);
}

/// Playouts a second from the empty 9x9 and 19x19 boards, the best of five rounds (`cargo
/// test --release --lib playout_speed -- --ignored --nocapture`).
#[test]
#[ignore]
fn playout_speed() {
    // `PLAYOUT_SPEED_SCALE=0.05` shortens it (to count instructions with valgrind).
    let scale: f64 = std::env::var("PLAYOUT_SPEED_SCALE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1.0);
    let only: Option<u32> = std::env::var("PLAYOUT_SPEED_SIDE")
        .ok()
        .and_then(|v| v.parse().ok());
    for (side, n) in [(9, 20_000.0), (19, 2_000.0)] {
        if only.is_some_and(|o| o != side) {
            continue;
        }
        let n = (n * scale).max(1.0) as u32;
        let board = Board::new(size(side, side));
        let mut best = 0f64;
        let mut moves = 0;
        for _ in 0..5 {
            let t = Instant::now();
            moves = bench_playouts(&board, Color::Black, n, 1);
            best = best.max(f64::from(n) / t.elapsed().as_secs_f64());
        }
        println!(
            "{side}x{side}: {best:.0} playouts/s, {:.1} moves a playout",
            moves as f64 / f64::from(n)
        );
    }
}
