//! The handlers of the commands, one module per dialect that defines them. Each is a
//! function of one form ([`crate::gtp::commands::Handler`]): it takes the engine, its
//! arguments (counted already by the table) and the [`crate::gtp::engine::Controller`],
//! validates everything before it changes anything, and returns its answer as a value; the
//! few that answer as they go (the analyses) send their lines through the controller, and
//! none writes GTP's wire format (`=`, `?`, the empty line), which is the framing's.

pub(crate) mod analysis;
pub(crate) mod core;
pub(crate) mod gnugo;
pub(crate) mod gogui;
pub(crate) mod goishi;
pub(crate) mod katago;
