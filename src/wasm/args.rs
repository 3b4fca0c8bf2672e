//! Reading the caller's values. A getter or a Proxy trap can throw at any read; a JS exception
//! that crossed wasm frames would leave the game borrowed for good. So every read that can run
//! caller code goes through a catching import (`Reflect.get`, `Array.isArray` below) and a throw
//! becomes `invalidOptions`; no caller-given length is trusted before it is bounded. Arguments are
//! checked, never coerced: a string, `NaN` or a fraction is refused.

use super::errors::{bad, js_error};
use crate::options;
use crate::{Color, Error, Refusal};
use js_sys::{Array, Reflect};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// `Array.isArray`, which throws for a revoked Proxy.
    #[wasm_bindgen(catch, js_namespace = Array, js_name = isArray)]
    pub(super) fn checked_is_array(v: &JsValue) -> Result<bool, JsValue>;
    /// `Object.keys(v)`, which runs a Proxy's `ownKeys` trap and may throw.
    #[wasm_bindgen(catch, js_namespace = Object, js_name = keys)]
    pub(super) fn checked_keys(v: &JsValue) -> Result<Array, JsValue>;
}

#[wasm_bindgen]
extern "C" {
    /// `Array.prototype.slice.call(v, start, end)`: a plain array of at most `end - start`
    /// elements, read through the caller's getters and Proxy traps, which may throw.
    #[wasm_bindgen(catch, js_namespace = ["Array", "prototype", "slice"], js_name = call)]
    pub(super) fn checked_slice(v: &JsValue, start: u32, end: u32) -> Result<JsValue, JsValue>;
    /// `JSON.stringify(v)`, which runs the elements' `toJSON` and may throw.
    #[wasm_bindgen(catch, js_namespace = JSON, js_name = stringify)]
    pub(super) fn checked_stringify(v: &JsValue) -> Result<JsValue, JsValue>;
}

/// A JS array of whole numbers from 0 to 2^32 - 1, at most `max` of them (a path), read in
/// three calls instead of one per element: a bounded plain copy (a Proxy cannot lie about its
/// length past `max`), its JSON text, and the digits parsed here. Anything but digits (a string,
/// `NaN`, `1.5`, a hole, an object) is `invalidOptions` with `why`; a throw, `UNREADABLE`.
pub(super) fn whole_numbers(
    v: &JsValue,
    max: usize,
    why: &'static str,
) -> Result<Vec<usize>, JsValue> {
    let n = array_length(v, max, why)?;
    let copy = checked_slice(v, 0, n as u32).map_err(|_| bad(UNREADABLE))?;
    let text = checked_stringify(&copy)
        .map_err(|_| bad(UNREADABLE))?
        .as_string()
        .ok_or_else(|| bad(why))?;
    let inner = text
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .ok_or_else(|| bad(why))?;
    if inner.is_empty() {
        return Ok(Vec::new());
    }
    inner
        .split(',')
        .map(|x| {
            let digits = !x.is_empty() && x.len() <= 10 && x.bytes().all(|b| b.is_ascii_digit());
            digits
                .then(|| x.parse::<u32>().ok())
                .flatten()
                .map(|i| i as usize)
                .ok_or_else(|| bad(why))
        })
        .collect()
}

pub(super) const UNREADABLE: &str = "an argument could not be read (a getter or a Proxy threw)";

/// `obj[key]`, or `invalidOptions` when reading it throws.
pub(super) fn get(obj: &JsValue, key: &str) -> Result<JsValue, JsValue> {
    Reflect::get(obj, &key.into()).map_err(|_| bad(UNREADABLE))
}

/// Whether `v` is a JS array (a throwing Proxy is not).
pub(super) fn is_array(v: &JsValue) -> bool {
    checked_is_array(v).unwrap_or(false)
}

/// The length of a JS array, read once and bounded by `max`: `invalidOptions` with `why` for
/// anything else.
pub(super) fn array_length(v: &JsValue, max: usize, why: &'static str) -> Result<i64, JsValue> {
    if !is_array(v) {
        return Err(bad(why));
    }
    get(v, "length")?
        .as_f64()
        .and_then(|n| options::whole(n, 0, max as i64))
        .ok_or_else(|| bad(why))
}

/// The elements of a JS array, read one by one (each read may throw), at most `max` of them:
/// `invalidOptions` with `why` for anything else.
pub(super) fn elements(
    v: &JsValue,
    max: usize,
    why: &'static str,
) -> Result<Vec<JsValue>, JsValue> {
    let n = array_length(v, max, why)?;
    (0..n as u32)
        .map(|i| Reflect::get_u32(v, i).map_err(|_| bad(UNREADABLE)))
        .collect()
}

pub(super) fn opt_number(
    obj: &JsValue,
    key: &str,
    why: &'static str,
) -> Result<Option<f64>, JsValue> {
    let v = get(obj, key)?;
    if v.is_undefined() {
        return Ok(None);
    }
    v.as_f64().map(Some).ok_or_else(|| bad(why))
}

pub(super) fn opt_string(
    obj: &JsValue,
    key: &str,
    why: &'static str,
) -> Result<Option<String>, JsValue> {
    let v = get(obj, key)?;
    if v.is_undefined() {
        return Ok(None);
    }
    v.as_string().map(Some).ok_or_else(|| bad(why))
}

pub(super) fn is_object(v: &JsValue) -> bool {
    v.is_object() && !is_array(v)
}

pub(super) fn player(v: &JsValue) -> Result<Color, JsValue> {
    v.as_string()
        .and_then(|s| match s.as_str() {
            "black" => Some(Color::Black),
            "white" => Some(Color::White),
            _ => None,
        })
        .ok_or_else(|| js_error(Error::NotAllowed(Refusal::NotAPlayer)))
}

/// A child index: a whole number from 0.
pub(super) fn index(v: &JsValue, why: &'static str) -> Result<usize, JsValue> {
    v.as_f64()
        .and_then(|n| options::whole(n, 0, u32::MAX as i64))
        .map(|n| n as usize)
        .ok_or_else(|| bad(why))
}
