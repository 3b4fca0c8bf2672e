//! What a command hands back for printing: its text, its JSON document and what decides the
//! exit code; and the position of a byte offset as a line and a column.

use crate::json::Json;

/// The outcome of a command over all its inputs.
pub struct Report {
    /// Lines of text for people (printed without `--json`).
    pub text: String,
    /// The document printed with `--json`.
    pub json: Json,
    /// Something the command looks for was found (exit code 1).
    pub problems: bool,
    /// An input could not be read or an output written (exit code 3).
    pub io_errors: bool,
}

/// The exit codes (documented in `--help` and the README; scripts rely on them).
pub mod exit {
    /// Everything was read and nothing was found.
    pub const OK: i32 = 0;
    /// Problems (check), disagreements or uncountable records (score), records not converted
    /// (convert), unreadable records (stats).
    pub const PROBLEMS: i32 = 1;
    /// The command line is wrong; nothing was done.
    pub const USAGE: i32 = 2;
    /// An input could not be read at all or an output not written.
    pub const IO: i32 = 3;
}

impl Report {
    /// The report of a command that lists its records: the JSON document is `{ command,
    /// <list_key>: list, summary: { files, <counts>... } }` (the shapes the README documents).
    pub fn listing(
        command: &str,
        text: String,
        (list_key, list): (&'static str, Vec<Json>),
        files: usize,
        counts: &[(&'static str, usize)],
        problems: bool,
        io_errors: bool,
    ) -> Report {
        let mut summary = vec![("files", Json::count(files))];
        summary.extend(counts.iter().map(|&(k, n)| (k, Json::count(n))));
        Report {
            text,
            json: Json::obj(vec![
                ("command", Json::Str(command.into())),
                (list_key, Json::Arr(list)),
                ("summary", Json::obj(summary)),
            ]),
            problems,
            io_errors,
        }
    }

    /// The exit code: an I/O error first, then problems.
    pub fn exit_code(&self) -> i32 {
        if self.io_errors {
            exit::IO
        } else if self.problems {
            exit::PROBLEMS
        } else {
            exit::OK
        }
    }
}

/// An error's message, with the line and column of an `sgf` error's offset in `bytes`.
pub fn error_text(bytes: &[u8], e: &tengen::Error) -> String {
    match e {
        tengen::Error::Sgf { offset, message } => {
            let (l, c) = line_col(bytes, *offset);
            format!("{l}:{c}: {message}")
        }
        _ => e.message().into_owned(),
    }
}

/// The line and column (both from 1; the column counts bytes) of a byte offset in `bytes`.
pub fn line_col(bytes: &[u8], offset: usize) -> (usize, usize) {
    let before = &bytes[..offset.min(bytes.len())];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    (line, before.len() - start + 1)
}

#[cfg(test)]
mod tests {
    use super::line_col;

    #[test]
    fn lines_and_columns_count_from_one() {
        let text = b"(;GM[1]\n;B[aa]\n\n;W[bb])";
        for (offset, expected) in [
            (0, (1, 1)),
            (3, (1, 4)),
            (8, (2, 1)),
            (10, (2, 3)),
            (16, (4, 1)),
        ] {
            assert_eq!(line_col(text, offset), expected, "offset {offset}");
        }
        // Past the end: the end.
        assert_eq!(line_col(b"ab", 99), (1, 3));
    }
}
