//! Character sets: the root's `CA` names the charset of a game tree's text (properties.html,
//! "CA"). `FF[4]` says the default is ISO-8859-1, but files without `CA` today are UTF-8 or the
//! legacy charset of their country, so a missing `CA` is detected from the bytes ([`detect`]).
//!
//! Known: UTF-8 (and ASCII), the WHATWG Encoding Standard's legacy charsets (the multi-byte
//! GB18030 with GBK and GB2312, Big5, Shift_JIS, EUC-JP, ISO-2022-JP and EUC-KR; the single-byte
//! ISO-8859 and windows-125x families, KOI8, IBM866, Macintosh) and true ISO-8859-1, by the names
//! and aliases SGF writers use (`CA[GB2312]`, `CA[SJIS]`, `CA[cp949]`, `CA[Latin1]`...).
//!
//! UTF-8, ISO-8859-1 and windows-1252 are decoded here. The others by a decoder of the platform:
//! natively `encoding_rs` (the Encoding Standard's own decoders); in WebAssembly the host's
//! `TextDecoder`, which the wasm facade installs with [`set_text_decoder`]. encoding_rs would
//! add its tables (over 100 KB of wasm) to a package whose whole budget is 132 KB, for decoders
//! every browser and Node already have.
//!
//! Each value is decoded alone: bytes that are invalid in the charset are replaced (U+FFFD)
//! in that value only, with a warning; the other values keep their text.
//!
//! The reader must know the charset before it scans the values: Shift_JIS, Big5 and GBK have
//! trail bytes equal to `\` and `]` (`表` is `0x95 0x5C` in Shift_JIS), and ISO-2022-JP's
//! two-byte mode uses every printable ASCII byte ([`Scan`]).

use std::sync::OnceLock;

/// How the reader steps through the bytes of a value in a charset, to find its `]` and `\`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scan {
    /// Byte by byte: every byte of a multi-byte character is 0x80 or above (UTF-8, EUC-JP,
    /// EUC-KR and its windows-949 extension, whose trail bytes are letters), or the charset has
    /// one byte per character.
    Plain,
    /// Shift_JIS: a lead byte (0x81-0x9F, 0xE0-0xFC) and the byte after it are one character.
    ShiftJis,
    /// Big5, GBK and GB18030: a lead byte (0x81-0xFE) and the byte after it are one character
    /// (GB18030's four-byte characters are two such pairs).
    DoubleByte,
    /// ISO-2022-JP: after `ESC $ @` or `ESC $ B`, pairs of bytes 0x21-0x7E are characters until
    /// `ESC ( B` or `ESC ( J`.
    Iso2022Jp,
}

/// A charset: its name in the Encoding Standard (what `TextDecoder` and encoding_rs take), the
/// spellings of `CA` that name it (lower case, letters and digits only, separated by spaces),
/// how it is scanned.
struct Known {
    name: &'static str,
    labels: &'static str,
    scan: Scan,
}

/// The charsets known, in the order of the [`Charset`] constants.
const KNOWN: &[Known] = &[
    Known {
        name: "UTF-8",
        labels: "utf8 unicode11utf8 unicode20utf8 xunicode20utf8 usascii ascii",
        scan: Scan::Plain,
    },
    Known {
        name: "ISO-8859-1",
        labels: "iso88591 latin1 l1 isolatin1 iso8859 iso885911987 cp819 ibm819 isoir100 csisolatin1",
        scan: Scan::Plain,
    },
    Known {
        name: "windows-1252",
        labels: "windows1252 cp1252 win1252 ansi xcp1252",
        scan: Scan::Plain,
    },
    Known {
        name: "gb18030",
        labels: "gb18030 gbk gb2312 gb231280 cp936 ms936 windows936 chinese csgb2312 isoir58 xgbk euccn xeuccn csiso58gb231280",
        scan: Scan::DoubleByte,
    },
    Known {
        name: "Big5",
        labels: "big5 big5hkscs cnbig5 csbig5 xxbig5 cp950 ms950 windows950",
        scan: Scan::DoubleByte,
    },
    Known {
        name: "Shift_JIS",
        labels: "shiftjis sjis mskanji xsjis windows31j csshiftjis cp932 ms932 shiftjis2004 sjis2004",
        scan: Scan::ShiftJis,
    },
    Known {
        name: "EUC-KR",
        labels: "euckr cseuckr csksc56011987 isoir149 korean ksc56011987 ksc56011989 ksc5601 windows949 cp949 ms949 uhc ksx1001",
        scan: Scan::Plain,
    },
    Known {
        name: "EUC-JP",
        labels: "eucjp xeucjp cseucpkdfmtjapanese ujis",
        scan: Scan::Plain,
    },
    Known {
        name: "ISO-2022-JP",
        labels: "iso2022jp csiso2022jp jis",
        scan: Scan::Iso2022Jp,
    },
    Known {
        name: "windows-1251",
        labels: "windows1251 cp1251 xcp1251 win1251",
        scan: Scan::Plain,
    },
    Known {
        name: "ISO-8859-2",
        labels: "iso88592 latin2 l2 csisolatin2 isoir101 iso885921987",
        scan: Scan::Plain,
    },
    Known {
        name: "windows-1250",
        labels: "windows1250 cp1250 xcp1250 win1250",
        scan: Scan::Plain,
    },
    Known {
        name: "KOI8-R",
        labels: "koi8r koi8 cskoi8r koi",
        scan: Scan::Plain,
    },
    Known {
        name: "KOI8-U",
        labels: "koi8u koi8ru",
        scan: Scan::Plain,
    },
    Known {
        name: "ISO-8859-5",
        labels: "iso88595 cyrillic csisolatincyrillic isoir144 iso885951988",
        scan: Scan::Plain,
    },
    Known {
        name: "IBM866",
        labels: "ibm866 cp866 866 csibm866",
        scan: Scan::Plain,
    },
    Known {
        name: "x-mac-cyrillic",
        labels: "xmaccyrillic xmacukrainian maccyrillic",
        scan: Scan::Plain,
    },
    Known {
        name: "ISO-8859-15",
        labels: "iso885915 latin9 l9 csisolatin9 iso885915",
        scan: Scan::Plain,
    },
    Known {
        name: "ISO-8859-3",
        labels: "iso88593 latin3 l3 csisolatin3 isoir109",
        scan: Scan::Plain,
    },
    Known {
        name: "ISO-8859-4",
        labels: "iso88594 latin4 l4 csisolatin4 isoir110",
        scan: Scan::Plain,
    },
    Known {
        name: "ISO-8859-6",
        labels: "iso88596 arabic csisolatinarabic isoir127 asmo708 ecma114",
        scan: Scan::Plain,
    },
    Known {
        name: "ISO-8859-7",
        labels: "iso88597 greek greek8 csisolatingreek isoir126 elot928",
        scan: Scan::Plain,
    },
    Known {
        name: "ISO-8859-8",
        labels: "iso88598 hebrew csisolatinhebrew isoir138 visual iso88598i",
        scan: Scan::Plain,
    },
    Known {
        name: "ISO-8859-10",
        labels: "iso885910 latin6 l6 csisolatin6 isoir157",
        scan: Scan::Plain,
    },
    Known {
        name: "ISO-8859-13",
        labels: "iso885913",
        scan: Scan::Plain,
    },
    Known {
        name: "ISO-8859-14",
        labels: "iso885914",
        scan: Scan::Plain,
    },
    Known {
        name: "ISO-8859-16",
        labels: "iso885916",
        scan: Scan::Plain,
    },
    Known {
        name: "windows-1253",
        labels: "windows1253 cp1253 xcp1253",
        scan: Scan::Plain,
    },
    Known {
        name: "windows-1254",
        labels: "windows1254 cp1254 xcp1254 iso88599 latin5 l5 isoir148",
        scan: Scan::Plain,
    },
    Known {
        name: "windows-1255",
        labels: "windows1255 cp1255 xcp1255",
        scan: Scan::Plain,
    },
    Known {
        name: "windows-1256",
        labels: "windows1256 cp1256 xcp1256",
        scan: Scan::Plain,
    },
    Known {
        name: "windows-1257",
        labels: "windows1257 cp1257 xcp1257",
        scan: Scan::Plain,
    },
    Known {
        name: "windows-1258",
        labels: "windows1258 cp1258 xcp1258",
        scan: Scan::Plain,
    },
    Known {
        name: "windows-874",
        labels: "windows874 cp874 tis620 iso885911 dos874",
        scan: Scan::Plain,
    },
    Known {
        name: "macintosh",
        labels: "macintosh mac macroman csmacintosh xmacroman",
        scan: Scan::Plain,
    },
];

/// A charset the reader knows (an index in its table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Charset(u8);

impl Charset {
    pub(crate) const UTF8: Charset = Charset(0);
    pub(crate) const LATIN1: Charset = Charset(1);
    pub(crate) const WINDOWS_1252: Charset = Charset(2);
    pub(crate) const GB18030: Charset = Charset(3);
    pub(crate) const BIG5: Charset = Charset(4);
    pub(crate) const SHIFT_JIS: Charset = Charset(5);
    pub(crate) const EUC_KR: Charset = Charset(6);
    pub(crate) const EUC_JP: Charset = Charset(7);
    pub(crate) const ISO_2022_JP: Charset = Charset(8);
    pub(crate) const WINDOWS_1251: Charset = Charset(9);
    pub(crate) const ISO_8859_2: Charset = Charset(10);

    fn known(self) -> &'static Known {
        &KNOWN[self.0 as usize]
    }

    /// The charset's name in the Encoding Standard (`CA[x]` as the reader understood it).
    pub(crate) fn name(self) -> &'static str {
        self.known().name
    }

    /// How its values are scanned.
    pub(crate) fn scan(self) -> Scan {
        self.known().scan
    }

    /// The charset a `CA` value names, if known (case, `-`, `_` and spaces are ignored).
    pub(crate) fn from_label(ca: &[u8]) -> Option<Charset> {
        let label: Vec<u8> = ca
            .iter()
            .filter(|b| b.is_ascii_alphanumeric())
            .map(|b| b.to_ascii_lowercase())
            .collect();
        KNOWN
            .iter()
            .position(|k| {
                k.labels
                    .split(' ')
                    .any(|l| l.as_bytes() == label.as_slice())
            })
            .map(|i| Charset(i as u8))
    }
}

/// A decoder for the charsets decoded by the platform: given a charset's name in the Encoding
/// Standard and a value's bytes, the text and whether some bytes were invalid (and replaced by
/// U+FFFD); `None` when it does not know the charset.
pub type TextDecoder = fn(&str, &[u8]) -> Option<(String, bool)>;

static HOST: OnceLock<TextDecoder> = OnceLock::new();

/// Installs the platform's decoder (once; later calls change nothing and return `false`). The
/// wasm facade installs the host's `TextDecoder`; natively encoding_rs is used without one.
pub fn set_text_decoder(decoder: TextDecoder) -> bool {
    HOST.set(decoder).is_ok()
}

/// The characters windows-1252 puts at 0x80-0x9F (undefined bytes keep their Latin-1 code).
const CP1252: [char; 32] = [
    '\u{20AC}', '\u{81}', '\u{201A}', '\u{0192}', '\u{201E}', '\u{2026}', '\u{2020}', '\u{2021}',
    '\u{02C6}', '\u{2030}', '\u{0160}', '\u{2039}', '\u{0152}', '\u{8D}', '\u{017D}', '\u{8F}',
    '\u{90}', '\u{2018}', '\u{2019}', '\u{201C}', '\u{201D}', '\u{2022}', '\u{2013}', '\u{2014}',
    '\u{02DC}', '\u{2122}', '\u{0161}', '\u{203A}', '\u{0153}', '\u{9D}', '\u{017E}', '\u{0178}',
];

/// Decodes one value's bytes: its text and whether invalid bytes were replaced; `None` when no
/// decoder of this platform knows the charset.
pub(crate) fn decode(bytes: &[u8], cs: Charset) -> Option<(String, bool)> {
    Some(match cs {
        Charset::UTF8 => match std::str::from_utf8(bytes) {
            Ok(s) => (s.to_owned(), false),
            Err(_) => (String::from_utf8_lossy(bytes).into_owned(), true),
        },
        Charset::LATIN1 => (bytes.iter().map(|&b| b as char).collect(), false),
        Charset::WINDOWS_1252 => (
            bytes
                .iter()
                .map(|&b| match b {
                    0x80..=0x9F => CP1252[(b - 0x80) as usize],
                    _ => b as char,
                })
                .collect(),
            false,
        ),
        _ => return platform(cs.name(), bytes),
    })
}

#[cfg(not(target_arch = "wasm32"))]
fn platform(name: &str, bytes: &[u8]) -> Option<(String, bool)> {
    if let Some(host) = HOST.get() {
        return host(name, bytes);
    }
    let encoding = encoding_rs::Encoding::for_label(name.as_bytes())?;
    let (text, replaced) = encoding.decode_without_bom_handling(bytes);
    Some((text.into_owned(), replaced))
}

#[cfg(target_arch = "wasm32")]
fn platform(name: &str, bytes: &[u8]) -> Option<(String, bool)> {
    HOST.get().and_then(|host| host(name, bytes))
}

// ---- Detection ------------------------------------------------------------------------------

/// The charsets a file without `CA` is tried in, with a prior in points that settles close
/// calls toward what archives hold most (Chinese servers' GB2312 first).
const CANDIDATES: [(Charset, i64); 8] = [
    (Charset::GB18030, 3),
    (Charset::EUC_KR, 2),
    (Charset::SHIFT_JIS, 2),
    (Charset::BIG5, 1),
    (Charset::WINDOWS_1252, 1),
    (Charset::EUC_JP, 0),
    (Charset::WINDOWS_1251, 0),
    (Charset::ISO_8859_2, 0),
];

/// Points of a byte sequence that no text in the charset has.
const INVALID: i64 = -20;

/// The charset of bytes whose `CA` is missing (or wrong): UTF-8 when they are valid UTF-8 (or
/// mostly: a stray invalid byte costs less than many valid characters gain); ISO-2022-JP when
/// they hold its escapes; else the candidate whose reading is most plausible.
///
/// Each candidate reads the bytes 0x80 and above as its characters and scores them: a sequence
/// the charset does not have costs 20 points; a character of the ranges real text uses most
/// (GB2312's level-1 hanzi, Big5's frequent hanzi, JIS level-1 kanji and kana, KS X 1001's
/// Hangul syllables, letters next to letters in a single-byte charset) earns 2, one of a short
/// list of the commonest characters of that language in Go records (players' names, the words
/// of results) 4; rare ranges (extensions, user-defined areas, half-width kana) cost a little.
pub(crate) fn detect(bytes: &[u8]) -> Charset {
    if bytes.is_ascii() {
        let iso2022 = bytes
            .windows(3)
            .any(|w| w[0] == 0x1B && w[1] == b'$' && matches!(w[2], b'@' | b'B'));
        return if iso2022 {
            Charset::ISO_2022_JP
        } else {
            Charset::UTF8
        };
    }
    let utf8 = score(bytes, utf8_char);
    if std::str::from_utf8(bytes).is_ok() {
        return Charset::UTF8;
    }
    let mut best = (Charset::UTF8, utf8);
    for (cs, prior) in CANDIDATES {
        let s = prior + plausibility(bytes, cs).unwrap_or(INVALID);
        if s > best.1 {
            best = (cs, s);
        }
    }
    best.0
}

/// The points of the bytes read in a charset the detector knows (see [`detect`]).
fn plausibility(bytes: &[u8], cs: Charset) -> Option<i64> {
    Some(match cs {
        Charset::UTF8 => score(bytes, utf8_char),
        Charset::GB18030 => score(bytes, gb18030_char),
        Charset::EUC_KR => score(bytes, euc_kr_char),
        Charset::SHIFT_JIS => score(bytes, shift_jis_char),
        Charset::BIG5 => score(bytes, big5_char),
        Charset::EUC_JP => score(bytes, euc_jp_char),
        Charset::WINDOWS_1251 => single_byte(bytes, cyrillic_1251),
        Charset::ISO_8859_2 => single_byte(bytes, latin2),
        Charset::WINDOWS_1252 | Charset::LATIN1 => single_byte(bytes, cp1252),
        _ => return None,
    })
}

/// Whether bytes that are valid UTF-8 read better as UTF-8 than in the charset `CA` names:
/// short text in EUC-KR, GB2312 or EUC-JP can be valid UTF-8 by chance (`臓` is 0xC2 0xA1 in
/// EUC-JP, `¡` in UTF-8), so UTF-8 must score higher by more than a character's worth; for a
/// charset the detector has no reading of, three characters of two bytes or more are asked for.
pub(crate) fn prefers_utf8(bytes: &[u8], declared: Charset) -> bool {
    let utf8 = score(bytes, utf8_char);
    match plausibility(bytes, declared) {
        Some(d) => utf8 > d + 3,
        None => utf8 >= 6,
    }
}

/// The sum of the points of the characters of the bytes 0x80 and above, as `char_at` reads
/// them (it returns a character's length and points).
fn score(bytes: &[u8], char_at: fn(&[u8]) -> (usize, i64)) -> i64 {
    let mut total = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] < 0x80 {
            i += 1;
            continue;
        }
        let (len, points) = char_at(&bytes[i..]);
        total += points;
        i += len.max(1);
    }
    total
}

/// The byte at `i`, or 0 past the end (no charset's trail byte).
fn at(b: &[u8], i: usize) -> u8 {
    b.get(i).copied().unwrap_or(0)
}

fn in_list(list: &[u16], lead: u8, trail: u8) -> bool {
    list.binary_search(&(u16::from(lead) << 8 | u16::from(trail)))
        .is_ok()
}

/// 2 points for a character of a range real text uses most, 4 when it is in `top`.
fn common(top: &[u16], lead: u8, trail: u8) -> i64 {
    if in_list(top, lead, trail) {
        4
    } else {
        2
    }
}

fn utf8_char(b: &[u8]) -> (usize, i64) {
    let len = match b[0] {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return (1, INVALID),
    };
    match b.get(..len).map(std::str::from_utf8) {
        Some(Ok(_)) => (len, if len == 2 { 2 } else { 3 }),
        _ => (1, INVALID),
    }
}

fn gb18030_char(b: &[u8]) -> (usize, i64) {
    let (lead, trail) = (b[0], at(b, 1));
    match (lead, trail) {
        (0x81..=0xFE, 0x30..=0x39) => {
            if matches!(at(b, 2), 0x81..=0xFE) && matches!(at(b, 3), 0x30..=0x39) {
                (4, -1)
            } else {
                (1, INVALID)
            }
        }
        (0x81..=0xFE, 0xA1..=0xFE) => (
            2,
            match lead {
                0xA1 | 0xA3 => 1,
                0xA2 | 0xA4..=0xA9 => 0,
                0xB0..=0xD7 => common(&GB_TOP, lead, trail),
                0xD8..=0xF7 => 0,
                _ => -3,
            },
        ),
        (0x81..=0xFE, 0x40..=0x7E | 0x80..=0xA0) => (2, -1),
        _ => (1, INVALID),
    }
}

fn big5_char(b: &[u8]) -> (usize, i64) {
    let (lead, trail) = (b[0], at(b, 1));
    match (lead, trail) {
        (0x81..=0xFE, 0x40..=0x7E | 0xA1..=0xFE) => (
            2,
            match lead {
                0xA1..=0xA3 => 1,
                0xA4..=0xC6 => common(&BIG5_TOP, lead, trail),
                0xC9..=0xF9 => 0,
                _ => -3,
            },
        ),
        _ => (1, INVALID),
    }
}

fn shift_jis_char(b: &[u8]) -> (usize, i64) {
    let (lead, trail) = (b[0], at(b, 1));
    match (lead, trail) {
        (0xA1..=0xDF, _) => (1, -2),
        (0x81..=0x9F | 0xE0..=0xFC, 0x40..=0x7E | 0x80..=0xFC) => (
            2,
            match lead {
                0x81 => 1,
                0x82 | 0x83 => 2,
                0x88..=0x98 => 2,
                0x99..=0x9F | 0xE0..=0xEA => 0,
                0x84..=0x87 | 0xED | 0xEE | 0xFA..=0xFC => -1,
                _ => -3,
            },
        ),
        _ => (1, INVALID),
    }
}

fn euc_kr_char(b: &[u8]) -> (usize, i64) {
    let (lead, trail) = (b[0], at(b, 1));
    match (lead, trail) {
        (0xA1..=0xFE, 0xA1..=0xFE) => (
            2,
            match lead {
                0xA1 => 1,
                0xA4 | 0xAA | 0xAB => -1,
                0xA2..=0xAC => 0,
                0xB0..=0xC8 => common(&KR_TOP, lead, trail),
                0xCA..=0xFD => 0,
                _ => -3,
            },
        ),
        (0x81..=0xC6, 0x41..=0x5A | 0x61..=0x7A | 0x81..=0xA0) => (2, -1),
        _ => (1, INVALID),
    }
}

fn euc_jp_char(b: &[u8]) -> (usize, i64) {
    let (lead, trail) = (b[0], at(b, 1));
    match (lead, trail) {
        (0x8E, 0xA1..=0xDF) => (2, -2),
        (0x8F, 0xA1..=0xFE) if matches!(at(b, 2), 0xA1..=0xFE) => (3, -2),
        (0xA1..=0xFE, 0xA1..=0xFE) => (
            2,
            match lead {
                0xA1 => 1,
                0xA4 | 0xA5 => 2,
                0xA2 | 0xA3 | 0xA6..=0xA8 => 0,
                0xB0..=0xCF => common(&JP_TOP, lead, trail),
                0xD0..=0xF4 => 0,
                _ => -3,
            },
        ),
        _ => (1, INVALID),
    }
}

/// What a byte 0x80 and above is in a single-byte charset.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Single {
    Letter,
    Symbol,
    Invalid,
}

/// Points of the bytes 0x80 and above in a single-byte charset: a letter next to a letter
/// earns 2 (ASCII letters for a Latin alphabet; for an alphabet all of whose letters are high,
/// `runs`, another high letter, and 1: a character of a double-byte charset is two bytes), a
/// letter alone 1 (`runs`: -1), a letter in a run of high letters of a Latin alphabet -1 (accented
/// letters come one at a time), a symbol between letters -2 (in another charset it is a
/// letter), a byte with no character `INVALID`.
fn single_byte(bytes: &[u8], class: fn(u8) -> (Single, bool)) -> i64 {
    let letter = |i: Option<usize>| {
        i.and_then(|i| bytes.get(i)).map_or((false, false), |&b| {
            if b < 0x80 {
                (b.is_ascii_alphabetic(), false)
            } else {
                (class(b).0 == Single::Letter, true)
            }
        })
    };
    let mut total = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if b < 0x80 {
            continue;
        }
        let (kind, runs) = class(b);
        let before = letter(i.checked_sub(1));
        let after = letter(Some(i + 1));
        total += match kind {
            Single::Invalid => INVALID,
            Single::Symbol if before.0 && after.0 => -2,
            Single::Symbol => 0,
            // One point a byte: a character of a double-byte charset is two bytes.
            Single::Letter if runs => {
                if (before.0 && before.1) || (after.0 && after.1) {
                    1
                } else {
                    -1
                }
            }
            // `Ã©` is UTF-8's é read as Latin-1: a letter followed by a symbol of 0x80-0xBF.
            Single::Letter
                if after.1 && !after.0 && bytes.get(i + 1).is_some_and(|&b| b < 0xC0) =>
            {
                -2
            }
            Single::Letter if (before.0 && before.1) || (after.0 && after.1) => -1,
            Single::Letter if before.0 || after.0 => 2,
            Single::Letter => 1,
        };
    }
    total
}

/// windows-1252: letters at 0xC0-0xFF (but × and ÷) and Š Œ Ž š œ ž Ÿ; five bytes undefined.
fn cp1252(b: u8) -> (Single, bool) {
    let kind = match b {
        0x81 | 0x8D | 0x8F | 0x90 | 0x9D => Single::Invalid,
        0x8A | 0x8C | 0x8E | 0x9A | 0x9C | 0x9E | 0x9F | 0xAA | 0xBA => Single::Letter,
        0xD7 | 0xF7 => Single::Symbol,
        0xC0..=0xFF => Single::Letter,
        _ => Single::Symbol,
    };
    (kind, false)
}

/// ISO-8859-2: the Latin letters of Central Europe, at 0xC0-0xFF and among 0xA1-0xBF (ą ł ś
/// š ž ż...); 0x80-0x9F are control codes.
fn latin2(b: u8) -> (Single, bool) {
    let kind = match b {
        0x80..=0x9F => Single::Invalid,
        0xA1 | 0xA3 | 0xA5 | 0xA6 | 0xA9..=0xAC | 0xAE | 0xAF => Single::Letter,
        0xB1 | 0xB3 | 0xB5 | 0xB6 | 0xB9..=0xBC | 0xBE | 0xBF => Single::Letter,
        0xD7 | 0xF7 => Single::Symbol,
        0xC0..=0xFF => Single::Letter,
        _ => Single::Symbol,
    };
    (kind, false)
}

/// windows-1251: the Cyrillic alphabet at 0xC0-0xFF (with Ё ё), whose words are runs of high
/// letters.
fn cyrillic_1251(b: u8) -> (Single, bool) {
    let kind = match b {
        0x98 => Single::Invalid,
        0xA8 | 0xB8 | 0xC0..=0xFF => Single::Letter,
        _ => Single::Symbol,
    };
    (kind, true)
}

// The commonest characters of each language in Go records (names of players, results, common
// words), as the charset encodes them, sorted: generated with Python's codecs.
const GB_TOP: [u16; 240] = [
    0xB0D1, 0xB0D7, 0xB1AD, 0xB1BE, 0xB1F3, 0xB2BB, 0xB2BF, 0xB2CC, 0xB2DC, 0xB3A3, 0xB3A4, 0xB3C2,
    0xB3C9, 0xB3CC, 0xB3D4, 0xB3F6, 0xB4BA, 0xB4D3, 0xB4DE, 0xB4F2, 0xB4F3, 0xB4F7, 0xB5AB, 0xB5B1,
    0xB5BD, 0xB5C0, 0xB5C3, 0xB5C4, 0xB5CB, 0xB5D8, 0xB6A1, 0xB6A8, 0xB6AD, 0xB6AF, 0xB6BC, 0xB6C5,
    0xB6CE, 0xB6D4, 0xB6E0, 0xB6F8, 0xB7A2, 0xB7A8, 0xB7B6, 0xB7BD, 0xB7D6, 0xB7EB, 0xB8B5, 0xB8BA,
    0xB8DF, 0xB8F6, 0xB9A8, 0xB9CB, 0xB9DA, 0xB9F9, 0xB9FA, 0xB9FD, 0xBAAB, 0xBAC2, 0xBAC3, 0xBACD,
    0xBACE, 0xBAD8, 0xBADA, 0xBAEE, 0xBAF3, 0xBAFA, 0xBBAA, 0xBBB9, 0xBBC6, 0xBBE1, 0xBBEE, 0xBCD2,
    0xBCD6, 0xBDAA, 0xBDAD, 0xBDAF, 0xBDD9, 0xBDDC, 0xBDE0, 0xBDF0, 0xBDF8, 0xBEAD, 0xBECD, 0xBED6,
    0xBEFC, 0xBFAA, 0xBFB4, 0xBFB5, 0xBFC2, 0xBFC9, 0xBFD7, 0xC0B4, 0xC0B5, 0xC0D7, 0xC0E8, 0xC0ED,
    0xC0EE, 0xC0EF, 0xC1A6, 0xC1BA, 0xC1CB, 0xC1CE, 0xC1D6, 0xC1F5, 0xC1FA, 0xC2AC, 0xC2BD, 0xC2C0,
    0xC2DE, 0xC2ED, 0xC3AB, 0xC3B4, 0xC3BB, 0xC3C7, 0xC3CF, 0xC3E6, 0xC3F7, 0xC4BF, 0xC4C7, 0xC4CB,
    0xC4DC, 0xC4E3, 0xC4EA, 0xC4F4, 0xC5CB, 0xC5ED, 0xC6BD, 0xC6E4, 0xC6E5, 0xC6F0, 0xC7AE, 0xC7B0,
    0xC7C7, 0xC7D8, 0xC7F1, 0xC8A5, 0xC8BB, 0xC8C3, 0xC8CB, 0xC8CE, 0xC8E7, 0xC8FC, 0xC9CF, 0xC9DB,
    0xC9F2, 0xC9FA, 0xCAA4, 0xCAAF, 0xCAB1, 0xCAB5, 0xCAB7, 0xCAC2, 0xCAC7, 0xCAD6, 0xCBB5, 0xCBC0,
    0xCBCE, 0xCBD5, 0xCBEF, 0xCBF9, 0xCBFB, 0xCBFC, 0xCCB7, 0xCCC0, 0xCCC6, 0xCCEC, 0xCCEF, 0xCCF9,
    0xCDAC, 0xCDF2, 0xCDF4, 0xCDF5, 0xCEA7, 0xCEAA, 0xCEB0, 0xCEBA, 0xCEC0, 0xCEC4, 0xCED2, 0xCEDE,
    0xCEE2, 0xCEE4, 0xCFC2, 0xCFC4, 0xCFC8, 0xCFD6, 0xCFEB, 0xCFF4, 0xCFFE, 0xD0A1, 0xD0A9, 0xD0BB,
    0xD0C4, 0xD0D0, 0xD0DC, 0xD0EC, 0xD0ED, 0xD1A6, 0xD1A7, 0xD1DB, 0xD1EE, 0xD1F9, 0xD2A6, 0xD2AA,
    0xD2B2, 0xD2B6, 0xD2BB, 0xD2D4, 0xD2D7, 0xD2E2, 0xD2F2, 0xD2FC, 0xD3C3, 0xD3D0, 0xD3DA, 0xD3E0,
    0xD3E1, 0xD3EB, 0xD4AC, 0xD4DA, 0xD4F8, 0xD5C5, 0xD5D4, 0xD5E2, 0xD6A3, 0xD6AE, 0xD6BB, 0xD6D0,
    0xD6D3, 0xD6D6, 0xD6DC, 0xD6EC, 0xD6F7, 0xD7C5, 0xD7D3, 0xD7D4, 0xD7DE, 0xD7F7, 0xDCC7, 0xEABB,
];
const BIG5_TOP: [u16; 230] = [
    0xA440, 0xA442, 0xA446, 0xA448, 0xA455, 0xA457, 0xA45D, 0xA46A, 0xA46C, 0xA470, 0xA4A3, 0xA4A4,
    0xA4A7, 0xA4A8, 0xA4C0, 0xA4D1, 0xA4D5, 0xA4DF, 0xA4E2, 0xA4E5, 0xA4E8, 0xA4F2, 0xA4FD, 0xA544,
    0xA548, 0xA54C, 0xA558, 0xA568, 0xA569, 0xA575, 0xA576, 0xA5B4, 0xA5BB, 0xA5CD, 0xA5CE, 0xA5D0,
    0xA5D5, 0xA5D8, 0xA5DB, 0xA5DF, 0xA5F4, 0xA5FD, 0xA650, 0xA659, 0xA65D, 0xA661, 0xA662, 0xA668,
    0xA66E, 0xA670, 0xA67E, 0xA6A8, 0xA6B3, 0xA6B6, 0xA6BA, 0xA6BF, 0xA6D3, 0xA6DB, 0xA6E6, 0xA6F3,
    0xA6FD, 0xA740, 0xA741, 0xA745, 0xA754, 0xA764, 0xA766, 0xA7BA, 0xA7BD, 0xA7DA, 0xA7F5, 0xA7F9,
    0xA848, 0xA84C, 0xA853, 0xA8BA, 0xA8C6, 0xA8C7, 0xA8CC, 0xA8D3, 0xA8E4, 0xA8EC, 0xA94D, 0xA950,
    0xA973, 0xA977, 0xA9D2, 0xA9F3, 0xA9F6, 0xAA4C, 0xAA4D, 0xAA5A, 0xAA6B, 0xAABA, 0xAAF2, 0xAAF4,
    0xAAF7, 0xAB4A, 0xAB54, 0xAB61, 0xAB65, 0xABB8, 0xABC0, 0xABE1, 0xAC4F, 0xAC71, 0xACA1, 0xACB0,
    0xACDD, 0xAD4A, 0xAD53, 0xAD6E, 0xAD74, 0xAD78, 0xADB1, 0xADCC, 0xADD3, 0xADF0, 0xAE4C, 0xAE5D,
    0xAE61, 0xAE70, 0xAE7D, 0xAEC9, 0xAEDD, 0xAEFC, 0xAFB3, 0xAFE0, 0xB04B, 0xB05F, 0xB071, 0xB0A8,
    0xB0AA, 0xB0CA, 0xB0EA, 0xB15A, 0xB160, 0xB164, 0xB169, 0xB16F, 0xB171, 0xB1E4, 0xB1E7, 0xB27A,
    0xB27B, 0xB2B4, 0xB35C, 0xB36F, 0xB3A1, 0xB3A2, 0xB3A3, 0xB3AF, 0xB3B0, 0xB3C5, 0xB3D3, 0xB3EC,
    0xB3F2, 0xB44E, 0xB45E, 0xB4BF, 0xB4D1, 0xB4F6, 0xB54D, 0xB56F, 0xB57B, 0xB5DB, 0xB64B, 0xB650,
    0xB669, 0xB67D, 0xB6BE, 0xB6C0, 0xB6C2, 0xB751, 0xB77C, 0xB7A8, 0xB7ED, 0xB855, 0xB867, 0xB8AD,
    0xB8B3, 0xB8CC, 0xB8DB, 0xB8EB, 0xB944, 0xB94C, 0xB951, 0xB970, 0xB9EA, 0xB9EF, 0xB9F9, 0xBAB5,
    0xBAD8, 0xBB4F, 0xBBA1, 0xBBAF, 0xBBCA, 0xBBF2, 0xBC42, 0xBCCB, 0xBCEF, 0xBDB1, 0xBDB2, 0xBE47,
    0xBE48, 0xBEA4, 0xBEB1, 0xBEC7, 0xBF63, 0xBFBD, 0xBFE0, 0xBFFA, 0xC073, 0xC0B9, 0xC1A7, 0xC1C2,
    0xC1C9, 0xC1D9, 0xC1E9, 0xC1FA, 0xC351, 0xC3B9, 0xC3D3, 0xC4AC, 0xC555, 0xC5C7, 0xC5FD, 0xC657,
    0xCCC9, 0xDA7B,
];
const KR_TOP: [u16; 172] = [
    0xB0A1, 0xB0A3, 0xB0A5, 0xB0A8, 0xB0AD, 0xB0C5, 0xB0CD, 0xB0D4, 0xB0DF, 0xB0E6, 0xB0E8, 0xB0ED,
    0xB0F8, 0xB0FA, 0xB0FB, 0xB0FC, 0xB1B8, 0xB1B9, 0xB1C7, 0xB1D7, 0xB1DD, 0xB1E2, 0xB1E6, 0xB1E8,
    0xB3AA, 0xB3B2, 0xB3BB, 0xB3EB, 0xB4C2, 0xB4CF, 0xB4D9, 0xB4DC, 0xB4E7, 0xB4EB, 0xB5A5, 0xB5B5,
    0xB5B9, 0xB5BF, 0xB5CE, 0xB5CF, 0xB5E9, 0xB5EE, 0xB6F3, 0xB7CE, 0xB7F9, 0xB8A6, 0xB8AE, 0xB8B6,
    0xB8B8, 0xB8BB, 0xB8CD, 0xB8E9, 0xB8ED, 0xB8F0, 0xB8F1, 0xB9AB, 0xB9AE, 0xB9B0, 0xB9CE, 0xB9D9,
    0xB9DA, 0xB9DD, 0xB9E6, 0xB9E8, 0xB9E9, 0xB9FC, 0xBAAF, 0xBAB8, 0xBAB9, 0xBAC0, 0xBACE, 0xBAD2,
    0xBAF1, 0xBAF3, 0xBBE7, 0xBBF3, 0xBBFD, 0xBCAD, 0xBCAE, 0xBCB1, 0xBCB3, 0xBCBA, 0xBCBC, 0xBCD2,
    0xBCD3, 0xBCD5, 0xBCDB, 0xBCF6, 0xBDBA, 0xBDC2, 0xBDC3, 0xBDC4, 0xBDC5, 0xBDC9, 0xBEC6, 0xBEC8,
    0xBEDF, 0xBEE7, 0xBEEE, 0xBEF6, 0xBFA1, 0xBFA9, 0xBFAC, 0xBFB0, 0xBFB5, 0xBFB9, 0xBFC0, 0xBFC1,
    0xBFC2, 0xBFD5, 0xBFE4, 0xBFEB, 0xBFEC, 0xBFF8, 0xC0A7, 0xC0B0, 0xC0B1, 0xC0B8, 0xC0BA, 0xC0BB,
    0xC0BD, 0xC0C7, 0xC0CC, 0xC0CE, 0xC0CF, 0xC0D3, 0xC0D6, 0xC0DA, 0xC0E5, 0xC0FB, 0xC0FC, 0xC1A4,
    0xC1A6, 0xC1B6, 0xC1C2, 0xC1D6, 0xC1D8, 0xC1DF, 0xC1F6, 0xC1F8, 0xC1FD, 0xC2F7, 0xC3A2, 0xC3B5,
    0xC3B6, 0xC3D6, 0xC3DF, 0xC4A1, 0xC5B9, 0xC5C2, 0xC6D0, 0xC6D8, 0xC6ED, 0xC7A5, 0xC7C7, 0xC7CF,
    0xC7D1, 0xC7D2, 0xC7D4, 0xC7D8, 0xC7DF, 0xC7E3, 0xC7F5, 0xC7F6, 0xC7FC, 0xC8A3, 0xC8AB, 0xC8AD,
    0xC8B2, 0xC8C6, 0xC8E6, 0xC8F1,
];
const JP_TOP: [u16; 190] = [
    0xB0A4, 0xB0CB, 0xB0CD, 0xB0E6, 0xB0EC, 0xB0F8, 0xB1A9, 0xB1C9, 0xB1D1, 0xB1F3, 0xB2A1, 0xB2A6,
    0xB2AC, 0xB2BC, 0xB2C3, 0xB2CF, 0xB2D6, 0xB2ED, 0xB2F0, 0xB4F0, 0xB5AA, 0xB5B1, 0xB5C1, 0xB5C8,
    0xB5D7, 0xB5DC, 0xB6B6, 0xB6E1, 0xB6E2, 0xB6E4, 0xB7AE, 0xB7C3, 0xB7C9, 0xB7EB, 0xB7EE, 0xB7F2,
    0xB8B5, 0xB8B6, 0xB8BB, 0xB8DE, 0xB8E2, 0xB8E3, 0xB8E5, 0xB8EB, 0xB8F7, 0xB9A7, 0xB9A8, 0xB9AC,
    0xB9AF, 0xB9B0, 0xB9C0, 0xB9D4, 0xB9E1, 0xB9E2, 0xB9EE, 0xB9F5, 0xBAAC, 0xBAB4, 0xBABB, 0xBAC2,
    0xBAC8, 0xBACC, 0xBAD8, 0xBADA, 0xBAE4, 0xBAEA, 0xBAF9, 0xBBB0, 0xBBB3, 0xBBCA, 0xBBCD, 0xBBCE,
    0xBBD2, 0xBBFE, 0xBCA1, 0xBCA3, 0xBCC2, 0xBCEA, 0xBCF9, 0xBDA4, 0xBDA8, 0xBDBD, 0xBDD3, 0xBEA1,
    0xBEAE, 0xBEBC, 0xBEBE, 0xBEE5, 0xBEEB, 0xBFAE, 0xBFB9, 0xBFBF, 0xBFC2, 0xBFCA, 0xBFCD, 0xBFE5,
    0xC0B5, 0xC0B6, 0xC0BB, 0xC0BE, 0xC0BF, 0xC0C4, 0xC0D0, 0xC0D6, 0xC0E8, 0xC0EE, 0xC1B0, 0xC1EF,
    0xC2BC, 0xC2C0, 0xC2E7, 0xC2F3, 0xC2F4, 0xC3A3, 0xC3AB, 0xC3CA, 0xC3CB, 0xC3D2, 0xC3D3, 0xC3DD,
    0xC3E6, 0xC3E9, 0xC4A5, 0xC4B9, 0xC4BE, 0xC5B0, 0xC5B7, 0xC5C4, 0xC5CD, 0xC5CF, 0xC5E7, 0xC6A3,
    0xC6E0, 0xC6E2, 0xC6F3, 0xC6FC, 0xC7AF, 0xC7B7, 0xC7DF, 0xC7EE, 0xC7F2, 0xC8BE, 0xC8D6, 0xC8F8,
    0xC8FE, 0xC9A7, 0xC9D2, 0xC9D7, 0xC9D9, 0xC9F0, 0xC9F4, 0xCAAC, 0xCABF, 0xCAD5, 0xCADD, 0xCBA7,
    0xCBAD, 0xCBB7, 0xCBDC, 0xCCAD, 0xCCBE, 0xCCC0, 0xCCD0, 0xCCDA, 0xCCDC, 0xCCE9, 0xCCEE, 0xCCEF,
    0xCDA5, 0xCDAA, 0xCDB3, 0xCDB5, 0xCDBA, 0xCDCE, 0xCDDB, 0xCDFD, 0xCEA4, 0xCEB4, 0xCEB5, 0xCEC9,
    0xCED3, 0xCED7, 0xCEEB, 0xCFA1, 0xCFA9, 0xCFBA, 0xCFC2, 0xDBDB, 0xE6C6, 0xECE4,
];
