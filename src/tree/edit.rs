//! Changing a tree's shape in place, for editing: a subtree detached from its parent and
//! attached again, a child moved among its siblings, a node's properties exchanged. Each costs
//! the walk of one list of children, never a copy of the tree. A detached subtree keeps its
//! nodes in the arena, reachable from no node (so neither written nor walked), until it is
//! attached again where it was: what undoing a deleted node needs.

use super::tree::{GameTree, NodeId, Property, NONE, NO_HINT};

impl GameTree {
    /// The parent of `id` and its place among the parent's children (0: the main line);
    /// `None` for the root and a detached node.
    pub fn place_of(&self, id: NodeId) -> Option<(NodeId, usize)> {
        let parent = self.get(id)?.parent()?;
        let k = self.children(parent).position(|c| c == id)?;
        Some((parent, k))
    }

    /// Takes `id` and everything below it out of the tree: the parent and the place it had.
    /// `None`, and nothing changed, for the root or a node already detached.
    pub fn detach(&mut self, id: NodeId) -> Option<(NodeId, usize)> {
        let (parent, k) = self.place_of(id)?;
        self.hint.set(NO_HINT);
        let next = self.nodes[id.index()].next_sibling;
        let prev = self.children(parent).take_while(|&c| c != id).last();
        let p = parent.index();
        match prev {
            None => self.nodes[p].first_child = next,
            Some(q) => self.nodes[q.index()].next_sibling = next,
        }
        if self.nodes[p].last_child == id.0 {
            self.nodes[p].last_child = prev.map_or(NONE, |q| q.0);
        }
        let n = &mut self.nodes[id.index()];
        n.parent = NONE;
        n.next_sibling = NONE;
        Some((parent, k))
    }

    /// Attaches a detached node (and what is below it) as child number `index` of `parent`
    /// (the last child when `index` is past the end). `false`, and nothing changed, when `id`
    /// is attached already, is the root or `parent`, or either is no node of the tree.
    pub fn attach(&mut self, parent: NodeId, index: usize, id: NodeId) -> bool {
        let ok = id != parent
            && id != self.root()
            && parent.index() < self.nodes.len()
            && self.get(id).is_some_and(|n| n.parent().is_none());
        if !ok {
            return false;
        }
        self.hint.set(NO_HINT);
        let prev = if index == 0 {
            None
        } else {
            self.children(parent).take(index).last()
        };
        let p = parent.index();
        let next = match prev {
            None => self.nodes[p].first_child,
            Some(q) => self.nodes[q.index()].next_sibling,
        };
        match prev {
            None => self.nodes[p].first_child = id.0,
            Some(q) => self.nodes[q.index()].next_sibling = id.0,
        }
        if next == NONE {
            self.nodes[p].last_child = id.0;
        }
        let n = &mut self.nodes[id.index()];
        n.parent = parent.0;
        n.next_sibling = next;
        true
    }

    /// Moves child number `from` of `parent` to place `to` among its siblings, the others
    /// keeping their order. `false`, and nothing changed, when either names no child.
    pub fn move_child(&mut self, parent: NodeId, from: usize, to: usize) -> bool {
        let count = self.children(parent).count();
        if from >= count || to >= count {
            return false;
        }
        let Some(id) = self.children(parent).nth(from) else {
            return false;
        };
        self.detach(id);
        self.attach(parent, to, id)
    }

    /// Exchanges the properties of node `id` with `properties`.
    pub(crate) fn swap_properties(&mut self, id: NodeId, properties: &mut Vec<Property>) {
        std::mem::swap(&mut self.nodes[id.index()].properties, properties);
    }
}

#[cfg(test)]
mod tests {
    use super::super::tree::{GameTree, Node, NodeId};

    fn named(t: &mut GameTree, parent: NodeId, name: &str) -> NodeId {
        let mut n = Node::new();
        let _ = n.set_text("N", name);
        t.add_child(parent, n)
    }

    fn names(t: &GameTree, id: NodeId) -> Vec<String> {
        t.children(id)
            .map(|c| t[c].get("N").unwrap_or_default())
            .collect()
    }

    #[test]
    fn detach_attach_and_move_keep_the_lists_whole() {
        let mut t = GameTree::new();
        let root = t.root();
        let ids: Vec<NodeId> = ["a", "b", "c", "d"]
            .iter()
            .map(|n| named(&mut t, root, n))
            .collect();
        let below = named(&mut t, ids[1], "b1");
        assert_eq!(t.detach(ids[1]), Some((root, 1)));
        assert_eq!(names(&t, root), ["a", "c", "d"]);
        assert_eq!(t.detach(ids[1]), None, "detached already");
        assert_eq!(t.parent(below), Some(ids[1]), "the subtree stays whole");
        assert!(t.attach(root, 1, ids[1]));
        assert_eq!(names(&t, root), ["a", "b", "c", "d"]);
        assert!(!t.attach(root, 0, ids[1]), "attached already");
        t.detach(ids[3]);
        assert!(t.attach(root, 9, ids[3]), "past the end: last");
        assert_eq!(names(&t, root), ["a", "b", "c", "d"]);
        named(&mut t, root, "e");
        assert_eq!(
            names(&t, root),
            ["a", "b", "c", "d", "e"],
            "last child kept"
        );
        assert!(t.move_child(root, 3, 0));
        assert_eq!(names(&t, root), ["d", "a", "b", "c", "e"]);
        assert!(t.move_child(root, 0, 4));
        assert_eq!(names(&t, root), ["a", "b", "c", "e", "d"]);
        assert!(!t.move_child(root, 5, 0));
        t.detach(ids[0]);
        t.detach(ids[3]);
        assert_eq!(names(&t, root), ["b", "c", "e"]);
        assert_eq!(
            t.child(root, 2).map(|c| t[c].get("N")),
            Some(Some("e".into()))
        );
    }
}
