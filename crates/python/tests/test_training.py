"""What training asks of the environment: finished rows of the legal mask, per-environment
seeds and the partial reset, states saved and restored, the position hash, the board's
symmetries and its adjacency."""

import pickle

import numpy as np
import pytest

import goishi

from conftest import play_random


# 1. A finished environment's mask row is all true.


@pytest.mark.parametrize("rules", ["go/chinese:komi=0.5", "capture/atari-go", "contact/2b"])
def test_masked_sampling_never_meets_an_empty_row(rules):
    env = goishi.VectorEnv(rules, 5, 8, seed=1, max_moves=30)
    rng = np.random.default_rng(0)
    _, info = env.reset()
    ends = 0
    for _ in range(300):
        mask = info["legal_mask"]
        assert mask.any(axis=1).all()
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in mask])
        _, _, term, trunc, info = env.step(actions)
        ended = term | trunc
        ends += int(ended.sum())
        # The rows of the games that just ended allow every action; their actions are
        # ignored at the next step, which starts them again.
        assert info["legal_mask"][ended].all()
    assert ends > 8


def test_a_finished_row_is_all_true_and_its_action_ignored():
    env = goishi.VectorEnv("go/chinese", 5, 2)
    env.reset()
    p = env.num_points
    env.step(np.array([p, 3]))
    _, _, term, _, info = env.step(np.array([p, 4]))
    assert list(term) == [True, False]
    assert info["legal_mask"][0].all()
    assert np.array_equal(info["legal_mask"][1], env.game(1).legal_mask())
    env.step(np.array([0, 5]))
    assert env.game(0).history == []


# 2. Seeds per environment and the partial reset.


def drawn(env, steps=20):
    out = []
    for _ in range(steps):
        a = env.sample_actions()
        env.step(a)
        out.append(a.copy())
    return np.array(out)


def test_a_list_of_seeds_seeds_each_environment():
    env = goishi.VectorEnv("go/chinese", 5, 3)
    env.reset(seed=5)
    one = drawn(env)
    env.reset(seed=[5, 5, 5])
    assert np.array_equal(drawn(env), one)
    env.reset(seed=np.array([5, 6, 5], dtype=np.uint64))
    other = drawn(env)
    assert np.array_equal(other[:, [0, 2]], one[:, [0, 2]])
    assert not np.array_equal(other[:, 1], one[:, 1])
    # None keeps that environment's stream going.
    env.reset(seed=[5, None, 5])
    assert np.array_equal(drawn(env)[:, [0, 2]], one[:, [0, 2]])


@pytest.mark.parametrize(
    "seed, error, message",
    [
        ([1, 2], ValueError, "seed has 2 entries; this environment needs 3"),
        ([1, 2, -1], ValueError, "invalid seed[2] -1"),
        ([1, 2, "3"], TypeError, "seed[2] must be an int, not str"),
        ([1, 2, 1.0], TypeError, "seed[2] must be an int, not float"),
        ("123", TypeError, "seed must be an int, a list of ints"),
        (1.5, TypeError, "seed must be an int, a list of ints"),
    ],
)
def test_bad_seeds_are_refused(seed, error, message):
    env = goishi.VectorEnv("go/chinese", 5, 3)
    with pytest.raises(error) as e:
        env.reset(seed=seed)
    assert message in str(e.value)


def test_a_partial_reset_resets_the_masked_environments_only():
    env = goishi.VectorEnv("go/chinese", 5, 3, copy=True)
    with pytest.raises(ValueError, match="needs the environments reset first"):
        env.reset(options={"reset_mask": np.array([True, False, True])})
    env.reset(seed=2)
    for _ in range(6):
        obs, _, _, _, info = env.step(env.sample_actions())
    moves = [len(env.game(i).history) for i in range(3)]
    new_obs, new_info = env.reset(options={"reset_mask": np.array([False, True, False])})
    for i in (0, 2):
        assert len(env.game(i).history) == moves[i]
        assert np.array_equal(new_obs[i], obs[i])
        assert np.array_equal(new_info["legal_mask"][i], info["legal_mask"][i])
    assert env.game(1).history == []
    assert not new_obs[1].any()
    assert np.array_equal(new_info["legal_mask"][1], env.game(1).legal_mask())
    # A seed with a mask seeds the environments reset only.
    env.reset(seed=[1, 2, 3], options={"reset_mask": [True, False, False]})
    assert env.game(0).history == [] and len(env.game(2).history) == moves[2]


@pytest.mark.parametrize(
    "options, error, message",
    [
        ({"reset_mask": np.array([True, False])}, ValueError,
         'options["reset_mask"] has shape (2,); this environment needs (3,)'),
        ({"reset_mask": np.array([1, 0, 1])}, TypeError,
         'options["reset_mask"] must be a numpy bool array of shape (3,), not of dtype int64'),
        ({"reset_mask": np.ones((3, 1), dtype=bool)}, ValueError, "has shape (3, 1)"),
        ({"mask": np.ones(3, dtype=bool)}, ValueError,
         "unknown reset option 'mask'; the only option is \"reset_mask\""),
        ([("reset_mask", [True] * 3)], TypeError, "options must be a dict (or None), not list"),
    ],
)
def test_bad_options_are_refused(options, error, message):
    env = goishi.VectorEnv("go/chinese", 5, 3)
    env.reset()
    with pytest.raises(error) as e:
        env.reset(options=options)
    assert str(e.value) == message or message in str(e.value)


def test_gymnasium_takes_seeds_per_environment_and_the_reset_mask():
    pytest.importorskip("gymnasium")
    from goishi.gymnasium import VectorEnv

    env = VectorEnv("go/chinese", 5, 2)
    env.reset(seed=[3, 4])
    env.step(env.sample_actions())
    obs, info = env.reset(options={"reset_mask": np.array([True, False])})
    assert not obs[0].any() and obs[1].any()


# 3. The position hash.


def test_the_hash_is_of_the_stones_and_the_side_to_move():
    a = goishi.Game("go/chinese", 9)
    b = goishi.Game("go/chinese", 9)
    start = a.hash
    assert isinstance(start, int) and 0 <= start < 2**64
    for m in ["D4", "E5", "C3"]:
        a.play(m)
    for m in ["C3", "E5", "D4"]:
        b.play(m)
    assert a.hash == b.hash != start
    # The same stones with the other side to move.
    c = a.copy()
    c.play("pass")
    assert c.hash != a.hash
    # Taking the moves back gives the start's key again.
    while a.undo():
        pass
    assert a.hash == start
    # A capture: the key of the board after it, as a board set up that way.
    g = goishi.Game("go/chinese", 5)
    for m in ["B1", "A1", "A2", "pass"]:
        g.play(m)
    h = goishi.Game("go/chinese", 5)
    for m in ["B1", "pass", "A2", "pass"]:
        h.play(m)
    assert g.board.tolist() == h.board.tolist() and g.to_move == h.to_move == "black"
    assert g.hash == h.hash


# 4. States.


@pytest.mark.parametrize(
    "rules, size",
    [("go/chinese:ko=positional", 5), ("go/japanese:board=torus", (5, 4)),
     ("capture/atari-go:board=hex", 5), ("contact/2b", 5), ("go/aga", 9)],
)
def test_a_state_round_trips(rules, size):
    g = goishi.Game(rules, size)
    play_random(g, 3, max_moves=40)
    state = g.to_state()
    assert isinstance(state, bytes) and state.startswith(b"goishi-state 1\n")
    back = goishi.Game.from_state(state)
    assert back.to_state() == state
    assert back.history == g.history and back.rules == g.rules
    assert np.array_equal(back.legal_mask(), g.legal_mask())
    assert back.hash == g.hash and back.captures == g.captures
    assert np.array_equal(back.observation(), g.observation())
    # Pickling is the same bytes.
    assert pickle.loads(pickle.dumps(g)).to_state() == state
    assert goishi.Game.from_state(bytearray(state)).to_state() == state


def test_a_restored_ko_is_still_a_ko():
    # Black's D3 takes White's C3; White may not take back at C3 at once.
    g = goishi.Game("go/japanese", 5)
    for m in ["B3", "C3", "C2", "D2", "C4", "D4", "pass", "E3", "D3"]:
        g.play(m)
    assert g.captures["black"] == 1 and not g.is_legal("C3")
    back = goishi.Game.from_state(g.to_state())
    assert not back.is_legal("C3")
    with pytest.raises(goishi.IllegalMoveError) as e:
        back.play("C3")
    assert e.value.reason == "ko"
    # In an environment too.
    env = goishi.VectorEnv("go/japanese", 5, 1)
    env.reset()
    env.set_state(0, g.to_state())
    c3 = g.action_of("C3")
    obs, info = env.reset(options={"reset_mask": np.zeros(1, bool)})
    assert not info["legal_mask"][0][c3]
    with pytest.raises(goishi.IllegalMoveError, match="ko"):
        env.step(np.array([c3]))


@pytest.mark.parametrize(
    "state, message",
    [
        (b"", "not a goishi state"),
        (b"hello", "not a goishi state"),
        (b"goishi-state 7\n{}", 'unsupported goishi state version "7"'),
        (b"goishi-state 1\n{", "invalid goishi state"),
        (b"goishi-state 1\n{\"setup\": 3}", "invalid goishi state"),
    ],
)
def test_bad_states_are_value_errors(state, message):
    with pytest.raises(ValueError) as e:
        goishi.Game.from_state(state)
    assert message in str(e.value)
    env = goishi.VectorEnv("go/chinese", 5, 2)
    env.reset()
    with pytest.raises(ValueError) as e:
        env.set_state(0, state)
    assert message in str(e.value)


def test_a_state_whose_moves_do_not_replay_is_refused():
    g = goishi.Game("go/chinese", 5)
    g.play("C3")
    bad = g.to_state().replace(b'"B C3"', b'"B Z9"')
    with pytest.raises(ValueError, match="invalid goishi state"):
        goishi.Game.from_state(bad)
    twice = g.to_state().replace(b'["B C3"]', b'["B C3","W C3"]')
    with pytest.raises(ValueError, match="occupied"):
        goishi.Game.from_state(twice)


def test_states_move_between_environments():
    env = goishi.VectorEnv("go/chinese:ko=positional", 5, 3, seed=4, copy=True)
    env.reset()
    for _ in range(25):
        env.step(env.sample_actions())
    state = env.get_state(0)
    assert state == env.game(0).to_state()
    env.set_state(2, state)
    assert env.get_state(2) == state
    # The two now see and do the same for the same actions.
    rng = np.random.default_rng(1)
    # A reset of no environment returns the buffers as set_state left them.
    obs, info = env.reset(options={"reset_mask": np.zeros(3, bool)})
    for step in range(40):
        row = info["legal_mask"][0]
        assert np.array_equal(info["legal_mask"][2], row), step
        assert np.array_equal(obs[2], obs[0]), step
        actions = env.sample_actions()
        actions[2] = actions[0] = rng.choice(np.flatnonzero(row))
        obs, rew, term, trunc, info = env.step(actions)
        assert (rew[0], term[0], trunc[0]) == (rew[2], term[2], trunc[2]), step


def test_a_games_state_restores_into_an_environment():
    g = goishi.Game("go/chinese", 5)
    play_random(g, 9, max_moves=12)
    env = goishi.VectorEnv("go/chinese", 5, 2, copy=True)
    env.reset()
    env.set_state(1, g.to_state())
    assert env.game(1).history == g.history
    obs, info = env.reset(options={"reset_mask": np.zeros(2, bool)})
    assert np.array_equal(info["legal_mask"][1], g.legal_mask())
    assert np.array_equal(obs[1], g.observation())


def test_set_state_refuses_other_games_and_bad_arguments():
    env = goishi.VectorEnv("go/chinese", 5, 2)
    with pytest.raises(ValueError, match="have not been reset yet; call reset first"):
        env.set_state(0, goishi.Game("go/chinese", 5).to_state())
    env.reset()
    with pytest.raises(ValueError) as e:
        env.set_state(0, goishi.Game("go/japanese", 5).to_state())
    assert str(e.value) == (
        "environment 0: the state is a game of go/japanese on 5x5; "
        "this environment plays go/chinese on 5x5"
    )
    with pytest.raises(ValueError, match="this environment plays go/chinese on 5x5"):
        env.set_state(0, goishi.Game("go/chinese", 7).to_state())
    state = goishi.Game("go/chinese", 5).to_state()
    with pytest.raises(IndexError, match="environment 2 does not exist; there are 2"):
        env.set_state(2, state)
    with pytest.raises(IndexError, match="environment -1 does not exist"):
        env.get_state(-1)
    with pytest.raises(TypeError, match="state must be bytes"):
        env.set_state(0, state.decode())
    with pytest.raises(TypeError, match="i must be an int, not str"):
        env.get_state("0")
    with pytest.raises(TypeError, match="state must be bytes"):
        goishi.Game.from_state(None)


# 5. Symmetries.


def compose(p, q):
    """The permutation ``p`` after ``q``."""
    return p[q]


@pytest.mark.parametrize(
    "rules, size, count",
    [
        ("go/chinese", 9, 8),
        ("go/chinese", (7, 5), 4),
        ("go/chinese", 1, 1),
        ("go/chinese:board=torus", 4, 8 * 16),
        ("go/chinese:board=torus", (5, 3), 4 * 15),
        ("capture/atari-go:board=hex", 5, 4),
        ("capture/atari-go:board=hex", (5, 4), 2),
        ("contact/2b", 5, 8),
    ],
)
def test_the_symmetries_are_the_boards_automorphisms(rules, size, count):
    perms = goishi.symmetries(rules, size)
    game = goishi.Game(rules, size)
    n = game.num_actions
    assert perms.dtype == np.int32 and perms.shape == (count, n)
    assert np.array_equal(perms[0], np.arange(n))
    assert (perms[:, -1] == n - 1).all()
    seen = {tuple(p) for p in perms}
    assert len(seen) == count
    nbrs = game.neighbors()
    neighbours = [set(row[row >= 0]) for row in nbrs]
    for p in perms:
        assert np.array_equal(np.sort(p), np.arange(n))
        for a in range(n - 1):
            assert {p[b] for b in neighbours[a]} == neighbours[p[a]]
    if count <= 8:
        for p in perms:
            for q in perms:
                assert tuple(compose(p, q)) in seen


def test_a_symmetry_maps_a_game_onto_its_image():
    # Playing the images of the moves gives the image of the board.
    perms = goishi.symmetries("go/chinese", 5)
    moves = [6, 7, 12, 25, 18]
    g = goishi.Game("go/chinese", 5)
    for m in moves:
        g.play(m)
    for perm in perms:
        image = goishi.Game("go/chinese", 5)
        for m in moves:
            image.play(int(perm[m]))
        board = g.board.reshape(-1)
        mapped = np.empty_like(board)
        mapped[perm[:-1]] = board
        assert np.array_equal(image.board.reshape(-1), mapped)


def test_a_graph_board_has_the_identity(tmp_path):
    ring = tmp_path / "ring.graph"
    ring.write_text("a b\nb c\nc d\nd a\n")
    perms = goishi.symmetries(f"chinese:board=graph:{ring}")
    assert perms.tolist() == [[0, 1, 2, 3, 4]]


def test_symmetries_check_their_arguments():
    with pytest.raises(goishi.RulesError):
        goishi.symmetries("nope")
    with pytest.raises(TypeError, match="rules must be"):
        goishi.symmetries(3)
    with pytest.raises(goishi.SetupError):
        goishi.symmetries("go/chinese", 0)


# 6. Capture counts as planes.


def test_capture_counts_are_planes_where_the_end_depends_on_them():
    env = goishi.VectorEnv("capture/five", 5, 1, history=8)
    assert env.planes == 17 + 6 and env.single_observation_shape == (5, 5, 23)
    env.reset()
    game = goishi.Game("capture/five", 5)
    for a in [5, 0, 1]:  # B A2, W A1, B B1 takes A1
        obs, *_ = env.step(np.array([a]))
        game.play(a)
    assert game.captures == {"black": 1, "white": 0}
    planes = obs[0]
    assert (planes[..., 17:20] == False).all()  # noqa: E712 (White's count: 0)
    assert (planes[..., 20] == True).all() and not planes[..., 21:23].any()
    assert np.array_equal(game.observation(), planes)
    black_view = game.observation(color="black")
    assert black_view[..., 17].all() and not black_view[..., 18:].any()
    packed = goishi.VectorEnv("capture/five", 5, 1, obs="packed")
    packed.reset()
    for a in [5, 0, 1]:
        out, *_ = packed.step(np.array([a]))
    bits = np.unpackbits(out[0], count=25 * 23).reshape(5, 5, 23).astype(bool)
    assert np.array_equal(bits, planes)
    # Variants whose end does not depend on the counts keep Go's planes.
    for rules in ["go/japanese", "capture/atari-go", "contact/2b"]:
        assert goishi.VectorEnv(rules, 5).planes == 17
    assert goishi.VectorEnv("contact/2b:capture-goal=3", 5).planes == 17 + 4
    assert goishi.Game("contact/2b:capture-goal=3", 5).observation(2).shape == (5, 5, 9)


# 7. Adjacency.


def test_the_adjacency_lists_each_points_neighbours():
    g = goishi.Game("go/chinese", (4, 3))
    nbrs = g.neighbors()
    assert nbrs.dtype == np.int32 and nbrs.shape == (12, 4)
    assert sorted(nbrs[0][nbrs[0] >= 0].tolist()) == [1, 4]
    assert sorted(nbrs[5].tolist()) == [1, 4, 6, 9]
    hex_game = goishi.Game("capture/atari-go:board=hex", 5)
    assert hex_game.neighbors().shape == (25, 6)
    torus = goishi.Game("go/chinese:board=torus", 5)
    assert (torus.neighbors() >= 0).all()
    env = goishi.VectorEnv("capture/atari-go:board=hex", 5, 2)
    assert np.array_equal(env.adjacency, hex_game.neighbors())
    # Symmetric: q is p's neighbour when p is q's.
    for p, row in enumerate(nbrs):
        for q in row[row >= 0]:
            assert p in nbrs[q]


def test_a_graph_boards_adjacency(tmp_path):
    star = tmp_path / "star.graph"
    star.write_text("c a\nc b\nc d\n")
    g = goishi.Game(f"chinese:board=graph:{star}")
    nbrs = g.neighbors()
    assert nbrs.shape == (4, 3)
    centre = g.action_of("c")
    assert sorted(nbrs[centre].tolist()) == sorted(g.action_of(v) for v in "abd")
    for v in "abd":
        assert nbrs[g.action_of(v)].tolist() == [centre, -1, -1]
