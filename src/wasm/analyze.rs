//! The analysis of a position and the review kept in the record (the `player` feature):
//! `game.analyze`, `setAnalysis` and `analysisAt`. Conversions only: the search is
//! `crate::player::analyze`'s, the properties `crate::tree::NodeAnalysis`'s.

use super::args::*;
use super::convert::*;
use super::errors::{bad, js_error};
use super::instance::JsGame;
use super::memory::guard;
use super::tree::{optional_path, path_steps};
use crate::options::{self, whole};
use crate::player::{AnalyzeOptions, AnalyzedMove};
use crate::point::Point;
use crate::tree::NodeAnalysis;
use js_sys::{Array, Float32Array};
use wasm_bindgen::prelude::*;

const VALUE: &str = "the analysis must be null or { winRate: 0 to 1, scoreLead: -10000 to 10000, \
                     visits: a whole number from 0 to 2^32 - 1, best?: [x, y] }";

/// The options of `analyze`: undefined, null or an object with only `playouts`, `timeMs` and
/// `seed`, in `genmove`'s ranges.
fn analyze_options(options: &JsValue) -> Result<AnalyzeOptions, JsValue> {
    const KEYS: [&str; 3] = ["playouts", "timeMs", "seed"];
    if options.is_undefined() || options.is_null() {
        return Ok(AnalyzeOptions::default());
    }
    if !is_object(options) {
        return Err(bad(
            "analyze options must be an object { playouts, timeMs, seed }",
        ));
    }
    let keys = checked_keys(options).map_err(|_| bad(UNREADABLE))?;
    if keys
        .iter()
        .any(|k| !k.as_string().is_some_and(|k| KEYS.contains(&k.as_str())))
    {
        return Err(bad("analyze options may only be playouts, timeMs and seed"));
    }
    let o = options::genmove_options(
        opt_number(options, "playouts", "playouts must be a number")?,
        opt_number(options, "timeMs", "timeMs must be a number")?,
        opt_number(options, "seed", "seed must be a number")?,
    )
    .map_err(js_error)?;
    AnalyzeOptions::new(o.playouts, o.time_ms, o.seed).map_err(js_error)
}

/// `[x, y]`.
fn pair(p: Point) -> JsValue {
    Array::of2(&p.x.into(), &p.y.into()).into()
}

fn candidate_js(c: &AnalyzedMove) -> JsValue {
    object(&[
        ("x", c.point.x.into()),
        ("y", c.point.y.into()),
        ("visits", c.visits.into()),
        ("winRate", c.win_rate.into()),
        ("scoreLead", c.score_lead.into()),
        (
            "pv",
            c.pv.iter().map(|&p| pair(p)).collect::<Array>().into(),
        ),
    ])
}

#[wasm_bindgen(js_class = Game)]
impl JsGame {
    /// Analyses the current position for the player to move, in every phase, without changing
    /// the game: `{ winRate, scoreLead, playouts, ownership, candidates }` (see `Analysis`).
    /// `invalidOptions` for bad options.
    #[wasm_bindgen(unchecked_return_type = "Analysis")]
    pub fn analyze(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "AnalyzeOptions")] options: JsValue,
    ) -> Result<JsValue, JsValue> {
        guard()?;
        let o = analyze_options(&options)?;
        let mut clock = js_sys::Date::now;
        let a = crate::player::analyze(self.game(), &o, &mut clock).map_err(js_error)?;
        Ok(object(&[
            ("winRate", a.win_rate.into()),
            ("scoreLead", a.score_lead.into()),
            ("playouts", a.playouts.into()),
            ("ownership", Float32Array::from(&a.ownership[..]).into()),
            (
                "candidates",
                a.candidates
                    .iter()
                    .map(candidate_js)
                    .collect::<Array>()
                    .into(),
            ),
        ]))
    }

    /// Writes an analysis into the node at `path` (as `goTo` takes it), figures for the player
    /// to move there, as the properties `SBKV` (Black's win rate in percent), `SBKS` (Black's
    /// score lead) and `TA` (the playouts and the preferred move) that `toSgf` writes; null
    /// removes them. Not an edit: the cursor stays, undo does not take it back.
    /// `invalidOptions` for a path that names no node or a bad value, `offBoard` for a `best`
    /// off the board (nothing is changed then).
    #[wasm_bindgen(js_name = setAnalysis)]
    pub fn set_analysis(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number[]")] path: JsValue,
        #[wasm_bindgen(unchecked_param_type = "NodeAnalysisInput | null")] value: JsValue,
    ) -> Result<(), JsValue> {
        guard()?;
        let steps = path_steps(&path)?;
        let analysis = if value.is_null() {
            None
        } else {
            if !is_object(&value) {
                return Err(bad(VALUE));
            }
            let number = |key| -> Result<f64, JsValue> {
                get(&value, key)?
                    .as_f64()
                    .filter(|v| v.is_finite())
                    .ok_or_else(|| bad(VALUE))
            };
            let (win_rate, lead, visits) =
                (number("winRate")?, number("scoreLead")?, number("visits")?);
            let visits = whole(visits, 0, i64::from(u32::MAX)).ok_or_else(|| bad(VALUE))? as u32;
            let best = get(&value, "best")?;
            let best = if best.is_undefined() || best.is_null() {
                None
            } else {
                let xy = elements(&best, 2, VALUE)?;
                let [x, y] = &xy[..] else {
                    return Err(bad(VALUE));
                };
                let (Some(x), Some(y)) = (x.as_f64(), y.as_f64()) else {
                    return Err(bad(VALUE));
                };
                let size = self.game().board().size();
                Some(options::point(size, x, y).map_err(js_error)?)
            };
            Some(NodeAnalysis::new(win_rate, Some(lead), Some(visits), best).map_err(js_error)?)
        };
        self.cursor
            .set_analysis(&steps, analysis.as_ref())
            .map_err(js_error)
    }

    /// The analysis the node at `path` holds (default: the current node), for the player to
    /// move there: `{ winRate, scoreLead, visits, best }` (`scoreLead`, `visits`, `best` null
    /// when the record does not say: a Sabaki file's `SBKV` alone gives the win rate), or null
    /// (no `SBKV`, or a path that names no node).
    #[wasm_bindgen(js_name = analysisAt, unchecked_return_type = "NodeAnalysis | null")]
    pub fn analysis_at(
        &mut self,
        #[wasm_bindgen(unchecked_optional_param_type = "number[]")] path: JsValue,
    ) -> Result<JsValue, JsValue> {
        guard()?;
        let steps = optional_path(&path)?;
        let Some(a) = self.cursor.analysis_at(steps.as_deref()) else {
            return Ok(JsValue::NULL);
        };
        Ok(object(&[
            ("winRate", a.win_rate.into()),
            (
                "scoreLead",
                a.score_lead.map_or(JsValue::NULL, JsValue::from),
            ),
            ("visits", a.visits.map_or(JsValue::NULL, JsValue::from)),
            ("best", a.best.map_or(JsValue::NULL, pair)),
        ]))
    }
}
