//! `tengen score`: each game's main line replayed, its final position counted with the dead
//! stones its last node marks (`TB`/`TW`), or with the estimator's proposal (`--estimate`)
//! where a game ending with a count has none, and the count compared with `RE`.

use crate::args::Args;
use crate::inputs::Input;
use crate::json::Json;
use crate::parallel;
use crate::report::{error_text, Report};
use tengen::estimate::{estimate, EstimateOptions};
use tengen::sgf;
use tengen::tree::{self, GameResult, ReplayOptions};
use tengen::{score, Phase, Rules};

/// What became of one game.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Counted, and `RE` gives the same winner and margin.
    Agrees,
    /// Counted, and `RE` gives another result.
    Disagrees,
    /// Counted; `RE` is absent or not a count, so nothing to compare.
    Counted,
    /// Not counted: the game did not end by a count, or (without `--estimate`) its dead stones
    /// are not recorded.
    NotCounted,
    /// The record cannot be read or replayed.
    Error,
}

impl Status {
    fn name(self) -> &'static str {
        match self {
            Status::Agrees => "agrees",
            Status::Disagrees => "disagrees",
            Status::Counted => "counted",
            Status::NotCounted => "not-counted",
            Status::Error => "error",
        }
    }
}

/// One game's count.
struct Scored {
    game: usize,
    status: Status,
    /// Why not counted, or the error.
    reason: Option<String>,
    rules: Option<&'static str>,
    komi: Option<f64>,
    /// `recorded` (TB/TW), `estimated`, or none when not counted.
    dead_from: Option<&'static str>,
    dead: usize,
    /// The count (`B+3.5`), its margin for Black, and the points of each side.
    result: Option<(String, f64, f64, f64)>,
    recorded: Option<String>,
}

impl Scored {
    fn error(game: usize, reason: String) -> Scored {
        Scored {
            game,
            status: Status::Error,
            reason: Some(reason),
            rules: None,
            komi: None,
            dead_from: None,
            dead: 0,
            result: None,
            recorded: None,
        }
    }
}

/// Counts every game of a record; an unreadable record is one `error` entry.
fn score_file(
    input: &Input,
    rules: Option<&Rules>,
    with_estimate: bool,
) -> Result<Vec<Scored>, String> {
    let bytes = input.bytes()?;
    let collection = match sgf::parse(&bytes) {
        Ok(c) => c,
        Err(e) => return Ok(vec![Scored::error(0, error_text(&bytes, &e))]),
    };
    let options = ReplayOptions {
        rules: rules.cloned(),
        ..ReplayOptions::default()
    };
    Ok(collection
        .games
        .iter()
        .enumerate()
        .map(|(i, t)| score_game(i, t, &options, with_estimate))
        .collect())
}

fn score_game(
    game: usize,
    t: &tree::GameTree,
    options: &ReplayOptions,
    with_estimate: bool,
) -> Scored {
    let r = match tree::replay(t, options) {
        Ok(r) => r,
        Err(e) => return Scored::error(game, e.message().into_owned()),
    };
    let g = &r.game;
    let Some(&last_id) = r.nodes.last() else {
        return Scored::error(game, "no node".into());
    };
    let last = &t[last_id];
    let recorded = tree::recorded_result(t, last_id);
    let mut out = Scored {
        game,
        status: Status::NotCounted,
        reason: None,
        rules: tree::ru_name(g.rules()),
        komi: Some(g.rules().komi()),
        dead_from: None,
        dead: 0,
        result: None,
        recorded: recorded.clone(),
    };
    let ends_by_count = recorded.as_deref().is_some_and(tree::is_count);
    let dead = if last.has("TB") || last.has("TW") {
        match tree::dead_stones_marked(last, g.board()) {
            Ok(d) => {
                out.dead_from = Some("recorded");
                d
            }
            Err(e) => return Scored::error(game, e.message().into_owned()),
        }
    } else {
        let ended_otherwise = recorded
            .as_deref()
            .and_then(tree::parse_result)
            .is_some_and(|x| !matches!(x, GameResult::Score { .. } | GameResult::Draw));
        if ended_otherwise || !(ends_by_count || g.phase() == Phase::Stopped) {
            out.reason = Some(match &recorded {
                Some(re) => format!("the game did not end by a count (RE[{re}])"),
                None => "the game did not end by a count (no RE, play not stopped)".to_string(),
            });
            return out;
        }
        if !with_estimate {
            out.reason = Some("no dead stones recorded (TB/TW): --estimate proposes them".into());
            return out;
        }
        out.dead_from = Some("estimated");
        estimate(g.board(), g.to_move(), &EstimateOptions::default()).dead
    };
    let size = g.board().size();
    let mut mask = vec![false; size.area()];
    for p in &dead {
        mask[size.index(*p)] = true;
    }
    out.dead = dead.len();
    let s = score::score(g.board(), &mask, g.rules(), g.setup().handicap);
    out.result = Some((
        s.result.clone(),
        f64::from(s.margin_halves) / 2.0,
        f64::from(s.black.total_halves) / 2.0,
        f64::from(s.white.total_halves) / 2.0,
    ));
    out.status = match recorded
        .as_deref()
        .and_then(|re| tree::result_agrees(re, &s))
    {
        Some(true) => Status::Agrees,
        Some(false) => Status::Disagrees,
        None => Status::Counted,
    };
    out
}

/// Runs `score` over the inputs.
pub fn run(args: &Args, inputs: &[Input]) -> Report {
    let rules = args.rules.as_deref().and_then(|n| Rules::preset(n).ok());
    let results = parallel::run(inputs, args.threads, args.quiet, |i| {
        score_file(i, rules.as_ref(), args.estimate)
    });
    let mut text = String::new();
    let mut games = Vec::new();
    let mut counts = [0usize; 5];
    let mut unreadable = 0;
    for (input, r) in inputs.iter().zip(results) {
        let list = match r {
            Ok(list) => list,
            Err(why) => {
                unreadable += 1;
                text.push_str(&format!("{}: cannot read: {why}\n", input.name));
                games.push(Json::obj(vec![
                    ("file", Json::Str(input.name.clone())),
                    ("status", Json::Str("unreadable".into())),
                    ("reason", Json::Str(why)),
                ]));
                continue;
            }
        };
        let several = list.len() > 1;
        for s in list {
            counts[s.status as usize] += 1;
            let name = if several {
                format!("{} game {}", input.name, s.game + 1)
            } else {
                input.name.clone()
            };
            let line = match (&s.result, s.status) {
                (Some((res, ..)), Status::Disagrees) => format!(
                    "DISAGREES: counted {res}, RE[{}]",
                    s.recorded.as_deref().unwrap_or("")
                ),
                (Some((res, ..)), Status::Agrees) => format!("agrees: {res}"),
                (Some((res, ..)), _) => format!("counted: {res}"),
                (None, st) => format!("{}: {}", st.name(), s.reason.as_deref().unwrap_or("")),
            };
            let detail = match s.dead_from {
                Some(from) => format!(
                    " ({}, komi {}, {} dead {} {from})",
                    s.rules.unwrap_or("custom rules"),
                    s.komi.unwrap_or(0.0),
                    s.dead,
                    if s.dead == 1 { "stone" } else { "stones" }
                ),
                None => String::new(),
            };
            text.push_str(&format!("{name}: {line}{detail}\n"));
            games.push(Json::obj(vec![
                ("file", Json::Str(input.name.clone())),
                ("game", Json::count(s.game)),
                ("status", Json::Str(s.status.name().into())),
                ("reason", Json::opt_str(s.reason.as_deref())),
                ("rules", Json::opt_str(s.rules)),
                ("komi", s.komi.map_or(Json::Null, Json::Num)),
                ("dead_from", Json::opt_str(s.dead_from)),
                ("dead", Json::count(s.dead)),
                (
                    "score",
                    match &s.result {
                        Some((res, margin, black, white)) => Json::obj(vec![
                            ("result", Json::Str(res.clone())),
                            ("margin", Json::Num(*margin)),
                            ("black", Json::Num(*black)),
                            ("white", Json::Num(*white)),
                        ]),
                        None => Json::Null,
                    },
                ),
                ("recorded", Json::opt_str(s.recorded.as_deref())),
            ]));
        }
    }
    let [agrees, disagrees, counted, not_counted, errors] = counts;
    text.push_str(&format!(
        "score: {} files: {agrees} agree with RE, {disagrees} disagree, {counted} counted without a \
         scored RE, {not_counted} not counted, {errors} errors, {unreadable} unreadable\n",
        inputs.len()
    ));
    Report::listing(
        "score",
        text,
        ("games", games),
        inputs.len(),
        &[
            ("agrees", agrees),
            ("disagrees", disagrees),
            ("counted", counted),
            ("not_counted", not_counted),
            ("errors", errors),
            ("unreadable", unreadable),
        ],
        disagrees > 0 || errors > 0,
        unreadable > 0,
    )
}
