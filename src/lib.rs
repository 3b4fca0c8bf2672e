//! tengen: the rules of Go as real rule texts say, for the web.
//!
//! A pure Rust core: [`Board`] (stones, chains, captures, basic ko, hashing), [`Rules`]
//! (orthogonal settings and named presets), [`Game`] (turns, phases, superko, marks, undo) and
//! [`score`] (area and territory counting with a reason for every point). The rule texts it
//! implements are cited beside the code: J89 (Japanese Rules of Go, 1989), WAGC (World Amateur Go
//! Championship rules, 1979), seed 002 (simple area rules) and seed 004 (a basic description).

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod board;
mod cell;
pub mod color;
pub mod error;
#[cfg(feature = "estimate")]
pub mod estimate;
pub mod game;
mod grid;
pub mod handicap;
pub mod history;
pub mod life;
pub mod options;
#[cfg(feature = "player")]
pub mod player;
#[cfg(feature = "estimate")]
mod playout;
pub mod point;
pub mod rules;
pub mod score;
#[cfg(feature = "sgf")]
pub mod sgf;
pub mod tree;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use board::Board;
pub use color::Color;
pub use error::{Error, Refusal};
pub use game::{Action, Game, Move, Outcome, Phase, Repetition, SetUpPosition, Setup};
pub use point::{Point, Size};
pub use rules::{DeadStones, HandicapCompensation, HandicapPlacement, KoRule, Rules, Scoring, Tie};
pub use score::{PointKind, PointScore, Score, SideScore, Warning, WarningCode};
