//! What the computer player ([`crate::player`]) needs of the playout board (feature `player`):
//! moves one by one for its search tree, the playouts' shape answers, the final area.

use super::engine::Playout;
use super::patterns;
use super::policy::Candidates;
use super::rng::Rng;
use super::shape;
use crate::cell::EMPTY;
use crate::point::Point;

/// What the computer player ([`crate::player`]) needs of the playout board: moves one by one
/// for its tree, the playouts' shape answers, the final area.
impl Playout {
    /// The same playouts answering the last move with good shape when `on` (see
    /// [`super::shape`]).
    pub fn with_patterns(mut self, on: bool) -> Playout {
        self.patterns = on;
        self
    }

    /// The colour to move at the start position, as a cell value (1 Black, 2 White).
    pub fn first_to_move(&self) -> u8 {
        self.to_move
    }

    /// Goes back to the start position (for a search that plays a line of moves, then a
    /// playout, then starts again).
    pub fn reset(&mut self) {
        self.pos.reset_from(&self.start);
    }

    /// The padded index of the point `p` (on the board).
    pub fn index_of(&self, p: Point) -> usize {
        self.pos.index(p.x as usize, p.y as usize)
    }

    /// The point of the on-board padded index `i`.
    pub fn point_of(&self, i: usize) -> Point {
        let stride = self.pos.stride;
        Point::new((i % stride - 1) as u8, (i / stride - 1) as u8)
    }

    /// The empty points of the current position (padded indices, in no order).
    pub fn empty_points(&self) -> &[u16] {
        &self.pos.empties.0[..self.pos.n_empty]
    }

    /// Whether `c` (a cell value) may play on the point `i` of the current position: empty, not
    /// the basic-ko point, not suicide (a search never offers suicide, which every preset allows
    /// it not to play), and not its own true eye (which no preset needs it to fill).
    pub fn sensible(&self, i: usize, c: u8) -> bool {
        let pos = &self.pos;
        if pos.color[i] != EMPTY || i == pos.ko as usize || pos.is_eye(i, c) {
            return false;
        }
        let a = pos.assess(i, c);
        a.captures || a.libs > 0
    }

    /// What a stone of `c` on the empty point `i` would do: whether it captures, and the
    /// liberties (up to 2) and size of its chain after the move when it does not.
    pub fn shape_of_move(&self, i: usize, c: u8) -> (bool, u8, usize) {
        let a = self.pos.assess(i, c);
        (a.captures, a.libs, a.size)
    }

    /// Whether a neighbour of `i` is a stone of `c` whose chain is in atari.
    pub fn atari_next_to(&self, i: usize, c: u8) -> bool {
        self.pos.atari_next_to(i, c)
    }

    /// Whether a stone on the empty point `i` makes good shape ([`super::shape`]).
    pub fn good_shape(&self, i: usize) -> bool {
        shape::matches(self.pos.neighbourhood(i))
    }

    /// The line of the point `i` counted from the nearest edge (0: the first line).
    pub fn line_of(&self, i: usize) -> usize {
        let p = self.point_of(i);
        let (x, y) = (p.x as usize, p.y as usize);
        x.min(y).min(self.width - 1 - x).min(self.height - 1 - y)
    }

    /// The learned weight of a move of `c` on the empty point `i` ([`super::patterns`]): its
    /// 3x3 pattern's, in quarters of `log2` of how much more often strong players play it
    /// than an average move.
    pub fn pattern_weight(&self, i: usize, c: u8) -> i8 {
        let pos = &self.pos;
        let mut atari = 0u32;
        for (k, q) in pos.neighbours(i).into_iter().enumerate() {
            let stone = pos.color[q] == 1 || pos.color[q] == 2;
            atari |= u32::from(stone && pos.chain_of(q).in_atari()) << k;
        }
        patterns::weight(patterns::key(pos.neighbourhood(i), c, atari))
    }

    /// The board's shorter side, in points.
    pub fn side(&self) -> usize {
        self.width.min(self.height)
    }

    /// Whether none of the eight neighbours of `i` is a stone.
    pub fn empty_around(&self, i: usize) -> bool {
        // Two bits a neighbour: a stone (1 or 2) has them different, empty (0) and edge (3) not.
        let code = self.pos.neighbourhood(i);
        (code ^ code >> 1) & 0x5555 == 0
    }

    /// Plays a stone of `c` on `i` (a move [`Playout::sensible`] allows), or passes (`None`).
    pub fn play_move(&mut self, i: Option<usize>, c: u8) {
        match i {
            Some(i) => {
                self.pos.play(i, c);
            }
            None => self.pos.ko = 0,
        }
    }

    /// Plays on from the current position with `c` to move (`recent`: the opponent's last
    /// move and `c`'s own, 0 for a pass or none; `passes`: passes in a row so far) until both
    /// players pass; `record` hears every stone played with its colour. Returns Black's area
    /// minus White's on the final board (stones and the empty points only one colour reaches).
    pub fn simulate(
        &mut self,
        rng: &mut Rng,
        c: u8,
        recent: [usize; 2],
        passes: u32,
        record: impl FnMut(usize, u8),
    ) -> i32 {
        self.play_on(rng, c, recent, passes, record);
        self.area()
    }

    /// Black's area minus White's on the current board.
    pub fn area(&mut self) -> i32 {
        let mut owner = std::mem::take(&mut self.owner);
        self.owners(&mut owner);
        let total = owner.iter().map(|&o| i32::from(o)).sum();
        self.owner = owner;
        total
    }

    /// A move of good shape for `c` next to the opponent's last move `last` (one of its eight
    /// neighbours where a pattern of [`super::shape`] matches), if the policy allows
    /// one: uniformly among them.
    #[inline(never)]
    pub(super) fn shape(&self, rng: &mut Rng, c: u8, last: usize) -> Option<usize> {
        let pos = &self.pos;
        let mut moves = Candidates::default();
        let [n, w, e, s] = pos.neighbours(last);
        let [nw, ne, sw, se] = pos.diagonals(last);
        for q in [n, w, e, s, nw, ne, sw, se] {
            if pos.color[q] == EMPTY
                && shape::matches(pos.neighbourhood(q))
                && pos.allowed_out_of_line(q, c)
            {
                moves.add(q);
            }
        }
        moves.pick(rng)
    }
}
