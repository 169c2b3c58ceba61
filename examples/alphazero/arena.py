"""Evaluation against fixed opponents: `games` games at once in a VectorEnv, the network
(its search, without noise) on one side, an opponent on the other, colours alternating
(the network is Black in the even games)."""

import math
from typing import Callable, Dict, Optional

import numpy as np

import goishi

# The fixed opponents, by name: a player for game `i` (seeded by it), or None for the
# uniformly random player of the environment's own sampler.
OPPONENTS: Dict[str, Callable[[int], Optional[object]]] = {
    "random": lambda i: goishi.RandomPlayer(seed=i),
    "mcts-light-64": lambda i: goishi.MctsPlayer(playouts=64, seed=i, playout_policy="light"),
    "mcts-1000": lambda i: goishi.MctsPlayer(playouts=1000, seed=i),
}


def wilson(wins: float, n: int, z: float = 1.96):
    """The 95% Wilson interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, min(p, c - h)), min(1.0, max(p, c + h))


def play(
    rules: str,
    size: int,
    history: int,
    evaluate,
    opponent: str,
    games: int,
    simulations: int,
    seed: int = 0,
    threads: int = 1,
) -> Dict[str, float]:
    """The network's score against `opponent` over `games` games (a draw counts a half)."""
    env = goishi.VectorEnv(rules, size, games, history=history, seed=seed, threads=threads)
    obs, _ = env.reset(seed=seed)
    search = goishi.BatchedSearch(
        env, simulations=simulations, algorithm="gumbel", gumbel_scale=0.0, seed=seed, threads=threads
    )
    players = [OPPONENTS[opponent](seed * 100_003 + i) for i in range(games)]
    network_black = np.arange(games) % 2 == 0
    score = np.full(games, np.nan)
    finished = np.zeros(games, bool)
    while not finished.all():
        search.run(lambda o, m: evaluate(o))
        actions = search.actions()
        white = obs[:, 0, 0, 2 * max(history, 1)].astype(bool)
        for i in np.flatnonzero(~finished):
            network_to_move = network_black[i] != white[i]
            if network_to_move:
                continue
            game = env.game(i)
            move = players[i].genmove(game)
            if move == "resign":
                score[i] = 1.0
                finished[i] = True
                continue
            actions[i] = game.action_of(move)
        obs, rewards, terms, truncs, _ = env.step(actions)
        for i in np.flatnonzero((terms | truncs) & ~finished):
            winner = env.game(i).winner
            if winner is None:
                score[i] = 0.5
            else:
                score[i] = 1.0 if (winner == "black") == network_black[i] else 0.0
            finished[i] = True
    wins = float(np.sum(score))
    low, high = wilson(wins, games)
    return {"opponent": opponent, "games": games, "score": wins / games, "low": low, "high": high}
