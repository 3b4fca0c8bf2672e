//! SGF on the real-games corpus: every file parses and writes back to the same tree; every game
//! of `replay/` replays as `replay.json` says (the repetitions are refused under superko rules
//! and accepted under simple ko, the occupied-point game fails at move 242); every game of
//! `ai-games/` replays; every game of `scored/` gives the dead stones of `scored.json` from its
//! TB/TW markup, and the count of its final position reproduces its RE but for the known
//! differences of `corpus_scored.rs`; reopened with a cursor (as `Game.fromSgf` does), every game
//! of `scored/` that ends with two passes has those dead stones marked and is finished with the
//! recorded result, and writing it with `tree::record` and reading it back changes nothing.
//!
//! The corpus lives outside the repository (`../shared/corpus` from the crate root, or the
//! directory named by `TENGEN_CORPUS`, or the directory of the file it names); without it the
//! tests say so and pass. Run with `--nocapture` to see the counts.
#![cfg(feature = "sgf")]

#[path = "common/json.rs"]
#[allow(dead_code)]
mod json;

use json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use tengen::sgf;
use tengen::tree::{self, Cursor, EndOfPlay, GameResult, LoadOptions, ReplayOptions};
use tengen::{score, Color, Error, Game, Outcome, Phase, Point, Rules};

/// The games of `scored/` whose recorded result the engine does not reproduce, explained in
/// `tests/corpus_scored.rs` (KNOWN_DIFFERENCES, checked there by correcting each record).
const KNOWN_DIFFERENCES: &[&str] = &["D_gnugo_nando_meijin27_g4.sgf"];

fn corpus_dir() -> Option<PathBuf> {
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
    let found = candidates
        .iter()
        .find(|c| c.join("replay.json").is_file() && c.join("scored.json").is_file())
        .cloned();
    if found.is_none() {
        println!(
            "sgf_corpus: SKIPPED, the real-games corpus is absent (looked in {}); set \
             TENGEN_CORPUS to its directory to run these tests",
            candidates
                .iter()
                .map(|c| c.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    found
}

fn json_games(path: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(path).expect("readable JSON");
    let doc = json::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    doc.get("games")
        .and_then(Value::as_array)
        .expect("a games array")
        .to_vec()
}

fn read(dir: &Path, sub: &str, file: &str) -> Vec<u8> {
    let p = dir.join(sub).join(file);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn one_tree(bytes: &[u8], file: &str) -> tree::GameTree {
    let mut c = sgf::parse(bytes).unwrap_or_else(|e| panic!("{file}: {e}"));
    assert_eq!(c.games.len(), 1, "{file}: one game tree");
    c.games.remove(0)
}

fn strings(v: &Value, key: &str) -> Vec<String> {
    v.get(key)
        .and_then(Value::as_array)
        .unwrap_or_else(|| panic!("{key}: an array"))
        .iter()
        .map(|s| s.as_str().expect("strings").to_string())
        .collect()
}

fn text(v: &Value, key: &str) -> String {
    v.get(key)
        .and_then(Value::as_str)
        .unwrap_or_else(|| panic!("missing {key}"))
        .to_string()
}

fn captures(v: &Value) -> [u32; 2] {
    let c: Vec<u32> = v
        .get("captures")
        .and_then(Value::as_array)
        .expect("captures")
        .iter()
        .map(|n| n.as_f64().expect("a number") as u32)
        .collect();
    [c[0], c[1]]
}

fn preset(name: &str) -> Rules {
    Rules::preset(name).expect("a preset")
}

#[test]
fn every_file_parses_and_round_trips() {
    let Some(dir) = corpus_dir() else {
        return;
    };
    let mut counts = Vec::new();
    let mut nodes = 0usize;
    for sub in ["scored", "replay", "ai-games"] {
        let mut n = 0;
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir.join(sub))
            .expect("a corpus folder")
            .map(|e| e.expect("an entry").path())
            .collect();
        entries.sort();
        for path in entries {
            let bytes = std::fs::read(&path).expect("readable");
            let name = path.display().to_string();
            let parsed = sgf::parse_with(&bytes, sgf::ParseOptions::default())
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            let c = parsed.collection;
            assert!(!c.games.is_empty(), "{name}: no game");
            let again = sgf::parse(c.to_sgf().as_bytes())
                .unwrap_or_else(|e| panic!("{name}: written text does not parse: {e}"));
            assert_eq!(c, again, "{name}: the round trip changed the tree");
            nodes += c.games.iter().map(|g| g.len()).sum::<usize>();
            n += 1;
        }
        counts.push(format!("{sub} {n}"));
    }
    println!(
        "sgf_corpus: every file parses and round-trips ({}; {nodes} nodes)",
        counts.join(", ")
    );
}

#[derive(Debug)]
struct Repetition {
    move_number: u32,
    positional: bool,
    situational: bool,
}

#[test]
fn replay_games_replay_as_replay_json_says() {
    let Some(dir) = corpus_dir() else {
        return;
    };
    let games = json_games(&dir.join("replay.json"));
    let (mut clean, mut repetitions, mut illegal) = (0, 0, 0);
    for g in &games {
        let file = text(g, "file");
        let tree = one_tree(&read(&dir, "replay", &file), &file);
        let expected = g.get("expected").expect("expected");
        let options = ReplayOptions::default();
        if let Some(first) = expected.get("first_illegal") {
            // The record plays onto an occupied point.
            let number = first.get("move_number").and_then(Value::as_f64).unwrap() as u32;
            let color = match text(first, "color").as_str() {
                "X" | "B" => Color::Black,
                _ => Color::White,
            };
            let point = Point::from_sgf(&text(first, "sgf_point"));
            assert_eq!(text(first, "reason"), "occupied");
            let e = tree::replay(&tree, &options).expect_err("an illegal move");
            assert_eq!(
                e,
                Error::IllegalMove {
                    number,
                    color,
                    point,
                    rule: "occupied",
                    reason: Error::Occupied.static_message(),
                },
                "{file}"
            );
            assert_eq!(e.code(), "illegalMove");
            println!("{file}: {}", e.message());
            let lenient = tree::replay(
                &tree,
                &ReplayOptions {
                    lenient: true,
                    ..ReplayOptions::default()
                },
            )
            .expect("a lenient replay");
            // Lenient reading plays it as the record has it (for viewing), with a warning
            // naming it, and goes on to the end of the record.
            let main_moves = tree
                .main_line()
                .into_iter()
                .filter(|&id| tree[id].has("B") || tree[id].has("W"))
                .count() as u32;
            assert!(main_moves > number, "{file}");
            assert_eq!(lenient.moves, main_moves, "{file}");
            assert_eq!(lenient.game.move_number(), main_moves, "{file}");
            assert!(lenient.illegal.is_none(), "{file}");
            let said = format!(
                "move {number} ({color} at {})",
                point.expect("a stone").sgf()
            );
            assert!(
                lenient.warnings.iter().any(
                    |w| w.message.contains(&said) && w.message.contains("as the record has it")
                ),
                "{file}: {:?}",
                lenient.warnings
            );
            illegal += 1;
            continue;
        }
        let reps: Vec<Repetition> = expected
            .get("whole_board_repetitions")
            .and_then(Value::as_array)
            .unwrap_or(&[])
            .iter()
            .map(|r| Repetition {
                move_number: r.get("move_number").and_then(Value::as_f64).unwrap() as u32,
                positional: matches!(
                    r.get("illegal_under_positional_superko"),
                    Some(Value::Bool(true))
                ),
                situational: matches!(
                    r.get("illegal_under_situational_superko"),
                    Some(Value::Bool(true))
                ),
            })
            .collect();
        // Under the record's rules (RU, else Japanese): every move is legal.
        let r = tree::replay(&tree, &options).unwrap_or_else(|e| panic!("{file}: {e}"));
        let moves = g.get("moves").and_then(Value::as_f64).unwrap() as u32;
        assert_eq!(r.moves, moves, "{file}: moves");
        if reps.is_empty() {
            assert_eq!(
                r.game.board().to_rows(),
                strings(g, "final_position"),
                "{file}: final position"
            );
            assert_eq!(
                [r.game.captures(Color::Black), r.game.captures(Color::White)],
                captures(g),
                "{file}: captures"
            );
            // Superko rules change nothing in a game without repetition.
            for name in ["chinese", "aga"] {
                let o = ReplayOptions {
                    rules: Some(preset(name)),
                    ..ReplayOptions::default()
                };
                let r = tree::replay(&tree, &o).unwrap_or_else(|e| panic!("{file} ({name}): {e}"));
                assert_eq!(r.moves, moves);
            }
            clean += 1;
            continue;
        }
        assert!(
            !r.game.rules().superko(),
            "{file}: replayed under simple ko"
        );
        assert!(r.game.repetition().is_some(), "{file}: a repetition");
        // Under positional and situational superko, the first repetition illegal there is
        // refused with `superko`.
        for (name, pick) in [
            (
                "chinese",
                (|r: &Repetition| r.positional) as fn(&Repetition) -> bool,
            ),
            ("aga", |r: &Repetition| r.situational),
        ] {
            let o = ReplayOptions {
                rules: Some(preset(name)),
                ..ReplayOptions::default()
            };
            match reps.iter().filter(|r| pick(r)).map(|r| r.move_number).min() {
                None => {
                    let r =
                        tree::replay(&tree, &o).unwrap_or_else(|e| panic!("{file} ({name}): {e}"));
                    assert_eq!(r.moves, moves);
                }
                Some(n) => match tree::replay(&tree, &o) {
                    Err(Error::IllegalMove { number, rule, .. }) => {
                        assert_eq!((number, rule), (n, "superko"), "{file} ({name})");
                    }
                    other => panic!("{file} ({name}): expected superko at {n}, got {other:?}"),
                },
            }
        }
        repetitions += 1;
    }
    println!(
        "sgf_corpus: replay/ {} games: {clean} replay cleanly to the final position and \
         captures of replay.json, {repetitions} repetitions accepted under simple ko and \
         refused under superko, {illegal} with an occupied point at move 242",
        games.len()
    );
    assert_eq!((clean, repetitions, illegal), (320, 5, 1));
}

#[test]
fn ai_games_replay() {
    let Some(dir) = corpus_dir() else {
        return;
    };
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir.join("ai-games"))
        .expect("ai-games")
        .map(|e| e.expect("an entry").path())
        .collect();
    entries.sort();
    let mut moves = 0u64;
    for path in &entries {
        let name = path.display().to_string();
        let bytes = std::fs::read(path).expect("readable");
        let c = sgf::parse(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        for tree in &c.games {
            let r = tree::replay(tree, &ReplayOptions::default())
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            moves += r.moves as u64;
        }
    }
    println!(
        "sgf_corpus: ai-games/ {} records replay without an illegal move ({moves} moves)",
        entries.len()
    );
    assert_eq!(entries.len(), 516);
}

fn point_set(list: &[String]) -> BTreeSet<Point> {
    list.iter()
        .map(|s| Point::from_sgf(s).expect("a point"))
        .collect()
}

#[test]
fn scored_games_reproduce_their_results() {
    let Some(dir) = corpus_dir() else {
        return;
    };
    let games = json_games(&dir.join("scored.json"));
    let mut matched = 0;
    let mut differ = Vec::new();
    for g in &games {
        let file = text(g, "file");
        let tree = one_tree(&read(&dir, "scored", &file), &file);
        let r = tree::replay(&tree, &ReplayOptions::default())
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        let game = &r.game;
        assert_eq!(
            game.board().to_rows(),
            strings(g, "final_position"),
            "{file}: final position"
        );
        assert_eq!(
            [game.captures(Color::Black), game.captures(Color::White)],
            captures(g),
            "{file}: captures"
        );
        let komi = g.get("komi").and_then(Value::as_f64).unwrap();
        assert_eq!(game.rules().komi(), komi, "{file}: komi");
        let ha = g.get("handicap").and_then(Value::as_f64).unwrap() as u32;
        assert_eq!(game.setup().handicap, ha, "{file}: handicap");

        let last = &tree[*r.nodes.last().expect("nodes")];
        let dead = tree::dead_stones_marked(last, game.board()).expect("TB/TW points");
        let (db, dw): (Vec<Point>, Vec<Point>) = dead
            .iter()
            .partition(|&&p| game.board().get(p) == Some(Color::Black));
        assert_eq!(
            db.into_iter().collect::<BTreeSet<_>>(),
            point_set(&strings(g, "dead_black")),
            "{file}: dead black stones"
        );
        assert_eq!(
            dw.into_iter().collect::<BTreeSet<_>>(),
            point_set(&strings(g, "dead_white")),
            "{file}: dead white stones"
        );
        let size = game.board().size();
        let mut mask = vec![false; size.area()];
        for p in &dead {
            mask[size.index(*p)] = true;
        }
        let s = score::score(game.board(), &mask, game.rules(), game.setup().handicap);
        let re = tree.info().result.expect("RE");
        let recorded = match tree::parse_result(&re) {
            Some(GameResult::Score { winner, margin }) => match winner {
                Color::Black => margin,
                Color::White => -margin,
            },
            Some(GameResult::Draw) => 0.0,
            other => panic!("{file}: RE[{re}] is not a score: {other:?}"),
        };
        if s.margin_halves == (recorded * 2.0).round() as i32 {
            matched += 1;
        } else {
            println!("{file}: RE[{re}], engine {}", s.result);
            differ.push(file);
        }
    }
    println!(
        "sgf_corpus: scored/ {} games: the TB/TW dead stones are scored.json's in every game; \
         {matched} reproduce RE under their RU, {} differ ({})",
        games.len(),
        differ.len(),
        differ.join(", ")
    );
    let mut known: Vec<&str> = KNOWN_DIFFERENCES.to_vec();
    known.sort_unstable();
    differ.sort();
    assert_eq!(differ, known, "the games that differ changed");
    assert_eq!(matched, games.len() - KNOWN_DIFFERENCES.len());
}

fn marked(g: &Game) -> Vec<Point> {
    let size = g.board().size();
    size.points().filter(|&q| g.is_dead(q)).collect()
}

#[test]
fn scored_games_reopen_with_their_dead_stones_and_result() {
    let Some(dir) = corpus_dir() else {
        return;
    };
    let games = json_games(&dir.join("scored.json"));
    let (mut reopened, mut going_on, mut agree) = (0, Vec::new(), 0);
    for g in &games {
        let file = text(g, "file");
        let bytes = read(&dir, "scored", &file);
        let tree = one_tree(&bytes, &file);
        let replayed = tree::replay(&tree, &ReplayOptions::default())
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        let c =
            Cursor::load(&bytes, &LoadOptions::default()).unwrap_or_else(|e| panic!("{file}: {e}"));
        let game = c.game();
        assert_eq!(game.board(), replayed.game.board(), "{file}");
        let last = &tree[*replayed.nodes.last().expect("nodes")];
        let re = tree.info().result.expect("RE");
        assert_eq!(c.recorded_result().as_deref(), Some(re.as_str()), "{file}");
        assert_eq!(
            c.to_sgf(),
            tree.to_sgf(),
            "{file}: the record is written as it was"
        );
        if replayed.game.phase() != Phase::Stopped {
            // The record does not end with two passes: it loads as a replay does.
            assert_eq!(c.end_of_play(), &EndOfPlay::NotStopped, "{file}");
            assert_eq!(game.phase(), replayed.game.phase(), "{file}");
            assert!(marked(game).is_empty(), "{file}");
            assert_eq!(c.recorded_result_agrees(), None, "{file}");
            going_on.push(file);
            continue;
        }
        // The dead stones of the last node's TB/TW are marked, each chain whole, and the count
        // is accepted: every RE of scored/ is a score.
        let dead = tree::dead_stones_marked(last, game.board()).expect("TB/TW points");
        assert!(tree::is_count(&re), "{file}: RE[{re}]");
        assert_eq!(
            c.end_of_play(),
            &EndOfPlay::Marked {
                dead: dead.clone(),
                finished: true
            },
            "{file}"
        );
        assert_eq!(
            marked(game),
            dead,
            "{file}: the marks are the recorded dead stones"
        );
        assert_eq!(game.phase(), Phase::Finished, "{file}");
        assert_eq!(game.outcome(), Some(Outcome::Counted), "{file}");
        // The game's own count is the count of the final position with those stones dead.
        let size = game.board().size();
        let mut mask = vec![false; size.area()];
        for q in &dead {
            mask[size.index(*q)] = true;
        }
        let s = game.score();
        assert_eq!(
            s,
            score::score(game.board(), &mask, game.rules(), game.setup().handicap),
            "{file}"
        );
        // RE agrees with the count but for the known differences, where nothing is changed:
        // the record's marks stay, and RE is still the record's.
        let expected = !KNOWN_DIFFERENCES.contains(&file.as_str());
        assert_eq!(
            c.recorded_result_agrees(),
            Some(expected),
            "{file}: RE[{re}], counted {}",
            s.result
        );
        if expected {
            // The same winner and margin (`B+13.50` is `B+13.5`).
            assert_eq!(
                tree::parse_result(&s.result),
                tree::parse_result(&re),
                "{file}"
            );
            agree += 1;
        }
        // Written by tengen and read back: the same phase, outcome, marks and count.
        let text = tree::record(game).to_sgf();
        let again = Cursor::load_text(&text, &LoadOptions::default())
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(again.game().phase(), Phase::Finished, "{file}");
        assert_eq!(again.game().outcome(), Some(Outcome::Counted), "{file}");
        assert_eq!(marked(again.game()), dead, "{file}");
        assert_eq!(again.game().score(), s, "{file}");
        assert_eq!(again.recorded_result().as_deref(), Some(s.result.as_str()));
        assert_eq!(again.recorded_result_agrees(), Some(true), "{file}");
        reopened += 1;
    }
    println!(
        "sgf_corpus: scored/ {} games reopened: {reopened} end with two passes and are finished \
         with their TB/TW dead stones marked, {agree} with the count of RE; {} do not end with \
         two passes and load as replayed ({})",
        games.len(),
        going_on.len(),
        going_on.join(", ")
    );
    assert_eq!(reopened + going_on.len(), games.len());
    assert_eq!(reopened - agree, KNOWN_DIFFERENCES.len());
    assert_eq!((reopened, going_on.len()), (127, 4));
}
