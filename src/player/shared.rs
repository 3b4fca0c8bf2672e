//! One tree searched by several threads at once (natively; the page's workers, which share no
//! memory, merge their root statistics instead). Each thread has its own playout board, random
//! state and scratch (a [`Search`] of the same position); the tree's nodes sit under one lock,
//! taken twice a simulation: to walk down the tree, leaving a virtual loss on the path so that
//! the other threads try other lines meanwhile, and to back the result up. The playout, most of
//! a simulation's time, runs outside the lock. Every simulation deepens the one tree, so N
//! threads search as one thread with N times the simulations would, less the lock's waits.

use super::search::{Clock, GenmoveOptions, Node, Search};
use crate::game::Game;
use crate::playout::Rng;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Mutex, MutexGuard};

/// The most threads one search runs (more are taken as this many: no request, however large,
/// makes the system refuse a thread).
pub const MAX_THREADS: usize = 256;

/// The virtual visits a simulation in flight leaves on each node of its path.
const VIRTUAL_LOSS: f32 = 1.0;

/// What the threads of one search share.
struct Shared<'a> {
    /// The tree's nodes (the threads' own `Search`es hold an empty vector between turns).
    nodes: Mutex<Vec<Node>>,
    /// Set once the budget is spent: every thread stops after its simulation in flight.
    stop: AtomicBool,
    /// Simulations begun, all threads together (each thread claims one before it begins, so
    /// that the budget is never overrun).
    begun: AtomicU32,
    /// Simulations backed up, all threads together.
    done: AtomicU32,
    /// The budget in simulations, all threads together.
    cap: u32,
    options: &'a GenmoveOptions,
}

impl Shared<'_> {
    /// The nodes, whatever another thread did while it held them (a thread that panicked left a
    /// tree whose every node is still whole: results are added one node at a time).
    fn lock(&self) -> MutexGuard<'_, Vec<Node>> {
        self.nodes.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Runs `f` on `me` with the tree's nodes in it, under the lock.
    fn with_tree<T>(&self, me: &mut Search, f: impl FnOnce(&mut Search) -> T) -> T {
        let mut nodes = self.lock();
        std::mem::swap(&mut *nodes, &mut me.nodes);
        let out = f(me);
        std::mem::swap(&mut *nodes, &mut me.nodes);
        out
    }
}

/// Runs `threads` threads of simulations on `search`'s tree (the position of `game`) within the
/// budget of `options`: a time budget by `clock`, read by the calling thread, which stops them
/// all; a playout budget of `threads` times its count (N threads take the wall time of one), or,
/// with no time budget, as soon as the most visited root move cannot be overtaken. Returns the
/// simulations run. One thread is [`Search::run`] itself.
pub(super) fn run_shared(
    search: &mut Search,
    game: &Game,
    options: &GenmoveOptions,
    threads: usize,
    clock: Clock,
) -> u32 {
    let threads = threads.min(MAX_THREADS);
    if threads <= 1 {
        return search.run(options, clock);
    }
    let shared = Shared {
        nodes: Mutex::new(std::mem::take(&mut search.nodes)),
        stop: AtomicBool::new(false),
        begun: AtomicU32::new(0),
        done: AtomicU32::new(0),
        cap: options
            .playout_cap()
            .saturating_mul(u32::try_from(threads).unwrap_or(u32::MAX)),
        options,
    };
    let mut helpers: Vec<Search> = (1..threads)
        .map(|_| {
            let mut helper = Search::new(game, options);
            helper.rng = Rng::new(u64::from(search.rng.next_u32()) + 1);
            helper.threshold_halves = search.threshold_halves;
            helper
        })
        .collect();
    let deadline = (options.time_ms > 0).then(|| clock() + f64::from(options.time_ms));
    std::thread::scope(|scope| {
        for helper in &mut helpers {
            let shared = &shared;
            scope.spawn(move || work(helper, shared, &mut || false));
        }
        let shared = &shared;
        let mut expired = || deadline.is_some_and(|end| clock() >= end);
        work(search, shared, &mut expired);
    });
    search.nodes = shared.nodes.into_inner().unwrap_or_else(|e| e.into_inner());
    shared.done.into_inner()
}

/// One thread's simulations until the search stops; `expired` says, every 64 of them, whether
/// this thread's clock ends the search.
fn work(me: &mut Search, shared: &Shared, expired: &mut dyn FnMut() -> bool) {
    let mut own = 0u32;
    while !shared.stop.load(Ordering::Relaxed) {
        if shared.begun.fetch_add(1, Ordering::Relaxed) >= shared.cap {
            break;
        }
        let leaf = shared.with_tree(me, |me| {
            let leaf = me.walk_down();
            me.virtual_loss(VIRTUAL_LOSS);
            leaf
        });
        let outcome = me.play_out(leaf);
        shared.with_tree(me, |me| {
            me.virtual_loss(-VIRTUAL_LOSS);
            me.record(outcome);
        });
        own += 1;
        let done = shared.done.fetch_add(1, Ordering::Relaxed) + 1;
        let mut over = done >= shared.cap;
        if !over && own % 64 == 0 {
            over = expired()
                || (shared.options.time_ms == 0
                    && shared.with_tree(me, |me| me.decided(shared.cap.saturating_sub(done))));
        }
        if over {
            shared.stop.store(true, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Setup;
    use crate::point::{Point, Size};
    use crate::rules::Rules;

    #[test]
    fn the_threads_leave_no_virtual_loss_and_every_simulation_in_the_tree() {
        let mut game = Game::new(Setup {
            size: Size::square(9).expect("a size"),
            rules: Rules::preset("chinese").expect("a preset"),
            handicap: 0,
        })
        .expect("a game");
        game.place(Point::new(4, 4)).expect("a legal move");
        for threads in [2, 3] {
            let options = GenmoveOptions::new(3000, 0, 9).expect("valid options");
            let mut search = Search::new(&game, &options);
            search.expand_root(&game);
            let priors: Vec<(u16, f32)> = search
                .root_children()
                .iter()
                .map(|ch| (ch.mv, ch.n))
                .collect();
            let done = run_shared(&mut search, &game, &options, threads, &mut || 0.0);
            assert!(done > 0 && done <= 3000 * threads as u32, "{done}");
            let children = search.root_children();
            let visits: u32 = children.iter().map(|ch| ch.visits).sum();
            assert_eq!(visits, done, "every simulation went through one root move");
            assert_eq!(search.nodes[0].visits, done);
            for (ch, &(mv, prior_n)) in children.iter().zip(&priors) {
                assert_eq!(ch.mv, mv);
                assert_eq!(ch.n, prior_n + ch.visits as f32, "no virtual loss is left");
            }
            // Deeper nodes: their visits are those of the simulations through them, which
            // their children share out (at most one simulation a node stops there).
            for node in &search.nodes {
                let below: u32 = search.nodes
                    [node.first as usize..(node.first + u32::from(node.count)) as usize]
                    .iter()
                    .map(|ch| ch.visits)
                    .sum();
                assert!(below <= node.visits, "{below} > {}", node.visits);
            }
        }
    }
}
