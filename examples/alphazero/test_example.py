"""The example's own pieces: the replay buffer's symmetries move the planes and the policy as
the board's symmetry moves a game, self-play's value targets are each game's result for the
player to move, and its ownership targets the final area that scored the game."""

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
    ownership = np.zeros(game.num_points, np.int8)
    ownership[[8, 3]] = [1, -1]
    buffer.add({"obs": game.observation(history)[None], "policy": policy[None], "value": np.ones(1),
                "ownership": ownership[None]})
    rng = np.random.default_rng(0)
    for s, sym in enumerate(symmetries):
        obs, pol, value, own = buffer.sample(rng, 1, symmetries[s:s + 1])
        moved = goishi.Game(rules, size=size)
        for m in moves:
            moved.play(int(sym[m]))
        assert (obs[0] == moved.observation(history)).all(), f"symmetry {s}"
        assert pol[0][sym[8]] == 0.75 and pol[0][sym[25]] == 0.25 and value[0] == 1
        assert own[0][sym[8]] == 1 and own[0][sym[3]] == -1 and np.abs(own[0]).sum() == 2


def finished_games(rules: str, num_envs: int, moves: int, seed: int):
    """Self-play on 5x5 with random priors and zero values for `moves` moves: the samples,
    and each finished game's result for Black with its samples (a dict of slices)."""
    sp = SelfPlay(rules, 5, num_envs, simulations=4, history=1, seed=seed, threads=1)
    rng = np.random.default_rng(seed)

    def evaluate(obs):
        n = obs.shape[0]
        return rng.normal(size=(n, 26)).astype(np.float32), np.zeros(n, np.float32)

    samples = sp.play(evaluate, moves)
    assert len(sp.results) > 0
    assert sum(sp.lengths) == len(samples["value"])
    starts = np.cumsum([0] + sp.lengths)
    games = [(result, {k: v[a:b] for k, v in samples.items()})
             for result, a, b in zip(sp.results, starts, starts[1:])]
    return samples, games


def test_value_targets_are_the_result_for_the_player_to_move():
    samples, games = finished_games("capture/atari-go", 8, 40, seed=3)
    assert set(np.unique(samples["value"])) <= {-1.0, 0.0, 1.0}
    # Atari Go: each game's samples alternate in sign, move by move (the players alternate),
    # and the last is the last mover's: +1 when a capture won it.
    for result, game in games:
        values = game["value"]
        assert all(a == -b for a, b in zip(values, values[1:]))
        assert abs(result) == abs(values[-1])


def test_the_ownership_target_is_the_area_that_scores_the_game():
    from selfplay import area

    rng = np.random.default_rng(5)
    for n in range(20):
        game = goishi.Game("go/chinese:komi=0", size=5 + n % 3)
        while not game.is_over:
            legal = np.flatnonzero(game.legal_mask())
            # Pass only when little else is left, so that games end with territory.
            game.play(int(legal[-1] if len(legal) < 6 else rng.choice(legal[:-1])))
        board = game.board
        own = area(board == 1, board == -1)
        score = game.score()
        assert own.sum() == score["black"] - score["white"], (n, board, own, score)


def test_self_play_ownership_is_the_final_area_for_the_player_to_move():
    _, games = finished_games("go/chinese", 4, 150, seed=2)
    for result, game in games:
        own, values = game["ownership"].astype(int), game["value"]
        # Black moves first: the first sample's ownership is Black's; the players alternate.
        assert all((a == -b).all() for a, b in zip(own, own[1:]))
        assert own.min() >= -1 and own.max() <= 1
        if result != 0:
            # Komi 7.5 (go/chinese): Black's area minus White's decides the result.
            assert (own[0].sum() - 7.5 > 0) == (result > 0) == (values[0] > 0)
