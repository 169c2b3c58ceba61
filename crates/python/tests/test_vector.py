"""goishi.VectorEnv and goishi.gymnasium.VectorEnv: the batch against the same games played
one move at a time with goishi.Game, thread-count determinism, bad input that changes
nothing, and Gymnasium's conventions."""

import inspect

import numpy as np
import pytest

import goishi

# Every family, on a square, a rectangle, a torus and a hex board.
CASES = [
    ("go/chinese:ko=positional", 5, 2),
    ("go/japanese:board=torus", (5, 4), 3),
    ("go/tromp-taylor", (6, 4), 1),
    ("capture/atari-go:board=hex", 5, 2),
    ("contact/2b", 5, 8),
]


def planes_of(boards, history, mover):
    """The planes of a position whose boards since the reset are ``boards`` (numpy int8,
    oldest first), worked out from scratch: for each point, the mover's stone and the
    opponent's ``k`` positions ago, then 1 when White is to move."""
    me = 1 if mover == "black" else -1
    shape = boards[-1].shape
    out = np.zeros(shape + (2 * history + 1,), dtype=bool)
    for k in range(history):
        if len(boards) > k:
            board = boards[-1 - k]
            out[..., 2 * k] = board == me
            out[..., 2 * k + 1] = board == -me
    out[..., 2 * history] = mover == "white"
    return out


def play_against_games(rules, size, history, steps, *, threads=2, seed=7, obs="bool"):
    env = goishi.VectorEnv(rules, size, 3, history=history, threads=threads, seed=seed, obs=obs)
    games = [goishi.Game(rules, size) for _ in range(3)]
    boards = [[g.board.copy()] for g in games]
    done = [False] * 3
    o, info = env.reset(seed=seed)
    ends = 0
    for step in range(steps + 1):
        for i, g in enumerate(games):
            where = f"{rules}, step {step}, environment {i}"
            if done[i]:
                # A finished game's row allows every action (the next step ignores it).
                assert info["legal_mask"][i].all(), where
            else:
                assert np.array_equal(info["legal_mask"][i], g.legal_mask()), where
            planes = planes_of(boards[i], env.history, g.to_move)
            if obs == "packed":
                assert np.array_equal(o[i], np.packbits(planes.reshape(-1))), where
            else:
                assert np.array_equal(o[i], planes.reshape(o[i].shape)), where
        if step == steps:
            break
        actions = env.sample_actions()
        o, rewards, terms, truncs, info = env.step(actions)
        for i, g in enumerate(games):
            where = f"{rules}, step {step}, environment {i}"
            if done[i]:
                games[i] = goishi.Game(rules, size)
                boards[i] = [games[i].board.copy()]
                done[i] = False
                assert (rewards[i], terms[i], truncs[i]) == (0.0, False, False), where
                continue
            mover = g.to_move
            g.play(int(actions[i]))
            boards[i].append(g.board.copy())
            if g.is_over:
                expected = 0.0 if g.winner is None else (1.0 if g.winner == mover else -1.0)
                assert (rewards[i], terms[i], truncs[i]) == (expected, True, False), where
            else:
                capped = len(g.history) >= 3 * env.num_points
                assert (rewards[i], terms[i], truncs[i]) == (0.0, False, capped), where
            done[i] = bool(terms[i] or truncs[i])
            ends += done[i]
    return ends


@pytest.mark.parametrize("rules,size,history", CASES)
def test_the_batch_plays_as_single_games(rules, size, history):
    # Past the default cap (3 x points): every environment ends at least once.
    points = len(goishi.Game(rules, size).legal_mask()) - 1
    assert play_against_games(rules, size, history, 3 * points + 2) >= 3


def test_packed_planes_are_the_packbits_of_the_planes():
    assert play_against_games("go/chinese", 5, 8, 80, obs="packed", seed=3) >= 1


def run(threads, seed=11, steps=80):
    env = goishi.VectorEnv("go/chinese:ko=situational", 7, 9, threads=threads, seed=seed)
    o, info = env.reset(seed=seed)
    out = [o.copy()]
    for _ in range(steps):
        o, r, t, tr, info = env.step(env.sample_actions())
        out.append(np.concatenate([o.reshape(-1), r, t, tr, info["legal_mask"].reshape(-1)]))
    return out


def test_the_number_of_threads_changes_nothing():
    one = run(1)
    for threads in (2, 4):
        other = run(threads)
        assert all(np.array_equal(a, b) for a, b in zip(one, other)), threads
    assert not all(np.array_equal(a, b) for a, b in zip(one, run(1, seed=12)))


def test_bad_input_changes_no_environment():
    env = goishi.VectorEnv("go/chinese", 5, 3, seed=1)
    env.reset()
    env.step(np.array([0, 1, 2]))
    o, r, t, tr, info = env.step(np.array([5, 6, 7]))
    before = (o.copy(), info["legal_mask"].copy(), [env.game(i).history for i in range(3)])
    with pytest.raises(goishi.IllegalMoveError) as e:
        env.step(np.array([3, 4, 7]))
    assert str(e.value) == "environment 2: illegal move: B C2: occupied"
    assert e.value.reason == "occupied" and e.value.env == 2
    with pytest.raises(goishi.IllegalMoveError) as e:
        env.step(np.array([3, -1, 4]))
    assert e.value.reason == "off board" and e.value.env == 1
    with pytest.raises(goishi.IllegalMoveError):
        env.step([3, 26, 4])
    with pytest.raises(ValueError, match=r"actions have shape \[2\]"):
        env.step(np.array([3, 4]))
    with pytest.raises(TypeError, match="actions must be integers"):
        env.step(np.array([3.0, 4.0, 8.0]))
    # An unsigned action is shown as given, not wrapped to a negative number.
    with pytest.raises(goishi.IllegalMoveError, match=f"action {2**63} is out of range"):
        env.step(np.array([3, 4, 2**63], dtype=np.uint64))
    assert np.array_equal(o, before[0]) and np.array_equal(info["legal_mask"], before[1])
    assert [env.game(i).history for i in range(3)] == before[2]
    env.step(np.array([3, 4, 8], dtype=np.int32))
    assert [len(env.game(i).history) for i in range(3)] == [3, 3, 3]


def test_signatures_show_the_defaults():
    # The integer arguments are read by goishi's own converter; their defaults still show.
    env = inspect.signature(goishi.VectorEnv).parameters
    assert env["num_envs"].default == 1 and env["history"].default == 8
    assert inspect.signature(goishi.Game.observation).parameters["history"].default == 8


def test_bad_settings_raise_the_documented_exceptions():
    with pytest.raises(ValueError, match="at least one environment"):
        goishi.VectorEnv("go/chinese", 9, 0)
    with pytest.raises(ValueError, match="need about .* of memory"):
        goishi.VectorEnv("go/chinese", 9, 10**9)
    with pytest.raises(goishi.RulesError):
        goishi.VectorEnv("go/nope", 9, 2)
    with pytest.raises(goishi.SetupError):
        goishi.VectorEnv("go/chinese", 0, 2)
    with pytest.raises(ValueError, match="expected raise or lose"):
        goishi.VectorEnv("go/chinese", 9, 2, illegal="skip")
    with pytest.raises(ValueError, match="cannot be negative"):
        goishi.VectorEnv("go/chinese", 9, -1)
    # Integers beyond 64 bits are ValueErrors too, not OverflowErrors.
    for make in (
        lambda: goishi.VectorEnv("go/chinese", 9, 10**20),
        lambda: goishi.VectorEnv("go/chinese", 9, 2, max_moves=10**30),
        lambda: goishi.VectorEnv("go/chinese", 9, 2).game(10**20),
        lambda: goishi.Game("chinese", 9).observation(history=10**20),
    ):
        with pytest.raises(ValueError, match="is out of range"):
            make()
    with pytest.raises(ValueError, match="at most 256 threads"):
        goishi.VectorEnv("go/chinese", 3, 300, threads=30000)
    with pytest.raises(ValueError, match="invalid seed"):
        goishi.VectorEnv("go/chinese", 9, 2, seed=-1)
    env = goishi.VectorEnv("go/chinese", 9, 2)
    with pytest.raises(ValueError, match="call reset first"):
        env.step(np.array([0, 0]))
    with pytest.raises(ValueError, match="invalid seed"):
        env.reset(seed=-1)
    with pytest.raises(ValueError, match="invalid seed"):
        env.reset(seed=2**64)


def test_illegal_lose_ends_the_game_for_the_mover():
    env = goishi.VectorEnv("go/chinese", 5, 2, illegal="lose")
    env.reset()
    env.step(np.array([0, 1]))
    o, r, t, tr, info = env.step(np.array([0, 2]))
    assert list(r) == [-1.0, 0.0] and list(t) == [True, False]
    assert info["legal_mask"][0].all()


def test_the_buffers_are_reused_unless_copied():
    env = goishi.VectorEnv("go/chinese", 5, 2)
    o1, _ = env.reset()
    o2, *_ = env.step(env.sample_actions())
    assert o1 is o2 and o1.dtype == np.bool_ and o1.shape == (2, 5, 5, 17)
    env = goishi.VectorEnv("go/chinese", 5, 2, copy=True)
    o1, _ = env.reset()
    o2, *_ = env.step(env.sample_actions())
    assert o1 is not o2


def test_gymnasium_vector_env():
    gymnasium = pytest.importorskip("gymnasium")
    from gymnasium.vector import AutoresetMode

    from goishi.gymnasium import VectorEnv

    env = VectorEnv("go/chinese", 7, 4, seed=5, threads=2)
    assert isinstance(env, gymnasium.vector.VectorEnv)
    assert env.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    assert env.single_observation_space.shape == (7, 7, 17)
    assert env.single_action_space.n == 50
    assert env.observation_space.shape == (4, 7, 7, 17)
    obs, info = env.reset(seed=5)
    assert env.observation_space.contains(obs)
    # Gymnasium's own episode statistics wrapper over the environment, to the end of games.
    wrapped = gymnasium.wrappers.vector.RecordEpisodeStatistics(env)
    wrapped.reset(seed=5)
    finished = 0
    for _ in range(400):
        obs, rewards, terms, truncs, info = wrapped.step(env.sample_actions())
        assert env.observation_space.contains(obs)
        assert rewards.dtype == np.float32 and terms.dtype == np.bool_
        ended = terms | truncs
        finished += int(ended.sum())
        # The wrapper reads the episodes' ends from the flags, as it would any vector env.
        assert ("episode" in info) == bool(ended.any())
        if ended.any():
            assert np.array_equal(info["_episode"], ended)
            assert (info["episode"]["l"][ended] > 0).all()
    assert finished > 0
    # The same seed gives the same games; a copied observation is not the next one's buffer.
    a, _ = env.reset(seed=9)
    b, *_ = env.step(env.sample_actions())
    assert a is not b
    packed = VectorEnv("go/chinese", 7, 4, obs="packed")
    assert packed.single_observation_space.shape == (7 * 7 * 17 // 8 + 1,)
    assert packed.single_observation_space.dtype == np.uint8
    env.close()
