//! The JS API's game model driven by a stream of bytes: every operation a page can
//! call on a game of the full package (`place`, `pass`, `next`, `previous`, `goTo`, `undo`,
//! `resume`, `markDead`, `resign`, `finish`, and the editing calls: `setStone`, `setToMove`,
//! `setMark`, `setLine`, `setComment`, `setName`, `setAnnotation`, `deleteNode`,
//! `moveVariation`, `makeMainLine`, `redo`; with the `player` feature `analyze`, `setAnalysis`,
//! `analysisAt`, and a kept `Searcher`'s search and decision), on `tree::Cursor`, which the wasm facade wraps one to one. After every
//! call the invariants of the model are checked:
//!
//! - a refused call changes nothing (board, turn, phase, move number, path, the record written);
//! - an analysis changes nothing, in any phase; an analysis written into a node reads back (as
//!   rounded in the record) and moves nothing;
//! - a move or pass played, then undone, leaves everything exactly as it was;
//! - an edit that changed something, then undone, leaves everything exactly as it was, and
//!   redone, gives the same as the edit;
//! - the record written reads back (strictly) to a record that writes the same text, and the
//!   position at the current path is the same there;
//! - after `next` or `goTo` to another node (which go back to the node shared with the path
//!   and play forward from there), the game is the one a replay of the record from the root
//!   to that node gives, superko history included.
//!
//! Shared by `tests/model_fuzz.rs` (seeded, in `make test`) and the libFuzzer target
//! `fuzz/fuzz_targets/actions.rs` (longer runs). `TENGEN_FUZZ_TRACE=1` prints every call.

use tengen::options::{Options, RulesOption, SizeOption};
use tengen::tree::{
    end_of_play, replay_to, Cursor, LineKind, LoadOptions, MarkEdit, MarkKind, ReplayOptions,
};
use tengen::{Color, Game, Point};

/// What one run did: calls made, refused, and invariants checked.
#[derive(Clone, Copy, Debug, Default)]
pub struct Counts {
    pub calls: u64,
    pub refused: u64,
    pub checks: u64,
}

/// Everything of the model a page can observe.
fn observe(c: &Cursor) -> (Vec<i8>, Color, tengen::Phase, u32, Vec<usize>, String) {
    let g = c.game();
    (
        g.board().to_signs(),
        g.to_move(),
        g.phase(),
        g.move_number(),
        c.path().to_vec(),
        c.to_sgf(),
    )
}

/// What a game shows, its superko history included (the legality of every point for both).
fn state(g: &Game) -> String {
    let size = g.board().size();
    let legal: Vec<_> = size
        .points()
        .flat_map(|p| {
            [
                g.legality_for(p, Color::Black),
                g.legality_for(p, Color::White),
            ]
        })
        .collect();
    format!(
        "{:?} {:?} {:?} {} {:?} {:?} {:?} {:?} {:?} {:?} {:?}",
        g.board().to_signs(),
        g.to_move(),
        g.phase(),
        g.move_number(),
        [g.captures(Color::Black), g.captures(Color::White)],
        g.ko_point(),
        g.repetition(),
        g.dead_marks(),
        g.outcome(),
        g.handicap_left(),
        legal
    )
}

/// The game at the cursor's node replayed from the root, with the record's end of play there.
fn replayed_here(c: &Cursor) -> String {
    let mut c = c.clone();
    c.settle();
    let g = c.game();
    let options = ReplayOptions {
        rules: Some(*g.rules()),
        komi: Some(f64::from(g.rules().komi_halves) / 2.0),
        handicap: Some(g.setup().handicap),
        ..ReplayOptions::default()
    };
    let mut r = replay_to(c.tree(), c.node(), &options).expect("the path replays");
    // A node played here applies no end of play on arrival, as when it was played.
    if !c.played_here(c.node()) {
        let _ = end_of_play(c.tree(), c.node(), &mut r.game);
    }
    state(&r.game)
}

/// The byte stream, read as small numbers (zeros once it runs out).
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn next(&mut self, n: usize) -> usize {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b as usize % n.max(1)
            }
            None => 0,
        }
    }

    fn done(&self) -> bool {
        self.0.is_empty()
    }
}

const RECORDS: [&str; 3] = [
    "(;SZ[5]KM[0.5];B[cc](;W[dd];B[bb])(;W[bc]))",
    "(;SZ[5]RU[Chinese]AB[aa][ee]AW[ae];W[cc];B[])",
    "(;SZ[4]PB[A]PW[B];B[bb];W[cc];B[];W[])",
];

/// The game a run starts from: a new game (sizes 2 to 6, several rulesets, free handicap) or a
/// small record.
fn start(b: &mut Bytes) -> Cursor {
    let kind = b.next(6);
    if kind >= 4 {
        let text = RECORDS[b.next(RECORDS.len())];
        return Cursor::load(text.as_bytes(), &LoadOptions::default()).expect("a good record");
    }
    let rules = ["japanese-1989", "chinese", "tromp-taylor", "aga"][kind];
    let side = (2 + b.next(5)) as f64;
    let free = b.next(3) == 0 && side >= 4.0;
    let o = Options {
        size: Some(SizeOption::Square(side)),
        rules: Some(RulesOption {
            preset: Some(rules.into()),
            ..RulesOption::default()
        }),
        handicap: free.then_some(2.0),
        handicap_placement: free.then(|| "free".into()),
        ..Options::default()
    };
    let game = o
        .game()
        .unwrap_or_else(|_| Game::new(Default::default()).expect("a game"));
    Cursor::from_game(game)
}

/// Runs the calls the bytes describe; panics (with what broke) when an invariant does not hold.
pub fn run(data: &[u8]) -> Counts {
    let mut b = Bytes(data);
    let mut c = start(&mut b);
    let mut n = Counts::default();
    // Whether a set-up edit was made (which can make moves below it illegal).
    let mut edits_made = false;
    // A searcher kept across the calls, as a page's computer player or the GTP engine keeps one.
    let mut follower = Follower::default();
    while !b.done() {
        let size = c.game().board().size();
        let (w, h) = (size.width() as usize, size.height() as usize);
        let before = observe(&c);
        let op = b.next(if EDITS { 26 } else { 12 });
        let point = |b: &mut Bytes| Point::new(b.next(w) as u8, b.next(h) as u8);
        let color = |b: &mut Bytes| {
            if b.next(2) == 0 {
                Color::Black
            } else {
                Color::White
            }
        };
        let played = matches!(op, 0..=3);
        let edited = matches!(op, 12..=20);
        let result: Result<(), tengen::Error> = match op {
            0..=2 => {
                let p = point(&mut b);
                c.play(p).map(|_| ())
            }
            3 => c.pass().map(|_| ()),
            4 => c.next(b.next(3)).map(|_| ()),
            5 => c.previous().map(|_| ()),
            6 => {
                let len = b.next(5);
                let path: Vec<usize> = (0..len).map(|_| b.next(3)).collect();
                c.go_to(&path)
            }
            7 => c.undo(),
            8 => {
                let who = color(&mut b);
                c.game_mut().resume(who)
            }
            9 => {
                let p = point(&mut b);
                c.game_mut().toggle_dead(p).map(|_| ())
            }
            10 => {
                let who = color(&mut b);
                c.game_mut().resign(who)
            }
            11 => c.game_mut().finish(),
            23 => analyze(&c, &mut b),
            24 => set_analysis(&mut c, &mut b, w, h),
            25 => search(&c, &mut follower, &mut b),
            _ => edit(&mut c, op, &mut b, w, h),
        };
        edits_made |= result.is_ok() && matches!(op, 12..=14 | 21 | 22);
        if result.is_ok() && matches!(op, 8..=11) {
            // As the JS Game does after an action: the latest thing done is no edit.
            c.acted();
        }
        n.calls += 1;
        if std::env::var_os("TENGEN_FUZZ_TRACE").is_some() {
            eprintln!("call {op}: {result:?} -> path {:?}", c.path());
        }
        if result.is_ok() && matches!(op, 4 | 6) && c.path() != before.4.as_slice() {
            assert_eq!(
                state(c.game()),
                replayed_here(&c),
                "call {op} to {:?}: not the game replayed to that node",
                c.path()
            );
            n.checks += 1;
        }
        match result {
            Err(e) => {
                n.refused += 1;
                assert_eq!(
                    observe(&c),
                    before,
                    "refused call {op} ({e}) changed the game"
                );
                n.checks += 1;
            }
            Ok(()) if played => {
                let mut undone = c.clone();
                undone.undo().expect("a move played can be undone");
                assert_eq!(
                    observe(&undone),
                    before,
                    "undo after call {op} did not restore"
                );
                n.checks += 1;
            }
            Ok(()) if edited && observe(&c) != before => {
                // An edit: undo restores everything, redo takes it again.
                let after = observe(&c);
                let mut undone = c.clone();
                undone.undo().expect("an edit can be undone");
                assert_eq!(
                    observe(&undone),
                    before,
                    "undo after edit {op} did not restore"
                );
                undone.redo().expect("an edit undone can be redone");
                assert_eq!(observe(&undone), after, "redo after edit {op} differs");
                n.checks += 2;
            }
            Ok(()) => {}
        }
        // The record written reads back to the same record, with the same position at the path.
        let text = c.to_sgf();
        let strict = Cursor::load(text.as_bytes(), &LoadOptions::default());
        // A set-up edit can make moves below it illegal, or a set-up below it leave a chain
        // without a liberty (the cursor refuses to step onto them): such a record reads back
        // leniently, the same text.
        let below = |e: &tengen::Error| match e {
            tengen::Error::IllegalMove { .. } => true,
            tengen::Error::Sgf { message, .. } => message.contains("without a liberty"),
            _ => false,
        };
        let lenient = strict.as_ref().err().is_some_and(below) && edits_made;
        let mut again = match strict {
            Err(_) if lenient => {
                let o = LoadOptions {
                    lenient: true,
                    ..LoadOptions::default()
                };
                Cursor::load(text.as_bytes(), &o)
            }
            r => r,
        }
        .unwrap_or_else(|e| panic!("the record written does not read back ({e}):\n{text}"));
        assert_eq!(
            again.to_sgf(),
            text,
            "the record read back writes other text"
        );
        if c.game().handicap_left() == 0 && !lenient {
            again
                .go_to(c.path())
                .unwrap_or_else(|e| panic!("path {:?} ({e}) in\n{text}", c.path()));
            assert_eq!(
                again.game().board().to_signs(),
                c.game().board().to_signs(),
                "the position at {:?} read back differs\n{text}",
                c.path()
            );
        }
        n.checks += 1;
    }
    n
}

/// Whether the runs call the editing operations too (the `edit` feature has them).
const EDITS: bool = true;

/// One editing call (ops 12 to 22): set-up, player to move, marks, lines, comment and name,
/// annotations, the tree's shape, redo; arguments from the bytes, bad ones included.
fn edit(c: &mut Cursor, op: usize, b: &mut Bytes, w: usize, h: usize) -> Result<(), tengen::Error> {
    // Points a little beyond the board too: refused with offBoard.
    let point = |b: &mut Bytes| Point::new(b.next(w + 1) as u8, b.next(h + 1) as u8);
    let stone = |b: &mut Bytes| [None, Some(Color::Black), Some(Color::White)][b.next(3)];
    match op {
        12 | 13 => {
            let p = point(b);
            let s = stone(b);
            c.set_stone(p, s)
        }
        14 => {
            let s = stone(b);
            c.set_to_move(s)
        }
        15 | 16 => {
            let p = point(b);
            let mark = match b.next(9) {
                0 => None,
                k @ 1..=5 => Some(MarkEdit::Shape(MarkKind::ALL[k - 1])),
                6 => Some(MarkEdit::Dim),
                7 => Some(MarkEdit::Label(
                    ["A", "12", "", "x\ny", "]:\\"][b.next(5)].into(),
                )),
                _ => Some(MarkEdit::Label("x".repeat(30 + b.next(5)))),
            };
            c.set_mark(p, mark)
        }
        17 => {
            let (from, to) = (point(b), point(b));
            let kind = [None, Some(LineKind::Line), Some(LineKind::Arrow)][b.next(3)];
            c.set_line(from, to, kind)
        }
        18 => {
            let text = [None, Some(""), Some("a ] comment \\"), Some("two\nlines")][b.next(4)];
            if b.next(2) == 0 {
                c.set_comment(text)
            } else {
                c.set_name(text)
            }
        }
        19 => {
            let id = ["TE", "BM", "DO", "IT", "GB", "GW", "DM", "UC", "HO", "XX"][b.next(10)];
            let value = [None, Some(1), Some(2), Some(3)][b.next(4)];
            c.set_annotation(id, value)
        }
        20 => match b.next(3) {
            0 => c.delete_node(),
            1 => c.make_main_line(),
            _ => c.move_variation([-1, 1, 2][b.next(3)]),
        },
        21 => c.undo(),
        _ => c.redo(),
    }
}

/// An analysis of the current position (op 23), a small budget or a bad one: it changes
/// nothing, in any phase.
#[cfg(feature = "player")]
fn analyze(c: &Cursor, b: &mut Bytes) -> Result<(), tengen::Error> {
    use tengen::player::{analyze, AnalyzeOptions};
    let before = observe(c);
    let o = AnalyzeOptions {
        playouts: [1, 20, 60, 5_000_001][b.next(4)],
        time_ms: [0, 0, 0, 600_001][b.next(4)],
        seed: b.next(4) as u64,
    };
    let r = analyze(c.game(), &o, &mut || 0.0);
    assert_eq!(observe(c), before, "an analysis changed the game");
    let a = r?;
    assert_eq!(a.ownership.len(), c.game().board().size().area());
    Ok(())
}

/// An analysis written into a node (op 24), or removed, bad paths and values included: done,
/// it reads back as written (rounded to hundredths of a percent and of a point) and the
/// cursor stays.
#[cfg(feature = "player")]
fn set_analysis(c: &mut Cursor, b: &mut Bytes, w: usize, h: usize) -> Result<(), tengen::Error> {
    use tengen::tree::NodeAnalysis;
    let len = b.next(5);
    let path: Vec<usize> = (0..len).map(|_| b.next(2)).collect();
    let value = match b.next(4) {
        0 => None,
        k => Some(NodeAnalysis::new(
            [0.0, 0.123456, 1.0, 1.5][b.next(4)],
            Some([-7.25, 0.0, 361.5, 20_000.0][b.next(4)]),
            Some([0, 10, u32::MAX][b.next(3)]),
            (k > 1).then(|| Point::new(b.next(w + 1) as u8, b.next(h) as u8)),
        )?),
    };
    let at = c.path().to_vec();
    c.set_analysis(&path, value.as_ref())?;
    assert_eq!(c.path(), at.as_slice(), "setAnalysis moved the cursor");
    let read = c.analysis_at(Some(&path));
    match (value, read) {
        (None, r) => assert_eq!(r, None, "an analysis removed is still there"),
        (Some(v), Some(r)) => {
            assert!(
                (v.win_rate - r.win_rate).abs() <= 0.00005,
                "{v:?} read {r:?}"
            );
            let lead = |a: &NodeAnalysis| a.score_lead.unwrap_or(f64::NAN);
            assert!((lead(&v) - lead(&r)).abs() <= 0.005, "{v:?} read {r:?}");
            assert_eq!((v.visits, v.best), (r.visits, r.best));
        }
        (Some(v), None) => panic!("{v:?} written, nothing read"),
    }
    Ok(())
}

/// The searcher kept across the calls of a run.
#[cfg(feature = "player")]
#[derive(Default)]
struct Follower(Option<tengen::player::Searcher>);

/// The searcher kept across the calls (op 25) searches the current position, on one thread
/// or two on one tree, its tree kept from its last search where the game continues that line:
/// the game is unchanged, and the move decided from its root is legal in the game.
#[cfg(feature = "player")]
fn search(c: &Cursor, f: &mut Follower, b: &mut Bytes) -> Result<(), tengen::Error> {
    use tengen::player::{decide, Decision, GenmoveOptions, Searcher};
    let before = observe(c);
    let o = GenmoveOptions::new([1, 30, 80][b.next(3)], 0, 1)?;
    let s = f.0.get_or_insert_with(|| Searcher::new(7));
    let threads = 1 + b.next(2);
    let r = if threads == 1 {
        s.run(c.game(), &o, &mut || 0.0)
    } else {
        s.run_threads(c.game(), &o, threads, &mut || 0.0)
    };
    assert_eq!(observe(c), before, "a search changed the game");
    r?;
    let t = decide(c.game(), &s.root_stats(), &o, &mut || 0.0)?;
    assert_eq!(observe(c), before, "a decision changed the game");
    if let Decision::Play(p) = t.decision {
        assert_eq!(c.game().legality(p), Ok(()), "the searcher decided {p:?}");
    }
    Ok(())
}

#[cfg(not(feature = "player"))]
#[derive(Default)]
struct Follower;

#[cfg(not(feature = "player"))]
fn search(_: &Cursor, _: &mut Follower, _: &mut Bytes) -> Result<(), tengen::Error> {
    Ok(())
}

#[cfg(not(feature = "player"))]
fn analyze(_: &Cursor, _: &mut Bytes) -> Result<(), tengen::Error> {
    Ok(())
}

#[cfg(not(feature = "player"))]
fn set_analysis(_: &mut Cursor, _: &mut Bytes, _: usize, _: usize) -> Result<(), tengen::Error> {
    Ok(())
}
