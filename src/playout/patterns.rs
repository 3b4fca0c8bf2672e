//! Pattern weights learned from strong players' games (feature `player`): how much more or
//! less often than an average candidate a move was played when the 3x3 square around it
//! looked a given way, for the computer player's priors.
//!
//! A pattern's key: two bits for each of the eight neighbours in reading order (upper left,
//! up, upper right, left, right, lower left, down, lower right; 0 empty, 1 a stone of the
//! player to move, 2 the opponent's, 3 off the board), then one bit for each of the four
//! points next to the move (up, left, right, down) whose stone is in atari. The weights are
//! `log2` of the ratio (played when offered, against all moves played of all offered) in
//! quarters, 0 for a pattern too rare to weigh.
//!
//! The table `pattern_table.rs` is generated, one orientation a pattern: regenerate it with
//! `cargo run --release --example train_patterns -- ../shared/corpus/ai-games
//! ../shared/corpus/replay > src/playout/pattern_table.rs` (the 842 even 19x19 games of the
//! corpus, a few minutes). A pattern is looked up by its smallest orientation, halving the
//! sorted table (no copy of it is made, so that the wasm package stays small).

#[path = "pattern_table.rs"]
mod pattern_table;

use crate::board::Board;
use crate::color::Color;
use crate::point::Point;

/// The key bits of the eight neighbours (the rest are the four atari bits).
const NEIGHBOUR_BITS: u32 = 16;

/// The weight, in quarters of `log2`, of the pattern `key` (0 when the table does not have it).
pub fn weight(key: u32) -> i8 {
    // The table holds the smallest of each pattern's eight orientations, sorted.
    let least = canonical(key);
    let table = &pattern_table::TABLE;
    match table.binary_search_by_key(&least, |&e| e & 0xff_ffff) {
        Ok(k) => (table[k] >> 24) as u8 as i8,
        Err(_) => 0,
    }
}

/// The key of a point from its neighbourhood `code` (the playout board's: 1 Black, 2 White),
/// the colour to move `c` (1 or 2) and the atari bits of its four sides (up, left, right, down).
#[inline]
pub fn key(code: u16, c: u8, atari: u32) -> u32 {
    let mut code = u32::from(code);
    if c == 2 {
        // Seen from White: exchange 1 and 2 (the two bits differ), keep 0 and 3.
        let differ = (code ^ code >> 1) & 0x5555;
        code ^= differ | differ << 1;
    }
    code | atari << NEIGHBOUR_BITS
}

/// The smallest of the eight orientations of `key`: the one the table stores.
pub fn canonical(key: u32) -> u32 {
    (0..8).map(|k| orient(key, k)).min().unwrap_or(key)
}

/// The key of a move of `c` on the empty point `p` of a rules board, `in_atari` telling which
/// stones are in atari: the key the playout board computes from its codes, for learning the
/// table from records (examples/train_patterns.rs).
pub fn board_key(board: &Board, p: Point, c: Color, in_atari: impl Fn(Point) -> bool) -> u32 {
    let size = board.size();
    let (mut code, mut atari) = (0u32, 0u32);
    let (mut n, mut side) = (0, 0);
    for dy in -1i32..=1 {
        for dx in -1i32..=1 {
            if dx == 0 && dy == 0 {
                continue;
            }
            let (x, y) = (i32::from(p.x) + dx, i32::from(p.y) + dy);
            let inside = x >= 0 && y >= 0 && x < size.width() as i32 && y < size.height() as i32;
            let v = if inside {
                let q = Point::new(x as u8, y as u8);
                match board.get(q) {
                    None => 0,
                    Some(s) => {
                        if dx == 0 || dy == 0 {
                            atari |= u32::from(in_atari(q)) << side;
                        }
                        if s == c {
                            1
                        } else {
                            2
                        }
                    }
                }
            } else {
                3
            };
            if dx == 0 || dy == 0 {
                side += 1;
            }
            code |= v << (2 * n);
            n += 1;
        }
    }
    code | atari << NEIGHBOUR_BITS
}

/// The key after the `k`-th of the eight symmetries of the square (`k % 4` quarter turns,
/// mirrored first when `k >= 4`).
#[inline]
pub fn orient(key: u32, k: usize) -> u32 {
    let to = &MOVES[k % 8];
    let mut out = 0u32;
    for (n, &t) in to[..8].iter().enumerate() {
        out |= (key >> (2 * n) & 3) << (2 * t);
    }
    for (n, &t) in to[8..].iter().enumerate() {
        out |= (key >> (NEIGHBOUR_BITS as usize + n) & 1) << (NEIGHBOUR_BITS as usize + t as usize);
    }
    out
}

/// For each symmetry, where each of the eight neighbours goes (0 to 7), then each of the four
/// sides (0 to 3): worked out once, at compile time.
const MOVES: [[u8; 12]; 8] = moves();

const fn moves() -> [[u8; 12]; 8] {
    // The neighbours' cells of the 3x3 square in reading order (the centre, 4, left out),
    // and the cells of the four sides.
    const CELL: [usize; 8] = [0, 1, 2, 3, 5, 6, 7, 8];
    const SIDE: [usize; 4] = [1, 3, 5, 7];
    let mut out = [[0u8; 12]; 8];
    let mut k = 0;
    while k < 8 {
        let mut n = 0;
        while n < 12 {
            let cell = if n < 8 { CELL[n] } else { SIDE[n - 8] };
            let (mut r, mut c) = (cell / 3, cell % 3);
            if k >= 4 {
                c = 2 - c;
            }
            let mut turn = 0;
            while turn < k % 4 {
                (r, c) = (c, 2 - r);
                turn += 1;
            }
            let image = r * 3 + c;
            let mut to = 0;
            if n < 8 {
                while CELL[to] != image {
                    to += 1;
                }
            } else {
                while SIDE[to] != image {
                    to += 1;
                }
            }
            out[k][n] = to as u8;
            n += 1;
        }
        k += 1;
    }
    out
}

/// The number of patterns of the table (one orientation each).
#[cfg(test)]
pub(super) fn stored() -> &'static [u32] {
    &pattern_table::TABLE
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The key of a diagram of the eight neighbours (`X` the player to move, `O` the
    /// opponent, `#` off the board, else empty; the centre ignored) and the atari bits of the
    /// sides (up, left, right, down).
    fn key_of(rows: [&str; 3], atari: [bool; 4]) -> u32 {
        let cells: Vec<u8> = rows.concat().into_bytes();
        let mut code = 0u32;
        let mut k = 0;
        for (n, &b) in cells.iter().enumerate() {
            if n == 4 {
                continue;
            }
            let v = match b {
                b'X' => 1,
                b'O' => 2,
                b'#' => 3,
                _ => 0,
            };
            code |= v << (2 * k);
            k += 1;
        }
        let bits = atari
            .iter()
            .enumerate()
            .fold(0, |a, (k, &b)| a | u32::from(b) << k);
        code | bits << NEIGHBOUR_BITS
    }

    #[test]
    fn the_table_holds_one_orientation_of_each_pattern() {
        let stored = stored();
        assert!(stored.len() > 500, "{} patterns", stored.len());
        for w in stored.windows(2) {
            assert!(
                w[0] & 0xff_ffff < w[1] & 0xff_ffff,
                "sorted, no pattern twice"
            );
        }
        for &e in stored {
            let key = e & 0xff_ffff;
            assert!(key < 1 << 20, "20 key bits");
            let least = (0..8).map(|k| orient(key, k)).min();
            assert_eq!(least, Some(key), "the smallest orientation is stored");
            assert_ne!(e >> 24, 0, "patterns without weight are left out");
        }
    }

    #[test]
    fn every_orientation_has_the_stored_weight() {
        for &e in stored() {
            let w = (e >> 24) as u8 as i8;
            for k in 0..8 {
                assert_eq!(weight(orient(e & 0xff_ffff, k)), w);
            }
        }
        // A pattern that cannot occur (off the board on opposite sides) has none.
        assert_eq!(weight(key_of(["###", "...", "###"], [false; 4])), 0);
    }

    #[test]
    fn the_orientations_are_the_eight_symmetries() {
        let asymmetric = key_of(["XO#", "..X", "O.."], [false, true, false, false]);
        let all: std::collections::HashSet<u32> = (0..8).map(|k| orient(asymmetric, k)).collect();
        assert_eq!(all.len(), 8);
        assert_eq!(orient(asymmetric, 0), asymmetric);
        // A quarter turn moves the upper row to the right column, the atari bit with it.
        assert_eq!(
            orient(
                key_of(["XXX", "...", "..."], [true, false, false, false]),
                1
            ),
            key_of(["..X", "..X", "..X"], [false, false, true, false])
        );
    }

    #[test]
    fn white_sees_the_colours_exchanged() {
        // Black stone up, White stone left, edge below: the code of the playout board.
        let code: u16 = 1 << 2 | 2 << 6 | 3 << 10 | 3 << 12 | 3 << 14;
        assert_eq!(
            key(code, 1, 0b0001),
            key_of([".X.", "O..", "###"], [true, false, false, false])
        );
        assert_eq!(key(code, 2, 0), key_of([".O.", "X..", "###"], [false; 4]));
    }

    #[test]
    fn a_rules_board_gives_the_playout_boards_key() {
        // The point (1, 1): Black up (in atari) and right, White in the three other upper
        // and left points, the lower row empty.
        let board = Board::from_rows(&["OXO.", "O.X.", "....", "...."]).unwrap();
        let p = Point::new(1, 1);
        let in_atari = |q: Point| board.liberties(q) == 1;
        let up = [true, false, false, false];
        assert_eq!(
            board_key(&board, p, Color::Black, in_atari),
            key_of(["OXO", "O.X", "..."], up)
        );
        assert_eq!(
            board_key(&board, p, Color::White, in_atari),
            key_of(["XOX", "X.O", "..."], up)
        );
        // The edge is off the board, and the stored orientation is the least of the eight.
        let corner = board_key(&board, Point::new(3, 3), Color::Black, in_atari);
        assert_eq!(corner, key_of(["..#", "..#", "###"], [false; 4]));
        let least = (0..8).map(|n| orient(corner, n)).min().unwrap();
        assert_eq!(canonical(corner), least);
        assert_eq!(weight(corner), weight(least));
    }

    /// Shapes strong players play far more (or less) often than an average move.
    #[test]
    fn learned_weights_know_good_and_bad_shape() {
        let no = [false; 4];
        let cases: [([&str; 3], [bool; 4], i8, i8); 6] = [
            // An empty point on the first line: almost never played.
            (["...", "...", "###"], no, -128, -16),
            // Filling an empty triangle (own stones up and left, nothing else): rare.
            (["XX.", "X..", "..."], no, -128, -1),
            // Capturing a stone in atari (the opponent's stone up, in atari).
            (["XOX", "...", "..."], [true, false, false, false], 8, 127),
            // Saving an own stone in atari next to the point.
            (["OXO", "...", "..."], [true, false, false, false], 4, 127),
            // The hane at the head of two stones.
            ([".OX", ".OX", "..."], no, 4, 127),
            // An empty point on the third line or higher, nothing around: below average.
            (["...", "...", "..."], no, -16, -1),
        ];
        for (rows, atari, low, high) in cases {
            let w = weight(key_of(rows, atari));
            assert!((low..=high).contains(&w), "{rows:?} {atari:?}: {w}");
        }
    }
}
