//! The one error type of the library, with stable machine codes.

use crate::color::Color;
use crate::point::coord::Point;
use std::borrow::Cow;
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
    /// The ruleset or the state of the game does not allow this action; the [`Refusal`] says
    /// which case it is (its stable `reason`, and the message in words).
    NotAllowed(Refusal),
    /// A dead-stone mark on an empty point.
    NoStone,
    /// Options that cannot make a game; the text says which.
    InvalidOptions(&'static str),
    /// An SGF input that cannot be read: where (a byte offset in the input, 0 for data built in
    /// memory) and why.
    Sgf {
        /// Byte offset in the input where reading failed.
        offset: usize,
        /// What is wrong there.
        message: &'static str,
    },
    /// The memory a new game needs is not there (a page that makes games and frees none): the
    /// game is not made, and the games already made keep working.
    OutOfMemory,
    /// A move of a game record that the rules forbid (SGF replay): the move's number in the
    /// record (every `B`/`W` node of the path counts, passes too, from 1), who played it, where
    /// (`None`: a pass) and the rule it breaks, as the code and message of the core error the
    /// move gives (`occupied`, `ko`, `superko`, `suicide`, `offBoard`, `notPlaying`...).
    IllegalMove {
        /// The move's number in the record, from 1.
        number: u32,
        /// Who played it.
        color: Color,
        /// Where, or `None` for a pass.
        point: Option<Point>,
        /// The code of the rule it breaks, as [`Error::code`] gives it.
        rule: &'static str,
        /// That rule in words, as [`Error::message`] gives it.
        reason: &'static str,
    },
}

/// Why an action was refused with [`Error::NotAllowed`]: one case each, with a stable machine
/// `reason` (the JS error's `reason` property) so that a page need not guess from the action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Refusal {
    /// White plays, or anyone passes, while Black is placing free handicap stones.
    HandicapFirst,
    /// Undo with nothing to take back.
    NothingToUndo,
    /// Marking dead stones under rules that count the board as it stands (seed 002).
    AsItStands,
    /// Marking after a resumption that both players ended at once with two passes: every stone
    /// counts as alive (seed 004 5.1).
    AllAlive,
    /// No result declared under rules that forbid repetition (superko).
    RepetitionForbidden,
    /// No result declared though no whole-board position has repeated (J89 Art. 12).
    NoRepetition,
    /// A player named other than `black` or `white`.
    NotAPlayer,
    /// A node of a record that cannot be replayed (a lenient read stopped before it).
    Unreplayable,
    /// Redo with nothing that undo took back (or something new done since).
    #[cfg(feature = "edit")]
    NothingToRedo,
    /// A set-up (an edit of `AB`, `AW`, `AE`) that would leave a chain without a liberty.
    #[cfg(feature = "edit")]
    NoLiberty,
    /// Deleting or moving the root, which has no parent.
    #[cfg(feature = "edit")]
    AtRoot,
    /// A move annotation (`TE`, `BM`, `DO`, `IT`) at a node without a move.
    #[cfg(feature = "edit")]
    NoMove,
    /// Moving a variation past the first or last of its siblings.
    #[cfg(feature = "edit")]
    NoSibling,
}

impl Refusal {
    /// The stable machine reason: `handicapFirst`, `nothingToUndo`, `asItStands`, `allAlive`,
    /// `repetitionForbidden`, `noRepetition`, `notAPlayer`, `unreplayable`, `nothingToRedo`,
    /// `noLiberty`, `atRoot`, `noMove` or `noSibling` (the last five only with the `edit`
    /// feature, whose calls are the only ones to refuse so).
    pub const fn reason(self) -> &'static str {
        match self {
            Refusal::HandicapFirst => "handicapFirst",
            Refusal::NothingToUndo => "nothingToUndo",
            Refusal::AsItStands => "asItStands",
            Refusal::AllAlive => "allAlive",
            Refusal::RepetitionForbidden => "repetitionForbidden",
            Refusal::NoRepetition => "noRepetition",
            Refusal::NotAPlayer => "notAPlayer",
            Refusal::Unreplayable => "unreplayable",
            #[cfg(feature = "edit")]
            Refusal::NothingToRedo => "nothingToRedo",
            #[cfg(feature = "edit")]
            Refusal::NoLiberty => "noLiberty",
            #[cfg(feature = "edit")]
            Refusal::AtRoot => "atRoot",
            #[cfg(feature = "edit")]
            Refusal::NoMove => "noMove",
            #[cfg(feature = "edit")]
            Refusal::NoSibling => "noSibling",
        }
    }

    /// The case in words.
    pub const fn message(self) -> &'static str {
        match self {
            Refusal::HandicapFirst => "Black must first place the handicap stones",
            Refusal::NothingToUndo => "there is nothing to undo",
            Refusal::AsItStands => {
                "these rules count the board as it stands: no stone is marked dead"
            }
            Refusal::AllAlive => {
                "both players passed at once after resuming: every stone counts as alive"
            }
            Refusal::RepetitionForbidden => {
                "these rules forbid repetition, so a game cannot end without result"
            }
            Refusal::NoRepetition => "no whole-board position has repeated in this game",
            Refusal::NotAPlayer => "the player must be 'black' or 'white'",
            Refusal::Unreplayable => "the record cannot be replayed to that node",
            #[cfg(feature = "edit")]
            Refusal::NothingToRedo => "there is nothing to redo",
            #[cfg(feature = "edit")]
            Refusal::NoLiberty => "the set-up would leave a chain without a liberty",
            #[cfg(feature = "edit")]
            Refusal::AtRoot => "the root of the game tree has no parent",
            #[cfg(feature = "edit")]
            Refusal::NoMove => "a move annotation needs a node with a move",
            #[cfg(feature = "edit")]
            Refusal::NoSibling => "there is no variation on that side to change places with",
        }
    }
}

impl Error {
    /// The stable machine code: `offBoard`, `occupied`, `suicide`, `ko`, `superko`,
    /// `notPlaying`, `notStopped`, `notAllowed`, `noStone`, `invalidOptions`, `sgf`,
    /// `illegalMove` or `outOfMemory`.
    ///
    /// ```
    /// use tengen::{Error, Game, Point, Setup};
    ///
    /// let mut game = Game::new(Setup::default())?;
    /// game.place(Point::new(3, 3))?;
    /// let refused = game.place(Point::new(3, 3)).unwrap_err();
    /// assert_eq!(refused, Error::Occupied);
    /// assert_eq!(refused.code(), "occupied");
    /// # Ok::<(), Error>(())
    /// ```
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
            Error::Sgf { .. } => "sgf",
            Error::IllegalMove { .. } => "illegalMove",
            Error::OutOfMemory => "outOfMemory",
        }
    }

    /// The error a move of a record gives: `cause` (the core error of [`crate::Game::place`] or
    /// [`crate::Game::pass`]) as an [`Error::IllegalMove`] of move `number`.
    pub fn illegal_move(number: u32, color: Color, point: Option<Point>, cause: Error) -> Error {
        match cause {
            Error::IllegalMove { .. } | Error::Sgf { .. } => cause,
            _ => Error::IllegalMove {
                number,
                color,
                point,
                rule: cause.code(),
                reason: cause.static_message(),
            },
        }
    }

    /// What happened, in words. An SGF error gives the byte offset; an illegal move names the
    /// move number, colour, point (SGF letters) and the rule.
    pub fn message(&self) -> Cow<'static, str> {
        match self {
            Error::Sgf { offset, message } => Cow::Owned(format!("at byte {offset}: {message}")),
            Error::IllegalMove {
                number,
                color,
                point,
                rule,
                reason,
            } => {
                let at = match point {
                    Some(p) => format!("at {}", p.sgf()),
                    None => "pass".to_string(),
                };
                Cow::Owned(format!(
                    "move {number} ({color} {at}) is illegal: {rule}: {reason}"
                ))
            }
            _ => Cow::Borrowed(self.static_message()),
        }
    }

    /// The fixed part of the message (for [`Error::Sgf`] the text without the offset, for
    /// [`Error::IllegalMove`] the rule's message).
    pub const fn static_message(&self) -> &'static str {
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
            Error::NotAllowed(why) => why.message(),
            Error::NoStone => "there is no stone on that point to mark",
            Error::InvalidOptions(why) => why,
            Error::Sgf { message, .. } => message,
            Error::IllegalMove { reason, .. } => reason,
            Error::OutOfMemory => {
                "there is no memory left for another game: free() games no longer used"
            }
        }
    }
}

/// Memory kept free beyond what a new game needs, for the games already made to grow.
const HEADROOM: usize = 8 << 20;

/// Whether `bytes` more (and `HEADROOM`) can still be allocated: a fallible reservation,
/// given back at once, so that a game is refused with [`Error::OutOfMemory`] before any of its
/// allocations could fail (which aborts: in wasm, a trap that ends every game of the page).
pub fn ensure_room(bytes: usize) -> Result<(), Error> {
    let mut probe: Vec<u8> = Vec::new();
    probe
        .try_reserve_exact(bytes.saturating_add(HEADROOM))
        .map_err(|_| Error::OutOfMemory)
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code(), self.message())
    }
}

impl std::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn room_is_refused_with_a_code_not_an_abort() {
        assert_eq!(ensure_room(1 << 10), Ok(()));
        // More than any address space: the reservation fails and says so.
        assert_eq!(ensure_room(usize::MAX), Err(Error::OutOfMemory));
        assert_eq!(Error::OutOfMemory.code(), "outOfMemory");
    }
}
