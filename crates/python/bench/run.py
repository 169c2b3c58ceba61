"""Runs the Python benchmark in a virtual environment of its own and writes
docs/python-benchmarks.md.

    python3 crates/python/bench/run.py [bench.py's options]

Makes ``target/python-bench/venv`` (once), installs the pinned peers of
``requirements.txt`` beside this file and goishi from this tree (``pip install
./crates/python``, a release build by maturin), then runs ``bench.py`` with the page as its
output. Nothing is installed outside the virtual environment.
"""

import subprocess
import sys
import venv
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
VENV = ROOT / "target" / "python-bench" / "venv"


def run(*args):
    print("+", " ".join(str(a) for a in args), flush=True)
    subprocess.run([str(a) for a in args], check=True, cwd=ROOT)


def main():
    if not (VENV / "bin" / "python").exists():
        venv.create(VENV, with_pip=True)
    python = VENV / "bin" / "python"
    run(python, "-m", "pip", "install", "-q", "-r", HERE / "requirements.txt")
    run(python, "-m", "pip", "install", "-q", ROOT / "crates" / "python")
    out = ROOT / "docs" / "python-benchmarks.md"
    run(python, HERE / "bench.py", "--out", out, *sys.argv[1:])
    print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
