//! Data-driven rule tests: every `tests/diagrams/*.txt` file holds cases written as ASCII
//! diagrams, each citing the article of the rule text it checks. The format is documented in
//! `tests/diagrams/README.md`; this file is its interpreter.
//!
//! Every case of a file runs even when an earlier one fails; the test of the file then fails
//! with the list of all failing cases (file, line, case name, cite and what differed).

use std::collections::HashMap;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use tengen::score::{self, Score};
use tengen::*;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/diagrams");

/// The files of the suite; `every_file_is_listed` keeps this list and the directory in step.
const FILES: [&str; 15] = [
    "capture.txt",
    "ko.txt",
    "superko.txt",
    "end.txt",
    "territory.txt",
    "area.txt",
    "handicap.txt",
    "result.txt",
    "narrow.txt",
    "life_false_eyes.txt",
    "life_narrow.txt",
    "life_seki.txt",
    "life_shapes.txt",
    "life_marks.txt",
    "life_hard.txt",
];

macro_rules! diagram_file {
    ($test:ident, $file:literal) => {
        #[test]
        fn $test() {
            run_file($file);
        }
    };
}

diagram_file!(capture, "capture.txt");
diagram_file!(ko, "ko.txt");
diagram_file!(superko, "superko.txt");
diagram_file!(end_of_game, "end.txt");
diagram_file!(territory, "territory.txt");
diagram_file!(area, "area.txt");
diagram_file!(handicap, "handicap.txt");
diagram_file!(result, "result.txt");
diagram_file!(narrow, "narrow.txt");
diagram_file!(life_false_eyes, "life_false_eyes.txt");
diagram_file!(life_narrow, "life_narrow.txt");
diagram_file!(life_seki, "life_seki.txt");
diagram_file!(life_shapes, "life_shapes.txt");
diagram_file!(life_marks, "life_marks.txt");
diagram_file!(life_hard, "life_hard.txt");

#[test]
fn every_file_is_listed() {
    let mut found: Vec<String> = fs::read_dir(DIR)
        .expect("tests/diagrams exists")
        .map(|e| e.expect("a directory entry").file_name())
        .map(|n| n.to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".txt"))
        .collect();
    found.sort();
    let mut listed: Vec<String> = FILES.iter().map(|s| s.to_string()).collect();
    listed.sort();
    assert_eq!(found, listed, "tests/diagrams/*.txt and FILES differ");
}

/// Words that start a line of a case; any other non-empty line after a line ending in `:` is a
/// diagram row.
const KEYWORDS: [&str; 30] = [
    "cite",
    "rules",
    "size",
    "komi",
    "scoring",
    "ko",
    "suicide",
    "tie",
    "dead-stones",
    "placement",
    "compensation",
    "seki-prisoners",
    "handicap",
    "to-move",
    "prisoners",
    "start",
    "position",
    "play",
    "pass",
    "resume",
    "mark",
    "resign",
    "finish",
    "no-result",
    "undo",
    "legal",
    "moves",
    "save",
    "expect",
    "note",
];

/// One line of a case file, comments removed.
#[derive(Clone, Debug)]
struct Line {
    no: usize,
    text: String,
}

#[derive(Debug)]
struct Case {
    name: String,
    line: usize,
    lines: Vec<Line>,
}

fn strip_comment(s: &str) -> &str {
    let t = s.trim_end();
    if t.trim_start().starts_with('#') {
        return "";
    }
    match t.find(" #") {
        Some(i) => t[..i].trim_end(),
        None => t,
    }
}

fn parse_file(file: &str, text: &str) -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let no = i + 1;
        let t = strip_comment(raw);
        if let Some(name) = t.strip_prefix("===") {
            cases.push(Case {
                name: name.trim().to_string(),
                line: no,
                lines: Vec::new(),
            });
            continue;
        }
        match cases.last_mut() {
            Some(c) => c.lines.push(Line {
                no,
                text: t.to_string(),
            }),
            None => assert!(
                t.trim().is_empty(),
                "{file}:{no}: text before the first `=== case`"
            ),
        }
    }
    cases
}

fn run_file(file: &str) {
    let path: PathBuf = Path::new(DIR).join(file);
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let cases = parse_file(file, &text);
    assert!(!cases.is_empty(), "{file}: no case");
    let mut names = std::collections::HashSet::new();
    let mut failures = Vec::new();
    for case in &cases {
        assert!(
            names.insert(case.name.clone()),
            "{file}:{}: duplicate case name {:?}",
            case.line,
            case.name
        );
        let mut r = Runner::new(case);
        if let Err(msg) = r.run() {
            failures.push(format!(
                "{file}:{}: case {:?} ({})\n{msg}",
                r.failed_line.unwrap_or(case.line),
                case.name,
                r.cite.as_deref().unwrap_or("no cite")
            ));
        }
    }
    println!("{file}: {} cases, {} failed", cases.len(), failures.len());
    if !failures.is_empty() {
        panic!(
            "{} of {} cases failed in {file}:\n\n{}",
            failures.len(),
            cases.len(),
            failures.join("\n\n")
        );
    }
}

/// What a game looks like, for `save` and `expect state`.
#[derive(Clone, Debug, PartialEq)]
struct Snapshot {
    board: Vec<String>,
    dead: Vec<bool>,
    to_move: Color,
    phase: Phase,
    outcome: Option<Outcome>,
    move_number: u32,
    captures: (u32, u32),
    ko_point: Option<Point>,
    last_move: Option<Move>,
    repetition: Option<Repetition>,
    all_alive: bool,
    handicap_left: u32,
    actions: Vec<Action>,
    score: Score,
}

fn snapshot(g: &Game) -> Snapshot {
    Snapshot {
        board: g.board().to_rows(),
        dead: g.dead_marks().to_vec(),
        to_move: g.to_move(),
        phase: g.phase(),
        outcome: g.outcome(),
        move_number: g.move_number(),
        captures: (g.captures(Color::Black), g.captures(Color::White)),
        ko_point: g.ko_point(),
        last_move: g.last_move(),
        repetition: g.repetition(),
        all_alive: g.all_alive(),
        handicap_left: g.handicap_left(),
        actions: g.actions().to_vec(),
        score: g.score(),
    }
}

struct Runner<'a> {
    case: &'a Case,
    i: usize,
    cite: Option<String>,
    rules: Option<Rules>,
    size: Option<Size>,
    handicap: u32,
    to_move: Option<Color>,
    prisoners: (u32, u32),
    game: Option<Game>,
    /// A position scored directly with `score::score`: the board and its dead marks.
    position: Option<Score>,
    /// Moves the set-up from a `start:` diagram took (move numbers are counted after it).
    base: u32,
    saved: HashMap<String, Snapshot>,
    failed_line: Option<usize>,
}

type R<T> = Result<T, String>;

fn parse_color(s: &str) -> R<Color> {
    Color::parse(s).ok_or_else(|| format!("not a colour: {s:?}"))
}

fn parse_num<T: std::str::FromStr>(s: &str) -> R<T> {
    s.parse().map_err(|_| format!("not a number: {s:?}"))
}

fn parse_yes(s: &str) -> R<bool> {
    match s {
        "yes" | "allowed" | "true" => Ok(true),
        "no" | "forbidden" | "false" => Ok(false),
        _ => Err(format!("expected yes/no: {s:?}")),
    }
}

/// `x,y` (from 0, from the upper left), an SGF pair (`cd`) or WAGC rule 4 notation (`D-16`:
/// horizontal line D from the top, vertical line 16 from the left).
fn parse_point(s: &str) -> R<Point> {
    if let Some((x, y)) = s.split_once(',') {
        return Ok(Point::new(parse_num(x)?, parse_num(y)?));
    }
    if let Some((l, n)) = s.split_once('-') {
        let l = l.as_bytes();
        if l.len() == 1 && l[0].is_ascii_uppercase() && l[0] != b'I' {
            let y = l[0] - b'A' - u8::from(l[0] > b'I');
            let x: u8 = parse_num(n)?;
            if x >= 1 {
                return Ok(Point::new(x - 1, y));
            }
        }
        return Err(format!("not a WAGC point: {s:?}"));
    }
    Point::from_sgf(s).ok_or_else(|| format!("not a point: {s:?}"))
}

/// The expectation after `->`.
fn split_outcome(rest: &str) -> R<(&str, &str)> {
    match rest.split_once("->") {
        Some((a, b)) => Ok((a.trim(), b.trim())),
        None => Err("an action needs an expected outcome after `->`".into()),
    }
}

fn check_error<T>(got: Result<T, Error>, want: &str) -> R<Option<T>> {
    let want_err = want.strip_prefix("error ").map(str::trim);
    match (got, want_err) {
        (Err(e), Some(code)) if e.code() == code => Ok(None),
        (Err(e), _) => Err(format!("expected `{want}`, got error {e}")),
        (Ok(_), Some(code)) => Err(format!("expected error {code}, but the action succeeded")),
        (Ok(v), None) => Ok(Some(v)),
    }
}

/// The one-character name of a point in a count: see README.md.
fn point_char(p: &PointScore) -> char {
    let black = p.color == Some(Color::Black);
    match p.kind {
        PointKind::Stone => {
            if black {
                'X'
            } else {
                'O'
            }
        }
        PointKind::SekiStone => {
            if black {
                'S'
            } else {
                's'
            }
        }
        PointKind::Territory => match p.counts_for {
            Some(Color::Black) => 'b',
            Some(Color::White) => 'w',
            None => '?',
        },
        PointKind::SekiEye => {
            if black {
                'E'
            } else {
                'e'
            }
        }
        PointKind::Dame => '-',
        PointKind::Dead => 'd',
        PointKind::DeadStays => 'D',
        PointKind::SekiLiberty => '!',
        PointKind::ProtectiveFill => {
            if black {
                'F'
            } else {
                'f'
            }
        }
    }
}

fn score_map(s: &Score, width: usize) -> Vec<String> {
    s.points
        .chunks(width)
        .map(|row| row.iter().map(point_char).collect())
        .collect()
}

fn clean_row(r: &str) -> String {
    r.chars().filter(|c| !c.is_whitespace()).collect()
}

fn show(rows: &[String]) -> String {
    let mut s = String::new();
    for r in rows {
        let _ = writeln!(s, "    {r}");
    }
    s
}

fn side_value(s: &SideScore, key: &str) -> R<String> {
    Ok(match key {
        "stones" => s.stones.to_string(),
        "territory" => s.territory.to_string(),
        "prisoners" => s.prisoners.to_string(),
        "bonus" => score::format_halves(s.bonus_halves),
        "total" => score::format_halves(s.total_halves),
        _ => return Err(format!("unknown score key {key:?}")),
    })
}

impl<'a> Runner<'a> {
    fn new(case: &'a Case) -> Runner<'a> {
        Runner {
            case,
            i: 0,
            cite: None,
            rules: None,
            size: None,
            handicap: 0,
            to_move: None,
            prisoners: (0, 0),
            game: None,
            position: None,
            base: 0,
            saved: HashMap::new(),
            failed_line: None,
        }
    }

    fn run(&mut self) -> R<()> {
        let lines = &self.case.lines;
        while self.i < lines.len() {
            let line = lines[self.i].clone();
            self.i += 1;
            let t = line.text.trim();
            if t.is_empty() {
                continue;
            }
            if let Err(e) = self.step(t) {
                self.failed_line = Some(line.no);
                return Err(format!("  line {}: `{t}`\n  {e}", line.no));
            }
        }
        if self.cite.is_none() {
            return Err("  every case needs a `cite:` line".into());
        }
        if self.game.is_none() && self.position.is_none() {
            return Err("  the case checks nothing".into());
        }
        Ok(())
    }

    /// The diagram rows that follow a line ending in `:`.
    fn diagram(&mut self) -> R<Vec<String>> {
        let lines = &self.case.lines;
        let mut rows = Vec::new();
        while self.i < lines.len() {
            let t = lines[self.i].text.trim();
            let first = t.split([' ', ':']).next().unwrap_or("");
            if t.is_empty() || KEYWORDS.contains(&first) {
                break;
            }
            rows.push(clean_row(t));
            self.i += 1;
        }
        if rows.is_empty() {
            return Err("a diagram must follow".into());
        }
        if rows.iter().any(|r| r.len() != rows[0].len()) {
            return Err("diagram rows of different lengths".into());
        }
        Ok(rows)
    }

    fn rules_mut(&mut self) -> R<&mut Rules> {
        if self.game.is_some() || self.position.is_some() {
            return Err("settings must come before the position".into());
        }
        self.rules
            .as_mut()
            .ok_or_else(|| "`rules:` must come first".to_string())
    }

    fn game(&mut self) -> R<&mut Game> {
        if self.game.is_none() {
            if self.position.is_some() {
                return Err("a `position:` case is scored only; use `start:` to play".into());
            }
            let g = self.new_game()?;
            self.game = Some(g);
        }
        Ok(self.game.as_mut().expect("just built"))
    }

    fn setup(&self, size: Size) -> R<Setup> {
        Ok(Setup {
            size,
            rules: self.rules.ok_or("`rules:` is missing")?,
            handicap: self.handicap,
        })
    }

    fn new_game(&self) -> R<Game> {
        let size = self.size.unwrap_or_default();
        Game::new(self.setup(size)?).map_err(|e| format!("Game::new failed: {e}"))
    }

    fn score(&self) -> R<Score> {
        if let Some(s) = &self.position {
            return Ok(s.clone());
        }
        match &self.game {
            Some(g) => Ok(g.score()),
            None => Err("nothing to score yet".into()),
        }
    }

    fn width(&self) -> usize {
        match &self.game {
            Some(g) => g.board().size().width() as usize,
            None => self.size.map_or(19, |s| s.width() as usize),
        }
    }

    fn step(&mut self, t: &str) -> R<()> {
        let (head, rest) = match t.split_once(':') {
            Some((h, r)) if !h.contains(' ') && !h.contains("->") => (h, r.trim()),
            _ => match t.split_once(' ') {
                Some((h, r)) => (h, r.trim()),
                None => (t, ""),
            },
        };
        match head {
            "cite" => {
                if rest.is_empty() {
                    return Err("empty cite".into());
                }
                self.cite = Some(rest.to_string());
            }
            "note" => {}
            "rules" => {
                if self.rules.is_some() {
                    return Err("`rules:` given twice".into());
                }
                self.rules = Some(Rules::preset(rest).map_err(|e| e.to_string())?);
            }
            "size" => {
                let (w, h) = match rest.split_once('x') {
                    Some((w, h)) => (parse_num(w)?, parse_num(h)?),
                    None => (parse_num(rest)?, parse_num(rest)?),
                };
                self.rules_mut()?;
                self.size = Some(Size::new(w, h).map_err(|e| e.to_string())?);
            }
            "komi" => {
                let k: f64 = parse_num(rest)?;
                self.rules_mut()?.set_komi(k).map_err(|e| e.to_string())?;
            }
            "scoring" => {
                self.rules_mut()?.scoring = Scoring::parse(rest).map_err(|e| e.to_string())?
            }
            "ko" => self.rules_mut()?.ko = KoRule::parse(rest).map_err(|e| e.to_string())?,
            "suicide" => self.rules_mut()?.suicide = parse_yes(rest)?,
            "tie" => self.rules_mut()?.tie = Tie::parse(rest).map_err(|e| e.to_string())?,
            "dead-stones" => {
                self.rules_mut()?.dead_stones =
                    DeadStones::parse(rest).map_err(|e| e.to_string())?
            }
            "placement" => {
                self.rules_mut()?.handicap_placement =
                    HandicapPlacement::parse(rest).map_err(|e| e.to_string())?
            }
            "compensation" => {
                self.rules_mut()?.handicap_compensation = match rest {
                    "none" => HandicapCompensation::None,
                    "per-stone" => HandicapCompensation::PerStone,
                    "per-stone-after-first" => HandicapCompensation::PerStoneAfterFirst,
                    _ => return Err(format!("unknown compensation {rest:?}")),
                }
            }
            "seki-prisoners" => self.rules_mut()?.seki_eye_prisoners = parse_yes(rest)?,
            "handicap" => {
                self.rules_mut()?;
                self.handicap = parse_num(rest)?;
            }
            "to-move" => {
                self.rules_mut()?;
                self.to_move = Some(parse_color(rest)?);
            }
            "prisoners" => {
                self.rules_mut()?;
                let w: Vec<&str> = rest.split_whitespace().collect();
                if w.len() % 2 != 0 {
                    return Err("`prisoners: black N white M`".into());
                }
                for kv in w.chunks(2) {
                    let n = parse_num(kv[1])?;
                    match parse_color(kv[0])? {
                        Color::Black => self.prisoners.0 = n,
                        Color::White => self.prisoners.1 = n,
                    }
                }
            }
            "start" => self.start()?,
            "position" => self.position()?,
            "expect" => self.expect(rest)?,
            "save" => {
                let snap = snapshot(self.game()?);
                self.saved.insert(rest.to_string(), snap);
            }
            "moves" => {
                for (k, m) in rest.split_whitespace().enumerate() {
                    let g = self.game()?;
                    let r = if m == "pass" {
                        g.pass().map(|_| 0)
                    } else {
                        g.place(parse_point(m)?)
                    };
                    r.map_err(|e| format!("move {} ({m}) failed: {e}", k + 1))?;
                }
            }
            _ => self.action(head, rest)?,
        }
        Ok(())
    }

    /// Builds the game from a `start:` diagram by playing its stones on an empty board.
    fn start(&mut self) -> R<()> {
        let rows = self.diagram()?;
        if self.game.is_some() || self.position.is_some() {
            return Err("only one `start:` or `position:` per case".into());
        }
        let board = Board::from_rows(&rows).map_err(|e| format!("bad diagram: {e}"))?;
        if rows.iter().any(|r| r.contains(['x', 'o'])) {
            return Err("no dead marks in a `start:` diagram: use `mark`".into());
        }
        if let Some(s) = self.size {
            if s != board.size() {
                return Err("`size:` differs from the diagram".into());
            }
        }
        self.size = Some(board.size());
        let mut g = self.new_game()?;
        let mut todo: [Vec<Point>; 2] = [Vec::new(), Vec::new()];
        for p in board.size().points() {
            if let Some(c) = board.get(p) {
                match g.board().get(p) {
                    Some(h) if h == c => {}
                    Some(_) => return Err(format!("{p} holds a handicap stone")),
                    None => todo[c.index()].push(p),
                }
            }
        }
        let first = g.to_move();
        let want = self.to_move.unwrap_or(first);
        for (turn, colour) in turns(first, want, todo[0].len(), todo[1].len())
            .into_iter()
            .enumerate()
        {
            let r = match colour {
                Some(c) => g.place(todo[c.index()].remove(0)),
                None => g.pass().map(|_| 0),
            };
            match r {
                Ok(0) => {}
                Ok(n) => return Err(format!("set-up move {} captured {n}", turn + 1)),
                Err(e) => return Err(format!("set-up move {} failed: {e}", turn + 1)),
            }
        }
        if g.board().to_rows() != board.to_rows() || g.to_move() != want {
            return Err("the set-up did not reproduce the diagram".into());
        }
        if g.phase() != Phase::Playing {
            return Err("the set-up stopped play".into());
        }
        self.base = g.move_number();
        self.game = Some(g);
        Ok(())
    }

    /// A position scored at once with `score::score`; lowercase stones are marked dead.
    fn position(&mut self) -> R<()> {
        let rows = self.diagram()?;
        if self.game.is_some() || self.position.is_some() {
            return Err("only one `start:` or `position:` per case".into());
        }
        let mut board = Board::from_rows(&rows).map_err(|e| format!("bad diagram: {e}"))?;
        board.add_prisoners(Color::Black, self.prisoners.0);
        board.add_prisoners(Color::White, self.prisoners.1);
        let dead: Vec<bool> = rows
            .iter()
            .flat_map(|r| r.chars().map(|c| c == 'x' || c == 'o'))
            .collect();
        let rules = self.rules.ok_or("`rules:` is missing")?;
        self.size = Some(board.size());
        self.position = Some(score::score(&board, &dead, &rules, self.handicap));
        Ok(())
    }

    fn action(&mut self, verb: &str, rest: &str) -> R<()> {
        let (args, want) = split_outcome(rest)?;
        let args: Vec<&str> = args.split_whitespace().collect();
        let g = self.game()?;
        match verb {
            "play" | "legal" => {
                let (colour, point) = match args.as_slice() {
                    [p] => (None, *p),
                    [c, p] => (Some(parse_color(c)?), *p),
                    _ => return Err("`play [B|W] POINT -> ...`".into()),
                };
                if let Some(c) = colour {
                    let mover = if g.handicap_left() > 0 {
                        Color::Black
                    } else {
                        g.to_move()
                    };
                    if c != mover && g.phase() == Phase::Playing {
                        return Err(format!("it is {mover}'s turn, not {c}'s"));
                    }
                }
                let p = parse_point(point)?;
                if verb == "legal" {
                    check_error(g.legality(p), want)?;
                    return Ok(());
                }
                if let Some(n) = check_error(g.place(p), want)? {
                    let got = if n == 0 {
                        "ok".to_string()
                    } else {
                        format!("captures {n}")
                    };
                    if got != want {
                        return Err(format!("expected `{want}`, got `{got}`"));
                    }
                }
            }
            "pass" => {
                if let [c] = args.as_slice() {
                    let c = parse_color(c)?;
                    if c != g.to_move() && g.phase() == Phase::Playing {
                        return Err(format!("it is {}'s turn, not {c}'s", g.to_move()));
                    }
                }
                if let Some(stopped) = check_error(g.pass(), want)? {
                    let got = if stopped { "stops" } else { "ok" };
                    if got != want {
                        return Err(format!("expected `{want}`, got `{got}`"));
                    }
                }
            }
            "mark" => {
                let [p] = args.as_slice() else {
                    return Err("`mark POINT -> ...`".into());
                };
                if let Some(points) = check_error(g.toggle_dead(parse_point(p)?), want)? {
                    let got = format!("marks {}", points.len());
                    if want != "ok" && got != want {
                        return Err(format!("expected `{want}`, got `{got}`"));
                    }
                }
            }
            "resume" | "resign" => {
                let [c] = args.as_slice() else {
                    return Err(format!("`{verb} B|W -> ...`"));
                };
                let c = parse_color(c)?;
                let r = if verb == "resume" {
                    g.resume(c)
                } else {
                    g.resign(c)
                };
                if check_error(r, want)?.is_some() && want != "ok" {
                    return Err(format!("expected `{want}`, got `ok`"));
                }
            }
            "finish" | "no-result" => {
                let r = if verb == "finish" {
                    g.finish()
                } else {
                    g.declare_no_result()
                };
                if check_error(r, want)?.is_some() && want != "ok" {
                    return Err(format!("expected `{want}`, got `ok`"));
                }
            }
            "undo" => {
                if let Some(a) = check_error(g.undo(), want)? {
                    let got = match a {
                        Action::Place(_) => "play",
                        Action::Pass => "pass",
                        Action::Resume(_) => "resume",
                        Action::ToggleDead(_) => "mark",
                        Action::Resign(_) => "resign",
                        Action::Finish => "finish",
                        Action::DeclareNoResult => "no-result",
                        Action::SetUp(_) => "set-up",
                        Action::Forced(_) => "forced",
                    };
                    if got != want {
                        return Err(format!("expected `{want}`, undid `{got}`"));
                    }
                }
            }
            _ => return Err(format!("unknown line {verb:?}")),
        }
        Ok(())
    }

    fn expect(&mut self, rest: &str) -> R<()> {
        let words: Vec<&str> = rest.split_whitespace().collect();
        let what = words.first().copied().unwrap_or("");
        let arg = rest[what.len()..].trim();
        match what {
            "board:" => {
                let rows = self.diagram()?;
                let g = self.game()?;
                let size = g.board().size();
                let actual: Vec<String> = (0..size.height() as u8)
                    .map(|y| {
                        (0..size.width() as u8)
                            .map(|x| {
                                let p = Point::new(x, y);
                                match (g.board().get(p), g.is_dead(p)) {
                                    (Some(Color::Black), false) => 'X',
                                    (Some(Color::White), false) => 'O',
                                    (Some(Color::Black), true) => 'x',
                                    (Some(Color::White), true) => 'o',
                                    (None, _) => '.',
                                }
                            })
                            .collect()
                    })
                    .collect();
                if actual != rows {
                    return Err(format!(
                        "board differs; expected:\n{}  actual:\n{}",
                        show(&rows),
                        show(&actual)
                    ));
                }
            }
            "points:" => {
                let rows = self.diagram()?;
                let s = self.score()?;
                let actual = score_map(&s, self.width());
                if actual != rows {
                    return Err(format!(
                        "count differs; expected:\n{}  actual:\n{}  ({}: {:?} / {:?})",
                        show(&rows),
                        show(&actual),
                        s.result,
                        s.black,
                        s.white
                    ));
                }
            }
            "result" => {
                let s = self.score()?;
                if s.result != arg {
                    return Err(format!(
                        "result {} (black {:?}, white {:?})",
                        s.result, s.black, s.white
                    ));
                }
            }
            "warnings" => {
                // `expect warnings none`, or `CODE POINT` items separated by `;`, one per
                // chain (any stone of the chain names it).
                let s = self.score()?;
                let mut want: Vec<(String, Point)> = Vec::new();
                if arg != "none" {
                    for item in arg.split(';') {
                        let mut it = item.split_whitespace();
                        let (Some(code), Some(p), None) = (it.next(), it.next(), it.next()) else {
                            return Err(format!("`expect warnings CODE POINT; ...`: {item:?}"));
                        };
                        want.push((code.to_string(), parse_point(p)?));
                    }
                }
                let got: Vec<String> = s
                    .warnings
                    .iter()
                    .map(|w| {
                        let pts: Vec<String> = w
                            .points
                            .iter()
                            .map(|p| format!("{},{}", p.x, p.y))
                            .collect();
                        format!("{} [{}]", w.code.name(), pts.join(" "))
                    })
                    .collect();
                let matches = want.len() == s.warnings.len()
                    && want.iter().all(|(code, p)| {
                        s.warnings
                            .iter()
                            .any(|w| w.code.name() == code && w.points.contains(p))
                    });
                if !matches {
                    return Err(format!("warnings {got:?}, expected {arg}"));
                }
            }
            "winner" => {
                let s = self.score()?;
                let got = s.winner.map_or("none", Color::name);
                if got != arg {
                    return Err(format!("winner {got} ({})", s.result));
                }
            }
            "black" | "white" => {
                let s = self.score()?;
                let side = if what == "black" { s.black } else { s.white };
                let kv = &words[1..];
                if kv.is_empty() || kv.len() % 2 != 0 {
                    return Err("`expect black KEY VALUE ...`".into());
                }
                for pair in kv.chunks(2) {
                    let got = side_value(&side, pair[0])?;
                    if got != pair[1] {
                        return Err(format!("{what} {} is {got}: {side:?}", pair[0]));
                    }
                }
            }
            "setup" => {
                let want = arg
                    .strip_prefix("error ")
                    .ok_or("`expect setup error CODE`")?;
                if self.game.is_some() || self.position.is_some() {
                    return Err("`expect setup error` must come before anything else".into());
                }
                let size = self.size.unwrap_or_default();
                match Game::new(self.setup(size)?) {
                    Ok(_) => return Err(format!("expected error {want}, the game was set up")),
                    Err(e) if e.code() == want => {
                        // Nothing else can be checked: mark the case as checked.
                        self.position = Some(score::score(
                            &Board::new(size),
                            &vec![false; size.area()],
                            &self.rules.ok_or("`rules:` is missing")?,
                            0,
                        ));
                    }
                    Err(e) => return Err(format!("expected error {want}, got {e}")),
                }
            }
            "state" => {
                let snap = self.saved.get(arg).cloned();
                let snap = snap.ok_or_else(|| format!("no `save {arg}`"))?;
                let now = snapshot(self.game()?);
                if now != snap {
                    return Err(format!(
                        "state differs from `save {arg}`:\n  saved {snap:?}\n  now   {now:?}"
                    ));
                }
            }
            _ => self.expect_game(what, arg)?,
        }
        Ok(())
    }

    fn expect_game(&mut self, what: &str, arg: &str) -> R<()> {
        let base = self.base as i64;
        let g = self.game()?;
        let got = match what {
            "to-move" => g.to_move().name().to_string(),
            "phase" => g.phase().name().to_string(),
            "outcome" => match g.outcome() {
                None => "none".into(),
                Some(Outcome::Counted) => "counted".into(),
                Some(Outcome::NoResult) => "no-result".into(),
                Some(Outcome::Resigned(c)) => format!("resigned {c}"),
            },
            "captures" => format!(
                "black {} white {}",
                g.captures(Color::Black),
                g.captures(Color::White)
            ),
            "ko-point" => g
                .ko_point()
                .map_or("none".into(), |p| format!("{},{}", p.x, p.y)),
            "repetition" => match g.repetition() {
                None => "none".into(),
                Some(r) => format!(
                    "{} first {}",
                    r.move_number as i64 - base,
                    r.first_seen as i64 - base
                ),
            },
            "all-alive" => if g.all_alive() { "yes" } else { "no" }.into(),
            "handicap-left" => g.handicap_left().to_string(),
            "move-number" => (g.move_number() as i64 - base).to_string(),
            _ => return Err(format!("unknown expectation {what:?}")),
        };
        let want = if what == "ko-point" && arg != "none" {
            let p = parse_point(arg)?;
            format!("{},{}", p.x, p.y)
        } else {
            arg.to_string()
        };
        if got != want {
            return Err(format!("{what} is `{got}`, expected `{want}`"));
        }
        Ok(())
    }
}

/// The turns that place `nb` black and `nw` white stones on an empty board, starting with
/// `first` and leaving `want` to move: `Some(colour)` plays that colour's next stone, `None`
/// passes. The shortest such sequence; only one colour ever passes and its passes come first,
/// so two passes never follow each other (only a colour without stones that must move last
/// ends the set-up with a pass).
fn turns(first: Color, want: Color, nb: usize, nw: usize) -> Vec<Option<Color>> {
    let count = |c: Color| if c == Color::Black { nb } else { nw };
    let (nf, no) = (count(first), count(first.opponent()));
    let mut len = (2 * nf).saturating_sub(1).max(2 * no);
    // An even length leaves `first` to move.
    if (len % 2 == 0) != (want == first) {
        len += 1;
    }
    let turns_of = |c: Color| {
        if c == first {
            len.div_ceil(2)
        } else {
            len / 2
        }
    };
    let mut passes = [turns_of(Color::Black) - nb, turns_of(Color::White) - nw];
    (0..len)
        .map(|k| {
            let c = if k % 2 == 0 { first } else { first.opponent() };
            if passes[c.index()] > 0 {
                passes[c.index()] -= 1;
                None
            } else {
                Some(c)
            }
        })
        .collect()
}

#[test]
fn set_up_turns() {
    use Color::{Black as B, White as W};
    // 3 black, 1 white, black first, white to move: B (W pass) B W B.
    assert_eq!(
        turns(B, W, 3, 1),
        vec![Some(B), None, Some(B), Some(W), Some(B)]
    );
    // 3 black, 1 white, black to move: B (W pass) B (W pass) B W.
    assert_eq!(
        turns(B, B, 3, 1),
        vec![Some(B), None, Some(B), None, Some(B), Some(W)]
    );
    assert_eq!(turns(B, W, 0, 0), vec![None]);
    assert_eq!(turns(B, B, 0, 0), vec![]);
    assert_eq!(turns(W, W, 2, 2), vec![Some(W), Some(B), Some(W), Some(B)]);
}
