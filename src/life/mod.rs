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
//! 2. marks that cannot hold: a marked chain that stands in its own player's area, or that
//!    can never be captured (`benson`, read only for chains with two regions that may be
//!    vital), is reported `uncapturable`; an unmarked chain in a small pocket of the opponent's
//!    area that the opponent, moving first, captures against any defence and survives (Art.
//!    7.1, `read`) is reported `capturable` and taken off;
//! 3. the settling (`settle`): the dame are filled in thought as far as the players can
//!    (commentary on Art. 9.2 (1)), the stones a player must add inside their own area are
//!    added, and chains left in atari that the opponent can take and survive are taken
//!    (`capturable` as well);
//! 4. independence: each region enclosed by one colour is read for the eyes it gives
//!    (`read`), and Benson's iteration with those eye counts, on groups of chains holding
//!    together through regions of two points or more, keeps the chains with two eyes; live
//!    chains touching a dame nobody can fill are in seki (Art. 8), and so are chains living
//!    only through them; a live chain with neither is weak: its eyes are not territory, but
//!    nothing proves it can be captured, so nothing is reported;
//! 5. the points are classified on the original board.

mod benson;
#[cfg(test)]
mod proptests;
mod read;
mod settle;
pub(crate) mod warning;

use crate::board::Board;
use crate::color::Color;
use crate::grid::{bucket, is_stone, ChainTable, Pad, Regions, OFF, TOUCHES_BLACK, TOUCHES_WHITE};
use settle::{Fill, Sim};
use warning::{Warning, WarningCode};

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
    /// Its first point, its number of points and of stones on them.
    first: u16,
    size: u16,
    stones: u16,
    /// The eyes it gives (0, 1, 2), once known: read only when a group needs them.
    eyes: Option<u8>,
    valid: bool,
}

impl Analysis {
    /// Analyses `board` with the stones flagged in `dead` (row-major) marked dead. A chain
    /// counts as marked if any of its stones is.
    pub fn new(board: &Board, dead: &[bool]) -> Analysis {
        Analysis::of_signs(board, &board.to_signs(), dead)
    }

    /// The same, given the board's stones as signs (row-major: 1 Black, -1 White, 0 empty).
    pub(crate) fn of_signs(board: &Board, signs: &[i8], dead: &[bool]) -> Analysis {
        let size = board.size();
        analyse(size.width() as usize, size.height() as usize, signs, dead)
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
    for (i0, b0) in pad.rows() {
        for (b, &d) in (b0..b0 + w).zip(dead.iter().skip(i0)) {
            if d && is_stone(cells[b]) {
                marked[chain0[b] as usize] = true;
            }
        }
    }
    // Per-chain flags are read through `chain0`, which is 0 (never a head, never flagged) off
    // the stones: no test of the point is needed.
    let marked_at = |b: usize| marked[chain0[b] as usize];
    let live0 = without(&cells, marked_at);
    let regs0 = Regions::new(&pad, &cells, &live0);

    // 2. Marked chains that cannot be captured: pass-alive, or standing in their own area.
    let mut pass_alive = PassAlive::new(&pad, &cells);
    let mut uncapturable = vec![false; len];
    let mut own_area = vec![false; len];
    let mut seen = vec![0u16; len];
    let mut stack = Vec::with_capacity(len);
    for &b in &heads {
        if marked[b] {
            let c = cells[b];
            let own = regs0.reach(b) == c;
            // Benson's test only for a chain with two regions that may be vital to it.
            let quiet = !own
                && benson::two_vital_regions(
                    &pad,
                    &cells,
                    chain0,
                    table0.stones(b),
                    &mut seen,
                    &mut stack,
                );
            uncapturable[b] = own || (quiet && pass_alive.get(c, b));
            own_area[b] = own;
        }
    }
    // A marked chain in its own area changes nothing but its own points: the area stays
    // what it would be without the mark.
    let (live0, regs0) = if own_area.iter().any(|&o| o) {
        let live = without(&cells, |b| marked_at(b) && !own_area[chain0[b] as usize]);
        let regs = Regions::new(&pad, &cells, &live);
        (live, regs)
    } else {
        (live0, regs0)
    };
    // Unmarked chains the opponent can capture, read in the pockets of the opponent's area.
    let capturable = pockets(&pad, &cells, &table0, &marked);

    // On the settled board a marked chain in its own area is a stone like the others; other
    // marked chains stay on it, dead (they still take liberties: J89 Diagram 17); unmarked
    // chains that can be captured are taken off.
    let mut dead_s = vec![false; len];
    for &h in &heads {
        dead_s[h] = marked[h] && !own_area[h];
    }
    let dead = |b: usize| dead_s[chain0[b] as usize];
    let mut taken_off = capturable;

    // 3. The settling, with each player filling first where both could; a dame is a seki's
    // liberty only if it stays empty both ways. A chain left in atari on such a point is read:
    // if the opponent can take it and survive what follows, it is taken off and the board is
    // settled again. Without anything taken off, the board and its regions are the marks'.
    struct Settled {
        live: Option<Vec<i8>>,
        regs: Option<Regions>,
        sim: Option<Sim>,
        seki_dame: Vec<bool>,
    }
    let settled = loop {
        let any_off = taken_off.iter().any(|&t| t);
        let off = |b: usize| taken_off[chain0[b] as usize];
        let (board, live1, regs1, table1) = if any_off {
            let live = without(&cells, |b| off(b) || dead(b));
            let regs = Regions::new(&pad, &cells, &live);
            let board = without(&cells, off);
            let table = ChainTable::new(&pad, &board);
            (Some(board), Some(live), Some(regs), Some(table))
        } else {
            (None, None, None, None)
        };
        let board_ref = board.as_deref().unwrap_or(&cells);
        let live_ref = live1.as_deref().unwrap_or(&live0);
        let regs_ref = regs1.as_ref().unwrap_or(&regs0);
        let table = table1.as_ref().unwrap_or(&table0);
        // A chain already in atari as the board stands is taken first if the opponent can
        // take it and survive (the opponent moves first in the confirmation; a protective
        // fill is only for what the filling of the dame would put in atari).
        if table.heads.iter().any(|&h| table.libs[h as usize] == 1) {
            let everywhere = vec![true; len];
            let unfilled = |_: usize| false;
            let at_once = takeable(&pad, board_ref, &unfilled, table, &everywhere, &|b| {
                !dead(b)
            });
            let mut more = false;
            for b in at_once {
                let h = chain0[b] as usize;
                if h != 0 && !taken_off[h] && !marked[h] {
                    taken_off[h] = true;
                    more = true;
                }
            }
            if more {
                continue;
            }
        }
        // The dame: empty points of regions both colours reach.
        const BOTH: u8 = TOUCHES_BLACK | TOUCHES_WHITE;
        let mut candidates = Vec::new();
        if regs_ref.flags.iter().any(|&f| f & BOTH == BOTH) {
            for b in pad.inner() {
                if live_ref[b] == 0 && board_ref[b] == 0 && regs_ref.of(b) & BOTH == BOTH {
                    candidates.push(b as u16);
                }
            }
        }
        if candidates.is_empty() {
            break Settled {
                live: live1,
                regs: regs1,
                sim: None,
                seki_dame: vec![false; len],
            };
        }
        let mut own = vec![0i8; len];
        for b in pad.inner() {
            if live_ref[b] == 0 {
                own[b] = regs_ref.eye_owner(b);
            }
        }
        let start = Sim::new(&pad, board_ref, |b| !dead(b), own);
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
        let mut more = false;
        if seki_dame.iter().any(|&d| d) {
            let table = ChainTable::new(&pad, &sim.cells);
            let filled = |b: usize| matches!(sim.fill[b], Fill::Dame(_) | Fill::Protective(_));
            let taken = takeable(&pad, &sim.cells, &filled, &table, &seki_dame, &|b| !dead(b));
            for b in taken {
                // (A stone filled in thought has no chain of the board: id 0.)
                let h = chain0[b] as usize;
                if h != 0 && !taken_off[h] && !marked[h] {
                    taken_off[h] = true;
                    more = true;
                }
            }
        }
        if !more {
            break Settled {
                live: live1,
                regs: regs1,
                sim: Some(sim),
                seki_dame,
            };
        }
    };
    let capturable = taken_off;
    let seki_dame = &settled.seki_dame;
    let fill_at = |b: usize| settled.sim.as_ref().map_or(Fill::None, |s| s.fill[b]);

    // 4. Independence on the settled board: its live stones are those not marked dead.
    let fresh_key;
    let live_key: &[i8] = match &settled.sim {
        Some(sim) => {
            fresh_key = (0..len)
                .map(|b| {
                    let v = sim.cells[b];
                    let dead =
                        dead(b) && !matches!(sim.fill[b], Fill::Dame(_) | Fill::Protective(_));
                    if is_stone(v) && dead {
                        0
                    } else {
                        v
                    }
                })
                .collect::<Vec<i8>>();
            &fresh_key
        }
        None => settled.live.as_deref().unwrap_or(&live0),
    };
    // The chains of the settled board: without fills, its stones are whole chains of the
    // original board (marked or captured chains only leave), so the original chains serve
    // (their liberties are not used past this point).
    let fresh_table;
    let table_s = if settled.sim.is_none() {
        &table0
    } else {
        fresh_table = ChainTable::new(&pad, live_key);
        &fresh_table
    };
    let chain_s = &table_s.id;
    let fresh_regs;
    let regs_s = match (&settled.sim, &settled.regs) {
        (None, Some(r)) => r,
        (None, None) => &regs0,
        (Some(_), _) => {
            fresh_regs = Regions::new(&pad, &cells, live_key);
            &fresh_regs
        }
    };
    // The regions are read as the settling left them: stones it took (dead stones a chain in
    // atari captured to save itself) are gone, so the owner's capture is not read again as
    // if the opponent moved first.
    let taken_cells;
    let read_cells: &[i8] = match &settled.sim {
        Some(sim) if sim.fill.contains(&Fill::Captured) => {
            taken_cells = without(&cells, |b| sim.fill[b] == Fill::Captured);
            &taken_cells
        }
        _ => &cells,
    };
    let (status, region_area) =
        independence(&pad, read_cells, live_key, table_s, regs_s, seki_dame);

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
                    .any(|&s| fill_at(s as usize) == Fill::Captured);
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
                PointLife::Empty(match fill_at(b) {
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

/// `cells` without the stones at the points that are `gone`.
fn without(cells: &[i8], gone: impl Fn(usize) -> bool) -> Vec<i8> {
    (0..cells.len())
        .map(|b| if gone(b) { 0 } else { cells[b] })
        .collect()
}

/// The stones (bordered indices) of the live chains in atari on one of `points` that the
/// opponent can take there and survive what follows: the opponent
/// captures, then the owner plays back on the captured stones' points (J89 Art. 7.1; in a hane
/// seki the capture loses more than it takes, so it is not made).
fn takeable(
    pad: &Pad,
    cells: &[i8],
    filled: &dyn Fn(usize) -> bool,
    table: &ChainTable,
    points: &[bool],
    is_live: &dyn Fn(usize) -> bool,
) -> Vec<usize> {
    let live_at = |s: usize| is_live(s) || filled(s);
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
        let take = match local(pad, cells, table, pts, x, &|m| cells[m] == x, false) {
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
        // The small pockets holding an unmarked chain, flooded from the chain, and their weak
        // chains (without two eyes of their own): at most `MAX_POCKET` points, else the pocket
        // is large and every point the flood reached is known to be in a large pocket.
        // Per point: `LARGE` in a large pocket, the pocket's number + 2 in a small one, 0 not
        // yet known.
        const LARGE: u16 = 1;
        let mut stamp = vec![0u16; len];
        let mut pockets: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
        let mut pts: Vec<usize> = Vec::with_capacity(MAX_POCKET);
        for &h in &table.heads {
            let h = h as usize;
            // The pocket holds the chain and its liberties.
            let least = table.stones(h).len() + table.libs[h] as usize;
            if cells[h] != -x || marked[h] || stamp[h] == LARGE || least > MAX_POCKET {
                continue;
            }
            if stamp[h] > LARGE {
                if !two_eyes(h) {
                    pockets[(stamp[h] - 2) as usize].1.push(h);
                }
                continue;
            }
            let mine = pockets.len() as u16 + 2;
            stamp[h] = mine;
            pts.clear();
            pts.push(h);
            let mut next = 0;
            let mut small = true;
            'flood: while next < pts.len() {
                let q = pts[next];
                next += 1;
                for m in pad.neighbours(q) {
                    // Tested without branches (`|`, `&`): a wall, the border, or seen.
                    let v = cells[m];
                    let wall = (v == OFF) | ((v == x) & !marked[chain[m] as usize]);
                    if wall | (stamp[m] == mine) {
                        continue;
                    }
                    if stamp[m] == LARGE || pts.len() == MAX_POCKET {
                        small = false;
                        break 'flood;
                    }
                    stamp[m] = mine;
                    pts.push(m);
                }
            }
            if small {
                let weak = if two_eyes(h) { vec![] } else { vec![h] };
                pockets.push((pts.clone(), weak));
            } else {
                for &q in &pts {
                    stamp[q] = LARGE;
                }
            }
        }
        for (pts, group) in pockets {
            if group.is_empty() {
                continue;
            }
            let Some((local, pts)) = local(pad, cells, table, pts, x, &is_wall, true) else {
                continue;
            };
            for &h in &group {
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
                            || self::local(
                                pad,
                                cells,
                                table,
                                sp.clone(),
                                -x,
                                &|m| cells[m] == -x,
                                false,
                            )
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
    // The enclosed regions, numbered in row-major order of their first points: their points
    // and the live chains around them, each in one flat list grouped by region.
    let mut number = vec![u16::MAX; len];
    let mut regions: Vec<Enclosed> = Vec::with_capacity(pad.w * pad.h / 4);
    let mut points: Vec<u16> = Vec::with_capacity(pad.w * pad.h);
    for b in pad.inner() {
        if live[b] != 0 || cells[b] == OFF {
            continue;
        }
        let c = regs.reach(b);
        if c == 0 {
            continue;
        }
        let r = regs.id[b] as usize;
        if number[r] == u16::MAX {
            number[r] = regions.len() as u16;
            regions.push(Enclosed {
                colour: c,
                first: b as u16,
                size: 0,
                stones: 0,
                eyes: None,
                valid: true,
            });
        }
        points.push(b as u16);
    }
    let n = regions.len();
    let (points, point_at) = bucket(&points, n, |b| {
        number[regs.id[b as usize] as usize] as usize
    });
    // Written without branches: every neighbour is stored at the end of the list, which
    // grows only for a live chain of the region's colour not yet listed for it (marking a
    // chain of the other colour as listed is harmless).
    let mut around = vec![0u16; 4 * points.len() + 1];
    let mut end = 0usize;
    let mut around_at = vec![0u32; n + 1];
    let mut listed = vec![u16::MAX; len];
    for (k, r) in regions.iter_mut().enumerate() {
        let pts = &points[point_at[k] as usize..point_at[k + 1] as usize];
        r.size = pts.len() as u16;
        for &b in pts {
            r.stones += u16::from(cells[b as usize] != 0);
            for m in pad.neighbours(b as usize) {
                let h = chain[m];
                let new = (live[m] == r.colour) & (listed[h as usize] != k as u16);
                listed[h as usize] = k as u16;
                around[end] = h;
                end += usize::from(new);
            }
        }
        around_at[k + 1] = end as u32;
    }
    let chains = |k: usize| {
        around[around_at[k] as usize..around_at[k + 1] as usize]
            .iter()
            .copied()
    };
    // The eye values known without reading.
    for r in regions.iter_mut() {
        let (n, stones) = (r.size as usize, r.stones as usize);
        r.eyes = match n {
            n if n > read::MAX_POINTS => Some(2),
            n if stones == 0 && n <= 2 => Some(1),
            n if stones == 0 && n >= 7 => Some(2),
            // Seven empty points or more beside at most two dead stones, or a large space a
            // third of which at most is taken: two eyes whatever the opponent does.
            n if (n - stones >= 7 && stones <= 2) || (n >= 10 && 3 * stones <= n) => Some(2),
            _ => None,
        };
    }

    // Live chains touching a dame nobody can fill are in seki (J89 Art. 8).
    let mut status = vec![Status::Alive; len];
    let mut pinned = vec![false; len];
    if seki_dame.iter().any(|&d| d) {
        for b in pad.inner().filter(|&b| seki_dame[b]) {
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
    for (k, r) in regions.iter().enumerate() {
        if r.size < 2 {
            continue;
        }
        let mut around = chains(k);
        if let Some(first) = around.next() {
            for h in around {
                let (ra, rb) = (
                    root(&mut group, first as usize),
                    root(&mut group, h as usize),
                );
                group[ra.max(rb)] = ra.min(rb) as u16;
            }
        }
    }
    // The live chains (their heads): the table's chains may include some no longer live.
    let heads: Vec<usize> = table
        .heads
        .iter()
        .map(|&h| h as usize)
        .filter(|&h| is_stone(live[h]))
        .collect();
    let mut group_of = vec![0u16; len];
    for &b in &heads {
        group_of[b] = root(&mut group, b) as u16;
    }
    // Benson's iteration with the eyes read, on groups: groups with fewer than two eyes among
    // the regions still whole are not alive by themselves; a region touching such a group is
    // no longer whole. Groups in seki cannot be captured and stay.
    let mut group_pinned = vec![false; len];
    let mut alive = vec![false; len];
    for &b in &heads {
        alive[group_of[b] as usize] = true;
        group_pinned[group_of[b] as usize] |= pinned[b];
    }
    // Per group: its eyes, and the last region that counted them (a stamp never reset).
    let mut eyes = vec![0u8; len];
    let mut counted = vec![u32::MAX; len];
    let mut stamp = 0u32;
    loop {
        // The eyes of each group from its whole regions; the regions of a group still short
        // of two are read, until every such group's count is exact.
        loop {
            eyes.fill(0);
            for (k, r) in regions.iter().enumerate().filter(|(_, r)| r.valid) {
                stamp += 1;
                for h in chains(k) {
                    let g = group_of[h as usize] as usize;
                    if counted[g] != stamp {
                        counted[g] = stamp;
                        eyes[g] = eyes[g].saturating_add(r.eyes.unwrap_or(0));
                    }
                }
            }
            let mut read_any = false;
            for (k, r) in regions.iter_mut().enumerate() {
                let short = chains(k).any(|h| {
                    let g = group_of[h as usize] as usize;
                    alive[g] && !group_pinned[g] && eyes[g] < 2
                });
                if r.valid && r.eyes.is_none() && short {
                    let pts = region_points(pad, regs, r.first as usize);
                    r.eyes = Some(self::eyes(pad, cells, live, table, r.colour, &pts));
                    read_any = true;
                }
            }
            if !read_any {
                break;
            }
        }
        let mut changed = false;
        for &b in &heads {
            if alive[b] && !group_pinned[b] && eyes[b] < 2 {
                alive[b] = false;
                changed = true;
            }
        }
        for (k, r) in regions.iter_mut().enumerate().filter(|(_, r)| r.valid) {
            if chains(k).any(|h| !alive[group_of[h as usize] as usize]) {
                r.valid = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for &b in &heads {
        alive[b] = alive[group_of[b] as usize];
    }
    // Seki: the pinned chains, and the chains living only through them (sharing an enclosed
    // region with them).
    let mut seki = pinned;
    loop {
        let mut changed = false;
        for k in 0..n {
            if chains(k).any(|h| seki[h as usize]) {
                for h in chains(k) {
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
    for &b in &heads {
        status[b] = if seki[b] {
            Status::Seki
        } else if alive[b] {
            Status::Alive
        } else {
            Status::Weak
        };
    }
    let mut area = vec![Area::Dame; len];
    for (k, r) in regions.iter().enumerate() {
        let c = colour(r.colour);
        let st = |h: u16| status[h as usize];
        let a = if chains(k).any(|h| st(h) == Status::Seki) {
            Area::SekiEye(c)
        } else if r.eyes != Some(0) && chains(k).all(|h| st(h) == Status::Alive) {
            Area::Territory(c)
        } else {
            Area::Dame
        };
        area[regs.id[r.first as usize] as usize] = a;
    }
    (status, area)
}

/// The points of the region of `first` (its first point in row-major order) in row-major order,
/// if it has at most [`read::MAX_POINTS`]; more otherwise.
fn region_points(pad: &Pad, regs: &Regions, first: usize) -> Vec<u16> {
    let r = regs.id[first];
    let end = (first + read::MAX_POINTS * pad.stride + 1).min(regs.id.len());
    (first..end)
        .filter(|&b| regs.id[b] == r)
        .take(read::MAX_POINTS + 1)
        .map(|b| b as u16)
        .collect()
}

/// The eyes an enclosed region gives the chains around it (0, 1 or 2), read when small.
fn eyes(pad: &Pad, cells: &[i8], live: &[i8], table: &ChainTable, x: i8, pts: &[u16]) -> u8 {
    if pts.len() > read::MAX_POINTS {
        return 2;
    }
    let pts: Vec<usize> = pts.iter().map(|&p| p as usize).collect();
    // The chains around are taken as one: whether they hold together is the business of the
    // Benson iteration (false eyes), the reading asks only how many eyes the space makes.
    match local(pad, cells, table, pts, x, &|m| live[m] == x, false) {
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
    race: bool,
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
    // opponent's chain belong to a race. Without `race` all of them count as one liberty
    // outside; with it they become nodes of their own that the opponent fills when it likes.
    let safe = |q: usize| pad.neighbours(q).iter().all(|&m| cells[m] != -x);
    let mut dame: Vec<usize> = Vec::new();
    let mut touching: Vec<u32> = Vec::new();
    for (j, (_, stones)) in border_chains.iter().enumerate() {
        let mut outside: Vec<usize> = Vec::new();
        let mut shared: Vec<usize> = Vec::new();
        for q in stones.iter().flat_map(|&s| pad.neighbours(s)) {
            if cells[q] != 0 || at(q).is_some() || outside.contains(&q) || shared.contains(&q) {
                continue;
            }
            if safe(q) {
                outside.push(q);
                if outside.len() == 2 {
                    // Two liberties outside: the chain is safe, the rest does not matter.
                    break;
                }
            } else {
                shared.push(q);
            }
        }
        if outside.len() >= 2 || !race {
            border[j].1 = (outside.len() + usize::from(!shared.is_empty())).min(2) as u8;
            continue;
        }
        border[j].1 = outside.len() as u8;
        for q in shared {
            match dame.iter().position(|&d| d == q) {
                Some(k) => touching[k] |= 1 << j,
                None => {
                    dame.push(q);
                    touching.push(1 << j);
                }
            }
        }
    }
    let n = pts.len();
    if race && n + dame.len() > read::MAX_READ {
        return local(pad, cells, table, pts, x, wall, false);
    }
    for (k, &chains) in touching.iter().enumerate() {
        for (j, b) in border.iter_mut().enumerate() {
            if chains & 1 << j != 0 {
                b.0 |= 1 << (n + k);
            }
        }
    }
    let node_mask = ((1u32 << dame.len()) - 1) << n;
    let l = read::Local::new(n + dame.len(), &links, &border, x0, o0).racing(node_mask);
    Some((l, pts))
}
