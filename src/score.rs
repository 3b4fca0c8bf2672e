//! Counting a position: area counting (seed 002) and territory counting (J89 Art. 8 and 10),
//! with a reason for every point.

use crate::board::Board;
use crate::color::Color;
use crate::point::Point;
use crate::rules::{HandicapCompensation, Rules, Scoring, Tie};

/// What a point is in the count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PointKind {
    /// An empty point that counts for nobody: it reaches both colours (area counting), or it is
    /// a dame under J89 Art. 8 (territory counting), including the shared liberties of a seki.
    Dame,
    /// An empty point counted for its owner: territory (J89 Art. 8) or area (seed 002).
    Territory,
    /// An eye of stones alive in seki: under territory counting it is not territory (J89 Art. 8;
    /// WAGC rule 19) and counts for nobody.
    SekiEye,
    /// A live stone (not in seki).
    Stone,
    /// A live stone in seki: it touches a dame (J89 Art. 8).
    SekiStone,
    /// A dead stone removed as a prisoner (J89 Art. 10.1; WAGC rules 23, 24); its point counts
    /// for the owner of the territory it stands in, if any.
    Dead,
    /// A dead stone that may not be removed because it is not in territory (J89 commentary on
    /// Art. 10, Diagram 17; Example 25): it stays and counts for nobody.
    DeadStays,
}

impl PointKind {
    /// A stable name for the kind (`dame`, `territory`, `sekiEye`, `stone`, `sekiStone`, `dead`,
    /// `deadStays`).
    pub fn name(self) -> &'static str {
        match self {
            PointKind::Dame => "dame",
            PointKind::Territory => "territory",
            PointKind::SekiEye => "sekiEye",
            PointKind::Stone => "stone",
            PointKind::SekiStone => "sekiStone",
            PointKind::Dead => "dead",
            PointKind::DeadStays => "deadStays",
        }
    }
}

/// The count of one point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PointScore {
    /// What the point is.
    pub kind: PointKind,
    /// The colour of the stone on it, or of the stones around an eye or territory.
    pub color: Option<Color>,
    /// The player the point counts for in the total (`None`: nobody).
    pub counts_for: Option<Color>,
    /// The player the point belongs to at the end of the game: live stones, territory, eyes of
    /// live groups and the points of removed dead stones (drawn as ownership).
    pub owner: Option<Color>,
}

/// One player's totals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SideScore {
    /// Live stones of this player on the board (counted in the total under area counting).
    pub stones: u32,
    /// Empty points (and points of removed dead stones) counted for this player.
    pub territory: u32,
    /// Stones captured during play plus the opponent's dead stones removed (counted in the
    /// total under territory counting).
    pub prisoners: u32,
    /// Komi and handicap compensation, in half points (White only).
    pub bonus_halves: i32,
    /// The total in half points.
    pub total_halves: i32,
}

impl SideScore {
    /// The total in points.
    pub fn total(&self) -> f64 {
        self.total_halves as f64 / 2.0
    }
}

/// The count of a position under a ruleset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Score {
    /// Area or territory counting.
    pub scoring: Scoring,
    /// Komi in half points.
    pub komi_halves: i32,
    /// Black's totals.
    pub black: SideScore,
    /// White's totals.
    pub white: SideScore,
    /// The winner, `None` for a draw.
    pub winner: Option<Color>,
    /// Black's total minus White's, in half points.
    pub margin_halves: i32,
    /// Every point, row-major.
    pub points: Vec<PointScore>,
    /// The stones counted as dead, row-major.
    pub dead: Vec<Point>,
    /// An SGF-style result: `B+3.5`, `W+12`, `0` for a draw, `W+0` for a tie that White wins,
    /// `B+R`/`W+R` after a resignation, `Void` for no result.
    pub result: String,
}

impl Score {
    /// The winner's lead in points (0 for a draw).
    pub fn margin(&self) -> f64 {
        (self.margin_halves.abs()) as f64 / 2.0
    }

    /// Ownership, row-major: 1 Black, -1 White, 0 neither.
    pub fn ownership(&self) -> Vec<i8> {
        self.points
            .iter()
            .map(|p| p.owner.map_or(0, Color::sign))
            .collect()
    }
}

/// Formats half points as a number of points (`7` or `6.5`).
pub fn format_halves(h: i32) -> String {
    if h % 2 == 0 {
        format!("{}", h / 2)
    } else {
        format!("{}{}.5", if h < 0 { "-" } else { "" }, (h / 2).abs())
    }
}

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
        Scoring::Territory => territory(&g, &cells, &live, &regs, rules, &mut points, &mut stack),
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
