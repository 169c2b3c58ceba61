"""The cost of ``Game.play`` + ``Game.legal_mask()`` from Python (a measurement, not a test).

Plays ``--games`` seeded random 9x9 games once to record their moves, then replays them,
timing per move: ``play(action)`` then ``legal_mask()``; each alone; and two baselines measured
in the same run (a Python call of a no-op lambda, and numpy's ``a[:]``, the cheapest array a
function can hand back), so that a loaded machine's figures can be read as ratios. Each figure
is the best of ``--repeats`` rounds.

    python crates/python/bench/game_speed.py [--rules chinese] [--size 9]

``--replay N`` only replays the games N times (``Game`` + ``play`` + ``legal_mask()``, untimed),
for an instruction count that does not depend on the machine's load: the difference of two
``valgrind --tool=callgrind`` runs, ``--replay 1`` and ``--replay 2``, is one replay's cost.
"""

import argparse
import time
import timeit

import numpy as np

import goishi


def record(rules, size, games, seed):
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(games):
        g = goishi.Game(rules, size=size)
        actions = []
        while not g.is_over and len(actions) < 3 * g.num_points:
            legal = np.flatnonzero(g.legal_mask())
            if len(legal) > 1:
                legal = legal[legal != g.num_points]
            a = int(legal[rng.integers(len(legal))])
            g.play(a)
            actions.append(a)
        out.append(actions)
    return out


def per_move(rules, size, games, body):
    moves = sum(len(a) for a in games)
    started = time.perf_counter()
    for actions in games:
        g = goishi.Game(rules, size=size)
        body(g, actions)
    return (time.perf_counter() - started) / moves * 1e6


def play_and_mask(g, actions):
    play, mask = g.play, g.legal_mask
    for a in actions:
        play(a)
        mask()


def play_only(g, actions):
    play = g.play
    for a in actions:
        play(a)


def mask_only(g, actions):
    mask = g.legal_mask
    for _ in actions:
        mask()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="chinese")
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--replay", type=int, default=None, metavar="N")
    args = parser.parse_args()
    games = record(args.rules, args.size, args.games, seed=1)
    if args.replay is not None:
        for _ in range(args.replay):
            per_move(args.rules, args.size, games, play_and_mask)
        print(f"{args.replay} replays of {sum(len(g) for g in games)} moves")
        return
    a = np.zeros(args.size * args.size + 1, dtype=bool)
    best = {}
    cases = {
        "play + legal_mask": lambda: per_move(args.rules, args.size, games, play_and_mask),
        "play": lambda: per_move(args.rules, args.size, games, play_only),
        "legal_mask (empty board)": lambda: per_move(args.rules, args.size, games, mask_only),
        "baseline: a no-op lambda call": lambda: timeit.timeit(lambda: None, number=200_000) * 5,
        "baseline: numpy a[:]": lambda: timeit.timeit(lambda: a[:], number=200_000) * 5,
    }
    for _ in range(args.repeats):
        for name, run in cases.items():
            best[name] = min(best.get(name, float("inf")), run())
    moves = sum(len(g) for g in games)
    print(f"{args.rules} {args.size}x{args.size}, {args.games} games, {moves} moves, "
          f"best of {args.repeats}")
    for name, us in best.items():
        print(f"  {name:32} {us:7.3f} us")


if __name__ == "__main__":
    main()
