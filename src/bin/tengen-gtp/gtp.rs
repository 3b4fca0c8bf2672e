//! The protocol's syntax: vertices, colours, numbers, and the framing of lines and replies
//! (GTP version 2, <https://www.lysator.liu.se/~gunnar/gtp/>).

use tengen::{Color, Point};

/// The largest board GTP's coordinates reach (25 letters, `I` skipped).
pub(crate) const MAX_GTP_SIZE: u32 = 25;
/// Column letters, from the left: GTP skips `I`.
pub(crate) const COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// A GTP vertex on a board of side `size`: `pass`, or a letter and a number (`A1`: lower left).
pub(crate) fn parse_vertex(size: u32, s: &str) -> Result<Option<Point>, String> {
    let bad = || format!("invalid vertex: {s}");
    if s.eq_ignore_ascii_case("pass") {
        return Ok(None);
    }
    let bytes = s.as_bytes();
    let letter = bytes.first().ok_or_else(bad)?.to_ascii_uppercase();
    let x = COLUMNS.iter().position(|&c| c == letter).ok_or_else(bad)?;
    let number: u32 = s[1..].parse().map_err(|_| bad())?;
    if x as u32 >= size
        || number == 0
        || number > size
        || !s[1..].starts_with(|c: char| c.is_ascii_digit())
    {
        return Err(bad());
    }
    Ok(Some(Point::new(x as u8, (size - number) as u8)))
}

/// The GTP name of a point on a board of side `size`, or `pass`.
pub(crate) fn vertex_name(size: u32, p: Option<Point>) -> String {
    match p {
        None => "pass".to_string(),
        Some(p) => format!("{}{}", COLUMNS[p.x as usize] as char, size - u32::from(p.y)),
    }
}

/// A colour argument: `b`, `black`, `w` or `white`, any case.
pub(crate) fn parse_color(s: &str) -> Result<Color, String> {
    Color::parse(s).ok_or_else(|| format!("syntax error: invalid color: {s}"))
}

/// A number of seconds, at least 0.
pub(crate) fn parse_seconds(s: &str) -> Result<f64, String> {
    s.parse::<f64>()
        .ok()
        .filter(|t| t.is_finite() && *t >= 0.0)
        .ok_or_else(|| format!("syntax error: not a time: {s}"))
}

/// A number of stones, at least 0.
pub(crate) fn parse_stones(s: &str) -> Result<u32, String> {
    s.parse()
        .map_err(|_| format!("syntax error: not a number of stones: {s}"))
}

/// A line as GTP reads it: control characters other than tab and newline dropped, tabs made
/// spaces, and a comment (from `#`) cut off.
pub(crate) fn preprocess(line: &str) -> String {
    let line = line.split('#').next().unwrap_or("");
    line.chars()
        .filter(|&c| !c.is_control() || c == '\t' || c == '\n')
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect()
}

/// A framed reply: `=` or `?`, the id, the text, and the blank line that ends it. A text that
/// starts with a new line (a board) follows the sign directly.
pub(crate) fn frame(sign: char, id: &str, text: &str) -> String {
    // A blank line inside a reply would end it early.
    let mut text = text.trim_end().to_string();
    while text.contains("\n\n") {
        text = text.replace("\n\n", "\n");
    }
    if text.is_empty() || text.starts_with('\n') {
        format!("{sign}{id}{text}\n\n")
    } else {
        format!("{sign}{id} {text}\n\n")
    }
}
