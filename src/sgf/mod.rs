//! SGF (Smart Game Format, `FF[4]`): reading, writing and replaying game records.
//!
//! The layers, as in the specification (<https://www.red-bean.com/sgf/>):
//!
//! 1. [`parse`] / [`parse_with`] read bytes into a [`Collection`] of [`GameTree`]s: the whole
//!    grammar of sgf.html, "Basic (EBNF) Definition", iteratively (no recursion, so 100,000
//!    nested variations cost no stack), every property kept in order with its raw value, known
//!    or not. Text is decoded value by value in the charset the root's `CA` names, else the
//!    charset detected from the bytes ([`decode`]: GB18030, Big5, Shift_JIS, EUC-KR and the
//!    other charsets of the Encoding Standard).
//! 2. A [`GameTree`] is an arena of [`Node`]s with parent and child links; typed accessors read
//!    the Go properties (sgf.html, "Property Value Types"; properties.html; go.html): moves,
//!    set-up stones, markup, labels, territory, game information.
//! 3. [`replay`] plays a path of a tree into a [`crate::Game`] and reports the first illegal
//!    move; [`record`] builds a tree from a game. [`GameTree::to_sgf`] writes any tree back.
//! 4. A [`Cursor`] is a record being viewed and played: the tree, the current node (named by its
//!    path of child indices from the root) and the game at that node; it moves to children,
//!    parents and any path, and a move played on it follows or adds a child. Where play has
//!    stopped at a node of the record, the dead stones of its `TB`/`TW` are marked, and the
//!    count accepted where the line ends and `RE` is a count ([`end_of_play`]). JavaScript's
//!    `Game.fromSgf` wraps one.
//!
//! Limits: inputs above [`MAX_INPUT_BYTES`] and trees above [`MAX_NODES`] nodes are refused with
//! an `sgf` error, so no input can exhaust memory or time (parsing is linear).

mod cursor;
mod decode;
mod parse;
mod props;
mod record;
mod replay;
mod tree;
mod write;

pub use cursor::{Cursor, LoadOptions, Markup, EDITABLE_INFO, INFO_PROPERTIES};
pub use decode::{set_text_decoder, TextDecoder};
pub use parse::{parse, parse_text, parse_with, ParseOptions, Parsed};
pub use props::{
    escape, escape_compose, parse_move, parse_point, parse_points, parse_result, parse_size,
    simple_text, split_compose, text, GameResult, Label, Mark, MarkKind, SetupStones, Territory,
};
pub use record::{record, ru_name};
pub use replay::{
    dead_stones_marked, end_of_play, game_setup, is_count, preset_for_ru, recorded_result, replay,
    replay_to, result_agrees, EndOfPlay, IllegalMove, Level, Replay, ReplayOptions,
};
pub use tree::{Children, Collection, GameInfo, GameTree, Node, NodeId, Property, Summary};

use std::fmt;

/// The largest input accepted: 16 MiB. Larger inputs are refused with an `sgf` error at once.
///
/// Reading is linear in time. In memory a tree takes about 20 to 40 bytes per input byte when
/// the input is nothing but tiny nodes and properties (`;A[b]C[d]...`: about 700 MB for 16
/// MiB), far less for real records, whose comments and values are stored once.
pub const MAX_INPUT_BYTES: usize = 16 * 1024 * 1024;

/// The most nodes a collection may hold (2,097,152): a bound on memory for inputs made of
/// little but `;`. Real records, even large joseki dictionaries, hold far fewer.
pub const MAX_NODES: usize = 1 << 21;

/// The most warnings kept; further ones are only counted in a last warning.
pub const MAX_WARNINGS: usize = 100;

/// Something a lenient reading or replay put up with, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// Byte offset in the input, when the warning is about a place in it.
    pub offset: Option<usize>,
    /// What was found and what was done about it.
    pub message: String,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.offset {
            Some(o) => write!(f, "at byte {o}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// A list of warnings that keeps the first [`MAX_WARNINGS`] and counts the rest.
#[derive(Debug, Default)]
pub(crate) struct Warnings {
    list: Vec<Warning>,
    dropped: usize,
}

impl Warnings {
    pub(crate) fn push(&mut self, offset: Option<usize>, message: impl Into<String>) {
        if self.list.len() < MAX_WARNINGS {
            self.list.push(Warning {
                offset,
                message: message.into(),
            });
        } else {
            self.dropped += 1;
        }
    }

    /// As `push`, the message made only when it is kept.
    pub(crate) fn push_with(&mut self, offset: Option<usize>, message: impl FnOnce() -> String) {
        if self.list.len() < MAX_WARNINGS {
            self.push(offset, message());
        } else {
            self.dropped += 1;
        }
    }

    pub(crate) fn finish(mut self) -> Vec<Warning> {
        if self.dropped > 0 {
            self.list.push(Warning {
                offset: None,
                message: format!("{} more warnings not listed", self.dropped),
            });
        }
        self.list
    }
}

/// An `sgf` error at `offset`.
pub(crate) fn err(offset: usize, message: &'static str) -> crate::Error {
    crate::Error::Sgf { offset, message }
}
