//! A game: turns, passes, phases, superko history, dead-stone marks, resignation, undo.

use crate::board::Board;
use crate::color::Color;
use crate::error::{Error, Refusal};
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
    /// A stone played against the rules, as a record has it ([`Game::force`]).
    Forced(Point),
    /// A set-up in the middle of the game ([`Game::set_up`]; SGF `AB`/`AW`/`AE`/`PL` after the
    /// first move): its number among the game's set-ups. [`Game::apply`] refuses it: a set-up
    /// is made with [`Game::set_up`], which says what it puts on the board.
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

/// Actions between two copies of the board kept for undo: undoing goes back to the copy at or
/// before the action count wanted and replays fewer than this many board moves.
const SNAPSHOT_EVERY: usize = 64;

/// What an action changes besides the board and the tables: everything [`Game::undo`] puts back
/// as it was (the scalar part of a game).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct State {
    to_move: Color,
    phase: Phase,
    outcome: Option<Outcome>,
    passes: u32,
    handicap_left: u32,
    all_alive: bool,
    resumed_without_stone: bool,
    move_number: u32,
    last_move: Option<Move>,
    repetition: Option<Repetition>,
    /// How many set-ups the game has had ([`Game::set_up`]): the positions recorded before the
    /// last one are keyed apart from those after it, so the history starts again there.
    epoch: u32,
}

/// How to take one action back in place: the state before it, what it added to the tables of
/// positions, and the dead marks it flipped.
#[derive(Clone, Debug)]
struct Undo {
    prior: State,
    /// The board's hash after the action: the key of what it recorded.
    hash: u64,
    /// [`NEW_POSITION`] and [`NEW_SITUATION`]: what the action added to the tables.
    new: u8,
    /// How many dead marks the action flipped (a toggle, or the marks a resumption cleared):
    /// the last ones of [`Game::flips`].
    flipped: u32,
}

/// The action's position was not in [`Game::positions`] before.
const NEW_POSITION: u8 = 1;
/// The action's situation was not in [`Game::situations`] before.
const NEW_SITUATION: u8 = 2;

/// A game of Go under a ruleset: the board, whose turn it is, the phase, the history needed for
/// superko and undo, and the dead-stone marks.
///
/// Undo is in place and costs the same at move 100,000 as at move 10: each action keeps the
/// state before it and what it added to the superko tables, and a copy of the board every
/// [`SNAPSHOT_EVERY`] actions is where the board is rebuilt from (fewer than that many moves
/// replayed, without any rule check: they were legal when played).
#[derive(Clone, Debug)]
pub struct Game {
    setup: Setup,
    board: Board,
    /// Turn, phase, passes, moves and the rest of what undo puts back as it was.
    s: State,
    dead: Vec<bool>,
    actions: Vec<Action>,
    /// One entry per action: how to take it back.
    undo: Vec<Undo>,
    /// The board after `SNAPSHOT_EVERY * (i + 1)` actions, at index `i`.
    snapshots: Vec<Board>,
    /// Row-major indices of the dead marks the actions flipped, action after action.
    flips: Vec<u32>,
    positions: PositionTable,
    situations: PositionTable,
    /// The position a game made by [`Game::from_position`] started from (`None` for
    /// [`Game::new`]): what [`Game::undo`] replays the actions from.
    start: Option<Box<Start>>,
    /// The board before the first action, when it is not an empty board (set-up stones, fixed
    /// handicap stones, prisoners): where undo rebuilds the board from before the first copy.
    first: Option<Box<Board>>,
    /// The positions the game's set-ups ([`Action::SetUp`]) made, in order.
    setups: Vec<SetUpPosition>,
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

/// A stone of `c` at `p` on `board` as [`Game::force`] plays it; on failure (which a point on the
/// board never gives) the board is as it was.
fn forced(board: &mut Board, p: Point, c: Color) -> Result<u32, Error> {
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
        let bare = board.empty_count() == size.area()
            && board.prisoners(Color::Black) == 0
            && board.prisoners(Color::White) == 0;
        let first = (!bare).then(|| Box::new(board.clone()));
        let mut g = Game {
            dead: vec![false; size.area()],
            setup,
            board,
            s: State {
                to_move,
                phase: Phase::Playing,
                outcome: None,
                passes: 0,
                handicap_left,
                all_alive: false,
                resumed_without_stone: false,
                move_number: 0,
                last_move: None,
                repetition: None,
                epoch: 0,
            },
            // Both grow with the game (amortised): a fresh game holds a few KB, not room for a
            // long game it may never play (issue 12: pages that make many games and free none).
            actions: Vec::new(),
            undo: Vec::new(),
            snapshots: Vec::new(),
            flips: Vec::new(),
            positions: PositionTable::default(),
            situations: PositionTable::default(),
            start,
            first,
            setups: Vec::new(),
        };
        g.record_position();
        g
    }

    /// The board before the first action: the set-up position with its prisoners, the fixed
    /// handicap stones, or an empty board.
    fn initial_board(&self) -> Board {
        match &self.first {
            Some(b) => Board::clone(b),
            None => Board::new(self.setup.size),
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
        self.s.to_move
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.s.phase
    }

    /// How the game ended, once finished.
    pub fn outcome(&self) -> Option<Outcome> {
        self.s.outcome
    }

    /// Free handicap stones Black has still to place.
    pub fn handicap_left(&self) -> u32 {
        self.s.handicap_left
    }

    /// Moves played: stones and passes, not counting handicap stones.
    pub fn move_number(&self) -> u32 {
        self.s.move_number
    }

    /// Passes in a row just played (0 after a stone; 1 after one pass; play stops at 2).
    pub fn passes_in_a_row(&self) -> u32 {
        self.s.passes
    }

    /// The last stone or pass played.
    pub fn last_move(&self) -> Option<Move> {
        self.s.last_move
    }

    /// The actions taken so far, oldest first.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// Whether action `i` placed a free handicap stone (a [`Action::Place`] while Black was
    /// placing them), not a move.
    pub fn was_handicap_stone(&self, i: usize) -> bool {
        self.undo.get(i).is_some_and(|u| u.prior.handicap_left > 0)
    }

    /// The point where the side to move may not retake a basic ko, if any.
    pub fn ko_point(&self) -> Option<Point> {
        match (self.s.phase, self.board.ko()) {
            (Phase::Playing, Some((p, c))) if c == self.s.to_move => Some(p),
            _ => None,
        }
    }

    /// The latest move that repeated an earlier whole-board position, if any: under a simple-ko
    /// ruleset the players may then declare the game void (J89 Art. 12; WAGC precedent 3).
    pub fn repetition(&self) -> Option<Repetition> {
        self.s.repetition
    }

    /// Stones captured during play by each player.
    pub fn captures(&self, by: Color) -> u32 {
        self.board.prisoners(by)
    }

    /// Whether every stone counts as alive because a resumption ended at once with two passes
    /// (seed 004 5.1).
    pub fn all_alive(&self) -> bool {
        self.s.all_alive
    }

    /// Whether the stone at `p` is marked dead.
    pub fn is_dead(&self, p: Point) -> bool {
        self.setup.size.contains(p) && self.dead[self.setup.size.index(p)]
    }

    /// The dead marks, row-major.
    pub fn dead_marks(&self) -> &[bool] {
        &self.dead
    }

    /// The key of a position in the tables: its hash, salted by the number of set-ups so far
    /// (none: the hash itself), so that a set-up starts the history again.
    fn key(&self, hash: u64) -> u64 {
        match self.s.epoch {
            0 => hash,
            e => {
                // SplitMix64's finaliser of the epoch.
                let mut z = u64::from(e).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
                hash ^ z ^ (z >> 31)
            }
        }
    }

    fn situation(hash: u64, to_move: Color) -> u64 {
        match to_move {
            Color::Black => hash,
            Color::White => hash ^ WHITE_TO_MOVE,
        }
    }

    /// Records the position on the board (and, under situational superko, the situation) in
    /// the tables; returns what was new there ([`NEW_POSITION`], [`NEW_SITUATION`]).
    fn record_position(&mut self) -> u8 {
        let h = self.key(self.board.hash());
        let mut new = self.record_situation();
        match self.positions.insert(h, self.s.move_number) {
            Some(first) => {
                self.s.repetition = Some(Repetition {
                    move_number: self.s.move_number,
                    first_seen: first,
                })
            }
            None => new |= NEW_POSITION,
        }
        new
    }

    /// Under situational superko, records the board with the side to move; returns
    /// [`NEW_SITUATION`] when it was not recorded before.
    fn record_situation(&mut self) -> u8 {
        if self.setup.rules.ko != KoRule::Situational {
            return 0;
        }
        let key = Game::situation(self.key(self.board.hash()), self.s.to_move);
        match self.situations.insert(key, 0) {
            Some(_) => 0,
            None => NEW_SITUATION,
        }
    }

    /// Appends a taken action to the history with how to undo it, and a copy of the board
    /// every [`SNAPSHOT_EVERY`] actions.
    fn commit(&mut self, action: Action, prior: State, new: u8, flipped: u32) {
        self.actions.push(action);
        self.undo.push(Undo {
            prior,
            hash: self.board.hash(),
            new,
            flipped,
        });
        if self.actions.len() % SNAPSHOT_EVERY == 0 {
            self.snapshots.push(self.board.clone());
        }
    }

    fn expect_playing(&self) -> Result<(), Error> {
        match self.s.phase {
            Phase::Playing => Ok(()),
            _ => Err(Error::NotPlaying),
        }
    }

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
    fn stone_played(&mut self, p: Point) {
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
    /// plus fewer than [`SNAPSHOT_EVERY`] board moves, however long the game.
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
    fn rebuild_board(&mut self) {
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
