//! What the estimate says of a chain, and the two readings of it that every step shares: the
//! dead marks of a status map, and a chain's mean ownership in its own colour's terms.

use crate::board::Board;
use crate::point::Point;

/// What a chain is, for the estimate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChainStatus {
    /// Alive (by itself).
    Alive,
    /// Dead: proposed for marking.
    Dead,
    /// Alive in seki (J89 Art. 8): never proposed dead.
    Seki,
}

/// Row-major flags of the points whose chain is dead.
pub(super) fn dead_flags(status: &[Option<ChainStatus>]) -> Vec<bool> {
    status
        .iter()
        .map(|s| *s == Some(ChainStatus::Dead))
        .collect()
}

/// The mean ownership of the stones of `chain`, of colour `sign`, in that colour's terms.
pub(super) fn own_share(board: &Board, sign: i8, chain: &[Point], ownership: &[f32]) -> f32 {
    let size = board.size();
    chain
        .iter()
        .map(|&q| ownership[size.index(q)] * f32::from(sign))
        .sum::<f32>()
        / chain.len() as f32
}
