//! The one error type of the library, with stable machine codes.

use std::fmt;

/// Everything that can go wrong. Every failing action returns one of these and changes nothing.
///
/// [`Error::code`] gives the stable machine code that the JavaScript API exposes as a string;
/// the `Display` text says what happened in words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Error {
    /// The point is not on the board.
    OffBoard,
    /// The point already holds a stone (J89 Art. 3: stones are played on empty points).
    Occupied,
    /// The move would leave the player's own chain without liberties and capture nothing
    /// (J89 Art. 4, WAGC rule 12), under a ruleset that forbids suicide.
    Suicide,
    /// Immediate recapture of a basic ko (J89 Art. 6, WAGC rule 13).
    Ko,
    /// The move would repeat an earlier whole-board position (positional superko) or situation
    /// (situational superko), and is not the immediate recapture of a basic ko.
    Superko,
    /// Play after the game stopped or finished.
    NotPlaying,
    /// Marking dead stones, resuming or finishing while the game is not stopped.
    NotStopped,
    /// The ruleset or the state of the game does not allow this action; the text says why.
    NotAllowed(&'static str),
    /// A dead-stone mark on an empty point.
    NoStone,
    /// Options that cannot make a game; the text says which.
    InvalidOptions(&'static str),
}

impl Error {
    /// The stable machine code: `offBoard`, `occupied`, `suicide`, `ko`, `superko`,
    /// `notPlaying`, `notStopped`, `notAllowed`, `noStone` or `invalidOptions`.
    pub const fn code(&self) -> &'static str {
        match self {
            Error::OffBoard => "offBoard",
            Error::Occupied => "occupied",
            Error::Suicide => "suicide",
            Error::Ko => "ko",
            Error::Superko => "superko",
            Error::NotPlaying => "notPlaying",
            Error::NotStopped => "notStopped",
            Error::NotAllowed(_) => "notAllowed",
            Error::NoStone => "noStone",
            Error::InvalidOptions(_) => "invalidOptions",
        }
    }

    /// What happened, in words.
    pub const fn message(&self) -> &'static str {
        match self {
            Error::OffBoard => "the point is not on the board",
            Error::Occupied => "there is already a stone on that point",
            Error::Suicide => {
                "the stone would have no liberty and capture nothing, which these rules forbid"
            }
            Error::Ko => "the stone just captured cannot be retaken at once; play elsewhere first",
            Error::Superko => "the move would repeat an earlier whole-board position",
            Error::NotPlaying => "play has stopped or the game is over",
            Error::NotStopped => "this is only possible after play has stopped with two passes",
            Error::NotAllowed(why) => why,
            Error::NoStone => "there is no stone on that point to mark",
            Error::InvalidOptions(why) => why,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code(), self.message())
    }
}

impl std::error::Error for Error {}
