//! Reading SGF files from disk: the size limit ([`MAX_FILE_BYTES`], enforced by the read
//! itself for devices and pipes, whose length is unknown), then [`decode`] and [`read`].
//! The one module of the crate that touches the file system; a front end without one (a
//! browser page) reads its bytes itself and calls [`decode`] and [`parse_collection`].
//!
//! [`read`]: crate::read
//! [`decode`]: crate::decode()

use crate::decode::decode_borrowed;
use crate::error::{ErrorKind, SgfError};
use crate::read::parse_collection;
use crate::record::{Record, RulesChoice};

/// The largest file read, in bytes.
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// Reads and parses an SGF file: its first game tree. I/O errors and files too large are
/// reported as [`SgfError`]s without a node. A file over the limits of one (a collection of
/// many games) is read up to the end of its first tree, which must be within them.
pub fn read_record(path: &std::path::Path, choice: &RulesChoice) -> Result<Record, SgfError> {
    match read_collection(path, choice) {
        Err(e) if e.kind == ErrorKind::Limit => match file_trees(path).and_then(|mut t| t.next()) {
            Some(tree) => crate::stream::parse_tree(&tree?, choice),
            None => Err(e),
        },
        collection => crate::read::first_record(collection?),
    }
}

/// The game trees of the regular file at `path`, one at a time ([`TreeReader`]), each within
/// the limits of a file: how a file over those limits is read. `None` for a device or a pipe
/// (`/dev/zero`: its end may never come, and [`read_collection`] stopped at the limit) or a
/// file that cannot be opened.
///
/// [`TreeReader`]: crate::TreeReader
pub fn file_trees(
    path: &std::path::Path,
) -> Option<crate::stream::TreeReader<std::io::BufReader<std::fs::File>>> {
    if !std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
        return None;
    }
    let f = std::fs::File::open(path).ok()?;
    Some(crate::stream::TreeReader::new(std::io::BufReader::new(f)))
}

/// Reads and parses every game tree of an SGF file.
pub fn read_collection(
    path: &std::path::Path,
    choice: &RulesChoice,
) -> Result<Vec<Result<Record, SgfError>>, SgfError> {
    let meta = std::fs::metadata(path).map_err(|e| {
        SgfError::general(ErrorKind::File, format!("cannot read: {}", io_message(&e)))
    })?;
    if meta.is_dir() {
        return Err(SgfError::general(
            ErrorKind::File,
            "is a directory, not an SGF file",
        ));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(SgfError::general(
            ErrorKind::Limit,
            format!(
                "the file has {} bytes; goishi reads SGF files of at most {MAX_FILE_BYTES} bytes",
                meta.len()
            ),
        ));
    }
    // The length from the metadata is 0 for devices and pipes (`/dev/zero`): the read itself
    // stops past the limit.
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| {
            std::io::Read::read_to_end(&mut std::io::Read::take(f, MAX_FILE_BYTES + 1), &mut bytes)
        })
        .map_err(|e| {
            SgfError::general(ErrorKind::File, format!("cannot read: {}", io_message(&e)))
        })?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(SgfError::general(ErrorKind::Limit, format!(
            "the file has more than {MAX_FILE_BYTES} bytes; goishi reads SGF files of at most {MAX_FILE_BYTES} bytes"
        )));
    }
    parse_collection(&decode_borrowed(&bytes)?, choice)
}

/// An I/O error as words, without the OS error code: `no such file or directory`.
pub fn io_message(e: &std::io::Error) -> String {
    let text = e.to_string();
    let text = match text.find(" (os error") {
        Some(i) => &text[..i],
        None => &text,
    };
    text.to_lowercase()
}
