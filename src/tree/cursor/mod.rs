//! A record being viewed and played: a [`GameTree`], the current node, and the [`Game`] at that
//! node.
//!
//! A [`Cursor`] is what the JavaScript `Game.fromSgf` wraps. It loads a record and plays its main
//! line, then moves in the tree: [`Cursor::next`] to a child, [`Cursor::previous`] to the
//! parent, [`Cursor::go_to`] to any node by its path. The game always is the position of the
//! current node, replayed under the rules the record (or the caller) chose; a move that those
//! rules forbid is reported as [`Error::IllegalMove`] and the cursor stays where it was.
//!
//! **Paths.** A node is named by its path: the list of child indices taken from the root, `0`
//! being the first child (the main line) and `1`, `2`, ... the variations. `[]` is the root,
//! `[0, 0, 0]` the third node of the main line, `[0, 1]` the second child of the root's first
//! child. [`Cursor::path`] gives the current node's path; [`Cursor::go_to`] takes one.
//!
//! **The end of play.** Arriving at a node of the record (loading, [`Cursor::next`],
//! [`Cursor::previous`], [`Cursor::go_to`], or a move that follows an existing child) where play
//! has stopped (two passes), the cursor applies what the record says there
//! ([`replay::end_of_play`]): the dead stones of the node's `TB`/`TW` are marked, and where the
//! node ends its line and the record's `RE` is a count (`B+13.5`, `0`; not `B+R`, `Void`) the
//! count is accepted, so the game is finished. These actions belong to the node: they are not
//! taken back by [`Cursor::undo`] one by one, and [`Cursor::to_sgf`] writes the record as it
//! was. A node played here records nothing there: arriving at it applies nothing, as when its
//! move was played. A record written from a game ([`super::record`]) reads back in the same
//! phase, with the same outcome, marks and score. [`Cursor::recorded_result`] and
//! [`Cursor::recorded_result_agrees`] say whether the record's `RE` is the count of the game at
//! the node (a record counted under other conventions can differ; nothing is changed then).
//!
//! **Playing.** [`Cursor::play`] and [`Cursor::pass`] play for the side to move at the current
//! node and then move to the child holding that move: an existing child if there is one, else a
//! new last child, so that [`Cursor::to_sgf`] keeps whatever was played. Free handicap stones,
//! placed at the root, are the root's set-up (`AB`), not moves. Other actions (resuming after two
//! passes, marking dead stones, resigning, accepting the count) leave no node: they go to
//! [`Cursor::game_mut`], are taken back one by one by [`Cursor::undo`], and are dropped when the
//! cursor moves.
//!
//! **Undo** has one meaning wherever the cursor came from: the last of those actions at the node;
//! with none, at the root, the last free handicap stone placed; else a step back to the parent
//! (the move taken back), and the node is removed when its move was played here and nothing
//! follows it (right after a move, when that move made the node rather than followed one already
//! there). A record's own moves are never removed: undo steps back through them. A new game
//! ([`Cursor::from_game`]) is a record whose moves were all played here.
//!
//! **Saving on this device.** Which nodes were played here is what undo needs, and a record
//! does not say it. [`Cursor::to_sgf_saved`] writes the tree (the moves just played as nodes)
//! with the topmost nodes played here marked by a private property (`PLAYED_HERE`, `TH`; the
//! root's mark, for a game played here from its start, also lists the free handicap stones
//! placed here, in order), and no ending for the actions taken at the current node since
//! arriving there ([`Cursor::actions_here`]). A page keeps that text, [`Cursor::path`] and those
//! actions; reading the text back ([`Cursor::from_tree`] takes the marks out of the tree, so
//! they are never shown nor written by [`Cursor::to_sgf`]), going to the path and taking the
//! actions again gives the same game, record and undo, down to the root and the handicap
//! stones placed (a placement in progress goes on). What the text does not keep: right after a
//! move, undo goes back to the game before it, actions at its node included (a resumption
//! after two passes, dead marks); after a reload it goes back to the node as replayed. And a
//! move that followed a node played here earlier keeps that node when taken back right after;
//! after a reload, the node is removed as any node played here that nothing follows.

use super::props::{Label, Mark, MarkKind};
use super::record;
use super::replay::{self, EndOfPlay, Level, ReplayOptions, Stop};
use super::tree::{GameTree, Node, NodeId};
use super::warning::{Warning, Warnings};
use crate::color::Color;
use crate::error::{Error, Refusal};
use crate::game::{Action, Game, Move, Outcome, Phase};
#[cfg(feature = "sgf")]
use crate::options::Options;
use crate::point::Point;
#[cfg(feature = "sgf")]
use crate::sgf::parse::{parse_text, parse_with, ParseOptions, Parsed};
#[cfg(feature = "sgf")]
use std::sync::Arc;

#[cfg(feature = "player")]
pub(crate) mod analysis;
#[cfg(feature = "edit")]
pub(crate) mod edit;
#[cfg(feature = "edit")]
mod journal;
#[cfg(feature = "opponent")]
pub(crate) mod opponent;
#[cfg(feature = "saves")]
pub(crate) mod saved;
mod view;

/// How to load a record.
#[cfg(feature = "sgf")]
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LoadOptions {
    /// The options of a new game, which override the record: `rules` its `RU` (the record's
    /// `KM` still applies unless `komi` is given too), `komi` its `KM`, `handicap` its `HA` (the
    /// number of handicap stones). `size`, when given, must be the record's board size (`SZ`):
    /// a record cannot be replayed on another board. `handicap_placement` is checked but the
    /// record's stones say where the handicap is.
    pub game: Options,
    /// Read what strict reading refuses (see [`crate::sgf::parse`]), play the stones that break the
    /// game's rules as the record has them (for viewing: [`Game::force`]), and stop before a node
    /// that cannot be replayed otherwise (an unreadable move, a set-up leaving a chain without
    /// liberties), with warnings, instead of failing. Playing stays strict.
    pub lenient: bool,
    /// Which game tree of a collection to read (0 is the first). [`Cursor::to_sgf`] writes the
    /// whole collection back, the others as they were read.
    pub index: usize,
}

/// The other game trees of the collection a record was read from, written (they are only ever
/// written back), and the record's place among them: shared by copies of the cursor.
#[cfg(feature = "sgf")]
#[derive(Debug)]
struct Neighbours {
    index: usize,
    count: usize,
    before: String,
    after: String,
}

/// The markup of a node: marks, labels, dimmed points, lines and arrows (properties.html,
/// "Markup properties").
/// Values that name no point of the board are left out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Markup {
    /// `TR`, `SQ`, `CR`, `MA` and `SL`, kind by kind.
    pub marks: Vec<Mark>,
    /// `LB`.
    pub labels: Vec<Label>,
    /// `DD`: the points dimmed.
    pub dimmed: Vec<Point>,
    /// `LN`: lines, from one point to the other.
    pub lines: Vec<(Point, Point)>,
    /// `AR`: arrows, from the first point to the second.
    pub arrows: Vec<(Point, Point)>,
}

impl Markup {
    /// The points of one kind of mark.
    pub fn points(&self, kind: MarkKind) -> Vec<Point> {
        self.marks
            .iter()
            .filter(|m| m.kind == kind)
            .map(|m| m.point)
            .collect()
    }
}

/// A record being viewed and played (see the module documentation).
#[derive(Clone, Debug)]
pub struct Cursor {
    tree: GameTree,
    node: NodeId,
    path: Vec<usize>,
    game: Game,
    /// Moves of the record (`B`/`W` nodes) from the root to the current node.
    moves: u32,
    /// The game's action count after replaying the path to the node, before the record's end
    /// of play there.
    replayed: usize,
    /// The game's action count on arriving at the node (the record's end of play applied):
    /// actions beyond it left no node.
    arrived: usize,
    /// What the record's end of play did on arriving at the node.
    ending: EndOfPlay,
    options: ReplayOptions,
    warnings: Vec<Warning>,
    /// The moves played here that led to the current node, last one last (see
    /// [`Cursor::previous`]); emptied when the cursor moves any other way.
    trail: Vec<Entered>,
    /// By node index: whether the node's move was played here (not read from a record); the
    /// root's, whether the whole game was (see `PLAYED_HERE`).
    made: Vec<bool>,
    /// Free handicap stones placed here, in the root's `AB`, in the order placed.
    placed: Vec<Point>,
    /// Moves played here beyond `node`, which then has no child, not yet made nodes: playing
    /// costs no tree node until something reads or moves in the tree ([`Cursor::settle`]).
    /// `path` and `moves` count them.
    tail: Vec<Move>,
    /// The path's nodes, root first, one more than `path` (the tail's moves included): the
    /// game's actions and the record's moves once each was replayed. Going to a node goes back
    /// to the deepest one it shares with the current path by undoing to that count, then plays
    /// the rest, so navigation costs the part of the path that changes.
    line: Vec<Level>,
    /// The collection the record was read from, when it holds other game trees.
    #[cfg(feature = "sgf")]
    neighbours: Option<Arc<Neighbours>>,
    /// The edits done and undone (src/tree/cursor/edit.rs).
    #[cfg(feature = "edit")]
    journal: journal::Journal,
}

/// A move played here: the node it left and the state there, so that stepping back takes the
/// move back instead of replaying the record (which a leniently read record may not allow).
#[derive(Clone, Debug)]
struct Entered {
    parent: NodeId,
    /// Whether the move made its node (else it followed one already in the tree).
    created: bool,
    actions: usize,
    replayed: usize,
    arrived: usize,
    ending: EndOfPlay,
    moves: u32,
}

impl Cursor {
    /// A cursor on a tree: its main line is replayed (leniently when `options.lenient` is set:
    /// see `LoadOptions::lenient`, feature `sgf`) and the cursor put on the last node replayed.
    ///
    /// With the `saves` feature, the marks of nodes played here (`PLAYED_HERE`) are taken out of
    /// the tree: the nodes they cover are played here ([`Cursor::undo`] removes them as it would
    /// have before the record was saved), and the free handicap stones the root's mark lists are
    /// the ones placed here (a placement in progress goes on).
    pub fn from_tree(tree: GameTree, options: ReplayOptions) -> Result<Cursor, Error> {
        #[cfg(feature = "saves")]
        let mut tree = tree;
        #[cfg(feature = "saves")]
        let (made, placed) = Cursor::take_played(&mut tree);
        #[cfg(not(feature = "saves"))]
        let made = vec![false; tree.len()];
        let r = replay::replay(&tree, &options)?;
        let node = *r.nodes.last().unwrap_or(&tree.root());
        let mut c = Cursor {
            path: Vec::new(),
            node,
            replayed: 0,
            arrived: 0,
            ending: EndOfPlay::NotStopped,
            game: r.game,
            moves: r.moves,
            options,
            warnings: r.warnings,
            made,
            tree,
            trail: Vec::new(),
            placed: Vec::new(),
            tail: Vec::new(),
            line: r.levels,
            #[cfg(feature = "sgf")]
            neighbours: None,
            #[cfg(feature = "edit")]
            journal: journal::Journal::default(),
        };
        c.path = c.path_of(node);
        #[cfg(feature = "saves")]
        if let Some(placed) = placed {
            c.resume_placement(placed);
        }
        #[cfg(feature = "opponent")]
        c.check_opponent();
        if let Some(e) = c.arrive() {
            let offset = c.tree[node]
                .properties()
                .iter()
                .find(|p| p.id == "TB" || p.id == "TW")
                .and_then(|p| p.offset());
            c.warnings.push(Warning {
                offset,
                message: format!(
                    "the territory (TB/TW) where play stopped cannot be read ({}): no stone is \
                     marked dead",
                    e.static_message()
                ),
            });
        }
        Ok(c)
    }

    /// A cursor on the record of a game ([`super::record`]), at its last move, with the game as
    /// it is (its dead marks, resignation or result kept as actions that left no node).
    pub fn from_game(game: Game) -> Cursor {
        let tree = record::record(&game);
        let main = tree.main_line();
        let node = *main.last().expect("a tree has a root");
        let line = game_levels(&game);
        Cursor {
            path: vec![0; main.len() - 1],
            node,
            moves: (main.len() - 1) as u32,
            replayed: game.actions().len(),
            arrived: game.actions().len(),
            ending: EndOfPlay::NotStopped,
            options: ReplayOptions {
                rules: Some(*game.rules()),
                ..ReplayOptions::default()
            },
            game,
            warnings: Vec::new(),
            // The whole game was played here (the root too: see `PLAYED_HERE`).
            made: vec![true; tree.len()],
            tree,
            trail: Vec::new(),
            placed: Vec::new(),
            tail: Vec::new(),
            line,
            #[cfg(feature = "sgf")]
            neighbours: None,
            #[cfg(feature = "edit")]
            journal: journal::Journal::default(),
        }
    }

    /// The tree as stored: moves just played at the end of a line are nodes only after
    /// [`Cursor::settle`] (or any move in the tree).
    pub fn tree(&self) -> &GameTree {
        &self.tree
    }

    /// The current node as stored (see [`Cursor::tree`]): after [`Cursor::settle`], the node of
    /// the position shown.
    pub fn node(&self) -> NodeId {
        self.node
    }

    /// The game at the current node.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game at the current node, for the actions that leave no node in the tree (resume,
    /// dead marks, resignation, finish, no result). Moves and passes played here are not
    /// recorded: use [`Cursor::play`] and [`Cursor::pass`]. Whatever is done here is dropped
    /// when the cursor moves.
    pub fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    /// The actions taken at the current node since arriving there, which left no node (see
    /// [`Cursor::game_mut`]): what a saved game (`Cursor::to_sgf_saved`, feature `saves`) leaves to its caller
    /// to take again after going back to the node.
    pub fn actions_here(&self) -> &[Action] {
        self.game.actions().get(self.arrived..).unwrap_or(&[])
    }

    /// The path of the current node: child indices from the root (see the module
    /// documentation).
    pub fn path(&self) -> &[usize] {
        &self.path
    }

    /// Moves of the record from the root to the current node (every `B`/`W` node counts).
    pub fn move_count(&self) -> u32 {
        self.moves
    }

    /// What reading and replaying the record put up with.
    pub fn warnings(&self) -> &[Warning] {
        &self.warnings
    }

    /// What the record's end of play did on arriving at the current node (see the module
    /// documentation): nothing, play stopped without territory markup, or the dead stones
    /// marked (and the game finished).
    pub fn end_of_play(&self) -> &EndOfPlay {
        &self.ending
    }

    /// Whether the move of the node `id` was played here rather than read from a record (the
    /// root: whether the whole game was). Arriving at such a node applies no end of play, as
    /// when it was played. Moves just played become nodes with [`Cursor::settle`].
    pub fn played_here(&self, id: NodeId) -> bool {
        self.made.get(id.index()) == Some(&true)
    }

    /// The record's result (`RE`, SimpleText) on the path to the current node, as written:
    /// `B+13.5`, `W+R`, `Void`, ...
    pub fn recorded_result(&self) -> Option<String> {
        replay::recorded_result(&self.tree, self.node)
    }

    /// Whether the record's result agrees with the count of the game at the current node
    /// (winner and margin; see [`replay::result_agrees`]). `None` when there is nothing to
    /// compare: no `RE`, an `RE` that is not a count (`B+R`, `Void`, `B+T`), or a game not
    /// counted (play going on, or a game resigned or void).
    pub fn recorded_result_agrees(&self) -> Option<bool> {
        let counted = match self.game.phase() {
            Phase::Stopped => true,
            Phase::Finished => self.game.outcome() == Some(Outcome::Counted),
            Phase::Playing => false,
        };
        if !counted {
            return None;
        }
        replay::result_agrees(&self.recorded_result()?, &self.game.score())
    }

    /// On arriving at a node, the game replayed to it: applies the record's end of play there
    /// and sets the action counts. An error (unreadable `TB`/`TW`) leaves the game as replayed.
    fn arrive(&mut self) -> Option<Error> {
        self.replayed = self.game.actions().len();
        // A node played here records nothing at the end of play: arriving at it does nothing,
        // as when it was played.
        let r = if self.played_here(self.node) {
            Ok(EndOfPlay::NotStopped)
        } else {
            replay::end_of_play(&self.tree, self.node, &mut self.game)
        };
        self.arrived = self.game.actions().len();
        match r {
            Ok(e) => {
                self.ending = e;
                None
            }
            Err(e) => {
                self.ending = EndOfPlay::NoMarkup;
                Some(e)
            }
        }
    }

    /// The path of a node.
    fn path_of(&self, id: NodeId) -> Vec<usize> {
        let ids = self.tree.path_to(id);
        ids.windows(2)
            .map(|w| {
                self.tree
                    .children(w[0])
                    .position(|c| c == w[1])
                    .expect("a child of its parent")
            })
            .collect()
    }

    /// The current node's level (see [`Cursor::line`]) after it was replayed or played.
    fn push_level(&mut self) {
        self.line.push(Level {
            actions: self.replayed,
            moves: self.moves,
        });
    }

    /// Moves to the child numbered `variation` (0: the main line) and plays its move. `false`
    /// when the current node has no child (the end of a line); `invalidOptions` when it has
    /// children but not that one; an illegal move (`illegalMove`) or a node that cannot be
    /// replayed (`sgf`) leaves the cursor where it was.
    pub fn next(&mut self, variation: usize) -> Result<bool, Error> {
        // Not `child(.., 0)`: that would move the tree's hint back to the first child, and
        // entering the children of a wide node one after another would walk them each time.
        if self.tree.is_leaf(self.node) {
            return Ok(false);
        }
        let child = self
            .tree
            .child(self.node, variation)
            .ok_or(Error::InvalidOptions(
                "there is no variation with that number at this node",
            ))?;
        // In the set-up part of the path this replays from the root (the replay gathers the
        // set-up stones); after it, one step forward.
        self.go_along(child, self.path.len(), vec![variation])?;
        Ok(true)
    }

    /// Moves to the parent node; `false` at the root. After a move played here the move is
    /// taken back (the game as it was before it, actions at the parent included); else the
    /// record is replayed to the parent.
    pub fn previous(&mut self) -> Result<bool, Error> {
        // Stepping back keeps what was played: the moves become nodes first.
        self.settle();
        let Some(parent) = self.tree.parent(self.node) else {
            return Ok(false);
        };
        if let Some(e) = self.trail.pop() {
            if e.parent == parent && self.take_back(e) {
                self.node = parent;
                return Ok(true);
            }
        }
        let depth = self.path.len().saturating_sub(1);
        self.go_along(parent, depth, Vec::new()).map(|_| true)
    }

    /// Makes the moves played at the end of the line (`Cursor::tail`) nodes of the tree; the
    /// cursor is then on the last of them. [`Cursor::tree`] and [`Cursor::node`] are the tree
    /// and node as stored: call this first to see moves just played as nodes.
    pub fn settle(&mut self) {
        let n = self.tail.len();
        if n == 0 {
            return;
        }
        let first = self.trail.len().saturating_sub(n);
        for (k, mv) in std::mem::take(&mut self.tail).into_iter().enumerate() {
            if let Some(e) = self.trail.get_mut(first + k) {
                e.parent = self.node;
            }
            let mut node = Node::new();
            node.set_move(mv);
            self.node = self.tree.add_child(self.node, node);
            self.made.push(true);
        }
    }

    /// Takes back a move played here: the game's actions undone down to those before it, and
    /// the state there restored (the path one step shorter; the caller moves the node). `false`
    /// if an action cannot be undone.
    fn take_back(&mut self, e: Entered) -> bool {
        self.game.undo_to(e.actions);
        self.path.pop();
        self.line.pop();
        self.moves = e.moves;
        self.replayed = e.replayed;
        self.arrived = e.arrived;
        self.ending = e.ending;
        true
    }

    /// Moves to the node at `path` (see the module documentation): `invalidOptions` when it
    /// names no node; an illegal move on the way leaves the cursor where it was.
    pub fn go_to(&mut self, path: &[usize]) -> Result<(), Error> {
        self.settle();
        let id = self.tree.follow(path, false).ok_or(Error::InvalidOptions(
            "the path names no node of the game tree",
        ))?;
        if id == self.node {
            // Already there: nothing moves, nothing done at the node is dropped.
            return Ok(());
        }
        let shared = shared_prefix(&self.path, path);
        self.go_along(id, shared, path[shared..].to_vec())
    }

    /// Moves to a node of the tree: back to the deepest node it shares with the current path,
    /// then forward to it (see `Cursor::line`); the whole path replayed from the root when
    /// they share only set-up nodes.
    pub fn go_to_node(&mut self, id: NodeId) -> Result<(), Error> {
        self.settle();
        if self.tree.get(id).is_none() {
            return Err(Error::InvalidOptions("the node is not in this game tree"));
        }
        let path = self.path_of(id);
        let shared = shared_prefix(&self.path, &path);
        self.go_along(id, shared, path[shared..].to_vec())
    }

    /// [`Cursor::go_to_node`] with the node's path known: the first `shared` steps of the
    /// current path, then `rest`.
    fn go_along(&mut self, id: NodeId, shared: usize, rest: Vec<usize>) -> Result<(), Error> {
        let usable = self.line.len() == self.path.len() + 1
            && self.tail.is_empty()
            && self.line[shared].moves > 0;
        if !usable {
            let mut path = self.path[..shared.min(self.path.len())].to_vec();
            path.extend(rest);
            return self.replay_to_node(id, path);
        }
        // Where the cursor is, to come back to if a move on the way is refused.
        let old = self.path[shared..].to_vec();
        let extras = self.game.actions()[self.replayed.min(self.game.actions().len())..].to_vec();
        let saved = (self.arrived, self.ending.clone(), self.moves);
        self.back_to(shared);
        if let Err(e) = self.forward(&rest) {
            // Back where it was: the same moves replayed, then what was done at the node.
            self.back_to(shared);
            let _ = self.forward(&old);
            for a in extras {
                let _ = self.game.apply(a);
            }
            (self.arrived, self.ending, self.moves) = saved;
            return Err(e);
        }
        self.trail.clear();
        self.arrive();
        Ok(())
    }

    /// Up the current path to its node at `depth`, the game undone to its level there.
    fn back_to(&mut self, depth: usize) {
        for _ in depth..self.path.len() {
            match self.tree.parent(self.node) {
                Some(p) => self.node = p,
                None => break,
            }
        }
        self.path.truncate(depth);
        self.line.truncate(depth + 1);
        let level = self.line[depth];
        self.game.undo_to(level.actions);
        self.replayed = level.actions;
        self.arrived = level.actions;
        self.moves = level.moves;
        self.ending = EndOfPlay::NotStopped;
    }

    /// Down the children numbered `steps` from the current node, playing each node's move (no
    /// end of play applied on the way). On an error the cursor is on the last node reached.
    fn forward(&mut self, steps: &[usize]) -> Result<(), Error> {
        let mut w = Warnings::default();
        for &k in steps {
            let child = self.tree.child(self.node, k).ok_or(Error::InvalidOptions(
                "the path names no node of the game tree",
            ))?;
            let mut number = self.moves;
            replay::step(
                &mut self.game,
                &self.tree[child],
                child,
                true,
                self.options.lenient,
                &mut number,
                &mut w,
            )
            .map_err(|stop| match stop {
                Stop::Illegal(m) => m.error(),
                Stop::Other(e) => e,
            })?;
            self.node = child;
            self.path.push(k);
            self.moves = number;
            self.replayed = self.game.actions().len();
            self.arrived = self.replayed;
            self.push_level();
        }
        Ok(())
    }

    /// Moves to a node of the tree, replaying the record from the root to it.
    fn replay_to_node(&mut self, id: NodeId, path: Vec<usize>) -> Result<(), Error> {
        let r = replay::replay_to(&self.tree, id, &self.options)?;
        let want = self.tree.path_to(id).len();
        if r.nodes.len() < want {
            // A lenient replay stopped early: the error of the strict one says why.
            let strict = ReplayOptions {
                lenient: false,
                ..self.options.clone()
            };
            return Err(match r.illegal {
                Some(m) => m.error(),
                None => replay::replay_to(&self.tree, id, &strict)
                    .err()
                    .unwrap_or(Error::NotAllowed(Refusal::Unreplayable)),
            });
        }
        self.game = r.game;
        self.moves = r.moves;
        self.line = r.levels;
        self.node = id;
        self.trail.clear();
        self.path = path;
        self.arrive();
        Ok(())
    }

    /// Plays a stone for the side to move (a handicap stone while Black places them) and moves
    /// to the child with that move, made if there is none. Returns the stones captured. An
    /// illegal move changes nothing.
    pub fn play(&mut self, p: Point) -> Result<u32, Error> {
        if self.game.handicap_left() > 0 && self.at_bare_root() {
            // Free handicap stones are the root's set-up (AB), as records write them. (A record
            // whose first black moves are its handicap keeps them as moves: its root has them
            // as children.)
            let captured = self.game.place(p)?;
            self.placed.push(p);
            self.set_root_stones();
            self.acted();
            return Ok(captured);
        }
        let color = if self.game.handicap_left() > 0 {
            Color::Black
        } else {
            self.game.to_move()
        };
        let before = self.here();
        let captured = self.game.place(p)?;
        self.enter(
            Move {
                color,
                point: Some(p),
            },
            before,
        );
        self.acted();
        Ok(captured)
    }

    /// Passes for the side to move and moves to the child with that pass, made if there is
    /// none. `true` when the pass stopped play.
    pub fn pass(&mut self) -> Result<bool, Error> {
        let color = self.game.to_move();
        let before = self.here();
        let stopped = self.game.pass()?;
        self.enter(Move { color, point: None }, before);
        self.acted();
        Ok(stopped)
    }

    /// The state at the current node, before a move is played there.
    fn here(&self) -> Entered {
        Entered {
            parent: self.node,
            created: false,
            actions: self.game.actions().len(),
            replayed: self.replayed,
            arrived: self.arrived,
            ending: self.ending.clone(),
            moves: self.moves,
        }
    }

    /// After a move played on the game: the child that holds it, or a new one.
    fn enter(&mut self, mv: Move, mut before: Entered) {
        if !self.tail.is_empty() || self.tree.is_leaf(self.node) {
            // The end of a line: the move joins the tail, a node only when needed.
            before.created = true;
            self.trail.push(before);
            self.tail.push(mv);
            self.path.push(0);
            self.moves += 1;
            self.replayed = self.game.actions().len();
            self.arrived = self.replayed;
            self.ending = EndOfPlay::NotStopped;
            self.push_level();
            return;
        }
        let size = self.game.board().size();
        let found = self.tree.children(self.node).position(|c| {
            let n = &self.tree[c];
            !n.has_setup() && n.get_move(size) == Ok(Some(mv))
        });
        before.created = found.is_none();
        self.trail.push(before);
        let index = match found {
            Some(i) => i,
            None => {
                let mut n = Node::new();
                n.set_move(mv);
                self.tree.add_child(self.node, n);
                self.made.push(true);
                self.tree.children(self.node).count() - 1
            }
        };
        self.node = self.tree.child(self.node, index).expect("the child");
        self.path.push(index);
        self.moves += 1;
        if found.is_some() {
            // A node of the record: what it records at the end of play applies.
            self.arrive();
        } else {
            self.replayed = self.game.actions().len();
            self.arrived = self.replayed;
            self.ending = EndOfPlay::NotStopped;
        }
        self.push_level();
    }

    /// Takes back the last action that left no node; else the last free handicap stone placed
    /// here (at the root); else moves to the parent node, removing the node when its move was
    /// played here and nothing follows it (a record's own moves stay: see the module
    /// documentation). `notAllowed` with nothing to take back at the root.
    ///
    /// With the `edit` feature, an edit done after the last move or action is what is taken
    /// back (src/tree/cursor/edit.rs).
    pub fn undo(&mut self) -> Result<(), Error> {
        #[cfg(feature = "edit")]
        if self.edit_is_latest() {
            return self.undo_edit();
        }
        let r = self.undo_move();
        #[cfg(feature = "edit")]
        if r.is_ok() {
            self.move_undone();
        }
        r
    }

    /// [`Cursor::undo`] of a move or an action.
    fn undo_move(&mut self) -> Result<(), Error> {
        if self.game.actions().len() > self.arrived {
            return self.game.undo().map(|_| ());
        }
        if !self.tail.is_empty() {
            // A move played here that nothing follows: taken back; it never was a node.
            if let Some(e) = self.trail.pop() {
                if self.take_back(e) {
                    self.tail.pop();
                    return Ok(());
                }
            }
            self.settle();
        }
        let node = self.node;
        if node == self.tree.root() {
            // A handicap stone is taken back only when no move follows it (as a node is).
            if self.placed.is_empty() || !self.at_bare_root() {
                return Err(Error::NotAllowed(Refusal::NothingToUndo));
            }
            // The game again from its set-up, with the stones placed before the last one (after
            // a replay of the root they are its set-up, not actions to undo).
            self.game = placed_game(&self.game, &self.placed[..self.placed.len() - 1])?;
            self.placed.pop();
            self.set_root_stones();
            return Ok(());
        }
        // The node goes when its move was played here and nothing follows it; right after a
        // move, only if that move made it (one that followed a node already there keeps it).
        let removable = self.tree.is_leaf(node)
            && match self.trail.last() {
                Some(e) if Some(e.parent) == self.tree.parent(node) => e.created,
                _ => self.made[node.index()],
            };
        self.previous()?;
        if removable {
            if let Some(moved) = self.tree.remove_leaf(node) {
                self.made.swap_remove(node.index());
                #[cfg(feature = "edit")]
                self.node_removed(node, moved);
                if let Some(from) = moved {
                    // The tree's last node took the freed id.
                    for id in std::iter::once(&mut self.node)
                        .chain(self.trail.iter_mut().map(|e| &mut e.parent))
                    {
                        if *id == from {
                            *id = node;
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Without the `edit` feature there is no journal of edits: nothing to record.
    #[cfg(not(feature = "edit"))]
    pub fn acted(&mut self) {}

    /// Whether the cursor is at the root, nothing done there that left no node, and no move
    /// after it: where free handicap stones are placed and taken back.
    fn at_bare_root(&self) -> bool {
        self.node == self.tree.root()
            && self.tail.is_empty()
            && self.tree.is_leaf(self.node)
            && self.game.actions().len() == self.arrived
    }

    /// The root's `AB` after a free handicap stone was placed or taken back: the stones the
    /// game started from and those placed here. The stones are set-up of the node, not actions.
    fn set_root_stones(&mut self) {
        let (stones, _) = self.game.initial_position();
        let mut black: Vec<Point> = stones
            .iter()
            .filter(|s| s.1 == Color::Black)
            .map(|s| s.0)
            .collect();
        black.extend(&self.placed);
        let root = self.tree.root();
        let _ = self.tree[root].set_points("AB", &black);
        self.replayed = self.game.actions().len();
        self.arrived = self.replayed;
        self.line = vec![Level {
            actions: self.replayed,
            moves: 0,
        }];
    }
}

/// Reading and writing SGF text: the record loaded from a file, and written back with the other
/// game trees of its file.
#[cfg(feature = "sgf")]
impl Cursor {
    /// Reads a record from the bytes of a file (decoded in the charset its `CA` names, else the
    /// one detected) and plays its main line. Of a file holding several game trees it reads the
    /// one `options.index` names.
    ///
    /// ```
    /// use tengen::tree::{Cursor, LoadOptions};
    /// use tengen::{Color, Point};
    ///
    /// let record = b"(;SZ[9];B[ee](;W[cc])(;W[gg]))";
    /// let mut cursor = Cursor::load(record, &LoadOptions::default())?;
    /// assert_eq!(cursor.move_count(), 2); // at the end of the main line
    /// assert!(cursor.previous()?);
    /// assert_eq!(cursor.variations().len(), 2);
    /// assert!(cursor.next(1)?); // the second variation: W[gg]
    /// assert_eq!(cursor.game().board().get(Point::new(6, 6)), Some(Color::White));
    /// cursor.play(Point::new(2, 6))?; // a new move becomes a node of the record
    /// assert!(cursor.to_sgf().contains(";W[gg];B[cg]"));
    /// # Ok::<(), tengen::Error>(())
    /// ```
    pub fn load(input: &[u8], options: &LoadOptions) -> Result<Cursor, Error> {
        let parse = ParseOptions {
            lenient: options.lenient,
        };
        Cursor::start(parse_with(input, parse)?, options)
    }

    /// As [`Cursor::load`], from text already decoded (a JavaScript string): `CA` is not used.
    pub fn load_text(input: &str, options: &LoadOptions) -> Result<Cursor, Error> {
        let parse = ParseOptions {
            lenient: options.lenient,
        };
        Cursor::start(parse_text(input, parse)?, options)
    }

    fn start(parsed: Parsed, options: &LoadOptions) -> Result<Cursor, Error> {
        let mut w = Warnings::default();
        for x in parsed.warnings {
            w.push(x.offset, x.message);
        }
        let mut games = parsed.collection.games;
        let (index, count) = (options.index, games.len());
        if index >= count {
            return Err(Error::InvalidOptions(
                "game must be the number of a game tree of the file (0 is the first)",
            ));
        }
        let after: String = games[index + 1..].iter().map(GameTree::to_sgf).collect();
        games.truncate(index + 1);
        let tree = games.swap_remove(index);
        let neighbours = (count > 1).then(|| Neighbours {
            index,
            count,
            before: games.iter().map(GameTree::to_sgf).collect(),
            after,
        });
        let o = &options.game;
        let setup = o.setup()?;
        if o.size.is_some() && setup.size != tree.size()? {
            return Err(Error::InvalidOptions(
                "size must be the record's board size (SZ), or left out",
            ));
        }
        let replay_options = ReplayOptions {
            rules: match &o.rules {
                Some(r) => Some(r.rules()?),
                None => None,
            },
            komi: o.komi,
            handicap: o.handicap.map(|_| setup.handicap),
            lenient: options.lenient,
            ..ReplayOptions::default()
        };
        let mut c = Cursor::from_tree(tree, replay_options)?;
        for x in std::mem::take(&mut c.warnings) {
            w.push(x.offset, x.message);
        }
        c.warnings = w.finish();
        c.neighbours = neighbours.map(Arc::new);
        Ok(c)
    }

    /// The record as SGF: the whole tree; and when actions at the current node that leave no
    /// node (see [`Cursor::game_mut`]) have ended or counted the game, its result in the root's
    /// `RE` and the territory with the dead stones as `TB`/`TW` on the current node, as
    /// [`super::record`] writes them. Without such actions the tree is written as it is, so a
    /// record's own result and territory markup are kept. A record read from a collection is
    /// written with the collection's other game trees around it, as they were read.
    pub fn to_sgf(&self) -> String {
        self.with_neighbours(self.tree_sgf())
    }

    /// The record's own game tree written with the other game trees of its collection.
    fn with_neighbours(&self, own: String) -> String {
        match &self.neighbours {
            Some(n) => format!("{}{own}{}", n.before, n.after),
            None => own,
        }
    }

    /// Which game tree of its file the record is (0 for the first, and for a new game).
    pub fn game_index(&self) -> usize {
        self.neighbours.as_ref().map_or(0, |n| n.index)
    }

    /// How many game trees its file holds (1 for a new game).
    pub fn game_count(&self) -> usize {
        self.neighbours.as_ref().map_or(1, |n| n.count)
    }

    /// A copy of the tree with the moves played at the end of the line ([`Cursor::tail`]) as
    /// nodes (added last, in order), and the node of the last of them.
    fn tree_with_tail(&self) -> (GameTree, NodeId) {
        let mut tree = self.tree.clone();
        let mut node = self.node;
        for &mv in &self.tail {
            let mut n = Node::new();
            n.set_move(mv);
            node = tree.add_child(node, n);
        }
        (tree, node)
    }

    /// The record's own game tree as SGF (see [`Cursor::to_sgf`]).
    fn tree_sgf(&self) -> String {
        let ending = if self.game.actions().len() > self.arrived {
            record::ending(&self.game)
        } else {
            (None, None)
        };
        if ending == (None, None) {
            // Moves played at the end of the line are written where they will be nodes.
            let tail = (!self.tail.is_empty()).then_some((self.node, &self.tail[..]));
            return self.tree.to_sgf_with_tail(tail);
        }
        // A copy with the moves of the tail as nodes and the ending written.
        let (mut tree, node) = self.tree_with_tail();
        let (result, territory) = ending;
        if let Some(re) = result {
            let root = tree.root();
            let _ = tree[root].set_text("RE", &re);
        }
        if let Some(t) = territory {
            record::write_territory(&mut tree[node], &t);
        }
        tree.to_sgf()
    }
}

/// The levels (see [`Cursor::line`]) of the record [`record`] writes for a game: the root after
/// the free handicap stones (its `AB`), then one per move, stone or pass, after its action.
fn game_levels(game: &Game) -> Vec<Level> {
    let mut line = vec![Level::default()];
    let mut moves = 0;
    for (i, a) in game.actions().iter().enumerate() {
        match a {
            Action::Place(_) if game.was_handicap_stone(i) => line[0].actions = i + 1,
            Action::Place(_) | Action::Forced(_) | Action::Pass => {
                moves += 1;
                line.push(Level {
                    actions: i + 1,
                    moves,
                });
            }
            _ => {}
        }
    }
    line
}

/// How many steps two paths share from the root.
fn shared_prefix(a: &[usize], b: &[usize]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// The game at the root of `game`'s set-up, its handicap placed freely: the stones `placed`
/// placed in order (free handicap stones placed here).
fn placed_game(game: &Game, placed: &[Point]) -> Result<Game, Error> {
    let mut setup = game.setup().clone();
    setup.rules.handicap_placement = crate::rules::HandicapPlacement::Free;
    let mut game = Game::new(setup)?;
    for &p in placed {
        game.place(p)?;
    }
    Ok(game)
}
