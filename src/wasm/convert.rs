//! Core values as plain JS values: points, scores, markup, moves. Plain objects are written with
//! `o[key] = value` (see `PlainObject`).

use crate::tree::{MarkKind, Markup};
use crate::Move;
use crate::{Color, Point, PointKind, Score, SideScore, Warning};
use js_sys::{Array, Int8Array, Object};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

pub(super) fn point_js(p: Point) -> JsValue {
    let a = Array::new_with_length(2);
    a.set(0, p.x.into());
    a.set(1, p.y.into());
    a.into()
}

pub(super) fn points_js<I: IntoIterator<Item = Point>>(ps: I) -> Array {
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
pub(super) fn object(entries: &[(&str, JsValue)]) -> JsValue {
    let o: PlainObject = Object::new().unchecked_into();
    for (k, v) in entries {
        o.set(k, v);
    }
    o.into()
}

pub(super) fn side_js(s: &SideScore) -> JsValue {
    object(&[
        ("stones", s.stones.into()),
        ("territory", s.territory.into()),
        ("prisoners", s.prisoners.into()),
        ("total", s.total().into()),
    ])
}

pub(super) const KINDS: [PointKind; 9] = PointKind::ALL;

pub(super) fn warning_js(w: &Warning) -> JsValue {
    object(&[
        ("code", w.code.name().into()),
        ("points", points_js(w.points.iter().copied()).into()),
    ])
}

pub(super) fn score_js(s: &Score) -> JsValue {
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

/// A child's move (`{ player, point }`, both null for a node without a move).
pub(super) fn variation_js(m: Option<Move>) -> JsValue {
    let (player, point) = match m {
        Some(m) => (
            m.color.name().into(),
            m.point.map_or(JsValue::NULL, point_js),
        ),
        None => (JsValue::NULL, JsValue::NULL),
    };
    object(&[("player", player), ("point", point)])
}

/// A node's markup: `{ triangles, squares, circles, crosses, selected, dimmed, labels, lines,
/// arrows }` (lines and arrows as `[{ from, to }]`).
pub(super) fn markup_js(m: Markup) -> JsValue {
    let pairs = |v: &[(Point, Point)]| -> JsValue {
        v.iter()
            .map(|&(from, to)| object(&[("from", point_js(from)), ("to", point_js(to))]))
            .collect::<Array>()
            .into()
    };
    let labels: Array = m
        .labels
        .iter()
        .map(|l| {
            object(&[
                ("point", point_js(l.point)),
                ("text", l.text.as_str().into()),
            ])
        })
        .collect();
    object(&[
        ("triangles", points_js(m.points(MarkKind::Triangle)).into()),
        ("squares", points_js(m.points(MarkKind::Square)).into()),
        ("circles", points_js(m.points(MarkKind::Circle)).into()),
        ("crosses", points_js(m.points(MarkKind::Cross)).into()),
        ("selected", points_js(m.points(MarkKind::Selected)).into()),
        ("dimmed", points_js(m.dimmed.iter().copied()).into()),
        ("labels", labels.into()),
        ("lines", pairs(&m.lines)),
        ("arrows", pairs(&m.arrows)),
    ])
}

pub(super) fn nullable(s: Option<String>) -> JsValue {
    s.map_or(JsValue::NULL, JsValue::from)
}

/// A point of the player's answers: `{ x, y }`.
#[cfg(feature = "player")]
pub(super) fn xy_js(p: Point) -> JsValue {
    object(&[("x", p.x.into()), ("y", p.y.into())])
}

#[cfg(feature = "player")]
pub(super) fn decision_js(d: crate::player::Decision) -> JsValue {
    use crate::player::Decision;
    match d {
        Decision::Play(p) => xy_js(p),
        Decision::Pass => "pass".into(),
        Decision::Resign => "resign".into(),
    }
}
