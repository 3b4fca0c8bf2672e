//! SGF reading: errors with their byte offsets, each quirk of real files in strict and lenient
//! mode, deep nesting without recursion, and the size limits.
#![cfg(feature = "sgf")]

use tengen::sgf::{self, ParseOptions, MAX_INPUT_BYTES, MAX_NODES};
use tengen::tree;
use tengen::Error;

fn strict(s: &[u8]) -> Result<sgf::Parsed, Error> {
    sgf::parse_with(s, ParseOptions { lenient: false })
}

fn lenient(s: &[u8]) -> Result<sgf::Parsed, Error> {
    sgf::parse_with(s, ParseOptions { lenient: true })
}

/// The offset and message of an `sgf` error.
fn sgf_error(r: Result<sgf::Parsed, Error>) -> (usize, &'static str) {
    match r {
        Err(Error::Sgf { offset, message }) => (offset, message),
        other => panic!("expected an sgf error, got {other:?}"),
    }
}

/// The text a collection writes, and that it reads back the same.
fn written(p: &sgf::Parsed) -> String {
    let text = p.collection.to_sgf();
    assert_eq!(sgf::parse(text.as_bytes()).unwrap(), p.collection);
    text
}

#[test]
fn errors_carry_offset_and_message() {
    // (input, offset, words of the message), refused in both modes.
    let both: &[(&[u8], usize, &str)] = &[
        (b"(;B[aa];C[unterminated", 9, "no closing ']'"),
        (b"(;C[a\\]", 3, "no closing ']'"),
        (b"", 0, "no game tree"),
        (b"just text", 9, "no game tree"),
        (b"\xff\xfe(\x00;\x00", 0, "UTF-16"),
    ];
    for &(input, offset, words) in both {
        for r in [strict(input), lenient(input)] {
            let (o, m) = sgf_error(r);
            assert_eq!(o, offset, "{}", String::from_utf8_lossy(input));
            assert!(m.contains(words), "{m}");
        }
    }
    // Refused in strict mode only.
    let strict_only: &[(&[u8], usize, &str)] = &[
        (b"(;B[aa]", 7, "')' is missing"),
        (b"(;B[aa]()))", 7, "empty game tree"),
        (b"((;B[aa]))", 1, "must start with a node"),
        (b"(;B[aa] ! ;W[bb])", 8, "unexpected character"),
        (b"(;B ;W[bb])", 2, "without a value"),
        (b"(;b[aa])", 2, "upper-case letter"),
        (b"(;A[1](;B[2]);C[3])", 13, "after the variations"),
        (b"(;A[1](;B[2])D[4])", 13, "outside a node"),
        (b"(;A[1][2] [3] ;[4])", 15, "without a property identifier"),
    ];
    for &(input, offset, words) in strict_only {
        let (o, m) = sgf_error(strict(input));
        assert_eq!(o, offset, "{}", String::from_utf8_lossy(input));
        assert!(m.contains(words), "{m}");
        let p = lenient(input).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            p.warnings.iter().any(|w| w.offset == Some(offset)),
            "{:?}",
            p.warnings
        );
        written(&p);
    }
    // The error as the core reports it: code `sgf`, the offset in the message.
    let e = sgf::parse(b"(;C[oops").unwrap_err();
    assert_eq!(e.code(), "sgf");
    assert_eq!(
        e.message(),
        "at byte 3: a property value has no closing ']'"
    );
    assert_eq!(
        e.to_string(),
        "sgf: at byte 3: a property value has no closing ']'"
    );
}

#[test]
fn lenient_repairs() {
    let cases: &[(&[u8], &str)] = &[
        (b"(;B[aa]", "(;B[aa])\n"),
        (b"(;B[aa]()(;W[bb]))", "(;B[aa]\n;W[bb])\n"),
        (b"((;B[aa]))", "(;B[aa])\n"),
        (b"(;B[aa] ! ;W[bb])", "(;B[aa]\n;W[bb])\n"),
        (b"(;B ;W[bb])", "(;\n;W[bb])\n"),
        (b"(;b[aa])", "(;B[aa])\n"),
        (b"(;A[1](;B[2]);C[3])", "(;A[1]\n(;B[2])\n(;C[3]))\n"),
        (b";B[aa];W[bb]", "(;B[aa]\n;W[bb])\n"),
        (b"((;A[1])(;A[2]))", "(;A[1])\n(;A[2])\n"),
        // A missing first ';' is supplied; the root keeps its properties.
        (b"(SZ[9]AB[cc];B[dd])", "(;SZ[9]AB[cc]\n;B[dd])\n"),
        (b"(;SZ[9](B[dd])(;W[ee]))", "(;SZ[9]\n(;B[dd])\n(;W[ee]))\n"),
    ];
    for &(input, out) in cases {
        let p = lenient(input).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(written(&p), out, "{}", String::from_utf8_lossy(input));
        assert!(!p.warnings.is_empty());
    }
}

#[test]
fn real_file_quirks_in_both_modes() {
    // (input, what it reads as), accepted strictly too.
    let cases: &[(&[u8], &str)] = &[
        // No FF, no GM.
        (b"(;SZ[9];B[ee])", "(;SZ[9]\n;B[ee])\n"),
        // FF[3] identifiers with lower-case letters.
        (
            b"(;CoPyright[x]AddBlack[aa]GaMe[1];Black[bb])",
            "(;CP[x]AB[aa]GM[1]\n;B[bb])\n",
        ),
        // White space of every kind between tokens, CRLF line ends.
        (
            b" \t(\r\n;\x0bSZ [9]\x0c KM\r\n[6.5] ;\tB [ee]\n[ff]\n)\r\n",
            "(;SZ[9]KM[6.5]\n;B[ee][ff])\n",
        ),
        // Empty nodes.
        (b"(;;;B[aa];;)", "(;\n;;B[aa];;)\n"),
        // A byte order mark.
        (b"\xef\xbb\xbf(;C[bom])", "(;C[bom])\n"),
        // Text before, between and after game trees; a stray ')' after the last.
        (
            b"From: someone\n(;C[a])\n--\n(;C[b]))\x1a",
            "(;C[a])\n(;C[b])\n",
        ),
        // A property repeated in a node: values merged.
        (b"(;AB[aa]C[x]AB[bb])", "(;AB[aa][bb]C[x])\n"),
    ];
    for &(input, out) in cases {
        for p in [strict(input), lenient(input)] {
            let p = p.unwrap_or_else(|e| panic!("{}: {e}", String::from_utf8_lossy(input)));
            assert_eq!(written(&p), out, "{}", String::from_utf8_lossy(input));
        }
    }
    // Warnings say where.
    let p = strict(b"junk(;AB[aa]AB[bb])").unwrap();
    let w: Vec<String> = p.warnings.iter().map(ToString::to_string).collect();
    assert_eq!(
        w,
        [
            "at byte 0: text outside any game tree is ignored",
            "at byte 12: property AB appears twice in a node: its values are merged"
        ]
    );
}

#[test]
fn character_sets() {
    let text = |input: &[u8]| -> (String, Vec<String>) {
        let p = strict(input).unwrap();
        let c = p.collection.games[0].root_node().comment().unwrap();
        written(&p);
        (c, p.warnings.iter().map(|w| w.message.clone()).collect())
    };
    assert_eq!(text(b"(;CA[UTF-8]C[\xc3\xa9])").0, "é");
    assert_eq!(text(b"(;CA[utf8]C[\xc3\xa9])").0, "é");
    // A CA naming Latin-1 over bytes that are UTF-8: UTF-8, said (no Latin-1 text is "Ã©").
    let (c, w) = text(b"(;CA[ISO-8859-1]C[\xc3\xa9])");
    assert_eq!(c, "é");
    assert_eq!(w, ["CA[ISO-8859-1], but the text is UTF-8: read as UTF-8"]);
    assert_eq!(text(b"(;CA[latin1]C[\xe9])").0, "é");
    assert_eq!(text(b"(;CA[Windows-1252]C[\x80])").0, "€");
    assert_eq!(text(b"(;CA[ISO-8859-1]C[\x80])").0, "\u{80}");
    // No CA: UTF-8 when it is, else detected (here a Latin alphabet), with a warning.
    assert_eq!(text(b"(;C[\xc3\xa9])"), ("é".into(), vec![]));
    let (c, w) = text(b"(;C[\xe9t\xe9])");
    assert_eq!(c, "été");
    assert_eq!(
        w,
        ["no CA and the text is not UTF-8: read as windows-1252 (detected)"]
    );
    // CA says UTF-8 but the bytes are not: the charset of the bytes, said.
    let (c, w) = text(b"(;CA[UTF-8]C[\xe9t\xe9])");
    assert_eq!(c, "été");
    assert!(w[0].contains("windows-1252 (detected)"), "{w:?}");
    // A charset nobody knows: detected, with a warning.
    let (c, w) = text(b"(;CA[Klingon]C[\xe3\x81\x82])");
    assert_eq!(c, "あ");
    assert!(w[0].contains("CA[Klingon] is not known"), "{w:?}");
    // Each game tree of a collection has its own CA.
    let p = strict(b"(;CA[ISO-8859-1]C[\xe9])(;C[\xc3\xa9])").unwrap();
    let c: Vec<String> = p
        .collection
        .games
        .iter()
        .map(|g| g.root_node().comment().unwrap())
        .collect();
    assert_eq!(c, ["é", "é"]);
    // The escapes work on bytes: a multi-byte character after '\' is kept whole.
    assert_eq!(text(b"(;C[\\\xc3\xa9\\]])").0, "é]");
}

#[test]
fn text_values() {
    use tree::{simple_text, split_compose, text};
    assert_eq!(text("a\\]b\\\\c\\:d"), "a]b\\c:d");
    // Soft line breaks (after '\') vanish, in any line-end convention.
    assert_eq!(
        text("one \\\ntwo \\\r\nthree \\\n\rfour \\\rfive"),
        "one two three four five"
    );
    // Hard line breaks stay, as "\n"; other white space is a space.
    assert_eq!(text("a\r\nb\n\rc\rd\te\x0bf"), "a\nb\nc\nd e f");
    assert_eq!(simple_text("a\r\nb\tc"), "a b c");
    assert_eq!(split_compose("aa:b\\:c"), Some(("aa", "b\\:c")));
    assert_eq!(split_compose("a\\:b"), None);
    assert_eq!(tree::escape("a]b\\c:d"), "a\\]b\\\\c:d");
    assert_eq!(tree::escape_compose("a]b\\c:d"), "a\\]b\\\\c\\:d");
}

/// Runs `f` on a thread with a small stack: what passes there does not recurse per level.
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(f)
        .expect("a thread")
        .join()
        .expect("no stack overflow")
}

#[test]
fn deep_nesting_is_iterative() {
    const DEPTH: usize = 100_000;
    on_small_stack(|| {
        let mut input = b"(;FF[4]GM[1]SZ[19]".to_vec();
        for i in 0..DEPTH {
            let v = if i % 2 == 1 {
                b"(;C[x]".as_slice()
            } else {
                b"(;C[y](;C[z])".as_slice()
            };
            input.extend_from_slice(v);
        }
        input.extend(std::iter::repeat(b')').take(DEPTH + 1));
        let c = sgf::parse(&input).expect("parses");
        let tree = &c.games[0];
        assert_eq!(tree.len(), 1 + DEPTH + DEPTH / 2);
        // The main line takes the short variation C[z] at the second level.
        assert_eq!(tree.main_line().len(), 3);
        let text = c.to_sgf();
        let again = sgf::parse(text.as_bytes()).expect("parses again");
        assert_eq!(again, c);
        // The last node read is the deepest.
        let last = tree.id(tree.len() - 1).unwrap();
        assert_eq!(tree.path_to(last).len(), DEPTH + 1);
        let choices: Vec<usize> = (0..DEPTH).map(|d| d % 2).collect();
        assert_eq!(tree.follow(&choices, false), Some(last));
        // The replay of a path that long plays no move, but walks it.
        let r = tree::replay_to(tree, last, &tree::ReplayOptions::default()).expect("replays");
        assert_eq!(r.nodes.len(), DEPTH + 1);
        drop(again);
        drop(c);
    });
    // Deep but unbalanced: 100,000 unclosed '(' read leniently.
    on_small_stack(|| {
        let mut input = b"(;C[root]".to_vec();
        for _ in 0..DEPTH {
            input.extend_from_slice(b"(;B[aa]");
        }
        assert!(sgf::parse(&input).is_err());
        let p = sgf::parse_with(&input, ParseOptions { lenient: true }).unwrap();
        assert_eq!(p.collection.games[0].len(), DEPTH + 1);
    });
}

#[test]
fn size_limits() {
    // An input above the limit is refused at once.
    let big = vec![b' '; MAX_INPUT_BYTES + 1];
    let (o, m) = sgf_error(strict(&big));
    assert_eq!(o, MAX_INPUT_BYTES);
    assert!(m.contains("16 MiB"));
    // At the limit it is read (here: white space around a game tree).
    let mut fits = vec![b' '; MAX_INPUT_BYTES - 8];
    fits.extend_from_slice(b"(;C[ok])");
    assert_eq!(fits.len(), MAX_INPUT_BYTES);
    assert_eq!(strict(&fits).unwrap().collection.games.len(), 1);
    // Too many nodes.
    let mut many = vec![b'('];
    many.extend(std::iter::repeat(b';').take(MAX_NODES + 1));
    many.push(b')');
    let (o, m) = sgf_error(strict(&many));
    assert_eq!(o, MAX_NODES + 1);
    assert!(m.contains("too many nodes"));
}

/// The identifier of the `i`-th distinct property (upper-case letters, base 26).
fn nth_name(mut i: usize) -> String {
    let mut s = String::new();
    loop {
        s.insert(0, char::from(b'A' + (i % 26) as u8));
        i /= 26;
        if i == 0 {
            return s;
        }
        i -= 1;
    }
}

/// A node with many distinct identifiers (each was looked up by a scan, quadratic):
/// all kept in order, repeats merged into the first with a warning, in a second node and a
/// second game tree too (the index is per node). Against a naive model of the node.
#[test]
fn many_distinct_identifiers_in_one_node() {
    let n = 3_000;
    let mut text = String::from("(;GM[1]C[first]");
    let mut naive: Vec<(String, Vec<String>)> = vec![
        ("GM".into(), vec!["1".into()]),
        ("C".into(), vec!["first".into()]),
    ];
    let mut repeats = 0;
    let mut add = |naive: &mut Vec<(String, Vec<String>)>, name: String, value: String| match naive
        .iter()
        .position(|p| p.0 == name)
    {
        Some(at) => {
            if name == "C" || name == "GC" {
                // Comments are joined (see two_comments_in_a_node_are_joined).
                naive[at].1[0] = format!("{}\n\n{value}", naive[at].1[0]);
            } else {
                naive[at].1.push(value);
            }
            repeats += 1;
        }
        None => naive.push((name, vec![value])),
    };
    for i in 0..n {
        let name = nth_name(i);
        text.push_str(&format!("{name}[{i}]"));
        add(&mut naive, name, i.to_string());
        if i % 7 == 3 {
            // A repeat of an earlier identifier: merged into it.
            let again = nth_name(i / 2);
            text.push_str(&format!("{again}[r{i}]"));
            add(&mut naive, again, format!("r{i}"));
        }
    }
    // A second comment far into the node: joined to the first, as in a small node.
    text.push_str("C[second];B[aa]AB[bb]XA[1]XA[2])(;FF[4]AB[cc]AB[dd])");
    add(&mut naive, "C".into(), "second".into());
    let p = strict(text.as_bytes()).unwrap();
    let tree = &p.collection.games[0];
    let root = tree.root_node();
    let got: Vec<(String, Vec<String>)> = root
        .properties()
        .iter()
        .map(|q| (q.id.clone(), q.values.clone()))
        .collect();
    assert_eq!(got.len(), naive.len());
    let differ = got.iter().zip(&naive).position(|(a, b)| a != b);
    assert!(differ.is_none(), "property {differ:?} differs");
    let merged = p
        .warnings
        .iter()
        .filter(|w| w.message.contains("appears twice"))
        .count();
    // The repeats in the root, XA in the second node (the first MAX_WARNINGS kept), in the
    // order of the input.
    assert_eq!(merged, (repeats + 1).min(tree::MAX_WARNINGS));
    let offsets: Vec<usize> = p.warnings.iter().filter_map(|w| w.offset).collect();
    assert!(offsets.windows(2).all(|w| w[0] < w[1]), "{offsets:?}");
    assert!(repeats > 400);
    // The next node and the next game tree start with their own identifiers.
    let second = tree.child(tree.root(), 0).unwrap();
    assert_eq!(tree[second].property("XA").unwrap().values, vec!["1", "2"]);
    assert_eq!(tree[second].property("AB").unwrap().values, vec!["bb"]);
    let other = p.collection.games[1].root_node();
    assert_eq!(other.property("AB").unwrap().values, vec!["cc", "dd"]);
    assert!(other.property("GM").is_none());
    written(&p);
}

/// Two comments in one node: the second was hidden and written back as a second value
/// of C. They are one comment now, the texts joined after a blank line, with a warning.
#[test]
fn two_comments_in_a_node_are_joined() {
    let p = strict(b"(;C[one]GC[a]B[aa]C[two]GC[b];C[x]C[y][z])").unwrap();
    let tree = &p.collection.games[0];
    let root = tree.root_node();
    assert_eq!(root.property("C").unwrap().values, vec!["one\n\ntwo"]);
    assert_eq!(root.get("C").as_deref(), Some("one\n\ntwo"));
    assert_eq!(root.property("GC").unwrap().values, vec!["a\n\nb"]);
    let next = tree.child(tree.root(), 0).unwrap();
    assert_eq!(
        tree[next].property("C").unwrap().values,
        vec!["x\n\ny\n\nz"]
    );
    assert!(p
        .warnings
        .iter()
        .any(|w| w.message.contains("texts are joined")));
    let text = written(&p);
    assert!(text.contains("C[one\n\ntwo]"), "{text}");
}
