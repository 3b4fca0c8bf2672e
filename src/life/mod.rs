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
mod capture;
mod independence;
mod local;
#[cfg(test)]
mod proptests;
mod read;
mod settle;
mod status;
pub(crate) mod warning;
pub use status::{Area, PointLife};

use crate::board::Board;
use crate::grid::{is_stone, ChainTable, Pad, Regions, TOUCHES_BLACK, TOUCHES_WHITE};
use benson::PassAlive;
use capture::{marked_pockets, pockets, takeable, without, MAX_POCKET};
use independence::independence;
use settle::{Fill, Sim};
use status::{colour, Status};
use warning::{Warning, WarningCode};

/// The life-and-death analysis of a position with its dead marks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// Every point, row-major.
    pub points: Vec<PointLife>,
    /// Marks that contradict Art. 7, in row-major order of their chains' first stones.
    pub warnings: Vec<Warning>,
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
    // Marked chains read in the small pockets of the opponent's area: those the opponent
    // cannot capture even moving first are alive (Art. 7.1), those it captures whoever starts
    // are taken off before the settling.
    let reading = marked_pockets(&pad, &cells, &table0, &marked, &uncapturable);
    for &b in &heads {
        uncapturable[b] |= reading.alive[b];
    }
    // Unmarked chains the opponent can capture, read in the pockets of the opponent's area.
    let capturable = pockets(&pad, &cells, &table0, &marked);

    // On the settled board a marked chain in its own area is a stone like the others, and so
    // is one that reading proves uncapturable (its region is read as it stands: the walls
    // around it get no eye there); other marked chains stay on it, dead (they still take
    // liberties: J89 Diagram 17); unmarked chains that can be captured are taken off.
    let mut dead_s = vec![false; len];
    for &h in &heads {
        dead_s[h] = marked[h] && !own_area[h] && !reading.alive[h];
    }
    let dead = |b: usize| dead_s[chain0[b] as usize];
    let mut taken_off = capturable;
    // Marked chains the opponent takes whoever starts leave the board with them (they are
    // dead as marked: no warning).
    for &h in &heads {
        taken_off[h] |= reading.taken[h];
    }

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
        // A seki's liberty lies between chains that enclose it: in a region of more than
        // `MAX_POCKET` points touching both colours the game is not over there (an opening, an
        // open border), and what the filling in thought leaves in atari proves nothing.
        let mut region_size = vec![0u16; len];
        for &p in &candidates {
            region_size[regs_ref.id[p as usize] as usize] += 1;
        }
        for (b, d) in seki_dame.iter_mut().enumerate() {
            *d &= usize::from(region_size[regs_ref.id[b] as usize]) <= MAX_POCKET;
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
    let marked_taken = |b: usize| marked_at(b) && capturable[chain0[b] as usize];
    let read_cells: &[i8] = match &settled.sim {
        Some(sim) if sim.fill.contains(&Fill::Captured) || reading.taken.contains(&true) => {
            taken_cells = without(&cells, |b| sim.fill[b] == Fill::Captured || marked_taken(b));
            &taken_cells
        }
        None if reading.taken.contains(&true) => {
            taken_cells = without(&cells, marked_taken);
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
                let area = match fill_at(b) {
                    _ if own_area[chain0[b] as usize] => Area::Dame,
                    // Taken by a stone that saves a chain, then filled to connect it.
                    Fill::Protective(c) => Area::ProtectiveFill(colour(c)),
                    _ => area_of(b),
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
