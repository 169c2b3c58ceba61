#!/usr/bin/env python3
"""Streaming analysis against genmove, through `goishi gtp` as a GUI drives it.

For each position of a 19x19 game (the moves of a seeded `goishi selfplay` game, every
`--every`th position), on one engine process:

- the time from sending `kata-analyze 10 rootInfo true` to its first `info` line (Sabaki and
  Lizzie draw it; the issue's target is 0.15 s), then the playouts a second while it streams
  (from `rootInfo visits` over the time between the first and the last line of a
  `--seconds`-long analysis);
- the playouts a second of `genmove` on the same position (`--playouts N`, timed whole from
  the command to its answer, then taken back with `undo`).

Both on the same threads (`--threads`, default 1) of the same process, pinned with taskset
when it is there. Prints a table and the ratio. Usage:

    cargo build --release -p goishi-cli
    python3 scripts/gtp_analysis_bench.py [--goishi target/release/goishi] [--positions 10]
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import time


def game_moves(goishi, seed, size):
    sgf = subprocess.run(
        [goishi, "selfplay", "--rules", "go/chinese", "--size", str(size), "--games", "1",
         "--seed", str(seed), "--jobs", "1"],
        check=True, capture_output=True, text=True).stdout
    moves = re.findall(r";([BW])\[([a-z]{0,2})\]", sgf)
    letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
    out = []
    for color, xy in moves:
        if not xy:
            out.append((color, "pass"))
            continue
        x, y = ord(xy[0]) - 97, ord(xy[1]) - 97
        out.append((color, f"{letters[x]}{size - y}"))
    return out


class Engine:
    def __init__(self, command):
        self.p = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def line(self):
        return self.p.stdout.readline().rstrip("\n")

    def ok(self, line):
        self.send(line)
        head = self.line()
        assert head.startswith("="), (line, head)
        lines = [head[1:].strip()]
        while True:
            l = self.line()
            if l == "":
                return "\n".join(lines).strip()
            lines.append(l)

    def close(self):
        self.send("quit")
        self.p.wait()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--goishi", default="target/release/goishi")
    ap.add_argument("--positions", type=int, default=10)
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--playouts", type=int, default=4000)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--size", type=int, default=19)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    moves = game_moves(args.goishi, args.seed, args.size)
    command = [args.goishi, "gtp", "--rules", "go/chinese", "--size", str(args.size),
               "--threads", str(args.threads), "--playouts", str(args.playouts),
               "--resign", "0"]
    if shutil.which("taskset") and args.threads == 1:
        command = ["taskset", "-c", "0"] + command
    engine = Engine(command)
    step = max(1, len(moves) // args.positions)
    rows = []
    for turn in range(0, min(len(moves), step * args.positions), step):
        engine.ok("clear_board")
        for color, v in moves[:turn]:
            engine.ok(f"play {color} {v}")
        to_move = "b" if turn % 2 == 0 else "w"
        # Analysis: the first line's latency, then the playouts a second while streaming.
        start = time.perf_counter()
        engine.send(f"kata-analyze {to_move} 10 rootInfo true")
        assert engine.line() == "="
        samples = []
        while True:
            l = engine.line()
            now = time.perf_counter()
            visits = int(re.search(r"rootInfo visits (\d+)", l).group(1))
            samples.append((now, visits))
            if now - start >= args.seconds:
                break
        engine.send("stop")
        while engine.line() != "":
            pass
        assert engine.line().startswith("=")
        engine.line()
        first = samples[0][0] - start
        (t0, v0), (t1, v1) = samples[0], samples[-1]
        streaming = (v1 - v0) / (t1 - t0)
        # genmove on the same position, tree cleared first (analysis kept one).
        engine.ok("clear_board")
        for color, v in moves[:turn]:
            engine.ok(f"play {color} {v}")
        start = time.perf_counter()
        engine.ok(f"genmove {to_move}")
        elapsed = time.perf_counter() - start
        text = engine.ok("goishi-top_moves").splitlines()[-1]
        playouts = int(re.search(r"TEXT (\d+) playouts", text).group(1))
        genmove = playouts / elapsed
        rows.append((turn, first, streaming, genmove))
        print(f"move {turn:3d}: first line {first * 1000:6.1f} ms, streaming "
              f"{streaming:8.0f} playouts/s, genmove {genmove:8.0f} playouts/s, "
              f"ratio {streaming / genmove:.2f}", flush=True)
    engine.close()
    firsts = [r[1] for r in rows]
    ratio = sum(r[2] for r in rows) / sum(r[3] for r in rows)
    print(f"\nfirst info line: median {statistics.median(firsts) * 1000:.1f} ms, "
          f"max {max(firsts) * 1000:.1f} ms (target 150 ms)")
    print(f"streaming / genmove playouts a second: {ratio:.3f} (target 0.90)")
    print(f"machine: {os.cpu_count()} cores; {' '.join(command)}")


if __name__ == "__main__":
    sys.exit(main())
