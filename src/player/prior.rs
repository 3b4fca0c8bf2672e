//! The priors of the search's new moves: virtual visits and wins from Go knowledge (captures,
//! escapes from atari, good shape, the 3x3 patterns strong players play, self-atari, the lines
//! of an empty area, nearness to the last move, the pass), which real results soon outweigh
//! (see the module documentation of [`super`], 3).

use crate::playout::Playout;

/// The virtual visits of a move's learned pattern weight ([`Playout::pattern_weight`]).
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
    let weight = p.pattern_weight(mv, c);
    if weight != 0 {
        // Played 2^(weight / 4) times as often as an average move by strong players: a rate
        // from 0.5 for an average pattern towards 0.9 (sixteen times as often as the average
        // move) or 0.1 (a sixteenth).
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
