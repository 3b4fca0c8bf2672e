//! Character sets: the root's `CA` names the charset of a game tree's text (properties.html,
//! "CA"; `FF[4]` says the default is ISO-8859-1, but files without `CA` are nearly all UTF-8 or
//! ASCII today). Supported: UTF-8 (and ASCII), ISO-8859-1 (Latin-1; also ISO-8859-15, read as
//! Latin-1) and windows-1252. Any other charset, or none, is read as UTF-8 when the bytes are
//! valid UTF-8, else as ISO-8859-1.

/// How the text of a tree is decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Charset {
    Utf8,
    Latin1,
    Windows1252,
}

impl Charset {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Charset::Utf8 => "UTF-8",
            Charset::Latin1 => "ISO-8859-1",
            Charset::Windows1252 => "windows-1252",
        }
    }
}

/// What a `CA` value asks for: `Some` for a supported single-byte charset, `None` for UTF-8,
/// ASCII or anything unknown (which are tried as UTF-8 first).
pub(crate) fn requested(ca: &[u8]) -> Option<Charset> {
    let name: String = ca
        .iter()
        .filter(|b| b.is_ascii_alphanumeric())
        .map(|b| b.to_ascii_lowercase() as char)
        .collect();
    match name.as_str() {
        "iso88591" | "latin1" | "l1" | "isolatin1" | "iso885915" | "latin9" | "iso8859" => {
            Some(Charset::Latin1)
        }
        "windows1252" | "cp1252" | "win1252" | "ansi" => Some(Charset::Windows1252),
        _ => None,
    }
}

/// Whether a `CA` value names UTF-8 or ASCII.
pub(crate) fn is_utf8_name(ca: &[u8]) -> bool {
    let name: String = ca
        .iter()
        .filter(|b| b.is_ascii_alphanumeric())
        .map(|b| b.to_ascii_lowercase() as char)
        .collect();
    matches!(name.as_str(), "utf8" | "usascii" | "ascii")
}

/// The characters windows-1252 puts at 0x80-0x9F (undefined bytes keep their Latin-1 code).
const CP1252: [char; 32] = [
    '\u{20AC}', '\u{81}', '\u{201A}', '\u{0192}', '\u{201E}', '\u{2026}', '\u{2020}', '\u{2021}',
    '\u{02C6}', '\u{2030}', '\u{0160}', '\u{2039}', '\u{0152}', '\u{8D}', '\u{017D}', '\u{8F}',
    '\u{90}', '\u{2018}', '\u{2019}', '\u{201C}', '\u{201D}', '\u{2022}', '\u{2013}', '\u{2014}',
    '\u{02DC}', '\u{2122}', '\u{0161}', '\u{203A}', '\u{0153}', '\u{9D}', '\u{017E}', '\u{0178}',
];

/// Decodes bytes in a charset; UTF-8 must already be known valid (else it is read lossily).
pub(crate) fn decode(bytes: &[u8], cs: Charset) -> String {
    match cs {
        Charset::Utf8 => String::from_utf8_lossy(bytes).into_owned(),
        Charset::Latin1 => bytes.iter().map(|&b| b as char).collect(),
        Charset::Windows1252 => bytes
            .iter()
            .map(|&b| match b {
                0x80..=0x9F => CP1252[(b - 0x80) as usize],
                _ => b as char,
            })
            .collect(),
    }
}
