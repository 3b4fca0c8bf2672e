//! The computer player's methods: `genmove` and `genmoveDetails`.

use super::convert::*;
use super::errors::js_error;
use super::instance::JsGame;
use super::memory::guard;
use super::options::genmove_options;
use js_sys::Array;
use wasm_bindgen::prelude::*;

#[cfg(feature = "player")]
#[wasm_bindgen(js_class = Game)]
impl JsGame {
    /// Searches for the side to move (the time budget by the host's clock). Changes nothing.
    fn think(&self, options: &JsValue) -> Result<crate::player::Thought, JsValue> {
        guard()?;
        let o = genmove_options(options)?;
        let mut clock = js_sys::Date::now;
        crate::player::genmove(self.game(), &o, &mut clock).map_err(js_error)
    }

    /// The computer player's move for the side to move: `{ x, y }`, `'pass'` or `'resign'`,
    /// without playing it (the game is unchanged). Throws `notPlaying` once play has stopped or
    /// the game is over, `invalidOptions` for bad options.
    #[wasm_bindgen(unchecked_return_type = "GenMove")]
    pub fn genmove(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "GenmoveOptions")] options: JsValue,
    ) -> Result<JsValue, JsValue> {
        Ok(decision_js(self.think(&options)?.decision))
    }

    /// As `genmove`, with what the search saw: `{ move, reason, playouts, winRate, candidates }`.
    #[wasm_bindgen(js_name = genmoveDetails, unchecked_return_type = "GenmoveDetails")]
    pub fn genmove_details(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "GenmoveOptions")] options: JsValue,
    ) -> Result<JsValue, JsValue> {
        Ok(details_js(&self.think(&options)?))
    }
}

/// A thought as `genmoveDetails` gives it: `{ move, reason, playouts, winRate, candidates }`.
#[cfg(feature = "player")]
pub(super) fn details_js(t: &crate::player::Thought) -> JsValue {
    let candidates: Array = t
        .candidates
        .iter()
        .map(|c| {
            object(&[
                ("move", c.point.map_or_else(|| "pass".into(), xy_js)),
                ("visits", c.visits.into()),
                ("winRate", c.win_rate.into()),
            ])
        })
        .collect();
    object(&[
        ("move", decision_js(t.decision)),
        ("reason", t.reason.into()),
        ("playouts", t.playouts.into()),
        ("winRate", t.win_rate.into()),
        ("candidates", candidates.into()),
    ])
}
