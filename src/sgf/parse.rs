//! The reader: bytes to a [`Collection`], in one pass with an explicit stack.
//!
//! The grammar is SGF `FF[4]` sgf.html, "Basic (EBNF) Definition":
//!
//! ```text
//! Collection = GameTree { GameTree }
//! GameTree   = "(" Sequence { GameTree } ")"
//! Sequence   = Node { Node }
//! Node       = ";" { Property }
//! Property   = PropIdent PropValue { PropValue }
//! PropIdent  = UcLetter { UcLetter }
//! PropValue  = "[" CValueType "]"
//! ```
//!
//! with white space allowed between any two tokens. The syntax characters are ASCII, so the
//! bytes are scanned before any decoding: a `]` or `\` never occurs inside a multi-byte UTF-8
//! character, and byte offsets in errors are offsets in the input as given.
//!
//! Always accepted, in both modes, because real files do it: a UTF-8 byte order mark; text
//! before the first game tree and between or after game trees, a stray `)` there too (with a
//! warning); missing `FF` and `GM`; lower-case letters inside identifiers, which `FF[3]`
//! allowed and `FF[4]` readers must ignore (sgf.html, "PropIdent": `CoPyright` is `CP`); white
//! space between any two tokens, between an identifier and its value too; empty nodes (`;;`);
//! a property repeated in one node (its values are merged, with a warning; two comments, `C` or
//! `GC`, are joined into one text after a blank line; from 16 properties on, a node's
//! identifiers are indexed, so a node of 100,000 distinct identifiers is read in linear time);
//! text that is not valid UTF-8 (read as ISO-8859-1, see [`super::decode`]).
//!
//! Refused in strict mode, repaired with a warning in lenient mode: an empty game tree `()`;
//! a game tree that starts with a variation instead of a node (`((;B[aa]))`); a node after the
//! variations of a sequence; an identifier with no upper-case letter (lenient: upper-cased);
//! an identifier with no value (lenient: dropped); a game tree whose first `;` is missing
//! (`(SZ[9]...`; lenient: the node starts at the first property, which keeps the root's
//! properties); another property or a value outside a node (lenient: dropped); any other
//! character inside a game tree (lenient: skipped); game trees
//! left open at the end (lenient: closed); a node outside any game tree (lenient: starts one).
//!
//! Refused in both modes: an input above [`super::MAX_INPUT_BYTES`], more than
//! [`super::MAX_NODES`] nodes, a value with no closing `]`, UTF-16 input, and an input with no
//! game tree at all.

use super::decode::{self, Charset};
use super::tree::{Collection, GameTree, Node, NodeId, Property};
use super::{err, Warning, Warnings, MAX_INPUT_BYTES, MAX_NODES};
use crate::error::Error;
use crate::history::PositionTable;

/// Properties in one node from which a new identifier is looked up in an index of the node's
/// identifiers instead of by a scan: a node with 200,000 distinct identifiers (1.4 MB) took over
/// a minute with scans alone (issue 13); real nodes have a few, and keep the plain scan.
const INDEX_FROM: usize = 16;

/// Text properties of one value that a node may hold twice in real files: joined, not merged
/// into a list.
const TEXTS: [&str; 2] = ["C", "GC"];

/// A 64-bit hash of a property identifier for the index (FNV-1a, then mixed). A collision is
/// harmless: a hit is checked against the identifier, and a miss falls back to a scan.
fn name_hash(id: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in id.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    h ^= h >> 29;
    h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^ (h >> 32)
}

/// How to read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParseOptions {
    /// Repair what strict reading refuses (see the module documentation), with warnings.
    pub lenient: bool,
}

/// A collection read, with what the reader put up with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    /// The game trees.
    pub collection: Collection,
    /// What was repaired or ignored, first [`super::MAX_WARNINGS`] only.
    pub warnings: Vec<Warning>,
}

/// Reads SGF strictly (see the module documentation); warnings are dropped.
pub fn parse(input: &[u8]) -> Result<Collection, Error> {
    parse_with(input, ParseOptions::default()).map(|p| p.collection)
}

/// Reads SGF with options.
pub fn parse_with(input: &[u8], options: ParseOptions) -> Result<Parsed, Error> {
    read(input, options, false)
}

/// Reads SGF that is already text (a string, as JavaScript passes it): the text is taken as it
/// is, whatever charset `CA` names (`CA` then says UTF-8, as for a decoded file). Byte offsets
/// are offsets in the text's UTF-8 encoding.
pub fn parse_text(input: &str, options: ParseOptions) -> Result<Parsed, Error> {
    read(input.as_bytes(), options, true)
}

fn read(input: &[u8], options: ParseOptions, text: bool) -> Result<Parsed, Error> {
    if input.len() > MAX_INPUT_BYTES {
        return Err(err(
            MAX_INPUT_BYTES,
            "the input is larger than the 16 MiB an SGF file may have here",
        ));
    }
    if input.starts_with(&[0xFF, 0xFE]) || input.starts_with(&[0xFE, 0xFF]) {
        return Err(err(
            0,
            "UTF-16 text is not supported: save the file as UTF-8",
        ));
    }
    let mut p = Parser {
        input,
        pos: 0,
        lenient: options.lenient,
        text,
        warnings: Warnings::default(),
        games: Vec::new(),
        tree: None,
        staged: false,
        total_nodes: 0,
        stack: Vec::new(),
        current: None,
        in_node: false,
        names: PositionTable::default(),
        names_of: None,
    };
    if input.starts_with(&[0xEF, 0xBB, 0xBF]) {
        p.pos = 3;
    }
    p.run()?;
    Ok(Parsed {
        collection: Collection { games: p.games },
        warnings: p.warnings.finish(),
    })
}

/// An open `(`.
struct Frame {
    /// The node the game tree's first node hangs from (`None` at the top).
    attach: Option<NodeId>,
    /// Offset of the `(`.
    open: usize,
    /// Whether a node was read directly in this game tree.
    has_node: bool,
    /// Whether a variation was read in this game tree.
    has_variation: bool,
}

struct Parser<'a> {
    input: &'a [u8],
    pos: usize,
    lenient: bool,
    /// The input is text already: decode every tree as UTF-8.
    text: bool,
    warnings: Warnings,
    games: Vec<GameTree>,
    /// The game tree being read. Values that are not ASCII are kept as ISO-8859-1 (one
    /// character per byte, so the bytes can be had back) until the tree is complete and its
    /// charset known.
    tree: Option<GameTree>,
    /// Whether some value of `tree` is not ASCII.
    staged: bool,
    total_nodes: usize,
    stack: Vec<Frame>,
    /// The last node read in the innermost open game tree (or the node it hangs from).
    current: Option<NodeId>,
    /// Whether properties now belong to `current` (after `;`, before any `(` or `)`).
    in_node: bool,
    /// The identifiers of the properties of node `names_of`, by [`name_hash`], to their index:
    /// built once a node has [`INDEX_FROM`] properties, so that reading a node is linear.
    names: PositionTable,
    names_of: Option<NodeId>,
}

#[inline]
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C)
}

/// The bytes of a staged value (ISO-8859-1: one character per byte).
fn staged_bytes(s: &str) -> Vec<u8> {
    s.chars().map(|c| c as u32 as u8).collect()
}

impl Parser<'_> {
    /// Refuses in strict mode; warns in lenient mode.
    fn quirk(&mut self, offset: usize, message: &'static str) -> Result<(), Error> {
        if self.lenient {
            self.warnings.push(Some(offset), message);
            Ok(())
        } else {
            Err(err(offset, message))
        }
    }

    fn run(&mut self) -> Result<(), Error> {
        let input = self.input;
        // Whether the last character was skipped as junk (one warning for a run of junk).
        let mut junk = false;
        while self.pos < input.len() {
            let b = input[self.pos];
            if is_space(b) {
                self.pos += 1;
                continue;
            }
            if self.stack.is_empty() && b != b'(' && !(self.lenient && b == b';') {
                if !junk {
                    self.warnings
                        .push(Some(self.pos), "text outside any game tree is ignored");
                }
                junk = true;
                self.pos += 1;
                continue;
            }
            let in_junk = junk;
            junk = false;
            match b {
                b'(' => self.open()?,
                b')' => self.close()?,
                b';' => self.node()?,
                b'A'..=b'Z' | b'a'..=b'z' => self.property()?,
                b'[' => {
                    let at = self.pos;
                    self.values()?;
                    self.quirk(at, "a value without a property identifier is dropped")?;
                }
                _ => {
                    if !in_junk {
                        self.quirk(self.pos, "unexpected character in a game tree")?;
                    }
                    junk = true;
                    self.pos += 1;
                }
            }
        }
        if !self.stack.is_empty() {
            self.quirk(
                input.len(),
                "the input ends inside a game tree: a ')' is missing",
            )?;
            self.stack.clear();
            self.flush();
        }
        if self.games.is_empty() {
            return Err(err(
                self.pos.min(input.len()),
                "no game tree: an SGF file holds at least one '(;'",
            ));
        }
        Ok(())
    }

    fn open(&mut self) -> Result<(), Error> {
        match self.stack.last_mut() {
            Some(top) => {
                let has_node = top.has_node;
                top.has_variation = true;
                if !has_node {
                    self.quirk(self.pos, "a game tree must start with a node ';'")?;
                }
            }
            None => self.current = None,
        }
        self.stack.push(Frame {
            attach: self.current,
            open: self.pos,
            has_node: false,
            has_variation: false,
        });
        self.in_node = false;
        self.pos += 1;
        Ok(())
    }

    fn close(&mut self) -> Result<(), Error> {
        // Outside game trees a ')' is skipped as text, so a game tree is open here.
        if let Some(frame) = self.stack.pop() {
            if !frame.has_node && !frame.has_variation {
                self.quirk(frame.open, "an empty game tree '()'")?;
            }
            self.current = frame.attach;
        }
        self.in_node = false;
        self.pos += 1;
        if self.stack.is_empty() {
            self.flush();
        }
        Ok(())
    }

    fn node(&mut self) -> Result<(), Error> {
        let at = self.pos;
        if self.stack.is_empty() {
            // Lenient only (strict mode skipped it as text outside game trees).
            self.warnings
                .push(Some(at), "a node outside any game tree starts one");
            self.current = None;
            self.stack.push(Frame {
                attach: None,
                open: at,
                has_node: false,
                has_variation: false,
            });
        }
        if self.stack.last().is_some_and(|f| f.has_variation) {
            self.quirk(at, "a node after the variations of a game tree")?;
        }
        if self.total_nodes >= MAX_NODES {
            return Err(err(at, "too many nodes: more than 2,097,152"));
        }
        self.total_nodes += 1;
        let node = Node::at(at);
        let id = match (self.current, self.tree.as_mut()) {
            (Some(parent), Some(tree)) => tree.add_child(parent, node),
            _ => {
                // A first node; or, lenient `((;a)(;b))`, a second root: a second game tree.
                self.flush();
                let tree = GameTree::from_root(node);
                let root = tree.root();
                self.tree = Some(tree);
                root
            }
        };
        self.current = Some(id);
        self.in_node = true;
        // The index is of one node's identifiers (and node ids repeat across game trees).
        self.names_of = None;
        if let Some(top) = self.stack.last_mut() {
            top.has_node = true;
        }
        self.pos += 1;
        Ok(())
    }

    /// Reads the values at `pos` (which is a `[`), with the white space between them.
    fn values(&mut self) -> Result<Vec<String>, Error> {
        let input = self.input;
        // Most properties have one value: no spare capacity.
        let mut out = Vec::with_capacity(1);
        while self.pos < input.len() && input[self.pos] == b'[' {
            let open = self.pos;
            let start = open + 1;
            let mut i = start;
            loop {
                match input.get(i) {
                    None => return Err(err(open, "a property value has no closing ']'")),
                    Some(b'\\') => i += 2,
                    Some(b']') => break,
                    Some(_) => i += 1,
                }
            }
            let bytes = &input[start..i];
            out.push(match std::str::from_utf8(bytes) {
                Ok(s) if bytes.is_ascii() => s.to_owned(),
                _ => {
                    self.staged = true;
                    bytes.iter().map(|&b| b as char).collect()
                }
            });
            self.pos = i + 1;
            while self.pos < input.len() && is_space(input[self.pos]) {
                self.pos += 1;
            }
        }
        Ok(out)
    }

    fn property(&mut self) -> Result<(), Error> {
        let input = self.input;
        let at = self.pos;
        let mut end = at;
        while end < input.len() && input[end].is_ascii_alphabetic() {
            end += 1;
        }
        let letters = &input[at..end];
        let mut id: String = letters
            .iter()
            .filter(|b| b.is_ascii_uppercase())
            .map(|&b| b as char)
            .collect();
        if id.is_empty() {
            self.quirk(at, "a property identifier needs an upper-case letter")?;
            id = letters
                .iter()
                .map(|b| b.to_ascii_uppercase() as char)
                .collect();
        }
        self.pos = end;
        while self.pos < input.len() && is_space(input[self.pos]) {
            self.pos += 1;
        }
        if input.get(self.pos) != Some(&b'[') {
            return self.quirk(at, "a property identifier without a value is dropped");
        }
        let values = self.values()?;
        if self.lenient
            && !self.in_node
            && self
                .stack
                .last()
                .is_some_and(|f| !f.has_node && !f.has_variation)
        {
            // `(SZ[9]...`: the ';' of the game tree's first node is missing. Lenient reading
            // supplies it (issue 13: the root's properties were dropped).
            self.warnings.push(
                Some(at),
                "a game tree's first ';' is missing: a node starts here",
            );
            let after = self.pos;
            self.pos = at;
            self.node()?;
            self.pos = after;
        }
        let (Some(cur), Some(tree), true) = (self.current, self.tree.as_mut(), self.in_node) else {
            return self.quirk(at, "a property outside a node is dropped");
        };
        let props = tree[cur].properties_mut();
        let found = if props.len() < INDEX_FROM {
            props.iter().position(|p| p.id == id)
        } else {
            if self.names_of != Some(cur) {
                self.names = PositionTable::with_capacity(props.len() * 2);
                for (i, p) in props.iter().enumerate() {
                    self.names.insert(name_hash(&p.id), i as u32);
                }
                self.names_of = Some(cur);
            }
            match self.names.get(name_hash(&id)) {
                Some(i) if props.get(i as usize).is_some_and(|p| p.id == id) => Some(i as usize),
                // Another identifier with the same hash: scan.
                Some(_) => props.iter().position(|p| p.id == id),
                None => None,
            }
        };
        match found.and_then(|i| props.get_mut(i)) {
            Some(p) if TEXTS.contains(&id.as_str()) => {
                // A comment is one Text (properties.html, `C`, `GC`): a second one in the node is
                // joined to it after a blank line, not kept as a second value nobody reads
                // (issue 13).
                for v in values {
                    match p.values.first_mut() {
                        Some(first) => {
                            first.push_str("\n\n");
                            first.push_str(&v);
                        }
                        None => p.values.push(v),
                    }
                }
                self.warnings.push_with(Some(at), || {
                    format!("property {id} appears twice in a node: its texts are joined")
                });
            }
            Some(p) => {
                p.values.extend(values);
                self.warnings.push_with(Some(at), || {
                    format!("property {id} appears twice in a node: its values are merged")
                });
            }
            None => {
                if props.is_empty() {
                    // Most nodes have one property: no spare capacity.
                    props.reserve_exact(1);
                }
                if self.names_of == Some(cur) {
                    self.names.insert(name_hash(&id), props.len() as u32);
                }
                props.push(Property {
                    id,
                    values,
                    offset: Some(at as u32),
                })
            }
        }
        Ok(())
    }

    /// Decodes the text of the game tree read so far and adds it to the collection.
    fn flush(&mut self) {
        let Some(mut tree) = self.tree.take() else {
            return;
        };
        if std::mem::take(&mut self.staged) {
            self.decode(&mut tree);
        }
        self.games.push(tree);
    }

    /// Decodes the staged (non-ASCII) values of a tree by its root's `CA`, else as UTF-8, else
    /// as ISO-8859-1 (see [`super::decode`]); `CA` is then set to UTF-8, which the text is
    /// written in from now on.
    fn decode(&mut self, tree: &mut GameTree) {
        let root = tree.root();
        let ca = tree[root].raw("CA").map(staged_bytes);
        let at = tree[root].offset();
        let requested = ca.as_deref().and_then(decode::requested);
        let cs = match requested {
            _ if self.text => Charset::Utf8,
            Some(cs) => cs,
            None => {
                let valid = tree.ids().all(|id| {
                    tree[id].properties().iter().all(|p| {
                        p.values
                            .iter()
                            .all(|v| v.is_ascii() || std::str::from_utf8(&staged_bytes(v)).is_ok())
                    })
                });
                let cs = if valid {
                    Charset::Utf8
                } else {
                    Charset::Latin1
                };
                match &ca {
                    Some(name) if !decode::is_utf8_name(name) => self.warnings.push(
                        at,
                        format!(
                            "charset CA[{}] is not supported: text read as {}",
                            String::from_utf8_lossy(name),
                            cs.name()
                        ),
                    ),
                    _ if !valid => self
                        .warnings
                        .push(at, "the text is not valid UTF-8: read as ISO-8859-1"),
                    _ => {}
                }
                cs
            }
        };
        for id in tree.ids() {
            for p in tree[id].properties_mut() {
                for v in p.values.iter_mut().filter(|v| !v.is_ascii()) {
                    if cs != Charset::Latin1 {
                        *v = decode::decode(&staged_bytes(v), cs);
                    }
                }
            }
        }
        let relabel = self.text && ca.as_deref().is_some_and(|n| !decode::is_utf8_name(n));
        if cs != Charset::Utf8 || relabel {
            if let Some(p) = tree[root]
                .properties_mut()
                .iter_mut()
                .find(|p| p.id == "CA")
            {
                p.values = vec!["UTF-8".to_string()];
            }
        }
    }
}
