//! Editing the record at the current node: set-up stones and the player to move, markup,
//! comment and name, annotations, and the tree itself (deleting a node, reordering variations,
//! making a line the main line), with one journal that undo and redo walk.
//!
//! **The journal.** Each edit is one entry: what it changed (a node's properties as they were,
//! a subtree detached or attached, a child moved among its siblings) and the current node's path
//! before and after. [`Cursor::undo`] takes back the latest thing done: the latest edit, unless a
//! move or an action (counted by [`Cursor::acted`]) was done after it, in which case that is
//! taken back as before (see the module documentation of [`super`]). Undoing an edit restores the
//! tree and goes to the node it was made at, wherever the cursor went since (navigation leaves
//! the journal alone); [`Cursor::redo`] takes again what undo took back, and any new edit, move
//! or action, or an undo of a move, leaves nothing to redo. A deleted subtree stays in the tree's
//! arena, reachable from no node, while the journal can attach it again: an edit never copies
//! the tree.
//!
//! **Set-up.** Stones and the player to move are set-up (`AB`, `AW`, `AE`, `PL`): at a node
//! holding a move they go to a new child, which the cursor then enters; at any other node the
//! node is edited and replayed (the game undone to its parent's level and the node played
//! again), so the position of the node and of every node below it changes. A set-up leaving a
//! chain without a liberty is refused (`notAllowed`, `noLiberty`). Moves below that the new
//! position makes illegal stay in the record; stepping onto them is refused with `illegalMove`
//! (played as the record has them when it was read leniently). The actions done at the node
//! since arriving (dead marks) are taken again after the replay, as far as the new position
//! allows; undo and redo take again those of the node they come back to.

use super::journal::{Change, Entry, Journal};
use super::Cursor;
use crate::color::Color;
use crate::error::{Error, Refusal};
use crate::game::Action;
use crate::point::{Point, Size};
use crate::tree::props::{self, Label, MarkKind};
use crate::tree::replay;
use crate::tree::tree::{Node, NodeId};

/// The longest label, in characters: a few letters or digits fit on a point of the board.
pub const MAX_LABEL: usize = 32;

/// A mark set by [`Cursor::set_mark`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MarkEdit {
    /// `TR`, `SQ`, `CR`, `MA` or `SL`: one of them at a point (FF\[4\] properties.html,
    /// "Markup properties": a point has at most one), replacing another there.
    Shape(MarkKind),
    /// `LB`: a label (SimpleText, 1 to [`MAX_LABEL`] characters, no line break), replacing the
    /// point's label; independent of the shapes.
    Label(String),
    /// `DD`: the point dimmed; independent of the shapes.
    Dim,
}

/// A connector set by [`Cursor::set_line`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKind {
    /// `LN`: a line, undirected.
    Line,
    /// `AR`: an arrow, from the first point to the second.
    Arrow,
}

/// The annotations of a node (properties.html, "Move annotation properties", "Node annotation
/// properties"): identifier, JS name, and whether the value 2 (emphasised) is allowed.
pub const ANNOTATIONS: [(&str, &str, bool); 9] = [
    ("TE", "tesuji", true),
    ("BM", "bad", true),
    ("DO", "doubtful", false),
    ("IT", "interesting", false),
    ("GB", "goodForBlack", true),
    ("GW", "goodForWhite", true),
    ("DM", "even", true),
    ("UC", "unclear", true),
    ("HO", "hotspot", true),
];

/// The groups of annotations of which a node has one at a time.
const MOVE_GROUP: [&str; 4] = ["TE", "BM", "DO", "IT"];
const POSITION_GROUP: [&str; 4] = ["GB", "GW", "DM", "UC"];

/// The points of a list-of-points property, the values that name no point left out.
fn points_of(node: &Node, id: &str, size: Size) -> Vec<Point> {
    let mut out: Vec<Point> = Vec::new();
    if let Some(p) = node.property(id) {
        for v in &p.values {
            if let Ok(ps) = props::parse_points(std::slice::from_ref(v), size) {
                for q in ps {
                    if !out.contains(&q) {
                        out.push(q);
                    }
                }
            }
        }
    }
    out
}

/// The labels (`LB`), the unreadable ones left out.
fn labels_of(node: &Node, size: Size) -> Vec<Label> {
    let Some(p) = node.property("LB") else {
        return Vec::new();
    };
    p.values
        .iter()
        .filter_map(|v| {
            let (at, text) = props::split_compose(v)?;
            Some(Label {
                point: props::parse_point(at, size).ok()?,
                text: props::simple_text(text),
            })
        })
        .collect()
}

/// The pairs of points of `LN` or `AR` (`aa:bb`), the unreadable ones left out.
fn pairs_of(node: &Node, id: &str, size: Size) -> Vec<(Point, Point)> {
    let Some(p) = node.property(id) else {
        return Vec::new();
    };
    p.values
        .iter()
        .filter_map(|v| {
            let (a, b) = props::split_compose(v)?;
            Some((
                props::parse_point(a, size).ok()?,
                props::parse_point(b, size).ok()?,
            ))
        })
        .collect()
}

fn set_pairs(node: &mut Node, id: &str, pairs: &[(Point, Point)]) {
    if pairs.is_empty() {
        node.remove(id);
    } else {
        let values = pairs
            .iter()
            .map(|(a, b)| format!("{}:{}", a.sgf(), b.sgf()))
            .collect();
        let _ = node.set_raw(id, values);
    }
}

/// The label text as `LB` takes it: refused (`invalidOptions`) when empty, too long or holding a
/// line break.
fn check_label(text: &str) -> Result<(), Error> {
    if text.is_empty() || text.chars().nth(MAX_LABEL).is_some() || text.contains(['\n', '\r']) {
        return Err(Error::InvalidOptions(
            "a label is 1 to 32 characters on one line",
        ));
    }
    Ok(())
}

impl Cursor {
    /// Records that a move or an action that undo takes back was done (JS `Game` calls this
    /// after each such call succeeds): the latest thing done is no longer an edit, and nothing
    /// is left to redo.
    pub fn acted(&mut self) {
        self.journal.acts = self.journal.acts.wrapping_add(1);
        self.journal.undone.clear();
    }

    /// After undo took back a move or an action: one fewer done, nothing to redo.
    pub(super) fn move_undone(&mut self) {
        let floor = self.journal.done.last().map_or(0, |e| e.acts);
        if self.journal.acts > floor {
            self.journal.acts -= 1;
        }
        self.journal.undone.clear();
    }

    /// After undo removed node `removed` and the tree's last node took its id (`moved`): the
    /// journal follows, and is forgotten when it referred to the removed node.
    pub(super) fn node_removed(&mut self, removed: NodeId, moved: Option<NodeId>) {
        // Undoing a move leaves nothing to redo (and the edits undone may name the node).
        self.journal.undone.clear();
        if self.journal.refers_to(removed) {
            self.journal = Journal {
                acts: self.journal.acts,
                ..Journal::default()
            };
            return;
        }
        if let Some(from) = moved {
            for e in self.journal.done.iter_mut().chain(&mut self.journal.undone) {
                for c in &mut e.changes {
                    c.rename(from, removed);
                }
            }
        }
    }

    /// Whether an edit is the latest thing done, for undo to take back.
    pub(super) fn edit_is_latest(&self) -> bool {
        self.journal
            .done
            .last()
            .is_some_and(|e| e.acts == self.journal.acts)
    }

    /// Takes back the latest edit (see the module documentation); the caller checked
    /// [`Cursor::edit_is_latest`].
    pub(super) fn undo_edit(&mut self) -> Result<(), Error> {
        self.settle();
        let Some(mut e) = self.journal.done.pop() else {
            return Err(Error::NotAllowed(Refusal::NothingToUndo));
        };
        for c in e.changes.iter_mut().rev() {
            self.apply(c, false);
        }
        let to = e.before.clone();
        self.relocate(&to, e.replay, &e.extras_before);
        self.journal.undone.push(e);
        Ok(())
    }

    /// Takes again what the last undo took back: `notAllowed` (`nothingToRedo`) when nothing.
    pub fn redo(&mut self) -> Result<(), Error> {
        self.settle();
        let Some(mut e) = self.journal.undone.pop() else {
            return Err(Error::NotAllowed(Refusal::NothingToRedo));
        };
        for c in &mut e.changes {
            self.apply(c, true);
        }
        let to = e.after.clone();
        self.relocate(&to, e.replay, &e.extras_after);
        e.acts = self.journal.acts;
        self.journal.done.push(e);
        Ok(())
    }

    /// Whether redo has something to take again.
    pub fn can_redo(&self) -> bool {
        !self.journal.undone.is_empty()
    }

    /// Applies one change of an entry, forwards (redo) or backwards (undo).
    fn apply(&mut self, c: &mut Change, forward: bool) {
        match c {
            Change::Props(id, props) => self.tree.swap_properties(*id, props),
            Change::Link {
                parent,
                index,
                node,
            } => {
                if self.tree.detach(*node).is_none() {
                    self.tree.attach(*parent, *index, *node);
                }
            }
            Change::Order { parent, from, to } => {
                let (a, b) = if forward { (*from, *to) } else { (*to, *from) };
                self.tree.move_child(*parent, a, b);
            }
            Change::Placed(points) => std::mem::swap(&mut self.placed, points),
        }
    }

    /// The cursor at `path` after the tree changed under it: the game replayed from the root
    /// (`replay`), else the same nodes renumbered and moved to as navigation does.
    /// The actions done at the node (`extras`) are taken again when arriving there dropped
    /// them.
    fn relocate(&mut self, path: &[usize], replay: bool, extras: &[Action]) {
        let mut done = false;
        if !replay {
            self.path = self.path_of(self.node);
            done = self.go_to(path).is_ok();
        }
        if !done {
            let id = self.tree.follow(path, false);
            let ok = id.is_some_and(|id| self.replay_to_node(id, path.to_vec()).is_ok());
            if !ok {
                let root = self.tree.root();
                let _ = self.replay_to_node(root, Vec::new());
            }
        }
        self.take_again(extras);
    }

    /// Takes `extras` again at the node when none is done there (after arriving anew), as far
    /// as the position allows.
    fn take_again(&mut self, extras: &[Action]) {
        if self.actions_here().is_empty() {
            for a in extras {
                if self.game.apply(*a).is_err() {
                    break;
                }
            }
        }
    }

    /// Records an edit made from `before` (the path then).
    fn record(&mut self, before: (Vec<usize>, Vec<Action>), changes: Vec<Change>, replay: bool) {
        self.journal.undone.clear();
        self.journal.done.push(Entry {
            acts: self.journal.acts,
            before: before.0,
            after: self.path.clone(),
            extras_before: before.1,
            extras_after: self.actions_here().to_vec(),
            changes,
            replay,
        });
    }

    /// Where the cursor is, for an entry: the path and the actions done at the node.
    fn spot(&self) -> (Vec<usize>, Vec<Action>) {
        (self.path.clone(), self.actions_here().to_vec())
    }

    /// Edits the current node's properties with `f` (which returns whether the game must be
    /// replayed) as one journal entry; nothing is recorded when nothing changed. A replay that
    /// fails takes the edit back and refuses it with `refusal`.
    fn edit_here(
        &mut self,
        refusal: Refusal,
        f: &mut dyn FnMut(&mut Node, Size) -> Result<bool, Error>,
    ) -> Result<(), Error> {
        self.settle();
        let size = self.game.board().size();
        let id = self.node;
        let old = self.tree[id].properties().to_vec();
        let replay = match f(&mut self.tree[id], size) {
            Ok(r) => r,
            Err(e) => {
                let mut old = old;
                self.tree.swap_properties(id, &mut old);
                return Err(e);
            }
        };
        if self.tree[id].properties() == &old[..] {
            return Ok(());
        }
        let before = self.spot();
        let mut changes = vec![Change::Props(id, old)];
        if replay {
            if let Err(e) = self.replay_here() {
                let Some(Change::Props(_, mut old)) = changes.pop() else {
                    return Err(e);
                };
                self.tree.swap_properties(id, &mut old);
                let _ = self.replay_to_node(id, before.0.clone());
                self.take_again(&before.1);
                return Err(Error::NotAllowed(refusal));
            }
            self.take_again(&before.1);
            if id == self.tree.root() && !self.placed.is_empty() {
                // The stones placed are the root's set-up now, no longer taken back one by one.
                changes.push(Change::Placed(Vec::new()));
                if let Some(Change::Placed(p)) = changes.last_mut() {
                    std::mem::swap(&mut self.placed, p);
                }
            }
        }
        self.record(before, changes, replay);
        Ok(())
    }

    /// Replays the current node after its set-up changed: back to its parent's level and the
    /// node again (from the root in the set-up part of the path).
    fn replay_here(&mut self) -> Result<(), Error> {
        self.trail.clear();
        let path = self.path.clone();
        match path.split_last() {
            None => self.replay_to_node(self.tree.root(), Vec::new()),
            Some((&k, rest)) => self.go_along(self.node, rest.len(), vec![k]),
        }
    }

    /// Whether the current node holds a move (`B` or `W`).
    fn holds_move(&self) -> bool {
        let n = &self.tree[self.node];
        n.has("B") || n.has("W")
    }

    /// Sets up `color` (or an empty point) at `p` (`AB`, `AW`, `AE`; see the module
    /// documentation): the node's set-up is kept minimal against the position before it.
    pub fn set_stone(&mut self, p: Point, color: Option<Color>) -> Result<(), Error> {
        self.settle();
        let size = self.game.board().size();
        if !size.contains(p) {
            return Err(Error::OffBoard);
        }
        if self.game.handicap_left() > 0 {
            return Err(Error::NotAllowed(Refusal::HandicapFirst));
        }
        if self.holds_move() {
            if self.game.board().get(p) == color {
                return Ok(());
            }
            let mut n = Node::new();
            let id = match color {
                Some(Color::Black) => "AB",
                Some(Color::White) => "AW",
                None => "AE",
            };
            n.set_points(id, &[p])?;
            return self.enter_new_child(n);
        }
        // The point before this node's set-up: at the root, empty; else the parent's.
        let base = match self.tree.parent(self.node) {
            None => None,
            Some(parent) => replay::replay_to(&self.tree, parent, &self.options)
                .ok()
                .and_then(|r| r.game.board().get(p)),
        };
        self.edit_here(Refusal::NoLiberty, &mut |node, size| {
            for id in ["AB", "AW", "AE"] {
                let mut ps = points_of(node, id, size);
                let want = match id {
                    "AB" => color == Some(Color::Black),
                    "AW" => color == Some(Color::White),
                    _ => color.is_none(),
                } && base != color;
                ps.retain(|&q| q != p);
                if want {
                    ps.push(p);
                }
                if node.has(id) || !ps.is_empty() {
                    node.set_points(id, &ps)?;
                }
            }
            Ok(true)
        })
    }

    /// Sets the player to move at the node (`PL`; `None` removes it): set-up, as
    /// [`Cursor::set_stone`] (a node holding a move gets a new child for it).
    pub fn set_to_move(&mut self, color: Option<Color>) -> Result<(), Error> {
        self.settle();
        if self.game.handicap_left() > 0 {
            return Err(Error::NotAllowed(Refusal::HandicapFirst));
        }
        let value = color.map(|c| if c == Color::Black { "B" } else { "W" });
        if self.holds_move() {
            let Some(v) = value else {
                return Ok(());
            };
            let mut n = Node::new();
            n.set_raw("PL", vec![v.to_string()])?;
            return self.enter_new_child(n);
        }
        self.edit_here(Refusal::NoLiberty, &mut |node, _| {
            match value {
                Some(v) => node.set_raw("PL", vec![v.to_string()])?,
                None => {
                    node.remove("PL");
                }
            }
            Ok(true)
        })
    }

    /// Adds `node` (a set-up) as the current node's last child and enters it.
    fn enter_new_child(&mut self, node: Node) -> Result<(), Error> {
        let before = self.spot();
        let parent = self.node;
        let id = self.tree.add_child(parent, node);
        self.made.push(false);
        let k = self.tree.children(parent).count() - 1;
        self.trail.clear();
        if let Err(e) = self.go_along(id, before.0.len(), vec![k]) {
            // Nothing changed: the new node (the arena's last) goes again.
            let _ = self.go_to(&before.0);
            if self.tree.remove_leaf(id).is_some() {
                self.made.pop();
            }
            return Err(match e {
                Error::IllegalMove { .. } => e,
                _ => Error::NotAllowed(Refusal::NoLiberty),
            });
        }
        self.record(
            before,
            vec![Change::Link {
                parent,
                index: k,
                node: id,
            }],
            true,
        );
        Ok(())
    }

    /// Sets a mark at `p` (see [`MarkEdit`]); `None` clears every mark there (shapes, label,
    /// dimming).
    pub fn set_mark(&mut self, p: Point, mark: Option<MarkEdit>) -> Result<(), Error> {
        if !self.game.board().size().contains(p) {
            return Err(Error::OffBoard);
        }
        if let Some(MarkEdit::Label(text)) = &mark {
            check_label(text)?;
        }
        self.edit_here(Refusal::Unreplayable, &mut |node, size| {
            if matches!(mark, None | Some(MarkEdit::Shape(_))) {
                for kind in MarkKind::ALL {
                    let mut ps = points_of(node, kind.id(), size);
                    let had = ps.contains(&p);
                    ps.retain(|&q| q != p);
                    if mark == Some(MarkEdit::Shape(kind)) {
                        ps.push(p);
                    } else if !had {
                        continue;
                    }
                    node.set_points(kind.id(), &ps)?;
                }
            }
            if matches!(mark, None | Some(MarkEdit::Label(_))) {
                let mut labels = labels_of(node, size);
                let had = labels.iter().any(|l| l.point == p);
                labels.retain(|l| l.point != p);
                if let Some(MarkEdit::Label(text)) = &mark {
                    labels.push(Label {
                        point: p,
                        text: text.clone(),
                    });
                }
                if had || !labels.is_empty() {
                    node.set_labels(&labels);
                }
            }
            if matches!(mark, None | Some(MarkEdit::Dim)) {
                let mut ps = points_of(node, "DD", size);
                let had = ps.contains(&p);
                ps.retain(|&q| q != p);
                if mark.is_some() {
                    ps.push(p);
                }
                if had || mark.is_some() {
                    node.set_points("DD", &ps)?;
                }
            }
            Ok(false)
        })
    }

    /// Sets the connector between `from` and `to` (`LN`, `AR`; `None` removes it): one per
    /// pair of points, whichever way it was drawn. `invalidOptions` when the points are one.
    pub fn set_line(
        &mut self,
        from: Point,
        to: Point,
        kind: Option<LineKind>,
    ) -> Result<(), Error> {
        let size = self.game.board().size();
        if !size.contains(from) || !size.contains(to) {
            return Err(Error::OffBoard);
        }
        if from == to {
            return Err(Error::InvalidOptions(
                "a line or arrow joins two different points",
            ));
        }
        self.edit_here(Refusal::Unreplayable, &mut |node, size| {
            let same = |&(a, b): &(Point, Point)| (a, b) == (from, to) || (a, b) == (to, from);
            for (id, k) in [("LN", LineKind::Line), ("AR", LineKind::Arrow)] {
                let mut pairs = pairs_of(node, id, size);
                let had = pairs.iter().any(same);
                pairs.retain(|x| !same(x));
                if kind == Some(k) {
                    pairs.push((from, to));
                } else if !had {
                    continue;
                }
                set_pairs(node, id, &pairs);
            }
            Ok(false)
        })
    }

    /// Sets a text property of the node (`C`, `N`): `None` or `""` removes it.
    fn set_text_property(&mut self, id: &'static str, text: Option<&str>) -> Result<(), Error> {
        self.edit_here(Refusal::Unreplayable, &mut |node, _| {
            match text {
                Some(t) if !t.is_empty() => node.set_text(id, t)?,
                _ => {
                    node.remove(id);
                }
            }
            Ok(false)
        })
    }

    /// Sets the node's comment (`C`): `None` or `""` removes it.
    pub fn set_comment(&mut self, text: Option<&str>) -> Result<(), Error> {
        self.set_text_property("C", text)
    }

    /// Sets the node's name (`N`): `None` or `""` removes it.
    pub fn set_name(&mut self, text: Option<&str>) -> Result<(), Error> {
        self.set_text_property("N", text)
    }

    /// The annotations of the current node: identifier and value (1, or 2 emphasised).
    pub fn annotations(&self) -> Vec<(&'static str, u8)> {
        if !self.tail.is_empty() {
            return Vec::new();
        }
        let node = &self.tree[self.node];
        ANNOTATIONS
            .iter()
            .filter_map(|&(id, _, _)| {
                let p = node.property(id)?;
                Some((id, if p.raw().trim() == "2" { 2 } else { 1 }))
            })
            .collect()
    }

    /// Sets an annotation (`id` one of [`ANNOTATIONS`]; `value` 1, 2 emphasised, or `None` to
    /// remove it). The move annotations (`TE`, `BM`, `DO`, `IT`) need a node with a move
    /// (`noMove`); a node has one of them at a time, and one of `GB`, `GW`, `DM`, `UC`.
    /// Written as FF\[4\] has them: `TE[2]`, `DO[]`.
    pub fn set_annotation(&mut self, id: &str, value: Option<u8>) -> Result<(), Error> {
        let Some(&(id, _, two)) = ANNOTATIONS.iter().find(|a| a.0 == id) else {
            return Err(Error::InvalidOptions("no such annotation"));
        };
        let ok = match value {
            None | Some(1) => true,
            Some(2) => two,
            _ => false,
        };
        if !ok {
            return Err(Error::InvalidOptions(
                "an annotation's value is 1, 2 (not for doubtful or interesting) or null",
            ));
        }
        self.settle();
        if MOVE_GROUP.contains(&id) && value.is_some() && !self.holds_move() {
            return Err(Error::NotAllowed(Refusal::NoMove));
        }
        self.edit_here(Refusal::Unreplayable, &mut |node, _| {
            let group: &[&str] = if MOVE_GROUP.contains(&id) {
                &MOVE_GROUP
            } else if POSITION_GROUP.contains(&id) {
                &POSITION_GROUP
            } else {
                &[]
            };
            for other in group {
                node.remove(other);
            }
            match value {
                None => {
                    node.remove(id);
                }
                Some(v) => {
                    let raw = if two { v.to_string() } else { String::new() };
                    node.set_raw(id, vec![raw])?;
                }
            }
            Ok(false)
        })
    }

    /// Deletes the current node and everything below it; the cursor goes to the parent
    /// (`notAllowed`, `atRoot`, at the root).
    pub fn delete_node(&mut self) -> Result<(), Error> {
        self.settle();
        let node = self.node;
        let Some((parent, index)) = self.tree.place_of(node) else {
            return Err(Error::NotAllowed(Refusal::AtRoot));
        };
        let before = self.spot();
        self.go_to_node(parent)?;
        self.tree.detach(node);
        self.record(
            before,
            vec![Change::Link {
                parent,
                index,
                node,
            }],
            true,
        );
        Ok(())
    }

    /// Moves the current node `delta` places among its siblings (-1 towards the main line);
    /// `notAllowed` at the root (`atRoot`) or past the first or last (`noSibling`).
    pub fn move_variation(&mut self, delta: i64) -> Result<(), Error> {
        self.settle();
        let Some((parent, from)) = self.tree.place_of(self.node) else {
            return Err(Error::NotAllowed(Refusal::AtRoot));
        };
        let count = self.tree.children(parent).count();
        let to = from as i64 + delta;
        if delta == 0 || to < 0 || to >= count as i64 {
            return Err(Error::NotAllowed(Refusal::NoSibling));
        }
        let to = to as usize;
        let before = self.spot();
        self.tree.move_child(parent, from, to);
        if let Some(last) = self.path.last_mut() {
            *last = to;
        }
        self.record(before, vec![Change::Order { parent, from, to }], false);
        Ok(())
    }

    /// Makes the current node's line the main line: each node of its path becomes its parent's
    /// first child. Nothing is recorded when it is the main line already.
    pub fn make_main_line(&mut self) -> Result<(), Error> {
        self.settle();
        let before = self.spot();
        let mut changes = Vec::new();
        let mut id = self.node;
        while let Some((parent, from)) = self.tree.place_of(id) {
            if from > 0 {
                self.tree.move_child(parent, from, 0);
                changes.push(Change::Order {
                    parent,
                    from,
                    to: 0,
                });
            }
            id = parent;
        }
        if changes.is_empty() {
            return Ok(());
        }
        for p in &mut self.path {
            *p = 0;
        }
        self.record(before, changes, false);
        Ok(())
    }
}
