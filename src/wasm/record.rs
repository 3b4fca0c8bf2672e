//! The SGF text format: `Game.fromSgf`, `toSgf`, `Game.sgfGames` and what reading put up with
//! (the `sgf` feature; the game tree itself is `tree.rs`, in every package).

use super::args::*;
#[cfg(feature = "sgf-games")]
use super::convert::*;
use super::errors::{bad, js_error, sgf_error};
use super::instance::JsGame;
use super::memory::{guard, room_for};
use super::options::{read_options, sgf_options, to_sgf_options};
use crate::sgf::MAX_INPUT_BYTES;
#[cfg(feature = "sgf-games")]
use crate::tree::GAME_INFO;
use crate::tree::{Cursor, LoadOptions};
use js_sys::Array;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

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
fn host_decode(name: &str, bytes: &[u8]) -> Option<(String, bool)> {
    let text = HostDecoder::new(name).ok()?.decode(bytes).ok()?;
    let replaced = text.chars().any(|c| c == char::REPLACEMENT_CHARACTER);
    Some((text, replaced))
}

#[wasm_bindgen]
extern "C" {
    /// A `Uint8Array` made here (see `ByteCopy::new`).
    #[wasm_bindgen(js_name = Uint8Array)]
    type ByteCopy;
    /// `new Uint8Array(view)`: a copy made by the view's internal length (no getter of the
    /// caller's runs), which throws for a detached buffer.
    #[wasm_bindgen(catch, constructor, js_class = "Uint8Array")]
    fn new(view: &JsValue) -> Result<ByteCopy, JsValue>;
}

/// A copy of the bytes of a `Uint8Array` (or of a subclass's, whatever its getters say).
fn copy_bytes(view: &JsValue) -> Result<js_sys::Uint8Array, JsValue> {
    ByteCopy::new(view).map(|b| b.unchecked_into())
}

/// An SGF input: text already (a string), or a file's bytes (a copy of a `Uint8Array`).
pub(super) enum SgfInput {
    Text(String),
    Bytes(Vec<u8>),
}

/// Reads the input of `Game.fromSgf` and `Game.sgfGames`, once the memory for reading it and
/// the largest board is there.
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

// Its own impl block, so that a package can leave it out: the embed package (`<tengen-board>`,
// which opens one game of a file and never lists them) is built without `sgf-games`.
#[cfg(feature = "sgf-games")]
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
                let mut entries: Vec<(&str, JsValue)> = GAME_INFO
                    .iter()
                    .map(|i| {
                        (
                            i.key,
                            root.simple_text(i.id).map_or(JsValue::NULL, JsValue::from),
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
}

#[wasm_bindgen(js_class = Game)]
impl JsGame {
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
    ///
    /// `toSgf({ played: true })`: the game as saved on this device, to be read back with
    /// `Game.fromSgf` (then `goTo(path)`, and the actions taken at the node since arriving there
    /// taken again by the caller, who keeps them: no result or territory is written for them).
    /// The nodes played here are marked with a private property, `TH`, which `fromSgf` takes out,
    /// so that `undo` removes them as it would have before. Not in the embed package (the
    /// `saves` feature): there `played: true` throws `invalidOptions`.
    #[wasm_bindgen(js_name = toSgf)]
    pub fn to_sgf(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "ToSgfOptions")] options: JsValue,
    ) -> Result<String, JsValue> {
        let played = to_sgf_options(&options)?;
        guard()?;
        if played {
            #[cfg(feature = "saves")]
            return Ok(self.cursor.to_sgf_saved());
            #[cfg(not(feature = "saves"))]
            return Err(bad(
                "toSgf({ played: true }) is not in this package (the embed package keeps no \
                 saved games): use the full package",
            ));
        }
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
}
