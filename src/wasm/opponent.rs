//! The computer opponent a game is played against, kept in its record (`game.opponent`,
//! `setOpponent`; the `opponent` feature): conversions only, the property's form is
//! `crate::tree::Opponent`'s.

use super::args::*;
use super::convert::*;
use super::errors::{bad, js_error};
use super::instance::JsGame;
use super::memory::guard;
use crate::color::Color;
use crate::options::whole;
use crate::tree::{Opponent, MAX_SEED};
use wasm_bindgen::prelude::*;

const WHY: &str = "the opponent must be null or { computer: 'black' | 'white', level, seed? }: \
                   level 1 to 32 of a-z, 0-9 and '-', seed a whole number from 0 to 2^53 - 1";

#[wasm_bindgen(js_class = Game)]
impl JsGame {
    /// The computer opponent the record names (its root's private property `TO`):
    /// `{ computer, level, seed }` (`seed` null when none was written), or null (none, or a
    /// value that is not of the property's form: `warnings` said so on reading).
    #[wasm_bindgen(getter, unchecked_return_type = "Opponent | null")]
    pub fn opponent(&self) -> JsValue {
        self.read(|c| c.opponent()).map_or(JsValue::NULL, |o| {
            object(&[
                ("computer", o.computer.name().into()),
                ("level", o.level.into()),
                (
                    "seed",
                    o.seed.map_or(JsValue::NULL, |s| JsValue::from(s as f64)),
                ),
            ])
        })
    }

    /// Writes the computer opponent into the record (`TO` in its root, which `toSgf` writes and
    /// `Game.fromSgf` reads back), or removes it (null). `invalidOptions` for anything else
    /// (nothing is changed then).
    #[wasm_bindgen(js_name = setOpponent)]
    pub fn set_opponent(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Opponent | null")] opponent: JsValue,
    ) -> Result<(), JsValue> {
        guard()?;
        let o = if opponent.is_null() {
            None
        } else {
            let field = |key| {
                if is_object(&opponent) {
                    get(&opponent, key)
                } else {
                    Ok(JsValue::UNDEFINED)
                }
            };
            let (computer, level, seed) = (field("computer")?, field("level")?, field("seed")?);
            // Every check in one chain, so that one refusal is built.
            let read = || {
                let computer = match computer.as_string()?.as_str() {
                    "black" => Color::Black,
                    "white" => Color::White,
                    _ => return None,
                };
                let seed = if seed.is_null() || seed.is_undefined() {
                    None
                } else {
                    Some(whole(seed.as_f64()?, 0, MAX_SEED as i64)? as u64)
                };
                Opponent::new(computer, &level.as_string()?, seed).ok()
            };
            Some(read().ok_or_else(|| bad(WHY))?)
        };
        self.cursor.set_opponent(o.as_ref()).map_err(js_error)
    }
}
