//! Reading of small enclosed regions (J89 Art. 7: stones are alive if they cannot be captured):
//! how many eyes a region gives the chains around it, found by playing it out.
//!
//! The region's points and the chains around it become a small graph (bit masks, at most 32
//! nodes). The opponent (the attacker) moves first and plays only inside the region; the owner
//! answers inside it or passes. The attacker wins by capturing a chain of the border. Ko follows
//! the rule of the confirmation (J89 Art. 7.2): a player whose stone was taken in a ko may take
//! back in that ko only after passing; since a pass of the attacker lets the owner pass too and
//! end the reading, the attacker never retakes a ko, while the owner may after a pass (J89
//! Examples 7-1, 12: the bent four in the corner is dead).
//!
//! A region is worth two eyes if the attacker cannot capture even though the border chains
//! have no liberty elsewhere, one eye if the attacker cannot capture when the border has one
//! more eye elsewhere (a liberty the attacker can fill only by capturing), and none otherwise.

use std::cell::RefCell;

/// An open-addressing table from keys of 120 bits to values of 7 bits: the readings' memo and
/// the remembered eye values (a plain table keeps the wasm build small).
struct Table {
    /// Per slot: 0 when free, else the key, the value in bits 120-126 and bit 127 set.
    slots: Vec<u128>,
    len: usize,
}

const FULL: u128 = 1 << 127;
const KEY: u128 = (1 << 120) - 1;

impl Table {
    fn new() -> Table {
        Table {
            slots: vec![0; 256],
            len: 0,
        }
    }

    fn slot(&self, k: u128) -> usize {
        let h =
            ((k as u64) ^ ((k >> 64) as u64).rotate_left(29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (h >> 32) as usize & (self.slots.len() - 1)
    }

    fn get(&self, k: u128) -> Option<u8> {
        let mut i = self.slot(k);
        loop {
            let s = self.slots[i];
            if s == 0 {
                return None;
            }
            if s & KEY == k {
                return Some((s >> 120) as u8 & 0x7f);
            }
            i = (i + 1) & (self.slots.len() - 1);
        }
    }

    fn insert(&mut self, k: u128, v: u8) {
        if 2 * (self.len + 1) > self.slots.len() {
            let bigger = vec![0; 2 * self.slots.len()];
            let old = std::mem::replace(&mut self.slots, bigger);
            self.len = 0;
            for s in old.into_iter().filter(|&s| s != 0) {
                self.insert(s & KEY, (s >> 120) as u8 & 0x7f);
            }
        }
        let mut i = self.slot(k);
        while self.slots[i] != 0 && self.slots[i] & KEY != k {
            i = (i + 1) & (self.slots.len() - 1);
        }
        if self.slots[i] == 0 {
            self.len += 1;
        }
        self.slots[i] = FULL | (v as u128) << 120 | (k & KEY);
    }
}

/// Regions with more points than this are taken as two eyes without reading.
pub(crate) const MAX_POINTS: usize = 14;
/// The most points a reading takes (the positions' keys hold 24 points).
pub(crate) const MAX_READ: usize = 24;
/// At most this many chains around a region are read.
const MAX_BORDERS: usize = 16;
/// How many answers of readings a thread remembers before starting afresh.
const REMEMBERED: usize = 4096;

thread_local! {
    /// The answers of the readings made so far, by a 120-bit digest of the shape and the
    /// question (see [`Local::remembered`]).
    static READINGS: RefCell<Table> = RefCell::new(Table::new());
}

/// Positions visited by one reading before it gives up. (A nine-point corner holding a
/// chain with its own two-point eye, J89 Art. 7.1, takes about 15,000 to read as an eye space.)
const BUDGET: u32 = 20_000;
/// The same for reading whether a chain marked dead can be captured: asked once per marked
/// chain in a small pocket, and only where the answer can change the count. A capturing race
/// between a marked chain with an eye and eyeless walls takes over 100,000 positions.
const MARKED_BUDGET: u32 = 300_000;
/// The same for reading whether an unmarked chain in a small pocket of the opponent's area can
/// be captured (asked once per such chain): a wall with an eye space that the opponent, first,
/// beats in a race over the dame outside (goscorer's `7pteyes`, nine points inside and four
/// dame) takes between 25,000 and 30,000 positions; more costs the estimator time.
const POCKET_BUDGET: u32 = 40_000;

/// A region and the chains around it, ready to be read.
#[derive(Clone, Debug)]
pub(crate) struct Local {
    /// Region points are nodes `0..n`, border chains `n..n + k`.
    n: usize,
    k: usize,
    adj: [u32; 32],
    /// The region's points.
    region: u32,
    /// The border chains.
    borders: u32,
    /// Per border chain (by node): its liberties outside the region, at most 2.
    ext: [u8; 32],
    /// The owner's stones on region points (not border chains), then the opponent's.
    x0: u32,
    o0: u32,
    /// Region nodes that stand for liberties of the border outside the region which the
    /// opponent's live stones touch (the dame of a capturing race): the opponent may fill them
    /// at any time and its stones there are never captured; the owner never plays there.
    dame: u32,
}

impl Local {
    /// A region of `n` points; `links` are pairs of adjacent region points, `border` gives for
    /// each chain of the owner around the region the mask of region points it touches and its
    /// liberties outside the region (at most 2 count), `x0` / `o0` the stones of the owner /
    /// the opponent on region points.
    pub fn new(
        n: usize,
        links: &[(usize, usize)],
        border: &[(u32, u8)],
        x0: u32,
        o0: u32,
    ) -> Local {
        let k = border.len();
        let mut adj = [0u32; 32];
        let mut ext = [0u8; 32];
        if n + k <= 32 {
            for &(a, b) in links {
                adj[a] |= 1 << b;
                adj[b] |= 1 << a;
            }
            for (j, &(m, e)) in border.iter().enumerate() {
                adj[n + j] = m;
                ext[n + j] = e.min(2);
                for p in bits(m) {
                    adj[p] |= 1 << (n + j);
                }
            }
        }
        let region = mask(n);
        Local {
            n,
            k,
            adj,
            region,
            borders: mask(n + k) & !region,
            ext,
            x0,
            o0,
            dame: 0,
        }
    }

    /// The same region where the region nodes `dame` are liberties of the border shared with
    /// the opponent's live stones (see [`Local::dame`]): a capturing race, in which the
    /// opponent fills them when it likes instead of last, as it must fill an eye.
    pub fn racing(mut self, dame: u32) -> Local {
        self.dame = dame & self.region;
        self
    }

    /// The same region with the chains around it taken as one chain.
    pub fn joined(&self) -> Local {
        if self.k <= 1 {
            return self.clone();
        }
        let mut around = 0u32;
        let mut ext = 0u8;
        for b in bits(self.borders) {
            around |= self.adj[b] & self.region;
            ext = ext.max(self.ext[b]);
        }
        let mut links = Vec::new();
        for a in 0..self.n {
            for b in bits(self.adj[a] & self.region) {
                if b > a {
                    links.push((a, b));
                }
            }
        }
        Local::new(self.n, &links, &[(around, ext)], self.x0, self.o0)
    }

    /// Whether the region is small enough to read.
    fn readable(&self) -> bool {
        self.n <= MAX_READ && self.k <= MAX_BORDERS && self.n + self.k <= 32
    }

    /// Whether no border chain can ever be captured: each has two liberties outside.
    fn border_safe(&self) -> bool {
        bits(self.borders).all(|b| self.ext[b] >= 2)
    }

    /// The eyes the region gives the chains around it: 0, 1 or 2. The opponent moves first;
    /// two eyes if the border cannot be captured though it has no liberty outside, one if it
    /// cannot be captured when it has one more eye outside, none otherwise.
    pub fn eyes(&self) -> u8 {
        self.remembered(0, || self.eyes_read())
    }

    /// The answer to `query` (0: the eyes; else a capture and its target) of `read`, remembered
    /// per thread: answers depend on the region's graph only, and the same shapes come back in
    /// every position and every count of the same position.
    fn remembered(&self, query: u64, read: impl FnOnce() -> u8) -> u8 {
        let key = digest(&self.key(query));
        if let Some(v) = READINGS.with(|m| m.borrow().get(key)) {
            return v;
        }
        let v = read();
        READINGS.with(|m| {
            let mut m = m.borrow_mut();
            if m.len >= REMEMBERED {
                *m = Table::new();
            }
            m.insert(key, v);
        });
        v
    }

    /// The region's graph and a query as a key: its points' neighbours among themselves and
    /// the border, the border's liberties outside, and the stones on it.
    fn key(&self, query: u64) -> [u64; 4 + MAX_READ] {
        let mut k = [0u64; 4 + MAX_READ];
        k[0] = self.n as u64 | (self.k as u64) << 8;
        k[1] = u64::from(self.x0) | u64::from(self.o0) << 32;
        for (i, b) in bits(self.borders).enumerate() {
            k[2] |= u64::from(self.ext[b]) << (2 * i);
        }
        k[2] |= u64::from(self.dame) << 32;
        k[3] = query;
        for p in 0..self.n.min(MAX_READ) {
            // Neighbours among the points, and which border chains (as their order).
            let border: u64 = bits(self.adj[p] & self.borders)
                .map(|b| 1u64 << (b - self.n))
                .sum();
            k[4 + p] = u64::from(self.adj[p] & self.region) | border << 32;
        }
        k
    }

    fn eyes_read(&self) -> u8 {
        let stones = (self.x0 | self.o0).count_ones() as usize;
        if self.n > MAX_POINTS || !self.readable() {
            return 2;
        }
        // One or two empty points: one eye (the opponent's stone inside is captured or cannot
        // be played; a second liberty is missing). Seven empty points or more make two eyes
        // whatever the opponent does (the largest eye spaces that can be killed have six).
        if stones == 0 && self.n <= 2 {
            return 1;
        }
        if stones == 0 && self.n >= 7 {
            return 2;
        }
        let fallback = if self.n >= 7 { 2 } else { 1 };
        let with = |e: u8| {
            let mut l = self.clone();
            for b in bits(l.borders) {
                l.ext[b] = e;
            }
            l
        };
        match Reader::new(&with(0), 0).attacker(self.x0, self.o0, 0, 0, self.depth()) {
            Some(false) => return 2,
            Some(true) => {}
            None => return fallback,
        }
        match Reader::new(&with(1), 0).attacker(self.x0, self.o0, 0, 0, self.depth()) {
            Some(false) => 1,
            Some(true) => 0,
            None => fallback,
        }
    }

    /// Whether the owner, moving first, can capture the opponent's stones `target` and keep
    /// every chain of the border safe afterwards (J89 Art. 7.1: stones whose capture lets the
    /// opponent play back stones that cannot be captured are alive). `None`: too long to read.
    /// With `anywhere` both sides try every point of the region, not only those near the
    /// target: stones around an eye space they share with other chains of theirs die by a play
    /// on its vital point, which may lie away from them, and a proof of capture must not miss
    /// a defence there.
    pub fn captures(&self, target: u32, anywhere: bool) -> Option<bool> {
        if !self.readable() || target & self.o0 != target || target == 0 {
            return Some(false);
        }
        let query = 1 | u64::from(anywhere) << 2 | u64::from(target) << 8;
        decode(self.remembered(query, || {
            let mut r = Reader::new(self, target);
            r.budget = POCKET_BUDGET;
            r.all_moves = anywhere;
            r.all_defences = anywhere;
            encode(r.capturer(self.x0, self.o0, 0, 0, self.depth()))
        }))
    }

    /// Whether the owner captures the opponent's stones `target` and keeps every chain of the
    /// border safe afterwards even when the opponent moves first (it may pass): stones its
    /// opponent takes whoever starts (J89 Art. 7.1). `None`: too long to read, or not readable.
    pub fn captures_moving_second(&self, target: u32) -> Option<bool> {
        if !self.readable() || target & self.o0 != target || target == 0 {
            return None;
        }
        let query = 3 | u64::from(target) << 8;
        decode(self.remembered(query, || {
            encode(Reader::marked(self, target).defender(self.x0, self.o0, 0, 0, self.depth()))
        }))
    }

    /// Whether the owner, moving first, can capture `target` at all: `Some(false)` proves it
    /// cannot (the stones are alive, J89 Art. 7.1); `None` when the region is not readable,
    /// the reading too long, or a ko arose in it (the capturer, who never passes here, could
    /// take back a ko after a pass under Art. 7.2: the bent four in the corner is dead), or a
    /// border chain has one liberty outside.
    pub fn capturable_at_all(&self, target: u32) -> Option<bool> {
        // A border chain with a single liberty outside could extend there: the reading, which
        // plays only inside, would count it lost at once.
        let extensible = bits(self.borders).any(|b| self.ext[b] == 1);
        if !self.readable() || target & self.o0 != target || target == 0 || extensible {
            return None;
        }
        let query = 4 | u64::from(target) << 8;
        decode(self.remembered(query, || {
            let mut r = Reader::marked(self, target);
            r.all_moves = true;
            match r.capturer(self.x0, self.o0, 0, 0, self.depth()) {
                Some(false) if r.ko_seen.get() => encode(None),
                answer => encode(answer),
            }
        }))
    }

    /// Whether the owner capturing `target` by playing on the region point `p` keeps every
    /// chain of the border safe afterwards, the opponent playing back first. `None`: too long
    /// to read.
    pub fn captures_at(&self, p: usize, target: u32) -> Option<bool> {
        if !self.readable() || p >= self.n {
            return Some(false);
        }
        let query = 2 | (p as u64) << 2 | u64::from(target) << 8;
        decode(self.remembered(query, || encode(self.capture_at_read(p, target))))
    }

    fn capture_at_read(&self, p: usize, target: u32) -> Option<bool> {
        let r = Reader::new(self, target);
        match r.play(true, p, self.x0, self.o0) {
            Play::Done {
                x, o, captured, ko, ..
            } if captured & target != 0 => {
                if r.safe_after(captured, x, o) {
                    return Some(true);
                }
                let bo = ko.map_or(0, |q| 1 << q);
                let mut r = r;
                r.attacker(x, o, 0, bo, self.depth()).map(|lost| !lost)
            }
            _ => Some(false),
        }
    }

    /// How many moves a line of play may take. An empty eye space is read deep: killing a
    /// bulky or crossed five or a rabbity six takes the attacker's throw-in, the owner's
    /// capture and a second play on the vital point, about four moves a point. With stones
    /// inside, deeper lines are mostly ko fights that the local reading cannot settle (the
    /// attacker never passes here), so they stay short.
    fn depth(&self) -> u32 {
        let per_point = if self.x0 | self.o0 == 0 { 6 } else { 2 };
        per_point * self.n as u32 + 8
    }
}

/// A reading's answer as a remembered value.
fn encode(answer: Option<bool>) -> u8 {
    match answer {
        Some(false) => 0,
        Some(true) => 1,
        None => 2,
    }
}

fn decode(v: u8) -> Option<bool> {
    match v {
        0 => Some(false),
        1 => Some(true),
        _ => None,
    }
}

/// A digest of 120 bits of a shape key: two independent 64-bit mixes.
fn digest(k: &[u64]) -> u128 {
    let mix = |seed: u64| {
        k.iter().fold(seed, |h, &w| {
            let v = (h ^ w).wrapping_mul(0xff51_afd7_ed55_8ccd);
            v ^ (v >> 33)
        })
    };
    ((mix(0x243f_6a88_85a3_08d3) as u128) << 64 | mix(0x1319_8a2e_0370_7344) as u128) & KEY
}

/// The low `n` bits.
fn mask(n: usize) -> u32 {
    if n >= 32 {
        u32::MAX
    } else {
        (1u32 << n) - 1
    }
}

/// The indices of the set bits of `m`.
fn bits(mut m: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        Some(i)
    })
}

/// What a move does.
enum Play {
    Illegal,
    /// The opponent captured a chain of the border.
    BorderCaptured,
    /// The new position, the stones captured, and the point of the ko it took if it took one
    /// (a single stone captured by a single stone left with one liberty).
    Done {
        x: u32,
        o: u32,
        captured: u32,
        ko: Option<usize>,
    },
}

/// One reading. Two games are read on the same region:
/// - the *eye* game ([`Reader::attacker`] / [`Reader::owner`]): the opponent moves first and
///   wins by capturing a border chain; the owner may pass;
/// - the *capture* game ([`Reader::capturer`] / [`Reader::defender`]): the owner moves first
///   and wins by capturing `target` if the eye game then (opponent to move) keeps the border
///   safe; the opponent may pass.
///
/// The side that wants something to happen never passes (a pass would let the other pass and
/// end the reading), so it never takes back a ko; the other side may, after a pass.
struct Reader<'a> {
    l: &'a Local,
    target: u32,
    memo: Table,
    nodes: u32,
    budget: u32,
    /// Whether the capturer tries every point of the region (a proof that stones cannot be
    /// captured must not miss a capture), not only those near the target.
    all_moves: bool,
    /// Whether the defender tries every point of the region too (a proof that stones can be
    /// captured must not miss a defence).
    all_defences: bool,
    /// Whether the capturer had to move while banned from taking back a ko: it never passes
    /// here, so it never takes back a ko, and its failure there proves nothing (J89 Art. 7.2
    /// lets it take back after a pass).
    ko_seen: std::cell::Cell<bool>,
}

impl<'a> Reader<'a> {
    fn new(l: &'a Local, target: u32) -> Reader<'a> {
        Reader {
            l,
            target,
            memo: Table::new(),
            nodes: 0,
            budget: BUDGET,
            all_moves: false,
            all_defences: false,
            ko_seen: std::cell::Cell::new(false),
        }
    }

    /// A reading of the marks, with its larger budget.
    fn marked(l: &'a Local, target: u32) -> Reader<'a> {
        Reader {
            budget: MARKED_BUDGET,
            ..Reader::new(l, target)
        }
    }

    /// The connected set of `set` that holds node `p`.
    fn group(&self, p: usize, set: u32) -> u32 {
        let mut g = 1u32 << p;
        let mut frontier = g;
        while frontier != 0 {
            let mut next = 0;
            for q in bits(frontier) {
                next |= self.l.adj[q];
            }
            next &= set & !g;
            g |= next;
            frontier = next;
        }
        g
    }

    /// The groups of `set` holding a point of `from` (a subset of `set`), each once.
    fn groups(&self, from: u32, set: u32) -> impl Iterator<Item = u32> + '_ {
        let mut left = from;
        std::iter::from_fn(move || {
            (left != 0).then(|| {
                let g = self.group(left.trailing_zeros() as usize, set);
                left &= !g;
                g
            })
        })
    }

    /// The empty region points next to a group.
    fn libs(&self, g: u32, x: u32, o: u32) -> u32 {
        let mut n = 0;
        for q in bits(g) {
            n |= self.l.adj[q];
        }
        n & self.l.region & !x & !o
    }

    /// The liberties outside the region of a group of the owner (through its border chains).
    fn outside(&self, g: u32) -> u32 {
        bits(g & self.l.borders).map(|b| self.l.ext[b] as u32).sum()
    }

    /// Whether some border group has no liberty left in the region and a single one outside:
    /// the opponent captures it by playing there.
    fn border_in_atari_outside(&self, x: u32, o: u32) -> bool {
        for g in self.groups(self.l.borders, x | self.l.borders) {
            if self.libs(g, x, o) == 0 && self.outside(g) == 1 {
                return true;
            }
        }
        false
    }

    fn play(&self, owner: bool, p: usize, x: u32, o: u32) -> Play {
        let bit = 1u32 << p;
        let borders = self.l.borders;
        let (mut x2, mut o2) = (x, o);
        let mut captured = 0u32;
        if owner {
            // The dame of a race are the opponent's to fill (the owner's own liberties).
            if self.l.dame & bit != 0 {
                return Play::Illegal;
            }
            x2 |= bit;
            for q in bits(self.l.adj[p] & o) {
                if o2 & (1 << q) == 0 {
                    continue;
                }
                let g = self.group(q, o2);
                // Stones on the dame of a race join the opponent's live stones outside.
                if self.libs(g, x2, o2) == 0 && g & self.l.dame == 0 {
                    o2 &= !g;
                    captured |= g;
                }
            }
            let own = self.group(p, x2 | borders);
            if self.libs(own, x2, o2) == 0 && self.outside(own) == 0 {
                return Play::Illegal;
            }
        } else {
            o2 |= bit;
            for q in bits(self.l.adj[p] & (x | borders)) {
                if (x2 | borders) & (1 << q) == 0 {
                    continue;
                }
                let g = self.group(q, x2 | borders);
                if self.libs(g, x2, o2) == 0 && self.outside(g) == 0 {
                    if g & borders != 0 {
                        return Play::BorderCaptured;
                    }
                    x2 &= !g;
                    captured |= g;
                }
            }
            let own = self.group(p, o2);
            if self.libs(own, x2, o2) == 0 && own & self.l.dame == 0 {
                return Play::Illegal;
            }
        }
        let own = self.group(p, if owner { x2 | borders } else { o2 });
        let ko = (captured.count_ones() == 1 && own == bit && self.libs(own, x2, o2) == captured)
            .then(|| captured.trailing_zeros() as usize);
        Play::Done {
            x: x2,
            o: o2,
            captured,
            ko,
        }
    }

    fn key(x: u32, o: u32, bx: u32, bo: u32, game: u128) -> u128 {
        (x as u128 & 0xff_ffff)
            | (o as u128 & 0xff_ffff) << 24
            | (bx as u128 & 0xff_ffff) << 48
            | (bo as u128 & 0xff_ffff) << 72
            | game << 96
    }

    /// The ban sets left after a pass of a player banned on `bans`: the pass lifts the ban of
    /// one ko of its choice (J89 Art. 7.2: "one pass designated for each ko"), or nothing.
    fn after_pass(bans: u32) -> Vec<u32> {
        if bans == 0 {
            vec![0]
        } else {
            bits(bans).map(|q| bans & !(1 << q)).collect()
        }
    }

    /// The region points in the order they are tried: those with more empty neighbours first
    /// (the vital points of eye shapes). Returns the points and their number.
    fn ordered(&self, empties: u32) -> ([u8; 32], usize) {
        let mut v = [0u8; 32];
        let mut n = 0;
        for want in (0..=4).rev() {
            for p in bits(empties) {
                if (self.l.adj[p] & empties).count_ones() == want {
                    v[n] = p as u8;
                    n += 1;
                }
            }
        }
        (v, n)
    }

    /// The start of a search node: its answer if it needs no search (`Err`: `None` once the
    /// budget is spent, when `count` asks to count the node here; `false` at the depth limit;
    /// the remembered answer), else the key to remember its answer under. `game` tells the
    /// four searches apart.
    #[allow(clippy::too_many_arguments)]
    fn enter(
        &mut self,
        x: u32,
        o: u32,
        bx: u32,
        bo: u32,
        depth: u32,
        game: u128,
        count: bool,
    ) -> Result<u128, Option<bool>> {
        if count && !self.visit() {
            return Err(None);
        }
        if depth == 0 {
            return Err(Some(false));
        }
        let key = Self::key(x, o, bx, bo, game);
        match self.memo.get(key) {
            Some(r) => Err(Some(r != 0)),
            None => Ok(key),
        }
    }

    /// Counts a visited position; `false` once the budget is spent.
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        self.nodes <= self.budget
    }

    /// Eye game, the opponent to move: `Some(true)` if it captures a border chain. `bx` /
    /// `bo`: the points where the owner / the opponent may not take back a ko.
    fn attacker(&mut self, x: u32, o: u32, bx: u32, bo: u32, depth: u32) -> Option<bool> {
        if !self.visit() {
            return None;
        }
        if self.l.border_safe() {
            return Some(false);
        }
        if self.border_in_atari_outside(x, o) {
            return Some(true);
        }
        let key = match self.enter(x, o, bx, bo, depth, 0, false) {
            Ok(key) => key,
            Err(answer) => return answer,
        };
        let moves = self.l.region & !x & !o;
        let result = self.opponent_wins(moves, x, o, bx, bo, depth, Self::owner)?;
        self.memo.insert(key, u8::from(result));
        Some(result)
    }

    /// The opponent to move, trying `moves` in order: `Some(true)` if one captures a border
    /// chain at once, or leads to a position (the owner to move, read by `next`, `Some(true)`
    /// meaning the opponent wins there) that it wins. A ko may not be taken back where `bo`
    /// forbids it; a ko taken forbids the owner to take back there.
    #[allow(clippy::too_many_arguments)]
    fn opponent_wins(
        &mut self,
        moves: u32,
        x: u32,
        o: u32,
        bx: u32,
        bo: u32,
        depth: u32,
        next: fn(&mut Self, u32, u32, u32, u32, u32) -> Option<bool>,
    ) -> Option<bool> {
        let (order, count) = self.ordered(moves);
        for &p in &order[..count] {
            let p = p as usize;
            match self.play(false, p, x, o) {
                Play::Illegal => {}
                Play::BorderCaptured => return Some(true),
                Play::Done {
                    x: x2, o: o2, ko, ..
                } => {
                    if ko.is_some() && bo & (1 << p) != 0 {
                        continue;
                    }
                    let bx2 = ko.map_or(bx, |q| bx | 1 << q);
                    if next(self, x2, o2, bx2, bo, depth - 1)? {
                        return Some(true);
                    }
                }
            }
        }
        Some(false)
    }

    /// Eye game, the owner to move: `Some(true)` if the opponent captures whatever it does.
    fn owner(&mut self, x: u32, o: u32, bx: u32, bo: u32, depth: u32) -> Option<bool> {
        let key = match self.enter(x, o, bx, bo, depth, 1, true) {
            Ok(key) => key,
            Err(answer) => return answer,
        };
        // A pass lifts the owner's ban in one ko (J89 Art. 7.2).
        let mut result = true;
        for bx2 in Self::after_pass(bx) {
            if !self.attacker(x, o, bx2, bo, depth - 1)? {
                result = false;
                break;
            }
        }
        if result {
            for p in bits(self.l.region & !x & !o) {
                if let Play::Done {
                    x: x2, o: o2, ko, ..
                } = self.play(true, p, x, o)
                {
                    if ko.is_some() && bx & (1 << p) != 0 {
                        continue;
                    }
                    let bo2 = ko.map_or(bo, |q| bo | 1 << q);
                    if !self.attacker(x2, o2, bx, bo2, depth - 1)? {
                        result = false;
                        break;
                    }
                }
            }
        }
        self.memo.insert(key, u8::from(result));
        Some(result)
    }

    /// Whether every group of the owner next to the points `captured` keeps two liberties
    /// besides them (in the region or outside).
    fn safe_after(&self, captured: u32, x: u32, o: u32) -> bool {
        let mut near = 0u32;
        for q in bits(captured) {
            near |= self.l.adj[q];
        }
        for g in self.groups(near & (x | self.l.borders), x | self.l.borders) {
            if (self.libs(g, x, o) & !captured).count_ones() + self.outside(g) < 2 {
                return false;
            }
        }
        true
    }

    /// The moves tried in the capture game. Both players try the liberties of the target's
    /// groups and the points next to them (the vital point of an eye space the target
    /// surrounds, or room to make eyes). The capturer (`capturer`) also tries the liberties of
    /// the owner's other groups in atari (captures) and of its own groups left in atari; the
    /// defender, the liberties of the capturer's groups short of liberties (to fight back).
    fn capture_game_moves(&self, x: u32, o: u32, capturer: bool) -> u32 {
        let empties = self.l.region & !x & !o;
        let mut moves = 0;
        for g in self.groups(o, o) {
            let libs = self.libs(g, x, o);
            if g & self.target != 0 {
                moves |= libs;
                for p in bits(libs) {
                    moves |= self.l.adj[p];
                }
            } else if capturer && libs.count_ones() == 1 {
                moves |= libs;
            }
        }
        for g in self.groups(x | self.l.borders, x | self.l.borders) {
            let libs = self.libs(g, x, o);
            let short = if capturer {
                libs.count_ones() == 1 && self.outside(g) == 0
            } else {
                libs.count_ones() + self.outside(g) <= 2
            };
            if short {
                moves |= libs;
            }
        }
        if !capturer {
            // The liberties of a race outside the region are the defender's to fill at any
            // time: a race is won there as much as inside.
            moves |= self.l.dame;
        }
        moves & empties
    }

    /// Capture game, the owner to move: `Some(true)` if it captures `target` and keeps its
    /// border safe.
    fn capturer(&mut self, x: u32, o: u32, bx: u32, bo: u32, depth: u32) -> Option<bool> {
        if bx != 0 {
            // The defender took a ko: the capturer may not take back (see `ko_seen`).
            self.ko_seen.set(true);
        }
        let key = match self.enter(x, o, bx, bo, depth, 2, true) {
            Ok(key) => key,
            Err(answer) => return answer,
        };
        let mut result = false;
        let moves = if self.all_moves {
            self.l.region & !x & !o & !self.l.dame
        } else {
            self.capture_game_moves(x, o, true)
        };
        let (order, count) = self.ordered(moves);
        for &p in &order[..count] {
            let p = p as usize;
            if let Play::Done {
                x: x2,
                o: o2,
                captured,
                ko,
            } = self.play(true, p, x, o)
            {
                if ko.is_some() && bx & (1 << p) != 0 {
                    continue;
                }
                let bo2 = ko.map_or(bo, |q| bo | 1 << q);
                let won = if captured & self.target != 0 {
                    // Captured: safe at once if every group of the owner next to the captured
                    // points keeps two liberties besides them; otherwise the opponent plays
                    // back inside and the eye game decides.
                    self.safe_after(captured, x2, o2)
                        || !self.attacker(x2, o2, bx, bo2, depth - 1)?
                } else {
                    self.defender(x2, o2, bx, bo2, depth - 1)?
                };
                if won {
                    result = true;
                    break;
                }
            }
        }
        self.memo.insert(key, u8::from(result));
        Some(result)
    }

    /// Capture game, the opponent to move: `Some(true)` if the owner captures whatever it does.
    fn defender(&mut self, x: u32, o: u32, bx: u32, bo: u32, depth: u32) -> Option<bool> {
        if !self.visit() {
            return None;
        }
        if self.border_in_atari_outside(x, o) {
            return Some(false);
        }
        let key = match self.enter(x, o, bx, bo, depth, 3, false) {
            Ok(key) => key,
            Err(answer) => return answer,
        };
        // Moves that give the target room first, a pass last (it lifts the opponent's ban in
        // one ko).
        let moves = if self.all_defences {
            self.l.region & !x & !o
        } else {
            self.capture_game_moves(x, o, false)
        };
        let mut result =
            !self.opponent_wins(moves, x, o, bx, bo, depth, |r, x, o, bx, bo, d| {
                r.capturer(x, o, bx, bo, d).map(|c| !c)
            })?;
        if result {
            for bo2 in Self::after_pass(bo) {
                if !self.capturer(x, o, bx, bo2, depth - 1)? {
                    result = false;
                    break;
                }
            }
        }
        self.memo.insert(key, u8::from(result));
        Some(result)
    }
}

#[cfg(test)]
mod tests;
