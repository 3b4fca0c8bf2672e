//! The journal of edits (src/tree/cursor/edit.rs): the edits done and undone, each as the
//! changes that applying again undoes or redoes, and the count of moves and actions that says
//! whether an edit is the latest thing done.

use crate::game::Action;
use crate::point::Point;
use crate::tree::tree::{NodeId, Property};

/// The edits done (last one last) and those undone (the last undone last).
#[derive(Clone, Debug, Default)]
pub(super) struct Journal {
    pub(super) done: Vec<Entry>,
    pub(super) undone: Vec<Entry>,
    /// Moves and actions done since the cursor was made, less those undone: an edit is the
    /// latest thing done when this is what it was when the edit was made.
    pub(super) acts: u32,
}

#[derive(Clone, Debug)]
pub(super) struct Entry {
    pub(super) acts: u32,
    pub(super) before: Vec<usize>,
    pub(super) after: Vec<usize>,
    /// The actions done at the node since arriving there (dead marks, ...), before and after
    /// the edit: taken again when undo or redo comes back to the node by replaying it.
    pub(super) extras_before: Vec<Action>,
    pub(super) extras_after: Vec<Action>,
    pub(super) changes: Vec<Change>,
    /// Whether the game must be replayed after the changes are applied (set-up or shape).
    pub(super) replay: bool,
}

/// One change of an edit, as data that applying again undoes or redoes.
#[derive(Clone, Debug)]
pub(super) enum Change {
    /// A node's properties, exchanged with these.
    Props(NodeId, Vec<Property>),
    /// A node attached as child `index` of `parent`, or detached from there.
    Link {
        parent: NodeId,
        index: usize,
        node: NodeId,
    },
    /// Child `from` of `parent` moved to place `to` (backwards: `to` to `from`).
    Order {
        parent: NodeId,
        from: usize,
        to: usize,
    },
    /// The free handicap stones placed here, exchanged with these.
    Placed(Vec<Point>),
}

impl Change {
    pub(super) fn nodes(&self) -> [Option<NodeId>; 2] {
        match *self {
            Change::Props(id, _) => [Some(id), None],
            Change::Link { parent, node, .. } => [Some(parent), Some(node)],
            Change::Order { parent, .. } => [Some(parent), None],
            Change::Placed(_) => [None, None],
        }
    }

    pub(super) fn rename(&mut self, from: NodeId, to: NodeId) {
        let fix = |id: &mut NodeId| {
            if *id == from {
                *id = to;
            }
        };
        match self {
            Change::Props(id, _) => fix(id),
            Change::Link { parent, node, .. } => {
                fix(parent);
                fix(node);
            }
            Change::Order { parent, .. } => fix(parent),
            Change::Placed(_) => {}
        }
    }
}

impl Journal {
    /// Whether a change refers to `id`.
    pub(super) fn refers_to(&self, id: NodeId) -> bool {
        self.done
            .iter()
            .chain(&self.undone)
            .flat_map(|e| &e.changes)
            .any(|c| c.nodes().contains(&Some(id)))
    }
}
