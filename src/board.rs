//! Stones, chains, liberties, captures, the basic-ko point and Zobrist hashing.
//!
//! The board keeps a padded one-dimensional grid (a border column shared by neighbouring rows,
//! a border row above and below) so that the four neighbours of a point are `±1` and
//! `±stride`; everything known about a grid index sits in one `Cell`, so a neighbour costs
//! one bounds check. Each chain is a circular linked list of its stones with a head that stores
//! the chain's size and its *pseudo-liberties* (the number of stone-empty adjacencies, which is
//! zero exactly when the chain has no liberty). Nothing on the per-move path scans the board,
//! divides or allocates: captures walk the captured chains only, the list of empty points is
//! kept in place with swap-removal, and each point keeps how many of its neighbours and of its
//! diagonal neighbours each colour holds, so the eye test of random playouts reads one cell.

use crate::cell::{cell, is_stone, mask, BLACK, BORDER, EMPTY, WHITE};
use crate::color::Color;
use crate::error::Error;
use crate::point::{Point, Size};

/// The `surround` flags of a point that holds a stone or is off the board.
const OCCUPIED: u8 = 0x88;

/// The `diagonal` flags of a point with a diagonal neighbour off the board.
const EDGE: u8 = 0x88;

/// Bit `n` is set for the values `n` of a `diagonal` nibble of the opponent that allow an eye:
/// at most one opponent stone on the diagonals, none if one of them is off the board (0, 1, 8).
const EYE_DIAGONALS: u16 = 0x0103;

/// What a stone of colour `c` (1 or 2) adds to its neighbours' `surround` counts.
#[inline]
const fn surround_unit(c: u8) -> u8 {
    if c == BLACK {
        0x01
    } else {
        0x10
    }
}

/// The Zobrist key of a stone of colour `c` (1 or 2) on padded index `i`: a SplitMix64 mix of
/// the two, so no table is stored (the wasm binary stays small) and keys cost a few cycles.
#[inline]
fn zobrist(i: usize, c: u8) -> u64 {
    let mut z = ((i as u64) << 1 | (c as u64 - 1)).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The four neighbours of a point: their colours and the heads of their chains (0 where there
/// is no stone).
struct Around {
    colors: [u8; 4],
    heads: [usize; 4],
}

/// What a legal move would do, found without changing the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probe {
    /// The Zobrist hash of the position after the move.
    pub hash: u64,
    /// How many opponent stones the move captures.
    pub captures: u32,
    /// Whether the move removes the player's own chain (suicide, where allowed).
    pub suicide: bool,
}

/// Everything the board keeps about one index of the padded grid (16 bytes, so an index is
/// scaled by a shift).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(align(16))]
struct Cell {
    /// `EMPTY`, `BLACK`, `WHITE` or `BORDER`.
    color: u8,
    /// One nibble per colour (Black low, White high): bits 0-2 count the neighbours that are
    /// that colour's stones or the border, bit 3 is set when the index itself is not empty. A
    /// nibble of exactly 4 is an empty point that colour surrounds.
    surround: u8,
    /// One nibble per colour (Black low, White high): bits 0-2 count that colour's stones on
    /// the diagonal neighbours, bit 3 is set when a diagonal neighbour is off the board.
    diagonal: u8,
    /// For a stone: the head of its chain.
    head: u16,
    /// For a stone: the next stone of its chain (a circular list).
    next: u16,
    /// For a chain's head: its pseudo-liberties. Index 0 (a border cell, never a head) is the
    /// sink of branch-free updates that add 0.
    libs: u16,
    /// For a chain's head: its number of stones.
    count: u16,
    /// For an empty point: its position in `Board::empties`.
    empty_pos: u16,
}

const BORDER_CELL: Cell = Cell {
    color: BORDER,
    surround: OCCUPIED,
    diagonal: 0,
    head: 0,
    next: 0,
    libs: 0,
    count: 0,
    empty_pos: 0,
};

/// A Go board of any size from 1x2 to 52x52 (one-line boards too: their border column is
/// shared by the rows, so a point's left and right neighbours are both border cells): stones,
/// chains, captures, the basic-ko point and an incrementally kept Zobrist hash of the stones.
#[derive(Clone, Debug)]
pub struct Board {
    size: Size,
    stride: usize,
    cells: Vec<Cell>,
    /// The empty points, in the order of swap-removal.
    empties: Vec<Point>,
    hash: u64,
    /// Padded index where the player `ko_color` may not play next (0: none).
    ko: u16,
    ko_color: Color,
    captured: Vec<u16>,
    prisoners: [u32; 2],
    stones: [u32; 2],
    /// `ceil(2^20 / stride)`: `i * recip >> 20` is `i / stride` for every padded index.
    recip: u32,
}

impl PartialEq for Board {
    /// Two boards are equal when they have the same size, stones and basic-ko point.
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size
            && self
                .cells
                .iter()
                .map(|c| c.color)
                .eq(other.cells.iter().map(|c| c.color))
            && self.ko == other.ko
            && (self.ko == 0 || self.ko_color == other.ko_color)
    }
}

impl Board {
    /// An empty board of the given size.
    pub fn new(size: Size) -> Board {
        let stride = size.width() as usize + 1;
        let len = (size.height() as usize + 2) * stride + 1;
        let mut cells = vec![BORDER_CELL; len];
        let mut empties = Vec::with_capacity(size.area());
        let (w, h) = (size.width() as usize, size.height() as usize);
        for y in 0..h {
            for x in 0..w {
                // Neighbours off the board, and whether a diagonal one is.
                let off = [x == 0, x + 1 == w, y == 0, y + 1 == h];
                let borders = off.iter().filter(|&&b| b).count() as u8;
                cells[(y + 1) * stride + x + 1] = Cell {
                    color: EMPTY,
                    surround: borders * 0x11,
                    diagonal: if borders > 0 { EDGE } else { 0 },
                    empty_pos: empties.len() as u16,
                    ..BORDER_CELL
                };
                empties.push(Point::new(x as u8, y as u8));
            }
        }
        Board {
            size,
            stride,
            cells,
            empties,
            hash: 0,
            ko: 0,
            ko_color: Color::Black,
            captured: Vec::new(),
            prisoners: [0; 2],
            stones: [0; 2],
            recip: (1u32 << 20).div_ceil(stride as u32),
        }
    }

    /// A board set up with the given stones, placed without captures (as SGF `AB`/`AW` or
    /// handicap stones are). Refuses occupied or off-board points and any chain left without a
    /// liberty (J89 Art. 4: no chain without liberties can exist on the board).
    pub fn with_stones<I>(size: Size, stones: I) -> Result<Board, Error>
    where
        I: IntoIterator<Item = (Point, Color)>,
    {
        let mut b = Board::new(size);
        for (p, c) in stones {
            if !size.contains(p) {
                return Err(Error::OffBoard);
            }
            b.put(p, c)?;
        }
        if b.chain_heads().any(|h| b.cells[h].libs == 0) {
            return Err(Error::InvalidOptions(
                "a chain in the set-up position has no liberty",
            ));
        }
        Ok(b)
    }

    /// Parses rows of `X` (black), `O` (white) and `.` (empty), top row first; spaces are
    /// ignored. For tests, diagrams and set-up positions.
    ///
    /// ```
    /// use tengen::{Board, Color, Point};
    ///
    /// let board = Board::from_rows(&["X.O", "...", ".O."])?;
    /// assert_eq!(board.get(Point::new(0, 0)), Some(Color::Black));
    /// assert_eq!(board.get(Point::new(1, 2)), Some(Color::White));
    /// assert_eq!(board.get(Point::new(1, 1)), None);
    /// // Black's stone in the corner has no liberty: not a position.
    /// assert_eq!(Board::from_rows(&["XO", "O."]).unwrap_err().code(), "invalidOptions");
    /// # Ok::<(), tengen::Error>(())
    /// ```
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Result<Board, Error> {
        let parsed: Vec<Vec<u8>> = rows
            .iter()
            .map(|r| {
                r.as_ref()
                    .bytes()
                    .filter(|b| !b.is_ascii_whitespace())
                    .collect()
            })
            .collect();
        let height = parsed.len() as u32;
        let width = parsed.first().map_or(0, |r| r.len()) as u32;
        if parsed.iter().any(|r| r.len() as u32 != width) {
            return Err(Error::InvalidOptions("rows of different lengths"));
        }
        let size = Size::new(width, height)?;
        let mut stones = Vec::new();
        for (y, row) in parsed.iter().enumerate() {
            for (x, &ch) in row.iter().enumerate() {
                let p = Point::new(x as u8, y as u8);
                match ch {
                    b'X' | b'x' | b'B' | b'#' => stones.push((p, Color::Black)),
                    b'O' | b'o' | b'W' => stones.push((p, Color::White)),
                    b'.' | b'+' | b',' => {}
                    _ => return Err(Error::InvalidOptions("unknown character in a diagram")),
                }
            }
        }
        Board::with_stones(size, stones)
    }

    /// The board's dimensions.
    #[inline]
    pub fn size(&self) -> Size {
        self.size
    }

    #[inline]
    fn idx(&self, p: Point) -> usize {
        (p.y as usize + 1) * self.stride + p.x as usize + 1
    }

    /// The point of an on-board padded index, without a division: `i * recip >> 20` is exact
    /// for every padded index (below 2^20 / 52 for boards up to 52x52).
    #[inline]
    fn point_of(&self, i: usize) -> Point {
        let y = (i as u32 * self.recip) >> 20;
        let x = i as u32 - y * self.stride as u32;
        Point::new((x - 1) as u8, (y - 1) as u8)
    }

    #[inline]
    fn neighbours(&self, i: usize) -> [usize; 4] {
        [i - self.stride, i - 1, i + 1, i + self.stride]
    }

    fn chain_heads(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.cells.len())
            .filter(|&i| is_stone(self.cells[i].color) && self.cells[i].head as usize == i)
    }

    /// The stone on a point, if any (`None` also for points off the board).
    #[inline]
    pub fn get(&self, p: Point) -> Option<Color> {
        if !self.size.contains(p) {
            return None;
        }
        match self.cells[self.idx(p)].color {
            BLACK => Some(Color::Black),
            WHITE => Some(Color::White),
            _ => None,
        }
    }

    /// The Zobrist hash of the stones on the board (not of the side to move or the ko point).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The point where the basic-ko rule forbids the next move of `ko_player`, if any.
    pub fn ko(&self) -> Option<(Point, Color)> {
        (self.ko != 0).then(|| (self.point_of(self.ko as usize), self.ko_color))
    }

    /// Forgets the basic-ko restriction (a pass or any other action in between ends it).
    pub fn clear_ko(&mut self) {
        self.ko = 0;
    }

    /// Stones captured so far by each player (`prisoners(Color::Black)`: white stones Black took).
    pub fn prisoners(&self, by: Color) -> u32 {
        self.prisoners[by.index()]
    }

    /// Sets the prisoners each player took before a set-up position (`[black's, white's]`).
    pub fn set_prisoners(&mut self, prisoners: [u32; 2]) {
        self.prisoners = prisoners;
    }

    /// Number of stones of a colour on the board.
    pub fn stone_count(&self, c: Color) -> u32 {
        self.stones[c.index()]
    }

    /// The points whose stones the last move captured (its own chain, after a suicide).
    pub fn last_captured(&self) -> impl ExactSizeIterator<Item = Point> + '_ {
        self.captured.iter().map(|&i| self.point_of(i as usize))
    }

    /// Number of empty points.
    pub fn empty_count(&self) -> usize {
        self.empties.len()
    }

    /// The empty points, in no particular order.
    pub fn empty_points(&self) -> impl ExactSizeIterator<Item = Point> + '_ {
        self.empties.iter().copied()
    }

    /// The points of the chain at `p` (empty if there is no stone).
    pub fn chain(&self, p: Point) -> Vec<Point> {
        let mut out = Vec::new();
        if self.get(p).is_none() {
            return out;
        }
        let h = self.idx(p);
        let mut s = h;
        loop {
            out.push(self.point_of(s));
            s = self.cells[s].next as usize;
            if s == h {
                break;
            }
        }
        out
    }

    /// The number of distinct liberties of the chain at `p` (0 for an empty point).
    pub fn liberties(&self, p: Point) -> usize {
        let chain = self.chain(p);
        let mut libs: Vec<usize> = Vec::new();
        for q in chain {
            for n in self.neighbours(self.idx(q)) {
                if self.cells[n].color == EMPTY && !libs.contains(&n) {
                    libs.push(n);
                }
            }
        }
        libs.len()
    }

    /// The board as a row-major array: 1 Black, -1 White, 0 empty.
    pub fn to_signs(&self) -> Vec<i8> {
        let w = self.size.width() as usize;
        let mut out = Vec::with_capacity(self.size.area());
        for y in 0..self.size.height() as usize {
            let row = &self.cells[(y + 1) * self.stride + 1..][..w];
            out.extend(row.iter().map(|q| match q.color {
                BLACK => Color::Black.sign(),
                WHITE => Color::White.sign(),
                _ => 0,
            }));
        }
        out
    }

    /// Whether `p` is an empty point whose on-board neighbours are all `c`'s stones and at most
    /// one diagonal neighbour (none on the edge) is the opponent's: the "own eye" that random
    /// playouts do not fill. `false` for a point off the board.
    #[inline]
    pub fn is_eyeish(&self, p: Point, c: Color) -> bool {
        // Off the board: a column beyond the last would alias the next row, a row beyond the
        // last is a border cell (flagged OCCUPIED) or beyond the grid.
        if u32::from(p.x) >= self.size.width() {
            return false;
        }
        let i = self.idx(p);
        // Empty (no OCCUPIED flag) with every neighbour `c`'s stone or the border; then the
        // diagonals: at most one opponent stone, none where a diagonal is off the board.
        let shift = 4 * c.index() as u32;
        self.cells.get(i).is_some_and(|q| {
            let opp = (q.diagonal >> (4 - shift)) & 0x0f;
            q.surround & (0x0f << shift) == 4 << shift && (EYE_DIAGONALS >> opp) & 1 != 0
        })
    }

    /// The diagonal neighbours of the on-board index `i` (all within the padded grid).
    #[inline]
    fn diagonals(&self, i: usize) -> [usize; 4] {
        [
            i - self.stride - 1,
            i - self.stride + 1,
            i + self.stride - 1,
            i + self.stride + 1,
        ]
    }

    /// Puts a stone without captures or checks beyond emptiness (set-up only).
    fn put(&mut self, p: Point, c: Color) -> Result<(), Error> {
        let i = self.idx(p);
        if self.cells[i].color != EMPTY {
            return Err(Error::Occupied);
        }
        let around = self.around(i);
        self.take_adjacencies(&around);
        self.add_stone(i, cell(c), &around);
        Ok(())
    }

    #[inline]
    fn remove_empty(&mut self, i: usize) {
        let pos = self.cells[i].empty_pos as usize;
        let last = self.empties.pop().expect("an empty point is listed");
        let li = self.idx(last);
        if li != i {
            self.empties[pos] = last;
            self.cells[li].empty_pos = pos as u16;
        }
    }

    #[inline]
    fn add_empty(&mut self, i: usize) {
        self.cells[i].empty_pos = self.empties.len() as u16;
        let p = self.point_of(i);
        self.empties.push(p);
    }

    /// Takes from each chain next to a point (described by `around`) its adjacencies to that
    /// point, as a stone there does: their pseudo-liberties become those after the stone. A
    /// neighbour without a stone subtracts 0 from the sink at index 0.
    #[inline(always)]
    fn take_adjacencies(&mut self, around: &Around) {
        for &h in &around.heads {
            self.cells[h].libs -= u16::from(h != 0);
        }
    }

    /// Gives back what [`Board::take_adjacencies`] took.
    #[inline(always)]
    fn give_back_adjacencies(&mut self, around: &Around) {
        for &h in &around.heads {
            self.cells[h].libs += u16::from(h != 0);
        }
    }

    /// Places a stone of colour `c` on the empty padded index `i`, whose neighbours are
    /// described by `around` (from [`Board::around`], before the stone) and have already lost
    /// their adjacencies to `i` ([`Board::take_adjacencies`]), and merges it with its friends.
    /// No capture.
    #[inline(always)]
    fn add_stone(&mut self, i: usize, c: u8, around: &Around) {
        self.hash ^= zobrist(i, c);
        self.stones[(c - 1) as usize] += 1;
        self.remove_empty(i);
        let inc = surround_unit(c);
        let nb = self.neighbours(i);
        let mut libs = 0;
        for (&n, &v) in nb.iter().zip(&around.colors) {
            self.cells[n].surround += inc;
            libs += u16::from(v == EMPTY);
        }
        for d in self.diagonals(i) {
            self.cells[d].diagonal += inc;
        }
        let q = &mut self.cells[i];
        q.color = c;
        q.surround |= OCCUPIED;
        q.head = i as u16;
        q.next = i as u16;
        q.count = 1;
        q.libs = libs;
        for (&n, &v) in nb.iter().zip(&around.colors) {
            if v == c {
                let a = self.cells[i].head as usize;
                let b = self.cells[n].head as usize;
                if a != b {
                    self.merge(a, b);
                }
            }
        }
    }

    /// Merges the chains headed by `a` and `b` (the smaller into the larger).
    fn merge(&mut self, a: usize, b: usize) {
        let (big, small) = if self.cells[a].count >= self.cells[b].count {
            (a, b)
        } else {
            (b, a)
        };
        let mut s = small;
        loop {
            self.cells[s].head = big as u16;
            s = self.cells[s].next as usize;
            if s == small {
                break;
            }
        }
        let next_big = self.cells[big].next;
        self.cells[big].next = self.cells[small].next;
        self.cells[small].next = next_big;
        self.cells[big].count += self.cells[small].count;
        self.cells[big].libs += self.cells[small].libs;
    }

    /// Removes the chain headed by `h`, recording its stones in `captured`.
    fn remove_chain(&mut self, h: usize) {
        let c = self.cells[h].color;
        let dec = surround_unit(c);
        let opp = c ^ 3;
        let mut s = h;
        loop {
            let q = &mut self.cells[s];
            q.color = EMPTY;
            q.surround &= !OCCUPIED;
            let next = q.next as usize;
            self.hash ^= zobrist(s, c);
            self.add_empty(s);
            self.captured.push(s as u16);
            for d in self.diagonals(s) {
                self.cells[d].diagonal -= dec;
            }
            for n in self.neighbours(s) {
                let q = &mut self.cells[n];
                q.surround -= dec;
                // An opponent chain gains a liberty; other neighbours add 0 to the sink.
                let gains = q.color == opp;
                let hn = q.head as usize & mask(gains);
                self.cells[hn].libs += u16::from(gains);
            }
            s = next;
            if s == h {
                break;
            }
        }
        self.stones[(c - 1) as usize] -= self.cells[h].count as u32;
    }

    /// The colours of the four neighbours of the on-board index `i` and the heads of their
    /// chains (0, a border index that is never a head, for a neighbour without a stone).
    #[inline(always)]
    fn around(&self, i: usize) -> Around {
        let nb = self.neighbours(i);
        let mut a = Around {
            colors: [0; 4],
            heads: [0; 4],
        };
        for (k, &n) in nb.iter().enumerate() {
            let q = &self.cells[n];
            a.colors[k] = q.color;
            a.heads[k] = q.head as usize & mask(is_stone(q.color));
        }
        a
    }

    /// The pseudo-liberties the chain of neighbour `k` would keep after a stone on the point
    /// between: its count less its adjacencies to that point (meaningless for a neighbour
    /// without a stone).
    #[inline(always)]
    fn libs_after(&self, around: &Around, k: usize) -> u16 {
        let h = around.heads[k];
        let adj = around.heads.iter().map(|&g| u16::from(g == h)).sum::<u16>();
        self.cells[h].libs.wrapping_sub(adj)
    }

    /// Checks the basic rules for a move of colour `own` on a point with neighbours `around`,
    /// without changing anything: returns (captures anything, keeps a liberty).
    #[inline(always)]
    fn assess(&self, own: u8, around: &Around) -> (bool, bool) {
        let mut capture = false;
        let mut alive = false;
        for k in 0..4 {
            let v = around.colors[k];
            let l = self.libs_after(around, k);
            alive |= (v == EMPTY) | ((v == own) & (l != 0));
            capture |= (v == (own ^ 3)) & (l == 0);
        }
        (capture, alive)
    }

    #[inline]
    fn check_basic(&self, p: Point, c: Color) -> Result<usize, Error> {
        if !self.size.contains(p) {
            return Err(Error::OffBoard);
        }
        let i = self.idx(p);
        if self.cells[i].color != EMPTY {
            return Err(Error::Occupied);
        }
        if self.ko as usize == i && self.ko_color == c {
            return Err(Error::Ko);
        }
        Ok(i)
    }

    /// What a move of `c` at `p` would do, without changing the board: the basic rules
    /// (occupied, basic ko, suicide unless `suicide_allowed`) are checked and the hash of the
    /// resulting position is computed for superko checks.
    pub fn probe(&self, p: Point, c: Color, suicide_allowed: bool) -> Result<Probe, Error> {
        let i = self.check_basic(p, c)?;
        let own = cell(c);
        let around = self.around(i);
        let (capture, alive) = self.assess(own, &around);
        let mut hash = self.hash ^ zobrist(i, own);
        let mut captures = 0u32;
        let suicide = !capture && !alive;
        // Chains are removed only by a capture or a suicide (most moves do neither).
        for k in (0..4).filter(|_| capture || suicide) {
            let v = around.colors[k];
            let h = around.heads[k];
            // No stone, or a chain already counted through an earlier neighbour.
            if h == 0 || around.heads[..k].contains(&h) {
                continue;
            }
            let removed = if v == own {
                suicide
            } else {
                self.libs_after(&around, k) == 0
            };
            if removed {
                let mut s = h;
                loop {
                    hash ^= zobrist(s, v);
                    s = self.cells[s].next as usize;
                    if s == h {
                        break;
                    }
                }
                if v != own {
                    captures += self.cells[h].count as u32;
                }
            }
        }
        if suicide {
            if !suicide_allowed {
                return Err(Error::Suicide);
            }
            hash ^= zobrist(i, own);
        }
        Ok(Probe {
            hash,
            captures,
            suicide,
        })
    }

    /// Plays a stone of `c` at `p` with captures (J89 Art. 5), refusing an occupied point, the
    /// immediate recapture of a basic ko (J89 Art. 6) and, unless `suicide_allowed`, a move that
    /// leaves its own chain without liberties (J89 Art. 4). With suicide allowed such a move
    /// removes the player's own chain, which become the opponent's prisoners. Returns the number
    /// of opponent stones captured; on error nothing changes.
    pub fn play(&mut self, p: Point, c: Color, suicide_allowed: bool) -> Result<u32, Error> {
        let i = self.check_basic(p, c)?;
        let own = cell(c);
        let around = self.around(i);
        // The neighbouring chains' pseudo-liberties after the stone, in place: a chain is left
        // without liberty exactly when its count reaches 0.
        self.take_adjacencies(&around);
        let mut capture = false;
        let mut alive = false;
        for k in 0..4 {
            let v = around.colors[k];
            let l = self.cells[around.heads[k]].libs;
            alive |= (v == EMPTY) | ((v == own) & (l != 0));
            capture |= (v == (own ^ 3)) & (l == 0);
        }
        if !capture && !alive && !suicide_allowed {
            self.give_back_adjacencies(&around);
            return Err(Error::Suicide);
        }
        self.captured.clear();
        self.add_stone(i, own, &around);
        let opp = own ^ 3;
        if capture {
            for n in self.neighbours(i) {
                let q = self.cells[n];
                if q.color == opp && self.cells[q.head as usize].libs == 0 {
                    self.remove_chain(q.head as usize);
                }
            }
        }
        let captured = self.captured.len() as u32;
        self.prisoners[c.index()] += captured;
        let h = self.cells[i].head as usize;
        self.ko = 0;
        if captured == 0 && self.cells[h].libs == 0 {
            // Suicide, where the rules allow it: the player's own chain is removed.
            self.remove_chain(h);
            self.prisoners[c.opponent().index()] += self.captured.len() as u32;
            return Ok(0);
        }
        if captured == 1 && self.cells[h].count == 1 && self.cells[h].libs == 1 {
            self.ko = self.captured[0];
            self.ko_color = c.opponent();
        }
        Ok(captured)
    }

    /// Adds prisoners without a capture on the board (set-up from a record).
    pub fn add_prisoners(&mut self, by: Color, n: u32) {
        self.prisoners[by.index()] = self.prisoners[by.index()].saturating_add(n);
    }

    /// The board drawn as rows of `X`, `O` and `.`, top row first, one row a line.
    pub fn to_rows(&self) -> Vec<String> {
        (0..self.size.height() as u8)
            .map(|y| {
                (0..self.size.width() as u8)
                    .map(|x| match self.get(Point::new(x, y)) {
                        Some(Color::Black) => 'X',
                        Some(Color::White) => 'O',
                        None => '.',
                    })
                    .collect()
            })
            .collect()
    }
}

impl std::fmt::Display for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for row in self.to_rows() {
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `point_of` (a multiplication, no division) inverts `idx` on every board size.
    #[test]
    fn point_of_inverts_idx() {
        for w in 1..=52 {
            for h in [1, 2, 3, w, 52] {
                if w == 1 && h == 1 {
                    continue;
                }
                let b = Board::new(Size::new(w, h).unwrap());
                for p in b.size.points() {
                    assert_eq!(b.point_of(b.idx(p)), p, "{w}x{h} {p}");
                }
            }
        }
    }

    /// Everything the board keeps incrementally, recomputed from the colours.
    fn check_invariants(b: &Board) {
        let len = b.cells.len();
        assert_eq!(b.cells[0].libs, 0, "the sink stays 0");
        let mut hash = 0;
        let mut stones = [0u32; 2];
        for i in 0..len {
            let q = b.cells[i];
            if q.color == BORDER {
                assert_eq!(q.surround & OCCUPIED, OCCUPIED);
                continue;
            }
            let nb = b.neighbours(i);
            let count = |c: u8| {
                nb.iter()
                    .filter(|&&n| b.cells[n].color == c || b.cells[n].color == BORDER)
                    .count() as u8
            };
            let flags = if q.color == EMPTY { 0 } else { OCCUPIED };
            assert_eq!(q.surround, count(BLACK) | count(WHITE) << 4 | flags, "{i}");
            let diag = b.diagonals(i).map(|d| b.cells[d].color);
            let on_diag = |c: u8| diag.iter().filter(|&&v| v == c).count() as u8;
            let edge = if diag.contains(&BORDER) { EDGE } else { 0 };
            assert_eq!(
                q.diagonal,
                on_diag(BLACK) | on_diag(WHITE) << 4 | edge,
                "{i}"
            );
            if q.color == EMPTY {
                let pos = q.empty_pos as usize;
                assert_eq!(b.idx(b.empties[pos]), i);
                continue;
            }
            hash ^= zobrist(i, q.color);
            stones[(q.color - 1) as usize] += 1;
            let h = q.head as usize;
            assert_eq!(b.cells[h].color, q.color);
            if h == i {
                // Walk the chain: every stone names this head, and the chain is the flood fill.
                let mut members = Vec::new();
                let mut s = h;
                loop {
                    assert_eq!(b.cells[s].head as usize, h);
                    members.push(s);
                    s = b.cells[s].next as usize;
                    if s == h {
                        break;
                    }
                }
                let mut fill = vec![h];
                let mut k = 0;
                while k < fill.len() {
                    for n in b.neighbours(fill[k]) {
                        if b.cells[n].color == q.color && !fill.contains(&n) {
                            fill.push(n);
                        }
                    }
                    k += 1;
                }
                members.sort_unstable();
                fill.sort_unstable();
                assert_eq!(members, fill);
                assert_eq!(b.cells[h].count as usize, members.len());
                let pseudo = members
                    .iter()
                    .flat_map(|&s| b.neighbours(s))
                    .filter(|&n| b.cells[n].color == EMPTY)
                    .count();
                assert_eq!(b.cells[h].libs as usize, pseudo);
                assert!(pseudo > 0, "a chain without liberty stays on the board");
            }
        }
        assert_eq!(b.hash, hash);
        assert_eq!(b.stones, stones);
        let empties = (0..len).filter(|&i| b.cells[i].color == EMPTY).count();
        assert_eq!(b.empties.len(), empties);
    }

    /// `is_eyeish` against its definition, point by point, with coordinates (so one-line boards,
    /// whose left and right neighbours are both the shared border column, are checked too).
    fn check_eyes(b: &Board) {
        let (w, h) = (b.size.width() as i32, b.size.height() as i32);
        let at = |x: i32, y: i32| {
            (x >= 0 && y >= 0 && x < w && y < h).then(|| b.get(Point::new(x as u8, y as u8)))
        };
        for p in b.size.points() {
            let (x, y) = (i32::from(p.x), i32::from(p.y));
            for c in [Color::Black, Color::White] {
                let sides = [(0, -1), (-1, 0), (1, 0), (0, 1)];
                let surrounded = sides
                    .iter()
                    .map(|&(dx, dy)| at(x + dx, y + dy))
                    .all(|n| n.is_none() || n == Some(Some(c)));
                let diagonals =
                    [(-1, -1), (1, -1), (-1, 1), (1, 1)].map(|(dx, dy)| at(x + dx, y + dy));
                let off = diagonals.iter().any(Option::is_none);
                let opponents = diagonals
                    .iter()
                    .filter(|&&d| d == Some(Some(c.opponent())))
                    .count();
                let want = b.get(p).is_none() && surrounded && opponents <= usize::from(!off);
                assert_eq!(b.is_eyeish(p, c), want, "{w}x{h} {p} {c:?}\n{b}");
            }
        }
    }

    /// Random games on small and odd sizes, with and without suicide: the incremental state
    /// always matches a recomputation, and probes predict plays.
    #[test]
    fn incremental_state_matches_recomputation() {
        let mut s = 0x2545_F491u32;
        let mut rnd = |n: u32| {
            s ^= s << 13;
            s ^= s >> 17;
            s ^= s << 5;
            s % n
        };
        for (w, h) in [
            (2, 2),
            (3, 2),
            (5, 5),
            (7, 4),
            (9, 9),
            (13, 3),
            (19, 19),
            (1, 2),
            (1, 3),
            (1, 9),
            (2, 1),
            (7, 1),
            (1, 52),
            (52, 1),
        ] {
            for suicide in [false, true] {
                let mut b = Board::new(Size::new(w, h).unwrap());
                let mut c = Color::Black;
                for k in 0..(w * h * 6) {
                    let p = Point::new(rnd(w) as u8, rnd(h) as u8);
                    let probe = b.probe(p, c, suicide);
                    match b.play(p, c, suicide) {
                        Ok(n) => {
                            let probe = probe.expect("a probe agrees with play");
                            assert_eq!(probe.hash, b.hash);
                            assert_eq!(probe.captures, n);
                            c = c.opponent();
                        }
                        Err(e) => assert_eq!(probe, Err(e)),
                    }
                    if w * h <= 100 || k % 16 == 0 {
                        check_invariants(&b);
                        check_eyes(&b);
                    }
                }
            }
        }
    }
}
