"""Game.observation: the planes VectorEnv writes for an environment that played the same moves
(every family, square, rectangle, torus and hex boards, history 0, 1 and 8, bool and packed),
seen by either player, and its bad arguments."""

import numpy as np
import pytest

import goishi

BOARDS = [
    ("go/chinese:ko=positional", 5),
    ("go/japanese:board=torus", (5, 4)),
    ("go/tromp-taylor", (6, 4)),
    ("capture/atari-go:board=hex", 4),
    ("contact/2b", 5),
]


@pytest.mark.parametrize("rules,size", BOARDS)
@pytest.mark.parametrize("history", [0, 1, 8])
@pytest.mark.parametrize("obs", ["bool", "packed"])
def test_the_observation_is_the_vector_envs(rules, size, history, obs):
    n = 3
    env = goishi.VectorEnv(rules, size, n, history=history, threads=2, seed=5, obs=obs)
    games = [goishi.Game(rules, size) for _ in range(n)]
    o, _ = env.reset(seed=5)
    done = [False] * n
    resets = 0
    # Past the default cap (3 x points): every environment starts again at least once.
    for step in range(3 * env.num_points + 3):
        for i, g in enumerate(games):
            where = f"{rules} {size}, history {history}, {obs}, step {step}, environment {i}"
            mine = g.observation(history, packed=obs == "packed")
            assert mine.dtype == o.dtype and mine.shape == env.single_observation_shape, where
            assert np.array_equal(mine, o[i]), where
        actions = env.sample_actions()
        o, _, terms, truncs, _ = env.step(actions)
        for i in range(n):
            # Next-step autoreset: an environment that ended at the last step starts again.
            if done[i]:
                games[i] = goishi.Game(rules, size)
                resets += 1
            else:
                games[i].play(int(actions[i]))
            done[i] = bool(terms[i] or truncs[i])
    assert resets >= n


def test_either_player_sees_the_same_stones():
    game = goishi.Game("go/chinese", 5)
    for move in ("C3", "D4", "pass"):
        game.play(move)
    assert game.to_move == "white"
    mover = game.observation(3)
    assert np.array_equal(game.observation(3, color="white"), mover)
    black = game.observation(3, color="black")
    assert mover.shape == (5, 5, 7)
    # The channels of each position swap, and the colour plane flips.
    assert np.array_equal(black[..., 0:6:2], mover[..., 1:6:2])
    assert np.array_equal(black[..., 1:6:2], mover[..., 0:6:2])
    assert mover[..., 6].all() and not black[..., 6].any()
    # History 0 reads as 1: the current position's two planes, then the colour plane.
    assert np.array_equal(game.observation(0), mover[..., [0, 1, 6]])
    assert np.array_equal(game.observation(0, packed=True),
                          np.packbits(mover[..., [0, 1, 6]].reshape(-1)))


def test_an_undone_move_leaves_no_trace():
    game = goishi.Game("go/chinese:board=hex", 4)
    other = game.copy()
    for move in (0, 5, 9):
        game.play(move)
        other.play(move)
    game.play(3)
    assert not np.array_equal(game.observation(), other.observation())
    game.undo()
    assert np.array_equal(game.observation(), other.observation())
    assert game.observation().shape == (game.num_points, 17)


def test_bad_arguments_are_named():
    game = goishi.Game("go/chinese", 5)
    with pytest.raises(ValueError, match="history is -1; it cannot be negative"):
        game.observation(-1)
    with pytest.raises(ValueError, match="history 33 is too long; the observation keeps at most 32"):
        game.observation(33)
    with pytest.raises(ValueError, match="invalid color \"red\""):
        game.observation(color="red")
    assert game.observation(32).shape == (5, 5, 65)
