"""The Python benchmark of docs/python-benchmarks.md: goishi's VectorEnv and Game next to
OpenSpiel's ``go``, pgx on the CPU, EnvPool's C++ Go and PettingZoo's ``go_v5``, in one run on
one machine; with the memory of 1024 19x19 environments (``memory.py``, run as a subprocess)
and the targets of issue #34 checked against the figures of the same run.

The workload is the same for each: random legal games to the end (each library's own end;
a game that ends starts again), the legal mask read every step, with and without the
observation (the AlphaGo Zero planes where the library has them: OpenSpiel's observation
tensor). A figure is environment steps (moves) a second, the best of ``--repeats`` timed
runs of ``--seconds`` each; goishi's ratio to each peer is taken in the same run.

    python bench.py [--seconds S] [--repeats R] [--envs N] [--envpool-envs N]
                    [--only goishi,game,openspiel,pgx,envpool,pettingzoo,memory]
                    [--out docs/python-benchmarks.md] [--json FILE] [--from-json FILE]

``--seconds 0.3 --repeats 1`` is a quick run for checking the script and its page (its
figures are not the page's). Run it through ``run.py`` beside it, which makes the virtual
environment with the pinned peers and goishi built from this tree.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import random
import re
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent

# The rules of goishi's rows: simple ko (the rule OpenSpiel, pgx, PettingZoo and EnvPool's
# ``Go*-v1`` mask) and positional superko masked (EnvPool's ``ChineseGo*-v1``).
SIMPLE_KO, SUPERKO = "go/chinese", "go/chinese-ogs"


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


def goishi_vector(size, envs, threads, obs, seconds, repeats, rules=SIMPLE_KO):
    import goishi

    env = goishi.VectorEnv(rules, size, envs, threads=threads, seed=1, obs=obs)
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


# --- EnvPool --------------------------------------------------------------------------


def envpool_go(size, superko, envs, threads, seconds, repeats):
    """EnvPool's C++ Go (``Go{N}x{N}-v1``: simple ko masked, a positional superko ends the
    game; ``ChineseGo{N}x{N}-v1``: positional superko masked), synchronous (the batch is
    every environment), actions drawn at random from ``info["legal_action_mask"]`` with numpy.
    The observation (two players' 17 bool planes an environment) is made every step. The
    rows of a step's output come in the order the environments finished, not by id: the
    actions go back with ``info["env_id"]`` (without it, actions land on the wrong
    environments and illegal moves end games early)."""
    import envpool

    env = envpool.make(envpool_id(size, superko), env_type="gymnasium", num_envs=envs,
                       batch_size=envs, num_threads=threads, seed=1)
    rng = np.random.default_rng(1)
    _obs, info = env.reset()

    def act(mask):
        # Uniform among the legal actions: the largest of independent uniform draws.
        return (rng.random(mask.shape, dtype=np.float32) * mask).argmax(axis=1).astype(np.int32)

    for _ in range(size * size):
        _obs, _r, _t, _tr, info = env.step(act(info["legal_action_mask"]), info["env_id"])

    def step():
        nonlocal info
        _obs, _r, _t, _tr, info = env.step(act(info["legal_action_mask"]), info["env_id"])
        return envs

    return timed(step, seconds, repeats)


def envpool_id(size, superko):
    return f"{'ChineseGo' if superko else 'Go'}{size}x{size}-v1"


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


# --- memory ---------------------------------------------------------------------------


def memory_args(rules):
    return ["crates/python/bench/memory.py", "--rules", rules]


def memory(rules):
    """memory.py's peak growth, MB, of 1024 19x19 environments at history 8 (its defaults),
    in a process of its own."""
    out = subprocess.run(
        [sys.executable, str(HERE / "memory.py"), "--rules", rules],
        check=True, capture_output=True, text=True,
    ).stdout
    found = re.search(r"peak after the steps:.*\(([\d.]+) MB", out)
    if found is None:
        raise RuntimeError(f"memory.py printed no peak:\n{out}")
    return float(found.group(1))


# --- the report -----------------------------------------------------------------------

# Instruction counts (callgrind, independent of the load) quoted from the pages that measure
# them, for the sentences on what limits a target the run misses; refresh them with those
# pages (vector-env.md#speed-and-memory, python.md#speed).
QUOTED = {
    "step": "a step with the 17 bool planes costs 7.3 k instructions on 19x19 (the planes 49% "
            "of it) and 3.3 k on 9x9 (the mask 32%), and the Rust profile runs took about 1 us "
            "a 19x19 step and 0.6 us a 9x9 step on one core",
    "superko": "a superko step costs 1.25x the instructions of a simple ko one on both sizes, "
               "but 1.5x (9x9) to 1.6x (19x19) its CPU time",
    "game": "a call pair costs 4.8 k instructions on 9x9: the engine's play 0.84 k and its "
            "legal points 0.9 k, numpy's new array 0.85 k, the binding, Python's calls and the "
            "loop 2.2 k",
}

LIBRARIES = ("goishi", "envpool", "open-spiel", "pgx", "jax", "jaxlib", "pettingzoo",
             "gymnasium", "numpy")


def versions():
    from importlib.metadata import PackageNotFoundError, version

    out = {}
    for name in LIBRARIES:
        try:
            out[name] = version(name)
        except PackageNotFoundError:
            out[name] = "not installed"
    return out


def machine():
    """The processor's model name, the cores and Python, as the page states them."""
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {"cpu": model, "cores": os.cpu_count(), "arch": platform.machine(),
            "python": platform.python_version()}


def commit():
    """The commit of the tree goishi was built from (run.py installs it from this tree), with
    `-modified` when a file under crates/ differs from it (the pages a run writes do not
    count)."""
    def git(*args):
        return subprocess.run(["git", *args], cwd=HERE, check=True, capture_output=True,
                              text=True).stdout.strip()

    try:
        head = git("rev-parse", "--short=10", "HEAD")
        changed = git("status", "--porcelain", "--", str(HERE.parents[1]))
    except (OSError, subprocess.CalledProcessError):
        return None
    return head + ("-modified" if changed else "")


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


def slowdown(simple, superko):
    """Time a step under superko over time a step under simple ko (rates given)."""
    if not simple or not superko:
        return None
    return simple / superko


def targets(get, envs):
    """The targets of issue #34 as (kind, what, wanted, measured, met) rows; met is None when
    the run did not measure it."""
    g19, g9 = get("goishi", 19, "bool", 2), get("goishi", 9, "bool", 2)
    os9, os19 = get("openspiel", 9, "obs"), get("openspiel", 19, "obs")
    game9 = get("game", 9)
    rows = []

    def row(kind, what, wanted, value, shown, ok):
        rows.append((kind, what, wanted, shown if value is not None else "-",
                     None if value is None else bool(ok(value))))

    setup = f"17 bool planes + mask, {envs} envs, 2 threads, `sample_actions()`, `{SIMPLE_KO}`"
    row("speed", f"19x19 `VectorEnv`, {setup}", ">= 1 M steps/s", g19, fmt(g19),
        lambda v: v >= 1e6)
    row("speed", "the same (stretch: pgx's A100 figure)", ">= 1.6 M steps/s", g19, fmt(g19),
        lambda v: v >= 1.6e6)
    row("speed", f"9x9 `VectorEnv`, {setup}", ">= 3 M steps/s", g9, fmt(g9),
        lambda v: v >= 3e6)
    for size, g, o in ((9, g9, os9), (19, g19, os19)):
        value = g / o if g and o else None
        row("speed", f"{size}x{size}, the same over OpenSpiel's mask + observation loop",
            ">= 50x", value, ratio(g, o), lambda v: v >= 50)
    for size in (9, 19):
        value = slowdown(get("goishi", size, "bool", 2), get("goishi-superko", size, "bool", 2))
        row("superko", f"{size}x{size}, time a step under positional superko (`{SUPERKO}`) "
            f"over simple ko (`{SIMPLE_KO}`), the same setup", "<= 1.25x", value,
            times(value), lambda v: v <= 1.25)
    value = 1e6 / game9 if game9 else None
    row("game", "`Game.play` + `legal_mask()` on 9x9, a call pair", "<= 1 us", value,
        f"{value:.2f} us" if value else "-", lambda v: v <= 1.0)
    for rules, name in ((SUPERKO, "positional superko"), (SIMPLE_KO, "simple ko")):
        mb = get("memory", rules)
        row("memory", f"memory: 1024 19x19 environments at history 8, {name} (`{rules}`), "
            "peak growth", "<= 100 MB", mb, f"{mb:.1f} MB" if mb else "-", lambda v: v <= 100)
    return rows


def met_sentence(rows):
    measured = [r for r in rows if r[4] is not None]
    done = [r for r in measured if r[4]]
    if not measured:
        return "No target was measured on this run."
    text = f"Met on this run: {len(done)} of the {len(measured)} targets measured"
    if len(measured) < len(rows):
        text += f" ({len(rows) - len(measured)} not measured: `--only` left them out)"
    return text + "."


def limits(get, rows):
    """What limits each kind of target this run did not meet: the run's own figures, and the
    pages that measure the costs in instructions (callgrind, independent of the load)."""
    missed = {r[0] for r in rows if r[4] is False}
    out = []
    if "speed" in missed:
        per = []
        for size, wanted in ((19, 1e6), (9, 3e6)):
            g = get("goishi", size, "bool", 2)
            if g:
                per.append(f"{size}x{size} {2e6 / g:.2f} us (the target: {2e6 / wanted:.2f} us)")
        out.append(
            "Speed: a step of the 2-thread rows took, on each thread, " + "; ".join(per) + ". "
            "What the engine's part of a step costs, and which part of it weighs most, is "
            "measured with callgrind in [vector-env.md](vector-env.md#speed-and-memory): "
            + QUOTED["step"] + "; the rest of a step here is the binding's call around the "
            "engine and the machine's load, which this page does not separate. The ratios to "
            "OpenSpiel follow goishi's speed (OpenSpiel's loop is one game at a time in one "
            "thread).")
    if "superko" in missed:
        out.append(
            "Positional superko: in [vector-env.md](vector-env.md#speed-and-memory), "
            + QUOTED["superko"] + ": a superko step reads the game's table of earlier boards "
            "and each capture's chains, reads that miss the processor's cache more often than "
            "the instruction count shows; the target reads the time.")
    if "game" in missed:
        out.append(
            "`Game.play` + `legal_mask()`: in [python.md](python.md#speed), " + QUOTED["game"]
            + "; the engine is the smaller part, numpy's new array a call (`legal_mask()` hands "
            "back a new array) and the binding's and Python's own calls the larger.")
    if "memory" in missed:
        psk, simple = get("memory", SUPERKO), get("memory", SIMPLE_KO)
        grown = f" ({psk - simple:+.1f} MB over simple ko on this run)" if psk and simple else ""
        out.append(
            "Memory: positional superko keeps the hashes of every earlier board of a game and "
            "the capture records that confirm a match" + grown + "; what each part of an "
            "environment takes is in [vector-env.md](vector-env.md#speed-and-memory).")
    return out


def wrap(text):
    """A paragraph of the page, as lines of at most 92 characters (never inside a word)."""
    return textwrap.wrap(text, 92, break_long_words=False, break_on_hyphens=False)


def times(value):
    return f"{value:.2f}x" if value else "-"


def render(run):
    r = {tuple(k.split("|")): v for k, v in run["results"].items()}

    def get(*key):
        return r.get(tuple(str(k) for k in key))

    envs, seconds, repeats = run["envs"], run["seconds"], run["repeats"]
    epenvs = run.get("envpool_envs", envs)
    m = run["machine"]
    load = run["load"]
    options = " ".join(run.get("options", []))
    lines = [
        "# Python benchmarks",
        "",
        "<!-- Generated by crates/python/bench/bench.py (through run.py); do not edit. -->",
        "",
    ]
    lines += wrap(
        "Random legal games to the end, the legal mask read every step, with and without the "
        f"observation, {envs} environments for the batched libraries; environment steps "
        f"(moves) a second, the best of {repeats} run{'s' if repeats != 1 else ''} of "
        f"{seconds:g} s each, every figure and "
        f"every ratio from this one run. goishi plays `{SIMPLE_KO}` (simple ko, the rule "
        "OpenSpiel, pgx, PettingZoo and EnvPool's `Go*-v1` mask) and, in its superko rows, "
        f"`{SUPERKO}` (positional superko masked, as in EnvPool's `ChineseGo*-v1`).") + [""]
    if seconds < 1 or repeats < 2:
        lines += wrap(
            f"**A quick run** ({seconds:g} s, {repeats} repeat{'s' if repeats != 1 else ''}): "
            "for checking the script, not for reading its figures.") + [""]
    memory_commands = " and ".join(
        "`python " + " ".join(memory_args(x)) + "`" for x in (SUPERKO, SIMPLE_KO))
    lines += wrap(
        f"Run: {run['started']} UTC, {run['elapsed']:.0f} s, {m['cpu']} ({m['arch']}), "
        f"{m['cores']} cores, Python {m['python']}. The load average (1 minute) was "
        f"{load[0]:.2f} at the start of the run and {load[1]:.2f} at its end; figures taken "
        "while other work ran on the machine are low, and the ratios of one run share its "
        "load.") + [""]
    built = f" (built from commit `{run['commit']}`)" if run.get("commit") else ""
    lines += wrap("Versions: " + ", ".join(
        f"{k} {v}{built if k == 'goishi' else ''}" for k, v in run["versions"].items())
        + ".") + [""]
    lines += wrap(
        "Reproduce: `python3 crates/python/bench/run.py" + (f" {options}" if options else "")
        + "` (makes `target/python-bench/venv`, installs the pinned peers of "
        "`crates/python/bench/requirements.txt` and goishi from this tree, runs `bench.py`, "
        f"which runs {memory_commands} in processes of their own for the memory, and writes "
        "this page). `--only goishi,envpool` (of `goishi`, `game`, `openspiel`, `pgx`, "
        "`envpool`, `pettingzoo`, `memory`) runs a part; `--seconds 0.3 --repeats 1` is a "
        "quick check.") + [""]
    lines += [
        "## The targets",
        "",
        "The targets of issue #34 against this run:",
        "",
        "| target | wanted | measured | met |",
        "|---|---:|---:|:---:|",
    ]
    rows = targets(get, envs)
    for _kind, what, wanted, shown, ok in rows:
        met = "-" if ok is None else "yes" if ok else "no"
        lines.append(f"| {what} | {wanted} | {shown} | {met} |")
    lines += [""] + wrap(met_sentence(rows))
    for paragraph in limits(get, rows):
        lines += [""] + wrap(paragraph)
    lines += [
        "",
        "## goishi.VectorEnv",
        "",
        "`env.step(env.sample_actions())`, `info[\"legal_mask\"]` read; 17 planes (history 8).",
        "",
        "| board | rules | observation | 1 thread | 2 threads |",
        "|---|---|---|---:|---:|",
    ]
    for size in (9, 19):
        for obs, name in [("bool", "17 planes, bool"), ("packed", "17 planes, packed"),
                          ("none", "none (mask only)")]:
            lines.append(
                f"| {size}x{size} | `{SIMPLE_KO}` | {name} | {fmt(get('goishi', size, obs, 1))} "
                f"| {fmt(get('goishi', size, obs, 2))} |"
            )
        lines.append(f"| {size}x{size} | `{SUPERKO}` | 17 planes, bool | - "
                     f"| {fmt(get('goishi-superko', size, 'bool', 2))} |")
    lines += [
        "",
        "## Positional superko",
        "",
        f"17 bool planes and the mask, 2 threads ({envs} goishi environments, {epenvs} EnvPool",
        "ones); time a step under positional superko over time a step under simple ko.",
        "",
        "| board | goishi simple ko | goishi superko | goishi ratio "
        "| EnvPool `Go*-v1` | EnvPool `ChineseGo*-v1` | EnvPool ratio |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for size in (9, 19):
        gs, gp = get("goishi", size, "bool", 2), get("goishi-superko", size, "bool", 2)
        es, ep = get("envpool", size, "simple"), get("envpool", size, "superko")
        lines.append(
            f"| {size}x{size} | {fmt(gs)} | {fmt(gp)} | {times(slowdown(gs, gp))} "
            f"| {fmt(es)} | {fmt(ep)} | {times(slowdown(es, ep))} |"
        )
    lines += [
        "",
        "## Next to the peers",
        "",
        "| board | library | with observation | mask only "
        "| goishi (2 threads, bool / none, the same ko rule) vs this |",
        "|---|---|---:|---:|---:|",
    ]
    for size in (9, 19):
        g_obs, g_none = get("goishi", size, "bool", 2), get("goishi", size, "none", 2)
        g_psk = get("goishi-superko", size, "bool", 2)
        rows = [
            ("goishi `VectorEnv`, 2 threads", g_obs, g_none, None),
            (f"goishi `VectorEnv`, 2 threads, `{SUPERKO}`", g_psk, None, None),
            ("goishi `Game.play` + `legal_mask()`", None, get("game", size), (None, g_none)),
            ("OpenSpiel `go` (C++)", get("openspiel", size, "obs"),
             get("openspiel", size, "none"), (g_obs, g_none)),
            (f"pgx `go_{size}x{size}` (JAX, CPU, {envs} envs)",
             get("pgx", size, "obs"), get("pgx", size, "none"), (g_obs, g_none)),
            (f"EnvPool `{envpool_id(size, False)}` (C++, {epenvs} envs, 2 threads)",
             get("envpool", size, "simple"), None, (g_obs, None)),
            (f"EnvPool `{envpool_id(size, True)}` (positional superko)",
             get("envpool", size, "superko"), None, (g_psk, None)),
            ("PettingZoo `go_v5`", get("pettingzoo", size, "obs"),
             get("pettingzoo", size, "none"), (g_obs, g_none)),
        ]
        for name, with_obs, without, mine in rows:
            vs = "" if mine is None else (
                f"{ratio(mine[0], with_obs)} / {ratio(mine[1], without)}"
            )
            lines.append(f"| {size}x{size} | {name} | {fmt(with_obs)} | {fmt(without)} | {vs} |")
    lines += [
        "",
        "OpenSpiel's \"with observation\" reads `legal_actions_mask()` and `observation_tensor()`",
        "into numpy every step, its \"mask only\" is `legal_actions()` + `apply_action`; pgx",
        "computes its observation in every step whatever is read (its two columns differ by the",
        "copy to numpy); PettingZoo's `last(observe=False)` skips the observation dict.",
        "",
    ]
    lines += wrap(
        f"EnvPool runs synchronously (`envpool.make(id, env_type=\"gymnasium\", "
        f"num_envs={epenvs}, batch_size={epenvs}, num_threads=2)`) and makes every step the "
        "17 bool planes of both players of each environment (an array `(2 * num_envs, N, N, "
        "17)`) and its `info` arrays (the board, the mask, the area scores); its actions are "
        "drawn uniformly from `info[\"legal_action_mask\"]` with numpy in the timed loop, as "
        "goishi's are by `sample_actions()`, and handed back with `info[\"env_id\"]` (a "
        "step's rows come in the order the environments finished). Its `Go*-v1` masks simple "
        "ko and ends a game that repeats a position as a loss; `ChineseGo*-v1` masks "
        "positional superko."
        + (f" Its batch is {epenvs} environments, not {envs}: its step costs tens of "
           "microseconds to a millisecond an environment (the figures above), so the call a "
           "batch is a small part of it at this batch, while its warm-up (a step for each "
           "point of the board, as every library here gets) would take many minutes with "
           f"{envs} environments on 19x19 under superko." if epenvs != envs else "")
        + " Both EnvPool and goishi reset a finished game on the next step (which ignores its "
        "action), and that step is counted.")
    lines.append("")
    return "\n".join(lines)


def rerun_options(argv):
    """The options to give run.py again: not where this run wrote its files."""
    out, skip = [], False
    for a in argv:
        if skip:
            skip = False
        elif a in ("--out", "--json"):
            skip = True
        elif not a.startswith(("--out=", "--json=")):
            out.append(a)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--envs", type=int, default=1024)
    ap.add_argument("--envpool-envs", type=int, default=64,
                    help="EnvPool's batch (its step costs 60 us to 1 ms an environment)")
    ap.add_argument("--out", default=None)
    ap.add_argument("--json", default=None)
    ap.add_argument("--only", default="goishi,game,openspiel,pgx,envpool,pettingzoo,memory")
    ap.add_argument("--from-json", default=None, help="render the page of a saved run")
    args = ap.parse_args()
    if args.from_json:
        with open(args.from_json) as f:
            page = render(json.load(f))
        with open(args.out, "w") if args.out else sys.stdout as out:
            out.write(page)
        return
    only = set(args.only.split(","))
    unknown = only - {"goishi", "game", "openspiel", "pgx", "envpool", "pettingzoo", "memory"}
    if unknown:
        ap.error(f"--only: unknown {', '.join(sorted(unknown))}")
    started = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M")
    t0 = time.time()
    load_start = os.getloadavg()[0]
    results = {}

    def record(key, fn, unit="steps/s"):
        name = "|".join(str(k) for k in key)
        try:
            results[name] = fn()
        except ImportError as e:
            print(f"{name}: skipped ({e})", file=sys.stderr)
            return
        shown = results[name]
        if unit == "MB":
            shown = f"{shown:.1f}"
        elif isinstance(shown, tuple):
            shown = " / ".join(fmt(x) for x in shown)
        else:
            shown = fmt(shown)
        print(f"{name}: {shown} {unit}", file=sys.stderr, flush=True)

    s, rep = args.seconds, args.repeats
    for size in (9, 19):
        if "goishi" in only:
            for obs in ("bool", "packed", "none"):
                for threads in (1, 2):
                    record(("goishi", size, obs, threads),
                           lambda: goishi_vector(size, args.envs, threads, obs, s, rep))
            record(("goishi-superko", size, "bool", 2),
                   lambda: goishi_vector(size, args.envs, 2, "bool", s, rep, rules=SUPERKO))
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
        if "envpool" in only:
            for superko in (False, True):
                record(("envpool", size, "superko" if superko else "simple"),
                       lambda: envpool_go(size, superko, args.envpool_envs, 2, s, rep))
        if "pettingzoo" in only:
            for observe in (True, False):
                record(("pettingzoo", size, "obs" if observe else "none"),
                       lambda: pettingzoo(size, observe, s, rep))
    if "memory" in only:
        for rules in (SUPERKO, SIMPLE_KO):
            record(("memory", rules), lambda: memory(rules), unit="MB")
    run = {
        "results": results,
        "started": started,
        "elapsed": time.time() - t0,
        "load": [load_start, os.getloadavg()[0]],
        "machine": machine(),
        "versions": versions(),
        "commit": commit(),
        "envs": args.envs,
        "envpool_envs": args.envpool_envs,
        "seconds": args.seconds,
        "repeats": args.repeats,
        "options": rerun_options(sys.argv[1:]),
    }
    if args.json:
        with open(args.json, "w") as f:
            json.dump(run, f, indent=1)
    page = render(run)
    if args.out:
        with open(args.out, "w") as f:
            f.write(page)
    else:
        print(page)


if __name__ == "__main__":
    main()
