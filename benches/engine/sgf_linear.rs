//! `sgf_linear/{shape}/{size}`: hostile SGF inputs of each shape, 1 KiB to 16 MiB, parsed
//! (see the list at the top of the file).

use crate::common::XorShift32;
use crate::sgf_names::letters;
use criterion::{BenchmarkId, Criterion, SamplingMode, Throughput};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tengen::sgf::{ParseOptions, Parsed, MAX_INPUT_BYTES, MAX_NODES};

/// The sizes, with their names: each input is the longest run of its shape's units that
/// fits, so the largest is just under the 16 MiB limit.
const SIZES: [(&str, usize); 4] = [
    ("1KiB", 1 << 10),
    ("64KiB", 1 << 16),
    ("1MiB", 1 << 20),
    ("16MiB", MAX_INPUT_BYTES),
];

/// The shapes: see `hostile`.
const SHAPES: [&str; 15] = [
    "names",
    "colliding_names",
    "nodes",
    "empty_nodes",
    "deep",
    "wide",
    "games",
    "comment",
    "escapes",
    "values",
    "repeated",
    "junk",
    "utf8",
    "utf8_games",
    "declared_games",
];

/// Two identifiers with the same FNV-1a 64 hash (0xb5382eb37c64b390).
const FNV_COLLISION: [&str; 2] = ["NHKGACIBJELGNNMA", "ABKCLKOIADPJKFHI"];
/// Characters of Go records, three bytes each in UTF-8.
const GO_CHARS: [&str; 8] = ["碁", "石", "黒", "白", "劫", "目", "手", "局"];

/// What reading an input gave: game trees, nodes, properties, values, characters of the
/// values (decoded), warnings listed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Read {
    games: usize,
    nodes: usize,
    properties: usize,
    values: usize,
    chars: usize,
    warnings: usize,
}

impl Read {
    /// What a parse gave (the offset of the error when it refused): game trees, nodes and
    /// warnings, with `all` the properties, values and characters too (a walk of every
    /// value).
    fn of(parsed: &Result<Parsed, tengen::Error>, all: bool) -> Result<Read, usize> {
        let parsed = match parsed {
            Ok(parsed) => parsed,
            Err(tengen::Error::Sgf { offset, .. }) => return Err(*offset),
            Err(e) => panic!("not an sgf error: {e:?}"),
        };
        let games = &parsed.collection.games;
        let mut r = Read {
            games: games.len(),
            nodes: games.iter().map(|t| t.len()).sum(),
            warnings: parsed.warnings.len(),
            ..Read::default()
        };
        for tree in games.iter().filter(|_| all) {
            for id in tree.ids() {
                for p in tree[id].properties() {
                    r.properties += 1;
                    r.values += p.values.len();
                    r.chars += p.values.iter().map(|v| v.chars().count()).sum::<usize>();
                }
            }
        }
        Ok(r)
    }

    /// Game trees, nodes and warnings only.
    fn quick(self) -> Read {
        Read {
            properties: 0,
            values: 0,
            chars: 0,
            ..self
        }
    }
}

/// Warnings listed for `n` warned about: the first 100, then one that counts the rest.
fn warnings(n: usize) -> usize {
    n.min(100) + usize::from(n > 100)
}

/// A hostile input: its text, whether it is read leniently, and what reading it gives (the
/// offset of the error when it is refused).
struct Hostile {
    text: Vec<u8>,
    lenient: bool,
    expect: Result<Read, usize>,
}

impl Hostile {
    fn parse(&self) -> Result<Parsed, tengen::Error> {
        let options = ParseOptions {
            lenient: self.lenient,
        };
        tengen::sgf::parse_with(&self.text, options)
    }
}

/// A seeded point of a 19x19 board.
fn point(rng: &mut XorShift32) -> [u8; 2] {
    [b'a' + rng.below(19) as u8, b'a' + rng.below(19) as u8]
}

/// The input of `shape` of at most `size` bytes (units of the shape while they fit; seeded
/// by the size), and what reading it gives, counted as it is written.
fn hostile(shape: &str, size: usize) -> Hostile {
    let mut rng = XorShift32::for_playout(size as u32);
    let mut t: Vec<u8> = Vec::with_capacity(size);
    let mut lenient = false;
    // One game tree with its root unless said otherwise.
    let mut r = Read {
        games: 1,
        nodes: 1,
        ..Read::default()
    };
    // Whether `n` more bytes fit, with `reserve` kept for the closing ones.
    let fits = |t: &Vec<u8>, n: usize, reserve: usize| t.len() + n + reserve <= size;
    match shape {
        // `(;AA[1]AB[1]...)`: distinct identifiers in one node (as `sgf_parse_names`); and
        // `(;NHKGACIBJELGNNMAA[1]ABKCLKOIADPJKFHIA[1]NHKGACIBJELGNNMAB[1]...)`, the same in
        // pairs whose FNV-1a 64 hashes are equal: the two prefixes leave FNV-1a in the same
        // state (found by a Pollard rho search), so any common suffix keeps them equal.
        "names" | "colliding_names" => {
            let prefixes: &[&str] = if shape == "names" {
                &[""]
            } else {
                &FNV_COLLISION
            };
            t.extend(b"(;");
            for i in 0.. {
                let suffix = letters(i);
                let unit: usize = prefixes.iter().map(|p| p.len() + suffix.len() + 3).sum();
                if !fits(&t, unit, 1) {
                    break;
                }
                for prefix in prefixes {
                    t.extend(prefix.as_bytes());
                    t.extend(suffix.as_bytes());
                    t.extend(b"[1]");
                }
                r.properties += prefixes.len();
            }
            t.push(b')');
            r.values = r.properties;
            r.chars = r.properties;
        }
        // `(;B[pd]\r\n;W[dp]\r\n...)`: one sequence of tiny nodes, 8 bytes each, so that
        // the largest input holds just under MAX_NODES.
        "nodes" => {
            t.push(b'(');
            r.nodes = 0;
            while fits(&t, 8, 1) {
                t.extend(if r.nodes % 2 == 0 { b";B[" } else { b";W[" });
                t.extend(point(&mut rng));
                t.extend(b"]\r\n");
                r.nodes += 1;
            }
            t.push(b')');
            r.properties = r.nodes;
            r.values = r.nodes;
            r.chars = 2 * r.nodes;
        }
        // `(;;;...)`: empty nodes, a byte each; above MAX_NODES (the 16 MiB input) the input
        // is refused at the first node too many.
        "empty_nodes" => {
            let n = size - 2;
            t.push(b'(');
            t.resize(1 + n, b';');
            t.push(b')');
            if n > MAX_NODES {
                return Hostile {
                    text: t,
                    lenient,
                    expect: Err(1 + MAX_NODES),
                };
            }
            r.nodes = n;
        }
        // `(;B[pd](;W[dp](;...)))`: each node a variation of the one before, 8 bytes a node.
        "deep" => {
            r.nodes = 0;
            while fits(&t, 7, r.nodes + 1) {
                t.extend(if r.nodes % 2 == 0 { b"(;B[" } else { b"(;W[" });
                t.extend(point(&mut rng));
                t.push(b']');
                r.nodes += 1;
            }
            t.resize(t.len() + r.nodes, b')');
            r.properties = r.nodes;
            r.values = r.nodes;
            r.chars = 2 * r.nodes;
        }
        // `(;(;B[pd])(;B[dp])...)`: one root with a child per variation.
        "wide" => {
            t.extend(b"(;");
            while fits(&t, 8, 1) {
                t.extend(b"(;B[");
                t.extend(point(&mut rng));
                t.extend(b"])");
                r.nodes += 1;
                r.properties += 1;
            }
            t.push(b')');
            r.values = r.properties;
            r.chars = 2 * r.properties;
        }
        // `(;B[pd])(;B[dp])...`: a collection of one-node game trees.
        "games" => {
            r.games = 0;
            while fits(&t, 8, 0) {
                t.extend(b"(;B[");
                t.extend(point(&mut rng));
                t.extend(b"])");
                r.games += 1;
            }
            r.nodes = r.games;
            r.properties = r.games;
            r.values = r.games;
            r.chars = 2 * r.games;
        }
        // `(;C[...])`: one comment of the whole size, seeded ASCII text.
        "comment" => {
            const TEXT: &[u8] = b"abcdefghijklmnopqrstuvwxyz     ,.\n";
            t.extend(b"(;C[");
            let n = size - t.len() - 2;
            t.extend((0..n).map(|_| TEXT[rng.below(TEXT.len())]));
            t.extend(b"])");
            r.properties = 1;
            r.values = 1;
            r.chars = n;
        }
        // `(;C[\]\\\]...])`: one comment of escapes only (values are kept raw: two
        // characters an escape).
        "escapes" => {
            t.extend(b"(;C[");
            let n = (size - t.len() - 2) / 2;
            for _ in 0..n {
                t.extend(if rng.below(2) == 0 { b"\\]" } else { b"\\\\" });
            }
            t.extend(b"])");
            r.properties = 1;
            r.values = 1;
            r.chars = 2 * n;
        }
        // `(;AB[pd][dp]...)`: one property of very many values.
        "values" => {
            t.extend(b"(;AB");
            while fits(&t, 4, 1) {
                t.push(b'[');
                t.extend(point(&mut rng));
                t.push(b']');
                r.values += 1;
            }
            t.push(b')');
            r.properties = 1;
            r.chars = 2 * r.values;
        }
        // Lenient `(;C[pd]AB[dp]C[qq]AB[cc]...)`: a comment and a property repeated in one
        // node, alternately: the comments joined into one text (each after a blank line),
        // the values of `AB` merged.
        "repeated" => {
            lenient = true;
            t.extend(b"(;");
            let mut n = 0;
            while fits(&t, 11, 1) {
                t.extend(b"C[");
                t.extend(point(&mut rng));
                t.extend(b"]AB[");
                t.extend(point(&mut rng));
                t.push(b']');
                n += 1;
            }
            t.push(b')');
            r.properties = 2;
            r.values = 1 + n;
            r.chars = (2 * n + 2 * (n - 1)) + 2 * n;
            r.warnings = warnings(2 * (n - 1));
        }
        // Lenient `(;B[pd] %7 ) junk text (;W[dp]\t) ...`: one-node game trees with runs of
        // white space and junk inside them and text between them.
        "junk" => {
            const INSIDE: &[u8] = b" \t\r\n%!*.,0123456789";
            const OUTSIDE: &[u8] = b" \r\nabcdefghijklmnopqrstuvwxyz.,0123456789";
            lenient = true;
            r.games = 0;
            // Runs with junk in them: one warning each.
            let mut junk = 0;
            loop {
                let (inside, outside) = (rng.below(7), 1 + rng.below(8));
                if !fits(&t, 8 + inside + outside, 0) {
                    break;
                }
                t.extend(b"(;B[");
                t.extend(point(&mut rng));
                t.push(b']');
                for (len, set) in [(inside, INSIDE), (outside, OUTSIDE)] {
                    let run: Vec<u8> = (0..len).map(|_| set[rng.below(set.len())]).collect();
                    junk += usize::from(run.iter().any(|c| !c.is_ascii_whitespace()));
                    t.extend(&run);
                    if set == INSIDE {
                        t.push(b')');
                    }
                }
                r.games += 1;
            }
            r.nodes = r.games;
            r.properties = r.games;
            r.values = r.games;
            r.chars = 2 * r.games;
            r.warnings = warnings(junk);
        }
        // `(;C[碁石];C[黒白]...)`: nodes whose comments are two 3-byte UTF-8 characters
        // (bytes 0x80-0xFF), kept as bytes while the tree is read and decoded, all of
        // them, when it ends.
        "utf8" => {
            t.push(b'(');
            r.nodes = 0;
            while fits(&t, 10, 1) {
                t.extend(b";C[");
                for _ in 0..2 {
                    t.extend(GO_CHARS[rng.below(GO_CHARS.len())].as_bytes());
                }
                t.push(b']');
                r.nodes += 1;
            }
            t.push(b')');
            r.properties = r.nodes;
            r.values = r.nodes;
            r.chars = 2 * r.nodes;
        }
        // `(;C[碁\\])(;C[石\\])...`: one-node game trees whose comment is a 3-byte UTF-8
        // character and an escaped backslash: each tree's charset is chosen, and its text
        // decoded, on its own.
        "utf8_games" => {
            r.games = 0;
            while fits(&t, 11, 0) {
                t.extend(b"(;C[");
                t.extend(GO_CHARS[rng.below(GO_CHARS.len())].as_bytes());
                t.extend(b"\\\\])");
                r.games += 1;
            }
            r.nodes = r.games;
            r.properties = r.games;
            r.values = r.games;
            r.chars = 3 * r.games;
        }
        // `(;CA[ISO-8859-1]C[碁石])...`: one-node game trees that each name a legacy charset
        // while the whole input is UTF-8: each is read as UTF-8 (`CA` then says so), with a
        // warning.
        "declared_games" => {
            r.games = 0;
            while fits(&t, 26, 0) {
                t.extend(b"(;CA[ISO-8859-1]C[");
                for _ in 0..2 {
                    t.extend(GO_CHARS[rng.below(GO_CHARS.len())].as_bytes());
                }
                t.extend(b"])");
                r.games += 1;
            }
            r.nodes = r.games;
            r.properties = 2 * r.games;
            r.values = 2 * r.games;
            r.chars = (5 + 2) * r.games;
            r.warnings = warnings(r.games);
        }
        _ => panic!("no shape {shape}"),
    }
    assert!(t.len() <= size);
    Hostile {
        text: t,
        lenient,
        expect: Ok(r),
    }
}

/// Parses `h` once, untimed, and checks everything it read, within a time that a linear
/// reading meets many times over: 1 s, and 1 s a MiB. A shape that is not linear fails
/// here, on the first size that exceeds it, instead of running for hours; the parse left
/// running ends with the process.
fn check(h: &Arc<Hostile>, what: &str) {
    let limit = Duration::from_secs(1 + (h.text.len() as u64).div_ceil(1 << 20));
    let (tx, rx) = mpsc::channel();
    let parsing = Arc::clone(h);
    std::thread::spawn(move || tx.send(Read::of(&parsing.parse(), true)));
    match rx.recv_timeout(limit) {
        Ok(read) => assert_eq!(read, h.expect, "{what}"),
        Err(RecvTimeoutError::Timeout) => {
            panic!("{what}: not parsed in {limit:?}: the reading is not linear in this shape")
        }
        Err(RecvTimeoutError::Disconnected) => panic!("{what}: the parse panicked"),
    }
}

pub fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("sgf_linear");
    // Ten samples of each input; from 64 KiB on, the same number of parses in each
    // (flat sampling: one parse a sample for the largest, after one to warm up).
    group
        .sample_size(10)
        .measurement_time(Duration::from_millis(200));
    for (name, size) in SIZES {
        let (mode, warm_up) = match size {
            s if s <= 1 << 10 => (SamplingMode::Linear, 50),
            s if s <= 1 << 16 => (SamplingMode::Flat, 50),
            _ => (SamplingMode::Flat, 1),
        };
        group
            .sampling_mode(mode)
            .warm_up_time(Duration::from_millis(warm_up));
        for shape in SHAPES {
            let h = Arc::new(hostile(shape, size));
            let quick = h.expect.map(Read::quick);
            let mut checked = false;
            group.throughput(Throughput::Bytes(h.text.len() as u64));
            group.bench_function(BenchmarkId::new(shape, name), |b| {
                if !checked {
                    check(&h, &format!("sgf_linear/{shape}/{name}"));
                    checked = true;
                }
                // Only the parse is timed: the check of what it read (games, nodes,
                // warnings) and the drop of the tree are not.
                b.iter_custom(|iters| {
                    let mut timed = Duration::ZERO;
                    for _ in 0..iters {
                        let start = Instant::now();
                        let parsed = h.parse();
                        timed += start.elapsed();
                        assert_eq!(Read::of(&parsed, false), quick);
                    }
                    timed
                })
            });
        }
    }
    group.finish();
}
