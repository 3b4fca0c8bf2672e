//! An exhaustive local search, written from the rule text and independent of `src/life/`, that
//! checks the fights the verdicts on goscorer's positions and the claims of
//! `tests/diagrams/life_hard.txt` rest on (README, "Measured against goscorer").
//!
//! A fight is a small board cut from a position, where the stones standing for the rest of the
//! board (`#` Black, `@` White) can never be captured. Both players play any legal move or pass
//! (J89 Art. 4, 5: no suicide); a stone captured in a ko may be taken back only after its owner
//! has passed (Art. 7.2: "después de pasar una vez respecto ese ko"; a pass lifts one ko ban,
//! the one the passer chooses). Two passes in a row end the fight. A line that comes back to a position
//! already on it counts as a failure for the attacker (it made no progress). Answers are
//! remembered per state, also those that rest on such a cut: without that, whole narrow boards
//! do not finish; with it, a cut made on one line can in principle carry into another line that
//! reaches the same state by a different history (a "lives" next to a cycle is the weaker
//! answer).
//!
//! The cases are in `tests/life_search/*.txt` (format in `tests/life_search/README.md`): a
//! diagram and questions "can this player capture the chain at x,y, moving first / second?".

mod reference;
use std::collections::hash_map::DefaultHasher;
use std::collections::{HashMap, HashSet};
use std::fs;
use std::hash::{Hash, Hasher};
use std::path::Path;

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;

/// Positions a single question may visit before the test gives up on it.
const BUDGET: usize = 1_000_000;

struct Fight {
    w: usize,
    /// Stones that can never be captured (the rest of the board).
    immortal: Vec<bool>,
    /// The neighbours of every point.
    adj: Vec<Vec<usize>>,
}

/// A state of the search: the points, the player to move (true: the attacker), the point where
/// each player may not take back a ko (if several kos are pending, all of them), and whether the
/// last move was a pass.
#[derive(Clone, PartialEq, Eq, Hash)]
struct State {
    cells: Vec<u8>,
    attacker_to_move: bool,
    banned: [Vec<usize>; 2],
    passed: bool,
}

impl Fight {
    fn parse(rows: &[String]) -> Result<(Fight, Vec<u8>), String> {
        let h = rows.len();
        let w = rows.first().map_or(0, |r| r.len());
        if w == 0 || rows.iter().any(|r| r.len() != w) {
            return Err("the diagram's rows differ in length".into());
        }
        let mut cells = Vec::new();
        let mut immortal = Vec::new();
        for r in rows {
            for c in r.bytes() {
                let (cell, imm) = match c {
                    b'X' => (BLACK, false),
                    b'O' => (WHITE, false),
                    b'#' => (BLACK, true),
                    b'@' => (WHITE, true),
                    b'.' => (EMPTY, false),
                    _ => return Err(format!("unknown point {:?}", c as char)),
                };
                cells.push(cell);
                immortal.push(imm);
            }
        }
        let adj = (0..w * h).map(|p| reference::neighbours(w, h, p)).collect();
        Ok((Fight { w, immortal, adj }, cells))
    }

    /// The chain of `p` and whether it has a liberty (or an immortal stone).
    fn chain(&self, cells: &[u8], p: usize) -> (Vec<usize>, bool) {
        let colour = cells[p];
        let mut stones = vec![p];
        let mut seen = HashSet::from([p]);
        let mut free = false;
        let mut k = 0;
        while k < stones.len() {
            let s = stones[k];
            k += 1;
            free |= self.immortal[s];
            for &m in &self.adj[s] {
                if cells[m] == EMPTY {
                    free = true;
                } else if cells[m] == colour && seen.insert(m) {
                    stones.push(m);
                }
            }
        }
        (stones, free)
    }

    /// Plays `colour` at `p`: the new points and the stones captured, or `None` if illegal.
    fn play(&self, cells: &[u8], p: usize, colour: u8) -> Option<(Vec<u8>, Vec<usize>)> {
        if cells[p] != EMPTY {
            return None;
        }
        let mut next = cells.to_vec();
        next[p] = colour;
        let mut captured = Vec::new();
        for &m in &self.adj[p] {
            if next[m] != EMPTY && next[m] != colour {
                let (stones, free) = self.chain(&next, m);
                if !free {
                    for s in stones {
                        next[s] = EMPTY;
                        captured.push(s);
                    }
                }
            }
        }
        let (_, free) = self.chain(&next, p);
        free.then_some((next, captured))
    }
}

struct Search<'a> {
    f: &'a Fight,
    target: usize,
    attacker: u8,
    /// Answers by the state's 64-bit hash (`DefaultHasher::new()` has fixed keys).
    memo: HashMap<u64, bool>,
    path: HashSet<u64>,
    /// The points in the order they are tried: nearest the target first, so that the
    /// attacker's wins are found early.
    order: Vec<usize>,
    visited: usize,
}

impl Search<'_> {
    /// Whether the attacker captures the target from `s`, and whether the answer rests on a line
    /// cut for repeating a position (then it is not remembered). `None`: over the budget.
    fn run(&mut self, s: &State) -> Option<(bool, bool)> {
        if s.cells[self.target] == EMPTY {
            return Some((true, false));
        }
        let key = {
            let mut h = DefaultHasher::new();
            s.hash(&mut h);
            h.finish()
        };
        if let Some(&r) = self.memo.get(&key) {
            return Some((r, false));
        }
        if self.path.contains(&key) {
            return Some((false, true));
        }
        self.visited += 1;
        if self.visited > BUDGET {
            return None;
        }
        self.path.insert(key);
        let answer = self.moves(s);
        self.path.remove(&key);
        let (result, cut) = answer?;
        self.memo.insert(key, result);
        Some((result, cut))
    }

    fn moves(&mut self, s: &State) -> Option<(bool, bool)> {
        let defender = BLACK + WHITE - self.attacker;
        let (me, side) = if s.attacker_to_move {
            (self.attacker, 0)
        } else {
            (defender, 1)
        };
        let wanted = s.attacker_to_move;
        let mut cut = false;
        // A pass: ends the fight after a pass, and lifts one of the passer's ko bans, the one
        // the passer chooses (Art. 7.2: one pass "respecto ese ko en particular"). The
        // attacker passes only to lift a ko ban: otherwise the defender passes and the fight
        // is over, which the defender can always choose anyway.
        let mut pass = !wanted;
        if s.passed {
            pass = false;
        } else if !(s.attacker_to_move && s.banned[side].is_empty()) {
            let lifts = s.banned[side].len().max(1);
            for i in 0..lifts {
                let mut banned = s.banned.clone();
                if !banned[side].is_empty() {
                    banned[side].remove(i);
                }
                let next = State {
                    cells: s.cells.clone(),
                    attacker_to_move: !s.attacker_to_move,
                    banned,
                    passed: true,
                };
                let (r, c) = self.run(&next)?;
                cut |= c;
                if r == wanted {
                    pass = r;
                    break;
                }
            }
        } else {
            pass = false;
        }
        if pass == wanted {
            return Some((wanted, cut));
        }
        for k in 0..self.order.len() {
            let p = self.order[k];
            if s.banned[side].contains(&p) {
                continue;
            }
            let Some((cells, captured)) = self.f.play(&s.cells, p, me) else {
                continue;
            };
            // A ko: one stone taken by a single stone left with that point as its only
            // liberty. The other player may not take back there before passing.
            let mut banned = s.banned.clone();
            let lone = self.f.adj[p].iter().all(|&m| cells[m] != me);
            let libs: Vec<usize> = self.f.adj[p]
                .iter()
                .copied()
                .filter(|&m| cells[m] == EMPTY)
                .collect();
            if captured.len() == 1 && lone && libs == captured {
                banned[1 - side].push(captured[0]);
            }
            // A ban ends when its ko is filled: the point emptied later is another fight.
            for b in &mut banned {
                b.retain(|&q| cells[q] == EMPTY);
            }
            let next = State {
                cells,
                attacker_to_move: !s.attacker_to_move,
                banned,
                passed: false,
            };
            let (r, c) = self.run(&next)?;
            if r == wanted {
                // A win found; it rests on a cut line only if that line did.
                return Some((wanted, c));
            }
            cut |= c;
        }
        Some((!wanted, cut))
    }
}

/// Whether `attacker` captures the stone at `target`, with the given player first; `None` when
/// the fight is over the budget.
fn captures(rows: &[String], target: usize, attacker: u8, attacker_first: bool) -> Option<bool> {
    let (fight, cells) = Fight::parse(rows).ok()?;
    let start = State {
        cells,
        attacker_to_move: attacker_first,
        banned: [Vec::new(), Vec::new()],
        passed: false,
    };
    let (tx, ty) = (target % fight.w, target / fight.w);
    let mut order: Vec<usize> = (0..start.cells.len()).collect();
    order.sort_by_key(|&p| (p % fight.w).abs_diff(tx) + (p / fight.w).abs_diff(ty));
    let mut search = Search {
        f: &fight,
        target,
        attacker,
        memo: HashMap::new(),
        path: HashSet::new(),
        order,
        visited: 0,
    };
    search.run(&start).map(|(r, _)| r)
}

/// One question of a case: `ask: x,y by white|black first|second captures|lives`.
struct Ask {
    x: usize,
    y: usize,
    attacker: u8,
    attacker_first: bool,
    captures: bool,
    line: String,
}

fn parse_ask(text: &str) -> Result<Ask, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let [xy, "by", who, order, answer] = words[..] else {
        return Err(format!(
            "a question reads `x,y by white first captures`: {text}"
        ));
    };
    let (x, y) = xy
        .split_once(',')
        .and_then(|(x, y)| Some((x.parse().ok()?, y.parse().ok()?)))
        .ok_or_else(|| format!("bad point {xy}"))?;
    let attacker = match who {
        "black" => BLACK,
        "white" => WHITE,
        _ => return Err(format!("bad player {who}")),
    };
    let attacker_first = match order {
        "first" => true,
        "second" => false,
        _ => return Err(format!("bad order {order}")),
    };
    let captures = match answer {
        "captures" => true,
        "lives" => false,
        _ => return Err(format!("bad answer {answer}")),
    };
    Ok(Ask {
        x,
        y,
        attacker,
        attacker_first,
        captures,
        line: text.to_string(),
    })
}

/// Runs every case of one file; returns the failures.
fn run_file(path: &Path) -> Vec<String> {
    let text = match fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => return vec![format!("{}: {e}", path.display())],
    };
    let mut failures = Vec::new();
    let mut cases: Vec<(String, Vec<String>, Vec<String>)> = Vec::new();
    for raw in text.lines() {
        let line = raw.split(" #").next().unwrap_or("").trim();
        // A comment is `#` and a space: a diagram row may start with `#` (an immortal stone).
        if line.is_empty() || line == "#" || line.starts_with("# ") {
            continue;
        }
        if let Some(name) = line.strip_prefix("===") {
            cases.push((name.trim().to_string(), Vec::new(), Vec::new()));
        } else if let Some((_, rows, asks)) = cases.last_mut() {
            if let Some(q) = line.strip_prefix("ask:") {
                asks.push(q.trim().to_string());
            } else if line.contains(':') {
                // `position:`, `decides:`, `note:`: for the reader.
            } else {
                rows.push(line.to_string());
            }
        } else {
            failures.push(format!("{}: text before the first case", path.display()));
        }
    }
    for (name, rows, asks) in &cases {
        if asks.is_empty() {
            failures.push(format!("{name}: no question"));
        }
        let w = match Fight::parse(rows) {
            Ok((f, _)) => f.w,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        for q in asks {
            let ask = match parse_ask(q) {
                Ok(a) => a,
                Err(e) => {
                    failures.push(format!("{name}: {e}"));
                    continue;
                }
            };
            let target = ask.y * w + ask.x;
            let colour = rows
                .get(ask.y)
                .and_then(|r| r.as_bytes().get(ask.x))
                .copied();
            let own = if ask.attacker == BLACK { b'O' } else { b'X' };
            if colour != Some(own) {
                failures.push(format!(
                    "{name}: {} is not a capturable stone of the defender",
                    ask.line
                ));
                continue;
            }
            match captures(rows, target, ask.attacker, ask.attacker_first) {
                None => failures.push(format!("{name}: {}: over the search budget", ask.line)),
                Some(r) if r != ask.captures => failures.push(format!(
                    "{name}: {}: the search says the opposite",
                    ask.line
                )),
                Some(_) => {}
            }
        }
    }
    failures
}

#[test]
fn the_fights_behind_the_verdicts() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/life_search");
    let mut files: Vec<_> = fs::read_dir(&dir)
        .expect("tests/life_search is readable")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no case files in tests/life_search");
    // The search recurses once per move of a line: lines of narrow boards run long.
    let failures: Vec<String> = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || files.iter().flat_map(|f| run_file(f)).collect())
        .expect("a thread for the search")
        .join()
        .expect("the search thread ends");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The search itself on fights whose answer is known by hand: a throw-in that is a ko is taken
/// back only after a pass (Art. 7.2), and a lone stone in atari is taken.
#[test]
fn the_search_knows_the_basic_answers() {
    let rows = |r: &[&str]| r.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    // A single white stone in atari at the edge: Black captures whoever starts.
    assert_eq!(captures(&rows(&["O.", "#."]), 0, BLACK, true), Some(true));
    // A black chain with two separate one-point eyes lives.
    let two_eyes = rows(&[".X.X@", "XXXX@", "@@@@@"]);
    assert_eq!(captures(&two_eyes, 1, WHITE, true), Some(false));
    // An eye of three points in a line: White kills by playing first, not second.
    let three = rows(&["...X@", "XXXX@", "@@@@@"]);
    assert_eq!(captures(&three, 3, WHITE, true), Some(true));
    assert_eq!(captures(&three, 3, WHITE, false), Some(false));
    // An eye of two points: dead whoever starts.
    let two = rows(&["..X@", "XXX@", "@@@@"]);
    assert_eq!(captures(&two, 2, WHITE, false), Some(true));
}
