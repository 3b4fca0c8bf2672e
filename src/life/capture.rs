//! Step 2 and the captures of the settling: chains the opponent can capture against any defence
//! (J89 Art. 7.1), found by reading the small pockets that hold them, and chains in atari that
//! the opponent can take and survive.

use super::local::local;
use super::read;
use crate::grid::{ChainTable, Pad, OFF};

/// `cells` without the stones at the points that are `gone`.
pub(super) fn without(cells: &[i8], gone: impl Fn(usize) -> bool) -> Vec<i8> {
    (0..cells.len())
        .map(|b| if gone(b) { 0 } else { cells[b] })
        .collect()
}

/// The stones (bordered indices) of the live chains in atari on one of `points` that the
/// opponent can take there and survive what follows: the opponent
/// captures, then the owner plays back on the captured stones' points (J89 Art. 7.1; in a hane
/// seki the capture loses more than it takes, so it is not made).
pub(super) fn takeable(
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
pub(super) fn capturer_safe(
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
pub(super) fn eye_spaces(pad: &Pad, cells: &[i8], pts: &[usize], x: i8) -> Vec<Vec<usize>> {
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

/// Whether more than one chain borders the eye space `sp` (its empty points).
fn shared_by_chains(pad: &Pad, cells: &[i8], table: &ChainTable, sp: &[usize]) -> bool {
    let mut first = None;
    for &b in sp {
        for m in pad.neighbours(b) {
            if cells[m] == 0 || cells[m] == OFF {
                continue;
            }
            let c = table.id[m];
            match first {
                None => first = Some(c),
                Some(f) if f != c => return true,
                _ => {}
            }
        }
    }
    false
}

/// The largest pocket read for captures (points).
pub(super) const MAX_POCKET: usize = read::MAX_READ;

/// Per chain head: whether the chain is unmarked and the opponent can capture it against any
/// defence (J89 Art. 7.1), found by reading each small *pocket*: a connected set of points
/// without the opponent's live stones, which holds the chain.
pub(super) fn pockets(pad: &Pad, cells: &[i8], table: &ChainTable, marked: &[bool]) -> Vec<bool> {
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
            // A pocket whose race with the walls does not fit in the reading proves nothing.
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
                // Seven points or more are two eyes only around one chain: chains around a
                // space can be cut apart or taken one by one (an L group on the edge, the
                // inside of a ring with cutting points), so a space they share is read with
                // the capture below, every point tried (Art. 7.1).
                let shared = spaces
                    .iter()
                    .any(|sp| shared_by_chains(pad, cells, table, sp));
                let lives = spaces.len() >= 2
                    || !shared
                        && spaces.iter().any(|sp| {
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
                let target = chain_mask(&pts, chain, h);
                if local.captures(target, false) == Some(true)
                    || shared && local.captures(target, true) == Some(true)
                {
                    out[h] = true;
                }
            }
        }
    }
    out
}

/// What reading says of the marked chains (J89 Art. 7.1), per chain head: `alive`, the opponent
/// cannot capture it even moving first (its mark is wrong: `uncapturable`); `taken`, the
/// opponent captures it whoever moves first, so its points are the opponent's to empty before
/// the dame are filled (the settling does not fill a dame first and then read the stones
/// inside as if the opponent had the move). A chain in atari is left to the settling: the
/// stone that takes it may be a protective fill, and a single stone in atari may be a ko. Each chain is read in its small *pocket*: the
/// points reached from it without crossing the opponent's unmarked stones, with the dame its
/// walls share with other stones as points of a race.
pub(super) struct MarkedReading {
    pub(super) alive: Vec<bool>,
    pub(super) taken: Vec<bool>,
}

pub(super) fn marked_pockets(
    pad: &Pad,
    cells: &[i8],
    table: &ChainTable,
    marked: &[bool],
    skip: &[bool],
) -> MarkedReading {
    let len = cells.len();
    let chain = &table.id;
    let mut alive = vec![false; len];
    let mut taken = vec![false; len];
    let mut done = vec![false; len];
    for &h in &table.heads {
        let h = h as usize;
        if !marked[h] || skip[h] || done[h] {
            continue;
        }
        // The capturer: the colour of the walls.
        let x = -cells[h];
        let is_wall = |b: usize| cells[b] == x && !marked[chain[b] as usize];
        let mut pts = vec![h];
        let mut seen = vec![h];
        let mut next = 0;
        let mut small = true;
        while next < pts.len() {
            let q = pts[next];
            next += 1;
            for m in pad.neighbours(q) {
                if cells[m] == OFF || is_wall(m) || seen.contains(&m) {
                    continue;
                }
                if pts.len() == MAX_POCKET {
                    small = false;
                    break;
                }
                seen.push(m);
                pts.push(m);
            }
            if !small {
                break;
            }
        }
        // Every marked chain of the same colour in the pocket is read with it.
        let heads: Vec<usize> = pts
            .iter()
            .filter(|&&b| cells[b] == -x && marked[chain[b] as usize])
            .map(|&b| chain[b] as usize)
            .fold(Vec::new(), |mut v, c| {
                if !v.contains(&c) {
                    v.push(c);
                }
                v
            });
        for &c in &heads {
            done[c] = true;
        }
        if !small {
            continue;
        }
        let has_eye_space = !eye_spaces(pad, cells, &pts, x).is_empty();
        // Taken off first only where it matters: where the pocket, read as the capturer's
        // eye space with the stones inside, gives fewer than two eyes.
        let short_of_eyes = local(pad, cells, table, pts.clone(), x, &is_wall, false)
            .is_some_and(|(l, _)| l.joined().eyes() < 2);
        // Without room for the race, the walls are read as they stand (the marked chains are
        // dead as marked unless reading proves otherwise).
        let Some((l, pts)) = local(pad, cells, table, pts.clone(), x, &is_wall, true)
            .or_else(|| local(pad, cells, table, pts, x, &is_wall, false))
        else {
            continue;
        };
        for &c in &heads {
            if skip[c] {
                continue;
            }
            let target = chain_mask(&pts, chain, c);
            // Alive only with an eye space of its own (points of the pocket that no stone of
            // the capturer touches): without one, stones marked dead are not read for life.
            if has_eye_space && l.capturable_at_all(target) == Some(false) {
                alive[c] = true;
            } else if short_of_eyes
                && table.libs[c] >= 2
                && l.captures_moving_second(target) == Some(true)
            {
                taken[c] = true;
            }
        }
    }
    MarkedReading { alive, taken }
}

/// The bits, by position in the pocket's points `pts`, of the stones of the chain with head `h`.
fn chain_mask(pts: &[usize], chain: &[u16], h: usize) -> u32 {
    pts.iter()
        .enumerate()
        .filter(|&(_, &b)| chain[b] as usize == h)
        .fold(0u32, |m, (i, _)| m | 1 << i)
}
