"""goishi.estimate_dead: the engine's dead-stone judgement."""

import numpy as np
import pytest

import goishi
from test_errors import diagram_sgf

RING = ["X X X X X", "X . . . X", "X . O . X", "X . . . X", "X X X X X"]


def test_a_lone_stone_inside_a_wall_is_dead():
    g = goishi.Game.from_sgf(diagram_sgf(RING, rules="go/chinese:komi=0"))
    judged = goishi.estimate_dead(g, playouts=200, seed=1)
    assert judged["dead"] == [12]  # C3
    assert judged["seki"] == []
    assert judged["ownership"].shape == (25,) and judged["ownership"].dtype == np.float32
    assert judged["certain"].shape == (25,) and judged["certain"].dtype == np.bool_
    assert judged["playouts"] == 200
    assert judged["score"] == g.score(dead=judged["dead"])
    assert judged["score"]["result"] == "B+25"
    # Deterministic for a seed.
    again = goishi.estimate_dead(g, playouts=200, seed=1)
    assert (again["ownership"] == judged["ownership"]).all()


def test_no_playouts_and_other_families():
    g = goishi.Game.from_sgf(diagram_sgf(RING, rules="go/chinese:komi=0"))
    assert goishi.estimate_dead(g, playouts=0)["playouts"] == 0
    c = goishi.Game("contact/2b", size=5)
    c.play("C3")
    assert goishi.estimate_dead(c, playouts=50)["dead"] == []


@pytest.mark.parametrize(
    "kwargs",
    [
        {"playouts": -1},
        {"playouts": 10**7},
        {"threshold": float("nan")},
        {"threshold": 2.0},
        {"seed": -1},
    ],
)
def test_bad_settings(kwargs):
    with pytest.raises(ValueError):
        goishi.estimate_dead(goishi.Game("chinese", size=5), **kwargs)
