"""The example's own pieces: the replay buffer's symmetries move the planes and the policy as
the board's symmetry moves a game, and self-play's value targets are each game's result for
the player to move."""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import goishi  # noqa: E402

from selfplay import SelfPlay  # noqa: E402
from train import Buffer  # noqa: E402


def test_a_symmetry_moves_the_planes_and_the_policy_as_it_moves_the_game():
    rules, size, history = "go/chinese", 5, 2
    symmetries = goishi.symmetries(rules, size)
    game = goishi.Game(rules, size=size)
    moves = [6, 7, 12, 18, 25, 3]
    for m in moves:
        game.play(m)
    buffer = Buffer(4, game.observation(history).shape, game.num_actions)
    policy = np.zeros(game.num_actions, np.float32)
    policy[[8, 25]] = [0.75, 0.25]
    buffer.add({"obs": game.observation(history)[None], "policy": policy[None], "value": np.ones(1)})
    rng = np.random.default_rng(0)
    for s, sym in enumerate(symmetries):
        obs, pol, value = buffer.sample(rng, 1, symmetries[s:s + 1])
        moved = goishi.Game(rules, size=size)
        for m in moves:
            moved.play(int(sym[m]))
        assert (obs[0] == moved.observation(history)).all(), f"symmetry {s}"
        assert pol[0][sym[8]] == 0.75 and pol[0][sym[25]] == 0.25 and value[0] == 1


def test_value_targets_are_the_result_for_the_player_to_move():
    sp = SelfPlay("capture/atari-go", 5, 8, simulations=4, history=1, seed=3, threads=1)
    rng = np.random.default_rng(1)

    def evaluate(obs):
        n = obs.shape[0]
        return rng.normal(size=(n, 26)).astype(np.float32), np.zeros(n, np.float32)

    samples = sp.play(evaluate, 40)
    assert len(samples["value"]) > 0 and len(sp.results) > 0
    assert set(np.unique(samples["value"])) <= {-1.0, 0.0, 1.0}
    # Atari Go: each game's samples alternate in sign, move by move (the players alternate),
    # and the last is the last mover's: +1 when a capture won it.
    start = 0
    for length, result in zip(sp.lengths, sp.results):
        values = samples["value"][start:start + length]
        start += length
        assert all(a == -b for a, b in zip(values, values[1:]))
        assert abs(result) == abs(values[-1])
    assert start == len(samples["value"])
