//! A game: turns, passes, phases, superko history, dead-stone marks, resignation, undo.
//!
//! The files, by concern: `action.rs` the vocabulary (set-up, phases, outcomes, actions, moves),
//! `state.rs` the [`Game`] and what it tells, `play.rs` stones, passes and the actions of a
//! record, `end.rs` dead marks, resignation and the count, `undo.rs` undo in place, `playing.rs` a
//! copy in play of a game in any phase (what the analysis reads ahead from).

mod action;
mod end;
mod play;
#[cfg(feature = "player")]
mod playing;
mod state;
mod undo;

pub use action::{Action, Move, Outcome, Phase, Repetition, SetUpPosition, Setup};
pub use state::Game;
