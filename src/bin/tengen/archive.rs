//! The `.sgf` members of `.zip` and `.tar.gz` archives, read into memory when the archive is
//! listed. A broken archive or member gives a member that holds the reason (the members read
//! before it are kept), never an error that stops the command.

use crate::source::{read_limited, Source};
use std::fs::File;
use std::path::Path;

/// A member of an archive: its path in the archive and its bytes (or why they are not there).
pub struct Member {
    /// The member's path in the archive (empty for the damage of a whole archive).
    pub name: String,
    /// Its bytes, or why they could not be read.
    pub source: Source,
}

fn is_sgf(name: &str) -> bool {
    name.to_ascii_lowercase().ends_with(".sgf")
}

fn broken(why: impl std::fmt::Display) -> Member {
    Member {
        name: String::new(),
        source: Source::Failed(format!("broken archive: {why}")),
    }
}

/// The `.sgf` members of a zip archive (stored or deflated), in the archive's order.
pub fn zip_members(path: &Path) -> Vec<Member> {
    let file = match File::open(path) {
        Ok(f) => f,
        Err(e) => return vec![broken(e)],
    };
    let mut zip = match zip::ZipArchive::new(file) {
        Ok(z) => z,
        Err(e) => return vec![broken(e)],
    };
    let mut out = Vec::new();
    for i in 0..zip.len() {
        let mut entry = match zip.by_index(i) {
            Ok(e) => e,
            Err(e) => {
                out.push(broken(e));
                continue;
            }
        };
        let name = entry.name().to_string();
        if !entry.is_file() || !is_sgf(&name) {
            continue;
        }
        let source = match read_limited(&mut entry) {
            Ok(b) => Source::Bytes(b),
            Err(e) => Source::Failed(format!("broken archive member: {e}")),
        };
        out.push(Member { name, source });
    }
    out
}

/// The `.sgf` members of a gzip-compressed tar archive, in the archive's order. Reading stops
/// at the first damage (a tar stream cannot be resynchronised), which is reported.
pub fn tar_gz_members(path: &Path) -> Vec<Member> {
    let file = match File::open(path) {
        Ok(f) => f,
        Err(e) => return vec![broken(e)],
    };
    let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(file));
    let entries = match archive.entries() {
        Ok(e) => e,
        Err(e) => return vec![broken(e)],
    };
    let mut out = Vec::new();
    for entry in entries {
        let mut entry = match entry {
            Ok(e) => e,
            Err(e) => {
                out.push(broken(e));
                break;
            }
        };
        let name = match entry.path() {
            Ok(p) => p.to_string_lossy().into_owned(),
            Err(e) => {
                out.push(broken(e));
                break;
            }
        };
        if !entry.header().entry_type().is_file() || !is_sgf(&name) {
            continue;
        }
        match read_limited(&mut entry) {
            Ok(b) => out.push(Member {
                name,
                source: Source::Bytes(b),
            }),
            Err(e) => {
                out.push(Member {
                    name,
                    source: Source::Failed(format!("broken archive member: {e}")),
                });
                break;
            }
        }
    }
    out
}
