//! A copy of a game in play at its current position, whatever its phase: what the analysis of
//! a position reads ahead from once play has stopped or the game is over.

use super::action::Phase;
use super::state::Game;

impl Game {
    /// This game with play going on from its current position: the same board, rules, komi,
    /// handicap, player to move and history of positions (superko), in the playing phase, with
    /// no outcome, no dead marks and no passes in a row (a line read from it ends with two
    /// passes of its own, not one). Used to read ahead from any phase; the game itself is
    /// unchanged.
    pub(crate) fn playing_copy(&self) -> Game {
        let mut g = self.clone();
        g.s.phase = Phase::Playing;
        g.s.outcome = None;
        g.s.passes = 0;
        g.s.all_alive = false;
        g.s.resumed_without_stone = false;
        g.dead.fill(false);
        g
    }
}
