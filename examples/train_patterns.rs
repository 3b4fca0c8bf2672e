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
use tengen::{Board, Color, Point, Size};

/// Patterns offered fewer times than this are left out of the table (too few to weigh).
const MIN_OFFERED: u64 = 200;

/// The records' main-line moves, if the record is an even 19x19 game.
fn main_line(text: &str) -> Option<Vec<(Color, Point)>> {
    let b = text.as_bytes();
    let mut moves = Vec::new();
    let mut i = 0;
    let mut ident = String::new();
    let mut prop = String::new();
    while i < b.len() {
        match b[i] {
            b')' => break,
            b'[' => {
                let mut value = Vec::new();
                i += 1;
                while i < b.len() && b[i] != b']' {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    if i < b.len() {
                        value.push(b[i]);
                    }
                    i += 1;
                }
                if !ident.is_empty() {
                    prop = std::mem::take(&mut ident);
                }
                let value = String::from_utf8_lossy(&value).into_owned();
                match prop.as_str() {
                    "SZ" if value.trim() != "19" => return None,
                    "HA" if value.trim() != "0" => return None,
                    "AB" | "AW" => return None,
                    "B" | "W" => {
                        let c = if prop == "B" {
                            Color::Black
                        } else {
                            Color::White
                        };
                        let v = value.as_bytes();
                        if v.len() == 2 && v[0] < b's' && v[1] < b's' {
                            moves.push((c, Point::new(v[0] - b'a', v[1] - b'a')));
                        }
                    }
                    _ => {}
                }
            }
            c if c.is_ascii_uppercase() => ident.push(c as char),
            _ => {}
        }
        i += 1;
    }
    Some(moves)
}

/// The pattern key of a move of `c` on the empty point `p` (see `src/playout/patterns.rs`):
/// two bits for each of the eight neighbours in reading order (0 empty, 1 the mover's,
/// 2 the opponent's, 3 off the board), then one bit for each of the four next to it (up,
/// left, right, down) whose stone is in atari.
fn key(board: &Board, in_atari: &[bool], p: Point, c: Color) -> u32 {
    let size = board.size();
    let mut key = 0u32;
    let mut atari = 0u32;
    let mut k = 0;
    let mut side = 0;
    for dy in -1i32..=1 {
        for dx in -1i32..=1 {
            if dx == 0 && dy == 0 {
                continue;
            }
            let (x, y) = (i32::from(p.x) + dx, i32::from(p.y) + dy);
            let inside = x >= 0 && y >= 0 && x < size.width() as i32 && y < size.height() as i32;
            let v = if !inside {
                3
            } else {
                let q = Point::new(x as u8, y as u8);
                match board.get(q) {
                    None => 0,
                    Some(s) => {
                        if dx == 0 || dy == 0 {
                            atari |= u32::from(in_atari[y as usize * 19 + x as usize]) << side;
                        }
                        if s == c {
                            1
                        } else {
                            2
                        }
                    }
                }
            };
            if dx == 0 || dy == 0 {
                side += 1;
            }
            key |= v << (2 * k);
            k += 1;
        }
    }
    key | atari << 16
}

/// The key after the `k`-th of the eight symmetries of the square (as `src/playout/patterns.rs`).
fn orient(key: u32, k: usize) -> u32 {
    // Cells of the 3x3 square in reading order, the centre (4) included; the code's eight
    // neighbours are the cells other than 4.
    const CELL: [usize; 8] = [0, 1, 2, 3, 5, 6, 7, 8];
    const SIDE: [usize; 4] = [1, 3, 5, 7];
    let map = |cell: usize| -> usize {
        let (mut r, mut c) = (cell / 3, cell % 3);
        if k >= 4 {
            c = 2 - c;
        }
        for _ in 0..k % 4 {
            (r, c) = (c, 2 - r);
        }
        r * 3 + c
    };
    let mut out = 0u32;
    for (n, &cell) in CELL.iter().enumerate() {
        let v = (key >> (2 * n)) & 3;
        let to = CELL
            .iter()
            .position(|&x| x == map(cell))
            .expect("a neighbour");
        out |= v << (2 * to);
    }
    for (n, &cell) in SIDE.iter().enumerate() {
        let a = (key >> (16 + n)) & 1;
        let to = SIDE.iter().position(|&x| x == map(cell)).expect("a side");
        out |= a << (16 + to);
    }
    out
}

fn canonical(key: u32) -> u32 {
    (0..8).map(|k| orient(key, k)).min().expect("eight")
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
        let text =
            String::from_utf8_lossy(&std::fs::read(f).expect("a readable file")).into_owned();
        let Some(moves) = main_line(&text) else {
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
                offered.push((q, canonical(key(&board, &in_atari, q, c))));
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
