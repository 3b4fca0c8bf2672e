//! SGF (Smart Game Format, `FF[4]`) text: reading a file into game trees and writing them back.
//!
//! The game trees themselves, their typed properties, the replay into a game and the cursor are
//! [`crate::tree`], which needs no text format; this module is the text (feature `sgf`):
//!
//! 1. [`parse`] / [`parse_with`] read bytes into a [`Collection`](crate::tree::Collection) of
//!    [`GameTree`](crate::tree::GameTree)s: the whole grammar of sgf.html, "Basic (EBNF)
//!    Definition", iteratively (no recursion, so 100,000 nested variations cost no stack), every
//!    property kept in order with its raw value, known or not. Text is decoded value by value in
//!    the charset the root's `CA` names, else the charset detected from the bytes (`decode`:
//!    GB18030, Big5, Shift_JIS, EUC-KR and the other charsets of the Encoding Standard).
//! 2. [`GameTree::to_sgf`](crate::tree::GameTree::to_sgf) and
//!    [`Collection::to_sgf`](crate::tree::Collection::to_sgf) write any tree back ([`write`]),
//!    and [`Cursor::load`](crate::tree::Cursor::load) / [`Cursor::to_sgf`](crate::tree::Cursor::to_sgf)
//!    read and write the record a cursor views.
//!
//! Limits: inputs above [`MAX_INPUT_BYTES`] and trees above [`MAX_NODES`] nodes are refused with
//! an `sgf` error, so no input can exhaust memory or time (parsing is linear).

mod decode;
pub(crate) mod parse;
mod write;

pub use decode::{set_text_decoder, TextDecoder};
pub use parse::{parse, parse_text, parse_with, ParseOptions, Parsed, MAX_INPUT_BYTES, MAX_NODES};
