//! The computer player: Monte Carlo tree search over the engine's own boards.
//!
//! [`genmove`] chooses a move for the side to move of a [`Game`] without playing it:
//! 1. **The root's moves** are the moves the game's rules allow ([`Game::legality`]: occupied
//!    points, suicide, the basic ko and superko of the preset), without filling the player's own
//!    true eyes, and the pass.
//! 2. **The tree** (UCT with RAVE, Gelly and Silver 2007): each simulation descends from the
//!    root choosing, at every node, the move of highest value `(1 - β) Q + β AMAF + C √(ln N / n)`
//!    where `Q` is the move's win rate, `AMAF` its win rate over every simulation in which the
//!    player played that point later ("all moves as first") and `β = m / (m + n + m n / K)` gives
//!    way from the second to the first as real visits `n` grow (`m` AMAF visits, `K` =
//!    [`RAVE_EQUIVALENCE`]). A node's moves are made once it has `search::expand_at` visits. Below the
//!    root the tree knows the basic ko but not superko: the moves chosen at the root are legal
//!    under every rule of the preset, the lines read behind them approximately so.
//! 3. **Priors**: a new move starts with virtual results from Go knowledge (captures, escapes
//!    from atari, good shape, self-atari, the first line in an empty area, the pass) that real
//!    results soon outweigh (`prior::prior`).
//! 4. **Playouts** ([`crate::playout`]) finish the game from the leaf: escapes and
//!    captures first, then good shape next to the last move ([`crate::playout::shape`]), then a
//!    random move, never filling an own eye nor putting three or more stones in atari, until both
//!    pass. The final board is counted by area with the preset's komi (and handicap compensation
//!    under area scoring) and the result is a win, a loss or, on an integer komi, a tie (the
//!    preset's [`crate::rules::Tie`] rule says whose). Under territory scoring the margin is the territory
//!    margin: once the playouts have taken every dead stone off, a player's area less the
//!    stones it has played (on the board or taken) is its territory less the prisoners it
//!    lost, so the area margin less the difference in stones played before the root and in
//!    the tree is the margin of J89 Art. 10 (a dame filled changes neither; the playout's own
//!    stones are left out, since random play ends by filling each side's own area where a real
//!    game ends with passes; a seki's eyes still count, a small error). Two passes in the tree end a line at once: the board is
//!    counted as it stands.
//! 5. **The answer**: the root move with the most visits, or the pass when the game is over
//!    for the player: when the position is settled ([`settled`]: no dame, every chain decided
//!    by the count's own analysis and the playouts, dead stones only in closed areas, no side
//!    wholly dead), the count of the position under the preset's own scoring, with the
//!    estimator's dead stones ([`crate::estimate`]), is a win, and the pass survives the
//!    opponent's likely answers as read by the search (`pass_check`: otherwise the player
//!    plays its best stone); or when the opponent has just
//!    passed, that count wins, and either the position is settled or the count of the board as
//!    it stands (no stone dead) wins too, except under area counting while a fight is open (a
//!    chain the playouts do not decide, or a mark the analysis contradicts: a race whose first
//!    move captures is played out, at no cost under area counting). The game then ends with a count the preset agrees
//!    with, never one that rests on the estimator calling unsettled stones dead. When the
//!    search's most visited move is the pass, the player passes only if the opponent has just
//!    passed, or the position is settled or both that count and the board as it stands win,
//!    and the pass survives the opponent's answers; otherwise it plays
//!    its best stone (a pass in an unfinished game hands the opponent the last points). It resigns only when its
//!    best move wins under [`RESIGN_BELOW`] of the simulations, after at least
//!    [`RESIGN_MIN_PLAYOUTS`], past the opening (stones on a quarter of the points), and when
//!    that count also says it loses.
//!
//! The search is deterministic for a seed when its budget is a number of playouts; a time budget
//! stops it by the clock given.
//!
//! [`analyze`] runs the same search on a position in any phase and reads it as a review: the
//! best move's win rate and median final margin, the most visited stone moves with their
//! principal variations, and the estimator's ownership (`analyze.rs`).

mod analyze;
mod pass_check;
mod prior;
mod search;
pub mod settled;

pub use analyze::{
    analyze, default_playouts, Analysis, AnalyzeOptions, AnalyzedMove, MAX_CANDIDATES, MAX_PV,
};
pub use search::{
    Clock, GenmoveOptions, DEFAULT_PLAYOUTS, EXPLORATION, MAX_NODES, MAX_PLAYOUTS, MAX_TIME_MS,
    RAVE_EQUIVALENCE,
};
use search::{Node, Search};

use crate::color::Color;
use crate::error::Error;
use crate::estimate::EstimateOptions;
use crate::game::{Game, Phase};
use crate::handicap;
use crate::playout::Rng;
use crate::point::Point;
use crate::rules::{DeadStones, Scoring};

/// The win rate below which the player resigns (see the module documentation).
pub const RESIGN_BELOW: f32 = 0.08;
/// The fewest playouts of a search whose result may lead to resignation: below 8% of 100
/// simulations is already a clear loss, which the count must confirm besides. (With 1,000, the
/// page's Beginner level, 300 playouts a move, never resigned and played on until GNU Go had
/// captured all its stones.)
pub const RESIGN_MIN_PLAYOUTS: u32 = 100;

/// What the player decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// A stone on this point.
    Play(Point),
    /// A pass.
    Pass,
    /// Resignation.
    Resign,
}

/// A root move as the search saw it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Candidate {
    /// The move: a point, or `None` for the pass.
    pub point: Option<Point>,
    /// Simulations through it.
    pub visits: u32,
    /// Its win rate for the player to move, in [0, 1].
    pub win_rate: f32,
}

/// The player's answer: the decision, and what the search saw.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought {
    /// The move chosen.
    pub decision: Decision,
    /// Why, in a few words: `search`, `only move`, `opponent passed and the count wins`,
    /// `settled and the count wins`, `settled, but the pass loses points` (the opponent's answer
    /// to a pass would cost the player: its best stone), `search, the game not over` (the
    /// search preferred the pass in
    /// a position that is not over: its best stone), `lost`, `handicap`.
    pub reason: &'static str,
    /// The playouts run.
    pub playouts: u32,
    /// The win rate of the move the search preferred, for the player to move.
    pub win_rate: f32,
    /// The root moves with the most visits, best first (at most 8).
    pub candidates: Vec<Candidate>,
}

/// The system's clock, natively (the wasm facade gives the host's).
#[cfg(not(target_arch = "wasm32"))]
pub fn system_clock() -> impl FnMut() -> f64 {
    let start = std::time::Instant::now();
    move || start.elapsed().as_secs_f64() * 1000.0
}

/// Chooses a move for the side to move of `game` (see the module documentation) without
/// playing it. `clock` is read only for a time budget. Errors: [`Error::NotPlaying`] when play
/// has stopped or the game is over.
pub fn genmove(game: &Game, options: &GenmoveOptions, clock: Clock) -> Result<Thought, Error> {
    if game.phase() != Phase::Playing {
        return Err(Error::NotPlaying);
    }
    if game.handicap_left() > 0 {
        return Ok(handicap_stone(game));
    }
    let mut search = Search::new(game, options);
    let root_moves = search.expand_root(game);
    if root_moves == 0 {
        return Ok(search.answer(Decision::Pass, "only move", 0));
    }
    let done = search.run(options, clock);
    Ok(search.decide(game, done, options, clock))
}

/// The next free handicap stone: the first empty star point in WAGC rule 4's order, else the
/// first empty point nearest the centre.
fn handicap_stone(game: &Game) -> Thought {
    let board = game.board();
    let size = board.size();
    let star = handicap::star_points(size)
        .into_iter()
        .flatten()
        .find(|&p| board.get(p).is_none() && game.legality(p).is_ok());
    let centre = (size.width() as i32 - 1, size.height() as i32 - 1);
    let near = || {
        board
            .empty_points()
            .filter(|&p| game.legality(p).is_ok())
            .min_by_key(|p| (2 * p.x as i32 - centre.0).abs() + (2 * p.y as i32 - centre.1).abs())
    };
    let decision = star.or_else(near).map_or(Decision::Pass, Decision::Play);
    Thought {
        decision,
        reason: "handicap",
        playouts: 0,
        win_rate: 0.5,
        candidates: Vec::new(),
    }
}

impl Search {
    /// A thought with `decision`, the search's candidates and `playouts`.
    fn answer(&self, decision: Decision, reason: &'static str, playouts: u32) -> Thought {
        let ranked = self.ranked();
        let candidates: Vec<Candidate> = ranked
            .iter()
            .take(8)
            .map(|ch| Candidate {
                point: (ch.mv != 0).then(|| self.playout.point_of(usize::from(ch.mv))),
                visits: ch.visits,
                win_rate: ch.real_rate(),
            })
            .collect();
        Thought {
            decision,
            reason,
            playouts,
            win_rate: candidates.first().map_or(0.5, |c| c.win_rate),
            candidates,
        }
    }

    /// The answer after the search (see the module documentation, 5).
    fn decide(
        &self,
        game: &Game,
        playouts: u32,
        options: &GenmoveOptions,
        clock: Clock,
    ) -> Thought {
        let ranked = self.ranked();
        let best = ranked[0];
        let rate = best.real_rate();
        let me = game.to_move();
        let opponent_passed = game.passes_in_a_row() > 0;
        let board = game.board();
        let area = board.size().area() as u32;
        let stones = board.stone_count(Color::Black) + board.stone_count(Color::White);
        let stop = count_if_stopped(game, me, self.rng.clone());
        let wins = stop.wins;
        // Under area counting a fight left open (a chain the playouts do not decide, or one the
        // analysis proves capturable) is played out: a stone costs nothing there, and a race
        // whose first move captures is no count to end on.
        let fight = game.rules().scoring == Scoring::Area && stop.open_fight;
        let as_it_stands = stop.wins_as_it_stands && !fight;
        if opponent_passed && wins && (stop.settled || as_it_stands) {
            return self.answer(
                Decision::Pass,
                "opponent passed and the count wins",
                playouts,
            );
        }
        // A pass before the opponent's is checked by reading the opponent's answers to it: a
        // position the analysis and the playouts call settled can still hold a cut or an
        // invasion that neither sees (in match games the player passed ahead by 2.5 points
        // and lost by 20 and more).
        let lead_halves = i32::from(me.sign()) * stop.margin_halves;
        let holds =
            |clock: Clock| pass_check::pass_holds(self, game, &best, lead_halves, options, clock);
        // The best stone, where the search's best move is the pass.
        let stone = ranked.iter().find(|n| n.mv != 0).copied();
        if stop.settled && wins {
            if holds(clock) {
                return self.answer(Decision::Pass, "settled and the count wins", playouts);
            }
            let play = if best.mv == 0 {
                stone.unwrap_or(best)
            } else {
                best
            };
            let reason = "settled, but the pass loses points";
            return self.answer(self.play(play), reason, playouts);
        }
        if rate < RESIGN_BELOW && playouts >= RESIGN_MIN_PLAYOUTS && stones >= area / 4 && !wins {
            return self.answer(Decision::Resign, "lost", playouts);
        }
        if best.mv == 0 {
            // The search's pass is played only where the game is over, the opponent has passed,
            // or both the count and the board as it stands win; otherwise its best stone is
            // played, since a pass in an unsettled position hands the opponent the last points
            // (in a 9x9 match game the search preferred the pass at a 21% win rate with a point
            // still open, because the board as it stands won).
            let may_pass = (opponent_passed && !fight)
                || ((stop.settled || (as_it_stands && wins)) && holds(clock));
            if may_pass {
                return self.answer(Decision::Pass, "search", playouts);
            }
            if let Some(stone) = stone {
                return self.answer(self.play(stone), "search, the game not over", playouts);
            }
            return self.answer(Decision::Pass, "search", playouts);
        }
        self.answer(self.play(best), "search", playouts)
    }

    /// The decision of playing the root move `node`.
    fn play(&self, node: Node) -> Decision {
        if node.mv == 0 {
            Decision::Pass
        } else {
            Decision::Play(self.playout.point_of(usize::from(node.mv)))
        }
    }
}

/// What the count says if play stopped now.
struct Stop {
    /// `me` wins the count under the preset's scoring with the estimator's dead stones (or
    /// none, when the board counts as it stands).
    wins: bool,
    /// That count's margin in half points, Black's total less White's.
    margin_halves: i32,
    /// The position is settled with those dead stones ([`settled::settled`]).
    settled: bool,
    /// `me` wins the count of the board as it stands, with no stone dead.
    wins_as_it_stands: bool,
    /// The position is unsettled by a fight: a chain the playouts do not decide, or a mark the
    /// analysis contradicts.
    open_fight: bool,
}

/// The count of `game`'s position for `me` if play stopped now (see [`Stop`]).
fn count_if_stopped(game: &Game, me: Color, mut rng: Rng) -> Stop {
    let seed = u64::from(rng.next_u32());
    let estimate = game.estimate(&EstimateOptions { playouts: 0, seed });
    let none = vec![false; estimate.ownership.len()];
    let marks = if game.rules().dead_stones == DeadStones::AsItStands {
        none.clone()
    } else {
        estimate.dead_marks()
    };
    let score = game.score_with(&marks);
    let as_it_stands = if marks.iter().any(|&d| d) {
        game.score_with(&none).winner
    } else {
        score.winner
    };
    let settled = settled::settled(game.board(), &estimate.ownership, &marks);
    Stop {
        wins: score.winner == Some(me),
        margin_halves: score.margin_halves,
        settled: settled.is_ok(),
        wins_as_it_stands: as_it_stands == Some(me),
        open_fight: matches!(
            settled,
            Err(settled::Unsettled::Undecided(_) | settled::Unsettled::Warning(_))
        ),
    }
}
