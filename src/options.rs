//! Game options as the JavaScript API takes them (`new Game({ size, rules, komi, handicap,
//! handicapPlacement })`), validated into a [`Setup`]. The wasm facade only copies JS values into
//! these types; every rule about what is acceptable lives here.

use crate::error::Error;
use crate::game::Setup;
use crate::point::{Point, Size};
use crate::rules::{DeadStones, HandicapPlacement, KoRule, Rules, Scoring, Tie};

/// The `size` option: a side, or width and height.
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
    /// Validates the options into a set-up.
    pub fn setup(&self) -> Result<Setup, Error> {
        let bad_size =
            Error::InvalidOptions("size must be a whole number from 2 to 52, or { width, height }");
        let size = match &self.size {
            None => Size::default(),
            Some(SizeOption::Square(s)) => Size::square(whole(*s, 2, 52).ok_or(bad_size)? as u32)?,
            Some(SizeOption::Rect { width, height }) => Size::new(
                whole(*width, 2, 52).ok_or(bad_size)? as u32,
                whole(*height, 2, 52).ok_or(bad_size)? as u32,
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
