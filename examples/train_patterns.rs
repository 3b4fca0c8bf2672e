//! Learns the computer player's pattern weights from strong players' games, and writes them as
//! the Rust table `src/playout/pattern_table.rs`.
//!
//!     cargo run --release --example train_patterns -- ../shared/corpus/ai-games ../shared/corpus/replay > src/playout/pattern_table.rs
//!
//! Every even 19x19 record (no handicap, no set-up stones) of the directories given is replayed
//! along its main line. Before each move, every empty point where the player to move may play
//! (not suicide, not the basic ko, not its own eye) is a candidate, described by its pattern:
//! the 3x3 square around it with the colours seen from the mover (own, opponent's, empty, off
//! the board) and, for the four points next to it, whether the stone there is in atari. A
//! pattern's weight is how often it was played when it was there to play, against how often
//! any candidate was: `log2((played / offered) / (all played / all offered))`, stored in
//! quarters and clamped to `i8`, for the patterns offered at least `MIN_OFFERED` times (the
//! others have no weight: 0). The key layout and its symmetries are those of
//! `src/playout/patterns.rs`; the table holds one orientation of each pattern (the smallest key
//! of its eight), the player expands the others.

use std::collections::HashMap;
use std::path::Path;
use tengen::player::{canonical_pattern, pattern_key};
use tengen::{sgf, Board, Color, Point, Size};

/// Patterns offered fewer times than this are left out of the table (too few to weigh).
const MIN_OFFERED: u64 = 200;

/// The main-line moves of a record's first game, if it is an even 19x19 game (no handicap, no
/// set-up stones); passes, and moves the record cannot say, are left out.
fn main_line(bytes: &[u8]) -> Option<Vec<(Color, Point)>> {
    let mut collection = sgf::parse(bytes).ok()?;
    if collection.games.is_empty() {
        return None;
    }
    let tree = collection.games.remove(0);
    let size = tree.size().ok()?;
    if size != Size::square(19).ok()? {
        return None;
    }
    let mut moves = Vec::new();
    for (n, id) in tree.main_line().into_iter().enumerate() {
        let node = tree.get(id)?;
        if node.has_setup() || (n == 0 && node.get("HA").is_some_and(|h| h.trim() != "0")) {
            return None;
        }
        if let Ok(Some(mv)) = node.get_move(size) {
            if let Some(p) = mv.point {
                moves.push((mv.color, p));
            }
        }
    }
    Some(moves)
}

fn main() {
    let dirs: Vec<String> = std::env::args().skip(1).collect();
    if dirs.is_empty() {
        eprintln!("usage: train_patterns DIR... > src/playout/pattern_table.rs");
        std::process::exit(2);
    }
    let mut files = Vec::new();
    for d in &dirs {
        let mut here: Vec<_> = std::fs::read_dir(Path::new(d))
            .expect("a readable directory")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")))
            .collect();
        here.sort();
        files.extend(here);
    }
    let size = Size::square(19).expect("19x19");
    let mut counts: HashMap<u32, (u64, u64)> = HashMap::new();
    let (mut games, mut positions) = (0u64, 0u64);
    for f in &files {
        let Some(moves) = main_line(&std::fs::read(f).expect("a readable file")) else {
            continue;
        };
        games += 1;
        let mut board = Board::new(size);
        for (c, p) in moves {
            if board.probe(p, c, false).is_err() {
                break;
            }
            // Which stones are in atari, once per position.
            let mut in_atari = vec![false; 361];
            let mut done = vec![false; 361];
            for y in 0..19u8 {
                for x in 0..19u8 {
                    let q = Point::new(x, y);
                    let k = y as usize * 19 + x as usize;
                    if done[k] || board.get(q).is_none() {
                        continue;
                    }
                    let one = board.liberties(q) == 1;
                    for s in board.chain(q) {
                        let ks = s.y as usize * 19 + s.x as usize;
                        done[ks] = true;
                        in_atari[ks] = one;
                    }
                }
            }
            let mut offered = Vec::new();
            for q in board.empty_points() {
                if board.is_eyeish(q, c) || board.probe(q, c, false).is_err() {
                    continue;
                }
                let key = pattern_key(&board, q, c, |s| in_atari[s.y as usize * 19 + s.x as usize]);
                offered.push((q, canonical_pattern(key)));
            }
            for &(q, k) in &offered {
                let e = counts.entry(k).or_default();
                e.1 += 1;
                if q == p {
                    e.0 += 1;
                }
            }
            positions += 1;
            board.play(p, c, false).expect("a legal move");
        }
    }
    let played: u64 = counts.values().map(|v| v.0).sum();
    let offered: u64 = counts.values().map(|v| v.1).sum();
    let base = played as f64 / offered as f64;
    let mut table: Vec<(u32, i8)> = counts
        .iter()
        .filter(|(_, v)| v.1 >= MIN_OFFERED)
        .map(|(&k, v)| {
            // Half a played move added, so that a pattern never played still has a finite weight.
            let rate = (v.0 as f64 + 0.5) / v.1 as f64;
            let w = (4.0 * (rate / base).log2()).round().clamp(-127.0, 127.0) as i8;
            (k, w)
        })
        .filter(|&(_, w)| w != 0)
        .collect();
    table.sort();
    eprintln!(
        "{games} games, {positions} positions, {played} moves played of {offered} offered; \
         {} patterns, {} in the table",
        counts.len(),
        table.len()
    );
    println!("// Generated by `cargo run --release --example train_patterns -- ../shared/corpus/ai-games ../shared/corpus/replay`:");
    println!(
        "// {games} games, {positions} positions. Do not edit; see examples/train_patterns.rs."
    );
    println!();
    println!("/// Pattern keys (one orientation each, the low 20 bits) with their weights in quarters of");
    println!("/// log2 (the high 8 bits, an `i8`).");
    println!("#[rustfmt::skip]");
    println!("pub(super) static TABLE: [u32; {}] = [", table.len());
    for chunk in table.chunks(8) {
        let row: Vec<String> = chunk
            .iter()
            .map(|&(k, w)| format!("{:#010x}", k | u32::from(w as u8) << 24))
            .collect();
        println!("    {},", row.join(", "));
    }
    println!("];");
}
