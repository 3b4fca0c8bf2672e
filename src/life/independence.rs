//! Step 4, independence: the eyes each enclosed region gives, Benson's iteration with those
//! eye counts on groups of chains, and seki (J89 Art. 7 and 8).

use super::local::local;
use super::read;
use super::status::{colour, Area, Enclosed, Status};
use crate::grid::{bucket, is_stone, ChainTable, Pad, Regions, OFF};

/// Step 4: the status of every live chain of the settled board (by head) and the area of
/// every region enclosed by one colour (by region id).
pub(super) fn independence(
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
pub(super) fn region_points(pad: &Pad, regs: &Regions, first: usize) -> Vec<u16> {
    let r = regs.id[first];
    let end = (first + read::MAX_POINTS * pad.stride + 1).min(regs.id.len());
    (first..end)
        .filter(|&b| regs.id[b] == r)
        .take(read::MAX_POINTS + 1)
        .map(|b| b as u16)
        .collect()
}

/// The eyes an enclosed region gives the chains around it (0, 1 or 2), read when small.
pub(super) fn eyes(
    pad: &Pad,
    cells: &[i8],
    live: &[i8],
    table: &ChainTable,
    x: i8,
    pts: &[u16],
) -> u8 {
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
