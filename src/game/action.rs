//! The vocabulary of a game: how it is set up, its phases and outcomes, the actions that make
//! its history, moves, repetitions, and the positions its set-ups made.

use crate::color::Color;
use crate::point::{Point, Size};
use crate::rules::Rules;

/// How a game is set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Board size.
    pub size: Size,
    /// The ruleset.
    pub rules: Rules,
    /// Handicap stones: 0, or 2 to 9.
    pub handicap: u32,
}

impl Default for Setup {
    fn default() -> Self {
        Setup {
            size: Size::default(),
            rules: Rules::JAPANESE_1989,
            handicap: 0,
        }
    }
}

/// The phases of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Moves are being played.
    Playing,
    /// Two consecutive passes stopped play (J89 Art. 9.1, WAGC rule 20): dead stones are marked,
    /// then the game is finished or resumed.
    Stopped,
    /// The game is over.
    Finished,
}

impl Phase {
    /// `playing`, `stopped` or `finished`.
    pub fn name(self) -> &'static str {
        match self {
            Phase::Playing => "playing",
            Phase::Stopped => "stopped",
            Phase::Finished => "finished",
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The players accepted the count (J89 Art. 9.2), or the board was counted as it stands.
    Counted,
    /// This player resigned (J89 Art. 11; WAGC rule 21).
    Resigned(Color),
    /// Declared void after a repetition (J89 Art. 12; WAGC precedent 3).
    NoResult,
}

/// Everything a player can do; the game keeps the list so any action can be undone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A stone for the side to move (or a free handicap stone).
    Place(Point),
    /// A pass.
    Pass,
    /// A request to resume play, by this player (J89 Art. 9.3).
    Resume(Color),
    /// Toggle the dead mark of the chain at this point.
    ToggleDead(Point),
    /// This player resigns.
    Resign(Color),
    /// Accept the count.
    Finish,
    /// End without result after a repetition.
    DeclareNoResult,
    /// A stone played against the rules, as a record has it ([`Game::force`](super::Game::force)).
    Forced(Point),
    /// A set-up in the middle of the game ([`Game::set_up`](super::Game::set_up); SGF
    /// `AB`/`AW`/`AE`/`PL` after the first move): its number among the game's set-ups.
    /// [`Game::apply`](super::Game::apply) refuses it: a set-up is made with
    /// [`Game::set_up`](super::Game::set_up), which says what it puts on the board.
    SetUp(u32),
}

/// A move played: a stone or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Who played it.
    pub color: Color,
    /// Where, or `None` for a pass.
    pub point: Option<Point>,
}

/// A whole-board position that occurred before.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Repetition {
    /// The move that repeated the position.
    pub move_number: u32,
    /// The move after which the position first occurred (0: the start).
    pub first_seen: u32,
}

/// The position a set-up in the middle of a game made: every stone on the board, and the
/// player to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetUpPosition {
    /// The stones, row-major.
    pub stones: Vec<(Point, Color)>,
    /// The player to move after it.
    pub to_move: Color,
}
