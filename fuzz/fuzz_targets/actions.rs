//! libFuzzer target for the game model of the JS API: the bytes are a sequence of calls (place,
//! pass, next, previous, goTo, undo, resume, markDead, resign, finish, and the editing calls:
//! setStone, setToMove, setMark, setLine, setComment, setName, setAnnotation, deleteNode,
//! moveVariation, makeMainLine, redo) on a new game or a small record, each checked as
//! `tests/common/actions.rs` says (a refused call changes nothing, undo after a move or an edit
//! restores exactly and redo after an edit's undo gives it again, the record written reads back
//! the same). A panic is a broken promise.
//!
//! ```text
//! RUSTC_BOOTSTRAP=1 cargo fuzz run actions -- -max_total_time=600 -timeout=10
//! ```

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../tests/common/actions.rs"]
mod actions;

fuzz_target!(|data: &[u8]| {
    actions::run(data);
});
