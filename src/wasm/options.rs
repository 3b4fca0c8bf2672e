//! The option objects of the API, read into the core's unvalidated options (which validate
//! them): `new Game`'s, `fromSgf`'s and `genmove`'s.

use super::args::*;
use super::errors::bad;
#[cfg(feature = "player")]
use super::errors::js_error;
#[cfg(any(feature = "sgf", feature = "player"))]
use crate::options;
use crate::options::{Options, PositionOption, RulesOption, SizeOption};
use wasm_bindgen::prelude::*;

pub(super) fn read_options(v: &JsValue) -> Result<Options, JsValue> {
    let mut o = Options::default();
    if v.is_undefined() || v.is_null() {
        return Ok(o);
    }
    if !is_object(v) {
        return Err(bad("options must be an object"));
    }
    let size = get(v, "size")?;
    if let Some(s) = size.as_f64() {
        o.size = Some(SizeOption::Square(s));
    } else if is_object(&size) {
        let side = |k: &str, why: &'static str| get(&size, k)?.as_f64().ok_or_else(|| bad(why));
        o.size = Some(SizeOption::Rect {
            width: side("width", "size.width must be a number")?,
            height: side("height", "size.height must be a number")?,
        });
    } else if !size.is_undefined() {
        return Err(bad("size must be a number or { width, height }"));
    }
    let rules = get(v, "rules")?;
    if let Some(name) = rules.as_string() {
        o.rules = Some(RulesOption {
            preset: Some(name),
            ..RulesOption::default()
        });
    } else if is_object(&rules) {
        let suicide = get(&rules, "suicide")?;
        o.rules = Some(RulesOption {
            preset: opt_string(&rules, "preset", "rules.preset must be a preset name")?,
            ko: opt_string(
                &rules,
                "ko",
                "rules.ko must be 'simple', 'positional' or 'situational'",
            )?,
            suicide: if suicide.is_undefined() {
                None
            } else {
                Some(
                    suicide
                        .as_bool()
                        .ok_or_else(|| bad("rules.suicide must be true or false"))?,
                )
            },
            scoring: opt_string(
                &rules,
                "scoring",
                "rules.scoring must be 'area' or 'territory'",
            )?,
            tie: opt_string(&rules, "tie", "rules.tie must be 'draw' or 'white'")?,
            dead_stones: opt_string(
                &rules,
                "deadStones",
                "rules.deadStones must be 'agreed' or 'as-it-stands'",
            )?,
        });
    } else if !rules.is_undefined() {
        return Err(bad("rules must be a preset name or an object"));
    }
    o.komi = opt_number(v, "komi", "komi must be a number")?;
    o.handicap = opt_number(v, "handicap", "handicap must be a number")?;
    o.handicap_placement = opt_string(
        v,
        "handicapPlacement",
        "handicapPlacement must be 'fixed' or 'free'",
    )?;
    let setup = get(v, "setup")?;
    if is_object(&setup) {
        o.position = Some(read_position(&setup)?);
    } else if !setup.is_undefined() {
        return Err(bad(
            "setup must be an object { black, white, toMove, captures }",
        ));
    }
    Ok(o)
}

/// `setup: { black: [[x, y], ...], white: [...], toMove, captures: { black, white } }`.
pub(super) fn read_position(v: &JsValue) -> Result<PositionOption, JsValue> {
    const POINTS: &str = "setup.black and setup.white must be arrays of [x, y]";
    let points = |key: &str| -> Result<Vec<(f64, f64)>, JsValue> {
        let list = get(v, key)?;
        if list.is_undefined() {
            return Ok(Vec::new());
        }
        // No caller-given length is trusted beyond the largest board's points.
        elements(&list, 52 * 52, POINTS)?
            .iter()
            .map(|p| match elements(p, 2, POINTS)?[..] {
                [ref x, ref y] => match (x.as_f64(), y.as_f64()) {
                    (Some(x), Some(y)) => Ok((x, y)),
                    _ => Err(bad(POINTS)),
                },
                _ => Err(bad(POINTS)),
            })
            .collect()
    };
    let captures = get(v, "captures")?;
    let (black_captures, white_captures) = if captures.is_undefined() {
        (None, None)
    } else if is_object(&captures) {
        const WHY: &str = "setup.captures must be { black, white } whole numbers from 0";
        (
            opt_number(&captures, "black", WHY)?,
            opt_number(&captures, "white", WHY)?,
        )
    } else {
        return Err(bad("setup.captures must be an object { black, white }"));
    };
    Ok(PositionOption {
        black: points("black")?,
        white: points("white")?,
        to_move: opt_string(v, "toMove", "setup.toMove must be 'black' or 'white'")?,
        black_captures,
        white_captures,
    })
}

/// `lenient` and `game` of the options of `Game.fromSgf` and `Game.sgfGames` (which
/// `read_options` has checked to be undefined, null or an object).
#[cfg(feature = "sgf")]
pub(super) fn sgf_options(options: &JsValue) -> Result<(bool, usize), JsValue> {
    if options.is_undefined() || options.is_null() {
        return Ok((false, 0));
    }
    let lenient = match get(options, "lenient")? {
        v if v.is_undefined() => false,
        v => v
            .as_bool()
            .ok_or_else(|| bad("lenient must be true or false"))?,
    };
    const WHY: &str = "game must be a whole number from 0 (the first game tree)";
    let index = match opt_number(options, "game", WHY)? {
        None => 0,
        Some(n) => options::whole(n, 0, i64::from(u32::MAX)).ok_or_else(|| bad(WHY))? as usize,
    };
    Ok((lenient, index))
}

/// The options of `toSgf`: undefined, null or an object with only `played`, `true` or `false`
/// (whether to write the game as saved on this device, its nodes played here marked).
#[cfg(feature = "sgf")]
pub(super) fn to_sgf_options(options: &JsValue) -> Result<bool, JsValue> {
    if options.is_undefined() || options.is_null() {
        return Ok(false);
    }
    const WHY: &str = "toSgf options must be an object { played: true or false }";
    if !is_object(options) {
        return Err(bad(WHY));
    }
    let keys = checked_keys(options).map_err(|_| bad(UNREADABLE))?;
    if keys
        .iter()
        .any(|k| k.as_string().as_deref() != Some("played"))
    {
        return Err(bad(WHY));
    }
    match get(options, "played")? {
        v if v.is_undefined() => Ok(false),
        v => v.as_bool().ok_or_else(|| bad(WHY)),
    }
}

/// The options of `genmove`: undefined, null or an object with only `playouts`, `timeMs` and
/// `seed` (a misspelt key would silently mean the default budget, so it is refused).
#[cfg(feature = "player")]
pub(super) fn genmove_options(options: &JsValue) -> Result<crate::player::GenmoveOptions, JsValue> {
    player_options(
        options,
        &["playouts", "timeMs", "seed"],
        "genmove options must be an object { playouts, timeMs, seed }",
        "genmove options may only be playouts, timeMs and seed",
    )
    .map(|(o, _, _)| o)
}

/// Options of the player's calls: undefined, null or an object with only the keys `keys` (some
/// of `playouts`, `timeMs` and `seed`), checked as `genmove`'s; with whether a budget and
/// whether a seed were given.
#[cfg(feature = "player")]
pub(super) fn player_options(
    options: &JsValue,
    keys: &[&str],
    not_object: &'static str,
    unknown_key: &'static str,
) -> Result<(crate::player::GenmoveOptions, bool, bool), JsValue> {
    if options.is_undefined() || options.is_null() {
        return Ok((
            options::genmove_options(None, None, None).map_err(js_error)?,
            false,
            false,
        ));
    }
    if !is_object(options) {
        return Err(bad(not_object));
    }
    let found = checked_keys(options).map_err(|_| bad(UNREADABLE))?;
    if found
        .iter()
        .any(|k| !k.as_string().is_some_and(|k| keys.contains(&k.as_str())))
    {
        return Err(bad(unknown_key));
    }
    let read = |key: &str, why| {
        if keys.contains(&key) {
            opt_number(options, key, why)
        } else {
            Ok(None)
        }
    };
    let playouts = read("playouts", "playouts must be a number")?;
    let time_ms = read("timeMs", "timeMs must be a number")?;
    let seed = read("seed", "seed must be a number")?;
    let budget = playouts.is_some() || time_ms.is_some();
    let o = options::genmove_options(playouts, time_ms, seed).map_err(js_error)?;
    Ok((o, budget, seed.is_some()))
}
