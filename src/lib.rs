//! tengen: the rules of Go as real rule texts say, for the web.
//!
//! A pure Rust core: [`Board`] (stones, chains, captures, basic ko, hashing), [`Rules`]
//! (orthogonal settings and named presets), [`Game`] (turns, phases, superko, marks, undo) and
//! [`score`] (area and territory counting with a reason for every point). The rule texts it
//! implements are cited beside the code: J89 (Japanese Rules of Go, 1989), WAGC (World Amateur Go
//! Championship rules, 1979), seed 002 (simple area rules) and seed 004 (a basic description).
//!
//! Around it: [`sgf`] reads and writes SGF text, [`tree`] holds game records as trees, replays
//! them and views them through a [`tree::Cursor`], [`life`] proves chains alive or capturable,
//! [`estimate`] proposes the dead stones at the end of a game and [`player`] chooses moves
//! (Monte Carlo tree search). The same crate builds the WebAssembly packages of the page and of
//! the `<tengen-board>` element (the `wasm` module, only on `wasm32`); natively it depends on
//! nothing but `encoding_rs`. Every failure is an [`Error`] value with a stable code
//! ([`Error::code`]); no input panics.
//!
//! # Playing and counting a game
//!
//! ```
//! use tengen::{Error, Game, Phase, Point, Rules, Setup, Size};
//!
//! let mut game = Game::new(Setup {
//!     size: Size::square(9)?,
//!     rules: Rules::preset("chinese")?, // area counting, komi 7.5
//!     handicap: 0,
//! })?;
//! game.place(Point::new(2, 2))?; // Black
//! game.place(Point::new(6, 6))?; // White
//! assert_eq!(game.place(Point::new(6, 6)), Err(Error::Occupied));
//! game.pass()?;
//! game.pass()?; // two passes stop play
//! assert_eq!(game.phase(), Phase::Stopped);
//! game.finish()?; // no stone is dead: the count ends the game
//! let score = game.score();
//! // One stone each; every empty point reaches both colours, so none is anyone's area.
//! assert_eq!((score.black.total(), score.white.total()), (1.0, 8.5));
//! assert_eq!(score.result, "W+7.5");
//! # Ok::<(), Error>(())
//! ```
//!
//! # Reading a record and checking its result (feature `sgf`)
//!
//! ```
//! # #[cfg(feature = "sgf")] {
//! use tengen::{sgf, tree};
//!
//! // Black walls off the left side, White the right; Black's territory markup (TB) takes
//! // White's stone at a3 (SGF `ac`) as dead.
//! let text = "(;GM[1]FF[4]SZ[5]RU[Japanese]KM[0.5]RE[B+0.5]
//!   ;B[ba];W[da];B[bb];W[db];B[bc];W[dc];B[bd];W[dd];B[be];W[de];B[];W[ac];B[];W[]
//!   TB[aa][ab][ac][ad][ae]TW[ea][eb][ec][ed][ee])";
//! let collection = sgf::parse(text.as_bytes())?;
//! let record = &collection.games[0];
//! let replay = tree::replay(record, &tree::ReplayOptions::default())?;
//! let last = *replay.nodes.last().unwrap();
//! let mut game = replay.game;
//! // The record's end of play: the stones in the other side's territory are marked dead.
//! tree::end_of_play(record, last, &mut game)?;
//! let score = game.score();
//! assert_eq!(score.dead, vec![tengen::Point::new(0, 2)]);
//! // Territory: Black 5 points and the dead stone, White 5 and komi 0.5.
//! assert_eq!(score.result, "B+0.5");
//! let re = tree::recorded_result(record, last).unwrap();
//! assert_eq!(tree::result_agrees(&re, &score), Some(true));
//! assert_eq!(tree::result_agrees("W+0.5", &score), Some(false));
//! # }
//! # Ok::<(), tengen::Error>(())
//! ```
//!
//! # Proposing the dead stones (feature `estimate`)
//!
//! ```
//! # #[cfg(feature = "estimate")] {
//! use tengen::estimate::{estimate, EstimateOptions};
//! use tengen::{Board, Color, Point};
//!
//! // A white stone left inside Black's wall.
//! let board = Board::from_rows(&[".X.O.", ".X.O.", "OX.O.", ".X.O.", ".X.O."])?;
//! let proposal = estimate(&board, Color::Black, &EstimateOptions::default());
//! assert_eq!(proposal.dead, vec![Point::new(0, 2)]);
//! # }
//! # Ok::<(), tengen::Error>(())
//! ```
//!
//! The programs in `examples/` go further: `cargo run --example replay` plays a game from code
//! and prints the board and the count; `cargo run --example score_sgf -- FILE.sgf` counts every
//! game of a file and compares each count with its `RE`.
//!
//! # Features
//!
//! Every feature only adds to the API; all but `small-alloc` are on by default. Without any,
//! the crate still plays, records (as trees), replays and counts games.
//!
//! | Feature | What it adds |
//! |---|---|
//! | `sgf` | SGF text: the [`sgf`] module (reading, strict or lenient, any charset), writing trees back ([`tree::GameTree::to_sgf`]), and loading a record into a [`tree::Cursor`] (`Cursor::load`, `LoadOptions`). |
//! | `sgf-games` | (implies `sgf`) The list of a file's game trees for the JavaScript packages (`Game.sgfGames`); no Rust API of its own. |
//! | `saves` | (implies `sgf`) Saving on this device: `Cursor::to_sgf_saved` marks the nodes played here (`tree::PLAYED_HERE`) and reading takes the marks out again. |
//! | `opponent` | (implies `sgf`) The computer opponent a record was played against: `tree::Opponent`, the private root property `TO` read and written by the cursor. |
//! | `edit` | Editing records through the cursor: stones, marks, lines, comments, annotations, deleting nodes, reordering variations, redo (`tree::MarkEdit`, `tree::LineKind`). |
//! | `estimate` | The estimator: [`estimate`], [`Game::estimate`] and [`Game::auto_mark`] (random playouts and the dead-stone proposal); a replayed record that stopped without territory markup gets its proposal. |
//! | `player` | (implies `estimate`) The computer player: [`player`] (`player::genmove`, Monte Carlo tree search) and the `tengen-gtp` binary (a GTP engine). |
//! | `app` | The methods only the page calls in the JavaScript packages (`setInfo`, `Game.presets`, `resign`, `declareNoResult`); no Rust API of its own. |
//! | `small-alloc` | The wasm packages' allocator is `talc` instead of dlmalloc (the embed package's size); nothing natively. |

// The links above to feature-gated items point to the features table when the feature is off.
#![doc = ""]
#![cfg_attr(not(feature = "sgf"), doc = "[`sgf`]: #features")]
#![cfg_attr(not(feature = "sgf"), doc = "[`tree::GameTree::to_sgf`]: #features")]
#![cfg_attr(not(feature = "estimate"), doc = "[`estimate`]: #features")]
#![cfg_attr(not(feature = "estimate"), doc = "[`Game::estimate`]: #features")]
#![cfg_attr(not(feature = "estimate"), doc = "[`Game::auto_mark`]: #features")]
#![cfg_attr(not(feature = "player"), doc = "[`player`]: #features")]
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
