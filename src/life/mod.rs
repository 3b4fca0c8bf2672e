//! Life and death in the final position (J89 Art. 7 and 8), between the dead marks the
//! players agreed on and the count.
//!
//! For each chain the analysis says whether it is alive by itself, alive in seki, or dead (as
//! marked); for each point without a live stone whether it is territory, an eye of stones in
//! seki, a dame that can be filled, a liberty of a seki that nobody can fill, or a point its
//! owner must fill to keep a chain of theirs (a false eye). Marks that contradict Art. 7 are
//! reported as [`Warning`]s and change the count only in their own region.
//!
//! The steps, each the producer of a status that the next ones read:
//! 1. the agreed marks (J89 Art. 9.2): marked chains are dead, the others alive;
//! 2. unconditional life ([`benson`]): a marked chain that can never be captured, or that
//!    stands in its own player's area, is reported `uncapturable`;
//! 3. the settling ([`settle`]): the dame are filled in thought as far as the players can
//!    (commentary on Art. 9.2 (1)), the stones a player must add inside their own area are
//!    added, and chains that cannot avoid capture are taken;
//! 4. independence: each region enclosed by one colour is read for the eyes it gives
//!    ([`read`]), and Benson's iteration with those eye counts keeps the chains with two eyes;
//!    live chains touching a dame nobody can fill are in seki (Art. 8), and so are chains
//!    living only through them; live chains with neither are `capturable`;
//! 5. the points are classified on the original board.

mod benson;
mod read;
mod settle;

use crate::board::Board;
use crate::color::Color;
use crate::grid::{
    bucket, components, is_stone, ChainTable, Pad, Regions, OFF, TOUCHES_BLACK, TOUCHES_WHITE,
};
use crate::score::{Warning, WarningCode};
use settle::{Fill, Sim};

/// What a point without a live stone is, for the count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Area {
    /// An eye of stones alive by themselves: territory of that colour (J89 Art. 8).
    Territory(Color),
    /// An eye of stones alive in seki: no territory (J89 Art. 8).
    SekiEye(Color),
    /// A neutral point: a dame that can be filled, an unfinished border, the eye of stones
    /// that can be captured, or a point surrounded by live and dead stones (J89 Example 25).
    Dame,
    /// A dame that nobody can fill: a shared liberty of a seki.
    SekiLiberty,
    /// A point this colour must fill to keep a chain of theirs (a false eye).
    ProtectiveFill(Color),
}

/// What the analysis says of one point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PointLife {
    /// A live stone of a chain alive by itself (or one that can be captured, with a warning).
    Alive(Color),
    /// A live stone of a chain alive in seki: it touches a dame (J89 Art. 8).
    Seki(Color),
    /// A stone marked dead, and the area it stands in.
    Dead(Color, Area),
    /// An empty point.
    Empty(Area),
}

/// The life-and-death analysis of a position with its dead marks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// Every point, row-major.
    pub points: Vec<PointLife>,
    /// Marks that contradict Art. 7, in row-major order of their chains' first stones.
    pub warnings: Vec<Warning>,
}

fn colour(v: i8) -> Color {
    if v == 1 {
        Color::Black
    } else {
        Color::White
    }
}

/// The status of a chain of the settled board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    /// Alive by itself: two eyes (Benson's iteration with the eyes read).
    Alive,
    /// Alive in seki: it touches a dame nobody can fill, or lives through such a chain.
    Seki,
    /// Neither: not enough eyes and no seki. Its eyes are no territory; it is not reported,
    /// since lacking eyes on an unfinished board is no proof of capture.
    Weak,
}

/// A region of the settled board enclosed by one colour's live stones.
struct Enclosed {
    colour: i8,
    /// The eyes it gives (0, 1, 2), once known: read only when a group needs them.
    eyes: Option<u8>,
    /// The live chains around it (heads on the settled board).
    chains: Vec<u16>,
    valid: bool,
}

impl Analysis {
    /// Analyses `board` with the stones flagged in `dead` (row-major) marked dead. A chain
    /// counts as marked if any of its stones is.
    pub fn new(board: &Board, dead: &[bool]) -> Analysis {
        let size = board.size();
        analyse(
            size.width() as usize,
            size.height() as usize,
            &board.to_signs(),
            dead,
        )
    }
}

fn analyse(w: usize, h: usize, signs: &[i8], dead: &[bool]) -> Analysis {
    let pad = Pad::new(w, h);
    let cells = pad.bordered(signs);
    let len = cells.len();
    let table0 = ChainTable::new(&pad, &cells);
    let chain0 = &table0.id;
    let heads: Vec<usize> = table0.heads.iter().map(|&h| h as usize).collect();

    // 1. The marks, per chain.
    let mut marked = vec![false; len];
    for b in pad.inner() {
        if is_stone(cells[b]) && dead.get(pad.row_major(b)).copied().unwrap_or(false) {
            marked[chain0[b] as usize] = true;
        }
    }
    let marked_at = |b: usize| is_stone(cells[b]) && marked[chain0[b] as usize];
    let without = |gone: &dyn Fn(usize) -> bool| -> Vec<i8> {
        (0..len)
            .map(|b| if gone(b) { 0 } else { cells[b] })
            .collect()
    };
    let live0 = without(&marked_at);
    let regs0 = Regions::new(&pad, &cells, &live0);

    // 2. Marked chains that cannot be captured: pass-alive, or standing in their own area.
    let mut pass_alive = PassAlive::new(&pad, &cells);
    let mut uncapturable = vec![false; len];
    let mut own_area = vec![false; len];
    for &b in &heads {
        if marked[b] {
            let c = cells[b];
            let own = regs0.reach(b) == c;
            // Benson's test only for a chain with two liberties out of reach of any live
            // opponent stone (a pass-alive chain has at least two vital regions).
            let quiet = table0
                .stones(b)
                .iter()
                .flat_map(|&s| pad.neighbours(s as usize))
                .filter(|&q| cells[q] == 0)
                .filter(|&q| pad.neighbours(q).iter().all(|&m| live0[m] != -c))
                .take(2)
                .count();
            uncapturable[b] = own || (quiet >= 2 && pass_alive.get(c, b));
            own_area[b] = own;
        }
    }
    // A marked chain in its own area changes nothing but its own points: the area stays
    // what it would be without the mark.
    let live0 = without(&|b| marked_at(b) && !own_area[chain0[b] as usize]);
    let regs0 = Regions::new(&pad, &cells, &live0);
    // Unmarked chains the opponent can capture, read in the pockets of the opponent's area.
    let capturable = pockets(&pad, &cells, &table0, &marked);

    // On the settled board a marked chain in its own area is a stone like the others; other
    // marked chains stay on it, dead (they still take liberties: J89 Diagram 17); unmarked
    // chains that can be captured are taken off.
    let mut dead_s = vec![false; len];
    for &h in &heads {
        dead_s[h] = marked[h] && !own_area[h];
    }
    let mut taken_off = capturable;

    // 3. The settling, with each player filling first where both could; a dame is a seki's
    // liberty only if it stays empty both ways. A chain left in atari on such a point is read:
    // if the opponent can take it and survive what follows, it is taken off and the board is
    // settled again.
    let (sim, seki_dame) = loop {
        let off = |b: usize| is_stone(cells[b]) && taken_off[chain0[b] as usize];
        let dead = |b: usize| is_stone(cells[b]) && dead_s[chain0[b] as usize];
        let live1 = without(&|b| off(b) || dead(b));
        let board = without(&off);
        let regs1 = Regions::new(&pad, &cells, &live1);
        let mut own = vec![0i8; len];
        let mut candidates = Vec::new();
        for b in pad.inner() {
            if live1[b] != 0 {
                continue;
            }
            own[b] = regs1.eye_owner(b);
            let neutral =
                regs1.of(b) & (TOUCHES_BLACK | TOUCHES_WHITE) == TOUCHES_BLACK | TOUCHES_WHITE;
            if neutral && board[b] == 0 {
                candidates.push(b as u16);
            }
        }
        let start = Sim::new(&pad, &board, |b| !dead(b), own);
        // A chain already in atari as the board stands is taken first if the opponent can
        // take it and survive (the opponent moves first in the confirmation; a protective
        // fill is only for what the filling of the dame would put in atari).
        let fresh;
        let table = if taken_off.iter().any(|&t| t) {
            fresh = ChainTable::new(&pad, &board);
            &fresh
        } else {
            &table0
        };
        if table.heads.iter().any(|&h| table.libs[h as usize] == 1) {
            let everywhere = vec![true; len];
            let at_once = takeable(&pad, &start, table, &everywhere, &|b| !dead(b));
            let mut more = false;
            for b in at_once {
                let h = chain0[b] as usize;
                if !taken_off[h] && !marked[h] {
                    taken_off[h] = true;
                    more = true;
                }
            }
            if more {
                continue;
            }
        }
        if candidates.is_empty() {
            break (start, vec![false; len]);
        }
        let mut sim_b = start.clone();
        let left_b = sim_b.settle(&pad, &candidates, 1);
        let mut sim = start;
        let left_w = sim.settle(&pad, &candidates, -1);
        let mut in_w = vec![false; len];
        for &p in &left_w {
            in_w[p as usize] = true;
        }
        let mut seki_dame = vec![false; len];
        for &p in &left_b {
            seki_dame[p as usize] = in_w[p as usize];
        }
        if left_b.len() <= left_w.len() {
            sim = sim_b;
        }
        if !seki_dame.iter().any(|&d| d) {
            break (sim, seki_dame);
        }
        let table = ChainTable::new(&pad, &sim.cells);
        let taken = takeable(&pad, &sim, &table, &seki_dame, &|b| !dead(b));
        let mut more = false;
        for b in taken {
            let h = chain0[b] as usize;
            if !taken_off[h] && !marked[h] {
                taken_off[h] = true;
                more = true;
            }
        }
        if !more {
            break (sim, seki_dame);
        }
    };
    let capturable = taken_off;

    // 4. Independence on the settled board: its live stones are those not marked dead.
    let live_key: Vec<i8> = (0..len)
        .map(|b| {
            let v = sim.cells[b];
            let dead = is_stone(cells[b])
                && dead_s[chain0[b] as usize]
                && !matches!(sim.fill[b], Fill::Dame(_) | Fill::Protective(_));
            if is_stone(v) && dead {
                0
            } else {
                v
            }
        })
        .collect();
    let table_s = ChainTable::new(&pad, &live_key);
    let chain_s = &table_s.id;
    let regs_s = Regions::new(&pad, &cells, &live_key);
    let (status, region_area) =
        independence(&pad, &cells, &live_key, &table_s, &regs_s, &seki_dame);

    // Warnings, in row-major order of the chains' first stones.
    let size = crate::point::Size::new(w as u32, h as u32);
    let mut warnings = Vec::new();
    let mut lost = vec![false; len];
    for &b in &heads {
        let stones = table0.stones(b);
        let code = if marked[b] {
            uncapturable[b].then_some(WarningCode::Uncapturable)
        } else {
            lost[b] = capturable[b]
                || stones
                    .iter()
                    .any(|&s| sim.fill[s as usize] == Fill::Captured);
            lost[b].then_some(WarningCode::Capturable)
        };
        if let (Some(code), Ok(size)) = (code, size) {
            let points = stones
                .iter()
                .map(|&s| size.point_at(pad.row_major(s as usize)))
                .collect();
            warnings.push(Warning { code, points });
        }
    }

    // 5. The points of the original board, in the regions the marks make.
    let area_of = |b: usize| -> Area {
        let x = regs0.reach(b);
        if x == 0 || regs0.eye_owner(b) == 0 || live_key[b] != 0 || regs_s.reach(b) != x {
            return Area::Dame;
        }
        region_area[regs_s.id[b] as usize]
    };
    let mut points = Vec::with_capacity(w * h);
    for (_, b0) in pad.rows() {
        for b in b0..b0 + w {
            let v = cells[b];
            let life = if is_stone(v) && !marked_at(b) {
                let seki = !lost[chain0[b] as usize]
                    && live_key[b] != 0
                    && status[chain_s[b] as usize] == Status::Seki;
                if seki {
                    PointLife::Seki(colour(v))
                } else {
                    PointLife::Alive(colour(v))
                }
            } else if is_stone(v) {
                let area = if own_area[chain0[b] as usize] {
                    Area::Dame
                } else {
                    area_of(b)
                };
                PointLife::Dead(colour(v), area)
            } else {
                PointLife::Empty(match sim.fill[b] {
                    Fill::Protective(c) => Area::ProtectiveFill(colour(c)),
                    _ if seki_dame[b] => Area::SekiLiberty,
                    _ => area_of(b),
                })
            };
            points.push(life);
        }
    }
    Analysis { points, warnings }
}

/// The stones (bordered indices) of the live chains in atari on one of `points` that the
/// opponent can take there and survive what follows: the opponent
/// captures, then the owner plays back on the captured stones' points (J89 Art. 7.1; in a hane
/// seki the capture loses more than it takes, so it is not made).
fn takeable(
    pad: &Pad,
    sim: &Sim,
    table: &ChainTable,
    points: &[bool],
    is_live: &dyn Fn(usize) -> bool,
) -> Vec<usize> {
    let cells = &sim.cells;
    let live_at =
        |s: usize| is_live(s) || matches!(sim.fill[s], Fill::Dame(_) | Fill::Protective(_));
    let in_atari = |h: usize, p: usize| table.libs[h] == 1 && table.lib[h] as usize == p;
    let mut out = Vec::new();
    for &h in &table.heads {
        let h = h as usize;
        let p = table.lib[h] as usize;
        if table.libs[h] != 1 || !points[p] {
            continue;
        }
        let stones: Vec<usize> = table.stones(h).iter().map(|&s| s as usize).collect();
        if !stones.iter().any(|&s| live_at(s)) {
            continue;
        }
        // Surrounded only by stones marked dead, the chain is not captured by them: they are
        // dead. (The capturing stone itself may join nothing, as in a ko.)
        let x = -cells[h];
        if !std::iter::once(p)
            .chain(stones.iter().copied())
            .flat_map(|b| pad.neighbours(b))
            .any(|m| cells[m] == x && live_at(m))
        {
            continue;
        }
        // A capturer chain in atari on the same point: whoever plays there first takes
        // (J89 Example 9: both are dead, nothing is removed, no territory); left as it is.
        let mutual = pad
            .neighbours(p)
            .iter()
            .any(|&q| cells[q] == x && in_atari(table.id[q] as usize, p));
        if mutual {
            continue;
        }
        // The region read: the dame and the chain's points.
        let mut pts = vec![p];
        pts.extend(&stones);
        let take = match local(pad, cells, table, pts, x, &|m| cells[m] == x) {
            Some((l, pts)) => {
                let target = pts
                    .iter()
                    .enumerate()
                    .filter(|&(_, &b)| stones.contains(&b))
                    .fold(0u32, |m, (i, _)| m | 1 << i);
                // The dame is the region's first point.
                l.captures_at(0, target) == Some(true)
            }
            // Too many stones to read: taken if every chain of the capturer around keeps two
            // liberties besides the dame and the captured stones' points.
            None => capturer_safe(pad, cells, table, p, &stones, x),
        };
        if take {
            out.extend(stones);
        }
    }
    out
}

/// Whether every chain of colour `x` next to the dame `p` or to `stones` keeps two liberties
/// besides them.
fn capturer_safe(
    pad: &Pad,
    cells: &[i8],
    table: &ChainTable,
    p: usize,
    stones: &[usize],
    x: i8,
) -> bool {
    let mut walls: Vec<usize> = Vec::new();
    for &b in std::iter::once(&p).chain(stones) {
        for m in pad.neighbours(b) {
            if cells[m] == x && !walls.contains(&(table.id[m] as usize)) {
                walls.push(table.id[m] as usize);
            }
        }
    }
    walls.into_iter().all(|h| {
        let mut libs: Vec<usize> = Vec::new();
        for &s in table.stones(h) {
            for q in pad.neighbours(s as usize) {
                if cells[q] == 0 && q != p && !libs.contains(&q) {
                    libs.push(q);
                }
            }
        }
        libs.len() >= 2
    })
}

/// The eye spaces of the opponent of `x` among the points `pts`: connected sets of their empty
/// points that touch no stone of `x`. Two of them make the stones around alive (the owner
/// of the pocket cannot fill either without capturing first), and so does one that gives two
/// eyes by itself.
fn eye_spaces(pad: &Pad, cells: &[i8], pts: &[usize], x: i8) -> Vec<Vec<usize>> {
    let free: Vec<usize> = pts
        .iter()
        .copied()
        .filter(|&b| cells[b] == 0 && pad.neighbours(b).iter().all(|&m| cells[m] != x))
        .collect();
    let mut seen = vec![false; free.len()];
    let mut spaces = Vec::new();
    for i in 0..free.len() {
        if seen[i] {
            continue;
        }
        seen[i] = true;
        let mut space = vec![free[i]];
        let mut stack = vec![i];
        while let Some(j) = stack.pop() {
            for m in pad.neighbours(free[j]) {
                if let Some(k) = free.iter().position(|&q| q == m) {
                    if !seen[k] {
                        seen[k] = true;
                        space.push(free[k]);
                        stack.push(k);
                    }
                }
            }
        }
        spaces.push(space);
    }
    spaces
}

/// The largest pocket read for captures (points).
const MAX_POCKET: usize = read::MAX_READ;

/// Per chain head: whether the chain is unmarked and the opponent can capture it against any
/// defence (J89 Art. 7.1), found by reading each small *pocket*: a connected set of points
/// without the opponent's live stones, which holds the chain.
fn pockets(pad: &Pad, cells: &[i8], table: &ChainTable, marked: &[bool]) -> Vec<bool> {
    let len = cells.len();
    let chain = &table.id;
    let mut out = vec![false; len];
    for x in [1i8, -1] {
        let is_wall = |b: usize| cells[b] == x && !marked[chain[b] as usize];
        // Points all of whose neighbours are stones of the opponent of `x`: a chain next to
        // two of them cannot be captured (it has two eyes).
        let eye_point = |b: usize| {
            cells[b] == 0
                && pad
                    .neighbours(b)
                    .iter()
                    .all(|&m| cells[m] == -x || cells[m] == OFF)
        };
        let two_eyes = |h: usize| {
            let mut eyes = [0usize; 2];
            let mut n = 0;
            for &s in table.stones(h) {
                for m in pad.neighbours(s as usize) {
                    if n < 2 && !eyes[..n].contains(&m) && eye_point(m) {
                        eyes[n] = m;
                        n += 1;
                    }
                }
            }
            n == 2
        };
        let weak: Vec<usize> = table
            .heads
            .iter()
            .map(|&h| h as usize)
            .filter(|&h| cells[h] == -x && !marked[h] && !two_eyes(h))
            .collect();
        if weak.is_empty() {
            continue;
        }
        let key: Vec<i8> = (0..len)
            .map(|b| {
                if cells[b] == OFF {
                    OFF
                } else if is_wall(b) {
                    x
                } else {
                    0
                }
            })
            .collect();
        let pocket = components(pad, &key, &|v| v == 0);
        // The small pockets holding an unmarked chain of the opponent, and their points.
        let mut size = vec![0u16; len];
        for b in pad.inner() {
            if key[b] == 0 {
                size[pocket[b] as usize] += 1;
            }
        }
        // The small pockets holding a weak chain, numbered; their points and their chains.
        let mut no = vec![u16::MAX; len];
        let mut pockets = 0usize;
        let targets: Vec<usize> = weak
            .iter()
            .copied()
            .filter(|&h| size[pocket[h] as usize] as usize <= MAX_POCKET)
            .collect();
        for &h in &targets {
            let p = pocket[h] as usize;
            if no[p] == u16::MAX {
                no[p] = pockets as u16;
                pockets += 1;
            }
        }
        if pockets == 0 {
            continue;
        }
        let points: Vec<usize> = pad
            .inner()
            .filter(|&b| key[b] == 0 && no[pocket[b] as usize] != u16::MAX)
            .collect();
        let number = |b: &usize| no[pocket[*b] as usize] as usize;
        let (points, point_at) = bucket(&points, pockets, &number);
        let (targets, target_at) = bucket(&targets, pockets, &number);
        for k in 0..pockets {
            let pts = points[point_at[k] as usize..point_at[k + 1] as usize].to_vec();
            let group = &targets[target_at[k] as usize..target_at[k + 1] as usize];
            let Some((local, pts)) = local(pad, cells, table, pts, x, &is_wall) else {
                continue;
            };
            for &h in group {
                // Alive whatever happens: two eyes of its own (empty points whose neighbours
                // are all its stones), or two eye spaces, or one that makes two eyes by itself.
                let own_eyes = pts
                    .iter()
                    .filter(|&&b| {
                        cells[b] == 0
                            && pad
                                .neighbours(b)
                                .iter()
                                .all(|&m| cells[m] == OFF || chain[m] as usize == h)
                    })
                    .count();
                if own_eyes >= 2 {
                    continue;
                }
                // Two eye spaces, or one that makes two eyes by itself (read as the
                // opponent's own region).
                let spaces = eye_spaces(pad, cells, &pts, x);
                let lives = spaces.len() >= 2
                    || spaces.iter().any(|sp| {
                        sp.len() >= 7
                            || self::local(pad, cells, table, sp.clone(), -x, &|m| cells[m] == -x)
                                .is_some_and(|(l, _)| l.joined().eyes() >= 2)
                    });
                if lives {
                    continue;
                }
                // The pocket is certainly two eyes for its owner (seven empty points or more
                // beside at most two of the opponent's stones): stones without an eye space
                // of their own are dead there.
                let stones = pts.iter().filter(|&&b| cells[b] != 0).count();
                if stones <= 2 && pts.len() - stones >= 7 {
                    out[h] = true;
                    continue;
                }
                let target = pts
                    .iter()
                    .enumerate()
                    .filter(|&(_, &b)| chain[b] as usize == h)
                    .fold(0u32, |m, (i, _)| m | 1 << i);
                if local.captures(target) == Some(true) {
                    out[h] = true;
                }
            }
        }
    }
    out
}

/// Benson's pass-alive chains of each colour, computed on first use.
struct PassAlive<'a> {
    pad: &'a Pad,
    cells: &'a [i8],
    of: [Option<Vec<bool>>; 2],
}

impl<'a> PassAlive<'a> {
    fn new(pad: &'a Pad, cells: &'a [i8]) -> PassAlive<'a> {
        PassAlive {
            pad,
            cells,
            of: [None, None],
        }
    }

    /// Whether the stone of colour `c` at `b` belongs to a pass-alive chain.
    fn get(&mut self, c: i8, b: usize) -> bool {
        let k = usize::from(c == -1);
        let (pad, cells) = (self.pad, self.cells);
        self.of[k].get_or_insert_with(|| benson::pass_alive(pad, cells, c))[b]
    }
}

/// Step 4: the status of every live chain of the settled board (by head) and the area of
/// every region enclosed by one colour (by region id).
fn independence(
    pad: &Pad,
    cells: &[i8],
    live: &[i8],
    table: &ChainTable,
    regs: &Regions,
    seki_dame: &[bool],
) -> (Vec<Status>, Vec<Area>) {
    let len = cells.len();
    let chain = &table.id;
    // The enclosed regions: their points, then their chains and eyes.
    let mut index = vec![u16::MAX; len];
    let mut regions: Vec<Enclosed> = Vec::new();
    let mut members: Vec<Vec<u16>> = Vec::new();
    for b in pad.inner() {
        if live[b] != 0 || cells[b] == OFF {
            continue;
        }
        let c = regs.reach(b);
        if c == 0 {
            continue;
        }
        let r = regs.id[b] as usize;
        if index[r] == u16::MAX {
            index[r] = regions.len() as u16;
            regions.push(Enclosed {
                colour: c,
                eyes: None,
                chains: Vec::new(),
                valid: true,
            });
            members.push(Vec::new());
        }
        let k = index[r] as usize;
        members[k].push(b as u16);
        for m in pad.neighbours(b) {
            if live[m] == c {
                let h = chain[m];
                if !regions[k].chains.contains(&h) {
                    regions[k].chains.push(h);
                }
            }
        }
    }
    // The eye values known without reading.
    for (r, pts) in regions.iter_mut().zip(&members) {
        let empty = pts.iter().all(|&p| cells[p as usize] == 0);
        let stones = pts.iter().filter(|&&p| cells[p as usize] != 0).count();
        r.eyes = match pts.len() {
            n if n > read::MAX_POINTS => Some(2),
            n if empty && n <= 2 => Some(1),
            n if empty && n >= 7 => Some(2),
            // Seven empty points or more beside at most two dead stones, or a large space a
            // third of which at most is taken: two eyes whatever the opponent does.
            n if (n - stones >= 7 && stones <= 2) || (n >= 10 && 3 * stones <= n) => Some(2),
            _ => None,
        };
    }

    // Live chains touching a dame nobody can fill are in seki (J89 Art. 8).
    let mut status = vec![Status::Alive; len];
    let mut pinned = vec![false; len];
    for b in pad.inner() {
        if seki_dame[b] {
            for m in pad.neighbours(b) {
                if is_stone(live[m]) {
                    pinned[chain[m] as usize] = true;
                }
            }
        }
    }
    // The chains around an enclosed region of two points or more hold together through it:
    // an opponent's stone played inside is captured or connects them (one group). Around a
    // single point they may not: that point is a false eye unless the Benson iteration finds
    // each chain alive by itself.
    let mut group: Vec<u16> = (0..len as u16).collect();
    fn root(group: &mut [u16], mut h: usize) -> usize {
        while group[h] as usize != h {
            let up = group[group[h] as usize];
            group[h] = up;
            h = up as usize;
        }
        h
    }
    for (r, pts) in regions.iter().zip(&members) {
        if pts.len() < 2 {
            continue;
        }
        if let Some((&first, rest)) = r.chains.split_first() {
            for &h in rest {
                let (ra, rb) = (
                    root(&mut group, first as usize),
                    root(&mut group, h as usize),
                );
                group[ra.max(rb)] = ra.min(rb) as u16;
            }
        }
    }
    let mut group_of = vec![0u16; len];
    for b in pad.inner() {
        if is_stone(live[b]) && chain[b] as usize == b {
            group_of[b] = root(&mut group, b) as u16;
        }
    }
    // Benson's iteration with the eyes read, on groups: groups with fewer than two eyes among
    // the regions still whole are not alive by themselves; a region touching such a group is
    // no longer whole. Groups in seki cannot be captured and stay.
    let mut group_pinned = vec![false; len];
    let mut alive = vec![false; len];
    for b in pad.inner() {
        if is_stone(live[b]) && chain[b] as usize == b {
            alive[group_of[b] as usize] = true;
            group_pinned[group_of[b] as usize] |= pinned[b];
        }
    }
    loop {
        // The eyes of each group from its whole regions; the regions of a group still short
        // of two are read, until every such group's count is exact.
        let eyes = loop {
            let mut eyes = vec![0u8; len];
            for r in regions.iter().filter(|r| r.valid) {
                let mut counted: Vec<u16> = Vec::with_capacity(r.chains.len());
                for &h in &r.chains {
                    let g = group_of[h as usize];
                    if !counted.contains(&g) {
                        counted.push(g);
                        eyes[g as usize] = eyes[g as usize].saturating_add(r.eyes.unwrap_or(0));
                    }
                }
            }
            let mut read_any = false;
            for (r, pts) in regions.iter_mut().zip(&members) {
                let short = r.chains.iter().any(|&h| {
                    let g = group_of[h as usize] as usize;
                    alive[g] && !group_pinned[g] && eyes[g] < 2
                });
                if r.valid && r.eyes.is_none() && short {
                    r.eyes = Some(self::eyes(pad, cells, live, table, r, pts));
                    read_any = true;
                }
            }
            if !read_any {
                break eyes;
            }
        };
        let mut changed = false;
        for b in pad.inner() {
            if alive[b] && !group_pinned[b] && eyes[b] < 2 {
                alive[b] = false;
                changed = true;
            }
        }
        for r in regions.iter_mut().filter(|r| r.valid) {
            if r.chains
                .iter()
                .any(|&h| !alive[group_of[h as usize] as usize])
            {
                r.valid = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for b in pad.inner() {
        if is_stone(live[b]) && chain[b] as usize == b {
            alive[b] = alive[group_of[b] as usize];
        }
    }
    // Seki: the pinned chains, and the chains living only through them (sharing an enclosed
    // region with them).
    let mut seki = pinned;
    loop {
        let mut changed = false;
        for r in &regions {
            if r.chains.iter().any(|&h| seki[h as usize]) {
                for &h in &r.chains {
                    if !alive[h as usize] && !seki[h as usize] {
                        seki[h as usize] = true;
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    for b in pad.inner() {
        if is_stone(live[b]) && chain[b] as usize == b {
            status[b] = if seki[b] {
                Status::Seki
            } else if alive[b] {
                Status::Alive
            } else {
                Status::Weak
            };
        }
    }
    let mut area = vec![Area::Dame; len];
    for (k, r) in regions.iter().enumerate() {
        let c = colour(r.colour);
        let st = |h: &u16| status[*h as usize];
        let a = if r.chains.iter().any(|h| st(h) == Status::Seki) {
            Area::SekiEye(c)
        } else if r.eyes != Some(0) && r.chains.iter().all(|h| st(h) == Status::Alive) {
            Area::Territory(c)
        } else {
            Area::Dame
        };
        let _ = k;
        if let Some(&b) = members[k].first() {
            area[regs.id[b as usize] as usize] = a;
        }
    }
    (status, area)
}

/// The eyes an enclosed region gives the chains around it (0, 1 or 2), read when small.
fn eyes(pad: &Pad, cells: &[i8], live: &[i8], table: &ChainTable, r: &Enclosed, pts: &[u16]) -> u8 {
    if pts.len() > read::MAX_POINTS {
        return 2;
    }
    let pts: Vec<usize> = pts.iter().map(|&p| p as usize).collect();
    // The chains around are taken as one: whether they hold together is the business of the
    // Benson iteration (false eyes), the reading asks only how many eyes the space makes.
    match local(pad, cells, table, pts, r.colour, &|m| live[m] == r.colour) {
        Some((l, _)) => l.joined().eyes(),
        None => 2,
    }
}

/// A local position to read: the points `pts` (bordered indices, with the stones on them) and
/// the chains of colour `x` around them (`wall` tells their stones) as the border, each with
/// its liberties outside the points (those shared with the opponent counting as one). A border chain all of whose
/// neighbours are among the
/// points (a stone inside an eye space) is taken in with them: its capture is not the
/// capture of the border. Returns the local position and the points in its order, or `None`
/// when there are more than [`read::MAX_READ`] points.
fn local(
    pad: &Pad,
    cells: &[i8],
    table: &ChainTable,
    mut pts: Vec<usize>,
    x: i8,
    wall: &dyn Fn(usize) -> bool,
) -> Option<(read::Local, Vec<usize>)> {
    let chain = &table.id;
    // The chains around, and which of them lie wholly inside.
    let mut walls: Vec<usize> = Vec::new();
    for &b in &pts {
        for m in pad.neighbours(b) {
            if wall(m) && !walls.contains(&(chain[m] as usize)) {
                walls.push(chain[m] as usize);
            }
        }
    }
    let inside = |stones: &[usize], pts: &[usize]| {
        stones.iter().all(|&s| {
            pad.neighbours(s)
                .iter()
                .all(|&q| cells[q] == OFF || pts.contains(&q) || stones.contains(&q))
        })
    };
    let mut border_chains = Vec::new();
    for h in walls {
        let stones: Vec<usize> = table.stones(h).iter().map(|&s| s as usize).collect();
        if inside(&stones, &pts) {
            pts.extend(stones);
        } else {
            border_chains.push((h, stones));
        }
    }
    if pts.len() > read::MAX_READ {
        return None;
    }
    let at = |b: usize| pts.iter().position(|&q| q == b);
    let mut links = Vec::new();
    let mut border: Vec<(u32, u8)> = vec![(0, 0); border_chains.len()];
    let (mut x0, mut o0) = (0u32, 0u32);
    for (i, &b) in pts.iter().enumerate() {
        if cells[b] == x {
            x0 |= 1 << i;
        } else if cells[b] == -x {
            o0 |= 1 << i;
        }
        for m in pad.neighbours(b) {
            if let Some(j) = border_chains
                .iter()
                .position(|(h, _)| *h == chain[m] as usize && wall(m))
            {
                border[j].0 |= 1 << i;
            } else if m > b {
                if let Some(k) = at(m) {
                    links.push((i, k));
                }
            }
        }
    }
    // Liberties outside: those no opponent stone touches count in full; those shared with an
    // opponent's chain belong to a race, and all of them count as one.
    let safe = |q: usize| pad.neighbours(q).iter().all(|&m| cells[m] != -x);
    for (j, (_, stones)) in border_chains.iter().enumerate() {
        let mut outside: Vec<usize> = Vec::new();
        let mut shared = false;
        for &s in stones {
            for q in pad.neighbours(s) {
                if cells[q] != 0 || at(q).is_some() || outside.contains(&q) {
                    continue;
                }
                if safe(q) {
                    outside.push(q);
                } else {
                    shared = true;
                }
            }
            if outside.len() >= 2 {
                break;
            }
        }
        border[j].1 = (outside.len() + usize::from(shared)) as u8;
    }
    Some((read::Local::new(pts.len(), &links, &border, x0, o0), pts))
}
