//! Board dimensions and points.
//!
//! [`Point`] (`coord.rs`) names nothing else of the crate, so the error type can carry one;
//! [`Size`] (`size.rs`) validates its sides with that error type.

pub(crate) mod coord;
mod size;

pub use coord::Point;
pub use size::{Size, MAX_SIDE, MIN_SIDE, MIN_SQUARE_SIDE};
