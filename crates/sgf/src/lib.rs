//! SGF (FF\[4\]) game records for every goishi variant, read and written with the
//! `sgf-parse` crate: a library that every front end shares (the CLI, the hardening suites,
//! the Python package's `Game.to_sgf` and `Game.from_sgf`, the browser playground's records).
//! No terminal, no threads, no process: what a caller does with a record (print it, replay
//! it on a worker thread) is its own business.
//!
//! The layers, each in its module:
//!
//! - [`decode`](mod@decode): bytes to text (UTF-8, or ISO-8859-1 when the file's `CA` allows it);
//! - [`record`]: the game-record model ([`Record`], its moves, the properties kept for
//!   writing back) and its replay through the variant's rules;
//! - [`read`]: SGF text to records (`SZ`, `RU`, `KM`, `HA`, `PL`, setup stones and their
//!   rectangles, handicap stones written as moves, unknown properties kept). A game tree
//!   that is one line of plain nodes (what `goishi selfplay` writes) is lexed by the
//!   private `main_line` module without `sgf-parse`'s tree, which was half the cost of
//!   replaying such records; each property is still made by `sgf-parse`, anything unusual
//!   (variations, escapes, other characters than ASCII, odd identifiers) is read by
//!   `sgf-parse` alone, and tests and the fuzz targets check that both paths read alike;
//! - [`write`](mod@write): a game back to SGF text, node by node ([`GameWriter`]);
//! - [`stream`]: a collection of any length read game tree by game tree from a reader
//!   ([`TreeReader`], [`parse_tree`]);
//! - [`file`](mod@file): reading a file from disk within the size limit (`std::fs`; the one module
//!   that touches the file system, kept here so that every front end reads files alike);
//! - [`error`]: the typed errors ([`SgfError`] names the node and the property,
//!   [`WriteError`] says why a game cannot be written).
//!
//! Only the main line of the first game tree is read. Variants other than Go are written as
//! `GM[1]` with their rules string in `RU`.

#![deny(missing_docs)]

mod build;
pub mod decode;
pub mod error;
pub mod file;
mod main_line;
mod props;
mod raw;
pub mod read;
pub mod record;
pub mod stream;
pub mod write;

pub use decode::decode;
#[doc(hidden)]
pub use error::FastPathMismatch;
pub use error::{ErrorKind, SgfError, WriteError};
pub use file::{file_trees, io_message, read_collection, read_record, MAX_FILE_BYTES};
pub use props::prop_text;
pub use raw::root_value;
#[doc(hidden)]
pub use read::fast_path_mismatch;
pub use read::{parse_collection, parse_record, MAX_NODES};
pub use record::{
    Extras, Forced, IllegalRecordMove, MoveText, NodeExtras, Record, RecordMove, ReplayError,
    RulesChoice,
};
pub use stream::{parse_tree, TreeReader};
pub use write::{write_game, GameText, GameWriter, WriteOptions};

/// The stack a thread needs to read records near the limits ([`MAX_NODES`] nodes): the
/// parser and its tree are recursive, and `sgf-parse` drops a partial tree recursively when
/// it fails deep in a long main line. Callers that read untrusted records read them on a
/// thread with this stack (the CLI's replay workers, the fuzz harness).
pub const READER_STACK: usize = 256 << 20;

/// The README's examples, run as doctests so that the page crates.io shows stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
