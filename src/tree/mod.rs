//! Game records as trees: the nodes and their properties, replay into a [`crate::Game`], the
//! record of a game, and the cursor that views and plays one. No text format here: reading and
//! writing SGF text is the `sgf` module (feature `sgf`); this module builds without it, so every
//! JavaScript package can wrap a [`Cursor`].
//!
//! The layers, as in the SGF specification (<https://www.red-bean.com/sgf/>):
//!
//! 1. A [`GameTree`] is an arena of [`Node`]s with parent and child links; typed accessors read
//!    the Go properties (sgf.html, "Property Value Types"; properties.html; go.html): moves,
//!    set-up stones, markup, labels, territory, game information ([`GAME_INFO`]). The property
//!    value syntax (text and its escapes, points, moves, numbers, results) is read and written by
//!    [`text`], [`escape`], [`parse_point`] and their kin.
//! 2. [`replay`] plays a path of a tree into a [`crate::Game`] and reports the first illegal
//!    move; [`record`] builds a tree from a game.
//! 3. A [`Cursor`] is a record being viewed and played: the tree, the current node (named by its
//!    path of child indices from the root) and the game at that node; it moves to children,
//!    parents and any path, and a move played on it follows or adds a child. Where play has
//!    stopped at a node of the record, the dead stones of its `TB`/`TW` are marked, and the
//!    count accepted where the line ends and `RE` is a count ([`end_of_play`]). JavaScript's
//!    `Game.fromSgf` wraps one.

pub(crate) mod cursor;
#[cfg(feature = "edit")]
pub(crate) mod edit;
pub(crate) mod props;
pub(crate) mod record;
pub(crate) mod replay;
// The arena itself: `tree::tree` reads as "the tree of the tree module".
#[allow(clippy::module_inception)]
pub(crate) mod tree;
pub(crate) mod warning;

#[cfg(feature = "player")]
pub use cursor::analysis::{NodeAnalysis, MAX_LEAD, REVIEW, SCORE_LEAD, WIN_RATE};
#[cfg(feature = "edit")]
pub use cursor::edit::{LineKind, MarkEdit, ANNOTATIONS, MAX_LABEL};
#[cfg(feature = "opponent")]
pub use cursor::opponent::{Opponent, COMPUTER, MAX_SEED};
#[cfg(feature = "saves")]
pub use cursor::saved::PLAYED_HERE;
#[cfg(feature = "sgf")]
pub use cursor::LoadOptions;
pub use cursor::{Cursor, Markup};
pub use props::{
    escape, escape_compose, parse_move, parse_point, parse_points, parse_result, parse_size,
    simple_text, split_compose, text, GameResult, Label, Mark, MarkKind, SetupStones, Territory,
};
pub use record::{record, ru_name};
pub use replay::{
    dead_stones_marked, end_of_play, game_setup, is_count, preset_for_ru, recorded_result, replay,
    replay_to, result_agrees, EndOfPlay, IllegalMove, Level, Replay, ReplayOptions,
};
pub use tree::{
    Children, Collection, GameInfo, GameTree, InfoProperty, Node, NodeId, Property, Summary,
    GAME_INFO, INFO_PROPERTIES,
};
pub use warning::{Warning, MAX_WARNINGS};
