//! Playing: the legality of a point, stones and passes, resuming after two passes, and the
//! actions of a record (forced stones, set-ups) a viewer replays.

use super::action::{Action, Move, Outcome, Phase, SetUpPosition};
use super::state::Game;
use crate::board::Board;
use crate::color::Color;
use crate::error::{Error, Refusal};
use crate::point::Point;
use crate::rules::{DeadStones, KoRule};

/// A stone of `c` at `p` on `board` as [`Game::force`] plays it; on failure (which a point on the
/// board never gives) the board is as it was.
pub(super) fn forced(board: &mut Board, p: Point, c: Color) -> Result<u32, Error> {
    if board.get(p).is_some() {
        // The stone there is replaced: the board without it (taking a stone away leaves every
        // other chain its liberties).
        let size = board.size();
        let stones = size
            .points()
            .filter(|&q| q != p)
            .filter_map(|q| board.get(q).map(|k| (q, k)));
        let mut b = Board::with_stones(size, stones)?;
        b.set_prisoners([board.prisoners(Color::Black), board.prisoners(Color::White)]);
        *board = b;
    }
    board.clear_ko();
    board.play(p, c, true)
}

impl Game {
    /// Whether the side to move may play at `p`, without playing: `Ok(())` or the error
    /// [`Game::place`] would return.
    pub fn legality(&self, p: Point) -> Result<(), Error> {
        self.legality_for(p, self.s.to_move)
    }

    /// Whether `color` could play at `p` if it were its turn in this position: occupied,
    /// suicide and superko as for the side to move (J89 Art. 4-6). The basic ko ban (J89 Art.
    /// 6) forbids only the immediate retake, a move of the side to move, so it never applies to
    /// the other player. While Black places free handicap stones White may not play
    /// (`notAllowed`).
    pub fn legality_for(&self, p: Point, color: Color) -> Result<(), Error> {
        self.expect_playing()?;
        let rules = &self.setup.rules;
        if self.s.handicap_left > 0 {
            if color == Color::White {
                return Err(Error::NotAllowed(Refusal::HandicapFirst));
            }
            return self.board.probe(p, Color::Black, false).map(|_| ());
        }
        let probe = self.board.probe(p, color, rules.suicide)?;
        match rules.ko {
            KoRule::Simple => {}
            KoRule::Positional => {
                if self.positions.contains(self.key(probe.hash)) {
                    return Err(Error::Superko);
                }
            }
            KoRule::Situational => {
                if self
                    .situations
                    .contains(Game::situation(self.key(probe.hash), color.opponent()))
                {
                    return Err(Error::Superko);
                }
            }
        }
        Ok(())
    }

    /// Plays a stone for the side to move at `p` (or places the next free handicap stone) and
    /// returns the number of stones captured. An illegal move changes nothing.
    ///
    /// J89 Art. 3-6: on an empty point, capturing opponent chains left without liberties, never
    /// leaving an own chain without liberties unless the ruleset allows suicide, never retaking
    /// a basic ko at once; under superko rulesets never repeating an earlier position.
    pub fn place(&mut self, p: Point) -> Result<u32, Error> {
        let prior = self.s;
        if self.setup.rules.superko() || self.s.handicap_left > 0 {
            self.legality(p)?;
        } else {
            // Under simple ko the board's own checks are the whole rule, and a refused move
            // changes nothing: no separate probe.
            self.expect_playing()?;
        }
        let captured = if self.s.handicap_left > 0 {
            self.board.play(p, Color::Black, false)?;
            self.s.handicap_left -= 1;
            if self.s.handicap_left == 0 {
                self.s.to_move = Color::White;
            }
            0
        } else {
            let captured = self
                .board
                .play(p, self.s.to_move, self.setup.rules.suicide)?;
            self.stone_played(p);
            captured
        };
        let new = self.record_position();
        self.commit(Action::Place(p), prior, new, 0);
        Ok(captured)
    }

    /// The state after a stone of the side to move was played at `p`: the move counted, the
    /// other player's turn, no passes in a row.
    pub(super) fn stone_played(&mut self, p: Point) {
        let c = self.s.to_move;
        self.s.move_number += 1;
        self.s.last_move = Some(Move {
            color: c,
            point: Some(p),
        });
        self.s.to_move = c.opponent();
        self.s.passes = 0;
        self.s.resumed_without_stone = false;
    }

    /// Passes for the side to move; returns `true` when this pass stopped play (the second pass
    /// in a row: J89 Art. 9.1, WAGC rule 20; seed 002 ends the game there).
    pub fn pass(&mut self) -> Result<bool, Error> {
        self.expect_playing()?;
        if self.s.handicap_left > 0 {
            return Err(Error::NotAllowed(Refusal::HandicapFirst));
        }
        let prior = self.s;
        let c = self.s.to_move;
        self.board.clear_ko();
        self.s.passes += 1;
        self.s.move_number += 1;
        self.s.last_move = Some(Move {
            color: c,
            point: None,
        });
        self.s.to_move = c.opponent();
        let new = self.record_situation();
        if self.s.passes < 2 {
            self.commit(Action::Pass, prior, new, 0);
            return Ok(false);
        }
        if self.s.resumed_without_stone && self.setup.rules.dispute_all_alive {
            // Seed 004 5.1: both passed at once after a resumption: all stones are alive.
            self.s.all_alive = true;
        }
        if self.setup.rules.dead_stones == DeadStones::AsItStands {
            // Seed 002: the game ends when both players pass in a row; nothing is marked.
            self.s.phase = Phase::Finished;
            self.s.outcome = Some(Outcome::Counted);
        } else {
            self.s.phase = Phase::Stopped;
        }
        self.commit(Action::Pass, prior, new, 0);
        Ok(true)
    }

    /// Resumes a stopped game at the request of `requester`; the opponent moves first (J89
    /// Art. 9.3). Dead marks are cleared.
    pub fn resume(&mut self, requester: Color) -> Result<(), Error> {
        if self.s.phase != Phase::Stopped {
            return Err(Error::NotStopped);
        }
        let prior = self.s;
        self.s.phase = Phase::Playing;
        self.s.to_move = requester.opponent();
        self.s.passes = 0;
        let before = self.flips.len();
        for (i, d) in self.dead.iter_mut().enumerate() {
            if std::mem::take(d) {
                self.flips.push(i as u32);
            }
        }
        self.s.all_alive = false;
        self.s.resumed_without_stone = true;
        let new = self.record_situation();
        let flipped = (self.flips.len() - before) as u32;
        self.commit(Action::Resume(requester), prior, new, flipped);
        Ok(())
    }

    /// The empty points, row-major indices, where the side to move might play in a random
    /// playout: every empty point that is not its own single-point eye ([`Board::is_eyeish`]).
    /// Legality is still decided by [`Game::place`].
    pub fn playout_candidates(&self) -> Vec<u32> {
        let size = self.setup.size;
        self.board
            .empty_points()
            .filter(|&p| !self.board.is_eyeish(p, self.s.to_move))
            .map(|p| size.index(p) as u32)
            .collect()
    }

    /// Applies an action (as recorded by [`Game::actions`]).
    pub fn apply(&mut self, action: Action) -> Result<(), Error> {
        match action {
            Action::Place(p) => self.place(p).map(|_| ()),
            Action::Pass => self.pass().map(|_| ()),
            Action::Resume(c) => self.resume(c),
            Action::ToggleDead(p) => self.toggle_dead(p).map(|_| ()),
            Action::Resign(c) => self.resign(c),
            Action::Finish => self.finish(),
            Action::DeclareNoResult => self.declare_no_result(),
            Action::Forced(p) => self.force(p).map(|_| ()),
            Action::SetUp(_) => Err(Error::InvalidOptions(
                "a set-up is made with Game::set_up, which says what it puts on the board",
            )),
        }
    }

    /// Plays a stone for the side to move as SGF executes a move (go.html, "How to execute a
    /// move"), whatever the rules say of it: on its point whatever was there (a stone there is
    /// replaced, not captured), then the opponent's chains left without liberties captured, then
    /// its own chain taken off if it has none (suicide, the prisoners the opponent's); ko and
    /// superko are not asked. For viewing records that break the game's rules (a lenient
    /// reading); playing goes through [`Game::place`]. The position is recorded in the history as
    /// any other. Refused as a move is otherwise (`notPlaying`, `offBoard`, `notAllowed` while
    /// Black places free handicap stones); returns the stones captured.
    pub fn force(&mut self, p: Point) -> Result<u32, Error> {
        self.expect_playing()?;
        if self.s.handicap_left > 0 {
            return Err(Error::NotAllowed(Refusal::HandicapFirst));
        }
        if !self.setup.size.contains(p) {
            return Err(Error::OffBoard);
        }
        let prior = self.s;
        let captured = forced(&mut self.board, p, self.s.to_move)?;
        self.stone_played(p);
        let new = self.record_position();
        self.commit(Action::Forced(p), prior, new, 0);
        Ok(captured)
    }

    /// Sets up the board in the middle of the game, as SGF's `AB`, `AW`, `AE` and `PL` after the
    /// first move do (properties.html: set-up "overwrites" points, whatever was there, and
    /// makes no captures and no prisoners): each point of `changes` gets the stone given, or is
    /// emptied; `to_move`, if given, is the player to move. Play goes on from the new position,
    /// as from the start of a game: the phase is playing again (dead marks cleared, no result),
    /// no ko is pending, and the history of positions starts again there, so superko compares
    /// later positions with those since the set-up only (the FF\[4\] reading: a set-up is a new
    /// position, not a move). The prisoners are kept. Refused, changing nothing: a point off
    /// the board (`offBoard`), a position with a chain without liberties (`invalidOptions`; J89
    /// Art. 4), and while Black places free handicap stones (`notAllowed`). Undone by
    /// [`Game::undo`] like any action.
    pub fn set_up(
        &mut self,
        changes: &[(Point, Option<Color>)],
        to_move: Option<Color>,
    ) -> Result<(), Error> {
        if self.s.handicap_left > 0 {
            return Err(Error::NotAllowed(Refusal::HandicapFirst));
        }
        let size = self.setup.size;
        let mut cells: Vec<Option<Color>> = (0..size.area())
            .map(|i| self.board.get(size.point_at(i)))
            .collect();
        for &(p, c) in changes {
            if !size.contains(p) {
                return Err(Error::OffBoard);
            }
            cells[size.index(p)] = c;
        }
        let stones: Vec<(Point, Color)> = cells
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.map(|c| (size.point_at(i), c)))
            .collect();
        let mut board = Board::with_stones(size, stones.iter().copied())?;
        board.set_prisoners([
            self.board.prisoners(Color::Black),
            self.board.prisoners(Color::White),
        ]);
        let prior = self.s;
        self.board = board;
        self.s.to_move = to_move.unwrap_or(self.s.to_move);
        self.s.phase = Phase::Playing;
        self.s.outcome = None;
        self.s.passes = 0;
        self.s.all_alive = false;
        self.s.resumed_without_stone = false;
        self.s.repetition = None;
        self.s.epoch += 1;
        let before = self.flips.len();
        for (i, d) in self.dead.iter_mut().enumerate() {
            if std::mem::take(d) {
                self.flips.push(i as u32);
            }
        }
        let flipped = (self.flips.len() - before) as u32;
        let index = self.setups.len() as u32;
        self.setups.push(SetUpPosition {
            stones,
            to_move: self.s.to_move,
        });
        let new = self.record_position();
        self.commit(Action::SetUp(index), prior, new, flipped);
        Ok(())
    }

    /// The position set-up number `i` of the game made ([`Action::SetUp`]).
    pub fn set_up_position(&self, i: u32) -> Option<&SetUpPosition> {
        self.setups.get(i as usize)
    }
}
