"""The speed of goishi's BatchedSearch next to mctx's gumbel_muzero_policy over pgx's Go, on
this machine's CPU, in one run: simulations a second of a search of 256 games with a
trivial evaluator (uniform priors, zero values), 64 simulations a move, 16 considered
moves, both on 2 threads (goishi's `threads=2`; XLA's CPU client on the machine's cores);
then the share of goishi's search in the example's self-play (the rest is the network).

    pip install -r examples/alphazero/requirements-bench.txt
    python examples/alphazero/bench_search.py [--sizes 7,9,19] [--games 256] [--moves 16]
                                              [--repeats 2]

Each side searches from the same kind of position: the start, then the positions after the
moves each search chose (`--moves` searches, as a self-play's first moves; mctx's compiling
search made once before and not timed). goishi's first two searches touch their trees'
memory for the first time and are slower than the rest: both figures are printed. Each side
is timed `--repeats` times, in turn, and its best run is kept (the machine is shared: a run
that another process slowed down says nothing of the library).
"""

import argparse
import json
import os
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import goishi  # noqa: E402

import train  # noqa: E402


def goishi_rate(size: int, games: int, simulations: int, moves: int) -> float:
    env = goishi.VectorEnv(f"go/chinese:komi=7.5", size, games, threads=2, obs="none")
    env.reset(seed=0)
    search = goishi.BatchedSearch(env, simulations=simulations, algorithm="gumbel", threads=2)
    logits = np.zeros((search.max_leaves, env.num_actions), np.float32)
    values = np.zeros(search.max_leaves, np.float32)
    spent = []
    for _ in range(moves):
        t = time.perf_counter()
        while not search.done():
            _, mask = search.leaves()
            n = mask.shape[0]
            search.expand(logits[:n], values[:n])
        spent.append(time.perf_counter() - t)
        env.step(search.actions())
    first = min(2, moves)
    return {
        "rate": games * simulations * moves / sum(spent),
        "first_searches": games * simulations * first / sum(spent[:first]),
    }


def mctx_rate(size: int, games: int, simulations: int, moves: int) -> float:
    import jax
    import jax.numpy as jnp
    import mctx
    import pgx.go

    env = pgx.go.Go(size=size, komi=7.5)
    actions = env.num_actions

    def recurrent_fn(params, rng_key, action, state):
        player = state.current_player
        state = jax.vmap(env.step)(state, action)
        reward = state.rewards[jnp.arange(games), player]
        discount = jnp.where(state.terminated, 0.0, -1.0)
        logits = jnp.where(state.legal_action_mask, 0.0, jnp.finfo(jnp.float32).min)
        out = mctx.RecurrentFnOutput(
            reward=reward, discount=discount, prior_logits=logits, value=jnp.zeros(games)
        )
        return out, state

    @jax.jit
    def search(key, state):
        root = mctx.RootFnOutput(
            prior_logits=jnp.zeros((games, actions)), value=jnp.zeros(games), embedding=state
        )
        out = mctx.gumbel_muzero_policy(
            params=None, rng_key=key, root=root, recurrent_fn=recurrent_fn,
            num_simulations=simulations, invalid_actions=~state.legal_action_mask,
            max_num_considered_actions=16,
        )
        return out.action

    step = jax.jit(jax.vmap(env.step))
    key = jax.random.PRNGKey(0)
    state = jax.jit(jax.vmap(env.init))(jax.random.split(key, games))
    a = search(key, state).block_until_ready()  # compiles
    state = step(state, a)
    spent = 0.0
    for k in range(moves):
        t = time.perf_counter()
        a = search(jax.random.PRNGKey(k + 1), state).block_until_ready()
        spent += time.perf_counter() - t
        state = step(state, a)
    return games * simulations * moves / spent


def search_share(size: int) -> dict:
    """The example's self-play (its default network and settings): the time of the moves,
    and the part of it inside the network's evaluation."""
    import net
    from selfplay import SelfPlay

    d = train.parse([])
    sp = SelfPlay(d.rules, size, d.envs, d.simulations, d.history, 0, d.threads)
    model, params = net.make(sp.env.num_actions, d.blocks, d.channels, sp.obs.shape[1:], 0)
    evaluate = net.evaluator(model)
    evaluate(params, sp.obs)  # compiles
    in_network = [0.0]

    def timed(obs):
        t = time.perf_counter()
        out = evaluate(params, obs)
        in_network[0] += time.perf_counter() - t
        return out

    t = time.perf_counter()
    sp.play(timed, 4)
    total = time.perf_counter() - t
    return {"total_s": total, "network_s": in_network[0], "search_share": 1 - in_network[0] / total}


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--sizes", default="7,9,19")
    p.add_argument("--games", type=int, default=256)
    p.add_argument("--simulations", type=int, default=64)
    p.add_argument("--moves", type=int, default=16)
    p.add_argument("--repeats", type=int, default=2)
    a = p.parse_args()
    rows = []
    for size in [int(s) for s in a.sizes.split(",")]:
        goishi_runs, mctx_runs = [], []
        for _ in range(a.repeats):
            goishi_runs.append(goishi_rate(size, a.games, a.simulations, a.moves))
            mctx_runs.append(mctx_rate(size, a.games, a.simulations, a.moves))
        g = max(goishi_runs, key=lambda r: r["rate"])
        m = max(mctx_runs)
        rows.append({"size": size, "goishi": g["rate"], "goishi_first_searches":
                     g["first_searches"], "mctx": m, "ratio": g["rate"] / m,
                     "goishi_runs": [r["rate"] for r in goishi_runs], "mctx_runs": mctx_runs})
        print(f"{size}x{size}: goishi {g['rate']:,.0f} simulations/s (its first two searches "
              f"{g['first_searches']:,.0f}), mctx+pgx {m:,.0f}, {g['rate'] / m:.1f}x", flush=True)
    share = search_share(7)
    print(f"7x7 self-play of the example: {share['search_share']:.1%} of the time in goishi "
          f"(the rest in the network), {share['total_s']:.1f} s for 4 moves", flush=True)
    print(json.dumps({
        "rows": rows, "search_share": share, "machine": train.machine(),
        "cores": os.cpu_count(), "date": time.strftime("%Y-%m-%d"),
        "command": "python examples/alphazero/bench_search.py " + " ".join(sys.argv[1:]),
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
