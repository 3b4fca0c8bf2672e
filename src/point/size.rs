//! Board dimensions: sizes from 1x2 to 52x52 and the points they hold.

use super::coord::Point;
use crate::error::Error;

/// Smallest board side allowed: 1, for the 1xN boards of test suites (J89 commentary on Art. 3
/// (1): the players may agree on other boards than 19x19). The other side must then be at least
/// [`MIN_SQUARE_SIDE`]: a 1x1 board has no legal move (its one stone would have no liberty, J89
/// Art. 4).
pub const MIN_SIDE: u32 = 1;
/// Smallest side of a square board, and of the longer side of any board.
pub const MIN_SQUARE_SIDE: u32 = 2;
/// Largest board side allowed (SGF's limit: points are letters `a`-`z`, `A`-`Z`).
pub const MAX_SIDE: u32 = 52;

/// The dimensions of a board: `width` columns by `height` rows, each from 1 to 52 but not both 1
/// (1x2 up to 52x52, rectangles and 1xN boards too).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Size {
    width: u8,
    height: u8,
}

impl Size {
    /// A validated size: each side from 1 to 52, and not 1x1. A bad side gives `invalidOptions`
    /// naming it (`width` first); a 1x1 board is refused as it has no legal move.
    pub fn new(width: u32, height: u32) -> Result<Size, Error> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&width) {
            return Err(Error::InvalidOptions("width must be from 1 to 52"));
        }
        if !(MIN_SIDE..=MAX_SIDE).contains(&height) {
            return Err(Error::InvalidOptions("height must be from 1 to 52"));
        }
        if width.max(height) < MIN_SQUARE_SIDE {
            return Err(Error::InvalidOptions(
                "a 1x1 board has no legal move: one side must be at least 2",
            ));
        }
        Ok(Size {
            width: width as u8,
            height: height as u8,
        })
    }

    /// A square board: a side from 2 to 52, else `invalidOptions`.
    pub fn square(side: u32) -> Result<Size, Error> {
        if !(MIN_SQUARE_SIDE..=MAX_SIDE).contains(&side) {
            return Err(Error::InvalidOptions("size must be from 2 to 52"));
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// 1xN and Nx1 boards are accepted from 1x2 up; a bad side is named in the error.
    #[test]
    fn sizes_and_their_errors() {
        for n in 2..=52 {
            assert_eq!(Size::new(1, n).map(|s| (s.width(), s.height())), Ok((1, n)));
            assert_eq!(Size::new(n, 1).map(|s| s.area()), Ok(n as usize));
        }
        let message = |w, h| match Size::new(w, h) {
            Err(Error::InvalidOptions(m)) => m,
            other => panic!("{w}x{h}: {other:?}"),
        };
        assert_eq!(message(0, 9), "width must be from 1 to 52");
        assert_eq!(message(53, 9), "width must be from 1 to 52");
        assert_eq!(message(9, 0), "height must be from 1 to 52");
        assert_eq!(message(1, 53), "height must be from 1 to 52");
        assert_eq!(message(0, 0), "width must be from 1 to 52");
        assert!(message(1, 1).starts_with("a 1x1 board has no legal move"));
        for side in [0, 1, 53, u32::MAX] {
            assert_eq!(
                Size::square(side),
                Err(Error::InvalidOptions("size must be from 2 to 52"))
            );
        }
        assert!(Size::square(2).is_ok() && Size::square(52).is_ok());
    }

    /// On a one-line board, indices and points still invert each other.
    #[test]
    fn one_line_boards_index_points() {
        for (w, h) in [(1, 2), (1, 9), (1, 52), (2, 1), (9, 1), (52, 1)] {
            let s = Size::new(w, h).unwrap();
            let points: Vec<Point> = s.points().collect();
            assert_eq!(points.len(), s.area());
            for (i, &p) in points.iter().enumerate() {
                assert_eq!(s.index(p), i);
                assert_eq!(s.point_at(i), p);
                assert!(s.contains(p));
            }
            assert_eq!(s.point(w as i64, 0), Err(Error::OffBoard));
            assert_eq!(s.point(0, h as i64), Err(Error::OffBoard));
        }
    }
}
