//! The writer: a tree to SGF text, with a loop and an explicit stack (no recursion).
//!
//! Output follows sgf.html, "Basic (EBNF) Definition": each game tree in parentheses, nodes
//! after `;`, properties as identifier and bracketed raw values, each variation in its own
//! parentheses after the node it branches from. Raw values are written as they are, except that
//! a `]` or a final `\` that a value built in memory left unescaped is escaped, so that the
//! output always reads back to the same tree. Lines are broken between nodes (white space there
//! is insignificant), never inside values.

use crate::color::Color;
use crate::game::Move;
use crate::point::Point;
use crate::tree::tree::{Collection, GameTree, Node, NodeId};

impl GameTree {
    /// The tree written as SGF text.
    pub fn to_sgf(&self) -> String {
        self.to_sgf_with_tail(None)
    }

    /// [`GameTree::to_sgf`] with `tail.1` written as nodes following the node `tail.0` (which
    /// must have no child), without adding them to the tree.
    pub(crate) fn to_sgf_with_tail(&self, tail: Option<(NodeId, &[Move])>) -> String {
        let mut out = String::new();
        write_tree_with_tail(self, &mut out, tail.map(|(n, m)| (n.index(), m)));
        out.push('\n');
        out
    }
}

impl Collection {
    /// The collection written as SGF text, one game tree after another.
    pub fn to_sgf(&self) -> String {
        let mut out = String::new();
        for g in &self.games {
            write_tree(g, &mut out);
            out.push('\n');
        }
        out
    }
}

/// Lines longer than this get a break before the next node.
const LINE: usize = 78;

fn write_value(raw: &str, out: &mut String, line_start: &mut usize) {
    out.push('[');
    if let Some(i) = raw.rfind('\n') {
        // The line now starts inside this value.
        *line_start = out.len() + i + 1;
    }
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                out.push('\\');
                match chars.next() {
                    Some(e) => out.push(e),
                    None => out.push('\\'),
                }
            }
            ']' => out.push_str("\\]"),
            c => out.push(c),
        }
    }
    out.push(']');
}

fn write_node(node: &Node, out: &mut String, line_start: &mut usize) {
    if out.len() - *line_start > LINE {
        newline(out, line_start);
    }
    out.push(';');
    for p in node.properties() {
        // The identifier's upper-case letters (FF[3] allowed lower-case ones in between).
        let upper = |c: &char| c.is_ascii_uppercase();
        if !p.id.chars().any(|c| upper(&c)) {
            continue;
        }
        if out.len() - *line_start > LINE {
            newline(out, line_start);
        }
        out.extend(p.id.chars().filter(upper));
        if p.values.is_empty() {
            out.push_str("[]");
        }
        for v in &p.values {
            write_value(v, out, line_start);
        }
    }
}

/// Starts a new line unless one was just started.
fn newline(out: &mut String, line_start: &mut usize) {
    if !out.ends_with('\n') {
        out.push('\n');
    }
    *line_start = out.len();
}

/// A move written as a node of its own (`;B[cd]`, `;W[]` for a pass), as [`write_node`] writes
/// a node holding only that move.
fn write_move(mv: Move, out: &mut String, line_start: &mut usize) {
    if out.len() - *line_start > LINE {
        newline(out, line_start);
    }
    out.push(';');
    if out.len() - *line_start > LINE {
        newline(out, line_start);
    }
    out.push(if mv.color == Color::Black { 'B' } else { 'W' });
    write_value(&mv.point.map_or(String::new(), Point::sgf), out, line_start);
}

/// Appends one game tree.
fn write_tree(tree: &GameTree, out: &mut String) {
    write_tree_with_tail(tree, out, None);
}

/// Appends one game tree, with moves that are not nodes yet written as the line that follows
/// the node at index `tail.0` (which has no child): the text of the tree once they are nodes,
/// without building them.
fn write_tree_with_tail(tree: &GameTree, out: &mut String, tail: Option<(usize, &[Move])>) {
    let mut line_start = out.len();
    out.push('(');
    // One entry per open '(': the next sibling to write once this variation is closed.
    let mut stack: Vec<Option<usize>> = vec![None];
    let mut cur = 0usize;
    loop {
        write_node(&tree.nodes()[cur], out, &mut line_start);
        let moves = match tail {
            Some((at, moves)) if at == cur => moves,
            _ => &[],
        };
        if cur == 0 && (tree.first_child_raw(0).is_some() || !moves.is_empty()) {
            newline(out, &mut line_start);
        }
        for &mv in moves {
            write_move(mv, out, &mut line_start);
        }
        match tree.first_child_raw(cur) {
            Some(c) if tree.next_sibling_raw(c).is_none() => cur = c,
            Some(c) => {
                newline(out, &mut line_start);
                out.push('(');
                stack.push(tree.next_sibling_raw(c));
                cur = c;
            }
            None => loop {
                out.push(')');
                match stack.pop() {
                    Some(Some(s)) => {
                        newline(out, &mut line_start);
                        out.push('(');
                        stack.push(tree.next_sibling_raw(s));
                        cur = s;
                        break;
                    }
                    Some(None) if !stack.is_empty() => continue,
                    _ => return,
                }
            },
        }
    }
}
