//! Bordered arrays of a position, shared by the count ([`crate::score`]) and the life-and-death
//! analysis ([`crate::life`]): the points row-major with an off-board border, connected sets of
//! points found by union-find, and the regions between live stones.

/// Off the board, in the bordered arrays.
pub(crate) const OFF: i8 = 2;

/// The layout of the bordered arrays: the points row-major with a border, one off-board column
/// before each row (it is also the one after the row before) and an off-board row above and
/// below, so that every point has its four neighbours at fixed offsets and no bounds need
/// testing. Indices stay below 54 · 53 (52x52 at most), so they fit in a `u16`; index 0 is
/// off the board.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pad {
    pub w: usize,
    pub h: usize,
    pub stride: usize,
}

impl Pad {
    pub fn new(w: usize, h: usize) -> Pad {
        Pad {
            w,
            h,
            stride: w + 1,
        }
    }

    /// The length of a bordered array.
    pub fn len(&self) -> usize {
        (self.h + 2) * self.stride
    }

    /// The neighbours of the point at `i` (above, left, right, below), on the board or not.
    #[inline]
    pub fn neighbours(&self, i: usize) -> [usize; 4] {
        [i - self.stride, i - 1, i + 1, i + self.stride]
    }

    /// The rows: the row-major index and the index here of their first point.
    pub fn rows(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.h).map(move |y| (y * self.w, (y + 1) * self.stride + 1))
    }

    /// The indices from the first point to the last, the off-board column between rows
    /// included (the callers skip it by its value, `OFF`).
    pub fn inner(&self) -> std::ops::Range<usize> {
        self.stride + 1..(self.h + 1) * self.stride
    }

    /// The bordered index of the row-major index `i`.
    #[cfg(test)]
    pub fn at(&self, i: usize) -> usize {
        (i / self.w + 1) * self.stride + i % self.w + 1
    }

    /// The row-major index of the bordered index `b` (a point on the board).
    #[inline]
    pub fn row_major(&self, b: usize) -> usize {
        (b / self.stride - 1) * self.w + b % self.stride - 1
    }

    /// A bordered array of `cells` (row-major), `OFF` around.
    pub fn bordered(&self, cells: &[i8]) -> Vec<i8> {
        let mut out = vec![OFF; self.len()];
        for (i0, b0) in self.rows() {
            out[b0..b0 + self.w].copy_from_slice(&cells[i0..i0 + self.w]);
        }
        out
    }
}

/// Whether a value of the bordered arrays is a stone (1 Black, -1 White).
#[inline]
pub(crate) fn is_stone(v: i8) -> bool {
    v == 1 || v == -1
}

/// A set of the values -1, 0 and 1 of the bordered arrays, as bits (value + 1); `OFF` is in
/// none.
pub(crate) type Values = u8;
/// The empty points' value.
pub(crate) const EMPTY: Values = 0b010;
/// Both colours' stones.
pub(crate) const STONES: Values = 0b101;

/// The set holding only stones of colour `c` (1 or -1).
pub(crate) fn colour_set(c: i8) -> Values {
    1 << (c + 1)
}

/// The connected sets of points of `key` whose value is in `member` (neighbours in the same
/// set when their values are equal), labelled by their first point in row-major order; 0 (an
/// off-board index) for the other points. One scan with union-find links toward the smaller
/// index, then one forward pass to the roots: no flood fill.
pub(crate) fn components(pad: &Pad, key: &[i8], member: Values) -> Vec<u16> {
    fn find(label: &mut [u16], mut i: usize) -> usize {
        while label[i] as usize != i {
            let up = label[label[i] as usize];
            label[i] = up;
            i = up as usize;
        }
        i
    }
    let mut label = vec![0u16; key.len()];
    for b in pad.inner() {
        let k = key[b];
        if (u32::from(member) >> (k + 1) as u32) & 1 == 0 {
            continue;
        }
        let (up, left) = (b - pad.stride, b - 1);
        label[b] = match (key[up] == k, key[left] == k) {
            (false, false) => b as u16,
            (true, false) => label[up],
            (false, true) => label[left],
            (true, true) if label[up] == label[left] => label[up],
            (true, true) => {
                let (r, q) = (find(&mut label, up), find(&mut label, left));
                let (lo, hi) = (r.min(q), r.max(q));
                label[hi] = lo as u16;
                lo as u16
            }
        };
    }
    // Every label is at most its point, and the labels before it are final.
    for b in pad.inner() {
        let l = label[b] as usize;
        label[b] = label[l];
    }
    label
}

/// Groups `items` by `key` (values below `keys`) in linear time: the items in key order and,
/// per key, where its items start (`keys + 1` offsets).
pub(crate) fn bucket<T: Copy>(
    items: &[T],
    keys: usize,
    key: impl Fn(T) -> usize,
) -> (Vec<T>, Vec<u32>) {
    let mut start = vec![0u32; keys + 1];
    for it in items {
        start[key(*it) + 1] += 1;
    }
    for k in 0..keys {
        start[k + 1] += start[k];
    }
    let mut fill = start.clone();
    let mut out = items.to_vec();
    for it in items {
        let k = key(*it);
        out[fill[k] as usize] = *it;
        fill[k] += 1;
    }
    (out, start)
}

/// Flags of a region (see [`Regions`]).
pub(crate) const TOUCHES_BLACK: u8 = 1;
pub(crate) const TOUCHES_WHITE: u8 = 2;
pub(crate) const HOLDS_DEAD_BLACK: u8 = 4;
pub(crate) const HOLDS_DEAD_WHITE: u8 = 8;

/// Maximal connected sets of points that hold no live stone, with the colours of the live
/// stones they touch and the dead stones they contain.
pub(crate) struct Regions {
    /// Per point without a live stone: its region, named by its first point.
    pub id: Vec<u16>,
    /// Per region: `TOUCHES_BLACK`, `TOUCHES_WHITE`, `HOLDS_DEAD_BLACK`, `HOLDS_DEAD_WHITE`.
    pub flags: Vec<u8>,
}

impl Regions {
    /// The regions of `live` (bordered: 1, -1 live stones, 0 no live stone, `OFF`), where
    /// `cells` holds every stone, dead or alive.
    pub fn new(pad: &Pad, cells: &[i8], live: &[i8]) -> Regions {
        let id = components(pad, live, EMPTY);
        // By value + 1 (-1, 0, 1, OFF): the flag a live neighbour sets, the flag a dead stone
        // sets.
        const TOUCH: [u8; 4] = [TOUCHES_WHITE, 0, TOUCHES_BLACK, 0];
        const DEAD: [u8; 4] = [HOLDS_DEAD_WHITE, 0, HOLDS_DEAD_BLACK, 0];
        let mut flags = vec![0u8; live.len()];
        // Without a test of the point: live stones and the border have the id 0, whose flags
        // are cleared afterwards.
        for b in pad.inner() {
            let mut f = DEAD[(cells[b] + 1) as usize];
            for m in pad.neighbours(b) {
                f |= TOUCH[(live[m] + 1) as usize];
            }
            flags[id[b] as usize] |= f;
        }
        flags[0] = 0;
        Regions { id, flags }
    }

    /// The flags of the region of the point at `b` (which holds no live stone).
    #[inline]
    pub fn of(&self, b: usize) -> u8 {
        self.flags[self.id[b] as usize]
    }

    /// The owner of the region of `b` if its border is live stones of one colour only (1
    /// Black, -1 White, 0 neither).
    #[inline]
    pub fn reach(&self, b: usize) -> i8 {
        match self.of(b) & (TOUCHES_BLACK | TOUCHES_WHITE) {
            TOUCHES_BLACK => 1,
            TOUCHES_WHITE => -1,
            _ => 0,
        }
    }

    /// The owner of the region of `b` if it is an eye: bordered by live stones of one colour
    /// only and holding no dead stone of that colour (J89 Example 25 (2): points surrounded by
    /// live and dead stones are dame). 1 Black, -1 White, 0 neither.
    #[inline]
    pub fn eye_owner(&self, b: usize) -> i8 {
        let f = self.of(b);
        match f & (TOUCHES_BLACK | TOUCHES_WHITE) {
            TOUCHES_BLACK if f & HOLDS_DEAD_BLACK == 0 => 1,
            TOUCHES_WHITE if f & HOLDS_DEAD_WHITE == 0 => -1,
            _ => 0,
        }
    }
}

/// The chains of a bordered array of stones: each stone's chain (named by its first stone in
/// row-major order), the stones of each chain, and each chain's distinct liberties.
pub(crate) struct ChainTable {
    /// Per point: the head of its chain, 0 where there is no stone.
    pub id: Vec<u16>,
    /// The stones, grouped by chain.
    order: Vec<u16>,
    /// Per head: where its stones start in `order`, and how many there are.
    start: Vec<u16>,
    count: Vec<u16>,
    /// Per head: the number of distinct liberties, and one of them (0 if none).
    pub libs: Vec<u16>,
    pub lib: Vec<u16>,
    /// The heads, in row-major order.
    pub heads: Vec<u16>,
}

impl ChainTable {
    /// The chains of `cells` (1, -1 stones, 0 empty, `OFF`).
    pub fn new(pad: &Pad, cells: &[i8]) -> ChainTable {
        let len = cells.len();
        let id = components(pad, cells, STONES);
        let mut count = vec![0u16; len];
        let mut heads = Vec::with_capacity(pad.w * pad.h);
        // (Off the stones the id is 0: the count of entry 0 means nothing.)
        for b in pad.inner() {
            let h = id[b] as usize;
            if h == b {
                heads.push(b as u16);
            }
            count[h] += 1;
        }
        // Each head's stones end at `start[h]`; filled backwards, the starts come down to
        // where they belong and each chain's stones stay in row-major order.
        let mut start = vec![0u16; len];
        let mut next = 0u16;
        for &h in &heads {
            next += count[h as usize];
            start[h as usize] = next;
        }
        // Off the stones (id 0) the stones' order goes to a scratch zone after them, cut off
        // at the end; liberties are counted for id 0 when the point is not empty.
        let stones = next as usize;
        start[0] = (stones + len) as u16;
        let mut order = vec![0u16; stones + len];
        let mut libs = vec![0u16; len];
        let mut lib = vec![0u16; len];
        for b in pad.inner().rev() {
            let h = id[b] as usize;
            start[h] -= 1;
            order[start[h] as usize] = b as u16;
            let empty = cells[b] == 0;
            // A chain next to `b` twice already has `b` as its last liberty.
            for m in pad.neighbours(b) {
                let h = if empty { id[m] as usize } else { 0 };
                libs[h] += u16::from(lib[h] != b as u16);
                lib[h] = b as u16;
            }
        }
        order.truncate(stones);
        (start[0], count[0], libs[0], lib[0]) = (0, 0, 0, 0);
        ChainTable {
            id,
            order,
            start,
            count,
            libs,
            lib,
            heads,
        }
    }

    /// The stones of the chain with head `h`.
    pub fn stones(&self, h: usize) -> &[u16] {
        let s = self.start[h] as usize;
        &self.order[s..s + self.count[h] as usize]
    }
}
