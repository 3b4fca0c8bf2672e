//! `tengen check`: each record read strictly (the grammar, then every game's main line
//! replayed under its rules, as `Game.fromSgf` does by default) and leniently (what lenient
//! reading repairs or skips, with warnings); every problem listed with its line and column.

use crate::args::Args;
use crate::inputs::Input;
use crate::json::Json;
use crate::parallel;
use crate::report::{line_col, Report};
use std::collections::HashSet;
use tengen::sgf::{self, ParseOptions};
use tengen::tree::{self, GameTree, ReplayOptions, Warning};
use tengen::Error;

/// One problem of a record.
struct Problem {
    /// `error`: strict reading refuses the record; `warning`: something was repaired, guessed
    /// or skipped.
    severity: &'static str,
    /// `strict` or `lenient`.
    reading: &'static str,
    /// The game tree of the collection (from 0), when the problem is in one game's replay.
    game: Option<usize>,
    offset: Option<usize>,
    /// The error's code (`sgf`, `illegalMove`...) or `warning`.
    code: &'static str,
    message: String,
}

/// A record's outcome: its problems, or why it could not be read.
enum Checked {
    Read {
        games: usize,
        strict_ok: bool,
        problems: Vec<(Problem, Option<(usize, usize)>)>,
    },
    Unreadable(String),
}

fn options(lenient: bool) -> ParseOptions {
    ParseOptions { lenient }
}

/// Where an error is in the input: an `sgf` error's offset, or the node of an illegal move.
fn error_offset(e: &Error, tree: Option<&GameTree>) -> Option<usize> {
    match (e, tree) {
        (Error::Sgf { offset, .. }, _) => Some(*offset),
        (Error::IllegalMove { number, .. }, Some(t)) => t
            .main_line()
            .into_iter()
            .filter(|&id| t[id].has("B") || t[id].has("W"))
            .nth((*number as usize).saturating_sub(1))
            .and_then(|id| t[id].offset()),
        _ => None,
    }
}

fn error(
    reading: &'static str,
    game: Option<usize>,
    e: &Error,
    tree: Option<&GameTree>,
) -> Problem {
    Problem {
        severity: "error",
        reading,
        game,
        offset: error_offset(e, tree),
        code: e.code(),
        message: match e {
            // The offset is given as a line and column instead.
            Error::Sgf { message, .. } => (*message).to_string(),
            _ => e.message().into_owned(),
        },
    }
}

fn warning(reading: &'static str, game: Option<usize>, w: &Warning) -> Problem {
    Problem {
        severity: "warning",
        reading,
        game,
        offset: w.offset,
        code: "warning",
        message: w.message.clone(),
    }
}

/// Every problem of one reading (strict or lenient) of `bytes`.
fn read(bytes: &[u8], lenient: bool, out: &mut Vec<Problem>) -> Result<usize, ()> {
    let reading = if lenient { "lenient" } else { "strict" };
    let parsed = match sgf::parse_with(bytes, options(lenient)) {
        Ok(p) => p,
        Err(e) => {
            out.push(error(reading, None, &e, None));
            return Err(());
        }
    };
    out.extend(parsed.warnings.iter().map(|w| warning(reading, None, w)));
    let games = &parsed.collection.games;
    let mut ok = true;
    for (i, t) in games.iter().enumerate() {
        let game = (games.len() > 1).then_some(i);
        let o = ReplayOptions {
            lenient,
            ..ReplayOptions::default()
        };
        match tree::replay(t, &o) {
            Ok(r) => out.extend(r.warnings.iter().map(|w| warning(reading, game, w))),
            Err(e) => {
                ok = false;
                out.push(error(reading, game, &e, Some(t)));
            }
        }
    }
    if ok {
        Ok(games.len())
    } else {
        Err(())
    }
}

fn check(input: &Input) -> Checked {
    let bytes = match input.bytes() {
        Ok(b) => b,
        Err(why) => return Checked::Unreadable(why),
    };
    let mut all = Vec::new();
    let strict = read(&bytes, false, &mut all);
    let lenient = read(&bytes, true, &mut all);
    let games = strict.or(lenient).unwrap_or(0);
    // The same warning from both readings (a charset detected, say) is listed once.
    let mut seen = HashSet::new();
    all.retain(|p| seen.insert((p.game, p.offset, p.message.clone())));
    all.sort_by_key(|p| (p.offset.unwrap_or(0), p.severity != "error"));
    Checked::Read {
        games,
        strict_ok: strict.is_ok(),
        problems: all
            .into_iter()
            .map(|p| {
                let at = p.offset.map(|o| line_col(&bytes, o));
                (p, at)
            })
            .collect(),
    }
}

/// Runs `check` over the inputs.
pub fn run(args: &Args, inputs: &[Input]) -> Report {
    let results = parallel::run(inputs, args.threads, args.quiet, check);
    let mut text = String::new();
    let mut files = Vec::new();
    let (mut ok, mut with_problems, mut unreadable) = (0, 0, 0);
    for (input, r) in inputs.iter().zip(results) {
        match r {
            Checked::Unreadable(why) => {
                unreadable += 1;
                text.push_str(&format!("{}: cannot read: {why}\n", input.name));
                files.push(Json::obj(vec![
                    ("file", Json::Str(input.name.clone())),
                    ("status", Json::Str("unreadable".into())),
                    ("error", Json::Str(why)),
                ]));
            }
            Checked::Read {
                games,
                strict_ok,
                problems,
            } => {
                if problems.is_empty() {
                    ok += 1;
                } else {
                    with_problems += 1;
                }
                let mut list = Vec::new();
                for (p, at) in &problems {
                    let place = match at {
                        Some((l, c)) => format!("{}:{l}:{c}", input.name),
                        None => input.name.clone(),
                    };
                    let game = p.game.map_or(String::new(), |g| format!(" game {}", g + 1));
                    text.push_str(&format!(
                        "{place}: {} ({}{game}): {}\n",
                        p.severity, p.reading, p.message
                    ));
                    list.push(Json::obj(vec![
                        ("severity", Json::Str(p.severity.into())),
                        ("reading", Json::Str(p.reading.into())),
                        ("game", p.game.map_or(Json::Null, Json::count)),
                        ("line", at.map_or(Json::Null, |(l, _)| Json::count(l))),
                        ("column", at.map_or(Json::Null, |(_, c)| Json::count(c))),
                        ("offset", p.offset.map_or(Json::Null, Json::count)),
                        ("code", Json::Str(p.code.into())),
                        ("message", Json::Str(p.message.clone())),
                    ]));
                }
                let status = if problems.is_empty() {
                    "ok"
                } else {
                    "problems"
                };
                files.push(Json::obj(vec![
                    ("file", Json::Str(input.name.clone())),
                    ("status", Json::Str(status.into())),
                    ("games", Json::count(games)),
                    ("strict", Json::Bool(strict_ok)),
                    ("problems", Json::Arr(list)),
                ]));
            }
        }
    }
    text.push_str(&format!(
        "check: {} files: {ok} without problems, {with_problems} with problems, {unreadable} unreadable\n",
        inputs.len()
    ));
    Report::listing(
        "check",
        text,
        ("files", files),
        inputs.len(),
        &[
            ("ok", ok),
            ("with_problems", with_problems),
            ("unreadable", unreadable),
        ],
        with_problems > 0,
        unreadable > 0,
    )
}
