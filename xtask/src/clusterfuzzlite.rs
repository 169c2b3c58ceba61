//! `cargo xtask clusterfuzzlite`: `.clusterfuzzlite/build.sh` run as ClusterFuzzLite's
//! `compile` runs it, without Docker, so that CI catches a broken build script. `compile`
//! runs `bash -eu $SRC/build.sh` in the repository's root with the nightly toolchain and
//! `OUT`, `SRC` and `WORK` set; here they are folders under `target/clusterfuzzlite/`
//! (`OUT` emptied first), the toolchain is the nightly of the libFuzzer targets
//! ([`libfuzzer::toolchain`]), and the script gets `--sanitizer none`: the same build as
//! `cargo xtask fuzz --libfuzzer` makes (release, debug assertions, comparison tracing, no
//! sanitizer, `fuzz/target/`), so the smoke run after it in `cargo xtask test` builds
//! nothing again. Then `OUT` must hold each target of [`libfuzzer::TARGETS`] and its seed
//! corpus.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

use crate::libfuzzer;
use crate::wasm_check::target_dir;
use crate::web::root;

/// Parses the options of `clusterfuzzlite`: none.
pub fn parse(args: &[String]) -> Result<(), String> {
    match args.first() {
        None => Ok(()),
        Some(other) => Err(format!("unknown option {other:?}")),
    }
}

/// What ClusterFuzzLite must find in `out` after the build: each target's binary and seed
/// corpus, each missing file named.
pub fn missing_outputs(out: &Path, targets: &[&str]) -> Vec<String> {
    targets
        .iter()
        .flat_map(|t| [(*t).to_owned(), format!("{t}_seed_corpus.zip")])
        .filter(|name| !out.join(name).is_file())
        .collect()
}

/// The folder of `OUT`, `SRC` and `WORK`.
fn base() -> PathBuf {
    target_dir().join("clusterfuzzlite")
}

fn build() -> Result<(), String> {
    if let Some(why) = libfuzzer::missing_tools() {
        return Err(why);
    }
    let started = Instant::now();
    let base = base();
    let out = base.join("out");
    if out.exists() {
        std::fs::remove_dir_all(&out)
            .map_err(|e| format!("cannot empty {}: {e}", out.display()))?;
    }
    for dir in ["out", "src", "work"] {
        let dir = base.join(dir);
        std::fs::create_dir_all(&dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let status = Command::new("bash")
        .args(["-eu", ".clusterfuzzlite/build.sh", "--sanitizer", "none"])
        .current_dir(root())
        .env("OUT", &out)
        .env("SRC", base.join("src"))
        .env("WORK", base.join("work"))
        // The nightly cargo and rustc through rustup's proxies, as in the builder image; not
        // the stable ones this run inherited.
        .env("RUSTUP_TOOLCHAIN", libfuzzer::toolchain())
        .env_remove("CARGO")
        .env_remove("RUSTC")
        .env_remove("RUSTDOC")
        .status()
        .map_err(|e| format!("cannot run bash: {e}"))?;
    if !status.success() {
        return Err(format!(".clusterfuzzlite/build.sh failed ({status})"));
    }
    let missing = missing_outputs(&out, libfuzzer::TARGETS);
    if !missing.is_empty() {
        return Err(format!(
            ".clusterfuzzlite/build.sh left out of {}: {}",
            out.display(),
            missing.join(", ")
        ));
    }
    println!(
        "clusterfuzzlite: build.sh built the {} targets into {} ({:.0} s)",
        libfuzzer::TARGETS.len(),
        out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

pub fn run() -> ExitCode {
    match build() {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("xtask clusterfuzzlite: {why}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_outputs_are_named() {
        let out = std::env::temp_dir().join(format!("goishi-cflite-out-{}", std::process::id()));
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(out.join("rules"), "").unwrap();
        std::fs::write(out.join("rules_seed_corpus.zip"), "").unwrap();
        std::fs::write(out.join("sgf"), "").unwrap();
        let missing = missing_outputs(&out, &["rules", "sgf", "gtp"]);
        std::fs::remove_dir_all(&out).unwrap();
        assert_eq!(
            missing,
            ["sgf_seed_corpus.zip", "gtp", "gtp_seed_corpus.zip"]
        );
    }

    #[test]
    fn the_build_script_builds_every_target_of_fuzz() {
        let script = std::fs::read_to_string(root().join(".clusterfuzzlite/build.sh")).unwrap();
        // It finds the targets by their sources, which are the [[bin]]s of fuzz/Cargo.toml
        // (libfuzzer's tests), and builds them the way the smoke run does.
        assert!(script.contains("for source in fuzz/fuzz_targets/*.rs"));
        assert!(script.contains("cargo fuzz build -O --debug-assertions \"$@\""));
        let dockerfile =
            std::fs::read_to_string(root().join(".clusterfuzzlite/Dockerfile")).unwrap();
        assert!(dockerfile.contains("COPY .clusterfuzzlite/build.sh $SRC/"));
        let project =
            std::fs::read_to_string(root().join(".clusterfuzzlite/project.yaml")).unwrap();
        assert!(project.lines().any(|l| l == "language: rust"));
    }

    #[test]
    fn options_parse() {
        assert_eq!(parse(&[]), Ok(()));
        assert!(parse(&["--sanitizer".to_owned()]).is_err());
    }
}
