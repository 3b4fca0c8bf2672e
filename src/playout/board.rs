//! The playouts keep their own board, made for speed: a padded grid (a border column shared by
//! neighbouring rows, a border row above and below) so that the four neighbours of a point are
//! `±1` and `±stride` without bounds tests; each chain a circular list of its stones whose head
//! keeps the chain's size and its pseudo-liberties (stone-empty adjacencies) with the sum and the
//! sum of squares of their indices, so that a chain is in atari exactly when
//! `libs * squares == sum²` (all adjacencies at one point, which is then `sum / libs`); each
//! point counts its empty, black and white neighbours in one word, so the common move with two
//! empty neighbours is accepted at once and the eye test reads one word; the empty points are a
//! list with an index map, so choosing and rejecting a candidate cost O(1). Nothing in
//! [`Playout::run`](super::Playout::run) allocates.

use crate::cell::{is_stone, mask, BORDER, EMPTY};

/// What a neighbour of value `v` (`EMPTY`, `BLACK` or `WHITE`) adds to a point's neighbour
/// counts: byte `v` of the word counts the neighbours of value `v` (the border is not counted).
#[inline(always)]
pub(super) const fn unit(v: u8) -> u32 {
    1 << (8 * v as u32)
}

/// The count of empty neighbours in a neighbour word.
pub(super) const EMPTY_BYTE: u32 = 0xFF;

/// What the head of a chain knows about it. The pseudo-liberties are counted with their padded
/// indices: `libs` adjacencies to empty points, the `sum` and the sum of `squares` of those
/// points' indices.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Chain {
    pub(super) squares: u64,
    pub(super) sum: u32,
    pub(super) libs: u16,
    pub(super) size: u16,
}

impl Chain {
    /// Whether all the pseudo-liberties are one point (also when there are none): by
    /// Cauchy-Schwarz, `libs * Σi² = (Σi)²` exactly when all the `i` are equal.
    #[inline(always)]
    pub(super) fn one_point(libs: u32, sum: u32, squares: u64) -> bool {
        u64::from(libs) * squares == u64::from(sum) * u64::from(sum)
    }

    /// Whether the chain has exactly one liberty (then it has at most 4 adjacencies to it).
    /// Without a branch: the playouts ask this of random neighbours, where a branch would be
    /// mispredicted half of the time.
    #[inline(always)]
    pub(super) fn in_atari(&self) -> bool {
        (self.libs.wrapping_sub(1) < 4) & Chain::one_point(self.libs.into(), self.sum, self.squares)
    }

    /// The liberty of a chain in atari.
    #[inline(always)]
    pub(super) fn atari_liberty(&self) -> usize {
        (self.sum / u32::from(self.libs)) as usize
    }

    /// Adds an adjacency to the empty point `i` if `on` (without a branch).
    #[inline(always)]
    pub(super) fn add_adjacency(&mut self, i: usize, on: bool) {
        let m = u64::from(on).wrapping_neg();
        self.libs += u16::from(on);
        self.sum += i as u32 & m as u32;
        self.squares += (i * i) as u64 & m;
    }

    /// Removes an adjacency to the point `i` if `on` (without a branch).
    #[inline(always)]
    pub(super) fn remove_adjacency(&mut self, i: usize, on: bool) {
        let m = u64::from(on).wrapping_neg();
        self.libs -= u16::from(on);
        self.sum -= i as u32 & m as u32;
        self.squares -= (i * i) as u64 & m;
    }
}

/// What a stone of a player on an empty point would do, found without changing the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Assessment {
    /// It captures at least one opponent chain.
    pub(super) captures: bool,
    /// The distinct liberties of its chain after the move, counted up to 2, when it captures
    /// nothing (2 also when it captures).
    pub(super) libs: u8,
    /// The stones of its chain after the move (1 when the move is judged early).
    pub(super) size: usize,
}

/// Room for the padded grid of any board: 52x52 has `(52 + 2) * 53 + 1 = 2,863` cells.
pub(super) const CELLS: usize = 4096;

/// Per-cell data of the padded grid. Indices are masked into the fixed-size array, so that an
/// access needs no bounds check (every index used is below [`CELLS`] anyway).
#[derive(Clone, Debug)]
pub(super) struct Grid<T>(pub(super) Box<[T; CELLS]>);

impl<T: Copy> Grid<T> {
    pub(super) fn new(value: T) -> Grid<T> {
        let cells = vec![value; CELLS].into_boxed_slice().try_into();
        Grid(cells.unwrap_or_else(|_| unreachable!("the vector has CELLS elements")))
    }

    /// Copies the first `len` cells of `from`.
    pub(super) fn copy_prefix(&mut self, from: &Grid<T>, len: usize) {
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
pub(super) struct Pos {
    pub(super) stride: usize,
    pub(super) len: usize,
    /// Per cell: `EMPTY`, `BLACK`, `WHITE` or `BORDER`.
    pub(super) color: Grid<u8>,
    /// Per point: the numbers of its empty, black and white neighbours, one byte each (see
    /// [`unit`]); meaningless for border cells.
    pub(super) nb: Grid<u32>,
    /// Per stone: the head of its chain.
    pub(super) head: Grid<u16>,
    /// Per stone: the next stone of its chain (a circular list).
    pub(super) next: Grid<u16>,
    /// Per chain head: what is known about the chain.
    pub(super) chains: Grid<Chain>,
    /// The empty points (padded indices), in no particular order: the first `n_empty`.
    pub(super) empties: Grid<u16>,
    pub(super) n_empty: usize,
    /// Per empty point: its position in `empties`.
    pub(super) epos: Grid<u16>,
    /// The point where the player to move may not play by the basic-ko rule (0: none).
    pub(super) ko: u16,
}

impl Pos {
    /// An empty board of `width` x `height` points.
    pub(super) fn new(width: usize, height: usize) -> Pos {
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
    pub(super) fn index(&self, x: usize, y: usize) -> usize {
        (y + 1) * self.stride + x + 1
    }

    /// Copies `from` (a board of the same size) into `self` without allocating.
    pub(super) fn reset_from(&mut self, from: &Pos) {
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
    pub(super) fn neighbours(&self, i: usize) -> [usize; 4] {
        [i - self.stride, i - 1, i + 1, i + self.stride]
    }

    #[inline(always)]
    pub(super) fn diagonals(&self, i: usize) -> [usize; 4] {
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
    pub(super) fn neighbourhood(&self, i: usize) -> u16 {
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
    pub(super) fn chain_of(&self, i: usize) -> &Chain {
        &self.chains[self.head[i] as usize]
    }

    /// Whether a neighbour of the point `i` is a stone of `v` whose chain is in atari. Without
    /// a branch (the head of a cell without a stone is stale but harmless: the colour decides).
    #[inline(always)]
    pub(super) fn atari_next_to(&self, i: usize, v: u8) -> bool {
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
    pub(super) fn is_eye(&self, i: usize, c: u8) -> bool {
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
    pub(super) fn assess(&self, i: usize, c: u8) -> Assessment {
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

    /// The stones of the chain of the stone `q`, round its circular list.
    pub(super) fn stones_of(&self, q: usize) -> impl Iterator<Item = usize> + '_ {
        let h = self.head[q] as usize;
        let mut at = Some(h);
        std::iter::from_fn(move || {
            let t = at?;
            let next = self.next[t] as usize;
            at = (next != h).then_some(next);
            Some(t)
        })
    }

    /// Whether the rules let `c` play on the point `i` (empty, not the ko point, not suicide).
    #[cfg(test)]
    pub(super) fn legal(&self, i: usize, c: u8) -> bool {
        if self.color[i] != EMPTY || i == self.ko as usize {
            return false;
        }
        let a = self.assess(i, c);
        a.captures || a.libs > 0
    }

    #[inline(always)]
    pub(super) fn remove_empty(&mut self, i: usize) {
        let pos = self.epos[i] as usize;
        self.n_empty -= 1;
        let last = self.empties[self.n_empty];
        self.empties[pos] = last;
        self.epos[last as usize] = pos as u16;
    }

    #[inline(always)]
    pub(super) fn add_empty(&mut self, i: usize) {
        self.epos[i] = self.n_empty as u16;
        self.empties[self.n_empty] = i as u16;
        self.n_empty += 1;
    }

    /// Swaps positions `a` and `b` of the list of empty points.
    #[inline(always)]
    pub(super) fn swap_empties(&mut self, a: usize, b: usize) {
        let (pa, pb) = (self.empties[a], self.empties[b]);
        self.empties[a] = pb;
        self.empties[b] = pa;
        self.epos[self.empties[a] as usize] = a as u16;
        self.epos[self.empties[b] as usize] = b as u16;
    }

    /// Puts a stone of `c` on the empty point `i` and merges it with its friends, without
    /// captures: afterwards, opponent chains without liberties are those it captures.
    #[inline(always)]
    pub(super) fn put(&mut self, i: usize, c: u8) {
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
    pub(super) fn merge(&mut self, a: usize, b: usize) {
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
    pub(super) fn remove_chain(&mut self, h: usize, v: u8) {
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
    pub(super) fn play(&mut self, i: usize, c: u8) -> u32 {
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
