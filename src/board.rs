//! Stones, chains, liberties, captures, the basic-ko point and Zobrist hashing.
//!
//! The board keeps a padded one-dimensional grid (a border column shared by neighbouring rows,
//! a border row above and below) so that the four neighbours of a point are `±1` and
//! `±stride`. Each chain is a circular linked list of its stones with a head that stores the
//! chain's size and its *pseudo-liberties* (the number of stone-empty adjacencies, which is zero
//! exactly when the chain has no liberty). Nothing on the per-move path scans the board or
//! allocates: captures walk the captured chains only, and the list of empty points is kept in
//! place with swap-removal.

use crate::color::Color;
use crate::error::Error;
use crate::point::{Point, Size};

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const BORDER: u8 = 3;

#[inline]
const fn cell(c: Color) -> u8 {
    match c {
        Color::Black => BLACK,
        Color::White => WHITE,
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

/// A Go board of any size from 2x2 to 52x52: stones, chains, captures, the basic-ko point and
/// an incrementally kept Zobrist hash of the stones.
#[derive(Clone, Debug)]
pub struct Board {
    size: Size,
    stride: usize,
    cells: Vec<u8>,
    head: Vec<u16>,
    next: Vec<u16>,
    libs: Vec<u16>,
    count: Vec<u16>,
    empties: Vec<u16>,
    empty_pos: Vec<u16>,
    hash: u64,
    /// Padded index where the player `ko_color` may not play next (0: none).
    ko: u16,
    ko_color: Color,
    captured: Vec<u16>,
    prisoners: [u32; 2],
    stones: [u32; 2],
}

impl PartialEq for Board {
    /// Two boards are equal when they have the same size, stones and basic-ko point.
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size
            && self.cells == other.cells
            && self.ko == other.ko
            && (self.ko == 0 || self.ko_color == other.ko_color)
    }
}

impl Board {
    /// An empty board of the given size.
    pub fn new(size: Size) -> Board {
        let stride = size.width() as usize + 1;
        let len = (size.height() as usize + 2) * stride + 1;
        let mut cells = vec![BORDER; len];
        let mut empties = Vec::with_capacity(size.area());
        let mut empty_pos = vec![0u16; len];
        for y in 0..size.height() as usize {
            for x in 0..size.width() as usize {
                let i = (y + 1) * stride + x + 1;
                cells[i] = EMPTY;
                empty_pos[i] = empties.len() as u16;
                empties.push(i as u16);
            }
        }
        Board {
            size,
            stride,
            cells,
            head: vec![0; len],
            next: vec![0; len],
            libs: vec![0; len],
            count: vec![0; len],
            empties,
            empty_pos,
            hash: 0,
            ko: 0,
            ko_color: Color::Black,
            captured: Vec::with_capacity(size.area()),
            prisoners: [0; 2],
            stones: [0; 2],
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
        if b.chain_heads().any(|h| b.libs[h] == 0) {
            return Err(Error::InvalidOptions(
                "a chain in the set-up position has no liberty",
            ));
        }
        Ok(b)
    }

    /// Parses rows of `X` (black), `O` (white) and `.` (empty), top row first; spaces are
    /// ignored. For tests, diagrams and set-up positions.
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

    #[inline]
    fn point_of(&self, i: usize) -> Point {
        Point::new((i % self.stride - 1) as u8, (i / self.stride - 1) as u8)
    }

    #[inline]
    fn neighbours(&self, i: usize) -> [usize; 4] {
        [i - self.stride, i - 1, i + 1, i + self.stride]
    }

    fn chain_heads(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.cells.len()).filter(|&i| {
            (self.cells[i] == BLACK || self.cells[i] == WHITE) && self.head[i] as usize == i
        })
    }

    /// The stone on a point, if any (`None` also for points off the board).
    #[inline]
    pub fn get(&self, p: Point) -> Option<Color> {
        if !self.size.contains(p) {
            return None;
        }
        match self.cells[self.idx(p)] {
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
        self.empties.iter().map(|&i| self.point_of(i as usize))
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
            s = self.next[s] as usize;
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
                if self.cells[n] == EMPTY && !libs.contains(&n) {
                    libs.push(n);
                }
            }
        }
        libs.len()
    }

    /// The board as a row-major array: 1 Black, -1 White, 0 empty.
    pub fn to_signs(&self) -> Vec<i8> {
        self.size
            .points()
            .map(|p| self.get(p).map_or(0, Color::sign))
            .collect()
    }

    /// Whether `p` is an empty point whose on-board neighbours are all `c`'s stones and at most
    /// one diagonal neighbour (none on the edge) is the opponent's: the "own eye" that random
    /// playouts do not fill.
    pub fn is_eyeish(&self, p: Point, c: Color) -> bool {
        let i = self.idx(p);
        if self.cells[i] != EMPTY {
            return false;
        }
        let own = cell(c);
        if self
            .neighbours(i)
            .iter()
            .any(|&n| self.cells[n] != own && self.cells[n] != BORDER)
        {
            return false;
        }
        let opp = cell(c.opponent());
        let mut bad = 0;
        let mut border = 0;
        for d in [
            i - self.stride - 1,
            i - self.stride + 1,
            i + self.stride - 1,
            i + self.stride + 1,
        ] {
            match self.cells.get(d) {
                Some(&v) if v == opp => bad += 1,
                Some(&BORDER) | None => border = 1,
                _ => {}
            }
        }
        bad + border < 2
    }

    /// Puts a stone without captures or checks beyond emptiness (set-up only).
    fn put(&mut self, p: Point, c: Color) -> Result<(), Error> {
        let i = self.idx(p);
        if self.cells[i] != EMPTY {
            return Err(Error::Occupied);
        }
        self.add_stone(i, cell(c));
        Ok(())
    }

    #[inline]
    fn remove_empty(&mut self, i: usize) {
        let pos = self.empty_pos[i] as usize;
        let last = self.empties.pop().expect("an empty point is listed");
        if last as usize != i {
            self.empties[pos] = last;
            self.empty_pos[last as usize] = pos as u16;
        }
    }

    #[inline]
    fn add_empty(&mut self, i: usize) {
        self.empty_pos[i] = self.empties.len() as u16;
        self.empties.push(i as u16);
    }

    /// Places a stone on the empty padded index `i` and merges it with its friends; adjusts
    /// neighbours' pseudo-liberties. No capture.
    #[inline]
    fn add_stone(&mut self, i: usize, c: u8) {
        self.cells[i] = c;
        self.hash ^= zobrist(i, c);
        self.stones[(c - 1) as usize] += 1;
        self.remove_empty(i);
        self.head[i] = i as u16;
        self.next[i] = i as u16;
        self.count[i] = 1;
        let mut libs = 0;
        for n in self.neighbours(i) {
            let v = self.cells[n];
            if v == EMPTY {
                libs += 1;
            } else if v != BORDER {
                let h = self.head[n] as usize;
                self.libs[h] -= 1;
            }
        }
        self.libs[i] = libs;
        for n in self.neighbours(i) {
            if self.cells[n] == c {
                let a = self.head[i] as usize;
                let b = self.head[n] as usize;
                if a != b {
                    self.merge(a, b);
                }
            }
        }
    }

    /// Merges the chains headed by `a` and `b` (the smaller into the larger).
    fn merge(&mut self, a: usize, b: usize) {
        let (big, small) = if self.count[a] >= self.count[b] {
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
        self.next.swap(big, small);
        self.count[big] += self.count[small];
        self.libs[big] += self.libs[small];
    }

    /// Removes the chain headed by `h`, recording its stones in `captured`.
    fn remove_chain(&mut self, h: usize) {
        let c = self.cells[h];
        let mut s = h;
        loop {
            self.cells[s] = EMPTY;
            self.hash ^= zobrist(s, c);
            self.add_empty(s);
            self.captured.push(s as u16);
            for n in self.neighbours(s) {
                let v = self.cells[n];
                if v != EMPTY && v != BORDER && v != c {
                    let hn = self.head[n] as usize;
                    self.libs[hn] += 1;
                }
            }
            s = self.next[s] as usize;
            if s == h {
                break;
            }
        }
        self.stones[(c - 1) as usize] -= self.count[h] as u32;
    }

    /// Checks the basic rules for a move of colour `own` at the empty padded index `i`, without
    /// changing anything: returns (captures anything, keeps a liberty). A neighbouring chain's
    /// pseudo-liberties after the move are its count less its adjacencies to `i`.
    #[inline]
    fn assess(&self, i: usize, own: u8) -> (bool, bool) {
        let nb = self.neighbours(i);
        let mut capture = false;
        let mut alive = false;
        for n in nb {
            let v = self.cells[n];
            if v == EMPTY {
                alive = true;
            } else if v != BORDER {
                let h = self.head[n];
                let adj = nb
                    .iter()
                    .filter(|&&m| self.cells[m] == v && self.head[m] == h)
                    .count() as u16;
                let l = self.libs[h as usize] - adj;
                if v == own {
                    alive |= l > 0;
                } else {
                    capture |= l == 0;
                }
            }
        }
        (capture, alive)
    }

    fn check_basic(&self, p: Point, c: Color) -> Result<usize, Error> {
        if !self.size.contains(p) {
            return Err(Error::OffBoard);
        }
        let i = self.idx(p);
        if self.cells[i] != EMPTY {
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
        let (capture, alive) = self.assess(i, own);
        let mut hash = self.hash ^ zobrist(i, own);
        let mut captures = 0u32;
        let mut seen = [usize::MAX; 4];
        let suicide = !capture && !alive;
        for (k, n) in self.neighbours(i).into_iter().enumerate() {
            let v = self.cells[n];
            if v == EMPTY || v == BORDER {
                continue;
            }
            let h = self.head[n] as usize;
            if seen.contains(&h) {
                continue;
            }
            seen[k] = h;
            let adj = self
                .neighbours(i)
                .iter()
                .filter(|&&m| self.head[m] as usize == h && self.cells[m] == v)
                .count() as u16;
            let removed = if v == own {
                suicide
            } else {
                self.libs[h] == adj
            };
            if removed {
                let mut s = h;
                loop {
                    hash ^= zobrist(s, v);
                    s = self.next[s] as usize;
                    if s == h {
                        break;
                    }
                }
                if v != own {
                    captures += self.count[h] as u32;
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
        let (capture, alive) = self.assess(i, own);
        if !capture && !alive && !suicide_allowed {
            return Err(Error::Suicide);
        }
        self.captured.clear();
        self.add_stone(i, own);
        let opp = own ^ 3;
        if capture {
            for n in self.neighbours(i) {
                if self.cells[n] == opp && self.libs[self.head[n] as usize] == 0 {
                    let h = self.head[n] as usize;
                    self.remove_chain(h);
                }
            }
        }
        let captured = self.captured.len() as u32;
        self.prisoners[c.index()] += captured;
        let h = self.head[i] as usize;
        self.ko = 0;
        if captured == 0 && self.libs[h] == 0 {
            // Suicide, where the rules allow it: the player's own chain is removed.
            self.remove_chain(h);
            self.prisoners[c.opponent().index()] += self.captured.len() as u32;
            return Ok(0);
        }
        if captured == 1 && self.count[h] == 1 && self.libs[h] == 1 {
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
