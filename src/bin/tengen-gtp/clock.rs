//! The clock: the time settings and time left the controller gives (`time_settings`,
//! `kgs-time_settings`, `time_left`) and the milliseconds a move may take under them.

use crate::gtp::{parse_color, parse_seconds, parse_stones};
use tengen::player;
use tengen::Color;

/// The fewest milliseconds a move is given under time settings.
pub(crate) const MIN_MOVE_MS: f64 = 20.0;
/// What is kept back from each move's share of the clock, in milliseconds (process, pipe and
/// clock granularity), besides [`SAFETY_SHARE`].
pub(crate) const SAFETY_MS: f64 = 150.0;
/// The share of each move's time actually used.
pub(crate) const SAFETY_SHARE: f64 = 0.85;

/// The clock of a game, as the time commands set it (seconds).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct TimeSettings {
    /// Main time.
    pub(crate) main: f64,
    /// The length of a byo-yomi period (0: absolute time, no byo-yomi).
    pub(crate) byo: f64,
    /// The stones to play in a period (0 with `byo` > 0: no time limit).
    pub(crate) stones: u32,
}

/// The time one player has left, as `time_left` says it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct TimeLeft {
    /// Seconds left (of the main time, or of the current byo-yomi period).
    pub(crate) seconds: f64,
    /// Stones to play in that period; 0 while in main time.
    pub(crate) stones: u32,
}

/// The milliseconds a move may take under the clock `t`, with `left` the time its player has
/// left (as `time_left` said; `None`: not said yet) and `empty` empty points on the board: `None`
/// without a time limit.
pub(crate) fn budget_ms(t: TimeSettings, left: Option<TimeLeft>, empty: usize) -> Option<u32> {
    if t.byo > 0.0 && t.stones == 0 {
        return None; // GTP: no time limits.
    }
    let left = left.unwrap_or(if t.main > 0.0 {
        TimeLeft {
            seconds: t.main,
            stones: 0,
        }
    } else {
        TimeLeft {
            seconds: t.byo,
            stones: t.stones,
        }
    });
    if left.seconds <= 0.0 && left.stones == 0 && t.byo <= 0.0 {
        return None; // No clock at all (time_settings 0 0 0).
    }
    let share = if left.stones > 0 {
        left.seconds / f64::from(left.stones)
    } else {
        let empty = empty as f64;
        let moves_left = (empty / 3.0 + 5.0).max(10.0);
        let byo = if t.stones > 0 {
            t.byo / f64::from(t.stones)
        } else {
            0.0
        };
        left.seconds / moves_left + byo
    };
    let ms = (share * 1000.0 * SAFETY_SHARE - SAFETY_MS)
        .max(MIN_MOVE_MS)
        .min(f64::from(player::MAX_TIME_MS));
    Some(ms as u32)
}

/// `time_settings main byo_yomi stones`: the clock.
pub(crate) fn time_settings(args: &[&str]) -> Result<TimeSettings, String> {
    let [main, byo, stones] = args else {
        return Err("syntax error: time_settings needs three numbers".to_string());
    };
    Ok(TimeSettings {
        main: parse_seconds(main)?,
        byo: parse_seconds(byo)?,
        stones: parse_stones(stones)?,
    })
}

/// `kgs-time_settings none | absolute main | byoyomi main period periods | canadian main byo
/// stones`: the clock. Japanese byo-yomi is taken as one period of one stone.
pub(crate) fn kgs_time_settings(args: &[&str]) -> Result<TimeSettings, String> {
    let bad = || "syntax error: kgs-time_settings none|absolute|byoyomi|canadian ...";
    let settings = match args {
        ["none"] => TimeSettings {
            main: 0.0,
            byo: 1.0,
            stones: 0,
        },
        ["absolute", main] => TimeSettings {
            main: parse_seconds(main)?,
            byo: 0.0,
            stones: 0,
        },
        ["byoyomi", main, period, periods] => {
            parse_stones(periods)?;
            TimeSettings {
                main: parse_seconds(main)?,
                byo: parse_seconds(period)?,
                stones: 1,
            }
        }
        ["canadian", main, byo, stones] => TimeSettings {
            main: parse_seconds(main)?,
            byo: parse_seconds(byo)?,
            stones: parse_stones(stones)?,
        },
        _ => return Err(bad().to_string()),
    };
    Ok(settings)
}

/// `time_left colour seconds stones`: whose time and how much is left.
pub(crate) fn time_left(args: &[&str]) -> Result<(Color, TimeLeft), String> {
    let [color, seconds, stones] = args else {
        return Err("syntax error: time_left needs a colour and two numbers".to_string());
    };
    let color = parse_color(color)?;
    let left = TimeLeft {
        seconds: parse_seconds(seconds)?,
        stones: parse_stones(stones)?,
    };
    Ok((color, left))
}
