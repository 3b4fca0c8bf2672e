//! The machine's analysis of a position kept in the record (the `player` feature): the win rate
//! and score lead of a node, written as the properties other programs read, so that a saved
//! or exported review reopens without being computed again.
//!
//! Three properties, on the node whose position was analysed:
//! - [`WIN_RATE`], `SBKV`: Black's win rate in percent (0 to 100), as Sabaki writes it after an
//!   engine's analysis and draws its win-rate graph from (Sabaki's `src/modules/sabaki.js`).
//! - [`SCORE_LEAD`], `SBKS`: Black's score lead in points (negative: White leads), as Sabaki
//!   writes it beside `SBKV` and draws its score graph from.
//! - [`REVIEW`], `TA` (private: neither FF\[4\] nor FF\[1\]-FF\[3\] defines it): the playouts behind
//!   those figures and, optionally, the move the search preferred: `TA[2500]` or `TA[2500:dd]`
//!   (a whole number, then `:` and the point in SGF's letters).
//!
//! Values are written rounded to hundredths. Through the API the figures are for the player to
//! move at the node (as the analysis gives them) and are turned into Black's here. Writing them
//! is annotation by the machine, not an edit of the record: it is not undone by undo, and it
//! does not move the cursor.

use super::Cursor;
use crate::color::Color;
use crate::error::Error;
use crate::point::Point;
use crate::tree::props::parse_real;
use crate::tree::tree::{GameTree, NodeId};

/// Sabaki's property of Black's win rate in percent.
pub const WIN_RATE: &str = "SBKV";
/// Sabaki's property of Black's score lead in points.
pub const SCORE_LEAD: &str = "SBKS";
/// The private property of the playouts and the preferred move (see the module documentation).
pub const REVIEW: &str = "TA";
/// The largest score lead taken, in points: more than any board holds.
pub const MAX_LEAD: f64 = 10_000.0;

/// The analysis of a node, for the player to move there.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NodeAnalysis {
    /// The win rate, in [0, 1].
    pub win_rate: f64,
    /// The score lead in points; `None` when the record gives only a win rate.
    pub score_lead: Option<f64>,
    /// The playouts behind the figures, when the record says.
    pub visits: Option<u32>,
    /// The move the search preferred, when the record says.
    pub best: Option<Point>,
}

impl NodeAnalysis {
    /// An analysis whose figures are in range (`invalidOptions` otherwise): a win rate from 0
    /// to 1 and a score lead of at most [`MAX_LEAD`] points either way.
    pub fn new(
        win_rate: f64,
        score_lead: Option<f64>,
        visits: Option<u32>,
        best: Option<Point>,
    ) -> Result<NodeAnalysis, Error> {
        if !(0.0..=1.0).contains(&win_rate)
            || score_lead.is_some_and(|s| !(-MAX_LEAD..=MAX_LEAD).contains(&s))
        {
            return Err(Error::InvalidOptions(
                "winRate must be a number from 0 to 1, scoreLead from -10000 to 10000",
            ));
        }
        Ok(NodeAnalysis {
            win_rate,
            score_lead,
            visits,
            best,
        })
    }
}

/// A number rounded to hundredths, written without trailing zeros (`55.1`, `-3`, `0.25`).
fn hundredths(v: f64) -> String {
    let h = (v * 100.0).round() as i64;
    let mut s = String::new();
    if h < 0 {
        s.push('-');
    }
    let a = h.unsigned_abs();
    s.push_str(&(a / 100).to_string());
    let f = a % 100;
    if f != 0 {
        s.push('.');
        s.push(char::from(b'0' + (f / 10) as u8));
        if f % 10 != 0 {
            s.push(char::from(b'0' + (f % 10) as u8));
        }
    }
    s
}

/// The player to move at a node, without replaying: the opponent of the node's own move, else
/// its `PL`, else the same of its parent; at the root without either, the colour of its first
/// child's move, else White after a handicap (`HA` of 2 or more) and Black otherwise.
fn to_move_at(tree: &GameTree, id: NodeId) -> Color {
    let mut n = Some(id);
    while let Some(at) = n {
        let node = &tree[at];
        if node.has("B") {
            return Color::White;
        }
        if node.has("W") {
            return Color::Black;
        }
        if let Ok(Some(c)) = node.player() {
            return c;
        }
        n = tree.parent(at);
    }
    let root = tree.root();
    if let Some(child) = tree.child(root, 0) {
        if tree[child].has("B") {
            return Color::Black;
        }
        if tree[child].has("W") {
            return Color::White;
        }
    }
    let ha = tree[root]
        .property("HA")
        .and_then(|p| parse_real(p.raw()))
        .unwrap_or(0.0);
    if ha >= 2.0 {
        Color::White
    } else {
        Color::Black
    }
}

/// The first value of a property as a Real.
fn real(tree: &GameTree, id: NodeId, prop: &str) -> Option<f64> {
    parse_real(tree[id].property(prop)?.values.first()?)
}

/// Reads a value of [`REVIEW`]: the playouts and the point, if any.
fn review(raw: &str) -> Option<(u32, Option<Point>)> {
    let (n, p) = match raw.bytes().position(|b| b == b':') {
        Some(i) => (raw.get(..i)?, Some(Point::from_sgf(raw.get(i + 1..)?)?)),
        None => (raw, None),
    };
    if n.is_empty() || n.len() > 10 || !n.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let v = n.bytes().fold(0u64, |v, b| v * 10 + u64::from(b - b'0'));
    Some((u32::try_from(v).ok()?, p))
}

impl Cursor {
    /// Writes `analysis` into the node at `path` (figures for the player to move there), or
    /// removes the three properties (`None`). `invalidOptions` when the path names no node or
    /// the preferred move is off the board (nothing is changed then). The cursor stays where it
    /// is; this is no edit that undo takes back.
    // Out of line: the callers are few, and the package is smaller so.
    #[inline(never)]
    pub fn set_analysis(
        &mut self,
        path: &[usize],
        analysis: Option<&NodeAnalysis>,
    ) -> Result<(), Error> {
        self.settle();
        let id = self.node_at(path).ok_or(Error::InvalidOptions(
            "the path names no node of the game tree",
        ))?;
        let Some(a) = analysis else {
            let node = &mut self.tree[id];
            for prop in [WIN_RATE, SCORE_LEAD, REVIEW] {
                node.remove(prop);
            }
            return Ok(());
        };
        let size = self.game.board().size();
        if a.best.is_some_and(|p| !size.contains(p)) {
            return Err(Error::InvalidOptions("best must be a point of the board"));
        }
        let black = to_move_at(&self.tree, id) == Color::Black;
        let rate = if black { a.win_rate } else { 1.0 - a.win_rate };
        let mut values = vec![(WIN_RATE, Some(hundredths(rate * 100.0)))];
        values.push((
            SCORE_LEAD,
            a.score_lead.map(|s| hundredths(if black { s } else { -s })),
        ));
        values.push((
            REVIEW,
            a.visits.map(|v| {
                let mut t = v.to_string();
                if let Some(p) = a.best {
                    t.push(':');
                    t.push_str(&p.sgf());
                }
                t
            }),
        ));
        let node = &mut self.tree[id];
        for (prop, value) in values {
            match value {
                // The values are digits, signs, points and letters: no escape is needed.
                Some(v) => node.set_raw(prop, vec![v])?,
                None => {
                    node.remove(prop);
                }
            }
        }
        Ok(())
    }

    /// The analysis the node at `path` holds (the current node without one), for the player
    /// to move there: `None` when the path names no node or the node has no readable
    /// [`WIN_RATE`] (a Sabaki file's node gives its win rate, and its score lead when it has
    /// [`SCORE_LEAD`]).
    // Out of line: the callers are few, and the package is smaller so.
    #[inline(never)]
    pub fn analysis_at(&mut self, path: Option<&[usize]>) -> Option<NodeAnalysis> {
        self.settle();
        let id = match path {
            Some(p) => self.node_at(p)?,
            None => self.node,
        };
        let tree = &self.tree;
        let percent = real(tree, id, WIN_RATE).filter(|v| (0.0..=100.0).contains(v))?;
        let lead = real(tree, id, SCORE_LEAD).filter(|v| v.abs() <= MAX_LEAD);
        let black = to_move_at(tree, id) == Color::Black;
        let (visits, best) = tree[id]
            .property(REVIEW)
            .and_then(|p| review(p.values.first()?))
            .map_or((None, None), |(v, b)| (Some(v), b));
        let size = self.game.board().size();
        Some(NodeAnalysis {
            // In ten-thousandths, as written: 1 - 0.555 reads 0.445, not 0.44499999999999995.
            win_rate: (if black { percent } else { 100.0 - percent } * 100.0).round() / 10_000.0,
            score_lead: lead.map(|s| if black { s } else { -s }),
            visits,
            best: best.filter(|&p| size.contains(p)),
        })
    }
}
