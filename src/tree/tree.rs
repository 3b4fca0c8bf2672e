//! Collections, game trees, nodes and properties.
//!
//! A [`GameTree`] keeps its nodes in one vector (an arena) linked by indices: parent, first and
//! last child, next sibling. Walking, comparing, writing and dropping a tree are loops over the
//! vector, never recursion, so a tree of any depth is safe (SGF `FF[4]` sgf.html, "Basic (EBNF)
//! Definition": `GameTree = "(" Sequence { GameTree } ")"`; the first child of a node is the
//! main line, the others are variations).

use super::props;
use super::props::{
    escape_compose, parse_color, parse_move, parse_point, parse_points, simple_text, split_compose,
    Label, Mark, MarkKind, SetupStones, Territory,
};
use super::warning::err;
use crate::color::Color;
use crate::error::Error;
use crate::game::Move;
use crate::point::{Point, Size};

/// Index of a node in its [`GameTree`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub(crate) u32);

impl NodeId {
    /// The node's index in the tree: the root is 0 and a parsed tree numbers its nodes in the
    /// order of the file (sgf.html, "Node numbering").
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

pub(super) const NONE: u32 = u32::MAX;

/// One property: its identifier (upper-case letters) and its values as written in the file,
/// between the brackets, escapes included (use [`props::text`] and the typed accessors of
/// [`Node`] to read them).
#[derive(Clone, Debug)]
pub struct Property {
    /// The identifier: upper-case letters only (lower-case letters of `FF[3]` files are dropped
    /// on reading: `CoPyright` is `CP`).
    pub id: String,
    /// The raw values, in order: the text between `[` and `]` with its escapes.
    pub values: Vec<String>,
    pub(crate) offset: Option<u32>,
}

impl PartialEq for Property {
    /// Two properties are equal when their identifiers and raw values are; where they were
    /// read does not matter.
    fn eq(&self, other: &Property) -> bool {
        self.id == other.id && self.values == other.values
    }
}

impl Eq for Property {}

impl Property {
    /// A property from raw values (already escaped as SGF requires: use [`props::escape`] for
    /// text). The identifier must be upper-case ASCII letters.
    pub fn new(id: &str, values: Vec<String>) -> Result<Property, Error> {
        if id.is_empty() || !id.bytes().all(|b| b.is_ascii_uppercase()) {
            return Err(Error::InvalidOptions(
                "an SGF property identifier is made of upper-case letters",
            ));
        }
        Ok(Property {
            id: id.to_string(),
            values,
            offset: None,
        })
    }

    /// Byte offset of the identifier in the input the property was read from.
    pub fn offset(&self) -> Option<usize> {
        self.offset.map(|o| o as usize)
    }

    /// The first raw value (`""` if there is none).
    pub fn raw(&self) -> &str {
        self.values.first().map_or("", String::as_str)
    }

    /// An `sgf` error about this property.
    pub(crate) fn error(&self, message: &'static str) -> Error {
        err(self.offset().unwrap_or(0), message)
    }
}

/// A node: its properties in order, and its place in the tree.
#[derive(Clone, Debug, Default)]
pub struct Node {
    pub(super) properties: Vec<Property>,
    pub(super) parent: u32,
    pub(super) first_child: u32,
    pub(super) last_child: u32,
    pub(super) next_sibling: u32,
    offset: u32,
}

impl PartialEq for Node {
    /// Two nodes are equal when their properties are (in order); their places in their trees
    /// do not matter.
    fn eq(&self, other: &Node) -> bool {
        self.properties == other.properties
    }
}

impl Node {
    /// A node with no property, not yet in a tree (add it with [`GameTree::add_child`]).
    pub fn new() -> Node {
        Node {
            properties: Vec::new(),
            parent: NONE,
            first_child: NONE,
            last_child: NONE,
            next_sibling: NONE,
            offset: NONE,
        }
    }

    #[cfg(feature = "sgf")]
    pub(crate) fn at(offset: usize) -> Node {
        Node {
            offset: offset as u32,
            ..Node::new()
        }
    }

    /// Byte offset of the node's `;` in the input it was read from.
    pub fn offset(&self) -> Option<usize> {
        (self.offset != NONE).then_some(self.offset as usize)
    }

    /// The parent node (`None` for the root).
    pub fn parent(&self) -> Option<NodeId> {
        (self.parent != NONE).then_some(NodeId(self.parent))
    }

    /// The properties, in the order of the file.
    pub fn properties(&self) -> &[Property] {
        &self.properties
    }

    /// The property with this identifier.
    pub fn property(&self, id: &str) -> Option<&Property> {
        self.properties.iter().find(|p| p.id == id)
    }

    /// Whether the node has this property.
    pub fn has(&self, id: &str) -> bool {
        self.property(id).is_some()
    }

    /// The first value of a property read as Text (sgf.html, "Text": escapes resolved, soft
    /// line breaks removed, other white space as spaces): `node.get("C")` is the comment.
    pub fn get(&self, id: &str) -> Option<String> {
        self.property(id).map(|p| props::text(p.raw()))
    }

    /// The first raw value of a property, escapes included.
    pub fn raw(&self, id: &str) -> Option<&str> {
        self.property(id).map(Property::raw)
    }

    /// Sets a property to raw values (already escaped), replacing it where it is or adding it
    /// at the end.
    pub fn set_raw(&mut self, id: &str, values: Vec<String>) -> Result<(), Error> {
        let mut p = Property::new(id, values)?;
        match self.properties.iter_mut().find(|q| q.id == id) {
            Some(q) => {
                p.offset = q.offset;
                *q = p;
            }
            None => self.properties.push(p),
        }
        Ok(())
    }

    /// Sets a property to one text value, escaped as SGF requires.
    pub fn set_text(&mut self, id: &str, text: &str) -> Result<(), Error> {
        self.set_raw(id, vec![props::escape(text)])
    }

    /// Removes a property, returning it.
    pub fn remove(&mut self, id: &str) -> Option<Property> {
        let i = self.properties.iter().position(|p| p.id == id)?;
        Some(self.properties.remove(i))
    }

    #[cfg(feature = "sgf")]
    pub(crate) fn properties_mut(&mut self) -> &mut Vec<Property> {
        &mut self.properties
    }
}

fn points_of(node: &Node, id: &str, size: Size) -> Result<Vec<Point>, Error> {
    match node.property(id) {
        None => Ok(Vec::new()),
        Some(p) => parse_points(&p.values, size).map_err(|m| p.error(m)),
    }
}

fn set_points(node: &mut Node, id: &str, points: &[Point]) {
    if points.is_empty() {
        node.remove(id);
    } else {
        let values = points.iter().map(|p| p.sgf()).collect();
        // The identifiers used here are upper-case constants.
        let _ = node.set_raw(id, values);
    }
}

/// The typed accessors of the Go properties (sgf.html, "Property Value Types"; properties.html;
/// go.html).
impl Node {
    /// The comment (`C`), Text read.
    pub fn comment(&self) -> Option<String> {
        self.get("C")
    }

    /// The node's name (`N`), SimpleText read.
    pub fn name(&self) -> Option<String> {
        self.property("N").map(|p| simple_text(p.raw()))
    }

    /// The first value of a property, SimpleText read.
    pub fn simple_text(&self, id: &str) -> Option<String> {
        self.property(id).map(|p| simple_text(p.raw()))
    }

    /// The move of the node (`B` or `W`; a pass is a move with no point). Both in one node, or
    /// a value that is no move on this board, is an `sgf` error.
    pub fn get_move(&self, size: Size) -> Result<Option<Move>, Error> {
        let b = self.property("B");
        let w = self.property("W");
        let (p, color): (&Property, Color) = match (b, w) {
            (None, None) => return Ok(None),
            (Some(_), Some(w)) => {
                return Err(w.error("B and W in the same node"));
            }
            (Some(b), None) => (b, Color::Black),
            (None, Some(w)) => (w, Color::White),
        };
        if p.values.len() > 1 {
            return Err(p.error("a move has one value"));
        }
        let point = parse_move(p.raw(), size).map_err(|m| p.error(m))?;
        Ok(Some(Move { color, point }))
    }

    /// Sets the move of the node (`B` or `W`; a pass is written `[]`), removing any other.
    pub fn set_move(&mut self, mv: Move) {
        self.remove("B");
        self.remove("W");
        let id = if mv.color == Color::Black { "B" } else { "W" };
        let value = mv.point.map_or(String::new(), Point::sgf);
        let _ = self.set_raw(id, vec![value]);
    }

    /// The points of a list-of-points property (compressed lists expanded; none when absent).
    pub fn points(&self, id: &str, size: Size) -> Result<Vec<Point>, Error> {
        points_of(self, id, size)
    }

    /// Sets a list-of-points property (removed when `points` is empty).
    pub fn set_points(&mut self, id: &str, points: &[Point]) -> Result<(), Error> {
        Property::new(id, Vec::new())?;
        set_points(self, id, points);
        Ok(())
    }

    /// The set-up stones (`AB`, `AW`, `AE`).
    pub fn setup_stones(&self, size: Size) -> Result<SetupStones, Error> {
        Ok(SetupStones {
            black: points_of(self, "AB", size)?,
            white: points_of(self, "AW", size)?,
            empty: points_of(self, "AE", size)?,
        })
    }

    /// Whether the node has set-up properties (`AB`, `AW`, `AE`).
    pub fn has_setup(&self) -> bool {
        self.has("AB") || self.has("AW") || self.has("AE")
    }

    /// The player to move (`PL`).
    pub fn player(&self) -> Result<Option<Color>, Error> {
        match self.property("PL") {
            None => Ok(None),
            Some(p) => parse_color(p.raw())
                .map(Some)
                .ok_or_else(|| p.error("PL must be B or W")),
        }
    }

    /// The marks (`TR`, `SQ`, `CR`, `MA`, `SL`), kind by kind.
    pub fn markup(&self, size: Size) -> Result<Vec<Mark>, Error> {
        let mut out = Vec::new();
        for kind in MarkKind::ALL {
            for point in points_of(self, kind.id(), size)? {
                out.push(Mark { kind, point });
            }
        }
        Ok(out)
    }

    /// Sets the marks of one kind (removed when `points` is empty).
    pub fn set_marks(&mut self, kind: MarkKind, points: &[Point]) {
        set_points(self, kind.id(), points);
    }

    /// The labels (`LB[point:text]`).
    pub fn labels(&self, size: Size) -> Result<Vec<Label>, Error> {
        let Some(p) = self.property("LB") else {
            return Ok(Vec::new());
        };
        p.values
            .iter()
            .map(|v| {
                let (at, text) = split_compose(v).ok_or_else(|| p.error("LB is point:text"))?;
                Ok(Label {
                    point: parse_point(at, size).map_err(|m| p.error(m))?,
                    text: simple_text(text),
                })
            })
            .collect()
    }

    /// Sets the labels (removed when `labels` is empty).
    pub fn set_labels(&mut self, labels: &[Label]) {
        if labels.is_empty() {
            self.remove("LB");
            return;
        }
        let values = labels
            .iter()
            .map(|l| format!("{}:{}", l.point.sgf(), escape_compose(&l.text)))
            .collect();
        let _ = self.set_raw("LB", values);
    }

    /// The territory markup (`TB`, `TW`).
    pub fn territory(&self, size: Size) -> Result<Territory, Error> {
        Ok(Territory {
            black: points_of(self, "TB", size)?,
            white: points_of(self, "TW", size)?,
        })
    }

    /// Sets the territory markup (each property removed when its list is empty).
    pub fn set_territory(&mut self, territory: &Territory) {
        set_points(self, "TB", &territory.black);
        set_points(self, "TW", &territory.white);
    }
}

/// One game tree: a root node and its descendants, in an arena.
#[derive(Clone, Debug)]
pub struct GameTree {
    pub(super) nodes: Vec<Node>,
    /// The last child found by its number, `(parent, number, child)`: visiting the children of a
    /// node one after another walks its list of children once, not once per child (a joseki
    /// dictionary has nodes of 40,000 children).
    pub(super) hint: std::cell::Cell<(u32, u32, u32)>,
}

/// No child looked up yet.
pub(super) const NO_HINT: (u32, u32, u32) = (NONE, 0, NONE);

impl Default for GameTree {
    fn default() -> Self {
        GameTree::new()
    }
}

/// The children of a node, first (the main line) to last.
#[derive(Clone, Debug)]
pub struct Children<'a> {
    tree: &'a GameTree,
    next: u32,
}

impl Iterator for Children<'_> {
    type Item = NodeId;
    fn next(&mut self) -> Option<NodeId> {
        if self.next == NONE {
            return None;
        }
        let id = NodeId(self.next);
        self.next = self.tree.nodes[self.next as usize].next_sibling;
        Some(id)
    }
}

/// `tree[id]` is the node `id`; it panics if the tree has no such node (see [`GameTree::get`]).
impl std::ops::Index<NodeId> for GameTree {
    type Output = Node;
    fn index(&self, id: NodeId) -> &Node {
        &self.nodes[id.index()]
    }
}

impl std::ops::IndexMut<NodeId> for GameTree {
    fn index_mut(&mut self, id: NodeId) -> &mut Node {
        &mut self.nodes[id.index()]
    }
}

impl PartialEq for GameTree {
    /// Two trees are equal when they have the same shape and equal nodes (properties in order),
    /// whatever the order of their arenas. Compared with a loop, not recursion.
    fn eq(&self, other: &GameTree) -> bool {
        let mut stack = vec![(self.root(), other.root())];
        while let Some((a, b)) = stack.pop() {
            if self[a] != other[b] {
                return false;
            }
            let mut ca = self.children(a);
            let mut cb = other.children(b);
            loop {
                match (ca.next(), cb.next()) {
                    (None, None) => break,
                    (Some(x), Some(y)) => stack.push((x, y)),
                    _ => return false,
                }
            }
        }
        true
    }
}

impl Eq for GameTree {}

impl GameTree {
    /// A tree of one empty root node.
    pub fn new() -> GameTree {
        GameTree {
            nodes: vec![Node::new()],
            hint: std::cell::Cell::new(NO_HINT),
        }
    }

    #[cfg(feature = "sgf")]
    pub(crate) fn from_root(root: Node) -> GameTree {
        let mut root = root;
        root.parent = NONE;
        root.first_child = NONE;
        root.last_child = NONE;
        root.next_sibling = NONE;
        GameTree {
            nodes: vec![root],
            hint: std::cell::Cell::new(NO_HINT),
        }
    }

    /// The root node's id.
    pub fn root(&self) -> NodeId {
        NodeId(0)
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Always false: a tree has a root.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The node with this id, if the tree has it.
    pub fn get(&self, id: NodeId) -> Option<&Node> {
        self.nodes.get(id.index())
    }

    /// The id of the node with this index, if the tree has it.
    pub fn id(&self, index: usize) -> Option<NodeId> {
        (index < self.nodes.len()).then_some(NodeId(index as u32))
    }

    /// Every node id, in arena order (the order of the file for a parsed tree, until a leaf is
    /// removed: [`GameTree::remove_leaf`] moves the last node into the freed slot).
    pub fn ids(&self) -> impl ExactSizeIterator<Item = NodeId> {
        (0..self.nodes.len() as u32).map(NodeId)
    }

    /// The children of a node, main line first. Panics, as the methods below taking a
    /// [`NodeId`] do, if the tree has no such node.
    pub fn children(&self, id: NodeId) -> Children<'_> {
        Children {
            tree: self,
            next: self.nodes[id.index()].first_child,
        }
    }

    /// Whether a node has no children (without moving the hint of [`GameTree::child`]).
    pub fn is_leaf(&self, id: NodeId) -> bool {
        self.nodes[id.index()].first_child == NONE
    }

    /// The `n`th child of a node (0: the main line). Walks the node's children from the first,
    /// or from the child found last when it is one of them and not after the `n`th.
    pub fn child(&self, id: NodeId, n: usize) -> Option<NodeId> {
        let (parent, k, found) = self.hint.get();
        let (mut k, mut c) = if parent == id.0 && found != NONE && k as usize <= n {
            (k as usize, found)
        } else {
            (0, self.nodes[id.index()].first_child)
        };
        while k < n && c != NONE {
            c = self.nodes[c as usize].next_sibling;
            k += 1;
        }
        if c == NONE {
            return None;
        }
        self.hint.set((id.0, n as u32, c));
        Some(NodeId(c))
    }

    /// The parent of a node.
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.nodes[id.index()].parent()
    }

    /// Adds `node` as the last child of `parent` and returns its id.
    ///
    /// # Panics
    /// If `parent` is not a node of this tree.
    pub fn add_child(&mut self, parent: NodeId, node: Node) -> NodeId {
        assert!(parent.index() < self.nodes.len(), "no such parent node");
        let id = self.nodes.len() as u32;
        let mut node = node;
        node.parent = parent.0;
        node.first_child = NONE;
        node.last_child = NONE;
        node.next_sibling = NONE;
        self.nodes.push(node);
        let p = &mut self.nodes[parent.index()];
        let last = p.last_child;
        p.last_child = id;
        if last == NONE {
            p.first_child = id;
        } else {
            self.nodes[last as usize].next_sibling = id;
        }
        NodeId(id)
    }

    /// Removes a node without children (not the root). The tree's last node takes the freed
    /// slot, so every other id stays valid: returns the id that node had (now `id`), if it
    /// moved. `None` and nothing changed for the root or a node with children.
    pub fn remove_leaf(&mut self, id: NodeId) -> Option<Option<NodeId>> {
        let i = id.0;
        let n = self.nodes.get(i as usize)?;
        if i == 0 || n.first_child != NONE || n.parent == NONE {
            return None;
        }
        let (parent, next) = (n.parent, n.next_sibling);
        // Children are renumbered and ids moved: the hint no longer holds.
        self.hint.set(NO_HINT);
        let prev = self
            .children(NodeId(parent))
            .map(|c| c.0)
            .take_while(|&c| c != i)
            .last();
        match prev {
            None => self.nodes[parent as usize].first_child = next,
            Some(p) => self.nodes[p as usize].next_sibling = next,
        }
        if self.nodes[parent as usize].last_child == i {
            self.nodes[parent as usize].last_child = prev.unwrap_or(NONE);
        }
        let last = (self.nodes.len() - 1) as u32;
        if last == i {
            self.nodes.pop();
            return Some(None);
        }
        // The last node moves to `i`: whatever points at it is pointed at `i`. (The removed
        // node is in no list any more, so the lists walked here are whole.)
        let lp = self.nodes[last as usize].parent;
        // The top of a subtree detached for editing (src/tree/edit.rs) is in no list.
        let lprev = (lp != NONE).then(|| {
            self.children(NodeId(lp))
                .map(|c| c.0)
                .take_while(|&c| c != last)
                .last()
        });
        let kids: Vec<u32> = self.children(NodeId(last)).map(|c| c.0).collect();
        self.nodes.swap_remove(i as usize);
        for c in kids {
            self.nodes[c as usize].parent = i;
        }
        if let Some(lprev) = lprev {
            match lprev {
                None => self.nodes[lp as usize].first_child = i,
                Some(p) => self.nodes[p as usize].next_sibling = i,
            }
            if self.nodes[lp as usize].last_child == last {
                self.nodes[lp as usize].last_child = i;
            }
        }
        Some(Some(NodeId(last)))
    }

    /// The main line: the root, its first child, that node's first child, and so on.
    pub fn main_line(&self) -> Vec<NodeId> {
        let mut out = vec![self.root()];
        let mut n = self.nodes[0].first_child;
        while n != NONE {
            out.push(NodeId(n));
            n = self.nodes[n as usize].first_child;
        }
        out
    }

    /// The path from the root to `id`, both included.
    pub fn path_to(&self, id: NodeId) -> Vec<NodeId> {
        let mut out = vec![id];
        let mut n = self.nodes[id.index()].parent;
        while n != NONE {
            out.push(NodeId(n));
            n = self.nodes[n as usize].parent;
        }
        out.reverse();
        out
    }

    /// The node reached from the root by taking, at each step, the child numbered by `choices`
    /// (0: the main line), then the main line to its end when `to_end` is set. `None` when a
    /// choice names no child.
    pub fn follow(&self, choices: &[usize], to_end: bool) -> Option<NodeId> {
        let mut n = self.root();
        for &c in choices {
            n = self.child(n, c)?;
        }
        if to_end {
            while let Some(c) = self.child(n, 0) {
                n = c;
            }
        }
        Some(n)
    }

    /// The root node.
    pub fn root_node(&self) -> &Node {
        &self.nodes[0]
    }

    /// The board size from the root's `SZ` (19 when absent; go.html, "SZ").
    pub fn size(&self) -> Result<Size, Error> {
        match self.root_node().property("SZ") {
            None => Ok(Size::default()),
            Some(p) => props::parse_size(p.raw()).map_err(|m| p.error(m)),
        }
    }

    /// The game information of the root (properties.html, "Game info properties").
    pub fn info(&self) -> GameInfo {
        GameInfo::of(self.root_node())
    }

    #[cfg(feature = "sgf")]
    pub(crate) fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    #[cfg(feature = "sgf")]
    pub(crate) fn first_child_raw(&self, i: usize) -> Option<usize> {
        let c = self.nodes[i].first_child;
        (c != NONE).then_some(c as usize)
    }

    #[cfg(feature = "sgf")]
    pub(crate) fn next_sibling_raw(&self, i: usize) -> Option<usize> {
        let c = self.nodes[i].next_sibling;
        (c != NONE).then_some(c as usize)
    }
}

/// A collection: the game trees of one file (sgf.html: `Collection = GameTree { GameTree }`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Collection {
    /// The game trees, in the order of the file.
    pub games: Vec<GameTree>,
}

/// What a list of a collection's games shows of each: its game information, board
/// size, nodes and moves.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// The root's game information.
    pub info: GameInfo,
    /// The board size, `None` when `SZ` names none the engine plays.
    pub size: Option<Size>,
    /// Nodes in the tree, variations included.
    pub nodes: usize,
    /// Moves (`B` or `W`, passes included) on the main line.
    pub moves: usize,
}

impl Collection {
    /// A summary of each game tree, in order.
    pub fn summaries(&self) -> Vec<Summary> {
        self.games
            .iter()
            .map(|g| Summary {
                info: g.info(),
                size: g.size().ok(),
                nodes: g.len(),
                moves: g
                    .main_line()
                    .into_iter()
                    .filter(|&id| g[id].has("B") || g[id].has("W"))
                    .count(),
            })
            .collect()
    }
}

/// A game information property: its SGF identifier and the key the JavaScript API names it by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct InfoProperty {
    /// The SGF property identifier (`PB`).
    pub id: &'static str,
    /// The key in the JavaScript API's game information (`black`).
    pub key: &'static str,
    /// Whether a caller may set it ([`Cursor::set_info`](super::Cursor::set_info)): who played,
    /// when and where, and the game's name. Komi, rules, handicap and result come from the game.
    pub editable: bool,
}

/// The game information properties a cursor reads ([`Cursor::info`](super::Cursor::info)) and
/// the JavaScript API shows (properties.html, "Game info properties"; go.html for `HA` and
/// `KM`), in order: names and ranks of the players, date, event, result, the game's name, komi,
/// rules and handicap. The one list of them.
pub const GAME_INFO: [InfoProperty; 11] = [
    InfoProperty {
        id: "PB",
        key: "black",
        editable: true,
    },
    InfoProperty {
        id: "PW",
        key: "white",
        editable: true,
    },
    InfoProperty {
        id: "BR",
        key: "blackRank",
        editable: true,
    },
    InfoProperty {
        id: "WR",
        key: "whiteRank",
        editable: true,
    },
    InfoProperty {
        id: "DT",
        key: "date",
        editable: true,
    },
    InfoProperty {
        id: "EV",
        key: "event",
        editable: true,
    },
    InfoProperty {
        id: "RE",
        key: "result",
        editable: false,
    },
    InfoProperty {
        id: "GN",
        key: "gameName",
        editable: true,
    },
    InfoProperty {
        id: "KM",
        key: "komi",
        editable: false,
    },
    InfoProperty {
        id: "RU",
        key: "rules",
        editable: false,
    },
    InfoProperty {
        id: "HA",
        key: "handicap",
        editable: false,
    },
];

/// The SGF identifiers of [`GAME_INFO`], in its order.
pub const INFO_PROPERTIES: [&str; GAME_INFO.len()] = {
    let mut ids = [""; GAME_INFO.len()];
    let mut i = 0;
    while i < ids.len() {
        ids[i] = GAME_INFO[i].id;
        i += 1;
    }
    ids
};

/// The game information of a record, as text (properties.html, "Game info properties"; go.html
/// for `HA` and `KM`). Values that cannot be read are `None`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameInfo {
    /// `PB`: Black's name.
    pub black_name: Option<String>,
    /// `PW`: White's name.
    pub white_name: Option<String>,
    /// `BR`: Black's rank.
    pub black_rank: Option<String>,
    /// `WR`: White's rank.
    pub white_rank: Option<String>,
    /// `DT`: the date(s).
    pub date: Option<String>,
    /// `EV`: the event.
    pub event: Option<String>,
    /// `GN`: the game's name.
    pub game_name: Option<String>,
    /// `RE`: the result as written.
    pub result: Option<String>,
    /// `RU`: the rules as written.
    pub rules: Option<String>,
    /// `KM`: komi, when it is a number.
    pub komi: Option<f64>,
    /// `HA`: the number of handicap stones, when it is a number.
    pub handicap: Option<u32>,
}

impl GameInfo {
    fn of(n: &Node) -> GameInfo {
        let s = |id: &str| n.property(id).map(|p| props::simple_text(p.raw()));
        GameInfo {
            black_name: s("PB"),
            white_name: s("PW"),
            black_rank: s("BR"),
            white_rank: s("WR"),
            date: s("DT"),
            event: s("EV"),
            game_name: s("GN"),
            result: s("RE"),
            rules: s("RU"),
            komi: n.raw("KM").and_then(props::parse_real),
            handicap: n
                .raw("HA")
                .and_then(props::parse_number)
                .and_then(|h| u32::try_from(h).ok()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{GameTree, Node, NodeId};

    /// Seeded numbers below `n` (xorshift).
    fn numbers(mut seed: u64) -> impl FnMut(usize) -> usize {
        move |n| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        }
    }

    /// Each node's name (its `N`), its parent's name and its children's names in order: what a
    /// tree is, whatever the ids.
    fn shape(t: &GameTree) -> Vec<(String, Option<String>, Vec<String>)> {
        let name = |id: NodeId| t[id].get("N").unwrap_or_default();
        let mut out: Vec<_> = t
            .ids()
            .map(|id| {
                (
                    name(id),
                    t.parent(id).map(name),
                    t.children(id).map(name).collect(),
                )
            })
            .collect();
        out.sort();
        out
    }

    #[test]
    fn removing_leaves_keeps_every_other_node_and_link() {
        let mut rand = numbers(0x9e37_79b9_7f4a_7c15);
        // The naive model: (name, parent name, children names), rebuilt by hand.
        let mut t = GameTree::new();
        let root = t.root();
        let _ = t[root].set_text("N", "n0");
        let mut model: Vec<(String, Option<String>, Vec<String>)> =
            vec![("n0".into(), None, Vec::new())];
        let mut next = 1;
        for _ in 0..1500 {
            let ids: Vec<NodeId> = t.ids().collect();
            if rand(3) > 0 || ids.len() < 3 {
                let parent = ids[rand(ids.len())];
                let pname = t[parent].get("N").unwrap();
                let name = format!("n{next}");
                next += 1;
                let mut n = Node::new();
                let _ = n.set_text("N", &name);
                let id = t.add_child(parent, n);
                assert_eq!(t[id].get("N").as_deref(), Some(name.as_str()));
                model
                    .iter_mut()
                    .find(|m| m.0 == pname)
                    .unwrap()
                    .2
                    .push(name.clone());
                model.push((name, Some(pname), Vec::new()));
            } else {
                let id = ids[rand(ids.len())];
                let name = t[id].get("N").unwrap();
                let leaf = id != t.root() && t.is_leaf(id);
                let last = NodeId((t.len() - 1) as u32);
                let last_name = t[last].get("N").unwrap();
                match t.remove_leaf(id) {
                    None => assert!(!leaf, "a leaf is removed"),
                    Some(moved) => {
                        assert!(leaf, "only leaves are removed");
                        assert_eq!(moved, (last != id).then_some(last));
                        if let Some(_from) = moved {
                            assert_eq!(t[id].get("N"), Some(last_name));
                        }
                        model.retain(|m| m.0 != name);
                        for m in &mut model {
                            m.2.retain(|c| *c != name);
                        }
                    }
                }
            }
            let mut want = model.clone();
            want.sort();
            assert_eq!(shape(&t), want);
        }
    }

    /// `child(p, n)` with its hint (the child found last) against a walk from the first child,
    /// in every order of lookups, while children are added and leaves removed.
    #[test]
    fn child_by_number_agrees_with_a_walk() {
        let mut rand = numbers(0x2545_f491_4f6c_dd1d);
        let mut t = GameTree::new();
        for _ in 0..3_000 {
            let ids: Vec<NodeId> = t.ids().collect();
            let p = ids[if rand(3) == 0 {
                rand(ids.len())
            } else {
                rand(ids.len().min(4))
            }];
            match rand(10) {
                0..=3 => {
                    t.add_child(p, Node::new());
                }
                4 => {
                    let _ = t.remove_leaf(ids[rand(ids.len())]);
                }
                _ => {
                    let count = t.children(p).count();
                    let n = match rand(3) {
                        0 => rand(count + 2),
                        _ => count.saturating_sub(1 + rand(3)),
                    };
                    assert_eq!(t.child(p, n), t.children(p).nth(n), "child {n} of {p:?}");
                }
            }
        }
        // Visiting 40,000 children one after another walks the list once.
        let mut wide = GameTree::new();
        let root = wide.root();
        let kids: Vec<NodeId> = (0..40_000)
            .map(|_| wide.add_child(root, Node::new()))
            .collect();
        for (k, &id) in kids.iter().enumerate() {
            assert_eq!(wide.child(root, k), Some(id));
        }
        assert_eq!(wide.child(root, 40_000), None);
        assert_eq!(wide.child(root, 0), Some(kids[0]));
    }
}
