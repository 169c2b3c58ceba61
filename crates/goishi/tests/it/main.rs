//! The integration tests of the facade, in one binary (one link rather than one a file, which
//! counts: `.ci/run` runs them for every combination of the family features), a module each:
//! the registered variants are those of the enabled features (`registry`), and a setup on a
//! board its rules do not name is refused in every family (`setup`).

mod registry;
mod setup;
