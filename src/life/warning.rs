//! The warnings of a count: dead marks that the life-and-death analysis contradicts (J89 Art.
//! 7). The analysis finds them; the count ([`crate::score`]) reports them.

use crate::point::Point;

/// What a warning of the count says: a dead mark that contradicts J89 Art. 7.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WarningCode {
    /// An unmarked chain that the opponent can capture against any defence: by Art. 7 it is
    /// dead. It is counted as the marks say, and affects only its own region.
    Capturable,
    /// A chain marked dead that cannot be captured: by Art. 7 it is alive. It is counted as the
    /// marks say, and affects only its own region.
    Uncapturable,
}

impl WarningCode {
    /// `capturable` or `uncapturable`.
    pub fn name(self) -> &'static str {
        match self {
            WarningCode::Capturable => "capturable",
            WarningCode::Uncapturable => "uncapturable",
        }
    }
}

/// A chain whose dead mark contradicts the life-and-death analysis.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Warning {
    /// What is wrong.
    pub code: WarningCode,
    /// The stones of the chain, row-major.
    pub points: Vec<Point>,
}
