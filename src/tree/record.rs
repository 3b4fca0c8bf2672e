//! Building a record from a [`Game`]: the root with the game's set-up (`FF`, `GM`, `CA`, `AP`,
//! `SZ`, `RU`, `KM`, `HA`, `AB`/`AW`, `PL`), one node per move, and at the end the result (`RE`)
//! and, once play has stopped, the territory with the dead stones (`TB`/`TW`, go.html), as
//! Cgoban and KGS write them; a count with no territory and no dead stone is written `TB[]` (an
//! empty list), so that reading the record back ([`super::end_of_play`]) knows play was counted.

use super::props::Territory;
use super::tree::{GameTree, Node};
use crate::color::Color;
use crate::game::{Action, Game, Move, Outcome, Phase};
use crate::point::Point;
use crate::rules::{HandicapPlacement, Rules, PRESETS, PRESET_NAMES};
use crate::score::{format_halves, PointKind};

/// The `RU` value for a ruleset: the conventional SGF name of its preset (`Japanese`,
/// `Chinese`, `AGA`, `NZ`, `Tromp-Taylor`) or the preset's own name (`wagc-1979`, `simple`,
/// `basic`), komi and handicap placement aside. `None` when the rules match no preset.
pub fn ru_name(rules: &Rules) -> Option<&'static str> {
    let name = PRESET_NAMES.iter().copied().find(|name| {
        Rules::preset(name).is_ok_and(|mut p| {
            p.komi_halves = rules.komi_halves;
            p.handicap_placement = rules.handicap_placement;
            p == *rules
        })
    })?;
    PRESETS.iter().find(|p| p.name == name).map(|p| p.ru)
}

fn set(node: &mut Node, id: &str, value: String) {
    // Every identifier used here is a valid upper-case constant.
    let _ = node.set_raw(id, vec![value]);
}

/// What a node after the root holds: a move, or a set-up in the middle of the game (the points
/// it changed, and the player to move).
enum Item {
    Move(Move),
    SetUp(Vec<(Point, Option<Color>)>, Color),
}

/// The record of a game: set-up, moves, result and final territory (see the module
/// documentation). Resumptions and dead-stone marking leave no node; the dead stones of the
/// end are in `TB`/`TW`.
///
/// ```
/// use tengen::tree::{record, replay, ReplayOptions};
/// use tengen::{Game, Point, Setup};
///
/// let mut game = Game::new(Setup::default())?;
/// game.place(Point::new(3, 3))?;
/// game.place(Point::new(15, 15))?;
/// let tree = record(&game);
/// assert_eq!(tree.main_line().len(), 3); // the root and one node per move
/// // Replayed, the record gives the same position.
/// let again = replay(&tree, &ReplayOptions::default())?.game;
/// assert_eq!(again.board(), game.board());
/// # #[cfg(feature = "sgf")]
/// assert!(tree.to_sgf().contains(";B[dd];W[pp]"));
/// # Ok::<(), tengen::Error>(())
/// ```
pub fn record(game: &Game) -> GameTree {
    let setup = game.setup();
    let size = setup.size;
    let mut tree = GameTree::new();
    let root = tree.root();
    let (mut stones, start_to_move) = game.initial_position();
    let free = setup.rules.handicap_placement == HandicapPlacement::Free
        && setup.handicap > 0
        && stones.is_empty();
    // A fresh copy of the game at its start, to learn the colour of every move.
    let fresh = if free {
        Game::new(setup.clone())
    } else {
        Game::from_position(setup.clone(), &stones, start_to_move)
    };
    let mut moves: Vec<Item> = Vec::new();
    if let Ok(mut g) = fresh {
        for &a in game.actions() {
            match a {
                Action::Place(p) if g.handicap_left() > 0 => stones.push((p, Color::Black)),
                Action::Place(p) | Action::Forced(p) => moves.push(Item::Move(Move {
                    color: g.to_move(),
                    point: Some(p),
                })),
                Action::Pass => moves.push(Item::Move(Move {
                    color: g.to_move(),
                    point: None,
                })),
                Action::SetUp(i) => {
                    // The points the set-up changed, from the board before it.
                    let Some(pos) = game.set_up_position(i) else {
                        break;
                    };
                    let mut after = vec![None; size.area()];
                    for &(p, c) in &pos.stones {
                        after[size.index(p)] = Some(c);
                    }
                    let changes: Vec<(Point, Option<Color>)> = after
                        .iter()
                        .enumerate()
                        .map(|(i, &c)| (size.point_at(i), c))
                        .filter(|&(p, c)| g.board().get(p) != c)
                        .collect();
                    if g.set_up(&changes, Some(pos.to_move)).is_err() {
                        break;
                    }
                    moves.push(Item::SetUp(changes, pos.to_move));
                    continue;
                }
                _ => {}
            }
            if g.apply(a).is_err() {
                break;
            }
        }
    }
    let to_move = if free { Color::White } else { start_to_move };

    let r = &mut tree[root];
    set(r, "FF", "4".into());
    set(r, "GM", "1".into());
    set(r, "CA", "UTF-8".into());
    set(r, "AP", format!("tengen:{}", env!("CARGO_PKG_VERSION")));
    set(
        r,
        "SZ",
        if size.width() == size.height() {
            size.width().to_string()
        } else {
            format!("{}:{}", size.width(), size.height())
        },
    );
    if let Some(ru) = ru_name(&setup.rules) {
        set(r, "RU", ru.into());
    }
    set(r, "KM", format_halves(setup.rules.komi_halves));
    if setup.handicap > 0 {
        set(r, "HA", setup.handicap.to_string());
    }
    let of = |c: Color| -> Vec<_> {
        stones
            .iter()
            .filter(|s| s.1 == c)
            .map(|s| s.0)
            .collect::<Vec<_>>()
    };
    let _ = r.set_points("AB", &of(Color::Black));
    let _ = r.set_points("AW", &of(Color::White));
    if !stones.is_empty() || to_move == Color::White {
        set(r, "PL", to_move.letter().to_string());
    }
    let (result, territory) = ending(game);
    if let Some(re) = result {
        set(r, "RE", re);
    }

    let mut last = root;
    for item in moves {
        let mut n = Node::new();
        match item {
            Item::Move(m) => n.set_move(m),
            Item::SetUp(changes, to_move) => {
                for (id, c) in [
                    ("AB", Some(Color::Black)),
                    ("AW", Some(Color::White)),
                    ("AE", None),
                ] {
                    let points: Vec<Point> =
                        changes.iter().filter(|x| x.1 == c).map(|x| x.0).collect();
                    let _ = n.set_points(id, &points);
                }
                set(&mut n, "PL", to_move.letter().to_string());
            }
        }
        last = tree.add_child(last, n);
    }
    if let Some(t) = territory {
        write_territory(&mut tree[last], &t);
    }
    tree
}

/// Writes the territory of a count on the node where play stopped: `TB`/`TW`, or `TB[]` when
/// both are empty (go.html: TB and TW are lists that may be empty).
pub(crate) fn write_territory(node: &mut Node, t: &Territory) {
    node.set_territory(t);
    if t.black.is_empty() && t.white.is_empty() {
        set(node, "TB", String::new());
    }
}

/// How a game ended, as a record writes it: the result (`RE`) once the game is over, and the
/// territory with the dead stones (`TB`/`TW`) once play has stopped and the board is counted.
pub(crate) fn ending(game: &Game) -> (Option<String>, Option<Territory>) {
    let result = match (game.phase(), game.outcome()) {
        (_, Some(Outcome::Resigned(c))) => Some(format!("{}+R", c.opponent().letter())),
        (_, Some(Outcome::NoResult)) => Some("Void".to_string()),
        (Phase::Finished, _) => Some(game.score().result),
        _ => None,
    };
    let counted = matches!(
        (game.phase(), game.outcome()),
        (Phase::Stopped, _) | (Phase::Finished, Some(Outcome::Counted))
    );
    if !counted {
        return (result, None);
    }
    let size = game.setup().size;
    let score = game.score();
    let mut t = Territory::default();
    for (i, ps) in score.points.iter().enumerate() {
        let p = size.point_at(i);
        let owner = match ps.kind {
            PointKind::Territory => ps.counts_for,
            // A dead stone lies in its opponent's territory, whoever its point counts for.
            PointKind::Dead | PointKind::DeadStays => ps.color.map(Color::opponent),
            _ => None,
        };
        match owner {
            Some(Color::Black) => t.black.push(p),
            Some(Color::White) => t.white.push(p),
            None => {}
        }
    }
    (result, Some(t))
}
