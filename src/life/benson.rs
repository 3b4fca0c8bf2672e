//! Unconditional life (Benson's algorithm): chains that can never be captured, even if their
//! owner passes every move.
//!
//! For a colour, the *regions* are the maximal connected sets of points without its stones. A
//! region is *vital* to a chain when every empty point of the region is a liberty of the chain.
//! Starting from every chain and every region, chains with fewer than two vital regions are
//! removed, then every region touching a removed chain, until nothing changes. The chains left
//! are alive whatever happens (J89 Art. 7.1: "stones that cannot be captured").

use crate::grid::{bucket, colour_set, components, Pad, EMPTY, OFF};

/// Whether the chain of colour `c` with head `h` (`chain`: heads per point) has two regions that
/// may be vital to it: connected sets of points without `c`'s stones whose empty points are all
/// its liberties. A pass-alive chain has two, so a chain without them needs no Benson pass.
/// `seen` (one entry per point, stamped with `h`) and `stack` are scratch.
pub(crate) fn two_vital_regions(
    pad: &Pad,
    cells: &[i8],
    chain: &[u16],
    stones: &[u16],
    seen: &mut [u16],
    stack: &mut Vec<usize>,
) -> bool {
    let h = chain[stones[0] as usize];
    let c = cells[stones[0] as usize];
    let liberty = |q: usize| pad.neighbours(q).iter().any(|&m| chain[m] == h);
    let mut vital = 0;
    for &s in stones {
        for l in pad.neighbours(s as usize) {
            if cells[l] != 0 || seen[l] == h {
                continue;
            }
            seen[l] = h;
            stack.clear();
            stack.push(l);
            let mut whole = true;
            while let Some(q) = stack.pop() {
                if cells[q] == 0 && !liberty(q) {
                    whole = false;
                    break;
                }
                for m in pad.neighbours(q) {
                    if cells[m] != c && cells[m] != OFF && seen[m] != h {
                        seen[m] = h;
                        stack.push(m);
                    }
                }
            }
            if whole {
                vital += 1;
                if vital == 2 {
                    return true;
                }
            }
        }
    }
    false
}

/// Per point of `cells` (bordered): whether a stone of colour `c` (1 or -1) on it belongs to a
/// pass-alive chain.
pub(crate) fn pass_alive(pad: &Pad, cells: &[i8], c: i8) -> Vec<bool> {
    let len = cells.len();
    let chain = components(pad, cells, colour_set(c));
    // Points without `c`'s stones, as one value.
    let key: Vec<i8> = cells
        .iter()
        .map(|&v| match v {
            OFF => OFF,
            v if v == c => c,
            _ => 0,
        })
        .collect();
    let region = components(pad, &key, EMPTY);
    // Compact numbers for the chains and the regions.
    let mut chain_no = vec![u16::MAX; len];
    let mut region_no = vec![u16::MAX; len];
    let (mut chains, mut regions) = (0usize, 0usize);
    for b in pad.inner() {
        if cells[b] == c && chain[b] as usize == b {
            chain_no[b] = chains as u16;
            chains += 1;
        } else if key[b] == 0 && region[b] as usize == b {
            region_no[b] = regions as u16;
            regions += 1;
        }
    }
    // Per region: its empty points; per (region, chain): the empty points of the region next
    // to the chain. The region's points come grouped, so each region's chains are few.
    let points: Vec<u16> = pad
        .inner()
        .filter(|&b| key[b] == 0)
        .map(|b| b as u16)
        .collect();
    let (points, at) = bucket(&points, regions, |b| {
        region_no[region[b as usize] as usize] as usize
    });
    let mut empties = vec![0u32; regions];
    // (chain, region, empty points of the region next to the chain)
    let mut links: Vec<(u16, u16, u32)> = Vec::new();
    for r in 0..regions {
        let first = links.len();
        for &b in &points[at[r] as usize..at[r + 1] as usize] {
            let b = b as usize;
            let empty = u32::from(cells[b] == 0);
            empties[r] += empty;
            let mut seen = [u16::MAX; 4];
            for (k, m) in pad.neighbours(b).into_iter().enumerate() {
                if cells[m] != c {
                    continue;
                }
                let h = chain_no[chain[m] as usize];
                if seen[..k].contains(&h) {
                    continue;
                }
                seen[k] = h;
                match links[first..].iter_mut().find(|l| l.0 == h) {
                    Some(l) => l.2 += empty,
                    None => links.push((h, r as u16, empty)),
                }
            }
        }
    }
    let vital_link = |l: &(u16, u16, u32)| l.2 > 0 && l.2 == empties[l.1 as usize];
    let (by_chain, chain_at) = bucket(&links, chains, |l| l.0 as usize);
    let (by_region, region_at) = bucket(&links, regions, |l| l.1 as usize);
    // Chains with fewer than two vital regions are removed, and every region they touch stops
    // counting for the others: a worklist, each link looked at a bounded number of times.
    let mut vital = vec![0u16; chains];
    for l in &links {
        if vital_link(l) {
            vital[l.0 as usize] += 1;
        }
    }
    let mut alive = vec![true; chains];
    let mut region_ok = vec![true; regions];
    let mut work: Vec<u16> = (0..chains as u16)
        .filter(|&h| vital[h as usize] < 2)
        .collect();
    while let Some(h) = work.pop() {
        if !alive[h as usize] {
            continue;
        }
        alive[h as usize] = false;
        for l in &by_chain[chain_at[h as usize] as usize..chain_at[h as usize + 1] as usize] {
            let r = l.1 as usize;
            if !region_ok[r] {
                continue;
            }
            region_ok[r] = false;
            for m in &by_region[region_at[r] as usize..region_at[r + 1] as usize] {
                if vital_link(m) {
                    let g = m.0 as usize;
                    vital[g] -= 1;
                    if alive[g] && vital[g] < 2 {
                        work.push(g as u16);
                    }
                }
            }
        }
    }
    let mut out = vec![false; len];
    for b in pad.inner() {
        if cells[b] == c {
            out[b] = alive[chain_no[chain[b] as usize] as usize];
        }
    }
    out
}

/// Benson's pass-alive chains of each colour, computed on first use.
pub(super) struct PassAlive<'a> {
    pad: &'a Pad,
    cells: &'a [i8],
    of: [Option<Vec<bool>>; 2],
}

impl<'a> PassAlive<'a> {
    pub(super) fn new(pad: &'a Pad, cells: &'a [i8]) -> PassAlive<'a> {
        PassAlive {
            pad,
            cells,
            of: [None, None],
        }
    }

    /// Whether the stone of colour `c` at `b` belongs to a pass-alive chain.
    pub(super) fn get(&mut self, c: i8, b: usize) -> bool {
        let k = usize::from(c == -1);
        let (pad, cells) = (self.pad, self.cells);
        self.of[k].get_or_insert_with(|| pass_alive(pad, cells, c))[b]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alive(rows: &[&str], c: i8) -> Vec<Vec<bool>> {
        let h = rows.len();
        let w = rows[0].len();
        let pad = Pad::new(w, h);
        let cells: Vec<i8> = rows
            .iter()
            .flat_map(|r| {
                r.bytes().map(|ch| match ch {
                    b'X' => 1,
                    b'O' => -1,
                    _ => 0,
                })
            })
            .collect();
        let b = pad.bordered(&cells);
        let a = pass_alive(&pad, &b, c);
        (0..h)
            .map(|y| (0..w).map(|x| a[pad.at(y * w + x)]).collect())
            .collect()
    }

    #[test]
    fn two_eyes_are_pass_alive_one_is_not() {
        let a = alive(&[".X.X.", "XXXXX", ".....", "OOOOO", "O.O.."], 1);
        assert!(a[0][1] && a[1][0]);
        let a = alive(&[".X...", "XX...", ".....", "....."], 1);
        assert!(!a[0][1]);
    }

    #[test]
    fn opponent_stones_inside_a_vital_region_do_not_matter() {
        // A white stone in one of the eyes: its region's empty points are all liberties.
        let a = alive(&[".XO.X.", "XX.XXX", "XXXX..", "......"], 1);
        assert!(a[0][1]);
    }

    #[test]
    fn every_pass_alive_chain_has_two_regions_that_may_be_vital() {
        use crate::grid::ChainTable;
        // Dense random boards of one colour (a xorshift generator, seeded): pass-alive chains
        // are common there, and the precheck must never rule one out.
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut alive_seen = 0;
        for _ in 0..3000 {
            let (w, h) = (2 + next() as usize % 8, 1 + next() as usize % 8);
            let pad = Pad::new(w, h);
            let cells: Vec<i8> = (0..w * h)
                .map(|_| match next() % 20 {
                    0..=10 => 1,
                    11..=12 => -1,
                    _ => 0,
                })
                .collect();
            let b = pad.bordered(&cells);
            let alive = pass_alive(&pad, &b, 1);
            let table = ChainTable::new(&pad, &b);
            let mut seen = vec![0u16; b.len()];
            let mut stack = Vec::new();
            for &hd in &table.heads {
                let hd = hd as usize;
                if b[hd] == 1 && alive[hd] {
                    alive_seen += 1;
                    assert!(two_vital_regions(
                        &pad,
                        &b,
                        &table.id,
                        table.stones(hd),
                        &mut seen,
                        &mut stack
                    ));
                }
            }
        }
        assert!(alive_seen > 100, "{alive_seen} pass-alive chains only");
    }
}
