//! The persistent searcher: a search whose tree is kept between calls, so that the next move's
//! search starts from the subtree of the position reached (see [`super::reuse`]).

use super::reuse::moves_since;
use super::search::{Clock, GenmoveOptions, Search};
use super::stats::RootStats;
use crate::error::Error;
use crate::game::{Game, Phase};

/// A Monte Carlo searcher that keeps its tree between calls: [`Searcher::run`] on a game that
/// continues the line last searched goes on from the subtree of the new position, on any other
/// game starts a fresh tree. Several searchers of one position (threads, workers) have their
/// [`RootStats`] merged for one [`super::decide`].
pub struct Searcher {
    /// The seed of the next fresh tree.
    seed: u64,
    /// Whether trees are kept between calls (`false`: every run starts a fresh tree).
    reuse: bool,
    /// The tree and the game at its root.
    tree: Option<(Search, Game)>,
}

impl Searcher {
    /// A searcher with no tree yet, whose fresh trees use `seed` (as [`super::genmove`]'s
    /// options do: the same seed and playout budget give the same simulations).
    pub fn new(seed: u64) -> Searcher {
        Searcher {
            seed,
            reuse: true,
            tree: None,
        }
    }

    /// The seed of the next fresh tree (a kept tree goes on with its own random state).
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
    }

    /// Whether trees are kept between calls (the default), or every run starts afresh.
    pub fn set_reuse(&mut self, reuse: bool) {
        self.reuse = reuse;
        if !reuse {
            self.tree = None;
        }
    }

    /// Forgets the tree: the next run starts a fresh one.
    pub fn clear(&mut self) {
        self.tree = None;
    }

    /// Runs simulations for `game`'s position within the budget of `options` (its seed is not
    /// read: see [`Searcher::new`]), on the tree kept from the last call when `game` continues
    /// its line, on a fresh tree otherwise. Returns the simulations this call ran (none where
    /// the pass is the only move, or while free handicap stones are placed). Changes nothing in
    /// `game`. Errors: [`Error::NotPlaying`] once play has stopped or the game is over (the
    /// tree is then kept as it was).
    // Out of line: its callers share one copy in the wasm (the full package's size).
    #[inline(never)]
    pub fn run(
        &mut self,
        game: &Game,
        options: &GenmoveOptions,
        clock: Clock,
    ) -> Result<u32, Error> {
        Ok(self
            .ready(game)?
            .map_or(0, |search| search.run(options, clock)))
    }

    /// The tree at `game`'s position, ready for simulations: `None` where the pass is the only
    /// move or while free handicap stones are placed. Errors: [`Error::NotPlaying`] once play
    /// has stopped or the game is over.
    fn ready(&mut self, game: &Game) -> Result<Option<&mut Search>, Error> {
        if game.phase() != Phase::Playing {
            return Err(Error::NotPlaying);
        }
        if game.handicap_left() > 0 {
            return Ok(None);
        }
        self.position(game);
        Ok(self
            .tree
            .as_mut()
            .map(|(search, _)| search)
            .filter(|search| search.root_children().iter().any(|ch| ch.mv != 0)))
    }

    /// [`Searcher::run`] with `threads` threads on the one tree (natively): each runs
    /// simulations with its own playout board and random state, the tree shared under a lock
    /// with a virtual loss on the lines in flight. A playout budget is per thread (`threads`
    /// times the simulations in the wall time of one); a time budget is read on `clock` by the
    /// calling thread; at most 256 threads run (more are taken as 256). Not deterministic past
    /// one thread: the threads' order of turns at the lock varies.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn run_threads(
        &mut self,
        game: &Game,
        options: &GenmoveOptions,
        threads: usize,
        clock: Clock,
    ) -> Result<u32, Error> {
        Ok(self.ready(game)?.map_or(0, |search| {
            super::shared::run_shared(search, game, options, threads, clock)
        }))
    }

    /// Puts the tree at `game`'s position: the kept tree's subtree when `game` continues its
    /// line and the tree made the moves since, a fresh tree otherwise.
    // Out of line: its callers share one copy in the wasm (the full package's size).
    #[inline(never)]
    fn position(&mut self, game: &Game) {
        if let Some((search, root)) = self.tree.take() {
            if self.reuse {
                let line = moves_since(&root, game);
                if line.as_ref().is_some_and(|m| m.is_empty()) {
                    // The same position: the tree goes on as it is.
                    self.tree = Some((search, root));
                    return;
                }
                if let Some(at) = line.and_then(|moves| search.descend(&moves)) {
                    if let Some(next) = search.reroot(game, at) {
                        self.tree = Some((next, game.clone()));
                        return;
                    }
                }
            }
        }
        let options = GenmoveOptions {
            seed: self.seed,
            ..GenmoveOptions::default()
        };
        let mut search = Search::new(game, &options);
        search.expand_root(game);
        self.tree = Some((search, game.clone()));
    }

    /// Whether the tree's root is `game`'s position (the same line and no move since).
    pub fn searched(&self, game: &Game) -> bool {
        self.tree
            .as_ref()
            .is_some_and(|(_, root)| moves_since(root, game).is_some_and(|m| m.is_empty()))
    }

    /// The simulations behind the root now (the sum of its moves' visits; 0 without a tree).
    pub fn visits(&self) -> u32 {
        self.root_stats().playouts()
    }

    /// The statistics of the root's moves (empty without a tree).
    pub fn root_stats(&self) -> RootStats {
        self.tree
            .as_ref()
            .map_or_else(RootStats::default, |(search, _)| RootStats::of(search))
    }
}
