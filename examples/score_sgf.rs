//! Scores the games of an SGF file and compares each count with the result the record gives.
//!
//! ```text
//! cargo run --example score_sgf -- FILE.sgf
//! ```
//!
//! Every game tree of the file is replayed along its main line under the record's own rules
//! (`RU`, `KM`, `HA`; Japanese 1989 when `RU` names no preset), leniently so that a record with
//! an illegal move is still read up to it. Where play stopped, the dead stones are the record's
//! (`TB`/`TW` territory markup) or, without markup, the estimator's proposal. The count is then
//! compared with `RE`. One line per game:
//!
//! ```text
//! game 1: 9x9, Japanese, komi 6.5, 52 moves: count B+3.5; RE B+3.5: agrees
//! ```
//!
//! Exit status: 0 when every counted record agrees, 1 when one disagrees, 2 when the file
//! cannot be read (a read error or SGF that even lenient reading refuses).

use std::process::ExitCode;
use tengen::sgf::{self, ParseOptions};
use tengen::tree::{self, GameTree, ReplayOptions};
use tengen::{Error, Phase};

/// What a record's `RE` says of the engine's count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// `RE` is a count and gives the count's winner and margin.
    Agrees,
    /// `RE` is a count and gives another winner or margin.
    Disagrees,
    /// `RE` is absent or is not a count (a resignation, a time loss, `Void`...).
    NotCounted,
}

/// One game of the file: its line of the report and the verdict.
#[derive(Clone, Debug, PartialEq)]
pub struct GameReport {
    /// The line printed for the game.
    pub line: String,
    /// `RE` against the count.
    pub verdict: Verdict,
}

/// Replays one game tree, counts it and compares the count with its `RE`.
pub fn score_game(number: usize, tree: &GameTree) -> Result<GameReport, Error> {
    let options = ReplayOptions {
        lenient: true,
        ..ReplayOptions::default()
    };
    let replay = tree::replay(tree, &options)?;
    let last = *replay.nodes.last().unwrap_or(&tree.root());
    let mut game = replay.game;
    // The record's dead stones (or the estimator's proposal) where play stopped.
    tree::end_of_play(tree, last, &mut game)?;
    let score = game.score();
    let rules = game.rules();
    let size = game.board().size();
    let mut line = format!(
        "game {number}: {}x{}, {}, komi {}, {} moves: count {}",
        size.width(),
        size.height(),
        tree::ru_name(rules).unwrap_or("custom rules"),
        rules.komi(),
        replay.moves,
        score.result,
    );
    if game.phase() == Phase::Playing {
        line.push_str(" (play had not stopped: the board as it stands)");
    }
    if let Some(first) = replay.warnings.first() {
        // What the lenient replay repaired or played against the rules: the count is of the
        // record as it has it.
        line.push_str(&format!(
            " ({} replay warning{}, the first {first})",
            replay.warnings.len(),
            if replay.warnings.len() == 1 { "" } else { "s" }
        ));
    }
    let recorded = tree::recorded_result(tree, last);
    let verdict = match recorded
        .as_deref()
        .map(|re| (re, tree::result_agrees(re, &score)))
    {
        Some((re, Some(true))) => {
            line.push_str(&format!("; RE {re}: agrees"));
            Verdict::Agrees
        }
        Some((re, Some(false))) => {
            line.push_str(&format!("; RE {re}: DISAGREES"));
            Verdict::Disagrees
        }
        Some((re, None)) => {
            line.push_str(&format!("; RE {re}: not a count"));
            Verdict::NotCounted
        }
        None => {
            line.push_str("; no RE");
            Verdict::NotCounted
        }
    };
    Ok(GameReport { line, verdict })
}

/// Reads an SGF file's bytes (leniently: what strict reading refuses is repaired) and scores
/// each of its games. A game that cannot be replayed gets an error line and no verdict.
pub fn score_file(bytes: &[u8]) -> Result<Vec<Result<GameReport, String>>, Error> {
    let parsed = sgf::parse_with(bytes, ParseOptions { lenient: true })?;
    Ok(parsed
        .collection
        .games
        .iter()
        .enumerate()
        .map(|(i, tree)| score_game(i + 1, tree).map_err(|e| format!("game {}: {e}", i + 1)))
        .collect())
}

fn main() -> ExitCode {
    let Some(path) = std::env::args_os().nth(1) else {
        eprintln!("usage: cargo run --example score_sgf -- FILE.sgf");
        return ExitCode::from(2);
    };
    let bytes = match std::fs::read(&path) {
        Ok(bytes) => bytes,
        Err(e) => {
            eprintln!("{}: {e}", path.to_string_lossy());
            return ExitCode::from(2);
        }
    };
    let games = match score_file(&bytes) {
        Ok(games) => games,
        Err(e) => {
            eprintln!("{}: {e}", path.to_string_lossy());
            return ExitCode::from(2);
        }
    };
    let mut disagree = false;
    for game in games {
        match game {
            Ok(report) => {
                println!("{}", report.line);
                disagree |= report.verdict == Verdict::Disagrees;
            }
            Err(line) => println!("{line}"),
        }
    }
    ExitCode::from(u8::from(disagree))
}
