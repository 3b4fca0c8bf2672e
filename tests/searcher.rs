//! The persistent searcher: determinism for a seed and a playout budget with and without a kept
//! tree, the subtree's visits kept across moves, the root's moves exactly the legal ones after
//! reuse (superko included), the merge of root statistics, and threads on one tree.

#![cfg(feature = "player")]

use tengen::player::{decide, genmove, system_clock, GenmoveOptions, RootStats, Searcher};
use tengen::{Error, Game, Phase, Point, Rules, Setup, Size};

#[path = "common/rng.rs"]
mod rng;
use rng::SplitMix;

fn game(side: u32, rules: &str) -> Game {
    Game::new(Setup {
        size: Size::square(side).expect("a size"),
        rules: Rules::preset(rules).expect("a preset"),
        handicap: 0,
    })
    .expect("a game")
}

fn budget(playouts: u32) -> GenmoveOptions {
    GenmoveOptions::new(playouts, 0, 1).expect("valid options")
}

/// Runs `playouts` for `game`'s position.
fn run(s: &mut Searcher, game: &Game, playouts: u32) -> u32 {
    s.run(game, &budget(playouts), &mut system_clock())
        .expect("a search while playing")
}

/// The visits of the root move at `p` (`None`: the pass).
fn visits_of(stats: &RootStats, p: Option<Point>) -> u32 {
    stats
        .moves
        .iter()
        .find(|m| m.point == p)
        .map_or(0, |m| m.visits)
}

/// A line of play on 9x9 and the root statistics of a searcher following it.
fn follow(seed: u64, reuse: bool) -> Vec<RootStats> {
    let mut g = game(9, "chinese");
    let mut s = Searcher::new(seed);
    s.set_reuse(reuse);
    let mut out = Vec::new();
    for p in [(4, 4), (2, 6), (6, 2), (6, 6), (2, 2)] {
        run(&mut s, &g, 400);
        out.push(s.root_stats());
        g.place(Point::new(p.0, p.1)).expect("a legal move");
    }
    out
}

#[test]
fn the_same_seed_gives_the_same_statistics_with_and_without_reuse() {
    assert_eq!(follow(5, true), follow(5, true));
    assert_eq!(follow(5, false), follow(5, false));
    assert_ne!(follow(5, true), follow(6, true));
    // With reuse the later roots carry the earlier searches' visits.
    let kept = follow(5, true);
    let fresh = follow(5, false);
    assert!(kept[2].playouts() > fresh[2].playouts());
    assert!(fresh.iter().all(|s| s.playouts() <= 400));
}

#[test]
fn a_fresh_searcher_decides_as_genmove_does() {
    let mut g = game(9, "japanese-1989");
    for p in [(2, 2), (6, 6), (6, 2)] {
        g.place(Point::new(p.0, p.1)).expect("a move");
    }
    let options = GenmoveOptions::new(1_500, 0, 7).expect("valid");
    let mut s = Searcher::new(7);
    s.run(&g, &options, &mut system_clock()).expect("a search");
    let thought = decide(&g, &s.root_stats(), &options, &mut system_clock()).expect("a move");
    assert_eq!(
        thought,
        genmove(&g, &options, &mut system_clock()).expect("a move")
    );
}

#[test]
fn the_subtree_of_the_move_played_keeps_its_visits() {
    for (side, rules) in [(7, "chinese"), (9, "japanese-1989"), (5, "tromp-taylor")] {
        let mut g = game(side, rules);
        let mut s = Searcher::new(3);
        run(&mut s, &g, 3_000);
        let stats = s.root_stats();
        let best = stats.ranked()[0];
        match best.point {
            Some(p) => g.place(p).map(|_| ()),
            None => g.pass().map(|_| ()),
        }
        .expect("the best move is legal");
        assert!(s.searched(&game(side, rules)));
        assert_eq!(run(&mut s, &g, 1), 1);
        let behind = s.visits();
        // The move's visits, less those that ended at it before it had moves, plus the new one.
        assert!(
            behind + 20 >= best.visits && behind <= best.visits + 1,
            "{side}x{side}: {behind} behind the new root, the move had {}",
            best.visits
        );
        // The reused root knows its moves' mean margins.
        let stats = s.root_stats();
        assert!(stats
            .moves
            .iter()
            .any(|m| m.visits > 0 && m.margin_sum != 0.0));
        // And then the opponent's answer: the most visited reply keeps its subtree too.
        let reply = stats.ranked()[0];
        if let Some(p) = reply.point {
            g.place(p).expect("a legal answer");
            run(&mut s, &g, 1);
            assert!(
                s.visits() + 20 >= reply.visits,
                "{side}x{side}: the answer's subtree"
            );
        }
    }
}

#[test]
fn another_game_gets_a_fresh_tree() {
    let mut g = game(9, "chinese");
    let mut s = Searcher::new(1);
    run(&mut s, &g, 500);
    g.place(Point::new(4, 4)).expect("a move");
    g.undo().expect("undo");
    // Undone: the line no longer continues the tree's root... it is the root itself.
    run(&mut s, &g, 10);
    assert!(s.visits() > 500, "the same position keeps its tree");
    let mut other = game(9, "japanese-1989");
    other.place(Point::new(4, 4)).expect("a move");
    run(&mut s, &other, 10);
    assert_eq!(s.visits(), 10, "another rule set: a fresh tree");
    let mut off = game(9, "japanese-1989");
    off.place(Point::new(3, 3)).expect("a move");
    run(&mut s, &off, 10);
    assert_eq!(s.visits(), 10, "another line: a fresh tree");
    let mut stopped = off.clone();
    stopped.pass().expect("a pass");
    stopped.pass().expect("a pass");
    assert_eq!(
        s.run(&stopped, &budget(10), &mut system_clock()),
        Err(Error::NotPlaying)
    );
    assert_eq!(s.visits(), 10, "a refused run keeps the tree");
}

#[test]
fn a_reused_root_never_offers_a_superko_forbidden_move() {
    // Random games on a small board under positional superko, a searcher following each: at
    // every position where the basic ko allows a stone that superko forbids, the reused root
    // holds exactly the legal moves.
    let mut rng = SplitMix(14);
    let mut found = 0;
    for _ in 0..150 {
        let mut g = game(4, "chinese");
        let mut s = Searcher::new(2);
        for _ in 0..80 {
            run(&mut s, &g, 60);
            let empty: Vec<Point> = g.board().empty_points().collect();
            let superko: Vec<Point> = empty
                .iter()
                .copied()
                .filter(|&p| g.legality(p) == Err(Error::Superko))
                .collect();
            let stats = s.root_stats();
            for m in &stats.moves {
                if let Some(p) = m.point {
                    assert!(g.legality(p).is_ok(), "{p:?} at a reused root");
                }
            }
            found += usize::from(!superko.is_empty());
            let legal: Vec<Point> = empty
                .into_iter()
                .filter(|&p| g.legality(p).is_ok())
                .collect();
            if legal.is_empty() || rng.below(12) == 0 {
                if g.pass().is_err() || g.phase() != Phase::Playing {
                    break;
                }
                continue;
            }
            g.place(legal[rng.below(legal.len())])
                .expect("a legal move");
        }
    }
    assert!(
        found >= 5,
        "positions with superko-forbidden points: {found}"
    );
}

#[test]
fn merging_two_searchers_sums_their_statistics() {
    let mut g = game(9, "japanese-1989");
    g.place(Point::new(4, 4)).expect("a move");
    let (mut a, mut b) = (Searcher::new(1), Searcher::new(2));
    run(&mut a, &g, 700);
    run(&mut b, &g, 900);
    let (sa, sb) = (a.root_stats(), b.root_stats());
    let mut merged = sa.clone();
    merged.merge(&sb);
    assert_eq!(merged.playouts(), sa.playouts() + sb.playouts());
    for m in &merged.moves {
        let one = sa
            .moves
            .iter()
            .find(|x| x.point == m.point)
            .expect("a's move");
        let two = sb
            .moves
            .iter()
            .find(|x| x.point == m.point)
            .expect("b's move");
        assert_eq!(m.visits, one.visits + two.visits);
        assert_eq!(m.wins, one.wins + two.wins);
        assert_eq!(m.margin_sum, one.margin_sum + two.margin_sum);
    }
    assert_eq!(
        visits_of(&merged, None),
        visits_of(&sa, None) + visits_of(&sb, None)
    );
    let t = decide(&g, &merged, &budget(700), &mut system_clock()).expect("a move");
    assert_eq!(t.playouts, sa.playouts() + sb.playouts());
    // No statistics: nothing to decide from.
    assert!(matches!(
        decide(&g, &RootStats::default(), &budget(10), &mut system_clock()),
        Err(Error::InvalidOptions(_))
    ));
}

#[test]
fn threads_on_one_tree_play_legal_moves_and_keep_the_tree_between_moves() {
    let mut g = game(9, "japanese-1989");
    let mut s = Searcher::new(4);
    let mut kept = 0;
    for k in 0..6 {
        let done = s
            .run_threads(&g, &budget(600), 2, &mut system_clock())
            .expect("a search while playing");
        assert!(done > 0 && done <= 1200, "{done}");
        let stats = s.root_stats();
        assert!(stats.playouts() >= done, "the kept visits and this move's");
        if k > 0 {
            kept += stats.playouts() - done;
        }
        let t = decide(&g, &stats, &budget(600), &mut system_clock()).expect("a decision");
        match t.decision {
            tengen::player::Decision::Play(p) => {
                assert_eq!(g.legality(p), Ok(()));
                g.place(p).expect("the move is legal");
            }
            other => panic!("a stone on a near empty board, not {other:?}"),
        }
    }
    assert!(kept > 0, "the subtree of the moves played was kept");
    // Past play, nothing to search; the tree stays usable by one thread.
    let mut over = game(9, "chinese");
    over.pass().expect("a pass");
    over.pass().expect("a pass");
    assert_eq!(
        s.run_threads(&over, &budget(100), 2, &mut system_clock()),
        Err(Error::NotPlaying)
    );
    assert!(run(&mut s, &g, 100) > 0);
}

#[test]
fn a_searcher_follows_random_play_with_undo_and_resumption() {
    // Random stones, passes, undos and resumptions on small boards under every kind of ko rule,
    // one searcher following: its root holds only legal moves and the pass, and its decision
    // is legal.
    let mut rng = SplitMix(27);
    for (k, rules) in ["chinese", "japanese-1989", "tromp-taylor", "basic"]
        .iter()
        .enumerate()
    {
        let mut g = game(5, rules);
        let mut s = Searcher::new(k as u64);
        for step in 0..120 {
            if g.phase() == Phase::Stopped && g.resume(g.to_move()).is_err() {
                break;
            }
            if g.phase() != Phase::Playing {
                break;
            }
            if step % 3 == 0 {
                run(&mut s, &g, 40);
                let stats = s.root_stats();
                assert!(stats.moves.iter().any(|m| m.point.is_none()), "the pass");
                for m in &stats.moves {
                    if let Some(p) = m.point {
                        assert!(g.legality(p).is_ok(), "{rules} step {step}: {p:?}");
                    }
                }
                let t = decide(&g, &stats, &budget(40), &mut system_clock()).expect("a move");
                if let tengen::player::Decision::Play(p) = t.decision {
                    assert!(g.legality(p).is_ok());
                }
            }
            let legal: Vec<Point> = g
                .board()
                .empty_points()
                .filter(|&p| g.legality(p).is_ok())
                .collect();
            match rng.below(10) {
                0 => {
                    let _ = g.undo();
                }
                1 => {
                    g.pass().expect("a pass");
                }
                _ if legal.is_empty() => {
                    g.pass().expect("a pass");
                }
                _ => {
                    g.place(legal[rng.below(legal.len())])
                        .expect("a legal move");
                }
            }
        }
    }
}
