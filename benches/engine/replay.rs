//! `replay/*`: the corpus's games replayed through `Game`, and the corpus they come from.

use crate::common::{check, corpus_path, load_19x19_games, rules, size, SgfGame};
use criterion::{Criterion, Throughput};
use std::time::Duration;
use tengen::{Color, Game, Phase, Point, Rules, Setup};

/// The even 19x19 games of `ai-games` with their main-line moves (stones and passes).
const CORPUS_GAMES: usize = 516;
const CORPUS_MOVES: usize = 85_938;
/// Moves refused when replaying them under positional superko and under simple ko.
const REFUSED_SUPERKO: usize = 0;
const REFUSED_SIMPLE: usize = 0;

/// Replays a record's moves through `Game`: returns the game and the number of moves refused.
/// A move out of turn is preceded by a pass of the side to move; play stopped by two passes is
/// resumed for the next mover.
pub(crate) fn replay(rules: Rules, moves: &[(Color, Option<Point>)]) -> (Game, usize) {
    let mut g = Game::new(Setup {
        size: size(19),
        rules,
        handicap: 0,
    })
    .expect("a valid setup");
    let mut refused = 0;
    for &(color, point) in moves {
        if g.phase() == Phase::Stopped {
            g.resume(color.opponent()).expect("resuming a stopped game");
        }
        if g.to_move() != color {
            g.pass().expect("a pass while playing");
            if g.phase() == Phase::Stopped {
                g.resume(color.opponent()).expect("resuming a stopped game");
            }
        }
        let ok = match point {
            Some(p) => g.place(p).is_ok(),
            None => g.pass().is_ok(),
        };
        refused += usize::from(!ok);
    }
    (g, refused)
}

pub(crate) fn replay_all(rules: Rules, games: &[SgfGame]) -> usize {
    games.iter().map(|g| replay(rules, &g.moves).1).sum()
}

pub(crate) fn corpus() -> Option<Vec<SgfGame>> {
    let Some(dir) = corpus_path("ai-games") else {
        eprintln!(
            "note: ../shared/corpus/ai-games not found beside the crate: skipping the replay \
             workloads and the scoring of their final positions"
        );
        return None;
    };
    let (games, skipped) = load_19x19_games(&dir);
    let moves: usize = games.iter().map(|(_, g)| g.moves.len()).sum();
    let out_of_turn: usize = games
        .iter()
        .map(|(_, g)| {
            let mut to_move = Color::Black;
            g.moves
                .iter()
                .filter(|&&(c, _)| {
                    let skip = c != to_move;
                    to_move = c.opponent();
                    skip
                })
                .count()
        })
        .sum();
    eprintln!(
        "corpus: {} even 19x19 games, {moves} moves, {out_of_turn} out of turn (a pass is \
         inserted before each), {skipped} files skipped",
        games.len()
    );
    check("even 19x19 games in ai-games", games.len(), CORPUS_GAMES);
    check("moves of their main lines", moves, CORPUS_MOVES);
    Some(games.into_iter().map(|(_, g)| g).collect())
}

pub(crate) fn bench_replay(c: &mut Criterion, games: &[SgfGame]) {
    let moves: usize = games.iter().map(|g| g.moves.len()).sum();
    let mut group = c.benchmark_group("replay");
    group.throughput(Throughput::Elements(moves as u64));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(4));
    for (name, preset, expected) in [
        ("superko-chinese", "chinese", REFUSED_SUPERKO),
        ("simple-japanese-1989", "japanese-1989", REFUSED_SIMPLE),
    ] {
        let r = rules(preset);
        let expected = check(
            &format!("ai-games moves refused under {preset}"),
            replay_all(r, games),
            expected,
        );
        group.bench_function(name, |b| {
            b.iter(|| {
                let refused = replay_all(r, games);
                assert_eq!(refused, expected);
                refused
            })
        });
    }
    group.finish();
}
