//! The counted games of the real-games corpus (`scored.json`): where it is, and its games.
//! Shared by the tests that read it; it lives outside the repository, and a test without it
//! says so and passes.

#![allow(dead_code)] // each test file uses its own subset

use super::json::{self, Value};
use std::path::PathBuf;

/// Where the corpus is: `TENGEN_CORPUS` (the JSON file or its directory), else
/// `../shared/corpus` beside the crate.
pub fn corpus_file() -> Result<PathBuf, String> {
    let mut candidates = Vec::new();
    if let Some(v) = std::env::var_os("TENGEN_CORPUS").filter(|v| !v.is_empty()) {
        candidates.push(PathBuf::from(v));
    }
    // Cargo sets CARGO_MANIFEST_DIR when it runs the test too; the compile-time value is the
    // fallback for a test binary run by hand.
    let root = std::env::var_os("CARGO_MANIFEST_DIR")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from);
    candidates.push(root.join("../shared/corpus"));
    for c in &candidates {
        let f = if c.is_dir() {
            c.join("scored.json")
        } else {
            c.clone()
        };
        if f.is_file() {
            return Ok(f);
        }
    }
    Err(format!(
        "no scored.json at {}",
        candidates
            .iter()
            .map(|c| c.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    ))
}

/// One game of the corpus.
pub struct Game {
    pub file: String,
    pub ruleset: Option<String>,
    pub counting: String,
    pub komi: f64,
    pub handicap: u32,
    pub margin: f64,
    pub result: String,
    pub dead_black: Vec<String>,
    pub dead_white: Vec<String>,
    pub captures: [u32; 2],
    pub rows: Vec<String>,
}

fn strings(v: Option<&Value>, what: &str) -> Vec<String> {
    v.and_then(Value::as_array)
        .unwrap_or_else(|| panic!("{what}: expected an array"))
        .iter()
        .map(|s| {
            s.as_str()
                .unwrap_or_else(|| panic!("{what}: expected strings"))
                .to_string()
        })
        .collect()
}

pub fn game_of(v: &Value) -> Game {
    let text = |k: &str| -> String {
        v.get(k)
            .and_then(Value::as_str)
            .unwrap_or_else(|| panic!("missing string {k}"))
            .to_string()
    };
    let num = |k: &str| -> f64 {
        v.get(k)
            .and_then(Value::as_f64)
            .unwrap_or_else(|| panic!("missing number {k}"))
    };
    let file = text("file");
    let caps: Vec<f64> = v
        .get("captures")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_f64).collect())
        .unwrap_or_default();
    assert_eq!(
        caps.len(),
        2,
        "{file}: captures must be [by Black, by White]"
    );
    let ruleset = match v.get("ruleset") {
        None => None,
        Some(r) if r.is_null() => None,
        Some(r) => Some(r.as_str().expect("ruleset is a string").to_string()),
    };
    Game {
        ruleset,
        counting: text("counting"),
        komi: num("komi"),
        handicap: num("handicap") as u32,
        margin: num("margin_black_minus_white"),
        result: text("result"),
        dead_black: strings(v.get("dead_black"), "dead_black"),
        dead_white: strings(v.get("dead_white"), "dead_white"),
        captures: [caps[0] as u32, caps[1] as u32],
        rows: strings(v.get("final_position"), "final_position"),
        file,
    }
}

/// The preset for a game: by its ruleset, or by its counting when it names none.
pub fn preset_name(g: &Game) -> &'static str {
    match g.ruleset.as_deref() {
        Some("Japanese") => "japanese-1989",
        Some("Chinese") => "chinese",
        Some("AGA") => "aga",
        Some("NZ") | Some("New Zealand") => "new-zealand",
        Some(other) => panic!("{}: unknown ruleset {other}", g.file),
        None => match g.counting.as_str() {
            "territory" => "japanese-1989",
            "area" => "chinese",
            c if c.starts_with("area_minus") => "aga",
            c => panic!("{}: unknown counting {c}", g.file),
        },
    }
}

/// The corpus, or `None` (with a line saying why) when it is absent.
pub fn load(name: &str) -> Option<(PathBuf, Vec<Game>)> {
    let path = match corpus_file() {
        Ok(p) => p,
        Err(why) => {
            println!(
                "{name}: SKIPPED, the real-games corpus is absent ({why}); set \
                 TENGEN_CORPUS to its directory to run this test"
            );
            return None;
        }
    };
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let doc = json::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let games: Vec<Game> = doc
        .get("games")
        .and_then(Value::as_array)
        .expect("a 'games' array")
        .iter()
        .map(game_of)
        .collect();
    assert!(!games.is_empty(), "the corpus holds no game");
    Some((path, games))
}
