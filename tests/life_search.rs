//! An exhaustive local search, written from the rule text and independent of `src/life/`, that
//! checks the claims of `tests/diagrams/life_hard.txt` on the fights they rest on. (It is
//! naive: fights of a dozen empty points or more take it minutes, so only small ones are here.)
//!
//! A fight is a small board cut from the diagram, where the stones standing for the rest of the
//! board (`#` Black, `@` White) can never be captured. Both players play any legal move or pass
//! (J89 Art. 4, 5: no suicide); a stone captured in a ko may be taken back only after its owner
//! has passed (Art. 7.2: "después de pasar una vez respecto ese ko"; a pass here lifts all of
//! that player's kos). Two passes in a row end the fight. A line that comes back to a position
//! already on it counts as a failure for the attacker (it made no progress).

use std::collections::{HashMap, HashSet};

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Cell {
    Empty,
    Black,
    White,
}

struct Fight {
    w: usize,
    h: usize,
    /// Stones that can never be captured (the rest of the board).
    immortal: Vec<bool>,
}

/// A state of the search: the points, the player to move (true: the attacker), the points where
/// each player may not take back a ko, and whether the last move was a pass.
#[derive(Clone, PartialEq, Eq, Hash)]
struct State {
    cells: Vec<Cell>,
    attacker_to_move: bool,
    banned: [Vec<usize>; 2],
    passed: bool,
}

impl Fight {
    fn parse(rows: &[&str]) -> (Fight, Vec<Cell>) {
        let h = rows.len();
        let w = rows[0].len();
        let mut cells = Vec::new();
        let mut immortal = Vec::new();
        for r in rows {
            for c in r.bytes() {
                let (cell, imm) = match c {
                    b'X' => (Cell::Black, false),
                    b'O' => (Cell::White, false),
                    b'#' => (Cell::Black, true),
                    b'@' => (Cell::White, true),
                    _ => (Cell::Empty, false),
                };
                cells.push(cell);
                immortal.push(imm);
            }
        }
        (Fight { w, h, immortal }, cells)
    }

    fn neighbours(&self, p: usize) -> Vec<usize> {
        let (x, y) = (p % self.w, p / self.w);
        let mut v = Vec::with_capacity(4);
        if x > 0 {
            v.push(p - 1);
        }
        if x + 1 < self.w {
            v.push(p + 1);
        }
        if y > 0 {
            v.push(p - self.w);
        }
        if y + 1 < self.h {
            v.push(p + self.w);
        }
        v
    }

    /// The chain of `p` and whether it has a liberty (or an immortal stone).
    fn chain(&self, cells: &[Cell], p: usize) -> (Vec<usize>, bool) {
        let colour = cells[p];
        let mut stones = vec![p];
        let mut seen = HashSet::from([p]);
        let mut free = false;
        let mut k = 0;
        while k < stones.len() {
            let s = stones[k];
            k += 1;
            free |= self.immortal[s];
            for m in self.neighbours(s) {
                if cells[m] == Cell::Empty {
                    free = true;
                } else if cells[m] == colour && seen.insert(m) {
                    stones.push(m);
                }
            }
        }
        (stones, free)
    }

    /// Plays `colour` at `p`: the new points and the stones captured, or `None` if illegal.
    fn play(&self, cells: &[Cell], p: usize, colour: Cell) -> Option<(Vec<Cell>, Vec<usize>)> {
        if cells[p] != Cell::Empty {
            return None;
        }
        let mut next = cells.to_vec();
        next[p] = colour;
        let mut captured = Vec::new();
        for m in self.neighbours(p) {
            if next[m] != Cell::Empty && next[m] != colour {
                let (stones, free) = self.chain(&next, m);
                if !free {
                    for s in stones {
                        next[s] = Cell::Empty;
                        captured.push(s);
                    }
                }
            }
        }
        let (_, free) = self.chain(&next, p);
        free.then_some((next, captured))
    }
}

/// Whether the attacker (`colour`) captures the stone at `target`, with the given player first.
fn captures(rows: &[&str], target: usize, colour: Cell, attacker_first: bool) -> bool {
    let (fight, cells) = Fight::parse(rows);
    let start = State {
        cells,
        attacker_to_move: attacker_first,
        banned: [Vec::new(), Vec::new()],
        passed: false,
    };
    let mut memo = HashMap::new();
    let mut path = HashSet::new();
    search(&fight, &start, target, colour, &mut memo, &mut path)
}

fn search(
    f: &Fight,
    s: &State,
    target: usize,
    attacker: Cell,
    memo: &mut HashMap<State, bool>,
    path: &mut HashSet<State>,
) -> bool {
    if s.cells[target] == Cell::Empty {
        return true;
    }
    if let Some(&r) = memo.get(s) {
        return r;
    }
    if !path.insert(s.clone()) {
        return false;
    }
    let defender = if attacker == Cell::Black {
        Cell::White
    } else {
        Cell::Black
    };
    let (me, side) = if s.attacker_to_move {
        (attacker, 0)
    } else {
        (defender, 1)
    };
    let mut outcomes = Vec::new();
    // A pass: ends the fight after a pass, and lifts the passer's ko bans.
    if s.passed {
        outcomes.push(false);
    } else if s.attacker_to_move && s.banned[side].is_empty() {
        // The attacker passes only to lift a ko ban: otherwise the defender passes and the
        // fight is over, which the defender can always choose anyway.
        outcomes.push(false);
    } else {
        let mut banned = s.banned.clone();
        banned[side].clear();
        let next = State {
            cells: s.cells.clone(),
            attacker_to_move: !s.attacker_to_move,
            banned,
            passed: true,
        };
        outcomes.push(search(f, &next, target, attacker, memo, path));
    }
    let wanted = s.attacker_to_move;
    if outcomes[0] != wanted {
        for p in 0..s.cells.len() {
            if s.banned[side].contains(&p) {
                continue;
            }
            let Some((cells, captured)) = f.play(&s.cells, p, me) else {
                continue;
            };
            // A ko: one stone taken by a single stone left with that point as its only
            // liberty. The other player may not take back there before passing.
            let mut banned = s.banned.clone();
            let (own, _) = f.chain(&cells, p);
            let libs: Vec<usize> = f
                .neighbours(p)
                .into_iter()
                .filter(|&m| cells[m] == Cell::Empty)
                .collect();
            if captured.len() == 1 && own.len() == 1 && libs == captured {
                banned[1 - side].push(captured[0]);
            }
            let next = State {
                cells,
                attacker_to_move: !s.attacker_to_move,
                banned,
                passed: false,
            };
            let r = search(f, &next, target, attacker, memo, path);
            outcomes.push(r);
            if r == wanted {
                break;
            }
        }
    }
    path.remove(s);
    let result = if wanted {
        outcomes.contains(&true)
    } else {
        outcomes.iter().all(|&r| r)
    };
    memo.insert(s.clone(), result);
    result
}

/// The shared two-point eye: once the dame 0,2 is filled, a White throw-in at 1,0 kills the two
/// stones 0,1-1,1 unless Black has filled 1,0; with 1,0 filled they live.
#[test]
fn the_junction_of_a_shared_eye_must_be_filled() {
    let open = ["..##", "XX@#", "@@@#"];
    let filled = [".###", "XX@#", "@@@#"];
    let stones = 4; // 0,1
    assert!(captures(&open, stones, Cell::White, true));
    assert!(!captures(&filled, stones, Cell::White, true));
}
