//! Whether a game is over for the computer player: a position is settled when no point is
//! left that either side could still profitably play, as far as the count's own analysis
//! ([`crate::life`], the one behind [`crate::Game::score_with`]) and the estimator's playouts
//! both can tell.
//!
//! With the estimator's dead marks (or none, where the rules count the board as it stands),
//! the position is settled when:
//! 1. **the count is closed**: the analysis finds no dame (J89 Art. 8: every empty point is
//!    territory, an eye or a shared liberty of a seki, or a point its owner must fill) and no
//!    mark that contradicts J89 Art. 7 (no warning);
//! 2. **every chain is decided**: a chain alive by itself has a mean ownership in its own
//!    colour's terms of at least [`DECIDED`], a dead chain at most `-DECIDED`, and a chain the
//!    analysis finds in seki (Art. 8) needs neither (random play breaks small seki);
//! 3. **dead stones lie in closed areas**: a dead chain stands in territory of the opponent
//!    (its area's chains are alive by themselves, none of them weak) or in the eye of a seki;
//! 4. **the areas are the owner's**: in each connected area of one player's territory (its
//!    empty points and the dead stones on them), the mean ownership in the owner's terms is at
//!    least [`CLOSED`]: an open border between areas, or a moyo the opponent can still reduce
//!    or invade, comes out of the playouts shared;
//! 5. **no side is wholly dead**: a player with stones on the board has a live chain among
//!    them. When the estimator calls a whole side dead, the game is over only if the count of
//!    the board as it stands says so too (the caller's business).
//!
//! A dead chain's size is not compared with the area around it: a dead chain can fill most of
//! a small eye space (a captured nakade shape keeps a liberty or two) and still be over, and
//! conditions 2 to 4 already refuse a large "dead" group in an open area.
//!
//! The thresholds come from the counted games of the real-games corpus (every chain and area
//! of their final positions above them in all but a handful of lopsided or seki-heavy games)
//! and from positions of unfinished games where the estimator's marks alone read as a finished
//! count (a whole side dead after five moves: dead chains at +0.55, areas at -0.05).

use crate::board::Board;
use crate::color::Color;
use crate::life::{Analysis, Area, PointLife};
use crate::point::Point;

/// A chain is decided when its mean ownership in its own colour's terms is at least this
/// (alive) or at most minus this (dead).
pub const DECIDED: f32 = 0.3;

/// An area of territory is closed when the mean ownership of its points in its owner's terms is
/// at least this.
pub const CLOSED: f32 = 0.3;

/// Why a position is not settled: the first point found (row-major) where it is not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unsettled {
    /// A point that counts for nobody and that a stone can still take: a dame or an open
    /// border, or an eye of a group alive neither by itself nor in seki.
    Dame(Point),
    /// A chain whose dead mark the analysis contradicts (J89 Art. 7).
    Warning(Point),
    /// A chain the playouts do not decide: neither clearly alive nor clearly dead.
    Undecided(Point),
    /// A dead chain outside the opponent's territory (in a dame region, or in the area of weak
    /// chains).
    DeadOutsideTerritory(Point),
    /// An area of territory the playouts do not give to its owner.
    Open(Point),
    /// Every stone of this player is dead.
    WholeSideDead(Color),
}

/// Whether the position on `board` is settled (see the module documentation) with the stones
/// flagged in `dead` (row-major) dead, and `ownership` (row-major, Black positive, in [-1, 1])
/// from the estimator's playouts.
pub fn settled(board: &Board, ownership: &[f32], dead: &[bool]) -> Result<(), Unsettled> {
    let size = board.size();
    let area = size.area();
    let w = size.width() as usize;
    let analysis = Analysis::new(board, dead);
    if let Some(w) = analysis.warnings.first() {
        let at = w.points.first().copied().unwrap_or(Point::new(0, 0));
        return Err(Unsettled::Warning(at));
    }
    let own = |i: usize, c: Color| ownership.get(i).copied().unwrap_or(0.0) * f32::from(c.sign());
    // 1., 2., 3.: point by point, and chain by chain at each chain's first stone.
    let mut seen = vec![false; area];
    let mut live = [false; 2];
    let mut stones = [false; 2];
    for i in 0..area {
        let p = size.point_at(i);
        let life = analysis.points[i];
        if let PointLife::Empty(Area::Dame) = life {
            return Err(Unsettled::Dame(p));
        }
        let Some(c) = board.get(p) else { continue };
        stones[side(c)] = true;
        if seen[i] {
            continue;
        }
        let chain = board.chain(p);
        for q in &chain {
            seen[size.index(*q)] = true;
        }
        let mean = chain.iter().map(|q| own(size.index(*q), c)).sum::<f32>() / chain.len() as f32;
        match life {
            PointLife::Seki(_) => live[side(c)] = true,
            PointLife::Alive(_) => {
                live[side(c)] = true;
                if mean < DECIDED {
                    return Err(Unsettled::Undecided(p));
                }
            }
            PointLife::Dead(_, around) => {
                let closed = matches!(around, Area::Territory(o) | Area::SekiEye(o) if o != c);
                if !closed {
                    return Err(Unsettled::DeadOutsideTerritory(p));
                }
                if mean > -DECIDED {
                    return Err(Unsettled::Undecided(p));
                }
            }
            PointLife::Empty(_) => {}
        }
    }
    // 5.
    for c in [Color::Black, Color::White] {
        if stones[side(c)] && !live[side(c)] {
            return Err(Unsettled::WholeSideDead(c));
        }
    }
    // 4.: each connected area of territory, with the dead stones in it.
    let territory_of = |i: usize| match analysis.points[i] {
        PointLife::Empty(Area::Territory(o)) => Some(o),
        PointLife::Dead(c, Area::Territory(o)) if o != c => Some(o),
        _ => None,
    };
    let mut done = vec![false; area];
    let mut stack = Vec::new();
    for start in 0..area {
        let Some(owner) = territory_of(start) else {
            continue;
        };
        if done[start] {
            continue;
        }
        done[start] = true;
        stack.push(start);
        let (mut sum, mut n) = (0.0f32, 0u32);
        while let Some(i) = stack.pop() {
            sum += own(i, owner);
            n += 1;
            let (x, y) = (i % w, i / w);
            let around = [
                (x > 0).then(|| i - 1),
                (x + 1 < w).then_some(i + 1),
                (y > 0).then(|| i - w),
                (i + w < area).then_some(i + w),
            ];
            for j in around.into_iter().flatten() {
                if !done[j] && territory_of(j) == Some(owner) {
                    done[j] = true;
                    stack.push(j);
                }
            }
        }
        if sum / (n as f32) < CLOSED {
            return Err(Unsettled::Open(size.point_at(start)));
        }
    }
    Ok(())
}

/// The index of a colour in per-side arrays.
fn side(c: Color) -> usize {
    match c {
        Color::Black => 0,
        Color::White => 1,
    }
}
