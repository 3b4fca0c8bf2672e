//! Engine benchmarks: seeded workloads that assert their results.
//!
//! Run with `cargo bench --bench engine` (a filter narrows it: `cargo bench --bench engine --
//! playout`; about five minutes in all, three of them `sgf_linear`). The corpus workloads read
//! `../shared/corpus/` beside the crate and are skipped, with a note, when it is absent.
//! Recorded results are asserted before timing; after a deliberate change to a workload,
//! `TENGEN_BENCH_RECORD=1 cargo bench --bench engine -- --test` prints the new values instead.
//!
//! - `playout/9x9`, `playout/19x19`: 64 random playouts from the empty board with `Board::play`
//!   per iteration (see `common::playout`); throughput is playouts per second.
//! - `estimate_playout/9x9-empty`, `estimate_playout/19x19-empty`: 64 playouts of the
//!   estimator (its own board and policy, `estimate::bench_playouts`) from the empty board per
//!   iteration, seeded; throughput is playouts per second.
//! - `genmove/{9x9,13x13,19x19}-empty`: the computer player's search (`player::genmove`, issue
//!   14) on the empty board, seeded, with a budget of [`GENMOVE_PLAYOUTS`] playouts (fewer when
//!   the search decides early); throughput is playouts per second, tree included. Asserts the
//!   move chosen and the playouts run.
//! - `genmove/9x9-line-{reuse,fresh}`: a `player::Searcher` following six moves of a 9x9 game
//!   at 2,000 playouts a move, its tree kept between moves or not; throughput is playouts per
//!   second, the copy of the kept subtree included.
//! - `estimate/counted-{9x9,13x13,19x19}`: the dead-stone proposal of the final positions of
//!   `scored.json` with default options, per position; asserts that 128 of the 131 equal the
//!   recorded dead stones.
//! - `replay/superko-chinese`, `replay/simple-japanese-1989`: the even 19x19 games of
//!   `ai-games/` (main lines) replayed through `Game`; throughput is moves per second.
//! - `superko_cost/{positional,simple}/{10,10272}`: the same 100 moves (random, with captures,
//!   in the upper left 8x8 corner) through `Game` from move 10 of a game and from move 10,272 of
//!   a long random game with many captures that has just left that 9x9 corner empty: the board
//!   does the same work, only the history differs. Under positional superko (`chinese`) every
//!   move is looked up in the history; simple ko (`japanese-1989`) records the same history but
//!   checks none. Throughput is moves per second.
//! - `score/{territory,area}/{playouts,counted,ai-games}`: `score::score` (`japanese-1989`,
//!   `chinese`) on one final 19x19 position per iteration, so the time shown is per position:
//!   16 seeded 19x19 playouts played out to the end; the 19x19 games of `scored.json`, counted
//!   real games with their dead stones; the last positions of the `ai-games` records, mostly
//!   resigned with much left to fill. `score/territory/worst`: the position of those sets whose
//!   first count by territory took longest (printed with that first time, before any of its
//!   readings was remembered), counted again per iteration.
//! - `sgf_parse_names/{1000,10000,100000}`: one node with that many distinct property
//!   identifiers (`AA[0]AB[1]...`, a hostile shape), parsed; throughput is bytes, so a flat
//!   figure per MB is linear parsing (looking each new identifier up by a scan would be
//!   quadratic). Asserts the number of properties read.
//! - `sgf_linear/{shape}/{1KiB,64KiB,1MiB,16MiB}`: the proof that reading SGF is linear in
//!   every case: a hostile input of each shape, generated (seeded by its size) as the longest run
//!   of the shape's units that fits the size, the largest just under the 16 MiB limit, and parsed
//!   with `sgf::parse_with`. Throughput is bytes, so a figure per MB that holds from 1 KiB to
//!   16 MiB is linear reading (the trees of the 16 MiB inputs, hundreds of MB, fit in no cache:
//!   there the figure drops, to about half for the shapes that allocate most, though the
//!   instructions executed per byte stay the same). The shapes: `names`, one node of distinct
//!   identifiers (`AA[1]AB[1]...`, as above); `colliding_names`, the same in pairs whose FNV-1a 64
//!   hashes are equal; `nodes`, one sequence of tiny nodes (`;B[pd]\r\n`, 8 bytes, so that 16 MiB
//!   stays under `MAX_NODES`); `empty_nodes`, `(;;;...)`, the 16 MiB input refused at node
//!   2,097,153; `deep`, each node a variation of the one before (`(;B[pd](;W[dp](;...)))`); `wide`,
//!   one root with a variation per node; `games`, one-node game trees; `comment`, one comment of
//!   the whole size; `escapes`, one comment of escapes (`C[\]\\\]...]`); `values`, one property of
//!   very many values (`AB[pd][dp]...`); `repeated`, lenient, `C` and `AB` repeated in one node
//!   (the comments joined, the values merged); `junk`, lenient, white space and junk inside game
//!   trees and text between them; `utf8`, one tree of nodes with UTF-8 comments, decoded when the
//!   tree ends; `utf8_games`, one-node game trees whose comment is a UTF-8 character and an escaped
//!   backslash (`(;C[碁\\])`), each decoded on its own; `declared_games`, one-node game trees that
//!   each name a legacy charset in a UTF-8 input (`(;CA[ISO-8859-1]C[碁石])`), each read as UTF-8
//!   with a warning. Each input is parsed once first, untimed, and what it read asserted (game
//!   trees, nodes, properties, values, characters, warnings; for the refused input, the offset of
//!   the error); that parse must end within 1 s and 1 s a MiB, or the group fails (the shape is not
//!   linear) instead of running for hours. Only the parses are timed, not the checks of their
//!   results nor the drops of the trees. About three minutes, most of it the 16 MiB inputs (ten
//!   parses each).

mod common;
mod estimate;
#[cfg(feature = "player")]
mod genmove;
mod playout;
mod replay;
mod score;
#[cfg(feature = "sgf")]
mod sgf_linear;
#[cfg(feature = "sgf")]
mod sgf_names;
mod superko;

use common::rules;
use criterion::{criterion_group, criterion_main, Criterion};
use std::time::Duration;

fn benches(c: &mut Criterion) {
    #[cfg(feature = "sgf")]
    sgf_names::bench_parse_names(c);
    playout::bench_playouts(c);
    playout::bench_estimate_playouts(c);
    #[cfg(feature = "player")]
    genmove::bench_genmove(c);
    estimate::bench_estimate(c);
    let games = replay::corpus();
    if let Some(games) = &games {
        replay::bench_replay(c, games);
    }
    superko::bench_superko_cost(c);
    let finals: Option<Vec<score::Position>> = games.as_ref().map(|games| {
        games
            .iter()
            .map(|g| {
                let board = replay::replay(rules("japanese-1989"), &g.moves)
                    .0
                    .board()
                    .clone();
                (board, vec![false; 361])
            })
            .collect()
    });
    score::bench_score(c, finals);
    // Last: until parsing is linear in every shape, this group fails (see `sgf_linear::check`).
    #[cfg(feature = "sgf")]
    sgf_linear::bench(c);
}

criterion_group! {
    name = engine;
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = benches
}
criterion_main!(engine);
