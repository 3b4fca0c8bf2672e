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
//! `GC`, are joined into one text after a blank line; in a node of more than 16 properties the
//! repetitions are found by sorting the identifiers once the tree is read, so a node of 100,000
//! distinct identifiers, whatever they are, is read without a scan per identifier);
//! text in any charset (see [`super::decode`]).
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
//! Refused in both modes: an input above [`MAX_INPUT_BYTES`], more than
//! [`MAX_NODES`] nodes, a value with no closing `]`, UTF-16 input, and an input with no
//! game tree at all.

use super::decode::{self, Charset, Scan};
use crate::error::Error;
use crate::tree::tree::{Collection, GameTree, Node, NodeId, Property};
use crate::tree::warning::{err, Warning, Warnings};

/// The largest input accepted: 16 MiB. Larger inputs are refused with an `sgf` error at once.
///
/// Reading is linear in time. In memory a tree takes about 20 to 40 bytes per input byte when
/// the input is nothing but tiny nodes and properties (`;A[b]C[d]...`: about 700 MB for 16
/// MiB), far less for real records, whose comments and values are stored once.
pub const MAX_INPUT_BYTES: usize = 16 * 1024 * 1024;

/// The most nodes a collection may hold (2,097,152): a bound on memory for inputs made of
/// little but `;`. Real records, even large joseki dictionaries, hold far fewer.
pub const MAX_NODES: usize = 1 << 21;

/// Properties in one node from which a repeated identifier is no longer looked for by a scan
/// as each is read, but found when the tree is complete ([`merge_repeated`]): real nodes have a
/// few properties and keep the plain scan.
const INDEX_FROM: usize = 16;

/// Text properties of one value that a node may hold twice in real files: joined, not merged
/// into a list.
const TEXTS: [&str; 2] = ["C", "GC"];

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
    /// What was repaired or ignored, first [`crate::tree::MAX_WARNINGS`] only.
    pub warnings: Vec<Warning>,
}

/// Reads SGF strictly (see the module documentation); warnings are dropped.
pub fn parse(input: &[u8]) -> Result<Collection, Error> {
    parse_with(input, ParseOptions::default()).map(|p| p.collection)
}

/// Reads SGF with options.
///
/// ```
/// use tengen::sgf::{parse, parse_with, ParseOptions};
///
/// let text = b"(;SZ[9];B[ee];W[cc]"; // the game tree is never closed
/// assert_eq!(parse(text).unwrap_err().code(), "sgf");
/// let read = parse_with(text, ParseOptions { lenient: true })?;
/// assert_eq!(read.collection.games[0].main_line().len(), 3);
/// assert_eq!(read.warnings.len(), 1);
/// # Ok::<(), tengen::Error>(())
/// ```
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
        unmerged: false,
        legacy: !text && input.iter().any(|&b| b >= 0x80 || b == ESC),
        charset: Charset::UTF8,
        chosen: Chosen::Given,
        previous: None,
        detected: None,
        utf8: None,
        ahead_left: input.len(),
        prefers: Vec::new(),
    };
    if input.starts_with(&[0xEF, 0xBB, 0xBF]) {
        p.pos = 3;
    }
    p.run()?;
    let mut warnings = p.warnings.finish();
    // In the order of the input: the repetitions in large nodes and the charsets are found
    // when a game tree is complete, after what follows them was read.
    let at = |i: usize| warnings[i].offset.unwrap_or(usize::MAX);
    let order = sorted_indices(warnings.len(), &|a, b| at(a).cmp(&at(b)).then(a.cmp(&b)));
    let mut slots: Vec<Option<Warning>> = warnings.drain(..).map(Some).collect();
    warnings.extend(order.into_iter().filter_map(|i| slots[i].take()));
    Ok(Parsed {
        collection: Collection { games: p.games },
        warnings,
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
    /// Whether a node of the tree being read has more than [`INDEX_FROM`] properties, whose
    /// repetitions are merged when the tree is complete.
    unmerged: bool,
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
    /// Bytes the look-aheads for `CA` may still read (see [`Parser::root_ca`]).
    ahead_left: usize,
    /// For the charsets `CA` named so far, whether the input reads better as UTF-8 (see
    /// `decode::prefers_utf8`): found once each.
    prefers: Vec<(Charset, bool)>,
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
    /// with characters of two bytes or more, and reads better so (see `decode::prefers_utf8`).
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
            (Some(cs), Some(label), _)
                if cs != Charset::UTF8 && self.utf8_input() && self.prefers_utf8(cs) =>
            {
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

    /// Whether the input reads better as UTF-8 than in `cs` (found once for each charset).
    fn prefers_utf8(&mut self, cs: Charset) -> bool {
        if let Some(&(_, p)) = self.prefers.iter().find(|x| x.0 == cs) {
            return p;
        }
        let p = decode::prefers_utf8(self.input, cs);
        self.prefers.push((cs, p));
        p
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
    fn root_ca(&mut self) -> Option<Vec<u8>> {
        // The look-aheads of a whole input read at most as many bytes as it has: one that took
        // a `\\` for a trail byte where the reader takes it for an escape can run past the root
        // node (`(;C[é\\\\])` repeated), and must not do so once per game tree.
        let limit = (self.pos + 1 + self.ahead_left).min(self.input.len());
        let b = &self.input[..limit];
        let from = self.pos + 1;
        let found = Parser::look_ahead(b, from);
        let read = found.as_ref().map_or(limit, |&(_, end)| end) - from.min(limit);
        self.ahead_left = self.ahead_left.saturating_sub(read);
        found.and_then(|(v, _)| v)
    }

    /// The look-ahead of [`Parser::root_ca`] in `b` from `i`: the first value of `CA` in the root
    /// node (`None` without one), with where it stopped; `None` if it ran out of bytes.
    fn look_ahead(b: &[u8], mut i: usize) -> Option<(Option<Vec<u8>>, usize)> {
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
                        return Some((first.and_then(|r| b.get(r)).map(<[u8]>::to_vec), i));
                    }
                }
                _ => return Some((None, i)),
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
            // supplies it, so the root's properties are kept.
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
        // From INDEX_FROM properties on, a repeated identifier is merged when the tree is
        // complete ([`merge_repeated`]), not looked up here.
        let found = if props.len() < INDEX_FROM {
            props.iter().position(|p| p.id == id)
        } else {
            self.unmerged = true;
            None
        };
        match found.and_then(|i| props.get_mut(i)) {
            Some(p) => merge(p, values, at, &mut self.warnings),
            None => {
                if props.is_empty() {
                    // Most nodes have one property: no spare capacity.
                    props.reserve_exact(1);
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
        if std::mem::take(&mut self.unmerged) {
            for id in tree.ids() {
                merge_repeated(tree[id].properties_mut(), &mut self.warnings);
            }
        }
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
                            *v = escaped_as_scanned(text);
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

/// A decoded raw value made a valid raw value again: a decoder that finds a pair the scanner took
/// as one character invalid gives back its ASCII trail byte as itself (the Encoding Standard's
/// rule), which may be a `]` the scanner did not end the value at, or a `\` that would escape
/// what follows. Such a `]` gets its `\`, and a `\` left at the end one more: the text shows them
/// as characters, and the value reads back the same from what is written.
fn escaped_as_scanned(text: String) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    let mut changed = false;
    while let Some(c) = chars.next() {
        out.push(c);
        match c {
            '\\' => match chars.next() {
                Some(e) => out.push(e),
                None => {
                    out.push('\\');
                    changed = true;
                }
            },
            ']' => {
                out.pop();
                out.push_str("\\]");
                changed = true;
            }
            _ => {}
        }
    }
    if changed {
        out
    } else {
        text
    }
}

/// Merges the values of a repeated property into its first occurrence `p`, with a warning at the
/// repetition (`at`): a comment is one Text (properties.html, `C`, `GC`), so a second one in the
/// node is joined to it after a blank line, not kept as a second value nobody reads;
/// other properties get the values added.
fn merge(p: &mut Property, values: Vec<String>, at: usize, warnings: &mut Warnings) {
    if TEXTS.contains(&p.id.as_str()) {
        for v in values {
            match p.values.first_mut() {
                Some(first) => {
                    first.push_str("\n\n");
                    first.push_str(&v);
                }
                None => p.values.push(v),
            }
        }
        warnings.push_with(Some(at), || {
            format!(
                "property {} appears twice in a node: its texts are joined",
                p.id
            )
        });
    } else {
        p.values.extend(values);
        warnings.push_with(Some(at), || {
            format!(
                "property {} appears twice in a node: its values are merged",
                p.id
            )
        });
    }
}

/// Merges the repeated properties of a node of more than [`INDEX_FROM`] properties, as reading
/// merges them in a smaller node: each into its first occurrence, in the order of the input.
/// Sorting the properties by identifier finds them in O(n log n), whatever the identifiers (a
/// node of 200,000 distinct identifiers took over a minute with a scan per identifier, and a
/// hash index can be defeated by identifiers made to collide).
fn merge_repeated(props: &mut Vec<Property>, warnings: &mut Warnings) {
    if props.len() <= INDEX_FROM {
        return;
    }
    let order = sorted_indices(props.len(), &|a, b| {
        props[a].id.cmp(&props[b].id).then(a.cmp(&b))
    });
    // By property: the first occurrence of its identifier, when it is a repetition.
    let mut first_of: Vec<Option<usize>> = vec![None; props.len()];
    for group in order.chunk_by(|&a, &b| props[a].id == props[b].id) {
        for &r in &group[1..] {
            first_of[r] = Some(group[0]);
        }
    }
    if first_of.iter().all(Option::is_none) {
        return;
    }
    // In the order of the input.
    let mut gone = vec![false; props.len()];
    for (r, first) in first_of.iter().enumerate() {
        let Some(first) = *first else {
            continue;
        };
        let values = std::mem::take(&mut props[r].values);
        let at = props[r].offset().unwrap_or(0);
        merge(&mut props[first], values, at, warnings);
        gone[r] = true;
    }
    let mut k = 0;
    props.retain(|_| {
        k += 1;
        !gone[k - 1]
    });
}

/// The numbers `0..n` sorted by `cmp`, which must be a total order: a heapsort, O(n log n) in
/// every case and a few hundred bytes of wasm (the standard library's sort for these
/// comparisons took 8 KB of a package with a size budget).
fn sorted_indices(n: usize, cmp: &dyn Fn(usize, usize) -> std::cmp::Ordering) -> Vec<usize> {
    let mut v: Vec<usize> = (0..n).collect();
    let greater = |v: &[usize], a: usize, b: usize| cmp(v[a], v[b]).is_gt();
    // Moves v[root] down the max-heap v[..end].
    let sift = |v: &mut Vec<usize>, mut root: usize, end: usize| loop {
        let mut child = 2 * root + 1;
        if child >= end {
            break;
        }
        if child + 1 < end && greater(v, child + 1, child) {
            child += 1;
        }
        if !greater(v, child, root) {
            break;
        }
        v.swap(root, child);
        root = child;
    };
    for root in (0..n / 2).rev() {
        sift(&mut v, root, n);
    }
    for end in (1..n).rev() {
        v.swap(0, end);
        sift(&mut v, 0, end);
    }
    v
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
