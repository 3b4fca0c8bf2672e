//! The analysis of a position ([`analyze`]): the search of [`super::genmove`] run on the current
//! position in any phase, read as a reviewer reads it (the win rate and score lead of all the
//! root's simulations, the most visited stone moves with their lines, the ownership of the points) instead of
//! as a decision to play.

use super::search::{Clock, GenmoveOptions, Node, Search, MAX_PLAYOUTS, MAX_TIME_MS};
use crate::error::Error;
use crate::estimate::EstimateOptions;
use crate::game::Game;
use crate::point::{Point, Size};

/// The most candidates an analysis lists.
pub const MAX_CANDIDATES: usize = 10;
/// The most moves of a candidate's principal variation.
pub const MAX_PV: usize = 10;

/// How [`analyze`] searches: a budget in playouts, in time or both (the first reached stops
/// it), and a seed. With neither, [`default_playouts`] for the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnalyzeOptions {
    /// Playouts to run at most (0: no limit by count).
    pub playouts: u32,
    /// Milliseconds to search at most (0: no limit by time).
    pub time_ms: u32,
    /// The seed: with a budget in playouts, the same seed gives the same analysis.
    pub seed: u64,
}

impl Default for AnalyzeOptions {
    fn default() -> AnalyzeOptions {
        AnalyzeOptions {
            playouts: 0,
            time_ms: 0,
            seed: 1,
        }
    }
}

impl AnalyzeOptions {
    /// Options checked as [`GenmoveOptions::new`] checks them (the same ranges and messages:
    /// `invalidOptions`).
    pub fn new(playouts: u32, time_ms: u32, seed: u64) -> Result<AnalyzeOptions, Error> {
        GenmoveOptions::new(playouts, time_ms, seed).map(|o| AnalyzeOptions {
            playouts: o.playouts,
            time_ms: o.time_ms,
            seed: o.seed,
        })
    }
}

/// The playouts of an analysis whose options give no budget, by board size: 4,000 up to 9x9,
/// 2,000 up to 13x13, 1,000 above, so that a review of a whole game takes about as long on
/// every board (a 200-move 19x19 record about a minute in one worker: README, "The JS API").
pub fn default_playouts(size: Size) -> u32 {
    match size.area() {
        0..=81 => 4_000,
        82..=169 => 2_000,
        _ => 1_000,
    }
}

/// A stone move of the analysis.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalyzedMove {
    /// The point played.
    pub point: Point,
    /// Simulations through it.
    pub visits: u32,
    /// Its win rate for the player to move, in [0, 1].
    pub win_rate: f32,
    /// The median final margin of its simulations in points, for the player to move (komi
    /// and the game's scoring included).
    pub score_lead: f32,
    /// The principal variation from it, the move itself first: the most visited move at each
    /// node below, up to [`MAX_PV`] moves, ending before a pass or a move the game's rules
    /// forbid.
    pub pv: Vec<Point>,
}

/// What [`analyze`] found, for the player to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The win rate of all the root's simulations (every move searched, the pass included), in
    /// [0, 1].
    pub win_rate: f32,
    /// The median final margin of all the root's simulations in points (under the game's rules
    /// and komi: by territory under territory scoring).
    pub score_lead: f32,
    /// Per point, row-major: Black's share less White's, in [-1, 1] (the estimator's).
    pub ownership: Vec<f32>,
    /// The stone moves searched, most visited first, at most [`MAX_CANDIDATES`] (the pass is
    /// none: its figures are in `win_rate` and `score_lead` when it is the best move).
    pub candidates: Vec<AnalyzedMove>,
    /// The playouts run.
    pub playouts: u32,
}

/// Analyses the current position of `game` for the player to move, in any phase (a stopped or
/// finished game is read as if play went on from its position: `Game::playing_copy`),
/// without changing it. `clock` is read only for a time budget. Deterministic for a seed and a
/// budget in playouts.
pub fn analyze(game: &Game, options: &AnalyzeOptions, clock: Clock) -> Result<Analysis, Error> {
    let o = AnalyzeOptions::new(options.playouts, options.time_ms, options.seed)?;
    let size = game.board().size();
    let playouts = if o.playouts == 0 && o.time_ms == 0 {
        default_playouts(size)
    } else {
        o.playouts
    };
    let search_options = GenmoveOptions {
        playouts: playouts.min(MAX_PLAYOUTS),
        time_ms: o.time_ms.min(MAX_TIME_MS),
        seed: o.seed,
    };
    let playing = game.playing_copy();
    let mut search = Search::new(&playing, &search_options);
    search.samples = Some(Vec::new());
    search.expand_root(&playing);
    let done = search.run(&search_options, clock);
    let ranked = search.ranked();
    let lead = |node: &Node| {
        median_margin(&search, node)
            .or_else(|| search.margin_of(node))
            .unwrap_or(0.0) as f32
    };
    let candidates = ranked
        .iter()
        .filter(|n| n.mv != 0 && n.visits > 0)
        .take(MAX_CANDIDATES)
        .map(|n| AnalyzedMove {
            point: search.playout.point_of(usize::from(n.mv)),
            visits: n.visits,
            win_rate: real_rate(n),
            score_lead: lead(n),
            pv: legal_line(&playing, &search, n.mv),
        })
        .collect();
    let estimate = game.estimate(&EstimateOptions {
        playouts: 0,
        seed: o.seed,
    });
    // The position's figures are those of all the root's simulations, not the best move's: the
    // most visited of a few hundred moves on a wide board is also the luckiest (its figures were
    // 10 to 25 points too good for the player to move at 500 playouts on 19x19, so that every
    // move of a review 'lost' 20 to 50 points); all the simulations' median lost 0.1 points a
    // move on average over a 240-move professional game.
    let (won, visits) = search
        .root_children()
        .iter()
        .fold((0.0f32, 0u32), |(w, v), n| (w + n.won, v + n.visits));
    Ok(Analysis {
        win_rate: if visits == 0 {
            0.5
        } else {
            won / visits as f32
        },
        score_lead: median_of(&search, None).unwrap_or(0.0) as f32,
        ownership: estimate.ownership,
        candidates,
        playouts: done,
    })
}

/// The win rate of the real visits of `node` (without its prior's), 0.5 before any.
fn real_rate(node: &Node) -> f32 {
    if node.visits == 0 {
        0.5
    } else {
        node.won / node.visits as f32
    }
}

/// The median final margin in points, for the player to move, of the simulations through the
/// root move `node` (of those whose margins the search kept); `None` before any. The median
/// rather than the mean: in a finished position the few playouts in which random play lets a
/// living group die pull the mean by tens of points (on the corpus's counted games the mean's
/// sign disagreed with the result in 11 of 131 at 2,000 playouts, mostly where the win rate
/// agreed).
fn median_margin(search: &Search, node: &Node) -> Option<f64> {
    median_of(search, Some(search.root_index(node)? as u16))
}

fn median_of(search: &Search, k: Option<u16>) -> Option<f64> {
    let samples = search.samples.as_ref()?;
    let mine = || {
        samples
            .iter()
            .filter(move |s| k.map_or(true, |k| s.0 == k))
            .map(|s| i32::from(s.1))
    };
    let (lo, hi) = mine().fold((i32::MAX, i32::MIN), |(l, h), m| (l.min(m), h.max(m)));
    if lo > hi {
        return None;
    }
    // By counting, not sorting: the margins are whole half points within the board's reach
    // (and a sort would add its code to the package).
    let mut counts = vec![0u32; (hi - lo + 1) as usize];
    for m in mine() {
        counts[(m - lo) as usize] += 1;
    }
    let n: u32 = counts.iter().sum();
    // The margins of ranks n / 2 and (n - 1) / 2 from the lowest (the same when n is odd).
    let at = |rank: u32| {
        let mut seen = 0;
        for (i, &c) in counts.iter().enumerate() {
            seen += c;
            if seen > rank {
                return lo + i as i32;
            }
        }
        hi
    };
    let halves = f64::from(at((n - 1) / 2) + at(n / 2)) / 2.0;
    Some(halves / 2.0)
}

/// The principal variation from the root move `mv` as points, cut before a pass or the first
/// move the game's rules refuse (below the root the tree knows the basic ko, not superko).
fn legal_line(playing: &Game, search: &Search, mv: u16) -> Vec<Point> {
    let mut game = playing.clone();
    let mut line = Vec::new();
    for m in search.line_from(mv, MAX_PV) {
        if m == 0 {
            break;
        }
        let p = search.playout.point_of(usize::from(m));
        if game.place(p).is_err() {
            break;
        }
        line.push(p);
    }
    line
}
