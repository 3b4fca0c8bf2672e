//! The priors of the search's new moves: virtual visits and wins from Go knowledge (captures,
//! escapes from atari, good shape, the 3x3 patterns strong players play, self-atari, the lines
//! of an empty area, nearness to the last move, the pass), which real results soon outweigh
//! (see the module documentation of [`super`], 3).

use crate::playout::Playout;

/// The virtual visits of a move's learned pattern weight ([`Playout::pattern_weight`]), on
/// boards at least [`WIDE`] wide.
const PATTERN_VISITS: f32 = 20.0;

/// Boards at least this wide (13x13 and up) give the lines of an empty area weighty priors.
const WIDE: usize = 13;

/// The virtual visits of a first- or second-line move in an empty area on a wide board: as
/// many as the AMAF results of a few thousand playouts, which would otherwise drown the
/// prior, since random play wins about as often after a stone on the second line as after
/// one on the third. Ten thousand playouts on an empty 13x13 board with the light prior of
/// smaller boards opened on the second line in half of the games against GNU Go.
const WIDE_LINE_VISITS: f32 = 1000.0;

/// The virtual visits and wins a new move starts with, from what a stone of `c` on `i` does
/// (`mv` 0: the pass). Real results soon outweigh them.
pub(super) fn prior(p: &Playout, mv: usize, c: u8, last: usize) -> (f32, f32) {
    if mv == 0 {
        // The pass: tried, but rarely, while there are moves to make.
        return (10.0, 1.0);
    }
    let (captures, libs, size) = p.shape_of_move(mv, c);
    let (mut n, mut w) = (10.0f32, 5.0f32);
    let mut add = |visits: f32, rate: f32| {
        n += visits;
        w += visits * rate;
    };
    if captures {
        add(10.0, 0.9);
    } else if libs < 2 {
        // Self-atari: a throw-in at best.
        add(10.0, if size >= 3 { 0.0 } else { 0.2 });
    }
    if p.atari_next_to(mv, c) && (captures || libs >= 2) {
        // Saves a chain in atari.
        add(10.0, 0.8);
    }
    if p.good_shape(mv) {
        add(6.0, 0.75);
    }
    // The learned patterns on wide boards only: measured on 13x13; 9x9 keeps the priors its
    // matches were played with.
    let weight = if p.side() >= WIDE {
        p.pattern_weight(mv, c)
    } else {
        0
    };
    if weight != 0 {
        // Played 2^(weight / 4) times as often as an average move by strong players: a rate
        // of 0.5 for an average pattern, 0.8 for one played sixteen times as often, 0.2 for
        // one played a sixteenth as often.
        add(
            PATTERN_VISITS,
            1.0 / (1.0 + (-f32::from(weight) / 8.0).exp2()),
        );
    }
    if last != 0 && near(p, mv, last) {
        add(4.0, 0.7);
    }
    if p.empty_around(mv) {
        // In an empty area: the first line is wasted, the second low, the third good. On a
        // wide board the low lines are all but ruled out (see `WIDE_LINE_VISITS`).
        let low = if p.side() >= WIDE {
            WIDE_LINE_VISITS
        } else {
            60.0
        };
        match p.line_of(mv) {
            0 => add(low, 0.05),
            1 => add(low, 0.25),
            2 | 3 => add(20.0, 0.65),
            _ => {}
        }
    }
    (n, w)
}

/// Whether `a` and `b` are at most two steps apart (a Manhattan distance of 2, or diagonal).
fn near(p: &Playout, a: usize, b: usize) -> bool {
    let (pa, pb) = (p.point_of(a), p.point_of(b));
    let dx = (pa.x as i32 - pb.x as i32).abs();
    let dy = (pa.y as i32 - pb.y as i32).abs();
    dx + dy <= 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::color::Color;
    use crate::point::{Point, Size};

    /// The playouts of a `side` board with `stones` (x, y, colour), `to_move` first.
    fn position(side: u32, stones: &[(u8, u8, Color)], to_move: Color) -> Playout {
        let stones = stones.iter().map(|&(x, y, c)| (Point::new(x, y), c));
        let board =
            Board::with_stones(Size::square(side).expect("a size"), stones).expect("a board");
        Playout::new(&board, to_move)
    }

    fn rate_at(p: &Playout, x: u8, y: u8, c: u8) -> (f32, f32) {
        let (n, w) = prior(p, p.index_of(Point::new(x, y)), c, 0);
        (n, w / n)
    }

    #[test]
    fn low_lines_of_an_empty_wide_board_are_all_but_ruled_out() {
        for side in [13, 19] {
            let p = position(side, &[], Color::Black);
            for (x, y) in [(5, 1), (0, 6), (1, 1), (6, 0)] {
                let (n, rate) = rate_at(&p, x, y, 1);
                assert!(
                    n >= 1000.0 && rate < 0.3,
                    "{side}: ({x}, {y}): {n} at {rate}"
                );
            }
            for (x, y) in [(2, 6), (3, 3), (6, 2)] {
                let (n, rate) = rate_at(&p, x, y, 1);
                assert!(n < 200.0 && rate > 0.5, "{side}: ({x}, {y}): {n} at {rate}");
            }
        }
        // On 9x9 the second line stays light: real results outweigh it soon.
        let (n, rate) = rate_at(&position(9, &[], Color::Black), 4, 1, 1);
        assert!(n < 200.0 && rate < 0.5, "9x9: {n} at {rate}");
        // Nor do learned patterns weigh there (9x9 keeps the priors of its matches).
        let triangle = [
            (4, 4, Color::Black),
            (5, 4, Color::Black),
            (4, 5, Color::Black),
        ];
        assert_eq!(
            rate_at(&position(9, &triangle, Color::Black), 5, 5, 1),
            (10.0, 0.5)
        );
    }

    #[test]
    fn learned_patterns_weigh_moves_for_either_colour() {
        // Filling the empty triangle of three own stones, for Black and, with the colours
        // exchanged, for White: the same low weight and the same prior, well under even.
        let black = [
            (4, 4, Color::Black),
            (5, 4, Color::Black),
            (4, 5, Color::Black),
        ];
        let white = black.map(|(x, y, _)| (x, y, Color::White));
        let (pb, pw) = (
            position(13, &black, Color::Black),
            position(13, &white, Color::White),
        );
        let at = pb.index_of(Point::new(5, 5));
        assert!(
            pb.pattern_weight(at, 1) < -8,
            "{}",
            pb.pattern_weight(at, 1)
        );
        assert_eq!(pb.pattern_weight(at, 1), pw.pattern_weight(at, 2));
        let (_, rate) = rate_at(&pb, 5, 5, 1);
        assert!(rate < 0.4, "{rate}");
        assert_eq!(rate_at(&pw, 5, 5, 2), rate_at(&pb, 5, 5, 1));
        // For the opponent the same point cuts nothing and is no empty triangle.
        assert!(pb.pattern_weight(at, 2) > pb.pattern_weight(at, 1));
    }
}
