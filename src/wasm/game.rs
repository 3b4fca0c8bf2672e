//! The game API: play, pass, marks, the count, undo, and what the game says about itself.

use super::args::*;
use super::convert::*;
use super::errors::{bad, js_error};
use super::instance::JsGame;
use super::memory::{guard, room_for};
use super::options::read_options;
use crate::options;
use crate::{Color, Error, Move, Phase, Point};
use js_sys::{Array, Int8Array};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(js_class = Game)]
impl JsGame {
    /// `new Game({ size, rules, komi, handicap, handicapPlacement })`; bad options throw
    /// `invalidOptions`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "GameOptions")] options: JsValue,
    ) -> Result<JsGame, JsValue> {
        let game = read_options(&options)?
            .game_if(|area| room_for(area, 0))
            .map_err(js_error)?;
        Ok(JsGame::of(game))
    }

    #[cfg(feature = "app")]
    /// The presets and their settings, in the README's order: `Game.presets()`. Pages build
    /// their rule menus, default komi and reading of SGF `RU` from this instead of copying the
    /// rules (the one list: `rules::PRESETS`).
    #[wasm_bindgen(unchecked_return_type = "PresetInfo[]")]
    pub fn presets() -> Array {
        crate::rules::PRESETS
            .iter()
            .filter_map(|p| {
                let r = crate::Rules::preset(p.name).ok()?;
                let aliases: Array = p.aliases.iter().map(|&a| JsValue::from(a)).collect();
                Some(object(&[
                    ("name", p.name.into()),
                    ("ru", p.ru.into()),
                    ("ruAliases", aliases.into()),
                    ("komi", r.komi().into()),
                    ("ko", r.ko.name().into()),
                    ("suicide", r.suicide.into()),
                    ("scoring", r.scoring.name().into()),
                    ("deadStones", r.dead_stones.name().into()),
                    ("tie", r.tie.name().into()),
                ]))
            })
            .collect()
    }

    fn point(&self, x: &JsValue, y: &JsValue) -> Result<Point, JsValue> {
        let (Some(x), Some(y)) = (x.as_f64(), y.as_f64()) else {
            return Err(js_error(Error::OffBoard));
        };
        options::point(self.game().board().size(), x, y).map_err(js_error)
    }

    /// Plays for the side to move at (x, y); returns the number of stones captured.
    pub fn place(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
    ) -> Result<u32, JsValue> {
        guard()?;
        let p = self.point(&x, &y)?;
        self.place_at(p).map_err(js_error)
    }

    /// The points of the stones the last move captured.
    #[wasm_bindgen(js_name = lastCaptured, unchecked_return_type = "Point[]")]
    pub fn last_captured(&self) -> Array {
        points_js(self.game().board().last_captured())
    }

    /// Passes; `true` when this pass stopped play.
    pub fn pass(&mut self) -> Result<bool, JsValue> {
        guard()?;
        self.pass_now().map_err(js_error)
    }

    /// Resumes a stopped game at the request of `requester`; the opponent moves next.
    pub fn resume(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Player")] requester: JsValue,
    ) -> Result<(), JsValue> {
        guard()?;
        let c = player(&requester)?;
        self.act(|g| g.resume(c)).map_err(js_error)
    }

    /// Toggles the dead mark of the chain at (x, y); returns the points it changed.
    #[wasm_bindgen(js_name = markDead, unchecked_return_type = "Point[]")]
    pub fn mark_dead(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
    ) -> Result<Array, JsValue> {
        guard()?;
        let p = self.point(&x, &y)?;
        self.act(|g| g.toggle_dead(p))
            .map(points_js)
            .map_err(js_error)
    }

    /// Marks (`dead` true) or unmarks the chain at (x, y); returns the points it changed.
    #[wasm_bindgen(js_name = setDead, unchecked_return_type = "Point[]")]
    pub fn set_dead(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
        #[wasm_bindgen(unchecked_param_type = "boolean")] dead: JsValue,
    ) -> Result<Array, JsValue> {
        guard()?;
        let p = self.point(&x, &y)?;
        let dead = dead
            .as_bool()
            .ok_or_else(|| bad("dead must be true or false"))?;
        self.act(|g| g.set_dead(p, dead))
            .map(points_js)
            .map_err(js_error)
    }

    /// The count of the current position (provisional while playing).
    #[wasm_bindgen(unchecked_return_type = "Score")]
    pub fn score(&self) -> Result<JsValue, JsValue> {
        guard()?;
        Ok(score_js(&self.game().score()))
    }

    /// Undoes the last action.
    pub fn undo(&mut self) -> Result<(), JsValue> {
        guard()?;
        self.undo_now().map(|_| ()).map_err(js_error)
    }

    #[cfg(feature = "app")]
    /// `player` resigns.
    pub fn resign(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Player")] player_: JsValue,
    ) -> Result<(), JsValue> {
        guard()?;
        let c = player(&player_)?;
        self.act(|g| g.resign(c)).map_err(js_error)
    }

    /// Accepts the count of a stopped game.
    pub fn finish(&mut self) -> Result<(), JsValue> {
        guard()?;
        self.act(|g| g.finish()).map_err(js_error)
    }

    #[cfg(feature = "app")]
    /// Ends the game without result after a repetition (simple-ko rulesets).
    #[wasm_bindgen(js_name = declareNoResult)]
    pub fn declare_no_result(&mut self) -> Result<(), JsValue> {
        guard()?;
        self.act(|g| g.declare_no_result()).map_err(js_error)
    }

    /// `null` if `player` (default: the side to move) may play at (x, y), else the error code.
    /// For the player not to move: whether it could play there if it were its turn (the basic
    /// ko ban is the side to move's only). A bad `player` gives `invalidOptions`.
    #[wasm_bindgen(unchecked_return_type = "ErrorCode | null")]
    pub fn legality(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "Player")] player_: JsValue,
    ) -> JsValue {
        let color = if player_.is_undefined() {
            self.game().to_move()
        } else {
            match player(&player_) {
                Ok(c) => c,
                Err(_) => return "invalidOptions".into(),
            }
        };
        let r = match (x.as_f64(), y.as_f64()) {
            (Some(x), Some(y)) => options::point(self.game().board().size(), x, y)
                .and_then(|p| self.game().legality_for(p, color)),
            _ => Err(Error::OffBoard),
        };
        match r {
            Ok(()) => JsValue::NULL,
            Err(e) => e.code().into(),
        }
    }

    /// Candidate points for a random playout: row-major indices of the empty points that are
    /// not the side to move's own single-point eyes (legality is still decided by `place`).
    /// With the playouts (the `estimate` feature): not in the embed package.
    #[cfg(feature = "estimate")]
    #[wasm_bindgen(js_name = playoutMoves)]
    pub fn playout_moves(&self) -> js_sys::Int32Array {
        let c = self.game().playout_candidates();
        let v: Vec<i32> = c.into_iter().map(|i| i as i32).collect();
        js_sys::Int32Array::from(&v[..])
    }

    /// The board, row-major: 1 Black, -1 White, 0 empty.
    pub fn board(&self) -> Int8Array {
        Int8Array::from(&self.game().board().to_signs()[..])
    }

    /// Columns.
    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u32 {
        self.game().board().size().width()
    }

    /// Rows.
    #[wasm_bindgen(getter)]
    pub fn height(&self) -> u32 {
        self.game().board().size().height()
    }

    /// Whose turn it is.
    #[wasm_bindgen(getter, js_name = toMove, unchecked_return_type = "Player")]
    pub fn to_move(&self) -> JsValue {
        self.game().to_move().name().into()
    }

    /// `playing`, `stopped` or `finished`.
    #[wasm_bindgen(getter, unchecked_return_type = "Phase")]
    pub fn phase(&self) -> JsValue {
        let p: Phase = self.game().phase();
        p.name().into()
    }

    /// Stones captured during play: `{ black, white }`.
    #[wasm_bindgen(getter, unchecked_return_type = "{ black: number; white: number }")]
    pub fn captures(&self) -> JsValue {
        let g = self.game();
        object(&[
            ("black", g.captures(Color::Black).into()),
            ("white", g.captures(Color::White).into()),
        ])
    }

    /// Moves played (stones and passes).
    #[wasm_bindgen(getter, js_name = moveNumber)]
    pub fn move_number(&self) -> u32 {
        self.game().move_number()
    }

    /// Free handicap stones Black has still to place (0 once placed, and with fixed handicap).
    #[wasm_bindgen(getter, js_name = handicapLeft)]
    pub fn handicap_left(&self) -> u32 {
        self.game().handicap_left()
    }

    /// How a finished game ended: `'counted'` (the count accepted, or the board counted as it
    /// stands), `'resigned'` (`score().winner` says who won), `'noResult'`; null before the end.
    #[wasm_bindgen(
        getter,
        unchecked_return_type = "'counted' | 'resigned' | 'noResult' | null"
    )]
    pub fn outcome(&self) -> JsValue {
        match self.game().outcome() {
            Some(crate::game::Outcome::Counted) => "counted".into(),
            Some(crate::game::Outcome::Resigned(_)) => "resigned".into(),
            Some(crate::game::Outcome::NoResult) => "noResult".into(),
            None => JsValue::NULL,
        }
    }

    /// The last move: `{ player, point }` (`point` null for a pass), or null.
    #[wasm_bindgen(getter, js_name = lastMove, unchecked_return_type = "LastMove | null")]
    pub fn last_move(&self) -> JsValue {
        match self.game().last_move() {
            None => JsValue::NULL,
            Some(Move { color, point }) => object(&[
                ("player", color.name().into()),
                ("point", point.map_or(JsValue::NULL, point_js)),
            ]),
        }
    }

    /// The point where the side to move may not retake a basic ko, or null.
    #[wasm_bindgen(getter, js_name = koPoint, unchecked_return_type = "Point | null")]
    pub fn ko_point(&self) -> JsValue {
        self.game().ko_point().map_or(JsValue::NULL, point_js)
    }

    /// The latest whole-board repetition `{ moveNumber, firstSeen }`, or null.
    #[wasm_bindgen(getter, unchecked_return_type = "Repetition | null")]
    pub fn repetition(&self) -> JsValue {
        match self.game().repetition() {
            None => JsValue::NULL,
            Some(r) => object(&[
                ("moveNumber", r.move_number.into()),
                ("firstSeen", r.first_seen.into()),
            ]),
        }
    }
}
