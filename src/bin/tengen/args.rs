//! The command line: `tengen COMMAND [OPTIONS] FILES...`, its options and the help of each
//! command. A mistake here is a usage error (exit code 2), reported before anything is read.

use std::path::PathBuf;

/// A command and its options.
#[derive(Debug)]
pub struct Args {
    /// The command to run.
    pub command: Command,
    /// Files, folders and archives, in the order given.
    pub paths: Vec<PathBuf>,
    /// `--json`: one JSON document on standard output instead of lines of text.
    pub json: bool,
    /// `--threads N` / `-j N`: threads to use (0: one per core).
    pub threads: usize,
    /// `--quiet` / `-q`: no progress bar even on a terminal.
    pub quiet: bool,
    /// `score --rules PRESET`: the rules to count under instead of the record's `RU`.
    pub rules: Option<String>,
    /// `score --estimate`: propose the dead stones of a record that has none.
    pub estimate: bool,
    /// `convert -o DIR`: the output folder.
    pub output: Option<PathBuf>,
    /// `convert --in-place`: rewrite the files themselves.
    pub in_place: bool,
}

/// The commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// `tengen check`: every problem of each record.
    Check,
    /// `tengen score`: each game counted and compared with `RE`.
    Score,
    /// `tengen convert --utf8`: legacy charsets rewritten as UTF-8.
    Convert,
    /// `tengen stats`: what a collection holds.
    Stats,
}

/// What the command line asks for.
pub enum Parsed {
    /// A command to run.
    Run(Args),
    /// `--help` (of a command, or the general help): the text to print.
    Help(String),
    /// `--version`.
    Version,
}

/// `tengen --help`.
pub const GENERAL: &str = "\
tengen: checks, scores, converts and counts Go game records (SGF) of files, folders and
archives, on all cores.

Usage: tengen COMMAND [OPTIONS] FILES...

Commands:
  check     read each record strictly and leniently; list every problem with line and column
  score     count each game's final position under its rules; compare with its RE
  convert   rewrite records in legacy charsets as UTF-8 (--utf8), into a folder (-o DIR)
  stats     moves, results, rules and board sizes of a collection

FILES are SGF files, folders (read recursively: their .sgf, .zip, .tar.gz and .tgz files)
and .zip / .tar.gz / .tgz archives (their .sgf members).

Options of every command:
  --json          one JSON document on standard output (shapes in the README)
  -j, --threads N threads to use (default: one per core)
  -q, --quiet     no progress bar (it is drawn only when standard error is a terminal)
  -h, --help      the help of the command

Exit codes: 0 all is well; 1 problems found (check: a record with problems; score: a
disagreement with RE or a record that cannot be counted; convert: a record not converted;
stats: a record that cannot be read); 2 usage error (nothing was done); 3 an input could not
be read at all (missing file, unreadable file, broken archive) or an output not written.
";

const CHECK: &str = "\
Usage: tengen check [--json] [-j N] [-q] FILES...

Reads each record strictly (as Game.fromSgf does by default: the file's grammar, then each
game's replay under its rules) and leniently (what lenient reading repairs, with warnings),
and lists every problem as FILE:LINE:COLUMN: severity (reading) message. Lines and columns
count from 1; columns count bytes. Exit code 1 when a record has any problem.
";

const SCORE: &str = "\
Usage: tengen score [--rules PRESET] [--estimate] [--json] [-j N] [-q] FILES...

Replays each game's main line and counts its final position with the dead stones its last
node marks (TB/TW territory markup), under the record's rules (RU, else japanese-1989) or
--rules PRESET, and compares the count with the recorded result (RE).

  --rules PRESET  japanese-1989, chinese, aga, new-zealand, tromp-taylor, wagc, ...
  --estimate      a game that ends with a count but has no TB/TW: propose its dead stones
                  with the estimator and count with them (without it such games are not
                  counted)

A game that did not end by a count (resignation, time, no result, play not stopped) is not
counted. Exit code 1 when a count disagrees with RE or a record cannot be replayed.
";

const CONVERT: &str = "\
Usage: tengen convert --utf8 (-o DIR | --in-place) [--json] [-j N] [-q] FILES...

Rewrites records whose text is in a legacy charset (named by CA, or detected) as UTF-8:
each property value with text in that charset is written in UTF-8, CA says UTF-8, and every
other byte of the file is kept. Records already in UTF-8 are copied unchanged.

  --utf8          the conversion (the only one there is; required)
  -o, --output DIR  the output folder: a folder named keeps its layout below it, a file its
                  name, an archive's member goes below a folder named after the archive
  --in-place      rewrite the files themselves (never done without it; not for archives)

Each result is read back and must give the same game trees as the original, else the
record is not written. Exit code 1 when a record could not be converted.
";

const STATS: &str = "\
Usage: tengen stats [--json] [-j N] [-q] FILES...

Counts the records of a collection: games, board sizes, rules (RU), results (RE) and
the number of moves of each game's main line (min, median, mean, max, and a histogram by
steps of 50). Records are read leniently. Exit code 1 when a record cannot be read.
";

fn help(command: Option<Command>) -> String {
    match command {
        None => GENERAL,
        Some(Command::Check) => CHECK,
        Some(Command::Score) => SCORE,
        Some(Command::Convert) => CONVERT,
        Some(Command::Stats) => STATS,
    }
    .to_string()
}

/// Parses the arguments after the program's name.
pub fn parse(args: &[String]) -> Result<Parsed, String> {
    let Some(first) = args.first() else {
        return Ok(Parsed::Help(help(None)));
    };
    let command = match first.as_str() {
        "check" => Command::Check,
        "score" => Command::Score,
        "convert" => Command::Convert,
        "stats" => Command::Stats,
        "-h" | "--help" | "help" => {
            let sub = args.get(1).and_then(|s| command_named(s));
            return Ok(Parsed::Help(help(sub)));
        }
        "-V" | "--version" => return Ok(Parsed::Version),
        other => {
            return Err(format!(
                "unknown command '{other}' (check, score, convert, stats)"
            ))
        }
    };
    let mut a = Args {
        command,
        paths: Vec::new(),
        json: false,
        threads: 0,
        quiet: false,
        rules: None,
        estimate: false,
        output: None,
        in_place: false,
    };
    let mut utf8 = false;
    let mut rest = args[1..].iter();
    let mut only_paths = false;
    while let Some(arg) = rest.next() {
        if only_paths || !arg.starts_with('-') || arg == "-" {
            a.paths.push(PathBuf::from(arg));
            continue;
        }
        // `--name=value` is `--name value`.
        let (name, inline) = match arg.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n, Some(v.to_string())),
            _ => (arg.as_str(), None),
        };
        let mut value = |what: &str| -> Result<String, String> {
            inline
                .clone()
                .or_else(|| rest.next().cloned())
                .ok_or_else(|| format!("{name} needs {what}"))
        };
        let allowed = |ok: bool| {
            if ok {
                Ok(())
            } else {
                Err(format!(
                    "{name} is not an option of this command (see --help)"
                ))
            }
        };
        match name {
            "--" => only_paths = true,
            "-h" | "--help" => return Ok(Parsed::Help(help(Some(command)))),
            "--json" => a.json = true,
            "-q" | "--quiet" => a.quiet = true,
            "-j" | "--threads" => {
                let v = value("a number of threads")?;
                a.threads = v
                    .parse()
                    .ok()
                    .filter(|&n: &usize| (1..=1024).contains(&n))
                    .ok_or_else(|| {
                        format!("{name} must be a whole number from 1 to 1024, not '{v}'")
                    })?;
            }
            "--rules" => {
                allowed(command == Command::Score)?;
                let v = value("a preset")?;
                if tengen::Rules::preset(&v).is_err() {
                    let names: Vec<&str> = tengen::rules::PRESETS.iter().map(|p| p.name).collect();
                    return Err(format!(
                        "unknown rules '{v}' (presets: {})",
                        names.join(", ")
                    ));
                }
                a.rules = Some(v);
            }
            "--estimate" => {
                allowed(command == Command::Score)?;
                a.estimate = true;
            }
            "--utf8" => {
                allowed(command == Command::Convert)?;
                utf8 = true;
            }
            "-o" | "--output" => {
                allowed(command == Command::Convert)?;
                a.output = Some(PathBuf::from(value("a folder")?));
            }
            "--in-place" => {
                allowed(command == Command::Convert)?;
                a.in_place = true;
            }
            _ => {
                return Err(format!(
                    "unknown option '{arg}' (see tengen {} --help)",
                    name_of(command)
                ))
            }
        }
    }
    if a.paths.is_empty() {
        return Err(format!(
            "no files given (see tengen {} --help)",
            name_of(command)
        ));
    }
    if command == Command::Convert {
        if !utf8 {
            return Err("convert needs --utf8 (the conversion to make)".to_string());
        }
        match (&a.output, a.in_place) {
            (None, false) => {
                return Err("convert needs an output folder (-o DIR), or --in-place".to_string())
            }
            (Some(_), true) => return Err("-o and --in-place exclude each other".to_string()),
            _ => {}
        }
    }
    Ok(Parsed::Run(a))
}

fn command_named(s: &str) -> Option<Command> {
    match s {
        "check" => Some(Command::Check),
        "score" => Some(Command::Score),
        "convert" => Some(Command::Convert),
        "stats" => Some(Command::Stats),
        _ => None,
    }
}

/// The command's name as typed.
pub fn name_of(c: Command) -> &'static str {
    match c {
        Command::Check => "check",
        Command::Score => "score",
        Command::Convert => "convert",
        Command::Stats => "stats",
    }
}
