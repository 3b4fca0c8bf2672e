//! `tengen-gtp`: tengen's computer player ([`tengen::player`]) behind the Go Text Protocol,
//! version 2 (<https://www.lysator.liu.se/~gunnar/gtp/>), on standard input and output.
//!
//! ```text
//! tengen-gtp [--playouts N] [--time-ms N] [--seed N] [--rules PRESET] [--threads N] [--no-reuse] [--verbose]
//! ```
//!
//! The commands are those of `engine::COMMANDS`; the session itself is `engine::Engine::respond`, one line
//! in, one framed reply out. The game behind it is a [`Game`](tengen::Game) under one of the library's rule
//! presets, so every move is checked by the same rules the library plays and scores with.
//!
//! * **Moves out of turn.** GTP lets the controller play either colour at any time; the game
//!   alternates. A stone of the player not to move is preceded by a pass of the other (or, when
//!   that pass would end play, by a set-up that hands the turn over), and a move after play
//!   stopped resumes it. `engine::Engine::undo` takes back the whole of one GTP move.
//! * **Rules and komi** apply to the game in progress: its moves are replayed into a game under
//!   the new rules (a game that cannot be replayed, say with a suicide no longer allowed, starts
//!   afresh and the reply says so). `boardsize` and `clear_board` start a new game; komi set by
//!   `komi` survives both, as GTP wants.
//! * **Budget per move.** `tengen-playouts N` (or `--playouts`) gives a number of playouts: the
//!   search is then deterministic, its seed being `--seed` plus the number of moves played.
//!   Time settings (`time_settings`, `kgs-time_settings`, `time_left`) give milliseconds per
//!   move; without either, `engine::DEFAULT_TIME_MS`.
//! * **Threads and kept trees.** `--threads N` runs N searches at once, each with its own tree
//!   and seed (`--seed` plus the moves played, plus the thread's number), and merges their root
//!   statistics into one decision (`threads::Pool`); each runs the whole budget. The trees
//!   are kept between moves (the subtree of the position reached becomes the root), except
//!   after `clear_board`, `boardsize`, `undo` and a change of rules or komi; `--no-reuse`
//!   starts every move afresh, for comparison.
//! * **The end.** `final_score` and `final_status_list` take the dead stones from the estimator
//!   ([`tengen::estimate`]); resignation is answered but not recorded in the game, so the
//!   position can still be counted.

// The engine reads the system clock and standard input: a native program only. (Cargo builds
// the binaries of the crate for `cargo test --target wasm32-unknown-unknown` too.)
#[cfg(not(target_arch = "wasm32"))]
mod clock;
#[cfg(not(target_arch = "wasm32"))]
mod config;
#[cfg(not(target_arch = "wasm32"))]
mod engine;
#[cfg(not(target_arch = "wasm32"))]
mod gtp;
#[cfg(not(target_arch = "wasm32"))]
mod threads;

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    engine::main();
}

#[cfg(target_arch = "wasm32")]
fn main() {}
