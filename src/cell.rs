//! The cell encoding of the padded grids: what a cell of [`crate::board::Board`] and of the
//! playouts' own board holds, and the neighbourhood codes of the playouts' shape patterns (two
//! bits a cell). One definition, so the boards and the patterns agree.

use crate::color::Color;

/// An empty point.
pub(crate) const EMPTY: u8 = 0;
/// A black stone.
pub(crate) const BLACK: u8 = 1;
/// A white stone.
pub(crate) const WHITE: u8 = 2;
/// Off the board: the padding around it.
pub(crate) const BORDER: u8 = 3;

/// The cell value of a stone of `c`. The opponent's is `cell(c) ^ 3`.
#[inline]
pub(crate) const fn cell(c: Color) -> u8 {
    match c {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// Whether a cell value is a stone.
#[inline(always)]
pub(crate) const fn is_stone(v: u8) -> bool {
    v.wrapping_sub(BLACK) < 2
}

/// All ones if `b`, else zero: selects an index without a branch.
#[inline(always)]
pub(crate) const fn mask(b: bool) -> usize {
    (b as usize).wrapping_neg()
}
