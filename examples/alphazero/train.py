"""AlphaZero on goishi: a policy-value network trained by self-play with goishi's
BatchedSearch (Gumbel MuZero's root), JAX/flax/optax on the CPU.

    python examples/alphazero/train.py --rules "go/chinese:komi=9" --size 7 --minutes 60

Each iteration plays `--moves` moves in `--envs` games at once (the network evaluates the
search's leaves), adds the finished games' samples to a replay buffer (with the board's
symmetries, `goishi.symmetries`), and trains on minibatches from it: the search's policy,
the game's result and its final area (the ownership head). The learning rate holds for the
first half of `--minutes` and falls along a cosine to `--lr-final` of it at the end. Every
`--eval-every` minutes of training the network plays fixed opponents (`--eval-games` games
each, colours alternating) and the parameters are checkpointed; the run ends with
`--final-games` games against each opponent. Everything goes to `--out`: `metrics.jsonl`
(one line an evaluation), `checkpoint.msgpack`, `results.json` (the final table, the time
split between self-play and training, the machine, the command) and `curve.png` (plot.py). `--ray N` plays self-play on N Ray actors (a local Ray
instance unless one runs). `--smoke` is a two-minute run of a tiny network (CI).
"""

import argparse
import json
import os
import platform
import sys
import time
from typing import Dict, List

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from flax import serialization  # noqa: E402

import goishi  # noqa: E402

import arena  # noqa: E402
import net  # noqa: E402
import plot  # noqa: E402
from selfplay import SelfPlay, make_actor_class  # noqa: E402


def parse(argv: List[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rules", default="go/chinese:komi=9")
    p.add_argument("--size", type=int, default=7)
    p.add_argument("--minutes", type=float, default=60.0, help="training time (evaluations not counted)")
    p.add_argument("--envs", type=int, default=128, help="self-play games at once")
    p.add_argument("--simulations", type=int, default=32, help="self-play simulations a move")
    p.add_argument("--moves", type=int, default=16, help="self-play moves an iteration")
    p.add_argument("--history", type=int, default=2, help="positions in the observation")
    p.add_argument("--blocks", type=int, default=4)
    p.add_argument("--channels", type=int, default=32)
    p.add_argument("--batch", type=int, default=256)
    p.add_argument("--updates", type=float, default=2.0,
                   help="samples trained on (in minibatches) for each new sample: the replay ratio")
    p.add_argument("--buffer", type=int, default=100_000)
    p.add_argument("--lr", type=float, default=2e-3)
    p.add_argument("--lr-final", type=float, default=0.05,
                   help="the learning rate at the end, a fraction of --lr (cosine over the second half)")
    p.add_argument("--ownership", type=float, default=1.5,
                   help="weight of the ownership loss (0: none)")
    p.add_argument("--weight-decay", type=float, default=1e-4)
    p.add_argument("--eval-every", type=float, default=15.0, help="minutes of training between evaluations")
    p.add_argument("--eval-games", type=int, default=20)
    p.add_argument("--eval-simulations", type=int, default=64)
    p.add_argument("--final-games", type=int, default=100)
    p.add_argument(
        "--opponents", default="mcts-light-64,mcts-1000",
        help="comma-separated: " + ", ".join(arena.OPPONENTS),
    )
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--ray", type=int, default=0, metavar="N", help="self-play on N Ray actors")
    p.add_argument("--resume", action="store_true", help="start from --out's checkpoint")
    p.add_argument("--out", default="alphazero-run")
    p.add_argument("--smoke", action="store_true", help="a two-minute run of a tiny network")
    a = p.parse_args(argv)
    if a.smoke:
        a.minutes, a.envs, a.simulations, a.moves = 1.0, 16, 8, 8
        a.blocks, a.channels, a.batch, a.eval_every = 1, 8, 64, 0.5
        a.eval_games, a.eval_simulations, a.final_games = 4, 8, 8
    for name in a.opponents.split(","):
        if name not in arena.OPPONENTS:
            p.error(f"unknown opponent {name!r}; expected one of {', '.join(arena.OPPONENTS)}")
    return a


def machine() -> str:
    """The processor's model name (Linux), else the platform's."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


class Buffer:
    """A ring of the last `capacity` samples."""

    def __init__(self, capacity: int, obs_shape, actions: int):
        self.obs = np.zeros((capacity,) + tuple(obs_shape), bool)
        self.policy = np.zeros((capacity, actions), np.float32)
        self.value = np.zeros(capacity, np.float32)
        self.ownership = np.zeros((capacity, actions - 1), np.int8)
        self.size = 0
        self.next = 0

    def add(self, samples: Dict[str, np.ndarray]) -> None:
        capacity = len(self.value)
        new = {k: v[-capacity:] for k, v in samples.items()}  # the ring keeps the last ones
        rows = (self.next + np.arange(len(new["value"]))) % capacity
        for name in ("obs", "policy", "value", "ownership"):
            getattr(self, name)[rows] = new[name]
        self.next = int((self.next + len(rows)) % capacity)
        self.size = min(self.size + len(rows), capacity)

    def sample(self, rng: np.random.Generator, n: int, symmetries: np.ndarray):
        """`n` samples, each under a random symmetry of the board (points permuted in the
        planes, the policy and the ownership alike, pass fixed)."""
        idx = rng.integers(0, self.size, n)
        sym = symmetries[rng.integers(0, len(symmetries), n)]  # (n, actions)
        obs = self.obs[idx]
        h, w = obs.shape[1], obs.shape[2]
        points = sym[:, :-1]  # where each point goes
        flat = obs.reshape(n, h * w, -1)
        moved = np.empty_like(flat)
        moved[np.arange(n)[:, None], points] = flat
        policy = np.empty_like(self.policy[idx])
        policy[np.arange(n)[:, None], sym] = self.policy[idx]
        ownership = np.empty_like(self.ownership[idx])
        ownership[np.arange(n)[:, None], points] = self.ownership[idx]
        obs = moved.reshape(obs.shape).astype(np.float32)
        return obs, policy, self.value[idx], ownership.astype(np.float32)


def main(argv: List[str]) -> int:
    a = parse(argv)
    os.makedirs(a.out, exist_ok=True)
    rules = str(goishi.Rules(a.rules))
    probe = goishi.VectorEnv(rules, a.size, 1, history=a.history)
    if len(probe.single_observation_shape) != 3:
        sys.exit(f"{rules} on size {a.size} is not a rectangle: this example's network is "
                 "convolutional (see docs/learning.md for graph boards and VectorEnv.adjacency)")
    obs_shape, actions = probe.single_observation_shape, probe.num_actions
    symmetries = goishi.symmetries(rules, a.size)
    model, params = net.make(actions, a.blocks, a.channels, obs_shape, a.seed)
    opt = net.optimizer(a.lr, a.weight_decay)
    opt_state = opt.init(params)
    trained, samples_seen, games_played = 0.0, 0, 0
    checkpoint = os.path.join(a.out, "checkpoint.msgpack")
    metrics_path = os.path.join(a.out, "metrics.jsonl")
    if a.resume and os.path.exists(checkpoint):
        with open(checkpoint, "rb") as f:
            state = serialization.from_bytes(
                {"params": params, "opt_state": opt_state, "trained": 0.0, "samples": 0, "games": 0}, f.read()
            )
        params, opt_state = state["params"], state["opt_state"]
        trained, samples_seen, games_played = float(state["trained"]), int(state["samples"]), int(state["games"])
        print(f"resumed from {checkpoint}: {trained / 60:.1f} minutes trained", flush=True)
    elif os.path.exists(metrics_path):
        os.remove(metrics_path)
    evaluate = net.evaluator(model)
    buffer = Buffer(a.buffer, obs_shape, actions)
    rng = np.random.default_rng(a.seed)
    if a.ray:
        import ray

        ray.init(ignore_reinit_error=True, num_cpus=max(a.ray, 1), include_dashboard=False)
        Actor = make_actor_class()
        actors = [
            Actor.remote(rules, a.size, a.envs // a.ray, a.simulations, a.history, a.seed + 1 + k, a.blocks, a.channels)
            for k in range(a.ray)
        ]
        selfplay = None
    else:
        selfplay = SelfPlay(rules, a.size, a.envs, a.simulations, a.history, a.seed, a.threads)
    opponents = a.opponents.split(",")
    next_eval = trained + a.eval_every * 60
    next_report = trained + 60
    losses: List[float] = []
    seconds = {"self-play": 0.0, "training": 0.0}

    def learning_rate() -> float:
        """--lr for the first half of the run, then a cosine down to --lr-final x --lr."""
        half = a.minutes * 30
        f = min(max((trained - half) / half, 0.0), 1.0)
        return a.lr * (a.lr_final + (1 - a.lr_final) * 0.5 * (1 + np.cos(np.pi * f)))
    print(f"{rules} {a.size}x{a.size}: training {a.minutes} minutes, network {a.blocks}x{a.channels}, "
          f"{a.envs} games x {a.simulations} simulations", flush=True)

    def evaluation(games: int, final: bool) -> Dict:
        row = {"minutes": trained / 60, "samples": samples_seen, "games": games_played,
               "loss": float(np.mean(losses)) if losses else None, "final": final}
        for name in opponents:
            t = time.time()
            r = arena.play(rules, a.size, a.history, lambda o: evaluate(params, o), name,
                           games, a.eval_simulations, seed=a.seed + 7, threads=a.threads)
            row[name] = r
            print(f"  {trained / 60:6.1f} min: {r['score']:.2f} [{r['low']:.2f}, {r['high']:.2f}] "
                  f"against {name} over {games} games ({time.time() - t:.0f} s)", flush=True)
        with open(metrics_path, "a") as f:
            f.write(json.dumps(row) + "\n")
        with open(checkpoint, "wb") as f:
            f.write(serialization.to_bytes({"params": params, "opt_state": opt_state, "trained": trained,
                                            "samples": samples_seen, "games": games_played}))
        return row

    while trained < a.minutes * 60:
        t0 = time.time()
        if a.ray:
            import ray

            host = jax.device_get(params)
            ref = ray.put(host)
            outs = ray.get([actor.play.remote(ref, a.moves) for actor in actors])
            new = {k: np.concatenate([o[0][k] for o in outs]) for k in outs[0][0]}
            games_played += sum(len(o[1]) for o in outs)
        else:
            new = selfplay.play(lambda o: evaluate(params, o), a.moves)
            games_played += len(selfplay.results)
        t1 = time.time()
        seconds["self-play"] += t1 - t0
        buffer.add(new)
        samples_seen += len(new["value"])
        steps = int(len(new["value"]) * a.updates / a.batch) + (1 if buffer.size >= a.batch else 0)
        for _ in range(steps if buffer.size >= a.batch else 0):
            obs, policy, value, ownership = buffer.sample(rng, a.batch, symmetries)
            opt_state = net.set_learning_rate(opt_state, learning_rate())
            params, opt_state, m = net.train_step(model, opt, params, opt_state, jnp.asarray(obs),
                                                  jnp.asarray(policy), jnp.asarray(value),
                                                  jnp.asarray(ownership), a.ownership)
            losses.append(float(m["loss"]))
            losses = losses[-200:]
        seconds["training"] += time.time() - t1
        trained += time.time() - t0
        if trained >= next_report:
            print(f"  {trained / 60:6.1f} min: {games_played} games, {samples_seen} samples "
                  f"({samples_seen / max(trained, 1e-9):.0f}/s), loss "
                  f"{np.mean(losses) if losses else float('nan'):.3f}, learning rate {learning_rate():.2g}, "
                  f"self-play {seconds['self-play'] / max(sum(seconds.values()), 1e-9):.0%} of the time", flush=True)
            next_report += 60
        if trained >= next_eval:
            evaluation(a.eval_games, final=False)
            next_eval += a.eval_every * 60
    final = evaluation(a.final_games, final=True)
    results = {
        "rules": rules, "size": a.size, "minutes": trained / 60, "games": games_played,
        "samples": samples_seen, "network": f"{a.blocks} blocks x {a.channels} channels",
        "seconds": {k: round(v, 1) for k, v in seconds.items()},
        "final": {name: final[name] for name in opponents},
        "machine": f"{machine()}, {os.cpu_count()} cores",
        "date": time.strftime("%Y-%m-%d"), "command": "python examples/alphazero/train.py " + " ".join(argv),
        "goishi": goishi.__version__, "jax": jax.__version__,
    }
    with open(os.path.join(a.out, "results.json"), "w") as f:
        json.dump(results, f, indent=2)
    plot.plot(metrics_path, os.path.join(a.out, "curve.png"), title=f"{rules} {a.size}x{a.size}")
    print(json.dumps(results["final"]), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
