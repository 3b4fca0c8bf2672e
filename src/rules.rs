//! Rulesets: orthogonal settings and the named presets built from the rule texts.

use crate::error::Error;

/// How repetition of positions is restricted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KoRule {
    /// Only the immediate recapture of a basic ko is forbidden (J89 Art. 6, WAGC rule 13);
    /// longer cycles are allowed and reported, and may end the game without result (J89 Art. 12,
    /// WAGC precedent 3).
    Simple,
    /// No move may recreate an earlier whole-board position (seed 002, "superko posicional").
    Positional,
    /// No move may recreate an earlier position with the same player to move.
    Situational,
}

/// How the game is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// Stones plus empty points that reach only one colour (seed 002; seed 004 5.2a).
    Area,
    /// Territory plus prisoners (J89 Art. 8 and 10; WAGC rules 19, 23-26; seed 004 5.2b).
    Territory,
}

/// Which stones count as dead at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeadStones {
    /// The players agree on dead stones after play stops (J89 Art. 9.2; seed 004 5.1).
    Agreed,
    /// The board is counted as it stands; every stone is alive and marking is refused
    /// (seed 002; Tromp-Taylor).
    AsItStands,
}

/// What a tie (equal scores) means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tie {
    /// A draw, jigo (J89 Art. 10.2; WAGC rule 26).
    Draw,
    /// White wins (seed 004 5.3).
    White,
}

/// How handicap stones are placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HandicapPlacement {
    /// On the star points in the order of WAGC rule 7.
    Fixed,
    /// Black places the stones one by one, anywhere.
    Free,
}

/// Compensation to White for handicap stones under area counting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HandicapCompensation {
    /// None.
    None,
    /// One point per handicap stone (Chinese rules).
    PerStone,
    /// One point per handicap stone after the first (AGA rules).
    PerStoneAfterFirst,
}

/// A complete ruleset: orthogonal settings. Build one from a preset with [`Rules::preset`] and
/// change any field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Repetition rule.
    pub ko: KoRule,
    /// Whether suicide (of one or more stones) is allowed; it removes the player's own chain.
    pub suicide: bool,
    /// Area or territory counting.
    pub scoring: Scoring,
    /// Whether dead stones are agreed or the board is counted as it stands.
    pub dead_stones: DeadStones,
    /// What a tie means.
    pub tie: Tie,
    /// Komi in half points (13 is 6.5 points), added to White's score.
    pub komi_halves: i32,
    /// How handicap stones are placed.
    pub handicap_placement: HandicapPlacement,
    /// Compensation to White for handicap stones, counted only under area scoring.
    pub handicap_compensation: HandicapCompensation,
    /// WAGC rule 24: dead stones inside an eye of a group alive in seki are taken as prisoners
    /// (under J89 they stay on the board and count for nobody).
    pub seki_eye_prisoners: bool,
    /// Seed 004 5.1: if after a resumption both players pass at once without placing a stone,
    /// every stone counts as alive.
    pub dispute_all_alive: bool,
}

/// What a preset is called: its own name, the `RU` value an SGF record of it is written with
/// (SGF FF\[4\] properties.html, `RU`: the conventional names), and the `RU` spellings read as it
/// (letters and digits only, lower case, a final `rules` dropped: see
/// `tree::preset_for_ru`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PresetNames {
    /// The preset's name ([`Rules::preset`]).
    pub name: &'static str,
    /// The `RU` written for it.
    pub ru: &'static str,
    /// The `RU` values read as it, normalised.
    pub aliases: &'static [&'static str],
}

/// Every preset, in the order of the README's table: the one list the engine, the SGF reader
/// and writer, and the pages (through `Game.presets()`) take their names from.
pub const PRESETS: [PresetNames; 8] = [
    PresetNames {
        name: "japanese-1989",
        ru: "Japanese",
        aliases: &[
            "japanese",
            "jp",
            "japan",
            "japanese1989",
            "j89",
            "nihonkiin",
            "korean",
            "kr",
            "korea",
        ],
    },
    PresetNames {
        name: "wagc-1979",
        ru: "wagc-1979",
        aliases: &["wagc", "wagc1979"],
    },
    PresetNames {
        name: "simple",
        ru: "simple",
        aliases: &["simple"],
    },
    PresetNames {
        name: "basic",
        ru: "basic",
        aliases: &["basic"],
    },
    PresetNames {
        name: "chinese",
        ru: "Chinese",
        aliases: &["chinese", "cn", "china", "chinese2017"],
    },
    PresetNames {
        name: "aga",
        ru: "AGA",
        aliases: &["aga", "american", "aga2004"],
    },
    PresetNames {
        name: "new-zealand",
        ru: "NZ",
        aliases: &["nz", "newzealand"],
    },
    PresetNames {
        name: "tromp-taylor",
        ru: "Tromp-Taylor",
        aliases: &["tromptaylor", "tt"],
    },
];

/// The names of the presets, in the order of [`PRESETS`].
pub const PRESET_NAMES: [&str; PRESETS.len()] = {
    let mut names = [""; PRESETS.len()];
    let mut i = 0;
    while i < PRESETS.len() {
        names[i] = PRESETS[i].name;
        i += 1;
    }
    names
};

/// Largest komi accepted, in points either way.
pub const MAX_KOMI: f64 = 1000.0;

impl Rules {
    /// The `japanese-1989` preset, the default: J89 Art. 6 (basic ko), Art. 4 (no suicide),
    /// Art. 8 and 10 (territory), Art. 9.2 (agreement), Art. 10.2 (jigo), komi 6.5.
    pub const JAPANESE_1989: Rules = Rules {
        ko: KoRule::Simple,
        suicide: false,
        scoring: Scoring::Territory,
        dead_stones: DeadStones::Agreed,
        tie: Tie::Draw,
        komi_halves: 13,
        handicap_placement: HandicapPlacement::Fixed,
        handicap_compensation: HandicapCompensation::None,
        seki_eye_prisoners: false,
        dispute_all_alive: false,
    };

    /// The named preset: `japanese-1989`, `wagc-1979`, `simple`, `basic`, `chinese`, `aga`,
    /// `new-zealand` or `tromp-taylor`.
    ///
    /// ```
    /// use tengen::{KoRule, Rules, Scoring};
    ///
    /// let mut rules = Rules::preset("aga")?;
    /// assert_eq!((rules.scoring, rules.ko), (Scoring::Area, KoRule::Situational));
    /// assert_eq!(rules.komi(), 7.5);
    /// rules.set_komi(0.5)?; // any field can change after
    /// assert_eq!(rules.komi_halves, 1);
    /// assert_eq!(Rules::preset("ing").unwrap_err().code(), "invalidOptions");
    /// # Ok::<(), tengen::Error>(())
    /// ```
    pub fn preset(name: &str) -> Result<Rules, Error> {
        let base = Rules::JAPANESE_1989;
        let area = |ko, suicide, komi_halves| Rules {
            ko,
            suicide,
            scoring: Scoring::Area,
            komi_halves,
            ..base
        };
        Ok(match name {
            // J89 Art. 6 (basic ko), Art. 4 (no suicide), Art. 8 and 10 (territory), Art. 9.2
            // (agreement), Art. 10.2 (jigo).
            "japanese-1989" => base,
            // WAGC rules 12, 13, 19, 23-26; rule 6(ii): komi 5.5; rule 24: prisoners in seki.
            "wagc-1979" => Rules {
                komi_halves: 11,
                seki_eye_prisoners: true,
                ..base
            },
            // Seed 002: positional superko, no suicide, area by reach, ends on two passes with
            // the board as it stands; 7 points of komi usual on 19x19.
            "simple" => Rules {
                dead_stones: DeadStones::AsItStands,
                ..area(KoRule::Positional, false, 14)
            },
            // Seed 004: no return to a previous situation (4.3b), no suicide (4.3a), area by
            // default (5.2a), agreed dead stones with the all-alive rule on dispute (5.1), a
            // tie goes to White (5.3); no komi is mentioned.
            "basic" => Rules {
                tie: Tie::White,
                dispute_all_alive: true,
                ..area(KoRule::Positional, false, 0)
            },
            "chinese" => Rules {
                handicap_compensation: HandicapCompensation::PerStone,
                ..area(KoRule::Positional, false, 15)
            },
            "aga" => Rules {
                handicap_compensation: HandicapCompensation::PerStoneAfterFirst,
                ..area(KoRule::Situational, false, 15)
            },
            "new-zealand" => area(KoRule::Situational, true, 14),
            "tromp-taylor" => Rules {
                dead_stones: DeadStones::AsItStands,
                ..area(KoRule::Positional, true, 15)
            },
            _ => return Err(Error::InvalidOptions("unknown ruleset preset")),
        })
    }

    /// Komi in points.
    pub fn komi(&self) -> f64 {
        self.komi_halves as f64 / 2.0
    }

    /// Sets komi from points; it must be a finite multiple of 0.5 within ±1000.
    pub fn set_komi(&mut self, komi: f64) -> Result<(), Error> {
        self.komi_halves = komi_halves(komi)?;
        Ok(())
    }

    /// Whether any longer repetition than a basic ko is forbidden.
    pub fn superko(&self) -> bool {
        self.ko != KoRule::Simple
    }
}

/// Komi in half points from a number of points (finite, a multiple of 0.5, within ±1000).
pub fn komi_halves(komi: f64) -> Result<i32, Error> {
    if !komi.is_finite() || komi.abs() > MAX_KOMI {
        return Err(Error::InvalidOptions(
            "komi must be a finite number within ±1000",
        ));
    }
    let halves = komi * 2.0;
    if halves.fract() != 0.0 {
        return Err(Error::InvalidOptions("komi must be a multiple of 0.5"));
    }
    Ok(halves as i32)
}

impl KoRule {
    /// Parses `simple`, `positional` or `situational`.
    pub fn parse(s: &str) -> Result<KoRule, Error> {
        match s {
            "simple" => Ok(KoRule::Simple),
            "positional" => Ok(KoRule::Positional),
            "situational" => Ok(KoRule::Situational),
            _ => Err(Error::InvalidOptions(
                "ko must be 'simple', 'positional' or 'situational'",
            )),
        }
    }

    /// The name `parse` accepts.
    pub fn name(self) -> &'static str {
        match self {
            KoRule::Simple => "simple",
            KoRule::Positional => "positional",
            KoRule::Situational => "situational",
        }
    }
}

impl Scoring {
    /// Parses `area` or `territory`.
    pub fn parse(s: &str) -> Result<Scoring, Error> {
        match s {
            "area" => Ok(Scoring::Area),
            "territory" => Ok(Scoring::Territory),
            _ => Err(Error::InvalidOptions(
                "scoring must be 'area' or 'territory'",
            )),
        }
    }

    /// The name `parse` accepts.
    pub fn name(self) -> &'static str {
        match self {
            Scoring::Area => "area",
            Scoring::Territory => "territory",
        }
    }
}

impl Tie {
    /// Parses `draw` or `white`.
    pub fn parse(s: &str) -> Result<Tie, Error> {
        match s {
            "draw" => Ok(Tie::Draw),
            "white" => Ok(Tie::White),
            _ => Err(Error::InvalidOptions("tie must be 'draw' or 'white'")),
        }
    }

    /// The name `parse` accepts.
    pub fn name(self) -> &'static str {
        match self {
            Tie::Draw => "draw",
            Tie::White => "white",
        }
    }
}

impl DeadStones {
    /// Parses `agreed` or `as-it-stands`.
    pub fn parse(s: &str) -> Result<DeadStones, Error> {
        match s {
            "agreed" => Ok(DeadStones::Agreed),
            "as-it-stands" => Ok(DeadStones::AsItStands),
            _ => Err(Error::InvalidOptions(
                "deadStones must be 'agreed' or 'as-it-stands'",
            )),
        }
    }

    /// The name `parse` accepts.
    pub fn name(self) -> &'static str {
        match self {
            DeadStones::Agreed => "agreed",
            DeadStones::AsItStands => "as-it-stands",
        }
    }
}

impl HandicapPlacement {
    /// Parses `fixed` or `free`.
    pub fn parse(s: &str) -> Result<HandicapPlacement, Error> {
        match s {
            "fixed" => Ok(HandicapPlacement::Fixed),
            "free" => Ok(HandicapPlacement::Free),
            _ => Err(Error::InvalidOptions(
                "handicapPlacement must be 'fixed' or 'free'",
            )),
        }
    }
}
