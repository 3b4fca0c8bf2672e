//! The computer opponent a record was played against (the `opponent` feature): a private root
//! property, [`COMPUTER`], that a page writes when it saves or shares a game against the computer
//! and reads back, so that the game reopens against the same computer instead of as a record to
//! view.
//!
//! The property stays in the tree like any property another program wrote: every package keeps
//! it through a round trip (the ones without this feature too, which neither read nor check it),
//! and records without it read as before.

use super::Cursor;
use crate::color::Color;
use crate::error::Error;
use crate::tree::warning::Warning;

/// The private SGF property of the root that names the computer opponent: `TO[W:casual]` or
/// `TO[W:casual:1234]` ("tengen opponent"), three fields joined by `:`: the colour the computer
/// plays (`B` or `W`, as SGF writes colours), its level (1 to 32 of `a`-`z`, `0`-`9` and `-`;
/// what a level means is the page's) and, optionally, the seed of its search (a whole number
/// from 0 to 2^53 - 1, so that a page can think the same after reopening the game). Neither
/// FF\[4\] nor FF\[1\]-FF\[3\] defines `TO` (FF\[1\]'s `TC` is taken). A value that is not of
/// this form is ignored, with a warning on reading.
pub const COMPUTER: &str = "TO";

/// The largest seed: JavaScript's largest safe whole number, so that a seed reads back exactly.
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// The computer opponent of a game (see [`COMPUTER`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opponent {
    /// The colour the computer plays.
    pub computer: Color,
    /// Its level, as the page names it.
    pub level: String,
    /// The seed of its search, when one was written.
    pub seed: Option<u64>,
}

impl Opponent {
    /// An opponent whose level and seed are of the form [`COMPUTER`] takes, else
    /// `invalidOptions`.
    pub fn new(computer: Color, level: &str, seed: Option<u64>) -> Result<Opponent, Error> {
        if !is_level(level) || seed.is_some_and(|s| s > MAX_SEED) {
            return Err(Error::InvalidOptions(
                "the level must be 1 to 32 of a-z, 0-9 and '-', the seed from 0 to 2^53 - 1",
            ));
        }
        Ok(Opponent {
            computer,
            level: level.to_owned(),
            seed,
        })
    }

    /// Reads a raw value of [`COMPUTER`]; `None` when it is not of that form. (Byte by byte, and
    /// the seed's digits by hand: `split` and `str::parse` would add their code to the package.)
    // Out of line: the callers are few, and the package is smaller so.
    #[inline(never)]
    pub fn parse(raw: &str) -> Option<Opponent> {
        let computer = match raw.as_bytes() {
            [b'B', b':', ..] => Color::Black,
            [b'W', b':', ..] => Color::White,
            _ => return None,
        };
        let rest = raw.get(2..)?;
        let (level, seed) = match rest.bytes().position(|b| b == b':') {
            Some(i) => (rest.get(..i)?, Some(seed(rest.get(i + 1..)?)?)),
            None => (rest, None),
        };
        if !is_level(level) || seed.is_some_and(|s| s > MAX_SEED) {
            return None;
        }
        Some(Opponent {
            computer,
            level: level.to_owned(),
            seed,
        })
    }

    /// The raw value of [`COMPUTER`] (no character in it needs an escape).
    pub fn value(&self) -> String {
        let mut v = String::from(match self.computer {
            Color::Black => "B:",
            Color::White => "W:",
        });
        v.push_str(&self.level);
        if let Some(s) = self.seed {
            v.push(':');
            v.push_str(&s.to_string());
        }
        v
    }
}

/// A seed written in decimal digits (16 at most, as 2^53 - 1 has), without sign or spaces.
fn seed(s: &str) -> Option<u64> {
    if s.is_empty() || s.len() > 16 {
        return None;
    }
    s.bytes().try_fold(0u64, |n, b| {
        b.is_ascii_digit().then(|| n * 10 + u64::from(b - b'0'))
    })
}

fn is_level(level: &str) -> bool {
    (1..=32).contains(&level.len())
        && level
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

impl Cursor {
    /// The computer opponent the root's [`COMPUTER`] names; `None` without one or when its value
    /// is not of that form.
    // Out of line: the callers are few, and the package is smaller so.
    #[inline(never)]
    pub fn opponent(&self) -> Option<Opponent> {
        let root = self.tree.root();
        match &self.tree[root].property(COMPUTER)?.values[..] {
            [v] => Opponent::parse(v),
            _ => None,
        }
    }

    /// Writes the computer opponent into the root ([`COMPUTER`]), or removes it (`None`).
    // Out of line: the callers are few, and the package is smaller so.
    #[inline(never)]
    pub fn set_opponent(&mut self, opponent: Option<&Opponent>) -> Result<(), Error> {
        let root = self.tree.root();
        match opponent {
            Some(o) => self.tree[root].set_raw(COMPUTER, vec![o.value()]),
            None => {
                self.tree[root].remove(COMPUTER);
                Ok(())
            }
        }
    }

    /// After reading a record: a warning when its root has [`COMPUTER`] with a value not of that
    /// form (which is then ignored, and kept in the tree as it was written).
    // Out of line: the callers are few, and the package is smaller so.
    #[inline(never)]
    pub(super) fn check_opponent(&mut self) {
        let root = self.tree.root();
        let Some(p) = self.tree[root].property(COMPUTER) else {
            return;
        };
        if self.opponent().is_some() {
            return;
        }
        self.warnings.push(Warning {
            offset: p.offset(),
            message: "TO names no computer opponent (B or W:level[:seed]): it is ignored".into(),
        });
    }
}
