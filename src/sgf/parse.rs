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

use super::decode::{self, Charset, Scan};
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
        legacy: !text && input.iter().any(|&b| b >= 0x80 || b == ESC),
        charset: Charset::UTF8,
        chosen: Chosen::Given,
        previous: None,
        detected: None,
        utf8: None,
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
    /// Whether the input has bytes that charsets read differently (0x80 and above, or the
    /// escape of ISO-2022-JP): if not, every tree is read as UTF-8 and nothing is looked up.
    legacy: bool,
    /// The charset the game tree being read is scanned and decoded in.
    charset: Charset,
    /// How `charset` was chosen.
    chosen: Chosen,
    /// The charset of the last game tree that named a known one in `CA`: a game tree without
    /// `CA` in a collection is read in it (collections name it once, in their first game).
    previous: Option<Charset>,
    /// The charset detected from the whole input, once needed.
    detected: Option<Charset>,
    /// Whether the whole input is UTF-8 (see `utf8_input`), once needed.
    utf8: Option<bool>,
}

/// The escape byte, which starts ISO-2022-JP's shifts.
const ESC: u8 = 0x1B;

/// How the charset of a game tree was chosen.
enum Chosen {
    /// Read as UTF-8 without a question: the input is text already, or has no byte that
    /// charsets read differently.
    Given,
    /// Its root's `CA`, a known charset.
    Declared,
    /// The `CA` of the game tree before it.
    Previous,
    /// Detected: the root has no `CA`, or (the value) one that names no known charset.
    Detected(Option<Vec<u8>>),
    /// UTF-8, though `CA` (the value) names another charset: the whole input is valid UTF-8
    /// with characters of two bytes or more, which no real text in a legacy charset is.
    Overruled(Vec<u8>),
}

#[inline]
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C)
}

/// The bytes of a staged value (ISO-8859-1: one character per byte).
fn staged_bytes(s: &str) -> Vec<u8> {
    s.chars().map(|c| c as u32 as u8).collect()
}

/// The offset of the `]` that closes a value starting at `start`, byte by byte (`\\` escapes the
/// byte after it; in UTF-8 and the EUC charsets a `]` or `\\` is never part of a character).
fn plain_end(input: &[u8], start: usize) -> Option<usize> {
    let mut i = start;
    loop {
        match input.get(i)? {
            b'\\' => i += 2,
            b']' => return Some(i),
            _ => i += 1,
        }
    }
}

/// As [`plain_end`], stepping over the characters of a multi-byte charset whole: a trail byte
/// equal to `]` or `\\` is part of its character, and `\\` escapes a whole character.
fn value_end(input: &[u8], start: usize, scan: Scan) -> Option<usize> {
    // ISO-2022-JP: whether the two-byte mode is on (each value starts in ASCII).
    let mut double = false;
    let mut i = start;
    loop {
        let b = *input.get(i)?;
        let len = char_len(input, i, scan, &mut double);
        match b {
            b']' if len == 1 => return Some(i),
            b'\\' if len == 1 => i += 1 + char_len(input, i + 1, scan, &mut double),
            _ => i += len,
        }
    }
}

/// The length in bytes of the character at `i` (1 past the end).
fn char_len(input: &[u8], i: usize, scan: Scan, double: &mut bool) -> usize {
    let (Some(&b), next) = (input.get(i), input.get(i + 1).copied()) else {
        return 1;
    };
    let pair = match scan {
        Scan::Plain => false,
        Scan::ShiftJis => {
            matches!(b, 0x81..=0x9F | 0xE0..=0xFC)
                && matches!(next, Some(0x40..=0x7E | 0x80..=0xFC))
        }
        Scan::DoubleByte => {
            matches!(b, 0x81..=0xFE) && matches!(next, Some(0x40..=0x7E | 0x80..=0xFE))
        }
        Scan::Iso2022Jp => {
            if b == ESC {
                match (next, input.get(i + 2)) {
                    (Some(b'$'), Some(b'@' | b'B')) => {
                        *double = true;
                        return 3;
                    }
                    (Some(b'('), Some(b'B' | b'J')) => {
                        *double = false;
                        return 3;
                    }
                    _ => return 1,
                }
            }
            *double && matches!(b, 0x21..=0x7E) && matches!(next, Some(0x21..=0x7E))
        }
    };
    if pair {
        2
    } else {
        1
    }
}

impl Parser<'_> {
    /// Chooses the charset of the game tree that starts at `pos` (its `(`, or lenient, a `;`):
    /// its root's `CA` when it names a known charset (looked up before reading, since the
    /// charset decides how values are scanned); else the `CA` of the game tree before it; else
    /// detected from the input's bytes.
    fn begin_tree(&mut self) {
        if self.text || !self.legacy {
            self.charset = Charset::UTF8;
            self.chosen = Chosen::Given;
            return;
        }
        let declared = self.root_ca();
        let known = declared.as_deref().and_then(Charset::from_label);
        (self.charset, self.chosen) = match (known, declared, self.previous) {
            (Some(cs), Some(label), _) if cs != Charset::UTF8 && self.utf8_input() => {
                self.previous = Some(Charset::UTF8);
                (Charset::UTF8, Chosen::Overruled(label))
            }
            (Some(cs), _, _) => {
                self.previous = Some(cs);
                (cs, Chosen::Declared)
            }
            (None, None, Some(cs)) => (cs, Chosen::Previous),
            (None, label, _) => {
                let input = self.input;
                let cs = *self.detected.get_or_insert_with(|| decode::detect(input));
                (cs, Chosen::Detected(label))
            }
        };
    }

    /// Whether the input is valid UTF-8 with a byte 0x80 or above (found once).
    fn utf8_input(&mut self) -> bool {
        let input = self.input;
        *self
            .utf8
            .get_or_insert_with(|| !input.is_ascii() && std::str::from_utf8(input).is_ok())
    }

    /// The first value of `CA` in the root node of the game tree that starts at `pos`, by a
    /// look-ahead that stops where the root node ends. Its charset is not known yet, so in it a
    /// `\\` after a byte 0x80 or above is not taken as an escape (it may be a trail byte). The
    /// look-ahead reads each root node once more: reading stays linear.
    fn root_ca(&self) -> Option<Vec<u8>> {
        let b = self.input;
        let mut i = self.pos + 1;
        let mut node = false;
        while let Some(&c) = b.get(i) {
            match c {
                _ if is_space(c) => i += 1,
                b'(' if !node => i += 1,
                b';' if !node => {
                    node = true;
                    i += 1;
                }
                b'A'..=b'Z' | b'a'..=b'z' => {
                    let start = i;
                    while b.get(i).is_some_and(u8::is_ascii_alphabetic) {
                        i += 1;
                    }
                    let ca = b[start..i]
                        .iter()
                        .filter(|c| c.is_ascii_uppercase())
                        .eq(b"CA");
                    let mut first = None;
                    loop {
                        while b.get(i).copied().is_some_and(is_space) {
                            i += 1;
                        }
                        if b.get(i) != Some(&b'[') {
                            break;
                        }
                        let start = i + 1;
                        let mut j = start;
                        while j < b.len() && b[j] != b']' {
                            j += if b[j] == b'\\' && b[j - 1] < 0x80 {
                                2
                            } else {
                                1
                            };
                        }
                        let end = j.min(b.len());
                        first.get_or_insert(start..end);
                        i = end + 1;
                    }
                    if ca {
                        return first.map(|r| b[r].to_vec());
                    }
                }
                _ => return None,
            }
        }
        None
    }

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
            None => {
                self.current = None;
                self.begin_tree();
            }
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
            self.begin_tree();
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
        let scan = self.charset.scan();
        // Most properties have one value: no spare capacity.
        let mut out = Vec::with_capacity(1);
        while self.pos < input.len() && input[self.pos] == b'[' {
            let open = self.pos;
            let start = open + 1;
            let end = match scan {
                Scan::Plain => plain_end(input, start),
                _ => value_end(input, start, scan),
            };
            let Some(i) = end else {
                return Err(err(open, "a property value has no closing ']'"));
            };
            let bytes = &input[start..i];
            out.push(match std::str::from_utf8(bytes) {
                Ok(s) if bytes.is_ascii() && !bytes.contains(&ESC) => s.to_owned(),
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

    /// Decodes the staged values of a tree (those with bytes 0x80 and above, or an escape) in
    /// its charset, each value alone (see [`super::decode`]); `CA` then says UTF-8, which the
    /// text is written in from now on.
    fn decode(&mut self, tree: &mut GameTree) {
        let root = tree.root();
        let at = tree[root].offset();
        let ca = tree[root].raw("CA").map(staged_bytes);
        let cs = self.check(tree, at);
        let mut undecoded = false;
        for id in tree.ids() {
            for p in tree[id].properties_mut() {
                let offset = p.offset();
                for v in p.values.iter_mut().filter(|v| is_staged(v)) {
                    match decode::decode(&staged_bytes(v), cs) {
                        Some((text, replaced)) => {
                            *v = text;
                            if replaced {
                                self.warnings.push_with(offset, || {
                                    format!(
                                        "{}: bytes that are not {} replaced by U+FFFD",
                                        p.id,
                                        cs.name()
                                    )
                                });
                            }
                        }
                        // Left as ISO-8859-1, one character a byte.
                        None => undecoded = true,
                    }
                }
            }
        }
        if undecoded {
            self.warnings.push(
                at,
                format!("no decoder for {} here: text read as ISO-8859-1", cs.name()),
            );
        }
        let utf8_named = ca
            .as_deref()
            .is_some_and(|n| Charset::from_label(n) == Some(Charset::UTF8));
        if (ca.is_some() && !utf8_named) || cs != Charset::UTF8 {
            // Set where it is, else added at the end of the root.
            let _ = tree[root].set_raw("CA", vec!["UTF-8".to_string()]);
        }
    }

    /// The charset a tree's staged values are decoded in, with a warning when it is not the one
    /// its root names: the charset chosen when the tree began, except that a `CA` naming UTF-8
    /// that most values are not valid in gives way to the charset detected from those values,
    /// and a tree without `CA` whose text is UTF-8 is not read in the charset of the tree
    /// before it.
    fn check(&mut self, tree: &GameTree, at: Option<usize>) -> Charset {
        let cs = self.charset;
        let quote = |l: &[u8]| String::from_utf8_lossy(l).into_owned();
        match &self.chosen {
            Chosen::Given => cs,
            Chosen::Declared | Chosen::Previous if cs == Charset::UTF8 => {
                let staged = Staged::of(tree);
                if staged.invalid * 2 <= staged.count {
                    return cs;
                }
                let found = decode::detect(&staged.bytes);
                if found != Charset::UTF8 {
                    self.warnings.push(
                        at,
                        format!(
                            "CA names UTF-8, but most of the text is not: read as {} (detected)",
                            found.name()
                        ),
                    );
                }
                found
            }
            Chosen::Previous => {
                // No CA of its own, and valid UTF-8 (with a character of two bytes or more):
                // a game of another origin in the collection.
                let staged = Staged::of(tree);
                if staged.invalid > 0 || !staged.high {
                    return cs;
                }
                self.warnings.push(
                    at,
                    format!(
                        "no CA, and the text is UTF-8: read as UTF-8, not as the {} of the game \
                         tree before",
                        cs.name()
                    ),
                );
                Charset::UTF8
            }
            Chosen::Declared => cs,
            Chosen::Overruled(label) => {
                let message = format!("CA[{}], but the text is UTF-8: read as UTF-8", quote(label));
                self.warnings.push(at, message);
                cs
            }
            Chosen::Detected(label) => {
                let message = match label {
                    Some(l) => format!(
                        "charset CA[{}] is not known: text read as {} (detected)",
                        quote(l),
                        cs.name()
                    ),
                    None if cs != Charset::UTF8 => format!(
                        "no CA and the text is not UTF-8: read as {} (detected)",
                        cs.name()
                    ),
                    None => return cs,
                };
                self.warnings.push(at, message);
                cs
            }
        }
    }
}

/// The staged values of a tree, as bytes.
struct Staged {
    /// Their bytes, one value a line.
    bytes: Vec<u8>,
    /// How many values, and how many of them are not valid UTF-8.
    count: usize,
    invalid: usize,
    /// Whether some byte is 0x80 or above.
    high: bool,
}

impl Staged {
    fn of(tree: &GameTree) -> Staged {
        let mut s = Staged {
            bytes: Vec::new(),
            count: 0,
            invalid: 0,
            high: false,
        };
        for id in tree.ids() {
            for v in tree[id].properties().iter().flat_map(|p| &p.values) {
                if !is_staged(v) {
                    continue;
                }
                let start = s.bytes.len();
                s.bytes.extend(v.chars().map(|c| c as u32 as u8));
                let value = s.bytes.get(start..).unwrap_or_default();
                s.count += 1;
                s.invalid += usize::from(std::str::from_utf8(value).is_err());
                s.high |= !value.is_ascii();
                s.bytes.push(b'\n');
            }
        }
        s
    }
}

/// Whether a value was staged: bytes that charsets read differently, kept one character a byte.
fn is_staged(v: &str) -> bool {
    !v.is_ascii() || v.contains('\u{1b}')
}
