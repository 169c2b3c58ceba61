#!/bin/bash -eu
# ClusterFuzzLite's build of goishi's fuzz targets: every cargo-fuzz target of fuzz/, built
# once, copied into $OUT with its seed corpus. The Dockerfile beside it copies this file to
# $SRC/build.sh, and ClusterFuzzLite's `compile` runs it in the WORKDIR, the repository's root
# ($SRC/goishi), with the nightly toolchain, cargo-fuzz and the sanitizer's RUSTFLAGS set.
#
# For each TARGET (a file fuzz/fuzz_targets/TARGET.rs, a [[bin]] of fuzz/Cargo.toml):
#   $OUT/TARGET                    the libFuzzer binary
#   $OUT/TARGET_seed_corpus.zip    the committed corpus fuzz/corpus/TARGET/, flat
#   $OUT/TARGET.dict               fuzz/TARGET.dict, if there is one
#
# Arguments are passed on to `cargo fuzz build`: none on ClusterFuzzLite (its sanitizer,
# address, is cargo-fuzz's default). `cargo xtask test` runs this script without Docker
# (`cargo xtask clusterfuzzlite`: OUT and SRC under target/, `--sanitizer none`), so that a
# broken build is caught in CI and its libFuzzer smoke run reuses the build.
set -euo pipefail

if [ ! -f fuzz/Cargo.toml ]; then
    echo "build.sh: no fuzz/Cargo.toml in $(pwd): run it from goishi's root" >&2
    exit 1
fi
: "${OUT:?build.sh: OUT must name the folder the fuzz targets are copied to}"
mkdir -p "${OUT}"
OUT="$(cd "${OUT}" && pwd)"

# Release build (-O) with debug assertions and overflow checks (-O alone turns them off):
# the targets' properties are checked by assertions, and an overflow is a finding.
cargo fuzz build -O --debug-assertions "$@"

# Where cargo put the binaries: cargo-fuzz builds for the host, into fuzz/target/ unless
# CARGO_TARGET_DIR says otherwise.
triple="$(rustc -vV | sed -n 's/^host: //p')"
release="${CARGO_TARGET_DIR:-fuzz/target}/${triple}/release"

targets=0
for source in fuzz/fuzz_targets/*.rs; do
    target="$(basename "${source}" .rs)"
    if [ ! -x "${release}/${target}" ]; then
        echo "build.sh: the fuzz target ${target} (${source}) was not built: no ${release}/${target}" >&2
        exit 1
    fi
    cp "${release}/${target}" "${OUT}/${target}"
    seeds="fuzz/corpus/${target}"
    if [ -d "${seeds}" ]; then
        rm -f "${OUT}/${target}_seed_corpus.zip"
        (cd "${seeds}" && zip -q -r "${OUT}/${target}_seed_corpus.zip" .)
    fi
    if [ -f "fuzz/${target}.dict" ]; then
        cp "fuzz/${target}.dict" "${OUT}/${target}.dict"
    fi
    targets=$((targets + 1))
done
echo "build.sh: ${targets} fuzz targets and their seed corpora in ${OUT}"
