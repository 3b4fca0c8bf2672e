//! A deliberately naive reference implementation of the rules of play, written from the rule
//! texts (J89 Art. 3-6 and 9, WAGC rules 7, 12 and 13, seed 002) and not from `src/`.
//!
//! Everything is done the slow, obvious way: the board is a `Vec` of cells (1 Black, -1 White,
//! 0 empty, row-major), chains and liberties are found by flood fill on every question, a move
//! is tried on a full copy of the board, and the history for superko is a list of full boards
//! (positional) or of (board, player to move) pairs (situational). Undo restores stored copies.
//!
//! Only the types of the library (`Color`, `Error`, `KoRule`, `Phase`, `Action`, `Rules`) are
//! shared, so that results can be compared value for value.

#![allow(dead_code)]

use tengen::{Action, Color, DeadStones, Error, KoRule, Phase, Point, Refusal, Rules};

/// The parts of a ruleset that matter during play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RefRules {
    /// Basic ko only, or positional or situational superko.
    pub ko: KoRule,
    /// Whether a move may leave its own chain without liberties (the chain is then removed).
    pub suicide: bool,
    /// Seed 002: the game ends at two passes in a row; otherwise play stops for dead stones.
    pub ends_on_two_passes: bool,
}

impl RefRules {
    /// The play-relevant settings of a library ruleset.
    pub fn of(rules: &Rules) -> RefRules {
        RefRules {
            ko: rules.ko,
            suicide: rules.suicide,
            ends_on_two_passes: rules.dead_stones == DeadStones::AsItStands,
        }
    }
}

/// Everything that an undo restores.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// The board, row-major: 1 Black, -1 White, 0 empty.
    pub cells: Vec<i8>,
    /// Whose turn it is.
    pub to_move: Color,
    /// Stones captured by Black (index 0) and by White (index 1).
    pub prisoners: [u32; 2],
    /// Playing, stopped or finished.
    pub phase: Phase,
    /// Passes in a row.
    pub passes: u32,
    /// Free handicap stones still to place.
    pub handicap_left: u32,
    /// Stones and passes played (handicap stones not counted).
    pub move_number: u32,
    /// After a move that captured exactly one stone with a stone that stands alone:
    /// (the capturing stone, the point of the captured stone). Cleared by any other move or pass.
    pub last_single_capture: Option<(usize, usize)>,
}

/// What a legal move does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveResult {
    /// The board after the move.
    pub cells: Vec<i8>,
    /// The opponent's stones removed.
    pub captured: Vec<usize>,
    /// The player's own stones removed (suicide, where allowed).
    pub own_removed: Vec<usize>,
}

/// A naive game.
#[derive(Clone, Debug)]
pub struct RefGame {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// The rules of play.
    pub rules: RefRules,
    /// The current state.
    pub state: State,
    /// Every whole-board position so far, the start included (positional superko).
    pub positions: Vec<Vec<i8>>,
    /// Every (board, player to move) so far, the start included, also after passes and
    /// resumptions (situational superko).
    pub situations: Vec<(Vec<i8>, Color)>,
    /// For undo: the state before each action, the history lengths then, and the action.
    undo_stack: Vec<(State, usize, usize, Action)>,
}

fn sign(c: Color) -> i8 {
    match c {
        Color::Black => 1,
        Color::White => -1,
    }
}

fn other(c: Color) -> Color {
    match c {
        Color::Black => Color::White,
        Color::White => Color::Black,
    }
}

/// The orthogonal neighbours of point `i` on a `w` x `h` board.
pub fn neighbours(w: usize, h: usize, i: usize) -> Vec<usize> {
    let (x, y) = (i % w, i / w);
    let mut out = Vec::new();
    if x > 0 {
        out.push(i - 1);
    }
    if x + 1 < w {
        out.push(i + 1);
    }
    if y > 0 {
        out.push(i - w);
    }
    if y + 1 < h {
        out.push(i + w);
    }
    out
}

/// The chain through the stone at `i`: every stone of the same colour connected to it.
pub fn chain(w: usize, h: usize, cells: &[i8], i: usize) -> Vec<usize> {
    let colour = cells[i];
    assert!(colour != 0, "chain of an empty point");
    let mut seen = vec![false; cells.len()];
    let mut stack = vec![i];
    let mut out = Vec::new();
    seen[i] = true;
    while let Some(j) = stack.pop() {
        out.push(j);
        for n in neighbours(w, h, j) {
            if !seen[n] && cells[n] == colour {
                seen[n] = true;
                stack.push(n);
            }
        }
    }
    out.sort_unstable();
    out
}

/// The distinct empty points next to a chain.
pub fn liberties(w: usize, h: usize, cells: &[i8], chain: &[usize]) -> Vec<usize> {
    let mut libs = Vec::new();
    for &s in chain {
        for n in neighbours(w, h, s) {
            if cells[n] == 0 && !libs.contains(&n) {
                libs.push(n);
            }
        }
    }
    libs
}

/// Whether every chain on the board has at least one liberty (J89 Art. 4).
pub fn all_chains_have_liberties(w: usize, h: usize, cells: &[i8]) -> bool {
    (0..cells.len())
        .filter(|&i| cells[i] != 0)
        .all(|i| !liberties(w, h, cells, &chain(w, h, cells, i)).is_empty())
}

/// Area score after seed 002 with every stone alive: (Black, White), each the player's stones
/// plus the empty points of regions that reach stones of that player only.
pub fn area_score(w: usize, h: usize, cells: &[i8]) -> (u32, u32) {
    let mut black = cells.iter().filter(|&&c| c == 1).count() as u32;
    let mut white = cells.iter().filter(|&&c| c == -1).count() as u32;
    let mut seen = vec![false; cells.len()];
    for start in 0..cells.len() {
        if cells[start] != 0 || seen[start] {
            continue;
        }
        let mut region = Vec::new();
        let (mut reaches_black, mut reaches_white) = (false, false);
        let mut stack = vec![start];
        seen[start] = true;
        while let Some(j) = stack.pop() {
            region.push(j);
            for n in neighbours(w, h, j) {
                match cells[n] {
                    1 => reaches_black = true,
                    -1 => reaches_white = true,
                    _ => {
                        if !seen[n] {
                            seen[n] = true;
                            stack.push(n);
                        }
                    }
                }
            }
        }
        match (reaches_black, reaches_white) {
            (true, false) => black += region.len() as u32,
            (false, true) => white += region.len() as u32,
            _ => {}
        }
    }
    (black, white)
}

/// The WAGC rule 4 (iv) star point number `k` (1-9) on a board of the given size, by the rule's
/// designations (`D-16` is horizontal line D, the 4th from the top, and vertical line 16 from
/// the left) carried over to other sizes: line 4 is the 4th line from the edge on sides of 13 or
/// more and the 3rd on sides of 7 to 12; line 16 is its mirror; line 10 is the middle line of an
/// odd side of 9 or more. `None` where the board has no such line.
pub fn star_point(width: usize, height: usize, k: usize) -> Option<(usize, usize)> {
    const DESIGNATIONS: [(char, u32); 9] = [
        ('D', 16),
        ('Q', 4),
        ('Q', 16),
        ('D', 4),
        ('K', 16),
        ('K', 4),
        ('D', 10),
        ('Q', 10),
        ('K', 10),
    ];
    // Horizontal lines A, B, ... T from the top without I.
    let letter_line = |l: char| -> u32 {
        let letters: Vec<char> = ('A'..='T').filter(|&c| c != 'I').collect();
        letters.iter().position(|&c| c == l).unwrap() as u32 + 1
    };
    // A 19x19 line number (1-19) carried to a side of `side` points: 0-based coordinate.
    let carry = |line: u32, side: usize| -> Option<usize> {
        let edge = if side >= 13 {
            4
        } else if side >= 7 {
            3
        } else {
            return None;
        };
        match line {
            4 => Some(edge - 1),
            16 => Some(side - edge),
            10 if side % 2 == 1 && side >= 9 => Some((side - 1) / 2),
            _ => None,
        }
    };
    let (letter, number) = DESIGNATIONS[k - 1];
    let x = carry(number, width)?;
    let y = carry(letter_line(letter), height)?;
    Some((x, y))
}

/// WAGC rule 7 (ii): the star points of a handicap of `n` stones, or `None` if the board lacks
/// one of them (or `n` is 1 or above 9).
pub fn fixed_handicap(width: usize, height: usize, n: u32) -> Option<Vec<(usize, usize)>> {
    let order: &[usize] = match n {
        0 => &[],
        2 => &[1, 2],
        3 => &[1, 2, 3],
        4 => &[1, 2, 3, 4],
        5 => &[1, 2, 3, 4, 9],
        6 => &[1, 2, 3, 4, 5, 6],
        7 => &[1, 2, 3, 4, 5, 6, 9],
        8 => &[1, 2, 3, 4, 5, 6, 7, 8],
        9 => &[1, 2, 3, 4, 5, 6, 7, 8, 9],
        _ => return None,
    };
    order
        .iter()
        .map(|&k| star_point(width, height, k))
        .collect()
}

impl RefGame {
    /// A game on an empty board (or with `stones` already placed as Black's fixed handicap), with
    /// `to_move` to play first and `handicap_left` free handicap stones still to place.
    pub fn new(
        width: usize,
        height: usize,
        rules: RefRules,
        black_stones: &[(usize, usize)],
        to_move: Color,
        handicap_left: u32,
    ) -> RefGame {
        let mut cells = vec![0i8; width * height];
        for &(x, y) in black_stones {
            assert!(x < width && y < height && cells[y * width + x] == 0);
            cells[y * width + x] = 1;
        }
        let state = State {
            cells: cells.clone(),
            to_move,
            prisoners: [0, 0],
            phase: Phase::Playing,
            passes: 0,
            handicap_left,
            move_number: 0,
            last_single_capture: None,
        };
        RefGame {
            width,
            height,
            rules,
            positions: vec![cells.clone()],
            situations: vec![(cells, to_move)],
            state,
            undo_stack: Vec::new(),
        }
    }

    /// The row-major index of (x, y), or `offBoard`.
    pub fn index(&self, x: i64, y: i64) -> Result<usize, Error> {
        if x < 0 || y < 0 || x >= self.width as i64 || y >= self.height as i64 {
            return Err(Error::OffBoard);
        }
        Ok(y as usize * self.width + x as usize)
    }

    /// The (x, y) of an index.
    pub fn point(&self, i: usize) -> Point {
        Point::new((i % self.width) as u8, (i / self.width) as u8)
    }

    /// Who places the next stone: Black while free handicap stones remain.
    pub fn mover(&self) -> Color {
        if self.state.handicap_left > 0 {
            Color::Black
        } else {
            self.state.to_move
        }
    }

    /// The player to move after a stone is placed now.
    fn next_to_move(&self) -> Color {
        match self.state.handicap_left {
            0 => other(self.state.to_move),
            1 => Color::White,
            _ => Color::Black,
        }
    }

    /// Tries a stone for the player to move at (x, y) on a copy of the board: the result, or the
    /// error, checked in the order offBoard, occupied, ko, suicide, superko.
    pub fn try_place(&self, x: i64, y: i64) -> Result<MoveResult, Error> {
        if self.state.phase != Phase::Playing {
            return Err(Error::NotPlaying);
        }
        let i = self.index(x, y)?;
        let (w, h) = (self.width, self.height);
        let cells = &self.state.cells;
        if cells[i] != 0 {
            return Err(Error::Occupied);
        }
        let player = self.mover();
        let mut after = cells.clone();
        after[i] = sign(player);
        // J89 Art. 5: opponent chains left without liberties are removed.
        let mut captured: Vec<usize> = Vec::new();
        for n in neighbours(w, h, i) {
            if after[n] == -sign(player) && !captured.contains(&n) {
                let c = chain(w, h, &after, n);
                if liberties(w, h, &after, &c).is_empty() {
                    captured.extend(c);
                }
            }
        }
        for &s in &captured {
            after[s] = 0;
        }
        // J89 Art. 6: the stone just captured in a ko may not recapture at once.
        if let Some((capturer, captured_point)) = self.state.last_single_capture {
            if i == captured_point && captured == vec![capturer] {
                return Err(Error::Ko);
            }
        }
        // J89 Art. 4: no own chain without liberties, unless the rules allow suicide.
        let mut own_removed = Vec::new();
        let own = chain(w, h, &after, i);
        if liberties(w, h, &after, &own).is_empty() {
            if !self.rules.suicide || self.state.handicap_left > 0 {
                return Err(Error::Suicide);
            }
            for &s in &own {
                after[s] = 0;
            }
            own_removed = own;
        }
        // Superko: no earlier position (positional) or situation (situational) again.
        match self.rules.ko {
            KoRule::Simple => {}
            KoRule::Positional => {
                if self.positions.contains(&after) {
                    return Err(Error::Superko);
                }
            }
            KoRule::Situational => {
                let next = self.next_to_move();
                if self
                    .situations
                    .iter()
                    .any(|(p, c)| *c == next && *p == after)
                {
                    return Err(Error::Superko);
                }
            }
        }
        captured.sort_unstable();
        Ok(MoveResult {
            cells: after,
            captured,
            own_removed,
        })
    }

    /// Whether the player to move may play at (x, y).
    pub fn legality(&self, x: i64, y: i64) -> Result<(), Error> {
        self.try_place(x, y).map(|_| ())
    }

    /// The empty points where the player to move may play.
    pub fn legal_points(&self) -> Vec<usize> {
        (0..self.state.cells.len())
            .filter(|&i| {
                let p = self.point(i);
                self.legality(p.x as i64, p.y as i64).is_ok()
            })
            .collect()
    }

    fn push_undo(&mut self, action: Action) {
        self.undo_stack.push((
            self.state.clone(),
            self.positions.len(),
            self.situations.len(),
            action,
        ));
    }

    /// Plays a stone for the player to move; returns the number of opponent stones captured.
    pub fn place(&mut self, x: i64, y: i64) -> Result<u32, Error> {
        let r = self.try_place(x, y)?;
        let i = self.index(x, y).unwrap();
        let player = self.mover();
        self.push_undo(Action::Place(self.point(i)));
        let next = self.next_to_move();
        let s = &mut self.state;
        s.prisoners[player.index()] += r.captured.len() as u32;
        s.prisoners[other(player).index()] += r.own_removed.len() as u32;
        s.last_single_capture = None;
        if r.captured.len() == 1 && chain(self.width, self.height, &r.cells, i) == vec![i] {
            s.last_single_capture = Some((i, r.captured[0]));
        }
        if s.handicap_left > 0 {
            s.handicap_left -= 1;
        } else {
            s.move_number += 1;
            s.passes = 0;
        }
        s.cells = r.cells;
        s.to_move = next;
        self.positions.push(s.cells.clone());
        self.situations.push((s.cells.clone(), s.to_move));
        Ok(r.captured.len() as u32)
    }

    /// A pass: returns whether it stopped (or ended) play, as the second pass in a row.
    pub fn pass(&mut self) -> Result<bool, Error> {
        if self.state.phase != Phase::Playing {
            return Err(Error::NotPlaying);
        }
        if self.state.handicap_left > 0 {
            return Err(Error::NotAllowed(Refusal::HandicapFirst));
        }
        self.push_undo(Action::Pass);
        let s = &mut self.state;
        s.passes += 1;
        s.move_number += 1;
        s.to_move = other(s.to_move);
        s.last_single_capture = None;
        self.situations.push((s.cells.clone(), s.to_move));
        if s.passes >= 2 {
            s.phase = if self.rules.ends_on_two_passes {
                Phase::Finished
            } else {
                Phase::Stopped
            };
            return Ok(true);
        }
        Ok(false)
    }

    /// J89 Art. 9.3: play resumes at the request of `requester`, whose opponent moves first.
    pub fn resume(&mut self, requester: Color) -> Result<(), Error> {
        if self.state.phase != Phase::Stopped {
            return Err(Error::NotStopped);
        }
        self.push_undo(Action::Resume(requester));
        let s = &mut self.state;
        s.phase = Phase::Playing;
        s.to_move = other(requester);
        s.passes = 0;
        self.situations.push((s.cells.clone(), s.to_move));
        Ok(())
    }

    /// Restores the state before the last action and returns that action.
    pub fn undo(&mut self) -> Result<Action, Error> {
        let Some((state, positions, situations, action)) = self.undo_stack.pop() else {
            return Err(Error::NotAllowed(Refusal::NothingToUndo));
        };
        self.state = state;
        self.positions.truncate(positions);
        self.situations.truncate(situations);
        Ok(action)
    }

    /// The state before the last action, if any (what an undo must give back).
    pub fn previous_state(&self) -> Option<&State> {
        self.undo_stack.last().map(|(s, ..)| s)
    }

    /// The point where the player to move may not retake a basic ko now, if any.
    pub fn ko_point(&self) -> Option<Point> {
        let (_, k) = self.state.last_single_capture?;
        let p = self.point(k);
        (self.try_place(p.x as i64, p.y as i64) == Err(Error::Ko)).then_some(p)
    }

    /// Whether the empty point `i` is surrounded on all sides by the player's own stones.
    pub fn is_own_eye(&self, i: usize, player: Color) -> bool {
        self.state.cells[i] == 0
            && neighbours(self.width, self.height, i)
                .iter()
                .all(|&n| self.state.cells[n] == sign(player))
    }

    /// The board drawn as rows of `X`, `O` and `.`.
    pub fn diagram(&self) -> String {
        diagram(self.width, &self.state.cells)
    }
}

/// A row-major board drawn as rows of `X`, `O` and `.`.
pub fn diagram(width: usize, cells: &[i8]) -> String {
    let mut s = String::new();
    for row in cells.chunks(width) {
        for &c in row {
            s.push(match c {
                1 => 'X',
                -1 => 'O',
                _ => '.',
            });
        }
        s.push('\n');
    }
    s
}
