//! GTP conformance of `tengen-gtp`: the built binary is driven through the scripted session of
//! `tests/gtp/session.txt`, every reply checked, plus the framing seen on the raw byte stream.
//!
//! The session's format, one item a line:
//! * `# ...` and blank lines: comments.
//! * `!engine ARGS`: (re)start the engine with these command-line arguments.
//! * `> COMMAND`: a command sent as written (`\r` and `\t` stand for a carriage return and a
//!   tab; `$name` for a value kept earlier). The lines that follow, up to the next item, are the
//!   reply expected, without the blank line that ends it:
//!   * the exact text (`= B+7`, `?3 unknown command`, several lines for a board);
//!   * `=*` or `?*`: any success or failure;
//!   * `=@name`: a success whose text is a vertex (not `pass` nor `resign`), kept as `$name`;
//!   * a text ending in `...`: a reply that starts with the text before it;
//!   * `(none)`: no reply at all (a comment or an empty line sent).
//!
//! If no reply is given, none is expected.

#![cfg(feature = "player")]

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

const ENGINE: &str = env!("CARGO_BIN_EXE_tengen-gtp");

/// A running engine.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Engine {
    fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(ENGINE)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the engine starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Engine {
            child,
            stdin,
            stdout,
        }
    }

    fn send(&mut self, line: &str) {
        self.stdin.write_all(line.as_bytes()).unwrap();
        self.stdin.write_all(b"\n").unwrap();
        self.stdin.flush().unwrap();
    }

    /// One reply: its lines up to the blank line that ends it.
    fn reply(&mut self) -> String {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            let n = self.stdout.read_line(&mut line).unwrap();
            assert!(n > 0, "the engine closed its output; got so far {lines:?}");
            assert!(line.ends_with('\n'), "a line without end: {line:?}");
            let line = line.trim_end_matches('\n');
            assert!(!line.contains('\r'), "a carriage return in {line:?}");
            if line.is_empty() {
                break;
            }
            lines.push(line.to_string());
        }
        lines.join("\n")
    }

    /// Sends `quit` and waits for the end.
    fn quit(mut self) {
        self.send("quit");
        assert_eq!(self.reply(), "=");
        let mut rest = String::new();
        self.stdout.read_to_string(&mut rest).unwrap();
        assert_eq!(rest, "", "output after quit");
        assert!(self.child.wait().unwrap().success());
    }
}

/// `$name` replaced by its value.
fn substitute(s: &str, vars: &HashMap<String, String>) -> String {
    let mut out = s.to_string();
    let mut names: Vec<&String> = vars.keys().collect();
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    for name in names {
        out = out.replace(&format!("${name}"), &vars[name]);
    }
    out
}

/// Whether `s` is a GTP vertex (a letter other than I, then a number).
fn is_vertex(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_uppercase() && c != 'I')
        && !chars.as_str().is_empty()
        && chars.all(|c| c.is_ascii_digit())
}

/// One exchange of the session.
struct Exchange {
    line: usize,
    command: String,
    expected: Vec<String>,
}

/// An item of the session.
enum Item {
    Start(Vec<String>),
    Send(Exchange),
}

fn parse_session(text: &str) -> Vec<Item> {
    let mut items = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim_end();
        if let Some(args) = line.strip_prefix("!engine") {
            items.push(Item::Start(
                args.split_whitespace().map(String::from).collect(),
            ));
        } else if let Some(command) = line.strip_prefix("> ") {
            let command = command.replace("\\r", "\r").replace("\\t", "\t");
            items.push(Item::Send(Exchange {
                line: i + 1,
                command,
                expected: Vec::new(),
            }));
        } else if line.is_empty() || line.starts_with('#') {
            continue;
        } else if let Some(Item::Send(e)) = items.last_mut() {
            e.expected.push(line.to_string());
        } else {
            panic!("session line {}: a reply without a command: {line}", i + 1);
        }
    }
    items
}

#[test]
fn scripted_session() {
    let text = include_str!("gtp/session.txt");
    let mut vars = HashMap::new();
    vars.insert("version".to_string(), env!("CARGO_PKG_VERSION").to_string());
    let mut engine: Option<Engine> = None;
    let mut checked = 0;
    for item in parse_session(text) {
        match item {
            Item::Start(args) => {
                if let Some(e) = engine.take() {
                    e.quit();
                }
                let args: Vec<&str> = args.iter().map(String::as_str).collect();
                engine = Some(Engine::start(&args));
            }
            Item::Send(x) => {
                let e = engine.as_mut().expect("!engine before the first command");
                e.send(&substitute(&x.command, &vars));
                let expected = substitute(&x.expected.join("\n"), &vars);
                if expected == "(none)" || expected.is_empty() {
                    continue;
                }
                let got = e.reply();
                let at = format!("session line {}: {:?}", x.line, x.command);
                if expected == "=*" {
                    assert!(got.starts_with('='), "{at}: expected success, got {got:?}");
                } else if expected == "?*" {
                    assert!(got.starts_with('?'), "{at}: expected failure, got {got:?}");
                } else if let Some(name) = expected.strip_prefix("=@") {
                    let v = got.strip_prefix("= ").unwrap_or("");
                    assert!(is_vertex(v), "{at}: expected a vertex, got {got:?}");
                    vars.insert(name.to_string(), v.to_string());
                } else if let Some(start) = expected.strip_suffix("...") {
                    assert!(
                        got.starts_with(start),
                        "{at}: expected {expected:?}, got {got:?}"
                    );
                } else {
                    assert_eq!(got, expected, "{at}");
                }
                checked += 1;
            }
        }
    }
    if let Some(e) = engine.take() {
        e.quit();
    }
    assert!(checked > 100, "only {checked} replies checked");
}

/// The raw stream: every reply ends with exactly one blank line, nothing is written for
/// comments and empty lines, and the end of input ends the engine without `quit`.
#[test]
fn raw_framing_and_end_of_input() {
    let mut child = Command::new(ENGINE)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(b"# hello\n\n   \n1 name\r\nboardsize 3\n\x01protocol_version\nplay b b2 # centre\n9 undo\n10 undo\n")
        .unwrap();
    drop(stdin);
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    assert_eq!(
        out,
        "=1 tengen\n\n=\n\n= 2\n\n=\n\n=9\n\n?10 cannot undo\n\n"
    );
    assert!(child.wait().unwrap().success());
}

/// Garbage never kills the engine: every line gets a reply and the engine still plays.
#[test]
fn hostile_input_gets_replies() {
    let mut e = Engine::start(&["--playouts", "50"]);
    let lines = [
        "play",
        "play b",
        "play b a1 a2",
        "play purple a1",
        "play b I1",
        "play b a99999999999999999999",
        "play b \u{e9}5",
        "boardsize -3",
        "boardsize 99999999999999999999",
        "boardsize 1",
        "komi nan",
        "komi inf",
        "komi 1e300",
        "komi 0.3",
        "time_settings -1 0 0",
        "time_left b x 0",
        "time_left x 1 0",
        "kgs-time_settings byoyomi",
        "final_status_list",
        "genmove",
        "genmove x",
        "fixed_handicap 1",
        "fixed_handicap 10",
        "tengen-playouts 99999999",
        "tengen-rules",
        "known_command",
        "\u{feff}name",
    ];
    for line in lines {
        e.send(line);
        let reply = e.reply();
        assert!(reply.starts_with('?'), "{line:?} got {reply:?}");
    }
    e.send("boardsize 5");
    assert_eq!(e.reply(), "=");
    e.send("genmove b");
    let reply = e.reply();
    assert!(is_vertex(reply.trim_start_matches("= ")), "{reply:?}");
    e.quit();
}

#[test]
fn threads_play_legal_moves_and_root_parallel_ones_repeat_for_a_seed() {
    // Root-parallel searchers, their trees kept between moves (and, with --no-reuse, not): legal
    // moves through a short game, the same ones for the same seed and playouts.
    let script = [
        "boardsize 7",
        "clear_board",
        "genmove b",
        "play w D4",
        "genmove b",
        "genmove w",
        "undo",
        "genmove w",
        "genmove b",
    ];
    let game = |args: &[&str], script: &[&str]| -> Vec<String> {
        let mut e = Engine::start(args);
        let mut out = Vec::new();
        for &line in script {
            e.send(line);
            let reply = e.reply();
            assert!(reply.starts_with('='), "{line:?} got {reply:?}");
            if line.starts_with("genmove") {
                let v = reply.trim_start_matches("= ");
                assert!(is_vertex(v) || v == "pass", "{line:?} got {reply:?}");
                out.push(v.to_string());
            }
        }
        e.quit();
        out
    };
    for args in [
        &[
            "--threads",
            "2",
            "--root-parallel",
            "--playouts",
            "300",
            "--seed",
            "4",
        ][..],
        &[
            "--threads",
            "3",
            "--root-parallel",
            "--playouts",
            "200",
            "--no-reuse",
        ][..],
    ] {
        assert_eq!(game(args, &script), game(args, &script), "{args:?}");
    }
    // Threads on one tree: legal moves (the order of the threads' turns varies, so the moves
    // may too, and no move of the script may depend on them), with the tree kept and without.
    let own = [
        "boardsize 7",
        "clear_board",
        "genmove b",
        "genmove w",
        "genmove b",
        "undo",
        "genmove b",
        "genmove w",
    ];
    for args in [
        &["--threads", "2", "--playouts", "300"][..],
        &["--threads", "3", "--time-ms", "50", "--no-reuse"][..],
    ] {
        assert_eq!(game(args, &own).len(), 5, "{args:?}");
    }
    for bad in ["0", "65", "x"] {
        let out = Command::new(ENGINE)
            .args(["--threads", bad])
            .output()
            .expect("the engine runs");
        assert!(!out.status.success(), "--threads {bad} is refused");
    }
}
