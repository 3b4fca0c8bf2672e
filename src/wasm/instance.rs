//! The JS `Game`: a handle on the engine's game tree with a current node (`tree::Cursor`),
//! whether made by `new Game` (a tree of the moves played) or read by `Game.fromSgf`, and the
//! count of live handles that the memory guard reads.

use super::memory::LIVE_GAMES;
use crate::tree::Cursor;
use crate::{Error, Game, Point};
use std::sync::atomic::Ordering;
use wasm_bindgen::prelude::*;

/// A game of Go under a ruleset: one model in every package, a game tree with a current node and
/// the game there.
#[wasm_bindgen(js_name = Game)]
pub struct JsGame {
    pub(super) cursor: Box<Cursor>,
}

impl Drop for JsGame {
    fn drop(&mut self) {
        LIVE_GAMES.fetch_sub(1, Ordering::Relaxed);
    }
}

impl JsGame {
    pub(super) fn of(game: Game) -> JsGame {
        JsGame::of_cursor(Cursor::from_game(game))
    }

    pub(super) fn of_cursor(cursor: Cursor) -> JsGame {
        LIVE_GAMES.fetch_add(1, Ordering::Relaxed);
        JsGame {
            cursor: Box::new(cursor),
        }
    }

    pub(super) fn game(&self) -> &Game {
        self.cursor.game()
    }

    /// An action on the game (resuming, marking dead stones, resigning, ...): undo takes it
    /// back, and after it the latest thing done is no longer an edit.
    pub(super) fn act<R>(
        &mut self,
        f: impl FnOnce(&mut Game) -> Result<R, Error>,
    ) -> Result<R, Error> {
        let r = f(self.cursor.game_mut());
        if r.is_ok() {
            self.cursor.acted();
        }
        r
    }

    pub(super) fn place_at(&mut self, p: Point) -> Result<u32, Error> {
        self.cursor.play(p)
    }

    pub(super) fn pass_now(&mut self) -> Result<bool, Error> {
        self.cursor.pass()
    }

    pub(super) fn undo_now(&mut self) -> Result<(), Error> {
        self.cursor.undo()
    }

    pub(super) fn read<R>(&self, f: impl FnOnce(&Cursor) -> R) -> R {
        f(&self.cursor)
    }
}
