//! The memory guard: a new game or a call that may allocate is refused with `outOfMemory`
//! instead of an allocation failure that would trap and end every game of the page.

use super::errors::js_error;
use crate::Error;
use std::sync::atomic::{AtomicUsize, Ordering};
use wasm_bindgen::prelude::*;

/// Refuses a new game (`outOfMemory`) unless there is memory for it: a board of `area` points
/// and a record of `input` bytes, with room to spare for the games already made (see
/// [`crate::error::ensure_room`]). A page that makes games and never frees them gets this
/// error instead of a trap that would end every game.
pub(super) fn room_for(area: usize, input: usize) -> Result<(), Error> {
    // The new game, and 4 KB for each game already made to go on playing once no new game fits.
    let live = LIVE_GAMES.load(Ordering::Relaxed);
    let bytes = area
        .saturating_mul(64)
        .saturating_add(input.saturating_mul(32))
        .saturating_add(live.saturating_mul(4096));
    crate::error::ensure_room(bytes)
}

/// Games alive in this module (made, not yet freed or collected).
pub(super) static LIVE_GAMES: AtomicUsize = AtomicUsize::new(0);

/// Memory beyond which every call that may allocate first checks that some is left: a page this
/// large may be near what the browser grants (256 MB; below it a call costs nothing more).
#[cfg(target_arch = "wasm32")]
pub(super) const LARGE_MEMORY_PAGES: usize = 256 << 4;

/// Before a call that may allocate: once the module's memory is large, `outOfMemory` (and the
/// call changes nothing) unless a few MB are left, instead of an allocation that fails (a trap
/// that would end every game of the page).
pub(super) fn guard() -> Result<(), JsValue> {
    #[cfg(target_arch = "wasm32")]
    if core::arch::wasm32::memory_size::<0>() > LARGE_MEMORY_PAGES {
        return crate::error::ensure_room(0).map_err(js_error);
    }
    Ok(())
}
