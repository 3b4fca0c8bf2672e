//! What a lenient reading or replay of a record put up with, and the `sgf` error about a place
//! in a record: shared by the reader (feature `sgf`) and by the replay and the cursor, which work
//! without it.

use crate::error::Error;
use std::fmt;

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
pub(crate) fn err(offset: usize, message: &'static str) -> Error {
    Error::Sgf { offset, message }
}
