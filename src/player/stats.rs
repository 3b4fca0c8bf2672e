//! The statistics of a search's root moves, apart from the tree: what several searches of the
//! same position (threads, the page's workers) merge before one decision.

use super::search::Search;
use crate::point::Point;

/// One root move as the searches saw it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RootMove {
    /// The move: a point, or `None` for the pass.
    pub point: Option<Point>,
    /// Real simulations through it.
    pub visits: u32,
    /// Their wins for the player to move (a tie counts half, or nothing under `tie: white` for
    /// Black).
    pub wins: f32,
    /// The sum of their final margins, in points, komi included, for the player to move.
    pub margin_sum: f64,
    /// The prior's virtual visits and wins, with the real ones (as the tree ranks the move on
    /// equal visits): merging adds only the other searches' real results to them.
    pub(super) n: f32,
    pub(super) w: f32,
}

impl RootMove {
    /// The win rate of the real simulations, 0.5 before any.
    pub fn win_rate(&self) -> f32 {
        if self.visits == 0 {
            0.5
        } else {
            self.wins / self.visits as f32
        }
    }

    /// The mean final margin in points for the player to move, `None` before any simulation.
    pub fn mean_margin(&self) -> Option<f64> {
        (self.visits > 0).then(|| self.margin_sum / f64::from(self.visits))
    }
}

/// The root moves of one search or of several merged, in the first search's order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RootStats {
    /// Every root move (the moves the game's rules allow, and the pass).
    pub moves: Vec<RootMove>,
    /// The seed of the count the decision makes (the estimate of the position as it stands):
    /// the first search's random state after its simulations, as a lone search has always
    /// drawn it.
    pub(super) count_seed: u64,
}

impl RootStats {
    /// The root moves of `search`.
    pub(super) fn of(search: &Search) -> RootStats {
        let moves = search
            .root_children()
            .iter()
            .map(|ch| RootMove {
                point: (ch.mv != 0).then(|| search.playout.point_of(usize::from(ch.mv))),
                visits: ch.visits,
                wins: ch.won,
                margin_sum: f64::from(ch.margin) / 2.0,
                n: ch.n,
                w: ch.w,
            })
            .collect();
        RootStats {
            moves,
            count_seed: u64::from(search.rng.clone().next_u32()),
        }
    }

    /// Adds `other`'s results (a search of the same position) move by move: visits, wins and
    /// margins are summed; a move `other` has and these statistics lack is left out (the root's
    /// moves are the ones the rules allow here).
    pub fn merge(&mut self, other: &RootStats) {
        for o in &other.moves {
            self.add(o.point, o.visits, o.wins, o.margin_sum);
        }
    }

    /// Adds real results to the move `point` (`None`: the pass), if it is one of these moves.
    /// Returns whether it was.
    pub fn add(&mut self, point: Option<Point>, visits: u32, wins: f32, margin_sum: f64) -> bool {
        let Some(m) = self.moves.iter_mut().find(|m| m.point == point) else {
            return false;
        };
        m.visits = m.visits.saturating_add(visits);
        m.wins += wins;
        m.margin_sum += margin_sum;
        m.n += visits as f32;
        m.w += wins;
        true
    }

    /// The simulations behind these statistics (the sum of the moves' visits).
    pub fn playouts(&self) -> u32 {
        self.moves
            .iter()
            .fold(0u32, |s, m| s.saturating_add(m.visits))
    }

    /// Whether a stone may be played (the pass is not the only move).
    pub fn has_stone(&self) -> bool {
        self.moves.iter().any(|m| m.point.is_some())
    }

    /// The moves, most visited first (on equal visits, the higher value with the priors, as
    /// the tree ranks them; then in the search's order).
    pub fn ranked(&self) -> Vec<RootMove> {
        let mut moves = self.moves.clone();
        moves.sort_by(|a, b| {
            b.visits
                .cmp(&a.visits)
                .then((b.w / b.n).total_cmp(&(a.w / a.n)))
        });
        moves
    }
}
