//! The [`Game`] itself: what it holds (the board, the scalar state undo puts back, the tables of
//! positions for superko, the history of actions), how one starts, what it tells, and the keys
//! and records of positions and situations every action goes through.

use super::action::{Action, Move, Outcome, Phase, Repetition, SetUpPosition, Setup};
use crate::board::Board;
use crate::color::Color;
use crate::error::Error;
use crate::handicap;
use crate::history::PositionTable;
use crate::point::Point;
use crate::rules::{HandicapPlacement, KoRule, Rules};

/// Key mixed into a position's hash when White is to move (situational superko).
const WHITE_TO_MOVE: u64 = 0x5bd1_e995_c3a5_c85c;

/// Actions between two copies of the board kept for undo: undoing goes back to the copy at or
/// before the action count wanted and replays fewer than this many board moves.
pub(super) const SNAPSHOT_EVERY: usize = 64;

/// What an action changes besides the board and the tables: everything [`Game::undo`] puts back
/// as it was (the scalar part of a game).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct State {
    pub(super) to_move: Color,
    pub(super) phase: Phase,
    pub(super) outcome: Option<Outcome>,
    pub(super) passes: u32,
    pub(super) handicap_left: u32,
    pub(super) all_alive: bool,
    pub(super) resumed_without_stone: bool,
    pub(super) move_number: u32,
    pub(super) last_move: Option<Move>,
    pub(super) repetition: Option<Repetition>,
    /// How many set-ups the game has had ([`Game::set_up`]): the positions recorded before the
    /// last one are keyed apart from those after it, so the history starts again there.
    pub(super) epoch: u32,
}

/// How to take one action back in place: the state before it, what it added to the tables of
/// positions, and the dead marks it flipped.
#[derive(Clone, Debug)]
pub(super) struct Undo {
    pub(super) prior: State,
    /// The board's hash after the action: the key of what it recorded.
    pub(super) hash: u64,
    /// [`NEW_POSITION`] and [`NEW_SITUATION`]: what the action added to the tables.
    pub(super) new: u8,
    /// How many dead marks the action flipped (a toggle, or the marks a resumption cleared):
    /// the last ones of [`Game::flips`].
    pub(super) flipped: u32,
}

/// The action's position was not in [`Game::positions`] before.
pub(super) const NEW_POSITION: u8 = 1;
/// The action's situation was not in [`Game::situations`] before.
pub(super) const NEW_SITUATION: u8 = 2;

/// A game of Go under a ruleset: the board, whose turn it is, the phase, the history needed for
/// superko and undo, and the dead-stone marks.
///
/// Undo is in place and costs the same at move 100,000 as at move 10: each action keeps the
/// state before it and what it added to the superko tables, and a copy of the board every
/// `SNAPSHOT_EVERY` actions is where the board is rebuilt from (fewer than that many moves
/// replayed, without any rule check: they were legal when played).
#[derive(Clone, Debug)]
pub struct Game {
    pub(super) setup: Setup,
    pub(super) board: Board,
    /// Turn, phase, passes, moves and the rest of what undo puts back as it was.
    pub(super) s: State,
    pub(super) dead: Vec<bool>,
    pub(super) actions: Vec<Action>,
    /// One entry per action: how to take it back.
    pub(super) undo: Vec<Undo>,
    /// The board after `SNAPSHOT_EVERY * (i + 1)` actions, at index `i`.
    pub(super) snapshots: Vec<Board>,
    /// Row-major indices of the dead marks the actions flipped, action after action.
    pub(super) flips: Vec<u32>,
    pub(super) positions: PositionTable,
    pub(super) situations: PositionTable,
    /// The position a game made by [`Game::from_position`] started from (`None` for
    /// [`Game::new`]): what [`Game::undo`] replays the actions from.
    pub(super) start: Option<Box<Start>>,
    /// The board before the first action, when it is not an empty board (set-up stones, fixed
    /// handicap stones, prisoners): where undo rebuilds the board from before the first copy.
    pub(super) first: Option<Box<Board>>,
    /// The positions the game's set-ups ([`Action::SetUp`]) made, in order.
    pub(super) setups: Vec<SetUpPosition>,
}

/// The set-up position of a game made by [`Game::from_position`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Start {
    pub(super) stones: Vec<(Point, Color)>,
    pub(super) to_move: Color,
    pub(super) captures: [u32; 2],
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
    pub(super) fn started(
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
            // long game it may never play (a page may make many games and free none).
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
    pub(super) fn initial_board(&self) -> Board {
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
    pub(super) fn key(&self, hash: u64) -> u64 {
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

    pub(super) fn situation(hash: u64, to_move: Color) -> u64 {
        match to_move {
            Color::Black => hash,
            Color::White => hash ^ WHITE_TO_MOVE,
        }
    }

    /// Records the position on the board (and, under situational superko, the situation) in
    /// the tables; returns what was new there ([`NEW_POSITION`], [`NEW_SITUATION`]).
    pub(super) fn record_position(&mut self) -> u8 {
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
    pub(super) fn record_situation(&mut self) -> u8 {
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
    pub(super) fn commit(&mut self, action: Action, prior: State, new: u8, flipped: u32) {
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

    pub(super) fn expect_playing(&self) -> Result<(), Error> {
        match self.s.phase {
            Phase::Playing => Ok(()),
            _ => Err(Error::NotPlaying),
        }
    }
}
