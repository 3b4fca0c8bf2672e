//! Fixed handicap placement (WAGC rule 7) and its star points (WAGC rule 4).
//!
//! WAGC rule 4 (ii)-(iv) numbers the vertical lines 1-19 from Black's left and letters the
//! horizontal lines A-T (without I) from the top, so "D-16" lies on the 4th line from the top and
//! the 16th line from the left: the upper right star point as Black sees the board, which is
//! `(x, y) = (15, 3)` here, not GTP's "D16". The star points in the rule's order are:
//!
//! | order | WAGC  | where            | 19x19 (x, y) |
//! |-------|-------|------------------|--------------|
//! | 1     | D-16  | upper right      | (15, 3)      |
//! | 2     | Q-4   | lower left       | (3, 15)      |
//! | 3     | Q-16  | lower right      | (15, 15)     |
//! | 4     | D-4   | upper left       | (3, 3)       |
//! | 5     | K-16  | right side       | (15, 9)      |
//! | 6     | K-4   | left side        | (3, 9)       |
//! | 7     | D-10  | top side         | (9, 3)       |
//! | 8     | Q-10  | bottom side      | (9, 15)      |
//! | 9     | K-10  | tengen (centre)  | (9, 9)       |
//!
//! Other sizes keep the same order with the corner points on the 4th line from the edge for sides
//! of 13 or more and on the 3rd line for sides of 7 to 12 (9x9: (6, 2), (2, 6), (6, 6), (2, 2);
//! 13x13: (9, 3), (3, 9), (9, 9), (3, 3)); side and centre points sit on the middle line, which
//! exists only for an odd side of 9 or more. A count the board cannot hold is refused.

use crate::error::Error;
use crate::point::{Point, Size};

/// Largest handicap.
pub const MAX_HANDICAP: u32 = 9;

fn lines(side: u32) -> Option<(u8, u8, Option<u8>)> {
    let edge = match side {
        13.. => 3,
        7..=12 => 2,
        _ => return None,
    };
    let far = (side - 1 - edge) as u8;
    let middle = (side % 2 == 1 && side >= 9).then_some(((side - 1) / 2) as u8);
    Some((edge as u8, far, middle))
}

/// The star points of a board in WAGC rule 4 (iv)'s order, as far as the board has them.
///
/// Each entry is `None` where the board lacks that star point (for example the side points of a
/// board with an even side).
pub fn star_points(size: Size) -> [Option<Point>; 9] {
    let mut out = [None; 9];
    let (Some((left, right, mid_x)), Some((top, bottom, mid_y))) =
        (lines(size.width()), lines(size.height()))
    else {
        return out;
    };
    let p = |x: u8, y: u8| Some(Point::new(x, y));
    out[0] = p(right, top);
    out[1] = p(left, bottom);
    out[2] = p(right, bottom);
    out[3] = p(left, top);
    if let Some(my) = mid_y {
        out[4] = p(right, my);
        out[5] = p(left, my);
    }
    if let Some(mx) = mid_x {
        out[6] = p(mx, top);
        out[7] = p(mx, bottom);
    }
    if let (Some(mx), Some(my)) = (mid_x, mid_y) {
        out[8] = p(mx, my);
    }
    out
}

/// The fixed handicap stones of WAGC rule 7 (ii) for `count` stones (0 or 2-9).
///
/// 2: 1st and 2nd star points; 3: 1st-3rd; 4: 1st-4th; 5: 1st-4th and tengen; 6: 1st-6th;
/// 7: 1st-6th and tengen; 8: 1st-8th; 9: 1st-8th and tengen. A count the board cannot hold, or
/// a count of one (an even game without komi: set komi instead), is refused.
pub fn fixed_stones(size: Size, count: u32) -> Result<Vec<Point>, Error> {
    if count == 0 {
        return Ok(Vec::new());
    }
    if count == 1 {
        return Err(Error::InvalidOptions(
            "a handicap of one stone is not placed: play an even game with komi 0 instead",
        ));
    }
    if count > MAX_HANDICAP {
        return Err(Error::InvalidOptions("handicap must be from 0 to 9"));
    }
    let stars = star_points(size);
    let order: &[usize] = match count {
        2 => &[0, 1],
        3 => &[0, 1, 2],
        4 => &[0, 1, 2, 3],
        5 => &[0, 1, 2, 3, 8],
        6 => &[0, 1, 2, 3, 4, 5],
        7 => &[0, 1, 2, 3, 4, 5, 8],
        8 => &[0, 1, 2, 3, 4, 5, 6, 7],
        _ => &[0, 1, 2, 3, 4, 5, 6, 7, 8],
    };
    order
        .iter()
        .map(|&k| {
            stars[k].ok_or(Error::InvalidOptions(
                "this board cannot hold that many fixed handicap stones",
            ))
        })
        .collect()
}
