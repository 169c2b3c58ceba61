"""The Python benchmark of docs/python-benchmarks.md: goishi's VectorEnv and Game next to
OpenSpiel's ``go``, pgx on the CPU and PettingZoo's ``go_v5``, in one run on one machine.

The workload is the same for each: random legal games to the end (each library's own end;
a game that ends starts again), the legal mask read every step, with and without the
observation (the AlphaGo Zero planes where the library has them: OpenSpiel's observation
tensor). A figure is environment steps (moves) a second, the best of ``--repeats`` timed
runs of ``--seconds`` each; goishi's ratio to each peer is taken in the same run.

    python bench.py [--seconds S] [--repeats R] [--envs N] [--out docs/python-benchmarks.md]
                    [--only goishi,game,openspiel,pgx,pettingzoo] [--json FILE]

Run it through ``run.py`` beside it, which makes the virtual environment with the pinned
peers and goishi built from this tree.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import random
import sys
import time

import numpy as np


def timed(step, seconds, repeats):
    """Best rate of ``step`` (a function returning the number of moves it made)."""
    best = 0.0
    for _ in range(repeats):
        moves = 0
        start = time.perf_counter()
        while True:
            moves += step()
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                break
        best = max(best, moves / elapsed)
    return best


# --- goishi ---------------------------------------------------------------------------


def goishi_vector(size, envs, threads, obs, seconds, repeats):
    import goishi

    env = goishi.VectorEnv("go/chinese", size, envs, threads=threads, seed=1, obs=obs)
    env.reset(seed=1)
    for _ in range(size * size):
        env.step(env.sample_actions())

    def step():
        _obs, _r, _t, _tr, info = env.step(env.sample_actions())
        info["legal_mask"]
        return envs

    return timed(step, seconds, repeats)


def goishi_game(size, seconds, repeats):
    """``Game.play`` + ``legal_mask()`` per call, replaying random games recorded first."""
    import goishi

    rng = random.Random(1)
    games = []
    for _ in range(20):
        g = goishi.Game("go/chinese", size)
        actions = []
        while not g.is_over and len(actions) < 3 * size * size:
            legal = np.flatnonzero(g.legal_mask())
            a = int(legal[rng.randrange(len(legal))])
            g.play(a)
            actions.append(a)
        games.append(actions)
    it = iter(())

    def step():
        nonlocal it
        actions = next(it, None)
        if actions is None:
            it = iter(games)
            actions = next(it)
        g = goishi.Game("go/chinese", size)
        for a in actions:
            g.play(a)
            g.legal_mask()
        return len(actions)

    return timed(step, seconds, repeats)


# --- OpenSpiel ------------------------------------------------------------------------


def openspiel(size, observe, seconds, repeats):
    import pyspiel

    game = pyspiel.load_game("go", {"board_size": size, "komi": 7.5})
    rng = random.Random(1)
    state = game.new_initial_state()

    def step():
        nonlocal state
        moves = 0
        for _ in range(100):
            if state.is_terminal():
                state = game.new_initial_state()
            if observe:
                np.asarray(state.legal_actions_mask(), dtype=bool)
                np.asarray(state.observation_tensor(), dtype=np.float32)
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            moves += 1
        return moves

    return timed(step, seconds, repeats)


# --- pgx ------------------------------------------------------------------------------


def pgx_cpu(size, envs, seconds, repeats):
    """(with the observation read, mask only), from one compilation."""
    import jax
    import jax.numpy as jnp
    import pgx
    from pgx.experimental import auto_reset

    env = pgx.make(f"go_{size}x{size}")
    init = jax.jit(jax.vmap(env.init))
    step_fn = jax.jit(jax.vmap(auto_reset(env.step, env.init)))

    @jax.jit
    def act(key, mask):
        return jax.random.categorical(key, jnp.where(mask, 0.0, -jnp.inf), axis=-1)

    key = jax.random.PRNGKey(1)
    key, sub = jax.random.split(key)
    state = init(jax.random.split(sub, envs))

    def step(observe):
        nonlocal state, key
        key, k1, k2 = jax.random.split(key, 3)
        state = step_fn(state, act(k1, state.legal_action_mask), jax.random.split(k2, envs))
        np.asarray(state.legal_action_mask)
        if observe:
            np.asarray(state.observation)
        return envs

    step(True)  # compiles
    return (
        timed(lambda: step(True), seconds, repeats),
        timed(lambda: step(False), seconds, repeats),
    )


# --- PettingZoo -----------------------------------------------------------------------


def pettingzoo(size, observe, seconds, repeats):
    from pettingzoo.classic import go_v5

    env = go_v5.env(board_size=size)
    env.reset(seed=1)
    rng = np.random.default_rng(1)

    def step():
        moves = 0
        for _ in range(50):
            obs, _r, term, trunc, _info = env.last(observe=observe)
            if term or trunc:
                env.reset()
                continue
            if obs is None:
                mask = env.unwrapped.observe(env.agent_selection)["action_mask"]
            else:
                mask = obs["action_mask"]
            legal = np.flatnonzero(mask)
            env.step(int(legal[rng.integers(len(legal))]))
            moves += 1
        return moves

    return timed(step, seconds, repeats)


# --- the report -----------------------------------------------------------------------


def versions():
    from importlib.metadata import PackageNotFoundError, version

    out = {}
    for name in ("goishi", "open-spiel", "pgx", "jax", "pettingzoo", "numpy"):
        try:
            out[name] = version(name)
        except PackageNotFoundError:
            out[name] = "not installed"
    return out


def fmt(rate):
    if rate is None:
        return "-"
    if rate >= 1e6:
        return f"{rate / 1e6:.2f} M"
    if rate >= 1e3:
        return f"{rate / 1e3:.1f} k"
    return f"{rate:.0f}"


def ratio(a, b):
    if a is None or b is None or b == 0:
        return "-"
    return f"{a / b:.0f}x" if a / b >= 10 else f"{a / b:.1f}x"


def results_met(get, game9):
    """The goals met, as (name, met) pairs."""
    g19, g9, os19 = get("goishi", 19, "bool", 2), get("goishi", 9, "bool", 2), get("openspiel", 19, "obs")
    return [
        ("19x19 at 1.6 M", bool(g19 and g19 >= 1.6e6)),
        ("100x OpenSpiel", bool(g19 and os19 and g19 / os19 >= 100)),
        ("9x9 at 5 M", bool(g9 and g9 >= 5e6)),
        ("Game at 1 us", bool(game9 and 1e6 / game9 <= 1.0)),
    ]


def met_sentence(met):
    done = [name for name, ok in met if ok]
    if len(done) == len(met):
        return "Every goal is met on this run."
    if not done:
        return "None is met on this run."
    return "Met on this run: " + ", ".join(done) + "; the others are not."


# OpenSpiel's figures on the idle machine (python.md, mask + observation, 9x9 and 19x19).
OPENSPIEL_IDLE = {9: 44e3, 19: 14e3}


def load_sentence(get, args):
    shares = [
        get("openspiel", size, "obs") / idle
        for size, idle in OPENSPIEL_IDLE.items()
        if get("openspiel", size, "obs")
    ]
    text = (
        f"The load average of the machine was {args.load_start:.1f} at the start of the run"
        f" and {args.load_end:.1f} at its end (2 cores)"
    )
    if shares:
        low, high = round(100 * min(shares)), round(100 * max(shares))
        span = f"{low}%" if low == high else f"{low}-{high}%"
        text += f"; OpenSpiel ran at {span} of its speed on the idle machine (python.md's figures)"
    return text + ". Each figure was taken at another moment, under another load."


def render(results, args, started, elapsed):
    r = {tuple(k.split("|")): v for k, v in results.items()}

    def get(*key):
        return r.get(tuple(str(k) for k in key))

    lines = [
        "# Python benchmarks",
        "",
        "<!-- Generated by crates/python/bench/bench.py (through run.py); do not edit. -->",
        "",
        "Random legal games to the end, the legal mask read every step, with and without the",
        "observation, 1024 environments for the batched libraries; environment steps (moves) a",
        "second, the best of "
        f"{args.repeats} runs of {args.seconds:g} s each. goishi plays `go/chinese` (simple ko,",
        "the rule OpenSpiel, pgx and PettingZoo mask; goishi's positional superko costs its",
        "engine about 14% more a move, [benchmarks.md](benchmarks.md)). Figures taken while",
        "other work ran on the machine are noisy; the ratios were taken in the same run.",
        "",
        f"Run: {started} UTC, {elapsed:.0f} s, {platform.machine()}, "
        f"{os.cpu_count()} cores, Python {platform.python_version()}.",
        "Versions: " + ", ".join(f"{k} {v}" for k, v in versions().items()) + ".",
        "",
        "Reproduce: `python3 crates/python/bench/run.py` (makes `target/python-bench/venv`,",
        "installs the pinned peers of `crates/python/bench/requirements.txt` and goishi from",
        "this tree, runs `bench.py` and writes this page).",
        "",
        "## goishi.VectorEnv",
        "",
        "`env.step(env.sample_actions())`, `info[\"legal_mask\"]` read; 17 planes (history 8).",
        "",
        "| board | observation | 1 thread | 2 threads |",
        "|---|---|---:|---:|",
    ]
    for size in (9, 19):
        for obs, name in [("bool", "17 planes, bool"), ("packed", "17 planes, packed"),
                          ("none", "none (mask only)")]:
            lines.append(
                f"| {size}x{size} | {name} | {fmt(get('goishi', size, obs, 1))} "
                f"| {fmt(get('goishi', size, obs, 2))} |"
            )
    lines += [
        "",
        "## Next to the peers",
        "",
        "| board | library | with observation | mask only | goishi (2 threads, bool / none) vs this |",
        "|---|---|---:|---:|---:|",
    ]
    for size in (9, 19):
        g_obs, g_none = get("goishi", size, "bool", 2), get("goishi", size, "none", 2)
        rows = [
            ("goishi `VectorEnv`, 2 threads", g_obs, g_none),
            ("goishi `Game.play` + `legal_mask()`", None, get("game", size)),
            ("OpenSpiel `go` (C++)", get("openspiel", size, "obs"), get("openspiel", size, "none")),
            (f"pgx `go_{size}x{size}` (JAX, CPU, {args.envs} envs)",
             get("pgx", size, "obs"), get("pgx", size, "none")),
            ("PettingZoo `go_v5`", get("pettingzoo", size, "obs"), get("pettingzoo", size, "none")),
        ]
        for name, with_obs, without in rows:
            vs = "" if name.startswith("goishi `VectorEnv`") else (
                f"{ratio(g_obs, with_obs)} / {ratio(g_none, without)}"
            )
            lines.append(f"| {size}x{size} | {name} | {fmt(with_obs)} | {fmt(without)} | {vs} |")
    game9 = get("game", 9)
    lines += [
        "",
        "`Game.play` + `legal_mask()`: "
        + (f"{1e6 / game9:.2f} us a call on 9x9" if game9 else "not measured")
        + " (the goal: at most 1 us).",
        "",
        "## The goals of the Python spec",
        "",
        "| goal | this run |",
        "|---|---:|",
        f"| 19x19, 17 planes + mask, 1024 envs, 2 threads: >= 1.6 M steps/s "
        f"| {fmt(get('goishi', 19, 'bool', 2))} |",
        f"| the same: >= 100x OpenSpiel's mask + observation loop "
        f"| {ratio(get('goishi', 19, 'bool', 2), get('openspiel', 19, 'obs'))} |",
        f"| 9x9, the same: >= 5 M steps/s | {fmt(get('goishi', 9, 'bool', 2))} |",
        "| `Game.play` + `legal_mask()` on 9x9: <= 1 us | "
        + (f"{1e6 / game9:.2f} us" if game9 else "-") + " |",
        "",
        met_sentence(results_met(get, game9)),
        load_sentence(get, args),
        "What bounds goishi without that load is in",
        "[vector-env.md](vector-env.md#speed-and-memory), measured in instructions (callgrind,",
        "load-independent): a `VectorEnv` step costs 4.5 k instructions on 9x9 and 13.6 k on",
        "19x19 (17 bool planes and the mask), of which the engine's legality judgement of every",
        "empty point (superko included) and the planes are the largest parts; the goals ask for",
        "11 to 13 G instructions a second on each core, past what one core runs. `Game.play` +",
        "`legal_mask()` costs 4.8 k instructions a call pair on 9x9 (Python's calls and",
        "numpy's new array included; [python.md](python.md#speed)). 1024 19x19 environments",
        "at history 8 take 90.5 MiB (94.9 MB, `crates/python/bench/memory.py`, `go/chinese`),",
        "under the 100 MB goal (127 MB under positional superko: the same page).",
        "",
        "OpenSpiel's \"with observation\" reads `legal_actions_mask()` and `observation_tensor()`",
        "into numpy every step, its \"mask only\" is `legal_actions()` + `apply_action`; pgx",
        "computes its observation in every step whatever is read (its two columns differ by the",
        "copy to numpy); PettingZoo's `last(observe=False)` skips the observation dict.",
        "",
    ]
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--envs", type=int, default=1024)
    ap.add_argument("--out", default=None)
    ap.add_argument("--json", default=None)
    ap.add_argument("--only", default="goishi,game,openspiel,pgx,pettingzoo")
    ap.add_argument("--from-json", default=None, help="render the page of a saved run")
    args = ap.parse_args()
    if args.from_json:
        with open(args.from_json) as f:
            saved = json.load(f)
        args.load_start, args.load_end = saved["load"]
        page = render(saved["results"], args, saved["started"], saved["elapsed"])
        with open(args.out, "w") if args.out else sys.stdout as out:
            out.write(page)
        return
    only = set(args.only.split(","))
    started = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M")
    t0 = time.time()
    args.load_start = os.getloadavg()[0]
    results = {}

    def record(key, fn):
        name = "|".join(str(k) for k in key)
        try:
            results[name] = fn()
        except ImportError as e:
            print(f"{name}: skipped ({e})", file=sys.stderr)
            return
        shown = results[name]
        shown = " / ".join(fmt(x) for x in shown) if isinstance(shown, tuple) else fmt(shown)
        print(f"{name}: {shown} steps/s", file=sys.stderr, flush=True)

    s, rep = args.seconds, args.repeats
    for size in (9, 19):
        if "goishi" in only:
            for obs in ("bool", "packed", "none"):
                for threads in (1, 2):
                    record(("goishi", size, obs, threads),
                           lambda: goishi_vector(size, args.envs, threads, obs, s, rep))
        if "game" in only:
            record(("game", size), lambda: goishi_game(size, s, rep))
        if "openspiel" in only:
            for observe in (True, False):
                record(("openspiel", size, "obs" if observe else "none"),
                       lambda: openspiel(size, observe, s, rep))
        if "pgx" in only:
            record(("pgx", size), lambda: pgx_cpu(size, args.envs, s, rep))
            if ("pgx|%d" % size) in results:
                both = results.pop("pgx|%d" % size)
                results[f"pgx|{size}|obs"], results[f"pgx|{size}|none"] = both
        if "pettingzoo" in only:
            for observe in (True, False):
                record(("pettingzoo", size, "obs" if observe else "none"),
                       lambda: pettingzoo(size, observe, s, rep))
    elapsed = time.time() - t0
    args.load_end = os.getloadavg()[0]
    if args.json:
        with open(args.json, "w") as f:
            json.dump(
                {"results": results, "started": started, "elapsed": elapsed,
                 "load": [args.load_start, args.load_end]},
                f,
                indent=1,
            )
    page = render(results, args, started, elapsed)
    if args.out:
        with open(args.out, "w") as f:
            f.write(page)
    else:
        print(page)


if __name__ == "__main__":
    main()
