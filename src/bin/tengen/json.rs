//! JSON output (`--json`): a small writer of values, enough for the documents the commands print.
//! Keys keep the order they are added in, so the output is stable for scripts and tests.

use std::fmt::Write;

/// A JSON value.
#[derive(Clone, Debug)]
pub enum Json {
    /// `null`: a field with no value (a count not made, a line not known).
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A number with a fractional part (komi, margins); written as Rust formats it, which is
    /// valid JSON for finite values (non-finite ones are written as `null`).
    Num(f64),
    /// A string, escaped when written.
    Str(String),
    /// An array.
    Arr(Vec<Json>),
    /// An object: its fields in the order written.
    Obj(Vec<(&'static str, Json)>),
}

impl Json {
    /// An object from its fields.
    pub fn obj(fields: Vec<(&'static str, Json)>) -> Json {
        Json::Obj(fields)
    }

    /// A string, or `null` for `None`.
    pub fn opt_str(s: Option<&str>) -> Json {
        s.map_or(Json::Null, |s| Json::Str(s.to_string()))
    }

    /// A count (as an integer).
    pub fn count(n: usize) -> Json {
        Json::Int(i64::try_from(n).unwrap_or(i64::MAX))
    }

    /// The value written compactly, on one line.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        self.write(&mut out);
        out
    }

    fn write(&self, out: &mut String) {
        match self {
            Json::Null => out.push_str("null"),
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Json::Int(n) => {
                let _ = write!(out, "{n}");
            }
            Json::Num(x) if x.is_finite() => {
                let _ = write!(out, "{x}");
            }
            Json::Num(_) => out.push_str("null"),
            Json::Str(s) => string(s, out),
            Json::Arr(items) => {
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    v.write(out);
                }
                out.push(']');
            }
            Json::Obj(fields) => {
                out.push('{');
                for (i, (k, v)) in fields.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    string(k, out);
                    out.push(':');
                    v.write(out);
                }
                out.push('}');
            }
        }
    }
}

/// A JSON string: quotes, backslashes and control characters escaped (RFC 8259, section 7).
fn string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// A histogram (name, count) as an object, for the maps of `stats`.
pub fn histogram(entries: &[(String, usize)]) -> Json {
    // Object keys must be static in `Json::Obj`: histograms have keys from the data, so they
    // are written as arrays of pairs' objects instead.
    Json::Arr(
        entries
            .iter()
            .map(|(k, n)| {
                Json::obj(vec![
                    ("value", Json::Str(k.clone())),
                    ("count", Json::count(*n)),
                ])
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::Json;

    #[test]
    fn values_are_written_as_json() {
        let v = Json::obj(vec![
            ("s", Json::Str("a \"q\" \\ \n\t\u{1} 表".into())),
            ("n", Json::Num(-2.5)),
            ("i", Json::Int(7)),
            ("nan", Json::Num(f64::NAN)),
            (
                "a",
                Json::Arr(vec![Json::Null, Json::Bool(true), Json::Bool(false)]),
            ),
        ]);
        assert_eq!(
            v.to_text(),
            r#"{"s":"a \"q\" \\ \n\t\u0001 表","n":-2.5,"i":7,"nan":null,"a":[null,true,false]}"#
        );
    }
}
