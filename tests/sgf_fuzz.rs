//! A cheap stable-Rust stand-in for the libFuzzer target `fuzz/fuzz_targets/sgf_parse.rs`:
//! random byte strings (any bytes, and bytes drawn mostly from SGF's syntax) and randomly
//! mutated real files. Whatever the input, reading never panics; what reads (strictly or
//! leniently) writes back to text that reads strictly to an equal collection; replaying any
//! tree read, strictly or leniently, never panics.
//!
//! Case counts: `PROPTEST_CASES` overrides the defaults below.
#![cfg(feature = "sgf")]

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use std::path::PathBuf;
use tengen::sgf::{self, ParseOptions};
use tengen::tree::{self, ReplayOptions};
use tengen::Error;

#[path = "common/cases.rs"]
mod cases;
use cases::config;

/// The whole check on one input.
fn check(input: &[u8]) -> Result<(), TestCaseError> {
    for lenient in [false, true] {
        match sgf::parse_with(input, ParseOptions { lenient }) {
            Err(e) => {
                let Error::Sgf { offset, .. } = e else {
                    return Err(TestCaseError::fail(format!("not an sgf error: {e:?}")));
                };
                prop_assert!(offset <= input.len());
            }
            Ok(p) => {
                let text = p.collection.to_sgf();
                let again = sgf::parse(text.as_bytes())
                    .map_err(|e| TestCaseError::fail(format!("{e}: {text:?}")))?;
                prop_assert_eq!(&again, &p.collection, "{:?}", text);
                prop_assert_eq!(again.to_sgf(), text);
                for tree in &p.collection.games {
                    for lenient in [false, true] {
                        let o = ReplayOptions {
                            lenient,
                            ..ReplayOptions::default()
                        };
                        let _ = tree::replay(tree, &o);
                        let last = tree.id(tree.len() - 1).expect("a node");
                        let _ = tree::replay_to(tree, last, &o);
                    }
                    let size = tree.size().unwrap_or_default();
                    for id in tree.ids() {
                        let n = &tree[id];
                        let _ = (n.get_move(size), n.setup_stones(size), n.markup(size));
                        let _ = (n.labels(size), n.territory(size), n.player(), n.comment());
                    }
                    let _ = tree.info();
                }
            }
        }
    }
    Ok(())
}

/// A byte, mostly from SGF's syntax and the letters of identifiers and points.
fn sgf_byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        4 => prop::sample::select(b"();[]\\:".to_vec()),
        3 => prop::sample::select(b"ABWCLPSZKMHEGRTUX".to_vec()),
        3 => b'a'..=b't',
        1 => prop::sample::select(b" \n\r\t0123456789.+-".to_vec()),
        1 => any::<u8>(),
    ]
}

fn data_files() -> Vec<Vec<u8>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/sgf");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("tests/sgf")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| std::fs::read(p).expect("readable"))
        .collect()
}

#[derive(Clone, Debug)]
enum Edit {
    Insert(usize, u8),
    Delete(usize),
    Replace(usize, u8),
    /// Copies a slice of the input to another place (duplicates brackets, nodes, variations).
    Splice(usize, usize, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), sgf_byte()).prop_map(|(i, b)| Edit::Insert(i, b)),
        any::<usize>().prop_map(Edit::Delete),
        (any::<usize>(), sgf_byte()).prop_map(|(i, b)| Edit::Replace(i, b)),
        (any::<usize>(), 1usize..40, any::<usize>()).prop_map(|(a, n, b)| Edit::Splice(a, n, b)),
    ]
}

fn mutate(mut v: Vec<u8>, edits: &[Edit]) -> Vec<u8> {
    for e in edits {
        let len = v.len();
        match *e {
            Edit::Insert(i, b) => v.insert(i % (len + 1), b),
            Edit::Delete(i) if len > 0 => {
                v.remove(i % len);
            }
            Edit::Replace(i, b) if len > 0 => v[i % len] = b,
            Edit::Splice(a, n, b) if len > 0 => {
                let a = a % len;
                let piece: Vec<u8> = v[a..(a + n).min(len)].to_vec();
                let at = b % (len + 1);
                v.splice(at..at, piece);
            }
            _ => {}
        }
    }
    v
}

proptest! {
    #![proptest_config(config(300))]

    #[test]
    fn any_bytes(input in prop::collection::vec(any::<u8>(), 0..300)) {
        check(&input)?;
    }

    #[test]
    fn sgf_like_bytes(body in prop::collection::vec(sgf_byte(), 0..400)) {
        let mut input = b"(;".to_vec();
        input.extend(body);
        check(&input)?;
    }

    #[test]
    fn mutated_files(
        file in any::<prop::sample::Index>(),
        edits in prop::collection::vec(edit(), 1..8),
    ) {
        let files = data_files();
        let original = files[file.index(files.len())].clone();
        check(&mutate(original, &edits))?;
    }
}

/// The real files themselves pass the check.
#[test]
fn data_files_pass() {
    for f in data_files() {
        check(&f).unwrap();
    }
}
