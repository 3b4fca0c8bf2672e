//! Who owns each point at the end of a playout (area: stones and the empty points only one
//! colour reaches), on the playout board and on a [`Board`].

use super::board::EMPTY_BYTE;
use super::engine::Playout;
use crate::board::Board;
use crate::cell::{BLACK, EMPTY, WHITE};

impl Playout {
    /// Writes the owner of every point of the current position, row-major, into `owner`.
    pub(super) fn owners(&mut self, owner: &mut [i8]) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.mark.0.fill(0);
            self.generation = 1;
        }
        let w = self.width;
        for y in 0..self.height {
            for x in 0..w {
                let i = self.pos.index(x, y);
                let nb = self.pos.nb[i];
                let v = self.pos.color[i];
                owner[y * w + x] = if v == EMPTY && nb & EMPTY_BYTE != 0 {
                    self.region_owner(i)
                } else {
                    // A stone's colour, or the one colour around an empty point (branch-free).
                    let empty = v == EMPTY;
                    let black = (v == BLACK) | (empty & (nb & EMPTY_BYTE << 8 != 0));
                    let white = (v == WHITE) | (empty & (nb & EMPTY_BYTE << 16 != 0));
                    i8::from(black) - i8::from(white)
                };
            }
        }
    }

    /// The owner of the empty region of the empty point `i`: the one colour it reaches, or 0.
    pub(super) fn region_owner(&mut self, i: usize) -> i8 {
        if self.mark[i] == self.generation {
            return self.fill[i];
        }
        let pos = &self.pos;
        self.region.clear();
        self.stack.clear();
        self.stack.push(i as u16);
        self.mark[i] = self.generation;
        let mut reach = 0u8;
        while let Some(j) = self.stack.pop() {
            let j = j as usize;
            self.region.push(j as u16);
            for n in pos.neighbours(j) {
                match pos.color[n] {
                    EMPTY if self.mark[n] != self.generation => {
                        self.mark[n] = self.generation;
                        self.stack.push(n as u16);
                    }
                    v @ (BLACK | WHITE) => reach |= v,
                    _ => {}
                }
            }
        }
        let o = match reach {
            BLACK => 1,
            WHITE => -1,
            _ => 0,
        };
        for &j in &self.region {
            self.fill[j as usize] = o;
        }
        o
    }
}

/// The owner of every point of `board`, row-major: a stone's colour, or for an empty point
/// the one colour its empty region reaches (0 when it reaches both or none).
#[allow(dead_code)] // part of the estimator's interface; the playouts count on their own board
pub(crate) fn area_owners(board: &Board, owner: &mut [i8]) {
    let size = board.size();
    let (w, h) = (size.width() as usize, size.height() as usize);
    let signs = board.to_signs();
    let mut seen = vec![false; w * h];
    let mut stack = Vec::new();
    let mut region = Vec::new();
    for i in 0..w * h {
        if signs[i] != 0 {
            owner[i] = signs[i];
            continue;
        }
        if seen[i] {
            continue;
        }
        let mut reach = 0u8;
        region.clear();
        seen[i] = true;
        stack.push(i);
        while let Some(j) = stack.pop() {
            region.push(j);
            let (x, y) = (j % w, j / w);
            let mut visit = |k: usize| match signs[k] {
                1 => reach |= 1,
                -1 => reach |= 2,
                _ => {
                    if !seen[k] {
                        seen[k] = true;
                        stack.push(k);
                    }
                }
            };
            if x > 0 {
                visit(j - 1);
            }
            if x + 1 < w {
                visit(j + 1);
            }
            if y > 0 {
                visit(j - w);
            }
            if y + 1 < h {
                visit(j + w);
            }
        }
        let v = match reach {
            1 => 1,
            2 => -1,
            _ => 0,
        };
        for &j in &region {
            owner[j] = v;
        }
    }
}
