//! What a page shows of a record beyond the board: the moves of the children, the comment, the
//! markup, the game information (read and set), the move numbers of the stones, and any node
//! read without moving to it.

use super::Cursor;
use super::Markup;
use crate::color::Color;
use crate::error::Error;
use crate::game::Move;
use crate::point::Point;
#[cfg(any(feature = "sgf", feature = "edit"))]
use crate::tree::props::{self, Label, Mark, MarkKind};
use crate::tree::tree::{NodeId, GAME_INFO};

impl Cursor {
    /// The moves of the current node's children, main line first (`None`: a child with no move,
    /// or one that cannot be read).
    pub fn variations(&self) -> Vec<Option<Move>> {
        if !self.tail.is_empty() {
            return Vec::new();
        }
        let size = self.game.board().size();
        self.tree
            .children(self.node)
            .map(|c| self.tree[c].get_move(size).ok().flatten())
            .collect()
    }

    /// The comment (`C`) of the current node, Text read.
    pub fn comment(&self) -> Option<String> {
        if !self.tail.is_empty() {
            return None;
        }
        self.tree[self.node].comment()
    }

    /// The markup of the current node; values that name no point are left out.
    pub fn markup(&self) -> Markup {
        if !self.tail.is_empty() {
            return Markup::default();
        }
        self.markup_of(self.node)
    }

    /// The markup of a node of the tree; values that name no point are left out. One pass
    /// over the node's properties: this is in every package, `<tengen-board>`'s included.
    #[cfg(any(feature = "sgf", feature = "edit"))]
    pub fn markup_of(&self, id: NodeId) -> Markup {
        let size = self.game.board().size();
        let mut m = Markup::default();
        for p in self.tree[id].properties() {
            let kind = MarkKind::ALL.into_iter().find(|k| k.id() == p.id);
            let id = p.id.as_str();
            for v in &p.values {
                if kind.is_some() || id == "DD" {
                    let Ok(ps) = props::parse_points(std::slice::from_ref(v), size) else {
                        continue;
                    };
                    match kind {
                        Some(kind) => m
                            .marks
                            .extend(ps.into_iter().map(|point| Mark { kind, point })),
                        None => m.dimmed.extend(ps),
                    }
                    continue;
                }
                if !matches!(id, "LB" | "LN" | "AR") {
                    break;
                }
                let Some((at, rest)) = props::split_compose(v) else {
                    continue;
                };
                let Ok(point) = props::parse_point(at, size) else {
                    continue;
                };
                if id == "LB" {
                    m.labels.push(Label {
                        point,
                        text: props::simple_text(rest),
                    });
                } else if let Ok(to) = props::parse_point(rest, size) {
                    let list = if id == "LN" {
                        &mut m.lines
                    } else {
                        &mut m.arrows
                    };
                    list.push((point, to));
                }
            }
        }
        m
    }

    /// Without SGF text and editing (the core package) no node has markup: the moves played
    /// and the set-up of a new game are all a tree holds. (The parse above would cost the
    /// package bytes for nothing.)
    #[cfg(not(any(feature = "sgf", feature = "edit")))]
    pub fn markup_of(&self, _id: NodeId) -> Markup {
        Markup::default()
    }

    /// A game information property (see [`GAME_INFO`](crate::tree::GAME_INFO)) as text (SimpleText read), from
    /// the first node of the current path that has it (properties.html: game information may
    /// be given in any node, once on a path).
    pub fn info(&self, id: &str) -> Option<String> {
        let mut n = Some(self.node);
        let mut found = None;
        while let Some(id_) = n {
            if let Some(v) = self.tree[id_].simple_text(id) {
                found = Some(v);
            }
            n = self.tree.parent(id_);
        }
        found
    }

    /// The move numbers of the stones on the board: for each point whose stone is the one a move
    /// on the path from the root (or played since) put there, that move's number, in row-major
    /// order. Moves count from 1 along the path; a node's `MN` sets its move's number and the
    /// count goes on from there (properties.html, "MN").
    pub fn move_numbers(&self) -> Vec<(Point, u32)> {
        let size = self.game.board().size();
        let board = self.game.board();
        let mut at: Vec<Option<(u32, Color)>> = vec![None; size.area()];
        let mut n = 0u32;
        let mut put = |n: u32, mv: Move| {
            if let Some(p) = mv.point {
                at[size.index(p)] = Some((n, mv.color));
            }
        };
        for id in self.tree.path_to(self.node) {
            let node = &self.tree[id];
            let Ok(Some(mv)) = node.get_move(size) else {
                continue;
            };
            n = match node
                .simple_text("MN")
                .and_then(|v| v.trim().parse::<u32>().ok())
            {
                Some(mn) if mn > 0 => mn,
                _ => n + 1,
            };
            put(n, mv);
        }
        for &mv in &self.tail {
            n += 1;
            put(n, mv);
        }
        size.points()
            .filter_map(|p| match at[size.index(p)] {
                Some((k, c)) if board.get(p) == Some(c) => Some((p, k)),
                _ => None,
            })
            .collect()
    }

    /// Sets a game information property (an editable one of [`GAME_INFO`]) to a text, or removes it
    /// (`None` or an empty text), in the node of the current path that holds it, else the root.
    /// The rules' own properties (`KM`, `RU`, `HA`) and the result (`RE`) come from the game and
    /// cannot be set this way (`invalidOptions`).
    pub fn set_info(&mut self, id: &str, text: Option<&str>) -> Result<(), Error> {
        if !GAME_INFO.iter().any(|i| i.editable && i.id == id) {
            return Err(Error::InvalidOptions(
                "only the players, ranks, date, event and game name can be set",
            ));
        }
        self.settle();
        let path = self.tree.path_to(self.node);
        let holder = path.iter().copied().find(|&n| self.tree[n].has(id));
        match text.filter(|t| !t.is_empty()) {
            Some(t) => {
                let at = holder.unwrap_or(self.tree.root());
                self.tree[at].set_text(id, t)
            }
            None => {
                for n in path {
                    self.tree[n].remove(id);
                }
                Ok(())
            }
        }
    }

    /// The node at `path` (see the module documentation), or `None` when it names no node.
    /// Moves played at the end of the line are nodes only after [`Cursor::settle`].
    pub fn node_at(&self, path: &[usize]) -> Option<NodeId> {
        self.tree.follow(path, false)
    }
}
