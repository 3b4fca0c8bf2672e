//! Whether a pass keeps the game: the check behind every pass the player makes before its
//! opponent has passed.
//!
//! The settled test ([`super::settled`]) reads the position through the count's analysis and
//! the estimator's playouts, and both can miss a cut or a connection that a stone would make:
//! in match games against GNU Go the player passed on boards both called closed, and GNU Go's
//! next stone (a cut, a peep into a moyo, a connection of stones that looked dead) won the
//! game. So a pass is read the way a move is, by the search:
//!
//! 0. **The search's doubt**: a count that wins by [`CLEAR_LEAD`] points or more while the
//!    player's best move wins under [`DOUBT`] of the simulations is not a finished game: the
//!    playouts keep finding a way to lose the lead (in a 9x9 match game under Chinese rules,
//!    a count of W+12 at 59%: a race of White's chain of two liberties, which GNU Go's next
//!    stone turned into a draw).
//! 1. **The opponent's candidate answers**: the player's own [`OWN`] most visited stones (the
//!    vital point of one side is often the other's), then the most visited stones of a search
//!    from the position after the pass, the opponent to move, up to [`ANSWERS`]. In that
//!    search a simulation counts as the opponent's when it ends better for the opponent than
//!    the player's best move did in the player's own search (the mean final margin of its
//!    simulations, [`RootMove::mean_margin`]), so its tree spends its visits on the stones that
//!    gain even where the game's result no longer depends on them.
//! 2. **The player's reply** to each answer: a search as for any move, at the game's komi.
//! 3. The pass holds unless, after some answer, that reply's win rate is more than
//!    [`RATE_LOSS`] below the win rate of the player's best move now.
//!
//! The threshold is a win rate, not a count of points, because the playouts misjudge wide
//! closed areas by points but not by much in win rate: an invader in a 4 by 9 territory makes
//! the owner's playout margin 8 to 11 points worse a tempo behind, and its reply's win rate
//! 0.05 to 0.15 lower, where the answers GNU Go found in the match games cost the player 0.55
//! to 0.85.
//!
//! The opponent's pass is never an answer: two passes end the game on the count the player
//! already accepts. The check runs only when the player is about to pass first: up to
//! `1 + ANSWERS` searches of the move's playouts each, or with a time budget, of a sixth of its
//! time each.

use super::search::{Clock, GenmoveOptions, Search};
use super::stats::{RootMove, RootStats};
use crate::color::Color;
use crate::game::{Game, Phase};
use crate::point::Point;

/// The drop of the win rate, from the player's best move now to its best reply after the pass
/// and an answer, from which the pass loses.
pub const RATE_LOSS: f32 = 0.25;

/// A lead of the count, in points, that the search should confirm: with it, a best move
/// winning under [`DOUBT`] of the simulations means the playouts find a way to lose it.
pub const CLEAR_LEAD: i32 = 3;

/// See [`CLEAR_LEAD`].
pub const DOUBT: f32 = 0.7;

/// The opponent's answers tried at most.
pub const ANSWERS: usize = 5;

/// Of those, the player's own most visited stones.
pub const OWN: usize = 2;

/// Apart seeds for the check's searches.
const SEED_STEP: u64 = 0x9e37_79b9_7f4a_7c15;

/// Whether passing in `game`, whose count gives the player to move a lead of `lead_halves`
/// half points, keeps the win rate of the best move `best` of the player's finished search
/// (whose root moves, most visited first, are `ranked`) after each of the opponent's likely
/// answers (see the module documentation). The check's searches have the budget of `options`.
pub(super) fn pass_holds(
    ranked: &[RootMove],
    game: &Game,
    best: &RootMove,
    lead_halves: i32,
    options: &GenmoveOptions,
    clock: Clock,
) -> bool {
    // 0. The search doubts a count that wins clearly.
    if lead_halves >= 2 * CLEAR_LEAD && best.win_rate() < DOUBT {
        return false;
    }
    let Some(mine) = best.mean_margin() else {
        return true;
    };
    let mut after = game.clone();
    if after.pass().is_err() || after.phase() != Phase::Playing {
        return true;
    }
    // 1. The opponent's candidate answers.
    let seeded = |k: u64| GenmoveOptions {
        seed: options.seed.wrapping_add(SEED_STEP.wrapping_mul(k)),
        ..check_budget(options)
    };
    let reply_options = seeded(1);
    let mut reply = Search::new(&after, &reply_options);
    // A simulation is Black's when it ends better for Black than the best move's mean.
    let mine_for_black = match game.to_move() {
        Color::Black => mine,
        Color::White => -mine,
    };
    reply.threshold_halves = (2.0 * mine_for_black).round() as i32;
    if reply.expand_root(&after) > 0 {
        reply.run(&reply_options, clock);
    }
    let stones =
        |ranked: &[RootMove]| -> Vec<Point> { ranked.iter().filter_map(|m| m.point).collect() };
    let mut answers: Vec<Point> = Vec::with_capacity(ANSWERS);
    let own = stones(ranked).into_iter().take(OWN);
    for at in own.chain(stones(&RootStats::of(&reply).ranked())) {
        if answers.len() >= ANSWERS {
            break;
        }
        if !answers.contains(&at) {
            answers.push(at);
        }
    }
    // 2. and 3.: the player's reply to each.
    let now = best.win_rate();
    for (k, &at) in answers.iter().enumerate() {
        let mut line = after.clone();
        if line.place(at).is_err() || line.phase() != Phase::Playing {
            continue;
        }
        let back_options = seeded(2 + k as u64);
        let mut back = Search::new(&line, &back_options);
        if back.expand_root(&line) == 0 {
            continue;
        }
        back.run(&back_options, clock);
        let rate = RootStats::of(&back).ranked()[0].win_rate();
        if now - rate > RATE_LOSS {
            return false;
        }
    }
    true
}

/// The budget of each of the check's searches: the move's playouts, and with a time budget a
/// share of its time such that all of them together take about as long as the move's own
/// search (a page level of 3 seconds a move thinks about 6 seconds, not 18, before it passes).
fn check_budget(options: &GenmoveOptions) -> GenmoveOptions {
    let searches = ANSWERS as u32 + 1;
    GenmoveOptions {
        time_ms: match options.time_ms {
            0 => 0,
            t => (t / searches).max(1),
        },
        ..*options
    }
}
