//! Differential test of `score::score` against a frozen copy of the counting as it was before
//! territory counting was made incremental (liberty bitsets per chain and a worklist in the
//! dame filling of J89 Art. 8): every `PointScore`, every total and the result must be the same
//! on thousands of positions. Random positions (playouts stopped at any ply, played to the end,
//! dense random boards with seki and shared liberties, on square and rectangular boards from
//! 2x2 to 52x52, with random dead marks), the counted games of `scored.json` and positions of
//! the `ai-games` records (`../shared/corpus/`, skipped when absent), each under
//! `japanese-1989`, `wagc-1979` (prisoners in seki eyes) and `chinese`.

#[allow(dead_code)]
#[path = "../benches/common/mod.rs"]
mod common;

use common::{corpus_path, load_19x19_games, load_counted, XorShift32};
use tengen::score::{self, Score};
use tengen::{Board, Color, Point, Rules, Scoring, Size};

/// The counting as it was (a frozen copy of `src/score.rs` before the change, from its `Grid`
/// down; only this comment is new).
mod reference {
    use tengen::score::{format_halves, PointKind, PointScore, Score, SideScore};
    use tengen::{Board, Color, HandicapCompensation, Point, Rules, Scoring, Tie};

    /// Row-major grid helper.
    struct Grid {
        w: usize,
        h: usize,
    }

    impl Grid {
        #[inline]
        fn neighbours(&self, i: usize) -> ([usize; 4], usize) {
            let (x, y) = (i % self.w, i / self.w);
            let mut out = [0; 4];
            let mut n = 0;
            if y > 0 {
                out[n] = i - self.w;
                n += 1;
            }
            if x > 0 {
                out[n] = i - 1;
                n += 1;
            }
            if x + 1 < self.w {
                out[n] = i + 1;
                n += 1;
            }
            if y + 1 < self.h {
                out[n] = i + self.w;
                n += 1;
            }
            (out, n)
        }
    }

    const NO_REGION: u32 = u32::MAX;

    /// Maximal connected sets of points that hold no live stone, with the colours of the live
    /// stones they touch and the dead stones they contain.
    struct Regions {
        id: Vec<u32>,
        /// Per region: touches Black, touches White, holds a dead Black stone, holds a dead White one.
        info: Vec<[bool; 4]>,
    }

    fn regions(g: &Grid, live: &[i8], cells: &[i8], stack: &mut Vec<usize>) -> Regions {
        let n = live.len();
        let mut id = vec![NO_REGION; n];
        let mut info = Vec::new();
        for start in 0..n {
            if live[start] != 0 || id[start] != NO_REGION {
                continue;
            }
            let r = info.len() as u32;
            let mut flags = [false; 4];
            id[start] = r;
            stack.push(start);
            while let Some(i) = stack.pop() {
                match cells[i] {
                    1 => flags[2] = true,
                    -1 => flags[3] = true,
                    _ => {}
                }
                let (nb, k) = g.neighbours(i);
                for &m in &nb[..k] {
                    match live[m] {
                        1 => flags[0] = true,
                        -1 => flags[1] = true,
                        _ => {
                            if id[m] == NO_REGION {
                                id[m] = r;
                                stack.push(m);
                            }
                        }
                    }
                }
            }
            info.push(flags);
        }
        Regions { id, info }
    }

    /// Whether the chain of `color` through `start` in `sim` has at least `need` liberties
    /// (early exit). `mark` is a scratch array of stamps.
    fn has_liberties(
        g: &Grid,
        sim: &[i8],
        start: usize,
        need: usize,
        mark: &mut [u32],
        stamp: u32,
        stack: &mut Vec<usize>,
    ) -> bool {
        let color = sim[start];
        let mut libs = 0;
        mark[start] = stamp;
        stack.clear();
        stack.push(start);
        while let Some(i) = stack.pop() {
            let (nb, k) = g.neighbours(i);
            for &m in &nb[..k] {
                if mark[m] == stamp {
                    continue;
                }
                if sim[m] == 0 {
                    mark[m] = stamp;
                    libs += 1;
                    if libs >= need {
                        stack.clear();
                        return true;
                    }
                } else if sim[m] == color {
                    mark[m] = stamp;
                    stack.push(m);
                }
            }
        }
        false
    }

    /// Counts the position on `board` with the stones at `dead` (row-major flags) removed as the
    /// rules say, White receiving komi and, under area counting, the handicap compensation for
    /// `handicap` stones. Prisoners taken during play come from the board.
    pub fn score(board: &Board, dead: &[bool], rules: &Rules, handicap: u32) -> Score {
        let size = board.size();
        let g = Grid {
            w: size.width() as usize,
            h: size.height() as usize,
        };
        let n = size.area();
        let cells = board.to_signs();
        let is_dead = |i: usize| cells[i] != 0 && dead.get(i).copied().unwrap_or(false);
        let live: Vec<i8> = (0..n)
            .map(|i| if is_dead(i) { 0 } else { cells[i] })
            .collect();
        let mut stack = Vec::with_capacity(n);
        let regs = regions(&g, &live, &cells, &mut stack);
        let colour_of = |s: i8| match s {
            1 => Some(Color::Black),
            -1 => Some(Color::White),
            _ => None,
        };
        // The owner of a region whose border is live stones of one colour only.
        let reach = |r: u32| -> Option<Color> {
            let f = regs.info[r as usize];
            match (f[0], f[1]) {
                (true, false) => Some(Color::Black),
                (false, true) => Some(Color::White),
                _ => None,
            }
        };
        let mut points = vec![
            PointScore {
                kind: PointKind::Dame,
                color: None,
                counts_for: None,
                owner: None,
            };
            n
        ];
        let mut black = SideScore {
            prisoners: board.prisoners(Color::Black),
            ..SideScore::default()
        };
        let mut white = SideScore {
            prisoners: board.prisoners(Color::White),
            ..SideScore::default()
        };
        let dead_points: Vec<Point> = (0..n)
            .filter(|&i| is_dead(i))
            .map(|i| size.point_at(i))
            .collect();

        match rules.scoring {
            Scoring::Area => {
                // Seed 002: a point counts for a player if it holds that player's stone, or if no
                // path from it reaches the opponent's stones before the player's. Dead stones are
                // removed first (seed 004 5.1).
                for i in 0..n {
                    let ps = &mut points[i];
                    if live[i] != 0 {
                        let c = colour_of(live[i]);
                        *ps = PointScore {
                            kind: PointKind::Stone,
                            color: c,
                            counts_for: c,
                            owner: c,
                        };
                        continue;
                    }
                    let owner = reach(regs.id[i]);
                    ps.counts_for = owner;
                    ps.owner = owner;
                    if is_dead(i) {
                        ps.kind = PointKind::Dead;
                        ps.color = colour_of(cells[i]);
                    } else {
                        ps.kind = if owner.is_some() {
                            PointKind::Territory
                        } else {
                            PointKind::Dame
                        };
                        ps.color = owner;
                    }
                }
            }
            Scoring::Territory => {
                territory(&g, &cells, &live, &regs, rules, &mut points, &mut stack)
            }
        }

        // Totals.
        for (i, p) in points.iter().enumerate() {
            match p.kind {
                PointKind::Stone | PointKind::SekiStone => {
                    if let Some(c) = p.color {
                        if c == Color::Black {
                            black.stones += 1
                        } else {
                            white.stones += 1
                        }
                    }
                }
                PointKind::Territory => match p.counts_for {
                    Some(Color::Black) => black.territory += 1,
                    Some(Color::White) => white.territory += 1,
                    None => {}
                },
                PointKind::Dead => {
                    // A removed dead stone is a prisoner of its opponent; its point counts as
                    // territory where the region is someone's.
                    match colour_of(cells[i]) {
                        Some(Color::Black) => white.prisoners += 1,
                        Some(Color::White) => black.prisoners += 1,
                        None => {}
                    }
                    match p.counts_for {
                        Some(Color::Black) => black.territory += 1,
                        Some(Color::White) => white.territory += 1,
                        None => {}
                    }
                }
                _ => {}
            }
        }
        let komi = rules.komi_halves;
        // Sums are made in i64 and clamped, so no komi, handicap or prisoner count can overflow.
        let clamp = |v: i64| v.clamp(-(i32::MAX as i64), i32::MAX as i64) as i32;
        let compensation = match (rules.scoring, rules.handicap_compensation) {
            (Scoring::Area, HandicapCompensation::PerStone) => handicap as i64 * 2,
            (Scoring::Area, HandicapCompensation::PerStoneAfterFirst) => {
                handicap.saturating_sub(1) as i64 * 2
            }
            _ => 0,
        };
        white.bonus_halves = clamp(komi as i64 + compensation);
        let base = |s: &SideScore| -> i64 {
            match rules.scoring {
                Scoring::Area => (s.stones as i64 + s.territory as i64) * 2,
                Scoring::Territory => (s.territory as i64 + s.prisoners as i64) * 2,
            }
        };
        black.total_halves = clamp(base(&black));
        white.total_halves = clamp(base(&white) + white.bonus_halves as i64);
        let margin_halves = clamp(black.total_halves as i64 - white.total_halves as i64);
        let winner = match margin_halves {
            m if m > 0 => Some(Color::Black),
            m if m < 0 => Some(Color::White),
            _ => match rules.tie {
                Tie::Draw => None,
                Tie::White => Some(Color::White),
            },
        };
        let result = match winner {
            None => "0".to_string(),
            Some(c) => format!("{}+{}", c.letter(), format_halves(margin_halves.abs())),
        };
        Score {
            result,
            scoring: rules.scoring,
            komi_halves: komi,
            black,
            white,
            winner,
            margin_halves,
            points,
            dead: dead_points,
        }
    }

    /// J89 Art. 8 and 10 with the commentary on Art. 9: neutral points are filled as far as either
    /// player can without leaving a chain of their own in atari; the empty points that remain are
    /// dame, the live stones touching them are in seki, and eyes bordered by stones in seki are not
    /// territory. Dead stones are removed (as prisoners) only from territory.
    fn territory(
        g: &Grid,
        cells: &[i8],
        live: &[i8],
        regs: &Regions,
        rules: &Rules,
        points: &mut [PointScore],
        stack: &mut Vec<usize>,
    ) {
        let n = cells.len();
        let colour_of = |s: i8| match s {
            1 => Some(Color::Black),
            -1 => Some(Color::White),
            _ => None,
        };
        // An eye region: bordered by live stones of one colour only and holding no dead stone of
        // that colour (Example 25 (2): points surrounded by live and dead stones are dame).
        let eye_owner: Vec<Option<Color>> = regs
            .info
            .iter()
            .map(|f| match (f[0], f[1]) {
                (true, false) if !f[2] => Some(Color::Black),
                (false, true) if !f[3] => Some(Color::White),
                _ => None,
            })
            .collect();
        // Filling the neutral points, on the board as it stands (dead stones included).
        let candidates_all: Vec<usize> = (0..n)
            .filter(|&i| {
                cells[i] == 0 && {
                    let r = regs.id[i] as usize;
                    eye_owner[r].is_none() && (regs.info[r][0] || regs.info[r][1])
                }
            })
            .collect();
        // A point is a dame of a seki only if it stays unfilled whichever player fills first
        // where both could: the filling is tried with each preferred in turn (see `fill_neutral`).
        let mut candidates = fill_neutral(g, cells, &candidates_all, 1, stack);
        if !candidates.is_empty() {
            let mut unfilled = vec![false; n];
            for p in fill_neutral(g, cells, &candidates_all, -1, stack) {
                unfilled[p] = true;
            }
            candidates.retain(|&p| unfilled[p]);
        }
        // The remaining candidates are the dame of J89 Art. 8 that no one can fill; live chains
        // touching them are in seki.
        let mut seki = vec![false; n];
        for &p in &candidates {
            let (nb, cnt) = g.neighbours(p);
            for &m in &nb[..cnt] {
                if live[m] != 0 && !seki[m] {
                    let colour = live[m];
                    seki[m] = true;
                    stack.push(m);
                    while let Some(i) = stack.pop() {
                        let (nb2, c2) = g.neighbours(i);
                        for &q in &nb2[..c2] {
                            if live[q] == colour && !seki[q] {
                                seki[q] = true;
                                stack.push(q);
                            }
                        }
                    }
                }
            }
        }
        // Eyes bordered by a chain in seki are not territory.
        let mut region_seki = vec![false; regs.info.len()];
        for i in (0..n).filter(|&i| seki[i]) {
            let (nb, cnt) = g.neighbours(i);
            for &m in &nb[..cnt] {
                if live[m] == 0 {
                    region_seki[regs.id[m] as usize] = true;
                }
            }
        }
        for i in 0..n {
            let c = colour_of(cells[i]);
            let ps = &mut points[i];
            if live[i] != 0 {
                *ps = PointScore {
                    kind: if seki[i] {
                        PointKind::SekiStone
                    } else {
                        PointKind::Stone
                    },
                    color: c,
                    counts_for: None,
                    owner: c,
                };
                continue;
            }
            let r = regs.id[i] as usize;
            let eye = eye_owner[r];
            let is_territory = eye.is_some() && !region_seki[r];
            let is_dead = cells[i] != 0;
            *ps = match (is_dead, eye, is_territory) {
                (false, Some(o), true) => PointScore {
                    kind: PointKind::Territory,
                    color: Some(o),
                    counts_for: Some(o),
                    owner: Some(o),
                },
                (false, Some(o), false) => PointScore {
                    kind: PointKind::SekiEye,
                    color: Some(o),
                    counts_for: None,
                    owner: Some(o),
                },
                (false, None, _) => PointScore {
                    kind: PointKind::Dame,
                    color: None,
                    counts_for: None,
                    owner: None,
                },
                (true, Some(o), true) => PointScore {
                    kind: PointKind::Dead,
                    color: c,
                    counts_for: Some(o),
                    owner: Some(o),
                },
                (true, Some(o), false) if rules.seki_eye_prisoners => PointScore {
                    kind: PointKind::Dead,
                    color: c,
                    counts_for: None,
                    owner: Some(o),
                },
                (true, _, _) => PointScore {
                    kind: PointKind::DeadStays,
                    color: c,
                    counts_for: None,
                    owner: None,
                },
            };
        }
    }

    /// Union-find root with path halving.
    fn root(parent: &mut [u32], mut i: usize) -> usize {
        while parent[i] as usize != i {
            parent[i] = parent[parent[i] as usize];
            i = parent[i] as usize;
        }
        i
    }

    /// Fills the neutral points `candidates` of `cells` (J89 commentary on Art. 8, Diagram 15: a
    /// move on a dame turns the eyes next to it into territory) as far as the players can, and
    /// returns the points no one can fill. A point is filled by a player if the filling stone's
    /// chain keeps two liberties (it is not left in atari) and no opponent chain is captured.
    ///
    /// The order of filling matters: filling Black first wherever that is legal can cut a live
    /// white chain off or take both of its outside liberties and leave a point that no one may
    /// fill, a false seki that wipes out real territory (the professional game
    /// nando/meijin27_g4 of the real-games corpus, B+0.5, was counted W+18.5). Players filling dame
    /// connect their own stones rather than cut: each point is filled first by the player whose
    /// stone joins more of their own chains (a connection is filled by its owner), and on a tie
    /// by `prefer` (1 Black, -1 White).
    fn fill_neutral(
        g: &Grid,
        cells: &[i8],
        candidates: &[usize],
        prefer: i8,
        stack: &mut Vec<usize>,
    ) -> Vec<usize> {
        let n = cells.len();
        let mut sim = cells.to_vec();
        let mut mark = vec![0u32; n];
        let mut stamp = 0u32;
        let mut candidates = candidates.to_vec();
        // Chains of the simulated board: filling never captures, so chains only merge.
        let mut parent: Vec<u32> = (0..n as u32).collect();
        for i in 0..n {
            if sim[i] != 0 {
                let (nb, cnt) = g.neighbours(i);
                for &m in &nb[..cnt] {
                    if m > i && sim[m] == sim[i] {
                        let (a, b) = (root(&mut parent, i), root(&mut parent, m));
                        parent[a] = b as u32;
                    }
                }
            }
        }
        loop {
            let mut changed = false;
            let mut k = 0;
            while k < candidates.len() {
                let p = candidates[k];
                let (nb, cnt) = g.neighbours(p);
                // How many distinct chains of each colour the point would join.
                let mut joins = [0usize; 2];
                let mut seen = [usize::MAX; 4];
                for (j, &m) in nb[..cnt].iter().enumerate() {
                    if sim[m] != 0 {
                        let r = root(&mut parent, m);
                        if !seen.contains(&r) {
                            seen[j] = r;
                            joins[(sim[m] < 0) as usize] += 1;
                        }
                    }
                }
                let first = match joins[0].cmp(&joins[1]) {
                    std::cmp::Ordering::Greater => 1,
                    std::cmp::Ordering::Less => -1,
                    std::cmp::Ordering::Equal => prefer,
                };
                let mut filled = false;
                for colour in [first, -first] {
                    sim[p] = colour;
                    // Filling must not capture: every adjacent opponent chain keeps a liberty.
                    let mut ok = true;
                    for &m in &nb[..cnt] {
                        if sim[m] == -colour {
                            stamp += 1;
                            if !has_liberties(g, &sim, m, 1, &mut mark, stamp, stack) {
                                ok = false;
                                break;
                            }
                        }
                    }
                    if ok {
                        stamp += 1;
                        ok = has_liberties(g, &sim, p, 2, &mut mark, stamp, stack);
                    }
                    if ok {
                        filled = true;
                        for &m in &nb[..cnt] {
                            if sim[m] == colour {
                                let (a, b) = (root(&mut parent, p), root(&mut parent, m));
                                parent[a] = b as u32;
                            }
                        }
                        break;
                    }
                    sim[p] = 0;
                }
                if filled {
                    changed = true;
                    candidates.swap_remove(k);
                } else {
                    k += 1;
                }
            }
            if !changed {
                break;
            }
        }
        candidates
    }
}

fn presets() -> Vec<Rules> {
    ["japanese-1989", "wagc-1979", "chinese"]
        .iter()
        .map(|n| Rules::preset(n).expect("a preset"))
        .collect()
}

/// Counts a position both ways under every preset (with a handicap under area counting) and
/// fails with the position if anything differs. Returns the number of comparisons.
fn compare(what: &str, board: &Board, dead: &[bool]) -> usize {
    let mut n = 0;
    for rules in presets() {
        // A handicap changes the count under area counting only (its compensation).
        let handicap = if rules.scoring == Scoring::Area { 3 } else { 0 };
        let new = score::score(board, dead, &rules, handicap);
        let old = reference::score(board, dead, &rules, handicap);
        if new != old {
            report(what, board, dead, &rules, &new, &old);
        }
        n += 1;
    }
    n
}

fn report(what: &str, board: &Board, dead: &[bool], rules: &Rules, new: &Score, old: &Score) {
    let size = board.size();
    let w = size.width() as usize;
    let mut lines = Vec::new();
    for (y, row) in board.to_rows().iter().enumerate() {
        let marks: String = (0..w)
            .map(|x| {
                let i = y * w + x;
                if new.points[i] != old.points[i] {
                    '!'
                } else if dead.get(i).copied().unwrap_or(false) {
                    'd'
                } else {
                    '.'
                }
            })
            .collect();
        lines.push(format!("{row}   {marks}"));
    }
    let diffs: Vec<String> = (0..size.area())
        .filter(|&i| new.points[i] != old.points[i])
        .map(|i| {
            format!(
                "{}: new {:?} old {:?}",
                size.point_at(i).sgf(),
                new.points[i],
                old.points[i]
            )
        })
        .collect();
    panic!(
        "{what}: scores differ under {:?}\n{}\n{}\nnew {} {:?} {:?}\nold {} {:?} {:?}",
        rules.scoring,
        lines.join("\n"),
        diffs.join("\n"),
        new.result,
        new.black,
        new.white,
        old.result,
        old.black,
        old.white
    );
}

/// Random moves from the empty board with `Board::play` (no suicide): up to `plies` of them,
/// the mover picking among the empty points that are not its own eye, passing when none is
/// legal; stops after two passes in a row. (A few random points are tried first, so that a
/// move seldom needs a scan of the board.)
fn random_game(size: Size, rng: &mut XorShift32, plies: usize) -> Board {
    let mut board = Board::new(size);
    let mut color = Color::Black;
    let mut passes = 0;
    let mut cands: Vec<Point> = Vec::new();
    for _ in 0..plies {
        let mut played = (0..8).any(|_| {
            let p = size.point_at(rng.below(size.area()));
            board.get(p).is_none()
                && !board.is_eyeish(p, color)
                && board.play(p, color, false).is_ok()
        });
        if !played {
            cands.clear();
            cands.extend(board.empty_points().filter(|&p| !board.is_eyeish(p, color)));
            while !cands.is_empty() {
                let k = rng.below(cands.len());
                if board.play(cands[k], color, false).is_ok() {
                    played = true;
                    break;
                }
                cands.swap_remove(k);
            }
        }
        if played {
            passes = 0;
        } else {
            board.clear_ko();
            passes += 1;
            if passes == 2 {
                break;
            }
        }
        color = color.opponent();
    }
    board
}

/// A random position at `density` (per mille of stones), Black and White equally likely, with
/// every chain without a liberty removed (what remains keeps its liberties).
fn random_board(size: Size, rng: &mut XorShift32, density: usize) -> Board {
    let (w, h) = (size.width() as usize, size.height() as usize);
    let n = w * h;
    let mut cells: Vec<i8> = (0..n)
        .map(|_| {
            if rng.below(1000) < density {
                if rng.below(2) == 0 {
                    1
                } else {
                    -1
                }
            } else {
                0
            }
        })
        .collect();
    let neighbours = |i: usize| {
        let (x, y) = (i % w, i / w);
        let mut v = Vec::with_capacity(4);
        if y > 0 {
            v.push(i - w);
        }
        if x > 0 {
            v.push(i - 1);
        }
        if x + 1 < w {
            v.push(i + 1);
        }
        if y + 1 < h {
            v.push(i + w);
        }
        v
    };
    let mut remove = vec![false; n];
    let mut seen = vec![false; n];
    for s in 0..n {
        if cells[s] == 0 || seen[s] {
            continue;
        }
        let mut chain = vec![s];
        seen[s] = true;
        let mut k = 0;
        let mut libs = 0;
        while k < chain.len() {
            for m in neighbours(chain[k]) {
                if cells[m] == 0 {
                    libs += 1;
                } else if cells[m] == cells[s] && !seen[m] {
                    seen[m] = true;
                    chain.push(m);
                }
            }
            k += 1;
        }
        if libs == 0 {
            for &i in &chain {
                remove[i] = true;
            }
        }
    }
    for i in 0..n {
        if remove[i] {
            cells[i] = 0;
        }
    }
    let stones = (0..n).filter(|&i| cells[i] != 0).map(|i| {
        let c = if cells[i] > 0 {
            Color::Black
        } else {
            Color::White
        };
        (size.point_at(i), c)
    });
    Board::with_stones(size, stones).expect("every chain has a liberty")
}

/// Random dead marks: none, whole chains, single stones, or marks anywhere (empty points too,
/// which the count ignores), sometimes a short array.
fn random_dead(board: &Board, rng: &mut XorShift32) -> Vec<bool> {
    let size = board.size();
    let n = size.area();
    let per_mille = [0, 50, 150, 400][rng.below(4)];
    let mut dead = vec![false; n];
    match rng.below(4) {
        0 => {}
        1 => {
            let mut done = vec![false; n];
            for i in 0..n {
                let p = size.point_at(i);
                if board.get(p).is_none() || done[i] {
                    continue;
                }
                let d = rng.below(1000) < per_mille;
                for q in board.chain(p) {
                    done[size.index(q)] = true;
                    dead[size.index(q)] = d;
                }
            }
        }
        2 => {
            for (i, d) in dead.iter_mut().enumerate() {
                *d = board.get(size.point_at(i)).is_some() && rng.below(1000) < per_mille;
            }
        }
        _ => {
            for d in dead.iter_mut() {
                *d = rng.below(1000) < per_mille;
            }
            dead.truncate(rng.below(n + 1));
        }
    }
    dead
}

fn random_size(rng: &mut XorShift32, k: usize) -> Size {
    let (w, h) = match k % 32 {
        // Squares 5x5 to 19x19.
        0..=13 => {
            let s = 5 + rng.below(15) as u32;
            (s, s)
        }
        14..=18 => (19, 19),
        // Rectangles from 2 to 19 a side.
        19..=28 => (2 + rng.below(18) as u32, 2 + rng.below(18) as u32),
        // Now and then a large board, up to the largest.
        29 | 30 => (20 + rng.below(20) as u32, 20 + rng.below(20) as u32),
        _ => [(52, 52), (52, 3), (2, 52)][rng.below(3)],
    };
    Size::new(w, h).expect("a valid size")
}

#[test]
fn random_positions_score_as_before() {
    let mut compared = 0;
    let mut positions = 0;
    for k in 0..3000u32 {
        let mut rng = XorShift32::for_playout(k);
        let size = random_size(&mut rng, k as usize);
        let n = size.area();
        let board = match k % 3 {
            // Played to the end (single eyes, few dame).
            0 => random_game(size, &mut rng, 3 * n),
            // Stopped anywhere: open areas to fill, as in a resigned game.
            1 => {
                let plies = rng.below(2 * n + 1);
                random_game(size, &mut rng, plies)
            }
            // Dense random shapes: many shared liberties, ataris and seki.
            _ => {
                let density = 400 + rng.below(500);
                random_board(size, &mut rng, density)
            }
        };
        for _ in 0..2 {
            let dead = random_dead(&board, &mut rng);
            compared += compare(&format!("random position {k}"), &board, &dead);
            positions += 1;
        }
    }
    eprintln!("{positions} random positions, {compared} counts compared");
}

/// The counted games of `scored.json`, all sizes: with their dead marks and with none.
#[test]
fn counted_games_score_as_before() {
    let Some(index) = corpus_path("scored.json") else {
        eprintln!("note: ../shared/corpus/scored.json not found: skipped");
        return;
    };
    let games = load_counted(&index);
    let mut compared = 0;
    for (file, board, dead) in &games {
        compared += compare(file, board, dead);
        compared += compare(&format!("{file} (no dead marks)"), board, &[]);
    }
    assert!(!games.is_empty());
    eprintln!("{} counted games, {compared} counts compared", games.len());
}

/// The even 19x19 games of `ai-games` (mostly resigned, much left to fill): the last position
/// and every 25th position of each main line.
#[test]
fn ai_games_positions_score_as_before() {
    let Some(dir) = corpus_path("ai-games") else {
        eprintln!("note: ../shared/corpus/ai-games not found: skipped");
        return;
    };
    let (games, _) = load_19x19_games(&dir);
    let size = Size::square(19).expect("19x19");
    let mut compared = 0;
    let mut positions = 0;
    for (name, g) in &games {
        let mut board = Board::new(size);
        for (k, &(color, point)) in g.moves.iter().enumerate() {
            if let Some(p) = point {
                // A move the board refuses (ko) is skipped: any position will do.
                let _ = board.play(p, color, false);
            }
            if (k + 1) % 25 == 0 || k + 1 == g.moves.len() {
                compared += compare(&format!("{name} move {}", k + 1), &board, &[]);
                positions += 1;
            }
        }
    }
    eprintln!(
        "{} ai-games, {positions} positions, {compared} counts compared",
        games.len()
    );
}
