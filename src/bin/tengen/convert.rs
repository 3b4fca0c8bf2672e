//! `tengen convert --utf8`: records in a legacy charset rewritten as UTF-8, everything else
//! kept byte for byte.
//!
//! The record is read strictly by the crate, which decodes each value in the charset its game
//! tree's `CA` names or the one detected, and knows where each property starts. Each property
//! whose bytes are not all ASCII (or that holds ISO-2022-JP's escape) is written again from its
//! identifier as found and its decoded values; `CA` is written as the reading leaves it
//! (`UTF-8` where the text was in another charset), and added after the root's last property
//! where the reading added it. Every other byte (layout, line breaks, ASCII properties) is
//! copied. The result is read back and must give the same game trees, else it is not written.

use crate::args::Args;
use crate::inputs::Input;
use crate::json::Json;
use crate::parallel;
use crate::report::{error_text, line_col, Report};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use tengen::sgf::{self, ParseOptions};
use tengen::tree::{Collection, Property};
use tengen::Error;

/// A record converted.
pub struct Converted {
    /// The new bytes.
    pub bytes: Vec<u8>,
    /// Whether they differ from the input (else the record was UTF-8 already).
    pub changed: bool,
    /// The charset the text was read in, one per game tree: the original `CA` value, or the
    /// charset detected (`gb18030 (detected)`) for a tree that named none.
    pub from: Vec<String>,
}

/// The offset just after the last `]` of the property starting at `start`, found by stepping
/// back from `next` (the next property's start, or the end of the input) over what may lie
/// between two properties: white space and `;`, `(`, `)`.
fn property_end(bytes: &[u8], start: usize, next: usize) -> Option<usize> {
    let mut i = next;
    while i > start {
        match bytes[i - 1] {
            b']' => return Some(i),
            b' ' | b'\t' | b'\r' | b'\n' | 0x0B | 0x0C | b';' | b'(' | b')' => i -= 1,
            _ => return None,
        }
    }
    None
}

fn needs_rewrite(region: &[u8]) -> bool {
    region.iter().any(|&b| b >= 0x80 || b == 0x1B)
}

/// The property written again: its identifier as found (up to its first `[`) and its values.
fn rewrite(region: &[u8], p: &Property, out: &mut Vec<u8>) {
    let ident = region
        .iter()
        .position(|&b| b == b'[')
        .unwrap_or(region.len());
    out.extend_from_slice(&region[..ident]);
    for v in &p.values {
        out.push(b'[');
        out.extend_from_slice(v.as_bytes());
        out.push(b']');
    }
}

/// The error of a record refused, with its line and column.
fn refused(bytes: &[u8], e: &Error) -> String {
    format!("not read ({})", error_text(bytes, e))
}

/// Converts one record (see the module documentation).
pub fn convert(bytes: &[u8]) -> Result<Converted, String> {
    let read =
        sgf::parse_with(bytes, ParseOptions { lenient: false }).map_err(|e| refused(bytes, &e))?;
    let parsed: Collection = read.collection;
    // Every property read from the input, by where it starts; and for each game tree whose
    // reading added `CA` (it had none), the start of its root's last property, which `CA`
    // follows.
    let mut props: Vec<(usize, &Property)> = Vec::new();
    let mut add_ca_after: HashSet<usize> = HashSet::new();
    let mut from = Vec::new();
    for t in &parsed.games {
        for id in t.ids() {
            props.extend(
                t[id]
                    .properties()
                    .iter()
                    .filter_map(|p| p.offset().map(|o| (o, p))),
            );
        }
        let root = t.root_node();
        match root.property("CA") {
            Some(ca) if ca.offset().is_none() => {
                let last = root.properties().iter().filter_map(Property::offset).max();
                add_ca_after.insert(last.ok_or("a root without properties was given CA")?);
                // The charset the reader detected, as its warning at the root names it.
                let at = root.offset();
                let detected = read
                    .warnings
                    .iter()
                    .filter(|w| w.offset.is_some() && w.offset == at)
                    .find_map(|w| {
                        let (_, rest) = w.message.split_once("read as ")?;
                        Some(rest.split(' ').next()?.to_string())
                    });
                // No warning: read in the charset of the game tree before (a collection names
                // its charset once).
                let name = match (detected, from.last()) {
                    (Some(d), _) => format!("{d} (detected)"),
                    (None, Some(before)) => format!("{before} (as the game tree before)"),
                    (None, None) => "detected".to_string(),
                };
                from.push(name);
            }
            Some(_) => {
                // The value as the file has it, for the report.
                let at = root.property("CA").and_then(Property::offset).unwrap_or(0);
                let end = bytes[at..]
                    .iter()
                    .position(|&b| b == b']')
                    .map_or(at, |e| at + e);
                let start = bytes[at..end]
                    .iter()
                    .position(|&b| b == b'[')
                    .map_or(end, |s| at + s + 1);
                from.push(String::from_utf8_lossy(&bytes[start..end]).into_owned());
            }
            None => from.push("UTF-8".to_string()),
        }
    }
    props.sort_by_key(|&(o, _)| o);
    let mut out = Vec::with_capacity(bytes.len() + bytes.len() / 2);
    let mut copied = 0;
    for (k, &(start, p)) in props.iter().enumerate() {
        let next = props.get(k + 1).map_or(bytes.len(), |&(o, _)| o);
        let end = property_end(bytes, start, next).ok_or_else(|| {
            let (l, c) = line_col(bytes, next);
            format!("not converted: unexpected text before {l}:{c}")
        })?;
        out.extend_from_slice(&bytes[copied..start]);
        let region = &bytes[start..end];
        if p.id == "CA" || needs_rewrite(region) {
            rewrite(region, p, &mut out);
        } else {
            out.extend_from_slice(region);
        }
        if add_ca_after.contains(&start) {
            out.extend_from_slice(b"CA[UTF-8]");
        }
        copied = end;
    }
    out.extend_from_slice(&bytes[copied..]);
    // The same game trees, or nothing is written.
    match sgf::parse(&out) {
        Ok(again) if again == parsed => {}
        _ => return Err("not converted: the rewritten record would not read the same".into()),
    }
    Ok(Converted {
        changed: out != bytes,
        bytes: out,
        from,
    })
}

/// Writes `bytes` to `path` through a temporary file in the same folder, renamed over it, so
/// that an interrupted run never leaves half a record.
fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tengen-tmp");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

/// Whether writing `target` would overwrite the input file itself.
fn overwrites(target: &Path, input: &Input) -> bool {
    let (Some(p), Ok(t)) = (input.path(), std::fs::canonicalize(target)) else {
        return false;
    };
    std::fs::canonicalize(p).is_ok_and(|p| p == t)
}

/// Runs `convert --utf8` over the inputs.
pub fn run(args: &Args, inputs: &[Input]) -> Report {
    let results = parallel::run(inputs, args.threads, args.quiet, |i| {
        i.bytes().map(|b| convert(&b))
    });
    let mut text = String::new();
    let mut files = Vec::new();
    let mut targets = HashSet::new();
    let (mut converted, mut unchanged, mut failed, mut io) = (0, 0, 0, 0);
    for (input, r) in inputs.iter().zip(results) {
        let mut entry = vec![("file", Json::Str(input.name.clone()))];
        let (status, detail, output): (&str, String, Option<PathBuf>) = match r {
            Err(why) => {
                io += 1;
                ("unreadable", why, None)
            }
            Ok(Err(why)) => {
                failed += 1;
                ("error", why, None)
            }
            Ok(Ok(c)) => {
                let target = match (&args.output, input.path()) {
                    (Some(dir), _) => Some(dir.join(&input.relative)),
                    (None, Some(p)) if c.changed => Some(p.to_path_buf()),
                    (None, Some(_)) => None,
                    (None, None) => {
                        failed += 1;
                        entry.push((
                            "from",
                            Json::Arr(c.from.into_iter().map(Json::Str).collect()),
                        ));
                        text.push_str(&format!(
                            "{}: error: an archive's member is not converted in place (use -o DIR)\n",
                            input.name
                        ));
                        entry.push(("status", Json::Str("error".into())));
                        entry.push((
                            "message",
                            Json::Str("an archive's member is not converted in place".into()),
                        ));
                        files.push(Json::obj(entry));
                        continue;
                    }
                };
                let status = if c.changed { "converted" } else { "unchanged" };
                entry.push((
                    "from",
                    Json::Arr(c.from.iter().cloned().map(Json::Str).collect()),
                ));
                match target {
                    // `-o` naming the input's own folder: never in place without --in-place.
                    Some(t) if args.output.is_some() && overwrites(&t, input) => {
                        failed += 1;
                        (
                            "error",
                            format!("{} is the input itself (use --in-place)", t.display()),
                            None,
                        )
                    }
                    Some(t) if !targets.insert(t.clone()) => {
                        failed += 1;
                        (
                            "error",
                            format!("another input is written to {} too", t.display()),
                            None,
                        )
                    }
                    Some(t) => match write_atomically(&t, &c.bytes) {
                        Ok(()) => {
                            if c.changed {
                                converted += 1;
                            } else {
                                unchanged += 1;
                            }
                            (status, format!("from {}", c.from.join(", ")), Some(t))
                        }
                        Err(e) => {
                            io += 1;
                            (
                                "unwritten",
                                format!("cannot write {}: {e}", t.display()),
                                None,
                            )
                        }
                    },
                    None => {
                        unchanged += 1;
                        (status, "already UTF-8".to_string(), None)
                    }
                }
            }
        };
        match &output {
            Some(o) => text.push_str(&format!(
                "{}: {status} ({detail}) -> {}\n",
                input.name,
                o.display()
            )),
            None => text.push_str(&format!("{}: {status}: {detail}\n", input.name)),
        }
        entry.push(("status", Json::Str(status.into())));
        entry.push((
            "output",
            output.map_or(Json::Null, |o| Json::Str(o.display().to_string())),
        ));
        if matches!(status, "error" | "unreadable" | "unwritten") {
            entry.push(("message", Json::Str(detail)));
        }
        files.push(Json::obj(entry));
    }
    text.push_str(&format!(
        "convert: {} files: {converted} converted to UTF-8, {unchanged} already UTF-8, {failed} not \
         converted, {io} unreadable or unwritten\n",
        inputs.len()
    ));
    Report::listing(
        "convert",
        text,
        ("files", files),
        inputs.len(),
        &[
            ("converted", converted),
            ("unchanged", unchanged),
            ("failed", failed),
            ("io_errors", io),
        ],
        failed > 0,
        io > 0,
    )
}

#[cfg(test)]
mod tests {
    use super::convert;

    /// Every prefix of the charset records and each with one byte changed: no panic, and a
    /// conversion given is one that reads as the input (or the record is refused).
    #[test]
    fn any_damage_is_refused_or_converted_faithfully() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cli/charsets");
        let mut converted = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let bytes = std::fs::read(entry.unwrap().path()).unwrap();
            for cut in (0..bytes.len()).step_by(3) {
                let mut damaged = bytes.clone();
                damaged[cut] = [b']', b'\\', b'(', b';', 0x8E, 0x1B][cut % 6];
                for input in [&bytes[..cut], &damaged[..]] {
                    if let Ok(c) = convert(input) {
                        let a = tengen::sgf::parse(input).unwrap();
                        assert_eq!(tengen::sgf::parse(&c.bytes).unwrap(), a);
                        assert!(c.changed || c.bytes == input);
                        converted += 1;
                    }
                }
            }
        }
        assert!(converted > 100, "{converted}");
    }
}
