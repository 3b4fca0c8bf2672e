//! The playouts' policy. A player never fills its own true eye ([`Board::is_eyeish`](crate::board::Board::is_eyeish)), never
//! commits suicide, never retakes a basic ko at once, and never puts one of its own chains of
//! [`SELF_ATARI_LIMIT`] stones or more in atari unless the move captures, or the chain has a
//! killing shape ([`is_nakade`]: straight or bent three, square or pyramid four, bulky or
//! crossed five, rabbity six) and the opponent's chains around it have no other empty point
//! all of whose neighbours are theirs (a sacrifice inside their eye space, whose vital point
//! it takes after the capture). It does not fill a false eye of its own (every neighbour its
//! own stone) that a weak chain of the opponent makes false (diagonal, with at most
//! [`WEAK_DIAGONAL`] stone-liberty adjacencies) when the chain filling it would keep fewer
//! than three liberties: once that chain is captured the eye is real, and filling it breaks
//! a seki or loses a race. Among the moves so allowed it chooses, in this order:
//! 1. escape: when the opponent's last move is next to one of its chains in atari, a move that
//!    extends that chain to two liberties or more, or captures an opponent chain in atari next
//!    to it;
//! 2. capture: an opponent chain in atari next to its own last move (an atari the opponent did
//!    not answer) is captured;
//! 3. otherwise a point uniformly at random among the empty points, trying another when the
//!    chosen one is not allowed; with none left it passes.
//!
//! A pass ends the basic ko, two passes in a row the playout (or `3 * area + 20` plies). On the
//! finished games of the corpus the escape rule is what makes dead stones come out right: with
//! it, a group with real eyes is not lost to a chain of ataris nobody answers.

use super::board::{Pos, EMPTY_BYTE};
use super::engine::Playout;
use super::rng::Rng;
use crate::cell::EMPTY;

/// A chain this large is never put in atari by its own player in a playout (a seki stays).
/// Smaller ones may be, as throw-ins. Tuned on the dead stones of the corpus's counted games:
/// 3 agrees with the records more often than 2 or 4.
pub(super) const SELF_ATARI_LIMIT: usize = 3;

/// Whether `stones` (3 to 6 points, `adjacent` telling neighbours apart) have a killing
/// shape: an eye space of that shape gives one eye at most once the opponent holds its vital
/// point. Those are all shapes of three, the square and the pyramid four, the bulky and the
/// crossed five, and the rabbity six; the straight, bent and zigzag fours and the other fives
/// and sixes make two eyes.
pub(super) fn is_nakade(stones: &[usize], adjacent: impl Fn(usize, usize) -> bool) -> bool {
    let mut edges = 0;
    let mut most = 0;
    for &a in stones {
        let degree = stones.iter().filter(|&&b| adjacent(a, b)).count();
        edges += degree;
        most = most.max(degree);
    }
    let edges = edges / 2;
    match stones.len() {
        3 => true,
        // Square four (a cycle) or pyramid four (a point next to the three others).
        4 => edges == 4 || most == 3,
        // Bulky five (a square and one more) or crossed five.
        5 => edges == 5 || most == 4,
        // Rabbity six: a crossed five with a point next to two of its arms.
        6 => edges == 6 && most == 4,
        _ => false,
    }
}

/// A chain of the opponent diagonal to a false eye with at most this many stone-liberty
/// adjacencies is weak (see [`Pos::weak_false_eye`]).
pub(super) const WEAK_DIAGONAL: u16 = 4;

impl Pos {
    /// Whether the policy lets `c` play on the empty point `i` (see the module documentation).
    #[inline(always)]
    pub(super) fn allowed(&self, i: usize, c: u8) -> bool {
        let nb = self.nb[i];
        if nb & EMPTY_BYTE >= 2 {
            // Two liberties, no eye, and not the ko point (surrounded by one colour).
            return true;
        }
        if i == self.ko as usize {
            return false;
        }
        if nb & (EMPTY_BYTE | EMPTY_BYTE << (8 * (c ^ 3))) == 0
            && (self.is_eye(i, c) || self.weak_false_eye(i, c))
        {
            // Every neighbour `c`'s: never a true eye, nor a false eye made by a weak chain
            // of the opponent unless the chain keeps three liberties.
            return false;
        }
        let a = self.assess(i, c);
        a.captures
            || a.libs >= 2
            || (a.libs == 1 && (a.size < SELF_ATARI_LIMIT || self.nakade_after(i, c, a.size)))
    }

    /// [`Pos::allowed`] as one function for the rarer moves (escapes and captures), so that
    /// only the random moves' loop has it inline (a smaller wasm module).
    #[inline(never)]
    pub(super) fn allowed_out_of_line(&self, i: usize, c: u8) -> bool {
        self.allowed(i, c)
    }

    /// Whether filling the false eye `i` of `c` is left alone: a diagonal neighbour is a
    /// chain of the opponent with at most [`WEAK_DIAGONAL`] stone-liberty adjacencies (short
    /// of liberties, as in a seki or a race) and the chain filling it would keep fewer than
    /// three liberties. Such an eye may be real once that chain is captured, and filling it
    /// loses the race or breaks the seki; a false eye made by a strong chain is filled as
    /// before (to connect).
    #[cold]
    #[inline(never)]
    pub(super) fn weak_false_eye(&self, i: usize, c: u8) -> bool {
        let opp = c ^ 3;
        let mut weak = false;
        for d in self.diagonals(i) {
            weak |= (self.color[d] == opp) & (self.chain_of(d).libs <= WEAK_DIAGONAL);
        }
        weak && self.liberties_after(i, c) < 3
    }

    /// The liberties, up to 3, of the chain a stone of `c` on the empty point `i` would make
    /// (without captures).
    #[cold]
    #[inline(never)]
    pub(super) fn liberties_after(&self, i: usize, c: u8) -> usize {
        let mut libs = [0usize; 3];
        let mut n = 0;
        for q in self.neighbours(i) {
            if self.color[q] == EMPTY && !libs[..n].contains(&q) {
                libs[n] = q;
                n += 1;
                if n == 3 {
                    return n;
                }
            }
            if self.color[q] != c {
                continue;
            }
            for e in self.stones_of(q).flat_map(|t| self.neighbours(t)) {
                if e != i && self.color[e] == EMPTY && !libs[..n].contains(&e) {
                    libs[n] = e;
                    n += 1;
                    if n == 3 {
                        return n;
                    }
                }
            }
        }
        n
    }

    /// Whether the chain a stone of `c` on `i` makes, of `size` stones, has a killing shape
    /// ([`is_nakade`]): put in atari on purpose, its capture leaves an eye space whose vital
    /// point the player takes next (a sacrifice inside the opponent's eye space). Rare: asked
    /// only of self-ataris of [`SELF_ATARI_LIMIT`] stones or more.
    #[cold]
    #[inline(never)]
    pub(super) fn nakade_after(&self, i: usize, c: u8, size: usize) -> bool {
        if size > 6 {
            return false;
        }
        let mut stones = [i; 6];
        let mut n = 1;
        for q in self.neighbours(i) {
            if self.color[q] != c {
                continue;
            }
            for s in self.stones_of(q) {
                if !stones[..n].contains(&s) {
                    if n == 6 {
                        return false;
                    }
                    stones[n] = s;
                    n += 1;
                }
            }
        }
        let stones = &stones[..n];
        if !is_nakade(stones, |a, b| {
            a.abs_diff(b) == 1 || a.abs_diff(b) == self.stride
        }) {
            return false;
        }
        // Worth it only against chains with no other eye: the opponent's chains around may
        // have no empty point but the chain's liberty all of whose neighbours are theirs.
        let opp = c ^ 3;
        let lib = stones
            .iter()
            .flat_map(|&s| self.neighbours(s))
            .find(|&q| q != i && self.color[q] == EMPTY)
            .unwrap_or(0);
        for &s in stones {
            for q in self.neighbours(s) {
                if self.color[q] != opp {
                    continue;
                }
                for e in self.stones_of(q).flat_map(|t| self.neighbours(t)) {
                    let only_opp = self.nb[e] & (EMPTY_BYTE | EMPTY_BYTE << (8 * c)) == 0;
                    if e != lib && self.color[e] == EMPTY && only_opp {
                        return false;
                    }
                }
            }
        }
        true
    }
}

/// A few distinct points, the moves a heuristic offers (more than fit are dropped).
#[derive(Default)]
pub(super) struct Candidates {
    points: [u16; 8],
    len: usize,
}

impl Candidates {
    #[inline(always)]
    pub(super) fn add(&mut self, i: usize) {
        let i = i as u16;
        if self.len < self.points.len() && !self.points[..self.len].contains(&i) {
            self.points[self.len] = i;
            self.len += 1;
        }
    }

    /// One of the points, uniformly, if there is any.
    #[inline(always)]
    pub(super) fn pick(&self, rng: &mut Rng) -> Option<usize> {
        (self.len > 0).then(|| self.points[rng.below(self.len)] as usize)
    }
}

impl Playout {
    /// An escape for `c` from the atari of one of its chains next to the opponent's last move
    /// `last`, if any: uniformly among the moves the policy allows that extend the chain to two
    /// liberties or more (or capture) on its liberty, or capture an opponent chain in atari
    /// next to it.
    #[inline(never)]
    pub(super) fn escape(&self, rng: &mut Rng, c: u8, last: usize) -> Option<usize> {
        let pos = &self.pos;
        let opp = c ^ 3;
        let mut moves = Candidates::default();
        let nbs = pos.neighbours(last);
        let mut in_atari = 0u32;
        for (k, &q) in nbs.iter().enumerate() {
            in_atari |= u32::from((pos.color[q] == c) & pos.chain_of(q).in_atari()) << k;
        }
        while in_atari != 0 {
            let q = nbs[in_atari.trailing_zeros() as usize];
            in_atari &= in_atari - 1;
            let lib = pos.chain_of(q).atari_liberty();
            if pos.allowed_out_of_line(lib, c) && pos.assess(lib, c).libs >= 2 {
                moves.add(lib);
            }
            let h = pos.head[q] as usize;
            let mut s = h;
            loop {
                if pos.atari_next_to(s, opp) {
                    for r in pos.neighbours(s) {
                        if pos.color[r] == opp && pos.chain_of(r).in_atari() {
                            let capture = pos.chain_of(r).atari_liberty();
                            if pos.allowed_out_of_line(capture, c) {
                                moves.add(capture);
                            }
                        }
                    }
                }
                s = pos.next[s] as usize;
                if s == h {
                    break;
                }
            }
        }
        moves.pick(rng)
    }

    /// A capture for `c` of an opponent chain in atari next to `c`'s own last move `prev`
    /// (an atari the opponent left), if any: uniformly among those the policy allows (a ko may
    /// forbid one). The chain of the opponent's last move is not captured first: its stone
    /// is often a throw-in inside `c`'s own eye space, which capturing at once would fill.
    #[inline(never)]
    pub(super) fn capture(&self, rng: &mut Rng, c: u8, prev: usize) -> Option<usize> {
        let pos = &self.pos;
        let mut moves = Candidates::default();
        for q in pos.neighbours(prev) {
            if pos.color[q] == c ^ 3 && pos.chain_of(q).in_atari() {
                let lib = pos.chain_of(q).atari_liberty();
                if pos.allowed_out_of_line(lib, c) {
                    moves.add(lib);
                }
            }
        }
        moves.pick(rng)
    }

    /// A random empty point the policy allows `c` to play, if any: uniformly among them.
    #[inline]
    pub(super) fn random_move(&mut self, rng: &mut Rng, c: u8) -> Option<usize> {
        let mut n = self.pos.n_empty;
        while n > 0 {
            let k = rng.below(n);
            let i = self.pos.empties[k] as usize;
            if self.pos.allowed(i, c) {
                return Some(i);
            }
            n -= 1;
            self.pos.swap_empties(k, n);
        }
        None
    }
}
