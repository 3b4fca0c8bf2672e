//! Unconditional life (Benson's algorithm): chains that can never be captured, even if their
//! owner passes every move.
//!
//! For a colour, the *regions* are the maximal connected sets of points without its stones. A
//! region is *vital* to a chain when every empty point of the region is a liberty of the chain.
//! Starting from every chain and every region, chains with fewer than two vital regions are
//! removed, then every region touching a removed chain, until nothing changes. The chains left
//! are alive whatever happens (J89 Art. 7.1: "stones that cannot be captured").

use crate::grid::{bucket, components, Pad, OFF};

/// Per point of `cells` (bordered): whether a stone of colour `c` (1 or -1) on it belongs to a
/// pass-alive chain.
pub(crate) fn pass_alive(pad: &Pad, cells: &[i8], c: i8) -> Vec<bool> {
    let len = cells.len();
    let chain = components(pad, cells, &|v| v == c);
    // Points without `c`'s stones, as one value.
    let key: Vec<i8> = cells
        .iter()
        .map(|&v| match v {
            OFF => OFF,
            v if v == c => c,
            _ => 0,
        })
        .collect();
    let region = components(pad, &key, &|v| v == 0);
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
    let (points, at) = bucket(&points, regions, &|&b| {
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
    let (by_chain, chain_at) = bucket(&links, chains, &|l: &(u16, u16, u32)| l.0 as usize);
    let (by_region, region_at) = bucket(&links, regions, &|l: &(u16, u16, u32)| l.1 as usize);
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
}
