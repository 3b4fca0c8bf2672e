//! Counting a position: area counting (seed 002) and territory counting (J89 Art. 8 and 10),
//! with a reason for every point.

use crate::board::Board;
use crate::color::Color;
use crate::grid::{Pad, Regions};
pub use crate::life::warning::{Warning, WarningCode};
use crate::life::{Analysis, Area, PointLife};
use crate::point::Point;
use crate::rules::{DeadStones, HandicapCompensation, Rules, Scoring, Tie};

/// What a point is in the count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PointKind {
    /// An empty point that counts for nobody: it reaches both colours (area counting), or it is
    /// a dame under J89 Art. 8 (territory counting), including the shared liberties of a seki.
    Dame,
    /// An empty point counted for its owner: territory (J89 Art. 8) or area (seed 002).
    Territory,
    /// An eye of stones alive in seki: under territory counting it is not territory (J89 Art. 8;
    /// WAGC rule 19) and counts for nobody.
    SekiEye,
    /// A live stone (not in seki).
    Stone,
    /// A live stone in seki: it touches a dame (J89 Art. 8).
    SekiStone,
    /// A dead stone removed as a prisoner (J89 Art. 10.1; WAGC rules 23, 24); its point counts
    /// for the owner of the territory it stands in, if any.
    Dead,
    /// A dead stone that may not be removed because it is not in territory (J89 commentary on
    /// Art. 10, Diagram 17; Example 25): it stays and counts for nobody.
    DeadStays,
    /// A dame that nobody can fill: a shared liberty of stones alive in seki (J89 Art. 8). The
    /// stones touching it are in seki. Counts for nobody.
    SekiLiberty,
    /// A point inside a player's area that the player must fill to keep a chain of theirs from
    /// being captured, a false eye (J89 commentary on Art. 9.2 (1): before the confirmation the
    /// players "make every necessary move inside their own territory"). Not territory: counts for
    /// nobody.
    ProtectiveFill,
}

impl PointKind {
    /// Every kind, in the order of their stable indices (the JS API's `kindNames`).
    pub const ALL: [PointKind; 9] = [
        PointKind::Dame,
        PointKind::Territory,
        PointKind::SekiEye,
        PointKind::Stone,
        PointKind::SekiStone,
        PointKind::Dead,
        PointKind::DeadStays,
        PointKind::SekiLiberty,
        PointKind::ProtectiveFill,
    ];

    /// A stable name for the kind (`dame`, `territory`, `sekiEye`, `stone`, `sekiStone`, `dead`,
    /// `deadStays`, `sekiLiberty`, `protectiveFill`).
    pub fn name(self) -> &'static str {
        match self {
            PointKind::Dame => "dame",
            PointKind::Territory => "territory",
            PointKind::SekiEye => "sekiEye",
            PointKind::Stone => "stone",
            PointKind::SekiStone => "sekiStone",
            PointKind::Dead => "dead",
            PointKind::DeadStays => "deadStays",
            PointKind::SekiLiberty => "sekiLiberty",
            PointKind::ProtectiveFill => "protectiveFill",
        }
    }
}

/// The count of one point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PointScore {
    /// What the point is.
    pub kind: PointKind,
    /// The colour of the stone on it, or of the stones around an eye or territory.
    pub color: Option<Color>,
    /// The player the point counts for in the total (`None`: nobody).
    pub counts_for: Option<Color>,
    /// The player the point belongs to at the end of the game: live stones, territory, eyes of
    /// live groups and the points of removed dead stones (drawn as ownership).
    pub owner: Option<Color>,
}

/// One player's totals.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SideScore {
    /// Live stones of this player on the board (counted in the total under area counting).
    pub stones: u32,
    /// Empty points (and points of removed dead stones) counted for this player.
    pub territory: u32,
    /// Stones captured during play plus the opponent's dead stones removed (counted in the
    /// total under territory counting).
    pub prisoners: u32,
    /// Komi and handicap compensation, in half points (White only).
    pub bonus_halves: i32,
    /// The total in half points.
    pub total_halves: i32,
}

impl SideScore {
    /// The total in points.
    pub fn total(&self) -> f64 {
        self.total_halves as f64 / 2.0
    }
}

/// The count of a position under a ruleset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Score {
    /// Area or territory counting.
    pub scoring: Scoring,
    /// Komi in half points.
    pub komi_halves: i32,
    /// Black's totals.
    pub black: SideScore,
    /// White's totals.
    pub white: SideScore,
    /// The winner, `None` for a draw.
    pub winner: Option<Color>,
    /// Black's total minus White's, in half points.
    pub margin_halves: i32,
    /// Every point, row-major.
    pub points: Vec<PointScore>,
    /// The stones counted as dead, row-major.
    pub dead: Vec<Point>,
    /// An SGF-style result: `B+3.5`, `W+12`, `0` for a draw, `W+0` for a tie that White wins,
    /// `B+R`/`W+R` after a resignation, `Void` for no result.
    pub result: String,
    /// Chains whose dead marks contradict the life-and-death analysis (J89 Art. 7), in row-major
    /// order of their first stone.
    pub warnings: Vec<Warning>,
}

impl Score {
    /// The winner's lead in points (0 for a draw).
    pub fn margin(&self) -> f64 {
        (self.margin_halves.abs()) as f64 / 2.0
    }

    /// Ownership, row-major: 1 Black, -1 White, 0 neither.
    pub fn ownership(&self) -> Vec<i8> {
        self.points
            .iter()
            .map(|p| p.owner.map_or(0, Color::sign))
            .collect()
    }
}

/// What White receives besides its points, in half points: komi and, under area counting, the
/// compensation for `handicap` stones that the rules give (clamped to the `i32` range).
pub fn white_bonus_halves(rules: &Rules, handicap: u32) -> i32 {
    let compensation = match (rules.scoring, rules.handicap_compensation) {
        (Scoring::Area, HandicapCompensation::PerStone) => handicap as i64 * 2,
        (Scoring::Area, HandicapCompensation::PerStoneAfterFirst) => {
            handicap.saturating_sub(1) as i64 * 2
        }
        _ => 0,
    };
    (rules.komi_halves as i64 + compensation).clamp(-(i32::MAX as i64), i32::MAX as i64) as i32
}

/// Formats half points as a number of points (`7` or `6.5`).
pub fn format_halves(h: i32) -> String {
    if h % 2 == 0 {
        format!("{}", h / 2)
    } else {
        format!("{}{}.5", if h < 0 { "-" } else { "" }, (h / 2).abs())
    }
}

/// Counts the position on `board` with the stones at `dead` (row-major flags) removed as the
/// rules say, White receiving komi and, under area counting, the handicap compensation for
/// `handicap` stones. Prisoners taken during play come from the board.
///
/// ```
/// use tengen::{score, Board, Point, Rules};
///
/// // Each side walls off two columns; White's stone at the left edge is dead.
/// let board = Board::from_rows(&[".X.O.", ".X.O.", "OX.O.", ".X.O.", ".X.O."])?;
/// let mut dead = vec![false; board.size().area()];
/// dead[board.size().index(Point::new(0, 2))] = true;
/// // Territory: Black 5 points and 1 prisoner; White 5 points and komi 6.5.
/// let japanese = score::score(&board, &dead, &Rules::preset("japanese-1989")?, 0);
/// assert_eq!((japanese.black.territory, japanese.black.prisoners), (5, 1));
/// assert_eq!(japanese.result, "W+5.5");
/// // Area: stones and territory, Black 5 + 5, White 5 + 5 and komi 7.5.
/// let chinese = score::score(&board, &dead, &Rules::preset("chinese")?, 0);
/// assert_eq!(chinese.result, "W+7.5");
/// # Ok::<(), tengen::Error>(())
/// ```
pub fn score(board: &Board, dead: &[bool], rules: &Rules, handicap: u32) -> Score {
    let size = board.size();
    let n = size.area();
    let cells = board.to_signs();
    let is_dead = |i: usize| cells[i] != 0 && dead.get(i).copied().unwrap_or(false);
    let mut black = SideScore {
        prisoners: board.prisoners(Color::Black),
        ..SideScore::default()
    };
    let mut white = SideScore {
        prisoners: board.prisoners(Color::White),
        ..SideScore::default()
    };
    let dead_points: Vec<Point> = (0..n)
        .filter(|&i| is_dead(i))
        .map(|i| size.point_at(i))
        .collect();
    // The life-and-death analysis: the count itself under territory counting, the warnings
    // wherever the players mark dead stones.
    let analysis = (rules.scoring == Scoring::Territory || rules.dead_stones == DeadStones::Agreed)
        .then(|| Analysis::of_signs(board, &cells, dead));
    let points: Vec<PointScore> = match (rules.scoring, &analysis) {
        (Scoring::Territory, Some(a)) => a
            .points
            .iter()
            .map(|&life| territory_point(life, rules))
            .collect(),
        _ => area_points(size.width() as usize, size.height() as usize, &cells, dead),
    };
    let warnings = analysis.map(|a| a.warnings).unwrap_or_default();

    // Totals, from the number of points of each kind, colour and beneficiary.
    let slot = |c: Option<Color>| match c {
        None => 0,
        Some(Color::Black) => 1,
        Some(Color::White) => 2,
    };
    // One entry per `PointKind`.
    let mut tally = [[[0u32; 3]; 3]; PointKind::ALL.len()];
    for p in &points {
        tally[p.kind as usize][slot(p.color)][slot(p.counts_for)] += 1;
    }
    let of_kind = |k: PointKind| &tally[k as usize];
    for (side, s) in [(&mut black, 1), (&mut white, 2)] {
        let stones = |k: PointKind| of_kind(k)[s].iter().sum::<u32>();
        let counted = |k: PointKind| (0..3).map(|c| of_kind(k)[c][s]).sum::<u32>();
        side.stones += stones(PointKind::Stone) + stones(PointKind::SekiStone);
        // A removed dead stone is a prisoner of its opponent; its point counts as territory
        // where the region is someone's.
        side.territory += counted(PointKind::Territory) + counted(PointKind::Dead);
        side.prisoners += of_kind(PointKind::Dead)[3 - s].iter().sum::<u32>();
    }
    // Sums are made in i64 and clamped, so no komi, handicap or prisoner count can overflow.
    let clamp = |v: i64| v.clamp(-(i32::MAX as i64), i32::MAX as i64) as i32;
    white.bonus_halves = white_bonus_halves(rules, handicap);
    let base = |s: &SideScore| -> i64 {
        match rules.scoring {
            Scoring::Area => (s.stones as i64 + s.territory as i64) * 2,
            Scoring::Territory => (s.territory as i64 + s.prisoners as i64) * 2,
        }
    };
    black.total_halves = clamp(base(&black));
    white.total_halves = clamp(base(&white) + white.bonus_halves as i64);
    let margin_halves = clamp(black.total_halves as i64 - white.total_halves as i64);
    let winner = match margin_halves {
        m if m > 0 => Some(Color::Black),
        m if m < 0 => Some(Color::White),
        _ => match rules.tie {
            Tie::Draw => None,
            Tie::White => Some(Color::White),
        },
    };
    let result = match winner {
        None => "0".to_string(),
        Some(c) => format!("{}+{}", c.letter(), format_halves(margin_halves.abs())),
    };
    Score {
        result,
        scoring: rules.scoring,
        komi_halves: rules.komi_halves,
        black,
        white,
        winner,
        margin_halves,
        points,
        dead: dead_points,
        warnings,
    }
}

/// Seed 002: a point counts for a player if it holds that player's stone, or if no path from
/// it reaches the opponent's stones before the player's. Dead stones are removed first (seed
/// 004 5.1). `cells` row-major: 1 Black, -1 White, 0 empty.
fn area_points(w: usize, h: usize, cells: &[i8], dead: &[bool]) -> Vec<PointScore> {
    let pad = Pad::new(w, h);
    let all = pad.bordered(cells);
    let live_cells: Vec<i8> = cells
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            if dead.get(i).copied().unwrap_or(false) {
                0
            } else {
                v
            }
        })
        .collect();
    let live = pad.bordered(&live_cells);
    let regs = Regions::new(&pad, &all, &live);
    let mut points = Vec::with_capacity(w * h);
    for (_, b0) in pad.rows() {
        for b in b0..b0 + w {
            points.push(if live[b] != 0 {
                let c = Some(sign_colour(live[b]));
                PointScore {
                    kind: PointKind::Stone,
                    color: c,
                    counts_for: c,
                    owner: c,
                }
            } else {
                let owner = match regs.reach(b) {
                    0 => None,
                    c => Some(sign_colour(c)),
                };
                let (kind, color) = match (all[b] != 0, owner) {
                    (true, _) => (PointKind::Dead, Some(sign_colour(all[b]))),
                    (false, Some(_)) => (PointKind::Territory, owner),
                    (false, None) => (PointKind::Dame, None),
                };
                PointScore {
                    kind,
                    color,
                    counts_for: owner,
                    owner,
                }
            });
        }
    }
    points
}

/// The colour of a stone value (1 Black, -1 White).
fn sign_colour(v: i8) -> Color {
    if v > 0 {
        Color::Black
    } else {
        Color::White
    }
}

/// J89 Art. 8 and 10: a point's count from the life-and-death analysis. Territory counts for
/// its owner; eyes of stones in seki, dame, seki liberties and protective fills count for
/// nobody; a dead stone is removed as a prisoner only from territory (commentary on Art. 10.1,
/// Diagram 17), or from a seki eye under WAGC rule 24.
fn territory_point(life: PointLife, rules: &Rules) -> PointScore {
    let (kind, color, counts_for, owner) = match life {
        PointLife::Alive(c) => (PointKind::Stone, Some(c), None, Some(c)),
        PointLife::Seki(c) => (PointKind::SekiStone, Some(c), None, Some(c)),
        PointLife::Empty(area) => match area {
            Area::Territory(o) => (PointKind::Territory, Some(o), Some(o), Some(o)),
            Area::SekiEye(o) => (PointKind::SekiEye, Some(o), None, Some(o)),
            Area::Dame => (PointKind::Dame, None, None, None),
            Area::SekiLiberty => (PointKind::SekiLiberty, None, None, None),
            Area::ProtectiveFill(o) => (PointKind::ProtectiveFill, Some(o), None, Some(o)),
        },
        PointLife::Dead(c, area) => match area {
            Area::Territory(o) if o != c => (PointKind::Dead, Some(c), Some(o), Some(o)),
            Area::SekiEye(o) if o != c && rules.seki_eye_prisoners => {
                (PointKind::Dead, Some(c), None, Some(o))
            }
            // Captured by the opponent to save a chain, and its point then filled by them: a
            // prisoner whose point counts for nobody.
            Area::ProtectiveFill(o) if o != c => (PointKind::Dead, Some(c), None, Some(o)),
            _ => (PointKind::DeadStays, Some(c), None, None),
        },
    };
    PointScore {
        kind,
        color,
        counts_for,
        owner,
    }
}
