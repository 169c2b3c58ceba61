//! The conformance case format and runner.
