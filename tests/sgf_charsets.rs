//! Character sets: records written in every charset Go archives use, read
//! with and without `CA`, must give the same text as their UTF-8 original, value for value;
//! bytes a charset does not have are replaced in their value only; the scanner steps over the
//! trail bytes of Shift_JIS, Big5 and GBK that equal `\` or `]`.
//!
//! The records are transcoded here with encoding_rs (the crate's native decoder, used here as
//! the encoder): a record with variations, markup, escapes and texts in each language, and,
//! where `../shared/corpus/` is present, real game records with the texts put in.
#![cfg(feature = "sgf")]

#[path = "common/cases.rs"]
mod cases;

use cases::config;
use encoding_rs::Encoding;
use proptest::prelude::*;
use std::path::Path;
use tengen::sgf::{self, ParseOptions, Parsed};
use tengen::tree::{self, escape, Collection};

/// Texts of one language: two players' names and comments.
struct Language {
    /// The charsets that write it: the Encoding Standard name, and the `CA` spellings tried.
    charsets: &'static [(&'static str, &'static [&'static str])],
    names: [&'static str; 2],
    comments: [&'static str; 3],
}

const LANGUAGES: &[Language] = &[
    Language {
        charsets: &[("gb18030", &["GB2312", "GBK", "gb18030", "cp936"])],
        names: ["雪儿2143", "柯洁"],
        comments: [
            "黑中盘胜。白棋在右下角的打入失败了，这是本局的败着。",
            "这手棋很重要：黑棋必须补一手，否则白棋可以在这里打劫。",
            "第三局 - 决赛",
        ],
    },
    Language {
        charsets: &[("Big5", &["Big5", "BIG5-HKSCS", "cp950"])],
        // 許 is 0xB3 0x5C and 功 0xA5 0x5C in Big5: trail bytes equal to '\'.
        names: ["許家元", "周俊勳"],
        comments: [
            "黑中盤勝。白棋在右下角打入失敗，這是本局的敗著。",
            "許功蓋：這手棋很重要，黑棋必須補一手，否則白棋可以打劫。",
            "第三局 - 決賽",
        ],
    },
    Language {
        charsets: &[
            ("Shift_JIS", &["Shift_JIS", "SJIS", "cp932", "Windows-31J"]),
            ("EUC-JP", &["EUC-JP", "eucjp"]),
            ("ISO-2022-JP", &["ISO-2022-JP", "JIS"]),
        ],
        // 表 is 0x95 0x5C, ソ 0x83 0x5C, 能 0x94 0x5C in Shift_JIS.
        names: ["井山裕太", "表ソ能"],
        comments: [
            "黒中押し勝ち。表の十目は大きい。",
            "ここは白のソバツケが最善で、能率的な一手です。",
            "第三局 - 本因坊戦",
        ],
    },
    Language {
        charsets: &[("EUC-KR", &["EUC-KR", "cp949", "KS_C_5601-1987"])],
        names: ["이세돌", "박정환"],
        comments: [
            "흑 불계승. 백이 우하귀에서 실수했다.",
            "이 수는 중요하다: 흑은 여기서 한 수 보강해야 한다.",
            "제3국 - 결승",
        ],
    },
    Language {
        charsets: &[
            ("windows-1251", &["windows-1251", "cp1251"]),
            ("KOI8-R", &["KOI8-R"]),
            ("ISO-8859-5", &["ISO-8859-5"]),
        ],
        names: ["Александр Динерштейн", "Илья Шикшин"],
        comments: [
            "Белые сдались. Хорошая партия.",
            "Этот ход очень важен: чёрные должны защититься здесь.",
            "Третья партия, финал",
        ],
    },
    Language {
        charsets: &[
            ("ISO-8859-2", &["ISO-8859-2", "latin2"]),
            ("windows-1250", &["windows-1250"]),
        ],
        names: ["Leszek Sołtysiak", "Ondřej Šilt"],
        comments: [
            "Czarne wygrały. Źle zagrane, ale ładna partia.",
            "Tento tah je velmi důležitý: černý se musí bránit.",
            "Trzecia partia, finał",
        ],
    },
    Language {
        charsets: &[
            ("windows-1252", &["windows-1252", "cp1252"]),
            ("ISO-8859-1", &["ISO-8859-1", "latin1"]),
            ("ISO-8859-15", &["ISO-8859-15"]),
        ],
        names: ["Jürgen Müller", "François Côté"],
        comments: [
            "Schöne Partie, gut gespielt.",
            "Très belle partie, le coup décisif à la fin.",
            "Troisième partie, finale",
        ],
    },
];

/// The charsets a record without `CA` is detected in (those not listed are read only when
/// named: KOI8-R and ISO-8859-5 share Cyrillic's bytes with windows-1251; windows-1250 and
/// ISO-8859-15 differ from ISO-8859-2 and windows-1252 in a few letters only).
const DETECTED: &[&str] = &[
    "gb18030",
    "Big5",
    "Shift_JIS",
    "EUC-JP",
    "ISO-2022-JP",
    "EUC-KR",
    "windows-1251",
    "ISO-8859-2",
    "windows-1252",
    "ISO-8859-1",
];

/// A record with the texts of a language: names and a game name in the root, comments on moves
/// of two variations, a label, a `]` and a `\` escaped right after a character of the language.
fn record(l: &Language, ca: Option<&str>) -> String {
    let [b, w] = l.names;
    let [c0, c1, c2] = l.comments;
    let ca = ca.map_or(String::new(), |c| format!("CA[{c}]"));
    let e = escape;
    format!(
        "(;FF[4]GM[1]{ca}SZ[19]KM[7.5]RU[Chinese]PB[{}]PW[{}]GN[{}]C[{}]\n\
         ;B[pd];W[dp];B[pp]C[{}];W[dd];B[fq];W[cn]LB[dq:{}]\n\
         (;B[jp];W[qf]C[{}];B[nc];W[rd])\n\
         (;B[qj]N[{}];W[nq]C[{}]))\n",
        e(b),
        e(w),
        e(c2),
        e(c0),
        e(c1),
        e(&w.chars().take(1).collect::<String>()),
        e(&format!("{w}] {b}\\")),
        e(c2),
        e(&format!("[{b}]")),
    )
}

/// The text in a charset (which must have every character of it).
fn encode(text: &str, charset: &str) -> Vec<u8> {
    let encoding = Encoding::for_label(charset.as_bytes()).expect(charset);
    let (bytes, _, unmappable) = encoding.encode(text);
    assert!(!unmappable, "{charset} cannot write {text}");
    assert_ne!(bytes.as_ref(), text.as_bytes(), "{charset} wrote UTF-8");
    bytes.into_owned()
}

fn strict(input: &[u8]) -> Parsed {
    sgf::parse_with(input, ParseOptions { lenient: false })
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(input)))
}

/// A collection as text with the roots' `CA` removed (the UTF-8 original has it or not; a
/// transcoded record says UTF-8 once read).
fn without_ca(c: &Collection) -> String {
    let mut c = c.clone();
    for g in &mut c.games {
        let root = g.root();
        g[root].remove("CA");
    }
    c.to_sgf()
}

/// Warnings that say text was lost.
fn replaced(p: &Parsed) -> Vec<String> {
    p.warnings
        .iter()
        .map(|w| w.message.clone())
        .filter(|m| m.contains("U+FFFD") || m.contains("no decoder"))
        .collect()
}

#[test]
fn every_charset_named_by_ca_reads_as_its_utf8_original() {
    let mut checked = 0;
    for l in LANGUAGES {
        let original = strict(record(l, None).as_bytes());
        assert!(original.warnings.is_empty(), "{:?}", original.warnings);
        for &(charset, labels) in l.charsets {
            for label in labels {
                let bytes = encode(&record(l, Some(label)), charset);
                let p = strict(&bytes);
                assert_eq!(
                    without_ca(&p.collection),
                    without_ca(&original.collection),
                    "CA[{label}]"
                );
                assert!(p.warnings.is_empty(), "CA[{label}]: {:?}", p.warnings);
                // Written back as UTF-8, labelled so, and read back the same.
                let written = p.collection.to_sgf();
                assert!(written.contains("CA[UTF-8]"), "CA[{label}]");
                assert_eq!(sgf::parse(written.as_bytes()).unwrap(), p.collection);
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 30);
}

#[test]
fn records_without_ca_are_detected() {
    let mut checked = 0;
    for l in LANGUAGES {
        let original = strict(record(l, None).as_bytes());
        for &(charset, _) in l.charsets.iter().filter(|(c, _)| DETECTED.contains(c)) {
            let p = strict(&encode(&record(l, None), charset));
            assert_eq!(
                without_ca(&p.collection),
                without_ca(&original.collection),
                "{charset} without CA"
            );
            assert!(replaced(&p).is_empty(), "{charset}: {:?}", p.warnings);
            assert!(
                p.warnings.iter().any(|w| w.message.contains("(detected)")),
                "{charset}: the guess is said"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 10);
}

/// Players' names alone (a record with `PB` and `PW` and no other text), the hardest case:
/// nothing but two to five characters each. The names were chosen without regard to the
/// detector's short lists of common characters (surnames, name characters, words of results).
/// Kanji-only names in EUC-JP use the same bytes as GB2312's hanzi, and short Korean names the
/// same as Chinese ones: a few may be read wrongly, and are allowed.
#[test]
fn names_alone_are_detected() {
    let cases: &[(&str, &[&str])] = &[
        (
            "gb18030",
            &[
                "聂卫平",
                "马晓春",
                "芈昱廷",
                "时越",
                "唐韦星",
                "江维杰",
                "范廷钰",
                "党毅飞",
                "杨鼎新",
                "辜梓豪",
                "谢尔豪",
                "王星昊",
                "陈耀烨",
                "周睿羊",
                "檀啸",
                "李轩豪",
            ],
        ),
        (
            "EUC-KR",
            &[
                "신진서",
                "최정",
                "조훈현",
                "이창호",
                "유창혁",
                "서봉수",
                "김지석",
                "박영훈",
                "강동윤",
                "원성진",
                "목진석",
                "조한승",
                "최철한",
                "변상일",
                "신민준",
                "안성준",
            ],
        ),
        (
            "Big5",
            &[
                "林至涵",
                "王元均",
                "陳詩淵",
                "蕭正浩",
                "許皓鋐",
                "賴均輔",
                "簡靖庭",
                "彭立堯",
                "林立祥",
                "黑嘉嘉",
                "蔡承儒",
                "陳祈睿",
                "林君諺",
                "徐靖恩",
                "楊子萱",
                "張凱馨",
            ],
        ),
        (
            "Shift_JIS",
            &[
                "一力遼",
                "芝野虎丸",
                "村川大介",
                "河野臨",
                "武宮正樹",
                "坂田栄男",
                "余正麒",
                "大西竜平",
                "藤沢里菜",
                "上野愛咲美",
                "鶴山淳志",
                "孫喆",
                "本木克弥",
                "富士田明彦",
                "伊田篤史",
                "志田達哉",
            ],
        ),
        (
            "EUC-JP",
            &[
                "溝上知親",
                "秋山次郎",
                "蘇耀国",
                "金秀俊",
                "小松英樹",
                "潘善琪",
                "片岡聡",
                "王立誠",
                "中野寛也",
                "瀬戸大樹",
                "三村智保",
                "黄翊祖",
                "寺山怜",
                "酒井佑規",
                "安斎伸彰",
                "谷口徹",
            ],
        ),
    ];
    let mut wrong = Vec::new();
    let mut total = 0;
    for (charset, names) in cases {
        for pair in names.chunks(2) {
            let text = format!(
                "(;FF[4]GM[1]SZ[19]PB[{}]PW[{}]RE[B+R];B[pd];W[dp])",
                pair[0], pair[1]
            );
            let p = strict(&encode(&text, charset));
            let root = p.collection.games[0].root_node();
            let read = [root.raw("PB").unwrap_or(""), root.raw("PW").unwrap_or("")];
            if read != [pair[0], pair[1]] {
                wrong.push(format!("{charset}: {pair:?} read as {read:?}"));
            }
            total += 1;
        }
    }
    assert_eq!(total, 40);
    // Short Korean and Chinese names share their bytes (Hangul and GB2312's level-1 hanzi are
    // the same range): all but a few are expected right.
    assert!(
        wrong.len() <= 2,
        "{} of {total} wrong: {wrong:#?}",
        wrong.len()
    );
}

#[test]
fn one_invalid_byte_spoils_one_value_only() {
    // CA says UTF-8; the comment has a stray Latin-1 byte.
    let mut bytes = b"(;CA[UTF-8]PB[".to_vec();
    bytes.extend("本因坊秀策".as_bytes());
    bytes.extend(b"]C[caf\xe9];B[aa]C[");
    bytes.extend("囲碁".as_bytes());
    bytes.extend(b"])");
    let p = strict(&bytes);
    let g = &p.collection.games[0];
    assert_eq!(g.root_node().raw("PB"), Some("本因坊秀策"));
    assert_eq!(g.root_node().raw("C"), Some("caf\u{FFFD}"));
    let child = g.children(g.root()).next().unwrap();
    assert_eq!(g[child].raw("C"), Some("囲碁"));
    assert_eq!(
        replaced(&p),
        ["C: bytes that are not UTF-8 replaced by U+FFFD"]
    );
    // The warning is at the property.
    let w = p
        .warnings
        .iter()
        .find(|w| w.message.contains("U+FFFD"))
        .unwrap();
    assert_eq!(
        w.offset,
        Some(bytes.windows(3).position(|x| x == b"]C[").unwrap() + 1)
    );

    // GB18030 with a byte that is no character (0xFF): that value only.
    let mut bytes = b"(;CA[GB2312]PB[".to_vec();
    bytes.extend(encode("古力", "gb18030"));
    bytes.extend(b"]PW[\xffx]C[");
    bytes.extend(encode("黑中盘胜", "gb18030"));
    bytes.extend(b"])");
    let p = strict(&bytes);
    let root = p.collection.games[0].root_node();
    assert_eq!(root.raw("PB"), Some("古力"));
    assert_eq!(root.raw("PW"), Some("\u{FFFD}x"));
    assert_eq!(root.raw("C"), Some("黑中盘胜"));
    assert_eq!(
        replaced(&p),
        ["PW: bytes that are not gb18030 replaced by U+FFFD"]
    );
}

#[test]
fn trail_bytes_equal_to_backslash_and_bracket_are_characters() {
    // Shift_JIS 表 is 0x95 0x5C: byte by byte, its '\' would escape the ']' after it and the
    // value would swallow the next property. CA comes after it in the root: the charset is
    // looked up before reading.
    let text = "(;GM[1]PB[表]PW[能]CA[Shift_JIS]C[ソ\\]];B[aa])";
    let p = strict(&encode(text, "Shift_JIS"));
    let root = p.collection.games[0].root_node();
    assert_eq!(root.raw("PB"), Some("表"));
    assert_eq!(root.raw("PW"), Some("能"));
    assert_eq!(root.comment().as_deref(), Some("ソ]"));
    assert_eq!(p.collection.games[0].len(), 2);
    // A trail byte equal to ']' (Big5 0xA45D, 0xB55D...): not the end of the value.
    let big5_bracket: String = (0xA440u16..0xC67E)
        .filter(|c| c & 0xFF == 0x5D)
        .map(|c| {
            let b = c.to_be_bytes();
            Encoding::for_label(b"big5")
                .unwrap()
                .decode_without_bom_handling(&b)
                .0
                .into_owned()
        })
        .take(3)
        .collect();
    assert_eq!(big5_bracket.chars().count(), 3);
    let text = format!("(;CA[Big5]C[{big5_bracket}];B[aa]C[{big5_bracket}])");
    let p = strict(&encode(&text, "Big5"));
    let g = &p.collection.games[0];
    assert_eq!(g.root_node().raw("C"), Some(big5_bracket.as_str()));
    assert_eq!(g.len(), 2);
    // ISO-2022-JP's two-byte mode uses printable ASCII: 維 is ESC $ B 0x30 0x5D, 移 is
    // ESC $ B 0x30 0x5C.
    let text = "(;CA[ISO-2022-JP]PB[維移]C[移\\]];B[aa])";
    let bytes = encode(text, "ISO-2022-JP");
    assert!(bytes.windows(2).any(|w| w == [0x30, 0x5D]));
    let p = strict(&bytes);
    let root = p.collection.games[0].root_node();
    assert_eq!(root.raw("PB"), Some("維移"));
    assert_eq!(root.comment().as_deref(), Some("移]"));
}

#[test]
fn a_charset_named_wrongly_gives_way_to_the_bytes() {
    // CA names Shift_JIS, the file is UTF-8 (re-saved by a program that kept the CA).
    let p = strict("(;CA[Shift_JIS]PB[井山裕太]C[黒中押し勝ち])".as_bytes());
    let root = p.collection.games[0].root_node();
    assert_eq!(root.raw("PB"), Some("井山裕太"));
    assert_eq!(root.raw("CA"), Some("UTF-8"));
    assert!(
        p.warnings[0].message.contains("the text is UTF-8"),
        "{:?}",
        p.warnings
    );
    // CA names UTF-8, the text is GB2312.
    let p = strict(&encode(
        "(;CA[UTF-8]PB[古力]PW[常昊]C[黑中盘胜。])",
        "gb18030",
    ));
    let root = p.collection.games[0].root_node();
    assert_eq!(root.raw("PB"), Some("古力"));
    assert_eq!(root.raw("C"), Some("黑中盘胜。"));
    assert!(
        p.warnings[0].message.contains("gb18030 (detected)"),
        "{:?}",
        p.warnings
    );
    // A charset nobody knows: detected, and said.
    let p = strict(&encode(
        "(;CA[Chinese-Simplified-99]PB[古力]C[黑中盘胜。])",
        "gb18030",
    ));
    assert_eq!(p.collection.games[0].root_node().raw("PB"), Some("古力"));
    assert!(
        p.warnings[0].message.contains("is not known"),
        "{:?}",
        p.warnings
    );
}

#[test]
fn a_collection_names_its_charset_once() {
    // The first game names GB2312; the others have no CA and are read in it, though their
    // bytes alone would not say so.
    let mut bytes = encode("(;CA[gb2312]GN[第一局]PB[古力])", "gb18030");
    bytes.extend(encode("(;GN[第二局]PB[이세돌])", "EUC-KR"));
    let p = strict(&bytes);
    let names: Vec<_> = p
        .collection
        .games
        .iter()
        .map(|g| g.root_node().raw("GN").unwrap_or("").to_string())
        .collect();
    assert_eq!(names[0], "第一局");
    // The second game's EUC-KR bytes read as GB18030: the collection's charset, as said.
    assert_eq!(
        names[1],
        Encoding::for_label(b"gb18030")
            .unwrap()
            .decode_without_bom_handling(&encode("第二局", "EUC-KR"))
            .0
    );
    // A game of its own CA in the same collection keeps it.
    let mut bytes = encode("(;CA[gb2312]PB[古力])", "gb18030");
    bytes.extend(encode("(;CA[EUC-KR]PB[이세돌])", "EUC-KR"));
    let p = strict(&bytes);
    let players: Vec<_> = p
        .collection
        .games
        .iter()
        .map(|g| g.root_node().raw("PB").unwrap_or("").to_string())
        .collect();
    assert_eq!(players, ["古力", "이세돌"]);
}

/// Real records, where the corpus is present: the texts of each language put into them, in
/// each charset, with `CA` and without.
#[test]
fn real_records_in_every_charset() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/ai-games");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("SKIPPED: {} is absent", dir.display());
        return;
    };
    let mut files: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    files.sort();
    let mut checked = 0;
    for (i, path) in files.iter().take(14).enumerate() {
        let source = std::fs::read_to_string(path).unwrap();
        let l = &LANGUAGES[i % LANGUAGES.len()];
        // The texts into the root and after the 10th move.
        let root = format!(
            "(;PB[{}]PW[{}]C[{}]",
            escape(l.names[0]),
            escape(l.names[1]),
            escape(l.comments[0])
        );
        let Some(start) = source.find("(;") else {
            continue;
        };
        let mut text = source.replacen("(;", &root, 1)[start..].to_string();
        let text_no_ca = text.replace("CA[UTF-8]", "");
        if let Some(at) = text.match_indices(";B[").nth(5).map(|(k, _)| k) {
            text.insert_str(at + 6, &format!("C[{}]", escape(l.comments[1])));
        }
        let original = strict(text_no_ca.as_bytes());
        for &(charset, labels) in l.charsets {
            let named =
                text.replace("CA[UTF-8]", "")
                    .replacen("(;", &format!("(;CA[{}]", labels[0]), 1);
            let original_named = strict(text.replace("CA[UTF-8]", "").as_bytes());
            let p = strict(&encode(&named, charset));
            assert_eq!(
                without_ca(&p.collection),
                without_ca(&original_named.collection),
                "{} in {charset}",
                path.display()
            );
            if DETECTED.contains(&charset) {
                let p = strict(&encode(&text_no_ca, charset));
                assert_eq!(
                    without_ca(&p.collection),
                    without_ca(&original.collection),
                    "{} in {charset} without CA",
                    path.display()
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 20, "{checked}");
}

/// Every character of a multi-byte charset that a byte pair (or for GB18030 also four bytes)
/// makes, mixed with ASCII and the SGF syntax characters: read back the same, with `CA`.
fn any_text(charset: &'static str) -> impl Strategy<Value = String> {
    let encoding = Encoding::for_label(charset.as_bytes()).unwrap();
    let piece = prop_oneof![
        3 => (0x81u8..=0xFE, 0x30u8..=0xFE).prop_map(move |(lead, trail)| {
            let (text, _, bad) = encoding.decode_without_bom_handling_and_without_replacement(&[lead, trail])
                .map_or((String::new(), (), true), |t| (t.into_owned(), (), false));
            // Characters the decoder reads but the encoder does not write (JIS X 0212, HKSCS)
            // are left out: the record could not hold them.
            if bad || encoding.encode(&text).2 { String::new() } else { text }
        }),
        1 => prop::sample::select(vec!["]", "\\", ":", " ", "a", "\n", "[", ")", ";"]).prop_map(String::from),
    ];
    prop::collection::vec(piece, 0..40).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(config(if cfg!(debug_assertions) { 64 } else { 512 }))]

    #[test]
    fn any_text_of_a_multi_byte_charset_reads_back(
        (charset, comment, name) in prop::sample::select(
            vec!["gb18030", "Big5", "Shift_JIS", "EUC-KR", "EUC-JP"]
        ).prop_flat_map(|c| (Just(c), any_text(c), any_text(c))),
    ) {
        // A game name in the language, as records have: random pairs alone can be valid UTF-8
        // (and read better so) by chance, which real text is not.
        let words = match charset {
            "gb18030" => "第三局",
            "Big5" => "第三局",
            "EUC-KR" => "제3국",
            _ => "第三局です",
        };
        let sgf = format!(
            "(;CA[{charset}]GN[{words}]PB[{}]C[{}];B[aa]C[{}])",
            escape(&name),
            escape(&comment),
            escape(&name)
        );
        let encoding = Encoding::for_label(charset.as_bytes()).unwrap();
        let (bytes, _, unmappable) = encoding.encode(&sgf);
        prop_assume!(!unmappable);
        let p = strict(&bytes);
        let g = &p.collection.games[0];
        prop_assert_eq!(tree::text(g.root_node().raw("C").unwrap_or_default()), comment);
        prop_assert_eq!(tree::text(g.root_node().raw("PB").unwrap_or_default()), name.clone());
        let child = g.children(g.root()).next().unwrap();
        prop_assert_eq!(tree::text(g[child].raw("C").unwrap_or_default()), name);
        prop_assert!(replaced(&p).is_empty(), "{:?}", p.warnings);
    }
}

/// Found by `cargo fuzz`: a pair the scanner steps over as one Shift_JIS character but which the
/// charset does not have (0x85 0x5D) is decoded as U+FFFD and the `]` itself (the Encoding
/// Standard gives an ASCII trail byte back): the value keeps that `]` as a character, escaped,
/// so that what is written reads back the same.
#[test]
fn a_trail_byte_the_charset_gives_back_stays_a_character() {
    for (input, text) in [
        (&b"(;CA[Shift_JIS]C[\x85]];B[aa])"[..], "\u{FFFD}]"),
        (&b"(;CA[Shift_JIS]C[\x85\\];B[aa])"[..], "\u{FFFD}\\"),
    ] {
        let p = strict(input);
        let g = &p.collection.games[0];
        assert_eq!(g.root_node().comment().as_deref(), Some(text));
        assert_eq!(g.len(), 2);
        assert_eq!(replaced(&p).len(), 1, "{:?}", p.warnings);
        let written = p.collection.to_sgf();
        assert_eq!(
            sgf::parse(written.as_bytes()).unwrap(),
            p.collection,
            "{written}"
        );
    }
}
