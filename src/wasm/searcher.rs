//! The JS `Searcher`: a search that keeps its tree between calls (the page's workers and its
//! thinking on the opponent's time), its root statistics, and the decision from several
//! searchers' statistics merged.

use super::errors::{bad, js_error};
use super::instance::JsGame;
use super::memory::guard;
use super::options::player_options;
use super::player::details_js;
use crate::options;
use crate::player::{decide, GenmoveOptions, Searcher};
use js_sys::{Array, ArrayBuffer, Float64Array, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The most arrays of other searchers' statistics one decision merges.
const MAX_OTHERS: usize = 256;

/// A Monte Carlo searcher that keeps its tree between calls: `run` on a game that continues the
/// line last searched goes on from the subtree of the new position; `rootStats` and `decide`
/// merge several searchers of one position (one per worker) into one move.
#[wasm_bindgen(js_name = Searcher)]
pub struct JsSearcher {
    inner: Searcher,
    /// The seed given (the default of `decide`'s).
    seed: u64,
    /// The budget of the last run (the default of the check of a pass in `decide`).
    last: GenmoveOptions,
}

#[wasm_bindgen(js_class = Searcher)]
impl JsSearcher {
    /// A searcher whose fresh trees use `seed` (a whole number from 0 to 2^53, as `genmove`'s;
    /// default 1). Throws `invalidOptions` for a bad seed.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "number")] seed: JsValue,
    ) -> Result<JsSearcher, JsValue> {
        let seed = if seed.is_undefined() {
            GenmoveOptions::default().seed
        } else {
            let n = seed.as_f64().ok_or_else(|| bad("seed must be a number"))?;
            options::genmove_options(None, None, Some(n))
                .map_err(js_error)?
                .seed
        };
        Ok(JsSearcher {
            inner: Searcher::new(seed),
            seed,
            last: GenmoveOptions {
                seed,
                ..GenmoveOptions::default()
            },
        })
    }

    /// Runs simulations for `game`'s position within `{ playouts, timeMs }` (default 10,000
    /// playouts), on the tree kept from the last run when `game` continues its line, else on a
    /// fresh tree. Returns the simulations now behind the root. Changes nothing in `game`.
    /// Throws `notPlaying` once play has stopped or the game is over, `invalidOptions` for bad
    /// options.
    pub fn run(
        &mut self,
        game: &JsGame,
        #[wasm_bindgen(unchecked_optional_param_type = "SearchOptions")] options: JsValue,
    ) -> Result<u32, JsValue> {
        guard()?;
        let (o, _, _) = player_options(
            &options,
            &["playouts", "timeMs"],
            "search options must be an object { playouts, timeMs }",
            "search options may only be playouts and timeMs",
        )?;
        let mut clock = js_sys::Date::now;
        self.inner
            .run(game.game(), &o, &mut clock)
            .map_err(js_error)?;
        self.last = GenmoveOptions {
            seed: self.seed,
            ..o
        };
        Ok(self.inner.visits())
    }

    /// The statistics of the root's moves: rows of 5 numbers, `x, y` (`-1, -1` for the pass),
    /// visits, wins (for the player to move) and the sum of the final margins in points (for
    /// the player to move, komi included). Empty before any run.
    #[wasm_bindgen(js_name = rootStats)]
    pub fn root_stats(&self) -> Float64Array {
        let rows: Vec<f64> = self
            .inner
            .root_stats()
            .moves
            .iter()
            .flat_map(|m| {
                let (x, y) = m
                    .point
                    .map_or((-1.0, -1.0), |p| (f64::from(p.x), f64::from(p.y)));
                [x, y, f64::from(m.visits), f64::from(m.wins), m.margin_sum]
            })
            .collect();
        Float64Array::from(rows.as_slice())
    }

    /// The move for `game`, from this searcher's root (which must be `game`'s position: run it
    /// first) merged with the `rootStats()` of other searchers of the same position (rows for
    /// moves this root lacks are ignored), as `game.genmoveDetails` gives it. `options`:
    /// `{ seed, playouts, timeMs }`, the seed and budget of the check of a pass (default: the
    /// searcher's seed and its last run's budget). Changes nothing in `game`. Throws
    /// `notPlaying` once play has stopped or the game is over, `invalidOptions` for bad
    /// options, malformed statistics or a searcher that has not searched this position.
    #[wasm_bindgen(unchecked_return_type = "GenmoveDetails")]
    pub fn decide(
        &self,
        game: &JsGame,
        #[wasm_bindgen(unchecked_optional_param_type = "Float64Array[]")] others: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "DecideOptions")] options: JsValue,
    ) -> Result<JsValue, JsValue> {
        guard()?;
        let (o, budget, seeded) = player_options(
            &options,
            &["seed", "playouts", "timeMs"],
            "decide options must be an object { seed, playouts, timeMs }",
            "decide options may only be seed, playouts and timeMs",
        )?;
        let o = GenmoveOptions {
            seed: if seeded { o.seed } else { self.seed },
            ..if budget { o } else { self.last }
        };
        let g = game.game();
        let mut stats = self.inner.root_stats();
        let size = g.board().size();
        let others = stat_arrays(&others, size.area() + 1)?;
        if g.phase() == crate::Phase::Playing && g.handicap_left() == 0 && !self.inner.searched(g) {
            return Err(bad(
                "decide: this searcher has not searched the game's position (run it first)",
            ));
        }
        for rows in &others {
            for r in rows.chunks_exact(5) {
                let point = if r[0] < 0.0 {
                    None
                } else {
                    Some(
                        options::point(size, r[0], r[1])
                            .map_err(|_| bad("rootStats rows must hold points on this board"))?,
                    )
                };
                stats.add(point, r[2] as u32, r[3] as f32, r[4]);
            }
        }
        let mut clock = js_sys::Date::now;
        let thought = decide(g, &stats, &o, &mut clock).map_err(js_error)?;
        Ok(details_js(&thought))
    }
}

/// Other searchers' `rootStats()`: undefined, null or an array of at most [`MAX_OTHERS`]
/// `Float64Array`s of rows of 5 (at most `moves` rows): `x, y` whole numbers (`-1, -1` for the
/// pass), visits a whole number, wins from 0 to the visits, a finite margin sum. Each array is
/// copied by the engine (`new Float64Array(a)`, which reads no property a caller could
/// redefine); anything else is `invalidOptions`.
fn stat_arrays(v: &JsValue, moves: usize) -> Result<Vec<Vec<f64>>, JsValue> {
    const WHY: &str = "others must be an array of rootStats() arrays (Float64Array, rows of 5)";
    if v.is_undefined() || v.is_null() {
        return Ok(Vec::new());
    }
    let list = super::args::elements(v, MAX_OTHERS, WHY)?;
    let ctor: JsValue = Float64Array::new_with_length(0).constructor().into();
    let mut arrays = Vec::with_capacity(list.len());
    for a in list {
        if !ArrayBuffer::is_view(&a) || !a.is_instance_of::<Float64Array>() {
            return Err(bad(WHY));
        }
        let copy: Float64Array = Reflect::construct(ctor.unchecked_ref::<js_sys::Function>(), &Array::of1(&a))
            .map_err(|_| bad(WHY))?
            .dyn_into()
            .map_err(|_| bad(WHY))?;
        let n = copy.length() as usize;
        if n % 5 != 0 || n / 5 > moves {
            return Err(bad(WHY));
        }
        let rows = copy.to_vec();
        for r in rows.chunks_exact(5) {
            let pass = r[0] == -1.0 && r[1] == -1.0;
            let xy = |c: f64| options::whole(c, 0, 51).is_some();
            let visits = options::whole(r[2], 0, i64::from(u32::MAX)).is_some();
            let ok = (pass || (xy(r[0]) && xy(r[1])))
                && visits
                && r[3].is_finite()
                && r[3] >= 0.0
                && r[3] <= r[2]
                && r[4].is_finite();
            if !ok {
                return Err(bad(WHY));
            }
        }
        arrays.push(rows);
    }
    Ok(arrays)
}
