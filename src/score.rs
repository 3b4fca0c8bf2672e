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

/// Off the board, in the bordered arrays of the count.
const OFF: i8 = 2;

/// The layout of the count's arrays: the points row-major with a border, one off-board column
/// before each row (it is also the one after the row before) and an off-board row above and
/// below, so that every point has its four neighbours at fixed offsets and no bounds need
/// testing. Indices stay below 54 · 53 (52x52 at most), so they fit in a `u16`; index 0 is
/// off the board.
struct Pad {
    w: usize,
    h: usize,
    stride: usize,
}

impl Pad {
    fn new(w: usize, h: usize) -> Pad {
        Pad {
            w,
            h,
            stride: w + 1,
        }
    }

    fn len(&self) -> usize {
        (self.h + 2) * self.stride
    }

    /// The neighbours of the point at `i` (above, left, right, below), on the board or not.
    #[inline]
    fn neighbours(&self, i: usize) -> [usize; 4] {
        [i - self.stride, i - 1, i + 1, i + self.stride]
    }

    /// The rows: the row-major index and the index here of their first point.
    fn rows(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.h).map(move |y| (y * self.w, (y + 1) * self.stride + 1))
    }

    /// The indices from the first point to the last, the off-board column between rows
    /// included (the callers skip it by its value, `OFF`).
    fn inner(&self) -> std::ops::Range<usize> {
        self.stride + 1..(self.h + 1) * self.stride
    }
}

/// Whether a value of the bordered arrays is a stone (1 Black, -1 White).
#[inline]
fn is_stone(v: i8) -> bool {
    v == 1 || v == -1
}

/// The colour of a stone value.
#[inline]
fn colour_of(v: i8) -> Option<Color> {
    match v {
        1 => Some(Color::Black),
        -1 => Some(Color::White),
        _ => None,
    }
}

/// The position in bordered arrays, with lists of its points (bordered indices, row-major).
struct Position {
    pad: Pad,
    /// Per point: the stone on it (1 Black, -1 White, 0 none; `OFF` off the board).
    cells: Vec<i8>,
    /// Per point: the live stone on it (dead stones removed).
    live: Vec<i8>,
    /// The empty points.
    empty: Vec<u16>,
    /// The points without a live stone: the empty ones and the dead stones.
    open: Vec<u16>,
    /// The stones, dead or alive.
    stones: Vec<u16>,
}

impl Position {
    /// `cells` row-major, `dead(i)` whether the stone at row-major `i`, if any, is dead.
    fn new(w: usize, h: usize, cells: &[i8], dead: impl Fn(usize) -> bool) -> Position {
        let pad = Pad::new(w, h);
        let n = w * h;
        let mut p = Position {
            cells: vec![OFF; pad.len()],
            live: vec![OFF; pad.len()],
            // Written ahead of their lengths, so that no branch decides what is pushed.
            empty: vec![0; n],
            open: vec![0; n],
            stones: vec![0; n],
            pad,
        };
        let (mut ne, mut no, mut ns) = (0, 0, 0);
        for (i0, b0) in p.pad.rows() {
            for x in 0..p.pad.w {
                let (i, b) = (i0 + x, b0 + x);
                let c = cells[i];
                let l = if dead(i) { 0 } else { c };
                p.cells[b] = c;
                p.live[b] = l;
                p.empty[ne] = b as u16;
                ne += usize::from(c == 0);
                p.open[no] = b as u16;
                no += usize::from(l == 0);
                p.stones[ns] = b as u16;
                ns += usize::from(c != 0);
            }
        }
        p.empty.truncate(ne);
        p.open.truncate(no);
        p.stones.truncate(ns);
        p
    }
}

/// The connected sets of points of `key` whose value passes `member` (neighbours in the same
/// set when their values are equal), labelled by their first point in row-major order; 0 (an
/// off-board index) for the other points. One scan with union-find links toward the smaller
/// index, then one forward pass to the roots: no flood fill.
fn components(pad: &Pad, key: &[i8], member: impl Fn(i8) -> bool) -> Vec<u16> {
    fn find(label: &mut [u16], mut i: usize) -> usize {
        while label[i] as usize != i {
            let up = label[label[i] as usize];
            label[i] = up;
            i = up as usize;
        }
        i
    }
    let mut label = vec![0u16; key.len()];
    for b in pad.inner() {
        let k = key[b];
        if !member(k) {
            continue;
        }
        let (up, left) = (b - pad.stride, b - 1);
        label[b] = match (key[up] == k, key[left] == k) {
            (false, false) => b as u16,
            (true, false) => label[up],
            (false, true) => label[left],
            (true, true) => {
                let (r, q) = (find(&mut label, up), find(&mut label, left));
                let (lo, hi) = (r.min(q), r.max(q));
                label[hi] = lo as u16;
                lo as u16
            }
        };
    }
    // Every label is at most its point, and the labels before it are final.
    for b in pad.inner() {
        let l = label[b] as usize;
        label[b] = label[l];
    }
    label
}

/// Flags of a region (see `Regions`).
const TOUCHES_BLACK: u8 = 1;
const TOUCHES_WHITE: u8 = 2;
const HOLDS_DEAD_BLACK: u8 = 4;
const HOLDS_DEAD_WHITE: u8 = 8;

/// Maximal connected sets of points that hold no live stone, with the colours of the live
/// stones they touch and the dead stones they contain.
struct Regions {
    /// Per point without a live stone: its region, named by its first point.
    id: Vec<u16>,
    /// Per region: `TOUCHES_BLACK`, `TOUCHES_WHITE`, `HOLDS_DEAD_BLACK`, `HOLDS_DEAD_WHITE`.
    flags: Vec<u8>,
}

impl Regions {
    fn new(pos: &Position) -> Regions {
        let id = components(&pos.pad, &pos.live, |v| v == 0);
        // By value + 1 (-1, 0, 1, OFF): the flag a live neighbour sets, the flag a dead stone
        // sets.
        const TOUCH: [u8; 4] = [TOUCHES_WHITE, 0, TOUCHES_BLACK, 0];
        const DEAD: [u8; 4] = [HOLDS_DEAD_WHITE, 0, HOLDS_DEAD_BLACK, 0];
        let mut flags = vec![0u8; pos.live.len()];
        for &b in &pos.open {
            let b = b as usize;
            let mut f = DEAD[(pos.cells[b] + 1) as usize];
            for m in pos.pad.neighbours(b) {
                f |= TOUCH[(pos.live[m] + 1) as usize];
            }
            flags[id[b] as usize] |= f;
        }
        Regions { id, flags }
    }

    /// The flags of the region of the point at `b` (which holds no live stone).
    #[inline]
    fn of(&self, b: usize) -> u8 {
        self.flags[self.id[b] as usize]
    }

    /// The owner of the region of `b` if its border is live stones of one colour only.
    #[inline]
    fn reach(&self, b: usize) -> Option<Color> {
        match self.of(b) & (TOUCHES_BLACK | TOUCHES_WHITE) {
            TOUCHES_BLACK => Some(Color::Black),
            TOUCHES_WHITE => Some(Color::White),
            _ => None,
        }
    }

    /// The owner of the region of `b` if it is an eye: bordered by live stones of one colour
    /// only and holding no dead stone of that colour (J89 Example 25 (2): points surrounded by
    /// live and dead stones are dame).
    #[inline]
    fn eye_owner(&self, b: usize) -> Option<Color> {
        let f = self.of(b);
        match f & (TOUCHES_BLACK | TOUCHES_WHITE) {
            TOUCHES_BLACK if f & HOLDS_DEAD_BLACK == 0 => Some(Color::Black),
            TOUCHES_WHITE if f & HOLDS_DEAD_WHITE == 0 => Some(Color::White),
            _ => None,
        }
    }
}

/// Counts the position on `board` with the stones at `dead` (row-major flags) removed as the
/// rules say, White receiving komi and, under area counting, the handicap compensation for
/// `handicap` stones. Prisoners taken during play come from the board.
pub fn score(board: &Board, dead: &[bool], rules: &Rules, handicap: u32) -> Score {
    let size = board.size();
    let n = size.area();
    let cells = board.to_signs();
    let is_dead = |i: usize| cells[i] != 0 && dead.get(i).copied().unwrap_or(false);
    let pos = Position::new(size.width() as usize, size.height() as usize, &cells, |i| {
        dead.get(i).copied().unwrap_or(false)
    });
    let regs = Regions::new(&pos);
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
            for (i0, b0) in pos.pad.rows() {
                for x in 0..pos.pad.w {
                    let (i, b) = (i0 + x, b0 + x);
                    let live = pos.live[b];
                    points[i] = if live != 0 {
                        let c = colour_of(live);
                        PointScore {
                            kind: PointKind::Stone,
                            color: c,
                            counts_for: c,
                            owner: c,
                        }
                    } else {
                        let owner = regs.reach(b);
                        let (kind, color) = match (pos.cells[b] != 0, owner) {
                            (true, _) => (PointKind::Dead, colour_of(pos.cells[b])),
                            (false, Some(_)) => (PointKind::Territory, owner),
                            (false, None) => (PointKind::Dame, None),
                        };
                        PointScore {
                            kind,
                            color,
                            counts_for: owner,
                            owner,
                        }
                    };
                }
            }
        }
        Scoring::Territory => territory(&pos, &regs, rules, &mut points),
    }

    // Totals, from the number of points of each kind, colour and beneficiary.
    let slot = |c: Option<Color>| match c {
        None => 0,
        Some(Color::Black) => 1,
        Some(Color::White) => 2,
    };
    // One entry per `PointKind` (seven of them).
    let mut tally = [[[0u32; 3]; 3]; 7];
    for p in &points {
        tally[p.kind as usize][slot(p.color)][slot(p.counts_for)] += 1;
    }
    let of_kind = |k: PointKind| &tally[k as usize];
    for (side, s) in [(&mut black, 1), (&mut white, 2)] {
        let stones = |k: PointKind| of_kind(k)[s].iter().sum::<u32>();
        let counted = |k: PointKind| (0..3).map(|c| of_kind(k)[c][s]).sum::<u32>();
        side.stones += stones(PointKind::Stone) + stones(PointKind::SekiStone);
        // A removed dead stone is a prisoner of its opponent; its point counts as territory
        // where the region is someone's.
        side.territory += counted(PointKind::Territory) + counted(PointKind::Dead);
        side.prisoners += of_kind(PointKind::Dead)[3 - s].iter().sum::<u32>();
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
fn territory(pos: &Position, regs: &Regions, rules: &Rules, points: &mut [PointScore]) {
    let (pad, cells, live) = (&pos.pad, &pos.cells[..], &pos.live[..]);
    let len = cells.len();
    // Filling the neutral points, on the board as it stands (dead stones included).
    let candidates_all: Vec<u16> = pos
        .empty
        .iter()
        .copied()
        .filter(|&b| {
            let b = b as usize;
            regs.eye_owner(b).is_none() && regs.of(b) & (TOUCHES_BLACK | TOUCHES_WHITE) != 0
        })
        .collect();
    // A point is a dame of a seki only if it stays unfilled whichever player fills first
    // where both could: the filling is tried with each preferred in turn (see `fill_neutral`).
    let mut candidates = Vec::new();
    if !candidates_all.is_empty() {
        let start = Chains::new(pos);
        candidates = fill_neutral(pad, start.clone(), &candidates_all, 1);
        if !candidates.is_empty() {
            let mut unfilled = vec![false; len];
            for p in fill_neutral(pad, start, &candidates_all, -1) {
                unfilled[p as usize] = true;
            }
            candidates.retain(|&p| unfilled[p as usize]);
        }
    }
    // The remaining candidates are the dame of J89 Art. 8 that no one can fill; live chains
    // touching them are in seki.
    let mut seki = vec![false; len];
    let mut stack = Vec::new();
    for &p in &candidates {
        for m in pad.neighbours(p as usize) {
            if is_stone(live[m]) && !seki[m] {
                let colour = live[m];
                seki[m] = true;
                stack.push(m);
                while let Some(i) = stack.pop() {
                    for q in pad.neighbours(i) {
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
    let mut region_seki = vec![false; len];
    if !candidates.is_empty() {
        for i in pad.inner().filter(|&i| seki[i]) {
            for m in pad.neighbours(i) {
                if live[m] == 0 {
                    region_seki[regs.id[m] as usize] = true;
                }
            }
        }
    }
    for (j0, i0) in pad.rows() {
        for x in 0..pad.w {
            let (j, i) = (j0 + x, i0 + x);
            let c = colour_of(cells[i]);
            if live[i] != 0 {
                points[j] = PointScore {
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
            let eye = regs.eye_owner(i);
            let is_territory = eye.is_some() && !region_seki[regs.id[i] as usize];
            let is_dead = cells[i] != 0;
            points[j] = match (is_dead, eye, is_territory) {
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
}

/// The liberties of a chain counted with multiplicity, one for every stone of the chain and
/// empty point next to it (pseudo-liberties), with the sum and the sum of squares of those
/// points' indices. The chain has no liberty when the count is 0, and exactly one when all the
/// points are the same, that is when `sum² = count · squares` (Cauchy-Schwarz): the exact
/// tests the filling needs, kept up to date without ever walking a chain. (At most 4 · 2704
/// pseudo-liberties of indices below 2862: the sum fits in 32 bits, the products in 64.)
#[derive(Clone, Copy, Debug, Default)]
struct Libs {
    count: u32,
    sum: u32,
    squares: u64,
}

impl Libs {
    /// `k` times the point `p`.
    #[inline]
    fn of(p: usize, k: u32) -> Libs {
        let p = p as u32;
        Libs {
            count: k,
            sum: k * p,
            squares: k as u64 * p as u64 * p as u64,
        }
    }

    /// Adds `o` (wrapping: the sink entry of `Chains::libs` may wrap, a chain's never does).
    #[inline]
    fn add(&mut self, o: Libs) {
        self.count = self.count.wrapping_add(o.count);
        self.sum = self.sum.wrapping_add(o.sum);
        self.squares = self.squares.wrapping_add(o.squares);
    }

    /// Takes `o` away.
    #[inline]
    fn remove(&mut self, o: Libs) {
        self.count -= o.count;
        self.sum -= o.sum;
        self.squares -= o.squares;
    }

    /// Whether there are two distinct liberties or more.
    #[inline]
    fn at_least_two(&self) -> bool {
        self.count > 0 && self.sum as u64 * self.sum as u64 != self.count as u64 * self.squares
    }
}

/// The board on which `fill_neutral` fills (bordered), with its chains. Filling never
/// captures, so chains only grow and merge, and liberties only go (or come with a filling
/// stone).
#[derive(Clone)]
struct Chains {
    /// Per point: 1 Black, -1 White, 0 empty, `OFF` off the board.
    sim: Vec<i8>,
    /// Per stone: its chain, named by one of its stones (the chain's head).
    chain: Vec<u16>,
    /// Per stone: the next stone of its chain, round a cycle.
    next: Vec<u16>,
    /// Per head: the number of stones of the chain.
    size: Vec<u16>,
    /// Per head: the liberties of the chain.
    libs: Vec<Libs>,
}

impl Chains {
    /// The chains of the position, dead stones included.
    fn new(pos: &Position) -> Chains {
        let (pad, cells) = (&pos.pad, &pos.cells);
        let len = cells.len();
        // Not a stone: chain 0, an off-board index, the sink of the liberties added below.
        let chain = components(pad, cells, is_stone);
        let mut libs = vec![Libs::default(); len];
        for &e in &pos.empty {
            let e = e as usize;
            for m in pad.neighbours(e) {
                libs[chain[m] as usize].add(Libs::of(e, 1));
            }
        }
        // The head is its chain's first stone: each other stone is linked in after it.
        let mut next = vec![0u16; len];
        let mut size = vec![0u16; len];
        for &s in &pos.stones {
            let h = chain[s as usize] as usize;
            next[s as usize] = next[h];
            next[h] = s;
            size[h] += 1;
        }
        Chains {
            sim: cells.clone(),
            chain,
            next,
            size,
            libs,
        }
    }

    /// Fills the empty point `p` if either player may, as `fill_neutral` says; whether it did.
    fn try_fill(&mut self, pad: &Pad, p: usize, prefer: i8) -> bool {
        // The distinct chains next to `p`, each with its colour and the number of its stones
        // next to `p` (the times `p` is among its pseudo-liberties), and the empty neighbours.
        let mut heads = [0usize; 4];
        let mut colours = [0i8; 4];
        let mut touching = [0u32; 4];
        let mut nc = 0;
        let mut black = 0;
        let mut empty = Libs::default();
        for m in pad.neighbours(p) {
            let c = self.sim[m];
            if c == 0 {
                empty.add(Libs::of(m, 1));
            } else if c != OFF {
                let h = self.chain[m] as usize;
                match heads[..nc].iter().position(|&q| q == h) {
                    Some(j) => touching[j] += 1,
                    None => {
                        heads[nc] = h;
                        colours[nc] = c;
                        touching[nc] = 1;
                        nc += 1;
                        black += usize::from(c == 1);
                    }
                }
            }
        }
        // First the player whose stone joins more of their own chains.
        let first = match (2 * black).cmp(&nc) {
            std::cmp::Ordering::Greater => 1,
            std::cmp::Ordering::Less => -1,
            std::cmp::Ordering::Equal => prefer,
        };
        'colour: for colour in [first, -first] {
            // No opponent chain is captured: each keeps a liberty besides `p`. The chain the
            // stone makes (the chains of its colour that it joins, without `p`, and its empty
            // neighbours) has two liberties. Its head is that of the largest chain it joins.
            let mut joined = empty;
            let mut head = p;
            for j in 0..nc {
                let (h, l) = (heads[j], self.libs[heads[j]]);
                if colours[j] != colour {
                    if l.count <= touching[j] {
                        continue 'colour;
                    }
                } else {
                    joined.add(l);
                    joined.remove(Libs::of(p, touching[j]));
                    if head == p || self.size[h] > self.size[head] {
                        head = h;
                    }
                }
            }
            if !joined.at_least_two() {
                continue;
            }
            self.sim[p] = colour;
            for j in 0..nc {
                let h = heads[j];
                self.libs[h].remove(Libs::of(p, touching[j]));
                if colours[j] == colour && h != head {
                    self.merge(head, h);
                }
            }
            // The stone joins the chain of `head`, or makes a chain of its own.
            self.chain[p] = head as u16;
            self.next[p] = self.next[head];
            self.next[head] = p as u16;
            self.size[head] += 1;
            self.libs[head] = joined;
            return true;
        }
        false
    }

    /// Puts the stones of the chain with head `b` in the chain with head `a`.
    fn merge(&mut self, a: usize, b: usize) {
        let mut s = b;
        loop {
            self.chain[s] = a as u16;
            s = self.next[s] as usize;
            if s == b {
                break;
            }
        }
        self.next.swap(a, b);
        self.size[a] += self.size[b];
    }
}

/// Fills the neutral points `candidates` of the board (J89 commentary on Art. 8, Diagram 15:
/// a move on a dame turns the eyes next to it into territory) as far as the players can, and
/// returns the points no one can fill. A point is filled by a player if the filling stone's
/// chain keeps two liberties (it is not left in atari) and no opponent chain is captured.
///
/// The order of filling matters: filling Black first wherever that is legal can cut a live
/// white chain off or take both of its outside liberties and leave a point that no one may
/// fill, a false seki that wipes out real territory (the professional game
/// nando/meijin27_g4 of the real-games corpus, B+0.5, was counted W+18.5). Players filling dame
/// connect their own stones rather than cut: each point is filled first by the player whose
/// stone joins more of their own chains (a connection is filled by its owner), and on a tie
/// by `prefer` (1 Black, -1 White). The candidates are tried in passes, in order, until a pass
/// fills nothing.
fn fill_neutral(pad: &Pad, mut board: Chains, candidates: &[u16], prefer: i8) -> Vec<u16> {
    let mut candidates = candidates.to_vec();
    loop {
        let mut changed = false;
        let mut k = 0;
        while k < candidates.len() {
            if board.try_fill(pad, candidates[k] as usize, prefer) {
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
