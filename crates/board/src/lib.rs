//! The core of goishi: geometry, points and their names, stones, Zobrist hashing, text
//! diagrams, the position trait every variant implements, typed errors, and the variant
//! registry.
//!
//! This crate knows no rule family: rule crates (`goishi-go-rules`,
//! `goishi-contact-capture`, ...) implement [`Position`] and [`FromSetup`], and declare their
//! variants with [`declare_variants!`].

#![deny(missing_docs)]

mod board;
mod color;
mod declare;
mod diagram;
mod geometry;
mod legal;
mod options;
pub mod playout;
mod point;
mod position;
mod rules;
mod setup;
mod suggest;

pub use board::{cell_of, color_of, Board, BLACK, EMPTY, WHITE};
pub use color::{Color, ParseColorError};
pub use declare::{docs_problems, DOCS_HEADINGS};
pub use diagram::{Diagram, DiagramError};
pub use geometry::{
    column_name, parse_size, size_text, Adjacency, BoardKind, Geometry, GeometryError,
    NeighborTable, ParseBoardKindError, PointError, Topology, MAX_GRAPH_POINTS, MAX_SIDE,
    SGF_LETTERS, SIDE_TO_MOVE_KEY,
};
pub use legal::{write_mask, LegalCache};
pub use options::{format_halves, parse_halves, BadValue, OptionKind, OptionSpec};
pub use playout::PlayoutPosition;
pub use point::{Move, MoveName, Point, Turn};
pub use position::{
    GameResult, IllegalMove, Margin, MoveEffect, ParseReasonError, ParseResultError, PlayError,
    Position, Score,
};
pub use rules::{
    install_registry, inventory_is_empty, normalize_name, panic_message, registry, shorten,
    Capabilities, ForeignRules, Registry, RegistryHook, Rules, RulesError, RulesSyntax,
    VariantInfo,
};
pub use setup::{
    new_boxed, parse_turn, FamilyError, FromSetup, GameRecord, RecordError, Setup, SetupError,
    SetupErrors,
};
pub use suggest::{closest, Hint};

#[doc(hidden)]
pub use inventory;
