//! A comparison with goscorer's published territory suite (lightvector/goscorer on GitHub,
//! `python/expected_test_output/*.txt`: a board with marked-dead stones and the territory map
//! goscorer expects). The suite is not part of this repository: the test reads it from the
//! directory named by `GOSCORER_DIR` (a checkout of goscorer, its `python` directory or the
//! `expected_test_output` directory itself) and skips, saying so, when it is absent.
//!
//! It measures, it does not judge: goscorer follows its own conventions where J89 is read
//! differently (see the README, "Where peers differ"). For every position it prints `agree` or
//! `differ` (with both maps), then the totals of positions and points. Run it with
//! `GOSCORER_DIR=/path/to/goscorer cargo test --test goscorer -- --nocapture`.
//!
//! Maps: `b` / `w` a point counted as Black's / White's territory (an empty point, or a dead
//! stone removed from territory), `.` anything else.

use std::fs;
use std::path::{Path, PathBuf};
use tengen::{Board, Color, PointKind, Rules};

/// The directory of the expected outputs, if the suite is there.
fn suite_dir() -> Option<PathBuf> {
    let root = PathBuf::from(std::env::var_os("GOSCORER_DIR")?);
    [
        root.join("python/expected_test_output"),
        root.join("expected_test_output"),
        root.clone(),
    ]
    .into_iter()
    .find(|d| d.is_dir() && has_outputs(d))
}

fn has_outputs(dir: &Path) -> bool {
    fs::read_dir(dir).is_ok_and(|mut it| {
        it.any(|e| {
            e.is_ok_and(|e| {
                let n = e.file_name().to_string_lossy().into_owned();
                n.starts_with("test_") && n.ends_with(".txt")
            })
        })
    })
}

/// The rows of a section (`BOARD:`, `TERRITORY:`) of an expected output.
fn section<'a>(text: &'a str, name: &str) -> Vec<&'a str> {
    text.lines()
        .skip_while(|l| l.trim() != name)
        .skip(1)
        .take_while(|l| !l.trim().is_empty() && !l.trim().ends_with(':'))
        .map(str::trim)
        .collect()
}

/// One position: the board's stones (`X`, `O`, `.`), the dead flags, goscorer's map.
struct Position {
    rows: Vec<String>,
    dead: Vec<bool>,
    expected: Vec<u8>,
}

fn parse(text: &str) -> Option<Position> {
    let board = section(text, "BOARD:");
    let territory = section(text, "TERRITORY:");
    if board.is_empty() || board.len() != territory.len() {
        return None;
    }
    let mut rows = Vec::new();
    let mut dead = Vec::new();
    let mut expected = Vec::new();
    for (b, t) in board.iter().zip(&territory) {
        if b.len() != t.len() {
            return None;
        }
        let mut row = String::new();
        for (c, e) in b.bytes().zip(t.bytes()) {
            // goscorer: `x` / `o` stones, `b` / `w` stones marked dead; `z` / `a` territory.
            let (stone, d) = match c {
                b'x' => ('X', false),
                b'o' => ('O', false),
                b'b' => ('X', true),
                b'w' => ('O', true),
                _ => ('.', false),
            };
            row.push(stone);
            dead.push(d);
            expected.push(match e {
                b'z' => b'b',
                b'a' => b'w',
                _ => b'.',
            });
        }
        rows.push(row);
    }
    Some(Position {
        rows,
        dead,
        expected,
    })
}

/// tengen's territory map of a position, under the J89 preset.
fn tengen_map(p: &Position) -> Option<Vec<u8>> {
    let board = Board::from_rows(&p.rows).ok()?;
    let rules = Rules::preset("japanese-1989").ok()?;
    let score = tengen::score::score(&board, &p.dead, &rules, 0);
    Some(
        score
            .points
            .iter()
            .map(|s| match (s.kind, s.counts_for) {
                (PointKind::Territory | PointKind::Dead, Some(Color::Black)) => b'b',
                (PointKind::Territory | PointKind::Dead, Some(Color::White)) => b'w',
                _ => b'.',
            })
            .collect(),
    )
}

#[test]
fn goscorer_territory_suite() {
    let Some(dir) = suite_dir() else {
        println!(
            "goscorer suite skipped: set GOSCORER_DIR to a checkout of lightvector/goscorer \
             (its python/expected_test_output directory is read)"
        );
        return;
    };
    let mut names: Vec<PathBuf> = fs::read_dir(&dir)
        .expect("the suite directory is readable")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    names.sort();
    let (mut agree, mut total, mut points_agree, mut points) = (0, 0, 0, 0);
    for path in names {
        let name = path.file_stem().unwrap_or_default().to_string_lossy();
        let Some(p) = fs::read_to_string(&path).ok().as_deref().and_then(parse) else {
            println!("{name}: unreadable, skipped");
            continue;
        };
        let Some(ours) = tengen_map(&p) else {
            println!("{name}: not a board tengen takes, skipped");
            continue;
        };
        total += 1;
        points += ours.len();
        let same = ours.iter().zip(&p.expected).filter(|(a, b)| a == b).count();
        points_agree += same;
        if same == ours.len() {
            agree += 1;
            println!("{name}: agree");
            continue;
        }
        println!(
            "{name}: differ ({} points)   board | goscorer | tengen",
            ours.len() - same
        );
        let w = p.rows[0].len();
        for (y, row) in p.rows.iter().enumerate() {
            let marks: String = row
                .bytes()
                .enumerate()
                .map(|(x, c)| match (c, p.dead[y * w + x]) {
                    (b'X', true) => 'x',
                    (b'O', true) => 'o',
                    (c, _) => c as char,
                })
                .collect();
            let line = |m: &[u8]| String::from_utf8_lossy(&m[y * w..(y + 1) * w]).into_owned();
            println!("    {marks}   {}   {}", line(&p.expected), line(&ours));
        }
    }
    println!(
        "goscorer suite: {agree} of {total} positions agree; {points_agree} of {points} points"
    );
}
