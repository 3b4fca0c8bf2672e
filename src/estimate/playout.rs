//! Random playouts for the estimator: from a position, the players alternate random moves
//! until both pass, and the final board says who owns each point (area: stones and the empty
//! points only one colour reaches).
//!
//! The policy (issue 9). A player never fills its own true eye ([`Board::is_eyeish`]), never
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
//!
//! The playouts keep their own board, made for speed: a padded grid (a border column shared by
//! neighbouring rows, a border row above and below) so that the four neighbours of a point are
//! `±1` and `±stride` without bounds tests; each chain a circular list of its stones whose head
//! keeps the chain's size and its pseudo-liberties (stone-empty adjacencies) with the sum and the
//! sum of squares of their indices, so that a chain is in atari exactly when
//! `libs * squares == sum²` (all adjacencies at one point, which is then `sum / libs`); each
//! point counts its empty, black and white neighbours in one word, so the common move with two
//! empty neighbours is accepted at once and the eye test reads one word; the empty points are a
//! list with an index map, so choosing and rejecting a candidate cost O(1). Nothing in
//! [`Playout::run`] allocates.

#[cfg(feature = "player")]
use super::shape;
use crate::board::Board;
use crate::color::Color;
#[cfg(feature = "player")]
use crate::point::Point;

/// A chain this large is never put in atari by its own player in a playout (a seki stays).
/// Smaller ones may be, as throw-ins. Tuned on the dead stones of the corpus's counted games:
/// 3 agrees with the records more often than 2 or 4.
pub(crate) const SELF_ATARI_LIMIT: usize = 3;

/// Whether `stones` (3 to 6 points, `adjacent` telling neighbours apart) have a killing
/// shape: an eye space of that shape gives one eye at most once the opponent holds its vital
/// point. Those are all shapes of three, the square and the pyramid four, the bulky and the
/// crossed five, and the rabbity six; the straight, bent and zigzag fours and the other fives
/// and sixes make two eyes.
pub(crate) fn is_nakade(stones: &[usize], adjacent: impl Fn(usize, usize) -> bool) -> bool {
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
pub(crate) const WEAK_DIAGONAL: u16 = 4;

/// A small fast PRNG (xorshift64*), deterministic for a seed.
#[derive(Clone, Debug)]
pub(crate) struct Rng(u64);

impl Rng {
    /// A generator for `seed` (any value; the state is never zero).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next 32 random bits.
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        (x.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) as u32
    }

    /// An index below `n` (`n > 0`).
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        ((u64::from(self.next_u32()) * n as u64) >> 32) as usize
    }
}

/// Cell values of the padded grid (and of the shape patterns' neighbourhood codes).
pub(crate) const EMPTY: u8 = 0;
pub(crate) const BLACK: u8 = 1;
pub(crate) const WHITE: u8 = 2;
pub(crate) const BORDER: u8 = 3;

/// What a neighbour of value `v` (`EMPTY`, `BLACK` or `WHITE`) adds to a point's neighbour
/// counts: byte `v` of the word counts the neighbours of value `v` (the border is not counted).
#[inline(always)]
const fn unit(v: u8) -> u32 {
    1 << (8 * v as u32)
}

/// The count of empty neighbours in a neighbour word.
const EMPTY_BYTE: u32 = 0xFF;

#[inline]
const fn cell(c: Color) -> u8 {
    match c {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// Whether a cell value is a stone.
#[inline(always)]
const fn is_stone(v: u8) -> bool {
    v.wrapping_sub(BLACK) < 2
}

/// What the head of a chain knows about it. The pseudo-liberties are counted with their padded
/// indices: `libs` adjacencies to empty points, the `sum` and the sum of `squares` of those
/// points' indices.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Chain {
    squares: u64,
    sum: u32,
    libs: u16,
    size: u16,
}

impl Chain {
    /// Whether all the pseudo-liberties are one point (also when there are none): by
    /// Cauchy-Schwarz, `libs * Σi² = (Σi)²` exactly when all the `i` are equal.
    #[inline(always)]
    fn one_point(libs: u32, sum: u32, squares: u64) -> bool {
        u64::from(libs) * squares == u64::from(sum) * u64::from(sum)
    }

    /// Whether the chain has exactly one liberty (then it has at most 4 adjacencies to it).
    /// Without a branch: the playouts ask this of random neighbours, where a branch would be
    /// mispredicted half of the time.
    #[inline(always)]
    fn in_atari(&self) -> bool {
        (self.libs.wrapping_sub(1) < 4) & Chain::one_point(self.libs.into(), self.sum, self.squares)
    }

    /// The liberty of a chain in atari.
    #[inline(always)]
    fn atari_liberty(&self) -> usize {
        (self.sum / u32::from(self.libs)) as usize
    }

    /// Adds an adjacency to the empty point `i` if `on` (without a branch).
    #[inline(always)]
    fn add_adjacency(&mut self, i: usize, on: bool) {
        let m = u64::from(on).wrapping_neg();
        self.libs += u16::from(on);
        self.sum += i as u32 & m as u32;
        self.squares += (i * i) as u64 & m;
    }

    /// Removes an adjacency to the point `i` if `on` (without a branch).
    #[inline(always)]
    fn remove_adjacency(&mut self, i: usize, on: bool) {
        let m = u64::from(on).wrapping_neg();
        self.libs -= u16::from(on);
        self.sum -= i as u32 & m as u32;
        self.squares -= (i * i) as u64 & m;
    }
}

/// All ones if `b`, else zero: selects an index without a branch.
#[inline(always)]
const fn mask(b: bool) -> usize {
    (b as usize).wrapping_neg()
}

/// What a stone of a player on an empty point would do, found without changing the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Assessment {
    /// It captures at least one opponent chain.
    captures: bool,
    /// The distinct liberties of its chain after the move, counted up to 2, when it captures
    /// nothing (2 also when it captures).
    libs: u8,
    /// The stones of its chain after the move (1 when the move is judged early).
    size: usize,
}

/// Room for the padded grid of any board: 52x52 has `(52 + 2) * 53 + 1 = 2,863` cells.
const CELLS: usize = 4096;

/// Per-cell data of the padded grid. Indices are masked into the fixed-size array, so that an
/// access needs no bounds check (every index used is below [`CELLS`] anyway).
#[derive(Clone, Debug)]
struct Grid<T>(Box<[T; CELLS]>);

impl<T: Copy> Grid<T> {
    fn new(value: T) -> Grid<T> {
        let cells = vec![value; CELLS].into_boxed_slice().try_into();
        Grid(cells.unwrap_or_else(|_| unreachable!("the vector has CELLS elements")))
    }

    /// Copies the first `len` cells of `from`.
    fn copy_prefix(&mut self, from: &Grid<T>, len: usize) {
        self.0[..len].copy_from_slice(&from.0[..len]);
    }
}

impl<T> std::ops::Index<usize> for Grid<T> {
    type Output = T;

    #[inline(always)]
    fn index(&self, i: usize) -> &T {
        &self.0[i & (CELLS - 1)]
    }
}

impl<T> std::ops::IndexMut<usize> for Grid<T> {
    #[inline(always)]
    fn index_mut(&mut self, i: usize) -> &mut T {
        &mut self.0[i & (CELLS - 1)]
    }
}

/// The playout board: a padded grid of `len = (height + 2) * stride + 1` cells with
/// `stride = width + 1`, everything [`Playout::run`] resets from the start position.
#[derive(Clone, Debug)]
struct Pos {
    stride: usize,
    len: usize,
    /// Per cell: `EMPTY`, `BLACK`, `WHITE` or `BORDER`.
    color: Grid<u8>,
    /// Per point: the numbers of its empty, black and white neighbours, one byte each (see
    /// [`unit`]); meaningless for border cells.
    nb: Grid<u32>,
    /// Per stone: the head of its chain.
    head: Grid<u16>,
    /// Per stone: the next stone of its chain (a circular list).
    next: Grid<u16>,
    /// Per chain head: what is known about the chain.
    chains: Grid<Chain>,
    /// The empty points (padded indices), in no particular order: the first `n_empty`.
    empties: Grid<u16>,
    n_empty: usize,
    /// Per empty point: its position in `empties`.
    epos: Grid<u16>,
    /// The point where the player to move may not play by the basic-ko rule (0: none).
    ko: u16,
}

impl Pos {
    /// An empty board of `width` x `height` points.
    fn new(width: usize, height: usize) -> Pos {
        let stride = width + 1;
        let len = (height + 2) * stride + 1;
        assert!(len <= CELLS, "a board of at most 52x52");
        let mut p = Pos {
            stride,
            len,
            color: Grid::new(BORDER),
            nb: Grid::new(0),
            head: Grid::new(0),
            next: Grid::new(0),
            chains: Grid::new(Chain::default()),
            empties: Grid::new(0),
            n_empty: 0,
            epos: Grid::new(0),
            ko: 0,
        };
        for y in 0..height {
            for x in 0..width {
                let i = p.index(x, y);
                p.color[i] = EMPTY;
                p.add_empty(i);
            }
        }
        for y in 0..height {
            for x in 0..width {
                let i = p.index(x, y);
                let on_board = p.neighbours(i).into_iter().filter(|&n| p.color[n] == EMPTY);
                p.nb[i] = on_board.count() as u32 * unit(EMPTY);
            }
        }
        p
    }

    /// The padded index of column `x`, row `y`.
    #[inline]
    fn index(&self, x: usize, y: usize) -> usize {
        (y + 1) * self.stride + x + 1
    }

    /// Copies `from` (a board of the same size) into `self` without allocating.
    fn reset_from(&mut self, from: &Pos) {
        let len = from.len;
        self.color.copy_prefix(&from.color, len);
        self.nb.copy_prefix(&from.nb, len);
        self.head.copy_prefix(&from.head, len);
        self.next.copy_prefix(&from.next, len);
        self.chains.copy_prefix(&from.chains, len);
        self.empties.copy_prefix(&from.empties, from.n_empty);
        self.n_empty = from.n_empty;
        self.epos.copy_prefix(&from.epos, len);
        self.ko = from.ko;
    }

    #[inline(always)]
    fn neighbours(&self, i: usize) -> [usize; 4] {
        [i - self.stride, i - 1, i + 1, i + self.stride]
    }

    #[inline(always)]
    fn diagonals(&self, i: usize) -> [usize; 4] {
        [
            i - self.stride - 1,
            i - self.stride + 1,
            i + self.stride - 1,
            i + self.stride + 1,
        ]
    }

    #[cfg(feature = "player")]
    /// The eight neighbours of the point `i` as a pattern code ([`shape::code`]): their cell
    /// values, two bits each, from the upper left in reading order.
    #[inline(always)]
    fn neighbourhood(&self, i: usize) -> u16 {
        let s = self.stride;
        let cells = [
            i - s - 1,
            i - s,
            i - s + 1,
            i - 1,
            i + 1,
            i + s - 1,
            i + s,
            i + s + 1,
        ];
        let mut code = 0u16;
        for (k, q) in cells.into_iter().enumerate() {
            code |= u16::from(self.color[q]) << (2 * k);
        }
        code
    }

    #[inline(always)]
    fn chain_of(&self, i: usize) -> &Chain {
        &self.chains[self.head[i] as usize]
    }

    /// Whether a neighbour of the point `i` is a stone of `v` whose chain is in atari. Without
    /// a branch (the head of a cell without a stone is stale but harmless: the colour decides).
    #[inline(always)]
    fn atari_next_to(&self, i: usize, v: u8) -> bool {
        let mut any = false;
        for q in self.neighbours(i) {
            any |= (self.color[q] == v) & self.chain_of(q).in_atari();
        }
        any
    }

    /// Whether the empty point `i` is an eye of `c` as [`Board::is_eyeish`] says: every
    /// neighbour on the board `c`'s stone, and at most one diagonal neighbour the opponent's
    /// (none when a diagonal neighbour is off the board).
    #[inline(always)]
    fn is_eye(&self, i: usize, c: u8) -> bool {
        let opp = c ^ 3;
        if self.nb[i] & (EMPTY_BYTE | EMPTY_BYTE << (8 * opp)) != 0 {
            return false;
        }
        let mut opponents = 0;
        let mut off = false;
        for d in self.diagonals(i) {
            let v = self.color[d];
            opponents += u32::from(v == opp);
            off |= v == BORDER;
        }
        opponents == 0 || (opponents == 1 && !off)
    }

    /// What a stone of `c` on the empty point `i` would do (see [`Assessment`]); ko is not
    /// considered.
    #[inline(always)]
    fn assess(&self, i: usize, c: u8) -> Assessment {
        let free = Assessment {
            captures: false,
            libs: 2,
            size: 1,
        };
        let empties = self.nb[i] & EMPTY_BYTE;
        if empties >= 2 {
            return free;
        }
        let opp = c ^ 3;
        let nbs = self.neighbours(i);
        // Without branches: whether it captures, the empty neighbour (at most one here) and
        // the heads of the friendly neighbours (0 for the others).
        let mut captures = false;
        let mut empty = 0;
        let mut heads = [0usize; 4];
        let mut friends = 0u32;
        for (k, &n) in nbs.iter().enumerate() {
            let v = self.color[n];
            let h = self.head[n] as usize;
            captures |= (v == opp) & self.chains[h].in_atari();
            empty |= n & mask(v == EMPTY);
            heads[k] = h & mask(v == c);
            friends |= u32::from(v == c) << k;
        }
        if captures {
            return Assessment {
                captures: true,
                ..free
            };
        }
        // The liberties found so far other than `i` (up to two distinct).
        let mut libs = [empty, 0];
        let mut found = usize::from(empty != 0);
        let mut size = 1;
        let (ii, isq) = (i as u32, (i * i) as u64);
        // Each friendly chain once: the neighbours in it leave the set together.
        while friends != 0 {
            let h = heads[friends.trailing_zeros() as usize];
            let mut same = 0u32;
            for (k, &g) in heads.iter().enumerate() {
                same |= u32::from(g == h) << k;
            }
            friends &= !same;
            let adj = same.count_ones();
            let ch = &self.chains[h];
            size += ch.size as usize;
            // The chain's pseudo-liberties other than `i`.
            let l = u32::from(ch.libs) - adj;
            if l == 0 {
                continue;
            }
            if l > 4 {
                // More adjacencies than one point has: two liberties at least.
                return free;
            }
            let s = ch.sum - adj * ii;
            let q = ch.squares - u64::from(adj) * isq;
            if !Chain::one_point(l, s, q) {
                return free;
            }
            let lib = (s / l) as usize;
            if found == 0 || libs[0] != lib {
                libs[found] = lib;
                found += 1;
                if found == 2 {
                    return free;
                }
            }
        }
        Assessment {
            captures: false,
            libs: found as u8,
            size,
        }
    }

    /// Whether the policy lets `c` play on the empty point `i` (see the module documentation).
    #[inline(always)]
    fn allowed(&self, i: usize, c: u8) -> bool {
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
    fn allowed_out_of_line(&self, i: usize, c: u8) -> bool {
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
    fn weak_false_eye(&self, i: usize, c: u8) -> bool {
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
    fn liberties_after(&self, i: usize, c: u8) -> usize {
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

    /// The stones of the chain of the stone `q`, round its circular list.
    fn stones_of(&self, q: usize) -> impl Iterator<Item = usize> + '_ {
        let h = self.head[q] as usize;
        let mut at = Some(h);
        std::iter::from_fn(move || {
            let t = at?;
            let next = self.next[t] as usize;
            at = (next != h).then_some(next);
            Some(t)
        })
    }

    /// Whether the chain a stone of `c` on `i` makes, of `size` stones, has a killing shape
    /// ([`is_nakade`]): put in atari on purpose, its capture leaves an eye space whose vital
    /// point the player takes next (a sacrifice inside the opponent's eye space). Rare: asked
    /// only of self-ataris of [`SELF_ATARI_LIMIT`] stones or more.
    #[cold]
    #[inline(never)]
    fn nakade_after(&self, i: usize, c: u8, size: usize) -> bool {
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

    /// Whether the rules let `c` play on the point `i` (empty, not the ko point, not suicide).
    #[cfg(test)]
    fn legal(&self, i: usize, c: u8) -> bool {
        if self.color[i] != EMPTY || i == self.ko as usize {
            return false;
        }
        let a = self.assess(i, c);
        a.captures || a.libs > 0
    }

    #[inline(always)]
    fn remove_empty(&mut self, i: usize) {
        let pos = self.epos[i] as usize;
        self.n_empty -= 1;
        let last = self.empties[self.n_empty];
        self.empties[pos] = last;
        self.epos[last as usize] = pos as u16;
    }

    #[inline(always)]
    fn add_empty(&mut self, i: usize) {
        self.epos[i] = self.n_empty as u16;
        self.empties[self.n_empty] = i as u16;
        self.n_empty += 1;
    }

    /// Swaps positions `a` and `b` of the list of empty points.
    #[inline(always)]
    fn swap_empties(&mut self, a: usize, b: usize) {
        let (pa, pb) = (self.empties[a], self.empties[b]);
        self.empties[a] = pb;
        self.empties[b] = pa;
        self.epos[self.empties[a] as usize] = a as u16;
        self.epos[self.empties[b] as usize] = b as u16;
    }

    /// Puts a stone of `c` on the empty point `i` and merges it with its friends, without
    /// captures: afterwards, opponent chains without liberties are those it captures.
    #[inline(always)]
    fn put(&mut self, i: usize, c: u8) {
        self.remove_empty(i);
        self.color[i] = c;
        let nbs = self.neighbours(i);
        let mut friends = 0u32;
        let delta = unit(c).wrapping_sub(unit(EMPTY));
        let mut own = Chain {
            size: 1,
            ..Chain::default()
        };
        // Without branches: a neighbour's colour selects what it adds (cell 0, on the border
        // and never a head, takes the updates of neighbours without a stone, all zero).
        for n in nbs {
            self.nb[n] = self.nb[n].wrapping_add(delta);
            let v = self.color[n];
            friends = friends << 1 | u32::from(v == c);
            own.add_adjacency(n, v == EMPTY);
            let stone = is_stone(v);
            let h = self.head[n] as usize & mask(stone);
            self.chains[h].remove_adjacency(i, stone);
        }
        self.head[i] = i as u16;
        self.next[i] = i as u16;
        self.chains[i] = own;
        // Bit 3 - k of `friends` is neighbour k.
        while friends != 0 {
            let k = 3 - friends.trailing_zeros() as usize;
            friends &= friends - 1;
            let a = self.head[i] as usize;
            let b = self.head[nbs[k]] as usize;
            if a != b {
                self.merge(a, b);
            }
        }
    }

    /// Merges the chains headed by `a` and `b` (the smaller into the larger).
    fn merge(&mut self, a: usize, b: usize) {
        let (big, small) = if self.chains[a].size >= self.chains[b].size {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.head[s] = big as u16;
            s = self.next[s] as usize;
            if s == small {
                break;
            }
        }
        let (nb, ns) = (self.next[big], self.next[small]);
        self.next[big] = ns;
        self.next[small] = nb;
        let sm = self.chains[small];
        let bg = &mut self.chains[big];
        bg.size += sm.size;
        bg.libs += sm.libs;
        bg.sum += sm.sum;
        bg.squares += sm.squares;
    }

    /// Removes the chain headed by `h`, of colour `v`: its stones become empty points and
    /// liberties of the opponent's chains around them.
    fn remove_chain(&mut self, h: usize, v: u8) {
        let delta = unit(EMPTY).wrapping_sub(unit(v));
        let capturer = v ^ 3;
        let mut s = h;
        loop {
            self.color[s] = EMPTY;
            self.add_empty(s);
            for n in self.neighbours(s) {
                self.nb[n] = self.nb[n].wrapping_add(delta);
                // The capturer's chains gain a liberty; the others add 0 to cell 0.
                let gains = self.color[n] == capturer;
                let hn = self.head[n] as usize & mask(gains);
                self.chains[hn].add_adjacency(s, gains);
            }
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
    }

    /// Plays a stone of `c` on the empty point `i` (a legal move) with its captures, and sets
    /// the basic-ko point for the opponent. Returns the number of stones captured.
    #[inline(always)]
    fn play(&mut self, i: usize, c: u8) -> u32 {
        self.put(i, c);
        let opp = c ^ 3;
        let mut captured = 0;
        let mut last = 0;
        let mut dead = false;
        for n in self.neighbours(i) {
            dead |= (self.color[n] == opp) & (self.chain_of(n).libs == 0);
        }
        if dead {
            for n in self.neighbours(i) {
                if self.color[n] == opp {
                    let h = self.head[n] as usize;
                    if self.chains[h].libs == 0 {
                        captured += u32::from(self.chains[h].size);
                        last = h;
                        self.remove_chain(h, opp);
                    }
                }
            }
        }
        self.ko = 0;
        if captured == 1 {
            let own = self.chain_of(i);
            if own.size == 1 && own.libs == 1 {
                self.ko = last as u16;
            }
        }
        captured
    }
}

/// A few distinct points, the moves a heuristic offers (more than fit are dropped).
#[derive(Default)]
struct Candidates {
    points: [u16; 8],
    len: usize,
}

impl Candidates {
    #[inline(always)]
    fn add(&mut self, i: usize) {
        let i = i as u16;
        if self.len < self.points.len() && !self.points[..self.len].contains(&i) {
            self.points[self.len] = i;
            self.len += 1;
        }
    }

    /// One of the points, uniformly, if there is any.
    #[inline(always)]
    fn pick(&self, rng: &mut Rng) -> Option<usize> {
        (self.len > 0).then(|| self.points[rng.below(self.len)] as usize)
    }
}

/// A playout engine for one position: `run` plays one playout from it and reports the owners.
pub(crate) struct Playout {
    width: usize,
    height: usize,
    to_move: u8,
    /// The start position.
    start: Pos,
    /// The position of the playout being played.
    pos: Pos,
    /// Scratch of the owner computation: per cell, the run that last filled it, and its owner.
    mark: Grid<u32>,
    fill: Grid<i8>,
    generation: u32,
    stack: Vec<u16>,
    region: Vec<u16>,
    /// Whether the playouts answer the last move with good shape ([`crate::estimate::shape`]):
    /// the player's playouts do, the estimator's (tuned without) do not.
    #[cfg(feature = "player")]
    patterns: bool,
    /// Per point, row-major: the final owners of the last [`Playout::simulate`].
    #[cfg(feature = "player")]
    owner: Vec<i8>,
    /// The moves of the last run (padded indices, `None` for a pass), for the tests.
    #[cfg(test)]
    trace: Vec<Option<usize>>,
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
    fn play_on(
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

    /// An escape for `c` from the atari of one of its chains next to the opponent's last move
    /// `last`, if any: uniformly among the moves the policy allows that extend the chain to two
    /// liberties or more (or capture) on its liberty, or capture an opponent chain in atari
    /// next to it.
    #[inline(never)]
    fn escape(&self, rng: &mut Rng, c: u8, last: usize) -> Option<usize> {
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
    fn capture(&self, rng: &mut Rng, c: u8, prev: usize) -> Option<usize> {
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
    fn random_move(&mut self, rng: &mut Rng, c: u8) -> Option<usize> {
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

    /// Writes the owner of every point of the current position, row-major, into `owner`.
    fn owners(&mut self, owner: &mut [i8]) {
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
    fn region_owner(&mut self, i: usize) -> i8 {
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

/// What the computer player ([`crate::player`]) needs of the playout board: moves one by one
/// for its tree, the playouts' shape answers, the final area.
#[cfg(feature = "player")]
impl Playout {
    /// The same playouts answering the last move with good shape when `on` (see
    /// [`crate::estimate::shape`]).
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

    /// Whether a stone on the empty point `i` makes good shape ([`crate::estimate::shape`]).
    pub fn good_shape(&self, i: usize) -> bool {
        shape::matches(self.pos.neighbourhood(i))
    }

    /// The line of the point `i` counted from the nearest edge (0: the first line).
    pub fn line_of(&self, i: usize) -> usize {
        let p = self.point_of(i);
        let (x, y) = (p.x as usize, p.y as usize);
        x.min(y).min(self.width - 1 - x).min(self.height - 1 - y)
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
    /// neighbours where a pattern of [`crate::estimate::shape`] matches), if the policy allows
    /// one: uniformly among them.
    #[inline(never)]
    fn shape(&self, rng: &mut Rng, c: u8, last: usize) -> Option<usize> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::point::{Point, Size};
    use proptest::prelude::{any, proptest, ProptestConfig};
    use std::time::Instant;

    impl Pos {
        /// The point of an on-board padded index.
        fn point(&self, i: usize) -> Point {
            Point::new((i % self.stride - 1) as u8, (i / self.stride - 1) as u8)
        }

        /// The padded index of a point.
        fn at(&self, p: Point) -> usize {
            self.index(p.x as usize, p.y as usize)
        }

        /// The stones, row-major as [`Board::to_signs`] gives them.
        fn signs(&self, size: Size) -> Vec<i8> {
            size.points()
                .map(|p| match self.color[self.at(p)] {
                    BLACK => 1,
                    WHITE => -1,
                    _ => 0,
                })
                .collect()
        }

        /// Everything kept incrementally, recomputed from the colours.
        fn check_invariants(&self, size: Size) {
            let fresh = Pos::new(size.width() as usize, size.height() as usize);
            assert_eq!(self.len, fresh.len);
            let mut empties = 0;
            for i in 0..self.len {
                let v = self.color[i];
                assert_eq!(v == BORDER, fresh.color[i] == BORDER, "{i}");
                if v == BORDER {
                    continue;
                }
                let mut nb = 0;
                for n in self.neighbours(i) {
                    if self.color[n] != BORDER {
                        nb += unit(self.color[n]);
                    }
                }
                assert_eq!(self.nb[i], nb, "neighbour counts of {i}");
                if v == EMPTY {
                    empties += 1;
                    assert_eq!(self.empties[self.epos[i] as usize] as usize, i);
                    continue;
                }
                let h = self.head[i] as usize;
                if h != i {
                    assert_eq!(self.head[h] as usize, h, "a head is its own head");
                    continue;
                }
                // The chain by flood fill, against its list and its head's counts.
                let mut fill = vec![i];
                let mut k = 0;
                while k < fill.len() {
                    for n in self.neighbours(fill[k]) {
                        if self.color[n] == v && !fill.contains(&n) {
                            fill.push(n);
                        }
                    }
                    k += 1;
                }
                let mut list = Vec::new();
                let mut s = h;
                loop {
                    assert_eq!(self.head[s] as usize, h);
                    list.push(s);
                    s = self.next[s] as usize;
                    if s == h {
                        break;
                    }
                }
                fill.sort_unstable();
                list.sort_unstable();
                assert_eq!(fill, list, "the chain of {i}");
                let mut want = Chain {
                    size: list.len() as u16,
                    ..Chain::default()
                };
                for &s in &list {
                    for n in self.neighbours(s) {
                        if self.color[n] == EMPTY {
                            want.add_adjacency(n, true);
                        }
                    }
                }
                assert_eq!(self.chains[h], want, "the counts of the chain of {i}");
            }
            assert_eq!(self.n_empty, empties);
        }
    }

    /// Whether the policy, as the module documentation states it, lets `c` play `p` on `b`
    /// (ko included), computed with [`Board`].
    fn policy_allows(b: &Board, p: Point, c: Color) -> bool {
        if b.get(p).is_some() || b.is_eyeish(p, c) {
            return false;
        }
        let mut after = b.clone();
        match after.play(p, c, false) {
            Ok(n) => {
                let chain = after.chain(p);
                let own = around(b.size(), p).iter().all(|&q| b.get(q) == Some(c));
                if own && weak_diagonal(b, p, c) && after.liberties(p) < 3 {
                    return false;
                }
                n > 0
                    || after.liberties(p) >= 2
                    || chain.len() < SELF_ATARI_LIMIT
                    || (chain.len() <= 6 && nakade_sacrifice(&after, &chain, c))
            }
            Err(_) => false,
        }
    }

    /// Whether a diagonal neighbour of `p` is a chain of the opponent of `c` with at most
    /// [`WEAK_DIAGONAL`] pairs of a stone and an empty neighbour.
    fn weak_diagonal(b: &Board, p: Point, c: Color) -> bool {
        let size = b.size();
        let (x, y) = (i64::from(p.x), i64::from(p.y));
        [(-1, -1), (1, -1), (-1, 1), (1, 1)]
            .iter()
            .any(|&(dx, dy)| {
                let Ok(d) = size.point(x + dx, y + dy) else {
                    return false;
                };
                if b.get(d) != Some(c.opponent()) {
                    return false;
                }
                let pairs: usize = b
                    .chain(d)
                    .iter()
                    .map(|&s| {
                        around(size, s)
                            .iter()
                            .filter(|&&q| b.get(q).is_none())
                            .count()
                    })
                    .sum();
                pairs <= usize::from(WEAK_DIAGONAL)
            })
    }

    /// Whether `chain` of `c`, just put in atari, has a killing shape and the opponent's
    /// chains around it have no empty point but its liberty whose neighbours are all theirs.
    fn nakade_sacrifice(b: &Board, chain: &[Point], c: Color) -> bool {
        let at: Vec<(u32, u32)> = chain.iter().map(|q| (q.x.into(), q.y.into())).collect();
        let idx: Vec<usize> = (0..at.len()).collect();
        if !is_nakade(&idx, |a, b| {
            at[a].0.abs_diff(at[b].0) + at[a].1.abs_diff(at[b].1) == 1
        }) {
            return false;
        }
        let size = b.size();
        let lib = chain
            .iter()
            .flat_map(|&q| around(size, q))
            .find(|&q| b.get(q).is_none());
        let opp = c.opponent();
        for &s in chain {
            for q in around(size, s) {
                if b.get(q) != Some(opp) {
                    continue;
                }
                for t in b.chain(q) {
                    for e in around(size, t) {
                        let eye = b.get(e).is_none()
                            && Some(e) != lib
                            && around(size, e).iter().all(|&f| b.get(f) == Some(opp));
                        if eye {
                            return false;
                        }
                    }
                }
            }
        }
        true
    }

    /// The on-board neighbours of `p`.
    fn around(size: Size, p: Point) -> Vec<Point> {
        let (x, y) = (i64::from(p.x), i64::from(p.y));
        [(0, -1), (-1, 0), (1, 0), (0, 1)]
            .iter()
            .filter_map(|&(dx, dy)| size.point(x + dx, y + dy).ok())
            .collect()
    }

    /// The one liberty of the chain at `q`, if it has exactly one.
    fn atari_liberty(b: &Board, q: Point) -> Option<Point> {
        if b.liberties(q) != 1 {
            return None;
        }
        b.chain(q)
            .into_iter()
            .flat_map(|s| around(b.size(), s))
            .find(|&n| b.get(n).is_none())
    }

    /// The moves the escape rule offers `c` after the opponent's move `last`, computed with
    /// [`Board`]: for each chain of `c` in atari next to `last`, its liberty if the move there
    /// captures or leaves two liberties, and the liberties of the opponent chains in atari next
    /// to it; only moves the policy allows.
    fn escape_points(b: &Board, c: Color, last: Option<Point>) -> Vec<Point> {
        let size = b.size();
        let mut out = Vec::new();
        for q in last.map_or(Vec::new(), |l| around(size, l)) {
            if b.get(q) != Some(c) {
                continue;
            }
            let Some(lib) = atari_liberty(b, q) else {
                continue;
            };
            let mut after = b.clone();
            if let Ok(n) = after.play(lib, c, false) {
                if n > 0 || after.liberties(lib) >= 2 {
                    out.push(lib);
                }
            }
            for s in b.chain(q) {
                for r in around(size, s) {
                    if b.get(r) == Some(c.opponent()) {
                        out.extend(atari_liberty(b, r));
                    }
                }
            }
        }
        out.retain(|&p| policy_allows(b, p, c));
        out
    }

    /// The moves the capture rule offers `c`: the liberties of the opponent chains in atari
    /// next to `c`'s own last move `prev` that the policy allows.
    fn capture_points(b: &Board, c: Color, prev: Option<Point>) -> Vec<Point> {
        let mut out = Vec::new();
        for q in prev.map_or(Vec::new(), |p| around(b.size(), p)) {
            if b.get(q) == Some(c.opponent()) {
                out.extend(atari_liberty(b, q));
            }
        }
        out.retain(|&p| policy_allows(b, p, c));
        out
    }

    /// A board size (valid by construction in these tests).
    fn size(w: u32, h: u32) -> Size {
        Size::new(w, h).unwrap()
    }

    /// Random moves on a board and on the playout board in step: the stones, the legality of
    /// every move tried, the captures, the ko point, the assessment of each move and the
    /// policy's verdict on every empty point agree.
    fn differential(start: &Board, seed: u64, steps: usize) {
        let size = start.size();
        let (w, h) = (size.width() as usize, size.height() as usize);
        let mut board = start.clone();
        let mut c = Color::Black;
        if let Some((_, k)) = board.ko() {
            c = k;
        }
        let mut pos = Playout::new(start, c).start;
        let mut rng = Rng::new(seed);
        let full = w * h <= 100;
        for step in 0..steps {
            let own = cell(c);
            if rng.below(25) == 0 {
                board.clear_ko();
                pos.ko = 0;
                c = c.opponent();
                continue;
            }
            let p = if rng.below(5) > 0 && board.empty_count() > 0 {
                let empties: Vec<Point> = board.empty_points().collect();
                empties[rng.below(empties.len())]
            } else {
                size.point_at(rng.below(w * h))
            };
            let i = pos.at(p);
            let legal = pos.legal(i, own);
            let assessed = (pos.color[i] == EMPTY).then(|| pos.assess(i, own));
            if pos.color[i] == EMPTY {
                assert_eq!(
                    pos.is_eye(i, own),
                    board.is_eyeish(p, c),
                    "eye {p}\n{board}"
                );
                assert_eq!(
                    pos.allowed(i, own),
                    policy_allows(&board, p, c),
                    "policy at {p} for {c:?}\n{board}"
                );
            }
            let played = board.play(p, c, false);
            assert_eq!(
                legal,
                played.is_ok(),
                "{p} {c:?} {played:?} step {step}\n{board}"
            );
            if let Ok(n) = played {
                let a = assessed.expect("a legal move is on an empty point");
                if a.captures {
                    assert!(n > 0);
                }
                if n == 0 {
                    assert_eq!(
                        usize::from(a.libs),
                        board.liberties(p).min(2),
                        "{p}\n{board}"
                    );
                }
                if a.libs < 2 && !a.captures {
                    assert_eq!(n, 0);
                    assert_eq!(a.size, board.chain(p).len());
                }
                assert_eq!(pos.play(i, own), n);
                c = c.opponent();
            }
            assert_eq!(pos.signs(size), board.to_signs(), "step {step}\n{board}");
            let ko = board.ko().map_or(0, |(q, _)| pos.at(q));
            assert_eq!(pos.ko as usize, ko, "ko after step {step}\n{board}");
            if full || step % 50 == 0 {
                pos.check_invariants(size);
            }
            if full && step % 7 == 0 {
                for q in size.points() {
                    let j = pos.at(q);
                    if pos.color[j] == EMPTY {
                        for col in [Color::Black, Color::White] {
                            // The ko point is kept for the player to move only.
                            if j == pos.ko as usize && col != c {
                                continue;
                            }
                            assert_eq!(pos.allowed(j, cell(col)), policy_allows(&board, q, col));
                            assert_eq!(pos.is_eye(j, cell(col)), board.is_eyeish(q, col));
                        }
                    }
                }
            }
        }
    }

    /// A position reached by `moves` random legal moves from the empty board (valid, with
    /// captures and possibly a ko).
    fn random_position(size: Size, seed: u64, moves: usize) -> Board {
        let mut b = Board::new(size);
        let mut rng = Rng::new(seed);
        let mut c = Color::Black;
        for _ in 0..moves {
            let empties: Vec<Point> = b.empty_points().collect();
            if empties.is_empty() {
                break;
            }
            let p = empties[rng.below(empties.len())];
            if b.play(p, c, false).is_ok() {
                c = c.opponent();
            }
        }
        b
    }

    /// The killing shapes, named as in the literature, against the shapes that make two eyes.
    #[test]
    fn killing_shapes() {
        let shape = |rows: &[&str]| -> bool {
            let cells: Vec<(u32, u32)> = rows
                .iter()
                .enumerate()
                .flat_map(|(y, r)| {
                    r.chars()
                        .enumerate()
                        .filter(|&(_, ch)| ch == '#')
                        .map(move |(x, _)| (x as u32, y as u32))
                })
                .collect();
            let idx: Vec<usize> = (0..cells.len()).collect();
            is_nakade(&idx, |a, b| {
                cells[a].0.abs_diff(cells[b].0) + cells[a].1.abs_diff(cells[b].1) == 1
            })
        };
        let killing: [&[&str]; 8] = [
            &["###"],               // straight three
            &["##", "#."],          // bent three
            &["##", "##"],          // square four
            &[".#.", "###"],        // pyramid four
            &["###", "##."],        // bulky five
            &[".#.", "###", ".#."], // crossed five
            &[".#.", "###", ".##"], // rabbity six
            &["#.", "##", "#."],    // pyramid four, upright
        ];
        let living: [&[&str]; 7] = [
            &["####"],              // straight four
            &["###", "#.."],        // bent four
            &["##.", ".##"],        // zigzag four
            &["####", "#..."],      // L five
            &["###", ".#.", ".#."], // T five
            &["###", "###"],        // rectangular six
            &["#####"],             // straight five
        ];
        for rows in killing {
            assert!(shape(rows), "{rows:?} is a killing shape");
        }
        for rows in living {
            assert!(!shape(rows), "{rows:?} makes two eyes");
        }
    }

    /// The playout board against [`Board`] from the empty board, on one-line, small, odd,
    /// usual and the largest sizes.
    #[test]
    fn moves_agree_with_the_board() {
        for (w, h) in [
            (1, 2),
            (2, 1),
            (1, 5),
            (5, 1),
            (2, 2),
            (3, 3),
            (5, 4),
            (9, 9),
            (13, 7),
            (7, 13),
            (19, 19),
            (1, 52),
            (52, 1),
            (52, 52),
        ] {
            let steps = (w * h * 8).min(6000) as usize;
            for seed in 0..3 {
                differential(&Board::new(size(w, h)), seed, steps);
            }
        }
    }

    /// The playout board against [`Board`] from set-up positions (diagrams, and positions of
    /// random games with their captures).
    #[test]
    fn moves_agree_from_set_up_positions() {
        let positions = [
            vec!["..XO.", "XXOO.", "OOOX.", ".XXX.", "....."],
            vec![".X.", "X.X", ".X."],
            vec!["XO.O", ".XO.", "X.XO", ".X.."],
            vec!["..O.X.."],
            vec!["X", ".", "O", "O", "."],
        ];
        for rows in positions {
            let board = Board::from_rows(&rows).unwrap();
            let (w, h) = (board.size().width(), board.size().height());
            for seed in 0..20 {
                differential(&board, seed, (w * h * 6) as usize);
            }
        }
        for seed in 0..40 {
            let board = random_position(size(9, 9), seed, 150);
            differential(&board, seed, 300);
        }
    }

    /// A position with a basic ko: the playout board starts with the ko point for the player
    /// it restricts, and without it for the other player.
    #[test]
    fn the_start_ko_is_kept() {
        let mut b = Board::from_rows(&[".XO..", "XO.O.", ".XO..", "....."]).unwrap();
        b.play(Point::new(2, 1), Color::Black, false).unwrap();
        let (p, k) = b.ko().expect("a ko");
        assert_eq!((p, k), (Point::new(1, 1), Color::White));
        let restricted = Playout::new(&b, Color::White);
        assert_eq!(restricted.start.ko as usize, restricted.start.at(p));
        assert!(!restricted.start.allowed(restricted.start.at(p), WHITE));
        let free = Playout::new(&b, Color::Black);
        assert_eq!(free.start.ko, 0);
        differential(&b, 7, 200);
    }

    /// Plays playouts from `board` and checks each against the policy, replayed on a
    /// [`Board`]: every move allowed, a capture whenever the capture rule offers an allowed
    /// one, a pass only with no allowed move, and owners as [`area_owners`] counts them.
    /// Returns how many moves were escapes and captures by the rules.
    fn check_playouts(board: &Board, to_move: Color, seeds: std::ops::Range<u64>) -> [u32; 2] {
        let size = board.size();
        let mut playout = Playout::new(board, to_move);
        let mut owner = vec![0i8; size.area()];
        let mut want = vec![0i8; size.area()];
        let mut stats = [0; 2];
        for seed in seeds {
            let moves = playout.run(&mut Rng::new(seed), &mut owner);
            let trace = playout.trace.clone();
            let mut b = board.clone();
            let mut c = to_move;
            let (mut last, mut prev) = (None, None);
            let mut passes = 0;
            let mut played = 0;
            for &m in &trace {
                let escapes = escape_points(&b, c, last);
                let captures = capture_points(&b, c, prev);
                prev = last;
                match m {
                    Some(i) => {
                        let p = playout.pos.point(i);
                        assert!(policy_allows(&b, p, c), "{p} {c:?} seed {seed}\n{b}");
                        if !escapes.is_empty() {
                            assert!(escapes.contains(&p), "{p} not an escape\n{b}");
                            stats[0] += 1;
                        } else if !captures.is_empty() {
                            assert!(captures.contains(&p), "{p} not a capture\n{b}");
                            stats[1] += 1;
                        }
                        b.play(p, c, false).unwrap();
                        last = Some(p);
                        played += 1;
                        passes = 0;
                    }
                    None => {
                        assert!(
                            b.empty_points().all(|q| !policy_allows(&b, q, c)),
                            "a pass with an allowed move, seed {seed}\n{b}"
                        );
                        b.clear_ko();
                        last = None;
                        passes += 1;
                    }
                }
                c = c.opponent();
            }
            assert_eq!(moves, played);
            assert!(passes == 2 || trace.len() == 3 * size.area() + 20);
            assert_eq!(playout.pos.signs(size), b.to_signs());
            area_owners(&b, &mut want);
            assert_eq!(owner, want, "owners, seed {seed}\n{b}");
            playout.pos.check_invariants(size);
        }
        stats
    }

    /// Playouts from empty boards of several sizes and from an ending, each player first.
    #[test]
    fn playouts_follow_the_policy() {
        let mut stats = [0; 2];
        let mut count = |s: [u32; 2]| {
            stats[0] += s[0];
            stats[1] += s[1];
        };
        for (w, h) in [(1, 2), (1, 5), (5, 1), (3, 3), (5, 5), (9, 9), (13, 7)] {
            count(check_playouts(&Board::new(size(w, h)), Color::Black, 0..30));
            count(check_playouts(
                &Board::new(size(w, h)),
                Color::White,
                30..40,
            ));
        }
        count(check_playouts(
            &Board::new(size(19, 19)),
            Color::Black,
            0..5,
        ));
        let end = Board::from_rows(&[
            ".X.XO.O..",
            "XX.XOO.O.",
            "..XXXO.OO",
            "XXX.XOO..",
            "..XX.XO.O",
            "XX.X.XOO.",
            "OXXX.XO.O",
            "..XXXOO.O",
            "O.X.XO.O.",
        ])
        .unwrap();
        count(check_playouts(&end, Color::Black, 0..30));
        count(check_playouts(&end, Color::White, 30..60));
        // Both rules were put to the test.
        assert!(stats[0] > 100 && stats[1] > 100, "{stats:?}");
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

        /// From random positions of random sizes, playouts follow the policy.
        #[test]
        fn playouts_follow_the_policy_from_random_positions(
            w in 1u32..10, h in 2u32..10, seed in any::<u64>(), fill in 0usize..3,
        ) {
            let area = (w * h) as usize;
            let board = random_position(size(w, h), seed, area * fill / 2);
            let first = if seed & 1 == 0 { Color::Black } else { Color::White };
            check_playouts(&board, first, seed..seed + 4);
        }
    }

    /// The same seed gives the same playout, whatever ran before on the same engine.
    #[test]
    fn playouts_are_deterministic_and_independent() {
        for board in [
            Board::new(size(9, 9)),
            Board::new(size(13, 7)),
            random_position(size(19, 19), 5, 200),
        ] {
            let area = board.size().area();
            let mut a = Playout::new(&board, Color::Black);
            let mut b = Playout::new(&board, Color::Black);
            let (mut oa, mut ob) = (vec![0i8; area], vec![0i8; area]);
            for seed in 0..20 {
                // `a` runs another playout first; `b` is fresh for its first seed.
                a.run(&mut Rng::new(seed + 1000), &mut oa);
                let ma = a.run(&mut Rng::new(seed), &mut oa);
                let mb = b.run(&mut Rng::new(seed), &mut ob);
                assert_eq!((ma, &oa), (mb, &ob), "seed {seed}");
                let mut fresh = Playout::new(&board, Color::Black);
                let mut of = vec![0i8; area];
                assert_eq!(fresh.run(&mut Rng::new(seed), &mut of), ma);
                assert_eq!(of, oa);
            }
        }
    }

    /// Owners on hand-written boards: stones, eyes, shared (dame) regions, and an empty board.
    #[test]
    fn area_owners_of_small_boards() {
        let cases: [(&[&str], &[i8]); 4] = [
            (
                &[".X.O.", "XX.OO", ".X.O."],
                &[1, 1, 0, -1, -1, 1, 1, 0, -1, -1, 1, 1, 0, -1, -1],
            ),
            (&["...", "...", "..."], &[0; 9]),
            (&[".X.", "X.X", ".X."], &[1; 9]),
            (&["O..X"], &[-1, 0, 0, 1]),
        ];
        for (rows, want) in cases {
            let board = Board::from_rows(rows).unwrap();
            let mut owner = vec![9i8; board.size().area()];
            area_owners(&board, &mut owner);
            assert_eq!(owner, want, "{rows:?}");
        }
        let board = Board::from_rows(&["..O..", "OOO..", "...XX", "XXX.."]).unwrap();
        let mut owner = vec![0i8; 20];
        area_owners(&board, &mut owner);
        #[rustfmt::skip]
        let want = [
            -1, -1, -1, 0, 0,
            -1, -1, -1, 0, 0,
            0, 0, 0, 1, 1,
            1, 1, 1, 1, 1,
        ];
        assert_eq!(owner, want);
    }

    /// Playouts a second from the empty 9x9 and 19x19 boards, the best of five rounds (`cargo
    /// test --release --lib playout_speed -- --ignored --nocapture`).
    #[test]
    #[ignore]
    fn playout_speed() {
        // `PLAYOUT_SPEED_SCALE=0.05` shortens it (to count instructions with valgrind).
        let scale: f64 = std::env::var("PLAYOUT_SPEED_SCALE")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(1.0);
        let only: Option<u32> = std::env::var("PLAYOUT_SPEED_SIDE")
            .ok()
            .and_then(|v| v.parse().ok());
        for (side, n) in [(9, 20_000.0), (19, 2_000.0)] {
            if only.is_some_and(|o| o != side) {
                continue;
            }
            let n = (n * scale).max(1.0) as u32;
            let board = Board::new(size(side, side));
            let mut best = 0f64;
            let mut moves = 0;
            for _ in 0..5 {
                let t = Instant::now();
                moves = bench_playouts(&board, Color::Black, n, 1);
                best = best.max(f64::from(n) / t.elapsed().as_secs_f64());
            }
            println!(
                "{side}x{side}: {best:.0} playouts/s, {:.1} moves a playout",
                moves as f64 / f64::from(n)
            );
        }
    }
}
