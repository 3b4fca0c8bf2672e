//! Editing the record (feature `edit`): set-up stones and the player to move, marks, lines and
//! arrows, comment and name, annotations, deleting and reordering nodes, and `redo`. Each call is
//! one action that `undo` takes back (src/tree/cursor/edit.rs); arguments are checked, never
//! coerced, and a refused call changes nothing.

use super::args::*;
use super::convert::object;
use super::errors::{bad, sgf_error};
use super::instance::JsGame;
use super::memory::guard;
use crate::options;
use crate::tree::cursor::edit::{LineKind, MarkEdit, ANNOTATIONS};
use crate::tree::MarkKind;
use crate::{Color, Error, Point};
use wasm_bindgen::prelude::*;

const POINT: &str = "a point is an array [x, y] of two whole numbers";
const TEXT: &str = "the text must be a string or null";

/// `'black'`, `'white'` or null (`None`); anything else is `invalidOptions` with `why`.
fn color_or_null(v: &JsValue, why: &'static str) -> Result<Option<Color>, JsValue> {
    if v.is_null() {
        return Ok(None);
    }
    match v.as_string().as_deref() {
        Some("black") => Ok(Some(Color::Black)),
        Some("white") => Ok(Some(Color::White)),
        _ => Err(bad(why)),
    }
}

/// A string, or null (`None`); anything else is `invalidOptions`.
fn text_or_null(v: &JsValue) -> Result<Option<String>, JsValue> {
    if v.is_null() {
        return Ok(None);
    }
    v.as_string().map(Some).ok_or_else(|| bad(TEXT))
}

#[wasm_bindgen(js_class = Game)]
impl JsGame {
    /// A point given as `[x, y]`: `invalidOptions` for anything but an array of two numbers,
    /// `offBoard` for numbers that name no point of the board.
    fn point_pair(&self, v: &JsValue) -> Result<Point, JsValue> {
        let xy = elements(v, 2, POINT)?;
        let [x, y] = &xy[..] else {
            return Err(bad(POINT));
        };
        let (Some(x), Some(y)) = (x.as_f64(), y.as_f64()) else {
            return Err(bad(POINT));
        };
        options::point(self.game().board().size(), x, y).map_err(sgf_error)
    }

    /// (x, y) as `place` takes them: `offBoard` for anything but a point of the board.
    fn point_xy(&self, x: &JsValue, y: &JsValue) -> Result<Point, JsValue> {
        let (Some(x), Some(y)) = (x.as_f64(), y.as_f64()) else {
            return Err(sgf_error(Error::OffBoard));
        };
        options::point(self.game().board().size(), x, y).map_err(sgf_error)
    }

    /// Sets up a stone (`'black'`, `'white'`) or an empty point (null) at (x, y): `AB`, `AW`,
    /// `AE` of the current node, or of a new child that the game enters when the node holds a
    /// move. `notAllowed` (`noLiberty`) when a chain would be left without a liberty.
    #[wasm_bindgen(js_name = setStone)]
    pub fn set_stone(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Player | null")] color: JsValue,
    ) -> Result<(), JsValue> {
        guard()?;
        let p = self.point_xy(&x, &y)?;
        let c = color_or_null(&color, "the stone must be 'black', 'white' or null")?;
        self.cursor.set_stone(p, c).map_err(sgf_error)
    }

    /// Sets the player to move at the current node (`PL`; null removes it), as a set-up.
    #[wasm_bindgen(js_name = setToMove)]
    pub fn set_to_move(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Player | null")] color: JsValue,
    ) -> Result<(), JsValue> {
        guard()?;
        let c = color_or_null(&color, "the player must be 'black', 'white' or null")?;
        self.cursor.set_to_move(c).map_err(sgf_error)
    }

    /// Sets a mark at (x, y): `'triangle'`, `'square'`, `'circle'`, `'cross'`, `'selected'`
    /// (one of them at a point), `'label'` with `text` (1 to 32 characters on one line),
    /// `'dim'`; null clears every mark there.
    #[wasm_bindgen(js_name = setMark)]
    pub fn set_mark(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] x: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] y: JsValue,
        #[wasm_bindgen(unchecked_param_type = "MarkKindName | null")] kind: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string")] text: JsValue,
    ) -> Result<(), JsValue> {
        guard()?;
        let p = self.point_xy(&x, &y)?;
        const KIND: &str = "the mark must be 'triangle', 'square', 'circle', 'cross', \
                            'selected', 'label', 'dim' or null";
        let mark = if kind.is_null() {
            None
        } else {
            Some(match kind.as_string().as_deref() {
                Some("triangle") => MarkEdit::Shape(MarkKind::Triangle),
                Some("square") => MarkEdit::Shape(MarkKind::Square),
                Some("circle") => MarkEdit::Shape(MarkKind::Circle),
                Some("cross") => MarkEdit::Shape(MarkKind::Cross),
                Some("selected") => MarkEdit::Shape(MarkKind::Selected),
                Some("dim") => MarkEdit::Dim,
                Some("label") => MarkEdit::Label(
                    text.as_string()
                        .ok_or_else(|| bad("a label needs its text, a string"))?,
                ),
                _ => return Err(bad(KIND)),
            })
        };
        if !matches!(mark, Some(MarkEdit::Label(_))) && !text.is_undefined() {
            return Err(bad("only a label takes a text"));
        }
        self.cursor.set_mark(p, mark).map_err(sgf_error)
    }

    /// Sets the connector between two points `[x, y]`: `'line'` (`LN`), `'arrow'` (`AR`, from
    /// `from` to `to`) or null (removed). One connector per pair of points.
    #[wasm_bindgen(js_name = setLine)]
    pub fn set_line(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Point")] from: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Point")] to: JsValue,
        #[wasm_bindgen(unchecked_param_type = "'line' | 'arrow' | null")] kind: JsValue,
    ) -> Result<(), JsValue> {
        guard()?;
        let a = self.point_pair(&from)?;
        let b = self.point_pair(&to)?;
        let k = if kind.is_null() {
            None
        } else {
            Some(match kind.as_string().as_deref() {
                Some("line") => LineKind::Line,
                Some("arrow") => LineKind::Arrow,
                _ => return Err(bad("the connector must be 'line', 'arrow' or null")),
            })
        };
        self.cursor.set_line(a, b, k).map_err(sgf_error)
    }

    /// Sets the current node's comment (`C`): '' or null removes it.
    #[wasm_bindgen(js_name = setComment)]
    pub fn set_comment(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string | null")] text: JsValue,
    ) -> Result<(), JsValue> {
        guard()?;
        let t = text_or_null(&text)?;
        self.cursor.set_comment(t.as_deref()).map_err(sgf_error)
    }

    /// Sets the current node's name (`N`): '' or null removes it.
    #[wasm_bindgen(js_name = setName)]
    pub fn set_name(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string | null")] text: JsValue,
    ) -> Result<(), JsValue> {
        guard()?;
        let t = text_or_null(&text)?;
        self.cursor.set_name(t.as_deref()).map_err(sgf_error)
    }

    /// Sets an annotation of the current node: `'tesuji'`, `'bad'`, `'doubtful'`,
    /// `'interesting'` (at a node with a move; one at a time), `'goodForBlack'`,
    /// `'goodForWhite'`, `'even'`, `'unclear'` (one at a time) or `'hotspot'`; value 1, 2
    /// (emphasised; not for doubtful and interesting) or null (removed).
    #[wasm_bindgen(js_name = setAnnotation)]
    pub fn set_annotation(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "AnnotationKind")] kind: JsValue,
        #[wasm_bindgen(unchecked_param_type = "1 | 2 | null")] value: JsValue,
    ) -> Result<(), JsValue> {
        guard()?;
        let name = kind.as_string().unwrap_or_default();
        let Some(&(id, _, _)) = ANNOTATIONS.iter().find(|a| a.1 == name) else {
            return Err(bad("no such annotation"));
        };
        let v = if value.is_null() {
            None
        } else {
            match value.as_f64() {
                Some(1.0) => Some(1),
                Some(2.0) => Some(2),
                _ => return Err(bad("an annotation's value is 1, 2 or null")),
            }
        };
        self.cursor.set_annotation(id, v).map_err(sgf_error)
    }

    /// The current node's annotations: `{ [kind]: 1 | 2 }`.
    #[wasm_bindgen(getter, unchecked_return_type = "Annotations")]
    pub fn annotations(&self) -> JsValue {
        self.read(|c| {
            let entries: Vec<(&str, JsValue)> = c
                .annotations()
                .into_iter()
                .filter_map(|(id, v)| {
                    let name = ANNOTATIONS.iter().find(|a| a.0 == id)?.1;
                    Some((name, JsValue::from(v)))
                })
                .collect();
            object(&entries)
        })
    }

    /// Deletes the current node and everything after it; the game goes to the parent
    /// (`notAllowed`, `atRoot`, at the root).
    #[wasm_bindgen(js_name = deleteNode)]
    pub fn delete_node(&mut self) -> Result<(), JsValue> {
        guard()?;
        self.cursor.delete_node().map_err(sgf_error)
    }

    /// Moves the current node among its siblings: -1 one place up (towards the main line), +1
    /// down. `notAllowed` (`noSibling`) past the first or the last, (`atRoot`) at the root.
    #[wasm_bindgen(js_name = moveVariation)]
    pub fn move_variation(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "-1 | 1")] delta: JsValue,
    ) -> Result<(), JsValue> {
        guard()?;
        let d = match delta.as_f64() {
            Some(-1.0) => -1,
            Some(1.0) => 1,
            _ => return Err(bad("the delta must be -1 or 1")),
        };
        self.cursor.move_variation(d).map_err(sgf_error)
    }

    /// Makes the current node's line the main line.
    #[wasm_bindgen(js_name = makeMainLine)]
    pub fn make_main_line(&mut self) -> Result<(), JsValue> {
        guard()?;
        self.cursor.make_main_line().map_err(sgf_error)
    }

    /// Takes again what the last `undo` took back (`notAllowed`, `nothingToRedo`, when
    /// nothing; a new edit, move or action leaves nothing to redo).
    pub fn redo(&mut self) -> Result<(), JsValue> {
        guard()?;
        self.cursor.redo().map_err(sgf_error)
    }

    /// Whether `redo` has something to take again.
    #[wasm_bindgen(getter, js_name = canRedo)]
    pub fn can_redo(&self) -> bool {
        self.read(|c| c.can_redo())
    }
}
