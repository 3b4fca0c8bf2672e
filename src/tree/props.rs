//! Property values: text with its escapes, points and compressed point lists, moves, sizes,
//! numbers, results, and the typed values the accessors of [`Node`](super::Node) return for the
//! Go properties. The tree stores raw values; this is how they read and are written.
//!
//! References are to the SGF `FF[4]` specification: sgf.html, "Property Value Types" (Number,
//! Real, Color, SimpleText, Text, Point/Move/Stone, Compose, lists and compressed point lists);
//! properties.html (B, W, AB, AW, AE, PL, C, markup TR SQ CR MA SL, LB); go.html (SZ, KM, HA, TB,
//! TW, the pass `tt`).

use crate::color::Color;
use crate::point::{Point, Size, MAX_SIDE, MIN_SIDE, MIN_SQUARE_SIDE};

/// Reads a Text value (sgf.html, "Text"): a backslash escapes the next character, a backslash
/// before a line break removes both (a soft line break), other line breaks stay (as `\n`;
/// `\r\n`, `\n\r` and `\r` are one line break each), and other white space becomes a space.
pub fn text(raw: &str) -> String {
    unescape(raw, false)
}

/// Reads a SimpleText value (sgf.html, "SimpleText"): as [`text`], but line breaks become
/// spaces too.
pub fn simple_text(raw: &str) -> String {
    unescape(raw, true)
}

/// The white space that Text turns into a space (sgf.html, "Text": "white spaces other than
/// linebreaks are converted to space (e.g. no tab, vertical tab, ..)"): ASCII's. The ideographic
/// space of CJK text (U+3000) and other Unicode spaces are characters of the text, kept.
fn is_sgf_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\u{0B}' | '\u{0C}')
}

fn unescape(raw: &str, simple: bool) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                // Soft line break: both removed, a two-character break too.
                Some(b @ ('\n' | '\r')) => {
                    let other = if b == '\n' { '\r' } else { '\n' };
                    if chars.peek() == Some(&other) {
                        chars.next();
                    }
                }
                Some(e) if is_sgf_space(e) => out.push(' '),
                Some(e) => out.push(e),
                None => {}
            },
            '\n' | '\r' => {
                let other = if c == '\n' { '\r' } else { '\n' };
                if chars.peek() == Some(&other) {
                    chars.next();
                }
                out.push(if simple { ' ' } else { '\n' });
            }
            c if is_sgf_space(c) => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Escapes text for a Text or SimpleText value: `\` and `]` get a backslash.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == '\\' || c == ']' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Escapes text for one side of a composed value (`LB[aa:text]`): `:` gets a backslash too.
pub fn escape_compose(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == '\\' || c == ']' || c == ':' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Splits a composed raw value at its first unescaped `:` (sgf.html, "Compose").
pub fn split_compose(raw: &str) -> Option<(&str, &str)> {
    let b = raw.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            // `get`, not indexing: `:` is ASCII, so both always succeed, and no panic path
            // (with its formatting code) is compiled in.
            b':' => return raw.get(..i).zip(raw.get(i + 1..)),
            _ => i += 1,
        }
    }
    None
}

/// A point value on a board of `size` (sgf.html, "Point"; `a`-`z` then `A`-`Z`). Surrounding
/// white space is ignored.
pub fn parse_point(raw: &str, size: Size) -> Result<Point, &'static str> {
    let p = Point::from_sgf(raw.trim()).ok_or("a point must be two letters")?;
    if !size.contains(p) {
        return Err("the point is not on the board");
    }
    Ok(p)
}

/// A move value (go.html, "Move"): a point, or a pass written `[]` or, on boards up to 19x19,
/// `[tt]` (`FF[3]`). `Ok(None)` is a pass.
pub fn parse_move(raw: &str, size: Size) -> Result<Option<Point>, &'static str> {
    let t = raw.trim();
    if t.is_empty() || (t == "tt" && size.width() <= 19 && size.height() <= 19) {
        return Ok(None);
    }
    parse_point(t, size).map(Some)
}

/// A list of points: single points and compressed rectangles `aa:cc` (sgf.html, "Compressed
/// point lists"), in order, each point once. Rectangles may name any two opposite corners.
/// An empty value (`[]`, an empty list) adds nothing.
pub fn parse_points(values: &[String], size: Size) -> Result<Vec<Point>, &'static str> {
    let mut out = Vec::new();
    let mut seen = vec![false; size.area()];
    let mut add = |p: Point, out: &mut Vec<Point>| {
        let i = size.index(p);
        if !seen[i] {
            seen[i] = true;
            out.push(p);
        }
    };
    for v in values {
        let v = v.trim();
        if v.is_empty() {
            continue;
        }
        match split_compose(v) {
            None => add(parse_point(v, size)?, &mut out),
            Some((a, b)) => {
                let a = parse_point(a, size)?;
                let b = parse_point(b, size)?;
                for y in a.y.min(b.y)..=a.y.max(b.y) {
                    for x in a.x.min(b.x)..=a.x.max(b.x) {
                        add(Point::new(x, y), &mut out);
                    }
                }
            }
        }
    }
    Ok(out)
}

/// The board size of an `SZ` value: `19` or `19:13` (width, height; go.html, "SZ"). A square
/// side is from 2 to 52; in `width:height` each side is from 1 to 52 but not both 1, so the 1xN
/// boards of test suites (`SZ[1:9]`) are read.
pub fn parse_size(raw: &str) -> Result<Size, &'static str> {
    let number = |s: &str| -> Result<i64, &'static str> {
        parse_number(s).ok_or("SZ must be a number or two numbers 'width:height'")
    };
    let side = |s: &str, why: &'static str| -> Result<u32, &'static str> {
        let n = number(s)?;
        if !(MIN_SIDE as i64..=MAX_SIDE as i64).contains(&n) {
            return Err(why);
        }
        Ok(n as u32)
    };
    match split_compose(raw) {
        None => {
            let n = number(raw)?;
            if !(MIN_SQUARE_SIDE as i64..=MAX_SIDE as i64).contains(&n) {
                return Err("SZ must be from 2 to 52");
            }
            Size::square(n as u32).map_err(|_| "SZ must be from 2 to 52")
        }
        Some((a, b)) => {
            let w = side(a, "the width in SZ must be from 1 to 52")?;
            let h = side(b, "the height in SZ must be from 1 to 52")?;
            Size::new(w, h).map_err(|_| "SZ[1:1] has no legal move: one side must be at least 2")
        }
    }
}

/// A Number value (sgf.html, "Number": `[+-]digits`), white space around ignored.
pub fn parse_number(raw: &str) -> Option<i64> {
    let t = raw.trim();
    let digits = t.strip_prefix(['+', '-']).unwrap_or(t);
    if digits.is_empty() || digits.len() > 18 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    t.parse().ok()
}

/// A Real value (sgf.html, "Real": `Number ["." digits]`), white space around ignored.
pub fn parse_real(raw: &str) -> Option<f64> {
    let t = raw.trim();
    let body = t.strip_prefix(['+', '-']).unwrap_or(t);
    let (int, frac) = body.split_once('.').unwrap_or((body, ""));
    let ok = |s: &str| s.len() <= 18 && s.bytes().all(|b| b.is_ascii_digit());
    if (int.is_empty() && frac.is_empty()) || !ok(int) || !ok(frac) {
        return None;
    }
    // By hand rather than with `str::parse::<f64>`, whose general algorithm would add about
    // 20 KB to the WebAssembly build. At most 18 digits on each side: both fit in a u64, and
    // 10^k (k <= 18) is exact in an f64, so the quotient below is correctly rounded whenever
    // the digits together are below 2^53 (every komi and score margin); otherwise it is
    // within an ulp or two.
    let digits = |s: &str| s.bytes().fold(0u64, |n, b| n * 10 + u64::from(b - b'0'));
    let frac = frac.trim_end_matches('0');
    let (i, f) = (digits(int), digits(frac));
    let scale = 10u64.pow(frac.len() as u32);
    let v = match i.checked_mul(scale).and_then(|n| n.checked_add(f)) {
        Some(n) if n < 1 << 53 => n as f64 / scale as f64,
        _ => i as f64 + f as f64 / scale as f64,
    };
    Some(if t.starts_with('-') { -v } else { v })
}

/// A Color value (sgf.html, "Color": `B` or `W`; also `b`, `w`, `black`, `white`).
pub fn parse_color(raw: &str) -> Option<Color> {
    Color::parse(raw.trim())
}

/// A result (properties.html, "RE").
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum GameResult {
    /// `B+3.5`: the winner and the margin in points.
    Score {
        /// Who won.
        winner: Color,
        /// By how much.
        margin: f64,
    },
    /// `B+R`, `B+Resign`.
    Resignation(Color),
    /// `B+T`, `B+Time`.
    Time(Color),
    /// `B+F`, `B+Forfeit`.
    Forfeit(Color),
    /// `B+`: a win, nothing more said.
    Win(Color),
    /// `0`, `Draw`, `Jigo`.
    Draw,
    /// `Void`: no result.
    Void,
    /// `?`: unknown.
    Unknown,
}

/// Reads an `RE` value; `None` when it is none of the forms of properties.html, "RE".
pub fn parse_result(raw: &str) -> Option<GameResult> {
    let t = simple_text(raw);
    let t = t.trim();
    let lower = t.to_ascii_lowercase();
    match lower.as_str() {
        "0" | "draw" | "jigo" | "d" => return Some(GameResult::Draw),
        "void" => return Some(GameResult::Void),
        "?" => return Some(GameResult::Unknown),
        _ => {}
    }
    let (who, rest) = lower.split_once('+')?;
    let winner = parse_color(who)?;
    let rest = rest.trim();
    Some(match rest {
        "" => GameResult::Win(winner),
        "r" | "resign" | "resignation" => GameResult::Resignation(winner),
        "t" | "time" => GameResult::Time(winner),
        "f" | "forfeit" => GameResult::Forfeit(winner),
        _ => GameResult::Score {
            winner,
            margin: parse_real(rest)?,
        },
    })
}

/// Set-up stones of a node (`AB`, `AW`, `AE`; properties.html, "Setup properties").
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SetupStones {
    /// `AB`: black stones added.
    pub black: Vec<Point>,
    /// `AW`: white stones added.
    pub white: Vec<Point>,
    /// `AE`: points cleared.
    pub empty: Vec<Point>,
}

impl SetupStones {
    /// Whether the node sets up nothing.
    pub fn is_empty(&self) -> bool {
        self.black.is_empty() && self.white.is_empty() && self.empty.is_empty()
    }
}

/// The kinds of point markup (properties.html, "Markup properties").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MarkKind {
    /// `TR`: a triangle.
    Triangle,
    /// `SQ`: a square.
    Square,
    /// `CR`: a circle.
    Circle,
    /// `MA`: a cross.
    Cross,
    /// `SL`: selected.
    Selected,
}

impl MarkKind {
    /// Every kind, in the order [`Node::markup`](super::Node::markup) lists them.
    pub const ALL: [MarkKind; 5] = [
        MarkKind::Triangle,
        MarkKind::Square,
        MarkKind::Circle,
        MarkKind::Cross,
        MarkKind::Selected,
    ];

    /// The property identifier: `TR`, `SQ`, `CR`, `MA` or `SL`.
    pub fn id(self) -> &'static str {
        match self {
            MarkKind::Triangle => "TR",
            MarkKind::Square => "SQ",
            MarkKind::Circle => "CR",
            MarkKind::Cross => "MA",
            MarkKind::Selected => "SL",
        }
    }

    /// A lower-case name: `triangle`, `square`, `circle`, `cross`, `selected`.
    pub fn name(self) -> &'static str {
        match self {
            MarkKind::Triangle => "triangle",
            MarkKind::Square => "square",
            MarkKind::Circle => "circle",
            MarkKind::Cross => "cross",
            MarkKind::Selected => "selected",
        }
    }
}

/// A mark on a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Mark {
    /// Which mark.
    pub kind: MarkKind,
    /// Where.
    pub point: Point,
}

/// A label (`LB[point:text]`; properties.html, "LB").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    /// Where.
    pub point: Point,
    /// The text, SimpleText read.
    pub text: String,
}

/// Territory markup (`TB`, `TW`; go.html): points counted for each player at the end, where
/// stones of the other colour are dead.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Territory {
    /// `TB`: Black's territory.
    pub black: Vec<Point>,
    /// `TW`: White's territory.
    pub white: Vec<Point>,
}
