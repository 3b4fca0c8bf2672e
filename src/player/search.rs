//! The search behind [`super::genmove`]: the tree of UCT with RAVE, its priors, the playouts
//! from its leaves, and the statistics of the root's moves (see the module documentation of
//! [`super`], 1 to 4). The answer drawn from it, and the check of a pass, are the parent's and
//! [`super::pass_check`]'s.

use super::prior::prior;
use crate::color::Color;
use crate::error::Error;
use crate::game::Game;
use crate::playout::{Playout, Rng};
use crate::point::Point;
use crate::rules::{Scoring, Tie};
use crate::score::white_bonus_halves;

/// The most playouts one move may be given.
pub const MAX_PLAYOUTS: u32 = 5_000_000;
/// The longest time one move may be given, in milliseconds.
pub const MAX_TIME_MS: u32 = 600_000;
/// The playouts of a move when the options give no budget.
pub const DEFAULT_PLAYOUTS: u32 = 10_000;
/// The most tree nodes a search keeps (36 bytes each: at most 65 MB); past it the tree stops
/// growing and the simulations go on from its leaves.
pub const MAX_NODES: usize = 1_800_000;
/// The most simulations whose margins a search keeps for the analysis (4 bytes each).
pub(super) const MAX_SAMPLES: usize = 1 << 20;
/// RAVE's equivalence parameter `K` (see the module documentation).
pub const RAVE_EQUIVALENCE: f32 = 3000.0;
/// The exploration constant `C` of UCT.
pub const EXPLORATION: f32 = 0.1;

/// How [`super::genmove`] searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenmoveOptions {
    /// Playouts to run at most (0: no limit by count; [`DEFAULT_PLAYOUTS`] if `time_ms` is 0 too).
    pub playouts: u32,
    /// Milliseconds to think at most (0: no limit by time).
    pub time_ms: u32,
    /// The seed of the search: with a budget in playouts, the same seed gives the same move.
    pub seed: u64,
}

impl Default for GenmoveOptions {
    fn default() -> GenmoveOptions {
        GenmoveOptions {
            playouts: 0,
            time_ms: 0,
            seed: 1,
        }
    }
}

impl GenmoveOptions {
    /// Options checked: a budget of at most [`MAX_PLAYOUTS`] playouts and [`MAX_TIME_MS`]
    /// milliseconds.
    pub fn new(playouts: u32, time_ms: u32, seed: u64) -> Result<GenmoveOptions, Error> {
        if playouts > MAX_PLAYOUTS {
            return Err(Error::InvalidOptions(
                "playouts must be a whole number from 1 to 5,000,000",
            ));
        }
        if time_ms > MAX_TIME_MS {
            return Err(Error::InvalidOptions(
                "timeMs must be a whole number of milliseconds from 1 to 600,000",
            ));
        }
        Ok(GenmoveOptions {
            playouts,
            time_ms,
            seed,
        })
    }

    /// The playouts to run at most.
    pub(super) fn playout_cap(&self) -> u32 {
        match (self.playouts, self.time_ms) {
            (0, 0) => DEFAULT_PLAYOUTS,
            (0, _) => MAX_PLAYOUTS,
            (n, _) => n.min(MAX_PLAYOUTS),
        }
    }
}

/// A clock in milliseconds (any origin) for time budgets.
pub type Clock<'a> = &'a mut dyn FnMut() -> f64;

/// A tree node: the move that leads to it and its results for the player who made that move.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Node {
    /// The move: a padded index, 0 for the pass.
    pub(super) mv: u16,
    /// How many moves follow it (0: not expanded).
    pub(super) count: u16,
    /// The index of its first following move.
    pub(super) first: u32,
    /// Real simulations through it.
    pub(super) visits: u32,
    /// Visits and wins, the prior's virtual ones included.
    pub(super) n: f32,
    pub(super) w: f32,
    /// Wins of the real visits alone.
    pub(super) won: f32,
    /// AMAF visits and wins.
    rn: f32,
    rw: f32,
    /// The sum of the real simulations' final margins, in half points, komi included, for the
    /// player who made the move: a root that the tree keeps from an earlier search still knows
    /// its moves' mean margins (exact up to 2^24 half points; past that, a rounding far below a
    /// point of the mean).
    pub(super) margin: f32,
}

impl Node {
    /// A new move `mv` with its prior's virtual visits `n` and wins `w`, which count in both
    /// its own results and its AMAF results.
    pub(super) fn with_prior(mv: u16, n: f32, w: f32) -> Node {
        Node {
            mv,
            n,
            w,
            rn: n,
            rw: w,
            ..Node::default()
        }
    }
}

/// Visits a node needs before its moves are made: fewer on small boards (cheaper nodes).
fn expand_at(area: usize) -> u32 {
    (area / 20).clamp(2, 16) as u32
}

/// One search.
pub(super) struct Search {
    pub(super) playout: Playout,
    pub(super) rng: Rng,
    pub(super) nodes: Vec<Node>,
    /// The player to move at the root, as a cell value (1 Black, 2 White).
    pub(super) root_colour: u8,
    /// Passes in a row before the root.
    root_passes: u32,
    /// The opponent's last move before the root (padded index, 0: none or a pass).
    pub(super) root_last: usize,
    /// White's komi and handicap compensation, in half points.
    komi_halves: i32,
    /// Under territory scoring, the stones Black has played less White's before the root (on
    /// the board or taken): the area margin less this, and less the same for the simulated
    /// moves, is the territory margin. `None` under area scoring.
    territory_base: Option<i32>,
    /// Who wins a tie: 0.5 each, or all to White.
    tie_to_white: bool,
    /// Black wins a simulation whose margin (in half points, komi included) is above this: 0
    /// for the game's own count; another value asks whether a side gains more than a number of
    /// points (the check of a pass, `pass_check`).
    pub(super) threshold_halves: i32,
    /// When kept (the analysis asks, [`MAX_SAMPLES`] at most): per simulation, the root move it
    /// went through (in the order of the root's children) and its final margin in half points
    /// for the player at the root, from which the analysis takes the median margin.
    pub(super) samples: Option<Vec<(u16, i16)>>,
    expand_at: u32,
    /// The board's points (a node has at most this many moves and the pass).
    area: usize,
    /// Scratch of one simulation: the path of nodes from the root, the moves played (padded
    /// index with bit 15 for White; the tree's passes as 0).
    path: Vec<u32>,
    moves: Vec<u16>,
    /// AMAF scratch: per padded point, the simulation that last set it and the colour of its
    /// earliest stone at the depth being updated.
    stamp: Vec<u32>,
    first_colour: Vec<u8>,
    generation: u32,
}

/// Where a simulation left the tree: the colour to move, the last two moves (padded indices),
/// the passes in a row, and whether two passes ended the game there.
#[derive(Clone, Copy, Debug)]
pub(super) struct Leaf {
    colour: u8,
    recent: [usize; 2],
    passes: u32,
    ended: bool,
}

/// A simulation's result: Black's share of the win, the final margin in half points (Black's
/// less White's, komi included), and how many of its moves the tree made.
#[derive(Clone, Copy, Debug)]
pub(super) struct Outcome {
    black: f32,
    margin: i32,
    tree_plies: usize,
}

/// Bit 15 of a recorded move: White played it.
const WHITE_BIT: u16 = 1 << 15;

impl Search {
    // Out of line: its callers share one copy in the wasm (the full package's size).
    #[inline(never)]
    pub(super) fn new(game: &Game, options: &GenmoveOptions) -> Search {
        let to_move = game.to_move();
        let board = game.board();
        let playout = Playout::new(board, to_move).with_patterns(true);
        let area = board.size().area();
        let root_last = game
            .last_move()
            .and_then(|m| m.point)
            .map_or(0, |p| playout.index_of(p));
        let bonus = white_bonus_halves(game.rules(), game.setup().handicap);
        let cells = playout.index_of(Point::new(
            board.size().width() as u8 - 1,
            board.size().height() as u8 - 1,
        )) + 2;
        Search {
            root_colour: playout.first_to_move(),
            playout,
            rng: Rng::new(options.seed),
            nodes: Vec::with_capacity(1 << 12),
            root_passes: game.passes_in_a_row(),
            root_last,
            komi_halves: bonus,
            territory_base: (game.rules().scoring == Scoring::Territory).then(|| {
                let played = |c: Color| {
                    (board.stone_count(c) + board.prisoners(c.opponent())).min(i32::MAX as u32)
                        as i32
                };
                played(Color::Black) - played(Color::White)
            }),
            tie_to_white: game.rules().tie == Tie::White,
            threshold_halves: 0,
            samples: None,
            expand_at: expand_at(area),
            area,
            path: Vec::with_capacity(64),
            moves: Vec::with_capacity(4 * area + 64),
            stamp: vec![0; cells],
            first_colour: vec![0; cells],
            generation: 0,
        }
    }

    /// Makes the root and its moves: every point the game's rules allow that is not an own
    /// true eye, and the pass. Returns the number of stone moves.
    pub(super) fn expand_root(&mut self, game: &Game) -> usize {
        self.nodes.push(Node::default());
        let moves = self.root_moves(game);
        self.add_children(0, &moves);
        moves.len() - 1
    }

    /// The root's moves (padded indices): every point the game's rules allow that is not an own
    /// true eye, then the pass (0).
    pub(super) fn root_moves(&self, game: &Game) -> Vec<u16> {
        let size = game.board().size();
        let mut moves: Vec<u16> = Vec::with_capacity(size.area() + 1);
        let c = self.root_colour;
        for p in game.board().empty_points() {
            let i = self.playout.index_of(p);
            if self.playout.sensible(i, c) && game.legality(p).is_ok() {
                moves.push(i as u16);
            }
        }
        moves.push(0);
        moves
    }

    /// Makes the moves of the node `at` for `c` to play in the current position of the
    /// playout board. Returns false, making none, when the memory for them is not there (the
    /// tree then stops growing, as at [`MAX_NODES`]: no allocation failure traps the page).
    fn expand(&mut self, at: u32, c: u8) -> bool {
        let mut moves: Vec<u16> = Vec::with_capacity(self.playout.empty_points().len() + 1);
        for &i in self.playout.empty_points() {
            if self.playout.sensible(i as usize, c) {
                moves.push(i);
            }
        }
        moves.push(0);
        if self.nodes.try_reserve(moves.len()).is_err() {
            return false;
        }
        self.add_children(at, &moves);
        true
    }

    /// Adds `moves` as the children of `at`, in a random order (ties of value then break at
    /// random, the same way for a seed), with their priors.
    fn add_children(&mut self, at: u32, moves: &[u16]) {
        let c = self.colour_at_depth(self.path.len().saturating_sub(1));
        let last = self.last_move();
        let first = self.nodes.len() as u32;
        let mut order: Vec<u16> = moves.to_vec();
        for k in (1..order.len()).rev() {
            let j = self.rng.below(k + 1);
            order.swap(k, j);
        }
        for &mv in &order {
            let (n, w) = prior(&self.playout, mv as usize, c, last);
            self.nodes.push(Node::with_prior(mv, n, w));
        }
        let node = &mut self.nodes[at as usize];
        node.first = first;
        node.count = order.len() as u16;
    }

    /// The colour to move at `depth` plies below the root.
    fn colour_at_depth(&self, depth: usize) -> u8 {
        if depth % 2 == 0 {
            self.root_colour
        } else {
            self.root_colour ^ 3
        }
    }

    /// The last move of the line being simulated (padded index, 0: a pass or none).
    fn last_move(&self) -> usize {
        match self.moves.last() {
            Some(&m) => usize::from(m & !WHITE_BIT),
            None if self.path.len() <= 1 => self.root_last,
            None => 0,
        }
    }

    /// The child of `at` with the highest value (see the module documentation).
    fn select(&self, at: u32) -> u32 {
        let node = &self.nodes[at as usize];
        let log_n = (node.visits as f32 + 1.0).ln();
        let (first, count) = (node.first, u32::from(node.count));
        let mut best = first;
        let mut best_value = f32::NEG_INFINITY;
        for k in first..first + count {
            let ch = &self.nodes[k as usize];
            let q = ch.w / ch.n;
            let mut v = q;
            if ch.rn > 0.0 {
                let beta = ch.rn / (ch.rn + ch.n + ch.rn * ch.n / RAVE_EQUIVALENCE);
                v = (1.0 - beta) * q + beta * (ch.rw / ch.rn);
            }
            v += EXPLORATION * (log_n / ch.n).sqrt();
            if v > best_value {
                best_value = v;
                best = k;
            }
        }
        best
    }

    /// Simulations up to the budget of `options` (a number of playouts, a time by `clock`, or
    /// as soon as the most visited root move cannot be overtaken). Returns how many ran. Never
    /// inlined: its callers (a move's search, the check of a pass) share one copy in the wasm.
    #[inline(never)]
    pub(super) fn run(&mut self, options: &GenmoveOptions, clock: Clock) -> u32 {
        let cap = options.playout_cap();
        let deadline = (options.time_ms > 0).then(|| clock() + f64::from(options.time_ms));
        let mut done = 0u32;
        while done < cap {
            self.simulate();
            done += 1;
            if done % 64 == 0 {
                if let Some(end) = deadline {
                    if clock() >= end {
                        break;
                    }
                }
                if options.time_ms == 0 && self.decided(cap - done) {
                    break;
                }
            }
        }
        done
    }

    /// One simulation: down the tree, a playout, and its result back up.
    fn simulate(&mut self) {
        let leaf = self.walk_down();
        let outcome = self.play_out(leaf);
        self.record(outcome);
    }

    /// The tree's part of a simulation: from the root down to a leaf (expanding the nodes
    /// visited often enough), the moves played on the playout board and the path kept.
    pub(super) fn walk_down(&mut self) -> Leaf {
        self.playout.reset();
        self.path.clear();
        self.moves.clear();
        self.path.push(0);
        let mut at = 0u32;
        let mut c = self.root_colour;
        let mut passes = self.root_passes;
        let mut recent = [self.root_last, 0];
        let mut ended = false;
        loop {
            if self.nodes[at as usize].count == 0 {
                let visits = self.nodes[at as usize].visits;
                if visits < self.expand_at
                    || self.nodes.len() + self.area + 1 > MAX_NODES
                    || !self.expand(at, c)
                {
                    break;
                }
            }
            let child = self.select(at);
            let mv = self.nodes[child as usize].mv;
            if mv == 0 {
                self.playout.play_move(None, c);
                passes += 1;
                self.moves.push(0);
            } else {
                self.playout.play_move(Some(usize::from(mv)), c);
                passes = 0;
                self.moves.push(mv | if c == 2 { WHITE_BIT } else { 0 });
            }
            recent = [usize::from(mv), recent[0]];
            self.path.push(child);
            at = child;
            c ^= 3;
            if passes >= 2 {
                ended = true;
                break;
            }
        }
        Leaf {
            colour: c,
            recent,
            passes,
            ended,
        }
    }

    /// The playout's part of a simulation, from the leaf `walk_down` reached: the random game to
    /// its end and its count. Reads nothing of the tree (threads run it outside the tree's lock).
    pub(super) fn play_out(&mut self, leaf: Leaf) -> Outcome {
        let tree_plies = self.moves.len();
        let area = if leaf.ended {
            self.playout.area()
        } else {
            let moves = &mut self.moves;
            self.playout.simulate(
                &mut self.rng,
                leaf.colour,
                leaf.recent,
                leaf.passes,
                |i, col| moves.push(i as u16 | if col == 2 { WHITE_BIT } else { 0 }),
            )
        };
        let margin = 2 * (area - self.played_difference(tree_plies)) - self.komi_halves;
        let black = match (margin - self.threshold_halves).signum() {
            1 => 1.0,
            -1 => 0.0,
            _ if self.tie_to_white => 0.0,
            _ => 0.5,
        };
        Outcome {
            black,
            margin,
            tree_plies,
        }
    }

    /// The result of a simulation into the tree: its sample (when kept) and the results of the
    /// nodes on its path.
    pub(super) fn record(&mut self, outcome: Outcome) {
        let margin = outcome.margin;
        if let Some(samples) = self.samples.as_mut().filter(|s| s.len() < MAX_SAMPLES) {
            if let Some(&child) = self.path.get(1) {
                let k = (child - self.nodes[0].first) as usize;
                let halves = if self.root_colour == 1 {
                    margin
                } else {
                    -margin
                };
                samples.push((k as u16, halves.clamp(-32_000, 32_000) as i16));
            }
        }
        self.back_up(outcome.black, margin as f32, outcome.tree_plies);
    }

    /// Adds `n` virtual visits, each a loss for the player who made the move, to the nodes of
    /// the path below the root (negative `n`: takes them back). Threads sharing one tree mark
    /// the line a simulation is on this way, so that the others try other lines meanwhile.
    #[cfg(not(target_arch = "wasm32"))]
    pub(super) fn virtual_loss(&mut self, n: f32) {
        for &at in &self.path[1..] {
            self.nodes[at as usize].n += n;
        }
    }

    /// Under territory scoring, the stones Black has played less White's, before the root and in
    /// the tree's part of this simulation (its first `tree_plies` moves); 0 under area scoring.
    /// The playout's own stones are left out: random play ends by filling each side's own
    /// area, which costs nothing by area and a point a stone by territory, and a real game
    /// ends with passes instead, so counting them would charge whoever has more area.
    fn played_difference(&self, tree_plies: usize) -> i32 {
        let Some(base) = self.territory_base else {
            return 0;
        };
        self.moves[..tree_plies]
            .iter()
            .filter(|&&m| m & !WHITE_BIT != 0)
            .fold(base, |d, &m| if m & WHITE_BIT != 0 { d - 1 } else { d + 1 })
    }

    /// Adds the result (`black`: Black's share of the win) to the nodes of the path and the
    /// AMAF results to their siblings; `margin` is the final margin in half points, Black's less
    /// White's, komi included.
    fn back_up(&mut self, black: f32, margin: f32, tree_plies: usize) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
        let g = self.generation;
        // The playout's stones, latest first, so that the earliest of each point stays.
        for &m in self.moves[tree_plies..].iter().rev() {
            let i = usize::from(m & !WHITE_BIT);
            self.stamp[i] = g;
            self.first_colour[i] = if m & WHITE_BIT != 0 { 2 } else { 1 };
        }
        for d in (0..self.path.len()).rev() {
            let at = self.path[d] as usize;
            if d < tree_plies {
                // The move at ply d (made from the node path[d]) joins the moves seen.
                let m = self.moves[d];
                let i = usize::from(m & !WHITE_BIT);
                if i != 0 {
                    self.stamp[i] = g;
                    self.first_colour[i] = if m & WHITE_BIT != 0 { 2 } else { 1 };
                }
            }
            // The results of the node's own move, for the player who made it.
            if d > 0 {
                let mover = self.colour_at_depth(d - 1);
                let (value, points) = if mover == 1 {
                    (black, margin)
                } else {
                    (1.0 - black, -margin)
                };
                let node = &mut self.nodes[at];
                node.visits += 1;
                node.n += 1.0;
                node.w += value;
                node.won += value;
                node.margin += points;
            } else {
                self.nodes[0].visits += 1;
            }
            // AMAF: the children of this node whose point its mover played later in the line.
            let mover = self.colour_at_depth(d);
            let value = if mover == 1 { black } else { 1.0 - black };
            let (first, count) = (self.nodes[at].first, self.nodes[at].count);
            for k in first..first + u32::from(count) {
                let ch = &mut self.nodes[k as usize];
                let i = usize::from(ch.mv);
                if i != 0 && self.stamp[i] == g && self.first_colour[i] == mover {
                    ch.rn += 1.0;
                    ch.rw += value;
                }
            }
        }
    }

    /// The root's moves, in the tree's order.
    pub(super) fn root_children(&self) -> &[Node] {
        let root = &self.nodes[0];
        &self.nodes[root.first as usize..(root.first + u32::from(root.count)) as usize]
    }

    /// The mean final margin in points, komi included, for the player at the root, of the
    /// simulations through the root move `node`; `None` before any.
    pub(super) fn margin_of(&self, node: &Node) -> Option<f64> {
        (node.visits > 0).then(|| f64::from(node.margin) / 2.0 / f64::from(node.visits))
    }

    /// The principal variation from the root move `mv` (a padded index, 0 the pass): that
    /// move, then at each node below it the most visited following move while it has visits,
    /// `max` moves at most (padded indices, 0 for a pass). Empty when the root has no such
    /// move.
    pub(super) fn line_from(&self, mv: u16, max: usize) -> Vec<u16> {
        let root = &self.nodes[0];
        let children = root.first..root.first + u32::from(root.count);
        let Some(mut at) = children
            .into_iter()
            .find(|&k| self.nodes[k as usize].mv == mv)
        else {
            return Vec::new();
        };
        let mut line = vec![mv];
        while line.len() < max {
            let node = &self.nodes[at as usize];
            let next = (node.first..node.first + u32::from(node.count))
                .filter(|&k| self.nodes[k as usize].visits > 0)
                .max_by_key(|&k| self.nodes[k as usize].visits);
            let Some(k) = next else { break };
            line.push(self.nodes[k as usize].mv);
            at = k;
        }
        line
    }

    /// The index among the root's children of the root move `node`.
    pub(super) fn root_index(&self, node: &Node) -> Option<usize> {
        let root = &self.nodes[0];
        self.nodes[root.first as usize..(root.first + u32::from(root.count)) as usize]
            .iter()
            .position(|ch| ch.mv == node.mv)
    }

    /// The root's moves, most visited first.
    pub(super) fn ranked(&self) -> Vec<Node> {
        let root = &self.nodes[0];
        let mut children: Vec<Node> =
            self.nodes[root.first as usize..(root.first + u32::from(root.count)) as usize].to_vec();
        children.sort_by(|a, b| {
            b.visits
                .cmp(&a.visits)
                .then((b.w / b.n).total_cmp(&(a.w / a.n)))
        });
        children
    }

    /// Whether the most visited root move can no longer be overtaken in `left` playouts.
    pub(super) fn decided(&self, left: u32) -> bool {
        let root = &self.nodes[0];
        let (mut best, mut second) = (0u32, 0u32);
        for k in root.first..root.first + u32::from(root.count) {
            let v = self.nodes[k as usize].visits;
            if v > best {
                second = best;
                best = v;
            } else if v > second {
                second = v;
            }
        }
        best - second > left
    }
}
