//! `tengen stats`: what a collection holds: games, board sizes, rules (`RU`), results (`RE`)
//! and moves of each game's main line. Records are read leniently; no game is replayed, so a
//! folder of thousands of records is counted in moments.

use crate::args::Args;
use crate::inputs::Input;
use crate::json::{histogram, Json};
use crate::parallel;
use crate::report::Report;
use std::collections::BTreeMap;
use tengen::sgf::{self, ParseOptions};
use tengen::tree::{self, GameResult, GameTree};
use tengen::Color;

/// What one game contributes.
struct GameStats {
    size: String,
    rules: String,
    result: &'static str,
    moves: usize,
}

/// The kind of a result, for the histogram.
fn result_kind(re: Option<&str>) -> &'static str {
    let Some(re) = re else { return "none" };
    match tree::parse_result(re) {
        Some(GameResult::Score {
            winner: Color::Black,
            ..
        }) => "B+score",
        Some(GameResult::Score { .. }) => "W+score",
        Some(GameResult::Resignation(Color::Black)) => "B+resign",
        Some(GameResult::Resignation(_)) => "W+resign",
        Some(GameResult::Time(Color::Black)) => "B+time",
        Some(GameResult::Time(_)) => "W+time",
        Some(GameResult::Forfeit(Color::Black)) => "B+forfeit",
        Some(GameResult::Forfeit(_)) => "W+forfeit",
        Some(GameResult::Win(Color::Black)) => "B+",
        Some(GameResult::Win(_)) => "W+",
        Some(GameResult::Draw) => "draw",
        Some(GameResult::Void) => "void",
        Some(GameResult::Unknown) => "unknown",
        // Not one of the forms of properties.html ("RE"): free text.
        None => "other",
    }
}

fn game_stats(t: &GameTree) -> GameStats {
    let root = t.root_node();
    let size = match root.simple_text("SZ") {
        None => "19x19".to_string(),
        Some(sz) => match tree::parse_size(&sz) {
            Ok(s) => format!("{}x{}", s.width(), s.height()),
            Err(_) => format!("invalid ({sz})"),
        },
    };
    // The preset an `RU` names, else the value itself.
    let rules = match root.simple_text("RU") {
        None => "none".to_string(),
        Some(ru) if ru.trim().is_empty() => "none".to_string(),
        Some(ru) => tree::preset_for_ru(&ru).map_or_else(|| ru.trim().to_string(), str::to_string),
    };
    let main = t.main_line();
    let moves = main
        .iter()
        .filter(|&&id| t[id].has("B") || t[id].has("W"))
        .count();
    let last = *main.last().unwrap_or(&t.root());
    GameStats {
        size,
        rules,
        result: result_kind(tree::recorded_result(t, last).as_deref()),
        moves,
    }
}

fn stats_file(input: &Input) -> Result<Result<Vec<GameStats>, String>, String> {
    let bytes = input.bytes()?;
    Ok(sgf::parse_with(&bytes, ParseOptions { lenient: true })
        .map(|p| p.collection.games.iter().map(game_stats).collect())
        .map_err(|e| e.message().into_owned()))
}

fn sorted(map: BTreeMap<String, usize>) -> Vec<(String, usize)> {
    let mut v: Vec<(String, usize)> = map.into_iter().collect();
    // Most frequent first; ties by name.
    v.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    v
}

/// Runs `stats` over the inputs.
pub fn run(args: &Args, inputs: &[Input]) -> Report {
    let results = parallel::run(inputs, args.threads, args.quiet, stats_file);
    let (mut sizes, mut rules, mut results_by) =
        (BTreeMap::new(), BTreeMap::new(), BTreeMap::new());
    let mut moves: Vec<usize> = Vec::new();
    let (mut unreadable, mut not_sgf) = (0, 0);
    let mut text = String::new();
    for (input, r) in inputs.iter().zip(results) {
        match r {
            Err(why) => {
                unreadable += 1;
                text.push_str(&format!("{}: cannot read: {why}\n", input.name));
            }
            Ok(Err(why)) => {
                not_sgf += 1;
                text.push_str(&format!("{}: not read: {why}\n", input.name));
            }
            Ok(Ok(games)) => {
                for g in games {
                    *sizes.entry(g.size).or_insert(0) += 1;
                    *rules.entry(g.rules).or_insert(0) += 1;
                    *results_by.entry(g.result.to_string()).or_insert(0) += 1;
                    moves.push(g.moves);
                }
            }
        }
    }
    moves.sort_unstable();
    let games = moves.len();
    let total: usize = moves.iter().sum();
    let mean = if games == 0 {
        0.0
    } else {
        total as f64 / games as f64
    };
    let median = moves.get(games / 2).copied().unwrap_or(0);
    let mut buckets: BTreeMap<usize, usize> = BTreeMap::new();
    for m in &moves {
        *buckets.entry(m / 50 * 50).or_insert(0) += 1;
    }
    let buckets: Vec<(String, usize)> = buckets
        .into_iter()
        .map(|(b, n)| (format!("{b}-{}", b + 49), n))
        .collect();
    let (sizes, rules, results_by) = (sorted(sizes), sorted(rules), sorted(results_by));
    let files = inputs.len();
    let line = |name: &str, h: &[(String, usize)]| {
        let parts: Vec<String> = h.iter().map(|(k, n)| format!("{k} {n}")).collect();
        format!("{name}: {}\n", parts.join(", "))
    };
    text.push_str(&format!(
        "stats: {files} files, {games} games, {} files not read\n",
        unreadable + not_sgf
    ));
    text.push_str(&line("sizes", &sizes));
    text.push_str(&line("rules", &rules));
    text.push_str(&line("results", &results_by));
    text.push_str(&format!(
        "moves: min {}, median {median}, mean {mean:.1}, max {}, total {total}\n",
        moves.first().copied().unwrap_or(0),
        moves.last().copied().unwrap_or(0)
    ));
    text.push_str(&line("moves by 50", &buckets));
    Report {
        text,
        json: Json::obj(vec![
            ("command", Json::Str("stats".into())),
            ("files", Json::count(files)),
            ("games", Json::count(games)),
            ("unreadable", Json::count(unreadable)),
            ("not_sgf", Json::count(not_sgf)),
            ("sizes", histogram(&sizes)),
            ("rules", histogram(&rules)),
            ("results", histogram(&results_by)),
            (
                "moves",
                Json::obj(vec![
                    ("min", Json::count(moves.first().copied().unwrap_or(0))),
                    ("median", Json::count(median)),
                    ("mean", Json::Num((mean * 10.0).round() / 10.0)),
                    ("max", Json::count(moves.last().copied().unwrap_or(0))),
                    ("total", Json::count(total)),
                    ("histogram", histogram(&buckets)),
                ]),
            ),
        ]),
        problems: not_sgf > 0,
        io_errors: unreadable > 0,
    }
}
