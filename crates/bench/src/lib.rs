//! Benchmarks of goishi side by side with the Go crates a Rust user would pick instead
//! (`goban`, `go_game_board`), and the report `cargo xtask bench-report` writes from them.
//!
//! The library holds what the criterion benches (`benches/engines.rs`), the agreement tests
//! (`tests/agreement.rs`) and the report share:
//!
//! - [`engine`]: the adapter trait every engine implements and the one playout policy every
//!   engine follows (same generator, same seeds);
//! - [`goishi_engine`]: goishi behind that trait (the peers' adapters live in `peers/`, beside
//!   the benches, because the peers are dev-dependencies);
//! - [`native`]: the second harness, each engine through its own API and its own eye test,
//!   one cheap generator for all;
//! - [`paired`]: two engines timed in alternation, for a ratio a machine's drift leaves in
//!   place;
//! - [`positions`]: the fixed mid-game positions, as move lists replayed into every engine;
//! - [`alloc`]: a counting global allocator for the memory figures;
//! - [`report`]: reading criterion's estimates and writing `docs/benchmarks.md`.
//!
//! The names of the workloads and engines below are the benchmark ids: the benches measure
//! under them and the report looks them up.

pub mod alloc;
pub mod engine;
pub mod goishi_engine;
pub mod native;
pub mod paired;
pub mod positions;
pub mod report;

/// The board sizes every comparison runs at.
pub const SIZES: [u32; 2] = [9, 19];

/// goishi's column name.
pub const GOISHI: &str = "goishi";
/// goishi measured with clone + play instead of play + undo.
pub const GOISHI_CLONE: &str = "goishi-clone";
/// The `goban` crate's column name.
pub const GOBAN: &str = "goban";
/// The `go_game_board` crate's column name.
pub const GO_GAME_BOARD: &str = "go_game_board";
/// goishi under go_game_board's 3x3 eye rule in the second harness
/// ([`native::ThreeByThree`]).
pub const GOISHI_3X3: &str = "goishi-3x3";
/// goishi under the first harness's plain eye rule in the second harness
/// ([`native::PlainEye`]).
pub const GOISHI_PLAIN: &str = "goishi-plain";
/// go_game_board under the first harness's plain eye rule in the second harness's loop.
pub const GO_GAME_BOARD_PLAIN: &str = "go_game_board-plain";
/// go_game_board's own playout loop (its `Sampler`: libEGo's, with its own generator and
/// policy), measured beside the native harness for reference.
pub const GO_GAME_BOARD_SAMPLER: &str = "go_game_board-sampler";

/// A peer crate: its name (the column name too) and the version the benches pin.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Peer {
    pub name: &'static str,
    pub version: &'static str,
}

/// The peers, with the versions `crates/bench/Cargo.toml` pins (a test keeps the two equal).
pub const PEERS: [Peer; 2] = [
    Peer {
        name: GOBAN,
        version: "0.20.1",
    },
    Peer {
        name: GO_GAME_BOARD,
        version: "0.1.1",
    },
];

/// The first seed of a playout batch; playout `i` is seeded with `PLAYOUT_SEED + i`.
pub const PLAYOUT_SEED: u64 = 1;

/// How many playouts one measured iteration plays (the same seeds for every engine).
pub const fn playouts_per_batch(size: u32) -> u64 {
    if size <= 9 {
        32
    } else {
        8
    }
}

/// The workloads compared across engines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Workload {
    /// Random playouts under simple ko, suicide forbidden.
    PlayoutSimple,
    /// Random playouts under positional superko, suicide forbidden.
    PlayoutSuperko,
    /// The legal-move list of each fixed position.
    LegalMoves,
    /// One move on a fixed position and back (play + undo, or clone + play).
    PlayUndo,
    /// Cloning a fixed position.
    Clone,
    /// Random playouts under simple ko, each engine through its own API and its own eye test
    /// (the second harness, [`native`]).
    PlayoutNative,
}

impl Workload {
    /// Every workload, in report order.
    pub const ALL: [Workload; 6] = [
        Workload::PlayoutSimple,
        Workload::PlayoutSuperko,
        Workload::LegalMoves,
        Workload::PlayUndo,
        Workload::Clone,
        Workload::PlayoutNative,
    ];

    /// The workload's part of the benchmark ids.
    pub const fn key(self) -> &'static str {
        match self {
            Workload::PlayoutSimple => "playout-simple",
            Workload::PlayoutSuperko => "playout-superko",
            Workload::LegalMoves => "legal-moves",
            Workload::PlayUndo => "play-undo",
            Workload::Clone => "clone",
            Workload::PlayoutNative => "native-playout",
        }
    }

    /// The engines measured, goishi first.
    pub const fn engines(self) -> &'static [&'static str] {
        match self {
            Workload::PlayoutSuperko => &[GOISHI, GOBAN],
            Workload::PlayUndo => &[GOISHI, GOISHI_CLONE, GOBAN, GO_GAME_BOARD],
            Workload::PlayoutNative => &[
                GOISHI,
                GO_GAME_BOARD,
                GOISHI_3X3,
                GOISHI_PLAIN,
                GO_GAME_BOARD_PLAIN,
                GO_GAME_BOARD_SAMPLER,
            ],
            _ => &[GOISHI, GOBAN, GO_GAME_BOARD],
        }
    }

    /// The criterion group of this workload at a board size.
    pub fn group(self, size: u32) -> String {
        format!("{}/{size}x{size}", self.key())
    }

    /// The full criterion id of one engine's measurement.
    pub fn id(self, size: u32, engine: &str) -> String {
        format!("{}/{engine}", self.group(size))
    }
}

/// The criterion group of superko's cost to goishi on the same games: playouts cut at one
/// move per point (before the long ko fights that only simple ko allows, so that both rules
/// play the same games), under simple ko ([`KO_SIMPLE`]) and positional superko
/// ([`KO_SUPERKO`]).
pub fn superko_cost_group(size: u32) -> String {
    format!("superko-cost/{size}x{size}")
}

/// The criterion group of the first harness's simple-ko playouts cut at one move per point
/// ([`superko_cost_cap`]), for every engine of [`Workload::PlayoutSimple`]: the part of the
/// games before the long ko fights of the plain eye rule, whose last moves are mostly the
/// policy's (most empty points are eyes by then, each drawn and refused before a ko capture).
pub fn cut_playout_group(size: u32) -> String {
    format!("playout-simple-cut/{size}x{size}")
}

/// The function names of [`superko_cost_group`].
pub const KO_SIMPLE: &str = "simple";
/// See [`KO_SIMPLE`].
pub const KO_SUPERKO: &str = "superko";

/// The cap of the superko-cost playouts: one move per point.
pub const fn superko_cost_cap(size: u32) -> usize {
    (size * size) as usize
}

/// The criterion group of the playouts measured on goishi alone.
pub fn goishi_only_group(size: u32) -> String {
    format!("goishi-playout/{size}x{size}")
}

/// The rules strings measured on goishi alone besides the contact-capture presets: Go on a
/// torus and on a hex board.
pub const GOISHI_ONLY_GO: [&str; 2] = ["go/chinese:board=torus", "go/chinese:board=hex"];

/// The file, under criterion's home, where the bench binary writes what criterion does not
/// record (memory, agreement of the engines).
pub const EXTRA_FILE: &str = "goishi-bench.json";

/// The environment variable that asks the bench binary for the [`paired`] measure of goishi
/// and go_game_board on both sizes, written to [`EXTRA_FILE`]: its value is the number of
/// rounds (`cargo xtask bench-report` sets it; a plain `cargo bench` does without).
pub const PAIRED_ROUNDS_ENV: &str = "GOISHI_BENCH_PAIRED_ROUNDS";

/// Seconds per engine and round of the [`paired`] measure.
pub const PAIRED_SECONDS: f64 = 0.25;

/// The rounds of the [`paired`] measure that [`PAIRED_ROUNDS_ENV`]'s value asks for: `None`
/// when it is not set, an error (naming the variable and the value) when it is not a whole
/// number of at least 1.
pub fn paired_rounds(value: Option<&str>) -> Result<Option<usize>, String> {
    let Some(text) = value else {
        return Ok(None);
    };
    match text.trim().parse::<usize>() {
        Ok(rounds) if rounds > 0 => Ok(Some(rounds)),
        _ => Err(format!(
            "{PAIRED_ROUNDS_ENV}={text:?}: expected a number of rounds, at least 1"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paired_rounds_from_the_environment() {
        // (the value, the rounds; `None` for a refusal)
        let cases = [
            (None, Some(None)),
            (Some("21"), Some(Some(21))),
            (Some(" 7 "), Some(Some(7))),
            (Some("0"), None),
            (Some("-3"), None),
            (Some("many"), None),
            (Some(""), None),
        ];
        for (value, want) in cases {
            let got = paired_rounds(value);
            assert_eq!(got.clone().ok(), want, "{value:?}");
            if let Err(message) = got {
                assert!(
                    message.contains(PAIRED_ROUNDS_ENV) && message.contains(value.unwrap()),
                    "{message}"
                );
            }
        }
    }

    #[test]
    fn pinned_versions_match_the_manifest() {
        let manifest = include_str!("../Cargo.toml");
        for peer in PEERS {
            let pin = format!("\"={}\"", peer.version);
            let line = manifest
                .lines()
                .find(|l| l.starts_with(peer.name) && l.contains('='))
                .unwrap_or_else(|| panic!("{} is not a dependency", peer.name));
            assert!(line.contains(&pin), "{line:?} does not pin {pin}");
        }
    }

    #[test]
    fn ids_are_distinct() {
        let mut ids: Vec<String> = Workload::ALL
            .iter()
            .flat_map(|w| {
                SIZES
                    .iter()
                    .flat_map(move |&s| w.engines().iter().map(move |e| w.id(s, e)))
            })
            .collect();
        let n = ids.len();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), n);
        assert_eq!(
            Workload::PlayoutSimple.id(9, GOISHI),
            "playout-simple/9x9/goishi"
        );
    }
}
