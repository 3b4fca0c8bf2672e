//! The local positions the analysis reads: a set of points and the chains around them as the
//! border, in the form [`read::Local`] reads.

use super::read;
use crate::grid::{ChainTable, Pad, OFF};

/// A local position to read: the points `pts` (bordered indices, with the stones on them) and
/// the chains of colour `x` around them (`wall` tells their stones) as the border, each with
/// its liberties outside the points (those shared with the opponent counting as one). A border chain all of whose
/// neighbours are among the
/// points (a stone inside an eye space) is taken in with them: its capture is not the
/// capture of the border. Returns the local position and the points in its order, or `None`
/// when there are more than [`read::MAX_READ`] points, with `race` the dame of the race
/// included: read without them, a wall with one liberty outside would count as safe, and a
/// chain it walls in as capturable when the wall may lose the race first (J89 Art. 7.1).
pub(super) fn local(
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
        return None;
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
