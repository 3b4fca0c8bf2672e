//! The end of a game: dead-stone marks (by hand or proposed by the estimator), resignation,
//! accepting the count, no result, and the count itself.

use super::action::{Action, Outcome, Phase};
use super::state::Game;
use crate::color::Color;
use crate::error::{Error, Refusal};
#[cfg(feature = "estimate")]
use crate::estimate::{self, Estimate, EstimateOptions};
use crate::point::Point;
use crate::rules::{DeadStones, KoRule};
use crate::score::{self, Score};

impl Game {
    /// Toggles the dead mark of the whole chain at `p` while play is stopped and returns the
    /// points whose mark changed. Refused where the board is counted as it stands, and after a
    /// resumption ended at once with two passes (seed 004 5.1).
    pub fn toggle_dead(&mut self, p: Point) -> Result<Vec<Point>, Error> {
        self.check_marking(p)?;
        let prior = self.s;
        let chain = self.board.chain(p);
        let size = self.setup.size;
        let mark = !chain.iter().all(|&q| self.dead[size.index(q)]);
        let before = self.flips.len();
        for &q in &chain {
            let i = size.index(q);
            if self.dead[i] != mark {
                self.dead[i] = mark;
                self.flips.push(i as u32);
            }
        }
        let flipped = (self.flips.len() - before) as u32;
        self.commit(Action::ToggleDead(p), prior, 0, flipped);
        Ok(chain)
    }

    /// Marks the whole chain at `p` dead (`dead`) or alive while play is stopped and returns
    /// the points whose mark changed: none when it is marked so already. Refused as
    /// [`Game::toggle_dead`] is.
    pub fn set_dead(&mut self, p: Point, dead: bool) -> Result<Vec<Point>, Error> {
        self.check_marking(p)?;
        if self.is_dead(p) == dead {
            return Ok(Vec::new());
        }
        self.toggle_dead(p)
    }

    /// The estimate of the current position with the side to move to play (see
    /// [`crate::estimate`]): ownership, a status per chain and the proposed dead stones.
    /// Changes nothing; usable in any phase.
    #[cfg(feature = "estimate")]
    pub fn estimate(&self, options: &EstimateOptions) -> Estimate {
        estimate::estimate(&self.board, self.s.to_move, options)
    }

    /// Replaces the dead marks with the estimator's proposal (default options) while play is
    /// stopped, one marking action per chain that changes (each undoable like any marking);
    /// returns the points whose mark changed, row-major.
    ///
    /// ```
    /// use tengen::{Game, Point, Rules, Setup, Size};
    ///
    /// let mut game = Game::new(Setup {
    ///     size: Size::square(5)?,
    ///     rules: Rules::preset("japanese-1989")?,
    ///     handicap: 0,
    /// })?;
    /// // Two walls, then White's stone inside Black's, then two passes.
    /// for m in ["ba", "da", "bb", "db", "bc", "dc", "bd", "dd", "be", "de", "", "ac", "", ""] {
    ///     match Point::from_sgf(m) {
    ///         Some(p) => game.place(p).map(|_| ())?,
    ///         None => game.pass().map(|_| ())?,
    ///     }
    /// }
    /// assert_eq!(game.auto_mark()?, vec![Point::new(0, 2)]);
    /// assert_eq!(game.score().result, "W+5.5");
    /// # Ok::<(), tengen::Error>(())
    /// ```
    #[cfg(feature = "estimate")]
    pub fn auto_mark(&mut self) -> Result<Vec<Point>, Error> {
        self.check_marking_allowed()?;
        let proposal = self.estimate(&EstimateOptions::default()).dead_marks();
        let size = self.setup.size;
        let mut changed = Vec::new();
        for (i, &dead) in proposal.iter().enumerate() {
            let p = size.point_at(i);
            if self.board.get(p).is_some() && self.dead[i] != dead {
                changed.extend(self.set_dead(p, dead)?);
            }
        }
        changed.sort_by_key(|p| (p.y, p.x));
        Ok(changed)
    }

    /// Whether the chain at `p` may be marked or unmarked now (see [`Game::toggle_dead`]).
    pub(super) fn check_marking(&self, p: Point) -> Result<(), Error> {
        self.check_marking_allowed()?;
        if !self.setup.size.contains(p) {
            return Err(Error::OffBoard);
        }
        if self.board.get(p).is_none() {
            return Err(Error::NoStone);
        }
        Ok(())
    }

    /// Whether dead stones may be marked now: play stopped, marks used by the rules, and no
    /// resumption that ended at once.
    pub(super) fn check_marking_allowed(&self) -> Result<(), Error> {
        if self.setup.rules.dead_stones == DeadStones::AsItStands {
            return Err(Error::NotAllowed(Refusal::AsItStands));
        }
        if self.s.phase != Phase::Stopped {
            return Err(Error::NotStopped);
        }
        if self.s.all_alive {
            return Err(Error::NotAllowed(Refusal::AllAlive));
        }
        Ok(())
    }

    /// Resignation by `player` at any time before the game is over (J89 Art. 11).
    pub fn resign(&mut self, player: Color) -> Result<(), Error> {
        if self.s.phase == Phase::Finished {
            return Err(Error::NotPlaying);
        }
        let prior = self.s;
        self.s.phase = Phase::Finished;
        self.s.outcome = Some(Outcome::Resigned(player));
        self.commit(Action::Resign(player), prior, 0, 0);
        Ok(())
    }

    /// Accepts the count of a stopped game (J89 Art. 9.2): the game is finished.
    pub fn finish(&mut self) -> Result<(), Error> {
        if self.s.phase != Phase::Stopped {
            return Err(Error::NotStopped);
        }
        let prior = self.s;
        self.s.phase = Phase::Finished;
        self.s.outcome = Some(Outcome::Counted);
        self.commit(Action::Finish, prior, 0, 0);
        Ok(())
    }

    /// Ends the game without result after a whole-board position repeated (J89 Art. 12; WAGC
    /// precedent 3). Only under a simple-ko ruleset, where such a repetition is possible.
    pub fn declare_no_result(&mut self) -> Result<(), Error> {
        if self.s.phase == Phase::Finished {
            return Err(Error::NotPlaying);
        }
        if self.setup.rules.ko != KoRule::Simple {
            return Err(Error::NotAllowed(Refusal::RepetitionForbidden));
        }
        if self.s.repetition.is_none() {
            return Err(Error::NotAllowed(Refusal::NoRepetition));
        }
        let prior = self.s;
        self.s.phase = Phase::Finished;
        self.s.outcome = Some(Outcome::NoResult);
        self.commit(Action::DeclareNoResult, prior, 0, 0);
        Ok(())
    }

    /// The count of the current position under the game's rules with the stones flagged in
    /// `dead` (row-major) marked dead, whatever the phase: the count an estimate proposes.
    pub fn score_with(&self, dead: &[bool]) -> Score {
        score::score(&self.board, dead, &self.setup.rules, self.setup.handicap)
    }

    /// The count of the current position under the game's rules, with the dead marks (none
    /// while playing: a provisional count). For a game ended by resignation or without result
    /// the winner and result say so.
    pub fn score(&self) -> Score {
        let none;
        let dead: &[bool] = if self.s.all_alive {
            none = vec![false; self.dead.len()];
            &none
        } else {
            &self.dead
        };
        let handicap = self.setup.handicap;
        let mut s = score::score(&self.board, dead, &self.setup.rules, handicap);
        match self.s.outcome {
            Some(Outcome::Resigned(c)) => {
                s.winner = Some(c.opponent());
                s.result = format!("{}+R", c.opponent().letter());
            }
            Some(Outcome::NoResult) => {
                s.winner = None;
                s.result = "Void".to_string();
            }
            _ => {}
        }
        s
    }
}
