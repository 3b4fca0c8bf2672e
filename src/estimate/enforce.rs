//! Step 5 of the proposal: its own invariants, made to hold whatever the playouts said.
//!
//! - (a) Two chains of opposite colours next to each other are never both dead: the area of a
//!   dead chain is its opponent's, so one of two neighbours lives.
//! - (b) No chain is left alive that the analysis with the proposed marks proves capturable
//!   (J89 Art. 7.1): it is dead, or reported in the estimate's warnings.
//! - (c) No chain in seki is dead (J89 Art. 8): a dead chain that the playouts did not call
//!   surely dead (mean own ownership at least [`SEKI_TEST_FROM`]) is in seki when the analysis,
//!   with the proposed marks but that chain and the opposite-colour chains it touches or shares
//!   a liberty with unmarked, finds it in seki together with one of those chains, over a
//!   liberty the two share that neither player can fill (the move is illegal, or captures
//!   nothing and is left in atari).
//!
//! First, a live chain beside a dead chain of the opponent in atari (one it could take) is
//! dead if the analysis of the bare position proves it capturable: the mark hid the capture.
//! Then rounds, each with the analysis of the current marks: the chains it proves capturable are
//! dead and those it proves uncapturable alive (only in the first [`PROVING_ROUNDS`]); each
//! pair of dead neighbours is a capturing race, and its winner lives (against a chain the
//! analysis proved capturable, the other one; else the one with more liberties, then the one
//! the playouts favoured; between two proven chains, the playouts first); once these change
//! nothing, each dead chain is tested for seki as (c) says, and kept alive in
//! seki if it is. After the proving rounds a round only takes dead marks off, so the rounds
//! end; the marks of the last round, which changed nothing, are those its analysis saw, and
//! its capturable warnings are the estimate's.

use super::status::{dead_flags, own_share, ChainStatus};
use crate::board::Board;
use crate::color::Color;
use crate::life::warning::{Warning, WarningCode};
use crate::life::{Analysis, PointLife};
use crate::point::Point;

/// The rounds in which the analysis's proofs may mark a chain dead; after them, rounds only
/// take marks off (a wrong dead mark costs the player more than a missing one).
const PROVING_ROUNDS: usize = 4;

/// A dead chain is tested for seki only where the playouts could not tell: its mean ownership,
/// in its own colour's terms, at least this. Where they are sure it dies, they read the races
/// that the analysis, unmarked, takes for seki (a sacrifice of a killing shape, J89 Art. 7.1).
pub const SEKI_TEST_FROM: f32 = -0.5;

/// The chains of a board: per point its chain's number (`usize::MAX` if empty), and per chain
/// its stones (row-major indices).
struct Chains {
    id: Vec<usize>,
    stones: Vec<Vec<usize>>,
}

impl Chains {
    fn new(board: &Board, signs: &[i8]) -> Chains {
        let size = board.size();
        let mut id = vec![usize::MAX; signs.len()];
        let mut stones = Vec::new();
        for i in 0..signs.len() {
            if signs[i] != 0 && id[i] == usize::MAX {
                let chain: Vec<usize> = board
                    .chain(size.point_at(i))
                    .into_iter()
                    .map(|q| size.index(q))
                    .collect();
                for &q in &chain {
                    id[q] = stones.len();
                }
                stones.push(chain);
            }
        }
        Chains { id, stones }
    }
}

/// The four neighbours of row-major index `i` on a `w` x `h` board.
fn around(i: usize, w: usize, h: usize) -> impl Iterator<Item = usize> {
    let (x, y) = (i % w, i / w);
    [
        (x > 0).then(|| i - 1),
        (x + 1 < w).then_some(i + 1),
        (y > 0).then(|| i - w),
        (y + 1 < h).then_some(i + w),
    ]
    .into_iter()
    .flatten()
}

/// Makes (a), (b) and (c) of the module documentation hold for `status`; returns the warnings
/// of (b): chains alive that the analysis with the final marks proves capturable.
pub(super) fn enforce(
    board: &Board,
    signs: &[i8],
    ownership: &[f32],
    status: &mut [Option<ChainStatus>],
) -> Vec<Warning> {
    let size = board.size();
    let (w, h) = (size.width() as usize, size.height() as usize);
    let chains = Chains::new(board, signs);
    let n = chains.stones.len();
    let mut proven = vec![false; n];
    let set = |status: &mut [Option<ChainStatus>], c: usize, to: ChainStatus| -> bool {
        let mut changed = false;
        for &q in &chains.stones[c] {
            changed |= status[q] != Some(to);
            status[q] = Some(to);
        }
        changed
    };
    // The analysis of the bare position (nothing marked) proves some chains capturable that
    // the marks hide: a dead chain of the opponent in atari beside them, which they could take,
    // stands on the liberty the capture needs (J89 Art. 7.1). Those are dead, and lose their
    // races. (Elsewhere the bare analysis is no proof: unmarked dead stones in the players'
    // areas mislead it.)
    let mut beside_atari = vec![false; n];
    for c in 0..n {
        let first = chains.stones[c][0];
        if status[first] == Some(ChainStatus::Dead) && board.liberties(size.point_at(first)) == 1 {
            for &s in &chains.stones[c] {
                for q in around(s, w, h) {
                    if signs[q] == -signs[first] && status[q] != Some(ChainStatus::Dead) {
                        beside_atari[chains.id[q]] = true;
                    }
                }
            }
        }
    }
    if beside_atari.iter().any(|&b| b) {
        let bare = Analysis::of_signs(board, signs, &vec![false; signs.len()]);
        for warning in &bare.warnings {
            let c = chains.id[size.index(warning.points[0])];
            if warning.code == WarningCode::Capturable && beside_atari[c] {
                proven[c] = true;
                set(status, c, ChainStatus::Dead);
            }
        }
    }
    let mut round = 0;
    loop {
        let proving = round < PROVING_ROUNDS;
        round += 1;
        let analysis = Analysis::of_signs(board, signs, &dead_flags(status));
        let mut changed = false;
        // The analysis's proofs (J89 Art. 7.1): capturable chains are dead, uncapturable ones
        // alive; chains it finds in seki are (Art. 8).
        if proving {
            for warning in &analysis.warnings {
                let c = chains.id[size.index(warning.points[0])];
                let to = match warning.code {
                    WarningCode::Capturable => {
                        proven[c] = true;
                        ChainStatus::Dead
                    }
                    WarningCode::Uncapturable => ChainStatus::Alive,
                };
                changed |= set(status, c, to);
            }
        }
        for (i, life) in analysis.points.iter().enumerate() {
            if let PointLife::Seki(_) = life {
                if status[i] == Some(ChainStatus::Alive) {
                    status[i] = Some(ChainStatus::Seki);
                }
            }
        }
        // (a) Races between dead neighbours.
        let dead = |status: &[Option<ChainStatus>], i: usize| status[i] == Some(ChainStatus::Dead);
        for i in 0..w * h {
            for j in around(i, w, h) {
                if j < i || signs[i] == 0 || signs[j] != -signs[i] {
                    continue;
                }
                if !dead(status, i) || !dead(status, j) {
                    continue;
                }
                let (a, b) = (chains.id[i], chains.id[j]);
                let winner = if proven[a] != proven[b] {
                    if proven[a] {
                        b
                    } else {
                        a
                    }
                } else {
                    let strength = |c: usize| {
                        let p = size.point_at(chains.stones[c][0]);
                        let chain = board.chain(p);
                        let s = signs[chains.stones[c][0]];
                        (board.liberties(p), own_share(board, s, &chain, ownership))
                    };
                    let (sa, sb) = (strength(a), strength(b));
                    // Two chains both proven capturable (each with the other's mark): the
                    // liberties say nothing, the playouts decide.
                    let wins = if proven[a] {
                        sa.1 > sb.1 || (sa.1 == sb.1 && sa.0 >= sb.0)
                    } else {
                        sa.0 > sb.0 || (sa.0 == sb.0 && sa.1 >= sb.1)
                    };
                    if wins {
                        a
                    } else {
                        b
                    }
                };
                changed |= set(status, winner, ChainStatus::Alive);
            }
        }
        // (c) Seki tests of the dead chains, once the proofs and the races are settled (a
        // chain left alive that can be captured makes false seki around it).
        if !changed {
            changed = seki_tests(board, signs, ownership, &chains, status, w, h);
        }
        if !changed {
            return analysis
                .warnings
                .into_iter()
                .filter(|w| w.code == WarningCode::Capturable)
                .collect();
        }
    }
}

/// Each dead chain, with the opposite-colour chains it touches or shares a liberty with, is
/// analysed unmarked (the other marks kept): if the analysis finds it in seki (J89 Art. 8),
/// it is in seki, and so are those of its partners found in seki. Whether anything changed.
fn seki_tests(
    board: &Board,
    signs: &[i8],
    ownership: &[f32],
    chains: &Chains,
    status: &mut [Option<ChainStatus>],
    w: usize,
    h: usize,
) -> bool {
    let n = chains.stones.len();
    let mut changed = false;
    let mut unmark = vec![false; n];
    for c in 0..n {
        let first = chains.stones[c][0];
        if status[first] != Some(ChainStatus::Dead) {
            continue;
        }
        let sign = signs[first];
        let share = chains.stones[c]
            .iter()
            .map(|&q| ownership[q] * f32::from(sign))
            .sum::<f32>()
            / chains.stones[c].len() as f32;
        if share < SEKI_TEST_FROM {
            continue;
        }
        unmark.iter_mut().for_each(|u| *u = false);
        unmark[c] = true;
        for &s in &chains.stones[c] {
            for q in around(s, w, h) {
                if signs[q] == -sign {
                    unmark[chains.id[q]] = true;
                } else if signs[q] == 0 {
                    for r in around(q, w, h) {
                        if signs[r] == -sign {
                            unmark[chains.id[r]] = true;
                        }
                    }
                }
            }
        }
        let trial: Vec<bool> = (0..w * h)
            .map(|i| status[i] == Some(ChainStatus::Dead) && !unmark[chains.id[i]])
            .collect();
        let analysis = Analysis::of_signs(board, signs, &trial);
        // In seki with a partner, over a liberty they share that nobody can fill: a chain the
        // analysis finds in seki alone borders a dame only because its opponent's area around
        // it is open (a stone thrown into a wide area), and one whose shared liberties its
        // opponent can fill may lose the race to a sacrifice the analysis does not read.
        let seki = |i: usize| matches!(analysis.points[i], PointLife::Seki(_));
        if !seki(first) {
            continue;
        }
        let size = board.size();
        let shared = chains.stones[c].iter().any(|&s| {
            around(s, w, h).any(|l| {
                signs[l] == 0
                    && around(l, w, h).any(|q| signs[q] == -sign && unmark[chains.id[q]] && seki(q))
                    && nobody_fills(board, size.point_at(l))
            })
        });
        if !shared {
            continue;
        }
        for (i, life) in analysis.points.iter().enumerate() {
            if signs[i] != 0 && unmark[chains.id[i]] && matches!(life, PointLife::Seki(_)) {
                changed |= status[i] != Some(ChainStatus::Seki);
                status[i] = Some(ChainStatus::Seki);
            }
        }
    }
    changed
}

/// Whether neither player can fill the empty point `p` (a dame of a seki, J89 Art. 8): for
/// each, the move is illegal, or captures nothing and leaves its chain in atari.
fn nobody_fills(board: &Board, p: Point) -> bool {
    [Color::Black, Color::White].into_iter().all(|c| {
        let mut after = board.clone();
        match after.play(p, c, false) {
            Err(_) => true,
            Ok(captured) => captured == 0 && after.liberties(p) <= 1,
        }
    })
}
