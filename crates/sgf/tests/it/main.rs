//! The integration tests of `goishi-sgf`, in one binary (one link rather than one a file), a
//! module each: the reader's two paths against each other (`main_line`), and reading and
//! writing records (`read_write`; the records in `tests/records/`).

mod main_line;
mod read_write;
