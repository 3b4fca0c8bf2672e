//! Dead stones found for the players: per-point ownership, a status for every chain and the
//! proposed dead set, for any position and either player to move.
//!
//! The exact analysis decides what it can, and the playouts only the rest:
//! 1. Random playouts (the crate's private `playout` module), inside Rust, half of them with each player moving
//!    first, give every point an ownership in [-1, 1] (Black positive): the mean of its final
//!    owner.
//! 2. A chain is proposed dead when its stones' mean ownership, in its own colour's terms, is
//!    below [`DEAD_BELOW`].
//! 3. The life-and-death analysis of the position with those marks ([`crate::life`]) corrects
//!    them where it has a proof: a chain it proves capturable is dead, one it proves
//!    uncapturable is alive (J89 Art. 7.1), and chains alive in seki are never dead (Art. 8).
//! 4. Two chains of opposite colours next to each other or sharing a liberty are never both
//!    dead (the area of a dead chain is its opponent's): where the analysis leaves a pair next
//!    to each other, the one with more liberties wins the capturing race and is alive (on
//!    equal liberties, the one the playouts gave more of its own points); the pairs sharing a
//!    liberty are analysed unmarked, and the seki found there kept (random play breaks small
//!    seki); then the analysis looks again.
//! 5. The proposal's own invariants are made to hold whatever the playouts said
//!    (`enforce.rs`): no two dead neighbours of opposite colours, no live chain that the
//!    analysis with the proposed marks proves capturable unless reported in
//!    [`Estimate::warnings`], no chain in seki dead.
//!
//! Deterministic for a given seed.

mod enforce;
mod status;
pub use enforce::SEKI_TEST_FROM;
pub use status::ChainStatus;
use status::{dead_flags, own_share};

#[doc(hidden)]
pub use crate::playout::bench_playouts;

use crate::board::Board;
use crate::color::Color;
use crate::life::warning::{Warning, WarningCode};
use crate::life::{Analysis, PointLife};
use crate::playout::{Playout, Rng};
use crate::point::Point;

/// The most playouts one estimate runs.
pub const MAX_PLAYOUTS: u32 = 100_000;

/// A chain whose mean ownership, in its own colour's terms, is below this is dead.
pub const DEAD_BELOW: f32 = 0.2;

/// How an estimate runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EstimateOptions {
    /// Playouts to run; 0 chooses by board size (120,000 points over the playouts, at most 800 playouts).
    pub playouts: u32,
    /// The seed of the playouts: the same seed gives the same estimate.
    pub seed: u64,
}

impl Default for EstimateOptions {
    fn default() -> EstimateOptions {
        EstimateOptions {
            playouts: 0,
            seed: 1,
        }
    }
}

impl EstimateOptions {
    /// The number of playouts for a board of `area` points: `playouts`, at most
    /// [`MAX_PLAYOUTS`] (so no request can run for minutes), or by size when 0.
    pub fn playouts_for(&self, area: usize) -> u32 {
        if self.playouts > 0 {
            self.playouts.min(MAX_PLAYOUTS)
        } else {
            (120_000 / area.max(1)).clamp(64, 800) as u32
        }
    }
}

/// The estimate of a position.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// Per point, row-major: Black's share minus White's, in [-1, 1].
    pub ownership: Vec<f32>,
    /// Per point, row-major: the status of the chain of the stone there (`None` if empty).
    pub status: Vec<Option<ChainStatus>>,
    /// The stones proposed dead, row-major.
    pub dead: Vec<Point>,
    /// The stones alive in seki, row-major.
    pub seki: Vec<Point>,
    /// The number of playouts run.
    pub playouts: u32,
    /// The chains left alive that the analysis with the proposed marks proves capturable (J89
    /// Art. 7.1), as the count reports them.
    pub warnings: Vec<Warning>,
}

impl Estimate {
    /// The proposed dead marks, row-major flags (as [`crate::score::score`] takes them).
    pub fn dead_marks(&self) -> Vec<bool> {
        dead_flags(&self.status)
    }
}

/// Estimates `board` with `to_move` to play (see the module documentation).
pub fn estimate(board: &Board, to_move: Color, options: &EstimateOptions) -> Estimate {
    let size = board.size();
    let area = size.area();
    let signs = board.to_signs();

    // 1. The playouts, half with each player first.
    let n = options.playouts_for(area);
    let mut sum = vec![0i32; area];
    let mut owner = vec![0i8; area];
    let mut engines = [
        Playout::new(board, to_move),
        Playout::new(board, to_move.opponent()),
    ];
    let mut rng = Rng::new(options.seed);
    for k in 0..n {
        engines[(k & 1) as usize].run(&mut rng, &mut owner);
        for (s, &o) in sum.iter_mut().zip(&owner) {
            *s += i32::from(o);
        }
    }
    let ownership: Vec<f32> = sum.iter().map(|&s| s as f32 / n.max(1) as f32).collect();

    // 2. Every chain by the playouts: dead when its stones end up, on average, the
    // opponent's.
    let mut status: Vec<Option<ChainStatus>> = vec![None; area];
    for i in 0..area {
        if signs[i] == 0 || status[i].is_some() {
            continue;
        }
        let chain = board.chain(size.point_at(i));
        let s = if own_share(board, signs[i], &chain, &ownership) < DEAD_BELOW {
            ChainStatus::Dead
        } else {
            ChainStatus::Alive
        };
        for &q in &chain {
            status[size.index(q)] = Some(s);
        }
    }

    // 3. The exact analysis with these marks corrects them (J89 Art. 7, 8).
    correct(board, &signs, &mut status);
    // 4. Two chains of opposite colours next to each other or sharing a liberty are not both
    // dead (one's area is the other's). Where the analysis left such pairs: a pair next to
    // each other is a capturing race, decided by liberties; the analysis looks at the rest
    // unmarked for a seki; then it looks again at the whole.
    let race = race_winners(board, &signs, &ownership, &mut status);
    if mutual_seki(board, &signs, &mut status) || race {
        correct(board, &signs, &mut status);
    }
    // 5. The proposal's own invariants, whatever the playouts said.
    let warnings = enforce::enforce(board, &signs, &ownership, &mut status);
    let points = |want: ChainStatus| -> Vec<Point> {
        (0..area)
            .filter(|&i| status[i] == Some(want))
            .map(|i| size.point_at(i))
            .collect()
    };
    Estimate {
        dead: points(ChainStatus::Dead),
        seki: points(ChainStatus::Seki),
        ownership,
        status,
        playouts: n,
        warnings,
    }
}

/// The analysis of `board` with the dead marks of `status` corrects them where it has a proof:
/// a chain it proves capturable is dead, one it proves uncapturable is alive (J89 Art. 7.1),
/// and chains alive in seki are never dead (Art. 8). Twice at most, since a correction can
/// change what the next analysis sees.
fn correct(board: &Board, signs: &[i8], status: &mut [Option<ChainStatus>]) {
    let size = board.size();
    for _ in 0..2 {
        let analysis = Analysis::of_signs(board, signs, &dead_flags(status));
        let mut changed = false;
        for warning in &analysis.warnings {
            let to = match warning.code {
                WarningCode::Capturable => ChainStatus::Dead,
                WarningCode::Uncapturable => ChainStatus::Alive,
            };
            for p in &warning.points {
                changed |= status[size.index(*p)] != Some(to);
                status[size.index(*p)] = Some(to);
            }
        }
        for (i, life) in analysis.points.iter().enumerate() {
            if let PointLife::Seki(_) = life {
                status[i] = Some(ChainStatus::Seki);
            }
        }
        if !changed {
            break;
        }
    }
}

/// The dead chains next to a dead chain of the other colour, or sharing a liberty with one,
/// are looked at unmarked, all at once: those the analysis then finds alive in seki (J89 Art.
/// 8) are in seki. Random play breaks small seki (whoever fills a shared liberty loses), so
/// both sides of one come out of the playouts dead. Whether anything changed.
fn mutual_seki(board: &Board, signs: &[i8], status: &mut [Option<ChainStatus>]) -> bool {
    let size = board.size();
    let (w, h) = (size.width() as usize, size.height() as usize);
    let dead = |i: usize| status[i] == Some(ChainStatus::Dead);
    // Per point: the colours of the dead stones it touches or holds (bit 0 Black, bit 1 White).
    let bit = |i: usize| if signs[i] > 0 { 1u8 } else { 2 };
    let mut involved = vec![false; w * h];
    let mut any = false;
    for i in 0..w * h {
        let (x, y) = (i % w, i / w);
        let around = [
            (x > 0).then(|| i - 1),
            (x + 1 < w).then_some(i + 1),
            (y > 0).then(|| i - w),
            (y + 1 < h).then_some(i + w),
        ];
        let mut colours = if signs[i] != 0 && dead(i) { bit(i) } else { 0 };
        for j in around.into_iter().flatten() {
            if signs[j] != 0 && dead(j) && (signs[i] == 0 || signs[i] == -signs[j]) {
                colours |= bit(j);
            }
        }
        if colours == 3 {
            any = true;
            for j in around.into_iter().flatten().chain([i]) {
                if signs[j] != 0 && dead(j) {
                    for q in board.chain(size.point_at(j)) {
                        involved[size.index(q)] = true;
                    }
                }
            }
        }
    }
    if !any {
        return false;
    }
    let trial: Vec<bool> = (0..w * h).map(|i| dead(i) && !involved[i]).collect();
    let analysis = Analysis::of_signs(board, signs, &trial);
    let mut changed = false;
    for (i, life) in analysis.points.iter().enumerate() {
        if involved[i] && matches!(life, PointLife::Seki(_)) {
            status[i] = Some(ChainStatus::Seki);
            changed = true;
        }
    }
    changed
}

/// For each pair of dead chains of opposite colours next to each other, the one that wins
/// their capturing race is alive: the one with more liberties, or on equal liberties the one
/// the playouts gave more of its own points. Whether anything changed.
fn race_winners(
    board: &Board,
    signs: &[i8],
    ownership: &[f32],
    status: &mut [Option<ChainStatus>],
) -> bool {
    let size = board.size();
    let (w, h) = (size.width() as usize, size.height() as usize);
    let dead = |status: &[Option<ChainStatus>], i: usize| status[i] == Some(ChainStatus::Dead);
    let strength = |i: usize| {
        let chain = board.chain(size.point_at(i));
        let own = own_share(board, signs[i], &chain, ownership);
        (board.liberties(size.point_at(i)), own)
    };
    let mut changed = false;
    for i in 0..w * h {
        let (x, y) = (i % w, i / w);
        let right = (x + 1 < w).then_some(i + 1);
        let below = (y + 1 < h).then_some(i + w);
        for j in [right, below].into_iter().flatten() {
            if signs[i] == 0 || signs[j] != -signs[i] || !dead(status, i) || !dead(status, j) {
                continue;
            }
            let (a, b) = (strength(i), strength(j));
            let winner = if a.0 != b.0 {
                if a.0 > b.0 {
                    i
                } else {
                    j
                }
            } else if a.1 >= b.1 {
                i
            } else {
                j
            };
            for q in board.chain(size.point_at(winner)) {
                status[size.index(q)] = Some(ChainStatus::Alive);
            }
            changed = true;
        }
    }
    changed
}
