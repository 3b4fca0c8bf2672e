//! Random playouts, shared by the estimator ([`crate::estimate`]) and the computer player
//! (`crate::player`): from a position, the players alternate moves of a simple policy (escape
//! an atari, capture what the opponent left in atari, else a random move that fills no own eye)
//! until both pass, and the final board says who owns each point (area: stones and the empty
//! points only one colour reaches). Nothing in a playout allocates.
//!
//! The files, by concern: [`rng`] the random numbers, [`board`] the playouts' own fast board,
//! [`policy`] which moves a player makes, [`engine`] the loop of one playout, [`ownership`] the
//! final owners; `hooks` (feature `player`) what the computer player's search needs of it,
//! `shape` its 3x3 patterns and `patterns` the pattern weights learned from strong players' games.

mod board;
mod engine;
#[cfg(feature = "player")]
mod hooks;
mod ownership;
#[cfg(feature = "player")]
pub(crate) mod patterns;
mod policy;
mod rng;
#[cfg(feature = "player")]
pub(crate) mod shape;
#[cfg(test)]
mod tests;

pub use engine::bench_playouts;
pub(crate) use engine::Playout;
pub(crate) use rng::Rng;
