//! Shared pieces of the benchmarks: a fixed PRNG, random playouts and a tiny SGF move reader.

use std::path::{Path, PathBuf};
use tengen::{Board, Color, Point, Rules, Size};

/// xorshift32 (Marsaglia): fixed, portable, no dependency.
#[derive(Clone, Copy, Debug)]
pub struct XorShift32(u32);

impl XorShift32 {
    /// A generator for playout number `k` (any `k`; the state is never zero).
    pub fn for_playout(k: u32) -> XorShift32 {
        // An odd multiplier is invertible mod 2^32, so k + 1 != 0 gives a non-zero state.
        XorShift32(k.wrapping_add(1).wrapping_mul(0x9E37_79B1))
    }

    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        let mut s = self.0;
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
        self.0 = s;
        s
    }

    /// An index below `n` (`n > 0`); the modulo bias is negligible for board-sized `n`.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        self.next_u32() as usize % n
    }
}

/// One random playout from the empty board with `Board::play` (suicide forbidden): the mover
/// picks uniformly among the empty points that are not its own eye (`Board::is_eyeish`), tries
/// the move, and on an illegal one swap-removes it and picks again; with no candidate left it
/// passes (which ends a basic ko: `clear_ko`). Stops after two passes in a row or 2·N·N plies.
/// Returns the board and the number of stones played.
///
/// `cands` is scratch space; the candidates are written branch-free into it (`len` counts them)
/// in the order of `Board::empty_points`, and an illegal one is swap-removed as
/// `Vec::swap_remove` would. The results therefore also pin that order.
pub fn playout(size: Size, seed: u32, cands: &mut Vec<Point>) -> (Board, u32) {
    let mut board = Board::new(size);
    let mut rng = XorShift32::for_playout(seed);
    let max_plies = 2 * size.area();
    cands.clear();
    cands.resize(size.area(), Point::new(0, 0));
    let mut color = Color::Black;
    let mut passes = 0;
    let mut moves = 0;
    for _ in 0..max_plies {
        let mut len = 0;
        for p in board.empty_points() {
            cands[len] = p;
            len += usize::from(!board.is_eyeish(p, color));
        }
        let mut played = false;
        while len > 0 {
            let k = rng.below(len);
            if board.play(cands[k], color, false).is_ok() {
                played = true;
                break;
            }
            len -= 1;
            cands[k] = cands[len];
        }
        if played {
            moves += 1;
            passes = 0;
        } else {
            board.clear_ko();
            passes += 1;
            if passes == 2 {
                break;
            }
        }
        color = color.opponent();
    }
    (board, moves)
}

/// The main line of an SGF game record, as far as the benchmarks need it.
#[derive(Clone, Debug, Default)]
pub struct SgfGame {
    /// `SZ` (19 when absent); 0 when it is not a square size.
    pub size: u32,
    /// Whether the record sets up stones (`AB`/`AW`/`AE`).
    pub setup: bool,
    /// `HA` (0 when absent).
    pub handicap: u32,
    /// The moves of the main line; `None` is a pass (`[]`, or `[tt]` up to 19x19).
    pub moves: Vec<(Color, Option<Point>)>,
}

/// Reads the main line (the first variation at every branch) of the first game tree: property
/// values with `\` escapes, any identifiers; only `SZ`, `HA`, `AB`/`AW`/`AE`, `B` and `W` are
/// kept. `None` for a move value that is not a point.
pub fn sgf_main_line(text: &str) -> Option<SgfGame> {
    let b = text.as_bytes();
    let mut i = b.iter().position(|&c| c == b'(')? + 1;
    let mut g = SgfGame {
        size: 19,
        ..SgfGame::default()
    };
    let mut ident = String::new();
    let mut value = Vec::new();
    while i < b.len() {
        let c = b[i];
        if c == b')' {
            break; // the end of the main line: what follows are other variations
        }
        if !c.is_ascii_alphabetic() {
            i += 1; // '(', ';', white space
            continue;
        }
        ident.clear();
        while i < b.len() && b[i].is_ascii_alphabetic() {
            if b[i].is_ascii_uppercase() {
                ident.push(b[i] as char);
            }
            i += 1;
        }
        loop {
            while i < b.len() && b[i].is_ascii_whitespace() {
                i += 1;
            }
            if i >= b.len() || b[i] != b'[' {
                break;
            }
            i += 1;
            value.clear();
            while i < b.len() && b[i] != b']' {
                if b[i] == b'\\' {
                    i += 1;
                }
                if i < b.len() {
                    value.push(b[i]);
                }
                i += 1;
            }
            i += 1;
            let v = std::str::from_utf8(&value).ok()?.trim();
            match ident.as_str() {
                "SZ" => {
                    g.size = match v.split_once(':') {
                        Some((w, h)) if w.trim() != h.trim() => 0,
                        Some((w, _)) => w.trim().parse().ok()?,
                        None => v.parse().ok()?,
                    }
                }
                "HA" => g.handicap = v.parse().ok()?,
                "AB" | "AW" | "AE" => g.setup = true,
                "B" | "W" => {
                    let color = if ident == "B" {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let point = if v.is_empty() || (v == "tt" && g.size <= 19) {
                        None
                    } else {
                        Some(Point::from_sgf(v)?)
                    };
                    g.moves.push((color, point));
                }
                _ => {}
            }
        }
    }
    Some(g)
}

/// `../shared/corpus/<sub>` from the crate root, if it exists.
pub fn corpus_path(sub: &str) -> Option<PathBuf> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus")
        .join(sub);
    path.exists().then_some(path)
}

/// The even 19x19 games of a corpus directory (no set-up stones, no handicap), sorted by file
/// name, with the number of files skipped.
pub fn load_19x19_games(dir: &Path) -> (Vec<(String, SgfGame)>, usize) {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("a readable corpus directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")))
        .collect();
    files.sort();
    let mut games = Vec::new();
    let mut skipped = 0;
    for f in files {
        let bytes = std::fs::read(&f).expect("a readable SGF file");
        let text = String::from_utf8_lossy(&bytes);
        match sgf_main_line(&text) {
            Some(g) if g.size == 19 && !g.setup && g.handicap == 0 => {
                let name = f.file_name().unwrap().to_string_lossy().into_owned();
                games.push((name, g));
            }
            _ => skipped += 1,
        }
    }
    (games, skipped)
}

/// A JSON value, as far as the corpus index files need it.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Number(f64),
    String(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    /// Parses a whole JSON text; `None` if it is not valid JSON.
    pub fn parse(text: &str) -> Option<Json> {
        let mut p = JsonParser {
            b: text.as_bytes(),
            i: 0,
        };
        let v = p.value()?;
        p.ws();
        (p.i == p.b.len()).then_some(v)
    }

    /// The member `key` of an object.
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(m) => m.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&[Json]> {
        match self {
            Json::Array(a) => Some(a),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Json::Number(n) => Some(*n),
            _ => None,
        }
    }
}

struct JsonParser<'a> {
    b: &'a [u8],
    i: usize,
}

impl JsonParser<'_> {
    fn ws(&mut self) {
        while self.i < self.b.len() && self.b[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn eat(&mut self, c: u8) -> Option<()> {
        self.ws();
        (self.b.get(self.i) == Some(&c)).then(|| self.i += 1)
    }

    fn literal(&mut self, word: &str, v: Json) -> Option<Json> {
        self.b[self.i..].starts_with(word.as_bytes()).then(|| {
            self.i += word.len();
            v
        })
    }

    fn value(&mut self) -> Option<Json> {
        self.ws();
        match *self.b.get(self.i)? {
            b'{' => {
                self.i += 1;
                let mut members = Vec::new();
                if self.eat(b'}').is_some() {
                    return Some(Json::Object(members));
                }
                loop {
                    self.ws();
                    let Json::String(k) = self.value()? else {
                        return None;
                    };
                    self.eat(b':')?;
                    members.push((k, self.value()?));
                    if self.eat(b',').is_none() {
                        self.eat(b'}')?;
                        return Some(Json::Object(members));
                    }
                }
            }
            b'[' => {
                self.i += 1;
                let mut items = Vec::new();
                if self.eat(b']').is_some() {
                    return Some(Json::Array(items));
                }
                loop {
                    items.push(self.value()?);
                    if self.eat(b',').is_none() {
                        self.eat(b']')?;
                        return Some(Json::Array(items));
                    }
                }
            }
            b'"' => {
                self.i += 1;
                let mut s = String::new();
                loop {
                    let c = *self.b.get(self.i)?;
                    self.i += 1;
                    match c {
                        b'"' => return Some(Json::String(s)),
                        b'\\' => {
                            let e = *self.b.get(self.i)?;
                            self.i += 1;
                            s.push(match e {
                                b'n' => '\n',
                                b't' => '\t',
                                b'r' => '\r',
                                b'b' => '\u{8}',
                                b'f' => '\u{c}',
                                b'u' => {
                                    let hex = std::str::from_utf8(self.b.get(self.i..self.i + 4)?);
                                    self.i += 4;
                                    char::from_u32(u32::from_str_radix(hex.ok()?, 16).ok()?)
                                        .unwrap_or('\u{fffd}')
                                }
                                other => other as char,
                            });
                        }
                        _ => {
                            // Copy a whole UTF-8 sequence.
                            let start = self.i - 1;
                            while self.i < self.b.len() && (self.b[self.i] & 0xC0) == 0x80 {
                                self.i += 1;
                            }
                            s.push_str(std::str::from_utf8(&self.b[start..self.i]).ok()?);
                        }
                    }
                }
            }
            b't' => self.literal("true", Json::Bool(true)),
            b'f' => self.literal("false", Json::Bool(false)),
            b'n' => self.literal("null", Json::Null),
            _ => {
                let start = self.i;
                while self.i < self.b.len()
                    && matches!(
                        self.b[self.i],
                        b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9'
                    )
                {
                    self.i += 1;
                }
                let n = std::str::from_utf8(&self.b[start..self.i]).ok()?;
                n.parse().ok().map(Json::Number)
            }
        }
    }
}

/// The 19x19 final positions of `scored.json` (the corpus' counted games), in file order.
pub fn load_counted_19x19(index: &Path) -> Vec<(Board, Vec<bool>)> {
    load_counted(index)
        .into_iter()
        .filter(|(_, b, _)| b.size().height() == 19)
        .map(|(_, b, d)| (b, d))
        .collect()
}

/// The final positions of `scored.json` (the corpus' counted games), in file order: the file
/// name, the board with the captures made in play as prisoners, and the dead marks, row-major.
pub fn load_counted(index: &Path) -> Vec<(String, Board, Vec<bool>)> {
    let text = std::fs::read_to_string(index).expect("a readable scored.json");
    let json = Json::parse(&text).expect("valid JSON in scored.json");
    let games = json.get("games").and_then(Json::as_array).expect("games");
    let mut out = Vec::new();
    for g in games {
        let rows: Vec<&str> = g
            .get("final_position")
            .and_then(Json::as_array)
            .expect("final_position")
            .iter()
            .map(|r| r.as_str().expect("a row"))
            .collect();
        let file = g
            .get("file")
            .and_then(Json::as_str)
            .unwrap_or("?")
            .to_string();
        let mut board = Board::from_rows(&rows).expect("a valid final position");
        let size = board.size();
        let captures = g
            .get("captures")
            .and_then(Json::as_array)
            .expect("captures");
        for (c, n) in [Color::Black, Color::White].into_iter().zip(captures) {
            board.add_prisoners(c, n.as_f64().expect("a count") as u32);
        }
        let mut dead = vec![false; size.area()];
        for key in ["dead_black", "dead_white"] {
            for p in g.get(key).and_then(Json::as_array).expect("dead stones") {
                let p = Point::from_sgf(p.as_str().expect("a point")).expect("an SGF point");
                dead[size.index(p)] = true;
            }
        }
        out.push((file, board, dead));
    }
    out
}

/// Asserts a workload's result against its recorded value; with `TENGEN_BENCH_RECORD` set in
/// the environment it prints the value instead (to record it after a deliberate change).
/// Returns the value, which the timed loops then check on every iteration.
pub fn check<T: PartialEq + std::fmt::Debug>(what: &str, actual: T, recorded: T) -> T {
    if std::env::var_os("TENGEN_BENCH_RECORD").is_some() {
        eprintln!("record: {what}: {actual:?}");
    } else {
        assert_eq!(actual, recorded, "{what}");
    }
    actual
}

pub fn size(side: u32) -> Size {
    Size::square(side).expect("a valid size")
}

pub fn rules(name: &str) -> Rules {
    Rules::preset(name).expect("a known preset")
}
