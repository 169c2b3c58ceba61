//! The integration tests of `goishi-capture-go`, in one binary (one link rather than one a
//! file), a module each: the case files and universal suites (`conformance`), and what the
//! case files cannot say (`position`).

mod conformance;
mod position;
