//! `sgf_parse_names/*`: one node of very many distinct property identifiers (feature `sgf`).

use criterion::{Criterion, Throughput};

/// The `i`th identifier of upper-case letters: `A` to `Z`, then `AA`, `AB`...
pub(crate) fn letters(mut i: usize) -> String {
    let mut name = Vec::new();
    loop {
        name.push(b'A' + (i % 26) as u8);
        i /= 26;
        if i == 0 {
            break;
        }
        i -= 1;
    }
    name.reverse();
    String::from_utf8(name).expect("letters")
}

/// A node with `n` distinct property identifiers, as text.
pub(crate) fn many_names(n: usize) -> String {
    let mut text = String::from("(;");
    for i in 0..n {
        text.push_str(&letters(i));
        text.push_str("[1]");
    }
    text.push(')');
    text
}

pub(crate) fn bench_parse_names(c: &mut Criterion) {
    let mut group = c.benchmark_group("sgf_parse_names");
    for n in [1_000, 10_000, 100_000] {
        let text = many_names(n);
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(n.to_string(), |b| {
            b.iter(|| {
                let parsed = tengen::sgf::parse(text.as_bytes()).expect("parses");
                let props = parsed.games[0].root_node().properties().len();
                assert_eq!(props, n);
                props
            })
        });
    }
    group.finish();
}
