//! A point of a board: its column and row, and its SGF letter pair.

use std::fmt;

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
    ///
    /// ```
    /// use tengen::Point;
    ///
    /// assert_eq!(Point::from_sgf("dc"), Some(Point::new(3, 2)));
    /// assert_eq!(Point::from_sgf("Aa"), Some(Point::new(26, 0)));
    /// assert_eq!(Point::new(3, 2).sgf(), "dc");
    /// assert_eq!(Point::from_sgf("d"), None);
    /// ```
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
