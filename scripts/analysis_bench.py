#!/usr/bin/env python3
"""Playouts a second of ``goishi analysis`` against ``goishi gtp``'s genmove, on the same threads.

The positions are the first 100 of one 19x19 game (``goishi selfplay --seed``, Chinese rules).
``goishi analysis --threads T`` gets 100 queries, one a position, at ``maxVisits`` 200, all at
once; ``goishi gtp --threads T --playouts 200`` is asked ``genmove`` at each position (then
``undo`` and the game's move). Both are timed as whole processes (start, every answer, exit),
pinned to the same processors with ``taskset``, the runs of the two interleaved; the
playouts a second of CPU time (user and system, of the whole process) are printed too, a
figure that another load on the machine changes less. The target of the analysis engine: at least
90 % of the playouts a second that genmove reaches.

Not run by CI (a minute or two). Example:

    cargo build --release -p goishi-cli
    scripts/analysis_bench.py --goishi target/release/goishi --cpus 0,1 --threads 1 2
"""

import argparse
import json
import re
import resource
import subprocess
import sys
import time

COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def game_moves(goishi, seed, count):
    """The first `count` moves of a 19x19 self-play game, as (colour, GTP vertex)."""
    sgf = subprocess.run(
        [goishi, "selfplay", "--rules", "go/chinese", "--size", "19", "--games", "1",
         "--seed", str(seed), "--jobs", "1"],
        check=True, capture_output=True, text=True).stdout
    moves = []
    for colour, coord in re.findall(r";([BW])\[([a-s]{0,2})\]", sgf):
        if coord == "":
            vertex = "pass"
        else:
            x, y = ord(coord[0]) - ord("a"), ord(coord[1]) - ord("a")
            vertex = f"{COLUMNS[x]}{19 - y}"
        moves.append((colour, vertex))
        if len(moves) == count:
            break
    if len(moves) < count:
        sys.exit(f"the game has {len(moves)} moves, fewer than {count}")
    return moves


def cpu_seconds():
    """User and system time of the finished children so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def pinned(cpus, argv):
    return (["taskset", "-c", cpus] if cpus else []) + argv


def run_analysis(goishi, cpus, threads, moves, visits):
    queries = []
    for k in range(len(moves)):
        queries.append(json.dumps({
            "id": f"q{k}", "rules": "chinese", "komi": 7.5, "boardXSize": 19, "boardYSize": 19,
            "moves": [list(m) for m in moves[:k]], "maxVisits": visits}))
    data = "\n".join(queries) + "\n"
    start = time.monotonic()
    out = subprocess.run(pinned(cpus, [goishi, "analysis", "--threads", str(threads)]),
                         input=data, check=True, capture_output=True, text=True).stdout
    seconds = time.monotonic() - start
    answers = [json.loads(line) for line in out.splitlines()]
    finals = [a for a in answers if a.get("isDuringSearch") is False]
    errors = [a for a in answers if "error" in a]
    if errors or len(finals) != len(moves):
        sys.exit(f"analysis: {len(finals)} answers, errors {errors[:3]}")
    playouts = sum(a["rootInfo"]["visits"] for a in finals)
    return playouts, seconds


def run_gtp(goishi, cpus, threads, moves, visits):
    lines = []
    for colour, vertex in moves:
        lines += [f"genmove {colour}", "undo", f"play {colour} {vertex}"]
    lines.append("quit")
    data = "\n".join(["boardsize 19", "clear_board", "komi 7.5"] + lines) + "\n"
    start = time.monotonic()
    out = subprocess.run(
        pinned(cpus, [goishi, "gtp", "--rules", "go/chinese", "--threads", str(threads),
                      "--playouts", str(visits), "--resign", "0"]),
        input=data, check=True, capture_output=True, text=True).stdout
    seconds = time.monotonic() - start
    if "?" in "".join(line[:1] for line in out.splitlines()):
        sys.exit(f"gtp: an error: {out[:500]}")
    return visits * len(moves), seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--goishi", default="target/release/goishi")
    parser.add_argument("--cpus", default="0,1", help="taskset's list; empty: no pinning")
    parser.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--visits", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="runs of each; the best counts")
    args = parser.parse_args()
    moves = game_moves(args.goishi, args.seed, args.positions)
    print(f"{args.positions} positions of a 19x19 game (selfplay seed {args.seed}), "
          f"{args.visits} playouts each, taskset -c {args.cpus or '(none)'}")
    rows = []
    for threads in args.threads:
        best = {"analysis": 0.0, "gtp": 0.0}
        per_cpu = {"analysis": 0.0, "gtp": 0.0}
        # Interleaved, so that a change in the machine's load falls on both.
        for _ in range(args.repeat):
            for name, run in (("analysis", run_analysis), ("gtp", run_gtp)):
                before = cpu_seconds()
                playouts, seconds = run(args.goishi, args.cpus, threads, moves, args.visits)
                cpu = cpu_seconds() - before
                best[name] = max(best[name], playouts / seconds)
                per_cpu[name] = max(per_cpu[name], playouts / cpu)
        rows.append((threads, best, per_cpu))
    print("| threads | analysis playouts/s | genmove playouts/s | ratio "
          "| analysis playouts/CPU s | genmove playouts/CPU s | ratio |")
    print("|---|---|---|---|---|---|---|")
    for threads, best, per_cpu in rows:
        print(f"| {threads} | {best['analysis']:.0f} | {best['gtp']:.0f} "
              f"| {best['analysis'] / best['gtp']:.2f} | {per_cpu['analysis']:.0f} "
              f"| {per_cpu['gtp']:.0f} | {per_cpu['analysis'] / per_cpu['gtp']:.2f} |")


if __name__ == "__main__":
    main()
