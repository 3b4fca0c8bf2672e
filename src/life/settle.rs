//! Settling a final position before it is counted, as the confirmation of J89 Art. 9 does in
//! thought: the players fill the dame as far as they can (commentary on Art. 9.2 (1)), add the
//! stones they need inside their own territory to keep a chain from capture, and take what
//! cannot be defended.
//!
//! The board keeps per chain its liberties counted with multiplicity and their sums, so that a
//! chain with no liberty, exactly one (and which) or two and more is known without walking it.

use crate::grid::{components, is_stone, Pad, OFF, STONES};

/// The liberties of a chain counted with multiplicity, one for every stone of the chain and
/// empty point next to it (pseudo-liberties), with the sum and the sum of squares of those
/// points' indices. The chain has no liberty when the count is 0, and exactly one when all the
/// points are the same, that is when `sum² = count · squares` (Cauchy-Schwarz): the exact
/// tests the filling needs, kept up to date without ever walking a chain. (At most 4 · 2704
/// pseudo-liberties of indices below 2862: the sum fits in 32 bits, the products in 64.)
#[derive(Clone, Copy, Debug, Default)]
struct Libs {
    count: u32,
    sum: u32,
    squares: u64,
}

impl Libs {
    /// `k` times the point `p`.
    #[inline]
    fn of(p: usize, k: u32) -> Libs {
        let p = p as u32;
        Libs {
            count: k,
            sum: k * p,
            squares: k as u64 * p as u64 * p as u64,
        }
    }

    /// Adds `o` (wrapping: the sink entry of `Sim::libs` may wrap, a chain's never does).
    #[inline]
    fn add(&mut self, o: Libs) {
        self.count = self.count.wrapping_add(o.count);
        self.sum = self.sum.wrapping_add(o.sum);
        self.squares = self.squares.wrapping_add(o.squares);
    }

    /// Takes `o` away.
    #[inline]
    fn remove(&mut self, o: Libs) {
        self.count = self.count.wrapping_sub(o.count);
        self.sum = self.sum.wrapping_sub(o.sum);
        self.squares = self.squares.wrapping_sub(o.squares);
    }

    /// Whether there are two distinct liberties or more.
    #[inline]
    fn at_least_two(&self) -> bool {
        self.count > 0 && self.sum as u64 * self.sum as u64 != self.count as u64 * self.squares
    }

    /// The only liberty, if there is exactly one.
    #[inline]
    fn single(&self) -> Option<usize> {
        (self.count > 0 && !self.at_least_two()).then(|| (self.sum / self.count) as usize)
    }
}

/// What the settling did to a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fill {
    /// Nothing.
    None,
    /// A stone of this colour filled a dame.
    Dame(i8),
    /// A stone of this colour filled a point of its own area to save a chain.
    Protective(i8),
    /// The stone on it was captured.
    Captured,
}

/// A board being settled (bordered arrays), with its chains. Fills only add stones; captures
/// take chains that have no liberty left.
#[derive(Clone)]
pub(crate) struct Sim {
    /// Per point: 1 Black, -1 White, 0 empty, `OFF` off the board.
    pub cells: Vec<i8>,
    /// Per point: what the settling did.
    pub fill: Vec<Fill>,
    /// Per stone: its chain, named by one of its stones (the chain's head).
    chain: Vec<u16>,
    /// Per stone: the next stone of its chain, round a cycle.
    next: Vec<u16>,
    /// Per head: the number of stones of the chain.
    size: Vec<u16>,
    /// Per head: the liberties of the chain.
    libs: Vec<Libs>,
    /// Per head: whether the chain holds a live stone (one not marked dead).
    live: Vec<bool>,
    /// Per empty point: the colour whose own area it lies in (1, -1), 0 for none.
    own: Vec<i8>,
}

impl Sim {
    /// The board `cells` (bordered), with `live(b)` telling the stones not marked dead and
    /// `own` the owner of each empty point's area.
    pub fn new(pad: &Pad, cells: &[i8], live: impl Fn(usize) -> bool, own: Vec<i8>) -> Sim {
        let len = cells.len();
        // Not a stone: chain 0, an off-board index, the sink of the liberties added below.
        let chain = components(pad, cells, STONES);
        let mut libs = vec![Libs::default(); len];
        let mut next = vec![0u16; len];
        let mut size = vec![0u16; len];
        let mut alive = vec![false; len];
        for b in pad.inner() {
            match cells[b] {
                0 => {
                    for m in pad.neighbours(b) {
                        libs[chain[m] as usize].add(Libs::of(b, 1));
                    }
                }
                1 | -1 => {
                    // The head is its chain's first stone: each other stone is linked in
                    // after it.
                    let h = chain[b] as usize;
                    next[b] = next[h];
                    next[h] = b as u16;
                    size[h] += 1;
                    alive[h] |= live(b);
                }
                _ => {}
            }
        }
        Sim {
            cells: cells.to_vec(),
            fill: vec![Fill::None; len],
            chain,
            next,
            size,
            libs,
            live: alive,
            own,
        }
    }

    /// The stones of the chain with head `h`.
    fn stones(&self, h: usize) -> Vec<usize> {
        let mut out = Vec::with_capacity(self.size[h] as usize);
        let mut s = h;
        loop {
            out.push(s);
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        out
    }

    /// Plays a stone of `colour` on the empty point `p` if the settling allows it, marking the
    /// point with `kind`; whether it did. A stone is allowed if it captures no live chain and
    /// its chain keeps two liberties (it is not left in atari).
    /// Captures of live chains are not the settling's to decide: a chain that can be taken is
    /// found by reading (see `super::pockets`), and in a seki neither player fills a shared
    /// liberty (J89 Example 3, the hane seki: neither player captures at A). Stones marked
    /// dead are another matter: the players agreed that they can be taken, so a stone that
    /// takes them is allowed (they are removed first).
    fn fill_as(&mut self, pad: &Pad, p: usize, colour: i8, kind: Fill) -> bool {
        if let Some(dead) = self.dead_taken_by(pad, p, colour) {
            // Rare: taken on a copy, kept only if the stone is then allowed.
            let before = self.clone();
            for h in dead.into_iter().flatten() {
                if self.cells[h] != 0 && self.chain[h] as usize == h {
                    self.remove_chain(pad, h);
                }
            }
            if self.fill_as(pad, p, colour, kind) {
                return true;
            }
            *self = before;
            return false;
        }
        self.fill_plain(pad, p, colour, kind)
    }

    /// The dead chains (heads) that a stone of `colour` on `p` would take, if any.
    fn dead_taken_by(&self, pad: &Pad, p: usize, colour: i8) -> Option<[Option<usize>; 4]> {
        let mut out = [None; 4];
        let mut any = false;
        for (k, m) in pad.neighbours(p).into_iter().enumerate() {
            if self.cells[m] == -colour {
                let h = self.chain[m] as usize;
                if !self.live[h] && self.libs[h].single() == Some(p) {
                    out[k] = Some(h);
                    any = true;
                }
            }
        }
        any.then_some(out)
    }

    /// [`Sim::fill_as`] once no dead chain is taken.
    fn fill_plain(&mut self, pad: &Pad, p: usize, colour: i8, kind: Fill) -> bool {
        // The distinct chains next to `p`, each with its colour and the number of its stones
        // next to `p` (the times `p` is among its pseudo-liberties), and the empty neighbours.
        let mut heads = [0usize; 4];
        let mut colours = [0i8; 4];
        let mut touching = [0u32; 4];
        let mut nc = 0;
        let mut empty = Libs::default();
        for m in pad.neighbours(p) {
            let c = self.cells[m];
            if c == 0 {
                empty.add(Libs::of(m, 1));
            } else if c != OFF {
                let h = self.chain[m] as usize;
                match heads[..nc].iter().position(|&q| q == h) {
                    Some(j) => touching[j] += 1,
                    None => {
                        heads[nc] = h;
                        colours[nc] = c;
                        touching[nc] = 1;
                        nc += 1;
                    }
                }
            }
        }
        // No opponent chain is captured: each keeps a liberty besides `p`. The chain the stone
        // makes (the chains of its colour that it joins, without `p`, and its empty
        // neighbours) has two liberties. Its head is that of the largest chain it joins.
        let mut joined = empty;
        let mut head = p;
        // The stone is live unless all it joins is stones marked dead: filling next to a dead
        // chain does not bring it back to life (its opponent may still take the whole).
        let mut own_chains = 0;
        let mut joins_live = false;
        for j in 0..nc {
            let (h, l) = (heads[j], self.libs[heads[j]]);
            if colours[j] != colour {
                if l.count <= touching[j] {
                    return false;
                }
            } else {
                joined.add(l);
                joined.remove(Libs::of(p, touching[j]));
                own_chains += 1;
                joins_live |= self.live[h];
                if head == p || self.size[h] > self.size[head] {
                    head = h;
                }
            }
        }
        if !joined.at_least_two() {
            return false;
        }
        self.cells[p] = colour;
        for j in 0..nc {
            let h = heads[j];
            self.libs[h].remove(Libs::of(p, touching[j]));
            if colours[j] == colour && h != head {
                self.merge(head, h);
            }
        }
        // The stone joins the chain of `head`, or makes a chain of its own.
        self.chain[p] = head as u16;
        self.next[p] = self.next[head];
        self.next[head] = p as u16;
        self.size[head] += 1;
        self.libs[head] = joined;
        self.live[head] = own_chains == 0 || joins_live;
        self.fill[p] = kind;
        true
    }

    /// Puts the stones of the chain with head `b` in the chain with head `a`.
    fn merge(&mut self, a: usize, b: usize) {
        let mut s = b;
        loop {
            self.chain[s] = a as u16;
            s = self.next[s] as usize;
            if s == b {
                break;
            }
        }
        self.next.swap(a, b);
        self.size[a] += self.size[b];
        self.live[a] |= self.live[b];
    }

    /// Takes the chain with head `h` off the board; returns its points.
    fn remove_chain(&mut self, pad: &Pad, h: usize) -> Vec<usize> {
        let stones = self.stones(h);
        for &s in &stones {
            self.cells[s] = 0;
            self.fill[s] = Fill::Captured;
        }
        for &s in &stones {
            for m in pad.neighbours(s) {
                if is_stone(self.cells[m]) {
                    self.libs[self.chain[m] as usize].add(Libs::of(s, 1));
                }
            }
            self.chain[s] = 0;
            self.next[s] = 0;
        }
        self.size[h] = 0;
        self.live[h] = false;
        stones
    }

    /// Fills the empty point `p` for either player as [`Sim::fill_as`] allows; whether it did.
    /// The player whose stone would join more of their own chains fills first (a connection is
    /// filled by its owner, not used to cut), and on a tie `prefer` (1 Black, -1 White).
    fn try_fill(&mut self, pad: &Pad, p: usize, prefer: i8) -> bool {
        let mut seen = [0usize; 4];
        let mut ns = 0;
        let mut balance = 0i32;
        for m in pad.neighbours(p) {
            let c = self.cells[m];
            if is_stone(c) {
                let h = self.chain[m] as usize;
                if !seen[..ns].contains(&h) {
                    seen[ns] = h;
                    ns += 1;
                    balance += c as i32;
                }
            }
        }
        let first = match balance.cmp(&0) {
            std::cmp::Ordering::Greater => 1,
            std::cmp::Ordering::Less => -1,
            std::cmp::Ordering::Equal => prefer,
        };
        self.fill_as(pad, p, first, Fill::Dame(first))
            || self.fill_as(pad, p, -first, Fill::Dame(-first))
    }

    /// Chains of live stones left with one liberty inside their own area: their owner fills
    /// it if that saves them (a protective move, J89 commentary on Art. 9.2 (1)); otherwise
    /// the opponent takes them by playing there, and their points and that liberty become
    /// neutral (`candidates`), unless the chain touches a live chain of the opponent in atari
    /// too (then whoever moves first captures, and both are left). Whether anything changed.
    fn protect(&mut self, pad: &Pad, candidates: &mut Vec<u16>) -> bool {
        let heads: Vec<usize> = pad
            .inner()
            .filter(|&b| is_stone(self.cells[b]) && self.chain[b] as usize == b && self.live[b])
            .collect();
        let mut changed = false;
        for h in heads {
            // An earlier change may have merged or taken this chain.
            if !is_stone(self.cells[h]) || self.chain[h] as usize != h {
                continue;
            }
            let Some(q) = self.libs[h].single() else {
                if let Some(q) = self.junction(pad, h) {
                    let c = self.cells[h];
                    changed |= self.fill_plain(pad, q, c, Fill::Protective(c));
                }
                continue;
            };
            let c = self.cells[h];
            if self.own[q] != c {
                changed |= self.rescue(pad, h, q);
                continue;
            }
            // Dead stones of the opponent next to the chain are taken first: the owner may
            // capture them whenever it needs the liberties.
            let dead: Vec<usize> = self
                .stones(h)
                .iter()
                .flat_map(|&s| pad.neighbours(s))
                .filter(|&m| self.cells[m] == -c && !self.live[self.chain[m] as usize])
                .map(|m| self.chain[m] as usize)
                .collect();
            if !dead.is_empty() {
                changed = true;
                // Dead stones whose last liberty is the same point are captured by the stone
                // that saves the chain: it is played there (and the point is not territory).
                let same_point = dead
                    .iter()
                    .all(|&d| self.libs[self.chain[d] as usize].single() == Some(q));
                for d in dead {
                    if is_stone(self.cells[d]) && self.chain[d] as usize == d {
                        for s in self.remove_chain(pad, d) {
                            self.own[s] = c;
                        }
                    }
                }
                if same_point {
                    self.fill_plain(pad, q, c, Fill::Protective(c));
                }
                continue;
            }
            if self.fill_as(pad, q, c, Fill::Protective(c)) {
                changed = true;
                continue;
            }
            // The filling left a live chain of the opponent next to it in atari as well: the
            // chain takes it first if it moves first, so the race is decided by the order of
            // the fills, not by the position, and nothing is proven (J89 Art. 7.1: dead only if
            // the opponent captures against any defence; in a seki, Art. 8, neither side fills
            // the liberties it shares with the other, since that puts itself in atari). Both
            // stay as they are.
            if self.captures_back(pad, h) {
                continue;
            }
            changed = true;
            for s in self.remove_chain(pad, h) {
                self.own[s] = 0;
                candidates.push(s as u16);
            }
            self.own[q] = 0;
            candidates.push(q as u16);
        }
        changed
    }

    /// Whether the chain with head `h`, in atari, touches a live chain of the opponent that is
    /// in atari too: the chain's owner captures it by playing on its last liberty.
    fn captures_back(&self, pad: &Pad, h: usize) -> bool {
        let c = self.cells[h];
        let mut s = h;
        loop {
            for m in pad.neighbours(s) {
                let d = self.chain[m] as usize;
                let l = self.libs[d];
                if self.cells[m] == -c && self.live[d] && l.count > 0 && !l.at_least_two() {
                    return true;
                }
            }
            s = self.next[s] as usize;
            if s == h {
                return false;
            }
        }
    }

    /// A chain with head `h` left in atari on `q`, a point outside its own area, that saves
    /// itself by capturing: stones marked dead next to it, in atari on a point of its owner's
    /// area, are taken there (the opponent's filling of the dame is answered so; J89 Art. 7.1:
    /// stones are dead if they can be captured). Their points become the owner's area, so that
    /// the chain, once in atari again, fills one of them to connect (a protective fill).
    /// Whether it took anything.
    fn rescue(&mut self, pad: &Pad, h: usize, q: usize) -> bool {
        let c = self.cells[h];
        let mut took = false;
        for s in self.stones(h) {
            for m in pad.neighbours(s) {
                if self.cells[m] != -c {
                    continue;
                }
                let d = self.chain[m] as usize;
                let Some(e) = self.libs[d].single() else {
                    continue;
                };
                if self.live[d] || e == q || self.own[e] != c {
                    continue;
                }
                let dead = self.stones(d);
                if self.fill_as(pad, e, c, Fill::Protective(c)) {
                    for p in dead {
                        self.own[p] = c;
                    }
                    took = true;
                }
            }
        }
        took
    }

    /// The distinct empty points next to the stones `stones`.
    fn liberties_of(&self, pad: &Pad, stones: &[usize]) -> Vec<usize> {
        let mut out = Vec::new();
        for &s in stones {
            for m in pad.neighbours(s) {
                if self.cells[m] == 0 && !out.contains(&m) {
                    out.push(m);
                }
            }
        }
        out
    }

    /// The junction of a shared two-point eye that the chain with head `h` must fill: the
    /// chain's only liberties are two adjacent points `p`, `q` of its own area; a stone of the
    /// opponent thrown in at `q` (its only liberty `p`) puts the chain in atari, and the stone
    /// that takes it at `p` leaves a chain of two stones or more with `q` as its only liberty,
    /// so the opponent takes back at `q` (no ko: more than one stone). The owner must fill `q`
    /// before the confirmation (J89 commentary on Art. 9.2 (1): the moves needed inside one's
    /// own territory), and only `p` is an eye.
    fn junction(&self, pad: &Pad, h: usize) -> Option<usize> {
        // Two liberties, each next to at most four of the chain's stones.
        if self.libs[h].count > 8 || !self.libs[h].at_least_two() {
            return None;
        }
        let c = self.cells[h];
        let stones = self.stones(h);
        let libs = self.liberties_of(pad, &stones);
        let [a, b] = libs[..] else {
            return None;
        };
        if self.own[a] != c || self.own[b] != c || !pad.neighbours(a).contains(&b) {
            return None;
        }
        for (q, p) in [(a, b), (b, a)] {
            // The throw-in at `q`: its only liberty is `p`, and it captures nothing (every
            // chain next to `q` keeps a liberty besides it).
            let only_p = pad
                .neighbours(q)
                .iter()
                .all(|&m| m == p || self.cells[m] == c || self.cells[m] == OFF);
            let captures = pad.neighbours(q).iter().any(|&m| {
                self.cells[m] == c && self.libs[self.chain[m] as usize].single() == Some(q)
            });
            if !only_p || captures {
                continue;
            }
            // The owner takes at `p`: the chains of its colour next to `p` join, and their
            // liberties, besides `p`, are the retaken point `q` and any others.
            let mut joined = vec![p];
            for m in pad.neighbours(p) {
                if self.cells[m] == c {
                    let g = self.chain[m] as usize;
                    if !joined.contains(&g) {
                        joined.extend(self.stones(g));
                    }
                }
            }
            let libs: Vec<usize> = self
                .liberties_of(pad, &joined)
                .into_iter()
                .filter(|&l| l != q && l != p)
                .collect();
            if libs.is_empty() && joined.len() >= 2 {
                return Some(q);
            }
        }
        None
    }

    /// Settles the board: fills the neutral points `candidates` as far as the players can and
    /// makes the protective fills and the captures that follow, until nothing changes; returns
    /// the neutral points left empty. The candidates are tried in passes, in order.
    pub fn settle(&mut self, pad: &Pad, candidates: &[u16], prefer: i8) -> Vec<u16> {
        let mut candidates = candidates.to_vec();
        loop {
            let mut changed = false;
            let mut k = 0;
            while k < candidates.len() {
                let p = candidates[k] as usize;
                if self.cells[p] != 0 {
                    candidates.swap_remove(k);
                } else if self.try_fill(pad, p, prefer) {
                    changed = true;
                    candidates.swap_remove(k);
                } else {
                    k += 1;
                }
            }
            changed |= self.protect(pad, &mut candidates);
            if !changed {
                break;
            }
        }
        candidates
    }
}
