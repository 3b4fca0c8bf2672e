//! The decision from the root's statistics (see the module documentation of [`super`], 5):
//! the pass, the count if play stopped, the check of a pass, resignation, the candidates.

use super::pass_check;
use super::search::{Clock, GenmoveOptions};
use super::settled;
use super::stats::{RootMove, RootStats};
use super::{Candidate, Decision, Thought, RESIGN_BELOW, RESIGN_MIN_PLAYOUTS};
use crate::color::Color;
use crate::error::Error;
use crate::estimate::EstimateOptions;
use crate::game::{Game, Phase};
use crate::handicap;
use crate::rules::{DeadStones, Scoring};

/// The player's answer for `game` from the statistics of its root moves (one search's, or
/// several merged): the decision logic of the module documentation, 5, with the check of a pass
/// searching within the budget and seed of `options`. `clock` is read only for a time budget.
/// Errors: [`Error::NotPlaying`] when play has stopped or the game is over,
/// [`Error::InvalidOptions`] when `stats` holds no move (no search of this position).
pub fn decide(
    game: &Game,
    stats: &RootStats,
    options: &GenmoveOptions,
    clock: Clock,
) -> Result<Thought, Error> {
    if game.phase() != Phase::Playing {
        return Err(Error::NotPlaying);
    }
    if game.handicap_left() > 0 {
        return Ok(handicap_stone(game));
    }
    let ranked = stats.ranked();
    if ranked.is_empty() {
        return Err(Error::InvalidOptions(
            "no statistics to decide from: search this position first",
        ));
    }
    let playouts = stats.playouts();
    if !stats.has_stone() {
        return Ok(answer(&ranked, Decision::Pass, "only move", playouts));
    }
    let reply = |decision, reason| Ok(answer(&ranked, decision, reason, playouts));
    let best = ranked[0];
    let rate = best.win_rate();
    let me = game.to_move();
    let opponent_passed = game.passes_in_a_row() > 0;
    let board = game.board();
    let area = board.size().area() as u32;
    let stones = board.stone_count(Color::Black) + board.stone_count(Color::White);
    let stop = count_if_stopped(game, me, stats.count_seed);
    let wins = stop.wins;
    // Under area counting a fight left open (a chain the playouts do not decide, or one the
    // analysis proves capturable) is played out: a stone costs nothing there, and a race
    // whose first move captures is no count to end on.
    let fight = game.rules().scoring == Scoring::Area && stop.open_fight;
    let as_it_stands = stop.wins_as_it_stands && !fight;
    if opponent_passed && wins && (stop.settled || as_it_stands) {
        return reply(Decision::Pass, "opponent passed and the count wins");
    }
    // A pass before the opponent's is checked by reading the opponent's answers to it: a
    // position the analysis and the playouts call settled can still hold a cut or an
    // invasion that neither sees (in match games the player passed ahead by 2.5 points
    // and lost by 20 and more).
    let lead_halves = i32::from(me.sign()) * stop.margin_halves;
    let holds =
        |clock: Clock| pass_check::pass_holds(&ranked, game, &best, lead_halves, options, clock);
    // The best stone, where the search's best move is the pass.
    let stone = ranked.iter().find(|m| m.point.is_some()).copied();
    if stop.settled && wins {
        if holds(clock) {
            return reply(Decision::Pass, "settled and the count wins");
        }
        let play = if best.point.is_none() {
            stone.unwrap_or(best)
        } else {
            best
        };
        return reply(play_of(&play), "settled, but the pass loses points");
    }
    if rate < RESIGN_BELOW && playouts >= RESIGN_MIN_PLAYOUTS && stones >= area / 4 && !wins {
        return reply(Decision::Resign, "lost");
    }
    if best.point.is_none() {
        // The search's pass is played only where the game is over, the opponent has passed,
        // or both the count and the board as it stands win; otherwise its best stone is
        // played, since a pass in an unsettled position hands the opponent the last points
        // (in a 9x9 match game the search preferred the pass at a 21% win rate with a point
        // still open, because the board as it stands won).
        let may_pass = (opponent_passed && !fight)
            || ((stop.settled || (as_it_stands && wins)) && holds(clock));
        if may_pass {
            return reply(Decision::Pass, "search");
        }
        if let Some(stone) = stone {
            return reply(play_of(&stone), "search, the game not over");
        }
        return reply(Decision::Pass, "search");
    }
    reply(play_of(&best), "search")
}

/// A thought with `decision`, the candidates of the root moves `ranked` (most visited first)
/// and `playouts`.
fn answer(ranked: &[RootMove], decision: Decision, reason: &'static str, playouts: u32) -> Thought {
    let candidates: Vec<Candidate> = ranked
        .iter()
        .take(8)
        .map(|m| Candidate {
            point: m.point,
            visits: m.visits,
            win_rate: m.win_rate(),
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

/// The decision of playing the root move `m`.
fn play_of(m: &RootMove) -> Decision {
    m.point.map_or(Decision::Pass, Decision::Play)
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
fn count_if_stopped(game: &Game, me: Color, seed: u64) -> Stop {
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
