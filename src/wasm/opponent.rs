//! The computer opponent a game is played against, kept in its record (`game.opponent`,
//! `setOpponent`; the `opponent` feature): conversions only, the property's form is
//! `crate::tree::Opponent`'s.

use super::args::*;
use super::convert::*;
use super::errors::bad;
use super::instance::JsGame;
use super::memory::guard;
use crate::options::whole;
use crate::tree::MAX_SEED;
use js_sys::Number;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

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
        // The property's value is made here and checked by the engine: `B:level` or
        // `W:level:seed`, the seed written by JS (no number formatting in the package).
        let value = if opponent.is_null() {
            None
        } else {
            if !is_object(&opponent) {
                return Err(bad(WHY));
            }
            let mut v = String::from(match get(&opponent, "computer")?.as_string().as_deref() {
                Some("black") => "B:",
                Some("white") => "W:",
                _ => return Err(bad(WHY)),
            });
            let level = get(&opponent, "level")?
                .as_string()
                .ok_or_else(|| bad(WHY))?;
            if level.contains(':') {
                return Err(bad(WHY)); // a level cannot carry a seed
            }
            v.push_str(&level);
            let seed = get(&opponent, "seed")?;
            if !seed.is_null() && !seed.is_undefined() {
                seed.as_f64()
                    .and_then(|n| whole(n, 0, MAX_SEED as i64))
                    .ok_or_else(|| bad(WHY))?;
                v.push(':');
                let digits = seed.unchecked_ref::<Number>().to_string_with_radix(10);
                v.push_str(&String::from(digits.map_err(|_| bad(WHY))?));
            }
            Some(v)
        };
        self.cursor
            .set_opponent_value(value.as_deref())
            .map_err(|_| bad(WHY))
    }
}
