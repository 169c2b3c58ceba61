//! The handlers of the commands, one module per dialect that defines them. Each handler
//! takes the engine and its arguments (counted already by the table) and validates
//! everything before it changes anything.

pub(crate) mod analysis;
pub(crate) mod core;
pub(crate) mod gnugo;
pub(crate) mod gogui;
pub(crate) mod goishi;
pub(crate) mod katago;
