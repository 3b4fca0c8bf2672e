//! The writer: a tree to SGF text, with a loop and an explicit stack (no recursion).
//!
//! Output follows sgf.html, "Basic (EBNF) Definition": each game tree in parentheses, nodes
//! after `;`, properties as identifier and bracketed raw values, each variation in its own
//! parentheses after the node it branches from. Raw values are written as they are, except that
//! a `]` or a final `\` that a value built in memory left unescaped is escaped, so that the
//! output always reads back to the same tree. Lines are broken between nodes (white space there
//! is insignificant), never inside values.

use super::tree::{GameTree, Node};

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
        let id: String = p.id.chars().filter(|c| c.is_ascii_uppercase()).collect();
        if id.is_empty() {
            continue;
        }
        if out.len() - *line_start > LINE {
            newline(out, line_start);
        }
        out.push_str(&id);
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

/// Appends one game tree.
pub(crate) fn write_tree(tree: &GameTree, out: &mut String) {
    let mut line_start = out.len();
    out.push('(');
    // One entry per open '(': the next sibling to write once this variation is closed.
    let mut stack: Vec<Option<usize>> = vec![None];
    let mut cur = 0usize;
    loop {
        write_node(&tree.nodes()[cur], out, &mut line_start);
        if cur == 0 && tree.first_child_raw(0).is_some() {
            newline(out, &mut line_start);
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
