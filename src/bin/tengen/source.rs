//! Where an input's bytes are, and reading them within the reader's limit.

use std::io::Read;
use std::path::PathBuf;
use tengen::sgf::MAX_INPUT_BYTES;

/// Where an input's bytes are.
#[derive(Debug)]
pub enum Source {
    /// A file on disk, read when its turn comes.
    File(PathBuf),
    /// An archive's member, read with the archive.
    Bytes(Vec<u8>),
    /// Nothing could be read: why (a missing path, an unreadable file, a broken archive).
    Failed(String),
}

/// Reads at most `MAX_INPUT_BYTES + 1` bytes.
pub fn read_limited(r: impl Read) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    r.take(MAX_INPUT_BYTES as u64 + 1)
        .read_to_end(&mut out)
        .map_err(|e| e.to_string())?;
    Ok(out)
}
