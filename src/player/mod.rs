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
//!    from atari, good shape, self-atari, the first and second lines in an empty area, the pass,
//!    and on 13x13 and larger boards the weights of 3x3 patterns learned from strong players'
//!    games, the private `playout` module's table) that real results soon outweigh (`prior::prior`).
//! 4. **Playouts** (the private `playout` module) finish the game from the leaf: escapes and
//!    captures first, then good shape next to the last move (`playout::shape`), then a
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
//! 6. **The tree kept between moves** ([`Searcher`]): a searcher keeps its tree, and a game that
//!    continues the line its root was searched for makes the subtree of the new position the
//!    root (`reuse`: the root's moves re-checked against the rules, superko included). The
//!    answer is drawn from the root's statistics ([`RootStats`], [`decide`]), so that several
//!    searchers of one position (threads, the page's workers) merge theirs into one decision.
//!    [`genmove`] is a fresh searcher, one run and [`decide`].
//!
//! The search is deterministic for a seed when its budget is a number of playouts; a time budget
//! stops it by the clock given.
//!
//! [`analyze`] runs the same search on a position in any phase and reads it as a review: the
//! win rate and median final margin of all its simulations, the most visited stone moves with their
//! principal variations, and the estimator's ownership (`analyze.rs`).

mod analyze;
mod decide;
mod pass_check;
mod prior;
mod reuse;
mod search;
mod searcher;
pub mod settled;
#[cfg(not(target_arch = "wasm32"))]
mod shared;
mod stats;
mod thought;

/// The learned 3x3 patterns' keys, for learning their table from records offline
/// (examples/train_patterns.rs): a move's key on a rules board, and the orientation stored.
pub use crate::playout::patterns::{board_key as pattern_key, canonical as canonical_pattern};
pub use analyze::{
    analyze, default_playouts, Analysis, AnalyzeOptions, AnalyzedMove, MAX_CANDIDATES, MAX_PV,
};
pub use decide::decide;
pub use search::{
    Clock, GenmoveOptions, DEFAULT_PLAYOUTS, EXPLORATION, MAX_NODES, MAX_PLAYOUTS, MAX_TIME_MS,
    RAVE_EQUIVALENCE,
};
pub use searcher::Searcher;
pub use stats::{RootMove, RootStats};
pub use thought::{Candidate, Decision, Thought, RESIGN_BELOW, RESIGN_MIN_PLAYOUTS};

use crate::error::Error;
use crate::game::Game;

/// The system's clock, natively (the wasm facade gives the host's).
#[cfg(not(target_arch = "wasm32"))]
pub fn system_clock() -> impl FnMut() -> f64 {
    let start = std::time::Instant::now();
    move || start.elapsed().as_secs_f64() * 1000.0
}

/// Chooses a move for the side to move of `game` (see the module documentation) without
/// playing it: a fresh [`Searcher`] seeded with `options.seed` runs the budget of `options`,
/// then [`decide`]. `clock` is read only for a time budget. Errors: [`Error::NotPlaying`] when
/// play has stopped or the game is over.
///
/// ```
/// use tengen::player::{genmove, system_clock, Decision, GenmoveOptions};
/// use tengen::{Game, Setup, Size};
///
/// let game = Game::new(Setup { size: Size::square(9)?, ..Setup::default() })?;
/// // A budget in playouts, so the move depends on the seed only.
/// let options = GenmoveOptions::new(300, 0, 7)?;
/// let thought = genmove(&game, &options, &mut system_clock())?;
/// let Decision::Play(p) = thought.decision else { panic!("an empty board is no time to pass") };
/// assert_eq!(game.legality(p), Ok(()));
/// assert_eq!(genmove(&game, &options, &mut system_clock())?.decision, thought.decision);
/// # Ok::<(), tengen::Error>(())
/// ```
pub fn genmove(game: &Game, options: &GenmoveOptions, clock: Clock) -> Result<Thought, Error> {
    let mut searcher = Searcher::new(options.seed);
    searcher.run(game, options, clock)?;
    decide(game, &searcher.root_stats(), options, clock)
}
