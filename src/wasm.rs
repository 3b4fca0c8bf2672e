//! The JavaScript facade: conversions between JS values and the core, nothing else.
//!
//! Every failure becomes a JS `Error` whose `code` property is the core's stable code and whose
//! message says what happened. Arguments are taken as `JsValue` and checked here, so that a
//! string, `NaN` or a fraction is refused instead of being coerced to a number by the glue.
//!
//! The SGF methods (`Game.fromSgf`, `toSgf`, moving in the game tree) exist only with the `sgf`
//! feature, so the core package (built without it) carries none of their code.

use crate::options::{self, Options, PositionOption, RulesOption, SizeOption};
use crate::{
    Color, Error, Game, Move, Phase, Point, PointKind, Refusal, Score, SideScore, Warning,
};
#[cfg(feature = "estimate")]
use js_sys::Float32Array;
use js_sys::{Array, Int8Array, Object, Reflect};
#[cfg(feature = "sgf")]
use serde::Serialize;
use std::sync::atomic::{AtomicUsize, Ordering};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &str = r#"
/** A point: [x, y], x the column from the left, y the row from the top, from 0. */
export type Point = [number, number];
export type Player = 'black' | 'white';
export type Phase = 'playing' | 'stopped' | 'finished';
/**
 * Every code an error of the API carries: the rules' refusals, bad arguments (`invalidOptions`,
 * also for an argument whose getter or Proxy throws), records (`sgf`, `illegalMove`), a game
 * used after `free()` (`freed`) or called from inside one of its own calls (`busy`), a new game
 * refused because the memory left would not hold it (`outOfMemory`: free games no longer used).
 */
export type ErrorCode = 'offBoard' | 'occupied' | 'suicide' | 'ko' | 'superko' | 'notPlaying'
  | 'notStopped' | 'notAllowed' | 'noStone' | 'invalidOptions' | 'sgf' | 'illegalMove' | 'freed'
  | 'busy' | 'outOfMemory';
/**
 * The `reason` of a `notAllowed` error (the error's `reason` property): which refusal it was.
 */
export type RefusalReason = 'handicapFirst' | 'nothingToUndo' | 'asItStands' | 'allAlive'
  | 'repetitionForbidden' | 'noRepetition' | 'notAPlayer' | 'unreplayable';
/** What every method throws: an `Error` with its code (and, for `notAllowed`, its reason). */
export interface TengenError extends Error {
    code: ErrorCode;
    reason?: RefusalReason;
}
export type PresetName = 'japanese-1989' | 'wagc-1979' | 'simple' | 'basic' | 'chinese' | 'aga'
  | 'new-zealand' | 'tromp-taylor';
export interface RulesOptions {
  preset?: PresetName;
  ko?: 'simple' | 'positional' | 'situational';
  suicide?: boolean;
  scoring?: 'area' | 'territory';
  tie?: 'draw' | 'white';
  deadStones?: 'agreed' | 'as-it-stands';
}
/**
 * A set-up position: the game starts from it (not moves); `undo` goes back to it. Captures are
 * the prisoners each player took before it.
 */
export interface SetupPosition {
  black?: Point[];
  white?: Point[];
  toMove?: Player;
  captures?: { black?: number; white?: number };
}
export interface GameOptions {
  /** A side from 2 to 52, or width and height each from 1 to 52 (1xN boards too, not 1x1). */
  size?: number | { width: number; height: number };
  /** Start from this position; `handicap` then places nothing (it counts for area compensation). */
  setup?: SetupPosition;
  rules?: PresetName | RulesOptions;
  komi?: number;
  handicap?: number;
  handicapPlacement?: 'fixed' | 'free';
}
export interface PresetInfo {
  name: PresetName;
  /** The SGF `RU` a record of this preset is written with. */
  ru: string;
  /** The `RU` values read as this preset: letters and digits only, lower case, a final `rules` dropped. */
  ruAliases: string[];
  komi: number;
  ko: 'simple' | 'positional' | 'situational';
  suicide: boolean;
  scoring: 'area' | 'territory';
  deadStones: 'agreed' | 'as-it-stands';
  tie: 'draw' | 'white';
}
export interface SideScore { stones: number; territory: number; prisoners: number; total: number; }
/** What a point is in the count; `kinds` in a Score holds these as indices. */
export type PointKindName = 'dame' | 'territory' | 'sekiEye' | 'stone' | 'sekiStone' | 'dead' | 'deadStays'
  | 'sekiLiberty' | 'protectiveFill';
/**
 * A dead mark that contradicts J89 Art. 7: `capturable`, an unmarked chain that can be captured
 * whatever the defence; `uncapturable`, a chain marked dead that cannot be captured.
 */
export type WarningCode = 'capturable' | 'uncapturable';
/** A chain whose mark contradicts the analysis; it is counted as its mark says and affects only its own region. */
export interface ScoreWarning { code: WarningCode; points: Point[]; }
/** Options of `game.estimate`: playouts (1 to 100000; default by board size) and seed. */
export interface EstimateOptions { playouts?: number; seed?: number; }
/**
 * An estimate: ownership per point row-major in [-1, 1] (Black positive), the stones proposed
 * dead and those alive in seki, and the count with the proposal.
 */
export interface Estimate {
  ownership: Float32Array;
  dead: Point[];
  seki: Point[];
  score: { winner: Player | null; margin: number; result: string };
}
export interface Score {
  scoring: 'area' | 'territory';
  komi: number;
  /** White's handicap compensation beyond komi (area counting, `chinese` and `aga`); else 0. */
  compensation: number;
  black: SideScore;
  white: SideScore;
  winner: Player | null;
  margin: number;
  result: string;
  dead: Point[];
  /** Row-major: 1 Black, -1 White, 0 neither. */
  ownership: Int8Array;
  /** Row-major indices into `kindNames`. */
  kinds: Int8Array;
  kindNames: PointKindName[];
  /** Row-major: who each point counts for in the totals (1 Black, -1 White, 0 nobody). */
  countsFor: Int8Array;
  /** Chains whose dead marks contradict J89 Art. 7 (none where the board is counted as it stands). */
  warnings: ScoreWarning[];
}
export interface LastMove { player: Player; point: Point | null; }
export interface Repetition { moveNumber: number; firstSeen: number; }
export interface GameError extends Error { code: ErrorCode; }
"#;

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

#[cfg(feature = "sgf")]
#[wasm_bindgen]
extern "C" {
    /// The host's `TextDecoder` (every browser, Node, Deno): it decodes the charsets of SGF
    /// files beyond UTF-8 and Latin-1, so the package carries no decoding tables.
    #[wasm_bindgen(js_name = TextDecoder)]
    type HostDecoder;
    /// `new TextDecoder(label)`, which throws for a label the host does not know.
    #[wasm_bindgen(catch, constructor, js_class = "TextDecoder")]
    fn new(label: &str) -> Result<HostDecoder, JsValue>;
    #[wasm_bindgen(catch, method, js_class = "TextDecoder")]
    fn decode(this: &HostDecoder, bytes: &[u8]) -> Result<String, JsValue>;
}

/// Decodes a value's bytes with the host's `TextDecoder` (not fatal: invalid bytes become
/// U+FFFD, which is how they are told apart here).
#[cfg(feature = "sgf")]
fn host_decode(name: &str, bytes: &[u8]) -> Option<(String, bool)> {
    let text = HostDecoder::new(name).ok()?.decode(bytes).ok()?;
    let replaced = text.chars().any(|c| c == char::REPLACEMENT_CHARACTER);
    Some((text, replaced))
}

fn js_error(e: Error) -> JsValue {
    let err = js_sys::Error::new(&format!("{}: {}", e.code(), e.message()));
    let _ = Reflect::set(&err, &"code".into(), &e.code().into());
    if let Error::NotAllowed(r) = e {
        // Which refusal it was, so that a page need not guess from the action it tried.
        let _ = Reflect::set(&err, &"reason".into(), &r.reason().into());
    }
    err.into()
}

/// Refuses a new game (`outOfMemory`) unless there is memory for it: a board of `area` points
/// and a record of `input` bytes, with room to spare for the games already made (see
/// [`crate::error::ensure_room`]). A page that makes games and never frees them gets this
/// error instead of a trap that would end every game.
fn room_for(area: usize, input: usize) -> Result<(), Error> {
    // The new game, and 4 KB for each game already made to go on playing once no new game fits.
    let live = LIVE_GAMES.load(Ordering::Relaxed);
    let bytes = area
        .saturating_mul(64)
        .saturating_add(input.saturating_mul(32))
        .saturating_add(live.saturating_mul(4096));
    crate::error::ensure_room(bytes)
}

/// Games alive in this module (made, not yet freed or collected).
static LIVE_GAMES: AtomicUsize = AtomicUsize::new(0);

/// Memory beyond which every call that may allocate first checks that some is left: a page this
/// large may be near what the browser grants (256 MB; below it a call costs nothing more).
#[cfg(target_arch = "wasm32")]
const LARGE_MEMORY_PAGES: usize = 256 << 4;

/// Before a call that may allocate: once the module's memory is large, `outOfMemory` (and the
/// call changes nothing) unless a few MB are left, instead of an allocation that fails (a trap
/// that would end every game of the page).
fn guard() -> Result<(), JsValue> {
    #[cfg(target_arch = "wasm32")]
    if core::arch::wasm32::memory_size::<0>() > LARGE_MEMORY_PAGES {
        return crate::error::ensure_room(0).map_err(js_error);
    }
    Ok(())
}

fn bad(why: &'static str) -> JsValue {
    js_error(Error::InvalidOptions(why))
}

// Reading the caller's values (issue 12). A getter or a Proxy trap can throw at any read; a JS
// exception that crossed wasm frames would leave the game borrowed for good. So every read that
// can run caller code goes through a catching import (`Reflect.get`, `Array.isArray` below) and
// a throw becomes `invalidOptions`; no caller-given length is trusted before it is bounded.

#[wasm_bindgen]
extern "C" {
    /// `Array.isArray`, which throws for a revoked Proxy.
    #[wasm_bindgen(catch, js_namespace = Array, js_name = isArray)]
    fn checked_is_array(v: &JsValue) -> Result<bool, JsValue>;
}

#[cfg(feature = "sgf")]
#[wasm_bindgen]
extern "C" {
    /// A `Uint8Array` made here (see `ByteCopy::new`).
    #[wasm_bindgen(js_name = Uint8Array)]
    type ByteCopy;
    /// `new Uint8Array(view)`: a copy made by the view's internal length (no getter of the
    /// caller's runs), which throws for a detached buffer.
    #[wasm_bindgen(catch, constructor, js_class = "Uint8Array")]
    fn new(view: &JsValue) -> Result<ByteCopy, JsValue>;
}

#[cfg(feature = "sgf")]
#[wasm_bindgen]
extern "C" {
    /// `Array.prototype.slice.call(v, start, end)`: a plain array of at most `end - start`
    /// elements, read through the caller's getters and Proxy traps, which may throw.
    #[wasm_bindgen(catch, js_namespace = ["Array", "prototype", "slice"], js_name = call)]
    fn checked_slice(v: &JsValue, start: u32, end: u32) -> Result<JsValue, JsValue>;
    /// `JSON.stringify(v)`, which runs the elements' `toJSON` and may throw.
    #[wasm_bindgen(catch, js_namespace = JSON, js_name = stringify)]
    fn checked_stringify(v: &JsValue) -> Result<JsValue, JsValue>;
}

/// A JS array of whole numbers from 0 to 2^32 - 1, at most `max` of them (a path), read in
/// three calls instead of one per element: a bounded plain copy (a Proxy cannot lie about its
/// length past `max`), its JSON text, and the digits parsed here. Anything but digits (a string,
/// `NaN`, `1.5`, a hole, an object) is `invalidOptions` with `why`; a throw, `UNREADABLE`.
#[cfg(feature = "sgf")]
fn whole_numbers(v: &JsValue, max: usize, why: &'static str) -> Result<Vec<usize>, JsValue> {
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

/// A copy of the bytes of a `Uint8Array` (or of a subclass's, whatever its getters say).
#[cfg(feature = "sgf")]
fn copy_bytes(view: &JsValue) -> Result<js_sys::Uint8Array, JsValue> {
    ByteCopy::new(view).map(|b| b.unchecked_into())
}

const UNREADABLE: &str = "an argument could not be read (a getter or a Proxy threw)";

/// `obj[key]`, or `invalidOptions` when reading it throws.
fn get(obj: &JsValue, key: &str) -> Result<JsValue, JsValue> {
    Reflect::get(obj, &key.into()).map_err(|_| bad(UNREADABLE))
}

/// Whether `v` is a JS array (a throwing Proxy is not).
fn is_array(v: &JsValue) -> bool {
    checked_is_array(v).unwrap_or(false)
}

/// The length of a JS array, read once and bounded by `max`: `invalidOptions` with `why` for
/// anything else.
fn array_length(v: &JsValue, max: usize, why: &'static str) -> Result<i64, JsValue> {
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
fn elements(v: &JsValue, max: usize, why: &'static str) -> Result<Vec<JsValue>, JsValue> {
    let n = array_length(v, max, why)?;
    (0..n as u32)
        .map(|i| Reflect::get_u32(v, i).map_err(|_| bad(UNREADABLE)))
        .collect()
}

fn opt_number(obj: &JsValue, key: &str, why: &'static str) -> Result<Option<f64>, JsValue> {
    let v = get(obj, key)?;
    if v.is_undefined() {
        return Ok(None);
    }
    v.as_f64().map(Some).ok_or_else(|| bad(why))
}

fn opt_string(obj: &JsValue, key: &str, why: &'static str) -> Result<Option<String>, JsValue> {
    let v = get(obj, key)?;
    if v.is_undefined() {
        return Ok(None);
    }
    v.as_string().map(Some).ok_or_else(|| bad(why))
}

fn is_object(v: &JsValue) -> bool {
    v.is_object() && !is_array(v)
}

fn read_options(v: &JsValue) -> Result<Options, JsValue> {
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
fn read_position(v: &JsValue) -> Result<PositionOption, JsValue> {
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

fn player(v: &JsValue) -> Result<Color, JsValue> {
    v.as_string()
        .and_then(|s| match s.as_str() {
            "black" => Some(Color::Black),
            "white" => Some(Color::White),
            _ => None,
        })
        .ok_or_else(|| js_error(Error::NotAllowed(Refusal::NotAPlayer)))
}

fn point_js(p: Point) -> JsValue {
    let a = Array::new_with_length(2);
    a.set(0, p.x.into());
    a.set(1, p.y.into());
    a.into()
}

fn points_js<I: IntoIterator<Item = Point>>(ps: I) -> Array {
    ps.into_iter().map(point_js).collect()
}

#[wasm_bindgen]
extern "C" {
    /// A plain object written with `o[key] = value`. (Node 20's V8 aborts in its deoptimizer
    /// when `Reflect.set` called from wasm deoptimizes in a hot loop; a plain store does not.)
    #[wasm_bindgen(js_name = Object)]
    type PlainObject;
    #[wasm_bindgen(method, indexing_setter)]
    fn set(this: &PlainObject, key: &str, value: &JsValue);
}

/// A plain JS object from its entries.
fn object(entries: &[(&str, JsValue)]) -> JsValue {
    let o: PlainObject = Object::new().unchecked_into();
    for (k, v) in entries {
        o.set(k, v);
    }
    o.into()
}

fn side_js(s: &SideScore) -> JsValue {
    object(&[
        ("stones", s.stones.into()),
        ("territory", s.territory.into()),
        ("prisoners", s.prisoners.into()),
        ("total", s.total().into()),
    ])
}

const KINDS: [PointKind; 9] = PointKind::ALL;

fn warning_js(w: &Warning) -> JsValue {
    object(&[
        ("code", w.code.name().into()),
        ("points", points_js(w.points.iter().copied()).into()),
    ])
}

fn score_js(s: &Score) -> JsValue {
    let kinds: Vec<i8> = s
        .points
        .iter()
        .map(|p| KINDS.iter().position(|k| *k == p.kind).unwrap_or(0) as i8)
        .collect();
    let counts: Vec<i8> = s
        .points
        .iter()
        .map(|p| p.counts_for.map_or(0, Color::sign))
        .collect();
    let names: Array = KINDS.iter().map(|k| JsValue::from(k.name())).collect();
    object(&[
        ("scoring", s.scoring.name().into()),
        ("komi", (s.komi_halves as f64 / 2.0).into()),
        (
            "compensation",
            (f64::from(s.white.bonus_halves - s.komi_halves) / 2.0).into(),
        ),
        ("black", side_js(&s.black)),
        ("white", side_js(&s.white)),
        (
            "winner",
            s.winner.map_or(JsValue::NULL, |c| c.name().into()),
        ),
        ("margin", s.margin().into()),
        ("result", s.result.as_str().into()),
        ("dead", points_js(s.dead.iter().copied()).into()),
        ("ownership", Int8Array::from(&s.ownership()[..]).into()),
        ("kinds", Int8Array::from(&kinds[..]).into()),
        ("kindNames", names.into()),
        ("countsFor", Int8Array::from(&counts[..]).into()),
        (
            "warnings",
            s.warnings.iter().map(warning_js).collect::<Array>().into(),
        ),
    ])
}

/// A game of Go under a ruleset. With SGF (the full package) every game is one model: a game
/// tree with a current node and the game there (`sgf::Cursor`), whether made by `new Game` or
/// read by `Game.fromSgf`; the core package has no tree, only the game.
#[wasm_bindgen(js_name = Game)]
pub struct JsGame {
    #[cfg(not(feature = "sgf"))]
    game: Game,
    #[cfg(feature = "sgf")]
    cursor: Box<Cursor>,
}

impl Drop for JsGame {
    fn drop(&mut self) {
        LIVE_GAMES.fetch_sub(1, Ordering::Relaxed);
    }
}

#[cfg(not(feature = "sgf"))]
impl JsGame {
    fn of(game: Game) -> JsGame {
        LIVE_GAMES.fetch_add(1, Ordering::Relaxed);
        JsGame { game }
    }

    fn game(&self) -> &Game {
        &self.game
    }

    fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    fn place_at(&mut self, p: Point) -> Result<u32, Error> {
        self.game.place(p)
    }

    fn pass_now(&mut self) -> Result<bool, Error> {
        self.game.pass()
    }

    fn undo_now(&mut self) -> Result<crate::Action, Error> {
        self.game.undo()
    }
}

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
        self.game_mut().resume(c).map_err(js_error)
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
        self.game_mut()
            .toggle_dead(p)
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
        self.game_mut()
            .set_dead(p, dead)
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

    /// `player` resigns.
    pub fn resign(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Player")] player_: JsValue,
    ) -> Result<(), JsValue> {
        guard()?;
        let c = player(&player_)?;
        self.game_mut().resign(c).map_err(js_error)
    }

    /// Accepts the count of a stopped game.
    pub fn finish(&mut self) -> Result<(), JsValue> {
        guard()?;
        self.game_mut().finish().map_err(js_error)
    }

    /// Ends the game without result after a repetition (simple-ko rulesets).
    #[wasm_bindgen(js_name = declareNoResult)]
    pub fn declare_no_result(&mut self) -> Result<(), JsValue> {
        guard()?;
        self.game_mut().declare_no_result().map_err(js_error)
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

// ---- SGF: `Game.fromSgf`, `toSgf` and moving in the game tree (the `sgf` feature) ------------

#[cfg(feature = "sgf")]
use crate::sgf::MAX_INPUT_BYTES;
#[cfg(feature = "sgf")]
use crate::tree::{Cursor, LoadOptions, MarkKind, INFO_PROPERTIES};

#[cfg(feature = "sgf")]
#[wasm_bindgen(typescript_custom_section)]
const TS_SGF_TYPES: &str = r#"
export interface SgfOptions extends GameOptions {
  /** Read what strict reading refuses, and play the moves that break the rules as the record has them (for viewing), with warnings. */
  lenient?: boolean;
  /** Which game tree of a collection to open (0, the first, by default). */
  game?: number;
}
/** A game tree of a file, as `Game.sgfGames` lists them. */
export interface SgfGame extends GameInfo {
  index: number;
  /** The board size, or null when SZ names none the engine plays. */
  width: number | null;
  height: number | null;
  /** Nodes in the tree, and moves (passes included) on its main line. */
  nodes: number;
  moves: number;
}
/** The move of a child node: `player` null for a node without a move, `point` null for a pass. */
export interface Variation { player: Player | null; point: Point | null; }
export interface Label { point: Point; text: string; }
export interface Markup {
  triangles: Point[];
  squares: Point[];
  circles: Point[];
  crosses: Point[];
  labels: Label[];
}
/** Game information as written in the record (SimpleText), or null where absent. */
export interface GameInfo {
  black: string | null;
  white: string | null;
  blackRank: string | null;
  whiteRank: string | null;
  date: string | null;
  event: string | null;
  result: string | null;
  gameName: string | null;
  komi: string | null;
  rules: string | null;
  handicap: string | null;
}
/** A record that cannot be read: `offset` is a byte offset in the input (in the UTF-8 encoding of a string). */
export interface SgfError extends Error { code: 'sgf'; offset: number; }
/** A move of the record that the rules forbid. */
export interface IllegalMoveError extends Error {
  code: 'illegalMove';
  moveNumber: number;
  player: Player;
  point: Point | null;
  /** The rule it breaks: 'occupied', 'ko', 'superko', 'suicide', ... */
  rule: ErrorCode;
}
"#;

#[cfg(feature = "sgf")]
impl JsGame {
    fn of(game: Game) -> JsGame {
        JsGame::of_cursor(Cursor::from_game(game))
    }

    fn of_cursor(cursor: Cursor) -> JsGame {
        LIVE_GAMES.fetch_add(1, Ordering::Relaxed);
        JsGame {
            cursor: Box::new(cursor),
        }
    }

    fn game(&self) -> &Game {
        self.cursor.game()
    }

    fn game_mut(&mut self) -> &mut Game {
        self.cursor.game_mut()
    }

    fn place_at(&mut self, p: Point) -> Result<u32, Error> {
        self.cursor.play(p)
    }

    fn pass_now(&mut self) -> Result<bool, Error> {
        self.cursor.pass()
    }

    fn undo_now(&mut self) -> Result<(), Error> {
        self.cursor.undo()
    }

    fn read<R>(&self, f: impl FnOnce(&Cursor) -> R) -> R {
        f(&self.cursor)
    }
}

/// A JS error for the SGF methods: as `js_error`, with `offset` for an `sgf` error and
/// `moveNumber`, `player`, `point` and `rule` for an `illegalMove` one.
#[cfg(feature = "sgf")]
fn sgf_error(e: Error) -> JsValue {
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

/// A child index: a whole number from 0.
#[cfg(feature = "sgf")]
fn index(v: &JsValue, why: &'static str) -> Result<usize, JsValue> {
    v.as_f64()
        .and_then(|n| options::whole(n, 0, u32::MAX as i64))
        .map(|n| n as usize)
        .ok_or_else(|| bad(why))
}

#[cfg(feature = "sgf")]
fn nullable(s: Option<String>) -> JsValue {
    s.map_or(JsValue::NULL, JsValue::from)
}

/// An SGF input: text already (a string), or a file's bytes (a copy of a `Uint8Array`).
#[cfg(feature = "sgf")]
enum SgfInput {
    Text(String),
    Bytes(Vec<u8>),
}

/// Reads the input of `Game.fromSgf` and `Game.sgfGames`, once the memory for reading it and
/// the largest board is there.
#[cfg(feature = "sgf")]
fn sgf_input(input: &JsValue) -> Result<SgfInput, JsValue> {
    // The largest board: the record's size is known only once it is read.
    let area = 52 * 52;
    if let Some(text) = input.as_string() {
        room_for(area, text.len()).map_err(js_error)?;
        Ok(SgfInput::Text(text))
    } else if js_sys::ArrayBuffer::is_view(input) && input.is_instance_of::<js_sys::Uint8Array>() {
        // A copy by the view's own length: a subclass's `length` getter is not asked (it could
        // claim 4 GB), and a detached buffer is refused.
        let bytes = copy_bytes(input).map_err(|_| bad(UNREADABLE))?;
        // Here, not at start: a test harness need not run the start function.
        crate::sgf::set_text_decoder(host_decode);
        // One byte over the limit is enough for the reader to refuse a larger input.
        let n = bytes.length().min(MAX_INPUT_BYTES as u32 + 1);
        room_for(area, n as usize).map_err(js_error)?;
        Ok(SgfInput::Bytes(bytes.subarray(0, n).to_vec()))
    } else {
        Err(bad("the SGF input must be a string or a Uint8Array"))
    }
}

/// `lenient` and `game` of the options of `Game.fromSgf` and `Game.sgfGames` (which
/// `read_options` has checked to be undefined, null or an object).
#[cfg(feature = "sgf")]
fn sgf_options(options: &JsValue) -> Result<(bool, usize), JsValue> {
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

/// The keys of `GameInfo` in JS, in the order of `INFO_PROPERTIES`.
#[cfg(feature = "sgf")]
const INFO_KEYS: [&str; 11] = [
    "black",
    "white",
    "blackRank",
    "whiteRank",
    "date",
    "event",
    "result",
    "gameName",
    "komi",
    "rules",
    "handicap",
];

#[cfg(feature = "sgf")]
#[wasm_bindgen(js_class = Game)]
impl JsGame {
    /// `Game.sgfGames(input, options?)`: the game trees of a file (a collection, as problem sets
    /// and archives are), each with its number for `Game.fromSgf(input, { game })`, its game
    /// information, board size, nodes and main-line moves. Reads like `fromSgf` (`lenient` the
    /// same), replays nothing.
    #[wasm_bindgen(js_name = sgfGames, unchecked_return_type = "SgfGame[]")]
    pub fn sgf_games(
        #[wasm_bindgen(unchecked_param_type = "string | Uint8Array")] input: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "{ lenient?: boolean }")] options: JsValue,
    ) -> Result<Array, JsValue> {
        read_options(&options)?;
        let (lenient, _) = sgf_options(&options)?;
        let o = crate::sgf::ParseOptions { lenient };
        let parsed = match sgf_input(&input)? {
            SgfInput::Text(text) => crate::sgf::parse_text(&text, o),
            SgfInput::Bytes(bytes) => crate::sgf::parse_with(&bytes, o),
        }
        .map_err(sgf_error)?;
        let games = &parsed.collection.games;
        Ok(parsed
            .collection
            .summaries()
            .into_iter()
            .enumerate()
            .map(|(i, s)| {
                let root = games[i].root_node();
                let mut entries: Vec<(&str, JsValue)> = INFO_KEYS
                    .iter()
                    .zip(INFO_PROPERTIES)
                    .map(|(k, id)| {
                        (
                            *k,
                            root.simple_text(id).map_or(JsValue::NULL, JsValue::from),
                        )
                    })
                    .collect();
                let (w, h) = s.size.map_or((JsValue::NULL, JsValue::NULL), |z| {
                    (z.width().into(), z.height().into())
                });
                entries.extend([
                    ("index", (i as u32).into()),
                    ("width", w),
                    ("height", h),
                    ("nodes", (s.nodes as u32).into()),
                    ("moves", (s.moves as u32).into()),
                ]);
                object(&entries)
            })
            .collect())
    }

    /// Which game tree of its file this game is (0 for the first, and for a new game): see
    /// `Game.fromSgf`'s `game` option.
    #[wasm_bindgen(getter, js_name = gameIndex)]
    pub fn game_index(&self) -> u32 {
        self.read(|c| c.game_index() as u32)
    }

    /// How many game trees its file holds (1 for a new game). `toSgf()` writes them all.
    #[wasm_bindgen(getter, js_name = gameCount)]
    pub fn game_count(&self) -> u32 {
        self.read(|c| c.game_count() as u32)
    }

    /// `Game.fromSgf(input, options?)`: reads a record (a string, or a `Uint8Array` of a file's
    /// bytes, decoded in the charset its `CA` names, else the one detected), keeps its whole tree
    /// and plays its main line; of a collection, the game tree `game` names (0, the first, by
    /// default), and `toSgf()` writes the whole collection back. `options` are those of
    /// `new Game` (overriding the record's `RU`, `KM`, `HA`; `size` must agree with `SZ`),
    /// `lenient` and `game`. Throws `sgf` (with `offset`) for a file
    /// that cannot be read and `illegalMove` for a main line the rules refuse (with `lenient`,
    /// such moves are played as the record has them, for viewing, and `warnings` says so;
    /// playing stays strict). After two passes at the end,
    /// the dead stones of `TB`/`TW` are marked and a counted `RE` finishes the game.
    #[wasm_bindgen(js_name = fromSgf)]
    pub fn from_sgf(
        #[wasm_bindgen(unchecked_param_type = "string | Uint8Array")] input: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "SgfOptions")] options: JsValue,
    ) -> Result<JsGame, JsValue> {
        let game = read_options(&options)?;
        let (lenient, index) = sgf_options(&options)?;
        let o = LoadOptions {
            game,
            lenient,
            index,
        };
        let cursor = match sgf_input(&input)? {
            SgfInput::Text(text) => Cursor::load_text(&text, &o),
            SgfInput::Bytes(bytes) => Cursor::load(&bytes, &o),
        }
        .map_err(sgf_error)?;
        Ok(JsGame::of_cursor(cursor))
    }

    /// The game as SGF: for a record, its whole tree (with what was played on it); for a game
    /// made with `new Game`, the record of its moves. A game ended or counted here (by dead
    /// marks, `finish`, `resign`) gets its result (`RE`) and its territory (`TB`/`TW`).
    #[wasm_bindgen(js_name = toSgf)]
    pub fn to_sgf(&self) -> Result<String, JsValue> {
        guard()?;
        Ok(self.cursor.to_sgf())
    }

    /// What reading and replaying the record put up with (lenient reading: what was skipped).
    #[wasm_bindgen(getter, unchecked_return_type = "string[]")]
    pub fn warnings(&self) -> Array {
        self.cursor
            .warnings()
            .iter()
            .map(|w| JsValue::from(w.to_string()))
            .collect()
    }

    /// The record's result (`RE`) as written, or undefined without one.
    #[wasm_bindgen(getter, js_name = recordedResult)]
    pub fn recorded_result(&self) -> Option<String> {
        self.cursor.recorded_result()
    }

    /// Whether `recordedResult` is the count `score()` gives; undefined when either is no count.
    #[wasm_bindgen(getter, js_name = recordedResultAgrees)]
    pub fn recorded_result_agrees(&self) -> Option<bool> {
        self.cursor.recorded_result_agrees()
    }

    /// Moves to the child numbered `variation` (default 0, the main line) and plays its move;
    /// `false` at the end of a line. Throws `invalidOptions` for a variation the node does not
    /// have, `illegalMove` for a move the rules refuse (the game stays where it was).
    pub fn next(
        &mut self,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] variation: JsValue,
    ) -> Result<bool, JsValue> {
        guard()?;
        let i = if variation.is_undefined() {
            0
        } else {
            index(&variation, "the variation must be a whole number from 0")?
        };
        self.cursor.next(i).map_err(sgf_error)
    }

    /// Moves to the parent node; `false` at the root.
    pub fn previous(&mut self) -> Result<bool, JsValue> {
        guard()?;
        self.cursor.previous().map_err(sgf_error)
    }

    /// Moves to the node at `path`: the child indices from the root (`[]` the root, `[0, 0]`
    /// the second node of the main line, `[0, 1]` the second child of the first node).
    #[wasm_bindgen(js_name = goTo)]
    pub fn go_to(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number[]")] path: JsValue,
    ) -> Result<(), JsValue> {
        guard()?;
        const WHY: &str = "the path must be an array of whole numbers from 0";
        // A path is no longer than the largest record has nodes (one byte each at least).
        let steps = whole_numbers(&path, MAX_INPUT_BYTES, WHY)?;
        self.cursor.go_to(&steps).map_err(sgf_error)
    }

    /// The path of the current node (see `goTo`).
    #[wasm_bindgen(getter, unchecked_return_type = "number[]")]
    pub fn path(&self) -> Array {
        // One string across the boundary and one `JSON.parse` (the fastest way V8 has to make a
        // plain array of numbers): not an element at a time across the boundary.
        self.read(|c| {
            let mut text = String::with_capacity(c.path().len() * 2 + 2);
            text.push('[');
            for (k, i) in c.path().iter().enumerate() {
                if k > 0 {
                    text.push(',');
                }
                match u8::try_from(*i) {
                    Ok(d) if d < 10 => text.push(char::from(b'0' + d)),
                    _ => text.push_str(&i.to_string()),
                }
            }
            text.push(']');
            js_sys::JSON::parse(&text).map_or_else(|_| Array::new(), JsCast::unchecked_into)
        })
    }

    /// The moves of the current node's children, main line first.
    #[wasm_bindgen(unchecked_return_type = "Variation[]")]
    pub fn variations(&self) -> Array {
        self.read(|c| {
            c.variations()
                .into_iter()
                .map(|m| {
                    let (player, point) = match m {
                        Some(m) => (
                            m.color.name().into(),
                            m.point.map_or(JsValue::NULL, point_js),
                        ),
                        None => (JsValue::NULL, JsValue::NULL),
                    };
                    object(&[("player", player), ("point", point)])
                })
                .collect()
        })
    }

    /// The current node's comment (`C`), or null.
    #[wasm_bindgen(getter, unchecked_return_type = "string | null")]
    pub fn comment(&self) -> JsValue {
        self.read(|c| nullable(c.comment()))
    }

    /// The current node's markup: `{ triangles, squares, circles, crosses, labels }`.
    #[wasm_bindgen(getter, unchecked_return_type = "Markup")]
    pub fn markup(&self) -> JsValue {
        self.read(|c| {
            let m = c.markup();
            let o = Object::new();
            for (key, kind) in [
                ("triangles", MarkKind::Triangle),
                ("squares", MarkKind::Square),
                ("circles", MarkKind::Circle),
                ("crosses", MarkKind::Cross),
            ] {
                let _ = Reflect::set(&o, &key.into(), &points_js(m.points(kind)));
            }
            let labels: Array = m
                .labels
                .into_iter()
                .map(|l| object(&[("point", point_js(l.point)), ("text", l.text.into())]))
                .collect();
            let _ = Reflect::set(&o, &"labels".into(), &labels);
            o.into()
        })
    }

    /// The game information: player names and ranks, date, event, result, name, komi, rules
    /// and handicap, as written in the record (null where absent).
    #[wasm_bindgen(getter, unchecked_return_type = "GameInfo")]
    pub fn info(&self) -> JsValue {
        // Game information is a plain map of strings: serde-wasm-bindgen writes it as an object.
        self.read(|c| {
            let info: std::collections::BTreeMap<&str, Option<String>> = INFO_KEYS
                .iter()
                .zip(INFO_PROPERTIES)
                .map(|(k, id)| (*k, c.info(id)))
                .collect();
            let ser = serde_wasm_bindgen::Serializer::new()
                .serialize_maps_as_objects(true)
                .serialize_missing_as_null(true);
            info.serialize(&ser).unwrap_or(JsValue::NULL)
        })
    }
}

/// The estimator's methods (the `estimate` feature; not in the embed package).
#[cfg(feature = "estimate")]
#[wasm_bindgen(js_class = Game)]
impl JsGame {
    /// Replaces the dead marks with the estimator's proposal (play stopped); returns the
    /// points whose mark changed.
    #[wasm_bindgen(js_name = autoMark, unchecked_return_type = "Point[]")]
    pub fn auto_mark(&mut self) -> Result<Array, JsValue> {
        guard()?;
        self.game_mut().auto_mark().map(points_js).map_err(js_error)
    }

    /// The estimate of the position (in every phase; changes nothing): ownership, proposed dead
    /// stones, stones in seki and the count with the proposal.
    #[wasm_bindgen(unchecked_return_type = "Estimate")]
    pub fn estimate(
        &self,
        #[wasm_bindgen(unchecked_param_type = "EstimateOptions | undefined")] options: JsValue,
    ) -> Result<JsValue, JsValue> {
        guard()?;
        let (playouts, seed) = if options.is_undefined() || options.is_null() {
            (None, None)
        } else if is_object(&options) {
            (
                opt_number(&options, "playouts", "playouts must be a number")?,
                opt_number(&options, "seed", "seed must be a number")?,
            )
        } else {
            return Err(bad("estimate options must be an object"));
        };
        let o = options::estimate_options(playouts, seed).map_err(js_error)?;
        let game = self.game();
        let e = game.estimate(&o);
        let s = game.score_with(&e.dead_marks());
        Ok(object(&[
            ("ownership", Float32Array::from(&e.ownership[..]).into()),
            ("dead", points_js(e.dead.iter().copied()).into()),
            ("seki", points_js(e.seki.iter().copied()).into()),
            (
                "score",
                object(&[
                    (
                        "winner",
                        s.winner.map_or(JsValue::NULL, |c| c.name().into()),
                    ),
                    ("margin", s.margin().into()),
                    ("result", s.result.as_str().into()),
                ]),
            ),
        ]))
    }
}

// ---- The computer player: `genmove` (the `player` feature; the full package only) -------------

#[cfg(feature = "player")]
#[wasm_bindgen(typescript_custom_section)]
const TS_PLAYER_TYPES: &str = r#"
/**
 * Options of `game.genmove`: a budget of `playouts` (1 to 5,000,000) and/or `timeMs` (1 to
 * 600,000; the search stops at the first reached; neither: 10,000 playouts), and the `seed`
 * (0 to 2^53, default 1: with a budget in playouts the same seed gives the same move).
 */
export interface GenmoveOptions { playouts?: number; timeMs?: number; seed?: number; }
/** A move of the computer player: a point, a pass or a resignation. */
export type GenMove = { x: number; y: number } | 'pass' | 'resign';
/** A root move as the search saw it. */
export interface GenmoveCandidate { move: { x: number; y: number } | 'pass'; visits: number; winRate: number; }
/** What the player decided, and why. */
export interface GenmoveDetails {
  move: GenMove;
  /** In a few words: 'search', 'only move', 'opponent passed and the count wins', 'settled and the count wins', 'lost', 'handicap'. */
  reason: string;
  playouts: number;
  /** The preferred move's win rate for the side to move, from 0 to 1. */
  winRate: number;
  /** The root moves with the most visits, best first (at most 8). */
  candidates: GenmoveCandidate[];
}
"#;

#[cfg(feature = "player")]
#[wasm_bindgen]
extern "C" {
    /// `Object.keys(v)`, which runs a Proxy's `ownKeys` trap and may throw.
    #[wasm_bindgen(catch, js_namespace = Object, js_name = keys)]
    fn checked_keys(v: &JsValue) -> Result<Array, JsValue>;
}

/// The options of `genmove`: undefined, null or an object with only `playouts`, `timeMs` and
/// `seed` (a misspelt key would silently mean the default budget, so it is refused).
#[cfg(feature = "player")]
fn genmove_options(options: &JsValue) -> Result<crate::player::GenmoveOptions, JsValue> {
    const KEYS: [&str; 3] = ["playouts", "timeMs", "seed"];
    if options.is_undefined() || options.is_null() {
        return options::genmove_options(None, None, None).map_err(js_error);
    }
    if !is_object(options) {
        return Err(bad(
            "genmove options must be an object { playouts, timeMs, seed }",
        ));
    }
    let keys = checked_keys(options).map_err(|_| bad(UNREADABLE))?;
    if keys
        .iter()
        .any(|k| !k.as_string().is_some_and(|k| KEYS.contains(&k.as_str())))
    {
        return Err(bad("genmove options may only be playouts, timeMs and seed"));
    }
    options::genmove_options(
        opt_number(options, "playouts", "playouts must be a number")?,
        opt_number(options, "timeMs", "timeMs must be a number")?,
        opt_number(options, "seed", "seed must be a number")?,
    )
    .map_err(js_error)
}

/// A point of the player's answers: `{ x, y }`.
#[cfg(feature = "player")]
fn xy_js(p: Point) -> JsValue {
    object(&[("x", p.x.into()), ("y", p.y.into())])
}

#[cfg(feature = "player")]
fn decision_js(d: crate::player::Decision) -> JsValue {
    use crate::player::Decision;
    match d {
        Decision::Play(p) => xy_js(p),
        Decision::Pass => "pass".into(),
        Decision::Resign => "resign".into(),
    }
}

#[cfg(feature = "player")]
#[wasm_bindgen(js_class = Game)]
impl JsGame {
    /// Searches for the side to move (the time budget by the host's clock). Changes nothing.
    fn think(&self, options: &JsValue) -> Result<crate::player::Thought, JsValue> {
        guard()?;
        let o = genmove_options(options)?;
        let mut clock = js_sys::Date::now;
        crate::player::genmove(self.game(), &o, &mut clock).map_err(js_error)
    }

    /// The computer player's move for the side to move: `{ x, y }`, `'pass'` or `'resign'`,
    /// without playing it (the game is unchanged). Throws `notPlaying` once play has stopped or
    /// the game is over, `invalidOptions` for bad options.
    #[wasm_bindgen(unchecked_return_type = "GenMove")]
    pub fn genmove(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "GenmoveOptions")] options: JsValue,
    ) -> Result<JsValue, JsValue> {
        Ok(decision_js(self.think(&options)?.decision))
    }

    /// As `genmove`, with what the search saw: `{ move, reason, playouts, winRate, candidates }`.
    #[wasm_bindgen(js_name = genmoveDetails, unchecked_return_type = "GenmoveDetails")]
    pub fn genmove_details(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "GenmoveOptions")] options: JsValue,
    ) -> Result<JsValue, JsValue> {
        let t = self.think(&options)?;
        let candidates: Array = t
            .candidates
            .iter()
            .map(|c| {
                object(&[
                    ("move", c.point.map_or_else(|| "pass".into(), xy_js)),
                    ("visits", c.visits.into()),
                    ("winRate", c.win_rate.into()),
                ])
            })
            .collect();
        Ok(object(&[
            ("move", decision_js(t.decision)),
            ("reason", t.reason.into()),
            ("playouts", t.playouts.into()),
            ("winRate", t.win_rate.into()),
            ("candidates", candidates.into()),
        ]))
    }
}
