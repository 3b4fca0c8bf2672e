//! The record API: `Game.fromSgf`, `toSgf`, `Game.sgfGames`, moving in the game tree, and what
//! a page shows of a node (comment, markup, move numbers, game information).

use super::args::*;
use super::convert::*;
use super::errors::{bad, js_error, sgf_error};
use super::instance::JsGame;
use super::memory::{guard, room_for};
use super::options::{read_options, sgf_options};
use crate::sgf::{Cursor, LoadOptions, EDITABLE_INFO, MAX_INPUT_BYTES};
use js_sys::{Array, Object, Reflect};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[cfg(feature = "sgf")]
#[wasm_bindgen]
extern "C" {
    /// The host's `TextDecoder` (every browser, Node, Deno): it decodes the charsets of SGF
    /// files beyond UTF-8 and Latin-1, so the package carries no decoding tables.
    #[wasm_bindgen(js_name = TextDecoder)]
    type HostDecoder;
    /// `new TextDecoder(label)`, which throws for a label the host does not know.
    #[wasm_bindgen(catch, constructor, js_class = "TextDecoder")]
    fn new(label: &str) -> Result<HostDecoder, JsValue>;
    #[wasm_bindgen(catch, method, js_class = "TextDecoder")]
    fn decode(this: &HostDecoder, bytes: &[u8]) -> Result<String, JsValue>;
}

/// Decodes a value's bytes with the host's `TextDecoder` (not fatal: invalid bytes become
/// U+FFFD, which is how they are told apart here).
#[cfg(feature = "sgf")]
fn host_decode(name: &str, bytes: &[u8]) -> Option<(String, bool)> {
    let text = HostDecoder::new(name).ok()?.decode(bytes).ok()?;
    let replaced = text.chars().any(|c| c == char::REPLACEMENT_CHARACTER);
    Some((text, replaced))
}

/// An SGF input: text already (a string), or a file's bytes (a copy of a `Uint8Array`).
#[cfg(feature = "sgf")]
pub(super) enum SgfInput {
    Text(String),
    Bytes(Vec<u8>),
}

/// Reads the input of `Game.fromSgf` and `Game.sgfGames`, once the memory for reading it and
/// the largest board is there.
#[cfg(feature = "sgf")]
pub(super) fn sgf_input(input: &JsValue) -> Result<SgfInput, JsValue> {
    // The largest board: the record's size is known only once it is read.
    let area = 52 * 52;
    if let Some(text) = input.as_string() {
        room_for(area, text.len()).map_err(js_error)?;
        Ok(SgfInput::Text(text))
    } else if js_sys::ArrayBuffer::is_view(input) && input.is_instance_of::<js_sys::Uint8Array>() {
        // A copy by the view's own length: a subclass's `length` getter is not asked (it could
        // claim 4 GB), and a detached buffer is refused.
        let bytes = copy_bytes(input).map_err(|_| bad(UNREADABLE))?;
        // Here, not at start: a test harness need not run the start function.
        crate::sgf::set_text_decoder(host_decode);
        // One byte over the limit is enough for the reader to refuse a larger input.
        let n = bytes.length().min(MAX_INPUT_BYTES as u32 + 1);
        room_for(area, n as usize).map_err(js_error)?;
        Ok(SgfInput::Bytes(bytes.subarray(0, n).to_vec()))
    } else {
        Err(bad("the SGF input must be a string or a Uint8Array"))
    }
}

/// The keys of `GameInfo` in JS with their SGF properties, in the order of `INFO_PROPERTIES`.
#[cfg(feature = "sgf")]
const INFO: [(&str, &str); 11] = [
    ("black", "PB"),
    ("white", "PW"),
    ("blackRank", "BR"),
    ("whiteRank", "WR"),
    ("date", "DT"),
    ("event", "EV"),
    ("result", "RE"),
    ("gameName", "GN"),
    ("komi", "KM"),
    ("rules", "RU"),
    ("handicap", "HA"),
];

#[cfg(feature = "sgf")]
#[wasm_bindgen(js_class = Game)]
impl JsGame {
    /// `Game.sgfGames(input, options?)`: the game trees of a file (a collection, as problem sets
    /// and archives are), each with its number for `Game.fromSgf(input, { game })`, its game
    /// information, board size, nodes and main-line moves. Reads like `fromSgf` (`lenient` the
    /// same), replays nothing.
    #[wasm_bindgen(js_name = sgfGames, unchecked_return_type = "SgfGame[]")]
    pub fn sgf_games(
        #[wasm_bindgen(unchecked_param_type = "string | Uint8Array")] input: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "{ lenient?: boolean }")] options: JsValue,
    ) -> Result<Array, JsValue> {
        read_options(&options)?;
        let (lenient, _) = sgf_options(&options)?;
        let o = crate::sgf::ParseOptions { lenient };
        let parsed = match sgf_input(&input)? {
            SgfInput::Text(text) => crate::sgf::parse_text(&text, o),
            SgfInput::Bytes(bytes) => crate::sgf::parse_with(&bytes, o),
        }
        .map_err(sgf_error)?;
        let games = &parsed.collection.games;
        Ok(parsed
            .collection
            .summaries()
            .into_iter()
            .enumerate()
            .map(|(i, s)| {
                let root = games[i].root_node();
                let mut entries: Vec<(&str, JsValue)> = INFO
                    .iter()
                    .map(|(k, id)| {
                        (
                            *k,
                            root.simple_text(id).map_or(JsValue::NULL, JsValue::from),
                        )
                    })
                    .collect();
                let (w, h) = s.size.map_or((JsValue::NULL, JsValue::NULL), |z| {
                    (z.width().into(), z.height().into())
                });
                entries.extend([
                    ("index", (i as u32).into()),
                    ("width", w),
                    ("height", h),
                    ("nodes", (s.nodes as u32).into()),
                    ("moves", (s.moves as u32).into()),
                ]);
                object(&entries)
            })
            .collect())
    }

    /// Which game tree of its file this game is (0 for the first, and for a new game): see
    /// `Game.fromSgf`'s `game` option.
    #[wasm_bindgen(getter, js_name = gameIndex)]
    pub fn game_index(&self) -> u32 {
        self.read(|c| c.game_index() as u32)
    }

    /// How many game trees its file holds (1 for a new game). `toSgf()` writes them all.
    #[wasm_bindgen(getter, js_name = gameCount)]
    pub fn game_count(&self) -> u32 {
        self.read(|c| c.game_count() as u32)
    }

    /// `Game.fromSgf(input, options?)`: reads a record (a string, or a `Uint8Array` of a file's
    /// bytes, decoded in the charset its `CA` names, else the one detected), keeps its whole tree
    /// and plays its main line; of a collection, the game tree `game` names (0, the first, by
    /// default), and `toSgf()` writes the whole collection back. `options` are those of
    /// `new Game` (overriding the record's `RU`, `KM`, `HA`; `size` must agree with `SZ`),
    /// `lenient` and `game`. Throws `sgf` (with `offset`) for a file
    /// that cannot be read and `illegalMove` for a main line the rules refuse (with `lenient`,
    /// such moves are played as the record has them, for viewing, and `warnings` says so;
    /// playing stays strict). After two passes at the end,
    /// the dead stones of `TB`/`TW` are marked and a counted `RE` finishes the game.
    #[wasm_bindgen(js_name = fromSgf)]
    pub fn from_sgf(
        #[wasm_bindgen(unchecked_param_type = "string | Uint8Array")] input: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "SgfOptions")] options: JsValue,
    ) -> Result<JsGame, JsValue> {
        let game = read_options(&options)?;
        let (lenient, index) = sgf_options(&options)?;
        let o = LoadOptions {
            game,
            lenient,
            index,
        };
        let cursor = match sgf_input(&input)? {
            SgfInput::Text(text) => Cursor::load_text(&text, &o),
            SgfInput::Bytes(bytes) => Cursor::load(&bytes, &o),
        }
        .map_err(sgf_error)?;
        Ok(JsGame::of_cursor(cursor))
    }

    /// The game as SGF: for a record, its whole tree (with what was played on it); for a game
    /// made with `new Game`, the record of its moves. A game ended or counted here (by dead
    /// marks, `finish`, `resign`) gets its result (`RE`) and its territory (`TB`/`TW`).
    #[wasm_bindgen(js_name = toSgf)]
    pub fn to_sgf(&self) -> Result<String, JsValue> {
        guard()?;
        Ok(self.cursor.to_sgf())
    }

    /// What reading and replaying the record put up with (lenient reading: what was skipped).
    #[wasm_bindgen(getter, unchecked_return_type = "string[]")]
    pub fn warnings(&self) -> Array {
        self.cursor
            .warnings()
            .iter()
            .map(|w| JsValue::from(w.to_string()))
            .collect()
    }

    /// The record's result (`RE`) as written, or undefined without one.
    #[wasm_bindgen(getter, js_name = recordedResult)]
    pub fn recorded_result(&self) -> Option<String> {
        self.cursor.recorded_result()
    }

    /// Whether `recordedResult` is the count `score()` gives; undefined when either is no count.
    #[wasm_bindgen(getter, js_name = recordedResultAgrees)]
    pub fn recorded_result_agrees(&self) -> Option<bool> {
        self.cursor.recorded_result_agrees()
    }

    /// Moves to the child numbered `variation` (default 0, the main line) and plays its move;
    /// `false` at the end of a line. Throws `invalidOptions` for a variation the node does not
    /// have, `illegalMove` for a move the rules refuse (the game stays where it was).
    pub fn next(
        &mut self,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] variation: JsValue,
    ) -> Result<bool, JsValue> {
        guard()?;
        let i = if variation.is_undefined() {
            0
        } else {
            index(&variation, "the variation must be a whole number from 0")?
        };
        self.cursor.next(i).map_err(sgf_error)
    }

    /// Moves to the parent node; `false` at the root.
    pub fn previous(&mut self) -> Result<bool, JsValue> {
        guard()?;
        self.cursor.previous().map_err(sgf_error)
    }

    /// Moves to the node at `path`: the child indices from the root (`[]` the root, `[0, 0]`
    /// the second node of the main line, `[0, 1]` the second child of the first node).
    #[wasm_bindgen(js_name = goTo)]
    pub fn go_to(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number[]")] path: JsValue,
    ) -> Result<(), JsValue> {
        guard()?;
        const WHY: &str = "the path must be an array of whole numbers from 0";
        // A path is no longer than the largest record has nodes (one byte each at least).
        let steps = whole_numbers(&path, MAX_INPUT_BYTES, WHY)?;
        self.cursor.go_to(&steps).map_err(sgf_error)
    }

    /// The path of the current node (see `goTo`).
    #[wasm_bindgen(getter, unchecked_return_type = "number[]")]
    pub fn path(&self) -> Array {
        // One string across the boundary and one `JSON.parse` (the fastest way V8 has to make a
        // plain array of numbers): not an element at a time across the boundary.
        self.read(|c| {
            let mut text = String::with_capacity(c.path().len() * 2 + 2);
            text.push('[');
            for (k, i) in c.path().iter().enumerate() {
                if k > 0 {
                    text.push(',');
                }
                match u8::try_from(*i) {
                    Ok(d) if d < 10 => text.push(char::from(b'0' + d)),
                    _ => text.push_str(&i.to_string()),
                }
            }
            text.push(']');
            js_sys::JSON::parse(&text).map_or_else(|_| Array::new(), JsCast::unchecked_into)
        })
    }

    /// The moves of the current node's children, main line first.
    #[wasm_bindgen(unchecked_return_type = "Variation[]")]
    pub fn variations(&self) -> Array {
        self.read(|c| c.variations().into_iter().map(variation_js).collect())
    }

    /// The current node's comment (`C`), or null.
    #[wasm_bindgen(getter, unchecked_return_type = "string | null")]
    pub fn comment(&self) -> JsValue {
        self.read(|c| nullable(c.comment()))
    }

    /// The current node's markup: `{ triangles, squares, circles, crosses, labels }`.
    #[wasm_bindgen(getter, unchecked_return_type = "Markup")]
    pub fn markup(&self) -> JsValue {
        self.read(|c| markup_js(c.markup()))
    }

    /// The move numbers of the stones on the board: `[{ point, number }]` for each stone that
    /// a move on the path from the root put there and that is still on the board, in row-major
    /// order (`MN` in a node sets its move's number).
    #[wasm_bindgen(js_name = moveNumbers, unchecked_return_type = "MoveNumber[]")]
    pub fn move_numbers(&self) -> Array {
        self.read(|c| {
            c.move_numbers()
                .into_iter()
                .map(|(p, n)| object(&[("point", point_js(p)), ("number", n.into())]))
                .collect()
        })
    }

    /// Sets game information in the record: `{ black, white, blackRank, whiteRank, date,
    /// event, gameName }`, each a string (an empty string or null removes it); keys not given
    /// stay as they are. Komi, rules, handicap and result come from the game itself:
    /// `invalidOptions` for them, for other keys and for values that are not strings (nothing
    /// is changed then).
    #[wasm_bindgen(js_name = setInfo)]
    pub fn set_info(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Partial<GameInfo>")] info: JsValue,
    ) -> Result<(), JsValue> {
        guard()?;
        if !is_object(&info) {
            return Err(bad("info must be an object of game information"));
        }
        const WHY: &str =
            "info takes black, white, blackRank, whiteRank, date, event and gameName, each a string or null";
        let mut changes = Vec::new();
        for key in checked_keys(&info).map_err(|_| bad(UNREADABLE))?.iter() {
            let key = key.as_string().ok_or_else(|| bad(WHY))?;
            let id = INFO
                .iter()
                .find(|(k, id)| *k == key && EDITABLE_INFO.contains(id))
                .map(|(_, id)| *id)
                .ok_or_else(|| bad(WHY))?;
            let v = get(&info, &key)?;
            let text = if v.is_null() || v.is_undefined() {
                None
            } else {
                Some(v.as_string().ok_or_else(|| bad(WHY))?)
            };
            changes.push((id, text));
        }
        for (id, text) in changes {
            self.cursor
                .set_info(id, text.as_deref())
                .map_err(js_error)?;
        }
        Ok(())
    }

    /// A node of the record without moving to it: `path` as `goTo` takes it (default: the
    /// current node). `{ move, children, comment, markup, properties }`, `properties` every
    /// property of the node by its identifier with its values as written (escapes resolved),
    /// or null when the path names no node.
    #[wasm_bindgen(unchecked_return_type = "RecordNode | null")]
    pub fn node(
        &mut self,
        #[wasm_bindgen(unchecked_optional_param_type = "number[]")] path: JsValue,
    ) -> Result<JsValue, JsValue> {
        guard()?;
        const WHY: &str = "the path must be an array of whole numbers from 0";
        let steps = if path.is_undefined() {
            None
        } else {
            Some(whole_numbers(&path, MAX_INPUT_BYTES, WHY)?)
        };
        self.cursor.settle();
        let c = &self.cursor;
        let Some(id) = steps.map_or(Some(c.node()), |s| c.node_at(&s)) else {
            return Ok(JsValue::NULL);
        };
        let tree = c.tree();
        let node = &tree[id];
        let size = c.game().board().size();
        let properties = Object::new();
        for p in node.properties() {
            let values: Array = p
                .values
                .iter()
                .map(|v| JsValue::from(crate::sgf::simple_text(v)))
                .collect();
            let _ = Reflect::set(&properties, &p.id.as_str().into(), &values);
        }
        Ok(object(&[
            (
                "move",
                node.get_move(size)
                    .ok()
                    .flatten()
                    .map_or(JsValue::NULL, |m| variation_js(Some(m))),
            ),
            ("children", (tree.children(id).count() as u32).into()),
            ("comment", nullable(node.comment())),
            ("markup", markup_js(c.markup_of(id))),
            ("properties", properties.into()),
        ]))
    }

    /// The game information: player names and ranks, date, event, result, name, komi, rules
    /// and handicap, as written in the record (null where absent).
    #[wasm_bindgen(getter, unchecked_return_type = "GameInfo")]
    pub fn info(&self) -> JsValue {
        // Game information is a plain map of strings: serde-wasm-bindgen writes it as an object.
        self.read(|c| {
            let info: std::collections::BTreeMap<&str, Option<String>> =
                INFO.iter().map(|(k, id)| (*k, c.info(id))).collect();
            let ser = serde_wasm_bindgen::Serializer::new()
                .serialize_maps_as_objects(true)
                .serialize_missing_as_null(true);
            info.serialize(&ser).unwrap_or(JsValue::NULL)
        })
    }
}
