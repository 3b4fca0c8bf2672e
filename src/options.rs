//! Game options as the JavaScript API takes them (`new Game({ size, rules, komi, handicap,
//! handicapPlacement })`), validated into a [`Setup`]. The wasm facade only copies JS values into
//! these types; every rule about what is acceptable lives here.

use crate::color::Color;
use crate::error::Error;
#[cfg(feature = "estimate")]
use crate::estimate::{EstimateOptions, MAX_PLAYOUTS};
use crate::game::{Game, Setup};
use crate::point::{Point, Size, MAX_SIDE, MIN_SIDE, MIN_SQUARE_SIDE};
use crate::rules::{DeadStones, HandicapPlacement, KoRule, Rules, Scoring, Tie};

/// The `size` option: a side (2 to 52), or width and height (each 1 to 52, not both 1).
#[derive(Clone, Debug, PartialEq)]
pub enum SizeOption {
    /// A square board.
    Square(f64),
    /// A rectangular board.
    Rect {
        /// Columns.
        width: f64,
        /// Rows.
        height: f64,
    },
}

/// The `rules` option: a preset name, or a preset with overrides.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct RulesOption {
    /// The preset (default `japanese-1989`).
    pub preset: Option<String>,
    /// `simple`, `positional` or `situational`.
    pub ko: Option<String>,
    /// Whether suicide is allowed.
    pub suicide: Option<bool>,
    /// `area` or `territory`.
    pub scoring: Option<String>,
    /// `draw` or `white`.
    pub tie: Option<String>,
    /// `agreed` or `as-it-stands`.
    pub dead_stones: Option<String>,
}

/// All options of a new game; `None` takes the default.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Options {
    /// Board size (default 19).
    pub size: Option<SizeOption>,
    /// Ruleset (default `japanese-1989`).
    pub rules: Option<RulesOption>,
    /// Komi in points (default: the preset's).
    pub komi: Option<f64>,
    /// Handicap stones, 0 or 2-9 (default 0).
    pub handicap: Option<f64>,
    /// `fixed` (default) or `free`.
    pub handicap_placement: Option<String>,
    /// A set-up position to start from instead of an empty board (`setup` in JS).
    pub position: Option<PositionOption>,
}

/// The `setup` option: the starting position of the game (not moves).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct PositionOption {
    /// Black stones, `[x, y]` as JS numbers.
    pub black: Vec<(f64, f64)>,
    /// White stones.
    pub white: Vec<(f64, f64)>,
    /// `black` (default) or `white`.
    pub to_move: Option<String>,
    /// Stones Black captured before the position.
    pub black_captures: Option<f64>,
    /// Stones White captured before the position.
    pub white_captures: Option<f64>,
}

/// A validated set-up position: stones, the player to move, the captures `[by Black, by White]`.
pub type Position = (Vec<(Point, Color)>, Color, [u32; 2]);

impl PositionOption {
    /// Validates the position for a board of `size`: whole coordinates on the board, no point
    /// twice, a known player, captures whole numbers from 0. (Chains without liberties are
    /// refused when the board is built, [`crate::Board::with_stones`].)
    pub fn position(&self, size: Size) -> Result<Position, Error> {
        let mut seen = vec![false; size.area()];
        let mut stones = Vec::with_capacity(self.black.len() + self.white.len());
        for (list, color) in [(&self.black, Color::Black), (&self.white, Color::White)] {
            for &(x, y) in list {
                let p = point(size, x, y).map_err(|_| {
                    Error::InvalidOptions("a set-up stone is not a point [x, y] on the board")
                })?;
                let i = size.index(p);
                if seen[i] {
                    return Err(Error::InvalidOptions(
                        "a point of the set-up position is listed twice",
                    ));
                }
                seen[i] = true;
                stones.push((p, color));
            }
        }
        let to_move = match self.to_move.as_deref() {
            None | Some("black") => Color::Black,
            Some("white") => Color::White,
            Some(_) => {
                return Err(Error::InvalidOptions(
                    "setup.toMove must be 'black' or 'white'",
                ))
            }
        };
        let count = |v: Option<f64>| match v {
            None => Ok(0),
            Some(n) => whole(n, 0, u32::MAX as i64)
                .map(|n| n as u32)
                .ok_or(Error::InvalidOptions(
                    "setup.captures must be whole numbers from 0",
                )),
        };
        Ok((
            stones,
            to_move,
            [count(self.black_captures)?, count(self.white_captures)?],
        ))
    }
}

/// A whole number in `lo..=hi` from a JS number: NaN, infinities, fractions and values out of
/// range are refused, never rounded.
pub fn whole(v: f64, lo: i64, hi: i64) -> Option<i64> {
    (v.is_finite() && v.fract() == 0.0 && v >= lo as f64 && v <= hi as f64).then_some(v as i64)
}

/// The point at JS coordinates: whole numbers on the board, else `offBoard`.
pub fn point(size: Size, x: f64, y: f64) -> Result<Point, Error> {
    match (
        whole(x, 0, size.width() as i64 - 1),
        whole(y, 0, size.height() as i64 - 1),
    ) {
        (Some(x), Some(y)) => size.point(x, y),
        _ => Err(Error::OffBoard),
    }
}

impl RulesOption {
    /// The ruleset: the preset with the overrides applied.
    pub fn rules(&self) -> Result<Rules, Error> {
        let mut r = Rules::preset(self.preset.as_deref().unwrap_or("japanese-1989"))?;
        if let Some(ko) = &self.ko {
            r.ko = KoRule::parse(ko)?;
        }
        if let Some(s) = self.suicide {
            r.suicide = s;
        }
        if let Some(s) = &self.scoring {
            r.scoring = Scoring::parse(s)?;
        }
        if let Some(t) = &self.tie {
            r.tie = Tie::parse(t)?;
        }
        if let Some(d) = &self.dead_stones {
            r.dead_stones = DeadStones::parse(d)?;
        }
        Ok(r)
    }
}

impl Options {
    /// The game the options describe: a new game, or one from the `setup` position (where
    /// `handicap` places no stone: it says how many of the black stones are handicap stones,
    /// for area counting's compensation, as [`Game::from_position`] documents).
    pub fn game(&self) -> Result<Game, Error> {
        self.game_if(|_| Ok(()))
    }

    /// [`Options::game`], once `room` (given the board's number of points) agrees: the wasm
    /// facade checks there is memory for the game before making it.
    pub fn game_if(&self, room: impl FnOnce(usize) -> Result<(), Error>) -> Result<Game, Error> {
        let setup = self.setup()?;
        room(setup.size.area())?;
        match &self.position {
            None => Game::new(setup),
            Some(p) => {
                let (stones, to_move, captures) = p.position(setup.size)?;
                Game::from_position_with_captures(setup, &stones, to_move, captures).map_err(|e| {
                    match e {
                        Error::InvalidOptions(m) => Error::InvalidOptions(m),
                        _ => Error::InvalidOptions("the set-up position cannot start a game"),
                    }
                })
            }
        }
    }

    /// Validates the options into a set-up.
    pub fn setup(&self) -> Result<Setup, Error> {
        let size = match &self.size {
            None => Size::default(),
            Some(SizeOption::Square(s)) => Size::square(
                whole(*s, MIN_SQUARE_SIDE.into(), MAX_SIDE.into()).ok_or(Error::InvalidOptions(
                    "size must be a whole number from 2 to 52, or { width, height }",
                ))? as u32,
            )?,
            // 1xN boards too (J89 commentary on Art. 3 (1): other boards by agreement); each side
            // is checked on its own so that the error names it.
            Some(SizeOption::Rect { width, height }) => Size::new(
                whole(*width, MIN_SIDE.into(), MAX_SIDE.into()).ok_or(Error::InvalidOptions(
                    "size.width must be a whole number from 1 to 52",
                ))? as u32,
                whole(*height, MIN_SIDE.into(), MAX_SIDE.into()).ok_or(Error::InvalidOptions(
                    "size.height must be a whole number from 1 to 52",
                ))? as u32,
            )?,
        };
        let mut rules = self.rules.clone().unwrap_or_default().rules()?;
        if let Some(k) = self.komi {
            rules.set_komi(k)?;
        }
        if let Some(p) = &self.handicap_placement {
            rules.handicap_placement = HandicapPlacement::parse(p)?;
        }
        let handicap = match self.handicap {
            None => 0,
            Some(h) => whole(h, 0, 9).ok_or(Error::InvalidOptions(
                "handicap must be a whole number from 0 to 9",
            ))? as u32,
        };
        Ok(Setup {
            size,
            rules,
            handicap,
        })
    }
}

/// The options of `game.estimate({ playouts, seed })`: `playouts` a whole number from 1 to
/// [`MAX_PLAYOUTS`] (default: by board size), `seed` a whole number from 0 to 2^53 (default 1).
#[cfg(feature = "estimate")]
pub fn estimate_options(
    playouts: Option<f64>,
    seed: Option<f64>,
) -> Result<EstimateOptions, Error> {
    let mut o = EstimateOptions::default();
    if let Some(n) = playouts {
        o.playouts = whole(n, 1, i64::from(MAX_PLAYOUTS)).ok_or(Error::InvalidOptions(
            "playouts must be a whole number from 1 to 100000",
        ))? as u32;
    }
    if let Some(s) = seed {
        o.seed = whole(s, 0, 1 << 53).ok_or(Error::InvalidOptions(
            "seed must be a whole number from 0 to 2^53",
        ))? as u64;
    }
    Ok(o)
}

/// The options of `game.genmove({ playouts, timeMs, seed })`: `playouts` a whole number from 1
/// to 5,000,000, `timeMs` from 1 to 600,000 (either or both: the search stops at the first
/// reached; neither: the player's default playouts), `seed` from 0 to 2^53 (default 1).
#[cfg(feature = "player")]
pub fn genmove_options(
    playouts: Option<f64>,
    time_ms: Option<f64>,
    seed: Option<f64>,
) -> Result<crate::player::GenmoveOptions, Error> {
    use crate::player::{GenmoveOptions, MAX_PLAYOUTS, MAX_TIME_MS};
    let playouts = match playouts {
        None => 0,
        Some(n) => whole(n, 1, i64::from(MAX_PLAYOUTS)).ok_or(Error::InvalidOptions(
            "playouts must be a whole number from 1 to 5,000,000",
        ))? as u32,
    };
    let time_ms = match time_ms {
        None => 0,
        Some(n) => whole(n, 1, i64::from(MAX_TIME_MS)).ok_or(Error::InvalidOptions(
            "timeMs must be a whole number of milliseconds from 1 to 600,000",
        ))? as u32,
    };
    let seed = match seed {
        None => GenmoveOptions::default().seed,
        Some(s) => whole(s, 0, 1 << 53).ok_or(Error::InvalidOptions(
            "seed must be a whole number from 0 to 2^53",
        ))? as u64,
    };
    GenmoveOptions::new(playouts, time_ms, seed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(black: &[(f64, f64)], white: &[(f64, f64)]) -> PositionOption {
        PositionOption {
            black: black.to_vec(),
            white: white.to_vec(),
            ..PositionOption::default()
        }
    }

    fn game_with(p: PositionOption) -> Result<Game, Error> {
        Options {
            size: Some(SizeOption::Square(5.0)),
            position: Some(p),
            ..Options::default()
        }
        .game()
    }

    #[test]
    fn a_setup_position_starts_the_game_and_undo_returns_to_it() {
        let mut p = position(&[(0.0, 0.0), (1.0, 1.0)], &[(4.0, 4.0)]);
        p.to_move = Some("white".into());
        p.black_captures = Some(3.0);
        let mut g = game_with(p).unwrap();
        assert_eq!(g.to_move(), Color::White);
        assert_eq!(g.captures(Color::Black), 3);
        assert_eq!(g.board().to_signs().iter().filter(|&&s| s != 0).count(), 3);
        g.place(Point::new(2, 2)).unwrap();
        g.undo().unwrap();
        assert_eq!(g.to_move(), Color::White);
        assert_eq!(
            g.captures(Color::Black),
            3,
            "undo keeps the set-up's captures"
        );
        assert_eq!(g.board().to_signs().iter().filter(|&&s| s != 0).count(), 3);
    }

    #[test]
    fn bad_setup_positions_are_refused_with_invalid_options() {
        let bad = [
            position(&[(5.0, 0.0)], &[]),
            position(&[(0.5, 0.0)], &[]),
            position(&[(1.0, 1.0)], &[(1.0, 1.0)]),
            position(&[(1.0, 1.0), (1.0, 1.0)], &[]),
            // A white corner stone without liberties.
            position(&[(1.0, 0.0), (0.0, 1.0)], &[(0.0, 0.0)]),
            PositionOption {
                to_move: Some("red".into()),
                ..PositionOption::default()
            },
            PositionOption {
                white_captures: Some(-1.0),
                ..PositionOption::default()
            },
        ];
        for p in bad {
            let e = game_with(p.clone()).unwrap_err();
            assert_eq!(e.code(), "invalidOptions", "{p:?}: {e:?}");
        }
    }

    fn size_of(size: SizeOption) -> Result<(u32, u32), Error> {
        let o = Options {
            size: Some(size),
            ..Options::default()
        };
        o.setup().map(|s| (s.size.width(), s.size.height()))
    }

    fn rect(width: f64, height: f64) -> SizeOption {
        SizeOption::Rect { width, height }
    }

    /// `{ width: 1, height: 9 }` and `{ width: 9, height: 1 }` are boards; `size: 1` is not.
    #[test]
    fn one_line_boards_are_accepted() {
        assert_eq!(size_of(rect(1.0, 9.0)), Ok((1, 9)));
        assert_eq!(size_of(rect(9.0, 1.0)), Ok((9, 1)));
        assert_eq!(size_of(rect(1.0, 2.0)), Ok((1, 2)));
        assert_eq!(size_of(rect(52.0, 1.0)), Ok((52, 1)));
        assert_eq!(size_of(SizeOption::Square(2.0)), Ok((2, 2)));
        for side in [0.0, 1.0, 53.0, 1.5, f64::NAN] {
            assert_eq!(
                size_of(SizeOption::Square(side)),
                Err(Error::InvalidOptions(
                    "size must be a whole number from 2 to 52, or { width, height }"
                ))
            );
        }
    }

    /// A bad side is named: width, height, or the 1x1 board.
    #[test]
    fn bad_sides_are_named() {
        let message = |w, h| match size_of(rect(w, h)) {
            Err(Error::InvalidOptions(m)) => m,
            other => panic!("{w}x{h}: {other:?}"),
        };
        for w in [0.0, 53.0, -1.0, 2.5, f64::NAN, f64::INFINITY] {
            assert_eq!(
                message(w, 9.0),
                "size.width must be a whole number from 1 to 52"
            );
        }
        for h in [0.0, 53.0, -1.0, 2.5, f64::NAN, f64::NEG_INFINITY] {
            assert_eq!(
                message(9.0, h),
                "size.height must be a whole number from 1 to 52"
            );
        }
        assert!(message(1.0, 1.0).starts_with("a 1x1 board has no legal move"));
    }

    /// Fixed handicap on a one-line board is refused as options, never a panic.
    #[test]
    fn fixed_handicap_on_one_line_boards_is_refused() {
        for h in 2..=9 {
            for size in [rect(1.0, 19.0), rect(19.0, 1.0), rect(1.0, 52.0)] {
                let o = Options {
                    size: Some(size),
                    handicap: Some(h as f64),
                    ..Options::default()
                };
                let setup = o.setup().expect("the options are well formed");
                assert!(matches!(
                    crate::Game::new(setup),
                    Err(Error::InvalidOptions(_))
                ));
            }
        }
    }

    /// `game.genmove` options: whole numbers in range, or `invalidOptions`; none means the
    /// player's default budget.
    #[cfg(feature = "player")]
    #[test]
    fn genmove_options_are_checked() {
        let o = genmove_options(None, None, None).unwrap();
        assert_eq!((o.playouts, o.time_ms, o.seed), (0, 0, 1));
        let o = genmove_options(Some(300.0), Some(2000.0), Some(9.0)).unwrap();
        assert_eq!((o.playouts, o.time_ms, o.seed), (300, 2000, 9));
        assert!(genmove_options(Some(5_000_000.0), Some(600_000.0), Some(2f64.powi(53))).is_ok());
        let bad = |p: Option<f64>, t: Option<f64>, s: Option<f64>| {
            matches!(genmove_options(p, t, s), Err(Error::InvalidOptions(_)))
        };
        for n in [0.0, -1.0, 1.5, 5_000_001.0, f64::NAN, f64::INFINITY] {
            assert!(bad(Some(n), None, None), "playouts {n}");
        }
        for n in [0.0, -1.0, 0.5, 600_001.0, f64::NAN] {
            assert!(bad(None, Some(n), None), "timeMs {n}");
        }
        for n in [-1.0, 0.5, 2f64.powi(53) + 2.0, f64::NAN] {
            assert!(bad(None, None, Some(n)), "seed {n}");
        }
    }
}
