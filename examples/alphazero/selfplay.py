"""Self-play with goishi's BatchedSearch: a VectorEnv of games, each move searched with the
network evaluating the search's leaves (Gumbel MuZero's root), the search's improved policy
kept as the policy target, and, once the game ends, its result as the value target and its
final area as the ownership target."""

from typing import Callable, Dict, List, Tuple

import numpy as np

import goishi

Evaluate = Callable[[np.ndarray], Tuple[np.ndarray, np.ndarray]]


def area(black: np.ndarray, white: np.ndarray) -> np.ndarray:
    """The final area of boards (..., H, W), as area scoring counts it: +1 for a black stone
    or an empty point from which only black stones can be reached (through empty points, up,
    down, left or right), -1 the same for White, 0 where both or neither can be."""
    empty = ~(black | white)

    def reach(stones):
        seen = stones.copy()
        while True:
            grown = seen.copy()
            grown[..., 1:, :] |= seen[..., :-1, :]
            grown[..., :-1, :] |= seen[..., 1:, :]
            grown[..., :, 1:] |= seen[..., :, :-1]
            grown[..., :, :-1] |= seen[..., :, 1:]
            grown = stones | (grown & empty)
            if (grown == seen).all():
                return seen
            seen = grown

    b, w = reach(black), reach(white)
    return (b & ~w).astype(np.int8) - (w & ~b).astype(np.int8)


class SelfPlay:
    """`num_envs` games played at once by the search, for the training samples."""

    def __init__(
        self,
        rules: str,
        size: int,
        num_envs: int,
        simulations: int,
        history: int,
        seed: int,
        threads: int,
        max_considered_actions: int = 16,
    ):
        self.env = goishi.VectorEnv(rules, size, num_envs, history=history, seed=seed, threads=threads)
        self.obs, _ = self.env.reset(seed=seed)
        self.search = goishi.BatchedSearch(
            self.env,
            simulations=simulations,
            algorithm="gumbel",
            seed=seed,
            threads=threads,
            max_considered_actions=max_considered_actions,
        )
        self.history = history
        self.num_envs = num_envs
        # Each game's moves so far: (observation, policy target, white to move).
        self.games: List[List[Tuple[np.ndarray, np.ndarray, bool]]] = [[] for _ in range(num_envs)]
        self.done = np.zeros(num_envs, bool)
        self.results: List[float] = []
        # The moves of each game that ended in the last `play`, in the samples' order.
        self.lengths: List[int] = []

    def white_to_move(self, obs: np.ndarray) -> np.ndarray:
        """The colour plane of each observation (channel 2 x history, all ones for White)."""
        return obs[:, 0, 0, 2 * max(self.history, 1)].astype(bool)

    def play(self, evaluate: Evaluate, moves: int) -> Dict[str, np.ndarray]:
        """Plays `moves` moves in every game; returns the samples of the games that ended:
        `obs`, `policy`, `value` (the result for the player to move in the sample) and
        `ownership` (int8, a point each: the game's final area, +1 the mover's, `area`)."""
        samples: List[Tuple[np.ndarray, np.ndarray, float, np.ndarray]] = []
        self.results = []
        self.lengths = []

        def run(obs, mask):
            return evaluate(obs)

        for _ in range(moves):
            self.search.run(run)
            policy = self.search.policy()
            actions = self.search.actions()
            obs = self.obs.copy()
            white = self.white_to_move(obs)
            for i in range(self.num_envs):
                if not self.done[i]:
                    self.games[i].append((obs[i], policy[i], bool(white[i])))
            was_done = self.done.copy()
            self.obs, rewards, terms, truncs, _ = self.env.step(actions)
            self.done = terms | truncs
            for i in np.flatnonzero(self.done & ~was_done):
                game = self.games[i]
                last_white = game[-1][2]
                reward = float(rewards[i]) if terms[i] else 0.0
                # The step that ends a game returns its final position (next-step autoreset).
                final = self.obs[i]
                mine, theirs = final[..., 0], final[..., 1]
                black_area = area(theirs, mine) if self.white_to_move(final[None])[0] else area(mine, theirs)
                black_area = black_area.reshape(-1)
                for o, p, w in game:
                    samples.append((o, p, reward if w == last_white else -reward,
                                    -black_area if w else black_area))
                black_result = reward if not last_white else -reward
                self.results.append(black_result)
                self.lengths.append(len(game))
                self.games[i] = []
        if not samples:
            shape = self.obs.shape[1:]
            return {
                "obs": np.zeros((0,) + shape, bool),
                "policy": np.zeros((0, self.env.num_actions), np.float32),
                "value": np.zeros(0, np.float32),
                "ownership": np.zeros((0, self.env.num_actions - 1), np.int8),
            }
        return {
            "obs": np.stack([s[0] for s in samples]),
            "policy": np.stack([s[1] for s in samples]).astype(np.float32),
            "value": np.array([s[2] for s in samples], np.float32),
            "ownership": np.stack([s[3] for s in samples]),
        }


def make_actor_class():
    """The self-play worker as a Ray actor class (Ray imported only for `--ray`)."""
    import ray

    @ray.remote
    class SelfPlayActor:
        def __init__(self, rules, size, num_envs, simulations, history, seed, blocks, channels):
            import net

            self.selfplay = SelfPlay(rules, size, num_envs, simulations, history, seed, threads=1)
            shape = self.selfplay.obs.shape[1:]
            actions = self.selfplay.env.num_actions
            self.model, _ = net.make(actions, blocks, channels, shape, seed)
            self.evaluate = net.evaluator(self.model)

        def play(self, params, moves):
            samples = self.selfplay.play(lambda obs: self.evaluate(params, obs), moves)
            return samples, self.selfplay.results

    return SelfPlayActor
