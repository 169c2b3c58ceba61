"""goishi.Game over every variant and board: moves, undo, masks, copies, pickles, SGF."""

import copy
import pickle

import numpy as np
import pytest

import goishi
from conftest import play_random


def default_game(variant):
    return goishi.Game(variant, size=7)


def snapshot(game):
    return (game.board.tolist(), game.to_move, game.history, game.legal_mask().tolist(),
            game.is_over, game.result, game.captures)


def test_a_new_game():
    g = goishi.Game("chinese", size=9)
    assert g.board.shape == (9, 9) and g.board.dtype == np.int8
    assert not g.board.any()
    assert g.num_points == 81 and g.num_actions == 82
    assert g.legal_mask().shape == (82,) and g.legal_mask().dtype == np.bool_
    assert g.legal_mask().all()
    assert g.legal_moves() == list(range(82))
    assert g.to_move == "black"
    assert not g.is_over and g.result is None and g.winner is None
    assert g.history == [] and g.actions == []
    assert g.rules == goishi.Rules("chinese")
    assert (g.width, g.height, g.topology) == (9, 9, "square")


def test_moves_as_vertices_or_indices():
    g = goishi.Game("chinese", size=9)
    g.play("E5")
    g.play(2)  # C1
    g.play(np.int64(3))  # D1
    g.play("pass")
    assert g.history == [("B", "E5"), ("W", "C1"), ("B", "D1"), ("W", "pass")]
    assert g.actions == [40, 2, 3, 81]
    # board[row, column], row 0 the bottom row: index = row * width + column.
    assert g.board[4, 4] == 1 and g.board[0, 2] == -1 and g.board[0, 3] == 1
    assert g.vertex(40) == "E5" and g.vertex(81) == "pass"
    assert g.action_of("C1") == 2 and g.action_of("pass") == 81
    assert not g.is_legal(40) and not g.is_legal("E5") and g.is_legal("A9")
    assert not g.is_legal(999) and not g.is_legal("Z99")
    assert g.legal_mask()[40] == False  # noqa: E712


def test_undo_restores_the_position_exactly(variant):
    g = default_game(variant)
    states = [snapshot(g)]
    rng = np.random.default_rng(11)
    while not g.is_over and len(states) <= 60:
        legal = np.flatnonzero(g.legal_mask())
        g.play(int(legal[rng.integers(len(legal))]))
        states.append(snapshot(g))
    while len(states) > 1:
        assert g.undo()
        states.pop()
        assert snapshot(g) == states[-1]
    assert not g.undo()
    assert g.history == []


def test_the_mask_follows_moves_taken_back_and_played_in_another_order():
    # Black C3, White D4, Black E5 then back, and Black E5, White D4, Black C3: the same
    # board and move count, another game; the mask is the new game's.
    g = goishi.Game("go/chinese-ogs", 5)
    for a in (12, 18, 24):
        g.play(a)
    g.legal_mask()
    for _ in range(3):
        assert g.undo()
    for a in (24, 18, 12):
        g.play(a)
    mask = g.legal_mask()
    assert [bool(x) for x in mask] == [g.is_legal(a) for a in range(g.num_points + 1)]


def test_every_variant_plays_to_the_end_by_its_mask(variant):
    g = default_game(variant)
    actions = play_random(g, seed=5, max_moves=500, no_pass_until=40)
    assert g.actions == actions
    if g.is_over:
        assert g.result is not None
        assert not g.legal_mask().any()
        with pytest.raises(goishi.IllegalMoveError) as e:
            g.play("pass")
        assert e.value.reason == "game over"
    # The mask, is_legal and legal_moves say the same.
    mask = g.legal_mask()
    assert [g.is_legal(a) for a in range(g.num_actions)] == mask.tolist()
    assert g.legal_moves() == np.flatnonzero(mask).tolist()
    stones = g.board
    assert set(np.unique(stones).tolist()) <= {-1, 0, 1}


def test_copies_and_pickles_are_independent_equal_games(variant):
    g = default_game(variant)
    play_random(g, seed=2, max_moves=30)
    for other in (g.copy(), copy.copy(g), copy.deepcopy(g), pickle.loads(pickle.dumps(g))):
        assert snapshot(other) == snapshot(g)
        assert other.rules == g.rules
        if not other.is_over:
            action = int(np.flatnonzero(other.legal_mask())[0])
            other.play(action)
            assert len(other.history) == len(g.history) + 1


def test_sgf_round_trip(variant):
    g = default_game(variant)
    play_random(g, seed=9, max_moves=80, no_pass_until=20)
    text = g.to_sgf()
    back = goishi.Game.from_sgf(text)
    assert back.rules == g.rules
    assert snapshot(back) == snapshot(g)
    if g.is_over:
        assert f"RE[{g.result}]" in text
    # Writing the game read back gives the same text.
    assert back.to_sgf() == text


def test_from_sgf_with_rules_given():
    sgf = "(;FF[4]GM[1]SZ[9]KM[0.5];B[ee];W[cc])"
    g = goishi.Game.from_sgf(sgf)
    assert g.rules.variant == "go/chinese"
    assert g.rules.get("komi") == "0.5"
    j = goishi.Game.from_sgf(sgf, rules="japanese")
    assert j.rules.variant == "go/japanese" and j.history == [("B", "E5"), ("W", "C7")]
    assert goishi.Game.from_sgf(sgf, rules="japanese:komi=3").rules.get("komi") == "3"


def test_scores_and_captures():
    g = goishi.Game("chinese:komi=0.5", size=5)
    for mv in ["C3", "pass", "pass"]:
        g.play(mv)
    assert g.is_over
    assert g.score() == {"black": 25.0, "white": 0.5, "result": "B+24.5"}
    assert g.result == "B+24.5" and g.winner == "black"
    # Without the dead stone the board is empty: nobody's area.
    assert g.score(dead=["C3"]) == {"black": 0.0, "white": 0.5, "result": "W+0.5"}
    assert g.score(dead=[12]) == g.score(dead=["C3"])
    with pytest.raises(TypeError):
        g.score(dead="C3")
    with pytest.raises(goishi.IllegalMoveError):
        g.score(dead=["Z9"])
    c = goishi.Game("chinese", size=5)
    for mv in ["B1", "A1", "A2"]:  # Black A2 captures White A1.
        c.play(mv)
    assert c.captures == {"black": 1, "white": 0}
    assert c.board[0, 0] == 0


def test_resignation_ends_the_game():
    g = goishi.Game("japanese", size=9)
    g.play("resign")
    assert g.is_over and g.result == "W+R" and g.winner == "white"


@pytest.mark.parametrize(
    "rules, size, shape, points",
    [
        ("chinese", (9, 5), (5, 9), 45),
        ("chinese:board=torus", 7, (49,), 49),
        ("chinese:board=hex", 6, (36,), 36),
        ("contact/2b:board=torus", 6, (36,), 36),
        ("capture/atari-go:board=hex", 5, (25,), 25),
    ],
)
def test_geometries(rules, size, shape, points):
    g = goishi.Game(rules, size=size)
    assert g.board.shape == shape
    assert g.num_points == points and g.legal_mask().shape == (points + 1,)
    play_random(g, seed=1, max_moves=3 * points)
    back = pickle.loads(pickle.dumps(g))
    assert snapshot(back) == snapshot(g)


def test_a_graph_board(tmp_path):
    ring = tmp_path / "ring.graph"
    ring.write_text("# A ring of four points.\na b\nb c\nc d\nd a\n")
    g = goishi.Game(f"chinese:board=graph:{ring}")
    assert g.num_points == 4 and g.board.shape == (4,) and g.topology == "graph"
    g.play("a")
    g.play("c")
    assert g.history == [("B", "a"), ("W", "c")]
    assert g.vertex(0) == "a"
    assert snapshot(pickle.loads(pickle.dumps(g))) == snapshot(g)
    # A graph's size is its graph's: a size with it is refused, naming both.
    with pytest.raises(goishi.SetupError, match="whose size is fixed"):
        goishi.Game(f"chinese:board=graph:{ring}", size=9)


def test_repr_and_str():
    g = goishi.Game("japanese", size=9)
    g.play("E5")
    assert repr(g) == 'goishi.Game("go/japanese", size=(9, 9), moves=1, to_move="white")'
    assert "X" in str(g)
