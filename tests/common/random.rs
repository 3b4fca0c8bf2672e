//! Random games for the property tests: the players alternate random legal moves, never filling
//! their own eyes, so that finished games leave settled groups and stopped ones open fights.

use super::rng::SplitMix;
use tengen::{Board, Color, Point, Size};

/// A random game on a `w` x `h` board: the players alternate random legal moves that do not
/// fill their own eyes (`Board::is_eyeish`), passing when they have none, for `moves` moves
/// or until both pass. The player to move comes after the last move.
pub fn random_game(w: u32, h: u32, seed: u64, moves: usize) -> (Board, Color) {
    let size = Size::new(w, h).expect("a board size");
    let mut board = Board::new(size);
    let mut rng = SplitMix(seed);
    let mut colour = Color::Black;
    let mut passes = 0;
    for _ in 0..moves {
        let mut empties: Vec<Point> = board.empty_points().collect();
        empties.sort_unstable();
        let mut played = false;
        while !empties.is_empty() {
            let p = empties.swap_remove(rng.below(empties.len()));
            if !board.is_eyeish(p, colour) && board.play(p, colour, false).is_ok() {
                played = true;
                break;
            }
        }
        if played {
            passes = 0;
        } else {
            passes += 1;
            board.clear_ko();
        }
        colour = colour.opponent();
        if passes == 2 {
            break;
        }
    }
    (board, colour)
}
