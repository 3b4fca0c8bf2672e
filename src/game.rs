//! A game: turns, passes, phases, superko history, dead-stone marks, resignation, undo.

use crate::board::Board;
use crate::color::Color;
use crate::error::Error;
#[cfg(feature = "estimate")]
use crate::estimate::{self, Estimate, EstimateOptions};
use crate::handicap;
use crate::history::PositionTable;
use crate::point::{Point, Size};
use crate::rules::{DeadStones, HandicapPlacement, KoRule, Rules};
use crate::score::{self, Score};

/// Key mixed into a position's hash when White is to move (situational superko).
const WHITE_TO_MOVE: u64 = 0x5bd1_e995_c3a5_c85c;

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
            rules: Rules::preset("japanese-1989").expect("a known preset"),
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

/// A game of Go under a ruleset: the board, whose turn it is, the phase, the history needed for
/// superko and undo, and the dead-stone marks.
#[derive(Clone, Debug)]
pub struct Game {
    setup: Setup,
    board: Board,
    to_move: Color,
    phase: Phase,
    outcome: Option<Outcome>,
    passes: u32,
    handicap_left: u32,
    dead: Vec<bool>,
    all_alive: bool,
    resumed_without_stone: bool,
    actions: Vec<Action>,
    positions: PositionTable,
    situations: PositionTable,
    move_number: u32,
    last_move: Option<Move>,
    repetition: Option<Repetition>,
    /// The position a game made by [`Game::from_position`] started from (`None` for
    /// [`Game::new`]): what [`Game::undo`] replays the actions from.
    start: Option<Box<Start>>,
}

/// The set-up position of a game made by [`Game::from_position`].
#[derive(Clone, Debug, PartialEq, Eq)]
struct Start {
    stones: Vec<(Point, Color)>,
    to_move: Color,
    captures: [u32; 2],
}

impl Game {
    /// A new game. Fixed handicap stones are placed at once (WAGC rule 7) and White moves first;
    /// with free placement Black places them one by one with [`Game::place`], then White moves.
    pub fn new(setup: Setup) -> Result<Game, Error> {
        let size = setup.size;
        let mut board = None;
        let mut to_move = Color::Black;
        let mut handicap_left = 0;
        match setup.rules.handicap_placement {
            HandicapPlacement::Fixed => {
                let stones = handicap::fixed_stones(size, setup.handicap)?;
                if !stones.is_empty() {
                    board = Some(Board::with_stones(
                        size,
                        stones.into_iter().map(|p| (p, Color::Black)),
                    )?);
                    to_move = Color::White;
                }
            }
            HandicapPlacement::Free => {
                if setup.handicap == 1 || setup.handicap > handicap::MAX_HANDICAP {
                    return Err(Error::InvalidOptions("handicap must be 0 or from 2 to 9"));
                }
                if setup.handicap as usize >= size.area() {
                    return Err(Error::InvalidOptions(
                        "this board cannot hold that many handicap stones",
                    ));
                }
                handicap_left = setup.handicap;
            }
        }
        let board = board.unwrap_or_else(|| Board::new(size));
        Ok(Game::started(setup, board, to_move, handicap_left, None))
    }

    /// A game from a set-up position, as an SGF record gives it (`AB`/`AW` stones, `PL` the
    /// player to move; SGF `FF[4]` properties.html, "Setup properties"). The stones are placed
    /// without captures: off-board or repeated points and chains without a liberty are refused.
    /// `setup.handicap` places nothing here: it says how many of the black stones are handicap
    /// stones (0 to 9), which matters only for White's compensation under area counting.
    /// [`Game::undo`] goes back to this position, not to an empty board.
    pub fn from_position(
        setup: Setup,
        stones: &[(Point, Color)],
        to_move: Color,
    ) -> Result<Game, Error> {
        Game::from_position_with_captures(setup, stones, to_move, [0, 0])
    }

    /// [`Game::from_position`] with the stones each player captured before the position
    /// (`[by Black, by White]`): they are the players' prisoners, counted under territory
    /// scoring (J89 Art. 10) as those taken during play are.
    pub fn from_position_with_captures(
        setup: Setup,
        stones: &[(Point, Color)],
        to_move: Color,
        captures: [u32; 2],
    ) -> Result<Game, Error> {
        if setup.handicap > handicap::MAX_HANDICAP {
            return Err(Error::InvalidOptions("handicap must be from 0 to 9"));
        }
        let mut board = Board::with_stones(setup.size, stones.iter().copied())?;
        board.set_prisoners(captures);
        let start = Start {
            stones: stones.to_vec(),
            to_move,
            captures,
        };
        Ok(Game::started(
            setup,
            board,
            to_move,
            0,
            Some(Box::new(start)),
        ))
    }

    /// A game on `board` before any action.
    fn started(
        setup: Setup,
        board: Board,
        to_move: Color,
        handicap_left: u32,
        start: Option<Box<Start>>,
    ) -> Game {
        let size = setup.size;
        let mut g = Game {
            dead: vec![false; size.area()],
            setup,
            board,
            to_move,
            phase: Phase::Playing,
            outcome: None,
            passes: 0,
            handicap_left,
            all_alive: false,
            resumed_without_stone: false,
            // Both grow with the game (amortised): a fresh game holds a few KB, not room for a
            // long game it may never play (issue 12: pages that make many games and free none).
            actions: Vec::new(),
            positions: PositionTable::default(),
            situations: PositionTable::default(),
            move_number: 0,
            last_move: None,
            repetition: None,
            start,
        };
        g.record_position();
        g
    }

    /// The game as it was before its first action: a new game from the same set-up or the
    /// same position.
    fn restarted(&self) -> Result<Game, Error> {
        match &self.start {
            None => Game::new(self.setup.clone()),
            Some(s) => Game::from_position_with_captures(
                self.setup.clone(),
                &s.stones,
                s.to_move,
                s.captures,
            ),
        }
    }

    /// The stones on the board before the first action and the player to move then: the fixed
    /// handicap stones of [`Game::new`] (none yet with free placement) or the position given to
    /// [`Game::from_position`].
    pub fn initial_position(&self) -> (Vec<(Point, Color)>, Color) {
        if let Some(s) = &self.start {
            return (s.stones.clone(), s.to_move);
        }
        match self.setup.rules.handicap_placement {
            HandicapPlacement::Fixed if self.setup.handicap > 0 => {
                let stones = handicap::fixed_stones(self.setup.size, self.setup.handicap)
                    .unwrap_or_default();
                (
                    stones.into_iter().map(|p| (p, Color::Black)).collect(),
                    Color::White,
                )
            }
            _ => (Vec::new(), Color::Black),
        }
    }

    /// The set-up this game started from.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The ruleset.
    pub fn rules(&self) -> &Rules {
        &self.setup.rules
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// How the game ended, once finished.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Free handicap stones Black has still to place.
    pub fn handicap_left(&self) -> u32 {
        self.handicap_left
    }

    /// Moves played: stones and passes, not counting handicap stones.
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// The last stone or pass played.
    pub fn last_move(&self) -> Option<Move> {
        self.last_move
    }

    /// The actions taken so far, oldest first.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// The point where the side to move may not retake a basic ko, if any.
    pub fn ko_point(&self) -> Option<Point> {
        match (self.phase, self.board.ko()) {
            (Phase::Playing, Some((p, c))) if c == self.to_move => Some(p),
            _ => None,
        }
    }

    /// The latest move that repeated an earlier whole-board position, if any: under a simple-ko
    /// ruleset the players may then declare the game void (J89 Art. 12; WAGC precedent 3).
    pub fn repetition(&self) -> Option<Repetition> {
        self.repetition
    }

    /// Stones captured during play by each player.
    pub fn captures(&self, by: Color) -> u32 {
        self.board.prisoners(by)
    }

    /// Whether every stone counts as alive because a resumption ended at once with two passes
    /// (seed 004 5.1).
    pub fn all_alive(&self) -> bool {
        self.all_alive
    }

    /// Whether the stone at `p` is marked dead.
    pub fn is_dead(&self, p: Point) -> bool {
        self.setup.size.contains(p) && self.dead[self.setup.size.index(p)]
    }

    /// The dead marks, row-major.
    pub fn dead_marks(&self) -> &[bool] {
        &self.dead
    }

    fn situation(hash: u64, to_move: Color) -> u64 {
        match to_move {
            Color::Black => hash,
            Color::White => hash ^ WHITE_TO_MOVE,
        }
    }

    fn record_position(&mut self) {
        let h = self.board.hash();
        if self.setup.rules.ko == KoRule::Situational {
            self.situations.insert(Game::situation(h, self.to_move), 0);
        }
        if let Some(first) = self.positions.insert(h, self.move_number) {
            self.repetition = Some(Repetition {
                move_number: self.move_number,
                first_seen: first,
            });
        }
    }

    fn expect_playing(&self) -> Result<(), Error> {
        match self.phase {
            Phase::Playing => Ok(()),
            _ => Err(Error::NotPlaying),
        }
    }

    /// Whether the side to move may play at `p`, without playing: `Ok(())` or the error
    /// [`Game::place`] would return.
    pub fn legality(&self, p: Point) -> Result<(), Error> {
        self.legality_for(p, self.to_move)
    }

    /// Whether `color` could play at `p` if it were its turn in this position: occupied,
    /// suicide and superko as for the side to move (J89 Art. 4-6). The basic ko ban (J89 Art.
    /// 6) forbids only the immediate retake, a move of the side to move, so it never applies to
    /// the other player. While Black places free handicap stones White may not play
    /// (`notAllowed`).
    pub fn legality_for(&self, p: Point, color: Color) -> Result<(), Error> {
        self.expect_playing()?;
        let rules = &self.setup.rules;
        if self.handicap_left > 0 {
            if color == Color::White {
                return Err(Error::NotAllowed("Black is placing the handicap stones"));
            }
            return self.board.probe(p, Color::Black, false).map(|_| ());
        }
        let probe = self.board.probe(p, color, rules.suicide)?;
        match rules.ko {
            KoRule::Simple => {}
            KoRule::Positional => {
                if self.positions.contains(probe.hash) {
                    return Err(Error::Superko);
                }
            }
            KoRule::Situational => {
                if self
                    .situations
                    .contains(Game::situation(probe.hash, color.opponent()))
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
        if self.setup.rules.superko() || self.handicap_left > 0 {
            self.legality(p)?;
        } else {
            // Under simple ko the board's own checks are the whole rule, and a refused move
            // changes nothing: no separate probe.
            self.expect_playing()?;
        }
        let captured = if self.handicap_left > 0 {
            self.board.play(p, Color::Black, false)?;
            self.handicap_left -= 1;
            if self.handicap_left == 0 {
                self.to_move = Color::White;
            }
            0
        } else {
            let c = self.to_move;
            let captured = self.board.play(p, c, self.setup.rules.suicide)?;
            self.move_number += 1;
            self.last_move = Some(Move {
                color: c,
                point: Some(p),
            });
            self.to_move = c.opponent();
            self.passes = 0;
            self.resumed_without_stone = false;
            captured
        };
        self.actions.push(Action::Place(p));
        self.record_position();
        Ok(captured)
    }

    /// Passes for the side to move; returns `true` when this pass stopped play (the second pass
    /// in a row: J89 Art. 9.1, WAGC rule 20; seed 002 ends the game there).
    pub fn pass(&mut self) -> Result<bool, Error> {
        self.expect_playing()?;
        if self.handicap_left > 0 {
            return Err(Error::NotAllowed(
                "Black must first place the handicap stones",
            ));
        }
        let c = self.to_move;
        self.board.clear_ko();
        self.passes += 1;
        self.move_number += 1;
        self.last_move = Some(Move {
            color: c,
            point: None,
        });
        self.to_move = c.opponent();
        self.actions.push(Action::Pass);
        if self.setup.rules.ko == KoRule::Situational {
            self.situations
                .insert(Game::situation(self.board.hash(), self.to_move), 0);
        }
        if self.passes < 2 {
            return Ok(false);
        }
        if self.resumed_without_stone && self.setup.rules.dispute_all_alive {
            // Seed 004 5.1: both passed at once after a resumption: all stones are alive.
            self.all_alive = true;
        }
        if self.setup.rules.dead_stones == DeadStones::AsItStands {
            // Seed 002: the game ends when both players pass in a row; nothing is marked.
            self.phase = Phase::Finished;
            self.outcome = Some(Outcome::Counted);
        } else {
            self.phase = Phase::Stopped;
        }
        Ok(true)
    }

    /// Resumes a stopped game at the request of `requester`; the opponent moves first (J89
    /// Art. 9.3). Dead marks are cleared.
    pub fn resume(&mut self, requester: Color) -> Result<(), Error> {
        if self.phase != Phase::Stopped {
            return Err(Error::NotStopped);
        }
        self.phase = Phase::Playing;
        self.to_move = requester.opponent();
        self.passes = 0;
        self.dead.iter_mut().for_each(|d| *d = false);
        self.all_alive = false;
        self.resumed_without_stone = true;
        self.actions.push(Action::Resume(requester));
        if self.setup.rules.ko == KoRule::Situational {
            self.situations
                .insert(Game::situation(self.board.hash(), self.to_move), 0);
        }
        Ok(())
    }

    /// Toggles the dead mark of the whole chain at `p` while play is stopped and returns the
    /// points whose mark changed. Refused where the board is counted as it stands, and after a
    /// resumption ended at once with two passes (seed 004 5.1).
    pub fn toggle_dead(&mut self, p: Point) -> Result<Vec<Point>, Error> {
        self.check_marking(p)?;
        let chain = self.board.chain(p);
        let size = self.setup.size;
        let mark = !chain.iter().all(|&q| self.dead[size.index(q)]);
        for &q in &chain {
            self.dead[size.index(q)] = mark;
        }
        self.actions.push(Action::ToggleDead(p));
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
        estimate::estimate(&self.board, self.to_move, options)
    }

    /// Replaces the dead marks with the estimator's proposal (default options) while play is
    /// stopped, one marking action per chain that changes (each undoable like any marking);
    /// returns the points whose mark changed, row-major.
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
    fn check_marking(&self, p: Point) -> Result<(), Error> {
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
    fn check_marking_allowed(&self) -> Result<(), Error> {
        if self.setup.rules.dead_stones == DeadStones::AsItStands {
            return Err(Error::NotAllowed(
                "these rules count the board as it stands: no stone is marked dead",
            ));
        }
        if self.phase != Phase::Stopped {
            return Err(Error::NotStopped);
        }
        if self.all_alive {
            return Err(Error::NotAllowed(
                "both players passed at once after resuming: every stone counts as alive",
            ));
        }
        Ok(())
    }

    /// Resignation by `player` at any time before the game is over (J89 Art. 11).
    pub fn resign(&mut self, player: Color) -> Result<(), Error> {
        if self.phase == Phase::Finished {
            return Err(Error::NotPlaying);
        }
        self.phase = Phase::Finished;
        self.outcome = Some(Outcome::Resigned(player));
        self.actions.push(Action::Resign(player));
        Ok(())
    }

    /// Accepts the count of a stopped game (J89 Art. 9.2): the game is finished.
    pub fn finish(&mut self) -> Result<(), Error> {
        if self.phase != Phase::Stopped {
            return Err(Error::NotStopped);
        }
        self.phase = Phase::Finished;
        self.outcome = Some(Outcome::Counted);
        self.actions.push(Action::Finish);
        Ok(())
    }

    /// Ends the game without result after a whole-board position repeated (J89 Art. 12; WAGC
    /// precedent 3). Only under a simple-ko ruleset, where such a repetition is possible.
    pub fn declare_no_result(&mut self) -> Result<(), Error> {
        if self.phase == Phase::Finished {
            return Err(Error::NotPlaying);
        }
        if self.setup.rules.ko != KoRule::Simple {
            return Err(Error::NotAllowed(
                "these rules forbid repetition, so a game cannot end without result",
            ));
        }
        if self.repetition.is_none() {
            return Err(Error::NotAllowed(
                "no whole-board position has repeated in this game",
            ));
        }
        self.phase = Phase::Finished;
        self.outcome = Some(Outcome::NoResult);
        self.actions.push(Action::DeclareNoResult);
        Ok(())
    }

    /// The empty points, row-major indices, where the side to move might play in a random
    /// playout: every empty point that is not its own single-point eye ([`Board::is_eyeish`]).
    /// Legality is still decided by [`Game::place`].
    pub fn playout_candidates(&self) -> Vec<u32> {
        let size = self.setup.size;
        self.board
            .empty_points()
            .filter(|&p| !self.board.is_eyeish(p, self.to_move))
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
        }
    }

    /// Undoes the last action, whatever it was; refused (`notAllowed`) at the start.
    pub fn undo(&mut self) -> Result<Action, Error> {
        let Some((&last, rest)) = self.actions.split_last() else {
            return Err(Error::NotAllowed("there is nothing to undo"));
        };
        let mut g = self.restarted()?;
        for &a in rest {
            // Every recorded action was legal in this very sequence, so replay cannot fail.
            g.apply(a)?;
        }
        *self = g;
        Ok(last)
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
        let dead: &[bool] = if self.all_alive {
            none = vec![false; self.dead.len()];
            &none
        } else {
            &self.dead
        };
        let handicap = self.setup.handicap;
        let mut s = score::score(&self.board, dead, &self.setup.rules, handicap);
        match self.outcome {
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
