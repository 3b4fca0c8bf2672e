//! The session's threads: by default all of them on one tree ([`Searcher::run_threads`]);
//! root-parallel on request (`--root-parallel`): one [`Searcher`] per thread, each with its own
//! tree and seed, the same budget, their root statistics merged into one decision (deterministic
//! for a seed with a playout budget, as the page's workers are). The searchers are kept between
//! moves so that each goes on from the subtree of the position reached.

use tengen::player::{self, Clock, GenmoveOptions, RootStats, Searcher, Thought};
use tengen::{Error, Game};

/// The searchers of a session.
pub(crate) struct Pool {
    searchers: Vec<Searcher>,
    /// Threads on the one tree of `searchers[0]` (0: root-parallel, one searcher per thread).
    shared: usize,
}

impl std::fmt::Debug for Pool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Pool({} searchers, {} threads on one tree)",
            self.searchers.len(),
            self.shared
        )
    }
}

impl Pool {
    /// `threads` threads (at least one) on one tree, or with `root_parallel` one searcher per
    /// thread, keeping their trees between moves unless `reuse` is false.
    pub(crate) fn new(threads: usize, reuse: bool, root_parallel: bool) -> Pool {
        let threads = threads.max(1);
        let (searchers, shared) = if root_parallel {
            (threads, 0)
        } else {
            (1, threads)
        };
        let searchers = (0..searchers)
            .map(|_| {
                let mut s = Searcher::new(1);
                s.set_reuse(reuse);
                s
            })
            .collect();
        Pool { searchers, shared }
    }

    /// Forgets every tree (a new game, an undo, new rules): the next move starts afresh.
    pub(crate) fn clear(&mut self) {
        for s in &mut self.searchers {
            s.clear();
        }
    }

    /// The move for `game`. On one tree: its threads run the budget of `options` (a playout
    /// budget per thread) and its root decides. Root-parallel: every searcher runs the whole
    /// budget of `options` at once (a time budget: all stop at the deadline; a playout budget:
    /// each runs it all, so that N threads take the wall time of one and the budget keeps its
    /// meaning per thread; thread `i`'s fresh trees are seeded `options.seed + i`), then their
    /// root statistics, merged, decide. With one thread this is [`player::genmove`] on a kept
    /// tree. Returns the thought and the simulations run by this move's searches.
    pub(crate) fn think(
        &mut self,
        game: &Game,
        options: &GenmoveOptions,
        clock: Clock,
    ) -> Result<(Thought, u32), Error> {
        for (i, s) in self.searchers.iter_mut().enumerate() {
            s.set_seed(options.seed.wrapping_add(i as u64));
        }
        let mut runs = Vec::with_capacity(self.searchers.len());
        if self.shared > 1 {
            runs.push(self.searchers[0].run_threads(game, options, self.shared, clock));
        } else if let [only] = self.searchers.as_mut_slice() {
            runs.push(only.run(game, options, clock));
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = self
                    .searchers
                    .iter_mut()
                    .map(|s| {
                        scope.spawn(move || {
                            let mut clock = player::system_clock();
                            s.run(game, options, &mut clock)
                        })
                    })
                    .collect();
                for h in handles {
                    runs.push(h.join().unwrap_or(Err(Error::NotPlaying)));
                }
            });
        }
        let mut done = 0u32;
        for r in runs {
            done = done.saturating_add(r?);
        }
        let mut merged = RootStats::default();
        for (i, s) in self.searchers.iter().enumerate() {
            if i == 0 {
                merged = s.root_stats();
            } else {
                merged.merge(&s.root_stats());
            }
        }
        let thought = player::decide(game, &merged, options, clock)?;
        Ok((thought, done))
    }
}
