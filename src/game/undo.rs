//! Undo in place: each action is taken back from its undo record, and the board rebuilt from the
//! nearest copy kept every [`SNAPSHOT_EVERY`] actions, so undo costs the same at move 100,000 as
//! at move 10.

use super::action::Action;
use super::play::forced;
use super::state::{Game, NEW_POSITION, NEW_SITUATION, SNAPSHOT_EVERY};
use crate::board::Board;
use crate::color::Color;
use crate::error::{Error, Refusal};

impl Game {
    /// Undoes the last action, whatever it was; refused (`notAllowed`) at the start. In place,
    /// at a cost that does not grow with the game (see [`Game`]).
    pub fn undo(&mut self) -> Result<Action, Error> {
        let Some(&last) = self.actions.last() else {
            return Err(Error::NotAllowed(Refusal::NothingToUndo));
        };
        self.undo_to(self.actions.len() - 1);
        Ok(last)
    }

    /// Undoes actions until `count` are left (nothing if there are no more than that): the game
    /// exactly as it was after its first `count` actions, at a cost of the actions taken back
    /// plus fewer than `SNAPSHOT_EVERY` board moves, however long the game.
    pub fn undo_to(&mut self, count: usize) {
        if count >= self.actions.len() {
            return;
        }
        while self.actions.len() > count {
            let (Some(a), Some(u)) = (self.actions.pop(), self.undo.pop()) else {
                break;
            };
            // Keyed as when recorded: the state after the action, not yet put back.
            if u.new & NEW_POSITION != 0 {
                self.positions.remove(self.key(u.hash));
            }
            if u.new & NEW_SITUATION != 0 {
                self.situations
                    .remove(Game::situation(self.key(u.hash), self.s.to_move));
            }
            if let Action::SetUp(_) = a {
                self.setups.pop();
            }
            for _ in 0..u.flipped {
                if let Some(d) = self.flips.pop().and_then(|i| self.dead.get_mut(i as usize)) {
                    *d = !*d;
                }
            }
            self.s = u.prior;
        }
        self.rebuild_board();
    }

    /// The board after the actions kept: the last copy at or before them, then their moves
    /// (each legal when it was played, so no rule is checked again).
    pub(super) fn rebuild_board(&mut self) {
        let n = self.actions.len();
        self.snapshots.truncate(n / SNAPSHOT_EVERY);
        let base = self.snapshots.len() * SNAPSHOT_EVERY;
        let mut board = match self.snapshots.last() {
            Some(b) => b.clone(),
            None => self.initial_board(),
        };
        for (a, u) in self.actions[base..].iter().zip(&self.undo[base..]) {
            match *a {
                Action::Place(p) => {
                    let (color, suicide) = if u.prior.handicap_left > 0 {
                        (Color::Black, false)
                    } else {
                        (u.prior.to_move, self.setup.rules.suicide)
                    };
                    let _ = board.play(p, color, suicide);
                }
                Action::Pass => board.clear_ko(),
                Action::Forced(p) => {
                    let _ = forced(&mut board, p, u.prior.to_move);
                }
                Action::SetUp(i) => {
                    let prisoners = [board.prisoners(Color::Black), board.prisoners(Color::White)];
                    let stones = self.setups.get(i as usize).map_or(&[][..], |e| &e.stones);
                    // It was a legal position when set up.
                    if let Ok(b) = Board::with_stones(self.setup.size, stones.iter().copied()) {
                        board = b;
                        board.set_prisoners(prisoners);
                    }
                }
                _ => {}
            }
        }
        self.board = board;
    }
}
