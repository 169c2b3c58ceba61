"""goishi.BatchedSearch: the search whose leaves the caller evaluates, over a VectorEnv's
games; its leaves in the environment's layout, its moves legal under every variant, its
policy a distribution, the same search for a seed whatever the threads, the environment
followed from step to step, and every bad argument refused with a message."""

import threading

import numpy as np
import pytest

import goishi
from conftest import variant_ids


def evaluate_random(seed):
    rng = np.random.default_rng(seed)

    def evaluate(obs, mask):
        n = mask.shape[0]
        return rng.normal(size=(n, mask.shape[1])).astype(np.float32), rng.uniform(-1, 1, n)

    return evaluate


def uniform(obs, mask):
    n = mask.shape[0]
    return np.zeros(mask.shape, np.float32), np.zeros(n, np.float32)


@pytest.mark.parametrize("algorithm", ["gumbel", "puct"])
@pytest.mark.parametrize("rules", variant_ids())
def test_every_variant_plays_legal_moves(rules, algorithm):
    env = goishi.VectorEnv(rules, 5, 3, seed=1, threads=2, max_moves=30)
    obs, info = env.reset(seed=1)
    search = goishi.BatchedSearch(env, simulations=8, algorithm=algorithm, seed=3)
    for _ in range(12):
        mask = info["legal_mask"].copy()
        search.run(evaluate_random(0))
        actions = search.actions()
        policy = search.policy()
        assert actions.dtype == np.uint32 and actions.shape == (3,)
        assert policy.dtype == np.float32 and policy.shape == (3, env.num_actions)
        for i in range(3):
            if mask[i].all():
                continue  # a finished game: its row of the mask is all true
            assert mask[i][actions[i]], f"{rules}: action {actions[i]} is illegal"
            assert abs(policy[i].sum() - 1) < 1e-4
            assert (policy[i][~mask[i]] == 0).all()
        obs, rewards, terms, truncs, info = env.step(actions)


def test_the_first_leaves_are_the_roots_as_the_environment_writes_them():
    env = goishi.VectorEnv("go/chinese", 7, 4, seed=0)
    env.reset(seed=0)
    env.step(env.sample_actions())
    obs, _, _, _, info = env.step(env.sample_actions())
    search = goishi.BatchedSearch(env, simulations=4)
    leaf_obs, leaf_mask = search.leaves()
    assert leaf_obs.dtype == np.bool_ and leaf_obs.shape == (4,) + env.single_observation_shape
    assert (leaf_obs == obs).all()
    assert (leaf_mask == info["legal_mask"]).all()
    assert list(search.leaf_games()) == [0, 1, 2, 3]
    assert search.leaf_path(0) == []
    # The arrays are views of the search's buffers: contiguous, no copy to take them.
    assert leaf_obs.flags["C_CONTIGUOUS"] and leaf_mask.flags["C_CONTIGUOUS"]
    search.expand(np.zeros((4, env.num_actions)), np.zeros((4, 1)))
    obs2, mask2 = search.leaves()
    assert np.shares_memory(obs2, leaf_obs)
    assert len(search.leaf_path(0)) == 1


def test_a_leaf_is_the_observation_of_its_position():
    env = goishi.VectorEnv("capture/atari-go:captures=3", 5, 2, history=3, seed=2)
    env.reset(seed=2)
    search = goishi.BatchedSearch(env, simulations=16, algorithm="puct", leaves_per_game=2)
    checked = 0
    while not search.done():
        obs, mask = search.leaves()
        for k, g in enumerate(search.leaf_games()):
            game = env.game(int(g))
            for action in search.leaf_path(k):
                game.play(int(action))
            assert (obs[k] == game.observation(3)).all()
            assert (mask[k] == game.legal_mask()).all()
            checked += 1
        search.expand(*evaluate_random(1)(obs, mask))
    assert checked >= 32


def test_a_seed_gives_the_same_search_for_any_number_of_threads():
    def searched(threads, seed=5):
        env = goishi.VectorEnv("go/chinese", 7, 6, seed=0, threads=threads)
        env.reset(seed=0)
        search = goishi.BatchedSearch(env, simulations=24, seed=seed, threads=threads)
        out = []
        for _ in range(3):
            search.run(evaluate_random(7))
            out.append((search.policy(), search.actions(), search.values(), search.visits()))
            env.step(search.actions())
        return out

    one, two = searched(1), searched(2)
    for a, b in zip(one, two):
        for x, y in zip(a, b):
            np.testing.assert_array_equal(x, y)
    other = searched(1, seed=6)
    assert any((x != y).any() for a, b in zip(one, other) for x, y in zip(a, b))


def test_the_search_follows_the_environment_and_keeps_its_tree():
    env = goishi.VectorEnv("go/chinese", 7, 2, seed=0)
    env.reset(seed=0)
    search = goishi.BatchedSearch(env, simulations=32, algorithm="puct")
    search.run(uniform)
    assert search.done()
    before = search.visits()
    actions = search.actions()
    env.step(actions)
    assert not search.done()
    # The first leaves of the next search are below the kept roots, not the roots.
    search.leaves()
    assert all(len(search.leaf_path(k)) >= 1 for k in range(len(search.leaf_games())))
    assert before.sum() == 64


def test_a_finished_game_has_a_zero_policy_and_passes():
    env = goishi.VectorEnv("go/chinese", 5, 1, seed=0)
    env.reset(seed=0)
    env.step(np.array([25]))
    env.step(np.array([25]))
    search = goishi.BatchedSearch(env, simulations=8)
    assert search.done()
    assert (search.policy() == 0).all()
    assert list(search.actions()) == [25]


def test_exact_values_for_finished_positions():
    # After Black's pass, White's pass ends the game and wins it (komi 7.5): found with a
    # network that knows nothing.
    env = goishi.VectorEnv("go/chinese:komi=7.5", 5, 1, seed=0)
    env.reset(seed=0)
    env.step(np.array([25]))
    search = goishi.BatchedSearch(
        env, simulations=200, algorithm="puct", dirichlet_fraction=0, temperature=0
    )
    search.run(uniform)
    assert list(search.actions()) == [25]
    assert search.values()[0] > 0.7


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"algorithm": "mcts"}, 'invalid algorithm "mcts"; expected "puct" or "gumbel"'),
        ({"algorithm": "puct", "gumbel_scale": 1.0}, 'gumbel_scale is a setting of algorithm="gumbel"'),
        ({"temperature": 1.0}, 'temperature is a setting of algorithm="puct"'),
        ({"simulations": 0}, "invalid simulations 0; expected a whole number from 1 to 1000000"),
        ({"simulations": 4, "leaves_per_game": 5}, "invalid leaves_per_game 5; expected a whole number from 1 to 4"),
        ({"threads": 0}, "invalid threads 0"),
        ({"algorithm": "puct", "dirichlet_fraction": 2.0}, "invalid dirichlet_fraction 2"),
        ({"algorithm": "puct", "c_base": float("nan")}, "invalid c_base NaN"),
        ({"max_considered_actions": 0}, "invalid max_considered_actions 0"),
    ],
)
def test_bad_settings_are_refused(kwargs, message):
    env = goishi.VectorEnv("go/chinese", 5, 2)
    env.reset()
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        goishi.BatchedSearch(env, **kwargs)


def test_bad_calls_are_refused_and_the_search_goes_on():
    with pytest.raises(TypeError, match="env must be a goishi.VectorEnv, not str"):
        goishi.BatchedSearch("go/chinese")
    env = goishi.VectorEnv("go/chinese", 5, 2)
    with pytest.raises(ValueError, match="have not been reset"):
        goishi.BatchedSearch(env)
    env.reset()
    search = goishi.BatchedSearch(env, simulations=4)
    with pytest.raises(ValueError, match="no leaf waits"):
        search.expand(np.zeros((2, 26)), np.zeros(2))
    obs, mask = search.leaves()
    with pytest.raises(ValueError, match="wait for expand"):
        search.leaves()
    with pytest.raises(ValueError, match=r"logits has shape \[2, 25\]; expected \[2, 26\]"):
        search.expand(np.zeros((2, 25)), np.zeros(2))
    with pytest.raises(ValueError, match=r"values has shape \[3\]"):
        search.expand(np.zeros((2, 26)), np.zeros(3))
    with pytest.raises(ValueError, match=r"values\[1\] is NaN"):
        search.expand(np.zeros((2, 26)), np.array([0.0, np.nan]))
    with pytest.raises(ValueError, match=r"logits\[3\] is inf"):
        logits = np.zeros((2, 26))
        logits[0, 3] = np.inf
        search.expand(logits, np.zeros(2))
    with pytest.raises(ValueError, match="logits must be an array of numbers"):
        search.expand([["a"] * 26] * 2, np.zeros(2))
    # Nothing changed: the same leaves still wait, and a good evaluation is taken.
    search.expand(np.full((2, 26), -np.inf), np.zeros(2))
    with pytest.raises(ValueError, match=r"evaluate must return \(logits, values\), not int"):
        search.run(lambda obs, mask: 1)
    with pytest.raises(ZeroDivisionError):
        search.run(lambda obs, mask: 1 / 0)
    search.run(uniform)
    assert search.done()
    assert "BatchedSearch(num_envs=2, simulations=4" in repr(search)


def test_the_gil_is_released_while_the_search_walks():
    env = goishi.VectorEnv("go/chinese", 19, 64, threads=1, obs="none")
    env.reset()
    search = goishi.BatchedSearch(env, simulations=256, threads=1)
    ticks = []
    stop = threading.Event()

    def count():
        while not stop.is_set():
            ticks.append(1)

    t = threading.Thread(target=count)
    t.start()
    try:
        zeros = np.zeros((64, env.num_actions), np.float32)
        calls = 0
        while not search.done() and calls < 60:
            obs, mask = search.leaves()
            search.expand(zeros[: mask.shape[0]], np.zeros(mask.shape[0]))
            calls += 1
    finally:
        stop.set()
        t.join()
    assert len(ticks) > 0
