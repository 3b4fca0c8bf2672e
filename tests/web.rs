//! The wasm facade inside a real JS engine: run by `wasm-pack test` in Node and in headless
//! Chromium (`make test-wasm`). Native builds compile nothing here.
#![cfg(target_arch = "wasm32")]

use js_sys::{Array, Int8Array, Reflect};
use tengen::wasm::JsGame;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

fn opts(js: &str) -> JsValue {
    js_sys::JSON::parse(js).expect("valid JSON in the test")
}

fn n(v: f64) -> JsValue {
    JsValue::from_f64(v)
}

fn code(e: JsValue) -> String {
    assert!(e.is_instance_of::<js_sys::Error>(), "a JS Error");
    Reflect::get(&e, &"code".into())
        .unwrap()
        .as_string()
        .expect("a code property")
}

fn get(v: &JsValue, k: &str) -> JsValue {
    Reflect::get(v, &k.into()).unwrap()
}

#[wasm_bindgen_test]
fn plays_captures_and_reports() {
    let mut g = JsGame::new(opts(r#"{"size": 5, "rules": "japanese-1989"}"#)).unwrap();
    g.place(n(1.0), n(0.0)).unwrap();
    g.place(n(0.0), n(0.0)).unwrap();
    assert_eq!(g.place(n(0.0), n(1.0)).unwrap(), 1);
    let captured = g.last_captured();
    assert_eq!(captured.length(), 1);
    assert_eq!(Array::from(&captured.get(0)).to_vec(), vec![n(0.0), n(0.0)]);
    assert_eq!(g.to_move().as_string().unwrap(), "white");
    let board = g.board();
    assert_eq!(board.length(), 25);
    assert_eq!(board.get_index(1), 1);
    assert_eq!(board.get_index(0), 0);
    assert_eq!(get(&g.captures(), "black").as_f64(), Some(1.0));
}

#[wasm_bindgen_test]
fn errors_carry_codes_and_change_nothing() {
    let mut g = JsGame::new(opts(r#"{"size": 9}"#)).unwrap();
    g.place(n(4.0), n(4.0)).unwrap();
    assert_eq!(code(g.place(n(4.0), n(4.0)).unwrap_err()), "occupied");
    assert_eq!(code(g.place(n(f64::NAN), n(1.0)).unwrap_err()), "offBoard");
    assert_eq!(code(g.place(n(1.5), n(1.0)).unwrap_err()), "offBoard");
    assert_eq!(code(g.place("3".into(), n(1.0)).unwrap_err()), "offBoard");
    assert_eq!(code(g.place(n(9.0), n(1.0)).unwrap_err()), "offBoard");
    assert_eq!(code(g.mark_dead(n(4.0), n(4.0)).unwrap_err()), "notStopped");
    assert_eq!(code(g.resume("green".into()).unwrap_err()), "notAllowed");
    assert_eq!(g.move_number(), 1);
    assert_eq!(g.place(n(3.0), n(3.0)).unwrap(), 0);
    for bad in [
        r#"{"size": 1}"#,
        r#"{"size": 9.5}"#,
        r#"{"rules": "nope"}"#,
        r#"{"komi": "6.5"}"#,
        r#"{"handicap": 10}"#,
        "[]",
        "7",
    ] {
        assert_eq!(
            code(JsGame::new(opts(bad)).err().expect("refused")),
            "invalidOptions",
            "{bad}"
        );
    }
}

/// One-line boards (J89 commentary on Art. 3 (1)): `{ width: 1, height: 9 }` plays; a bad side
/// is named in the message.
#[wasm_bindgen_test]
fn one_line_boards_and_side_errors() {
    let mut g = JsGame::new(opts(r#"{"size": {"width": 1, "height": 9}}"#)).unwrap();
    assert_eq!((g.width(), g.height()), (1, 9));
    g.place(n(0.0), n(1.0)).unwrap();
    g.place(n(0.0), n(2.0)).unwrap();
    assert_eq!(g.place(n(0.0), n(3.0)).unwrap(), 1);
    assert_eq!(code(g.place(n(1.0), n(0.0)).unwrap_err()), "offBoard");
    assert_eq!(g.board().length(), 9);
    for (bad, side) in [
        (r#"{"size": {"width": 0, "height": 9}}"#, "width"),
        (r#"{"size": {"width": 9, "height": 53}}"#, "height"),
        (r#"{"size": {"width": 1, "height": 1}}"#, "1x1"),
    ] {
        let e = JsGame::new(opts(bad)).err().expect("refused");
        let message = get(&e, "message").as_string().unwrap();
        assert!(message.contains(side), "{bad}: {message}");
        assert_eq!(code(e), "invalidOptions", "{bad}");
    }
}

#[wasm_bindgen_test]
fn stops_marks_scores_and_undoes() {
    let mut g = JsGame::new(opts(r#"{"size": 5, "rules": "chinese", "komi": 0}"#)).unwrap();
    for (x, y) in [
        (1, 0),
        (3, 0),
        (1, 1),
        (3, 1),
        (1, 2),
        (3, 2),
        (1, 3),
        (3, 3),
        (1, 4),
        (3, 4),
        (2, 2),
        (0, 2),
    ] {
        g.place(n(x as f64), n(y as f64)).unwrap();
    }
    assert!(!g.pass().unwrap());
    assert!(g.pass().unwrap());
    assert_eq!(g.phase().as_string().unwrap(), "stopped");
    // The white stone on (0, 2), left alive inside Black's area, can be captured: a warning.
    let warnings = Array::from(&get(&g.score().unwrap(), "warnings"));
    assert_eq!(warnings.length(), 1);
    assert_eq!(
        get(&warnings.get(0), "code").as_string().unwrap(),
        "capturable"
    );
    let points = Array::from(&get(&warnings.get(0), "points"));
    assert_eq!(Array::from(&points.get(0)).to_vec(), vec![n(0.0), n(2.0)]);
    assert_eq!(g.mark_dead(n(0.0), n(2.0)).unwrap().length(), 1);
    let s = g.score().unwrap();
    assert_eq!(Array::from(&get(&s, "warnings")).length(), 0);
    assert_eq!(get(&s, "result").as_string().unwrap(), "B+1");
    assert_eq!(get(&get(&s, "black"), "total").as_f64(), Some(11.0));
    let own: Int8Array = get(&s, "ownership").dyn_into().unwrap();
    assert_eq!(own.length(), 25);
    assert_eq!(own.get_index(10), 1);
    g.finish().unwrap();
    assert_eq!(g.phase().as_string().unwrap(), "finished");
    g.undo().unwrap();
    g.undo().unwrap();
    g.resume("black".into()).unwrap();
    assert_eq!(g.to_move().as_string().unwrap(), "white");
    assert!(g.legality(n(2.0), n(0.0), JsValue::UNDEFINED).is_null());
    assert_eq!(
        g.legality(n(2.0), n(2.0), JsValue::UNDEFINED)
            .as_string()
            .unwrap(),
        "occupied"
    );
}

#[cfg(feature = "sgf")]
#[wasm_bindgen_test]
fn reads_moves_in_and_writes_a_record() {
    let record = "(;FF[4]SZ[9]PB[Black]C[start];B[cc](;W[gg]TR[cc]C[main])(;W[ee]))";
    let mut g = JsGame::from_sgf(record.into(), JsValue::UNDEFINED).unwrap();
    assert_eq!(g.move_number(), 2);
    assert_eq!(g.comment().as_string().unwrap(), "main");
    assert_eq!(get(&g.info(), "black").as_string().unwrap(), "Black");
    let tri = Array::from(&get(&g.markup(), "triangles"));
    assert_eq!(Array::from(&tri.get(0)).to_vec(), vec![n(2.0), n(2.0)]);
    assert!(g.previous().unwrap());
    assert_eq!(g.variations().length(), 2);
    assert!(g.next(n(1.0)).unwrap());
    assert_eq!(Array::from(&g.path()).to_vec(), vec![n(0.0), n(1.0)]);
    g.place(n(6.0), n(2.0)).unwrap();
    let text = g.to_sgf(JsValue::UNDEFINED).unwrap();
    assert!(text.contains("(;W[ee];B[gc])"), "{text}");
    // Bytes, errors with their details, and the instance still works after them.
    let bytes = js_sys::Uint8Array::from(&b"(;CA[ISO-8859-1]SZ[9]PB[Jos\xe9])"[..]);
    let latin = JsGame::from_sgf(bytes.into(), JsValue::UNDEFINED).unwrap();
    assert_eq!(
        get(&latin.info(), "black").as_string().unwrap(),
        "Jos\u{e9}"
    );
    // GB2312 without CA (古力, 黑中盘胜), decoded by the host's TextDecoder after detection; Shift_JIS
    // named after a value whose trail byte is '\\' (表 0x95 0x5C).
    let gb = b"(;SZ[9]PB[\xb9\xc5\xc1\xa6]C[\xba\xda\xd6\xd0\xc5\xcc\xca\xa4])";
    let gb = js_sys::Uint8Array::from(&gb[..]);
    let gb = JsGame::from_sgf(gb.into(), JsValue::UNDEFINED).unwrap();
    assert_eq!(get(&gb.info(), "black").as_string().unwrap(), "古力");
    let sj = js_sys::Uint8Array::from(&b"(;SZ[9]PB[\x95\x5c]CA[SJIS]PW[x])"[..]);
    let sj = JsGame::from_sgf(sj.into(), JsValue::UNDEFINED).unwrap();
    assert_eq!(get(&sj.info(), "black").as_string().unwrap(), "表");
    assert_eq!(get(&sj.info(), "white").as_string().unwrap(), "x");
    let e = JsGame::from_sgf("(;B[aa]".into(), JsValue::UNDEFINED)
        .err()
        .unwrap();
    assert_eq!(code(e.clone()), "sgf");
    assert_eq!(get(&e, "offset").as_f64(), Some(7.0));
    let illegal = "(;SZ[9];B[aa];W[aa])";
    let e = JsGame::from_sgf(illegal.into(), JsValue::UNDEFINED)
        .err()
        .unwrap();
    assert_eq!(code(e.clone()), "illegalMove");
    assert_eq!(get(&e, "moveNumber").as_f64(), Some(2.0));
    let lenient = JsGame::from_sgf(illegal.into(), opts(r#"{"lenient": true}"#)).unwrap();
    assert_eq!(lenient.warnings().length(), 1);
    assert_eq!(code(g.next(n(-1.0)).unwrap_err()), "invalidOptions");
    assert_eq!(code(g.go_to(opts("[7]")).unwrap_err()), "invalidOptions");
    g.go_to(opts("[0, 0]")).unwrap();
    assert_eq!(g.move_number(), 2);
}

/// The computer player in a JS engine: a move for the side to move by the host's clock, the game
/// unchanged, options checked, no move once play has stopped.
#[cfg(feature = "player")]
#[wasm_bindgen_test]
fn genmove_answers_without_playing() {
    let mut g = JsGame::new(opts(r#"{"size": 7, "rules": "chinese"}"#)).unwrap();
    g.place(n(3.0), n(3.0)).unwrap();
    let m = g.genmove(opts(r#"{"playouts": 40, "seed": 2}"#)).unwrap();
    let (x, y) = (get(&m, "x"), get(&m, "y"));
    assert!(g
        .legality(x.clone(), y.clone(), JsValue::UNDEFINED)
        .is_null());
    assert_eq!(g.move_number(), 1, "genmove plays nothing");
    assert_eq!(g.to_move().as_string().unwrap(), "white");
    // A time budget runs on Date.now.
    let m = g.genmove(opts(r#"{"timeMs": 30}"#)).unwrap();
    assert!(m.is_object() || m.as_string().is_some_and(|s| s == "pass"));
    let d = g
        .genmove_details(opts(r#"{"playouts": 40, "seed": 2}"#))
        .unwrap();
    assert_eq!(get(&get(&d, "move"), "x").as_f64(), x.as_f64());
    for bad in [
        r#"{"playouts": 0}"#,
        r#"{"timeMs": 1.5}"#,
        r#"{"level": 3}"#,
        "[]",
        "3",
    ] {
        assert_eq!(code(g.genmove(opts(bad)).unwrap_err()), "invalidOptions");
    }
    g.pass().unwrap();
    g.pass().unwrap();
    assert_eq!(
        code(g.genmove(JsValue::UNDEFINED).unwrap_err()),
        "notPlaying"
    );
}
