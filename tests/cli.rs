//! The `tengen` command line, run as a program (the binary Cargo builds for these tests): every
//! command on the small records of `tests/cli/` (good, disagreeing, resigned, broken, not SGF),
//! archives made here (zip, tar.gz, and broken ones), the exit codes, the `--json` shapes, the
//! conversion of the charset records to UTF-8, and, where `../shared/corpus` is present, `score`
//! and `check` over its 973 records giving what the corpus tests (`tests/sgf_corpus.rs`,
//! `tests/corpus_scored.rs`) expect.
#![cfg(feature = "cli")]

#[path = "common/json.rs"]
#[allow(dead_code)]
mod json;

use json::Value;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_tengen");

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn records() -> PathBuf {
    root().join("tests/cli/records")
}

/// Runs `tengen ARGS`: its exit code, standard output and standard error.
fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(BIN)
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.code().expect("an exit code, not a signal"),
        String::from_utf8(out.stdout).expect("UTF-8 output"),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs `tengen ARGS --json`: the exit code and the document.
fn run_json(args: &[&str]) -> (i32, Value) {
    let mut all = args.to_vec();
    all.push("--json");
    let (code, out, err) = run(&all);
    assert_eq!(out.lines().count(), 1, "one line of JSON: {out}{err}");
    (
        code,
        json::parse(&out).unwrap_or_else(|e| panic!("{e}: {out}")),
    )
}

/// A fresh empty folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tengen-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn s(v: &Value, key: &str) -> String {
    v.get(key)
        .and_then(Value::as_str)
        .unwrap_or_else(|| panic!("{key} in {v:?}"))
        .to_string()
}

fn n(v: &Value, key: &str) -> f64 {
    v.get(key)
        .and_then(Value::as_f64)
        .unwrap_or_else(|| panic!("{key} in {v:?}"))
}

fn arr<'a>(v: &'a Value, key: &str) -> &'a [Value] {
    v.get(key)
        .and_then(Value::as_array)
        .unwrap_or_else(|| panic!("{key} in {v:?}"))
}

/// The keys of an object, in order.
fn keys(v: &Value) -> Vec<&str> {
    match v {
        Value::Object(fields) => fields.iter().map(|(k, _)| k.as_str()).collect(),
        other => panic!("not an object: {other:?}"),
    }
}

fn file_name(v: &Value) -> String {
    let f = s(v, "file");
    f.rsplit(['/', '\\', ':']).next().unwrap().to_string()
}

#[test]
fn usage_errors_exit_2_and_help_exits_0() {
    for (args, said) in [
        (&["frobnicate", "x.sgf"][..], "unknown command"),
        (&["check"][..], "no files"),
        (&["check", "--bogus", "x.sgf"][..], "unknown option"),
        (
            &["score", "--rules", "klingon", "x.sgf"][..],
            "unknown rules",
        ),
        (
            &["check", "--rules", "chinese", "x.sgf"][..],
            "not an option of this command",
        ),
        (&["convert", "x.sgf", "-o", "out"][..], "needs --utf8"),
        (&["convert", "--utf8", "x.sgf"][..], "output folder"),
        (
            &["convert", "--utf8", "--in-place", "-o", "o", "x.sgf"][..],
            "exclude each other",
        ),
        (&["stats", "-j", "0", "x.sgf"][..], "from 1 to 1024"),
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: nothing done");
        assert!(err.contains(said), "{args:?}: {err}");
    }
    for (command, usage) in [
        ("check", "Usage: tengen check"),
        ("score", "Usage: tengen score"),
        ("convert", "Usage: tengen convert"),
        ("stats", "Usage: tengen stats"),
    ] {
        let (code, out, _) = run(&[command, "--help"]);
        assert_eq!(code, 0);
        assert!(out.contains(usage), "{out}");
    }
    let (code, out, _) = run(&["--help"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("Exit codes") && out.contains("convert"),
        "{out}"
    );
}

#[test]
fn check_lists_every_problem_with_line_and_column() {
    let dir = records();
    let (code, out, _) = run(&["check", dir.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    let line = |file: &str, at: &str, text: &str| {
        let p = format!("{}:{at}: ", dir.join(file).display());
        assert!(
            out.lines().any(|l| l.starts_with(&p) && l.contains(text)),
            "no '{p}... {text}' in\n{out}"
        );
    };
    line(
        "broken.sgf",
        "5:1",
        "error (strict): the input ends inside a game tree",
    );
    line(
        "unclosed.sgf",
        "3:8",
        "error (strict): a property value has no closing ']'",
    );
    line(
        "illegal.sgf",
        "4:1",
        "error (strict): move 3 (black at cc) is illegal: occupied",
    );
    line(
        "illegal.sgf",
        "4:1",
        "warning (lenient): move 3 (black at cc) is illegal",
    );
    line("not-sgf.sgf", "2:1", "error (strict): no game tree");
    assert!(
        out.ends_with("check: 8 files: 4 without problems, 4 with problems, 0 unreadable\n"),
        "{out}"
    );

    let (code, doc) = run_json(&["check", dir.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert_eq!(keys(&doc), ["command", "files", "summary"]);
    assert_eq!(s(&doc, "command"), "check");
    let summary = doc.get("summary").unwrap();
    assert_eq!(
        keys(summary),
        ["files", "ok", "with_problems", "unreadable"]
    );
    assert_eq!(
        (
            n(summary, "files"),
            n(summary, "ok"),
            n(summary, "with_problems")
        ),
        (8.0, 4.0, 4.0)
    );
    for f in arr(&doc, "files") {
        assert_eq!(keys(f), ["file", "status", "games", "strict", "problems"]);
        let name = file_name(f);
        let bad =
            ["broken.sgf", "unclosed.sgf", "illegal.sgf", "not-sgf.sgf"].contains(&name.as_str());
        assert_eq!(
            s(f, "status"),
            if bad { "problems" } else { "ok" },
            "{name}"
        );
        assert_eq!(f.get("strict"), Some(&Value::Bool(!bad)), "{name}");
        for p in arr(f, "problems") {
            assert_eq!(
                keys(p),
                ["severity", "reading", "game", "line", "column", "offset", "code", "message"]
            );
        }
        if name == "illegal.sgf" {
            let p = &arr(f, "problems")[0];
            assert_eq!(
                (s(p, "severity"), s(p, "code")),
                ("error".into(), "illegalMove".into())
            );
            assert_eq!(
                (n(p, "line"), n(p, "column"), n(p, "offset")),
                (4.0, 1.0, 32.0)
            );
        }
    }
}

#[test]
fn a_missing_input_is_reported_and_the_others_still_read() {
    let good = records().join("agrees.sgf");
    let (code, out, _) = run(&["check", "/no/such/file.sgf", good.to_str().unwrap()]);
    assert_eq!(code, 3, "{out}");
    assert!(out.contains("/no/such/file.sgf: cannot read"), "{out}");
    assert!(
        out.contains("1 without problems, 0 with problems, 1 unreadable"),
        "{out}"
    );
}

#[test]
fn score_compares_each_count_with_re() {
    let dir = records();
    let (code, doc) = run_json(&["score", dir.to_str().unwrap()]);
    assert_eq!(
        code, 1,
        "a disagreement and records that cannot be replayed"
    );
    assert_eq!(keys(&doc), ["command", "games", "summary"]);
    let status = |doc: &Value, file: &str| {
        let g = arr(doc, "games")
            .iter()
            .find(|g| file_name(g) == file)
            .unwrap_or_else(|| panic!("{file}"))
            .clone();
        (s(&g, "status"), g)
    };
    let (st, g) = status(&doc, "agrees.sgf");
    assert_eq!(st, "agrees");
    assert_eq!(
        keys(&g),
        [
            "file",
            "game",
            "status",
            "reason",
            "rules",
            "komi",
            "dead_from",
            "dead",
            "score",
            "recorded"
        ]
    );
    assert_eq!(
        (
            s(&g, "rules"),
            n(&g, "komi"),
            s(&g, "dead_from"),
            n(&g, "dead")
        ),
        ("Japanese".into(), 0.5, "recorded".into(), 1.0)
    );
    let score = g.get("score").unwrap();
    assert_eq!(keys(score), ["result", "margin", "black", "white"]);
    assert_eq!(
        (s(score, "result"), n(score, "margin")),
        ("B+5.5".into(), 5.5)
    );
    assert_eq!(s(&g, "recorded"), "B+5.5");
    let (st, g) = status(&doc, "disagrees.sgf");
    assert_eq!(
        (st.as_str(), s(g.get("score").unwrap(), "result").as_str()),
        ("disagrees", "B+4.5")
    );
    assert_eq!(status(&doc, "resigned.sgf").0, "not-counted");
    let (st, g) = status(&doc, "no-markup.sgf");
    assert_eq!(st, "not-counted");
    assert!(s(&g, "reason").contains("--estimate"), "{g:?}");
    for bad in ["broken.sgf", "unclosed.sgf", "illegal.sgf", "not-sgf.sgf"] {
        assert_eq!(status(&doc, bad).0, "error", "{bad}");
    }
    let summary = doc.get("summary").unwrap();
    assert_eq!(
        keys(summary),
        [
            "files",
            "agrees",
            "disagrees",
            "counted",
            "not_counted",
            "errors",
            "unreadable"
        ]
    );
    assert_eq!(
        (
            n(summary, "agrees"),
            n(summary, "disagrees"),
            n(summary, "errors")
        ),
        (1.0, 1.0, 4.0)
    );

    // --estimate: the dead white stone of the record without TB/TW is proposed, and the count
    // agrees with its RE.
    let (_, doc) = run_json(&["score", "--estimate", dir.to_str().unwrap()]);
    let (st, g) = status(&doc, "no-markup.sgf");
    assert_eq!(
        (st.as_str(), s(&g, "dead_from").as_str(), n(&g, "dead")),
        ("agrees", "estimated", 1.0)
    );
    // --rules: the same position counted by area makes the recorded B+5.5 a disagreement.
    let (_, doc) = run_json(&[
        "score",
        "--rules",
        "chinese",
        dir.join("agrees.sgf").to_str().unwrap(),
    ]);
    let (st, g) = status(&doc, "agrees.sgf");
    assert_eq!(
        (st.as_str(), s(&g, "rules").as_str()),
        ("disagrees", "Chinese")
    );
    // Only good records: exit 0.
    let (code, _, _) = run(&[
        "score",
        dir.join("agrees.sgf").to_str().unwrap(),
        dir.join("resigned.sgf").to_str().unwrap(),
    ]);
    assert_eq!(code, 0);
}

/// A zip archive of `members` (name, bytes), stored.
fn make_zip(path: &Path, members: &[(&str, &[u8])]) {
    let mut z = zip::ZipWriter::new(std::fs::File::create(path).unwrap());
    for (name, bytes) in members {
        let o = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Stored);
        z.start_file(*name, o).unwrap();
        z.write_all(bytes).unwrap();
    }
    z.finish().unwrap();
}

/// A gzip-compressed tar archive of `members`.
fn make_tar_gz(path: &Path, members: &[(&str, &[u8])]) {
    let gz = flate2::write::GzEncoder::new(
        std::fs::File::create(path).unwrap(),
        flate2::Compression::default(),
    );
    let mut t = tar::Builder::new(gz);
    for (name, bytes) in members {
        let mut h = tar::Header::new_gnu();
        h.set_size(bytes.len() as u64);
        h.set_mode(0o644);
        h.set_cksum();
        t.append_data(&mut h, name, *bytes).unwrap();
    }
    t.into_inner().unwrap().finish().unwrap();
}

#[test]
fn archives_are_read_member_by_member_and_broken_ones_reported() {
    let dir = scratch("archives");
    let agrees = std::fs::read(records().join("agrees.sgf")).unwrap();
    let illegal = std::fs::read(records().join("illegal.sgf")).unwrap();
    let members: &[(&str, &[u8])] = &[
        ("games/agrees.sgf", &agrees),
        ("games/readme.txt", b"not a record: skipped"),
        ("games/deep/illegal.SGF", &illegal),
    ];
    make_zip(&dir.join("set.zip"), members);
    make_tar_gz(&dir.join("set.tar.gz"), members);
    let (code, doc) = run_json(&["score", dir.to_str().unwrap()]);
    assert_eq!(code, 1, "{doc:?}");
    let got: Vec<(String, String)> = arr(&doc, "games")
        .iter()
        .map(|g| {
            let f = s(g, "file");
            (
                f[dir.to_str().unwrap().len() + 1..].to_string(),
                s(g, "status"),
            )
        })
        .collect();
    let want = [
        ("set.tar.gz:games/agrees.sgf", "agrees"),
        ("set.tar.gz:games/deep/illegal.SGF", "error"),
        ("set.zip:games/agrees.sgf", "agrees"),
        ("set.zip:games/deep/illegal.SGF", "error"),
    ];
    assert_eq!(got, want.map(|(a, b)| (a.to_string(), b.to_string())));

    // Broken archives: reported (exit 3), the good one still read.
    std::fs::write(dir.join("junk.zip"), b"PK\x03\x04 not really a zip").unwrap();
    let whole = std::fs::read(dir.join("set.tar.gz")).unwrap();
    std::fs::write(dir.join("cut.tgz"), &whole[..whole.len() / 2]).unwrap();
    let (code, out, _) = run(&["check", dir.to_str().unwrap()]);
    assert_eq!(code, 3, "{out}");
    assert!(
        out.contains("junk.zip: cannot read: broken archive"),
        "{out}"
    );
    assert!(
        out.lines()
            .any(|l| l.contains("cut.tgz") && l.contains("cannot read: broken archive")),
        "{out}"
    );
    assert!(
        out.contains("set.zip:games/deep/illegal.SGF:4:1: error (strict)"),
        "{out}"
    );
    // An archive's members are never converted in place.
    let (code, out, _) = run(&[
        "convert",
        "--utf8",
        "--in-place",
        dir.join("set.zip").to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(
            "set.zip:games/agrees.sgf: error: an archive's member is not converted in place"
        ),
        "{out}"
    );
}

#[test]
fn threads_change_nothing_in_the_output() {
    let dir = records();
    let one = run(&["score", "-j", "1", "--estimate", dir.to_str().unwrap()]);
    let two = run(&[
        "score",
        "--threads",
        "2",
        "--estimate",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(one, two);
    // No progress bar when standard error is not a terminal.
    assert!(one.2.is_empty(), "{}", one.2);
}

#[test]
fn stats_counts_sizes_rules_results_and_moves() {
    let dir = records();
    let (code, doc) = run_json(&["stats", dir.to_str().unwrap()]);
    assert_eq!(code, 1, "two records cannot be read at all");
    assert_eq!(
        keys(&doc),
        [
            "command",
            "files",
            "games",
            "unreadable",
            "not_sgf",
            "sizes",
            "rules",
            "results",
            "moves"
        ]
    );
    assert_eq!(
        (n(&doc, "files"), n(&doc, "games"), n(&doc, "not_sgf")),
        (8.0, 6.0, 2.0)
    );
    let hist = |key: &str| -> Vec<(String, f64)> {
        arr(&doc, key)
            .iter()
            .map(|e| (s(e, "value"), n(e, "count")))
            .collect()
    };
    let pairs = |v: &[(&str, f64)]| -> Vec<(String, f64)> {
        v.iter().map(|(k, c)| (k.to_string(), *c)).collect()
    };
    assert_eq!(hist("sizes"), pairs(&[("5x5", 3.0), ("9x9", 3.0)]));
    assert_eq!(
        hist("rules"),
        pairs(&[("none", 3.0), ("japanese-1989", 2.0), ("chinese", 1.0)])
    );
    assert_eq!(
        hist("results"),
        pairs(&[
            ("B+score", 2.0),
            ("none", 2.0),
            ("W+resign", 1.0),
            ("W+score", 1.0)
        ])
    );
    let m = doc.get("moves").unwrap();
    assert_eq!(
        keys(m),
        ["min", "median", "mean", "max", "total", "histogram"]
    );
    // 2 passes in each 5x5 record; 3 moves in resigned, broken and illegal.
    assert_eq!((n(m, "min"), n(m, "max"), n(m, "total")), (2.0, 3.0, 15.0));
}

/// The records of `dir`, by name.
fn listing(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn convert_writes_utf8_that_reads_as_the_original() {
    let charsets = root().join("tests/cli/charsets");
    let expected = root().join("tests/cli/utf8");
    let out = scratch("convert");
    let (code, doc) = run_json(&[
        "convert",
        "--utf8",
        "-o",
        out.to_str().unwrap(),
        charsets.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{doc:?}");
    let summary = doc.get("summary").unwrap();
    assert_eq!(
        keys(summary),
        ["files", "converted", "unchanged", "failed", "io_errors"]
    );
    assert_eq!(
        (n(summary, "converted"), n(summary, "unchanged")),
        (15.0, 1.0)
    );
    for f in arr(&doc, "files") {
        assert_eq!(keys(f), ["file", "from", "status", "output"]);
        let from: Vec<&str> = arr(f, "from").iter().map(|v| v.as_str().unwrap()).collect();
        match file_name(f).as_str() {
            "big5-ca.sgf" => assert_eq!(from, ["Big5"]),
            "shift_jis-detected.sgf" => assert_eq!(from, ["Shift_JIS (detected)"]),
            "utf8.sgf" => assert_eq!(
                (from, s(f, "status").as_str()),
                (vec!["UTF-8"], "unchanged")
            ),
            _ => assert_eq!(s(f, "status"), "converted"),
        }
    }
    assert_eq!(listing(&out), listing(&charsets));
    for name in listing(&charsets) {
        let original = std::fs::read(charsets.join(&name)).unwrap();
        let converted = std::fs::read(out.join(&name)).unwrap();
        // The files checked in (which tests/js/cli-convert.test.mjs reads) are the output.
        assert_eq!(
            converted,
            std::fs::read(expected.join(&name)).unwrap(),
            "{name}"
        );
        let text = String::from_utf8(converted.clone()).unwrap_or_else(|_| panic!("{name}: UTF-8"));
        assert!(text.contains("CA[UTF-8]"), "{name}");
        // The same game trees, texts included, as the crate reads them.
        let a = tengen::sgf::parse(&original).unwrap();
        let b = tengen::sgf::parse(&converted).unwrap();
        assert_eq!(a, b, "{name}");
        // Every line of the original in ASCII (ISO-2022-JP's escape aside) is kept as it was.
        let kept = original
            .split(|&b| b == b'\n')
            .filter(|l| {
                !l.is_empty()
                    && l.iter().all(|&b| b.is_ascii() && b != 0x1B)
                    && !l.windows(3).any(|w| w == b"CA[")
            })
            .all(|l| text.lines().any(|t| t.as_bytes() == l));
        assert!(kept, "{name}: an ASCII line changed");
    }
    let names: Vec<String> = {
        let t = tengen::sgf::parse(&std::fs::read(out.join("shift_jis-detected.sgf")).unwrap())
            .unwrap();
        let info = t.games[0].info();
        vec![info.black_name.unwrap(), info.white_name.unwrap()]
    };
    assert_eq!(names, ["井山裕太", "表ソ能"]);

    // Never in place without --in-place; with it, only the file itself changes.
    let copy = scratch("in-place");
    for name in ["latin1-ca.sgf", "utf8.sgf"] {
        std::fs::copy(charsets.join(name), copy.join(name)).unwrap();
    }
    let (code, out_text, _) = run(&["convert", "--utf8", "--in-place", copy.to_str().unwrap()]);
    assert_eq!(code, 0, "{out_text}");
    assert_eq!(listing(&copy), ["latin1-ca.sgf", "utf8.sgf"]);
    // `-o` naming the folder itself is not --in-place.
    std::fs::copy(charsets.join("big5-ca.sgf"), copy.join("big5-ca.sgf")).unwrap();
    let (code, out_text, _) = run(&[
        "convert",
        "--utf8",
        "-o",
        copy.to_str().unwrap(),
        copy.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{out_text}");
    assert!(
        out_text.contains("big5-ca.sgf: error:")
            && out_text.contains("is the input itself (use --in-place)"),
        "{out_text}"
    );
    assert_eq!(
        std::fs::read(copy.join("big5-ca.sgf")).unwrap(),
        std::fs::read(charsets.join("big5-ca.sgf")).unwrap()
    );
    std::fs::remove_file(copy.join("big5-ca.sgf")).unwrap();
    assert_eq!(
        std::fs::read(copy.join("latin1-ca.sgf")).unwrap(),
        std::fs::read(expected.join("latin1-ca.sgf")).unwrap()
    );
    assert_eq!(
        std::fs::read(copy.join("utf8.sgf")).unwrap(),
        std::fs::read(charsets.join("utf8.sgf")).unwrap()
    );

    // A record that cannot be read is not converted (exit 1); the others are.
    let out2 = scratch("convert-bad");
    let (code, out_text, _) = run(&[
        "convert",
        "--utf8",
        "-o",
        out2.to_str().unwrap(),
        records().join("unclosed.sgf").to_str().unwrap(),
        charsets.join("big5-ca.sgf").to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{out_text}");
    assert!(
        out_text
            .contains("unclosed.sgf: error: not read (3:8: a property value has no closing ']')"),
        "{out_text}"
    );
    assert_eq!(listing(&out2), ["big5-ca.sgf"]);
}

/// The real-games corpus, or `None` (with a message) when it is absent.
fn corpus() -> Option<PathBuf> {
    let dir = std::env::var_os("TENGEN_CORPUS")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .map(|p| {
            if p.is_file() {
                p.parent().unwrap().to_path_buf()
            } else {
                p
            }
        })
        .unwrap_or_else(|| root().join("../shared/corpus"));
    if dir.join("scored.json").is_file() {
        Some(dir)
    } else {
        println!(
            "cli corpus: SKIPPED, the real-games corpus is absent ({})",
            dir.display()
        );
        None
    }
}

/// The game of `scored/` whose RE the count does not reproduce (`tests/corpus_scored.rs`,
/// KNOWN_DIFFERENCES), and the record of `replay/` that plays onto an occupied point at move
/// 242 (`tests/sgf_corpus.rs`).
const DIFFERS: &str = "D_gnugo_nando_meijin27_g4.sgf";
const ILLEGAL: &str = "E_AI_Sweeper_2016.09.04_2016_vs_syknyk_43772425_.SGF";

#[test]
fn score_on_the_corpus_gives_what_the_corpus_tests_expect() {
    let Some(dir) = corpus() else { return };
    let (code, doc) = run_json(&["score", dir.to_str().unwrap()]);
    assert_eq!(code, 1, "one disagreement");
    let games = arr(&doc, "games");
    assert_eq!(games.len(), 973);
    let (mut agree, mut others) = (0, Vec::new());
    for g in games {
        let file = s(g, "file");
        let name = file_name(g);
        let status = s(g, "status");
        if file.contains("/scored/") {
            // The 131 counted games: the TB/TW dead stones, RE reproduced but for one.
            assert_eq!(s(g, "dead_from"), "recorded", "{name}");
            if name == DIFFERS {
                assert_eq!(
                    (
                        status.as_str(),
                        s(g.get("score").unwrap(), "result").as_str()
                    ),
                    ("disagrees", "B+1.5")
                );
            } else {
                assert_eq!(status, "agrees", "{name}: {g:?}");
                agree += 1;
            }
        } else if name == ILLEGAL {
            assert_eq!(status, "error");
            assert!(
                s(g, "reason").starts_with("move 242 (white at gd) is illegal: occupied"),
                "{g:?}"
            );
        } else {
            // replay/ and ai-games/: resigned, or counted without dead stones recorded.
            assert_eq!(status, "not-counted", "{name}");
            others.push(name);
        }
    }
    assert_eq!((agree, others.len()), (130, 841));
    let summary = doc.get("summary").unwrap();
    assert_eq!(
        (
            n(summary, "agrees"),
            n(summary, "disagrees"),
            n(summary, "errors")
        ),
        (130.0, 1.0, 1.0)
    );
}

#[test]
fn check_on_the_corpus_refuses_only_the_illegal_move() {
    let Some(dir) = corpus() else { return };
    let (code, doc) = run_json(&["check", dir.to_str().unwrap()]);
    assert_eq!(code, 1);
    let refused: Vec<String> = arr(&doc, "files")
        .iter()
        .filter(|f| f.get("strict") != Some(&Value::Bool(true)))
        .map(file_name)
        .collect();
    assert_eq!(refused, [ILLEGAL]);
    assert_eq!(n(doc.get("summary").unwrap(), "files"), 973.0);
}

#[test]
fn a_collection_is_converted_tree_by_tree() {
    // A GB2312 game, a Shift_JIS game, and a game without CA read as the one before it.
    let enc = |text: &str, label: &str| {
        let e = encoding_rs::Encoding::for_label(label.as_bytes()).unwrap();
        e.encode(text).0.into_owned()
    };
    let mut bytes = enc("(;FF[4]CA[GB2312]PB[柯洁]C[黑中盘胜])", "gb18030");
    bytes.extend(enc(
        "\n(;FF[4]CA[SJIS]PB[井山裕太]C[表の十目])\n(;FF[4]PB[none]\n;B[aa]C[表])\n",
        "shift_jis",
    ));
    let dir = scratch("collection");
    std::fs::write(dir.join("mixed.sgf"), &bytes).unwrap();
    let out = dir.join("out");
    let (code, doc) = run_json(&[
        "convert",
        "--utf8",
        "-o",
        out.to_str().unwrap(),
        dir.join("mixed.sgf").to_str().unwrap(),
    ]);
    assert_eq!(code, 0);
    let f = &arr(&doc, "files")[0];
    let from: Vec<&str> = arr(f, "from").iter().map(|v| v.as_str().unwrap()).collect();
    assert_eq!(from, ["GB2312", "SJIS", "SJIS (as the game tree before)"]);
    assert_eq!(
        std::fs::read_to_string(out.join("mixed.sgf")).unwrap(),
        "(;FF[4]CA[UTF-8]PB[柯洁]C[黑中盘胜])\n(;FF[4]CA[UTF-8]PB[井山裕太]C[表の十目])\n\
         (;FF[4]PB[none]CA[UTF-8]\n;B[aa]C[表])\n"
    );
}
