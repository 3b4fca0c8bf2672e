//! Saving on this device (the `saves` feature): the nodes played here marked in the SGF a page
//! keeps ([`Cursor::to_sgf_saved`], [`PLAYED_HERE`]) and taken out again on reading it, with the free
//! handicap stones placed here (see the module documentation of [`super`]).

use super::{placed_game, Cursor};
use crate::point::Point;
use crate::tree::tree::{GameTree, NodeId};

impl Cursor {
    /// Takes the marks [`PLAYED_HERE`] out of a tree: by node index, whether the node was played
    /// here; and, when the root is marked, the points its mark lists (values that name no point of
    /// the board are left out).
    pub(super) fn take_played(tree: &mut GameTree) -> (Vec<bool>, Option<Vec<Point>>) {
        let mut made = vec![false; tree.len()];
        let root = tree.root();
        let placed = tree[root].remove(PLAYED_HERE).map(|p| {
            let size = tree.size().ok();
            p.values
                .iter()
                .filter_map(|v| {
                    let size = size?;
                    let points =
                        crate::tree::props::parse_points(std::slice::from_ref(v), size).ok()?;
                    match points[..] {
                        [p] => Some(p),
                        _ => None,
                    }
                })
                .collect()
        });
        // Down the tree, each node played here when it or a node above it is marked.
        let mut stack = vec![(root, placed.is_some())];
        while let Some((id, above)) = stack.pop() {
            let here = tree[id].remove(PLAYED_HERE).is_some() || above;
            made[id.index()] = here;
            let children: Vec<NodeId> = tree.children(id).collect();
            stack.extend(children.into_iter().map(|c| (c, here)));
        }
        (made, placed)
    }

    /// After loading a record whose root is marked played here: `placed`, the free handicap
    /// stones its mark lists, are the ones placed here when they are the root's whole set-up (as
    /// a game played here writes them) and the game's handicap can be placed that way. At the
    /// bare root (no move yet) the game is then the one placing them, so a placement in
    /// progress goes on (and none placed yet: an `HA` without `AB` is a placement not begun).
    pub(super) fn resume_placement(&mut self, placed: Vec<Point>) {
        let root = self.tree.root();
        let size = self.game.board().size();
        let Ok(s) = self.tree[root].setup_stones(size) else {
            return;
        };
        let handicap = self.game.setup().handicap as usize;
        let leaf = self.tree.is_leaf(root);
        let same = handicap > 0
            && (placed.len() == handicap || (leaf && placed.len() < handicap))
            && s.white.is_empty()
            && s.black.len() == placed.len()
            && s.black.iter().all(|p| placed.contains(p));
        if !same {
            return;
        }
        let Ok(game) = placed_game(&self.game, &placed) else {
            return;
        };
        self.placed = placed;
        if self.node == root && leaf {
            self.game = game;
            self.set_root_stones();
        }
    }
}

impl Cursor {
    /// The record as saved to be read back later on this device: the whole tree as stored,
    /// the moves just played at the end of the line as nodes, and the topmost nodes played here
    /// marked [`PLAYED_HERE`] (the root, for a game played here from its start, with the free
    /// handicap stones placed here). Nothing is written for the actions taken at the current
    /// node since arriving there ([`Cursor::actions_here`]), as [`Cursor::to_sgf`] writes their
    /// ending: the caller keeps them, with [`Cursor::path`], and takes them again after
    /// [`Cursor::load`] and [`Cursor::go_to`]. A record read from a collection is written with
    /// the collection's other game trees, as [`Cursor::to_sgf`] writes it: read it back with
    /// [`LoadOptions::index`](super::LoadOptions::index) set to [`Cursor::game_index`].
    pub fn to_sgf_saved(&self) -> String {
        let (mut tree, _) = self.tree_with_tail();
        // The tail's nodes, added last, were played here.
        let mut made = self.made.clone();
        made.resize(tree.len(), true);
        let ids: Vec<NodeId> = tree.ids().collect();
        for id in ids {
            let made = |id: NodeId| made.get(id.index()) == Some(&true);
            let values = match tree.parent(id) {
                _ if !made(id) => continue,
                Some(p) if made(p) => continue,
                Some(_) => vec![String::new()],
                None if self.placed.is_empty() => vec![String::new()],
                None => self.placed.iter().map(|p| p.sgf()).collect(),
            };
            let _ = tree[id].set_raw(PLAYED_HERE, values);
        }
        self.with_neighbours(tree.to_sgf())
    }
}

/// The private SGF property that marks the nodes played here in a saved game
/// ([`Cursor::to_sgf_saved`]; an id that neither FF\[4\] nor FF\[3\] defines). On a node other
/// than the root, `TH[]`: the node and every node below it were played here. On the root: the
/// whole game was played here (every node but the root, which is its set-up), and its values are
/// the free handicap stones placed here in the order placed (`TH[dd][pp]`; `TH[]` when none
/// was), which are the root's `AB`; a root with `HA` and no set-up stone is then a placement
/// not begun. Only the topmost node of each part played here is marked. Reading a record
/// ([`Cursor::from_tree`]) takes the marks out of the tree, so they are never seen in a node's
/// properties nor written by [`Cursor::to_sgf`].
pub const PLAYED_HERE: &str = "TH";
