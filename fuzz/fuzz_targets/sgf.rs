//! SGF records: read by both of the reader's paths alike (the plain main line and
//! `sgf-parse`'s tree give the same records or the same error), read (every game tree of a
//! collection), replayed (or stopped at a named illegal move, the moves before it
//! replaying), written back, and read again as the same game: setup, moves, rules and
//! board. Records whose rules name a graph board file are skipped (reading them would read
//! that file).
#![no_main]

use goishi::Position;
use libfuzzer_sys::fuzz_target;

/// The one place this target uses the SGF API: what reads, replays and writes records.
mod sgf_api {
    pub use goishi_sgf::ReplayError;
    pub use goishi_sgf::{fast_path_mismatch, parse_collection, parse_record, write_game};
    pub use goishi_sgf::{Record, RulesChoice, WriteOptions};

    /// How the rules of a record without `RU` are chosen.
    pub fn choice() -> RulesChoice {
        RulesChoice {
            force: None,
            fallback: goishi::Rules::parse("go/chinese").expect("go/chinese is registered"),
        }
    }

    /// A replayed game written back with the record's other properties.
    pub fn write_back(
        position: &dyn goishi::Position,
        record: &Record,
    ) -> Result<String, goishi_sgf::WriteError> {
        write_game(
            position,
            &WriteOptions {
                extras: Some(&record.extras),
                ..WriteOptions::default()
            },
        )
    }
}

fn same_game(a: &dyn Position, b: &dyn Position) -> bool {
    a.board() == b.board()
        && a.history() == b.history()
        && a.rules() == b.rules()
        && a.setup() == b.setup()
}

fuzz_target!(|data: &[u8]| {
    if goishi_fuzz::may_name_a_graph_file(data) {
        return;
    }
    let text = String::from_utf8_lossy(data);
    let choice = sgf_api::choice();
    if let Err(mismatch) = sgf_api::fast_path_mismatch(&text, &choice) {
        panic!("the reader's two paths differ: {mismatch}");
    }
    let Ok(records) = sgf_api::parse_collection(&text, &choice) else {
        return;
    };
    for record in records.into_iter().flatten() {
        let position = match record.replay(usize::MAX) {
            Ok(p) => p,
            Err(sgf_api::ReplayError::Setup(_)) => continue,
            Err(sgf_api::ReplayError::Illegal(e)) => {
                assert!(
                    e.number >= 1 && e.number <= record.moves.len(),
                    "illegal move number {} of {} moves",
                    e.number,
                    record.moves.len()
                );
                if let Err(e2) = record.replay(e.number - 1) {
                    panic!("the moves before {e} do not replay: {e2}");
                }
                continue;
            }
        };
        assert_eq!(
            position.board().hash(),
            position.board().recompute_hash(),
            "the replayed position's hash is wrong"
        );
        let g = position.geometry();
        if g.width() > 52 || g.height() > 52 {
            continue;
        }
        let written = sgf_api::write_back(position.as_ref(), &record)
            .unwrap_or_else(|e| panic!("the replayed game cannot be written: {e}"));
        let back = sgf_api::parse_record(&written, &choice)
            .unwrap_or_else(|e| panic!("the written record does not read: {e}\n{written}"));
        let again = back
            .replay(usize::MAX)
            .unwrap_or_else(|e| panic!("the written record does not replay: {e}\n{written}"));
        assert!(
            same_game(again.as_ref(), position.as_ref()),
            "the written record reads back as another game\n{written}"
        );
    }
});
