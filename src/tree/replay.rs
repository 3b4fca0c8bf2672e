//! Replaying a record into a [`Game`]: set-up, handicap, moves and passes, with the first
//! illegal move reported by number, colour, point and rule.
//!
//! The game is set up from the root and every node before the first move: `SZ` (go.html), `RU`
//! mapped to a preset ([`preset_for_ru`]), `KM`, `HA`, `AB`/`AW`/`AE` and `PL` (properties.html,
//! "Setup properties"). Set-up stones and a move in one node are set up first, then played
//! (properties.html: set-up and move properties should not be mixed; when they are, the set-up
//! comes first). `HA` with the stones given as `AB` places them where `AB` says; `HA` without
//! `AB` places fixed handicap stones when White moves first and lets Black place them freely
//! when the record opens with that many black moves.
//!
//! Then every `B`/`W` of the path is played, a pass being `[]` or `[tt]` on boards up to 19x19
//! (go.html, "Move"). Moves are numbered from 1, every `B`/`W` node counting, passes and free
//! handicap stones too. A move by the player who is not to move (SGF allows two moves of one
//! colour in a row) is preceded by a pass of the other player, with a warning; a move after two
//! passes resumes play (J89 Art. 9.3).
//!
//! Set-up after the first move (`AB`/`AW`/`AE`/`PL` in the middle of a game or in a variation, as
//! problem files and GNU Go's games that take dead stones off with `AE` have it) is a
//! [`Game::set_up`] action of the node: the points are overwritten without captures or
//! prisoners (properties.html), `PL` says who moves next (else the turn stays), and play goes on
//! from the new position with its own history of positions: FF\[4\] makes a set-up a new
//! position, not a move, so superko compares later positions with those since the set-up. A
//! set-up that leaves a chain without liberties (an "illegal position", which FF\[4\] lets a
//! viewer show or stop before) is refused: strictly with an `sgf` error, leniently by stopping
//! before that node with a warning.

use super::props::{self, GameResult, Territory};
use super::tree::{GameTree, Node, NodeId};
use super::warning::{err, Warning, Warnings};
use crate::board::Board;
use crate::color::Color;
use crate::error::{Error, Refusal};
use crate::game::{Game, Phase, Setup};
use crate::handicap;
use crate::point::{Point, Size};
use crate::rules::{HandicapPlacement, Rules};
use crate::score::Score;

/// How to replay.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayOptions {
    /// The ruleset when the record names none (`RU` absent) or one with no preset.
    pub default_rules: Rules,
    /// A ruleset that overrides the record's `RU` (the record's `KM` still sets komi unless
    /// `komi` is set too).
    pub rules: Option<Rules>,
    /// Komi that overrides the record's `KM`.
    pub komi: Option<f64>,
    /// A number of handicap stones (0 to 9) that overrides the record's `HA`: what area
    /// counting compensates, and how many stones an `HA` without `AB` places.
    pub handicap: Option<u32>,
    /// Play the stones that break the game's rules as the record has them ([`Game::force`], for
    /// viewing), and stop before a node that cannot be replayed otherwise (an unreadable move, a
    /// set-up leaving a chain without liberties), with warnings, instead of failing.
    pub lenient: bool,
}

impl Default for ReplayOptions {
    fn default() -> Self {
        ReplayOptions {
            default_rules: Rules::JAPANESE_1989,
            rules: None,
            komi: None,
            handicap: None,
            lenient: false,
        }
    }
}

/// An illegal move found by a lenient replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    /// The move's number in the record, from 1.
    pub number: u32,
    /// Who played it.
    pub color: Color,
    /// Where (`None`: a pass).
    pub point: Option<Point>,
    /// The rule it breaks: the core error the move gives.
    pub rule: Error,
    /// The node of the move.
    pub node: NodeId,
}

impl IllegalMove {
    /// As an [`Error::IllegalMove`].
    pub fn error(&self) -> Error {
        Error::illegal_move(self.number, self.color, self.point, self.rule)
    }
}

/// A replayed record.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The game after the last node replayed.
    pub game: Game,
    /// The nodes replayed, from the root: the whole path, or (lenient) up to the node before
    /// the one that stopped the replay.
    pub nodes: Vec<NodeId>,
    /// Moves of the record played (the number of the last one).
    pub moves: u32,
    /// For each node replayed, the game's actions and the record's moves after it (before the
    /// record's end of play there): where a cursor on a later node of the path goes back to.
    pub levels: Vec<Level>,
    /// The illegal move that stopped a lenient replay.
    pub illegal: Option<IllegalMove>,
    /// What was repaired, skipped or ignored.
    pub warnings: Vec<Warning>,
}

/// A node of a replayed path: the game's action count and the record's move count once the
/// node is replayed, before what the record says at the end of play there.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Level {
    /// Actions of the game.
    pub actions: usize,
    /// Moves of the record from the root (`B`/`W` nodes).
    pub moves: u32,
}

/// The preset an `RU` value names, case, spaces, punctuation and any other character that is not
/// an ASCII letter or digit aside: `Japanese`, `Korean`
/// (territory counting: the Japanese preset), `Chinese`, `AGA`, `NZ`/`New Zealand`,
/// `Tromp-Taylor`/`TT`, `WAGC`, and this library's own preset names. `None` for anything else
/// (`GOE`/`Ing` too: no preset has Ing's rules), where the caller's ruleset is kept.
pub fn preset_for_ru(ru: &str) -> Option<&'static str> {
    let key: String = ru
        .chars()
        // ASCII only: the Unicode tables of `is_alphanumeric` and `to_lowercase` would add
        // about 15 KB to the WebAssembly build, and no preset name needs them.
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    let key = key.strip_suffix("rules").unwrap_or(&key);
    crate::rules::PRESETS
        .iter()
        .find(|p| p.aliases.contains(&key))
        .map(|p| p.name)
}

/// The set-up a record asks for (board size, ruleset, komi, handicap), before the caller's
/// overrides in `options`; with warnings for what could not be used.
pub fn game_setup(
    tree: &GameTree,
    options: &ReplayOptions,
) -> Result<(Setup, Vec<Warning>), Error> {
    let mut warnings = Warnings::default();
    let setup = setup_of(tree, options, &mut warnings)?;
    Ok((setup, warnings.finish()))
}

fn setup_of(tree: &GameTree, options: &ReplayOptions, w: &mut Warnings) -> Result<Setup, Error> {
    let root = tree.root_node();
    let size = tree.size()?;
    if let Some(p) = root.property("GM") {
        if p.raw().trim() != "1" {
            let m = "the record is not a game of Go (GM is not 1)";
            if !options.lenient {
                return Err(p.error(m));
            }
            w.push(p.offset(), m);
        }
    }
    let mut rules = match &options.rules {
        Some(r) => *r,
        None => match root.property("RU") {
            None => options.default_rules,
            Some(p) => {
                let ru = props::simple_text(p.raw());
                match preset_for_ru(&ru) {
                    Some(name) => Rules::preset(name)?,
                    None => {
                        if !ru.trim().is_empty() {
                            w.push(
                                p.offset(),
                                format!("RU[{ru}] names no preset: the default ruleset is used"),
                            );
                        }
                        options.default_rules
                    }
                }
            }
        },
    };
    match options.komi {
        Some(k) => rules.set_komi(k)?,
        None => {
            if let Some(p) = root.property("KM") {
                let ok = props::parse_real(p.raw()).is_some_and(|k| rules.set_komi(k).is_ok());
                if !ok {
                    w.push(
                        p.offset(),
                        format!(
                            "KM[{}] is not a komi (a multiple of 0.5 within 1000): komi {} is used",
                            props::simple_text(p.raw()),
                            crate::score::format_halves(rules.komi_halves)
                        ),
                    );
                }
            }
        }
    }
    let handicap = match (options.handicap, root.property("HA")) {
        (Some(h), _) if h <= handicap::MAX_HANDICAP => h,
        (Some(_), _) => return Err(Error::InvalidOptions("handicap must be from 0 to 9")),
        (None, None) => 0,
        (None, Some(p)) => match props::parse_number(p.raw()) {
            Some(h) if (0..=handicap::MAX_HANDICAP as i64).contains(&h) => h as u32,
            _ => {
                w.push(
                    p.offset(),
                    "HA is not a handicap from 0 to 9: it is ignored",
                );
                0
            }
        },
    };
    Ok(Setup {
        size,
        rules,
        handicap,
    })
}

/// Replays the main line of a record.
pub fn replay(tree: &GameTree, options: &ReplayOptions) -> Result<Replay, Error> {
    let last = *tree.main_line().last().expect("a tree has a root");
    replay_to(tree, last, options)
}

/// The step a node is stopped at in a lenient replay, or the error of a strict one.
pub(crate) enum Stop {
    Illegal(IllegalMove),
    Other(Error),
}

/// Replays the path from the root to `target` (`invalidOptions` if the tree has no such node).
pub fn replay_to(
    tree: &GameTree,
    target: NodeId,
    options: &ReplayOptions,
) -> Result<Replay, Error> {
    if tree.get(target).is_none() {
        return Err(Error::InvalidOptions("the node is not in this game tree"));
    }
    let mut w = Warnings::default();
    let setup = setup_of(tree, options, &mut w)?;
    let size = setup.size;
    let path = tree.path_to(target);

    // The set-up part of the path: every node up to and including the first one with a move.
    let moves: Vec<Option<crate::game::Move>> = path
        .iter()
        .map(|&id| tree[id].get_move(size))
        .collect::<Result<_, Error>>()
        .or_else(|e| {
            if options.lenient {
                // Read moves one by one below, stopping at the bad one.
                Ok(path
                    .iter()
                    .map(|&id| tree[id].get_move(size).ok().flatten())
                    .collect())
            } else {
                Err(e)
            }
        })?;
    let first_move = moves.iter().position(Option::is_some);
    let setup_end = first_move.map_or(path.len(), |i| i + 1);
    let mut board: Vec<Option<Color>> = vec![None; size.area()];
    let mut player: Option<Color> = None;
    for &id in &path[..setup_end] {
        let node = &tree[id];
        let s = node.setup_stones(size)?;
        for p in s.empty {
            board[size.index(p)] = None;
        }
        for p in s.black {
            board[size.index(p)] = Some(Color::Black);
        }
        for p in s.white {
            board[size.index(p)] = Some(Color::White);
        }
        let to_play = match node.player() {
            Ok(c) => c,
            Err(e) if !options.lenient => return Err(e),
            Err(_) => {
                // Lenient: Cgoban 1 wrote the player as 1 (Black) or 2 (White).
                let pl = node.property("PL");
                let raw = pl.map_or("", |p| p.raw().trim());
                let c = match raw {
                    "1" => Some(Color::Black),
                    "2" => Some(Color::White),
                    _ => None,
                };
                let offset = pl.and_then(|p| p.offset());
                w.push_with(offset, || match c {
                    Some(c) => format!("PL[{raw}] read as {c} (Cgoban 1 writes 1 and 2)"),
                    None => format!("PL[{raw}] is not B or W: ignored"),
                });
                c
            }
        };
        if let Some(c) = to_play {
            player = Some(c);
        }
    }
    let stones: Vec<(Point, Color)> = board
        .iter()
        .enumerate()
        .filter_map(|(i, c)| c.map(|c| (size.point_at(i), c)))
        .collect();
    let first_color = first_move.and_then(|i| moves[i]).map(|m| m.color);
    let mut game =
        start_game(&setup, &stones, player, first_color, &moves, &mut w).map_err(|e| match e {
            Error::Sgf { .. } => e,
            _ => err(tree.root_node().offset().unwrap_or(0), setup_message(e)),
        })?;

    let mut number = 0u32;
    let mut replayed = Vec::with_capacity(path.len());
    let mut levels = Vec::with_capacity(path.len());
    let mut illegal = None;
    for (k, &id) in path.iter().enumerate() {
        let node = &tree[id];
        match step(
            &mut game,
            node,
            id,
            k >= setup_end,
            options.lenient,
            &mut number,
            &mut w,
        ) {
            Ok(()) => {
                replayed.push(id);
                levels.push(Level {
                    actions: game.actions().len(),
                    moves: number,
                });
            }
            Err(Stop::Illegal(m)) => {
                if !options.lenient {
                    return Err(m.error());
                }
                w.push(
                    node.offset(),
                    format!("{}; the replay stops before it", m.error().message()),
                );
                illegal = Some(m);
                break;
            }
            Err(Stop::Other(e)) => {
                if !options.lenient {
                    return Err(e);
                }
                w.push(
                    node.offset(),
                    format!("{}; the replay stops before this node", e.static_message()),
                );
                break;
            }
        }
    }
    let moves_played = match illegal {
        Some(m) => m.number - 1,
        None => number,
    };
    Ok(Replay {
        game,
        nodes: replayed,
        moves: moves_played,
        levels,
        illegal,
        warnings: w.finish(),
    })
}

fn setup_message(e: Error) -> &'static str {
    match e {
        Error::Occupied => "the set-up stones repeat a point",
        Error::OffBoard => "a set-up stone is off the board",
        _ => "the set-up position cannot start a game (a chain without liberty, or a bad handicap)",
    }
}

/// The game before the first move.
fn start_game(
    setup: &Setup,
    stones: &[(Point, Color)],
    player: Option<Color>,
    first_color: Option<Color>,
    moves: &[Option<crate::game::Move>],
    w: &mut Warnings,
) -> Result<Game, Error> {
    let ha = setup.handicap;
    if !stones.is_empty() || ha < 2 {
        let default = if ha >= 2 { Color::White } else { Color::Black };
        let to_move = player.or(first_color).unwrap_or(default);
        if stones.is_empty() && ha == 0 && to_move == Color::Black {
            return Game::new(setup.clone());
        }
        return Game::from_position(setup.clone(), stones, to_move);
    }
    // HA without AB.
    let opening_black_stones = moves
        .iter()
        .flatten()
        .take(ha as usize)
        .filter(|m| m.color == Color::Black && m.point.is_some())
        .count();
    if first_color != Some(Color::Black) && handicap::fixed_stones(setup.size, ha).is_ok() {
        w.push(
            None,
            format!("HA[{ha}] without AB: the fixed handicap stones are placed"),
        );
        let mut s = setup.clone();
        s.rules.handicap_placement = HandicapPlacement::Fixed;
        let g = Game::new(s)?;
        if player == Some(Color::Black) {
            let (stones, _) = g.initial_position();
            return Game::from_position(g.setup().clone(), &stones, Color::Black);
        }
        return Ok(g);
    }
    if first_color == Some(Color::Black) && opening_black_stones == ha as usize {
        w.push(
            None,
            format!("HA[{ha}] without AB: the first {ha} black moves are the handicap stones"),
        );
        let mut s = setup.clone();
        s.rules.handicap_placement = HandicapPlacement::Free;
        return Game::new(s);
    }
    w.push(
        None,
        format!("HA[{ha}] without handicap stones: none are placed"),
    );
    Game::from_position(
        setup.clone(),
        &[],
        player.or(first_color).unwrap_or(Color::Black),
    )
}

/// Plays one node: its set-up when it is after the first move of the path (`after_setup`; the
/// set-up before it is the game's start), then its move. On failure the game is as it was.
pub(crate) fn step(
    game: &mut Game,
    node: &Node,
    id: NodeId,
    after_setup: bool,
    lenient: bool,
    number: &mut u32,
    w: &mut Warnings,
) -> Result<(), Stop> {
    let size = game.board().size();
    let before = game.actions().len();
    if after_setup && is_set_up(game, node, size).map_err(Stop::Other)? {
        set_up(game, node, size).map_err(Stop::Other)?;
    }
    let mv = match node.get_move(size) {
        Ok(Some(m)) => m,
        Ok(None) => return Ok(()),
        Err(e) => {
            game.undo_to(before);
            return Err(Stop::Other(e));
        }
    };
    *number += 1;
    let illegal = |rule: Error| IllegalMove {
        number: *number,
        color: mv.color,
        point: mv.point,
        rule,
        node: id,
    };
    let mut result = Ok(());
    if game.phase() == Phase::Stopped {
        // Play goes on after two passes: the other player asked to resume (J89 Art. 9.3).
        result = game.resume(mv.color.opponent());
    }
    if result.is_ok() && game.phase() == Phase::Playing && game.handicap_left() == 0 {
        if game.to_move() != mv.color {
            w.push(
                node.offset(),
                format!(
                    "move {}: {} plays twice in a row; a {} pass is inserted",
                    *number,
                    mv.color,
                    mv.color.opponent()
                ),
            );
            result = game.pass().map(|_| ());
            if result.is_ok() && game.phase() == Phase::Stopped {
                result = game.resume(mv.color.opponent());
            }
        }
    } else if result.is_ok() && game.handicap_left() > 0 && mv.color != Color::Black {
        result = Err(Error::NotAllowed(Refusal::HandicapFirst));
    }
    if result.is_ok() {
        result = match mv.point {
            Some(p) => game.place(p).map(|_| ()),
            None => game.pass().map(|_| ()),
        };
    }
    match (result, mv.point) {
        (Ok(()), _) => Ok(()),
        // Lenient: a stone the rules forbid is played as the record has it, for viewing
        // (go.html, "How to execute a move"; FF[4]'s own example has a suicide).
        (Err(e @ (Error::Occupied | Error::Suicide | Error::Ko | Error::Superko)), Some(p))
            if lenient && game.force(p).is_ok() =>
        {
            let m = illegal(e);
            w.push(
                node.offset(),
                format!(
                    "{}; played as the record has it (lenient reading)",
                    m.error().message()
                ),
            );
            Ok(())
        }
        (Err(e), _) => {
            // Take back the pass or resumption inserted before the move.
            game.undo_to(before);
            Err(Stop::Illegal(illegal(e)))
        }
    }
}

/// Whether a node after the first move sets up a position: stones (`AB`, `AW`, `AE`), or a
/// `PL` that names neither the player to move nor the player of the node's move (GNU Go's
/// records put `PL[W]` beside White's last pass, which changes nothing).
fn is_set_up(game: &Game, node: &Node, size: Size) -> Result<bool, Error> {
    if node.has_setup() {
        return Ok(true);
    }
    let Some(pl) = node.player()? else {
        return Ok(false);
    };
    let mover = node.get_move(size).ok().flatten().map(|m| m.color);
    Ok(pl != game.to_move() && mover != Some(pl))
}

/// A node's set-up in the middle of a game (`AB`, `AW`, `AE`, `PL` after the first move;
/// properties.html): the points overwritten, no captures, the player to move if `PL` says, and
/// play going on from the new position (see [`Game::set_up`]). A position with a chain without
/// liberties is refused with an `sgf` error at the node's first set-up property.
fn set_up(game: &mut Game, node: &Node, size: Size) -> Result<(), Error> {
    let s = node.setup_stones(size)?;
    let changes: Vec<(Point, Option<Color>)> = s
        .empty
        .iter()
        .map(|&p| (p, None))
        .chain(s.black.iter().map(|&p| (p, Some(Color::Black))))
        .chain(s.white.iter().map(|&p| (p, Some(Color::White))))
        .collect();
    let first = node
        .properties()
        .iter()
        .find(|p| matches!(p.id.as_str(), "AB" | "AW" | "AE" | "PL"));
    let error = |message| first.map_or(err(0, message), |p| p.error(message));
    game.set_up(&changes, node.player()?).map_err(|e| match e {
        Error::NotAllowed(_) => error("a set-up while Black places free handicap stones"),
        _ => error("the set-up leaves a chain without a liberty"),
    })
}

/// The stones marked dead by territory markup (`TB`/`TW`; go.html): a stone on a point of the
/// other player's territory, as Cgoban and KGS mark them at the end of a game; row-major, each
/// point once.
pub fn dead_stones_marked(node: &Node, board: &Board) -> Result<Vec<Point>, Error> {
    let size = board.size();
    let Territory { black, white } = node.territory(size)?;
    // Flag the stones in the other player's territory, then list them row-major (no sort:
    // sorting points would add its own code to the WebAssembly build).
    let mut dead = vec![false; size.area()];
    for (list, owner) in [(black, Color::Black), (white, Color::White)] {
        for p in list {
            if board.get(p) == Some(owner.opponent()) {
                dead[size.index(p)] = true;
            }
        }
    }
    Ok((0..size.area())
        .filter(|&i| dead[i])
        .map(|i| size.point_at(i))
        .collect())
}

/// What [`end_of_play`] did at a node.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum EndOfPlay {
    /// Play has not stopped at the node (it goes on, or the game is already over: resigned,
    /// void, or counted as the board stands): nothing was done.
    #[default]
    NotStopped,
    /// Play stopped at the node and the node has no territory markup (`TB`/`TW`): the
    /// estimator's proposal is marked (`stopped_without_territory` in this module).
    NoMarkup,
    /// Play stopped at the node and its `TB`/`TW` gave the dead stones, now marked.
    Marked {
        /// The dead stones of the node's `TB`/`TW` ([`dead_stones_marked`], row-major): each
        /// chain of them is marked once, whole (none is where every stone counts as alive).
        dead: Vec<Point>,
        /// Whether the game was then finished (J89 Art. 9.2): the node ends its line and the
        /// record's `RE` is a count ([`is_count`]).
        finished: bool,
    },
}

/// The record's result (`RE`, SimpleText) on the path from the root to `node`: game information
/// may be given in any node, once on a path (properties.html, "Game info properties").
pub fn recorded_result(tree: &GameTree, node: NodeId) -> Option<String> {
    tree.path_to(node)
        .into_iter()
        .find_map(|id| tree[id].simple_text("RE"))
}

/// Whether a result says the game was counted: a score (`B+13.5`, `W+0`) or a draw (`0`,
/// `Draw`, `Jigo`). Not a resignation, a loss on time or by forfeit, `Void`, `?`, nor a win
/// with no margin (`B+`).
pub fn is_count(result: &str) -> bool {
    matches!(
        props::parse_result(result),
        Some(GameResult::Score { .. } | GameResult::Draw)
    )
}

/// Whether a recorded result that is a count ([`is_count`]) gives the winner and the margin of
/// `score`; `None` when the result is not a count. `B+13.50` agrees with `B+13.5`, `Draw` with
/// `0`; `W+0` (a tie White wins) only with `W+0`.
pub fn result_agrees(result: &str, score: &Score) -> Option<bool> {
    let (winner, halves) = match props::parse_result(result)? {
        GameResult::Draw => (None, 0.0),
        GameResult::Score { winner, margin } => {
            let h = margin * 2.0 * f64::from(winner.sign());
            (Some(winner), h)
        }
        _ => return None,
    };
    Some(winner == score.winner && halves == f64::from(score.margin_halves))
}

/// Applies the end of play a record gives at `node` to `game`, the game replayed to that node.
///
/// Where play has stopped there (two passes; J89 Art. 9.1) and the node carries territory
/// markup (`TB`/`TW`, go.html; even empty: `TB[]` is how [`super::record`] writes a count with
/// no territory), the stones in the other player's territory ([`dead_stones_marked`]) are marked
/// dead, each chain once with [`Game::toggle_dead`] (none after a resumption ended at once
/// with two passes, seed 004 5.1, where every stone is alive). If the node also ends its line
/// (no child) and the record's `RE` is a count ([`is_count`]), the count is accepted
/// ([`Game::finish`]): a record written by [`super::record`] after [`Game::finish`] reads back
/// finished, one written while play was stopped (no `RE`) reads back stopped, with the same
/// marks and score. Whether `RE` agrees with the count is not checked here (see
/// [`result_agrees`]): a record counted under other conventions keeps its marks and is finished
/// all the same.
///
/// Where play has stopped without markup, `stopped_without_territory` (below) marks the
/// estimator's proposal, unless `RE` says the game ended otherwise (`B+R`, `W+T`, `Void`). Anywhere else nothing is done. On an error (`TB`/`TW` naming points off the board)
/// the game is unchanged.
pub fn end_of_play(tree: &GameTree, node: NodeId, game: &mut Game) -> Result<EndOfPlay, Error> {
    if game.phase() != Phase::Stopped {
        return Ok(EndOfPlay::NotStopped);
    }
    let n = &tree[node];
    if !n.has("TB") && !n.has("TW") {
        // A game the record says ended otherwise (a resignation, on time, void) was not
        // counted: nothing is proposed there.
        if recorded_result(tree, node).map_or(true, |re| is_count(&re)) {
            stopped_without_territory(game);
        }
        return Ok(EndOfPlay::NoMarkup);
    }
    let dead = dead_stones_marked(n, game.board())?;
    if !game.all_alive() {
        for &p in &dead {
            if !game.is_dead(p) && game.toggle_dead(p).is_err() {
                break;
            }
        }
    }
    let finished = tree.is_leaf(node)
        && recorded_result(tree, node).is_some_and(|re| is_count(&re))
        && game.finish().is_ok();
    Ok(EndOfPlay::Marked { dead, finished })
}

/// A record whose play stopped (two passes) at a node without territory markup (no `TB`/`TW`),
/// so with no dead stones recorded: the estimator's proposal is marked ([`Game::auto_mark`];
/// nothing where the rules count the board as it stands), so the count shown is the one the
/// players would most likely have agreed.
pub(crate) fn stopped_without_territory(game: &mut Game) {
    // Refused only where no stone may be marked: then the game stays as it is. Without the
    // estimator (a build without the `estimate` feature) nothing is proposed.
    #[cfg(feature = "estimate")]
    let _ = game.auto_mark();
    #[cfg(not(feature = "estimate"))]
    let _ = game;
}
