//! Good shape on a 3x3 neighbourhood: the points where a strong player often answers a move
//! (hane, cuts, blocks on the edge), as the computer player's playouts and its search's first
//! guesses use them. A point matches when the stones around it fit one of
//! [`PATTERNS`], turned or mirrored any way, either colour being `X`.
//!
//! The shapes are the ones Gelly, Wang, Munos and Teytaud describe for MoGo ("Modification of
//! UCT with Patterns in Monte-Carlo Go", 2006), written down here in our own notation: a
//! diagram of the 3x3 square around the empty centre, top row first, with
//! - `X` and `O`: a stone of one colour and of the other,
//! - `.`: an empty point,
//! - `x`: not `X` (empty, `O` or off the board), `o`: not `O`,
//! - `?`: anything, `#`: off the board (the edge of the board).
//!
//! The matching is one bit per code in a table of all 65,536 neighbourhoods, built once.

use std::sync::OnceLock;

/// The shapes (see the module documentation); each is matched in its eight orientations and
/// with the colours exchanged.
pub const PATTERNS: [[&str; 3]; 13] = [
    // Hane around a lone stone: a hane that encloses it.
    ["XOX", "...", "???"],
    // Hane that cannot be cut.
    ["XO.", "...", "?.?"],
    // Hane bending round (magari).
    ["XO?", "X..", "x.?"],
    // Diagonal attachment to a stone beside the player's own.
    [".O.", "X..", "..."],
    // The cut that nothing protects.
    ["XO?", "O.o", "?o?"],
    // The cut after a peep.
    ["XO?", "O.X", "???"],
    // Pushing out between two stones (de).
    ["?X?", "O.O", "ooo"],
    // The cut of a knight's move.
    ["OX?", "o.O", "???"],
    // On the edge: chasing along the first line.
    ["X.?", "O.?", "###"],
    // On the edge: blocking a cut.
    ["OX?", "X.O", "###"],
    // On the edge: blocking a connection underneath.
    ["?X?", "x.O", "###"],
    // On the edge: the descent (sagari).
    ["?XO", "x.x", "###"],
    // On the edge: the cut.
    ["?OX", "X.O", "###"],
];

// Cell values of a neighbourhood code: the playout board's.
use crate::cell::{BLACK, BORDER as EDGE, EMPTY, WHITE};

/// Whether the neighbourhood `code` (the eight neighbours' cell values, two bits each, from
/// the upper left in reading order: upper left, up, upper right, left, right, lower left, down,
/// lower right) makes its centre a point of good shape.
#[inline(always)]
pub fn matches(code: u16) -> bool {
    let table = table();
    table[usize::from(code) >> 6] >> (code & 63) & 1 != 0
}

/// The table of every code, one bit each.
fn table() -> &'static [u64; 1024] {
    static TABLE: OnceLock<Box<[u64; 1024]>> = OnceLock::new();
    TABLE.get_or_init(build)
}

/// The cells a diagram's symbol may hold, for `X` being `x` (a colour's cell value).
fn cells(symbol: u8, x: u8) -> &'static [u8] {
    const STONE: [&[u8]; 3] = [&[], &[BLACK], &[WHITE]];
    const NOT: [&[u8]; 3] = [&[], &[EMPTY, WHITE, EDGE], &[EMPTY, BLACK, EDGE]];
    let (x, o) = (usize::from(x), usize::from(x ^ 3));
    match symbol {
        b'X' => STONE[x],
        b'O' => STONE[o],
        b'x' => NOT[x],
        b'o' => NOT[o],
        b'.' => &[EMPTY],
        b'#' => &[EDGE],
        _ => &[EMPTY, BLACK, WHITE, EDGE],
    }
}

/// The eight orientations of a 3x3 diagram: `(row, column)` of the source cell for each
/// target cell.
fn orient(d: [[u8; 3]; 3], k: usize) -> [[u8; 3]; 3] {
    let mut out = [[b'?'; 3]; 3];
    for (r, row) in out.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().enumerate() {
            // Turn k % 4 quarter turns, then mirror when k >= 4.
            let (mut y, mut x) = (r, c);
            if k >= 4 {
                x = 2 - x;
            }
            for _ in 0..k % 4 {
                (y, x) = (2 - x, y);
            }
            *cell = d[y][x];
        }
    }
    out
}

fn build() -> Box<[u64; 1024]> {
    let mut table = Box::new([0u64; 1024]);
    for pattern in PATTERNS {
        let mut d = [[0u8; 3]; 3];
        for (r, row) in pattern.iter().enumerate() {
            d[r].copy_from_slice(&row.as_bytes()[..3]);
        }
        for k in 0..8 {
            let o = orient(d, k);
            for x_colour in [BLACK, WHITE] {
                // The eight neighbours in code order, the centre left out.
                let choices: Vec<&[u8]> = (0..9)
                    .filter(|&n| n != 4)
                    .map(|n| cells(o[n / 3][n % 3], x_colour))
                    .collect();
                expand(&choices, 0, 0, &mut table);
            }
        }
    }
    table
}

/// Sets the bit of every code the per-neighbour `choices` allow, from neighbour `k` on with
/// `code` the cells chosen so far.
fn expand(choices: &[&[u8]], k: usize, code: u16, table: &mut [u64; 1024]) {
    if k == choices.len() {
        table[usize::from(code) >> 6] |= 1 << (code & 63);
        return;
    }
    for &v in choices[k] {
        expand(choices, k + 1, code | u16::from(v) << (2 * k), table);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The code of a diagram of the eight neighbours (`X` Black, `O` White, `#` the edge).
    fn code(rows: [&str; 3]) -> u16 {
        let cells: Vec<u8> = rows.concat().into_bytes();
        let mut code = 0;
        let mut k = 0;
        for (n, &b) in cells.iter().enumerate() {
            if n == 4 {
                continue;
            }
            let v = match b {
                b'X' => BLACK,
                b'O' => WHITE,
                b'#' => EDGE,
                _ => EMPTY,
            };
            code |= u16::from(v) << (2 * k);
            k += 1;
        }
        code
    }

    #[test]
    fn shapes_match_in_every_orientation_and_colour() {
        // The enclosing hane, as written, turned, mirrored and with the colours exchanged.
        assert!(matches(code(["XOX", "...", "..."])));
        assert!(matches(code(["...", "...", "XOX"])));
        assert!(matches(code(["X..", "O..", "X.."])));
        assert!(matches(code(["OXO", "...", "..."])));
        // The cut: two stones of one colour diagonal around the centre, the others not.
        assert!(matches(code(["XO.", "O..", "..."])));
        assert!(matches(code(["..X", "..O", ".OX"])));
        // Edge shapes on the edge: the descent (sagari); a lone stone above the point is none.
        assert!(matches(code([".XO", "...", "###"])));
        assert!(!matches(code([".X.", "...", "###"])));
    }

    #[test]
    fn plain_points_do_not_match() {
        assert!(!matches(code(["...", "...", "..."])));
        assert!(!matches(code(["###", "...", "..."])));
        assert!(!matches(code(["XXX", "...", "..."])));
        // A cut that the cutter's other stone already protects is not the unprotected cut.
        assert!(!matches(code(["XO.", "O.O", "..."])));
    }

    #[test]
    fn the_orientations_are_the_eight_symmetries() {
        let d = [*b"abc", *b"def", *b"ghi"];
        let all: std::collections::HashSet<[[u8; 3]; 3]> = (0..8).map(|k| orient(d, k)).collect();
        assert_eq!(all.len(), 8);
        for o in &all {
            assert_eq!(o[1][1], b'e');
        }
    }
}
