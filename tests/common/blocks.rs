//! The case files of the diagram tests (`tests/estimate/positions.txt`,
//! `tests/player/positions.txt`): `=== title` blocks of `key: value` lines and diagrams, a line
//! `name:` followed by rows indented by two spaces. Lines outside blocks are comments.

/// One case of a case file.
pub struct Block {
    /// The text after `=== `.
    pub title: String,
    /// The `key: value` lines, in order.
    pub fields: Vec<(String, String)>,
    /// The diagrams: their name and rows, in order.
    pub diagrams: Vec<(String, Vec<String>)>,
}

impl Block {
    /// The value of the field `key`; a missing field fails the test, naming the case.
    pub fn field(&self, key: &str) -> &str {
        self.fields
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
            .unwrap_or_else(|| panic!("{}: no `{key}:`", self.title))
    }

    /// The rows of the diagram `name`; a missing diagram fails the test, naming the case.
    pub fn diagram(&self, name: &str) -> &[String] {
        self.diagrams
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, rows)| rows.as_slice())
            .unwrap_or_else(|| panic!("{}: no `{name}:` diagram", self.title))
    }
}

/// The blocks of a case file.
pub fn blocks(text: &str) -> Vec<Block> {
    let mut out: Vec<Block> = Vec::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        if let Some(title) = line.strip_prefix("=== ") {
            out.push(Block {
                title: title.to_string(),
                fields: Vec::new(),
                diagrams: Vec::new(),
            });
            continue;
        }
        let Some(block) = out.last_mut() else {
            continue;
        };
        let Some((key, value)) = line.split_once(':') else {
            continue;
        };
        if value.trim().is_empty() {
            let mut rows = Vec::new();
            while let Some(r) = lines.peek().and_then(|r| r.strip_prefix("  ")) {
                rows.push(r.to_string());
                lines.next();
            }
            block.diagrams.push((key.to_string(), rows));
        } else {
            block
                .fields
                .push((key.to_string(), value.trim().to_string()));
        }
    }
    out
}
