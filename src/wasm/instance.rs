//! The JS `Game`: a handle on the core's game and the count of live handles that the memory
//! guard reads.

use super::memory::LIVE_GAMES;
#[cfg(feature = "sgf")]
use crate::sgf::Cursor;
use crate::{Error, Game, Point};
use std::sync::atomic::Ordering;
use wasm_bindgen::prelude::*;

/// A game of Go under a ruleset. With SGF (the full package) every game is one model: a game
/// tree with a current node and the game there (`sgf::Cursor`), whether made by `new Game` or
/// read by `Game.fromSgf`; the core package has no tree, only the game.
#[wasm_bindgen(js_name = Game)]
pub struct JsGame {
    #[cfg(not(feature = "sgf"))]
    pub(super) game: Game,
    #[cfg(feature = "sgf")]
    pub(super) cursor: Box<Cursor>,
}

impl Drop for JsGame {
    fn drop(&mut self) {
        LIVE_GAMES.fetch_sub(1, Ordering::Relaxed);
    }
}

#[cfg(not(feature = "sgf"))]
impl JsGame {
    pub(super) fn of(game: Game) -> JsGame {
        LIVE_GAMES.fetch_add(1, Ordering::Relaxed);
        JsGame { game }
    }

    pub(super) fn game(&self) -> &Game {
        &self.game
    }

    pub(super) fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    pub(super) fn place_at(&mut self, p: Point) -> Result<u32, Error> {
        self.game.place(p)
    }

    pub(super) fn pass_now(&mut self) -> Result<bool, Error> {
        self.game.pass()
    }

    pub(super) fn undo_now(&mut self) -> Result<crate::Action, Error> {
        self.game.undo()
    }
}

#[cfg(feature = "sgf")]
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

    pub(super) fn game_mut(&mut self) -> &mut Game {
        self.cursor.game_mut()
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
