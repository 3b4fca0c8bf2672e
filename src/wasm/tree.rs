//! The game tree every game is: moving in it (`next`, `previous`, `goTo`, `path`,
//! `variations`), and what a page shows of a node (comment, markup, move numbers, any node read
//! without moving), in every package.

use super::args::*;
use super::convert::*;
use super::errors::sgf_error;
use super::instance::JsGame;
use super::memory::guard;
use crate::tree::simple_text;
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The longest path read: no record has more nodes than its 16 MiB of text has bytes.
const MAX_PATH: usize = 16 * 1024 * 1024;

/// What `goTo` and `node` say of a path that is no list of child indices.
const PATH: &str = "the path must be an array of whole numbers from 0";

/// A path as `goTo` takes it: the child indices from the root (`invalidOptions` otherwise).
pub(super) fn path_steps(path: &JsValue) -> Result<Vec<usize>, JsValue> {
    whole_numbers(path, MAX_PATH, PATH)
}

/// A path that may be left out (undefined: the current node, `None`), as `node` takes it.
pub(super) fn optional_path(path: &JsValue) -> Result<Option<Vec<usize>>, JsValue> {
    if path.is_undefined() {
        Ok(None)
    } else {
        path_steps(path).map(Some)
    }
}

#[wasm_bindgen(js_class = Game)]
impl JsGame {
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
        let steps = path_steps(&path)?;
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
        self.read(|c| c.variations().into_iter().map(variation_js).collect())
    }

    /// The current node's comment (`C`), or null.
    #[wasm_bindgen(getter, unchecked_return_type = "string | null")]
    pub fn comment(&self) -> JsValue {
        self.read(|c| nullable(c.comment()))
    }

    /// The current node's markup: `{ triangles, squares, circles, crosses, labels }`.
    #[wasm_bindgen(getter, unchecked_return_type = "Markup")]
    pub fn markup(&self) -> JsValue {
        self.read(|c| markup_js(c.markup()))
    }

    /// The move numbers of the stones on the board: `[{ point, number }]` for each stone that
    /// a move on the path from the root put there and that is still on the board, in row-major
    /// order (`MN` in a node sets its move's number).
    #[wasm_bindgen(js_name = moveNumbers, unchecked_return_type = "MoveNumber[]")]
    pub fn move_numbers(&self) -> Array {
        self.read(|c| {
            c.move_numbers()
                .into_iter()
                .map(|(p, n)| object(&[("point", point_js(p)), ("number", n.into())]))
                .collect()
        })
    }

    /// A node of the record without moving to it: `path` as `goTo` takes it (default: the
    /// current node). `{ move, children, comment, markup, properties }`, `properties` every
    /// property of the node by its identifier with its values as written (escapes resolved),
    /// or null when the path names no node.
    #[wasm_bindgen(unchecked_return_type = "RecordNode | null")]
    pub fn node(
        &mut self,
        #[wasm_bindgen(unchecked_optional_param_type = "number[]")] path: JsValue,
    ) -> Result<JsValue, JsValue> {
        guard()?;
        let steps = optional_path(&path)?;
        self.cursor.settle();
        let c = &self.cursor;
        let Some(id) = steps.map_or(Some(c.node()), |s| c.node_at(&s)) else {
            return Ok(JsValue::NULL);
        };
        let tree = c.tree();
        let node = &tree[id];
        let size = c.game().board().size();
        let properties = Object::new();
        for p in node.properties() {
            let values: Array = p
                .values
                .iter()
                .map(|v| JsValue::from(simple_text(v)))
                .collect();
            let _ = Reflect::set(&properties, &p.id.as_str().into(), &values);
        }
        Ok(object(&[
            (
                "move",
                node.get_move(size)
                    .ok()
                    .flatten()
                    .map_or(JsValue::NULL, |m| variation_js(Some(m))),
            ),
            ("children", (tree.children(id).count() as u32).into()),
            ("comment", nullable(node.comment())),
            ("markup", markup_js(c.markup_of(id))),
            ("properties", properties.into()),
        ]))
    }
}
