//! The inputs of a command: files named, folders walked recursively (their `.sgf` files and
//! archives), and archives (`.zip`, `.tar.gz`, `.tgz`) opened for their `.sgf` members. Every
//! input that cannot be read becomes an [`Input`] holding the reason, so it is reported in its
//! place and the others are still read.

use crate::archive;
use crate::source::{read_limited, Source};
use std::collections::HashSet;
use std::path::{Component, Path, PathBuf};

/// One SGF file to read: on disk or a member of an archive.
#[derive(Debug)]
pub struct Input {
    /// How it is named in reports: its path, or `archive:member` for a member of an archive.
    pub name: String,
    /// Where `convert` writes it under the output folder: the path below the folder named on
    /// the command line, the file's name for a file named, and for an archive's member the
    /// archive's name without its extension, then the member's path.
    pub relative: PathBuf,
    /// Its bytes, or where to read them.
    pub source: Source,
}

impl Input {
    /// The input's bytes (at most one byte more than the reader accepts, so that a huge file
    /// is refused by the reader without being read whole), or why they cannot be read.
    pub fn bytes(&self) -> Result<std::borrow::Cow<'_, [u8]>, String> {
        match &self.source {
            Source::Bytes(b) => Ok(std::borrow::Cow::Borrowed(b)),
            Source::Failed(why) => Err(why.clone()),
            Source::File(p) => read_limited(std::fs::File::open(p).map_err(|e| e.to_string())?)
                .map(std::borrow::Cow::Owned),
        }
    }

    /// The file on disk, for `convert --in-place` (`None` for an archive's member).
    pub fn path(&self) -> Option<&Path> {
        match &self.source {
            Source::File(p) => Some(p),
            _ => None,
        }
    }
}

/// The kinds of file a folder's walk takes.
fn kind(path: &Path) -> Option<Kind> {
    let name = path.file_name()?.to_string_lossy().to_ascii_lowercase();
    if name.ends_with(".sgf") {
        Some(Kind::Sgf)
    } else if name.ends_with(".zip") {
        Some(Kind::Zip)
    } else if name.ends_with(".tar.gz") || name.ends_with(".tgz") {
        Some(Kind::TarGz)
    } else {
        None
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Sgf,
    Zip,
    TarGz,
}

/// Every input of the paths named, in the order named, each folder's entries sorted by name.
/// A file named is read as SGF whatever its name, unless it is an archive.
pub fn collect(paths: &[PathBuf]) -> Vec<Input> {
    let mut out = Vec::new();
    for p in paths {
        let md = match std::fs::metadata(p) {
            Ok(md) => md,
            Err(e) => {
                out.push(failed(p, p.file_name().map(PathBuf::from), e.to_string()));
                continue;
            }
        };
        if md.is_dir() {
            let mut seen = HashSet::new();
            walk(p, p, &mut seen, &mut out);
        } else {
            let relative = PathBuf::from(p.file_name().unwrap_or(p.as_os_str()));
            file(p, relative, kind(p).unwrap_or(Kind::Sgf), &mut out);
        }
    }
    out
}

fn failed(path: &Path, relative: Option<PathBuf>, why: String) -> Input {
    Input {
        name: path.display().to_string(),
        relative: relative.unwrap_or_default(),
        source: Source::Failed(why),
    }
}

fn file(path: &Path, relative: PathBuf, kind: Kind, out: &mut Vec<Input>) {
    match kind {
        Kind::Sgf => out.push(Input {
            name: path.display().to_string(),
            relative,
            source: Source::File(path.to_path_buf()),
        }),
        Kind::Zip | Kind::TarGz => {
            // The members go under the archive's name without its extension.
            let stem = strip_archive_extension(&relative);
            let members = if kind == Kind::Zip {
                archive::zip_members(path)
            } else {
                archive::tar_gz_members(path)
            };
            for m in members {
                let name = if m.name.is_empty() {
                    path.display().to_string()
                } else {
                    format!("{}:{}", path.display(), m.name)
                };
                out.push(Input {
                    name,
                    relative: stem.join(safe_relative(&m.name)),
                    source: m.source,
                });
            }
        }
    }
}

/// `games/pro.tar.gz` as `games/pro`.
fn strip_archive_extension(p: &Path) -> PathBuf {
    let s = p.to_string_lossy();
    let lower = s.to_ascii_lowercase();
    for ext in [".tar.gz", ".tgz", ".zip"] {
        if lower.ends_with(ext) {
            return PathBuf::from(&s[..s.len() - ext.len()]);
        }
    }
    p.to_path_buf()
}

/// A member's path made safe to write below a folder: only its normal components (no root,
/// no `..`), so that no member of an archive is written outside the output folder.
pub fn safe_relative(name: &str) -> PathBuf {
    Path::new(name)
        .components()
        .filter_map(|c| match c {
            Component::Normal(n) => Some(n),
            _ => None,
        })
        .collect()
}

/// A folder's SGF files and archives, recursively, sorted by name. Folders already walked
/// (reached again through a link) are skipped.
fn walk(root: &Path, dir: &Path, seen: &mut HashSet<PathBuf>, out: &mut Vec<Input>) {
    if let Ok(real) = std::fs::canonicalize(dir) {
        if !seen.insert(real) {
            return;
        }
    }
    let entries = match std::fs::read_dir(dir) {
        Ok(rd) => rd,
        Err(e) => {
            out.push(failed(
                dir,
                dir.strip_prefix(root).ok().map(Path::to_path_buf),
                e.to_string(),
            ));
            return;
        }
    };
    let mut paths: Vec<PathBuf> = Vec::new();
    for e in entries {
        match e {
            Ok(e) => paths.push(e.path()),
            Err(e) => out.push(failed(dir, None, e.to_string())),
        }
    }
    paths.sort();
    for p in paths {
        let relative = p
            .strip_prefix(root)
            .map(Path::to_path_buf)
            .unwrap_or_default();
        match std::fs::metadata(&p) {
            Ok(md) if md.is_dir() => walk(root, &p, seen, out),
            Ok(_) => {
                if let Some(k) = kind(&p) {
                    file(&p, relative, k, out);
                }
            }
            // A dangling link or an entry gone meanwhile: reported if it looks like an input.
            Err(e) => {
                if kind(&p).is_some() {
                    out.push(failed(&p, Some(relative), e.to_string()));
                }
            }
        }
    }
}
