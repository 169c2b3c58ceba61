//! The `wheel` and `sdist` parts: the Python package `goishi` (crates/python) as PyPI serves
//! it, in `target/dist/wheels/`.
//!
//! Both are made by the pinned maturin of `crates/python/requirements-dist.txt`, in the tool
//! environment `target/dist-venv` (kept between runs; pip adds only what is missing). The
//! wheel is built for the stable ABI (abi3, CPython 3.9 on) and Linux x86_64 with `--zig`:
//! PyPI's `ziglang` (pinned there too) links against the glibc of manylinux2014 (2.17),
//! whatever the machine's, and maturin's own audit (`--auditwheel check`) fails the build
//! when the library needs more than that policy allows. It must stay within
//! [`WHEEL_LIMIT`] bytes.
//!
//! The wheel is checked by [`crate::python::test_wheel`]: installed into a fresh environment
//! with no Rust toolchain on the PATH, then the Python tests run against it. The sdist is
//! checked by installing it from the tarball alone in another environment (pip builds it
//! with cargo, in the dev profile to save time: that it builds is what is checked; in a fresh
//! target folder, as a user's pip does), then playing a move with the installed package.

use std::path::{Path, PathBuf};

use super::{empty_folder, files_ending, Dist, Part};
use crate::venv::{timed, Venv};

pub const WHEEL: Part = Part {
    name: "wheel",
    what: "the abi3 manylinux2014 wheel for Linux x86_64",
    build: build_wheel,
    check: check_wheel,
};

pub const SDIST: Part = Part {
    name: "sdist",
    what: "the Python package's source distribution",
    build: build_sdist,
    check: check_sdist,
};

/// The most bytes the wheel may have (8 MB).
pub const WHEEL_LIMIT: u64 = 8_000_000;

/// The manylinux policy the wheel is built for: glibc 2.17.
const MANYLINUX: &str = "manylinux2014";

/// The pins of the tools that build the artefacts (maturin, ziglang).
pub const REQUIREMENTS_DIST: &str = "crates/python/requirements-dist.txt";

/// The Python package's manifest.
const MANIFEST: &str = "crates/python/Cargo.toml";

/// The tool environment: maturin and ziglang at their pins.
fn tools(dist: &Dist) -> Result<Venv, String> {
    let venv = Venv::reuse("dist", &dist.target.join("dist-venv"))?;
    venv.pip_install(
        "dist",
        &format!("pip install -r {REQUIREMENTS_DIST} (maturin, ziglang)"),
        &dist.root,
        true,
        &["-r", REQUIREMENTS_DIST],
    )?;
    Ok(venv)
}

/// Removes the files of `folder` ending with `suffix` (the part's own artefacts; the other
/// part's stay), making the folder if it is missing.
fn clear(folder: &Path, suffix: &str) -> Result<(), String> {
    if !folder.exists() {
        return empty_folder(folder);
    }
    for file in files_ending(folder, suffix)? {
        std::fs::remove_file(&file)
            .map_err(|e| format!("cannot remove {}: {e}", file.display()))?;
    }
    Ok(())
}

/// The one file of `folder` ending with `suffix`.
fn only_file(folder: &Path, suffix: &str) -> Result<PathBuf, String> {
    let files = files_ending(folder, suffix)?;
    match files.as_slice() {
        [file] => Ok(file.clone()),
        [] => Err(format!(
            "no *{suffix} in {} (build it first)",
            folder.display()
        )),
        _ => Err(format!(
            "{} files *{suffix} in {}, where one was expected",
            files.len(),
            folder.display()
        )),
    }
}

/// The wheel of `target/dist/wheels/`.
pub fn wheel(dist: &Dist) -> Result<PathBuf, String> {
    only_file(&dist.out("wheels"), ".whl")
}

/// Whether a wheel's file name has the tags it must have: abi3, manylinux2014 (or
/// manylinux_2_17), x86_64.
pub fn wheel_tags_ok(name: &str) -> bool {
    name.contains("-abi3-")
        && (name.contains("manylinux2014_x86_64") || name.contains("manylinux_2_17_x86_64"))
        && name.ends_with(".whl")
}

fn build_wheel(dist: &Dist) -> Result<(), String> {
    let venv = tools(dist)?;
    let out = dist.out("wheels");
    clear(&out, ".whl")?;
    let mut maturin = venv.command("maturin", &dist.root);
    maturin
        .args(["build", "--release", "--zig", "--auditwheel", "check"])
        .args(["--compatibility", MANYLINUX, "-m", MANIFEST, "--out"])
        .arg(&out);
    if !crate::venv::terminal() {
        maturin.arg("--quiet");
    }
    timed(
        "dist",
        &format!("maturin build --release --zig --compatibility {MANYLINUX} --auditwheel check"),
        &mut maturin,
    )?;
    let wheel = wheel(dist)?;
    let name = wheel
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if !wheel_tags_ok(&name) {
        return Err(format!(
            "the wheel {name} is not tagged abi3 and {MANYLINUX} x86_64"
        ));
    }
    let size = std::fs::metadata(&wheel)
        .map_err(|e| format!("cannot read {}: {e}", wheel.display()))?
        .len();
    println!(
        "dist: {} ({:.2} MB, the limit {} MB)",
        wheel.display(),
        size as f64 / 1e6,
        WHEEL_LIMIT / 1_000_000
    );
    if size > WHEEL_LIMIT {
        return Err(format!(
            "the wheel {name} has {size} bytes, over the limit of {WHEEL_LIMIT}"
        ));
    }
    Ok(())
}

fn check_wheel(dist: &Dist) -> Result<(), String> {
    crate::python::test_wheel(dist, &wheel(dist)?)
}

/// The sdist of `target/dist/wheels/`.
fn sdist(dist: &Dist) -> Result<PathBuf, String> {
    only_file(&dist.out("wheels"), ".tar.gz")
}

fn build_sdist(dist: &Dist) -> Result<(), String> {
    let venv = tools(dist)?;
    let out = dist.out("wheels");
    clear(&out, ".tar.gz")?;
    timed(
        "dist",
        "maturin sdist",
        venv.command("maturin", &dist.root)
            .args(["sdist", "-m", MANIFEST, "--out"])
            .arg(&out),
    )?;
    println!("dist: {}", sdist(dist)?.display());
    Ok(())
}

fn check_sdist(dist: &Dist) -> Result<(), String> {
    let tarball = sdist(dist)?;
    let venv = Venv::fresh("dist", &dist.scratch("sdist-venv"))?;
    let ci = crate::python::REQUIREMENTS_CI;
    // The build backend and numpy at their pins; the tarball then builds without isolation.
    venv.pip_install(
        "dist",
        "pip install maturin numpy (pinned)",
        &dist.root,
        true,
        &["-c", REQUIREMENTS_DIST, "-c", ci, "maturin", "numpy"],
    )?;
    let away = dist.scratch("sdist-run");
    empty_folder(&away)?;
    // pip unpacks the tarball into a temporary folder, there under target/, and maturin
    // builds in a target folder inside it: a fresh one. A target folder kept between runs (or
    // the workspace's) would be wrong: the tarball's files all carry one fixed date, older
    // than any build, so cargo would take what it built before for the tarball's build.
    let tmp = dist.scratch("sdist-tmp");
    empty_folder(&tmp)?;
    let tarball_arg = tarball.to_string_lossy().into_owned();
    let mut pip = venv.command("pip", &away);
    pip.args(["install", "-q", "--no-build-isolation", "-c"])
        .arg(dist.root.join(ci))
        .arg(&tarball_arg)
        .env("MATURIN_PEP517_ARGS", "--profile dev")
        .env("TMPDIR", &tmp)
        .env_remove("CARGO_TARGET_DIR")
        .env_remove("CARGO_BUILD_TARGET_DIR");
    timed(
        "dist",
        &format!("pip install {tarball_arg} (maturin builds it with cargo, dev profile)"),
        &mut pip,
    )?;
    timed(
        "dist",
        "import goishi from the sdist's install and play a move",
        venv.command("python", &away)
            .args(["-c", crate::python::INSTALLED_CHECK])
            .arg(venv.dir()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wheel_tags() {
        assert!(wheel_tags_ok(
            "goishi-0.1.0-cp39-abi3-manylinux2014_x86_64.manylinux_2_17_x86_64.whl"
        ));
        assert!(wheel_tags_ok(
            "goishi-0.1.0-cp39-abi3-manylinux_2_17_x86_64.whl"
        ));
        assert!(!wheel_tags_ok("goishi-0.1.0-cp311-cp311-linux_x86_64.whl"));
        assert!(!wheel_tags_ok(
            "goishi-0.1.0-cp39-abi3-manylinux_2_34_x86_64.whl"
        ));
    }

    #[test]
    fn the_tools_are_pinned() {
        let text = std::fs::read_to_string(crate::test::root().join(REQUIREMENTS_DIST)).unwrap();
        let pins: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect();
        assert_eq!(pins.len(), 2, "{pins:?}");
        assert!(pins[0].starts_with("maturin=="), "{pins:?}");
        assert!(pins[1].starts_with("ziglang=="), "{pins:?}");
    }
}
