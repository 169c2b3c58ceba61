"""Every exception of the package, and bad input of every kind: the documented exception with
the engine's sentence, the game unchanged, never a Rust panic."""

import math

import numpy as np
import pytest

import goishi


def diagram_sgf(rows, moves=(), rules="go/chinese-ogs"):
    """An SGF record of a setup drawn top row first (X black, O white)."""
    height, width = len(rows), len(rows[0].split())
    black, white = [], []
    for r, row in enumerate(rows):
        for x, c in enumerate(row.split()):
            point = "[" + chr(97 + x) + chr(97 + r) + "]"
            if c == "X":
                black.append(point)
            elif c == "O":
                white.append(point)
    return (f"(;FF[4]GM[1]SZ[{width}:{height}]RU[{rules}]AB" + "".join(black)
            + "AW" + "".join(white) + ")")


def refused(game, move):
    before = (game.board.tolist(), game.history, game.to_move, game.legal_mask().tolist())
    with pytest.raises(goishi.IllegalMoveError) as e:
        game.play(move)
    assert isinstance(e.value, ValueError)
    assert (game.board.tolist(), game.history, game.to_move,
            game.legal_mask().tolist()) == before
    assert not game.is_legal(move)
    return e.value


def test_occupied_suicide_ko_and_game_over():
    g = goishi.Game("chinese", size=9)
    g.play("E5")
    e = refused(g, "E5")
    assert e.reason == "occupied" and str(e) == "illegal move: W E5: occupied"
    for mv in ["B1", "pass", "A2"]:
        g.play(mv)
    e = refused(g, "A1")
    assert e.reason == "suicide" and str(e) == "illegal move: B A1: suicide"
    k = goishi.Game("japanese", size=9)
    for mv in ["B2", "C2", "A1", "B1", "E5", "D1", "C1"]:  # Black C1 takes the ko.
        k.play(mv)
    e = refused(k, "B1")
    assert e.reason == "ko" and str(e) == "illegal move: W B1: ko"
    k.play("pass")
    k.play("pass")
    assert k.is_over
    e = refused(k, "pass")
    assert e.reason == "game over" and str(e) == "illegal move: W pass: game over"


def test_superko():
    rows = [". X O .", "X O . O", ". X O .", ". X O .", "X . X O", ". X O .", ". X O .",
            "X O . O", ". X O ."]
    g = goishi.Game.from_sgf(diagram_sgf(rows))
    for mv in ["C2", "B5", "C8", "B2", "C5"]:
        g.play(mv)
    e = refused(g, "B8")
    assert e.reason == "superko" and str(e) == "illegal move: W B8: superko"
    # Chinese rules proper (simple ko, cycles ignored) let the triple ko go on.
    g = goishi.Game.from_sgf(diagram_sgf(rows), rules="chinese")
    for mv in ["C2", "B5", "C8", "B2", "C5", "B8"]:
        g.play(mv)


@pytest.mark.parametrize("action", [-1, 82, 10**30, -(10**30), np.int8(-3), np.uint64(2**63)])
def test_actions_out_of_range(action):
    g = goishi.Game("chinese", size=9)
    e = refused(g, action)
    assert e.reason == "off board"
    assert "an action is a point index from 0 to 80 or 81 for pass" in str(e)


@pytest.mark.parametrize("text", ["Z99", "J0", "", "E", "xyz", "I5", "E 5 5"])
def test_vertices_that_name_no_point(text):
    g = goishi.Game("chinese", size=9)
    e = refused(g, text)
    assert e.reason == "off board"


@pytest.mark.parametrize(
    "move", [1.0, float("nan"), np.float32(3), True, np.bool_(True), None, [3], (3,), b"E5",
             np.array([3]), object()]
)
def test_moves_of_the_wrong_type(move):
    g = goishi.Game("chinese", size=9)
    with pytest.raises(TypeError) as e:
        g.play(move)
    assert str(e.value).startswith('move must be a GTP vertex (str, like "D4" or "pass")')
    assert g.history == []


@pytest.mark.parametrize(
    "size, words",
    [
        (0, "out of range"),
        (53, "out of range"),
        (10**12, "out of range"),
        (-1, "invalid size"),
        ((9,), "invalid size"),
        ((9, 9, 9), "invalid size"),
        ((0, 9), "out of range"),
        ((9, -2), "invalid size (9, -2); a side cannot be negative"),
    ],
)
def test_bad_sizes_raise_setup_error(size, words):
    with pytest.raises(goishi.SetupError) as e:
        goishi.Game("chinese", size=size)
    assert words in str(e.value)


def test_setup_errors_of_the_engine():
    with pytest.raises(goishi.SetupError) as e:
        goishi.Game("chinese:board=graph:/no/such/file.graph")
    assert "/no/such/file.graph" in str(e.value)
    # A size both named by the rules and given is one size, or an error.
    assert goishi.Game("chinese:size=9", size=9).width == 9
    assert goishi.Game("chinese:size=9").width == 9
    with pytest.raises(goishi.SetupError) as e:
        goishi.Game("chinese:size=9", size=13)
    assert "the rules name size=9 and the size asked for is 13" in str(e.value)
    with pytest.raises(goishi.SetupError):
        goishi.VectorEnv("nz:size=13", 9, 2)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "garbage",
        "(;FF[4]GM[1]SZ[9];B[ee]",
        "(;GM[2]SZ[8])",
        "(;FF[4]GM[1]SZ[99])",
        "(;FF[4]GM[1]SZ[9];B[ee];W[ee])",
        "(;FF[4]GM[1]SZ[9]RU[nope])",
        "(;FF[4]GM[1]SZ[9]KM[nan])",
        "(;FF[4]GM[1]SZ[9];B[zz])",
        "(;FF[4]GM[1]SZ[9]AB[aa]AW[ab][ba])",
        "(" * 10000,
    ],
)
def test_bad_sgf_raises_sgf_error(text):
    with pytest.raises(goishi.SgfError) as e:
        goishi.Game.from_sgf(text)
    assert isinstance(e.value, ValueError)
    assert str(e.value)


def test_every_exception_is_a_value_error_of_the_package():
    for cls in (goishi.RulesError, goishi.SetupError, goishi.SgfError, goishi.IllegalMoveError):
        assert issubclass(cls, ValueError) and cls.__module__ == "goishi"


def test_nan_komi_is_a_rules_error():
    for komi in ("nan", "NaN", "inf", "-inf", "1e400"):
        with pytest.raises(goishi.RulesError):
            goishi.Game(f"japanese:komi={komi}", size=9)
    assert not math.isnan(goishi.Game("japanese:komi=-7.5", size=9).score()["white"])
