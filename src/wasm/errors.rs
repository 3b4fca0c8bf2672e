//! Errors as JS values: an `Error` whose `code` is the core's stable code (and `reason` for a
//! refusal), with the details a record's errors carry.

use super::convert::point_js;
use crate::Error;
use js_sys::Reflect;
use wasm_bindgen::prelude::*;

pub(super) fn js_error(e: Error) -> JsValue {
    let err = js_sys::Error::new(&format!("{}: {}", e.code(), e.message()));
    let _ = Reflect::set(&err, &"code".into(), &e.code().into());
    if let Error::NotAllowed(r) = e {
        // Which refusal it was, so that a page need not guess from the action it tried.
        let _ = Reflect::set(&err, &"reason".into(), &r.reason().into());
    }
    err.into()
}

pub(super) fn bad(why: &'static str) -> JsValue {
    js_error(Error::InvalidOptions(why))
}

/// A JS error for the SGF methods: as `js_error`, with `offset` for an `sgf` error and
/// `moveNumber`, `player`, `point` and `rule` for an `illegalMove` one.
pub(super) fn sgf_error(e: Error) -> JsValue {
    let err = js_error(e);
    let set = |k: &str, v: JsValue| {
        let _ = Reflect::set(&err, &k.into(), &v);
    };
    match e {
        Error::Sgf { offset, .. } => set("offset", (offset as f64).into()),
        Error::IllegalMove {
            number,
            color,
            point,
            rule,
            ..
        } => {
            set("moveNumber", number.into());
            set("player", color.name().into());
            set("point", point.map_or(JsValue::NULL, point_js));
            set("rule", rule.into());
        }
        _ => {}
    }
    err
}
