//! Plays a short game from code, then prints the board as ASCII and the count.
//!
//! ```text
//! cargo run --example replay
//! ```
//!
//! A 5x5 game under the Japanese 1989 rules (territory counting, komi 6.5): each player builds a
//! wall, White invades Black's side with one stone that cannot live, both pass, the invader is
//! marked dead (J89 Art. 9: the players agree which stones are dead) and the game is counted.

use tengen::score::format_halves;
use tengen::{Error, Game, Point, Rules, Setup, SideScore, Size};

/// The moves, in turn from Black; `None` is a pass.
pub const MOVES: &[Option<(u8, u8)>] = &[
    Some((1, 0)),
    Some((3, 0)),
    Some((1, 1)),
    Some((3, 1)),
    Some((1, 2)),
    Some((3, 2)),
    Some((1, 3)),
    Some((3, 3)),
    Some((1, 4)),
    Some((3, 4)),
    None,
    // White's invasion inside Black's wall.
    Some((0, 2)),
    None,
    None,
];

/// Plays [`MOVES`], marks the invading stone dead and accepts the count.
pub fn play() -> Result<Game, Error> {
    let mut game = Game::new(Setup {
        size: Size::square(5)?,
        rules: Rules::preset("japanese-1989")?,
        handicap: 0,
    })?;
    for mv in MOVES {
        match *mv {
            Some((x, y)) => {
                game.place(Point::new(x, y))?;
            }
            None => {
                game.pass()?;
            }
        }
    }
    // Two passes stopped play: the players agree on the dead stones, then the count ends it.
    game.toggle_dead(Point::new(0, 2))?;
    game.finish()?;
    Ok(game)
}

/// The board (`X` Black, `O` White, lower case when marked dead, `.` empty) and the count of
/// each side.
pub fn report(game: &Game) -> String {
    let side = |name: &str, s: &SideScore| {
        format!(
            "{name}: {} territory, {} prisoners, {} komi: {}\n",
            s.territory,
            s.prisoners,
            format_halves(s.bonus_halves),
            format_halves(s.total_halves)
        )
    };
    let score = game.score();
    // The library draws the board; the stones marked dead are put in lower case.
    let mut out = String::new();
    for (y, row) in game.board().to_rows().iter().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let dead = game.is_dead(Point::new(x as u8, y as u8));
            out.push(if dead { c.to_ascii_lowercase() } else { c });
        }
        out.push('\n');
    }
    out.push_str(&side("Black", &score.black));
    out.push_str(&side("White", &score.white));
    out.push_str(&format!("Result: {}\n", score.result));
    out
}

fn main() {
    match play() {
        Ok(game) => print!("{}", report(&game)),
        Err(e) => {
            eprintln!("replay: {e}");
            std::process::exit(1);
        }
    }
}
