//! Unconditional life (Benson's algorithm): chains that can never be captured, even if their
//! owner passes every move.
//!
//! For a colour, the *regions* are the maximal connected sets of points without its stones. A
//! region is *vital* to a chain when every empty point of the region is a liberty of the chain.
//! Starting from every chain and every region, chains with fewer than two vital regions are
//! removed, then every region touching a removed chain, until nothing changes. The chains left
//! are alive whatever happens (J89 Art. 7.1: "stones that cannot be captured").

use crate::grid::{components, is_stone, Pad, OFF};

/// Per point of `cells` (bordered): whether a stone of colour `c` (1 or -1) on it belongs to a
/// pass-alive chain.
pub(crate) fn pass_alive(pad: &Pad, cells: &[i8], c: i8) -> Vec<bool> {
    let len = cells.len();
    let chain = components(pad, cells, |v| v == c);
    // Points without `c`'s stones, as one value.
    let key: Vec<i8> = cells
        .iter()
        .map(|&v| match v {
            OFF => OFF,
            v if v == c => c,
            _ => 0,
        })
        .collect();
    let region = components(pad, &key, |v| v == 0);
    // Per region: its empty points; per (chain, region) pair: the empty points of the region
    // next to the chain.
    let mut empties = vec![0u32; len];
    let mut pairs: Vec<(u16, u16, u32)> = Vec::new();
    let mut touched: Vec<u16> = Vec::with_capacity(4);
    for b in pad.inner() {
        if key[b] != 0 {
            continue;
        }
        let r = region[b];
        let empty = cells[b] == 0;
        empties[r as usize] += u32::from(empty);
        touched.clear();
        for m in pad.neighbours(b) {
            if cells[m] == c && !touched.contains(&chain[m]) {
                touched.push(chain[m]);
            }
        }
        for &h in &touched {
            pairs.push((h, r, u32::from(empty)));
        }
    }
    pairs.sort_unstable_by_key(|&(h, r, _)| (h, r));
    // Merge the pairs: (chain, region, empty points of the region next to the chain).
    let mut links: Vec<(u16, u16, u32)> = Vec::new();
    for (h, r, e) in pairs {
        match links.last_mut() {
            Some(last) if last.0 == h && last.1 == r => last.2 += e,
            _ => links.push((h, r, e)),
        }
    }
    let mut chain_alive = vec![false; len];
    for b in pad.inner() {
        if cells[b] == c {
            chain_alive[chain[b] as usize] = true;
        }
    }
    let mut region_ok = vec![false; len];
    for &(_, r, _) in &links {
        region_ok[r as usize] = true;
    }
    loop {
        let mut changed = false;
        // Chains with fewer than two vital regions that are still healthy.
        let mut vital = vec![0u8; len];
        for &(h, r, e) in &links {
            if region_ok[r as usize] && e == empties[r as usize] && e > 0 {
                vital[h as usize] = vital[h as usize].saturating_add(1);
            }
        }
        for b in pad.inner() {
            if cells[b] == c && chain[b] as usize == b && chain_alive[b] && vital[b] < 2 {
                chain_alive[b] = false;
                changed = true;
            }
        }
        for &(h, r, _) in &links {
            if region_ok[r as usize] && !chain_alive[h as usize] {
                region_ok[r as usize] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut out = vec![false; len];
    for b in pad.inner() {
        if is_stone(cells[b]) && cells[b] == c {
            out[b] = chain_alive[chain[b] as usize];
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
