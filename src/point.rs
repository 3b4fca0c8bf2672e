//! Board dimensions and points.

use crate::error::Error;
use std::fmt;

/// Smallest board side allowed.
pub const MIN_SIDE: u32 = 2;
/// Largest board side allowed (SGF's limit: points are letters `a`-`z`, `A`-`Z`).
pub const MAX_SIDE: u32 = 52;

/// A point on the board: `x` is the column from the left, `y` the row from the top, both from 0
/// (SGF order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Column from the left, from 0.
    pub x: u8,
    /// Row from the top, from 0.
    pub y: u8,
}

impl Point {
    /// A point from its column and row.
    pub const fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }

    /// The SGF letter pair of the point (`aa` is the upper left corner; columns and rows 26-51
    /// are `A`-`Z`). Coordinates beyond SGF's 52 lines, which no board here has, give `?`.
    pub fn sgf(self) -> String {
        let letter = |v: u8| -> char {
            match v {
                0..=25 => (b'a' + v) as char,
                26..=51 => (b'A' + (v - 26)) as char,
                _ => '?',
            }
        };
        let mut s = String::with_capacity(2);
        s.push(letter(self.x));
        s.push(letter(self.y));
        s
    }

    /// Parses an SGF letter pair (`aa`..`zz`, then `AA`..`ZZ` for columns and rows 26-51).
    pub fn from_sgf(s: &str) -> Option<Point> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let value = |c: u8| -> Option<u8> {
            match c {
                b'a'..=b'z' => Some(c - b'a'),
                b'A'..=b'Z' => Some(c - b'A' + 26),
                _ => None,
            }
        };
        Some(Point::new(value(b[0])?, value(b[1])?))
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// The dimensions of a board: `width` columns by `height` rows, each from 2 to 52.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Size {
    width: u8,
    height: u8,
}

impl Size {
    /// A validated size; sides outside 2..=52 give `invalidOptions`.
    pub fn new(width: u32, height: u32) -> Result<Size, Error> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&width) || !(MIN_SIDE..=MAX_SIDE).contains(&height) {
            return Err(Error::InvalidOptions("board sides must be from 2 to 52"));
        }
        Ok(Size {
            width: width as u8,
            height: height as u8,
        })
    }

    /// A square board.
    pub fn square(side: u32) -> Result<Size, Error> {
        Size::new(side, side)
    }

    /// Number of columns.
    #[inline]
    pub const fn width(self) -> u32 {
        self.width as u32
    }

    /// Number of rows.
    #[inline]
    pub const fn height(self) -> u32 {
        self.height as u32
    }

    /// Number of points on the board.
    #[inline]
    pub const fn area(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// The point at signed coordinates, or `offBoard`.
    pub fn point(self, x: i64, y: i64) -> Result<Point, Error> {
        if x < 0 || y < 0 || x >= self.width as i64 || y >= self.height as i64 {
            return Err(Error::OffBoard);
        }
        Ok(Point::new(x as u8, y as u8))
    }

    /// Whether the point lies on this board.
    #[inline]
    pub fn contains(self, p: Point) -> bool {
        p.x < self.width && p.y < self.height
    }

    /// Row-major index of a point (`y * width + x`).
    #[inline]
    pub fn index(self, p: Point) -> usize {
        p.y as usize * self.width as usize + p.x as usize
    }

    /// The point at a row-major index.
    #[inline]
    pub fn point_at(self, i: usize) -> Point {
        Point::new(
            (i % self.width as usize) as u8,
            (i / self.width as usize) as u8,
        )
    }

    /// Every point, row by row from the top.
    pub fn points(self) -> impl Iterator<Item = Point> {
        let w = self.width;
        (0..self.height).flat_map(move |y| (0..w).map(move |x| Point::new(x, y)))
    }
}

impl Default for Size {
    fn default() -> Self {
        Size {
            width: 19,
            height: 19,
        }
    }
}
