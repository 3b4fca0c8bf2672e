//! The estimator's methods: the dead-stone proposal and the estimate of a position.

use super::args::*;
use super::convert::*;
use super::errors::{bad, js_error};
use super::instance::JsGame;
use super::memory::guard;
use crate::options;
use js_sys::{Array, Float32Array};
use wasm_bindgen::prelude::*;

/// The estimator's methods (the `estimate` feature; not in the embed package).
#[cfg(feature = "estimate")]
#[wasm_bindgen(js_class = Game)]
impl JsGame {
    /// Replaces the dead marks with the estimator's proposal (play stopped); returns the
    /// points whose mark changed.
    #[wasm_bindgen(js_name = autoMark, unchecked_return_type = "Point[]")]
    pub fn auto_mark(&mut self) -> Result<Array, JsValue> {
        guard()?;
        self.act(|g| g.auto_mark()).map(points_js).map_err(js_error)
    }

    /// The estimate of the position (in every phase; changes nothing): ownership, proposed dead
    /// stones, stones in seki, the live chains the count proves capturable (`warnings`) and the
    /// count with the proposal.
    #[wasm_bindgen(unchecked_return_type = "Estimate")]
    pub fn estimate(
        &self,
        #[wasm_bindgen(unchecked_param_type = "EstimateOptions | undefined")] options: JsValue,
    ) -> Result<JsValue, JsValue> {
        guard()?;
        let (playouts, seed) = if options.is_undefined() || options.is_null() {
            (None, None)
        } else if is_object(&options) {
            (
                opt_number(&options, "playouts", "playouts must be a number")?,
                opt_number(&options, "seed", "seed must be a number")?,
            )
        } else {
            return Err(bad("estimate options must be an object"));
        };
        let o = options::estimate_options(playouts, seed).map_err(js_error)?;
        let game = self.game();
        let e = game.estimate(&o);
        let s = game.score_with(&e.dead_marks());
        Ok(object(&[
            ("ownership", Float32Array::from(&e.ownership[..]).into()),
            ("dead", points_js(e.dead.iter().copied()).into()),
            ("seki", points_js(e.seki.iter().copied()).into()),
            (
                "warnings",
                e.warnings.iter().map(warning_js).collect::<Array>().into(),
            ),
            (
                "score",
                object(&[
                    (
                        "winner",
                        s.winner.map_or(JsValue::NULL, |c| c.name().into()),
                    ),
                    ("margin", s.margin().into()),
                    ("result", s.result.as_str().into()),
                ]),
            ),
        ]))
    }
}
