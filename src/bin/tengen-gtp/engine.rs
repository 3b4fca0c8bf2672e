//! The engine of `tengen-gtp` (see the binary's documentation).

use std::io::{self, BufRead, Write};

use crate::clock::{self, TimeLeft, TimeSettings};
use crate::config::{parse_args, parse_playouts, Config, USAGE};
use crate::gtp::{self, frame, parse_color, preprocess, COLUMNS, MAX_GTP_SIZE};
use crate::threads::Pool;
use tengen::estimate::{ChainStatus, EstimateOptions};
use tengen::player::{self, Decision, GenmoveOptions};
use tengen::{Color, DeadStones, Game, Phase, Point, Rules, Setup, Size};

/// The engine's name, as `name` gives it.
const NAME: &str = "tengen";
/// Milliseconds per move when neither playouts nor time settings say otherwise.
const DEFAULT_TIME_MS: u32 = 1000;

/// Every command known, in the order `list_commands` gives them.
const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "fixed_handicap",
    "play",
    "genmove",
    "reg_genmove",
    "undo",
    "final_score",
    "final_status_list",
    "showboard",
    "time_settings",
    "kgs-time_settings",
    "time_left",
    "kgs-rules",
    "tengen-rules",
    "tengen-playouts",
];

/// A command's answer: the text of a success, or the message of a failure.
type Reply = Result<String, String>;

/// A GTP session: the game, the moves as GTP gave them, and the settings.
#[derive(Debug)]
struct Engine {
    /// The board's side.
    size: u32,
    /// The rule preset's name.
    preset: String,
    /// Komi set by `komi`; the preset's until then.
    komi: Option<f64>,
    /// Fixed handicap stones of the current game.
    handicap: u32,
    /// The game.
    game: Game,
    /// The moves GTP made, in order: whose and where (`None`: a pass).
    moves: Vec<(Color, Option<Point>)>,
    /// For each move, the game's number of actions before it: what undo goes back to.
    marks: Vec<usize>,
    /// Playouts per move (0: by time).
    playouts: u32,
    /// Milliseconds per move from the command line (0: none).
    time_ms: u32,
    /// The seed of move 0.
    seed: u64,
    /// The clock, when the controller set one.
    time: Option<TimeSettings>,
    /// The time each player has left, by [`Color::index`].
    left: [Option<TimeLeft>; 2],
    /// Whether to report searches on standard error.
    verbose: bool,
    /// The searchers, their trees kept between moves.
    pool: Pool,
    /// Set by `quit`.
    quit: bool,
}

impl Engine {
    /// A session with these options, on a 19x19 board.
    fn new(config: &Config) -> Result<Engine, String> {
        let rules = Rules::preset(&config.rules).map_err(|e| e.message().into_owned())?;
        let game = new_game(19, rules, 0)?;
        Ok(Engine {
            size: 19,
            preset: config.rules.clone(),
            komi: None,
            handicap: 0,
            game,
            moves: Vec::new(),
            marks: Vec::new(),
            playouts: config.playouts,
            time_ms: config.time_ms,
            seed: config.seed,
            time: None,
            left: [None; 2],
            verbose: config.verbose,
            pool: Pool::new(config.threads, config.reuse, config.root_parallel),
            quit: false,
        })
    }

    /// Answers one line of input: `None` for a line with no command (empty, or a comment),
    /// else the whole framed reply, `=` or `?`, the command's id if it had one, the text and
    /// the blank line that ends a reply.
    fn respond(&mut self, line: &str) -> Option<String> {
        let clean = preprocess(line);
        let mut words = clean.split_whitespace();
        let first = words.next()?;
        let (id, command) = if first.bytes().all(|b| b.is_ascii_digit()) {
            (first, words.next())
        } else {
            ("", Some(first))
        };
        let args: Vec<&str> = words.collect();
        let reply = match command {
            Some(command) => self.run(command, &args),
            None => Err("missing command".to_string()),
        };
        Some(match reply {
            Ok(text) => frame('=', id, &text),
            Err(text) => frame('?', id, &text),
        })
    }

    /// Runs one command.
    fn run(&mut self, command: &str, args: &[&str]) -> Reply {
        match command {
            "protocol_version" => Ok("2".to_string()),
            "name" => Ok(NAME.to_string()),
            "version" => Ok(env!("CARGO_PKG_VERSION").to_string()),
            "known_command" => {
                let [name] = args else {
                    return Err("syntax error: known_command needs a command".to_string());
                };
                Ok(COMMANDS.contains(name).to_string())
            }
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => {
                self.quit = true;
                Ok(String::new())
            }
            "boardsize" => self.boardsize(args),
            "clear_board" => {
                self.handicap = 0;
                self.new_game()
            }
            "komi" => self.set_komi(args),
            "fixed_handicap" => self.fixed_handicap(args),
            "play" => self.play(args),
            "genmove" => self.genmove(args, true),
            "reg_genmove" => self.genmove(args, false),
            "undo" => self.undo(),
            "final_score" => Ok(self.final_score()),
            "final_status_list" => self.final_status_list(args),
            "showboard" => Ok(self.showboard()),
            "time_settings" => self.time_settings(args),
            "kgs-time_settings" => self.kgs_time_settings(args),
            "time_left" => self.time_left(args),
            "kgs-rules" => {
                let [name] = args else {
                    return Err("syntax error: kgs-rules needs a ruleset".to_string());
                };
                let preset = match name.to_ascii_lowercase().as_str() {
                    "japanese" => "japanese-1989",
                    "chinese" => "chinese",
                    "aga" => "aga",
                    "new_zealand" | "new-zealand" | "nz" => "new-zealand",
                    _ => return Err(format!("unknown rules: {name}")),
                };
                self.set_rules(preset)
            }
            "tengen-rules" => {
                let [name] = args else {
                    return Err("syntax error: tengen-rules needs a preset".to_string());
                };
                if Rules::preset(name).is_err() {
                    return Err(format!("unknown rules: {name}"));
                }
                self.set_rules(name)
            }
            "tengen-playouts" => {
                let [n] = args else {
                    return Err("syntax error: tengen-playouts needs a number".to_string());
                };
                self.playouts = parse_playouts(n).map_err(|e| format!("syntax error: {e}"))?;
                Ok(String::new())
            }
            _ => Err("unknown command".to_string()),
        }
    }

    /// The rules of the session: the preset with the komi set by `komi`.
    fn rules(&self) -> Result<Rules, String> {
        let mut rules = Rules::preset(&self.preset).map_err(|e| e.message().into_owned())?;
        if let Some(komi) = self.komi {
            rules
                .set_komi(komi)
                .map_err(|_| "komi must be a multiple of 0.5 from -1000 to 1000".to_string())?;
        }
        Ok(rules)
    }

    /// A new, empty game (with the fixed handicap, if any) under the current settings.
    fn new_game(&mut self) -> Reply {
        let game = new_game(self.size, self.rules()?, self.handicap)?;
        self.start(game);
        Ok(String::new())
    }

    /// Plays on with `game`, a new game: no moves, marks nor clock yet.
    fn start(&mut self, game: Game) {
        self.game = game;
        self.pool.clear();
        self.moves.clear();
        self.marks.clear();
        self.left = [None; 2];
    }

    /// `boardsize`: a new game on a board of that side.
    fn boardsize(&mut self, args: &[&str]) -> Reply {
        let [n] = args else {
            return Err("syntax error: boardsize needs a size".to_string());
        };
        let n: u32 = n
            .parse()
            .map_err(|_| "syntax error: the size is not a whole number".to_string())?;
        if !(2..=MAX_GTP_SIZE).contains(&n) {
            return Err("unacceptable size".to_string());
        }
        let game = new_game(n, self.rules()?, 0).map_err(|_| "unacceptable size".to_string())?;
        self.size = n;
        self.handicap = 0;
        self.start(game);
        Ok(String::new())
    }

    /// `komi`: the game goes on under the new komi.
    fn set_komi(&mut self, args: &[&str]) -> Reply {
        let [k] = args else {
            return Err("syntax error: komi needs a number".to_string());
        };
        let komi: f64 = k
            .parse()
            .map_err(|_| "syntax error: komi is not a number".to_string())?;
        let mut check = Rules::preset(&self.preset).map_err(|e| e.message().into_owned())?;
        check
            .set_komi(komi)
            .map_err(|_| "komi must be a multiple of 0.5 from -1000 to 1000".to_string())?;
        self.komi = Some(komi);
        self.replay()
    }

    /// Sets the rule preset; the game goes on under it.
    fn set_rules(&mut self, preset: &str) -> Reply {
        let old = std::mem::replace(&mut self.preset, preset.to_string());
        if let Err(e) = self.rules() {
            self.preset = old;
            return Err(e);
        }
        self.replay()
    }

    /// The moves so far replayed into a game under the current rules; a fresh game if they
    /// cannot be (and the reply says so).
    fn replay(&mut self) -> Reply {
        let moves = std::mem::take(&mut self.moves);
        self.marks.clear();
        self.pool.clear();
        self.game = new_game(self.size, self.rules()?, self.handicap)?;
        for (i, &(color, point)) in moves.iter().enumerate() {
            if let Err(e) = self.apply_move(color, point) {
                self.new_game()?;
                return Ok(format!(
                    "new game: move {} ({} {}) cannot be replayed under these rules: {e}",
                    i + 1,
                    color,
                    self.vertex_name(point)
                ));
            }
        }
        Ok(String::new())
    }

    /// `fixed_handicap`: the handicap stones on an empty board.
    fn fixed_handicap(&mut self, args: &[&str]) -> Reply {
        let [n] = args else {
            return Err("syntax error: fixed_handicap needs a number".to_string());
        };
        let n: u32 = n
            .parse()
            .map_err(|_| "syntax error: not a number of stones".to_string())?;
        let board = self.game.board();
        if !self.moves.is_empty() || board.empty_count() != board.size().area() {
            return Err("board not empty".to_string());
        }
        if n < 2 {
            return Err("invalid number of stones".to_string());
        }
        let game = new_game(self.size, self.rules()?, n)
            .map_err(|_| "invalid number of stones".to_string())?;
        self.game = game;
        self.handicap = n;
        let size = self.game.board().size();
        let stones: Vec<String> = size
            .points()
            .filter(|&p| self.game.board().get(p) == Some(Color::Black))
            .map(|p| self.vertex_name(Some(p)))
            .collect();
        Ok(stones.join(" "))
    }

    /// Makes it `color`'s turn in a game being played: resumes a stopped game, or has the
    /// other player pass (a set-up handing the turn over where that pass would stop play).
    fn make_turn(&mut self, color: Color) -> Result<(), String> {
        let message = |e: tengen::Error| e.message().into_owned();
        match self.game.phase() {
            // The opponent of the one who asks to resume moves first (J89 Art. 9.3).
            Phase::Stopped => self.game.resume(color.opponent()).map_err(message)?,
            Phase::Finished => self.game.set_up(&[], Some(color)).map_err(message)?,
            Phase::Playing if self.game.to_move() == color => {}
            Phase::Playing if self.game.passes_in_a_row() == 0 => {
                self.game.pass().map_err(message)?;
            }
            Phase::Playing => self.game.set_up(&[], Some(color)).map_err(message)?,
        }
        Ok(())
    }

    /// Plays a move of `color` (a stone, or a pass for `None`), out of turn if need be; an
    /// illegal one changes nothing.
    fn apply_move(&mut self, color: Color, point: Option<Point>) -> Result<(), String> {
        let mark = self.game.actions().len();
        let result = self.make_turn(color).and_then(|()| {
            match point {
                Some(p) => self.game.place(p).map(|_| ()),
                None => self.game.pass().map(|_| ()),
            }
            .map_err(|e| e.message().into_owned())
        });
        match result {
            Ok(()) => {
                self.marks.push(mark);
                self.moves.push((color, point));
                Ok(())
            }
            Err(e) => {
                self.game.undo_to(mark);
                Err(e)
            }
        }
    }

    /// `play`: a stone or a pass for either colour.
    fn play(&mut self, args: &[&str]) -> Reply {
        let [color, vertex] = args else {
            return Err("syntax error: play needs a colour and a vertex".to_string());
        };
        let color = parse_color(color)?;
        let point = self.parse_vertex(vertex)?;
        self.apply_move(color, point)
            .map(|()| String::new())
            .map_err(|_| "illegal move".to_string())
    }

    /// `genmove` (which plays the move chosen) and `reg_genmove` (which does not).
    fn genmove(&mut self, args: &[&str], play: bool) -> Reply {
        let [color] = args else {
            return Err("syntax error: genmove needs a colour".to_string());
        };
        let color = parse_color(color)?;
        let mark = self.game.actions().len();
        self.make_turn(color)?;
        let options = self.genmove_options(color);
        let mut clock = player::system_clock();
        let started = std::time::Instant::now();
        let (thought, done) = match self.pool.think(&self.game, &options, &mut clock) {
            Ok(t) => t,
            Err(e) => {
                self.game.undo_to(mark);
                return Err(format!("cannot generate a move: {}", e.message()));
            }
        };
        if self.verbose {
            eprintln!(
                "tengen-gtp: move {} {}: {:?} ({}; {} playouts run, {} behind the decision, win rate {:.3}, {} ms, {:.0} playouts/s; budget {} playouts, {} ms)",
                self.moves.len() + 1,
                color,
                thought.decision,
                thought.reason,
                done,
                thought.playouts,
                thought.win_rate,
                started.elapsed().as_millis(),
                f64::from(done) / started.elapsed().as_secs_f64().max(1e-9),
                options.playouts,
                options.time_ms,
            );
        }
        let point = match thought.decision {
            Decision::Resign => {
                self.game.undo_to(mark);
                return Ok("resign".to_string());
            }
            Decision::Pass => None,
            Decision::Play(p) => Some(p),
        };
        if !play {
            self.game.undo_to(mark);
            return Ok(self.vertex_name(point));
        }
        let played = match point {
            Some(p) => self.game.place(p).map(|_| ()),
            None => self.game.pass().map(|_| ()),
        };
        let point = match played {
            Ok(()) => point,
            Err(e) => {
                // Never expected: the player proposes legal moves only. Pass rather than fail.
                eprintln!(
                    "tengen-gtp: the player chose {} which is illegal ({}); passing",
                    self.vertex_name(point),
                    e.message()
                );
                self.game.pass().map_err(|e| e.message().into_owned())?;
                None
            }
        };
        self.marks.push(mark);
        self.moves.push((color, point));
        Ok(self.vertex_name(point))
    }

    /// The budget and seed of the next move of `color`.
    fn genmove_options(&self, color: Color) -> GenmoveOptions {
        let seed = self.seed.wrapping_add(self.moves.len() as u64);
        let time_ms = match self.time_budget_ms(color) {
            Some(ms) => ms,
            None if self.playouts == 0 && self.time_ms == 0 => DEFAULT_TIME_MS,
            None => self.time_ms,
        };
        GenmoveOptions {
            playouts: self.playouts,
            time_ms,
            seed,
        }
    }

    /// The milliseconds a move of `color` may take by the time settings, `None` without a
    /// time limit.
    fn time_budget_ms(&self, color: Color) -> Option<u32> {
        let empty = self.game.board().empty_count();
        clock::budget_ms(self.time?, self.left[color.index()], empty)
    }

    /// `time_settings main byo_yomi stones`.
    fn time_settings(&mut self, args: &[&str]) -> Reply {
        self.time = Some(clock::time_settings(args)?);
        self.left = [None; 2];
        Ok(String::new())
    }

    /// `kgs-time_settings none | absolute main | byoyomi main period periods | canadian main
    /// byo stones`. Japanese byo-yomi is taken as one period of one stone.
    fn kgs_time_settings(&mut self, args: &[&str]) -> Reply {
        self.time = Some(clock::kgs_time_settings(args)?);
        self.left = [None; 2];
        Ok(String::new())
    }

    /// `time_left colour seconds stones`.
    fn time_left(&mut self, args: &[&str]) -> Reply {
        let (color, left) = clock::time_left(args)?;
        self.left[color.index()] = Some(left);
        Ok(String::new())
    }

    /// `undo`: takes back the last move.
    fn undo(&mut self) -> Reply {
        let (Some(mark), Some(_)) = (self.marks.pop(), self.moves.pop()) else {
            return Err("cannot undo".to_string());
        };
        self.game.undo_to(mark);
        self.pool.clear();
        Ok(String::new())
    }

    /// The estimator's dead stones as row-major flags (none where the rules count the board as
    /// it stands), and its statuses.
    fn dead_and_status(&self) -> (Vec<bool>, Vec<Option<ChainStatus>>) {
        let estimate = self.game.estimate(&EstimateOptions {
            playouts: 0,
            seed: self.seed,
        });
        let mut status = estimate.status.clone();
        if self.game.rules().dead_stones == DeadStones::AsItStands {
            for s in status.iter_mut() {
                if *s == Some(ChainStatus::Dead) {
                    *s = Some(ChainStatus::Alive);
                }
            }
        }
        let dead = status
            .iter()
            .map(|s| *s == Some(ChainStatus::Dead))
            .collect();
        (dead, status)
    }

    /// `final_score`: the count under the rules with the estimator's dead stones.
    fn final_score(&self) -> String {
        let (dead, _) = self.dead_and_status();
        self.game.score_with(&dead).result
    }

    /// `final_status_list alive|dead|seki`: one chain a line.
    fn final_status_list(&self, args: &[&str]) -> Reply {
        let [which] = args else {
            return Err("syntax error: final_status_list needs a status".to_string());
        };
        let wanted = match which.to_ascii_lowercase().as_str() {
            "alive" => ChainStatus::Alive,
            "dead" => ChainStatus::Dead,
            "seki" => ChainStatus::Seki,
            _ => return Err(format!("syntax error: unknown status: {which}")),
        };
        let (_, status) = self.dead_and_status();
        let board = self.game.board();
        let size = board.size();
        let mut seen = vec![false; size.area()];
        let mut lines = Vec::new();
        for p in size.points() {
            let i = size.index(p);
            if seen[i] || board.get(p).is_none() {
                continue;
            }
            let chain = board.chain(p);
            for &q in &chain {
                seen[size.index(q)] = true;
            }
            if status[i] == Some(wanted) {
                let mut chain = chain;
                chain.sort_by_key(|q| (q.y, q.x));
                let names: Vec<String> = chain.iter().map(|&q| self.vertex_name(Some(q))).collect();
                lines.push(names.join(" "));
            }
        }
        Ok(lines.join("\n"))
    }

    /// `showboard`: the board in ASCII, starting on a line of its own.
    fn showboard(&self) -> String {
        let board = self.game.board();
        let size = board.size();
        let n = size.width() as usize;
        let letters: String = COLUMNS[..n]
            .iter()
            .map(|&c| format!(" {}", c as char))
            .collect();
        let last = self.game.last_move().and_then(|m| m.point);
        let mut out = format!("\n   {letters}\n");
        for y in 0..size.height() as u8 {
            let number = self.size as usize - y as usize;
            out.push_str(&format!("{number:>2} "));
            for x in 0..n as u8 {
                let p = Point::new(x, y);
                let c = match board.get(p) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                };
                let mark = if Some(p) == last { '(' } else { ' ' };
                out.push(mark);
                out.push(c);
            }
            out.push_str(&format!(" {number}"));
            match y {
                0 => out.push_str(&format!(
                    "    {} to move, {}",
                    self.game.to_move(),
                    self.game.phase().name()
                )),
                1 => out.push_str(&format!(
                    "    X black, captured {}",
                    self.game.captures(Color::Black)
                )),
                2 => out.push_str(&format!(
                    "    O white, captured {}",
                    self.game.captures(Color::White)
                )),
                3 => out.push_str(&format!(
                    "    {} komi {}",
                    self.preset,
                    self.game.rules().komi()
                )),
                _ => {}
            }
            out.push('\n');
        }
        out.push_str(&format!("   {letters}"));
        out
    }

    /// A GTP vertex on the current board: `pass`, or a letter and a number (`A1`: lower left).
    fn parse_vertex(&self, s: &str) -> Result<Option<Point>, String> {
        gtp::parse_vertex(self.size, s)
    }

    /// The GTP name of a point, or `pass`.
    fn vertex_name(&self, p: Option<Point>) -> String {
        gtp::vertex_name(self.size, p)
    }
}

/// A new game of side `n`.
fn new_game(n: u32, rules: Rules, handicap: u32) -> Result<Game, String> {
    let size = Size::square(n).map_err(|e| e.message().into_owned())?;
    Game::new(Setup {
        size,
        rules,
        handicap,
    })
    .map_err(|e| e.message().into_owned())
}

/// Runs the engine on standard input and output with the command line's options.
pub fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let config = match parse_args(&args) {
        Ok(c) => c,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("tengen-gtp: {e}");
            }
            eprintln!("{USAGE}");
            std::process::exit(if e.is_empty() { 0 } else { 2 });
        }
    };
    let mut engine = match Engine::new(&config) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("tengen-gtp: {e}");
            std::process::exit(2);
        }
    };
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let line = String::from_utf8_lossy(&buf);
        if let Some(reply) = engine.respond(&line) {
            if out
                .write_all(reply.as_bytes())
                .and_then(|()| out.flush())
                .is_err()
            {
                break;
            }
        }
        if engine.quit {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::{SAFETY_MS, SAFETY_SHARE};

    fn engine() -> Engine {
        Engine::new(&Config {
            playouts: 50,
            ..Config::default()
        })
        .unwrap()
    }

    #[test]
    fn vertices_round_trip_and_skip_i() {
        let mut e = engine();
        e.respond("boardsize 19").unwrap();
        assert_eq!(e.parse_vertex("A1"), Ok(Some(Point::new(0, 18))));
        assert_eq!(e.parse_vertex("t19"), Ok(Some(Point::new(18, 0))));
        assert_eq!(e.parse_vertex("J10"), Ok(Some(Point::new(8, 9))));
        assert_eq!(e.parse_vertex("PASS"), Ok(None));
        for bad in ["I5", "A0", "A20", "U1", "", "A", "A+1", "AA1", "11"] {
            assert!(e.parse_vertex(bad).is_err(), "{bad}");
        }
        for p in Size::square(19).unwrap().points() {
            assert_eq!(e.parse_vertex(&e.vertex_name(Some(p))), Ok(Some(p)));
        }
    }

    #[test]
    fn framing() {
        let mut e = engine();
        assert_eq!(e.respond("  # only a comment"), None);
        assert_eq!(e.respond("\r\n"), None);
        assert_eq!(e.respond("7 name\r\n").as_deref(), Some("=7 tengen\n\n"));
        assert_eq!(e.respond("name # c").as_deref(), Some("= tengen\n\n"));
        assert_eq!(e.respond("\tclear_board").as_deref(), Some("=\n\n"));
        assert_eq!(
            e.respond("3 frobnicate").as_deref(),
            Some("?3 unknown command\n\n")
        );
        assert_eq!(e.respond("42").as_deref(), Some("?42 missing command\n\n"));
        assert!(e.respond("showboard").unwrap().starts_with("=\n    A B"));
    }

    #[test]
    fn time_budget_per_move() {
        let mut e = engine();
        e.respond("boardsize 9");
        assert_eq!(e.time_budget_ms(Color::Black), None);
        // Canadian byo-yomi: 30 s for 5 stones, no main time.
        e.respond("time_settings 0 30 5");
        assert_eq!(e.time_budget_ms(Color::Black), Some(4950));
        e.respond("time_left b 10 2");
        assert_eq!(e.time_budget_ms(Color::Black), Some(4100));
        // Absolute time: 60 s over (81 / 3 + 5) = 32 moves.
        e.respond("time_settings 60 0 0");
        let ms = e.time_budget_ms(Color::White).unwrap();
        assert_eq!(ms, (60.0 / 32.0 * 1000.0 * SAFETY_SHARE - SAFETY_MS) as u32);
        e.respond("time_left w 0.01 0");
        assert_eq!(e.time_budget_ms(Color::White), Some(20));
        // No time limits.
        e.respond("time_settings 0 1 0");
        assert_eq!(e.time_budget_ms(Color::White), None);
        e.respond("kgs-time_settings byoyomi 0 10 3");
        assert_eq!(e.time_budget_ms(Color::Black), Some(8350));
        // Playouts alone: the time budget is not used.
        e.respond("time_settings 0 1 0");
        assert_eq!(e.genmove_options(Color::Black).time_ms, 0);
        e.respond("tengen-playouts 0");
        assert_eq!(e.genmove_options(Color::Black).time_ms, DEFAULT_TIME_MS);
    }

    #[test]
    fn command_line() {
        let args = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
        let c = parse_args(&args("--playouts 300 --seed=9 --rules chinese")).unwrap();
        assert_eq!((c.playouts, c.seed, c.rules.as_str()), (300, 9, "chinese"));
        assert!(parse_args(&args("--rules klingon")).is_err());
        assert!(parse_args(&args("--playouts")).is_err());
        assert!(parse_args(&args("--bogus")).is_err());
        assert!(parse_args(&args("--time-ms 700000")).is_err());
    }

    #[test]
    fn out_of_turn_moves_undo_as_one() {
        let mut e = engine();
        e.respond("boardsize 5");
        e.respond("play b a1");
        e.respond("play b b1");
        assert_eq!(e.game.actions().len(), 3);
        e.respond("play w pass");
        // White passes again: Black's pass would stop play, so the turn is handed over.
        assert_eq!(e.respond("play w c3").as_deref(), Some("=\n\n"));
        assert_eq!(e.game.board().get(Point::new(2, 2)), Some(Color::White));
        e.respond("undo");
        e.respond("undo");
        assert_eq!(e.game.actions().len(), 3);
        assert_eq!(e.game.to_move(), Color::White);
        assert_eq!(e.respond("play w pass").as_deref(), Some("=\n\n"));
        assert_eq!(e.respond("play b pass").as_deref(), Some("=\n\n"));
        assert_eq!(e.game.phase(), Phase::Stopped);
        // A move after two passes resumes play.
        assert_eq!(e.respond("play w e5").as_deref(), Some("=\n\n"));
        assert_eq!(e.game.phase(), Phase::Playing);
    }
}
