//! What a record says about its game: the result as recorded, and the game information (player
//! names and ranks, date, event, name, komi, rules, handicap), read in every package and set in
//! those with the `app` feature (the embed package, `<tengen-board>`'s, never sets it).

#[cfg(feature = "app")]
use super::args::*;
#[cfg(feature = "app")]
use super::errors::{bad, js_error};
use super::instance::JsGame;
#[cfg(feature = "app")]
use super::memory::guard;
use crate::tree::GAME_INFO;
use serde::Serializer as _;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(js_class = Game)]
impl JsGame {
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

    #[cfg(feature = "app")]
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
            let id = GAME_INFO
                .iter()
                .find(|i| i.key == key && i.editable)
                .map(|i| i.id)
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

    /// The game information: player names and ranks, date, event, result, name, komi, rules
    /// and handicap, as written in the record (null where absent).
    #[wasm_bindgen(getter, unchecked_return_type = "GameInfo")]
    pub fn info(&self) -> JsValue {
        // Game information is a plain map of strings: serde-wasm-bindgen writes it as an object,
        // straight from the list (a map collected first would sort it, and cost a sort and a
        // B-tree in the package).
        self.read(|c| {
            let ser = serde_wasm_bindgen::Serializer::new()
                .serialize_maps_as_objects(true)
                .serialize_missing_as_null(true);
            ser.collect_map(GAME_INFO.iter().map(|i| (i.key, c.info(i.id))))
                .unwrap_or(JsValue::NULL)
        })
    }
}
