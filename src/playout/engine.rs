//! The playout engine for one position: the start position, the loop that plays one playout
//! from it (the policy's moves, then a random one, until both players pass) and its scratch for
//! the final owners.

use super::board::{Grid, Pos};
use super::rng::Rng;
use crate::board::Board;
use crate::cell::{cell, BLACK, WHITE};
use crate::color::Color;

/// A playout engine for one position: `run` plays one playout from it and reports the owners.
pub(crate) struct Playout {
    pub(super) width: usize,
    pub(super) height: usize,
    pub(super) to_move: u8,
    /// The start position.
    pub(super) start: Pos,
    /// The position of the playout being played.
    pub(super) pos: Pos,
    /// Scratch of the owner computation: per cell, the run that last filled it, and its owner.
    pub(super) mark: Grid<u32>,
    pub(super) fill: Grid<i8>,
    pub(super) generation: u32,
    pub(super) stack: Vec<u16>,
    pub(super) region: Vec<u16>,
    /// Whether the playouts answer the last move with good shape ([`super::shape`]):
    /// the player's playouts do, the estimator's (tuned without) do not.
    #[cfg(feature = "player")]
    pub(super) patterns: bool,
    /// Per point, row-major: the final owners of the last [`Playout::simulate`].
    #[cfg(feature = "player")]
    pub(super) owner: Vec<i8>,
    /// The moves of the last run (padded indices, `None` for a pass), for the tests.
    #[cfg(test)]
    pub(super) trace: Vec<Option<usize>>,
}

impl Playout {
    /// Playouts from `board` (its basic ko included) with `to_move` to play first.
    pub fn new(board: &Board, to_move: Color) -> Playout {
        let size = board.size();
        let (w, h) = (size.width() as usize, size.height() as usize);
        let mut start = Pos::new(w, h);
        for (k, &s) in board.to_signs().iter().enumerate() {
            if s != 0 {
                let i = start.index(k % w, k / w);
                start.put(i, if s > 0 { BLACK } else { WHITE });
            }
        }
        if let Some((p, c)) = board.ko() {
            if c == to_move {
                start.ko = start.index(p.x as usize, p.y as usize) as u16;
            }
        }
        Playout {
            width: w,
            height: h,
            to_move: cell(to_move),
            pos: start.clone(),
            start,
            mark: Grid::new(0),
            fill: Grid::new(0),
            generation: 0,
            stack: Vec::with_capacity(w * h),
            region: Vec::with_capacity(w * h),
            #[cfg(feature = "player")]
            patterns: false,
            #[cfg(feature = "player")]
            owner: vec![0; w * h],
            #[cfg(test)]
            trace: Vec::new(),
        }
    }

    /// Plays one playout with `rng` and writes the final owner of every point, row-major, into
    /// `owner`: 1 Black, -1 White, 0 neither. Returns the number of moves played.
    pub fn run(&mut self, rng: &mut Rng, owner: &mut [i8]) -> u32 {
        self.pos.reset_from(&self.start);
        let moves = self.play_on(rng, self.to_move, [0, 0], 0, |_, _| {});
        self.owners(owner);
        moves
    }

    /// Plays on from the current position with `c` to move until both players pass (or
    /// `3 * area + 20` plies): `recent` holds the opponent's last move and `c`'s own last move
    /// (0: a pass, or none) and `passes` the passes in a row so far. `record` hears every stone
    /// played, with its colour. Returns the number of stones played.
    #[inline(always)]
    pub(super) fn play_on(
        &mut self,
        rng: &mut Rng,
        mut c: u8,
        recent: [usize; 2],
        mut passes: u32,
        mut record: impl FnMut(usize, u8),
    ) -> u32 {
        let max_plies = 3 * self.width * self.height + 20;
        let mut moves = 0;
        // The opponent's last move and the mover's own last move (0: a pass, or none).
        let [mut last, mut prev] = recent;
        #[cfg(test)]
        self.trace.clear();
        for _ in 0..max_plies {
            if passes >= 2 {
                break;
            }
            // The rules' tests are inline and cheap; their moves, rarely needed, out of line.
            let mut chosen = None;
            if last != 0 && self.pos.atari_next_to(last, c) {
                chosen = self.escape(rng, c, last);
            }
            if chosen.is_none() && prev != 0 && self.pos.atari_next_to(prev, c ^ 3) {
                chosen = self.capture(rng, c, prev);
            }
            #[cfg(feature = "player")]
            if chosen.is_none() && self.patterns && last != 0 {
                chosen = self.shape(rng, c, last);
            }
            if chosen.is_none() {
                chosen = self.random_move(rng, c);
            }
            #[cfg(test)]
            self.trace.push(chosen);
            prev = last;
            match chosen {
                Some(i) => {
                    self.pos.play(i, c);
                    record(i, c);
                    moves += 1;
                    passes = 0;
                    last = i;
                }
                None => {
                    self.pos.ko = 0;
                    passes += 1;
                    last = 0;
                }
            }
            c ^= 3;
        }
        moves
    }
}

/// Runs `n` playouts from `board` with `to_move` first and the generator seeded with `seed`;
/// returns the moves played in all. For the benchmarks (`estimate_playout`).
#[doc(hidden)]
#[allow(dead_code)] // re-exported for the benchmarks by `estimate`
pub fn bench_playouts(board: &Board, to_move: Color, n: u32, seed: u64) -> u64 {
    let mut playout = Playout::new(board, to_move);
    let mut rng = Rng::new(seed);
    let mut owner = vec![0i8; board.size().area()];
    (0..n)
        .map(|_| u64::from(playout.run(&mut rng, &mut owner)))
        .sum()
}
