//! goishi: a rules engine for Go and Go-like capture games.
