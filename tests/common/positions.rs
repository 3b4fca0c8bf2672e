//! Positions for the estimator's property tests: random games stopped at any move (open
//! fights, unfinished borders) or played out (settled groups), and the real games of the
//! corpus (`scored/`, `replay/`) replayed to several points of each record.

#![allow(dead_code)] // each test file uses its own subset

use std::path::{Path, PathBuf};
use tengen::{sgf, Board, Color, Point};

/// A position and the player to move.
pub struct Position {
    /// Where it comes from, for the failure messages.
    pub name: String,
    pub board: Board,
    pub to_move: Color,
}

/// The corpus directory (`TENGEN_CORPUS`, or `../shared/corpus` beside the crate), if present.
pub fn corpus_dir() -> Option<PathBuf> {
    let mut candidates = Vec::new();
    if let Some(v) = std::env::var_os("TENGEN_CORPUS").filter(|v| !v.is_empty()) {
        let p = PathBuf::from(v);
        if p.is_file() {
            candidates.extend(p.parent().map(Path::to_path_buf));
        } else {
            candidates.push(p);
        }
    }
    let root = std::env::var_os("CARGO_MANIFEST_DIR")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from);
    candidates.push(root.join("../shared/corpus"));
    candidates.into_iter().find(|c| c.join("scored").is_dir())
}

/// The positions of the SGF records in `dir/sub` (sorted by name, every `stride`-th from
/// `first`) after each of `fractions` (in percent) of their main line's moves. A record that
/// does not parse or replay is cut where it stops.
pub fn record_positions(
    dir: &Path,
    sub: &str,
    first: usize,
    stride: usize,
    fractions: &[usize],
) -> Vec<Position> {
    let Ok(entries) = std::fs::read_dir(dir.join(sub)) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for path in files.iter().skip(first).step_by(stride.max(1)) {
        let name = path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let Ok(bytes) = std::fs::read(path) else {
            continue;
        };
        let Ok(mut collection) = sgf::parse(&bytes) else {
            continue;
        };
        if collection.games.is_empty() {
            continue;
        }
        let tree = collection.games.remove(0);
        let Ok(size) = tree.size() else {
            continue;
        };
        let mut board = Board::new(size);
        let mut stones: Vec<(Point, Color)> = Vec::new();
        let mut moves = Vec::new();
        for id in tree.main_line() {
            let Some(node) = tree.get(id) else { break };
            if let Ok(setup) = node.setup_stones(size) {
                stones.extend(setup.black.iter().map(|&p| (p, Color::Black)));
                stones.extend(setup.white.iter().map(|&p| (p, Color::White)));
            }
            if let Ok(Some(mv)) = node.get_move(size) {
                moves.push(mv);
            }
        }
        if !stones.is_empty() {
            match Board::with_stones(size, stones.iter().copied()) {
                Ok(b) => board = b,
                Err(_) => continue,
            }
        }
        let mut played = 0;
        let mut to_move = if stones.is_empty() {
            Color::Black
        } else {
            Color::White
        };
        for &f in fractions {
            let until = moves.len() * f / 100;
            while played < until {
                let mv = moves[played];
                if let Some(p) = mv.point {
                    if board.play(p, mv.color, true).is_err() {
                        break;
                    }
                } else {
                    board.clear_ko();
                }
                to_move = mv.color.opponent();
                played += 1;
            }
            out.push(Position {
                name: format!("{sub}/{name} at move {played}"),
                board: board.clone(),
                to_move,
            });
        }
    }
    out
}
