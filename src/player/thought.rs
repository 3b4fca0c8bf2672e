//! What the player answers: the decision, the candidates the search saw, and the thresholds
//! of resignation.

use crate::point::Point;

/// The win rate below which the player resigns (see the module documentation).
pub const RESIGN_BELOW: f32 = 0.08;
/// The fewest playouts of a search whose result may lead to resignation: below 8% of 100
/// simulations is already a clear loss, which the count must confirm besides. (With 1,000, the
/// page's Beginner level, 300 playouts a move, never resigned and played on until GNU Go had
/// captured all its stones.)
pub const RESIGN_MIN_PLAYOUTS: u32 = 100;

/// What the player decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// A stone on this point.
    Play(Point),
    /// A pass.
    Pass,
    /// Resignation.
    Resign,
}

/// A root move as the search saw it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Candidate {
    /// The move: a point, or `None` for the pass.
    pub point: Option<Point>,
    /// Simulations through it.
    pub visits: u32,
    /// Its win rate for the player to move, in [0, 1].
    pub win_rate: f32,
}

/// The player's answer: the decision, and what the search saw.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought {
    /// The move chosen.
    pub decision: Decision,
    /// Why, in a few words: `search`, `only move`, `opponent passed and the count wins`,
    /// `settled and the count wins`, `settled, but the pass loses points` (the opponent's answer
    /// to a pass would cost the player: its best stone), `search, the game not over` (the
    /// search preferred the pass in
    /// a position that is not over: its best stone), `lost`, `handicap`.
    pub reason: &'static str,
    /// The playouts run.
    pub playouts: u32,
    /// The win rate of the move the search preferred, for the player to move.
    pub win_rate: f32,
    /// The root moves with the most visits, best first (at most 8).
    pub candidates: Vec<Candidate>,
}
