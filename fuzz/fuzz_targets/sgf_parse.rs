//! libFuzzer target for the SGF reader: any bytes, read strictly and leniently. What reads must
//! write back to text that reads strictly to an equal collection (and writes the same text
//! again); replaying any tree read must not panic. A panic, a hang (libFuzzer's -timeout) or
//! running out of memory (-rss_limit_mb) is a failure.
//!
//! Run from the repository root (nightly, or stable with RUSTC_BOOTSTRAP=1):
//!
//! ```text
//! cargo +nightly fuzz run sgf_parse fuzz/corpus/sgf_parse tests/sgf -- \
//!     -dict=fuzz/sgf.dict -max_total_time=600 -timeout=10
//! ```

#![no_main]

use libfuzzer_sys::fuzz_target;
use tengen::sgf::{self, ParseOptions};
use tengen::tree::{self, ReplayOptions};

fuzz_target!(|data: &[u8]| {
    for lenient in [false, true] {
        let Ok(parsed) = sgf::parse_with(data, ParseOptions { lenient }) else {
            continue;
        };
        let text = parsed.collection.to_sgf();
        let again = match sgf::parse(text.as_bytes()) {
            Ok(c) => c,
            Err(e) => panic!("the written text does not read back: {e}\n{text}"),
        };
        assert!(
            again == parsed.collection,
            "the round trip changed the tree\n{text}"
        );
        assert_eq!(again.to_sgf(), text, "writing is not stable");
        for tree in &parsed.collection.games {
            for lenient in [false, true] {
                let options = ReplayOptions {
                    lenient,
                    ..ReplayOptions::default()
                };
                let _ = tree::replay(tree, &options);
                if let Some(last) = tree.id(tree.len() - 1) {
                    let _ = tree::replay_to(tree, last, &options);
                }
            }
        }
    }
});
