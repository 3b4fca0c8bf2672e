//! The JavaScript facade: conversions between JS values and the core, nothing else.
//!
//! Every failure becomes a JS `Error` whose `code` property is the core's stable code and whose
//! message says what happened. Arguments are taken as `JsValue` and checked here, so that a
//! string, `NaN` or a fraction is refused instead of being coerced to a number by the glue.
//!
//! One file per concern: reading arguments (`args`, `options`), conversions (`convert`), errors
//! (`errors`), the memory guard (`memory`), the TypeScript declarations (`types`), the JS `Game`
//! handle (`instance`) and one file per API area (`game`, `tree`, `info`, `record`, `estimate`,
//! `player`, `analyze`). What only a whole app calls (setting game information, `Game.presets()`, `resign`,
//! `declareNoResult`) needs the `app` feature, which the embed package leaves out.
//!
//! The SGF methods (`Game.fromSgf`, `toSgf`, moving in the game tree) exist only with the `sgf`
//! feature, so the core package (built without it) carries none of their code.

#[cfg(feature = "player")]
mod analyze;
mod args;
mod convert;
#[cfg(feature = "edit")]
mod edit;
mod errors;
#[cfg(feature = "estimate")]
mod estimate;
mod game;
mod info;
mod instance;
mod memory;
#[cfg(feature = "opponent")]
mod opponent;
mod options;
#[cfg(feature = "player")]
mod player;
#[cfg(feature = "sgf")]
mod record;
mod tree;
mod types;

pub use instance::JsGame;

/// With `small-alloc`, the allocator is talc, which takes memory from the module as it needs it,
/// instead of the standard library's dlmalloc: about 7 KB smaller built for size (2.8 KB
/// gzipped, what lets `<tengen-board>` keep its budget). A failed allocation still returns
/// null, so `try_reserve` (the memory guard) sees it.
#[cfg(all(feature = "small-alloc", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

use wasm_bindgen::prelude::*;

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}
