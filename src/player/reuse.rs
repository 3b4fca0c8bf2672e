//! Tree reuse: when a game goes on along the line a tree was searched for, the subtree of the
//! new position becomes the root of the next search, its statistics kept.
//!
//! 1. **The line**: the game has the same set-up and start as the tree's root, its actions
//!    begin with the root's, and the actions since are stones and passes ([`moves_since`]).
//! 2. **The subtree**: those moves are followed down the tree ([`Search::descend`]); a move the
//!    tree never made means a fresh tree.
//! 3. **The new root**: its moves are made exactly the moves the game's rules allow (the tree
//!    below a root knows only the basic ko): the children the game refuses are dropped, with
//!    their subtrees, and the legal moves the tree lacks are added with their priors; the root's
//!    visits become the sum of its moves'. Everything else about the root (komi, the territory
//!    base, the passes before it, the last move) is recomputed from the game.
//! 4. **Compaction**: the kept subtree is copied breadth first into a fresh node vector of
//!    exactly its size (the old one is freed), or the tree is fresh when that memory is not
//!    there.

use super::prior::prior;
use super::search::{GenmoveOptions, Node, Search};
use crate::game::{Action, Game};
use crate::point::Point;

/// The moves (a point, `None` for a pass) that lead from `root`'s position to `game`'s, when
/// `game` continues `root`'s line (see the module documentation, 1); `None` otherwise.
pub(super) fn moves_since(root: &Game, game: &Game) -> Option<Vec<Option<Point>>> {
    if root.setup() != game.setup() || root.initial_position() != game.initial_position() {
        return None;
    }
    let (before, now) = (root.actions(), game.actions());
    if now.len() < before.len() || before != &now[..before.len()] {
        return None;
    }
    // A set-up in the common actions must have made the same position in both.
    for a in before {
        if let Action::SetUp(k) = *a {
            if root.set_up_position(k) != game.set_up_position(k) {
                return None;
            }
        }
    }
    now[before.len()..]
        .iter()
        .map(|a| match *a {
            Action::Place(p) => Some(Some(p)),
            Action::Pass => Some(None),
            _ => None,
        })
        .collect()
}

impl Search {
    /// The node reached from the root by `moves`, if the tree made them all.
    pub(super) fn descend(&self, moves: &[Option<Point>]) -> Option<u32> {
        let mut at = 0u32;
        for m in moves {
            let mv = m.map_or(0, |p| self.playout.index_of(p) as u16);
            let node = &self.nodes[at as usize];
            let children = node.first..node.first + u32::from(node.count);
            at = children
                .into_iter()
                .find(|&k| self.nodes[k as usize].mv == mv)?;
        }
        Some(at)
    }

    /// A search of `game`'s position whose tree is the subtree of this one at `at`, the node
    /// of that position (see the module documentation, 3 and 4); the random state goes on.
    /// `None` when the memory for the copy is not there.
    pub(super) fn reroot(self, game: &Game, at: u32) -> Option<Search> {
        let mut next = Search::new(game, &GenmoveOptions::default());
        next.rng = self.rng;
        let old = self.nodes;
        let node = old[at as usize];
        let kids = &old[node.first as usize..(node.first + u32::from(node.count)) as usize];
        let allowed = next.root_moves(game);
        // 3. The children the game allows, then the allowed moves the tree lacks.
        let mut children: Vec<Node> = kids
            .iter()
            .filter(|ch| allowed.contains(&ch.mv))
            .copied()
            .collect();
        let mut missing: Vec<u16> = allowed
            .iter()
            .copied()
            .filter(|mv| !kids.iter().any(|ch| ch.mv == *mv))
            .collect();
        for k in (1..missing.len()).rev() {
            let j = next.rng.below(k + 1);
            missing.swap(k, j);
        }
        let (c, last) = (next.root_colour, next.root_last);
        for mv in missing {
            let (n, w) = prior(&next.playout, usize::from(mv), c, last);
            children.push(Node::with_prior(mv, n, w));
        }
        // 4. The copy: the size of the kept subtree first, then breadth first.
        let mut size = 1 + children.len();
        let mut stack: Vec<(u32, u16)> = children
            .iter()
            .filter(|ch| ch.count > 0)
            .map(|ch| (ch.first, ch.count))
            .collect();
        while let Some((first, count)) = stack.pop() {
            size += usize::from(count);
            for n in &old[first as usize..(first + u32::from(count)) as usize] {
                if n.count > 0 {
                    stack.push((n.first, n.count));
                }
            }
        }
        let mut nodes: Vec<Node> = Vec::new();
        nodes.try_reserve_exact(size.max(1 << 12)).ok()?;
        let visits = children
            .iter()
            .fold(0u32, |s, ch| s.saturating_add(ch.visits));
        let mut root = Node::default();
        root.first = 1;
        root.count = children.len() as u16;
        root.visits = visits;
        nodes.push(root);
        nodes.extend(children);
        let mut k = 1;
        while k < nodes.len() {
            let n = nodes[k];
            if n.count > 0 {
                let first = nodes.len() as u32;
                nodes.extend_from_slice(
                    &old[n.first as usize..(n.first + u32::from(n.count)) as usize],
                );
                nodes[k].first = first;
            }
            k += 1;
        }
        drop(old);
        next.nodes = nodes;
        Some(next)
    }
}
