#!/usr/bin/env python3
"""Compares goishi's dead-stone estimate with GNU Go's own judgement.

GNU Go (``--level 1``) plays itself to two passes from a few random opening moves (so that
games differ), under Chinese and Japanese rules; then GNU Go's ``final_status_list dead`` and
``final_score`` are compared with those of ``goishi gtp`` (the default ``--dead estimate``)
replaying the same moves. For each game the script also asks goishi's count with every stone
alive (``--dead none``) and with GNU Go's dead stones marked (``goishi-dead``), which tells a
difference of judgement from a difference of counting rules.

Prints one line per game and a summary (Markdown) at the end; writes the SGF record and a
diagram of every game that differs into ``--out``. Deterministic for a seed: GNU Go runs with
``--seed``, goishi with ``--seed 0``.

Not run by CI (a few minutes a hundred 9x9 games). Example, the figures of docs/player.md:

    cargo build --release -p goishi-cli
    nice scripts/dead_vs_gnugo.py --games 100 --size 9 --seed 1 --out /tmp/dead9
"""

import argparse
import os
import random
import subprocess
import sys

COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


class Gtp:
    """A GTP engine in a child process."""

    def __init__(self, argv):
        self.argv = argv
        self.proc = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )

    def send(self, command):
        """Sends a command; returns its answer text, or raises on a `?` answer."""
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if line == "":
                raise RuntimeError(f"{self.argv[0]} closed its output after {command!r}")
            line = line.rstrip("\r\n")
            if line == "" and lines:
                break
            if line != "" or lines:
                lines.append(line)
        text = "\n".join(lines)
        if not text.startswith("="):
            raise RuntimeError(f"{self.argv[0]}: {command!r} answered {text!r}")
        return text[1:].strip()

    def close(self):
        try:
            self.send("quit")
        except (RuntimeError, BrokenPipeError):
            pass
        self.proc.wait()


def vertices(text):
    """The set of vertices of a final_status_list answer."""
    return {v.upper() for v in text.split()}


def score_value(result):
    """B+3.5 -> 3.5, W+2 -> -2, 0 -> 0 (Black's margin)."""
    result = result.strip()
    if result in ("0", "Draw", "Jigo"):
        return 0.0
    who, _, margin = result.partition("+")
    value = float(margin)
    return value if who.upper() == "B" else -value


def diagram(size, stones, gnugo_dead, goishi_dead):
    """The board, row 1 at the bottom: X O stones, x o the dead stones both engines agree on,
    G a stone only GNU Go calls dead, E a stone only goishi does."""
    rows = []
    for y in range(size, 0, -1):
        cells = []
        for x in range(size):
            v = f"{COLUMNS[x]}{y}"
            c = stones.get(v, ".")
            in_g, in_e = v in gnugo_dead, v in goishi_dead
            if in_g and in_e:
                c = c.lower()
            elif in_g:
                c = "G"
            elif in_e:
                c = "E"
            cells.append(c)
        rows.append(f"{y:2} " + " ".join(cells))
    rows.append("   " + " ".join(COLUMNS[:size]))
    return "\n".join(rows)


def stones_of(engine):
    stones = {}
    for color, mark in (("black", "X"), ("white", "O")):
        for v in engine.send(f"list_stones {color}").split():
            stones[v.upper()] = mark
    return stones


def play_gnugo_game(args, index, size, rules, rng):
    """GNU Go's self-play game: its moves (colour, vertex) and its judgement at the end, or
    None if a player resigned or the game hit the move cap."""
    komi = "7.5" if rules == "chinese" else "6.5"
    gnugo = Gtp(
        [
            args.gnugo,
            "--mode",
            "gtp",
            "--level",
            "1",
            f"--{rules}-rules",
            "--seed",
            str(args.seed * 100003 + index),
        ]
    )
    try:
        gnugo.send(f"boardsize {size}")
        gnugo.send("clear_board")
        gnugo.send(f"komi {komi}")
        moves = []
        color = "black"
        for _ in range(args.random_moves):
            empty = [f"{COLUMNS[x]}{y}" for x in range(size) for y in range(1, size + 1)]
            rng.shuffle(empty)
            for v in empty:
                if gnugo.send(f"is_legal {color} {v}") == "1":
                    gnugo.send(f"play {color} {v}")
                    moves.append((color, v))
                    break
            color = "white" if color == "black" else "black"
        passes = 0
        while passes < 2:
            if len(moves) > 3 * size * size:
                return None
            mv = gnugo.send(f"genmove {color}").upper()
            if mv == "RESIGN":
                return None
            moves.append((color, mv))
            passes = passes + 1 if mv == "PASS" else 0
            color = "white" if color == "black" else "black"
        dead = vertices(gnugo.send("final_status_list dead"))
        score = gnugo.send("final_score")
        sgf = gnugo.send("printsgf")
        return komi, moves, dead, score, sgf
    finally:
        gnugo.close()


def goishi_judgement(args, size, rules, komi, moves, dead_mode, marks=None):
    goishi = Gtp(
        [
            args.goishi,
            "gtp",
            "--rules",
            f"go/{rules}",
            "--size",
            str(size),
            "--seed",
            "0",
            "--dead",
            dead_mode,
        ]
    )
    try:
        goishi.send(f"komi {komi}")
        for color, mv in moves:
            goishi.send(f"play {color} {mv}")
        if marks:
            goishi.send("goishi-dead " + " ".join(sorted(marks)))
        dead = vertices(goishi.send("final_status_list dead"))
        score = goishi.send("final_score")
        stones = stones_of(goishi)
        return dead, score, stones
    finally:
        goishi.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--rules", default="chinese,japanese", help="alternated")
    parser.add_argument("--random-moves", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--gnugo", default="/usr/games/gnugo")
    parser.add_argument(
        "--goishi",
        default=os.path.join(
            os.path.dirname(os.path.abspath(__file__)), "..", "target", "release", "goishi"
        ),
    )
    parser.add_argument("--out", help="folder for the records and diagrams of the differences")
    args = parser.parse_args()
    rules_list = args.rules.split(",")
    if args.out:
        os.makedirs(args.out, exist_ok=True)
    totals = {"games": 0, "dead": 0, "score": 0, "both": 0, "plain": 0, "marked": 0}
    skipped = 0
    differ = []
    index = 0
    while totals["games"] < args.games:
        index += 1
        rules = rules_list[(index - 1) % len(rules_list)]
        rng = random.Random(args.seed * 1000003 + index)
        game = play_gnugo_game(args, index, args.size, rules, rng)
        if game is None:
            skipped += 1
            continue
        komi, moves, g_dead, g_score, sgf = game
        e_dead, e_score, stones = goishi_judgement(args, args.size, rules, komi, moves, "estimate")
        _, plain_score, _ = goishi_judgement(args, args.size, rules, komi, moves, "none")
        if g_dead:
            _, marked_score, _ = goishi_judgement(
                args, args.size, rules, komi, moves, "none", marks=g_dead
            )
        else:
            marked_score = plain_score
        same_dead = g_dead == e_dead
        g_value = score_value(g_score)
        same_score = g_value == score_value(e_score)
        totals["games"] += 1
        totals["dead"] += same_dead
        totals["score"] += same_score
        totals["both"] += same_dead and same_score
        totals["plain"] += g_value == score_value(plain_score)
        totals["marked"] += g_value == score_value(marked_score)
        verdict = "same" if same_dead and same_score else "DIFFERENT"
        print(
            f"game {index:3} {rules:8} {len(moves):3} moves  GNU Go {g_score:>7} "
            f"dead {len(g_dead):2}  goishi {e_score:>7} dead {len(e_dead):2}  "
            f"(none {plain_score}, GNU Go's marked {marked_score})  {verdict}",
            flush=True,
        )
        if not (same_dead and same_score):
            picture = diagram(args.size, stones, g_dead, e_dead)
            differ.append((index, rules, g_score, e_score, g_dead, e_dead, picture))
            if args.out:
                name = os.path.join(args.out, f"game-{index:03}-{rules}")
                with open(name + ".sgf", "w") as f:
                    f.write(sgf + "\n")
                with open(name + ".txt", "w") as f:
                    f.write(picture + "\n")
    n = totals["games"]
    print()
    print(
        f"{n} games of {args.size}x{args.size} ({', '.join(rules_list)}, {args.random_moves} "
        f"random opening moves, seed {args.seed}; {skipped} skipped: a resignation or the "
        f"move cap)"
    )
    print()
    print("| | games | share |")
    print("|---|---:|---:|")
    for key, label in (
        ("dead", "same dead set"),
        ("score", "same final_score"),
        ("both", "same dead set and final_score"),
        ("plain", "same final_score, goishi --dead none"),
        ("marked", "same final_score, GNU Go's dead stones marked in goishi"),
    ):
        print(f"| {label} | {totals[key]} of {n} | {100.0 * totals[key] / max(n, 1):.0f}% |")
    for index, rules, g_score, e_score, g_dead, e_dead, picture in differ:
        print()
        print(f"game {index} ({rules}): GNU Go {g_score}, goishi {e_score}")
        print(f"  only GNU Go: {' '.join(sorted(g_dead - e_dead)) or '-'}")
        print(f"  only goishi: {' '.join(sorted(e_dead - g_dead)) or '-'}")
        print(picture)
    return 0


if __name__ == "__main__":
    sys.exit(main())
